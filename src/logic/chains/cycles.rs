//! Cycles and single forcing chains: SE's "Forcing Chains & Cycles" rung.
//!
//! Three passes, in this order, each from every candidate of every cell with two candidates or
//! more (row-major, digits ascending):
//!
//! | pass | on -> off | off -> on | finds | rating |
//! |---|---|---|---|---|
//! | X | houses | houses | X-cycles, forcing X-chains | 6.5, 6.6 |
//! | Y | cell and houses | cell | Y-cycles (from cells with two candidates) | 6.5 |
//! | XY | cell and houses | cell and houses | bidirectional cycles, forcing chains | 7.0 |
//!
//! plus the length bonus. Of everything found, the step is the one with the lowest rating,
//! then the shortest, then by kind (X 2, Y 3, XY 4), then the first found.
//!
//! Cycles: from "on", a breadth-first walk that alternates a round of on -> off with a round of
//! off -> on; "on" potentials are kept once (first come), "off" ones every time they come (but
//! never back onto their own chain); a walk of four links or more back to the start is a cycle.
//! A candidate that sees both an "on" and an "off" of its digit on the cycle (outside the
//! cycle's cells) goes. Forcing chains: the same walk with "off" kept once too, from "on" and
//! from "off": when "on" leads to its own "off", the candidate goes; when "off" leads to "on",
//! it is placed.

use super::{
    cell_of, conjugate, digit_of, is_on, length_bonus, off_to_on, on_to_off, pot, Arena, Cause,
    Dag, Hint, Pot, Set,
};
use crate::logic::board::{bit, Board, CandidateSet, HOUSE_PEERS};
use crate::logic::step::{Step, Technique};
use std::collections::VecDeque;

/// Cycles and forcing chains: the step, if any.
pub fn forcing_chains_and_cycles(board: &Board) -> Option<Step> {
    super::best(hints(board)).map(|h| h.step())
}

/// Every cycle and forcing chain hint, in the order SE finds them (X pass, Y pass, XY pass).
pub fn hints(board: &Board) -> Vec<Hint> {
    let mut found = Vec::new();
    let mut search = Search::default();
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for cell in 0..81 {
            let cands = board.cands(cell);
            if board.value(cell) != 0 || cands.count_ones() < 2 {
                continue;
            }
            if !x && cands.count_ones() > 2 {
                // Y-cycles start from cells with two candidates.
                continue;
            }
            for d in crate::logic::board::digits_of(cands) {
                search.unary(board, pot(cell, d, true), y, x, &mut found);
            }
        }
    }
    found
}

/// The buffers of the searches, kept from one start to the next.
#[derive(Default)]
struct Search {
    arena: Arena,
    buf: Vec<u32>,
    to_on: Set,
    to_off: Set,
    empty: Set,
}

impl Search {
    fn unary(&mut self, board: &Board, source: Pot, y: bool, x: bool, found: &mut Vec<Hint>) {
        self.arena.clear();
        let cycles = self.cycles(board, source, y, x);
        let mut targets = Vec::new();
        if x {
            self.forcing(board, source, y, &mut targets);
            self.forcing(board, conjugate(source), y, &mut targets);
        }
        for end in cycles {
            let e = self.cycle_eliminations(board, end);
            if e.is_empty() {
                continue;
            }
            let complexity = self.arena.ancestors(end);
            let (technique, base, sort_key) = match (y, x) {
                (true, true) => (Technique::BidirectionalCycle, 7.0, 4),
                (true, false) => (Technique::YCycle, 6.5, 3),
                _ => (Technique::XCycle, 6.5, 2),
            };
            // SE's targets of a cycle: the cycle, and the same cycle reversed with every state
            // turned over.
            let reversed = self.reversed(end);
            found.push(Hint {
                rating: base + length_bonus(complexity),
                complexity,
                sort_key,
                technique,
                eliminations: e,
                placement: None,
                dag: Dag::of(&self.arena, &[end, reversed]),
                assumption: None,
            });
        }
        for target in targets {
            let complexity = self.arena.ancestors(target);
            let (technique, base, sort_key) = if y {
                (Technique::ForcingChain, 7.0, 4)
            } else {
                (Technique::ForcingXChain, 6.6, 2)
            };
            let p = self.arena.pot(target);
            let (cell, d) = (cell_of(p), digit_of(p));
            let mut eliminations = CandidateSet::EMPTY;
            let placement = if is_on(p) {
                for e in crate::logic::board::digits_of(board.cands(cell) & !bit(d)) {
                    eliminations.add(cell, e);
                }
                Some((cell, d))
            } else {
                eliminations.add(cell, d);
                None
            };
            found.push(Hint {
                rating: base + length_bonus(complexity),
                complexity,
                sort_key,
                technique,
                eliminations,
                placement,
                dag: Dag::of(&self.arena, &[target]),
                assumption: None,
            });
        }
    }

    /// SE's reversed cycle: the potentials of the cycle behind `end`, states turned over, each
    /// keeping its cause, chained the other way round; the node returned is the turned-over
    /// start, whose chain runs back to the turned-over end.
    fn reversed(&mut self, end: u32) -> u32 {
        let mut path = vec![end];
        let mut n = end;
        while let Some(&p) = self.arena.parents(n).first() {
            n = p;
            path.push(n);
        }
        // `path` runs from the end back to the start; the reversed chain's root is the
        // turned-over end, and each turned-over node's parent is the one after it in `path`.
        let mut parent: Option<u32> = None;
        for &n in &path {
            let node = self.arena.get(n);
            let (pot, cause) = (conjugate(node.pot), node.cause);
            let parents: Vec<u32> = parent.into_iter().collect();
            parent = Some(self.arena.add(pot, &parents, cause));
        }
        parent.expect("a cycle has nodes")
    }

    /// The cycles through `source` (an "on" potential): the nodes where the walk came back.
    fn cycles(&mut self, board: &Board, source: Pot, y: bool, x: bool) -> Vec<u32> {
        let root = self.arena.add(source, &[], Cause::Assumption);
        let mut found = Vec::new();
        let mut pending_on = VecDeque::from([root]);
        let mut pending_off = VecDeque::new();
        self.to_on = Set::default();
        self.to_on.insert(source, root);
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            while let Some(p) = pending_on.pop_front() {
                self.buf.clear();
                on_to_off(board, &mut self.arena, p, y, &mut self.buf);
                for &q in &self.buf {
                    if !self.arena.is_first_ancestor(p, self.arena.pot(q)) {
                        pending_off.push_back(q);
                    }
                }
            }
            length += 1;
            while let Some(p) = pending_off.pop_front() {
                self.buf.clear();
                off_to_on(
                    board,
                    board,
                    &self.empty,
                    &mut self.arena,
                    p,
                    y,
                    x,
                    &mut self.buf,
                );
                for &r in &self.buf {
                    let rp = self.arena.pot(r);
                    if length >= 4 && rp == source {
                        found.push(r);
                    }
                    if !self.to_on.contains(rp) {
                        pending_on.push_back(r);
                        self.to_on.insert(rp, r);
                    }
                }
            }
        }
        found
    }

    /// Single forcing chains from `source` ("on" or "off"): the nodes where it reached its own
    /// negation, added to `targets` unless one of the same potential is there.
    fn forcing(&mut self, board: &Board, source: Pot, y: bool, targets: &mut Vec<u32>) {
        let root = self.arena.add(source, &[], Cause::Assumption);
        self.to_on = Set::default();
        self.to_off = Set::default();
        let mut pending_on = VecDeque::new();
        let mut pending_off = VecDeque::new();
        if is_on(source) {
            pending_on.push_back(root);
            self.to_on.insert(source, root);
        } else {
            pending_off.push_back(root);
            self.to_off.insert(source, root);
        }
        let add_target = |arena: &Arena, n: u32, targets: &mut Vec<u32>| {
            let p = arena.pot(n);
            if !targets.iter().any(|&t| arena.pot(t) == p) {
                targets.push(n);
            }
        };
        while !pending_on.is_empty() || !pending_off.is_empty() {
            while let Some(p) = pending_on.pop_front() {
                self.buf.clear();
                on_to_off(board, &mut self.arena, p, y, &mut self.buf);
                for &q in &self.buf {
                    let qp = self.arena.pot(q);
                    if conjugate(qp) == source {
                        add_target(&self.arena, q, targets);
                    }
                    if !self.arena.is_first_ancestor(p, qp) && !self.to_off.contains(qp) {
                        pending_off.push_back(q);
                        self.to_off.insert(qp, q);
                    }
                }
            }
            while let Some(p) = pending_off.pop_front() {
                self.buf.clear();
                off_to_on(
                    board,
                    board,
                    &self.empty,
                    &mut self.arena,
                    p,
                    y,
                    true,
                    &mut self.buf,
                );
                for &r in &self.buf {
                    let rp = self.arena.pot(r);
                    if conjugate(rp) == source {
                        add_target(&self.arena, r, targets);
                    }
                    if !self.to_on.contains(rp) {
                        pending_on.push_back(r);
                        self.to_on.insert(rp, r);
                    }
                }
            }
        }
    }

    /// The candidates a cycle removes: those that see one "on" and one "off" of their digit on
    /// the cycle, outside the cycle's cells.
    fn cycle_eliminations(&self, board: &Board, end: u32) -> CandidateSet {
        let mut cells: u128 = 0;
        let mut n = end;
        while let Some(&p) = self.arena.parents(n).first() {
            cells |= 1 << cell_of(self.arena.pot(n));
            n = p;
        }
        let mut forward = CandidateSet::EMPTY;
        let mut back = CandidateSet::EMPTY;
        let mut n = end;
        while let Some(&p) = self.arena.parents(n).first() {
            let pt = self.arena.pot(n);
            let d = digit_of(pt);
            for &c in &HOUSE_PEERS[cell_of(pt)] {
                let c = c as usize;
                if cells & (1 << c) == 0 && board.has(c, d) {
                    if is_on(pt) {
                        forward.add(c, d);
                    } else {
                        back.add(c, d);
                    }
                }
            }
            n = p;
        }
        let mut e = CandidateSet::EMPTY;
        for i in 0..9 {
            e.0[i] = forward.0[i] & back.0[i];
        }
        e
    }
}
