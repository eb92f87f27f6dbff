//! The search for solutions: two engines (the band core and the vector engine) and the router
//! that sends each puzzle to one of them.
//!
//! # Two engines
//!
//! [`search`] and [`search_candidates`] run on one of two engines:
//! * the *band core* (`solver/band_core.rs`): each digit's candidates as bitboards of the three
//!   bands, the rules of one digit at a time, a branch on a cell. Cheap per branch, so it wins where few
//!   branches are needed;
//! * the *vector engine* (`solver/vector/`): each box a 256-bit vector of its cells and of the
//!   triads of both directions, the bands as sets of digit placements, the rules across all
//!   digits at once, a branch on a band. Its tree has about two thirds of the band core's branch
//!   points on the hard sets, and its rules run in the vector units, so it wins where the tree
//!   decides. It is written once against a small set of vector primitives, implemented for
//!   AVX-512, AVX2, SSE4.1 and in portable Rust ([`Isa`]); every implementation makes the same
//!   search, so answers never depend on the CPU.
//!
//! The router sends each puzzle one way, on signals that depend on the puzzle only, never on the
//! CPU. A puzzle of 18 givens or more goes to the vector engine at once (the count costs
//! nothing). One of 17 or fewer (where the band core's cheap forced moves often finish the work)
//! is brought by the band core to its first fixed point, and goes on there when few cells are
//! left open; else the vector engine starts from the puzzle. The thresholds (`VECTOR_GIVENS`,
//! `VECTOR_FROM`) and the figures behind them are in `doc/solver-experiments.md`.
//! [`search_without`] (the generator's question) stays on the band core.
//!
//! The band core's design (its bitboards, invariants, forced moves and guesses) is described in
//! `solver/band_core.rs`.
//!
//! # Cost
//!
//! What was measured on this core and on the vector engine, what was kept and what was turned
//! down, and how both compare with tdoku, is in `doc/solver-experiments.md`.

mod band_core;
mod bands;
mod isa;
pub(crate) mod vector;

pub use isa::{Isa, IsaError};

use crate::grid::{Candidates, Grid};
use band_core::{explore_timed, fixed_point, State};
use bands::*;

/// Outcome of a bounded search.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchOutcome {
    /// Solutions found, never more than the limit.
    pub(crate) solutions: u64,
    /// The first solution found, if any (cells 0..81 row-major, digits 1..=9).
    pub(crate) first: Option<[u8; 81]>,
    /// The second solution found, if the limit allowed searching that far and one exists.
    pub(crate) second: Option<[u8; 81]>,
    /// Number of guesses during the search: binary branches, on both cores (see
    /// [`SearchOutcome::guesses`]).
    pub(crate) guesses: u64,
}

impl SearchOutcome {
    /// Solutions found, never more than the limit.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The first solution found, if any (cells 0..81 row-major, digits 1..=9).
    pub fn first(&self) -> Option<[u8; 81]> {
        self.first
    }

    /// The second solution found, if the limit allowed searching that far and one exists.
    pub fn second(&self) -> Option<[u8; 81]> {
        self.second
    }

    /// Guesses the search made: each assumption taken while an alternative was left (a binary
    /// branch, as tdoku counts them). Where a cell's k candidates are tried in turn, every one
    /// but the last is a guess (the last is what is left, not an assumption); a puzzle that
    /// needs no branch, such as one solved by singles, has 0. Both cores count so, though they
    /// branch on different things (the band core on a cell's candidates, the vector engine on a
    /// band's placements of a digit), so the same puzzle may show different counts where the
    /// router sends it to one core or the other.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Counts a solution found, keeping the first two (both engines report through this).
    pub(crate) fn record(&mut self, grid: [u8; 81]) {
        self.solutions += 1;
        if self.first.is_none() {
            self.first = Some(grid);
        } else if self.second.is_none() {
            self.second = Some(grid);
        }
    }

    /// No solution, no guess.
    pub(crate) fn none() -> SearchOutcome {
        SearchOutcome {
            solutions: 0,
            first: None,
            second: None,
            guesses: 0,
        }
    }
}

/// Debug check of a finished grid: every house holds every digit.
fn grid_is_valid(g: &[u8; 81]) -> bool {
    (0..9).all(|k| {
        let (mut r, mut c, mut b) = (0u16, 0u16, 0u16);
        for j in 0..9 {
            r |= 1 << g[k * 9 + j];
            c |= 1 << g[j * 9 + k];
            b |= 1 << g[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3];
        }
        r == 0x3FE && c == 0x3FE && b == 0x3FE
    })
}

/// Search for up to `limit` solutions of `givens` (row-major, index = row*9 + col, 0 = empty,
/// 1..=9 = given). `limit` 0 returns 0 solutions immediately. The search stops as soon as
/// `limit` solutions are found. Invalid input (a value above 9, or givens that conflict) has no
/// solution.
///
/// The puzzle goes to the band core or to the vector engine (the best
/// implementation this CPU runs), as the router decides from the puzzle (see the module
/// documentation).
///
/// ```
/// use sudoku_solver::search;
///
/// let cells: [u8; 81] = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse::<sudoku_solver::Grid>().unwrap().into();
/// let outcome = search(&cells, 2);
/// assert_eq!(outcome.solutions(), 1); // a proper puzzle: counting stopped at 1 of 2
/// let solution = outcome.first().unwrap();
/// assert!((0..81).all(|i| cells[i] == 0 || cells[i] == solution[i]));
/// assert_eq!(search(&[0; 81], 5).solutions(), 5);
/// ```
pub fn search(givens: &[u8; 81], limit: u64) -> SearchOutcome {
    // Counted in a byte (at most 81), which the compiler does in vector registers.
    let fixed = usize::from(givens.iter().fold(0u8, |n, &v| n + u8::from(v != 0)));
    search_routed(
        limit,
        fixed,
        || State::from_givens(givens),
        vector::Start::Givens(givens),
    )
}

/// [`search`] with digit `digit` (1..=9) taken out of the candidates of `cell`, an empty cell of
/// `givens`: the solutions of `givens` with another digit there. Always on the band core.
pub fn search_without(givens: &[u8; 81], cell: usize, digit: u8, limit: u64) -> SearchOutcome {
    debug_assert!(givens[cell] == 0 && (1..=9).contains(&digit));
    let start = || {
        State::from_givens(givens).and_then(|mut st| {
            let (d, b, p) = (digit as usize - 1, cell / 27, cell % 27);
            st.cand[3 * d + b] &= !(1 << p);
            // Where the givens alone force the digit there (nothing else is left in the cell,
            // or the digit has no other place in one of its houses), there is no such solution
            // and no search: the generator asks this for every clue it tries to remove, and
            // while many clues stand most are forced.
            let in_cell = (0..9).fold(0, |m, e| m | st.cand[3 * e + b]) & 1 << p;
            let row = st.cand[3 * d + b] & 0x1FF << (9 * (p / 9));
            let column = (0..3).fold(0, |m, k| m | st.cand[3 * d + k]) & COL_BITS << (p % 9);
            let boxed = st.cand[3 * d + b] & ((7 << (3 * (p % 9 / 3))) * COL_BITS);
            (in_cell != 0 && row != 0 && column != 0 && boxed != 0).then_some(st)
        })
    };
    search_timed(limit, start)
}

/// Search a pencilmark grid for up to `limit` solutions: each cell may only take one of its
/// candidates (bit `d - 1` of `masks[i]` for digit `d`). A cell with no candidate, or candidates
/// that no filling obeys, gives no solution. Routed as [`search`] is, started from the
/// candidate masks instead of givens.
///
/// ```
/// use sudoku_solver::{search_candidates, Candidates, Grid};
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
/// let mut masks = *Candidates::from_grid(&grid).masks();
/// // Say that r1c3 is not 4: its solution digit. Then no solution is left.
/// masks[2] &= !(1 << 3);
/// let candidates = Candidates::from_masks(masks).unwrap();
/// assert_eq!(search_candidates(&candidates, 2).solutions(), 0);
/// ```
pub fn search_candidates(candidates: &Candidates, limit: u64) -> SearchOutcome {
    let masks = candidates.masks();
    let fixed = masks.iter().filter(|m| m.count_ones() == 1).count();
    search_routed(
        limit,
        fixed,
        || Some(State::from_candidates(masks)),
        vector::Start::Candidates(masks),
    )
}

/// Puzzles with at least this many cells fixed at the start (givens; in a pencilmark grid, cells
/// with one candidate) go straight to the vector engine.
const VECTOR_GIVENS: usize = 18;

/// Puzzles with fewer, that leave more than this many cells unfilled after the band core's
/// forced moves, go to the vector engine too; the rest stay on the band core.
const VECTOR_FROM: u32 = 45;

/// The router: a puzzle with `fixed` cells fixed at the start (see [`VECTOR_GIVENS`]) goes to the
/// vector engine, which searches from `vector`; one with fewer is brought by the band core
/// (`start`, the same puzzle) to its first fixed point, and goes on there while few cells are
/// left, else to the vector engine. The choice depends on the puzzle only, so every CPU makes the
/// same searches.
fn search_routed(
    limit: u64,
    fixed: usize,
    start: impl FnOnce() -> Option<State>,
    vector: vector::Start,
) -> SearchOutcome {
    // `current` is always an instruction set this CPU runs (`select` refuses the others).
    let on_vector = || {
        Isa::current()
            .run(vector, limit)
            .expect("the selected instruction set runs on this CPU")
    };
    if fixed >= VECTOR_GIVENS {
        return on_vector();
    }
    let Some((st, counts)) = fixed_point(limit, start) else {
        return SearchOutcome::none();
    };
    let unfilled: u32 = st.unsolved.iter().map(|b| b.count_ones()).sum();
    if unfilled > VECTOR_FROM {
        return on_vector();
    }
    explore_timed(limit, st, counts)
}

/// The band core's search from the state `start` makes (`None`: no solution).
fn search_timed(limit: u64, start: impl FnOnce() -> Option<State>) -> SearchOutcome {
    match fixed_point(limit, start) {
        Some((st, counts)) => explore_timed(limit, st, counts),
        None => SearchOutcome::none(),
    }
}

/// The solver's answers as methods of a [`Grid`] of givens.
///
/// ```
/// use sudoku_solver::{Grid, SolveError};
///
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let solution = grid.solve().unwrap();
/// assert!(solution.solves(&grid));
/// assert!(grid.is_unique());
/// assert_eq!(grid.solve_unique(), Ok(solution));
/// assert_eq!(Grid::EMPTY.count_solutions(5), 5);
/// // Two solutions: both are given, and they differ.
/// let Err(SolveError::NotUnique(two)) = Grid::EMPTY.solve_unique() else { panic!() };
/// let [a, b] = *two;
/// assert!(a.solves(&Grid::EMPTY) && b.solves(&Grid::EMPTY) && a != b);
/// ```
impl Grid {
    /// The first solution, or `None` when the givens have none (a solution is also found when
    /// there are several: [`Grid::is_unique`] tells, [`Grid::solve_unique`] refuses them).
    pub fn solve(&self) -> Option<Grid> {
        search(self.cells(), 1).first.and_then(Grid::from_cells)
    }

    /// The number of solutions, counted up to `limit` (the search stops there).
    pub fn count_solutions(&self, limit: u64) -> u64 {
        search(self.cells(), limit).solutions
    }

    /// True when the givens have exactly one solution: a proper puzzle.
    pub fn is_unique(&self) -> bool {
        self.count_solutions(2) == 1
    }

    /// The solution of a proper puzzle.
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSolution`], or [`SolveError::NotUnique`] with two of the solutions.
    pub fn solve_unique(&self) -> Result<Grid, SolveError> {
        let outcome = search(self.cells(), 2);
        let grid = |cells: Option<[u8; 81]>| cells.and_then(Grid::from_cells);
        match (grid(outcome.first), grid(outcome.second)) {
            (Some(first), Some(second)) => Err(SolveError::NotUnique(Box::new([first, second]))),
            (Some(only), None) => Ok(only),
            _ => Err(SolveError::NoSolution),
        }
    }
}

/// Why [`Grid::solve_unique`] (or [`SizedGrid::solve_unique`](crate::SizedGrid::solve_unique)) has
/// no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The givens have no solution.
    #[error("the givens have no solution")]
    NoSolution,
    /// The givens have more than one solution; two of them.
    #[error("the givens have more than one solution")]
    NotUnique(Box<[Grid; 2]>),
    /// A board of any size ([`SizedGrid::solve_unique`](crate::SizedGrid::solve_unique)) has
    /// more than one solution; two of them.
    #[error("the givens have more than one solution")]
    NotUniqueSized(Box<[crate::SizedGrid; 2]>),
}

#[cfg(test)]
mod guess_tests;
#[cfg(test)]
mod tests;
