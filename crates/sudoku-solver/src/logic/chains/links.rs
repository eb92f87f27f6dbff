//! The links of a board: for every candidate, what its "on" and its "off" imply by the cell
//! rule and by the house rule, in Sudoku Explainer's order. Made once per board and read by
//! every walk and run on it (the cycles' passes, the static and dynamic forcing chains).
//!
//! - "on": the cell's other digits (cell rule, ascending), then the digit's other places in the
//!   box, row and column (house rule, house order, each cell once);
//! - "off": the other digit of a cell with two candidates (cell rule), then the other place of
//!   the digit in each house where it has two (house rule, each potential once).
//!
//! A link is the potential it leads to and the rule: `pot << 2 | rule` (0 the cell rule, 1 to 3
//! a box, row or column). Only the board's candidates have links: every search starts from a
//! candidate and every link leads to one, so the entries of the other potentials are never
//! read (they keep whatever an earlier board left there; debug builds check).

use super::{other_place, pot, Cause, Pot, POTS};
use crate::logic::board::BitCount;
use crate::logic::board::{bit, digits_of, house_bits, Board, CellSet, HouseKind};

/// A link to a potential: the potential and the rule (`pot << 2 | rule`).
pub type Link = u16;

/// The rule of a cell-rule link.
const RULE_CELL: u16 = 0;

/// The link to `to` by `cause`'s rule.
pub fn link(to: Pot, cause: Cause) -> Link {
    let rule = match cause {
        Cause::House(HouseKind::Box) => 1,
        Cause::House(HouseKind::Row) => 2,
        Cause::House(HouseKind::Column) => 3,
        _ => RULE_CELL,
    };
    to << 2 | rule
}

/// The potential a link leads to (or, for a walk's entry, comes from).
#[inline]
pub fn link_pot(l: Link) -> Pot {
    l >> 2
}

/// A walk's entry for a potential met by link `l` from `from`: `l`'s rule with `from` in place
/// of the potential (read back with [`link_pot`] and [`link_cause`]).
#[inline]
pub fn entry_from(l: Link, from: Pot) -> Link {
    from << 2 | l & 3
}

/// The rule of a link, as a node's cause.
#[inline]
pub fn link_cause(l: Link) -> Cause {
    match l & 3 {
        1 => Cause::House(HouseKind::Box),
        2 => Cause::House(HouseKind::Row),
        3 => Cause::House(HouseKind::Column),
        _ => Cause::Cell,
    }
}

/// The links of every candidate of one board, both states, both rules.
pub struct Links {
    /// By potential: where its cell-rule links start, where its house-rule links start, and
    /// where they end, in `next`.
    cell_at: [u32; POTS],
    house_at: [u32; POTS],
    end_at: [u32; POTS],
    next: Vec<Link>,
    /// The board's candidates, as potentials ("off" then "on", cell by cell).
    pots: Vec<Pot>,
    /// The same, as a set (in debug builds, to check that only they are read).
    #[cfg(debug_assertions)]
    known: Vec<bool>,
    /// The board (each digit's places) the links are for.
    built: Option<[CellSet; 9]>,
}

impl Default for Links {
    fn default() -> Self {
        Links {
            cell_at: [0; POTS],
            house_at: [0; POTS],
            end_at: [0; POTS],
            next: Vec::new(),
            pots: Vec::new(),
            #[cfg(debug_assertions)]
            known: vec![false; POTS],
            built: None,
        }
    }
}

impl Links {
    /// Makes the links of `board`, unless they are made.
    pub fn build(&mut self, board: &Board) {
        if self.built.as_ref() == Some(board.all_places()) {
            return;
        }
        self.next.clear();
        self.pots.clear();
        #[cfg(debug_assertions)]
        self.known.fill(false);
        for cell in 0..81 {
            // A filled cell has no candidates.
            let cands = board.cands(cell);
            for d in digits_of(cands) {
                self.off_links(board, cell, d, cands);
                self.on_links(board, cell, d, cands);
            }
        }
        self.built = Some(*board.all_places());
    }

    /// The links of "`cell` is `d`" (a candidate with the cell's candidates `cands`).
    fn on_links(&mut self, board: &Board, cell: usize, d: u8, cands: u16) {
        let p = pot(cell, d, true);
        self.pots.push(p);
        self.cell_at[p as usize] = self.next.len() as u32;
        for e in digits_of(cands & !bit(d)) {
            self.next.push(link(pot(cell, e, false), Cause::Cell));
        }
        self.house_at[p as usize] = self.next.len() as u32;
        let mut seen: CellSet = 1 << cell;
        let places = board.places(d);
        for kind in [HouseKind::Box, HouseKind::Row, HouseKind::Column] {
            let cells = places & house_bits(kind, cell) & !seen;
            seen |= cells;
            for c in crate::logic::board::cells_of(cells) {
                self.next.push(link(pot(c, d, false), Cause::House(kind)));
            }
        }
        self.end_at[p as usize] = self.next.len() as u32;
        #[cfg(debug_assertions)]
        {
            self.known[p as usize] = true;
        }
    }

    /// The links of "`cell` is not `d`" (a candidate with the cell's candidates `cands`).
    fn off_links(&mut self, board: &Board, cell: usize, d: u8, cands: u16) {
        let p = pot(cell, d, false);
        self.pots.push(p);
        self.cell_at[p as usize] = self.next.len() as u32;
        if cands.is_two() {
            let other = (cands & !bit(d)).trailing_zeros() as u8 + 1;
            self.next.push(link(pot(cell, other, true), Cause::Cell));
        }
        // Its potentials are in other cells than the cell rule's, so only two houses can give
        // the same one.
        let start = self.next.len();
        self.house_at[p as usize] = start as u32;
        for kind in [HouseKind::Box, HouseKind::Row, HouseKind::Column] {
            let Some(other) = other_place(board, cell, d, kind) else {
                continue;
            };
            let q = pot(other, d, true);
            if self.next[start..].iter().any(|&l| link_pot(l) == q) {
                continue;
            }
            self.next.push(link(q, Cause::House(kind)));
        }
        self.end_at[p as usize] = self.next.len() as u32;
        #[cfg(debug_assertions)]
        {
            self.known[p as usize] = true;
        }
    }

    /// The board's candidates, as potentials ("off" then "on", cell by cell).
    pub fn pots(&self) -> &[Pot] {
        &self.pots
    }

    #[inline]
    fn check(&self, p: Pot) {
        #[cfg(debug_assertions)]
        debug_assert!(self.known[p as usize], "links are read for candidates only");
        let _ = p;
    }

    /// Where `p`'s links start in [`Links::next`]: its cell-rule links, its house-rule links,
    /// and where they end.
    #[inline]
    pub fn bounds(&self, p: Pot) -> (u32, u32, u32) {
        self.check(p);
        let i = p as usize;
        (self.cell_at[i], self.house_at[i], self.end_at[i])
    }

    /// Every link, as [`Links::bounds`] indexes them.
    #[inline]
    pub fn next(&self) -> &[Link] {
        &self.next
    }

    /// `p`'s links by both rules.
    #[inline]
    pub fn both(&self, p: Pot) -> &[Link] {
        self.check(p);
        &self.next[self.cell_at[p as usize] as usize..self.end_at[p as usize] as usize]
    }

    /// `p`'s links by the house rule.
    #[inline]
    pub fn houses(&self, p: Pot) -> &[Link] {
        self.check(p);
        &self.next[self.house_at[p as usize] as usize..self.end_at[p as usize] as usize]
    }
}
