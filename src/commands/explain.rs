//! `explain` and `hint`: the logical path, step by step, or just its next step.
//!
//! Text: `explain` prints a block per puzzle, a `# SOURCE: ER/EP/ED TECHNIQUE, N steps` line, one
//! line per step (`r4c5=3   hidden single in box 5   (1.2)`) and the solved grid; `hint` prints
//! `SOURCE: ` and the next step's line. JSON: one record per puzzle with a `steps` array; each
//! step has `technique`, `rating`, `placements` and `eliminations` (`[{"cell": "r4c5", "digit":
//! 3}]`), and also `text`, `pattern` (the candidates that prove it) and, for chains, `chains`.

use super::rate::{board_of, hardest_name, not_unique, ratings_text, tenths, ALREADY_SOLVED};
use crate::batch::answers::{Answers, CandidateRecord, Record, Source, StepRecord, Steps};
use crate::batch::Options;
use crate::format::{self, Format};
use crate::logic::board::{cell_name, CandidateSet};
use crate::logic::describe::describe;
use crate::logic::step::Step;
use crate::logic::{self, next_step};
use crate::parse::Puzzle;

fn candidates(set: &CandidateSet) -> Vec<CandidateRecord> {
    set.iter()
        .map(|(cell, digit)| CandidateRecord {
            cell: cell_name(cell),
            digit,
        })
        .collect()
}

/// What a step removes, as printed: a placement's own cell loses its other candidates by the
/// placement itself, so those are not listed.
fn removed(step: &Step) -> CandidateSet {
    let mut set = step.eliminations;
    if let Some((cell, _)) = step.placement {
        for cells in &mut set.0 {
            *cells &= !(1u128 << cell);
        }
    }
    set
}

fn step_record(step: &Step) -> StepRecord {
    StepRecord {
        technique: step.technique.name(),
        rating: step.rounded(),
        placements: step
            .placement
            .map(|(cell, digit)| {
                vec![CandidateRecord {
                    cell: cell_name(cell),
                    digit,
                }]
            })
            .unwrap_or_default(),
        eliminations: candidates(&removed(step)),
        text: describe(step),
        pattern: candidates(&step.pattern),
        chains: step
            .chain
            .as_ref()
            .map(|c| c.branches.clone())
            .unwrap_or_default(),
    }
}

/// A step as a line of text: effect, words, rating. (A placement's effect is the placement
/// alone, so the eliminations `removed` leaves out are never shown here.)
fn step_line(step: &Step) -> String {
    format!(
        "{}   {}   ({})",
        step.effect(),
        describe(step),
        tenths(step.rating)
    )
}

pub(super) fn answer(
    answers: &mut Answers,
    options: &Options,
    source: Source,
    puzzle: &Puzzle,
    hint: bool,
) {
    if not_unique(answers, options, source, puzzle) || options.quiet {
        return;
    }
    if hint {
        answer_hint(answers, options, source, puzzle);
    } else {
        answer_explain(answers, options, source, puzzle);
    }
}

fn answer_hint(answers: &mut Answers, options: &Options, source: Source, puzzle: &Puzzle) {
    let board = board_of(puzzle);
    let step = next_step(&board);
    let json = options.format == Format::Json;
    match step {
        Some(step) if json => {
            let mut record = Record::of(&source, puzzle, "hint");
            record.steps = Some(Steps::List(vec![step_record(&step)]));
            answers.record(&record);
        }
        Some(step) => answers.line(&format!("{source}: {}", step_line(&step))),
        None => {
            let (status, what) = if board.is_solved() {
                ("solved", ALREADY_SOLVED)
            } else {
                ("stuck", stuck_words())
            };
            if json {
                let mut record = Record::of(&source, puzzle, status);
                record.steps = Some(Steps::List(Vec::new()));
                record.error = (status == "stuck").then(|| what.to_string());
                answers.record(&record);
            } else {
                answers.line(&format!("{source}: {what}"));
            }
        }
    }
}

fn answer_explain(answers: &mut Answers, options: &Options, source: Source, puzzle: &Puzzle) {
    let mut board = board_of(puzzle);
    let json = options.format == Format::Json;
    if board.is_solved() {
        if json {
            let mut record = Record::of(&source, puzzle, "solved");
            record.set_ratings(&logic::rate(board.clone()));
            record.steps = Some(Steps::List(Vec::new()));
            record.solution = Some(format::line_string(board.values()));
            answers.record(&record);
        } else {
            answers.comment(true, &format!("{source}: {ALREADY_SOLVED}"));
            format::push_grid(&mut answers.out, board.values());
        }
        return;
    }
    let mut lines = Vec::new();
    let mut records = Vec::new();
    let rating = logic::walk(&mut board, |_, step| {
        if json {
            records.push(step_record(step));
        } else {
            lines.push(step_line(step));
        }
    });
    let hardest = hardest_name(&rating);
    let solved = board.is_solved();
    if json {
        let mut record = Record::of(&source, puzzle, if solved { "explained" } else { "stuck" });
        record.set_ratings(&rating);
        record.hardest = Some(hardest);
        record.steps = Some(Steps::List(records));
        if solved {
            record.solution = Some(format::line_string(board.values()));
        } else {
            record.error = Some(stuck_words().to_string());
        }
        answers.record(&record);
        return;
    }
    answers.comment(
        true,
        &format!(
            "{source}: {} {hardest}, {} steps",
            ratings_text(&rating),
            rating.steps
        ),
    );
    for line in lines {
        answers.out.extend_from_slice(line.as_bytes());
        answers.out.push(b'\n');
    }
    if solved {
        format::push_grid(&mut answers.out, board.values());
    } else {
        answers.out.extend_from_slice(b"# ");
        answers.out.extend_from_slice(stuck_words().as_bytes());
        answers.out.push(b'\n');
    }
}

fn stuck_words() -> &'static str {
    "no further step: none of the techniques up to nested forcing chains applies"
}
