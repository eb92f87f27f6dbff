//! What a static run could meet: for every potential of a board, the potentials its links lead
//! to, at any distance. A static run (the multiple forcing chains, 8.0) from an assumption
//! follows those links breadth first until nothing is new or it meets a contradiction, so what
//! it meets is among what the assumption reaches. Cell and region forcing chains conclude what
//! every branch's run meets: where the branches reach nothing in common, there is nothing to
//! conclude, and their runs need not be made. On the standard hard sets that is about 99 chains
//! in 100.
//!
//! The sets are made for all potentials at once, in one pass: Tarjan's strongly connected
//! components of the link graph come out each after every component it leads to, so a
//! component's set is its members and the sets of the components its links lead to.

use super::links::{link_pot, Link, Links};
use super::{Pot, POTS};

const NONE: u16 = u16::MAX;

/// The potentials each candidate potential of a board reaches by links (itself included).
///
/// Most "off" potentials lead nowhere (their cell and houses hold more than two places): such
/// a potential is a component of its own that reaches only itself, and has no set; a set that
/// takes it in sets its bit.
#[derive(Default)]
pub struct Reach {
    /// By potential, its place among the board's candidate potentials (read only for them).
    slot: Vec<u16>,
    /// Words of a set (one bit per candidate potential).
    words: usize,
    /// The sets of the components that lead somewhere (`words` words each).
    sets: Vec<u64>,
    /// By component: its set's place in `sets`, or `NONE` for a potential that leads nowhere.
    set_of: Vec<u16>,
    /// By slot, its component.
    component: Vec<u16>,
    /// By component, its members.
    sizes: Vec<u16>,
    /// The depth-first walk's state, kept for the next board: by slot, the order it was met
    /// in, the lowest order it leads back to, whether it is on `stack`; the path walked, each
    /// with the next of its links to follow.
    order: Vec<u16>,
    low: Vec<u16>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    frames: Vec<(u16, (u32, u32))>,
}

impl Reach {
    /// The sets of `links`' board, by both rules.
    pub fn build(&mut self, links: &Links) {
        self.build_by(links.pots(), links.next(), |p| {
            let (cell_at, _, end_at) = links.bounds(p);
            (cell_at, end_at)
        });
    }

    /// The components of the potentials `pots`, each leading by the links `next[range(p)]` (to
    /// potentials among `pots`), and what each reaches.
    pub fn build_by(&mut self, pots: &[Pot], next: &[Link], range: impl Fn(Pot) -> (u32, u32)) {
        let links_of = |p: Pot| {
            let (at, end) = range(p);
            &next[at as usize..end as usize]
        };
        let n = pots.len();
        if self.slot.len() != POTS {
            self.slot.resize(POTS, NONE);
        }
        for (i, &p) in pots.iter().enumerate() {
            self.slot[p as usize] = i as u16;
        }
        self.words = n.div_ceil(64).max(1);
        self.sets.clear();
        self.set_of.clear();
        self.component.clear();
        self.component.resize(n, NONE);
        self.sizes.clear();
        self.order.clear();
        self.order.resize(n, NONE);
        self.low.clear();
        self.low.resize(n, 0);
        self.on_stack.clear();
        self.on_stack.resize(n, false);
        self.stack.clear();
        self.frames.clear();
        // A potential that leads nowhere is a component of its own, made before the walk
        // (which then passes it by as met and not on the stack).
        let mut next_order = 0u16;
        for (i, &p) in pots.iter().enumerate() {
            if links_of(p).is_empty() {
                self.order[i] = next_order;
                next_order += 1;
                self.component[i] = self.sizes.len() as u16;
                self.sizes.push(1);
                self.set_of.push(NONE);
            }
        }
        // Tarjan's algorithm without recursion.
        for root in 0..n as u16 {
            if self.order[root as usize] != NONE {
                continue;
            }
            self.frames.push((root, range(pots[root as usize])));
            self.order[root as usize] = next_order;
            self.low[root as usize] = next_order;
            next_order += 1;
            self.stack.push(root);
            self.on_stack[root as usize] = true;
            while let Some(frame) = self.frames.last_mut() {
                let (v, (at, end)) = *frame;
                if at < end {
                    frame.1 .0 += 1;
                    let w = self.slot[link_pot(next[at as usize]) as usize] as usize;
                    if self.order[w] == NONE {
                        self.order[w] = next_order;
                        self.low[w] = next_order;
                        next_order += 1;
                        self.stack.push(w as u16);
                        self.on_stack[w] = true;
                        self.frames.push((w as u16, range(pots[w])));
                    } else if self.on_stack[w] {
                        self.low[v as usize] = self.low[v as usize].min(self.order[w]);
                    }
                    continue;
                }
                self.frames.pop();
                if let Some(&(parent, _)) = self.frames.last() {
                    self.low[parent as usize] = self.low[parent as usize].min(self.low[v as usize]);
                }
                if self.low[v as usize] == self.order[v as usize] {
                    self.close_component(v, pots, &links_of);
                }
            }
        }
    }

    /// Pops the component rooted at `v` off the stack and makes its set: its members, and the
    /// sets of the components its links lead to (all made already).
    fn close_component<'a>(&mut self, v: u16, pots: &[Pot], links_of: &impl Fn(Pot) -> &'a [Link]) {
        let id = self.sizes.len() as u16;
        let start = self
            .stack
            .iter()
            .rposition(|&x| x == v)
            .expect("the root is on the stack");
        let members = &self.stack[start..];
        self.sizes.push(members.len() as u16);
        for &x in members {
            self.on_stack[x as usize] = false;
            self.component[x as usize] = id;
        }
        let base = self.sets.len();
        self.set_of.push((base / self.words) as u16);
        self.sets.resize(base + self.words, 0);
        for &x in &self.stack[start..] {
            self.sets[base + x as usize / 64] |= 1 << (x % 64);
            for &l in links_of(pots[x as usize]) {
                let w = self.slot[link_pot(l) as usize];
                let c = self.component[w as usize];
                if c == id {
                    continue;
                }
                match self.set_of[c as usize] {
                    NONE => self.sets[base + w as usize / 64] |= 1 << (w % 64),
                    from => {
                        let from = from as usize * self.words;
                        for k in 0..self.words {
                            self.sets[base + k] |= self.sets[from + k];
                        }
                    }
                }
            }
        }
        self.stack.truncate(start);
    }

    /// Word `k` of the set of what candidate `p` reaches.
    #[inline]
    fn word(&self, p: Pot, k: usize) -> u64 {
        let slot = self.slot[p as usize];
        match self.set_of[self.component[slot as usize] as usize] {
            NONE if k == slot as usize / 64 => 1 << (slot % 64),
            NONE => 0,
            at => self.sets[at as usize * self.words + k],
        }
    }

    /// Whether the potentials `starts` (candidates of the board) all reach some potential.
    pub fn meet(&self, starts: &[Pot]) -> bool {
        (0..self.words).any(|k| starts.iter().fold(u64::MAX, |m, &p| m & self.word(p, k)) != 0)
    }

    /// How many potentials lie on closed walks with `p` (its component), itself included.
    pub fn circle(&self, p: Pot) -> usize {
        self.sizes[self.component[self.slot[p as usize] as usize] as usize] as usize
    }

    /// How many potentials `p` (a candidate of the board) reaches, itself included.
    pub fn size(&self, p: Pot) -> usize {
        (0..self.words)
            .map(|k| self.word(p, k).count_ones() as usize)
            .sum()
    }

    /// Whether `from` reaches `to` (both candidates of the board).
    pub fn reaches(&self, from: Pot, to: Pot) -> bool {
        let t = self.slot[to as usize] as usize;
        self.word(from, t / 64) & (1 << (t % 64)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board::{digits_of, Board};
    use crate::logic::chains::pot;
    use crate::parse::parse_str;

    /// The potentials `start` reaches, by a plain walk of the links.
    fn walk(links: &Links, start: Pot) -> Vec<Pot> {
        let mut seen = vec![false; POTS];
        let mut todo = vec![start];
        seen[start as usize] = true;
        while let Some(p) = todo.pop() {
            for &l in links.both(p) {
                let q = link_pot(l);
                if !seen[q as usize] {
                    seen[q as usize] = true;
                    todo.push(q);
                }
            }
        }
        (0..POTS as Pot).filter(|&p| seen[p as usize]).collect()
    }

    #[test]
    fn the_sets_are_what_a_walk_of_the_links_reaches() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/puzzles3_magictour_top1465-sample.txt"
        ));
        let mut checked = 0;
        for puzzle in parse_str(text).into_iter().flatten().take(5) {
            let board = Board::from_grid(&puzzle.grid);
            let mut links = Links::default();
            links.build(&board);
            let mut reach = Reach::default();
            reach.build(&links);
            for cell in 0..81 {
                for d in digits_of(board.cands(cell)) {
                    for on in [true, false] {
                        let p = pot(cell, d, on);
                        let walked = walk(&links, p);
                        for &q in links.pots() {
                            assert_eq!(reach.reaches(p, q), walked.contains(&q));
                        }
                        assert_eq!(reach.size(p), walked.len());
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000);
    }
}
