//! `sudoku-cli`: the application layer of the `sudoku` command line, on the `sudoku-solver`
//! library.
//!
//! The binary (`src/bin/sudoku/`) parses arguments and owns the terminal; this crate does the
//! rest of a run: [`input`] walks the files, directories and stdin a user names and reads their
//! puzzles; [`commands`] answers one puzzle for one command ([`outcome`] holds what it found);
//! [`batch`] runs a whole input through on several threads in input order; [`output`] renders
//! every answer in the format asked for (text, JSON, CSV, templates, SVG, HTML, PDF); [`exit`]
//! maps what happened onto the exit codes scripts rely on.
//!
//! It is a library target so that the integration tests and the benchmarks reach the renderers
//! directly; it is the command line's, with no promise of stability. A program that wants Sudoku
//! itself uses `sudoku-solver`, which compiles none of the crates here (clap, indicatif, the PDF
//! writer).

#![warn(missing_docs)]

pub mod batch;
pub mod commands;
pub mod exit;
pub mod input;
pub mod outcome;
pub mod output;
