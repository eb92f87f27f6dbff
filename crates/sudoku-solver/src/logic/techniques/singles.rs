//! Singles: full houses, hidden singles and naked singles.
//!
//! Scan orders (which single comes first): hidden singles look at boxes, then columns, then
//! rows, each house 0..9, each digit 1..9, and every full house (a house with one empty cell)
//! comes before any hidden single. Naked singles come cell by cell, row-major.

use crate::logic::board::BitCount;
use crate::logic::board::{Board, House, HouseKind};
use crate::logic::step::{Step, Technique};
use crate::logic::technique::HIDDEN_SINGLE_IN_LINE;

/// The order hidden singles visit house kinds in.
const KINDS: [HouseKind; 3] = [HouseKind::Box, HouseKind::Column, HouseKind::Row];

/// The first full house, else the first hidden single (rated higher in a line than in a box).
pub fn hidden_single(board: &Board) -> Option<Step> {
    for full in [true, false] {
        for kind in KINDS {
            for index in 0..9 {
                let house = House { kind, index };
                let empty = board.empty_in(house);
                if empty == 0 || (empty == 1) != full {
                    continue;
                }
                for d in 1..=9u8 {
                    let places = board.places(d) & house.bits();
                    if places.not_one() {
                        continue;
                    }
                    let cell = places.trailing_zeros() as usize;
                    let (technique, rating) = match (full, kind) {
                        (true, _) => (Technique::FullHouse, Technique::FullHouse.base_rating()),
                        (false, HouseKind::Box) => (
                            Technique::HiddenSingle,
                            Technique::HiddenSingle.base_rating(),
                        ),
                        // SE rates a hidden single in a row or column higher than in a box.
                        (false, _) => (
                            Technique::HiddenSingle,
                            Technique::HiddenSingle.base_rating() + HIDDEN_SINGLE_IN_LINE,
                        ),
                    };
                    return Some(Step::place(technique, rating, cell, d).with_houses(&[house]));
                }
            }
        }
    }
    None
}

/// The first cell with a single candidate.
pub fn naked_single(board: &Board) -> Option<Step> {
    (0..81).find_map(|cell| {
        let c = board.cands(cell);
        (c.is_one()).then(|| {
            Step::place(
                Technique::NakedSingle,
                Technique::NakedSingle.base_rating(),
                cell,
                c.trailing_zeros() as u8 + 1,
            )
        })
    })
}
