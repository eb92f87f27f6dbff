//! `canon`: the minlex canonical form of each puzzle.

use crate::batch::answers::{Answers, Record, Source};
use crate::batch::Options;
use crate::exit::Exit;
use crate::format::{self, Format};
use crate::parse::Puzzle;

pub(super) fn answer(answers: &mut Answers, options: &Options, source: Source, puzzle: &Puzzle) {
    if puzzle.candidates.is_some() {
        // The canonical form is defined for givens; candidates have no such form here.
        answers.stats.invalid += 1;
        let what = "canon reads givens, not pencilmarks: this puzzle is a pencilmark grid \
                    (solve, check and count read pencilmarks)";
        answers.problem(Exit::Malformed, Some(&source.to_string()), what);
        if options.quiet {
            return;
        }
        if options.format == Format::Json {
            let mut record = Record::of(&source, puzzle, "invalid");
            record.error = Some(format!("{source}: {what}"));
            answers.record(&record);
        } else {
            answers.comment(false, &format!("{source}: {what}"));
        }
        return;
    }
    answers.stats.solved += 1;
    if options.quiet {
        return;
    }
    let form = crate::canon::canonical(puzzle.grid.cells());
    if options.format == Format::Json {
        let mut record = Record::of(&source, puzzle, "canonical");
        record.canonical = Some(format::line_string(&form));
        answers.record(&record);
    } else {
        answers.begin(false);
        format::push_line(&mut answers.out, &form);
        answers.out.push(b'\n');
    }
}
