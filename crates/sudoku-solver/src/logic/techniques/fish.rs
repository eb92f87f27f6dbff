//! Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4). No fins.
//!
//! Scan order: columns as base lines (rows as cover) first, then rows as base; each combination
//! of base lines in increasing order of its mask; each digit 1..9. A digit is skipped when its
//! placed cells plus `2k` exceed 9. Each base line must hold the digit in two places or more, and
//! together in exactly `k` cover lines; the digit leaves those cover lines outside the base.

use crate::logic::board::BitCount;
use crate::logic::board::{combinations, Board, CandidateSet, House, HouseKind, HouseSet};
use crate::logic::scope::Scope;
use crate::logic::step::{Shape, Step, Technique};

/// X-Wing, Swordfish or Jellyfish (`k` 2, 3, 4): the first found, of the digits in
/// `scope` (a fish depends on its digit's places alone).
pub fn fish(board: &Board, k: u32, scope: &Scope) -> Option<Step> {
    super::first(|emit| each_fish(board, k, scope, emit))
}

/// Every fish of `k` lines of the digits in `scope`, in scan order, to `emit` until it returns
/// false.
pub fn each_fish(board: &Board, k: u32, scope: &Scope, emit: &mut dyn FnMut(Step) -> bool) {
    let technique = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let rating = technique.base_rating();
    let mut placed = [0usize; 9];
    for &v in board.values() {
        if v != 0 {
            placed[v as usize - 1] += 1;
        }
    }
    for (base, cover) in [
        (HouseKind::Column, HouseKind::Row),
        (HouseKind::Row, HouseKind::Column),
    ] {
        // Each digit's cover lines and place count in each base line, once.
        let mut covers = [[0u16; 9]; 9];
        for d in 1..=9u8 {
            if !scope.digit(d) || placed[d as usize - 1] + 2 * k as usize > 9 {
                continue;
            }
            for (line, slot) in covers[d as usize - 1].iter_mut().enumerate() {
                let places = board.places(d)
                    & House {
                        kind: base,
                        index: line,
                    }
                    .bits();
                for cell in crate::logic::board::cells_of(places) {
                    *slot |= 1 << House::of(cover, cell).index;
                }
            }
        }
        // For each digit, the base lines that can be in a fish: two to `k` cover lines. A digit
        // with fewer than `k` of them has no fish, and a combination outside them is none.
        let mut eligible = [0u32; 9];
        for d in 1..=9u8 {
            if !scope.digit(d) || placed[d as usize - 1] + 2 * k as usize > 9 {
                continue;
            }
            for (line, covered) in covers[d as usize - 1].iter().enumerate() {
                let n = covered.count_ones();
                if n >= 2 && n <= k {
                    eligible[d as usize - 1] |= 1 << line;
                }
            }
        }
        if eligible.iter().all(|e| e.count_ones() < k) {
            continue;
        }
        for combo in combinations(k, 9) {
            for d in 1..=9u8 {
                if combo & !eligible[d as usize - 1] != 0 {
                    continue;
                }
                // The cover lines of each base line; each base line needs two places or more.
                let lines = &covers[d as usize - 1];
                let mut union = 0u16;
                let mut ok = true;
                let mut m = combo;
                while m != 0 {
                    let line = lines[m.trailing_zeros() as usize];
                    m &= m - 1;
                    if line.under_two() {
                        ok = false;
                        break;
                    }
                    union |= line;
                }
                if !ok || union.count_ones() != k {
                    continue;
                }
                let mut base_cells = 0u128;
                let mut m = combo;
                while m != 0 {
                    let line = House {
                        kind: base,
                        index: m.trailing_zeros() as usize,
                    };
                    m &= m - 1;
                    base_cells |= board.places(d) & line.bits();
                }
                let mut houses = HouseSet::EMPTY;
                let (mut base_bits, mut cover_bits) = (0u128, 0u128);
                for i in 0..9 {
                    if combo & (1 << i) != 0 {
                        let h = House {
                            kind: base,
                            index: i,
                        };
                        base_bits |= h.bits();
                        houses.insert(h);
                    }
                    if union & (1 << i) != 0 {
                        let h = House {
                            kind: cover,
                            index: i,
                        };
                        cover_bits |= h.bits();
                        houses.insert(h);
                    }
                }
                let victims = board.places(d) & cover_bits & !base_bits;
                if victims == 0 {
                    continue;
                }
                let mut eliminations = CandidateSet::EMPTY;
                eliminations.0[d as usize - 1] = victims;
                let mut pattern = CandidateSet::EMPTY;
                pattern.0[d as usize - 1] = base_cells;
                let mut step =
                    Step::eliminate(technique, rating, eliminations).with_pattern(pattern);
                step.houses = houses;
                step.shape = Shape::Lines {
                    digit: d,
                    base: base_bits,
                    cover: cover_bits,
                };
                if !emit(step) {
                    return;
                }
            }
        }
    }
}
