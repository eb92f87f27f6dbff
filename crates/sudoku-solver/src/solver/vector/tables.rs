//! The engine's lane layout as constant tables: what each lane of a box and of a band holds
//! (see the module documentation of [`super`]), the masks of those lanes, and the shuffles and
//! permutes that move lanes between them, all made at compile time.

use super::simd::{HalfLaneTable, Permute, ZERO};

/// All nine digits.
pub(super) const ALL: u16 = 0x1FF;

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
pub(super) const CELLS: [u16; 16] = lanes!(u16, |q, j| when(is_cell(q, j), 0xFFFF));
/// The `Rq` lanes.
pub(super) const ROW_TRIADS: [u16; 16] = lanes!(u16, |q, j| when(is_row_triad(q, j), 0xFFFF));
/// The `Cj` lanes.
pub(super) const COL_TRIADS: [u16; 16] = lanes!(u16, |q, j| when(is_col_triad(q, j), 0xFFFF));
/// The fewest digits each box lane may hold: 1 in a cell, 6 in a triad, 0 in lane 15.
pub(super) const BOX_MIN: [u16; 16] = lanes!(u16, |q, j| if is_cell(q, j) {
    1
} else {
    when(is_row_triad(q, j) || is_col_triad(q, j), 6)
});

/// Each lane takes the next lane of its quad (cyclically over 4).
pub(super) static NEXT_IN_QUAD: HalfLaneTable =
    HalfLaneTable::new(lanes!(u8, |q, j| lane(q, (j + 1) % 4) as u8));
/// Each lane takes the lane two further in its quad.
pub(super) static SECOND_IN_QUAD: HalfLaneTable =
    HalfLaneTable::new(lanes!(u8, |q, j| lane(q, (j + 2) % 4) as u8));
/// Lanes 0..3 of each quad take the next of those three; lane 3 becomes 0.
pub(super) static NEXT_OF_THREE: HalfLaneTable =
    HalfLaneTable::new(lanes!(u8, |q, j| from_if(j < 3, lane(q, (j + 1) % 3))));
/// Lanes 0..3 of each quad take the one two further among those three; lane 3 becomes 0.
pub(super) static SECOND_OF_THREE: HalfLaneTable =
    HalfLaneTable::new(lanes!(u8, |q, j| from_if(j < 3, lane(q, (j + 2) % 3))));
/// The cells of row q take `Rq`.
pub(super) static ROW_TRIAD_TO_CELLS: HalfLaneTable =
    HalfLaneTable::new(lanes!(u8, |q, j| from_if(is_cell(q, j), lane(q, 3))));
/// The cells of column j take `Cj` (the other lanes 0).
pub(super) static COL_TRIAD_TO_CELLS: Permute =
    Permute::new(lanes!(u8, |q, j| from_if(is_cell(q, j), lane(3, j))));

/// `vpermq` immediates: result quad `i` takes the quad at 2-bit field `i`.
const fn quads(a: [i32; 4]) -> i32 {
    a[0] | a[1] << 2 | a[2] << 4 | a[3] << 6
}
/// Every quad takes quad 3 (the `Cj` lanes, in the cells' columns).
pub(super) const LAST_QUAD: i32 = quads([3, 3, 3, 3]);
/// Each quad takes the next one (cyclically over 4).
pub(super) const NEXT_QUAD: i32 = quads([1, 2, 3, 0]);
/// Quads 0..3 take the next of those three; quad 3 stays.
pub(super) const NEXT_ROW: i32 = quads([1, 2, 0, 3]);
/// Quads 0..3 take the one two further among those three; quad 3 stays.
pub(super) const SECOND_ROW: i32 = quads([2, 0, 1, 3]);

/// The row of box `k` through which configuration `p` takes a digit.
pub(super) const fn sigma(p: usize, k: usize) -> usize {
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
pub(super) static TRIADS_FORWARD: HalfLaneTable = HalfLaneTable::new(lanes!(u8, |k, e| from_if(
    is_cell(k, e),
    config_lane((e + 3 - k) % 3, k)
)));
/// Triads from configurations, second term: the backward configuration through the triad.
pub(super) static TRIADS_BACKWARD: HalfLaneTable = HalfLaneTable::new(lanes!(u8, |k, e| from_if(
    is_cell(k, e),
    config_lane(3 + (e + k) % 3, k)
)));
/// The fewest digits a triad lane may hold: 3 (a row of a box holds 3 digits); 0 in the spare
/// lanes.
pub(super) const TRIAD_MIN: [u16; 16] = lanes!(u16, |q, j| when(is_cell(q, j), 3));

/// Whether lane `4q + j` of a band vector holds a configuration, and which.
const fn is_config(q: usize, j: usize) -> bool {
    (4 * q + j) % 8 < 6
}
const fn config_at(q: usize, j: usize) -> usize {
    (4 * q + j) % 8
}

/// Configurations from triads of box `k`: configuration `p` takes `T(k, sigma(p, k))`.
pub(super) static TRIAD_TO_CONFIG: [Permute; 3] =
    permutes!(|q, j, k| from_if(is_config(q, j), lane(k, sigma(config_at(q, j), k))));
/// A box's message to its row band, as box `k` of it: configuration `p` takes what the box
/// allows in its row `sigma(p, k)`, kept at lane `(row, 3)`.
pub(super) static ROW_MESSAGE: [Permute; 3] =
    permutes!(|q, j, k| from_if(is_config(q, j), lane(sigma(config_at(q, j), k), 3)));
/// A box's message to its stack band, as box `k` of it: configuration `p` takes what the box
/// allows in its column `sigma(p, k)`, kept at lane `(3, column)`.
pub(super) static COL_MESSAGE: [Permute; 3] =
    permutes!(|q, j, k| from_if(is_config(q, j), lane(3, sigma(config_at(q, j), k))));
/// A band's restriction of its box `k`, from the triads: in a row band (kind 0) the cells of
/// row `q` take `T(k, q)`, in a stack band (kind 1) the cells of column `j` take `T(k, j)`.
/// Indexed `[k][kind]`.
pub(super) static BAND_CELLS: [[Permute; 2]; 3] = by_kind(
    permutes!(|q, j, k| from_if(is_cell(q, j), lane(k, q))),
    permutes!(|q, j, k| from_if(is_cell(q, j), lane(k, j))),
);
/// ... and from the other two triads of the box (`N(k, e)`, at lane `(k, e)`): `Rq` takes
/// `N(k, q)` (row band), `Cj` takes `N(k, j)` (stack band). Indexed `[k][kind]`.
pub(super) static BAND_TRIADS: [[Permute; 2]; 3] = by_kind(
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
pub(super) const BAND_KEEPS: [[u16; 16]; 2] = [COL_TRIADS, ROW_TRIADS];
/// For each box: its row band, its stack band, and its place in each (`k`).
pub(super) const BOX_BANDS: [[u8; 4]; 9] = {
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
pub(super) const BAND_BOXES: [[u8; 3]; 6] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
];
/// All digits in lane 0 (the union of a band's configurations is checked there).
pub(super) const FIRST_ALL: [u16; 16] = lanes!(u16, |q, j| when(q == 0 && j == 0, ALL));
/// The cells (row-major index) of each box, row by row.
pub(super) const BOX_CELLS: [[u8; 9]; 9] = {
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
pub(super) const CELL_LANES: [usize; 9] = [0, 1, 2, 4, 5, 6, 8, 9, 10];
/// All digits in the triad lanes.
pub(super) const TRIADS_ALL: [u16; 16] = lanes!(u16, |q, j| when(
    is_row_triad(q, j) || is_col_triad(q, j),
    ALL
));
/// The digit set of a cell's value: bit `v - 1`, none for 0 (and for values above 9, which
/// are refused).
pub(super) const DIGIT_BIT: [u16; 16] = {
    let mut t = [0u16; 16];
    let mut v = 1;
    while v <= 9 {
        t[v] = 1 << (v - 1);
        v += 1;
    }
    t
};
/// 1 in each cell lane.
pub(super) const CELL_ONES: [u16; 16] = lanes!(u16, |q, j| when(is_cell(q, j), 1));
/// `[false][p]`: the two lanes of configuration `p`; `[true][p]`: the lanes of the other five.
pub(super) const CONFIG_LANES: [[[u16; 16]; 6]; 2] = {
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
pub(super) const OPEN_BAND: [u16; 16] = lanes!(u16, |q, j| when(is_config(q, j), ALL));

/// The vector engine's half-lane tables, for the tests of the primitives.
#[cfg(test)]
pub(crate) static HALF_LANE_TABLES: [&HalfLaneTable; 7] = [
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
