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
//! then the shortest, then by kind (X 2, Y 3, XY 4), then the first found (each start's cycles
//! before its chains, starts in order).
//!
//! Cycles: from "on", a breadth-first walk that alternates a round of on -> off with a round of
//! off -> on; "on" potentials are kept once (first come), "off" ones every time they come (but
//! never back onto their own chain); a walk of four links or more back to the start is a cycle.
//! A candidate that sees both an "on" and an "off" of its digit on the cycle (outside the
//! cycle's cells) goes. Forcing chains: the same walk with "off" kept once too, from "on" and
//! from "off": when "on" leads to its own "off", the candidate goes; when "off" leads to "on",
//! it is placed.
//!
//! # Finding only the step, fast
//!
//! Round `k` of a walk finds hints `2k` potentials long, and within a pass a longer hint never
//! sorts before a shorter one of the same kind. So the walks of all starts of a pass go round by
//! round together, and the pass stops once the next round's shortest, easiest hint could not
//! sort before the best found (nothing later can either); a walk stops as soon as its own next
//! round could not. Each walk still goes exactly as it would alone, so the step is the one SE
//! takes. A search that could not lead anywhere is not made at all: an "off" candidate in a
//! cell that is not bivalue, whose digit has two places in none of its houses, never turns
//! anything "on" in a static walk. Nested levels, which need every hint, use [`hints`].

use super::{
    cell_of, conjugate, digit_of, is_on, leads, length_bonus, off_to_on, on_to_off_wanted, pot,
    Arena, Cause, Dag, Hint, Pot, Set, POTS,
};
use crate::logic::board::Few;
use crate::logic::board::{bit, Board, CandidateSet, Cells, House, Kind, HOUSE_PEERS};
use crate::logic::step::{Step, Technique};
use std::collections::VecDeque;

/// What orders hints: rating, length, kind.
type Key = (f64, usize, u8);

/// The key of the shortest and easiest hint of `length` a kind could give.
fn lowest(base: f64, length: usize, sort_key: u8) -> Key {
    (base + length_bonus(length), length, sort_key)
}

fn key(h: &Hint) -> Key {
    (h.rating, h.complexity, h.sort_key)
}

/// Cycles and forcing chains: the step, if any.
pub fn forcing_chains_and_cycles(board: &Board) -> Option<Step> {
    let mut best: Option<Hint> = None;
    for pass in &PASSES {
        for hint in pass_hints(board, pass, Some(best.as_ref().map(key))) {
            if best.as_ref().is_none_or(|b| key(&hint) < key(b)) {
                best = Some(hint);
            }
        }
    }
    best.map(|h| h.step())
}

/// Every cycle and forcing chain hint, in the order SE finds them (X pass, Y pass, XY pass).
pub fn hints(board: &Board) -> Vec<Hint> {
    PASSES
        .iter()
        .flat_map(|pass| pass_hints(board, pass, None))
        .collect()
}

/// A pass: which rules, and what its hints are.
struct Pass {
    y: bool,
    x: bool,
    cycle: (Technique, f64, u8),
    chain: (Technique, f64, u8),
}

impl Pass {
    /// The key of the shortest and easiest hint this pass could still give in round `k`.
    fn lowest(&self, round: usize) -> Key {
        let (_, cycle_base, cycle_key) = self.cycle;
        let cycle = lowest(cycle_base, (2 * round).max(4), cycle_key);
        if !self.x {
            return cycle;
        }
        let (_, chain_base, chain_key) = self.chain;
        let chain = lowest(chain_base, 2 * round, chain_key);
        if chain < cycle {
            chain
        } else {
            cycle
        }
    }
}

const PASSES: [Pass; 3] = [
    Pass {
        y: false,
        x: true,
        cycle: (Technique::XCycle, 6.5, 2),
        chain: (Technique::ForcingXChain, 6.6, 2),
    },
    Pass {
        y: true,
        x: false,
        cycle: (Technique::YCycle, 6.5, 3),
        chain: (Technique::ForcingChain, 7.0, 3),
    },
    Pass {
        y: true,
        x: true,
        cycle: (Technique::BidirectionalCycle, 7.0, 4),
        chain: (Technique::ForcingChain, 7.0, 4),
    },
];

/// The hints of one pass, in SE's order: every one (`bound` is `None`), or only those that
/// could be the best (`Some(best so far)`): then the walks stop when they cannot give one, and
/// of the hints given only those that could still be the best are built (in order, so the first
/// of the best is among them).
fn pass_hints(board: &Board, pass: &Pass, bound: Option<Option<Key>>) -> Vec<Hint> {
    CONTEXT.with(|context| {
        let mut context = context.borrow_mut();
        let Context {
            arena,
            walks,
            buf,
            empty,
        } = &mut *context;
        arena.clear();
        let keep_cycles = leads(board, pass.y, pass.x);
        let keep_forcing = leads(board, pass.y, true);
        let mut n = 0;
        for cell in 0..81 {
            let cands = board.cands(cell);
            if board.value(cell) != 0 || cands.under_two() {
                continue;
            }
            if !pass.x && cands.count_ones() > 2 {
                // Y-cycles start from cells with two candidates.
                continue;
            }
            for d in crate::logic::board::digits_of(cands) {
                if n == walks.len() {
                    walks.push(Walk::default());
                }
                walks[n].start(arena, pot(cell, d, true), pass.x);
                n += 1;
            }
        }
        let walks = &mut walks[..n];
        let mut best = bound.flatten();
        let mut round = 0;
        loop {
            round += 1;
            if best.is_some_and(|b| pass.lowest(round) >= b) {
                break;
            }
            let mut alive = false;
            for walk in walks.iter_mut() {
                alive |= walk.round(
                    board,
                    arena,
                    pass,
                    &keep_cycles,
                    &keep_forcing,
                    best,
                    empty,
                    buf,
                );
                // The best so far tightens the bound of the walks after this one.
                if bound.is_some() {
                    for h in walk.cycle_hints.iter().chain(walk.chain_hints.iter()) {
                        if best.is_none_or(|b| key(h) < b) {
                            best = Some(key(h));
                        }
                    }
                }
            }
            if !alive {
                break;
            }
        }
        // Each start's cycles, then its chains, starts in order.
        let mut out = Vec::new();
        for walk in walks.iter_mut() {
            out.append(&mut walk.cycle_hints);
            out.append(&mut walk.chain_hints);
        }
        out
    })
}

/// The buffers of the walks, kept from one call to the next (a rating calls this rung many
/// times; keeping them spares the allocator).
#[derive(Default)]
struct Context {
    arena: Arena,
    walks: Vec<Walk>,
    buf: Vec<u32>,
    empty: Set,
}

thread_local! {
    static CONTEXT: std::cell::RefCell<Context> = std::cell::RefCell::new(Context::default());
}

/// A set of potentials, as bits.
#[derive(Clone)]
struct Bits([u64; POTS.div_ceil(64)]);

impl Default for Bits {
    fn default() -> Self {
        Bits([0; POTS.div_ceil(64)])
    }
}

impl Bits {
    fn clear(&mut self) {
        self.0 = [0; POTS.div_ceil(64)];
    }

    #[inline]
    fn contains(&self, p: Pot) -> bool {
        self.0[p as usize / 64] & (1 << (p % 64)) != 0
    }

    #[inline]
    fn insert(&mut self, p: Pot) {
        self.0[p as usize / 64] |= 1 << (p % 64);
    }
}

/// One breadth-first walk: what is pending, and what it has met.
#[derive(Default)]
struct Bfs {
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    to_on: Bits,
    to_off: Bits,
}

impl Bfs {
    fn clear(&mut self) {
        self.pending_on.clear();
        self.pending_off.clear();
        self.to_on.clear();
        self.to_off.clear();
    }

    fn alive(&self) -> bool {
        !self.pending_on.is_empty() || !self.pending_off.is_empty()
    }
}

/// The walks from one start: its cycles, and its forcing chains from "on" and from "off".
#[derive(Default)]
struct Walk {
    source: Pot,
    cycles: Bfs,
    /// The forcing walks, from "on" and from "off" (none in the Y pass).
    on: Bfs,
    off: Bfs,
    forcing: bool,
    targets: Vec<u32>,
    cycle_hints: Vec<Hint>,
    chain_hints: Vec<Hint>,
    /// Rounds done.
    rounds: usize,
}

impl Walk {
    /// Sets the walks off from `source` ("on"), with forcing walks when `forcing`.
    fn start(&mut self, arena: &mut Arena, source: Pot, forcing: bool) {
        self.source = source;
        self.cycles.clear();
        self.on.clear();
        self.off.clear();
        self.targets.clear();
        self.cycle_hints.clear();
        self.chain_hints.clear();
        self.rounds = 0;
        self.forcing = forcing;
        let root = arena.add(source, &[], Cause::Assumption);
        self.cycles.pending_on.push_back(root);
        self.cycles.to_on.insert(source);
        if forcing {
            let root = arena.add(source, &[], Cause::Assumption);
            self.on.pending_on.push_back(root);
            self.on.to_on.insert(source);
            let root = arena.add(conjugate(source), &[], Cause::Assumption);
            self.off.pending_off.push_back(root);
            self.off.to_off.insert(conjugate(source));
        }
    }

    /// One round of every walk of this start that could still give a hint sorting before
    /// `best`; the hints found are kept. Returns whether any walk goes on.
    #[allow(clippy::too_many_arguments)]
    fn round(
        &mut self,
        board: &Board,
        arena: &mut Arena,
        pass: &Pass,
        keep_cycles: &[Cells; 9],
        keep_forcing: &[Cells; 9],
        best: Option<Key>,
        empty: &Set,
        buf: &mut Vec<u32>,
    ) -> bool {
        let wants = |k: Key| best.is_none_or(|b| k < b);
        let mut alive = false;
        // Cycles: this round's are `length` long.
        let (technique, base, sort_key) = pass.cycle;
        let length = self.cycle_length();
        if self.cycles.alive() && wants(lowest(base, length.max(4), sort_key)) {
            let ends = self.cycle_round(board, arena, pass, keep_cycles, length, empty, buf);
            for end in ends {
                let complexity = arena.ancestors(end);
                let k = lowest(base, complexity, sort_key);
                if !wants(k) {
                    continue;
                }
                let e = cycle_eliminations(arena, board, end);
                if e.is_empty() {
                    continue;
                }
                // SE's targets of a cycle: the cycle, and the same cycle reversed with every
                // state turned over.
                let reversed = reversed(arena, end);
                self.cycle_hints.push(Hint {
                    rating: k.0,
                    complexity,
                    sort_key,
                    technique,
                    eliminations: e,
                    placement: None,
                    dag: Dag::of(arena, &[end, reversed]),
                    assumption: None,
                });
            }
            alive |= self.cycles.alive();
        } else {
            self.cycles.clear();
        }
        if self.forcing {
            let (technique, base, sort_key) = pass.chain;
            if wants(lowest(base, length, sort_key)) {
                let mut found = Vec::new();
                let source = self.source;
                let mut on = std::mem::take(&mut self.on);
                let mut off = std::mem::take(&mut self.off);
                for (bfs, start) in [(&mut on, source), (&mut off, conjugate(source))] {
                    self.forcing_round(
                        board,
                        arena,
                        pass,
                        keep_forcing,
                        bfs,
                        start,
                        empty,
                        &mut found,
                        buf,
                    );
                }
                for target in found {
                    let complexity = arena.ancestors(target);
                    let k = lowest(base, complexity, sort_key);
                    if !wants(k) {
                        continue;
                    }
                    let p = arena.pot(target);
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
                    self.chain_hints.push(Hint {
                        rating: k.0,
                        complexity,
                        sort_key,
                        technique,
                        eliminations,
                        placement,
                        dag: Dag::of(arena, &[target]),
                        assumption: None,
                    });
                }
                if on.alive() || off.alive() {
                    alive = true;
                } else {
                    self.forcing = false;
                }
                self.on = on;
                self.off = off;
            } else {
                self.forcing = false;
            }
        }
        self.rounds += 1;
        alive
    }

    /// The length of what the next round finds, cycles and chains alike.
    fn cycle_length(&self) -> usize {
        2 * (self.rounds + 1)
    }

    /// One round of the cycle walk: on -> off, then off -> on; the nodes where it came back.
    #[allow(clippy::too_many_arguments)]
    fn cycle_round(
        &mut self,
        board: &Board,
        arena: &mut Arena,
        pass: &Pass,
        keep: &[Cells; 9],
        length: usize,
        empty: &Set,
        buf: &mut Vec<u32>,
    ) -> Vec<u32> {
        let mut ends = Vec::new();
        let source = self.source;
        let (sc, sd) = (cell_of(source), digit_of(source));
        // An "off" that turns the start back "on" closes a cycle every time it comes, along
        // each path; any other "off" turns "on" only what its first coming already did, so
        // later comings change nothing and are left out.
        let closes = |q: Pot| {
            let (c, d) = (cell_of(q), digit_of(q));
            let by_cell = pass.y && c == sc && d != sd && board.cands(sc) == bit(d) | bit(sd);
            let by_house = pass.x
                && d == sd
                && c != sc
                && [Kind::Block, Kind::Row, Kind::Column].iter().any(|&kind| {
                    let house = House::of(kind, c);
                    house == House::of(kind, sc)
                        && board.places(sd) & house.bits() == (1u128 << c) | (1u128 << sc)
                });
            by_cell || by_house
        };
        let mut off = VecDeque::new();
        while let Some(p) = self.cycles.pending_on.pop_front() {
            buf.clear();
            let met = &self.cycles.to_off;
            let wanted = |q: Pot| !met.contains(q) || closes(q);
            on_to_off_wanted(board, arena, p, pass.y, keep, wanted, buf);
            for &q in buf.iter() {
                let qp = arena.pot(q);
                // Only a potential met before can be on the chain that leads here.
                if !self.cycles.to_off.contains(qp) || !arena.is_first_ancestor(p, qp) {
                    off.push_back(q);
                    self.cycles.to_off.insert(qp);
                }
            }
        }
        self.cycles.pending_off.extend(off);
        while let Some(p) = self.cycles.pending_off.pop_front() {
            buf.clear();
            off_to_on(board, board, empty, arena, p, pass.y, pass.x, buf);
            for &r in buf.iter() {
                let rp = arena.pot(r);
                if length >= 4 && rp == source {
                    ends.push(r);
                }
                if !self.cycles.to_on.contains(rp) {
                    self.cycles.pending_on.push_back(r);
                    self.cycles.to_on.insert(rp);
                }
            }
        }
        ends
    }

    /// One round of the forcing walk from `start` (the start itself, or its negation); the
    /// nodes where it reached the negation of `start`.
    #[allow(clippy::too_many_arguments)]
    fn forcing_round(
        &mut self,
        board: &Board,
        arena: &mut Arena,
        pass: &Pass,
        keep: &[Cells; 9],
        bfs: &mut Bfs,
        start: Pot,
        empty: &Set,
        found: &mut Vec<u32>,
        buf: &mut Vec<u32>,
    ) {
        // The start's own "off" is kept whatever it leads to: it is a target.
        let mut keep = *keep;
        keep[digit_of(start) as usize - 1] |= 1 << cell_of(start);
        while let Some(p) = bfs.pending_on.pop_front() {
            buf.clear();
            // A potential met before was a target then, if it is one.
            let met = &bfs.to_off;
            on_to_off_wanted(board, arena, p, pass.y, &keep, |q| !met.contains(q), buf);
            for &q in buf.iter() {
                let qp = arena.pot(q);
                if conjugate(qp) == start {
                    self.target(arena, q, found);
                }
                // New to the walk, so on no chain of it (SE also checks the chain back to the
                // start; everything on it was met).
                if !bfs.to_off.contains(qp) {
                    bfs.pending_off.push_back(q);
                    bfs.to_off.insert(qp);
                }
            }
        }
        let mut next = VecDeque::new();
        while let Some(p) = bfs.pending_off.pop_front() {
            buf.clear();
            off_to_on(board, board, empty, arena, p, pass.y, true, buf);
            for &r in buf.iter() {
                let rp = arena.pot(r);
                if conjugate(rp) == start {
                    self.target(arena, r, found);
                }
                if !bfs.to_on.contains(rp) {
                    next.push_back(r);
                    bfs.to_on.insert(rp);
                }
            }
        }
        bfs.pending_on = next;
    }

    /// A target, unless one of the same potential was found before.
    fn target(&mut self, arena: &Arena, n: u32, found: &mut Vec<u32>) {
        let p = arena.pot(n);
        if !self.targets.iter().any(|&t| arena.pot(t) == p) {
            self.targets.push(n);
            found.push(n);
        }
    }
}

/// SE's reversed cycle: the potentials of the cycle behind `end`, states turned over, each
/// keeping its cause, chained the other way round; the node returned is the turned-over
/// start, whose chain runs back to the turned-over end.
fn reversed(arena: &mut Arena, end: u32) -> u32 {
    let mut path = vec![end];
    let mut n = end;
    while let Some(&p) = arena.parents(n).first() {
        n = p;
        path.push(n);
    }
    let mut parent: Option<u32> = None;
    for &n in &path {
        let node = arena.get(n);
        let (pot, cause) = (conjugate(node.pot), node.cause);
        let parents: Vec<u32> = parent.into_iter().collect();
        parent = Some(arena.add(pot, &parents, cause));
    }
    parent.expect("a cycle has nodes")
}

/// The candidates a cycle removes: those that see one "on" and one "off" of their digit on
/// the cycle, outside the cycle's cells.
fn cycle_eliminations(arena: &Arena, board: &Board, end: u32) -> CandidateSet {
    let mut cells: u128 = 0;
    let mut n = end;
    while let Some(&p) = arena.parents(n).first() {
        cells |= 1 << cell_of(arena.pot(n));
        n = p;
    }
    let mut forward = CandidateSet::EMPTY;
    let mut back = CandidateSet::EMPTY;
    let mut n = end;
    while let Some(&p) = arena.parents(n).first() {
        let pt = arena.pot(n);
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
