//! `explain` and `hint`: the logical path, step by step, or just its next step.

use crate::batch::answers::{Answers, Source};
use crate::batch::Options;
use crate::parse::Puzzle;

pub(super) fn answer(
    answers: &mut Answers,
    options: &Options,
    source: Source,
    puzzle: &Puzzle,
    hint: bool,
) {
    let _ = (answers, options, source, puzzle, hint);
}
