//! `sudoku-solver`: read Sudoku puzzles in every common layout, solve them fast, and say clearly
//! what is wrong with bad input.
//!
//! The library knows nothing of the command line: what a program that reads, solves, rates or
//! makes puzzles needs is at the top of the crate.
//!
//! - **A board**: [`Grid`] holds 81 cells; `"...".parse::<Grid>()` reads one puzzle in any layout
//!   the parser knows, `{}` writes it as a line and `{:#}` as 9 rows. Its methods answer the
//!   usual questions: [`Grid::solve`], [`Grid::solve_unique`], [`Grid::count_solutions`],
//!   [`Grid::is_unique`], [`Grid::rate`] and [`Grid::explain`] (with a time limit or none),
//!   [`Grid::canonical`],
//!   [`Grid::minimize`], [`Grid::is_minimal`], [`Grid::conflict`].
//! - **Reading**: a [`Parser`] over any reader is an iterator of slots, a [`Puzzle`] or the
//!   [`ParseError`] (with `line:col`) that takes its place; [`parse_str`] reads a string whole.
//!   Pencilmarks come as [`Candidates`].
//! - **Solving**: [`search`] on 81 cells (counting to a limit), [`search_candidates`] on
//!   pencilmarks; the vector implementation is the best this CPU runs, chosen by itself.
//! - **Rating and explaining** on Sudoku Explainer's scale: [`analyse`], [`walk`]
//!   over the steps of a [`Board`], [`next_step`], [`describe()`] (each with a time limit or
//!   none, [`TimedOut`] when it goes by).
//! - **Making**: [`generate()`] with [`GenerateOptions`], [`Transform`], [`canonical`].
//!
//! The command line (`sudoku`, the package `sudoku-cli` at the root of the repository) is a
//! program on this library, and uses nothing else of it than what is here.
//!
//! Solve, with errors handled by `?`:
//!
//! ```
//! use sudoku_solver::Grid;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let solution = puzzle.solve_unique()?;
//! assert!(solution.solves(&puzzle));
//! assert_eq!(solution.to_string()[..9], *"534678912");
//! # Ok(())
//! # }
//! ```
//!
//! Count and check (a proper puzzle has exactly one solution; counting stops at the limit):
//!
//! ```
//! use sudoku_solver::Grid;
//!
//! let proper: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! assert!(proper.is_unique());
//! assert_eq!(Grid::EMPTY.count_solutions(10), 10);
//! ```
//!
//! Canonical form (the same for every relabelling, rotation and band swap of a puzzle):
//!
//! ```
//! use sudoku_solver::Grid;
//!
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let swapped = puzzle.cells().map(|d| match d { 1 => 2, 2 => 1, d => d }); // relabel 1 <-> 2
//! let swapped = Grid::try_from(swapped).unwrap();
//! assert_eq!(puzzle.canonical(), swapped.canonical());
//! ```
//!
//! Rate and explain on Sudoku Explainer's scale (a time limit, or `None`):
//!
//! ```
//! use std::time::Duration;
//! use sudoku_solver::{describe, Grid};
//!
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let (rating, steps) = puzzle.explain(Some(Duration::from_secs(5))).unwrap();
//! assert_eq!(rating.er(), 1.2);
//! assert_eq!(describe(&steps[0]), "hidden single in box 2");
//! ```
//!
//! Generate (reproducible: the same seed and index give the same puzzle):
//!
//! ```
//! use sudoku_solver::{generate, search, GenerateOptions};
//!
//! let made = generate(7, 0, &GenerateOptions::default());
//! assert_eq!(search(&made.puzzle, 2).solutions(), 1);
//! assert_eq!(made.puzzle, generate(7, 0, &GenerateOptions::default()).puzzle);
//! ```

#![warn(missing_docs)]

// The library: what a program that reads, solves, rates or makes puzzles needs. Its modules
// are private; what users hold is re-exported below.
mod canon;
mod deadline;
mod generate;
mod grid;
mod logic;
mod parse;
mod random;
mod shape;
mod sized;
mod solver;
mod transform;

pub use canon::canonical;
pub use generate::level::Level;
pub use generate::pattern::{Pattern, PatternError};
pub use generate::range::{Range, RangeError};
pub use generate::sift::{Impossible, Wanted, WantedLabels};
pub use generate::{
    generate, generate_matching, try_generate_while, GenerateOptions, Generated, Symmetry,
};
pub use grid::{cell_name, Candidates, CellError, Conflict, Grid, HouseKind, CELLS};
pub use logic::{
    analyse, describe, next_step, round as round_rating, walk, with_time_limit, Analysis, Board,
    CandidateSet, CellSet, House, HouseSet, RateError, Rating, Step, Technique, TimedOut,
    UnknownTechnique,
};
pub use parse::{parse_str, Form, OtherBoard, ParseError, ParseErrorKind, Parsed, Parser, Puzzle};

/// A cell's candidates as a 9-bit mask, as [`Candidates::masks`] and [`Board`] hold them: bit
/// `d - 1` for digit `d`.
pub mod mask {
    pub use crate::logic::board::{bit, digits_of};
}
pub use shape::{HouseRole, Houses, Shape, ShapeError, MAX_SIZE, MIN_SIZE};
pub use sized::{
    generate_sized, search_sized, search_sized_timed, Notation, SizedGenerateError,
    SizedGenerateOptions, SizedGenerated, SizedGrid, SizedGridError, SizedSearch, Symbols,
    SymbolsError,
};
pub use solver::{search, search_candidates, SearchOutcome, SolveError};
pub use transform::{Mirror, Transform};

/// The inner workings the crate's own binary, benchmarks, tests and fuzz target reach into: the
/// switch between the solver's vector implementations (`SUDOKU_ENGINE`, for tests and
/// benchmarks: every implementation gives the same answers, and the best one this CPU runs is
/// chosen by itself), and the logic engine's ladder of rungs, the scope of a rung's search and
/// the memo kept between searches. Not part of the API: no promise of stability, and hidden
/// from the documentation.
#[doc(hidden)]
pub mod internals {
    pub use crate::logic::{Memo, Scope, LADDER};
    pub use crate::solver::{Isa, IsaError};
}
