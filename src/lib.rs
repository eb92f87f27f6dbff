//! `sudoku-solver`: read Sudoku puzzles in every common layout, solve them fast, and say clearly
//! what is wrong with bad input.
//!
//! The library knows nothing of the command line. Its parts:
//!
//! - [`grid`]: the board, and the rule check that explains conflicting givens;
//! - [`parse`]: one streaming parser for every input layout, with `line:col` errors;
//! - [`solver`]: the bitmask backtracking core (`search`, `solve`);
//! - [`outcome`]: what a command finds for one puzzle, before anything is printed;
//! - [`output`]: the output formats, one renderer per format;
//! - [`input`]: files, directories and stdin as a stream of puzzles;
//! - [`batch`]: answering a whole batch in order, on one thread or many;
//! - [`generate`]: reproducible unique, minimal puzzles;
//! - [`canon`]: the minlex canonical form of a puzzle;
//! - [`exit`]: the exit-code contract.
//!
//! ```
//! use sudoku_solver::parse::parse_str;
//! use sudoku_solver::solver::solve;
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle = parse_str(text).remove(0).expect("a valid puzzle");
//! let outcome = solve(puzzle.grid.cells());
//! let solution = outcome.first.expect("solvable");
//! assert_eq!(&solution[..9], &[5, 3, 4, 6, 7, 8, 9, 1, 2]);
//!
//! // Uniqueness: search on for a second solution.
//! assert_eq!(sudoku_solver::solver::search(puzzle.grid.cells(), 2).solutions, 1);
//! ```

#![warn(missing_docs)]

pub mod batch;
pub mod canon;
mod commands;
pub mod exit;
pub mod generate;
pub mod grid;
pub mod input;
pub mod logic;
pub mod outcome;
pub mod output;
pub mod parse;
pub mod solver;
