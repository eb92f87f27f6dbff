//! The logic engine: solving as a person would, one step at a time, and rating a puzzle on
//! Sudoku Explainer's scale (ER/EP/ED).
//!
//! The engine walks Sudoku Explainer's path: at every step it asks the techniques of the
//! [`LADDER`], in its order, and takes the first pattern the first technique finds; then starts
//! again from the top. ER is the hardest step of the path, EP the hardest up to the first
//! placement, ED the first step's. A puzzle the ladder cannot finish is rated 20.0. A rung that
//! found nothing looks again, on a later board of the path, only where the board changed since
//! ([`scope`]): the same step, found for less.
//!
//! - [`board`]: the candidate grid;
//! - [`ceiling`]: proof that a path stays below 8.0, for `generate --rating 8.0..`;
//! - [`step`]: what a step is (technique, rating, proof, effect);
//! - `describe`: a step in words ([`describe()`]);
//! - [`scope`]: what changed since a rung last found nothing;
//! - `techniques`: one file per family of techniques;
//! - `chains`: cycles and forcing chains, static, dynamic and nested.

pub mod analysis;
pub mod board;
pub mod ceiling;
pub(crate) mod chains;
pub(crate) mod describe;
pub mod scope;
pub mod step;
pub mod technique;
pub(crate) mod techniques;

pub use analysis::{analyse, Analysis};
pub use board::Board;
pub use board::{CandidateSet, CellSet, House, HouseSet};
pub use describe::describe;
pub use scope::{Memo, Scope};
use std::time::Duration;
pub use step::{round, Step, Technique};
pub use technique::UnknownTechnique;

use techniques::{exclusion, fish, intersections, singles, subsets, uniqueness, wings};

/// One rung of the ladder: a technique (or family) with the parameters it runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rung {
    /// Full house and hidden single (1.0, 1.2, 1.5).
    HiddenSingle,
    /// Direct pointing and claiming (1.7, 1.9).
    DirectLocking,
    /// Direct hidden pair (2.0) or triple (2.5).
    DirectHidden(u32),
    /// Naked single (2.3).
    NakedSingle,
    /// Pointing and claiming (2.6, 2.8).
    Locking,
    /// Naked pair (3.0), triple (3.6), quad (5.0).
    Naked(u32),
    /// X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2).
    Fish(u32),
    /// Hidden pair (3.4), triple (4.0), quad (5.4).
    Hidden(u32),
    /// XY-Wing (4.2).
    XyWing,
    /// XYZ-Wing (4.4).
    XyzWing,
    /// Unique rectangles and loops (4.5 and up).
    UniqueLoops,
    /// Bivalue universal grave (5.6 and up).
    Bug,
    /// Aligned pair exclusion (6.2).
    AlignedPair,
    /// Cycles and forcing chains: X (6.5, 6.6), Y (6.5), XY (7.0), plus length.
    Chains,
    /// Aligned triple exclusion (7.5).
    AlignedTriple,
    /// Nishio forcing chains (7.5 plus length).
    Nishio,
    /// Multiple forcing chains, static (8.0 plus length).
    Multiple,
    /// Dynamic forcing chains (8.5 plus length).
    Dynamic,
    /// Dynamic forcing chains with inner rules of a level: 1 is "plus" (9.0), 2..5 nested
    /// (9.5, 10.0, 10.5, 11.0), plus length.
    DynamicPlus(u8),
}

/// Sudoku Explainer's ladder, in the order its rater tries it: the first rung that finds
/// anything gives the step. The order is not quite the order of the ratings (see the notes in
/// the rungs): SE's order decides, so that the same puzzles get the same numbers.
pub const LADDER: [Rung; 30] = [
    Rung::HiddenSingle,
    Rung::DirectLocking,
    Rung::DirectHidden(2),
    Rung::NakedSingle,
    Rung::DirectHidden(3),
    Rung::Locking,
    Rung::Naked(2),
    Rung::Fish(2),
    Rung::Hidden(2),
    Rung::Naked(3),
    Rung::Fish(3),
    Rung::Hidden(3),
    Rung::XyWing,
    Rung::XyzWing,
    // Up to 5.0: before the naked quad.
    Rung::UniqueLoops,
    Rung::Naked(4),
    Rung::Fish(4),
    Rung::Hidden(4),
    Rung::Bug,
    Rung::AlignedPair,
    // Long chains here outrank the 7.5 rungs after them.
    Rung::Chains,
    Rung::AlignedTriple,
    Rung::Nishio,
    Rung::Multiple,
    Rung::Dynamic,
    Rung::DynamicPlus(1),
    Rung::DynamicPlus(2),
    Rung::DynamicPlus(3),
    Rung::DynamicPlus(4),
    Rung::DynamicPlus(5),
];

impl Rung {
    /// The first pattern this rung finds on `board`.
    pub fn find(self, board: &Board) -> Option<Step> {
        self.find_in(board, &Scope::ALL)
    }

    /// The first pattern this rung finds on `board`, given that it found none on an earlier
    /// board of the same path and `scope` is what changed since (see [`scope`]). The rungs
    /// that cannot narrow their search look everywhere.
    pub fn find_in(self, board: &Board, scope: &Scope) -> Option<Step> {
        match self {
            Rung::HiddenSingle => singles::hidden_single(board),
            Rung::DirectLocking => intersections::locking(board, true, scope),
            Rung::DirectHidden(k) => subsets::hidden_set(board, k, true, scope),
            Rung::NakedSingle => singles::naked_single(board),
            Rung::Locking => intersections::locking(board, false, scope),
            Rung::Naked(k) => subsets::naked_set(board, k, scope),
            Rung::Fish(k) => fish::fish(board, k, scope),
            Rung::Hidden(k) => subsets::hidden_set(board, k, false, scope),
            Rung::XyWing => wings::xy_wing(board, false, scope),
            Rung::XyzWing => wings::xy_wing(board, true, scope),
            Rung::UniqueLoops => uniqueness::unique_loops(board),
            Rung::Bug => uniqueness::bug(board),
            Rung::AlignedPair => exclusion::aligned_pair(board, scope),
            Rung::AlignedTriple => exclusion::aligned_triple(board, scope),
            Rung::Chains => chains::cycles::forcing_chains_and_cycles(board),
            Rung::Nishio => chains::forcing::step(board, chains::forcing::Flags::NISHIO),
            Rung::Multiple => chains::forcing::step(board, chains::forcing::Flags::MULTIPLE),
            Rung::Dynamic => chains::forcing::step(board, chains::forcing::Flags::dynamic(0)),
            Rung::DynamicPlus(level) => {
                chains::forcing::step(board, chains::forcing::Flags::dynamic(level))
            }
        }
    }
}

/// The next step on `board`: the first pattern of the first rung that finds one, if it is
/// found within `limit` (`None`: no limit). `Ok(None)` when the ladder finds nothing.
///
/// On a board with few givens the hardest rungs can search for minutes (the empty board:
/// several of them); a limit bounds that.
///
/// ```
/// use std::time::Duration;
/// use sudoku_solver::{describe, next_step, Board, Grid, TimedOut};
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
/// let step = next_step(&Board::from_grid(&grid), None).unwrap().unwrap();
/// assert_eq!(describe(&step), "hidden single in box 2");
/// let (cell, digit) = step.placement().unwrap();
/// assert_eq!(grid.solve().unwrap().cells()[cell], digit);
/// // The empty board, given no time at all.
/// let empty = Board::from_grid(&Grid::EMPTY);
/// assert_eq!(next_step(&empty, Some(Duration::ZERO)).err(), Some(TimedOut));
/// ```
///
/// # Errors
///
/// [`TimedOut`] when `limit` went by first.
pub fn next_step(board: &Board, limit: Option<Duration>) -> Result<Option<Step>, TimedOut> {
    bounded(limit, || first_step(board))
}

/// [`next_step`] without a limit of its own (under the thread's deadline, if any).
pub(crate) fn first_step(board: &Board) -> Option<Step> {
    LADDER.iter().find_map(|rung| rung.find(board))
}

/// Runs `work` on this thread with a time limit: its result, or [`TimedOut`] when `limit` went
/// by first (what the work found is then dropped). The library's calls inside `work` that are
/// given no limit of their own ([`next_step`], [`walk`], [`analyse`] with `None`, [`search`],
/// [`Grid::count_solutions`]) wind down when it goes by; a limit past the clock's end is none.
///
/// ```
/// use std::time::Duration;
/// use sudoku_solver::{analyse, with_time_limit, Board, Grid, TimedOut};
///
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let rated = with_time_limit(Duration::ZERO, || analyse(Board::from_grid(&grid), None));
/// assert_eq!(rated.err(), Some(TimedOut));
/// ```
///
/// [`search`]: crate::search
/// [`Grid::count_solutions`]: crate::Grid::count_solutions
///
/// # Errors
///
/// [`TimedOut`] when `limit` went by first.
pub fn with_time_limit<T>(limit: Duration, work: impl FnOnce() -> T) -> Result<T, TimedOut> {
    bounded(Some(limit), work)
}

/// Runs `work` within `limit` from now: a limit past the clock's end is none.
fn bounded<T>(limit: Option<Duration>, work: impl FnOnce() -> T) -> Result<T, TimedOut> {
    match limit {
        None => Ok(work()),
        Some(limit) => crate::deadline::within(crate::deadline::after(limit), work).ok_or(TimedOut),
    }
}

/// The time limit given to [`next_step`], [`walk`] or [`analyse`] went by before the work was
/// done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the time limit went by before the work was done")]
pub struct TimedOut;

impl From<TimedOut> for RateError {
    fn from(_: TimedOut) -> RateError {
        RateError::TimedOut
    }
}

/// A puzzle's ratings on Sudoku Explainer's scale. The numbers are kept as Sudoku Explainer
/// computes them (6.699999999999999 is its 6.7); [`Rating::er`], [`Rating::ep`] and
/// [`Rating::ed`] give them as it prints them.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Rating {
    /// The hardest step (20.0 when the ladder cannot finish the puzzle).
    pub(crate) er: f64,
    /// The hardest step up to and including the first placement.
    pub(crate) ep: f64,
    /// The first step.
    pub(crate) ed: f64,
    /// The technique of the hardest step (the first, if several are as hard).
    pub(crate) hardest: Option<Technique>,
    /// Steps taken.
    pub(crate) steps: usize,
}

impl Rating {
    /// ER, the hardest step, rounded to tenths as Sudoku Explainer prints it (20.0 when the
    /// ladder cannot finish the puzzle).
    ///
    /// ```
    /// use sudoku_solver::{Grid, Technique};
    ///
    /// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ///     .parse()
    ///     .unwrap();
    /// let rating = grid.rate(None).unwrap();
    /// assert_eq!((rating.er(), rating.ep(), rating.ed()), (1.2, 1.2, 1.2));
    /// assert_eq!(rating.hardest(), Some(Technique::HiddenSingle));
    /// assert_eq!(rating.steps(), 51);
    /// ```
    pub fn er(&self) -> f64 {
        step::round(self.er)
    }

    /// EP, the hardest step up to and including the first placement, rounded to tenths.
    pub fn ep(&self) -> f64 {
        step::round(self.ep)
    }

    /// ED, the first step, rounded to tenths.
    pub fn ed(&self) -> f64 {
        step::round(self.ed)
    }

    /// The technique of the hardest step (the first, if several are as hard); `None` when the
    /// ladder cannot finish the puzzle.
    pub fn hardest(&self) -> Option<Technique> {
        self.hardest
    }

    /// The steps of the path.
    pub fn steps(&self) -> usize {
        self.steps
    }
}

/// Walks the path from `board` to the end, calling `each` with every step before it is applied
/// (with the board as it stands), and leaves `board` where the path ends: solved, or where the
/// ladder found nothing more. Returns the ratings; a board the ladder cannot finish is rated
/// 20.0. With a `limit`, the walk gives up once it went by: `board` then stands where the walk
/// stopped, and `each` has seen the steps taken up to there.
///
/// ```
/// use sudoku_solver::{walk, Board, Grid};
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
/// let solution = grid.solve().unwrap();
/// let mut board = Board::from_grid(&grid);
/// let mut placed = 0;
/// let rating = walk(&mut board, None, |_, step| {
///     // Every placement puts the solution's digit.
///     if let Some((cell, digit)) = step.placement() {
///         assert_eq!(solution.cells()[cell], digit);
///         placed += 1;
///     }
/// })
/// .unwrap();
/// assert_eq!(placed, 81 - grid.filled());
/// assert!(board.is_solved());
/// assert_eq!(rating.er(), 1.2);
/// ```
///
/// # Errors
///
/// [`TimedOut`] when `limit` went by first.
pub fn walk(
    board: &mut Board,
    limit: Option<Duration>,
    each: impl FnMut(&Board, &Step),
) -> Result<Rating, TimedOut> {
    bounded(limit, || walk_all(board, each))
}

/// [`walk`] without a limit of its own (under the thread's deadline, if any).
pub(crate) fn walk_all(board: &mut Board, mut each: impl FnMut(&Board, &Step)) -> Rating {
    walk_while(board, |board, step| {
        each(board, step);
        true
    })
}

/// [`walk`], stopping before a step for which `each` returns false (the ratings then cover
/// the steps before it, and `board` stands where it stopped).
pub fn walk_while(board: &mut Board, mut each: impl FnMut(&Board, &Step) -> bool) -> Rating {
    let mut rating = Rating {
        er: 0.0,
        ep: 0.0,
        ed: 0.0,
        hardest: None,
        steps: 0,
    };
    let mut placed = false;
    let mut memo = Memo::default();
    while !board.is_solved() {
        let found = memo.next_step(board);
        if crate::deadline::passed() {
            // Out of time: what the ladder found may be cut short, and the caller drops it.
            break;
        }
        let Some(step) = found else {
            rating.er = 20.0;
            rating.hardest = None;
            break;
        };
        if !each(board, &step) {
            break;
        }
        rating.steps += 1;
        if rating.hardest.is_none() || step.rating > rating.er {
            rating.er = step.rating;
            rating.hardest = Some(step.technique);
        }
        if rating.steps == 1 {
            rating.ed = rating.er;
        }
        if !placed && step.placement.is_some() {
            rating.ep = rating.er;
            placed = true;
        }
        let before = board.clone();
        step.apply(board);
        if *board == before {
            // A step that changes nothing would repeat forever.
            rating.er = 20.0;
            rating.hardest = None;
            break;
        }
    }
    if !placed {
        rating.ep = rating.er;
    }
    rating
}

/// Sudoku Explainer's rating of a [`Grid`](crate::Grid) of givens.
///
/// ```
/// use std::time::Duration;
/// use sudoku_solver::{Grid, RateError, Technique};
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let rating = grid.rate(None).unwrap();
/// assert_eq!(rating.er(), 1.2);
/// assert_eq!(rating.hardest(), Some(Technique::HiddenSingle));
/// // The steps, each held to the solution: a placement puts the solution's digit.
/// let solution = grid.solve().unwrap();
/// let (same, steps) = grid.explain(None).unwrap();
/// assert_eq!(same, rating);
/// assert_eq!(steps.len(), rating.steps());
/// for step in &steps {
///     let (cell, digit) = step.placement().unwrap();
///     assert_eq!(solution.cells()[cell], digit);
/// }
/// // Sudoku Explainer rates proper puzzles only.
/// assert_eq!(Grid::EMPTY.rate(None), Err(RateError::NotUnique));
/// // A hard puzzle, given no time at all.
/// let hard: Grid = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
///     .parse()
///     .unwrap();
/// assert_eq!(hard.rate(Some(Duration::ZERO)), Err(RateError::TimedOut));
/// ```
impl crate::grid::Grid {
    /// The rating, if it is done within `limit` (`None`: no limit; the hardest puzzles can
    /// take seconds). A puzzle the ladder cannot finish is rated 20.0.
    ///
    /// # Errors
    ///
    /// [`RateError::NoSolution`] or [`RateError::NotUnique`] at once when the givens do not
    /// have exactly one solution; [`RateError::TimedOut`] when `limit` went by first.
    pub fn rate(&self, limit: Option<Duration>) -> Result<Rating, RateError> {
        self.explain_by(limit, |_| {})
    }

    /// The rating and the steps of its path, in order, as [`Grid::rate`](crate::Grid::rate)
    /// walks it.
    ///
    /// # Errors
    ///
    /// As [`Grid::rate`](crate::Grid::rate).
    pub fn explain(&self, limit: Option<Duration>) -> Result<(Rating, Vec<Step>), RateError> {
        let mut steps = Vec::new();
        let rating = self.explain_by(limit, |step| steps.push(step.clone()))?;
        Ok((rating, steps))
    }

    fn explain_by(
        &self,
        limit: Option<Duration>,
        mut each: impl FnMut(&Step),
    ) -> Result<Rating, RateError> {
        match self.count_solutions(2) {
            0 => return Err(RateError::NoSolution),
            1 => {}
            _ => return Err(RateError::NotUnique),
        }
        Ok(bounded(limit, || {
            walk_all(&mut Board::from_grid(self), |_, step| each(step))
        })?)
    }
}

/// Why a [`Grid`](crate::Grid) has no rating ([`Grid::rate`](crate::Grid::rate)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// The givens have no solution.
    #[error("the givens have no solution")]
    NoSolution,
    /// The givens have more than one solution.
    #[error("the givens have more than one solution")]
    NotUnique,
    /// The time limit went by before the rating was done.
    #[error("the time limit went by before the rating was done")]
    TimedOut,
}
