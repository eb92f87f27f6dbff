//! Input layouts and reading: every layout, read from the sample files under `puzzles/`
//! (those of the wild and boards in code, markup and READMEs too) and from text written here;
//! files, directories, globs, stdin and puzzles typed as arguments; `--stdin-name` and
//! `--first-line` for shards. One slot per puzzle, in order, each answer checked independently
//! (complete, valid, keeping every given, and for pencilmarks every cell one of its
//! candidates).
//!
//! Submodules: `sources` (where puzzles are read from: stdin, directories, globs, arguments),
//! `kinds` (each layout: labelled grids, rules, CSV, comma grids, fixed width, JSON, tdoku lines,
//! pencilmarks, mixes), `wild` (the sample files of layouts found in files people have),
//! `markup` (boards in code, markup and READMEs) and `shards` (`--stdin-name` and
//! `--first-line`). The path of a sample file is here.

mod kinds;
mod markup;
mod shards;
mod sources;
mod wild;

fn sample(name: &str) -> String {
    format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}
