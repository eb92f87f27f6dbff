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
#[derive(Default)]
pub struct Reach {
    /// By potential, its place among the board's candidate potentials (`NONE` for others).
    slot: Vec<u16>,
    /// Words of a set (one bit per candidate potential).
    words: usize,
    /// By component, its set (`words` words each).
    sets: Vec<u64>,
    /// By slot, its component.
    component: Vec<u16>,
    /// By component, its members.
    sizes: Vec<u16>,
}

impl Reach {
    /// The sets of `links`' board, by both rules.
    pub fn build(&mut self, links: &Links) {
        self.build_by(links.pots(), |p| links.both(p));
    }

    /// The sets of the potentials `pots`, each leading where `links_of` says (to potentials
    /// among `pots`).
    pub fn build_by<'a>(&mut self, pots: &[Pot], links_of: impl Fn(Pot) -> &'a [Link]) {
        let n = pots.len();
        self.slot.clear();
        self.slot.resize(POTS, NONE);
        for (i, &p) in pots.iter().enumerate() {
            self.slot[p as usize] = i as u16;
        }
        self.words = n.div_ceil(64).max(1);
        self.sets.clear();
        self.component.clear();
        self.component.resize(n, NONE);
        self.sizes.clear();
        // Tarjan's algorithm without recursion: `frames` holds the path of the depth-first walk,
        // each node with the next of its links to follow.
        let mut order = vec![NONE; n];
        let mut low = vec![0u16; n];
        let mut stack: Vec<u16> = Vec::new();
        let mut on_stack = vec![false; n];
        let mut frames: Vec<(u16, usize)> = Vec::new();
        let mut next_order = 0u16;
        let successors = |v: u16| links_of(pots[v as usize]);
        for root in 0..n as u16 {
            if order[root as usize] != NONE {
                continue;
            }
            frames.push((root, 0));
            order[root as usize] = next_order;
            low[root as usize] = next_order;
            next_order += 1;
            stack.push(root);
            on_stack[root as usize] = true;
            while let Some(&mut (v, ref mut at)) = frames.last_mut() {
                let out = successors(v);
                if let Some(&l) = out.get(*at) {
                    *at += 1;
                    let w = self.slot[link_pot(l) as usize];
                    if order[w as usize] == NONE {
                        order[w as usize] = next_order;
                        low[w as usize] = next_order;
                        next_order += 1;
                        stack.push(w);
                        on_stack[w as usize] = true;
                        frames.push((w, 0));
                    } else if on_stack[w as usize] {
                        low[v as usize] = low[v as usize].min(order[w as usize]);
                    }
                    continue;
                }
                frames.pop();
                if let Some(&(parent, _)) = frames.last() {
                    low[parent as usize] = low[parent as usize].min(low[v as usize]);
                }
                if low[v as usize] == order[v as usize] {
                    self.close_component(v, &mut stack, &mut on_stack, pots, &links_of);
                }
            }
        }
    }

    /// Pops the component rooted at `v` off `stack` and makes its set: its members, and the
    /// sets of the components its links lead to (all made already).
    fn close_component<'a>(
        &mut self,
        v: u16,
        stack: &mut Vec<u16>,
        on_stack: &mut [bool],
        pots: &[Pot],
        links_of: &impl Fn(Pot) -> &'a [Link],
    ) {
        let id = (self.sets.len() / self.words) as u16;
        let base = self.sets.len();
        self.sets.resize(base + self.words, 0);
        let start = stack
            .iter()
            .rposition(|&x| x == v)
            .expect("the root is on the stack");
        for &x in &stack[start..] {
            on_stack[x as usize] = false;
            self.component[x as usize] = id;
            self.sets[base + x as usize / 64] |= 1 << (x % 64);
        }
        for &x in &stack[start..] {
            for &l in links_of(pots[x as usize]) {
                let w = self.slot[link_pot(l) as usize];
                let c = self.component[w as usize];
                if c != id {
                    let from = c as usize * self.words;
                    for k in 0..self.words {
                        self.sets[base + k] |= self.sets[from + k];
                    }
                }
            }
        }
        self.sizes.push((stack.len() - start) as u16);
        stack.truncate(start);
    }

    /// Whether the potentials `starts` (candidates of the board) all reach some potential.
    pub fn meet(&self, starts: &[Pot]) -> bool {
        let set = |p: Pot| {
            let c = self.component[self.slot[p as usize] as usize] as usize;
            &self.sets[c * self.words..(c + 1) * self.words]
        };
        let first = set(starts[0]);
        (0..self.words).any(|k| starts[1..].iter().fold(first[k], |m, &p| m & set(p)[k]) != 0)
    }

    /// How many potentials lie on closed walks with `p` (its component), itself included.
    pub fn circle(&self, p: Pot) -> usize {
        self.sizes[self.component[self.slot[p as usize] as usize] as usize] as usize
    }

    /// Whether `from` reaches `to` (both candidates of the board).
    pub fn reaches(&self, from: Pot, to: Pot) -> bool {
        let c = self.component[self.slot[from as usize] as usize] as usize;
        let t = self.slot[to as usize] as usize;
        self.sets[c * self.words + t / 64] & (1 << (t % 64)) != 0
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
        let text = include_str!("../../../tests/data/puzzles3_magictour_top1465-sample.txt");
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
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000);
    }
}
