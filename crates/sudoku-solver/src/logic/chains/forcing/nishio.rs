//! Which Nishio runs could meet a contradiction (the only way a Nishio run gives a hint).

use crate::logic::board::{cells_of, BitCount, Board, CellSet, HOUSE_BITS, PEERS};

/// Whether a Nishio run on digit `d` from "`cell` is `d`" (`on`) or "is not `d`" could meet a
/// contradiction. The answer is "yes" whenever the run meets one, so a run the answer is "no"
/// for need not be made.
///
/// A Nishio run deduces only potentials of `d`: an "on" turns the digit's other places in the
/// cell's houses "off"; when an "off" is taken out of a house where the digit then has one other
/// place, that place turns "on". This follows the same rules on sets of cells to their fixed
/// point, with no order: every "off" the run takes out is in `offs` here, so where the run turns
/// a place "on", `offs` leaves that place alone in its house (then it is in `ons`) or leaves the
/// house empty (answered "yes"). So everything the run deduces is in `ons` and `offs`, and if the
/// run meets a candidate both "on" and "off", so does this.
pub(super) fn may_contradict(board: &Board, cell: usize, d: u8, on: bool) -> bool {
    let places = board.places(d);
    let (mut ons, mut offs): (CellSet, CellSet) = if on { (1 << cell, 0) } else { (0, 1 << cell) };
    let (mut fresh_ons, mut fresh_offs) = (ons, offs);
    loop {
        for c in cells_of(fresh_ons) {
            fresh_offs |= PEERS[c] & places & !offs;
        }
        offs |= fresh_offs;
        if ons & offs != 0 {
            return true;
        }
        // Only a house that lost a place since it was last looked at can give something new.
        let mut houses = 0u32;
        for c in cells_of(fresh_offs) {
            houses |= HOUSES_OF[c];
        }
        fresh_ons = 0;
        fresh_offs = 0;
        while houses != 0 {
            let h = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            let here = HOUSE_BITS[h / 9][h % 9] & places;
            let rest = here & !offs;
            if rest == 0 {
                return true;
            }
            if rest.is_one() {
                fresh_ons |= rest & !ons;
            }
        }
        if fresh_ons == 0 {
            return false;
        }
        ons |= fresh_ons;
        if ons & offs != 0 {
            return true;
        }
    }
}

/// `HOUSES_OF[c]`: bits `9 * slot + index` of the box, row and column of cell `c` (slots as in
/// `HOUSE_BITS`: box, row, column).
const HOUSES_OF: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        t[c] = 1 << (3 * (r / 3) + col / 3) | 1 << (9 + r) | 1 << (18 + col);
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::super::{Chaining, Flags};
    use super::*;
    use crate::logic::board::digits_of;
    use crate::logic::chains::{is_on, pot, Cause, NodeMap, Pot};
    use crate::logic::first_step;
    use crate::parse::parse_str;

    /// Whether a Nishio run from `source` meets a contradiction, the run made in full.
    fn run_meets_contradiction(board: &Board, source: Pot) -> bool {
        let mut chaining = Chaining::new(Flags::NISHIO, false);
        let (mut on, mut off) = (NodeMap::default(), NodeMap::default());
        let root = chaining.arena.add(source, &[], Cause::Assumption);
        if is_on(source) {
            on.insert(source, root);
        } else {
            off.insert(source, root);
        }
        chaining.run(board, &mut on, &mut off).is_some()
    }

    /// On every board of the paths of hard puzzles, from every candidate "on" and "off": when
    /// the full run meets a contradiction the pre-check says it may, and it rules out most runs
    /// (or it would spare nothing).
    #[test]
    fn the_nishio_pre_check_never_rules_out_a_contradiction() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/puzzles3_magictour_top1465-sample.txt"
        ));
        let (mut runs, mut absurd, mut ruled_out) = (0, 0, 0);
        for puzzle in parse_str(text).into_iter().flatten().take(6) {
            let mut board = Board::from_grid(&puzzle.grid);
            while let Some(step) = first_step(&board) {
                for cell in (0..81).filter(|&c| board.cands(c).count_ones() >= 2) {
                    for d in digits_of(board.cands(cell)) {
                        for on in [true, false] {
                            let meets = run_meets_contradiction(&board, pot(cell, d, on));
                            let may = may_contradict(&board, cell, d, on);
                            assert!(
                                may || !meets,
                                "r{}c{}={d} {on}: {board:?}",
                                cell / 9 + 1,
                                cell % 9 + 1
                            );
                            runs += 1;
                            absurd += usize::from(meets);
                            ruled_out += usize::from(!may);
                        }
                    }
                }
                step.apply(&mut board);
                if board.is_solved() {
                    break;
                }
            }
        }
        assert!(absurd > 100, "{absurd} contradictions in {runs} runs");
        assert!(ruled_out * 2 > runs, "{ruled_out} of {runs} ruled out");
    }
}
