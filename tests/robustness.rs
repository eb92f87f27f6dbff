//! Robustness: whatever the input and wherever the output goes, `sudoku` never panics, never
//! hangs, answers every puzzle in order, and reports each problem with its place and the right
//! exit code. One submodule per theme; the file helpers two of them use are here.
//!
//! - `hostile`: damaged and hostile input: empty files, NUL bytes, invalid UTF-8, lines of any
//!   length, odd line endings and marks, damaged JSON, absurd thread counts.
//! - `slots`: nothing lost, nothing glued; a name with a line break never splits a line.
//! - `pipes`: inputs that cannot be read, output that cannot be written, pipes closed early: exit
//!   5 with the reason, or a quiet end when the reader left.
//! - `streams`: answers to a slow stream appear before the input ends, with one thread or many.
//! - `properties`: property tests of the parser: it never panics, and on damaged input it loses
//!   nothing and glues nothing.

use std::fs;

use crate::common::LEETCODE;
use tempfile::TempDir;

mod hostile;
mod pipes;
mod properties;
mod slots;
mod streams;

fn file_with(dir: &TempDir, name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = dir.path().join(name);
    fs::write(&path, bytes).unwrap();
    path
}

fn one_puzzle_file(dir: &TempDir) -> std::path::PathBuf {
    let path = dir.path().join("one.txt");
    fs::write(&path, format!("{LEETCODE}\n")).unwrap();
    path
}
