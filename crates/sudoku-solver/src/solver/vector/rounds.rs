//! The rules, one round at a time: a box's round (singles, hidden singles, full triads, and its
//! message to its bands) and a band's round (full triads, and the restriction of its boxes'
//! rows or columns). Every function works on one vector and is `#[inline(always)]`, so the
//! search compiles into one function per instruction set.

use super::simd::Lanes;
use super::tables::*;

/// A contradiction: this branch has no solution.
pub(super) struct Contradiction;

/// Every lane of a quad takes the union of the quad.
#[inline(always)]
pub(super) fn fold_quads<L: Lanes>(x: L) -> L {
    let s = x.or(x.shuffle(&SECOND_IN_QUAD));
    s.or(s.shuffle(&NEXT_IN_QUAD))
}

/// Every lane takes the union of the other three lanes of its quad.
#[inline(always)]
pub(super) fn others_in_quad<L: Lanes>(x: L) -> L {
    let r2 = x.shuffle(&SECOND_IN_QUAD);
    x.or(r2).shuffle(&NEXT_IN_QUAD).or(r2)
}

/// Every lane takes the union of its matrix column.
#[inline(always)]
pub(super) fn fold_columns<L: Lanes>(x: L) -> L {
    let s = x.or(x.swap_halves());
    s.or(s.permute_quads::<NEXT_QUAD>())
}

/// Every lane takes the union of the other three lanes of its matrix column.
#[inline(always)]
pub(super) fn others_in_column<L: Lanes>(x: L) -> L {
    let c2 = x.swap_halves();
    x.or(c2).permute_quads::<NEXT_QUAD>().or(c2)
}

/// One round of the box rules (see the module documentation): the box after applying what it
/// asserts now, the lanes that assert something, and the box's message to its bands from the
/// lanes as they came in (see [`box_message`]).
#[inline(always)]
pub(super) fn box_round<L: Lanes>(x: L) -> Result<(L, L), Contradiction> {
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
pub(super) fn triads<L: Lanes>(c: L) -> (L, L) {
    let t = c.shuffle(&TRIADS_FORWARD).or(c.shuffle(&TRIADS_BACKWARD));
    let n = t.shuffle(&NEXT_OF_THREE).or(t.shuffle(&SECOND_OF_THREE));
    (t, n)
}

/// One round of the band rules: the configurations after closing those the full triads rule
/// out, and the lanes of the full triads.
#[inline(always)]
pub(super) fn band_round<L: Lanes>(c: L) -> Result<(L, L, L), Contradiction> {
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
