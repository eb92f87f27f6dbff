//! `count`: the number of solutions of each puzzle, up to a limit.

use super::{no_solution_reason, search};
use crate::batch::answers::{Answers, Record, Source};
use crate::batch::Options;
use crate::format::Format;
use crate::parse::Puzzle;

pub(super) fn answer(
    answers: &mut Answers,
    options: &Options,
    source: Source,
    puzzle: &Puzzle,
    limit: u64,
) {
    let outcome = search(answers, puzzle, limit);
    let solutions = outcome.solutions;
    // A search that stopped at the limit does not know whether there are more.
    let complete = solutions < limit;
    if solutions == 0 {
        answers.stats.no_solution += 1;
    } else {
        answers.stats.solved += 1;
    }
    if options.quiet {
        return;
    }
    if options.format == Format::Json {
        // Only what is known: one solution found with the limit reached may or may not be the
        // only one.
        let status = match (solutions, complete) {
            (0, _) => "no_solution",
            (1, true) => "unique",
            (1, false) => "limit",
            _ => "not_unique",
        };
        let mut record = Record::of(&source, puzzle, status);
        record.solutions = Some(solutions);
        record.complete = Some(complete);
        if solutions == 0 {
            record.error = Some(no_solution_reason(puzzle));
        }
        answers.record(&record);
    } else {
        let plus = if complete { "" } else { "+" };
        answers.line(&format!("{solutions}{plus}"));
    }
}
