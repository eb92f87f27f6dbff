//! `generate`: print one generated puzzle in the format asked for.

use crate::batch::answers::{Answers, Record};
use crate::batch::GenerateRun;
use crate::format::{self, Format};
use crate::generate::Generated;
use crate::grid::Grid;
use crate::logic::Rating;

/// Answers puzzle `index` (0-based) of the stream `run` describes; `rating` when it was rated
/// (made to order), for JSON.
pub(crate) fn answer(
    answers: &mut Answers,
    run: &GenerateRun,
    index: u64,
    made: &Generated,
    rating: Option<&Rating>,
) {
    answers.units += 1;
    answers.stats.puzzles += 1;
    answers.stats.solved += 1;
    if run.quiet {
        return;
    }
    let source = format!("seed {} #{}", run.seed, index + 1);
    match run.format {
        Format::Json => {
            let grid = Grid::from_cells(made.puzzle).expect("generated cells are digits");
            let mut record = Record::new(&source, Some(&grid), "unique");
            record.clues = Some(grid.filled());
            if let Some(rating) = rating {
                record.set_ratings(rating);
                record.hardest = rating.hardest.map(|t| t.name());
            }
            answers.record(&record);
        }
        Format::Grid => {
            answers.comment(true, &source);
            format::push_grid(&mut answers.out, &made.puzzle);
        }
        Format::Pretty => {
            answers.comment(true, &source);
            format::push_pretty(&mut answers.out, &made.puzzle);
        }
        Format::Line | Format::Auto => {
            answers.begin(false);
            format::push_line(&mut answers.out, &made.puzzle);
            answers.out.push(b'\n');
        }
    }
}
