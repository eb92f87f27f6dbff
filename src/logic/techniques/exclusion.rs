//! Aligned pair exclusion (6.2) and aligned triple exclusion (7.5).
//!
//! Candidate cells (row-major) are the cells with two candidates or more that see an *excluder*:
//! a cell with 2 candidates (pair), or 2 or 3 (triple). For each combination of base cells with
//! two common excluders or more, every combination of their digits is tried: it is excluded when
//! two equal digits stand in cells that see each other, or when it would take every candidate of
//! a common excluder. A digit of a base cell that no allowed combination uses goes.
//!
//! Pairs: every two candidate cells, in increasing order of the pair. Triples: every two
//! candidate cells, then a third among the excluders of the first two that are candidate cells
//! themselves (first cell's excluders, then the second's).

use crate::logic::board::{digits_of, Board, CandidateSet, HOUSE_PEERS, PEERS};
use crate::logic::step::{Step, Technique};

/// The candidate cells and, for each, its excluders in peer order (box, row, column).
fn candidates(board: &Board, most: u32) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    for (cell, peers) in HOUSE_PEERS.iter().enumerate() {
        if board.cands(cell).count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut excluders = Vec::new();
        for &p in peers {
            let n = board.cands(p as usize).count_ones();
            if n == 1 {
                single = true;
            } else if n >= 2 && n <= most {
                excluders.push(p as usize);
            }
        }
        if !single && !excluders.is_empty() {
            out.push((cell, excluders));
        }
    }
    out
}

/// The digits of the base cells that no allowed combination uses.
fn excluded(board: &Board, cells: &[usize], common: &[usize]) -> CandidateSet {
    let masks: Vec<u16> = cells.iter().map(|&c| board.cands(c)).collect();
    let excluder_masks: Vec<u16> = common.iter().map(|&c| board.cands(c)).collect();
    let mut used = vec![0u16; cells.len()];
    let mut choice = vec![0u8; cells.len()];
    fn walk(
        k: usize,
        cells: &[usize],
        masks: &[u16],
        excluders: &[u16],
        choice: &mut [u8],
        used: &mut [u16],
    ) {
        if k == cells.len() {
            let taken = choice
                .iter()
                .fold(0u16, |a, &d| a | crate::logic::board::bit(d));
            if excluders.iter().any(|&m| m & !taken == 0) {
                return;
            }
            for (i, &d) in choice.iter().enumerate() {
                used[i] |= crate::logic::board::bit(d);
            }
            return;
        }
        for d in digits_of(masks[k]) {
            let clash = (0..k).any(|j| choice[j] == d && PEERS[cells[j]] & (1 << cells[k]) != 0);
            if clash {
                continue;
            }
            choice[k] = d;
            walk(k + 1, cells, masks, excluders, choice, used);
        }
    }
    walk(0, cells, &masks, &excluder_masks, &mut choice, &mut used);
    let mut e = CandidateSet::EMPTY;
    for (i, &c) in cells.iter().enumerate() {
        for d in digits_of(masks[i] & !used[i]) {
            e.add(c, d);
        }
    }
    e
}

fn step(
    board: &Board,
    technique: Technique,
    rating: f64,
    cells: &[usize],
    e: CandidateSet,
) -> Step {
    let mut pattern = CandidateSet::EMPTY;
    for &c in cells {
        for d in digits_of(board.cands(c)) {
            pattern.add(c, d);
        }
    }
    Step::eliminate(technique, rating, e).with_pattern(pattern)
}

/// The pairs `i0 < i1` of `0..n` in the order Sudoku Explainer enumerates them (that of
/// [`combinations`](crate::logic::board::combinations), which stops at 32 elements: the cells
/// here can be many more).
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|i1| (0..i1).map(move |i0| (i0, i1)))
}

/// Aligned pair exclusion: 6.2.
pub fn aligned_pair(board: &Board) -> Option<Step> {
    let list = candidates(board, 2);
    if list.len() < 2 {
        return None;
    }
    for (i0, i1) in pairs(list.len()) {
        let (c0, ex0) = &list[i0];
        let (c1, ex1) = &list[i1];
        let common: Vec<usize> = ex0.iter().copied().filter(|c| ex1.contains(c)).collect();
        if common.len() < 2 {
            continue;
        }
        let cells = [*c0, *c1];
        let e = excluded(board, &cells, &common);
        if !e.is_empty() {
            return Some(step(board, Technique::AlignedPairExclusion, 6.2, &cells, e));
        }
    }
    None
}

/// Aligned triple exclusion: 7.5.
pub fn aligned_triple(board: &Board) -> Option<Step> {
    let list = candidates(board, 3);
    if list.len() < 3 {
        return None;
    }
    let index_of = |cell: usize| list.iter().position(|(c, _)| *c == cell);
    for (i0, i1) in pairs(list.len()) {
        let (c0, ex0) = &list[i0];
        let (c1, ex1) = &list[i1];
        let mut twins: Vec<usize> = Vec::new();
        for &c in ex0.iter().chain(ex1.iter()) {
            if c != *c0 && c != *c1 && !twins.contains(&c) && index_of(c).is_some() {
                twins.push(c);
            }
        }
        for &c2 in &twins {
            let ex2 = &list[index_of(c2).expect("a candidate cell")].1;
            let common: Vec<usize> = ex0
                .iter()
                .copied()
                .filter(|c| ex1.contains(c) && ex2.contains(c))
                .collect();
            if common.len() < 2 {
                continue;
            }
            let cells = [*c0, *c1, c2];
            let e = excluded(board, &cells, &common);
            if !e.is_empty() {
                return Some(step(
                    board,
                    Technique::AlignedTripleExclusion,
                    7.5,
                    &cells,
                    e,
                ));
            }
        }
    }
    None
}
