//! Aligned pair exclusion and aligned triple exclusion.
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

use crate::logic::board::BitCount;
use crate::logic::board::{
    bit, cells_of, digits_of, Board, CandidateSet, CellSet, HOUSE_PEERS, PEERS,
};
use crate::logic::scope::Scope;
use crate::logic::step::{Step, Technique};

/// A candidate cell: the cell and its excluders.
struct Base {
    cell: usize,
    excluders: CellSet,
}

/// `PEER_RANK[c][p]`: the place of `p` among `c`'s peers in Sudoku Explainer's order (box, row,
/// column: [`HOUSE_PEERS`]), 255 for a cell that is not a peer.
static PEER_RANK: [[u8; 81]; 81] = {
    let mut t = [[u8::MAX; 81]; 81];
    let mut c = 0;
    while c < 81 {
        let mut i = 0;
        while i < 20 {
            t[c][HOUSE_PEERS[c][i] as usize] = i as u8;
            i += 1;
        }
        c += 1;
    }
    t
};

/// The candidate cells, row-major, and for each cell its index in that list.
fn candidates(board: &Board, most: u32) -> (Vec<Base>, [u8; 81]) {
    // The cells with one candidate, and those that can exclude (2 to `most` candidates).
    let (mut single, mut can) = (0 as CellSet, 0 as CellSet);
    for cell in 0..81 {
        let n = board.cands(cell).count_ones();
        if n == 1 {
            single |= 1 << cell;
        } else if n >= 2 && n <= most {
            can |= 1 << cell;
        }
    }
    let mut out = Vec::new();
    let mut index = [u8::MAX; 81];
    for cell in 0..81 {
        if board.cands(cell).under_two() || PEERS[cell] & single != 0 {
            continue;
        }
        let excluders = PEERS[cell] & can;
        if excluders == 0 {
            continue;
        }
        index[cell] = out.len() as u8;
        out.push(Base { cell, excluders });
    }
    (out, index)
}

/// The digits of the base cells that no allowed combination uses: a combination is out when
/// two equal digits stand in cells that see each other, or when it takes every candidate of a
/// common excluder.
fn excluded(board: &Board, cells: &[usize], common: CellSet) -> CandidateSet {
    // The common excluders are peers of the first cell: 20 at most.
    let mut excluders = [0u16; 20];
    let mut n = 0;
    for (slot, c) in excluders.iter_mut().zip(cells_of(common)) {
        *slot = board.cands(c);
        n += 1;
    }
    let excluders = &excluders[..n];
    let masks: [u16; 3] = std::array::from_fn(|i| cells.get(i).map_or(0, |&c| board.cands(c)));
    let sees = |i: usize, j: usize| PEERS[cells[i]] & (1 << cells[j]) != 0;
    let mut used = [0u16; 3];
    if cells.len() == 2 {
        // Pairs, whose excluders have exactly two candidates: a combination is out when its two
        // digits are an excluder's two, so for each digit the other cell's digits that pair
        // with it are known at once.
        debug_assert!(excluders.iter().all(|m| m.is_two()));
        let mut partners = [0u16; 9];
        for &m in excluders {
            let (a, b) = (m.trailing_zeros() as usize, 15 - m.leading_zeros() as usize);
            partners[a] |= 1 << b;
            partners[b] |= 1 << a;
        }
        for d0 in digits_of(masks[0]) {
            let mut with = masks[1] & !partners[d0 as usize - 1];
            if sees(0, 1) {
                with &= !bit(d0);
            }
            if with != 0 {
                used[0] |= bit(d0);
                used[1] |= with;
            }
        }
        return unused(cells, &masks, &used);
    }
    // Triples, whose excluders have two or three candidates. A combination is out when it
    // holds all of an excluder's digits: given the first two digits, an excluder with two
    // candidates forbids the third digit its other one (or the pair already holds both), and
    // one with three forbids its third when the pair holds the other two. So, by digit, the
    // other digits of the two-candidate excluders that hold it, and by pair of digits, the
    // third digits of the three-candidate ones.
    let mut with = [0u16; 9];
    let mut third = [[0u16; 9]; 9];
    for &m in excluders {
        if m.is_two() {
            let (a, b) = (m.trailing_zeros() as usize, 15 - m.leading_zeros() as usize);
            with[a] |= 1 << b;
            with[b] |= 1 << a;
        } else {
            debug_assert!(m.count_ones() == 3);
            let low = m.trailing_zeros() as usize;
            let high = 15 - m.leading_zeros() as usize;
            let mid = (m & !(1 << low | 1 << high)).trailing_zeros() as usize;
            for (x, y, z) in [(low, mid, high), (low, high, mid), (mid, high, low)] {
                third[x][y] |= 1 << z;
                third[y][x] |= 1 << z;
            }
        }
    }
    let (s01, s02, s12) = (sees(0, 1), sees(0, 2), sees(1, 2));
    for d0 in digits_of(masks[0]) {
        let i0 = d0 as usize - 1;
        for d1 in digits_of(masks[1]) {
            let i1 = d1 as usize - 1;
            if d0 == d1 && s01 || with[i0] & (1 << i1) != 0 {
                // Equal digits that see each other, or the two digits of an excluder.
                continue;
            }
            let mut forbidden = with[i0] | with[i1] | third[i0][i1];
            if s02 {
                forbidden |= bit(d0);
            }
            if s12 {
                forbidden |= bit(d1);
            }
            let third = masks[2] & !forbidden;
            if third != 0 {
                used[0] |= bit(d0);
                used[1] |= bit(d1);
                used[2] |= third;
            }
        }
    }
    unused(cells, &masks, &used)
}

/// The digits of the base cells that no allowed combination used.
fn unused(cells: &[usize], masks: &[u16; 3], used: &[u16; 3]) -> CandidateSet {
    let mut e = CandidateSet::EMPTY;
    for (i, &c) in cells.iter().enumerate() {
        e.add_digits(c, masks[i] & !used[i]);
    }
    e
}

fn step(board: &Board, technique: Technique, cells: &[usize], e: CandidateSet) -> Step {
    let mut pattern = CandidateSet::EMPTY;
    for &c in cells {
        pattern.add_digits(c, board.cands(c));
    }
    Step::eliminate(technique, technique.base_rating(), e).with_pattern(pattern)
}

/// The pairs `i0 < i1` of `0..n` in the order Sudoku Explainer enumerates them (that of
/// [`combinations`](crate::logic::board::combinations), which stops at 32 elements: the cells
/// here can be many more).
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|i1| (0..i1).map(move |i0| (i0, i1)))
}

/// Aligned pair exclusion. Only pairs with a cell in `scope` among the two and the cells
/// that see both are tried (what a pair excludes depends on those cells alone).
pub fn aligned_pair(board: &Board, scope: &Scope) -> Option<Step> {
    let (list, _) = candidates(board, 2);
    for (i0, i1) in pairs(list.len()) {
        let (b0, b1) = (&list[i0], &list[i1]);
        let common = b0.excluders & b1.excluders;
        if common.under_two() {
            continue;
        }
        if !scope.any(1 << b0.cell | 1 << b1.cell | PEERS[b0.cell] & PEERS[b1.cell]) {
            continue;
        }
        let cells = [b0.cell, b1.cell];
        let e = excluded(board, &cells, common);
        if !e.is_empty() {
            return Some(step(board, Technique::AlignedPairExclusion, &cells, e));
        }
    }
    None
}

/// Aligned triple exclusion. Only triples with a cell in `scope` among the three and the
/// cells that see all three are tried (what a triple excludes depends on those cells alone).
pub fn aligned_triple(board: &Board, scope: &Scope) -> Option<Step> {
    let (list, index) = candidates(board, 3);
    // The same three cells come up again through their other pairs; what they exclude does not
    // depend on the order, so a triple that excluded nothing is not tried again.
    SEEN.with(|seen| {
        let mut seen = seen.borrow_mut();
        let found = triples(board, &list, &index, scope, &mut seen);
        seen.clear();
        found
    })
}

/// Triples of cells already tried, as bits of `81 * 81 * c0 + 81 * c1 + c2` (cells in
/// increasing order), cleared word by word after each search.
#[derive(Default)]
struct Seen {
    bits: Vec<u64>,
    touched: Vec<u32>,
}

impl Seen {
    /// Marks the triple; false if it was marked already.
    fn first(&mut self, mut cells: [usize; 3]) -> bool {
        cells.sort_unstable();
        let key = (cells[0] * 81 + cells[1]) * 81 + cells[2];
        if self.bits.is_empty() {
            self.bits = vec![0; (81 * 81 * 81usize).div_ceil(64)];
        }
        let (word, bit) = (key / 64, 1u64 << (key % 64));
        if self.bits[word] & bit != 0 {
            return false;
        }
        if self.bits[word] == 0 {
            self.touched.push(word as u32);
        }
        self.bits[word] |= bit;
        true
    }

    fn clear(&mut self) {
        for &w in &self.touched {
            self.bits[w as usize] = 0;
        }
        self.touched.clear();
    }
}

thread_local! {
    static SEEN: std::cell::RefCell<Seen> = std::cell::RefCell::new(Seen::default());
}

fn triples(
    board: &Board,
    list: &[Base],
    index: &[u8; 81],
    scope: &Scope,
    seen: &mut Seen,
) -> Option<Step> {
    let bases: CellSet = list.iter().fold(0, |m, b| m | 1 << b.cell);
    let mut twins: Vec<u8> = Vec::new();
    for (i0, i1) in pairs(list.len()) {
        let (b0, b1) = (&list[i0], &list[i1]);
        let common01 = b0.excluders & b1.excluders;
        if common01.under_two() {
            // A third cell only narrows the common excluders.
            continue;
        }
        let pair = 1 << b0.cell | 1 << b1.cell;
        // The third cells: excluders of the first two that are candidate cells. When nothing
        // changed among the first two and the cells that see both, a triple's part of the scope
        // can only be its third cell (the cells that see all three see both).
        let mut thirds = (b0.excluders | b1.excluders) & bases & !pair;
        if !scope.any(pair | PEERS[b0.cell] & PEERS[b1.cell]) {
            thirds &= scope.cells();
        }
        if thirds == 0 {
            continue;
        }
        // In SE's order: the first cell's excluders in its peer order, then the second's.
        twins.clear();
        let by_rank = |twins: &mut Vec<u8>, of: usize, cells: CellSet| {
            let from = twins.len();
            twins.extend(cells_of(cells).map(|c| c as u8));
            twins[from..].sort_unstable_by_key(|&c| PEER_RANK[of][c as usize]);
        };
        by_rank(&mut twins, b0.cell, thirds & b0.excluders);
        by_rank(&mut twins, b1.cell, thirds & !b0.excluders);
        for &c2 in &twins {
            let b2 = &list[index[c2 as usize] as usize];
            let common = common01 & b2.excluders;
            if common.under_two() {
                continue;
            }
            let cells = [b0.cell, b1.cell, b2.cell];
            let region = 1 << b0.cell
                | 1 << b1.cell
                | 1 << b2.cell
                | PEERS[b0.cell] & PEERS[b1.cell] & PEERS[b2.cell];
            if !scope.any(region) || !seen.first(cells) {
                continue;
            }
            let e = excluded(board, &cells, common);
            if !e.is_empty() {
                return Some(step(board, Technique::AlignedTripleExclusion, &cells, e));
            }
        }
    }
    None
}
