//! The inner rules of the nested levels: when a dynamic run at a level has nothing left to
//! deduce, pointing and claiming, hidden and naked pairs, X-Wing, then chains of the lower levels
//! look at its reduced board; what they remove is "off" too, with the candidates that had to go
//! first as its parents.

use std::rc::Rc;

use super::{hints, Chaining, Flags};
use crate::logic::board::{digits_of, Board, CandidateSet, House};
use crate::logic::chains::{
    cell_of, cycles, digit_of, is_on, pot, sort_and_dedup, Cause, Hint, Nested, NodeMap, Pot,
};
use crate::logic::scope::Scope;
use crate::logic::step::{Shape, Step};
use crate::logic::techniques::{fish, intersections, subsets};

/// A hint of an inner rule, as the nested levels use it: what it removes, and the candidates
/// that had to be gone from the board for it to exist.
struct InnerHint {
    eliminations: CandidateSet,
    shape: InnerShape,
}

enum InnerShape {
    Basic(Shape),
    Chain(Rc<Hint>),
}

impl Chaining {
    /// The "off" potentials the inner rules give on the reduced board `work` (the search started
    /// from `saved`): from the first rule that gives any, every elimination of every hint that
    /// needed candidates gone, each a node with those candidates' "off" nodes as parents.
    pub(super) fn advanced(&mut self, work: &Board, saved: &Board, offs: &NodeMap) -> Vec<u32> {
        let level = self.flags.level;
        let mut rules: Vec<Inner> = vec![
            Inner::Locking,
            Inner::HiddenPair,
            Inner::NakedPair,
            Inner::XWing,
        ];
        if level < 4 {
            if level >= 2 {
                rules.push(Inner::Chains);
            }
            if level >= 3 {
                rules.push(Inner::Forcing(Flags::MULTIPLE));
            }
        } else {
            rules.push(Inner::Forcing(Flags::dynamic(0)));
            if level >= 5 {
                rules.push(Inner::Forcing(Flags::dynamic(level - 3)));
            }
        }
        let mut out = Vec::new();
        for rule in rules {
            for hint in inner_hints(rule, work) {
                let parents: Vec<u32> = rule_parents(&hint, saved, work)
                    .into_iter()
                    .filter_map(|p| offs.get(p))
                    .collect();
                if parents.is_empty() {
                    continue;
                }
                let nested = match &hint.shape {
                    InnerShape::Chain(h) => Some(Rc::new(Nested {
                        key: h.dag.key(),
                        complexity: h.complexity,
                    })),
                    InnerShape::Basic(_) => None,
                };
                for (c, d) in hint.eliminations.iter() {
                    let n = self.arena.add(pot(c, d, false), &parents, Cause::Advanced);
                    self.arena.get_mut(n).nested = nested.clone();
                    out.push(n);
                }
            }
            if !out.is_empty() {
                break;
            }
        }
        out
    }
}

#[derive(Clone, Copy)]
enum Inner {
    Locking,
    HiddenPair,
    NakedPair,
    XWing,
    Chains,
    Forcing(Flags),
}

/// Every hint of an inner rule on `board`, in the order the rule gives them.
fn inner_hints(rule: Inner, board: &Board) -> Vec<InnerHint> {
    let mut out = Vec::new();
    let mut basic = |step: Step| {
        out.push(InnerHint {
            eliminations: step.eliminations,
            shape: InnerShape::Basic(step.shape),
        });
        true
    };
    match rule {
        Inner::Locking => intersections::each_locking(board, false, &Scope::ALL, &mut basic),
        Inner::HiddenPair => subsets::each_hidden_set(board, 2, false, &Scope::ALL, &mut basic),
        Inner::NakedPair => subsets::each_naked_set(board, 2, &Scope::ALL, &mut basic),
        Inner::XWing => fish::each_fish(board, 2, &Scope::ALL, &mut basic),
        Inner::Chains | Inner::Forcing(_) => {
            let hints = match rule {
                Inner::Chains => cycles::hints(board),
                Inner::Forcing(flags) => hints(board, flags),
                _ => unreachable!("chains only"),
            };
            for h in sort_and_dedup(hints) {
                out.push(InnerHint {
                    eliminations: h.eliminations,
                    shape: InnerShape::Chain(Rc::new(h)),
                });
            }
        }
    }
    out
}

/// The candidates that had to be gone from `saved` (they are gone from `work`) for an inner
/// hint to exist, as "off" potentials.
fn rule_parents(hint: &InnerHint, saved: &Board, work: &Board) -> Vec<Pot> {
    let mut out: Vec<Pot> = Vec::new();
    let mut add = |p: Pot| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    match &hint.shape {
        InnerShape::Basic(Shape::Lines { digit, base, cover }) => {
            for c in crate::logic::board::cells_of(*base & !*cover) {
                if saved.has(c, *digit) && !work.has(c, *digit) {
                    add(pot(c, *digit, false));
                }
            }
        }
        InnerShape::Basic(Shape::HiddenSet { house, digits }) => {
            let mut spots = 0u128;
            for d in digits_of(*digits) {
                spots |= work.places(d) & house.bits();
            }
            for &c in house.cells() {
                let c = c as usize;
                if spots & (1 << c) == 0 {
                    for d in digits_of(*digits) {
                        if saved.has(c, d) {
                            add(pot(c, d, false));
                        }
                    }
                }
            }
        }
        InnerShape::Basic(Shape::NakedSet { cells, digits }) => {
            for c in crate::logic::board::cells_of(*cells) {
                for d in digits_of(saved.cands(c) & !*digits) {
                    add(pot(c, d, false));
                }
            }
        }
        InnerShape::Basic(Shape::Other) => {}
        InnerShape::Chain(h) => {
            let arena = &h.dag.arena;
            for &t in &h.dag.targets {
                for n in arena.behind(t) {
                    let node = arena.get(n);
                    if !is_on(node.pot) {
                        continue;
                    }
                    let cause = match node.cause {
                        Cause::Assumption => h.assumption,
                        other => Some(other),
                    };
                    let (c, d) = (cell_of(node.pot), digit_of(node.pot));
                    match cause {
                        Some(Cause::Cell) => {
                            for e in digits_of(saved.cands(c) & !work.cands(c)) {
                                add(pot(c, e, false));
                            }
                        }
                        Some(Cause::House(kind)) => {
                            let house = House::of(kind, c);
                            for &x in house.cells() {
                                let x = x as usize;
                                if saved.has(x, d) && !work.has(x, d) {
                                    add(pot(x, d, false));
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    out
}
