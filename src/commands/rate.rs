//! `rate`: each puzzle's ratings on Sudoku Explainer's scale, ER/EP/ED, and its hardest
//! technique. A puzzle without exactly one solution is not rated: it says so, as `check` does.

use super::{search, Verdict};
use crate::batch::answers::{Answers, Record, Source, Steps};
use crate::batch::Options;
use crate::format::Format;
use crate::logic::{self, board::Board, step::round, Rating};
use crate::parse::Puzzle;

/// The board the logic engine starts from: the givens, or the pencilmarks as they stand.
pub(super) fn board_of(puzzle: &Puzzle) -> Board {
    match &puzzle.candidates {
        Some(candidates) => Board::from_candidates(candidates),
        None => Board::from_grid(&puzzle.grid),
    }
}

/// A rating as printed: one decimal.
pub(super) fn tenths(x: f64) -> String {
    format!("{:.1}", round(x))
}

/// The hardest technique's name.
pub(super) fn hardest_name(rating: &Rating) -> String {
    rating
        .hardest
        .map_or_else(|| "beyond the ladder".to_string(), |t| t.name())
}

/// `ER/EP/ED` as printed (the text output; JSON has the three numbers).
pub(super) fn ratings_text(rating: &Rating) -> String {
    format!(
        "{}/{}/{}",
        tenths(rating.er),
        tenths(rating.ep),
        tenths(rating.ed)
    )
}

/// Answers a puzzle that does not have exactly one solution, as `check` does; false when it has
/// one (then the caller goes on).
pub(super) fn not_unique(
    answers: &mut Answers,
    options: &Options,
    source: Source,
    puzzle: &Puzzle,
) -> bool {
    let outcome = search(answers, puzzle, 2);
    let verdict = Verdict::of(answers, outcome);
    let Some((exit, _)) = verdict.failure() else {
        return false;
    };
    answers.exit = answers.exit.and(exit);
    if options.quiet {
        return true;
    }
    let what = verdict.words(puzzle);
    if options.format == Format::Json {
        answers.record(&verdict.failure_record(&source, puzzle, what));
    } else {
        answers.line(&format!("{source}: {what}"));
    }
    true
}

/// Words for a grid with no empty cell: there is nothing to rate, explain or hint.
pub(super) const ALREADY_SOLVED: &str = "already solved: no step left";

pub(super) fn answer(answers: &mut Answers, options: &Options, source: Source, puzzle: &Puzzle) {
    if not_unique(answers, options, source, puzzle) || options.quiet {
        return;
    }
    let board = board_of(puzzle);
    if board.is_solved() {
        // Not "beyond the ladder": there is no step to take at all.
        if options.format == Format::Json {
            let mut record = Record::of(&source, puzzle, "solved");
            record.set_ratings(&logic::rate(board));
            record.steps = Some(Steps::Count(0));
            answers.record(&record);
        } else {
            answers.line(&format!("{source}: {ALREADY_SOLVED}"));
        }
        return;
    }
    let rating = logic::rate(board);
    let hardest = hardest_name(&rating);
    if options.format == Format::Json {
        let mut record = Record::of(&source, puzzle, "rated");
        record.set_ratings(&rating);
        record.hardest = Some(hardest);
        record.steps = Some(Steps::Count(rating.steps));
        answers.record(&record);
    } else {
        answers.line(&format!("{source}: {} {hardest}", ratings_text(&rating)));
    }
}
