//! XY-Wing and XYZ-Wing.
//!
//! Scan order: the pivot row-major (2 candidates for XY, 3 for XYZ); the first wing `xz` among
//! the pivot's peers (box, row, column order) with 2 candidates, all but one of the pivot's in
//! it; the second wing `yz` the same way. XY: the three cells hold 3 digits and no digit is in
//! all three; XYZ: 3 digits, exactly one in all three. The digit `z` common to the wings leaves
//! every cell that sees both wings (and, for XYZ, the pivot).

use crate::logic::board::BitCount;
use crate::logic::board::{Board, CandidateSet, HOUSE_PEERS, PEERS};
use crate::logic::scope::Scope;
use crate::logic::step::{Step, Technique};

/// XY-Wing, or with `xyz` XYZ-Wing: the first found of those with a cell in
/// `scope` (a wing's existence depends on its three cells, and what it eliminates only
/// shrinks as candidates go).
pub fn xy_wing(board: &Board, xyz: bool, scope: &Scope) -> Option<Step> {
    let (size, technique) = if xyz {
        (3, Technique::XyzWing)
    } else {
        (2, Technique::XyWing)
    };
    let rating = technique.base_rating();
    for pivot in 0..81 {
        let p = board.cands(pivot);
        if p.count_ones() != size || !scope.any(PEERS[pivot] | 1 << pivot) {
            continue;
        }
        for &xz in &HOUSE_PEERS[pivot] {
            let xz = xz as usize;
            let a = board.cands(xz);
            if a.not_two() || (p & !a).not_one() {
                continue;
            }
            for &yz in &HOUSE_PEERS[pivot] {
                let yz = yz as usize;
                let b = board.cands(yz);
                if b.not_two() {
                    continue;
                }
                let union = p | a | b;
                let common = p & a & b;
                if union.count_ones() != 3 || common.count_ones() != if xyz { 1 } else { 0 } {
                    continue;
                }
                if !(scope.cell(pivot) || scope.cell(xz) || scope.cell(yz)) {
                    continue;
                }
                let z = (a & b).trailing_zeros() as u8 + 1;
                let mut sees = PEERS[xz] & PEERS[yz];
                if xyz {
                    sees &= PEERS[pivot];
                }
                sees &= !(1u128 << pivot | 1 << xz | 1 << yz);
                let victims = sees & board.places(z);
                if victims == 0 {
                    continue;
                }
                let mut eliminations = CandidateSet::EMPTY;
                eliminations.0[z as usize - 1] = victims;
                let mut pattern = CandidateSet::EMPTY;
                for cell in [pivot, xz, yz] {
                    pattern.add_digits(cell, board.cands(cell));
                }
                return Some(
                    Step::eliminate(technique, rating, eliminations).with_pattern(pattern),
                );
            }
        }
    }
    None
}
