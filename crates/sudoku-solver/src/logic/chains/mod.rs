//! Chains: cycles, forcing chains, and the multiple, dynamic and nested forcing chains, as
//! Sudoku Explainer finds and rates them.
//!
//! # Potentials and nodes
//!
//! A *potential* is a candidate with a state: "r1c2 is 5" (on) or "r1c2 is not 5" (off). It is
//! numbered `2 * (9 * cell + digit - 1) + on`, 0..1458. A *node* is one occurrence of a
//! potential in a search, with the nodes it was deduced from (its parents; the first parent is
//! the link the chain came by). Searches keep nodes in an arena and find the node of a
//! potential through [`NodeMap`], an insertion-ordered map from potential to node.
//!
//! # Implications
//!
//! - on -> off: the other candidates of the cell (the *cell rule*, not used by X-chains and
//!   Nishio), and the same digit in the cell's box, row and column;
//! - off -> on: the last candidate of a cell with two (cell rule), and the last place of the
//!   digit in a box, row or column with two.
//!
//! Dynamic searches take every off potential out of their working board once it has been used,
//! so cells and houses become bivalue as the search goes; the off potentials that made them so
//! become *hidden parents* and count in the chain's length.
//!
//! # Rating
//!
//! A chain's rating is its kind's base plus 0.1 for every threshold of 4, 6, 8, 12, 16, 24, ...
//! (alternately times 3/2 and 4/3) that its length minus 2 exceeds, added one 0.1 at a time as
//! SE adds them (the exact `f64` decides ties). Its length is the number of distinct potentials
//! behind its conclusion(s), plus the lengths of the nested chains it used.
//!
//! Files: [`links`] for a board's links, made once and read by every search; [`reach`] for what
//! each potential reaches over them (which searches could find anything); [`cycles`] for cycles
//! and single forcing chains (the "Forcing Chains & Cycles" rung); [`forcing`] for Nishio,
//! multiple, dynamic and nested forcing chains.

pub mod cycles;
pub mod forcing;
pub mod links;
pub mod reach;

use crate::logic::board::BitCount;
use std::rc::Rc;

use super::board::{bit, cell_name, house_bits, Board, CandidateSet, HouseKind};
use super::step::Chain;

/// A potential's number.
pub type Pot = u16;

/// Potentials: 81 cells x 9 digits x 2 states.
pub const POTS: usize = 81 * 9 * 2;

/// The potential "`cell` is (`on`) or is not `d`".
#[inline]
pub fn pot(cell: usize, d: u8, on: bool) -> Pot {
    (2 * (9 * cell + d as usize - 1) + on as usize) as Pot
}

/// The cell of a potential.
#[inline]
pub fn cell_of(p: Pot) -> usize {
    p as usize / 18
}

/// The digit of a potential.
#[inline]
pub fn digit_of(p: Pot) -> u8 {
    ((p as usize / 2) % 9) as u8 + 1
}

/// Whether a potential is "on".
#[inline]
pub fn is_on(p: Pot) -> bool {
    p & 1 == 1
}

/// The same candidate, other state.
#[inline]
pub fn conjugate(p: Pot) -> Pot {
    p ^ 1
}

/// A potential written out: `r1c2=5` or `r1c2<>5`.
pub fn pot_name(p: Pot) -> String {
    let op = if is_on(p) { "=" } else { "<>" };
    format!("{}{op}{}", cell_name(cell_of(p)), digit_of(p))
}

/// Why a node holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The assumption a search starts from.
    Assumption,
    /// The cell rule (a naked single, or the cell's other digits going).
    Cell,
    /// A house rule, in a house of this kind.
    House(HouseKind),
    /// An inner rule of a dynamic search at a level (pointing, pairs, X-wing, nested chains).
    Advanced,
}

/// One occurrence of a potential in a search.
#[derive(Clone, Debug)]
pub struct Node {
    /// The potential.
    pub pot: Pot,
    /// Why.
    pub cause: Cause,
    /// The length of its chain along first parents (0 for an assumption): a lower bound of
    /// how many potentials lie behind it, itself left out (those of that chain are distinct:
    /// a search holds a potential once, and only the node it has just made can repeat one).
    depth: u16,
    parents_at: u32,
    parents_len: u32,
    /// The nested chain an advanced node came from (levels 2 and up).
    pub nested: Option<Rc<Nested>>,
}

/// A nested chain that produced advanced nodes: what makes it the same chain as another, and
/// its total length, which the chains that use it add to their own.
#[derive(Debug)]
pub struct Nested {
    /// Its conclusions, each with the potentials behind it.
    pub key: Vec<Vec<Pot>>,
    /// Its total length.
    pub complexity: usize,
}

/// The nodes of searches, with their parents in one pool (no allocation per node).
#[derive(Clone, Debug, Default)]
pub struct Arena {
    nodes: Vec<Node>,
    parents: Vec<u32>,
}

impl Arena {
    /// A new node; returns its index.
    #[inline]
    pub fn add(&mut self, pot: Pot, parents: &[u32], cause: Cause) -> u32 {
        let depth = parents
            .first()
            .map_or(0, |&p| self.nodes[p as usize].depth.saturating_add(1));
        self.nodes.push(Node {
            pot,
            cause,
            depth,
            parents_at: self.parents.len() as u32,
            parents_len: parents.len() as u32,
            nested: None,
        });
        self.parents.extend_from_slice(parents);
        (self.nodes.len() - 1) as u32
    }

    /// How many nodes there are.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Empties the arena, keeping its room.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
    }

    /// A lower bound of [`Arena::ancestors`]`(i)`: the length of its chain along first
    /// parents.
    #[inline]
    pub fn depth(&self, i: u32) -> usize {
        self.nodes[i as usize].depth as usize
    }

    /// Drops the nodes from `len` on (nothing may refer to them any more).
    pub fn truncate(&mut self, len: usize) {
        if let Some(first) = self.nodes.get(len) {
            self.parents.truncate(first.parents_at as usize);
            self.nodes.truncate(len);
        }
    }

    /// The node at `i`.
    #[inline]
    pub fn get(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    /// The node at `i`, to change.
    pub fn get_mut(&mut self, i: u32) -> &mut Node {
        &mut self.nodes[i as usize]
    }

    /// The potential of node `i`.
    #[inline]
    pub fn pot(&self, i: u32) -> Pot {
        self.nodes[i as usize].pot
    }

    /// The parents of node `i`.
    #[inline]
    pub fn parents(&self, i: u32) -> &[u32] {
        let n = &self.nodes[i as usize];
        &self.parents[n.parents_at as usize..(n.parents_at + n.parents_len) as usize]
    }

    /// How many distinct potentials lie behind node `target`, itself included, by all parents.
    pub fn ancestors(&self, target: u32) -> usize {
        let mut seen = PotSet::default();
        let mut todo = vec![target];
        let mut count = 0;
        while let Some(n) = todo.pop() {
            let p = self.pot(n);
            if seen.contains(p) {
                continue;
            }
            seen.insert(p);
            count += 1;
            todo.extend_from_slice(self.parents(n));
        }
        count
    }

    /// The potentials behind node `target`, breadth first (the order SE lists a chain's
    /// potentials in), each once.
    pub fn behind(&self, target: u32) -> Vec<u32> {
        let mut seen = PotSet::default();
        let mut out = Vec::new();
        let mut todo = vec![target];
        while !todo.is_empty() {
            let mut next = Vec::new();
            for n in todo {
                let p = self.pot(n);
                if seen.contains(p) {
                    continue;
                }
                seen.insert(p);
                out.push(n);
                next.extend_from_slice(self.parents(n));
            }
            todo = next;
        }
        out
    }

    /// The total length of the nested chains behind `targets`, each counted once.
    pub fn nested_complexity(&self, targets: &[u32]) -> usize {
        let mut seen: Vec<&Nested> = Vec::new();
        for &t in targets {
            for n in self.behind(t) {
                if let Some(nested) = &self.get(n).nested {
                    if !seen.iter().any(|o| o.key == nested.key) {
                        seen.push(nested);
                    }
                }
            }
        }
        seen.iter().map(|n| n.complexity).sum()
    }

    /// The chain behind `target` written out along first parents, from the assumption to the
    /// conclusion: `r1c2=5 -> r1c4<>5 -> r3c4=5`.
    pub fn text(&self, target: u32) -> String {
        let mut pots = vec![self.pot(target)];
        let mut n = target;
        while let Some(&p) = self.parents(n).first() {
            n = p;
            pots.push(self.pot(n));
        }
        pots.reverse();
        pots.into_iter()
            .map(pot_name)
            .collect::<Vec<_>>()
            .join(" -> ")
    }
}

/// A set of potentials, one bit each (184 bytes).
#[derive(Clone)]
pub struct PotSet([u64; POTS.div_ceil(64)]);

impl Default for PotSet {
    fn default() -> Self {
        PotSet([0; POTS.div_ceil(64)])
    }
}

impl PotSet {
    /// Empties the set.
    pub fn clear(&mut self) {
        self.0 = [0; POTS.div_ceil(64)];
    }

    /// Whether `p` is in the set.
    #[inline]
    pub fn contains(&self, p: Pot) -> bool {
        self.0[p as usize / 64] & (1 << (p % 64)) != 0
    }

    /// Adds `p`.
    #[inline]
    pub fn insert(&mut self, p: Pot) {
        self.0[p as usize / 64] |= 1 << (p % 64);
    }

    /// Keeps only the members that `other` has too.
    pub fn retain_common(&mut self, other: &PotSet) {
        for (w, m) in self.0.iter_mut().zip(&other.0) {
            *w &= m;
        }
    }
}

/// An insertion-ordered map from potential to node.
///
/// Membership is a bit set (184 bytes, so the tests that dominate a search stay in the first
/// level cache even with hundreds of maps alive); the node of a member is found through its
/// position in `order`, kept by potential as a `u16` and read only for members (never cleared).
#[derive(Clone)]
pub struct NodeMap {
    bits: PotSet,
    position: Vec<u16>,
    /// The nodes, in the order added.
    pub order: Vec<u32>,
}

impl Default for NodeMap {
    fn default() -> Self {
        NodeMap {
            bits: PotSet::default(),
            position: vec![0; POTS],
            order: Vec::new(),
        }
    }
}

impl NodeMap {
    /// The node of `p`, if it is in the set.
    #[inline]
    pub fn get(&self, p: Pot) -> Option<u32> {
        self.contains(p)
            .then(|| self.order[self.position[p as usize] as usize])
    }

    /// Whether `p` is in the set.
    #[inline]
    pub fn contains(&self, p: Pot) -> bool {
        self.bits.contains(p)
    }

    /// The members, as a set.
    #[inline]
    pub fn members(&self) -> &PotSet {
        &self.bits
    }

    /// Adds node `n` of potential `p`, which is not in the set yet (every caller checks).
    #[inline]
    pub fn insert(&mut self, p: Pot, n: u32) {
        debug_assert!(!self.contains(p), "a potential is inserted once");
        // Each potential is in the set at most once, so there are at most `POTS` members.
        self.position[p as usize] = self.order.len() as u16;
        self.order.push(n);
        self.bits.insert(p);
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.bits.clear();
        self.order.clear();
    }
}

/// The potentials an "off" node makes "on", each a new node with parents `from` and then the
/// hidden parents (the off nodes, found in `offs`, of the candidates `saved` had and `board` has
/// lost), in SE's order: with the cell rule, the other digit of a cell with two; then the other
/// place of the digit in a box, row or column with two, each potential once; only those
/// `wanted` accepts (a search need not make a node it would drop). Only a dynamic search's
/// board loses candidates: a static one finds no hidden parents.
#[allow(clippy::too_many_arguments)]
pub fn off_to_on(
    board: &Board,
    saved: &Board,
    offs: &NodeMap,
    arena: &mut Arena,
    from: u32,
    cell_rule: bool,
    wanted: impl Fn(Pot) -> bool,
    out: &mut Vec<u32>,
) {
    let p = arena.pot(from);
    let (cell, d) = (cell_of(p), digit_of(p));
    let start = out.len();
    if cell_rule {
        let c = board.cands(cell);
        let other = (c & !bit(d)).trailing_zeros() as u8 + 1;
        if c.is_two() && wanted(pot(cell, other, true)) {
            // At most the 7 other digits of the cell, after `from`.
            let mut parents = [from; 9];
            let mut n = 1;
            for e in super::board::digits_of(saved.cands(cell) & !c) {
                if let Some(h) = offs.get(pot(cell, e, false)) {
                    parents[n] = h;
                    n += 1;
                }
            }
            out.push(arena.add(pot(cell, other, true), &parents[..n], Cause::Cell));
        }
    }
    for kind in [HouseKind::Box, HouseKind::Row, HouseKind::Column] {
        let Some(other) = other_place(board, cell, d, kind) else {
            continue;
        };
        let q = pot(other, d, true);
        if !wanted(q) || out[start..].iter().any(|&n| arena.pot(n) == q) {
            continue;
        }
        // At most the 7 other places of the house, after `from`.
        let mut parents = [from; 9];
        let mut n = 1;
        let lost = saved.places(d) & house_bits(kind, cell) & !board.places(d);
        for c in super::board::cells_of(lost) {
            if let Some(h) = offs.get(pot(c, d, false)) {
                parents[n] = h;
                n += 1;
            }
        }
        out.push(arena.add(q, &parents[..n], Cause::House(kind)));
    }
}

/// The other place of `d` in `cell`'s house of this kind, when the digit has exactly two
/// places there (the house rule's "off" -> "on").
#[inline]
pub fn other_place(board: &Board, cell: usize, d: u8, kind: HouseKind) -> Option<usize> {
    let places = board.places(d) & house_bits(kind, cell);
    places
        .is_two()
        .then(|| (places & !(1u128 << cell)).trailing_zeros() as usize)
}

/// What a chain proving potential `p` concludes: for an "on", the cell's other digits go and
/// the digit is placed; for an "off", the candidate goes (nothing, if the board lacks it).
pub fn conclusion(board: &Board, p: Pot) -> (CandidateSet, Option<(usize, u8)>) {
    let (cell, d) = (cell_of(p), digit_of(p));
    let mut eliminations = CandidateSet::EMPTY;
    if is_on(p) {
        eliminations.add_digits(cell, board.cands(cell) & !bit(d));
        (eliminations, Some((cell, d)))
    } else {
        if board.has(cell, d) {
            eliminations.add(cell, d);
        }
        (eliminations, None)
    }
}

/// The length bonus of a chain of total length `complexity`, as SE adds it.
pub fn length_bonus(complexity: usize) -> f64 {
    let mut added = 0.0;
    let mut ceil = 4i64;
    let length = complexity as i64 - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The nodes behind a hint's conclusions, copied out of a search so the hint can outlive it
/// (nested levels read them again: which candidates the chain needed gone, and how long it is).
#[derive(Clone, Debug, Default)]
pub struct Dag {
    /// The nodes, parents as indexes into this list.
    pub arena: Arena,
    /// The conclusions (SE's chain targets), in order.
    pub targets: Vec<u32>,
}

impl Dag {
    /// Copies the nodes behind `targets` out of `arena`.
    pub fn of(arena: &Arena, targets: &[u32]) -> Dag {
        let mut map: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
        let mut out = Arena::default();
        // Depth-first, parents before children.
        fn copy(
            arena: &Arena,
            n: u32,
            map: &mut std::collections::HashMap<u32, u32>,
            out: &mut Arena,
        ) -> u32 {
            if let Some(&m) = map.get(&n) {
                return m;
            }
            // Iterative on long chains: walk up first parents before recursing.
            let parents: Vec<u32> = arena.parents(n).to_vec();
            let mapped: Vec<u32> = parents.iter().map(|&p| copy(arena, p, map, out)).collect();
            let node = arena.get(n);
            let m = out.add(node.pot, &mapped, node.cause);
            out.get_mut(m).nested = node.nested.clone();
            map.insert(n, m);
            m
        }
        let targets = targets
            .iter()
            .map(|&t| copy(arena, t, &mut map, &mut out))
            .collect();
        Dag {
            arena: out,
            targets,
        }
    }

    /// What makes two chains SE's same chain: each target's potentials, breadth first.
    pub fn key(&self) -> Vec<Vec<Pot>> {
        self.targets
            .iter()
            .map(|&t| {
                self.arena
                    .behind(t)
                    .iter()
                    .map(|&n| self.arena.pot(n))
                    .collect()
            })
            .collect()
    }
}

/// A chain hint: what it concludes and what orders it. Every chain technique gives these; the
/// step is the first after sorting by rating, then length, then kind (a stable sort: ties stay
/// in the order found).
#[derive(Clone, Debug)]
pub struct Hint {
    /// Rating: base plus length bonus.
    pub rating: f64,
    /// Total length.
    pub complexity: usize,
    /// SE's kind order for ties.
    pub sort_key: u8,
    /// The technique.
    pub technique: super::step::Technique,
    /// What it removes (for a placement, the cell's other candidates).
    pub eliminations: super::board::CandidateSet,
    /// What it places.
    pub placement: Option<(usize, u8)>,
    /// The chains behind it.
    pub dag: Dag,
    /// How the assumption of a cell or region forcing chain counts when nested levels ask what
    /// the chain needed gone: as a naked single (cell), or a hidden single in a house (region).
    pub assumption: Option<Cause>,
}

/// What orders chain hints: rating, then complexity (length), then kind.
pub type HintOrder = (f64, usize, u8);

impl Hint {
    /// Its place in the order of hints.
    pub fn key(&self) -> HintOrder {
        (self.rating, self.complexity, self.sort_key)
    }

    /// Whether this hint sorts strictly before `other`.
    pub fn before(&self, other: &Hint) -> bool {
        self.key() < other.key()
    }

    /// The step it makes.
    pub fn step(&self) -> super::step::Step {
        let mut step = match self.placement {
            Some((cell, d)) => super::step::Step::place(self.technique, self.rating, cell, d),
            None => super::step::Step::eliminate(self.technique, self.rating, self.eliminations),
        };
        step.eliminations = self.eliminations;
        step.chain = Some(Box::new(Chain {
            branches: self
                .dag
                .targets
                .iter()
                .map(|&t| self.dag.arena.text(t))
                .collect(),
        }));
        step
    }
}

/// Sorts hints as SE does (stable, by rating, length, kind) and keeps the first of those that
/// remove the same candidates.
pub fn sort_and_dedup(mut hints: Vec<Hint>) -> Vec<Hint> {
    hints.sort_by(|a, b| {
        a.key()
            .partial_cmp(&b.key())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut out: Vec<Hint> = Vec::with_capacity(hints.len());
    for h in hints {
        if !out.iter().any(|o| o.eliminations == h.eliminations) {
            out.push(h);
        }
    }
    out
}

/// The first hint of a list in SE's order (the step a rung gives).
pub fn best(hints: Vec<Hint>) -> Option<Hint> {
    let mut best: Option<Hint> = None;
    for h in hints {
        if best.as_ref().is_none_or(|b| h.before(b)) {
            best = Some(h);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn potentials_round_trip() {
        for cell in [0, 40, 80] {
            for d in 1..=9 {
                for on in [false, true] {
                    let p = pot(cell, d, on);
                    assert!((p as usize) < POTS);
                    assert_eq!((cell_of(p), digit_of(p), is_on(p)), (cell, d, on));
                    assert_eq!(conjugate(conjugate(p)), p);
                }
            }
        }
    }

    #[test]
    fn length_bonus_steps_at_4_6_8_12_16_24() {
        // Complexity c gives n = c - 2; 0.1 for each threshold n exceeds.
        let bonus = |c| (length_bonus(c) * 10.0).round() as u32;
        assert_eq!(
            [6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27].map(bonus),
            [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
        );
        // The floating-point sums SE's ties depend on: a forcing X-chain one step long sorts
        // before a cycle two steps long, and four steps on 6.6 make exactly 7.0.
        assert!(6.6 + length_bonus(7) < 6.5 + length_bonus(9));
        assert_eq!(6.6 + length_bonus(15), 7.0);
    }
}
