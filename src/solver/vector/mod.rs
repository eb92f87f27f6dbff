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
//! What was tried on this engine, with figures, is in `doc/solver-experiments.md`.

pub(crate) mod simd;

use super::SearchOutcome;
use simd::{Lanes, Permute, Shuffle, ZERO};

/// A contradiction: this branch has no solution.
struct Contradiction;

/// All nine digits.
const ALL: u16 = 0x1FF;

/// The box lane of row `q` and column `j` of the matrix.
const fn lane(q: usize, j: usize) -> usize {
    4 * q + j
}

/// A constant `[T; 16]` whose lane `(q, j)` (lane `4q + j`) is `$e`.
macro_rules! lanes {
    ($t:ty, |$q:ident, $j:ident| $e:expr) => {{
        let mut a: [$t; 16] = [0; 16];
        let mut i = 0;
        while i < 16 {
            let ($q, $j) = (i / 4, i % 4);
            a[i] = $e;
            i += 1;
        }
        a
    }};
}

/// The three tables of `$e` for `k = 0, 1, 2`, as [`Permute`]s.
macro_rules! permutes {
    (|$q:ident, $j:ident, $k:ident| $e:expr) => {
        [
            Permute::new({
                let $k = 0;
                lanes!(u8, |$q, $j| $e)
            }),
            Permute::new({
                let $k = 1;
                lanes!(u8, |$q, $j| $e)
            }),
            Permute::new({
                let $k = 2;
                lanes!(u8, |$q, $j| $e)
            }),
        ]
    };
}

const fn is_cell(q: usize, j: usize) -> bool {
    q < 3 && j < 3
}
const fn is_row_triad(q: usize, j: usize) -> bool {
    q < 3 && j == 3
}
const fn is_col_triad(q: usize, j: usize) -> bool {
    q == 3 && j < 3
}
/// `on` where `yes`, else 0.
const fn when(yes: bool, on: u16) -> u16 {
    if yes {
        on
    } else {
        0
    }
}
/// `lane` where `yes`, else [`ZERO`].
const fn from_if(yes: bool, lane: usize) -> u8 {
    if yes {
        lane as u8
    } else {
        ZERO
    }
}

/// The cells of a box.
const CELLS: [u16; 16] = lanes!(u16, |q, j| when(is_cell(q, j), 0xFFFF));
/// The `Rq` lanes.
const ROW_TRIADS: [u16; 16] = lanes!(u16, |q, j| when(is_row_triad(q, j), 0xFFFF));
/// The `Cj` lanes.
const COL_TRIADS: [u16; 16] = lanes!(u16, |q, j| when(is_col_triad(q, j), 0xFFFF));
/// The fewest digits each box lane may hold: 1 in a cell, 6 in a triad, 0 in lane 15.
const BOX_MIN: [u16; 16] = lanes!(u16, |q, j| if is_cell(q, j) {
    1
} else {
    when(is_row_triad(q, j) || is_col_triad(q, j), 6)
});

/// Each lane takes the next lane of its quad (cyclically over 4).
static NEXT_IN_QUAD: Shuffle = Shuffle::new(lanes!(u8, |q, j| lane(q, (j + 1) % 4) as u8));
/// Each lane takes the lane two further in its quad.
static SECOND_IN_QUAD: Shuffle = Shuffle::new(lanes!(u8, |q, j| lane(q, (j + 2) % 4) as u8));
/// Lanes 0..3 of each quad take the next of those three; lane 3 becomes 0.
static NEXT_OF_THREE: Shuffle =
    Shuffle::new(lanes!(u8, |q, j| from_if(j < 3, lane(q, (j + 1) % 3))));
/// Lanes 0..3 of each quad take the one two further among those three; lane 3 becomes 0.
static SECOND_OF_THREE: Shuffle =
    Shuffle::new(lanes!(u8, |q, j| from_if(j < 3, lane(q, (j + 2) % 3))));
/// The cells of row q take `Rq`.
static ROW_TRIAD_TO_CELLS: Shuffle =
    Shuffle::new(lanes!(u8, |q, j| from_if(is_cell(q, j), lane(q, 3))));
/// The cells of column j take `Cj` (the other lanes 0).
static COL_TRIAD_TO_CELLS: Permute =
    Permute::new(lanes!(u8, |q, j| from_if(is_cell(q, j), lane(3, j))));

/// `vpermq` immediates: result quad `i` takes the quad at 2-bit field `i`.
const fn quads(a: [i32; 4]) -> i32 {
    a[0] | a[1] << 2 | a[2] << 4 | a[3] << 6
}
/// Every quad takes quad 3 (the `Cj` lanes, in the cells' columns).
const LAST_QUAD: i32 = quads([3, 3, 3, 3]);
/// Each quad takes the next one (cyclically over 4).
const NEXT_QUAD: i32 = quads([1, 2, 3, 0]);
/// Quads 0..3 take the next of those three; quad 3 stays.
const NEXT_ROW: i32 = quads([1, 2, 0, 3]);
/// Quads 0..3 take the one two further among those three; quad 3 stays.
const SECOND_ROW: i32 = quads([2, 0, 1, 3]);

/// The row of box `k` through which configuration `p` takes a digit.
const fn sigma(p: usize, k: usize) -> usize {
    if p < 3 {
        (p + k) % 3
    } else {
        (p - 3 + 2 * k) % 3
    }
}

/// The lane of a band vector holding configuration `p` in the half of lane `4q + j`
/// (configurations are kept in both halves).
const fn config_lane(p: usize, q: usize) -> usize {
    p + q / 2 * 8
}

/// Triads from configurations, first term: `T(k, e)` takes the forward configuration through
/// row `e` of box `k`.
static TRIADS_FORWARD: Shuffle = Shuffle::new(lanes!(u8, |k, e| from_if(
    is_cell(k, e),
    config_lane((e + 3 - k) % 3, k)
)));
/// Triads from configurations, second term: the backward configuration through the triad.
static TRIADS_BACKWARD: Shuffle = Shuffle::new(lanes!(u8, |k, e| from_if(
    is_cell(k, e),
    config_lane(3 + (e + k) % 3, k)
)));
/// The fewest digits a triad lane may hold: 3 (a row of a box holds 3 digits); 0 in the spare
/// lanes.
const TRIAD_MIN: [u16; 16] = lanes!(u16, |q, j| when(is_cell(q, j), 3));

/// Whether lane `4q + j` of a band vector holds a configuration, and which.
const fn is_config(q: usize, j: usize) -> bool {
    (4 * q + j) % 8 < 6
}
const fn config_at(q: usize, j: usize) -> usize {
    (4 * q + j) % 8
}

/// Configurations from triads of box `k`: configuration `p` takes `T(k, sigma(p, k))`.
static TRIAD_TO_CONFIG: [Permute; 3] =
    permutes!(|q, j, k| from_if(is_config(q, j), lane(k, sigma(config_at(q, j), k))));
/// A box's message to its row band, as box `k` of it: configuration `p` takes what the box
/// allows in its row `sigma(p, k)`, kept at lane `(row, 3)`.
static ROW_MESSAGE: [Permute; 3] =
    permutes!(|q, j, k| from_if(is_config(q, j), lane(sigma(config_at(q, j), k), 3)));
/// A box's message to its stack band, as box `k` of it: configuration `p` takes what the box
/// allows in its column `sigma(p, k)`, kept at lane `(3, column)`.
static COL_MESSAGE: [Permute; 3] =
    permutes!(|q, j, k| from_if(is_config(q, j), lane(3, sigma(config_at(q, j), k))));
/// A band's restriction of its box `k`, from the triads: in a row band (kind 0) the cells of
/// row `q` take `T(k, q)`, in a stack band (kind 1) the cells of column `j` take `T(k, j)`.
/// Indexed `[k][kind]`.
static BAND_CELLS: [[Permute; 2]; 3] = by_kind(
    permutes!(|q, j, k| from_if(is_cell(q, j), lane(k, q))),
    permutes!(|q, j, k| from_if(is_cell(q, j), lane(k, j))),
);
/// ... and from the other two triads of the box (`N(k, e)`, at lane `(k, e)`): `Rq` takes
/// `N(k, q)` (row band), `Cj` takes `N(k, j)` (stack band). Indexed `[k][kind]`.
static BAND_TRIADS: [[Permute; 2]; 3] = by_kind(
    permutes!(|q, j, k| from_if(is_row_triad(q, j), lane(k, q))),
    permutes!(|q, j, k| from_if(is_col_triad(q, j), lane(k, j))),
);
/// The tables of a row band and of a stack band for each `k`, side by side.
const fn by_kind(rows: [Permute; 3], stacks: [Permute; 3]) -> [[Permute; 2]; 3] {
    let [r0, r1, r2] = rows;
    let [s0, s1, s2] = stacks;
    [[r0, s0], [r1, s1], [r2, s2]]
}
/// What a band leaves alone in a box: a row band the `Cj` lanes, a stack band the `Rq` lanes.
const BAND_KEEPS: [[u16; 16]; 2] = [COL_TRIADS, ROW_TRIADS];
/// For each box: its row band, its stack band, and its place in each (`k`).
const BOX_BANDS: [[u8; 4]; 9] = {
    let mut t = [[0u8; 4]; 9];
    let mut b = 0;
    while b < 9 {
        t[b] = [
            (b / 3) as u8,
            (3 + b % 3) as u8,
            (b % 3) as u8,
            (b / 3) as u8,
        ];
        b += 1;
    }
    t
};
/// The boxes of each band, in order.
const BAND_BOXES: [[u8; 3]; 6] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
];
/// All digits in lane 0 (the union of a band's configurations is checked there).
const FIRST_ALL: [u16; 16] = lanes!(u16, |q, j| when(q == 0 && j == 0, ALL));
/// The cells (row-major index) of each box, row by row.
const BOX_CELLS: [[u8; 9]; 9] = {
    let mut t = [[0u8; 9]; 9];
    let mut b = 0;
    while b < 9 {
        let mut k = 0;
        while k < 9 {
            t[b][k] = ((3 * (b / 3) + k / 3) * 9 + 3 * (b % 3) + k % 3) as u8;
            k += 1;
        }
        b += 1;
    }
    t
};
/// The lane of the `k`-th cell of a box (row by row).
const CELL_LANES: [usize; 9] = [0, 1, 2, 4, 5, 6, 8, 9, 10];
/// All digits in the triad lanes.
const TRIADS_ALL: [u16; 16] = lanes!(u16, |q, j| when(
    is_row_triad(q, j) || is_col_triad(q, j),
    ALL
));
/// The digit set of a cell's value: bit `v - 1`, none for 0 (and for values above 9, which
/// are refused).
const DIGIT_BIT: [u16; 16] = {
    let mut t = [0u16; 16];
    let mut v = 1;
    while v <= 9 {
        t[v] = 1 << (v - 1);
        v += 1;
    }
    t
};
/// 1 in each cell lane.
const CELL_ONES: [u16; 16] = lanes!(u16, |q, j| when(is_cell(q, j), 1));
/// `[false][p]`: the two lanes of configuration `p`; `[true][p]`: the lanes of the other five.
const CONFIG_LANES: [[[u16; 16]; 6]; 2] = {
    let mut t = [[[0u16; 16]; 6]; 2];
    let mut p = 0;
    while p < 6 {
        let mut i = 0;
        while i < 16 {
            if i % 8 < 6 {
                t[(i % 8 != p) as usize][p][i] = 0xFFFF;
            }
            i += 1;
        }
        p += 1;
    }
    t
};
/// A band with every configuration open.
const OPEN_BAND: [u16; 16] = lanes!(u16, |q, j| when(is_config(q, j), ALL));

/// The engine's shuffles, for the tests of the primitives.
#[cfg(test)]
pub(crate) static SHUFFLES: [&Shuffle; 7] = [
    &NEXT_IN_QUAD,
    &SECOND_IN_QUAD,
    &NEXT_OF_THREE,
    &SECOND_OF_THREE,
    &ROW_TRIAD_TO_CELLS,
    &TRIADS_FORWARD,
    &TRIADS_BACKWARD,
];

/// The engine's permutes, for the tests of the primitives: those picked by a run-time index
/// as their arrays.
#[cfg(test)]
pub(crate) fn permutes() -> (
    Vec<&'static Permute>,
    Vec<&'static [Permute; 3]>,
    Vec<&'static [Permute; 2]>,
) {
    (
        vec![&COL_TRIAD_TO_CELLS],
        vec![&TRIAD_TO_CONFIG, &ROW_MESSAGE, &COL_MESSAGE],
        BAND_CELLS.iter().chain(&BAND_TRIADS).collect(),
    )
}

/// Every lane of a quad takes the union of the quad.
#[inline(always)]
fn fold_quads<L: Lanes>(x: L) -> L {
    let s = x.or(x.shuffle(&SECOND_IN_QUAD));
    s.or(s.shuffle(&NEXT_IN_QUAD))
}

/// Every lane takes the union of the other three lanes of its quad.
#[inline(always)]
fn others_in_quad<L: Lanes>(x: L) -> L {
    let r2 = x.shuffle(&SECOND_IN_QUAD);
    x.or(r2).shuffle(&NEXT_IN_QUAD).or(r2)
}

/// Every lane takes the union of its matrix column.
#[inline(always)]
fn fold_columns<L: Lanes>(x: L) -> L {
    let s = x.or(x.swap_halves());
    s.or(s.permute_quads::<NEXT_QUAD>())
}

/// Every lane takes the union of the other three lanes of its matrix column.
#[inline(always)]
fn others_in_column<L: Lanes>(x: L) -> L {
    let c2 = x.swap_halves();
    x.or(c2).permute_quads::<NEXT_QUAD>().or(c2)
}

/// One round of the box rules (see the module documentation): the box after applying what it
/// asserts now, the lanes that assert something, and the box's message to its bands from the
/// lanes as they came in (see [`box_message`]).
#[inline(always)]
fn box_round<L: Lanes>(x: L) -> Result<(L, L), Contradiction> {
    let min = L::load(&BOX_MIN);
    let cells = L::load(&CELLS);
    let count = x.popcount();
    if count.any_below(min) {
        return Err(Contradiction);
    }
    // Naked singles, and triads holding exactly 6 digits.
    let single = x.keep_eq(count, min);
    // Hidden singles: a digit of a cell that no other lane of its matrix row, or of its matrix
    // column, has.
    let in_row = others_in_quad(x);
    let in_col = others_in_column(x);
    let hidden = x.and_not_both(in_row, in_col).and(cells);
    let asserted = single.or(hidden);
    let placed = asserted.and(cells);
    let in_rows = fold_quads(placed);
    let in_cols = fold_columns(placed);
    let in_box = fold_columns(in_rows);
    // A triad with 6 digits: those are absent from its row (column), so they leave its cells.
    let absent = asserted
        .shuffle(&ROW_TRIAD_TO_CELLS)
        .or(if L::ONE_STEP_PERMUTE {
            asserted.permute(&COL_TRIAD_TO_CELLS)
        } else {
            // The same in the cells, the only lanes read: quad 3 moved onto every quad.
            asserted.permute_quads::<LAST_QUAD>()
        });
    let gone = in_box.or(absent).and(cells).or(in_rows
        .and(L::load(&ROW_TRIADS))
        .or(in_cols.and(L::load(&COL_TRIADS))));
    let next = placed.or_else(x.and_not(gone));
    Ok((next, box_message(x, in_row, in_col)))
}

/// What a box allows its bands: at lane `(q, 3)` the digits that may cross it in row `q` (some
/// cell of the row has them, and neither other row must hold them), at lane `(3, j)` the same
/// for column `j`. `in_row` and `in_col` hold, at those lanes, the union of the row's
/// (column's) cells.
///
/// It is made from the lanes a round starts with, so it is behind by the round's eliminations;
/// a round that asserts something new brings the box back, and a round that asserts nothing
/// new changed nothing: the last message of a box is always up to date.
#[inline(always)]
fn box_message<L: Lanes>(x: L, in_row: L, in_col: L) -> L {
    let rows = in_row.and3(
        x.permute_quads::<NEXT_ROW>(),
        x.permute_quads::<SECOND_ROW>(),
    );
    let cols = in_col.and3(x.shuffle(&NEXT_OF_THREE), x.shuffle(&SECOND_OF_THREE));
    rows.and(L::load(&ROW_TRIADS))
        .or(cols.and(L::load(&COL_TRIADS)))
}

/// The triads of a band's configurations, and for each the union of the other two triads of
/// its box.
#[inline(always)]
fn triads<L: Lanes>(c: L) -> (L, L) {
    let t = c.shuffle(&TRIADS_FORWARD).or(c.shuffle(&TRIADS_BACKWARD));
    let n = t.shuffle(&NEXT_OF_THREE).or(t.shuffle(&SECOND_OF_THREE));
    (t, n)
}

/// One round of the band rules: the configurations after closing those the full triads rule
/// out, and the lanes of the full triads.
#[inline(always)]
fn band_round<L: Lanes>(c: L) -> Result<(L, L, L), Contradiction> {
    let min = L::load(&TRIAD_MIN);
    let (t, n) = triads(c);
    let count = t.popcount();
    // Every digit must keep a configuration: box 0's triads together hold them all.
    if count.any_below(min) | !L::load(&FIRST_ALL).and_not(t.or(n)).is_zero() {
        return Err(Contradiction);
    }
    // A triad with exactly 3 digits holds them: they leave the box's other two rows.
    let full = t.keep_eq(count, min);
    let elsewhere = full
        .shuffle(&NEXT_OF_THREE)
        .or(full.shuffle(&SECOND_OF_THREE));
    let closed = elsewhere.permute(&TRIAD_TO_CONFIG[0]).or3(
        elsewhere.permute(&TRIAD_TO_CONFIG[1]),
        elsewhere.permute(&TRIAD_TO_CONFIG[2]),
    );
    Ok((c.and_not(closed), t, n))
}

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
