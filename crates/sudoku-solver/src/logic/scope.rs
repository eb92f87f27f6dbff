//! Where a rung must look again: the part of the board that changed since it last found
//! nothing.
//!
//! Candidates only go away on the path, and a pattern that was not there cannot appear where
//! nothing changed. For most techniques that is exact: a fish of digit `d` depends on `d`'s
//! places alone, a naked or hidden set on the candidates of its house's cells, a wing or an
//! aligned exclusion on the candidates of its own cells and of the cells that see them all
//! (removing candidates only shrinks what a pattern eliminates, so one that eliminated nothing
//! before still eliminates nothing). So when a rung found nothing on a board, on a later board
//! of the same path it need look only at the patterns that touch a [`Scope`] of what changed,
//! and the first it finds there, in its own order, is the first it would find anywhere.
//! [`Memo`] keeps, for each rung of the ladder, the board it last found nothing on.

use super::board::{Board, CellSet, House, ALL};
use super::{Rung, Step, LADDER};

/// What changed on the board: the digits that lost a place, and the cells that lost a
/// candidate (a filled cell lost them all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scope {
    digits: u16,
    cells: CellSet,
}

impl Scope {
    /// Everything: a rung looks everywhere.
    pub const ALL: Scope = Scope {
        digits: 0x1FF,
        cells: ALL,
    };

    /// What changed from `before` (each digit's places, as `Board::all_places` gives them)
    /// to `board`, a later board of the same path.
    pub fn between(before: &[CellSet; 9], board: &Board) -> Scope {
        let now = board.all_places();
        let mut scope = Scope {
            digits: 0,
            cells: 0,
        };
        for d in 0..9 {
            let gone = before[d] & !now[d];
            if gone != 0 {
                scope.digits |= 1 << d;
                scope.cells |= gone;
            }
        }
        scope
    }

    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.digits == 0
    }

    /// Whether digit `d` (1..=9) lost a place.
    #[inline]
    pub fn digit(&self, d: u8) -> bool {
        self.digits & (1 << (d - 1)) != 0
    }

    /// Whether `cell` lost a candidate.
    #[inline]
    pub fn cell(&self, cell: usize) -> bool {
        self.cells & (1 << cell) != 0
    }

    /// The cells that lost a candidate.
    #[inline]
    pub fn cells(&self) -> CellSet {
        self.cells
    }

    /// Whether any cell of `cells` lost a candidate.
    #[inline]
    pub fn any(&self, cells: CellSet) -> bool {
        self.cells & cells != 0
    }

    /// Whether a cell of `house` lost a candidate.
    #[inline]
    pub fn house(&self, house: House) -> bool {
        self.any(house.bits())
    }
}

/// For each rung of the ladder, the board (its digits' places) where it last found nothing,
/// if it has found nothing since it last found a step.
pub struct Memo {
    empty_on: [Option<[CellSet; 9]>; LADDER.len()],
}

impl Default for Memo {
    fn default() -> Self {
        Memo {
            empty_on: [None; LADDER.len()],
        }
    }
}

impl Memo {
    /// The next step on `board` (as [`next_step`](super::next_step) finds it), each rung
    /// looking only where the board changed since it last found nothing. `board` must be a
    /// later board of the path the memo has seen.
    pub fn next_step(&mut self, board: &Board) -> Option<Step> {
        self.next_step_by(board, |rung, scope| rung.find_in(board, scope))
    }

    /// [`Memo::next_step`], each rung asked through `ask` (given the rung and its scope; it
    /// must return what `Rung::find_in` does), so that a caller can watch each call, as
    /// `cargo bench --bench rungs` times them.
    pub fn next_step_by(
        &mut self,
        board: &Board,
        mut ask: impl FnMut(Rung, &Scope) -> Option<Step>,
    ) -> Option<Step> {
        for (rung, memo) in LADDER.iter().zip(self.empty_on.iter_mut()) {
            let scope = match memo {
                Some(before) => Scope::between(before, board),
                None => Scope::ALL,
            };
            if scope.is_empty() {
                continue;
            }
            match ask(*rung, &scope) {
                Some(step) => {
                    *memo = None;
                    return Some(step);
                }
                None => *memo = Some(*board.all_places()),
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::first_step;
    use crate::parse::parse_str;

    /// Walks each puzzle's path with the full ladder and checks that at every step the memo,
    /// fed the same boards, finds the very same step: the scoped search loses nothing and
    /// finds nothing else.
    fn memo_agrees(text: &str, take: usize) -> usize {
        let mut steps = 0;
        for puzzle in parse_str(text).into_iter().flatten().take(take) {
            let mut board = Board::from_grid(&puzzle.grid);
            let mut memo = Memo::default();
            loop {
                let full = first_step(&board);
                let scoped = memo.next_step(&board);
                assert_eq!(
                    format!("{full:?}"),
                    format!("{scoped:?}"),
                    "step {steps} of {board:?}"
                );
                let Some(step) = full else { break };
                step.apply(&mut board);
                steps += 1;
                if board.is_solved() {
                    break;
                }
            }
        }
        steps
    }

    #[test]
    fn the_memo_finds_the_full_ladders_step_on_random_minimal_puzzles() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/puzzles1_random_minimal-sample.txt"
        ));
        assert!(memo_agrees(text, 100) > 5_000);
    }

    #[test]
    fn the_memo_finds_the_full_ladders_step_on_hard_puzzles() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/puzzles3_magictour_top1465-sample.txt"
        ));
        assert!(memo_agrees(text, 12) > 300);
    }

    #[test]
    fn a_scope_holds_what_changed() {
        let puzzle = parse_str(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .remove(0)
        .expect("a puzzle");
        let mut board = Board::from_grid(&puzzle.grid);
        let before = *board.all_places();
        assert!(Scope::between(&before, &board).is_empty());
        let cell = (0..81)
            .find(|&c| board.cands(c) != 0)
            .expect("an empty cell");
        let d = (1..=9).find(|&d| board.has(cell, d)).expect("a candidate");
        board.eliminate(cell, d);
        let scope = Scope::between(&before, &board);
        assert!(scope.digit(d) && scope.cell(cell));
        assert!((1..=9).filter(|&e| scope.digit(e)).count() == 1);
        assert!((0..81).filter(|&c| scope.cell(c)).count() == 1);
        assert!(scope.house(House::of(super::super::board::HouseKind::Row, cell)));
    }
}
