//! `canon`: the minlex canonical form of each puzzle.

use crate::batch::answers::{Answers, Record, Source};
use crate::batch::Options;
use crate::format::{self, Format};
use crate::parse::Puzzle;

pub(super) fn answer(answers: &mut Answers, options: &Options, source: Source, puzzle: &Puzzle) {
    answers.stats.solved += 1;
    if options.quiet {
        return;
    }
    let form = crate::canon::canonical(puzzle.grid.cells());
    if options.format == Format::Json {
        let mut record = Record::new(&source, Some(&puzzle.grid), "canonical");
        record.canonical = Some(format::line_string(&form));
        answers.record(&record);
    } else {
        answers.begin(false);
        format::push_line(&mut answers.out, &form);
        answers.out.push(b'\n');
    }
}
