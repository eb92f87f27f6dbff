//! Unit tests of the parser: every layout, every error, and the recovery rules.
//!
//! Submodules: `basics` (the line, grid, table and JSON layouts and the fast path for plain lines),
//! `errors` (every error and its position), `shapes` (labels, CSV, comma rows, fixed width, JSON
//! in every shape, pencilmarks, separated grids and their damage), `slots` (which line and slot
//! each item takes), `modes` (where one reader meets another), `labels`, `spaced` and `wild` (layouts found in files people have). The
//! helpers and sample puzzles they share are here.

use super::classify::{plain_line, scan_cells};
use super::*;

mod basics;
mod errors;
mod labels;
mod modes;
mod shapes;
mod sizes;
mod slots;
mod spaced;
mod wild;

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn one(text: &str) -> Parsed {
    let mut items = parse_str(text);
    assert_eq!(items.len(), 1, "items: {items:?}");
    items.remove(0)
}
/// The puzzles a text gives, as 81-character lines, errors left out.
fn puzzles_of(text: &str) -> Vec<String> {
    parse_str(text)
        .iter()
        .filter_map(|p| p.as_ref().ok())
        .map(|p| p.grid.to_string())
        .collect()
}

fn err(text: &str) -> String {
    one(text).unwrap_err().to_string()
}

const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn lines_of(items: &[Parsed]) -> Vec<Result<String, String>> {
    items
        .iter()
        .map(|i| match i {
            Ok(p) => Ok(p.to_line()),
            Err(e) => Err(e.to_string()),
        })
        .collect()
}

fn grid_rows(p: &str) -> Vec<&str> {
    (0..9).map(|r| &p[r * 9..r * 9 + 9]).collect()
}

/// The line of each item, puzzle or error, in the order they come.
fn item_lines(items: &[Parsed]) -> Vec<usize> {
    items
        .iter()
        .map(|item| match item {
            Ok(puzzle) => puzzle.line,
            Err(error) => error.line,
        })
        .collect()
}
