//! The vector engine: boxes and bands of triads in 256-bit vectors, propagated to a fixed point,
//! with a branch on a band's digit placements.
//!
//! # The state
//!
//! Each of the 9 boxes is one vector of 16 lanes, each lane a digit set (bit `d - 1` for digit
//! `d`), read as a 4x4 matrix, a row of it per 64-bit quad:
//!
//! ```text
//!   lane  0  1  2  3        c c c R0      c: the digits still possible in a cell of the box
//!         4  5  6  7        c c c R1         (matrix row = row in the box, column = column)
//!         8  9 10 11        c c c R2      Rq: the digits that may still be absent from row q of
//!        12 13 14 15        C0 C1 C2 .       the box (a "negative triad"); Cj the same for
//!                                            column j; lane 15 is always 0
//! ```
//!
//! For each digit, each of the first three matrix rows holds it exactly once: in one of the
//! row's three cells, or (when none has it) in `Rq`. The same holds for the first three matrix
//! columns with `Cj`. A row of a box holds exactly 3 digits, so `Rq` keeps at least 6.
//!
//! Each of the 6 bands (0..3 the rows of boxes, 3..6 the stacks) is one vector of digit sets
//! over the 6 ways a digit can cross the band: a *configuration* `p` puts the digit in row
//! `sigma(p, k)` of the band's `k`-th box (its column, in a stack), one row per box, so a
//! permutation of the three rows. Lane `p` (0..6) holds the digits for which `p` is still open;
//! lanes 8..14 repeat lanes 0..6, so that a shuffle inside a 128-bit half reads them from
//! either half; lanes 6, 7, 14, 15 are 0.
//!
//! ```text
//!   p:           0      1      2      3      4      5      forward: sigma = (p + k) mod 3
//!   box k = 0:   row 0  row 1  row 2  row 0  row 1  row 2  backward: sigma = (p - 3 + 2k) mod 3
//!   box k = 1:   row 1  row 2  row 0  row 2  row 0  row 1
//!   box k = 2:   row 2  row 0  row 1  row 1  row 2  row 0
//! ```
//!
//! The *triads* of a band, the digits possible in row `e` of its box `k`, are the union of the
//! two configurations through it; the engine lays them out as a box matrix, `T(k, e)` at lane
//! `4k + e`. A digit fixed in every band (one configuration left in all six) stands in one
//! cell of each box: the state is then a solution.
//!
//! The whole state is these 15 vectors, 480 bytes, copied once per branch.
//!
//! # Propagation (all exact Sudoku rules)
//!
//! A box, in one round (`box_round`):
//! * a cell with no digit, or an `Rq`/`Cj` with fewer than 6, is a contradiction;
//! * a cell with one digit (naked single), or the only place of a digit in its matrix row or
//!   column (hidden single in the box's row or column), asserts that digit: it leaves the other
//!   cells of the box, and the `Rq` and `Cj` of the cell (the digit is in that row and column);
//! * an `Rq` with exactly 6 digits: those are absent from row q, so they leave its cells (the
//!   same for `Cj`);
//! * the box tells its two bands which configurations it still allows: a digit can cross the
//!   box in row `e` only if a cell of row `e` has it and no other row must hold it (it lies in
//!   the other two rows' `R`).
//!
//! A band, in one round (`band_round`):
//! * a digit with no configuration left, or a triad with fewer than 3 digits, is a
//!   contradiction;
//! * a triad with exactly 3 digits holds all three (a row of a box holds 3 digits), so their
//!   configurations through the box's other rows close;
//! * each of its boxes keeps, in the cells of row `e`, only the digits of `T(k, e)`, and in `Re`
//!   only the digits of the other two triads of the box.
//!
//! # Schedule
//!
//! `State::propagate` keeps two bit masks, the boxes and the bands whose lanes changed, and
//! gives each of them one round in turn, boxes first, until both are empty. A box or band comes
//! back while its own round changes it (a round that changes nothing is a fixed point: the next
//! would find the same); a band comes back when a box's message closes one of its
//! configurations, a box when a band's restriction removes one of its digits. These marks are
//! set by arithmetic, not by branches: which box or band changes is not predictable, and a
//! mispredicted branch costs more than the work it would skip.
//!
//! The rules only remove digits, so the fixed point reached does not depend on this order,
//! except for when a contradiction shows (a digit asserted twice in a box is caught through the
//! bands, sooner or later); every implementation follows the same order, so every CPU makes the
//! same search.
//!
//! # Branching
//!
//! At a fixed point the search takes the band with the fewest open configurations (of those not
//! yet fixed), in it a digit with the fewest (2 when there is one), and tries its first open
//! configuration, then the rest. Each such binary branch counts one guess. The search is one
//! loop with an explicit stack of states, so that it compiles into one function per
//! instruction set (see [`simd`]).
//!
//! The files: `tables.rs` the layout above as constant tables (masks, shuffles, permutes);
//! `rounds.rs` the rules, a box's and a band's round; this file the state, the schedule, the
//! branch and the search loop; `simd/` the primitives for each instruction set.
//!
//! What was tried on this engine, with figures, is in `doc/solver-experiments.md`.

pub(crate) mod simd;

mod rounds;
mod tables;

use super::SearchOutcome;
use rounds::{
    band_round, box_round, fold_columns, fold_quads, others_in_column, others_in_quad,
    Contradiction,
};
use simd::Lanes;
use tables::*;
#[cfg(test)]
pub(crate) use tables::{permutes, HALF_LANE_TABLES};

/// The search state (see the module documentation).
#[derive(Clone, Copy)]
struct State<L> {
    boxes: [L; 9],
    bands: [L; 6],
}

impl<L: Lanes> State<L> {
    /// Runs the rules until nothing changes, from the boxes in `boxes` and the bands in `bands`
    /// (bit masks) whose lanes changed.
    #[inline(always)]
    fn propagate(&mut self, mut boxes: u16, mut bands: u8) -> Result<(), Contradiction> {
        loop {
            let mut todo = boxes;
            boxes = 0;
            while todo != 0 {
                let b = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                // One round; the box comes back while a round changes it. Marked without a
                // branch, as are the bands below: which changes is hard to predict.
                // (A rule only removes: the box is unchanged when it lies within the result,
                // and a band when it lies within the message or restriction it is masked by.)
                let (x, m) = box_round(self.boxes[b])?;
                boxes |= u16::from(!self.boxes[b].within(x)) << b;
                self.boxes[b] = x;
                let [row, stack, in_row, in_stack] = BOX_BANDS[b];
                let (row, stack) = (usize::from(row), usize::from(stack));
                let (in_row, in_stack) = (usize::from(in_row), usize::from(in_stack));
                let h = m.permute_one_of(&ROW_MESSAGE, in_row);
                bands |= u8::from(!self.bands[row].within(h)) << row;
                self.bands[row] = self.bands[row].and(h);
                let v = m.permute_one_of(&COL_MESSAGE, in_stack);
                bands |= u8::from(!self.bands[stack].within(v)) << stack;
                self.bands[stack] = self.bands[stack].and(v);
            }
            if bands == 0 && boxes == 0 {
                return Ok(());
            }
            let mut todo = bands;
            bands = 0;
            while todo != 0 {
                let n = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let (c, t, others) = band_round(self.bands[n])?;
                bands |= u8::from(!self.bands[n].within(c)) << n;
                self.bands[n] = c;
                // The tables of the band's kind are picked by index, not by a branch: rows and
                // stacks come in no predictable order.
                let kind = usize::from(n >= 3);
                for k in 0..3 {
                    let keep = t.permute_one_of(&BAND_CELLS[k], kind).or3(
                        others.permute_one_of(&BAND_TRIADS[k], kind),
                        L::load(&BAND_KEEPS[kind]),
                    );
                    let b = BAND_BOXES[n][k] as usize;
                    boxes |= u16::from(!self.boxes[b].within(keep)) << b;
                    self.boxes[b] = self.boxes[b].and(keep);
                }
            }
        }
    }

    /// What to do at a fixed point: report the solution (written into `grid`), give up the
    /// branch, or branch.
    #[inline(always)]
    fn next(&self, grid: &mut [u8; 81]) -> Next {
        let mut best: Option<(usize, u32)> = None;
        for (n, band) in self.bands.iter().enumerate() {
            // Each configuration is kept in both halves: the low one holds them all once.
            let open = band.count_ones_low();
            if open > 9 && best.is_none_or(|(_, fewest)| open < fewest) {
                best = Some((n, open));
            }
        }
        let Some((band, _)) = best else {
            return self.solution(grid);
        };
        let c = self.bands[band].store();
        // Per digit: open in at least one, two, three, four configurations.
        let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
        for &x in &c[..6] {
            four |= three & x;
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        let digits = [two & !three, three & !four, four]
            .into_iter()
            .find(|&m| m != 0)
            .unwrap_or(0);
        debug_assert!(digits != 0);
        let digit = digits & digits.wrapping_neg();
        let config = (0..6).find(|&p| c[p] & digit != 0).unwrap_or(0);
        Next::Branch {
            band,
            digit,
            config,
        }
    }

    /// The grid of a state whose bands are all fixed, into `g`: every cell holds one digit (else
    /// no solution lies here).
    #[inline(always)]
    fn solution(&self, g: &mut [u8; 81]) -> Next {
        let one = L::load(&CELL_ONES);
        for (b, x) in self.boxes.iter().enumerate() {
            let cells = x.and(L::load(&CELLS));
            if !cells.popcount().same(one) {
                return Next::Dead;
            }
            // A single bit `1 << k` less one has `k` bits: the digit less one.
            let digits = cells.sub(one).popcount().store();
            for (&cell, &lane) in BOX_CELLS[b].iter().zip(&CELL_LANES) {
                g[usize::from(cell)] = digits[lane] as u8 + 1;
            }
        }
        debug_assert!(super::grid_is_valid(g));
        Next::Solved
    }

    /// Keeps only configuration `config` open for `digit` in band `band` (`only`), or closes it.
    #[inline(always)]
    fn set_config(&mut self, band: usize, digit: u16, config: usize, only: bool) {
        self.bands[band] = self.bands[band].and_not(Self::config_mask(digit, config, only));
    }

    /// The lanes `set_config` clears.
    #[inline(always)]
    fn config_mask(digit: u16, config: usize, only: bool) -> L {
        let lanes = L::load(&CONFIG_LANES[usize::from(only)][config]);
        L::splat(digit).and(lanes)
    }
}

/// A state put aside for a branch not yet tried, with the band whose configurations it lost: as
/// plain lanes, so that one stack serves every implementation and is kept between searches.
#[derive(Clone, Copy)]
struct Saved {
    lanes: [[u16; 16]; 15],
    band: u8,
}

impl Saved {
    const EMPTY: Saved = Saved {
        lanes: [[0; 16]; 15],
        band: 0,
    };
}

impl<L: Lanes> State<L> {
    /// Puts the state into `to`, with the band whose configurations it lost.
    #[inline(always)]
    fn save(&self, band: usize, to: &mut Saved) {
        // In three runs of at most 5 vectors: the compiler writes a copy that long as plain
        // vector moves, and a longer one (the 9 boxes) as a call to `memcpy`, which costs more
        // than the moves.
        for (to, from) in to.lanes[..5].iter_mut().zip(&self.boxes[..5]) {
            *to = from.store();
        }
        for (to, from) in to.lanes[5..9].iter_mut().zip(&self.boxes[5..]) {
            *to = from.store();
        }
        for (to, from) in to.lanes[9..].iter_mut().zip(&self.bands) {
            *to = from.store();
        }
        to.band = band as u8;
    }

    #[inline(always)]
    fn restore(saved: &Saved) -> State<L> {
        let mut boxes = [L::splat(0); 9];
        for (to, from) in boxes.iter_mut().zip(&saved.lanes) {
            *to = L::load(from);
        }
        let mut bands = [L::splat(0); 6];
        for (to, from) in bands.iter_mut().zip(&saved.lanes[9..]) {
            *to = L::load(from);
        }
        State { boxes, bands }
    }
}

thread_local! {
    /// The stack of branches not yet tried, kept between the searches of a thread so that a
    /// search does not allocate: it only grows, and a search uses its slots from the bottom
    /// (states are written into their slot and read from it, never moved).
    static STACK: std::cell::Cell<Vec<Saved>> = const { std::cell::Cell::new(Vec::new()) };
}

/// What the search does at a fixed point.
enum Next {
    /// A solution, written into the grid given to `State::next`.
    Solved,
    Dead,
    Branch {
        band: usize,
        digit: u16,
        config: usize,
    },
}

/// What a search starts from: a puzzle of givens (row-major, 0 empty), or a pencilmark grid
/// (bit `d - 1` of a cell's mask for each digit `d` it may hold).
#[derive(Clone, Copy)]
pub(crate) enum Start<'a> {
    Givens(&'a [u8; 81]),
    Candidates(&'a [u16; 81]),
}

impl<L: Lanes> State<L> {
    /// The state of `start` before any rule ran, written over this one; `None` when a given is
    /// above 9, or two givens share a row, column or box. (Written in place: a state or box
    /// array moved instead was copied by a call to `memcpy`.)
    #[inline(always)]
    fn start(&mut self, start: Start) -> Option<()> {
        self.bands = [L::load(&OPEN_BAND); 6];
        let boxes = &mut self.boxes;
        match start {
            Start::Givens(givens) => {
                let mut bad = false;
                // Each box's givens in their lanes (0 elsewhere), by fixed indices.
                for (b, to) in boxes.iter_mut().enumerate() {
                    let mut a = [0u16; 16];
                    for (k, &cell) in BOX_CELLS[b].iter().enumerate() {
                        let v = givens[usize::from(cell)];
                        bad |= v > 9;
                        a[CELL_LANES[k]] = DIGIT_BIT[usize::from(v & 15)];
                    }
                    *to = L::load(&a);
                }
                if bad {
                    return None;
                }
                Self::from_given_lanes(boxes)?;
            }
            Start::Candidates(masks) => {
                for (b, to) in boxes.iter_mut().enumerate() {
                    let mut a = [ALL; 16];
                    a[15] = 0;
                    for (k, &cell) in BOX_CELLS[b].iter().enumerate() {
                        a[CELL_LANES[k]] = masks[usize::from(cell)] & ALL;
                    }
                    *to = L::load(&a);
                }
            }
        }
        Some(())
    }

    /// The boxes of a puzzle from its givens, in place (each box's givens in their cell lanes, 0
    /// in the rest): each blank keeps the digits no given of its row, column or box has, each
    /// triad the digits no given of its row (column) of the box has. `None` when a digit is given
    /// twice in a row, column or box. (In place: the array moved in and out was copied by a call
    /// to `memcpy` each way.)
    #[inline(always)]
    fn from_given_lanes(given: &mut [L; 9]) -> Option<()> {
        // Per box, every lane of matrix row q the givens of the box's row q; every lane of
        // matrix column j those of its column j.
        let mut in_rows = [L::splat(0); 9];
        let mut in_cols = [L::splat(0); 9];
        for b in 0..9 {
            in_rows[b] = fold_quads(given[b]);
            in_cols[b] = fold_columns(given[b]);
        }
        let mut twice = L::splat(0);
        let mut rows = [L::splat(0); 3];
        let mut cols = [L::splat(0); 3];
        for b in 0..9 {
            let g = given[b];
            // Twice in a box: in one of its rows or columns, or in two of its rows.
            let in_box = g.and(others_in_quad(g)).or3(
                g.and(others_in_column(g)),
                in_rows[b].and(others_in_column(in_rows[b])),
            );
            // Twice in a row or column: in two boxes of its band or stack.
            let (band, stack) = (b / 3, b % 3);
            let in_lines = rows[band].and(in_rows[b]).or(cols[stack].and(in_cols[b]));
            twice = twice.or3(in_box, in_lines);
            rows[band] = rows[band].or(in_rows[b]);
            cols[stack] = cols[stack].or(in_cols[b]);
        }
        if !twice.is_zero() {
            return None;
        }
        let cells = L::load(&CELLS);
        for b in 0..9 {
            let in_box = fold_columns(in_rows[b]);
            let taken = rows[b / 3].or3(cols[b % 3], in_box);
            let free = cells.and_not(taken).and(L::splat(ALL));
            let present = in_rows[b]
                .and(L::load(&ROW_TRIADS))
                .or(in_cols[b].and(L::load(&COL_TRIADS)));
            let absent = L::load(&TRIADS_ALL).and_not(present);
            given[b] = given[b].or_else(free).or(absent);
        }
        Some(())
    }
}

/// The search for up to `limit` solutions from `start`, on the primitives `L`. `TIMED`: it runs
/// under a time limit (`crate::deadline`), looked at every 1,024 guesses.
#[inline(always)]
pub(crate) fn run<L: Lanes, const TIMED: bool>(start: Start, limit: u64) -> SearchOutcome {
    let mut out = SearchOutcome::none();
    if limit == 0 {
        return out;
    }
    // The branches not yet tried.
    let mut later = STACK.take();
    let mut depth = 0;
    let mut st = State {
        boxes: [L::splat(0); 9],
        bands: [L::splat(0); 6],
    };
    let Some(()) = st.start(start) else {
        STACK.set(later);
        return out;
    };
    let mut grid = [0u8; 81];
    let mut alive = st.propagate(0x1FF, 0).is_ok();
    loop {
        if alive {
            match st.next(&mut grid) {
                Next::Branch {
                    band,
                    digit,
                    config,
                } => {
                    out.guesses += 1;
                    if TIMED && out.guesses.is_multiple_of(1024) && crate::deadline::passed() {
                        // Out of time: stop here; the caller throws the cut-short outcome away.
                        break;
                    }
                    if depth == later.len() {
                        later.push(Saved::EMPTY);
                    }
                    let rest = &mut later[depth];
                    depth += 1;
                    st.save(band, rest);
                    let closed = State::<L>::config_mask(digit, config, false);
                    rest.lanes[9 + band] = L::load(&rest.lanes[9 + band]).and_not(closed).store();
                    st.set_config(band, digit, config, true);
                    alive = st.propagate(0, 1 << band).is_ok();
                    continue;
                }
                Next::Solved => {
                    out.record(grid);
                    if out.solutions >= limit {
                        break;
                    }
                }
                Next::Dead => {}
            }
        }
        if depth == 0 {
            break;
        }
        depth -= 1;
        let saved = &later[depth];
        st = State::restore(saved);
        alive = st.propagate(0, 1 << saved.band).is_ok();
    }
    STACK.set(later);
    out
}

#[cfg(test)]
mod tests;
