//! `solve`: print each puzzle's solution in the format asked for (`--unique`: only when it is the
//! only one).

use super::{search, Verdict};
use crate::batch::answers::{Answers, Record, Source};
use crate::batch::Options;
use crate::format::{self, Format};
use crate::parse::{Layout, Puzzle};

pub(super) fn answer(
    answers: &mut Answers,
    options: &Options,
    source: Source,
    puzzle: &Puzzle,
    unique: bool,
) {
    let outcome = search(answers, puzzle, if unique { 2 } else { 1 });
    let verdict = Verdict::of(answers, outcome);
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
    if let Verdict::Solved(solution) = &verdict {
        if !options.quiet {
            print_solution(answers, format, source, puzzle, solution);
        }
        return;
    }
    let Some((exit, _)) = verdict.failure() else {
        return;
    };
    if options.quiet {
        answers.exit = answers.exit.and(exit);
        return;
    }
    let what = verdict.words(puzzle);
    answers.problem(exit, Some(&source.to_string()), &what);
    if format == Format::Json {
        answers.record(&verdict.failure_record(source, puzzle, what));
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
