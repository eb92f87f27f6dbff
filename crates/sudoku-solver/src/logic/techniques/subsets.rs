//! Subsets: naked and hidden pairs, triples and quads, and the direct hidden pair and triple.
//!
//! Scan order: boxes, then columns, then rows; each house 0..9; each combination of cells (naked)
//! or digits (hidden) in increasing order of its mask. Every member must have two candidates (or
//! places) or more, and together exactly `k`. Size conditions, as in Sudoku Explainer: a naked
//! set of `k` needs at least `2k` empty cells in its house, a hidden set more than `2k` (a direct
//! one more than `k`); the other subsets are found as the complement of the other kind.

use crate::logic::board::BitCount;
use crate::logic::board::{combinations, Board, CandidateSet, House, HouseKind};
use crate::logic::scope::Scope;
use crate::logic::step::{Shape, Step, Technique};

const KINDS: [HouseKind; 3] = [HouseKind::Box, HouseKind::Column, HouseKind::Row];

/// The places (bit `k` = the house's `k`-th cell) of each digit in `house`.
fn places_in(board: &Board, house: House) -> [u16; 9] {
    let mut out = [0u16; 9];
    for (k, &cell) in house.cells().iter().enumerate() {
        let mut c = board.cands(cell as usize);
        while c != 0 {
            let d = c.trailing_zeros() as usize;
            c &= c - 1;
            out[d] |= 1 << k;
        }
    }
    out
}

/// The union of `members` (indexes into `sets` given by the bits of `mask`) when every member
/// has two elements or more and the union has exactly `k`.
fn common_tuple(sets: &[u16; 9], mask: u32, k: u32) -> Option<u16> {
    let mut union = 0u16;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        if sets[i].under_two() {
            return None;
        }
        union |= sets[i];
    }
    (union.count_ones() == k).then_some(union)
}

/// The indexes of `sets` with 2 to `k` elements: the only ones [`common_tuple`] can take.
fn fitting(sets: &[u16; 9], k: u32) -> u32 {
    let mut out = 0;
    for (i, s) in sets.iter().enumerate() {
        if (2..=k).contains(&s.count_ones()) {
            out |= 1 << i;
        }
    }
    out
}

/// Naked pair, triple or quad (`k` 2, 3, 4): the first found, in the houses that `scope`
/// touches (a set depends on its house's cells alone).
pub fn naked_set(board: &Board, k: u32, scope: &Scope) -> Option<Step> {
    super::first(|emit| each_naked_set(board, k, scope, emit))
}

/// Every naked set of `k` in the houses `scope` touches, in scan order, to `emit` until it
/// returns false.
pub fn each_naked_set(board: &Board, k: u32, scope: &Scope, emit: &mut dyn FnMut(Step) -> bool) {
    let technique = match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    let rating = technique.base_rating();
    for kind in KINDS {
        for index in 0..9 {
            let house = House { kind, index };
            if !scope.house(house) || board.empty_in(house) < 2 * k as usize {
                continue;
            }
            let cells = house.cells();
            let masks: [u16; 9] = std::array::from_fn(|i| board.cands(cells[i] as usize));
            // Only cells of 2 to k candidates can be members.
            let members = fitting(&masks, k);
            if members.count_ones() < k {
                continue;
            }
            for combo in combinations(k, 9) {
                if combo & !members != 0 {
                    continue;
                }
                let Some(digits) = common_tuple(&masks, combo, k) else {
                    continue;
                };
                let mut eliminations = CandidateSet::EMPTY;
                let mut pattern = CandidateSet::EMPTY;
                for (i, &cell) in cells.iter().enumerate() {
                    let cell = cell as usize;
                    let here = board.cands(cell) & digits;
                    for d in crate::logic::board::digits_of(here) {
                        if combo & (1 << i) != 0 {
                            pattern.add(cell, d);
                        } else {
                            eliminations.add(cell, d);
                        }
                    }
                }
                if !eliminations.is_empty() {
                    let mut set_cells = 0u128;
                    for (i, &cell) in cells.iter().enumerate() {
                        if combo & (1 << i) != 0 {
                            set_cells |= 1 << cell;
                        }
                    }
                    let mut step = Step::eliminate(technique, rating, eliminations)
                        .with_pattern(pattern)
                        .with_houses(&[house]);
                    step.shape = Shape::NakedSet {
                        cells: set_cells,
                        digits,
                    };
                    if !emit(step) {
                        return;
                    }
                }
            }
        }
    }
}

/// Hidden pair, triple or quad; with `direct`, the direct hidden pair or triple, which places the hidden single the set leaves in its house. The first found,
/// in the houses that `scope` touches (both depend on their house's cells alone).
pub fn hidden_set(board: &Board, k: u32, direct: bool, scope: &Scope) -> Option<Step> {
    super::first(|emit| each_hidden_set(board, k, direct, scope, emit))
}

/// Every hidden set of `k` in the houses `scope` touches, in scan order, to `emit` until it
/// returns false.
pub fn each_hidden_set(
    board: &Board,
    k: u32,
    direct: bool,
    scope: &Scope,
    emit: &mut dyn FnMut(Step) -> bool,
) {
    let technique = match (k, direct) {
        (2, true) => Technique::DirectHiddenPair,
        (3, true) => Technique::DirectHiddenTriple,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let rating = technique.base_rating();
    for kind in KINDS {
        for index in 0..9 {
            let house = House { kind, index };
            if !scope.house(house) {
                continue;
            }
            let empty = board.empty_in(house);
            let enough = if direct {
                empty > k as usize
            } else {
                empty > 2 * k as usize
            };
            if !enough {
                continue;
            }
            let places = places_in(board, house);
            // Only digits of 2 to k places can be members.
            let members = fitting(&places, k);
            if members.count_ones() < k {
                continue;
            }
            let cells = house.cells();
            for combo in combinations(k, 9) {
                if combo & !members != 0 {
                    continue;
                }
                let Some(spots) = common_tuple(&places, combo, k) else {
                    continue;
                };
                let digits = combo as u16;
                let mut pattern = CandidateSet::EMPTY;
                for (i, &cell) in cells.iter().enumerate() {
                    if spots & (1 << i) != 0 {
                        for d in crate::logic::board::digits_of(board.cands(cell as usize) & digits)
                        {
                            pattern.add(cell as usize, d);
                        }
                    }
                }
                if direct {
                    // The first other digit left with one place outside the set.
                    for (w, &there) in places.iter().enumerate() {
                        if digits & (1 << w) != 0 {
                            continue;
                        }
                        let outside = there & !spots;
                        if there.two_plus() && outside.is_one() {
                            let cell = cells[outside.trailing_zeros() as usize] as usize;
                            let step = Step::place(technique, rating, cell, w as u8 + 1)
                                .with_pattern(pattern)
                                .with_houses(&[house]);
                            if !emit(step) {
                                return;
                            }
                            break;
                        }
                    }
                    continue;
                }
                let mut eliminations = CandidateSet::EMPTY;
                for (i, &cell) in cells.iter().enumerate() {
                    if spots & (1 << i) != 0 {
                        let others = board.cands(cell as usize) & !digits;
                        eliminations.add_digits(cell as usize, others);
                    }
                }
                if !eliminations.is_empty() {
                    let mut step = Step::eliminate(technique, rating, eliminations)
                        .with_pattern(pattern)
                        .with_houses(&[house]);
                    step.shape = Shape::HiddenSet { house, digits };
                    if !emit(step) {
                        return;
                    }
                }
            }
        }
    }
}
