//! The band core: per-digit band bitboards, forced moves, and a backtracking search that
//! branches on a cell. [`super::search`] and its siblings route puzzles here or to the vector
//! engine; the router and the search's outcome are in `solver.rs`.
//!
//! # Cells, houses and digits
//!
//! Cells are numbered row-major, `index = row * 9 + col`; boxes the same way,
//! `box = (row / 3) * 3 + col / 3`:
//!
//! ```text
//!        c0 c1 c2   c3 c4 c5   c6 c7 c8
//!   r0 |  0  1  2 |  3  4  5 |  6  7  8 |   \
//!   r1 |  9 10 11 | 12 13 14 | 15 16 17 |    > band 0 (boxes 0 1 2)
//!   r2 | 18 19 20 | 21 22 23 | 24 25 26 |   /
//!      +----------+----------+----------+
//!   r3 | 27 28 29 | 30 31 32 | 33 34 35 |   \
//!   r4 | 36 37 38 | 39 40 41 | 42 43 44 |    > band 1 (boxes 3 4 5)
//!   r5 | 45 46 47 | 48 49 50 | 51 52 53 |   /
//!      +----------+----------+----------+
//!   r6 | 54 55 56 | 57 58 59 | 60 61 62 |   \
//!   r7 | 63 64 65 | 66 67 68 | 69 70 71 |    > band 2 (boxes 6 7 8)
//!   r8 | 72 73 74 | 75 76 77 | 78 79 80 |   /
//!        stack 0    stack 1    stack 2
//! ```
//!
//! Digit sets are `u16` masks with bit `d - 1` standing for digit `d` (bit 0 = digit 1,
//! bit 8 = digit 9); bits 9..16 are always 0. Inside this file digits are mostly handled as an
//! index `d` in `0..9` (digit `d + 1`), which is the same bit number.
//!
//! # Band bitboards
//!
//! A band is 3 rows = 27 cells. Cell `i` lies in band `i / 27` at band position `p = i % 27`,
//! that is bit `p` of a `u32` (bits 27..32 always 0):
//!
//! ```text
//!   bit:  0  1  2 |  3  4  5 |  6  7  8     <- first row of the band
//!         9 10 11 | 12 13 14 | 15 16 17     <- second row
//!        18 19 20 | 21 22 23 | 24 25 26     <- third row
//! ```
//!
//! So inside a band, row `r` is bits `9r..9r+9`, column `c` is bits `c, c+9, c+18`
//! (`COL_BITS << c`), and the three cells of row `r` in stack `s` (a *triad*) are
//! `7 << (9r + 3s)`. A 9-bit column mask `m` becomes the band mask `m * COL_BITS`.
//!
//! The state keeps, for each digit `d` and band `b`, `cand[3d + b]`: the band positions where
//! digit `d` may still stand. A cell that has received digit `d` keeps exactly that one bit,
//! in `cand` of digit `d` only. `unsolved[b]` marks the band positions not yet filled.
//! The usual row, column and box masks (u16, bit `d` = digit `d + 1` placed) are not stored:
//! nothing in the search needs them, and without them a guess copies less. `State::houses`
//! derives them from the boards; the debug checks use that view.
//!
//! # Invariants
//!
//! * `cand` only ever loses bits: no step adds a candidate back (a guess works on a copy).
//! * A filled cell has exactly one digit with its bit set, and no peer has that digit's bit.
//!   `place` (guesses) and `place_sole` (naked singles) check with `debug_assert!` that the
//!   digit was a candidate of an unfilled cell and is absent from the cell's row, column and box
//!   masks (`houses`); hidden singles (filled in bulk, see below) check that the digit's boards
//!   already hold it nowhere else in the cell's houses; and a full solution is re-checked (in
//!   debug builds) before it is reported.
//! * A contradiction is reported as soon as a cell has no digit, or a digit has no place in a
//!   row, column or box of some band (checked through the band rules below).
//!
//! # Forced moves (`propagate`), all exact Sudoku rules
//!
//! For one digit in one band, each of the 3 rows and each of the 3 boxes holds the digit
//! exactly once, so the triads that can hold it must contain a 3x3 permutation pattern.
//! `PERM_KEEP` (computed at compile time) maps the 9-bit pattern of non-empty triads to the
//! cells of the triads that lie on at least one such permutation. This one table lookup does
//! pointing and claiming inside the band (box-line interactions along rows), and turns a box
//! with a single place into a row with a single place.
//!
//! Across the 3 bands of one digit, each column holds the digit exactly once:
//! * a box whose candidates for the digit lie in one column claims that column: the other
//!   two bands lose it (`SOLE_COLUMN`);
//! * a column whose candidates lie in one band only belongs to that band, so the box of
//!   that band in that stack keeps only that column (`OWN_KEEP`). This gives hidden singles in
//!   columns and the column-direction box-line interactions.
//!
//! These repeat for a digit until its 3 bands stop changing. Then a row whose digit has one
//! place left gives a hidden single (boxes and columns arrive there through the rules above).
//! At that fixed point the digit's boards already hold a single nowhere else in its row, box
//! and column (the permutation rule keeps only its triad in its box, and that box's sole column
//! leaves the other bands), so filling the singles only takes their cells from the other digits
//! and from `unsolved`, per band all at once, with no `place` per single.
//! When no digit changes any more, cells with a single digit (naked singles) are filled.
//!
//! A digit is looked at again only when its boards differ from `seen`, the boards of its last
//! fixed point. If after `shrink` no board has lost a column since then, the column rules
//! would remove nothing (they depend on the column masks only), so they are skipped (over a
//! third of the updates end there). The bit tricks (`shrink`'s triad key, `single_rows`) and the
//! two-boards-in-a-u64 variants (`shrink3`, `columns3`, `single_rows3`) are checked against
//! plain loops in the tests.
//!
//! # Guessing
//!
//! When nothing is forced, the search branches on a cell, trying each digit on a copy of the
//! state (states are small, live on the stack, and nothing is allocated). The cell
//! (`State::guess_cell`) is one with 2 candidates if there is any, and of those the one with
//! the most unfilled cells in its row and box: filling it forces the most (a third fewer
//! guesses on the hard sets than the first such cell). Without a 2-candidate cell it takes the
//! first cell with 3, else the first unfilled cell.

use super::bands::*;
use super::{grid_is_valid, SearchOutcome};

/// A contradiction: this branch has no solution.
pub(super) struct Contradiction;

#[derive(Clone, Copy)]
pub(super) struct State {
    /// `cand[3 * d + b]`: band positions of band `b` where digit `d + 1` may stand.
    pub(super) cand: [u32; 27],
    /// `seen[3 * d + b]`: `cand` as it was when digit `d + 1` was last brought to a fixed point.
    pub(super) seen: [u32; 27],
    /// Unfilled band positions of each band.
    pub(super) unsolved: [u32; 3],
}

/// The cells to guess on: per band, the unfilled cells with exactly 2 candidates (the cells
/// with 3, needed only when there is none, are counted then, by `State::three_cells`).
pub(super) struct Counts {
    pub(super) two: [u32; 3],
}

impl State {
    pub(super) fn new() -> State {
        State {
            cand: [BAND; 27],
            seen: [0; 27],
            unsolved: [BAND; 3],
        }
    }

    /// The state after placing the givens (as `place` would), or `None` if a value is above 9
    /// or two givens of a digit share a row, column or box. Each given only updates its own
    /// digit's boards; the filled cells leave the other digits' boards at the end, all at once.
    pub(super) fn from_givens(givens: &[u8; 81]) -> Option<State> {
        let mut st = State::new();
        let mut given = [0u32; 27];
        // The filled cells first, without a branch per cell (givens and blanks alternate at
        // random, so such a branch would mispredict about once per given); then a loop over the
        // givens only.
        let mut filled = [0u32; 3];
        for (band, cells) in filled.iter_mut().zip(givens.chunks_exact(27)) {
            for (p, &v) in cells.iter().enumerate() {
                *band |= u32::from(v != 0) << p;
            }
        }
        for (b, &band) in filled.iter().enumerate() {
            let mut cells = band;
            while cells != 0 {
                let p = cells.trailing_zeros();
                cells &= cells - 1;
                let v = givens[27 * b + p as usize];
                let d = v as usize - 1;
                if v > 9 || st.cand[3 * d + b] & (1 << p) == 0 {
                    return None;
                }
                st.claim(d, b, p);
                given[3 * d + b] |= 1 << p;
            }
        }
        st.unsolved = [!filled[0] & BAND, !filled[1] & BAND, !filled[2] & BAND];
        for d in 0..9 {
            for b in 0..3 {
                st.cand[3 * d + b] = (st.cand[3 * d + b] & st.unsolved[b]) | given[3 * d + b];
            }
        }
        Some(st)
    }

    /// The state of a pencilmark grid: every cell unfilled, with exactly its candidates. No digit
    /// is at a fixed point yet (`seen` is empty), so the first `propagate` looks at all nine, and
    /// fills the cells with one candidate as naked singles.
    pub(super) fn from_candidates(masks: &[u16; 81]) -> State {
        let mut st = State {
            cand: [0; 27],
            seen: [0; 27],
            unsolved: [BAND; 3],
        };
        for (i, &mask) in masks.iter().enumerate() {
            let (b, p) = (i / 27, i % 27);
            let mut digits = mask & 0x1FF;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                st.cand[3 * d + b] |= 1 << p;
            }
        }
        st
    }

    /// Place digit `d + 1` at band position `p` of band `b`: it must be a candidate there and
    /// the cell must be unfilled. Removes the digit from the cell's row, box and column, and
    /// every other digit from the cell.
    #[inline(always)]
    pub(super) fn place(&mut self, d: usize, b: usize, p: u32) {
        let bit = 1u32 << p;
        debug_assert!(self.cand[3 * d + b] & bit != 0 && self.unsolved[b] & bit != 0);
        debug_assert!(self.houses_of(b, p).iter().all(|&h| h & (1 << d) == 0));
        let own = self.cand[3 * d + b];
        for k in 0..9 {
            self.cand[3 * k + b] &= !bit;
        }
        self.cand[3 * d + b] = own;
        self.place_sole(d, b, p);
    }

    /// `place` for a cell whose only candidate is digit `d + 1` (a naked single): no other
    /// digit has the cell, so only the digit's own boards change.
    #[inline(always)]
    fn place_sole(&mut self, d: usize, b: usize, p: u32) {
        let bit = 1u32 << p;
        debug_assert!((0..9).all(|k| (self.cand[3 * k + b] & bit != 0) == (k == d)));
        debug_assert!(self.unsolved[b] & bit != 0);
        debug_assert!(self.houses_of(b, p).iter().all(|&h| h & (1 << d) == 0));
        self.claim(d, b, p);
        self.unsolved[b] &= !bit;
    }

    /// Digit `d + 1`'s side of a placement at band position `p` of band `b`: the digit leaves
    /// the rest of the cell's row and box, and the cell's column in the other two bands. The
    /// other digits and `unsolved` are the caller's business.
    #[inline(always)]
    fn claim(&mut self, d: usize, b: usize, p: u32) {
        self.cand[3 * d + b] &= PLACE_KEEP[p as usize];
        let col_bits = COL_BITS << (p % 9);
        let (b1, b2) = OTHER_BANDS[b];
        self.cand[3 * d + b1] &= !col_bits;
        self.cand[3 * d + b2] &= !col_bits;
    }

    /// Bring digit `d + 1` to a fixed point of the band and column rules, then fill its hidden
    /// singles in rows.
    ///
    /// Kept out of line: the loop over the digits in `propagate` is then unrolled and its
    /// checks stay cheap (the figure is in `doc/solver-experiments.md`, "Cost").
    #[inline(never)]
    fn update_digit(&mut self, d: usize) -> Result<(), Contradiction> {
        let i = 3 * d;
        let mut a = [self.cand[i], self.cand[i + 1], self.cand[i + 2]];
        let old = [self.seen[i], self.seen[i + 1], self.seen[i + 2]];
        // `old` was a fixed point of all the rules and `a` has lost places since. When no
        // board lost a column by that and by `shrink`, the column rules give what they gave at
        // `old`, which kept all of `old` and so all of `a`: the shrunk `a` is a fixed point and
        // they need not run (the usual case: a cell of the digit was filled by another digit).
        a = shrink3(a);
        if a[0] == 0 || a[1] == 0 || a[2] == 0 {
            return Err(Contradiction);
        }
        let mut m = columns3(a);
        let mo = columns3(old);
        let lost = (m[0] ^ mo[0]) | (m[1] ^ mo[1]) | (m[2] ^ mo[2]);
        if lost != 0 {
            loop {
                // Here every board of `a` is shrunk and `m` holds its columns.
                if m[0] | m[1] | m[2] != 0x1FF {
                    return Err(Contradiction);
                }
                let sole = [
                    SOLE_COLUMN[m[0] as usize],
                    SOLE_COLUMN[m[1] as usize],
                    SOLE_COLUMN[m[2] as usize],
                ];
                let keep = |b: usize, o1: usize, o2: usize| -> u32 {
                    let owned = m[b] & !(m[o1] | m[o2]);
                    let cols = OWN_KEEP[owned as usize] & !(sole[o1] | sole[o2]);
                    a[b] & (cols as u32 * COL_BITS)
                };
                let next = [keep(0, 1, 2), keep(1, 0, 2), keep(2, 0, 1)];
                if next == a {
                    break;
                }
                a = shrink3(next);
                if a[0] == 0 || a[1] == 0 || a[2] == 0 {
                    return Err(Contradiction);
                }
                m = columns3(a);
            }
        }
        self.cand[i..i + 3].copy_from_slice(&a);
        self.seen[i..i + 3].copy_from_slice(&a);
        // Hidden singles in rows: a row of the band with one place left, not yet filled.
        let rows = single_rows3(a);
        let singles = [
            rows[0] & self.unsolved[0],
            rows[1] & self.unsolved[1],
            rows[2] & self.unsolved[2],
        ];
        if singles[0] | singles[1] | singles[2] == 0 {
            return Ok(());
        }
        // `a` is a fixed point of the rules, so the digit's boards already hold it nowhere else
        // in the row, box or column of a single (the row has one place, so the permutation rule
        // keeps only that triad in its box, and the box's sole column leaves the other bands):
        // filling the singles only takes the cells from the other digits.
        let [s0, s1, s2] = singles;
        for k in 0..9 {
            self.cand[3 * k] &= !s0;
            self.cand[3 * k + 1] &= !s1;
            self.cand[3 * k + 2] &= !s2;
        }
        self.cand[i..i + 3].copy_from_slice(&a);
        self.unsolved[0] &= !s0;
        self.unsolved[1] &= !s1;
        self.unsolved[2] &= !s2;
        debug_assert!(singles.iter().enumerate().all(|(b, &s)| {
            (0..27).filter(|&p| s & (1 << p) != 0).all(|p| {
                let (b1, b2) = OTHER_BANDS[b];
                let col = COL_BITS << (p % 9);
                a[b] & !PLACE_KEEP[p] == 0 && (a[b1] | a[b2]) & col == 0
            })
        }));
        Ok(())
    }

    /// Apply forced moves until none is left. On success returns the cells with 2 and 3
    /// candidates (all zero once the grid is full).
    pub(super) fn propagate(&mut self) -> Result<Counts, Contradiction> {
        loop {
            loop {
                let mut changed = false;
                for d in 0..9 {
                    let i = 3 * d;
                    if self.cand[i..i + 3] != self.seen[i..i + 3] {
                        self.update_digit(d)?;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            // Naked singles, and candidate counts per cell.
            let mut counts = Counts { two: [0; 3] };
            let mut any = false;
            for b in 0..3 {
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let x = self.cand[3 * d + b];
                    three |= two & x;
                    two |= one & x;
                    one |= x;
                }
                if one != BAND {
                    return Err(Contradiction);
                }
                let unsolved = self.unsolved[b];
                let mut singles = one & !two & unsolved;
                counts.two[b] = two & !three & unsolved;
                any |= singles != 0;
                while singles != 0 {
                    let p = singles.trailing_zeros();
                    let bit = 1u32 << p;
                    singles &= singles - 1;
                    let Some(d) = (0..9).find(|&d| self.cand[3 * d + b] & bit != 0) else {
                        // An earlier single of this loop emptied the cell.
                        return Err(Contradiction);
                    };
                    self.place_sole(d, b, p);
                }
            }
            if !any {
                return Ok(counts);
            }
        }
    }

    /// The cell to branch on: of the cells with 2 candidates, the one with the most unfilled
    /// cells in its row and box (its choice then forces the most); else the first cell with 3
    /// candidates, else the first unfilled cell.
    pub(super) fn guess_cell(&self, counts: &Counts) -> (usize, u32) {
        let mut best = None;
        let mut best_score = 0;
        for (b, &two) in counts.two.iter().enumerate() {
            let mut cells = two;
            while cells != 0 {
                let p = cells.trailing_zeros();
                cells &= cells - 1;
                // Unfilled cells of the row and box in the band (all but the cells kept when
                // a digit is placed at `p`).
                let score = (self.unsolved[b] & !PLACE_KEEP[p as usize]).count_ones();
                if best.is_none() || score > best_score {
                    best_score = score;
                    best = Some((b, p));
                }
            }
        }
        let first = |m: &[u32; 3]| {
            (0..3)
                .find(|&b| m[b] != 0)
                .map(|b| (b, m[b].trailing_zeros()))
        };
        best.or_else(|| first(&self.three_cells()))
            .or_else(|| first(&self.unsolved))
            .unwrap_or((0, 0))
    }

    /// Per band, the unfilled cells with exactly 3 candidates.
    pub(super) fn three_cells(&self) -> [u32; 3] {
        let mut out = [0; 3];
        for (b, o) in out.iter_mut().enumerate() {
            let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[3 * d + b];
                four |= three & x;
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            *o = three & !four & self.unsolved[b];
        }
        out
    }

    /// The row, column and box masks (bit `d` = digit `d + 1` placed) of the filled cells.
    /// They are not kept during the search (a guess copies less without them): this derived
    /// view serves the debug checks.
    pub(super) fn houses(&self) -> [[u16; 9]; 3] {
        let mut h = [[0u16; 9]; 3];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cand[3 * d + b] & !self.unsolved[b];
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    let (row, col) = (3 * b + p / 9, p % 9);
                    h[0][row] |= 1 << d;
                    h[1][col] |= 1 << d;
                    h[2][3 * b + col / 3] |= 1 << d;
                }
            }
        }
        h
    }

    /// The row, column and box masks of the houses of band position `p` of band `b`.
    fn houses_of(&self, b: usize, p: u32) -> [u16; 3] {
        let h = self.houses();
        let (row, col) = (3 * b + (p / 9) as usize, (p % 9) as usize);
        [h[0][row], h[1][col], h[2][3 * b + col / 3]]
    }

    fn is_full(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The grid of a full state. Each digit stands exactly once in each row, so its board of
    /// each band holds exactly 3 places: a fixed count of 3 per board, with no loop branch to
    /// mispredict.
    pub(super) fn grid(&self) -> [u8; 81] {
        debug_assert!(self.is_full());
        let mut g = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cand[3 * d + b];
                debug_assert_eq!(x.count_ones(), 3);
                for _ in 0..3 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    debug_assert!(g[27 * b + p] == 0);
                    g[27 * b + p] = d as u8 + 1;
                }
            }
        }
        g
    }
}

/// The backtracking search. `TIMED`: it runs under a time limit (`crate::deadline`) and looks
/// at the clock every 1,024 guesses; the untimed search, the one that matters for speed, has no
/// such test in its loop.
pub(super) struct Search<const TIMED: bool> {
    limit: u64,
    out: SearchOutcome,
}

impl<const TIMED: bool> Search<TIMED> {
    pub(super) fn run(&mut self, st: &mut State) {
        match st.propagate() {
            Err(Contradiction) => {}
            Ok(counts) => self.explore(st, counts),
        }
    }

    /// The search from a state at the fixed point of the forced moves, `counts` its cells to
    /// guess on.
    fn explore(&mut self, st: &mut State, counts: Counts) {
        if st.is_full() {
            let g = st.grid();
            debug_assert!(grid_is_valid(&g));
            debug_assert!(st.houses() == [[0x1FF; 9]; 3]);
            self.out.record(g);
            return;
        }
        let (b, p) = st.guess_cell(&counts);
        let bit = 1u32 << p;
        let mut digits = (0..9).filter(|&d| st.cand[3 * d + b] & bit != 0).peekable();
        while let Some(d) = digits.next() {
            if digits.peek().is_none() {
                // Last candidate: no alternative is left, so no guess (the vector engine counts
                // the same way); no need to keep the parent state either.
                st.place(d, b, p);
                self.run(st);
                return;
            }
            // A guess: an assumption with an alternative left.
            self.out.guesses += 1;
            if TIMED && self.out.guesses.is_multiple_of(1024) && crate::deadline::passed() {
                // Out of time (`--time-limit`): stop as if the limit were reached; the caller
                // throws the cut-short outcome away.
                self.limit = 0;
            }
            let mut next = *st;
            next.place(d, b, p);
            self.run(&mut next);
            if self.out.solutions >= self.limit {
                return;
            }
        }
    }
}

/// The state `start` makes, brought to the band core's fixed point, with its cells to guess on;
/// `None` when there is nothing to search (`limit` 0, no state, a contradiction). `start` is not
/// called when `limit` is 0.
#[inline(always)]
pub(super) fn fixed_point(
    limit: u64,
    start: impl FnOnce() -> Option<State>,
) -> Option<(State, Counts)> {
    if limit == 0 {
        return None;
    }
    let mut st = start()?;
    let counts = st.propagate().ok()?;
    Some((st, counts))
}

/// [`explore_from`], checking the clock (`--time-limit`) only when a deadline is set.
pub(super) fn explore_timed(limit: u64, st: State, counts: Counts) -> SearchOutcome {
    if crate::deadline::active() {
        explore_from::<true>(limit, st, counts)
    } else {
        explore_from::<false>(limit, st, counts)
    }
}

/// The band core's search from a state at its fixed point.
fn explore_from<const TIMED: bool>(limit: u64, mut st: State, counts: Counts) -> SearchOutcome {
    let mut s = Search::<TIMED> {
        limit,
        out: SearchOutcome::none(),
    };
    s.explore(&mut st, counts);
    s.out
}
