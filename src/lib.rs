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
//! - [`generate`](mod@generate): reproducible unique, minimal puzzles;
//! - [`canon`]: the minlex canonical form of a puzzle;
//! - [`exit`]: the exit-code contract.
//!
//! # The surface
//!
//! What most users need is re-exported at the top: read puzzles ([`parse_str`], or a
//! [`Parser`] over any reader), solve and count ([`solve`], [`search`]), check uniqueness,
//! find the canonical form ([`canonical`]), rate and explain ([`rate`], [`walk`], [`describe`]),
//! and make puzzles ([`generate()`]). The modules hold the rest: the runner the command line
//! uses for whole batches ([`batch`]), the output formats, the exit codes.
//!
//! Solve:
//!
//! ```
//! use sudoku_solver::{parse_str, solve};
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle = parse_str(text).remove(0).expect("a valid puzzle");
//! let solution = solve(puzzle.grid.cells()).first.expect("solvable");
//! assert_eq!(&solution[..9], &[5, 3, 4, 6, 7, 8, 9, 1, 2]);
//! ```
//!
//! Count and check (a proper puzzle has exactly one solution; search stops at the limit):
//!
//! ```
//! use sudoku_solver::{parse_str, search};
//!
//! let proper = parse_str("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
//! assert_eq!(search(proper[0].as_ref().unwrap().grid.cells(), 2).solutions, 1);
//! let empty = [0u8; 81];
//! assert_eq!(search(&empty, 10).solutions, 10);
//! ```
//!
//! Canonical form (the same for every relabelling, rotation and band swap of a puzzle):
//!
//! ```
//! use sudoku_solver::canonical;
//!
//! let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let cells: [u8; 81] = std::array::from_fn(|i| line.as_bytes()[i].saturating_sub(b'0') % 10);
//! let mut swapped = cells;
//! for i in 0..81 {
//!     swapped[i] = match cells[i] { 1 => 2, 2 => 1, d => d }; // relabel 1 <-> 2
//! }
//! assert_eq!(canonical(&cells), canonical(&swapped));
//! ```
//!
//! Rate and explain on Sudoku Explainer's scale:
//!
//! ```
//! use sudoku_solver::{describe, parse_str, rate, walk, Board};
//!
//! let puzzle = parse_str("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
//! let board = Board::from_grid(&puzzle[0].as_ref().unwrap().grid);
//! assert_eq!(rate(board.clone()).er, 1.2);
//!
//! let mut words = Vec::new();
//! walk(&mut board.clone(), |_, step| words.push(describe(step)));
//! assert_eq!(words[0], "hidden single in box 2");
//! ```
//!
//! Generate (reproducible: the same seed and index give the same puzzle):
//!
//! ```
//! use sudoku_solver::{generate, search, GenerateOptions};
//!
//! let made = generate(7, 0, &GenerateOptions::default());
//! assert_eq!(search(&made.puzzle, 2).solutions, 1);
//! assert_eq!(made.puzzle, generate(7, 0, &GenerateOptions::default()).puzzle);
//! ```
//!
//! The command line is the crate's default feature `cli`; build the library alone with
//! `default-features = false` and it needs neither clap nor indicatif.

#![warn(missing_docs)]

pub mod batch;
pub mod canon;
pub mod commands;
mod deadline;
pub mod exit;
pub mod generate;
pub mod grid;
pub mod input;
pub mod logic;
pub mod outcome;
pub mod output;
pub mod parse;
pub mod solver;
pub mod transform;

pub use canon::canonical;
pub use exit::Exit;
pub use generate::{generate, GenerateOptions};
pub use grid::{Candidates, Grid};
pub use logic::{describe, rate, walk, Board, Rating, Step, Technique};
pub use parse::{parse_str, Parser, Puzzle};
pub use solver::{search, solve, Engine, SearchOutcome};
