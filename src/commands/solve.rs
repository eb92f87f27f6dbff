//! `solve`: print each puzzle's solution in the format asked for (`--unique`: only when it is the
//! only one).

use super::{search, Verdict};
use crate::batch::answers::{differences, Answers, Record, Source};
use crate::batch::Options;
use crate::exit::Exit;
use crate::format::{self, Format};
use crate::parse::{Layout, Puzzle};

pub(super) fn answer(
    answers: &mut Answers,
    options: &Options,
    source: Source,
    puzzle: &Puzzle,
    unique: bool,
) {
    let outcome = search(answers, options, source, puzzle, if unique { 2 } else { 1 });
    let verdict = Verdict::of(answers, puzzle, outcome);
    let source = &source;
    let format = match options.format {
        // Pencilmarks come back as the solution's 81 digits: the answer has no candidates.
        Format::Auto if puzzle.layout == Layout::Line || puzzle.candidates.is_some() => {
            Format::Line
        }
        Format::Auto => Format::Grid,
        other => other,
    };
    let block = matches!(format, Format::Grid | Format::Pretty);
    let (exit, status, what) = match &verdict {
        Verdict::Solved(solution) => {
            if !options.quiet {
                print_solution(answers, format, source, puzzle, solution);
            }
            return;
        }
        Verdict::NoSolution(reason) => (Exit::NoSolution, "no_solution", reason.clone()),
        Verdict::NotUnique(first, second) => (
            Exit::NotUnique,
            "not_unique",
            format!("not unique: {}", format::differences(first, second)),
        ),
    };
    answers.problem(exit, &source.to_string(), &what);
    if options.quiet {
        return;
    }
    if format == Format::Json {
        let mut record = Record::of(source, puzzle, status);
        if let Verdict::NotUnique(first, second) = &verdict {
            record.differences = Some(differences(first, second));
        }
        record.error = Some(what);
        answers.record(&record);
    } else {
        answers.comment(block, &format!("{source}: {what}"));
    }
}

fn print_solution(
    answers: &mut Answers,
    format: Format,
    source: &Source,
    puzzle: &Puzzle,
    solution: &[u8; 81],
) {
    match format {
        Format::Json => {
            let mut record = Record::of(source, puzzle, "solved");
            record.solution = Some(format::line_string(solution));
            answers.record(&record);
        }
        Format::Line | Format::Auto => {
            answers.begin(false);
            format::push_line(&mut answers.out, solution);
            answers.out.push(b'\n');
        }
        Format::Grid => {
            answers.comment(true, &source.to_string());
            format::push_grid(&mut answers.out, solution);
        }
        Format::Pretty => {
            answers.comment(true, &source.to_string());
            format::push_pretty(&mut answers.out, solution);
        }
    }
}
