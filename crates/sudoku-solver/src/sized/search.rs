//! The search for solutions of a board of any shape ([`SizedGrid`]): counting to a limit, as
//! [`search`](crate::search) does for the classic board.
//!
//! Why an engine of its own: the classic engines are 9x9 by construction (bitboards of three
//! bands, vectors of a box). This one takes everything it knows of the board from its
//! [`Houses`] (the cells of each house and each cell's peers), so the same code solves 4x4 to
//! 36x36 and, later, boards whose houses are drawn rather than computed.
//!
//! How:
//! - a cell's candidates are one `u64` (bit `d - 1` for digit `d`; N is at most 36), and each
//!   house keeps the digits placed in it (a placed digit has been taken out of the peers);
//! - propagation to a fixed point: a placed digit leaves its peers (a cell left with one
//!   candidate is placed in turn: naked singles), then every house that lost a candidate since
//!   its last scan is scanned for a digit with one place left (hidden singles) or none (no
//!   solution), then every meeting of two houses (a box and a line) for a digit whose places in
//!   one lie all in the other, which then leaves the rest of the other (box-line interactions);
//!   the meetings are found from the house tables, once per shape;
//! - branching on the open cell with the fewest candidates for the weight of its houses: a
//!   house weighs one more each time a contradiction is found in it, so the search turns to
//!   where the puzzle is tight (hard 16x16 puzzles: a third of the guesses and of the time of
//!   plain fewest-candidates). Each candidate is tried in turn on a copy of the state (one
//!   buffer per depth, allocated once);
//! - the thread's deadline ([`crate::deadline`]) is asked every few thousand nodes.
//!
//! What was measured to choose these (and what was turned down: branching on a house's digit,
//! full Hall-set reasoning) is in
//! `doc/solver-experiments.md`, section "Boards of other sizes".

use crate::deadline;
use crate::logic::TimedOut;
use crate::random::shuffle;
use crate::shape::{Houses, Shape};
use crate::sized::SizedGrid;
use crate::solver::SolveError;
use rand_chacha::ChaCha8Rng;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

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
    run(grid, limit, None, None)
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

/// A solution of `grid` with `digit` taken from the candidates of `cell`, an empty cell: up to
/// `limit` solutions with another digit there. The generator asks it for each clue it removes.
pub(crate) fn search_sized_without(
    grid: &SizedGrid,
    cell: usize,
    digit: u8,
    limit: u64,
) -> SizedSearch {
    run(grid, limit, Some((cell, digit)), None)
}

/// A full grid of `shape` found by the search from the empty board, the candidates of each
/// branch tried in an order drawn from `rng`.
pub(crate) fn random_solution(shape: Shape, rng: &mut ChaCha8Rng) -> SizedGrid {
    run(&SizedGrid::empty(shape), 1, None, Some(rng))
        .first
        .expect("the empty board of every shape has a solution")
}

/// The search of `grid` (without `digit` at `cell` when given; the candidates in an order drawn
/// from `rng` when given).
fn run(
    grid: &SizedGrid,
    limit: u64,
    without: Option<(usize, u8)>,
    rng: Option<&mut ChaCha8Rng>,
) -> SizedSearch {
    if limit == 0 || grid.conflict().is_some() {
        return SizedSearch::none();
    }
    let houses = grid.shape().houses();
    let mut engine = Engine::new(&houses, limit);
    engine.rng = rng;
    let mut start = vec![0u64; grid.cells().len() + houses.len()];
    if engine.start(grid.cells(), without, &mut start) {
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

/// Where two houses meet in two cells or more (a box and a line): the cells they share, and
/// the rest of each house outside them, as the other meetings that make up that rest (a row's
/// other box segments; a box's other rows) where those cover it exactly, else as cells.
struct Meeting {
    shared: Box<[u16]>,
    first_rest: Rest,
    second_rest: Rest,
    /// The cells of each house outside the shared ones, for eliminations.
    first_cells: Box<[u16]>,
    second_cells: Box<[u16]>,
}

enum Rest {
    Meetings(Box<[u16]>),
    Cells,
}

/// The meetings of `houses`: built once for the standard houses of each shape and shared,
/// built afresh for other houses.
fn shared_meetings(houses: &Arc<Houses>) -> Arc<Vec<Meeting>> {
    type Slot = OnceLock<(Arc<Houses>, Arc<Vec<Meeting>>)>;
    static TABLES: [Slot; 37 * 37] = [const { OnceLock::new() }; 37 * 37];
    let shape = houses.shape();
    let standard = shape.houses();
    if !Arc::ptr_eq(houses, &standard) {
        return Arc::new(meetings(houses));
    }
    let (_, table) = TABLES[shape.box_rows() * 37 + shape.box_cols()]
        .get_or_init(|| (standard.clone(), Arc::new(meetings(&standard))));
    table.clone()
}

fn meetings(houses: &Houses) -> Vec<Meeting> {
    let mut pairs: Vec<(usize, usize, Vec<u16>)> = Vec::new();
    for a in 0..houses.len() {
        for b in a + 1..houses.len() {
            let (ca, cb) = (houses.cells(a), houses.cells(b));
            let shared: Vec<u16> = ca.iter().copied().filter(|c| cb.contains(c)).collect();
            if shared.len() >= 2 {
                pairs.push((a, b, shared));
            }
        }
    }
    // The rest of `house` outside meeting `m`, as the meetings of `house` with houses of the
    // role of `other`, when they and `m` cover `house` once each.
    let rest = |m: usize, house: usize, other: usize| -> Rest {
        let role = houses.role(other).0;
        let family: Vec<usize> = (0..pairs.len())
            .filter(|&k| {
                let (a, b, _) = &pairs[k];
                let far = if *a == house {
                    *b
                } else if *b == house {
                    *a
                } else {
                    return false;
                };
                houses.role(far).0 == role
            })
            .collect();
        let mut covered: Vec<u16> = family.iter().flat_map(|&k| pairs[k].2.clone()).collect();
        covered.sort_unstable();
        let mut cells = houses.cells(house).to_vec();
        cells.sort_unstable();
        if covered == cells && family.contains(&m) {
            Rest::Meetings(
                family
                    .into_iter()
                    .filter(|&k| k != m)
                    .map(|k| k as u16)
                    .collect(),
            )
        } else {
            Rest::Cells
        }
    };
    (0..pairs.len())
        .map(|m| {
            let (a, b, shared) = &pairs[m];
            let outside = |h: usize| -> Box<[u16]> {
                houses
                    .cells(h)
                    .iter()
                    .copied()
                    .filter(|c| !shared.contains(c))
                    .collect()
            };
            Meeting {
                first_rest: rest(m, *a, *b),
                second_rest: rest(m, *b, *a),
                first_cells: outside(*a),
                second_cells: outside(*b),
                shared: shared.clone().into(),
            }
        })
        .collect()
}

/// One search: the houses, the count so far, and one state buffer per depth.
struct Engine<'h> {
    houses: &'h Houses,
    meetings: Arc<Vec<Meeting>>,
    /// Per house, a weight grown by each contradiction found in it.
    weight: Vec<u32>,
    /// Per cell, the weights of its houses.
    cell_weight: Vec<u32>,
    /// The number of cells; the state holds their masks, then each house's placed digits.
    cells: usize,
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
    /// Scratch: the open digits of each meeting's shared cells.
    shared: Vec<u64>,
    /// When set, the candidates of a branch are tried in an order drawn from it.
    rng: Option<&'h mut ChaCha8Rng>,
    /// The houses whose cells lost a candidate since the last hidden-single scan, as bits of
    /// words: only they can hold a new hidden single or a digit with no place.
    dirty: Vec<u64>,
}

impl<'h> Engine<'h> {
    fn new(houses: &'h Arc<Houses>, limit: u64) -> Engine<'h> {
        let n = houses.shape().size();
        Engine {
            houses,
            meetings: shared_meetings(houses),
            weight: vec![1; houses.len()],
            cell_weight: (0..houses.shape().cells())
                .map(|c| houses.of_cell(c).len() as u32)
                .collect(),
            cells: houses.shape().cells(),
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
            shared: Vec::new(),
            rng: None,
            dirty: vec![0; houses.len().div_ceil(64)],
        }
    }

    /// The state of `givens` brought to its fixed point in `state`; false when that shows
    /// there is no solution.
    fn start(&mut self, givens: &[u8], without: Option<(usize, u8)>, state: &mut [u64]) -> bool {
        let cells = self.houses.shape().cells();
        state[..cells].fill(self.full);
        state[cells..].fill(0);
        self.queue.clear();
        for house in 0..self.houses.len() {
            self.dirty[house / 64] |= 1 << (house % 64);
        }
        for (cell, &digit) in givens.iter().enumerate() {
            if digit != 0 {
                state[cell] = 1 << (digit - 1);
                self.queue.push(cell as u16);
            }
        }
        if let Some((cell, digit)) = without {
            state[cell] &= !(1 << (digit - 1));
            if state[cell] & (state[cell] - 1) == 0 {
                self.queue.push(cell as u16);
            }
        }
        self.propagate(state)
    }

    /// The houses of `cell`, which lost a candidate, are to be scanned again.
    fn mark(&mut self, cell: usize) {
        for &house in self.houses.of_cell(cell) {
            self.dirty[house as usize / 64] |= 1 << (house % 64);
        }
    }

    /// A contradiction at `cell`: its houses weigh more.
    fn blame_cell(&mut self, cell: usize) {
        for &h in self.houses.of_cell(cell) {
            self.blame_house(h as usize);
        }
    }

    /// A contradiction in `house`: it, and each of its cells, weighs more.
    fn blame_house(&mut self, house: usize) {
        self.weight[house] += 1;
        for &cell in self.houses.cells(house) {
            self.cell_weight[cell as usize] += 1;
        }
    }

    /// Places the queued cells and the hidden singles they lead to, until nothing is left to
    /// place; false on a contradiction (a cell or a house's digit with no place).
    fn propagate(&mut self, state: &mut [u64]) -> bool {
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                let mask = state[cell];
                if mask == 0 {
                    self.blame_cell(cell);
                    return false;
                }
                let of_cell = self.houses.of_cell(cell);
                if state[self.cells + of_cell[0] as usize] & mask != 0 {
                    continue; // placed already
                }
                for &house in of_cell {
                    state[self.cells + house as usize] |= mask;
                }
                for &peer in self.houses.peers(cell) {
                    let peer = peer as usize;
                    let other = state[peer];
                    if other & mask == 0 {
                        continue;
                    }
                    let left = other & !mask;
                    if left == 0 {
                        self.blame_cell(peer);
                        return false;
                    }
                    state[peer] = left;
                    self.mark(peer);
                    if left & (left - 1) == 0 {
                        self.queue.push(peer as u16);
                    }
                }
            }
            match self.hidden_singles(state) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.box_line(state) {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    /// Box-line interactions: where a digit's places in one house all lie in another, it leaves
    /// the rest of the other. `Some(true)` when a candidate went.
    fn box_line(&mut self, state: &mut [u64]) -> Option<bool> {
        let mut found = false;
        let open = |m: u64| m;
        let mut shared = std::mem::take(&mut self.shared);
        shared.clear();
        shared.extend(self.meetings.iter().map(|m| {
            m.shared
                .iter()
                .fold(0, |acc, &c| acc | open(state[c as usize]))
        }));
        let meetings = self.meetings.clone();
        for (k, meeting) in meetings.iter().enumerate() {
            let here = shared[k];
            if here == 0 {
                continue;
            }
            let rest = |r: &Rest, cells: &[u16]| match r {
                Rest::Meetings(others) => others.iter().fold(0, |acc, &o| acc | shared[o as usize]),
                Rest::Cells => cells
                    .iter()
                    .fold(0, |acc, &c| acc | open(state[c as usize])),
            };
            let first = rest(&meeting.first_rest, &meeting.first_cells);
            let second = rest(&meeting.second_rest, &meeting.second_cells);
            for (only, cells, other) in [
                (here & !first, &meeting.second_cells, second),
                (here & !second, &meeting.first_cells, first),
            ] {
                if only & other == 0 {
                    continue;
                }
                for &cell in cells.iter() {
                    let cell = cell as usize;
                    let mask = state[cell];
                    if mask & only != 0 {
                        let left = mask & !only;
                        if left == 0 {
                            self.shared = shared;
                            return None;
                        }
                        state[cell] = left;
                        self.mark(cell);
                        if left & (left - 1) == 0 {
                            self.queue.push(cell as u16);
                        }
                        found = true;
                    }
                }
            }
            // Eliminations change the ORs of later meetings only by removing digits, which
            // can only hide an elimination until the next pass: still sound.
        }
        self.shared = shared;
        Some(found)
    }

    /// Scans every house: a digit with no place is a contradiction (`None`); a digit with one
    /// open place is set there and queued. `Some(true)` when one was.
    fn hidden_singles(&mut self, state: &mut [u64]) -> Option<bool> {
        let mut found = false;
        for word in 0..self.dirty.len() {
            let mut dirty = std::mem::take(&mut self.dirty[word]);
            while dirty != 0 {
                let house = word * 64 + dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let cells = self.houses.cells(house);
                let (mut once, mut twice) = (0u64, 0u64);
                for &cell in cells {
                    let mask = state[cell as usize];
                    twice |= once & mask;
                    once |= mask;
                }
                if once != self.full {
                    self.blame_house(house);
                    return None;
                }
                let mut hidden = once & !twice & !state[self.cells + house];
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    let Some(&cell) = cells.iter().find(|&&c| state[c as usize] & bit != 0) else {
                        self.blame_house(house);
                        return None;
                    };
                    let cell = cell as usize;
                    if state[cell] & (state[cell] - 1) != 0 {
                        state[cell] = bit;
                        self.mark(cell);
                        self.queue.push(cell as u16);
                        found = true;
                    } else if state[cell] != bit {
                        return None;
                    }
                }
            }
        }
        Some(found)
    }

    /// The open cell with the fewest candidates for the weight of its houses (the weights
    /// grow with the contradictions found in them), `None` when every cell is placed.
    fn choose(&self, state: &[u64]) -> Option<usize> {
        let mut best = None;
        // Candidates / weight, compared as cross products.
        let (mut best_count, mut best_weight) = (u64::from(u32::MAX), 1u64);
        for (cell, &mask) in state[..self.cells].iter().enumerate() {
            if mask & (mask - 1) != 0 {
                let count = u64::from(mask.count_ones());
                let weight = u64::from(self.cell_weight[cell]);
                if count * best_weight < best_count * weight {
                    best_count = count;
                    best_weight = weight;
                    best = Some(cell);
                }
            }
        }
        best
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
        let Some(cell) = self.choose(&self.stack[depth]) else {
            self.record(depth);
            return;
        };
        if self.stack.len() <= depth + 1 {
            let len = self.stack[depth].len();
            self.stack.push(vec![0; len]);
        }
        // Each candidate in turn (in a drawn order, when drawing); every one but the last is a
        // guess.
        let mut order = [0u64; crate::shape::MAX_SIZE];
        let mut count = 0;
        let mut digits = self.stack[depth][cell];
        while digits != 0 {
            let bit = digits & digits.wrapping_neg();
            digits ^= bit;
            order[count] = bit;
            count += 1;
        }
        if let Some(rng) = self.rng.as_mut() {
            shuffle(rng, &mut order[..count]);
        }
        for (i, &bit) in order[..count].iter().enumerate() {
            if i + 1 < count {
                self.guesses += 1;
            }
            let mut child = std::mem::take(&mut self.stack[depth + 1]);
            child.copy_from_slice(&self.stack[depth]);
            child[cell] = bit;
            self.dirty.fill(0);
            self.mark(cell);
            self.queue.clear();
            self.queue.push(cell as u16);
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
            self.stack[depth][..self.cells]
                .iter()
                .map(|&m| (m.trailing_zeros() + 1) as u8)
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
