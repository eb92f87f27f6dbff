//! The search for solutions of a board of any shape ([`SizedGrid`]): counting to a limit, as
//! [`search`](crate::search) does for the classic board.
//!
//! Why an engine of its own: the classic engines are 9x9 by construction (bitboards of three
//! bands, vectors of a box). This one takes everything it knows of the board from its
//! [`Houses`] (the cells of each house and each cell's peers), so the same code solves 4x4 to
//! 36x36 and, later, boards whose houses are drawn rather than computed.
//!
//! How:
//! - a cell's candidates are one `u64` (bit `d - 1` for digit `d`; N is at most 36), and bit
//!   [`PLACED`] marks a cell whose digit is placed and taken out of its peers;
//! - propagation to a fixed point: a placed digit leaves its peers (a cell left with one
//!   candidate is placed in turn: naked singles), then every house is scanned for a digit with
//!   one place left (hidden singles) or none (no solution);
//! - branching on an open cell with the fewest candidates, each candidate in turn on a copy of
//!   the state (one buffer per depth, allocated once);
//! - the thread's deadline ([`crate::deadline`]) is asked every few thousand nodes.
//!
//! What was measured to choose these (box-line interactions, branching on a house's digit) is in
//! `doc/solver-experiments.md`, section "Boards of other sizes".

use crate::deadline;
use crate::logic::TimedOut;
use crate::shape::Houses;
use crate::sized::SizedGrid;
use crate::solver::SolveError;
use std::time::Duration;

/// The bit of a cell's mask that marks its digit as placed (propagated to its peers).
const PLACED: u64 = 1 << 63;

/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 4096;

/// What a search of a [`SizedGrid`] found: solutions counted up to the limit, the first two,
/// and the guesses made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SizedSearch {
    solutions: u64,
    first: Option<SizedGrid>,
    second: Option<SizedGrid>,
    guesses: u64,
}

impl SizedSearch {
    /// Solutions found, never more than the limit.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The first solution found, if any.
    pub fn first(&self) -> Option<&SizedGrid> {
        self.first.as_ref()
    }

    /// The second solution found, if the limit allowed searching that far and one exists.
    pub fn second(&self) -> Option<&SizedGrid> {
        self.second.as_ref()
    }

    /// Guesses the search made: where a cell's k candidates are tried in turn, every one but the
    /// last (a puzzle solved by singles alone has 0).
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    fn none() -> SizedSearch {
        SizedSearch {
            solutions: 0,
            first: None,
            second: None,
            guesses: 0,
        }
    }
}

/// Searches `grid` for up to `limit` solutions (0: none is looked for). Givens that repeat a
/// digit in a house have no solution. Under a deadline of the thread
/// ([`with_time_limit`](crate::with_time_limit)) the search winds down when it goes by.
///
/// ```
/// use sudoku_solver::{search_sized, Shape, SizedGrid};
///
/// let empty = SizedGrid::empty(Shape::for_size(4).unwrap());
/// assert_eq!(search_sized(&empty, 1000).solutions(), 288);
/// let puzzle: SizedGrid = "..3..4.221......".parse().unwrap();
/// let found = search_sized(&puzzle, 2);
/// assert_eq!(found.solutions(), 1);
/// assert!(found.first().unwrap().solves(&puzzle));
/// ```
pub fn search_sized(grid: &SizedGrid, limit: u64) -> SizedSearch {
    if limit == 0 || grid.conflict().is_some() {
        return SizedSearch::none();
    }
    let houses = grid.shape().houses();
    let mut engine = Engine::new(&houses, limit);
    let mut start = vec![0u64; grid.cells().len()];
    if engine.start(grid.cells(), &mut start) {
        engine.stack.push(start);
        engine.explore(0);
    }
    SizedSearch {
        solutions: engine.solutions,
        first: engine.first.map(|cells| cells_grid(grid, cells)),
        second: engine.second.map(|cells| cells_grid(grid, cells)),
        guesses: engine.guesses,
    }
}

/// [`search_sized`] within `time_limit` (`None`: none).
///
/// # Errors
///
/// [`TimedOut`] when `time_limit` went by first.
pub fn search_sized_timed(
    grid: &SizedGrid,
    limit: u64,
    time_limit: Option<Duration>,
) -> Result<SizedSearch, TimedOut> {
    match time_limit {
        None => Ok(search_sized(grid, limit)),
        Some(time) => {
            deadline::within(deadline::after(time), || search_sized(grid, limit)).ok_or(TimedOut)
        }
    }
}

fn cells_grid(like: &SizedGrid, cells: Vec<u8>) -> SizedGrid {
    SizedGrid::new(like.shape(), cells).expect("a solution holds digits of its shape")
}

/// The solver's answers as methods of a [`SizedGrid`] of givens, as [`Grid`](crate::Grid) has
/// them.
///
/// ```
/// use sudoku_solver::{SizedGrid, SolveError};
///
/// let puzzle: SizedGrid = "..3..4.221......".parse().unwrap();
/// let solution = puzzle.solve_unique().unwrap();
/// assert!(solution.solves(&puzzle));
/// assert!(puzzle.is_unique());
/// let open: SizedGrid = "1...............".parse().unwrap();
/// assert_eq!(open.count_solutions(1000), 288 / 4);
/// assert!(matches!(open.solve_unique(), Err(SolveError::NotUniqueSized(_))));
/// ```
impl SizedGrid {
    /// The first solution, or `None` when the givens have none.
    pub fn solve(&self) -> Option<SizedGrid> {
        search_sized(self, 1).first
    }

    /// The number of solutions, counted up to `limit` (the search stops there).
    pub fn count_solutions(&self, limit: u64) -> u64 {
        search_sized(self, limit).solutions
    }

    /// True when the givens have exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.count_solutions(2) == 1
    }

    /// The solution of a proper puzzle.
    ///
    /// # Errors
    ///
    /// [`SolveError::NoSolution`], or [`SolveError::NotUniqueSized`] with two of the solutions.
    pub fn solve_unique(&self) -> Result<SizedGrid, SolveError> {
        let found = search_sized(self, 2);
        match (found.first, found.second) {
            (Some(first), Some(second)) => {
                Err(SolveError::NotUniqueSized(Box::new([first, second])))
            }
            (Some(only), None) => Ok(only),
            _ => Err(SolveError::NoSolution),
        }
    }
}

/// One search: the houses, the count so far, and one state buffer per depth.
struct Engine<'h> {
    houses: &'h Houses,
    /// Every digit of the shape: bits 0..N.
    full: u64,
    limit: u64,
    solutions: u64,
    first: Option<Vec<u8>>,
    second: Option<Vec<u8>>,
    guesses: u64,
    nodes: u64,
    /// Set when the deadline went by: the search unwinds.
    stopped: bool,
    /// The state at each depth: a mask per cell.
    stack: Vec<Vec<u64>>,
    /// Cells with one candidate left, to place.
    queue: Vec<u16>,
}

impl<'h> Engine<'h> {
    fn new(houses: &'h Houses, limit: u64) -> Engine<'h> {
        let n = houses.shape().size();
        Engine {
            houses,
            full: (1u64 << n) - 1,
            limit,
            solutions: 0,
            first: None,
            second: None,
            guesses: 0,
            nodes: 0,
            stopped: false,
            stack: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// The state of `givens` brought to its fixed point in `state`; false when that shows
    /// there is no solution.
    fn start(&mut self, givens: &[u8], state: &mut [u64]) -> bool {
        state.fill(self.full);
        self.queue.clear();
        for (cell, &digit) in givens.iter().enumerate() {
            if digit != 0 {
                state[cell] = 1 << (digit - 1);
                self.queue.push(cell as u16);
            }
        }
        self.propagate(state)
    }

    /// Places the queued cells and the hidden singles they lead to, until nothing is left to
    /// place; false on a contradiction (a cell or a house's digit with no place).
    fn propagate(&mut self, state: &mut [u64]) -> bool {
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                let mask = state[cell];
                if mask & PLACED != 0 {
                    continue;
                }
                if mask == 0 {
                    return false;
                }
                state[cell] = mask | PLACED;
                for &peer in self.houses.peers(cell) {
                    let peer = peer as usize;
                    let other = state[peer];
                    if other & mask == 0 {
                        continue;
                    }
                    if other & PLACED != 0 {
                        return false;
                    }
                    let left = other & !mask;
                    if left == 0 {
                        return false;
                    }
                    state[peer] = left;
                    if left & (left - 1) == 0 {
                        self.queue.push(peer as u16);
                    }
                }
            }
            match self.hidden_singles(state) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Scans every house: a digit with no place is a contradiction (`None`); a digit with one
    /// open place is set there and queued. `Some(true)` when one was.
    fn hidden_singles(&mut self, state: &mut [u64]) -> Option<bool> {
        let mut found = false;
        for house in 0..self.houses.len() {
            let cells = self.houses.cells(house);
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &cell in cells {
                let mask = state[cell as usize];
                if mask & PLACED != 0 {
                    placed |= mask;
                } else {
                    twice |= once & mask;
                    once |= mask;
                }
            }
            let placed = placed & !PLACED;
            if once | placed != self.full {
                return None;
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden ^= bit;
                let cell = *cells.iter().find(|&&c| state[c as usize] & bit != 0)?;
                let cell = cell as usize;
                if state[cell] & (state[cell] - 1) != 0 {
                    state[cell] = bit;
                    self.queue.push(cell as u16);
                    found = true;
                } else if state[cell] != bit {
                    return None;
                }
            }
        }
        Some(found)
    }

    /// Searches on from the state at `depth` (at its fixed point).
    fn explore(&mut self, depth: usize) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY) && deadline::passed() {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        // The open cell with the fewest candidates.
        let state = &self.stack[depth];
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        for (cell, &mask) in state.iter().enumerate() {
            if mask & PLACED == 0 {
                let count = mask.count_ones();
                if count < best_count {
                    best_count = count;
                    best = cell;
                    if count <= 2 {
                        break;
                    }
                }
            }
        }
        if best == usize::MAX {
            self.record(depth);
            return;
        }
        if self.stack.len() <= depth + 1 {
            self.stack.push(vec![0; state.len()]);
        }
        let mut digits = self.stack[depth][best];
        while digits != 0 {
            let bit = digits & digits.wrapping_neg();
            digits ^= bit;
            if digits != 0 {
                self.guesses += 1;
            }
            let (below, above) = self.stack.split_at_mut(depth + 1);
            let child = &mut above[0];
            child.copy_from_slice(&below[depth]);
            child[best] = bit;
            self.queue.clear();
            self.queue.push(best as u16);
            let mut child = std::mem::take(&mut self.stack[depth + 1]);
            let alive = self.propagate(&mut child);
            self.stack[depth + 1] = child;
            if alive {
                self.explore(depth + 1);
            }
            if self.solutions >= self.limit || self.stopped {
                return;
            }
        }
    }

    /// Counts the full state at `depth` as a solution, keeping the first two.
    fn record(&mut self, depth: usize) {
        self.solutions += 1;
        let cells = || {
            self.stack[depth]
                .iter()
                .map(|&m| ((m & !PLACED).trailing_zeros() + 1) as u8)
                .collect::<Vec<u8>>()
        };
        if self.first.is_none() {
            self.first = Some(cells());
        } else if self.second.is_none() {
            self.second = Some(cells());
        }
    }
}

#[cfg(test)]
mod tests;
