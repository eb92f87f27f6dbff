//! A ceiling under 8.0: proof, from a board of Sudoku Explainer's path, that no later step of
//! the path is rated 8.0 or more, found without walking the path.
//!
//! `generate --rating 8.0..` rates thousands of candidates to keep a few. Most candidates that
//! need chains at all end at 7.0 to 7.5, and rating them to the end, every step the easiest of
//! all cycles and chains, is most of the time spent. [`stays_below_8`] answers only the
//! question asked: it takes singles and static forcing chains in any order, all it finds at
//! once, and when they solve the board the path is certain to stay below 8.0.
//!
//! # Why that is a proof
//!
//! Write `S` for the board (its candidates), and `S = S0, S1, ..., Sn` for what this search
//! does: each `S(j+1)` is `S(j)` less what a single or a static forcing chain found on `S(j)`
//! proves (a batch of them counts as several steps, each found on the same board), and `Sn` is
//! solved. The chains are those of the XY pass of the rung "cycles and forcing chains" (an
//! "on" turns "off" the cell's other digits and its digit in the cell's houses; an "off" turns
//! "on" the other digit of a cell with two, and the other place of a house with two for its
//! digit): "p on" leads to "p off" (p goes), or "p off" to "p on" (p is placed), over `c`
//! potentials with `7.0 + length_bonus(c) < 8.0` (`c <= 98`).
//!
//! Take any board `T` of SE's path after `S`, not solved. Every step of a path removes only
//! candidates that are not the solution's (the candidates have one solution, so the
//! uniqueness steps are sound too), so `T` holds the solution and `T ⊆ S`. Let `j` be the
//! first step whose conclusion `T` has not yet drawn (there is one: else `T ⊆ Sn`, solved).
//! Then `T ⊆ S(j)`, and:
//!
//! - a single of `S(j)` is still a single of `T` (fewer candidates, its digit still there);
//! - a chain of `S(j)`: if all its potentials are still candidates of `T`, every link of it
//!   holds in `T` (a cell or house with two places that keeps both still has two), so the XY
//!   pass's breadth-first walk from its start reaches its end over at most as many
//!   potentials. If one is not, take the first along the chain. It is not the start (the
//!   conclusion is not drawn, and `T` holds the solution). Either it is an "on" that came by an
//!   "off -> on" link from a cell or house that kept only the other place: a single of `T`. Or
//!   it is an "off" already drawn: then the next "on" is a single of `T` or placed, the "off"
//!   after a placed "on" is drawn too, and so on to the end, which would be a single of `T`
//!   (an "on") or say that the start, still a candidate, is drawn (an "off"). Either way `T`
//!   has a single, or the chain.
//!
//! SE takes on `T` the first rung of the ladder that finds something. Every rung before
//! "cycles and forcing chains" rates below 8.0 (singles to 2.3, the subsets, fish and wings to
//! 5.4, unique loops to 5.8, the BUG to 6.5, aligned pairs 6.2); the singles are among them.
//! If none of them finds anything, the chain is there, and that rung takes the easiest of
//! everything it finds, which is no harder than the chain. So every step of the path from
//! `S` on is below 8.0.
//!
//! The tests hold this to the full walk: wherever the ceiling says "below", the path's
//! hardest step from there is below 8.0.

use super::board::{Board, CandidateSet, House, RegionKind};
use super::chains::links::{link_pot, Links};
use super::chains::reach::Reach;
use super::chains::{cell_of, conjugate, digit_of, is_on, Pot, PotSet};
use crate::logic::board::BitCount;

/// The most potentials a static forcing chain (7.0) can hold and stay below 8.0.
const LONGEST: usize = 98;

/// Whether every step of SE's path from `board` on (a board of the path of a puzzle with one
/// solution) is certainly rated below 8.0. False says nothing: the search met something that
/// singles and static forcing chains alone do not solve.
pub fn stays_below_8(board: &Board) -> bool {
    let mut board = board.clone();
    let mut links = Links::default();
    let mut reach = Reach::default();
    loop {
        if !singles(&mut board) {
            return false;
        }
        if board.is_solved() {
            return true;
        }
        links.build(&board);
        reach.build(&links);
        let mut gone = CandidateSet::EMPTY;
        let mut placed: Vec<(usize, u8)> = Vec::new();
        for &p in links.pots() {
            if !is_on(p) {
                continue;
            }
            let off = conjugate(p);
            if reach.reaches(p, off) && short(&links, &reach, p, off) {
                gone.add(cell_of(p), digit_of(p));
            } else if reach.reaches(off, p) && short(&links, &reach, off, p) {
                placed.push((cell_of(p), digit_of(p)));
            }
        }
        if gone.is_empty() && placed.is_empty() {
            return false;
        }
        board.eliminate_all(&gone);
        for (cell, d) in placed {
            if !board.has(cell, d) {
                // Two conclusions that disagree: not a board of a puzzle with one solution.
                return false;
            }
            board.place(cell, d);
        }
    }
}

/// Whether the shortest chain from `from` to `to` holds few enough potentials to stay below
/// 8.0: at most as many as `from` reaches, else counted by a breadth-first walk.
fn short(links: &Links, reach: &Reach, from: Pot, to: Pot) -> bool {
    if reach.size(from) <= LONGEST {
        return true;
    }
    let mut seen = PotSet::default();
    seen.insert(from);
    let mut ring = vec![from];
    // Potentials on the chain so far, `from` included.
    let mut count = 1;
    while !ring.is_empty() && count < LONGEST {
        count += 1;
        let mut next = Vec::new();
        for &p in &ring {
            for &l in links.both(p) {
                let q = link_pot(l);
                if q == to {
                    return true;
                }
                if !seen.contains(q) {
                    seen.insert(q);
                    next.push(q);
                }
            }
        }
        ring = next;
    }
    false
}

/// Places naked and hidden singles until there are none. False when a cell or a house has no
/// place left for what it needs.
fn singles(board: &mut Board) -> bool {
    loop {
        let mut changed = false;
        for cell in 0..81 {
            if board.value(cell) != 0 {
                continue;
            }
            let cands = board.cands(cell);
            if cands == 0 {
                return false;
            }
            if cands.is_one() {
                board.place(cell, cands.trailing_zeros() as u8 + 1);
                changed = true;
            }
        }
        for kind in [RegionKind::Block, RegionKind::Row, RegionKind::Column] {
            for index in 0..9 {
                let house = House { kind, index };
                let cells = house.bits();
                for d in 1..=9u8 {
                    let places = board.places(d) & cells;
                    if places.is_one() {
                        board.place(places.trailing_zeros() as usize, d);
                        changed = true;
                    } else if places == 0
                        && !house.cells().iter().any(|&c| board.value(c as usize) == d)
                    {
                        return false;
                    }
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

#[cfg(test)]
mod tests;
