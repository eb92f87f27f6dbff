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
//! anything "on" in a static walk. Nested levels, which need every hint, use [`hints`]. The
//! links of a board, by both rules, are made once and kept while the board stays the same: the
//! three passes pick from them the rules they use.
//!
//! A start is walked only where it could find something (in the X and XY passes, by what each
//! potential reaches over the pass's links, [`super::reach`]): a cycle through it needs four
//! potentials or more that lead round to each other (its component of the link graph), a
//! forcing chain from "on" needs its "off" among what the "on" reaches, and from "off" the
//! other way round. On magictour's paths about three starts in four of the XY pass can give
//! nothing and are left out; a left-out walk gives no hint, so it changes no bound and no order.

use super::links::{entry_from, link_cause, link_pot, Link, Links};
use super::reach::Reach;
use super::{
    cell_of, conclusion, conjugate, digit_of, is_on, length_bonus, pot, Arena, Cause, Dag, Hint,
    HintOrder, Pot, PotSet, POTS,
};
use crate::logic::board::BitCount;
use crate::logic::board::{Board, CandidateSet, CellSet, PEERS};
use crate::logic::step::{Step, Technique};

/// The key of the shortest and easiest hint of `length` a kind could give.
fn lowest(base: f64, length: usize, sort_key: u8) -> HintOrder {
    (base + length_bonus(length), length, sort_key)
}

/// Cycles and forcing chains: the step, if any.
pub fn forcing_chains_and_cycles(board: &Board) -> Option<Step> {
    let mut best: Option<Hint> = None;
    for pass in &passes() {
        for hint in pass_hints(board, pass, Some(best.as_ref().map(Hint::key))) {
            if best.as_ref().is_none_or(|b| hint.before(b)) {
                best = Some(hint);
            }
        }
    }
    best.map(|h| h.step())
}

/// Every cycle and forcing chain hint, in the order SE finds them (X pass, Y pass, XY pass).
pub fn hints(board: &Board) -> Vec<Hint> {
    passes()
        .iter()
        .flat_map(|pass| pass_hints(board, pass, None))
        .collect()
}

/// A pass: which rules, and what its hints are.
struct Pass {
    y: bool,
    x: bool,
    /// The technique of its cycles and of its chains, each with its sort key.
    cycle: (Technique, u8),
    chain: (Technique, u8),
    /// Their base ratings, from the table.
    cycle_base: f64,
    chain_base: f64,
}

impl Pass {
    /// The key of the shortest and easiest hint this pass could still give in round `k`.
    fn lowest(&self, round: usize) -> HintOrder {
        let cycle = lowest(self.cycle_base, (2 * round).max(4), self.cycle.1);
        if !self.x {
            return cycle;
        }
        let chain = lowest(self.chain_base, 2 * round, self.chain.1);
        if chain < cycle {
            chain
        } else {
            cycle
        }
    }
}

/// The three passes, in SE's order, with their techniques' base ratings (looked up once per
/// search, not per round).
fn passes() -> [Pass; 3] {
    let pass = |y, x, cycle: (Technique, u8), chain: (Technique, u8)| Pass {
        y,
        x,
        cycle,
        chain,
        cycle_base: cycle.0.base_rating(),
        chain_base: chain.0.base_rating(),
    };
    [
        pass(
            false,
            true,
            (Technique::XCycle, 2),
            (Technique::ForcingXChain, 2),
        ),
        pass(
            true,
            false,
            (Technique::YCycle, 3),
            (Technique::ForcingChain, 3),
        ),
        pass(
            true,
            true,
            (Technique::BidirectionalCycle, 4),
            (Technique::ForcingChain, 4),
        ),
    ]
}

/// The hints of one pass, in SE's order: every one (`bound` is `None`), or only those that
/// could be the best (`Some(best so far)`): then the walks stop when they cannot give one, and
/// of the hints given only those that could still be the best are built (in order, so the first
/// of the best is among them).
fn pass_hints(board: &Board, pass: &Pass, bound: Option<Option<HintOrder>>) -> Vec<Hint> {
    pass_hints_pruned(board, pass, bound, true)
}

/// [`pass_hints`], walking every start when `prune` is false (the tests hold the pruned
/// search to that).
fn pass_hints_pruned(
    board: &Board,
    pass: &Pass,
    bound: Option<Option<HintOrder>>,
    prune: bool,
) -> Vec<Hint> {
    if bound.flatten().is_some_and(|b| pass.lowest(1) >= b) {
        // Not even the pass's shortest hint could sort before the best: nothing to build.
        return Vec::new();
    }
    CONTEXT.with(|context| {
        let mut context = context.borrow_mut();
        let Context {
            graph,
            reach,
            walks,
        } = &mut *context;
        graph.build(board, pass);
        let g = &*graph;
        // The Y pass (cycles only) walks few starts: telling which could close a cycle costs
        // it more than it spares.
        let prune = prune && pass.x;
        if prune {
            reach.build_by(g.links.pots(), g.links.next(), |p| {
                (g.lo[p as usize], g.hi[p as usize])
            });
        }
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
                // What the walks from this start could find: a cycle needs four potentials or
                // more that lead round to each other, a forcing chain its target among what its
                // start reaches (see `reach`). A start that could find nothing is not walked.
                let source = pot(cell, d, true);
                let possible = Possible {
                    cycle: !prune || reach.circle(source) >= 4,
                    from_on: pass.x && (!prune || reach.reaches(source, conjugate(source))),
                    from_off: pass.x && (!prune || reach.reaches(conjugate(source), source)),
                };
                if !possible.cycle && !possible.from_on && !possible.from_off {
                    continue;
                }
                if n == walks.len() {
                    walks.push(Walk::default());
                }
                walks[n].start(source, possible);
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
                let before = (walk.cycle_hints.len(), walk.chain_hints.len());
                alive |= walk.round(board, graph, pass, best);
                // The best so far tightens the bound of the walks after this one (the hints of
                // earlier rounds are in it already).
                if bound.is_some() {
                    let new_cycles = &walk.cycle_hints[before.0..];
                    for h in new_cycles.iter().chain(&walk.chain_hints[before.1..]) {
                        if best.is_none_or(|b| h.key() < b) {
                            best = Some(h.key());
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
    graph: Graph,
    reach: Reach,
    walks: Vec<Walk>,
}

thread_local! {
    static CONTEXT: std::cell::RefCell<Context> = std::cell::RefCell::new(Context::default());
}

/// The links of a pass on a board: the board's [`Links`], made once per board and kept (the
/// three passes, and the nested levels' many calls on one board, share them), of which a pass
/// picks the rules it uses.
struct Graph {
    links: Links,
    /// By potential, the links the pass in use takes: `links.next()[lo[p]..hi[p]]`.
    lo: [u32; POTS],
    hi: [u32; POTS],
    /// The potentials that lead somewhere in the pass in use (a walk leaves out the others).
    leads: PotSet,
}

impl Default for Graph {
    fn default() -> Self {
        Graph {
            links: Links::default(),
            lo: [0; POTS],
            hi: [0; POTS],
            leads: PotSet::default(),
        }
    }
}

impl Graph {
    /// Makes the links of `board` (unless they are made) and takes those of `pass`.
    fn build(&mut self, board: &Board, pass: &Pass) {
        self.links.build(board);
        self.leads.clear();
        for &p in self.links.pots() {
            let (cell_at, house_at, end_at) = self.links.bounds(p);
            let (lo, hi) = if is_on(p) {
                (if pass.y { cell_at } else { house_at }, end_at)
            } else {
                match (pass.x, pass.y) {
                    (true, false) => (house_at, end_at),
                    (false, true) => (cell_at, house_at),
                    _ => (cell_at, end_at),
                }
            };
            let i = p as usize;
            self.lo[i] = lo;
            self.hi[i] = hi;
            if lo != hi {
                self.leads.insert(p);
            }
        }
    }

    #[inline]
    fn of(&self, p: Pot) -> &[u16] {
        #[cfg(debug_assertions)]
        self.links.bounds(p);
        &self.links.next()[self.lo[p as usize] as usize..self.hi[p as usize] as usize]
    }
}

/// One breadth-first walk: what is pending, what it has met, and how it came to each
/// potential it met (the first time).
#[derive(Default)]
struct Bfs {
    pending_on: Vec<Pot>,
    /// "Off" potentials to go on from, each with the link it came by (a cycle walk may hold
    /// one potential several times, by different links).
    pending_off: Vec<(Pot, Link)>,
    to_on: PotSet,
    to_off: PotSet,
    /// By potential, the link it was met by. Sized by `clear`, before the walk's first use, so
    /// that a default walk costs no allocation (one made and dropped in a loop cost much of a
    /// rating's time).
    links: Vec<Link>,
}

impl Bfs {
    /// Makes the walk empty, ready to start.
    fn clear(&mut self) {
        self.pending_on.clear();
        self.pending_off.clear();
        self.to_on.clear();
        self.to_off.clear();
        if self.links.len() != POTS {
            self.links.resize(POTS, 0);
        }
    }

    fn alive(&self) -> bool {
        !self.pending_on.is_empty() || !self.pending_off.is_empty()
    }

    /// The chain that reached `p` by `last` (its link), from the start: potentials and the
    /// causes they came by (the start's is the assumption).
    fn chain(&self, p: Pot, last: Link, root: Pot, out: &mut Vec<(Pot, Cause)>) {
        out.clear();
        out.push((p, link_cause(last)));
        let mut q = link_pot(last);
        while q != root {
            let l = self.links[q as usize];
            out.push((q, link_cause(l)));
            q = link_pot(l);
        }
        out.push((root, Cause::Assumption));
        out.reverse();
    }

    /// Whether `target` is on the chain that reached `p` (which has been met), `p` excluded.
    fn on_chain(&self, p: Pot, root: Pot, target: Pot) -> bool {
        let mut q = p;
        while q != root {
            q = link_pot(self.links[q as usize]);
            if q == target {
                return true;
            }
        }
        false
    }
}

/// The nodes of a hint's chains, each node the parent of the next; the targets are the chains'
/// last nodes.
fn dag_of(chains: &[&[(Pot, Cause)]]) -> Dag {
    let mut arena = Arena::default();
    let targets = chains
        .iter()
        .map(|chain| {
            let mut parent: Option<u32> = None;
            for &(p, cause) in *chain {
                parent = Some(arena.add(p, parent.as_slice(), cause));
            }
            parent.expect("a chain has a start")
        })
        .collect();
    Dag { arena, targets }
}

/// Which walks from a start could find a hint.
#[derive(Clone, Copy)]
struct Possible {
    /// A cycle through the start.
    cycle: bool,
    /// A forcing chain from its "on" to its "off".
    from_on: bool,
    /// A forcing chain from its "off" to its "on".
    from_off: bool,
}

/// The walks from one start: its cycles, and its forcing chains from "on" and from "off".
///
/// The cycle walk and the forcing walk from "on" go the same way: both keep every potential
/// once, by the same rules and the same filter (in the X and XY passes the filters agree, and
/// the start's own "off", which the forcing walk keeps whatever, leads nowhere when the cycle
/// filter drops it). The cycle walk only adds entries for an "off" met before that closes a
/// cycle along another path, and those only close cycles. So one walk, `main`, serves both,
/// each kind reading what it needs from it while it still could give a hint.
#[derive(Default)]
struct Walk {
    source: Pot,
    /// The cycle walk and the forcing walk from "on".
    main: Bfs,
    /// The forcing walk from "off" (none in the Y pass).
    off: Bfs,
    /// Whether the cycle walk goes on.
    cycles: bool,
    /// Whether the forcing walks go on.
    forcing: bool,
    cycle_hints: Vec<Hint>,
    chain_hints: Vec<Hint>,
    /// Rounds done.
    rounds: usize,
    chain: Vec<(Pot, Cause)>,
    ends: Vec<(Pot, Link)>,
    found: Vec<(Pot, Link)>,
}

impl Walk {
    /// Sets the walks off from `source` ("on") that could find something: the cycle walk, and
    /// the forcing walks from "on" and from "off" (only in passes with forcing chains).
    fn start(&mut self, source: Pot, possible: Possible) {
        self.source = source;
        self.main.clear();
        self.off.clear();
        self.cycle_hints.clear();
        self.chain_hints.clear();
        self.rounds = 0;
        self.cycles = possible.cycle;
        self.forcing = possible.from_on || possible.from_off;
        if possible.cycle || possible.from_on {
            self.main.pending_on.push(source);
            self.main.to_on.insert(source);
        }
        if possible.from_off {
            self.off.pending_off.push((conjugate(source), 0));
            self.off.to_off.insert(conjugate(source));
        }
    }

    /// One round of every walk of this start that could still give a hint sorting before
    /// `best`; the hints found are kept. Returns whether any walk goes on.
    fn round(
        &mut self,
        board: &Board,
        graph: &Graph,
        pass: &Pass,
        best: Option<HintOrder>,
    ) -> bool {
        let wants = |k: HintOrder| best.is_none_or(|b| k < b);
        // This round's cycles and chains are `length` long.
        let length = self.cycle_length();
        let (cycle_technique, cycle_key) = pass.cycle;
        let (chain_technique, chain_key) = pass.chain;
        let (cycle_base, chain_base) = (pass.cycle_base, pass.chain_base);
        self.cycles &= wants(lowest(cycle_base, length.max(4), cycle_key));
        self.forcing &= wants(lowest(chain_base, length, chain_key));
        if !self.cycles && !self.forcing {
            self.rounds += 1;
            return false;
        }
        let mut ends = std::mem::take(&mut self.ends);
        let mut found = std::mem::take(&mut self.found);
        ends.clear();
        found.clear();
        self.main_round(graph, length, &mut ends, &mut found);
        if self.cycles {
            for &(q, l) in &ends {
                // The chain: the start, ..., `q`'s "on" parent, `q`, and the start again.
                let mut chain = std::mem::take(&mut self.chain);
                self.main.chain(q, l, self.source, &mut chain);
                chain.push((self.source, link_cause(graph_link(graph, q, self.source))));
                // Distinct potentials: the start is there twice.
                let complexity = chain.len() - 1;
                let k = lowest(cycle_base, complexity, cycle_key);
                if wants(k) {
                    let e = cycle_eliminations(board, &chain[1..]);
                    if !e.is_empty() {
                        // SE's targets of a cycle: the cycle, and the same cycle reversed with
                        // every state turned over, each potential keeping its cause.
                        let reversed: Vec<_> = chain
                            .iter()
                            .rev()
                            .map(|&(p, c)| (conjugate(p), c))
                            .collect();
                        self.cycle_hints.push(Hint {
                            rating: k.0,
                            complexity,
                            sort_key: cycle_key,
                            technique: cycle_technique,
                            eliminations: e,
                            placement: None,
                            dag: dag_of(&[&chain, &reversed]),
                            assumption: None,
                        });
                    }
                }
                self.chain = chain;
            }
        }
        if self.forcing {
            let source = self.source;
            let from_on = found.len();
            Self::forcing_round(graph, &mut self.off, conjugate(source), &mut found);
            for (i, &(target, l)) in found.iter().enumerate() {
                let (bfs, start) = if i < from_on {
                    (&self.main, source)
                } else {
                    (&self.off, conjugate(source))
                };
                let mut chain = std::mem::take(&mut self.chain);
                bfs.chain(target, l, start, &mut chain);
                let complexity = chain.len();
                let k = lowest(chain_base, complexity, chain_key);
                if wants(k) {
                    let (eliminations, placement) = conclusion(board, target);
                    self.chain_hints.push(Hint {
                        rating: k.0,
                        complexity,
                        sort_key: chain_key,
                        technique: chain_technique,
                        eliminations,
                        placement,
                        dag: dag_of(&[&chain]),
                        assumption: None,
                    });
                }
                self.chain = chain;
            }
            if !self.main.alive() && !self.off.alive() {
                self.forcing = false;
            }
        }
        self.ends = ends;
        self.found = found;
        if !self.main.alive() {
            self.cycles = false;
        }
        self.rounds += 1;
        self.cycles || self.forcing
    }

    /// The length of what the next round finds, cycles and chains alike.
    fn cycle_length(&self) -> usize {
        2 * (self.rounds + 1)
    }

    /// One round of the main walk: on -> off, then off -> on. Cycles: the "off" entries
    /// (potential and link) that came back to the start, into `ends`; forcing: the start's own
    /// "off" when reached, into `found`.
    fn main_round(
        &mut self,
        graph: &Graph,
        length: usize,
        ends: &mut Vec<(Pot, Link)>,
        found: &mut Vec<(Pot, Link)>,
    ) {
        let source = self.source;
        let target = conjugate(source);
        let (cycles, forcing) = (self.cycles, self.forcing);
        let bfs = &mut self.main;
        // An "off" that turns the start back "on" closes a cycle every time it comes, along
        // each path; any other "off" turns "on" only what its first coming already did, so
        // later comings change nothing and are left out.
        let closes = |q: Pot| graph.of(q).iter().any(|&l| link_pot(l) == source);
        let pending = std::mem::take(&mut bfs.pending_on);
        for &p in &pending {
            for &l in graph.of(p) {
                let q = link_pot(l);
                // An "off" that leads nowhere is left out, but the start's own "off" is kept
                // whatever it leads to: it is a target.
                if !graph.leads.contains(q) && q != target {
                    continue;
                }
                let entry = entry_from(l, p);
                if !bfs.to_off.contains(q) {
                    // Met for the first time: a target once only.
                    if q == target && forcing {
                        found.push((q, entry));
                    }
                    bfs.links[q as usize] = entry;
                    bfs.to_off.insert(q);
                    bfs.pending_off.push((q, entry));
                } else if cycles && closes(q) && !bfs.on_chain(p, source, q) {
                    // Only a potential met before can be on the chain that leads here.
                    bfs.pending_off.push((q, entry));
                }
            }
        }
        let mut pending_on = pending;
        pending_on.clear();
        for &(q, entry) in &bfs.pending_off {
            for &l in graph.of(q) {
                let r = link_pot(l);
                if cycles && length >= 4 && r == source {
                    ends.push((q, entry));
                }
                if !bfs.to_on.contains(r) {
                    bfs.links[r as usize] = entry_from(l, q);
                    pending_on.push(r);
                    bfs.to_on.insert(r);
                }
            }
        }
        bfs.pending_off.clear();
        bfs.pending_on = pending_on;
    }

    /// One round of the forcing walk from `start` (the negation of the source): the
    /// potentials (and links) where it reached the source.
    fn forcing_round(graph: &Graph, bfs: &mut Bfs, start: Pot, found: &mut Vec<(Pot, Link)>) {
        let target = conjugate(start);
        let pending = std::mem::take(&mut bfs.pending_on);
        for &p in &pending {
            for &l in graph.of(p) {
                let q = link_pot(l);
                // A potential met before was a target then, if it is one; an "off" that leads
                // nowhere is left out.
                if bfs.to_off.contains(q) || !graph.leads.contains(q) {
                    continue;
                }
                let entry = entry_from(l, p);
                bfs.links[q as usize] = entry;
                bfs.pending_off.push((q, entry));
                bfs.to_off.insert(q);
            }
        }
        let mut next = pending;
        next.clear();
        for &(q, _) in &bfs.pending_off {
            for &l in graph.of(q) {
                let r = link_pot(l);
                let entry = entry_from(l, q);
                if !bfs.to_on.contains(r) {
                    // Met for the first time (nothing is "on" when this walk starts): a target
                    // once only.
                    if r == target {
                        found.push((r, entry));
                    }
                    bfs.links[r as usize] = entry;
                    next.push(r);
                    bfs.to_on.insert(r);
                }
            }
        }
        bfs.pending_off.clear();
        bfs.pending_on = next;
    }
}

/// The link by which "off" `q` turns `r` "on" (`q` must lead to `r`).
fn graph_link(graph: &Graph, q: Pot, r: Pot) -> Link {
    graph
        .of(q)
        .iter()
        .copied()
        .find(|&l| link_pot(l) == r)
        .expect("the off leads to the start")
}

/// The candidates a cycle removes: those that see one "on" and one "off" of their digit on
/// the cycle, outside the cycle's cells.
fn cycle_eliminations(board: &Board, cycle: &[(Pot, Cause)]) -> CandidateSet {
    let cells: u128 = cycle.iter().fold(0, |m, &(p, _)| m | 1 << cell_of(p));
    let mut forward = [0 as CellSet; 9];
    let mut back = [0 as CellSet; 9];
    for &(pt, _) in cycle {
        let d = digit_of(pt);
        let seen = PEERS[cell_of(pt)] & !cells & board.places(d);
        if is_on(pt) {
            forward[d as usize - 1] |= seen;
        } else {
            back[d as usize - 1] |= seen;
        }
    }
    CandidateSet(std::array::from_fn(|i| forward[i] & back[i]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::first_step;
    use crate::parse::parse_str;

    /// What a hint is, to compare two searches' lists.
    fn describe(hints: &[Hint]) -> Vec<String> {
        hints
            .iter()
            .map(|h| {
                format!(
                    "{:?} {} {:?} {:?}",
                    h.technique,
                    h.complexity,
                    h.eliminations,
                    h.dag.key()
                )
            })
            .collect()
    }

    /// On every board of the paths of random-minimal and hard puzzles, each pass gives the same
    /// hints, in the same order, when it walks only the starts that could find something as
    /// when it walks them all.
    #[test]
    fn walking_only_the_starts_that_could_find_something_loses_no_hint() {
        let text = [
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../tests/data/puzzles1_random_minimal-sample.txt"
            )),
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../tests/data/puzzles3_magictour_top1465-sample.txt"
            )),
        ]
        .concat();
        let (mut boards, mut hints) = (0, 0);
        for puzzle in parse_str(&text).into_iter().flatten().step_by(8) {
            let mut board = Board::from_grid(&puzzle.grid);
            while let Some(step) = first_step(&board) {
                for pass in &passes() {
                    let pruned = pass_hints_pruned(&board, pass, None, true);
                    let all = pass_hints_pruned(&board, pass, None, false);
                    assert_eq!(describe(&pruned), describe(&all), "{board:?}");
                    hints += all.len();
                }
                boards += 1;
                step.apply(&mut board);
                if board.is_solved() {
                    break;
                }
            }
        }
        assert!(
            boards > 500 && hints > 1000,
            "{boards} boards, {hints} hints"
        );
    }
}
