//! Intersections: a digit of a box confined to one line (pointing), or of a line confined to one
//! box (claiming).
//!
//! Scan order: four sweeps, (box, column), (box, row), (column, box), (row, box); in each, the
//! first house 0..9, the second 0..9 (those that cross it), the digit 1..9. The digit must have
//! two places or more in the first house, all in the second.
//!
//! The *direct* forms (direct pointing and claiming) are taken only when the elimination leaves a
//! hidden single in another house of the first kind; they place that single and nothing else.

use crate::logic::board::BitCount;
use crate::logic::board::{house_bits, Board, CandidateSet, CellSet, House, HouseKind};
use crate::logic::scope::Scope;
use crate::logic::step::{Shape, Step, Technique};

const SWEEPS: [(HouseKind, HouseKind); 4] = [
    (HouseKind::Box, HouseKind::Column),
    (HouseKind::Box, HouseKind::Row),
    (HouseKind::Column, HouseKind::Box),
    (HouseKind::Row, HouseKind::Box),
];

/// Pointing and claiming, or with `direct`, direct pointing and direct claiming: the first found, of the digits in `scope` (both forms depend on their
/// digit's places alone).
pub fn locking(board: &Board, direct: bool, scope: &Scope) -> Option<Step> {
    super::first(|emit| each_locking(board, direct, scope, emit))
}

/// Every pointing and claiming of the digits in `scope`, in scan order, to `emit` until it
/// returns false.
pub fn each_locking(
    board: &Board,
    direct: bool,
    scope: &Scope,
    emit: &mut dyn FnMut(Step) -> bool,
) {
    // The four techniques' ratings, looked up once: many steps may be found below.
    let rated = |t: Technique| (t, t.base_rating());
    let (direct_pointing, direct_claiming) = (
        rated(Technique::DirectPointing),
        rated(Technique::DirectClaiming),
    );
    let (pointing_step, claiming_step) = (rated(Technique::Pointing), rated(Technique::Claiming));
    for (kind1, kind2) in SWEEPS {
        for i1 in 0..9 {
            let first = House {
                kind: kind1,
                index: i1,
            };
            // Each digit's places in the first house, when two or more and in scope.
            let mut inside = [0 as CellSet; 9];
            let mut any = false;
            for d in 1..=9u8 {
                let places = board.places(d) & first.bits();
                if scope.digit(d) && places.two_plus() {
                    inside[d as usize - 1] = places;
                    any = true;
                }
            }
            if !any {
                continue;
            }
            // Most houses have no digit confined to one second house with places to remove
            // there: those are passed over whole, before the sweep of the second houses in
            // order.
            let wanted = (1..=9u8).any(|d| {
                let places = inside[d as usize - 1];
                places != 0 && {
                    let second = house_bits(kind2, places.trailing_zeros() as usize);
                    places & !second == 0 && board.places(d) & second & !first.bits() != 0
                }
            });
            if !wanted {
                continue;
            }
            for i2 in 0..9 {
                let second = House {
                    kind: kind2,
                    index: i2,
                };
                if first.bits() & second.bits() == 0 {
                    continue;
                }
                for d in 1..=9u8 {
                    let places = inside[d as usize - 1];
                    if places == 0 || places & !second.bits() != 0 {
                        continue;
                    }
                    let pattern = {
                        let mut p = CandidateSet::EMPTY;
                        p.0[d as usize - 1] = places;
                        p
                    };
                    let victims = board.places(d) & second.bits() & !first.bits();
                    let pointing = kind1 == HouseKind::Box;
                    if victims == 0 {
                        // Nothing goes; nor can a hidden single appear: the third house's
                        // places inside the second would be victims.
                        continue;
                    }
                    if direct {
                        // Another house of the first kind left with one place outside the second.
                        for i3 in 0..9 {
                            let third = House {
                                kind: kind1,
                                index: i3,
                            };
                            if i3 == i1 || third.bits() & second.bits() == 0 {
                                continue;
                            }
                            let there = board.places(d) & third.bits();
                            let outside = there & !second.bits();
                            if there.two_plus() && outside.is_one() {
                                let (technique, rating) = if pointing {
                                    direct_pointing
                                } else {
                                    direct_claiming
                                };
                                let cell = outside.trailing_zeros() as usize;
                                let step = Step::place(technique, rating, cell, d)
                                    .with_pattern(pattern)
                                    .with_houses(&[first, second, third]);
                                if !emit(step) {
                                    return;
                                }
                                break;
                            }
                        }
                    } else {
                        let mut eliminations = CandidateSet::EMPTY;
                        eliminations.0[d as usize - 1] = victims;
                        let (technique, rating) = if pointing {
                            pointing_step
                        } else {
                            claiming_step
                        };
                        let mut step = Step::eliminate(technique, rating, eliminations)
                            .with_pattern(pattern)
                            .with_houses(&[first, second]);
                        step.shape = Shape::Lines {
                            digit: d,
                            base: first.bits(),
                            cover: second.bits(),
                        };
                        if !emit(step) {
                            return;
                        }
                    }
                }
            }
        }
    }
}
