//! The candidate grid the logic engine works on: for every cell its digit or its candidates, and
//! for every digit the cells where it may still go, kept in step.
//!
//! # Form
//!
//! Cells are numbered row-major, `cell = row * 9 + col` (0..81), as everywhere in this crate.
//! A set of cells is a `u128` with bit `cell` set ([`CellSet`]); bits 81..128 are always 0. A
//! digit set is a `u16` with bit `d - 1` for digit `d` (bits 9..16 always 0).
//!
//! Houses are named by [`HouseKind`] and index 0..9: rows top to bottom, columns left to right, boxes
//! row-major (`box = 3 * (row / 3) + col / 3`). Inside a house, cells are in house order: a row
//! by column, a column by row, a box row-major. These orders, and the order in which house kinds
//! are visited, decide which pattern a scan finds first, so every technique states the order it
//! uses (they follow Sudoku Explainer's, whose ratings this engine reproduces).
//!
//! # Invariants
//!
//! - `places[d]` has bit `c` exactly when `cands[c]` has bit `d`;
//! - a filled cell has no candidates; an empty cell may have none (a contradiction, reported by
//!   whoever finds it);
//! - candidates only ever go away: placing a digit removes it from the cell's peers, and nothing
//!   puts a candidate back.

use crate::grid::{Candidates, Grid};

/// A set of cells: bit `c` for cell `c`.
pub type CellSet = u128;

/// All 81 cells.
pub const ALL: CellSet = (1 << 81) - 1;

pub use crate::grid::HouseKind;

/// The place of a house kind in the house tables: boxes, rows, columns, in Sudoku Explainer's
/// order.
const fn slot(kind: HouseKind) -> usize {
    match kind {
        HouseKind::Box => 0,
        HouseKind::Row => 1,
        HouseKind::Column => 2,
    }
}

/// A house: its kind and index (0..9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct House {
    /// Box, row or column.
    pub kind: HouseKind,
    /// 0..9.
    pub index: usize,
}

impl House {
    /// The cells of the house, in house order.
    pub fn cells(self) -> &'static [u8; 9] {
        &HOUSE_CELLS[slot(self.kind)][self.index]
    }

    /// The cells of the house as a set.
    pub fn bits(self) -> CellSet {
        HOUSE_BITS[slot(self.kind)][self.index]
    }

    /// The house of `kind` that holds `cell`.
    pub fn of(kind: HouseKind, cell: usize) -> House {
        let (r, c) = (cell / 9, cell % 9);
        let index = match kind {
            HouseKind::Box => 3 * (r / 3) + c / 3,
            HouseKind::Row => r,
            HouseKind::Column => c,
        };
        House { kind, index }
    }

    /// The place (0..9) of `cell` inside this house (the cell must be in it).
    pub fn place_of(self, cell: usize) -> usize {
        let (r, c) = (cell / 9, cell % 9);
        match self.kind {
            HouseKind::Box => 3 * (r % 3) + c % 3,
            HouseKind::Row => c,
            HouseKind::Column => r,
        }
    }

    /// As in explanations: `box 5`, `row 3`, `column 9` (numbers from 1).
    pub fn name(self) -> String {
        format!("{} {}", self.kind.name(), self.index + 1)
    }
}

/// A set of houses: bit `9 * slot + index`, slots in the order box, row, column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HouseSet(u32);

impl HouseSet {
    /// No house.
    pub const EMPTY: HouseSet = HouseSet(0);

    /// Adds a house.
    pub fn insert(&mut self, h: House) {
        self.0 |= 1 << (9 * slot(h.kind) + h.index);
    }

    /// The houses, boxes first, then rows, then columns.
    pub fn iter(self) -> impl Iterator<Item = House> {
        let kinds = [HouseKind::Box, HouseKind::Row, HouseKind::Column];
        (0..27)
            .filter(move |b| self.0 & (1 << b) != 0)
            .map(move |b| House {
                kind: kinds[b / 9],
                index: b % 9,
            })
    }
}

/// The `k`-element subsets of `0..n`, as bit masks in increasing order of the mask (so `{0,1}`,
/// `{0,2}`, `{1,2}`, `{0,3}`, ...): the order Sudoku Explainer enumerates combinations in.
/// `n` is at most 31.
pub fn combinations(k: u32, n: u32) -> impl Iterator<Item = u32> {
    assert!(n <= 31, "combinations of at most 31 elements, not {n}");
    let mut next = if k == 0 || k > n {
        None
    } else {
        Some((1u32 << k) - 1)
    };
    std::iter::from_fn(move || {
        let m = next?;
        // Gosper's hack: the next larger number with the same number of bits.
        let c = m & m.wrapping_neg();
        let r = m + c;
        let following = (((r ^ m) >> 2) / c) | r;
        next = (following < 1 << n).then_some(following);
        Some(m)
    })
}

const fn block_cell(b: usize, k: usize) -> usize {
    (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3
}

/// `HOUSE_CELLS[kind slot][index]`: the cells of a house in house order.
static HOUSE_CELLS: [[[u8; 9]; 9]; 3] = {
    let mut t = [[[0u8; 9]; 9]; 3];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            t[0][i][k] = block_cell(i, k) as u8;
            t[1][i][k] = (i * 9 + k) as u8;
            t[2][i][k] = (k * 9 + i) as u8;
            k += 1;
        }
        i += 1;
    }
    t
};

/// `HOUSE_BITS[kind slot][index]`: the cells of a house as a set.
pub(crate) static HOUSE_BITS: [[CellSet; 9]; 3] = {
    let mut t = [[0u128; 9]; 3];
    let mut s = 0;
    while s < 3 {
        let mut i = 0;
        while i < 9 {
            let mut k = 0;
            while k < 9 {
                t[s][i] |= 1 << HOUSE_CELLS[s][i][k];
                k += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// `HOUSES_OF[c][slot]`: the cells of `c`'s box, row and column (slots in that order).
static HOUSES_OF: [[CellSet; 3]; 81] = {
    let mut t = [[0u128; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        t[c] = [
            HOUSE_BITS[0][3 * (r / 3) + col / 3],
            HOUSE_BITS[1][r],
            HOUSE_BITS[2][col],
        ];
        c += 1;
    }
    t
};

/// The cells of `cell`'s house of `kind`: `House::of(kind, cell).bits()`, from a table (the
/// chain searches ask it for every link).
#[inline]
pub fn house_bits(kind: HouseKind, cell: usize) -> CellSet {
    HOUSES_OF[cell][slot(kind)]
}

/// `PEERS[c]`: the 20 cells that share a house with `c`.
pub static PEERS: [CellSet; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let b = 3 * (r / 3) + col / 3;
        t[c] = (HOUSE_BITS[0][b] | HOUSE_BITS[1][r] | HOUSE_BITS[2][col]) & !(1 << c);
        c += 1;
    }
    t
};

/// `HOUSE_PEERS[c]`: the peers of `c` in Sudoku Explainer's order: the cells of its box, then of
/// its row, then of its column, each once, `c` left out. Scans over "the peers of a cell" use it.
pub static HOUSE_PEERS: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let houses = [3 * (r / 3) + col / 3, r, col];
        let mut n = 0;
        let mut seen: u128 = 1 << c;
        let mut s = 0;
        while s < 3 {
            let mut k = 0;
            while k < 9 {
                let p = HOUSE_CELLS[s][houses[s]][k] as usize;
                if seen & (1 << p) == 0 {
                    seen |= 1 << p;
                    t[c][n] = p as u8;
                    n += 1;
                }
                k += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
};

/// Tests on the number of bits of a set or mask that need no popcount instruction: the shipped
/// build targets baseline x86-64, where `count_ones` is a dozen instructions, and the chain
/// searches ask "one?" and "two?" millions of times.
pub trait BitCount: Copy {
    /// Exactly one bit.
    fn is_one(self) -> bool;
    /// Exactly two bits.
    fn is_two(self) -> bool;
    /// Two bits or more.
    fn two_plus(self) -> bool;
    /// Not exactly one bit.
    fn not_one(self) -> bool {
        !self.is_one()
    }
    /// Not exactly two bits.
    fn not_two(self) -> bool {
        !self.is_two()
    }
    /// Fewer than two bits.
    fn under_two(self) -> bool {
        !self.two_plus()
    }
}

macro_rules! bit_count {
    ($($t:ty),*) => {$(
        impl BitCount for $t {
            #[inline]
            fn is_one(self) -> bool {
                self != 0 && self & (self - 1) == 0
            }
            #[inline]
            fn is_two(self) -> bool {
                let rest = self & self.wrapping_sub(1);
                rest != 0 && rest & (rest - 1) == 0
            }
            #[inline]
            fn two_plus(self) -> bool {
                self & self.wrapping_sub(1) != 0
            }
        }
    )*};
}

bit_count!(u16, u32, u128);

/// The cells of a set in increasing order.
pub fn cells_of(mut set: CellSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let c = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(c)
    })
}

/// The digits of a mask in increasing order (1..=9).
pub fn digits_of(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let d = mask.trailing_zeros() as u8 + 1;
        mask &= mask - 1;
        Some(d)
    })
}

/// The bit of digit `d` (1..=9).
#[inline]
pub fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

/// A cell's name: `r4c5`.
pub use crate::grid::cell_name;

/// A set of candidates: for each digit, the cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CandidateSet(pub [CellSet; 9]);

impl CandidateSet {
    /// No candidate.
    pub const EMPTY: CandidateSet = CandidateSet([0; 9]);

    /// Adds digit `d` (1..=9) at `cell`.
    #[inline]
    pub fn add(&mut self, cell: usize, d: u8) {
        self.0[d as usize - 1] |= 1 << cell;
    }

    /// Adds the digits of `mask` (bit `d - 1` for digit `d`) at `cell`.
    #[inline]
    pub fn add_digits(&mut self, cell: usize, mask: u16) {
        for d in digits_of(mask) {
            self.add(cell, d);
        }
    }

    /// Whether digit `d` at `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: usize, d: u8) -> bool {
        self.0[d as usize - 1] & (1 << cell) != 0
    }

    /// True when the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&b| b == 0)
    }

    /// The candidates as (cell, digit), ordered by cell, then digit.
    pub fn iter(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        let all = self.0.iter().fold(0, |a, &b| a | b);
        cells_of(all).flat_map(move |c| {
            (1..=9u8)
                .filter(move |&d| self.0[d as usize - 1] & (1 << c) != 0)
                .map(move |d| (c, d))
        })
    }

    /// The digits of `cell` in the set.
    pub fn at(&self, cell: usize) -> u16 {
        let mut mask = 0;
        for d in 0..9 {
            if self.0[d] & (1 << cell) != 0 {
                mask |= 1 << d;
            }
        }
        mask
    }
}

/// The candidate grid.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    values: [u8; 81],
    cands: [u16; 81],
    places: [CellSet; 9],
    /// The cells with a value (as `values` has them, as a set).
    filled: CellSet,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line: String = self
            .values
            .iter()
            .map(|&c| if c == 0 { '.' } else { (b'0' + c) as char })
            .collect();
        write!(f, "Board({line})")
    }
}

impl Board {
    /// The board of a puzzle of givens, as Sudoku Explainer starts it: every empty cell has
    /// every digit that no given in its houses holds. Nothing else is removed.
    pub fn from_grid(grid: &Grid) -> Board {
        let mut board = Board {
            values: [0; 81],
            cands: [0x1FF; 81],
            places: [ALL; 9],
            filled: 0,
        };
        for (c, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                board.place(c, v);
            }
        }
        board
    }

    /// The board of a pencilmark grid. A cell with one candidate whose digit no peer still has
    /// is taken as filled (that is how solved cells look in a printed candidate grid); any other
    /// cell keeps its candidates, a single one included (then a naked single comes first).
    pub fn from_candidates(candidates: &Candidates) -> Board {
        let masks = candidates.masks();
        let mut board = Board {
            values: [0; 81],
            cands: *masks,
            places: [0; 9],
            filled: 0,
        };
        for (c, &m) in masks.iter().enumerate() {
            for d in digits_of(m) {
                board.places[d as usize - 1] |= 1 << c;
            }
        }
        for c in 0..81 {
            let m = masks[c];
            if m.is_one() {
                let d = m.trailing_zeros() as usize;
                if board.places[d] & PEERS[c] == 0 {
                    board.values[c] = d as u8 + 1;
                    board.filled |= 1 << c;
                    board.cands[c] = 0;
                    board.places[d] &= !(1 << c);
                }
            }
        }
        board
    }

    /// The digit in `cell`, 0 when empty.
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of `cell` (0 when filled).
    #[inline]
    pub fn cands(&self, cell: usize) -> u16 {
        self.cands[cell]
    }

    /// The cells where digit `d` (1..=9) is a candidate.
    #[inline]
    pub(crate) fn places(&self, d: u8) -> CellSet {
        self.places[d as usize - 1]
    }

    /// The places of every digit: index `d - 1` for digit `d`.
    #[inline]
    pub(crate) fn all_places(&self) -> &[CellSet; 9] {
        &self.places
    }

    /// Whether digit `d` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, d: u8) -> bool {
        self.cands[cell] & bit(d) != 0
    }

    /// How many cells of `house` are empty.
    pub(crate) fn empty_in(&self, house: House) -> usize {
        (house.bits() & !self.filled).count_ones() as usize
    }

    /// True when every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.filled == ALL
    }

    /// The 81 digits (0 for empty).
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// Places digit `d` in `cell`: the cell loses its candidates and the digit leaves its peers.
    pub(crate) fn place(&mut self, cell: usize, d: u8) {
        for e in digits_of(self.cands[cell]) {
            self.places[e as usize - 1] &= !(1 << cell);
        }
        self.cands[cell] = 0;
        self.values[cell] = d;
        self.filled |= 1 << cell;
        let i = d as usize - 1;
        let peers = self.places[i] & PEERS[cell];
        for p in cells_of(peers) {
            self.cands[p] &= !bit(d);
        }
        self.places[i] &= !PEERS[cell];
    }

    /// Removes digit `d` from the candidates of `cell` (nothing if it is not one).
    #[inline]
    pub(crate) fn eliminate(&mut self, cell: usize, d: u8) {
        self.cands[cell] &= !bit(d);
        self.places[d as usize - 1] &= !(1 << cell);
    }

    /// Removes every candidate of `set`.
    pub(crate) fn eliminate_all(&mut self, set: &CandidateSet) {
        for (i, &cells) in set.0.iter().enumerate() {
            let d = i as u8 + 1;
            for c in cells_of(cells & self.places[i]) {
                self.eliminate(c, d);
            }
        }
    }

    /// The invariants' check, for the tests.
    #[cfg(test)]
    pub(crate) fn is_consistent(&self) -> bool {
        (0..81).all(|c| {
            (self.values[c] != 0) == (self.filled >> c & 1 == 1)
                && (self.values[c] == 0 || self.cands[c] == 0)
                && (0..9).all(|d| (self.places[d] >> c & 1 == 1) == (self.cands[c] >> d & 1 == 1))
        })
    }
}

#[cfg(test)]
mod tests;
