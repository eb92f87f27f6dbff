//! `check`: one verdict per puzzle — unique, no solution, or not unique and where two solutions
//! differ.

use super::{no_solution_reason, search, Verdict};
use crate::batch::answers::{Answers, Source};
use crate::batch::Options;
use crate::exit::Exit;
use crate::format::{self, Format};
use crate::parse::Puzzle;

pub(super) fn answer(answers: &mut Answers, options: &Options, source: Source, puzzle: &Puzzle) {
    let outcome = search(answers, puzzle, 2);
    let verdict = Verdict::of(answers, outcome);
    let source = &source;
    let exit = verdict.failure().map_or(Exit::Success, |(exit, _)| exit);
    // Verdicts are check's data, on stdout only.
    answers.exit = answers.exit.and(exit);
    if options.quiet {
        return;
    }
    if options.format == Format::Json {
        let mut record = verdict.record(source, puzzle);
        record.solutions = Some(match verdict {
            Verdict::Solved(_) => 1,
            Verdict::NoSolution => 0,
            Verdict::NotUnique(..) => 2,
        });
        record.complete = Some(!matches!(verdict, Verdict::NotUnique(..)));
        answers.record(&record);
    } else {
        // Written in place: `check` runs over millions of puzzles, one line each.
        answers.begin(false);
        let out = &mut answers.out;
        source.push(out);
        match &verdict {
            Verdict::Solved(_) => out.extend_from_slice(b": unique"),
            Verdict::NotUnique(first, second) => {
                out.extend_from_slice(b": not unique: ");
                format::push_differences(out, first, second);
            }
            Verdict::NoSolution => {
                out.extend_from_slice(b": ");
                out.extend_from_slice(no_solution_reason(puzzle).as_bytes());
            }
        }
        out.push(b'\n');
    }
}
