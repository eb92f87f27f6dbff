//! A ceiling under 8.0: proof, from a board of Sudoku Explainer's path, that no later step of
//! the path is rated 8.0 or more, found without walking the path.
//!
//! `generate --rating 8.0..` rates thousands of candidates to keep a few. Most candidates that
//! need chains at all end at 7.0 to 7.5, and rating them to the end, every step the easiest of
//! all cycles and chains, is most of the time spent. [`stays_below_8`] answers only the
//! question asked: it takes singles and static forcing chains in any order, each chain as it
//! comes, and when they solve the board the path is certain to stay below 8.0.
//!
//! # Why that is a proof
//!
//! Write `S` for the board (its candidates), and `S = S0, S1, ..., Sn` for what this search
//! does: each `S(j+1)` is `S(j)` less what one single found on `S(j)`, or one static forcing
//! chain found on `S(j)` or an earlier board of the search, proves; `Sn` is solved. The chains
//! are those of the XY pass of the rung "cycles and forcing chains" (an "on" turns "off" the
//! cell's other digits and its digit in the cell's houses; an "off" turns "on" the other digit
//! of a cell with two, and the other place of a house with two for its digit): "p on" leads to
//! "p off" (p goes), or "p off" to "p on" (p is placed), over `c` potentials with `7.0 +
//! length_bonus(c) < 8.0` (`c <= 98`).
//!
//! Take any board `T` of SE's path after `S`, not solved. Every step of a path removes only
//! candidates that are not the solution's (the candidates have one solution, so the uniqueness
//! steps are sound too), so `T` holds the solution and `T ⊆ S`. Let `j` be the first step whose
//! conclusion `T` has not yet drawn (there is one: else `T ⊆ Sn`, solved). Then `T ⊆ S(j)`,
//! which is inside the board the step was found on, and:
//!
//! - a single of `S(j)` is still a single of `T` (fewer candidates, its digit still there);
//! - a chain found on `S(i) ⊇ T`: if all its potentials are still candidates of `T`, every link
//!   of it holds in `T` (a cell or house with two places that keeps both still has two), so the
//!   XY pass's breadth-first walk from its start reaches its end over at most as many
//!   potentials. If one is not, take the first along the chain. It is not the start (the
//!   conclusion is not drawn, and `T` holds the solution). Either it is an "on" that came by an
//!   "off -> on" link from a cell or house that kept only the other place: a single of `T`. Or
//!   it is an "off" already drawn: then the next "on" is a single of `T` or placed, the "off"
//!   after a placed "on" is drawn too, and so on to the end, which would be a single of `T` (an
//!   "on") or say that the start, still a candidate, is drawn (an "off"). Either way `T` has a
//!   single, or the chain.
//!
//! SE takes on `T` the first rung of the ladder that finds something. Every rung before "cycles
//! and forcing chains" rates below 8.0 (singles to 2.3, the subsets, fish and wings to 5.4,
//! unique loops to 5.8, the BUG to 6.5, aligned pairs 6.2); the singles are among them. If none
//! of them finds anything, the chain is there, and that rung takes the easiest of everything it
//! finds, which is no harder than the chain. So every step of the path from `S` on is below
//! 8.0.
//!
//! The tests hold this to the full walk: wherever the ceiling says "below", the path's hardest
//! step from there is below 8.0.

use super::board::{cells_of, Board, CellSet, House, HouseKind, HOUSE_BITS, PEERS};
use super::chains::links::Links;
use super::chains::reach::Reach;
use super::chains::{cell_of, conjugate, digit_of, is_on, Pot};
use crate::logic::board::BitCount;
use std::cell::RefCell;

/// The most potentials a static forcing chain (7.0) can hold and stay below 8.0.
const LONGEST: usize = 98;

/// Whether every step of SE's path from `board` on (a board of the path of a puzzle with one
/// solution) is certainly rated below 8.0. False says nothing: the search met something that
/// singles and static forcing chains alone do not solve.
pub fn stays_below_8(board: &Board) -> bool {
    finish(board, |_, _, _| {}).is_some()
}

/// The board solved by singles and static forcing chains (each short enough to rate below
/// 8.0), or `None` when they do not solve it. `drawn(cell, digit, placed)` hears each chain's
/// conclusion as it is drawn: the digit placed in the cell, or gone from it.
fn finish(board: &Board, drawn: impl FnMut(usize, u8, bool)) -> Option<Board> {
    KEPT.with(|kept| {
        let (links, reach) = &mut *kept.borrow_mut();
        finish_with(board, links, reach, drawn)
    })
}

thread_local! {
    /// The links and reach sets of the last board, kept so that each call does not make its
    /// buffers anew (the generator asks once per candidate).
    static KEPT: RefCell<(Links, Reach)> = RefCell::new(Default::default());
}

/// [`finish`], with buffers for the links and reach sets.
fn finish_with(
    board: &Board,
    links: &mut Links,
    reach: &mut Reach,
    mut drawn: impl FnMut(usize, u8, bool),
) -> Option<Board> {
    let mut board = board.clone();
    if !singles(&mut board) {
        return None;
    }
    while !board.is_solved() {
        // The chains of this board; each conclusion is drawn (then the singles) as soon as
        // it is found, and one already drawn is not looked at again. The links, reach sets and
        // masks stay those of the board as it was here, where the chains were found.
        links.build(&board);
        reach.build(links);
        let masks = Masks::of(&board);
        let mut progress = false;
        for &p in links.pots() {
            if !is_on(p) {
                continue;
            }
            let (cell, d) = (cell_of(p), digit_of(p));
            if !board.has(cell, d) {
                // Gone or placed already: whichever it is, its conclusion is drawn.
                continue;
            }
            let off = conjugate(p);
            if reach.reaches(p, off) && short(&masks, reach, p, off) {
                drawn(cell, d, false);
                board.eliminate(cell, d);
            } else if reach.reaches(off, p) && short(&masks, reach, off, p) {
                drawn(cell, d, true);
                board.place(cell, d);
            } else {
                continue;
            }
            progress = true;
            if !singles(&mut board) {
                return None;
            }
            if board.is_solved() {
                return Some(board);
            }
        }
        if !progress {
            return None;
        }
    }
    Some(board)
}

/// A board's links as cell masks, for counting the potentials of a shortest chain.
struct Masks {
    /// By digit, its places.
    places: [CellSet; 9],
    /// The cells with two candidates.
    bivalue: CellSet,
    /// By digit, the pairs of cells that are its only two places in a house (`pairs[d][..n[d]]`).
    pairs: [[(u8, u8); 27]; 9],
    n: [usize; 9],
}

impl Masks {
    fn of(board: &Board) -> Masks {
        let places = *board.all_places();
        let mut bivalue = 0;
        for cell in 0..81 {
            if board.cands(cell).is_two() {
                bivalue |= 1 << cell;
            }
        }
        let mut pairs = [[(0, 0); 27]; 9];
        let mut n = [0; 9];
        for kind in [HouseKind::Box, HouseKind::Row, HouseKind::Column] {
            for index in 0..9 {
                let cells = House { kind, index }.bits();
                for d in 0..9 {
                    let two = places[d] & cells;
                    if two.is_two() {
                        let a = two.trailing_zeros() as u8;
                        let b = (two & (two - 1)).trailing_zeros() as u8;
                        pairs[d][n[d]] = (a, b);
                        n[d] += 1;
                    }
                }
            }
        }
        Masks {
            places,
            bivalue,
            pairs,
            n,
        }
    }
}

/// Whether the shortest chain from `from` to `to` holds few enough potentials to stay below
/// 8.0: at most as many as `from` reaches, else counted.
fn short(masks: &Masks, reach: &Reach, from: Pot, to: Pot) -> bool {
    reach.size(from) <= LONGEST || shortest(masks, from, to).is_some()
}

/// The potentials of the shortest chain from `from` to `to` (both ends counted) by the XY
/// pass's links, if at most [`LONGEST`]: a breadth-first walk, each step a round of the links
/// of what the last step met, done on cell masks (by digit, the cells met "on" and "off").
fn shortest(masks: &Masks, from: Pot, to: Pot) -> Option<usize> {
    let bit = |p: Pot| (digit_of(p) as usize - 1, (1 as CellSet) << cell_of(p));
    let (to_digit, to_cell) = bit(to);
    let mut met = [[0 as CellSet; 9]; 2];
    let mut fresh = [0 as CellSet; 9];
    let (d, c) = bit(from);
    met[is_on(from) as usize][d] = c;
    fresh[d] = c;
    // Whether `fresh` holds "on" potentials.
    let mut on = is_on(from);
    let mut count = 1;
    while count < LONGEST {
        count += 1;
        let mut next = [0 as CellSet; 9];
        if on {
            // "On" turns "off" its digit in its peers and the other digits of its cell.
            for d in 0..9 {
                let f = fresh[d];
                if f == 0 {
                    continue;
                }
                let mut peers = 0;
                for c in cells_of(f) {
                    peers |= PEERS[c];
                }
                next[d] |= peers & masks.places[d];
                for (e, n) in next.iter_mut().enumerate() {
                    if e != d {
                        *n |= f & masks.places[e];
                    }
                }
            }
        } else {
            // "Off" turns "on" the other digit of a cell with two, and the other place of a
            // house with two for its digit.
            for d in 0..9 {
                let f = fresh[d];
                if f == 0 {
                    continue;
                }
                let two = f & masks.bivalue;
                if two != 0 {
                    for (e, n) in next.iter_mut().enumerate() {
                        if e != d {
                            *n |= two & masks.places[e];
                        }
                    }
                }
                for &(a, b) in &masks.pairs[d][..masks.n[d]] {
                    if f >> a & 1 == 1 {
                        next[d] |= 1 << b;
                    }
                    if f >> b & 1 == 1 {
                        next[d] |= 1 << a;
                    }
                }
            }
        }
        // What this step meets is "off" after an "on" step, "on" after an "off" one.
        let state = !on as usize;
        let mut any = false;
        for d in 0..9 {
            next[d] &= !met[state][d];
            met[state][d] |= next[d];
            any |= next[d] != 0;
        }
        if state == is_on(to) as usize && next[to_digit] & to_cell != 0 {
            return Some(count);
        }
        if !any {
            return None;
        }
        fresh = next;
        on = !on;
    }
    None
}

/// Places naked and hidden singles until there are none. False when a cell or a house has no
/// place left for what it needs.
fn singles(board: &mut Board) -> bool {
    // By digit, the cells that hold it.
    let mut holds = [0 as CellSet; 9];
    for cell in 0..81 {
        let v = board.value(cell);
        if v != 0 {
            holds[v as usize - 1] |= 1 << cell;
        }
    }
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
                let d = cands.trailing_zeros() as usize;
                board.place(cell, d as u8 + 1);
                holds[d] |= 1 << cell;
                changed = true;
            }
        }
        for (d, held) in holds.iter_mut().enumerate() {
            for &cells in HOUSE_BITS.iter().flatten() {
                let places = board.all_places()[d] & cells;
                if places.is_one() {
                    let cell = places.trailing_zeros() as usize;
                    board.place(cell, d as u8 + 1);
                    *held |= 1 << cell;
                    changed = true;
                } else if places == 0 && *held & cells == 0 {
                    return false;
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
