//! Nishio, multiple, dynamic and nested forcing chains: SE's rungs 7.5 (Nishio), 8.0
//! (multiple), 8.5 (dynamic), 9.0 (dynamic plus) and 9.5 to 11.0 (nested), each plus its length
//! bonus.
//!
//! # The propagation
//!
//! From an assumption, `Chaining::run` deduces everything it can: one "on" potential at a
//! time while there are any (each makes its cell's other digits and its digit's other places in
//! its houses "off"), else one "off" (the last candidate of a cell, or the last place of a digit
//! in a house, turns "on"). A potential met both "on" and "off" is a contradiction, and the run
//! stops there. A dynamic run takes each "off" candidate out of its working board once used, so
//! more cells and houses become bivalue as it goes. At a level, when nothing is left to deduce,
//! inner rules look at the reduced board (pointing and claiming, hidden and naked pairs, X-Wing,
//! then chains of the lower levels; `nested.rs`); what they remove is "off" too, with the
//! candidates that had to go first as its parents.
//!
//! # The hints
//!
//! For each cell with more than two candidates (more than one when dynamic), row-major, each
//! digit ascending:
//!
//! - *contradiction* (dynamic, Nishio): "on" leads to a contradiction: the candidate goes;
//!   "off" does: it is placed;
//! - *double* (dynamic, three candidates or more): what both "on" and "off" lead to holds;
//! - *region* (not Nishio): in a box, row or column where the digit has two places (more,
//!   when multiple), from its first place: what every place leads to holds;
//!
//! then *cell* (not Nishio; two candidates, or more when multiple): what every digit of the
//! cell leads to holds. A hint's length is the potentials behind each branch, added up.
//!
//! # Runs not made
//!
//! Only the step matters to a rating, and every hint is built from runs, so a run that can give
//! no hint is not made, and nothing else changes (the hints come in the same order, and the
//! runs that are made go exactly as before):
//!
//! - Nishio: a run gives a hint only by a contradiction; a fixed point of its rules on the
//!   digit's places, as sets, says when it cannot meet one (`nishio.rs`);
//! - static (multiple): a cell or region chain concludes what all its branches' runs meet, and a
//!   run meets only what its start reaches over the board's links ([`super::reach`]): where the
//!   branches reach nothing in common, their runs are not made (how many that spares:
//!   doc/rating-experiments.md);
//! - best only: a hint whose targets' depths already reach the best key found is not counted.

mod nested;
mod nishio;

use super::links::{link_cause, link_pot, Links};
use super::reach::Reach;
use super::{
    cell_of, conclusion, conjugate, digit_of, length_bonus, off_to_on, pot, Arena, Cause, Dag,
    Hint, HintOrder, NodeMap, Pot, PotSet,
};
use crate::logic::board::{cells_of, digits_of, Board, House, HouseKind};
use crate::logic::step::{Step, Technique};

/// Which forcing chains a rung looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flags {
    /// Region and cell chains through houses and cells with more than two candidates.
    pub multiple: bool,
    /// Take "off" candidates out of the board as the search goes.
    pub dynamic: bool,
    /// Nishio: one digit at a time, no cell rule, contradictions only.
    pub nishio: bool,
    /// Inner rules when the propagation stops: 0 none, 1 basic techniques, 2 to 5 chains too.
    pub level: u8,
}

impl Flags {
    /// The Nishio rung.
    pub const NISHIO: Flags = Flags {
        multiple: false,
        dynamic: true,
        nishio: true,
        level: 0,
    };
    /// The static multiple chains rung.
    pub const MULTIPLE: Flags = Flags {
        multiple: true,
        dynamic: false,
        nishio: false,
        level: 0,
    };

    /// The dynamic rung at `level` (0: plain dynamic, 1: plus, 2..5: nested).
    pub fn dynamic(level: u8) -> Flags {
        Flags {
            multiple: true,
            dynamic: true,
            nishio: false,
            level,
        }
    }

    /// The rung's base rating: its techniques' in the table (every technique of a forcing rung
    /// has the same base).
    fn base(self) -> f64 {
        let technique = if self.level > 0 {
            Technique::DynamicPlus(self.level)
        } else if self.nishio {
            Technique::NishioForcingChain
        } else if self.dynamic {
            Technique::DynamicContradictionForcingChain
        } else {
            Technique::CellForcingChains
        };
        technique.base_rating()
    }

    fn technique(self, kind: ForcingKind) -> Technique {
        if self.level > 0 {
            return Technique::DynamicPlus(self.level);
        }
        match (self.nishio, self.dynamic, kind) {
            (true, _, _) => Technique::NishioForcingChain,
            (false, false, ForcingKind::Region) => Technique::RegionForcingChains,
            (false, false, _) => Technique::CellForcingChains,
            (false, true, ForcingKind::Contradiction) => {
                Technique::DynamicContradictionForcingChain
            }
            (false, true, ForcingKind::Double) => Technique::DynamicDoubleForcingChain,
            (false, true, ForcingKind::Cell) => Technique::DynamicCellForcingChains,
            (false, true, ForcingKind::Region) => Technique::DynamicRegionForcingChains,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ForcingKind {
    Contradiction,
    Double,
    Region,
    Cell,
}

impl ForcingKind {
    fn sort_key(self) -> u8 {
        match self {
            ForcingKind::Double => 1,
            ForcingKind::Cell => 5,
            ForcingKind::Region => 6,
            ForcingKind::Contradiction => 7,
        }
    }
}

/// The step of a forcing-chains rung, if any.
pub fn step(board: &Board, flags: Flags) -> Option<Step> {
    let mut chaining = Chaining::new(flags, true);
    let hints = chaining.all(board);
    super::best(hints).map(|h| h.step())
}

/// Every hint of a forcing-chains rung, in the order SE finds them.
pub fn hints(board: &Board, flags: Flags) -> Vec<Hint> {
    Chaining::new(flags, false).all(board)
}

/// A first-in first-out queue of nodes for one run: a list read from the front, emptied
/// between runs (a run queues a few dozen nodes).
#[derive(Default)]
struct Queue {
    items: Vec<u32>,
    head: usize,
}

impl Queue {
    #[inline]
    fn pop_front(&mut self) -> Option<u32> {
        let item = self.items.get(self.head).copied();
        self.head += usize::from(item.is_some());
        item
    }

    #[inline]
    fn push_back(&mut self, n: u32) {
        self.items.push(n);
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }

    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    fn extend(&mut self, nodes: impl IntoIterator<Item = u32>) {
        self.items.extend(nodes);
    }
}

/// What a run filled, and the contradiction it stopped at, if any. Runs are boxed and kept
/// for later runs with their sets' room (a set is a few hundred bytes: moving it costs).
#[derive(Default)]
struct Run {
    on: NodeMap,
    off: NodeMap,
    absurd: Option<(u32, u32)>,
}

struct Chaining {
    flags: Flags,
    /// The rung's base rating ([`Flags::base`]), looked up once.
    base: f64,
    /// Every node of every run of this call (hints of a cell refer to runs of other cells).
    arena: Arena,
    buf: Vec<u32>,
    /// The links of the board searched.
    links: Box<Links>,
    /// What each potential reaches by them (static searches).
    reach: Reach,
    /// The "on" run of each candidate, made once (a candidate's run serves its own cell and
    /// the region chains of up to three houses).
    runs: Vec<Option<Box<Run>>>,
    /// Empty runs to reuse.
    #[expect(
        clippy::vec_box,
        reason = "a run moves between lists and tables as a pointer"
    )]
    pool: Vec<Box<Run>>,
    pending_on: Queue,
    pending_off: Queue,
    /// Only the best hint matters: the key to beat, once there is one.
    best_only: bool,
    bound: Option<HintOrder>,
}

/// Runs kept for later searches on this thread, at most.
const KEPT_RUNS: usize = 1024;

/// What searches leave for the later ones on this thread: making these costs more than a
/// search's use of them, and a rating makes thousands of searches. A nested search takes its
/// own and gives them back.
#[derive(Default)]
struct Kept {
    /// Empty runs.
    #[expect(
        clippy::vec_box,
        reason = "a run moves between lists and tables as a pointer"
    )]
    empty: Vec<Box<Run>>,
    /// Links, the last search's last: the rungs after the first on a board find its links made.
    links: Vec<Box<Links>>,
    /// Empty arenas and run tables, with their room.
    arenas: Vec<Arena>,
    runs: Vec<Vec<Option<Box<Run>>>>,
    reaches: Vec<Reach>,
}

thread_local! {
    static KEPT: std::cell::RefCell<Kept> = std::cell::RefCell::new(Kept::default());
}

impl Drop for Chaining {
    fn drop(&mut self) {
        let mut empty = std::mem::take(&mut self.pool);
        empty.extend(
            self.runs
                .iter_mut()
                .filter_map(Option::take)
                .map(|mut run| {
                    run.clear();
                    run
                }),
        );
        let mut arena = std::mem::take(&mut self.arena);
        arena.clear();
        KEPT.with(|kept| {
            let mut kept = kept.borrow_mut();
            let room = KEPT_RUNS.saturating_sub(kept.empty.len());
            kept.empty.extend(empty.into_iter().take(room));
            kept.links.push(std::mem::take(&mut self.links));
            kept.arenas.push(arena);
            kept.runs.push(std::mem::take(&mut self.runs));
            kept.reaches.push(std::mem::take(&mut self.reach));
        });
    }
}

impl Run {
    fn clear(&mut self) {
        self.on.clear();
        self.off.clear();
        self.absurd = None;
    }
}

impl Chaining {
    fn new(flags: Flags, best_only: bool) -> Self {
        let (links, arena, runs, reach) = KEPT.with(|kept| {
            let mut kept = kept.borrow_mut();
            let kept = &mut *kept;
            (
                kept.links.pop(),
                kept.arenas.pop(),
                kept.runs.pop(),
                kept.reaches.pop(),
            )
        });
        Chaining {
            flags,
            base: flags.base(),
            arena: arena.unwrap_or_default(),
            buf: Vec::new(),
            links: links.unwrap_or_default(),
            reach: reach.unwrap_or_default(),
            runs: runs.unwrap_or_else(|| (0..super::POTS).map(|_| None).collect()),
            pool: Vec::new(),
            pending_on: Queue::default(),
            pending_off: Queue::default(),
            best_only,
            bound: None,
        }
    }

    /// An empty run.
    fn empty_run(&mut self) -> Box<Run> {
        self.pool
            .pop()
            .or_else(|| KEPT.with(|kept| kept.borrow_mut().empty.pop()))
            .unwrap_or_default()
    }

    /// Gives back a run no longer needed.
    fn recycle(&mut self, mut run: Box<Run>) {
        run.clear();
        self.pool.push(run);
    }

    /// Makes the "on" run of candidate `p` unless it is made.
    fn on_run(&mut self, board: &Board, p: Pot) {
        if self.runs[p as usize].is_some() {
            return;
        }
        let mut run = self.empty_run();
        let root = self.arena.add(p, &[], Cause::Assumption);
        run.on.insert(p, root);
        let Run { on, off, absurd } = &mut *run;
        *absurd = self.run(board, on, off);
        self.runs[p as usize] = Some(run);
    }

    fn ran(&self, p: Pot) -> &Run {
        self.runs[p as usize].as_deref().expect("made before use")
    }

    fn all(&mut self, board: &Board) -> Vec<Hint> {
        let mut found = Vec::new();
        if !self.flags.dynamic {
            // A static search concludes only from cell and region chains, and only what all
            // their branches reach (see `reach`).
            self.links.build(board);
            self.reach.build(&self.links);
        }
        for cell in 0..81 {
            let cands = board.cands(cell);
            let k = cands.count_ones();
            if board.value(cell) != 0 || !(k > 2 || k > 1 && self.flags.dynamic) {
                continue;
            }
            if crate::deadline::passed() {
                // Out of time: the caller drops what this search gives.
                break;
            }
            for d in digits_of(cands) {
                self.binary(board, cell, d, k, &mut found);
                if !self.flags.nishio {
                    self.regions(board, cell, d, &mut found);
                }
            }
            if !self.flags.nishio && (k == 2 || self.flags.multiple && k > 2) {
                // One branch per digit (each already run by `binary`).
                let branches: Vec<Pot> = digits_of(cands).map(|d| pot(cell, d, true)).collect();
                self.branch_hints(board, ForcingKind::Cell, &branches, Cause::Cell, &mut found);
            }
        }
        found
    }

    /// Contradictions and double chains of one candidate.
    fn binary(&mut self, board: &Board, cell: usize, d: u8, k: u32, found: &mut Vec<Hint>) {
        if !self.flags.dynamic {
            // Contradictions and double chains are dynamic; the cell and region chains make
            // the runs they need.
            return;
        }
        let source_on = pot(cell, d, true);
        // A Nishio run gives a hint only by a contradiction, and nothing else reads it: the runs
        // that cannot meet one are not made.
        let nishio = self.flags.nishio;
        if !nishio || nishio::may_contradict(board, cell, d, true) {
            self.on_run(board, source_on);
            // Contradictions are dynamic (Nishio is).
            if let (true, Some((a, b))) = (self.flags.dynamic, self.ran(source_on).absurd) {
                let p = conjugate(source_on);
                if let Some(h) = self.hint_on_off(board, ForcingKind::Contradiction, p, a, b) {
                    found.push(h);
                }
            }
        }
        if !self.flags.dynamic || nishio && !nishio::may_contradict(board, cell, d, false) {
            // The "off" run only feeds contradictions and double chains.
            return;
        }
        // The "off" run's nodes serve only the hints made here (each copies its chains out):
        // they are dropped at the end, so the arena holds only the runs that are kept.
        let kept = self.arena.len();
        let source_off = pot(cell, d, false);
        let mut from_off = self.empty_run();
        let root = self.arena.add(source_off, &[], Cause::Assumption);
        from_off.off.insert(source_off, root);
        let absurd = {
            let Run { on, off, .. } = &mut *from_off;
            self.run(board, on, off)
        };
        let (off_on, off_off) = (&from_off.on, &from_off.off);
        if let Some((a, b)) = absurd {
            if let Some(h) = self.hint_on_off(board, ForcingKind::Contradiction, source_on, a, b) {
                found.push(h);
            }
        }
        if k >= 3 && !nishio {
            let pairs: Vec<(Pot, u32, u32)> = {
                let run = self.ran(source_on);
                let mut pairs = Vec::new();
                for &x in &run.on.order {
                    let p = self.arena.pot(x);
                    if let Some(y) = off_on.get(p) {
                        pairs.push((p, x, y));
                    }
                }
                for &x in &run.off.order {
                    let p = self.arena.pot(x);
                    if let Some(y) = off_off.get(p) {
                        pairs.push((p, x, y));
                    }
                }
                pairs
            };
            for (p, x, y) in pairs {
                if let Some(h) = self.hint_on_off(board, ForcingKind::Double, p, x, y) {
                    found.push(h);
                }
            }
        }
        self.recycle(from_off);
        self.arena.truncate(kept);
    }

    /// Region chains of a candidate, from the houses where it is the digit's first place.
    fn regions(&mut self, board: &Board, cell: usize, d: u8, found: &mut Vec<Hint>) {
        for kind in [HouseKind::Box, HouseKind::Row, HouseKind::Column] {
            let house = House::of(kind, cell);
            let places = board.places(d) & house.bits();
            let n = places.count_ones();
            if !(n == 2 || self.flags.multiple && n > 2) {
                continue;
            }
            // The house is taken once, from its first place (house order is cell order).
            if places.trailing_zeros() as usize != cell {
                continue;
            }
            // One branch per place, in house order (the cell itself is the first).
            let branches: Vec<Pot> = cells_of(places).map(|c| pot(c, d, true)).collect();
            self.branch_hints(
                board,
                ForcingKind::Region,
                &branches,
                Cause::House(kind),
                found,
            );
        }
    }

    /// Cell and region forcing chains: the potentials every branch's run reached in the same
    /// state, in the order the first branch's run reached them, each a hint standing on the
    /// branches' nodes of it. The branches not run yet are run first, in order.
    fn branch_hints(
        &mut self,
        board: &Board,
        kind: ForcingKind,
        branches: &[Pot],
        assumption: Cause,
        found: &mut Vec<Hint>,
    ) {
        if !self.flags.dynamic && !self.reach.meet(branches) {
            // The branches' runs can meet nothing in common.
            return;
        }
        for &b in branches {
            self.on_run(board, b);
        }
        // The potentials every branch reached, on and off, as bits.
        let first = self.ran(branches[0]);
        let (mut on, mut off) = (first.on.members().clone(), first.off.members().clone());
        for &b in &branches[1..] {
            let run = self.ran(b);
            on.retain_common(run.on.members());
            off.retain_common(run.off.members());
        }
        let common = |order: &[u32], set: &PotSet| -> Vec<u32> {
            order
                .iter()
                .copied()
                .filter(|&x| set.contains(self.arena.pot(x)))
                .collect()
        };
        let common_on = common(&first.on.order, &on);
        let common_off = common(&first.off.order, &off);
        for (list, state_on) in [(common_on, true), (common_off, false)] {
            for x in list {
                let p = self.arena.pot(x);
                let targets: Vec<u32> = branches
                    .iter()
                    .map(|&b| {
                        let run = self.ran(b);
                        let set = if state_on { &run.on } else { &run.off };
                        set.get(p).expect("common to every branch")
                    })
                    .collect();
                if let Some(h) = self.hint(board, kind, p, &targets, Some(assumption)) {
                    found.push(h);
                }
            }
        }
    }

    /// A contradiction or double chain: the conclusion `p`, the two nodes it stands on.
    fn hint_on_off(
        &mut self,
        board: &Board,
        kind: ForcingKind,
        p: Pot,
        a: u32,
        b: u32,
    ) -> Option<Hint> {
        self.hint(board, kind, p, &[a, b], None)
    }

    /// A hint that concludes `p` ("on": placed; "off": removed) from the branches `targets`.
    /// In best-only mode, nothing is built for a hint that does not beat the best so far.
    fn hint(
        &mut self,
        board: &Board,
        kind: ForcingKind,
        p: Pot,
        targets: &[u32],
        assumption: Option<Cause>,
    ) -> Option<Hint> {
        let (eliminations, placement) = conclusion(board, p);
        if eliminations.is_empty() {
            return None;
        }
        let (base, sort_key) = (self.base, kind.sort_key());
        if let (true, Some(bound)) = (self.best_only, self.bound) {
            // The key grows with the length, and the length is at least the targets' depths:
            // a hint whose depths already reach the bound is not worth counting.
            let least: usize = targets.iter().map(|&t| self.arena.depth(t)).sum();
            if (base + length_bonus(least), least, sort_key) >= bound {
                return None;
            }
        }
        let flat: usize = targets.iter().map(|&t| self.arena.ancestors(t)).sum();
        let nested = if self.flags.level >= 2 {
            self.arena.nested_complexity(targets)
        } else {
            0
        };
        let complexity = flat + nested;
        let rating = base + length_bonus(complexity);
        let key = (rating, complexity, sort_key);
        if self.best_only {
            if self.bound.is_some_and(|b| key >= b) {
                return None;
            }
            self.bound = Some(key);
        }
        Some(Hint {
            rating,
            complexity,
            sort_key,
            technique: self.flags.technique(kind),
            eliminations,
            placement,
            dag: Dag::of(&self.arena, targets),
            assumption,
        })
    }

    /// Propagates the assumptions already in `to_on` and `to_off`; returns a contradiction (an
    /// "on" node and an "off" node of the same candidate), or nothing. The sets keep everything
    /// deduced either way.
    fn run(
        &mut self,
        board: &Board,
        to_on: &mut NodeMap,
        to_off: &mut NodeMap,
    ) -> Option<(u32, u32)> {
        self.links.build(board);
        let mut work = board.clone();
        let mut pending_on = std::mem::take(&mut self.pending_on);
        let mut pending_off = std::mem::take(&mut self.pending_off);
        pending_on.clear();
        pending_off.clear();
        pending_on.extend(to_on.order.iter().copied());
        pending_off.extend(to_off.order.iter().copied());
        let result = self.propagate(
            board,
            &mut work,
            to_on,
            to_off,
            &mut pending_on,
            &mut pending_off,
        );
        self.pending_on = pending_on;
        self.pending_off = pending_off;
        result
    }

    /// The loop of [`Chaining::run`].
    ///
    /// An "on" turns "off" what its links on `board` lead to (a dynamic run's `work` has lost
    /// only the "off" candidates it has used, and those are met already: a link to one makes
    /// nothing, as the scan of `work` would not list it). An "off" turns "on" by the links of
    /// `board` in a static run; a dynamic run reads `work`, where cells and houses lose
    /// candidates as it goes, and names the "off" nodes that took them as hidden parents.
    #[allow(clippy::too_many_arguments)]
    fn propagate(
        &mut self,
        board: &Board,
        work: &mut Board,
        to_on: &mut NodeMap,
        to_off: &mut NodeMap,
        pending_on: &mut Queue,
        pending_off: &mut Queue,
    ) -> Option<(u32, u32)> {
        let cell_rule = !self.flags.nishio;
        loop {
            if let Some(p) = pending_on.pop_front() {
                if let Some((on, n)) = self.follow(p, cell_rule, to_off, to_on, pending_off) {
                    return Some((on, n));
                }
            } else if let Some(p) = pending_off.pop_front() {
                if !self.flags.dynamic {
                    if let Some((off, n)) = self.follow(p, cell_rule, to_on, to_off, pending_on) {
                        return Some((n, off));
                    }
                } else if let Err(absurd) =
                    self.dynamic_off(board, work, to_on, to_off, p, pending_on)
                {
                    return Some(absurd);
                }
            } else {
                break;
            }
            if pending_on.is_empty()
                && pending_off.is_empty()
                && self.flags.level > 0
                && !crate::deadline::passed()
            {
                for q in self.advanced(work, board, to_off) {
                    let qp = self.arena.pot(q);
                    if !to_off.contains(qp) {
                        to_off.insert(qp, q);
                        pending_off.push_back(q);
                    }
                }
            }
        }
        None
    }

    /// The links of node `p` (both rules, or the house rule alone without `cell_rule`): each
    /// potential they lead to becomes a node with parent `p`, put in `reached` (the set of its
    /// state) and queued, unless `reached` has it; one whose other state `other` has is a
    /// contradiction, returned as that node and the new one. A potential met before makes a
    /// node only for a contradiction.
    fn follow(
        &mut self,
        p: u32,
        cell_rule: bool,
        reached: &mut NodeMap,
        other: &NodeMap,
        queue: &mut Queue,
    ) -> Option<(u32, u32)> {
        let pp = self.arena.pot(p);
        let links = if cell_rule {
            self.links.both(pp)
        } else {
            self.links.houses(pp)
        };
        for &l in links {
            let q = link_pot(l);
            let met = reached.contains(q);
            let against = other.get(conjugate(q));
            if met && against.is_none() {
                continue;
            }
            let n = self.arena.add(q, &[p], link_cause(l));
            if let Some(against) = against {
                return Some((against, n));
            }
            reached.insert(q, n);
            queue.push_back(n);
        }
        None
    }

    /// An "off" of a dynamic run: what it turns "on" on `work`, which then loses it.
    #[allow(clippy::too_many_arguments)]
    fn dynamic_off(
        &mut self,
        board: &Board,
        work: &mut Board,
        to_on: &mut NodeMap,
        to_off: &NodeMap,
        p: u32,
        pending_on: &mut Queue,
    ) -> Result<(), (u32, u32)> {
        let cell_rule = !self.flags.nishio;
        self.buf.clear();
        let wanted = |r: Pot| !to_on.contains(r) || to_off.contains(conjugate(r));
        off_to_on(
            work,
            board,
            to_off,
            &mut self.arena,
            p,
            cell_rule,
            wanted,
            &mut self.buf,
        );
        let pp = self.arena.pot(p);
        work.eliminate(cell_of(pp), digit_of(pp));
        for i in 0..self.buf.len() {
            let r = self.buf[i];
            let rp = self.arena.pot(r);
            if let Some(off) = to_off.get(conjugate(rp)) {
                return Err((r, off));
            } else if !to_on.contains(rp) {
                to_on.insert(rp, r);
                pending_on.push_back(r);
            }
        }
        Ok(())
    }
}
