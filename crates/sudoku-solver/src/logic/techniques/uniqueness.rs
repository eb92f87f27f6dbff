//! Uniqueness: unique rectangles and loops (types 1 to 4), and the BUG (bivalue universal grave,
//! types 1 to 4). Both assume the puzzle has exactly one solution.
//!
//! Loops: from each cell with two candidates `{v1, v2}` (row-major), a depth-first search walks
//! through houses (box, row, column, never twice in a row the kind it came by) to cells holding
//! both digits; at most two cells with more digits may join, or more when every extra digit is
//! one and the same. A closed path of 4 cells or more is a loop when its cells, taken alternately,
//! fill the same houses twice. All loops found give their hints, and the easiest (rating, then
//! type, then the order found) is the one taken: a rectangle is 4.5, a loop of 6 cells 4.6, of 8
//! 4.7, of 10 or more 5.0; type 3 adds 0.1 per digit of its naked set beyond one (or per hidden
//! cell beyond one).
//!
//! The walk goes only where a valid loop can: into cells that survive [`loop_cells`]'s prune,
//! and never into a cell sharing a house with a cell of its own side (taken alternately). It
//! still gathers the extra digits of every cell it meets, so it finds the same loops, in the
//! same order, as the walk through every cell holding both digits, and no invalid one.
//!
//! As in Sudoku Explainer 1.2.1, the extra digits of the search are gathered over all the cells
//! one call looks at (siblings included), and type 3 looks for sets from the number of extra
//! digits up: both change which loops are found, so both are kept.

use crate::logic::board::BitCount;
use crate::logic::board::{
    combinations, digits_of, house_bits, Board, CandidateSet, House, HouseKind, HOUSE_PEERS, PEERS,
};
use crate::logic::step::{Step, Technique};

/// The house kinds in the order loops and the BUG look at them.
const KINDS: [HouseKind; 3] = [HouseKind::Box, HouseKind::Row, HouseKind::Column];

/// Combinations of `k` out of `n` as Sudoku Explainer enumerates them: as [`combinations`],
/// except that choosing none out of a non-empty set gives one empty choice.
fn choices(k: u32, n: u32) -> Box<dyn Iterator<Item = u32>> {
    if k == 0 {
        Box::new((n > 0).then_some(0).into_iter())
    } else {
        Box::new(combinations(k, n))
    }
}

/// The rating of a loop of `len` cells, by the same sequence of operations as SE: the base of
/// unique rectangles and loops, and more for a longer loop.
fn loop_rating(len: usize) -> f64 {
    let mut r = Technique::UniqueLoop(1).base_rating();
    if len >= 10 {
        r += 0.3;
    }
    if len >= 8 {
        r += 0.2;
    } else if len >= 6 {
        r += 0.1;
    }
    r
}

struct Search<'a> {
    board: &'a Board,
    v1: u8,
    v2: u8,
    start: usize,
    /// The cells holding both digits.
    both: u128,
    /// The cells a valid loop can use (see [`loop_cells`]): the walk goes on only into them.
    /// Every loop through another cell is invalid, so leaving them out loses no loop; the
    /// extra digits of the cells it meets are still gathered, as SE gathers them.
    core: u128,
    path: Vec<usize>,
    on_path: u128,
    /// The houses (as [`houses_of`] gives them) of the path's cells at even and at odd places.
    /// In a valid loop no two cells taken alternately share a house, so the walk goes on only
    /// into a cell whose houses are not yet filled from its side: every valid loop is still
    /// found, in the same order, and the extra digits are still gathered from every cell met.
    sides: [u32; 2],
    loops: Vec<Vec<usize>>,
}

/// A cell's box, row and column, as bits `9 * kind + index` (kinds in the order of [`KINDS`]).
fn houses_of(cell: usize) -> u32 {
    KINDS.iter().enumerate().fold(0, |m, (s, &kind)| {
        m | 1 << (9 * s + House::of(kind, cell).index)
    })
}

impl Search<'_> {
    fn walk(&mut self, cell: usize, allowed: i32, extra: u16, came_by: Option<HouseKind>) {
        let side = self.path.len() % 2;
        let houses = houses_of(cell);
        self.sides[side] |= houses;
        self.path.push(cell);
        self.on_path |= 1 << cell;
        // The side the next cell takes.
        let filled = self.sides[1 - side];
        let mut extra = extra;
        let pair = crate::logic::board::bit(self.v1) | crate::logic::board::bit(self.v2);
        for kind in KINDS {
            if Some(kind) == came_by {
                continue;
            }
            let house = House::of(kind, cell);
            // The house's cells in order, but only those the walk can act on: the start, and
            // the cells off the path holding both digits (the others are passed over).
            let mut open = house.bits() & (self.both & !self.on_path | 1 << self.start);
            while open != 0 {
                let next = open.trailing_zeros() as usize;
                open &= open - 1;
                if next == self.start && self.path.len() >= 4 {
                    // No two cells of one side share a house (the walk made sure), so the
                    // loop is valid when both sides fill the same houses.
                    if self.sides[0] == self.sides[1] {
                        debug_assert!(is_valid_loop(&self.path));
                        self.loops.push(self.path.clone());
                    }
                } else if next != self.start {
                    // Off the path, with both digits.
                    let cands = self.board.cands(next);
                    debug_assert!(cands & pair == pair && self.on_path & (1 << next) == 0);
                    extra |= cands & !pair;
                    let n = cands.count_ones();
                    if (n == 2 || extra.is_one() || allowed > 0)
                        && self.core & (1 << next) != 0
                        && houses_of(next) & filled == 0
                    {
                        let left = if n > 2 { allowed - 1 } else { allowed };
                        self.walk(next, left, extra, Some(kind));
                    }
                }
            }
        }
        self.path.pop();
        self.on_path &= !(1 << cell);
        self.sides[side] &= !houses;
    }
}

/// A loop's cells, taken alternately, must fill each of their houses once from each side.
fn is_valid_loop(path: &[usize]) -> bool {
    let mut seen = [0u32; 2];
    for (i, &cell) in path.iter().enumerate() {
        let houses = houses_of(cell);
        if seen[i % 2] & houses != 0 {
            return false;
        }
        seen[i % 2] |= houses;
    }
    seen[0] == seen[1]
}

/// The cells a valid loop of `v1` and `v2` can go through. Every cell of a valid loop shares
/// its box, its row and its column with another cell of the loop (the cells taken alternately
/// fill the same houses), and every cell holds both digits. So the cells holding both are
/// pruned, again and again, of any cell alone in one of its houses; a valid loop lies in what
/// is left, and a start that goes has none.
fn loop_cells(board: &Board, v1: u8, v2: u8) -> u128 {
    let mut cells = board.places(v1) & board.places(v2);
    loop {
        let mut kept = 0u128;
        for c in crate::logic::board::cells_of(cells) {
            let others = cells & !(1u128 << c);
            if KINDS.iter().all(|&kind| others & house_bits(kind, c) != 0) {
                kept |= 1 << c;
            }
        }
        if kept == cells {
            return cells;
        }
        cells = kept;
    }
}

/// A hint of a loop, and what orders it.
struct Found {
    step: Step,
    kind: u8,
}

/// The unique rectangle or loop to take, if any.
pub fn unique_loops(board: &Board) -> Option<Step> {
    let mut found: Vec<Found> = Vec::new();
    // By pair of digits, the cells its loops can use, made when first asked.
    let mut cores: [Option<u128>; 81] = [None; 81];
    // The loops whose hints are made: cells, digits (as `pair` below), first extra cell.
    let mut seen: Vec<(u128, u8, u8)> = Vec::new();
    for start in 0..81 {
        let c = board.cands(start);
        if c.not_two() {
            continue;
        }
        let mut digits = digits_of(c);
        let (v1, v2) = (digits.next().unwrap(), digits.next().unwrap());
        let pair = (v1 - 1) as usize * 9 + (v2 - 1) as usize;
        let core = *cores[pair].get_or_insert_with(|| loop_cells(board, v1, v2));
        if core & (1 << start) == 0 {
            continue;
        }
        let mut search = Search {
            board,
            v1,
            v2,
            start,
            both: board.places(v1) & board.places(v2),
            core,
            path: Vec::new(),
            sides: [0; 2],
            on_path: 0,
            loops: Vec::new(),
        };
        search.walk(start, 2, 0, None);
        for path in std::mem::take(&mut search.loops) {
            // A loop comes again from its other starts and the other way round. Its hints
            // depend on its cells, its digits and which of its cells with extra digits comes
            // first (type 3 tells the two apart; the rest do not), so a loop seen before in
            // that form gives the same hints again, and later: never the one taken.
            let cells = path.iter().fold(0u128, |m, &c| m | 1 << c);
            let first_extra = path
                .iter()
                .find(|&&c| board.cands(c).count_ones() > 2)
                .map_or(u8::MAX, |&c| c as u8);
            let key = (cells, pair as u8, first_extra);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            loop_hints(board, &path, v1, v2, &mut found);
        }
    }
    // The easiest, then the lowest type, then the first found.
    let mut best: Option<Found> = None;
    for f in found {
        let better = match &best {
            None => true,
            Some(b) => {
                f.step.rating < b.step.rating || f.step.rating == b.step.rating && f.kind < b.kind
            }
        };
        if better {
            best = Some(f);
        }
    }
    best.map(|f| f.step)
}

fn loop_hints(board: &Board, path: &[usize], v1: u8, v2: u8, found: &mut Vec<Found>) {
    let pair = crate::logic::board::bit(v1) | crate::logic::board::bit(v2);
    let extra_cells: Vec<usize> = path
        .iter()
        .copied()
        .filter(|&c| board.cands(c).count_ones() > 2)
        .collect();
    let base = loop_rating(path.len());
    let rectangle = path.len() == 4;
    let technique = |t: u8| {
        if rectangle {
            Technique::UniqueRectangle(t)
        } else {
            Technique::UniqueLoop(t)
        }
    };
    let mut pattern = CandidateSet::EMPTY;
    for &c in path {
        for d in [v1, v2] {
            pattern.add(c, d);
        }
    }
    let mut push = |t: u8, rating: f64, eliminations: CandidateSet, houses: &[House]| {
        if !eliminations.is_empty() {
            found.push(Found {
                step: Step::eliminate(technique(t), rating, eliminations)
                    .with_pattern(pattern)
                    .with_houses(houses),
                kind: t,
            });
        }
    };
    match extra_cells.len() {
        1 => {
            let mut e = CandidateSet::EMPTY;
            for d in [v1, v2] {
                e.add(extra_cells[0], d);
            }
            push(1, base, e, &[]);
        }
        2 => {
            let (c1, c2) = (extra_cells[0], extra_cells[1]);
            let extra = (board.cands(c1) | board.cands(c2)) & !pair;
            if extra.is_one() {
                push(2, base, type2(board, &extra_cells, pair), &[]);
            } else if extra.two_plus() {
                type3(board, c1, c2, v1, v2, extra, base, &mut push);
            }
            if let Some((e, house)) = type4(board, c1, c2, v1, v2) {
                push(4, base, e, &[house]);
            }
        }
        n if n > 2 => push(2, base, type2(board, &extra_cells, pair), &[]),
        _ => {}
    }
}

/// Type 2: the first extra cell's smallest extra digit leaves every cell that sees all the
/// extra cells.
fn type2(board: &Board, extra_cells: &[usize], pair: u16) -> CandidateSet {
    let first = extra_cells[0];
    let mut common = PEERS[first];
    for &c in &extra_cells[1..] {
        common &= PEERS[c];
    }
    for &c in extra_cells {
        common &= !(1u128 << c);
    }
    let z = (board.cands(first) & !pair).trailing_zeros() as u8 + 1;
    let mut e = CandidateSet::EMPTY;
    e.0[z as usize - 1] = common & board.places(z);
    e
}

#[allow(clippy::too_many_arguments)]
fn type3(
    board: &Board,
    c1: usize,
    c2: usize,
    v1: u8,
    v2: u8,
    extra: u16,
    base: f64,
    push: &mut impl FnMut(u8, f64, CandidateSet, &[House]),
) {
    let pair = crate::logic::board::bit(v1) | crate::logic::board::bit(v2);
    for degree in extra.count_ones()..=7 {
        for kind in KINDS {
            let house = House::of(kind, c1);
            if House::of(kind, c2) != house {
                continue;
            }
            let empty = board.empty_in(house);
            let cells = house.cells();
            let (i1, i2) = (house.place_of(c1), house.place_of(c2));
            if 2 * degree as usize <= empty {
                for combo in combinations(degree, 9) {
                    if combo & (1 << i1) == 0 || combo & (1 << i2) != 0 {
                        continue;
                    }
                    let mut naked = extra & board.cands(c1) & board.cands(c2);
                    let mut sets = Vec::with_capacity(degree as usize);
                    let mut others = 0u128;
                    for (i, &cell) in cells.iter().enumerate() {
                        if combo & (1 << i) == 0 {
                            continue;
                        }
                        if i == i1 {
                            sets.push(extra);
                        } else {
                            let c = board.cands(cell as usize);
                            sets.push(c);
                            naked |= c;
                            others |= 1 << cell;
                        }
                    }
                    if naked.count_ones() != degree {
                        continue;
                    }
                    let union = sets.iter().fold(0u16, |a, &s| a | s);
                    if sets.iter().any(|s| s.under_two()) || union.count_ones() != degree {
                        continue;
                    }
                    let mut e = CandidateSet::EMPTY;
                    for &cell in cells.iter() {
                        let cell = cell as usize;
                        if others & (1 << cell) != 0 || cell == c1 || cell == c2 {
                            continue;
                        }
                        e.add_digits(cell, board.cands(cell) & union);
                    }
                    let rating = base + (degree - 1) as f64 * 0.1;
                    push(3, rating, e, &[house]);
                }
            }
            if 2 * (degree as usize) < empty {
                // Hidden sets: the loop's two digits and `degree - 2` digits that are neither
                // theirs nor extra.
                let rest: Vec<u8> = (1..=9u8)
                    .filter(|&d| d != v1 && d != v2 && extra & crate::logic::board::bit(d) == 0)
                    .collect();
                if (degree - 2) as usize > rest.len() {
                    continue;
                }
                for pick in choices(degree - 2, rest.len() as u32) {
                    let mut digits = pair;
                    for (k, &d) in rest.iter().enumerate() {
                        if pick & (1 << k) != 0 {
                            digits |= crate::logic::board::bit(d);
                        }
                    }
                    let mut union = 0u16;
                    let mut ok = true;
                    for d in digits_of(digits) {
                        let mut places = 0u16;
                        for (k, &cell) in cells.iter().enumerate() {
                            if k != i2 && board.has(cell as usize, d) {
                                places |= 1 << k;
                            }
                        }
                        if places == 0 {
                            ok = false;
                            break;
                        }
                        union |= places;
                    }
                    if !ok || union.count_ones() != degree {
                        continue;
                    }
                    let hidden = union & !(1 << i1) & !(1 << i2);
                    let mut e = CandidateSet::EMPTY;
                    for (k, &cell) in cells.iter().enumerate() {
                        if hidden & (1 << k) != 0 {
                            e.add_digits(cell as usize, board.cands(cell as usize) & !digits);
                        }
                    }
                    let rating = base + (hidden.count_ones() as f64 - 1.0) * 0.1;
                    push(3, rating, e, &[house]);
                }
            }
        }
    }
}

/// Type 4: a loop digit confined, in a house both extra cells share, to those two cells: the
/// other loop digit leaves them. The last house kind (box, row, column) where `v1` is confined
/// wins, and `v1` is tried before `v2`.
fn type4(board: &Board, c1: usize, c2: usize, v1: u8, v2: u8) -> Option<(CandidateSet, House)> {
    let mut locked1 = None;
    let mut locked2 = None;
    for kind in KINDS {
        let house = House::of(kind, c1);
        if House::of(kind, c2) != house {
            continue;
        }
        let others = house.bits() & !(1u128 << c1) & !(1u128 << c2);
        if board.places(v1) & others == 0 {
            locked1 = Some(house);
        }
        if board.places(v2) & others == 0 {
            locked2 = Some(house);
        }
    }
    let (house, remove) = match (locked1, locked2) {
        (Some(h), _) => (h, v2),
        (None, Some(h)) => (h, v1),
        _ => return None,
    };
    let mut e = CandidateSet::EMPTY;
    for c in [c1, c2] {
        if board.has(c, remove) {
            e.add(c, remove);
        }
    }
    Some((e, house))
}

/// BUG: take, in each house, the digit with a number of places other than 0 and 2 whose places
/// include exactly one cell of three candidates or more; those (cell, digit) are the BUG
/// candidates. Without them every cell must have two candidates and every digit two places in
/// every house, or there is no BUG. Type 1 (5.6): one BUG cell keeps only its BUG digits. Type 2
/// (5.7): one BUG digit leaves the cells that see every BUG cell. Type 4 (5.7): two BUG cells in
/// one house that share one other digit keep only that and their BUG digits. Type 3
/// (5.7 + 0.1 per digit beyond one): the BUG digits make a naked set with other cells of a house
/// the BUG cells share.
pub fn bug(board: &Board) -> Option<Step> {
    let mut scratch = board.clone();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0u16; 81];
    let mut all_values = 0u16;
    let mut common: Option<Vec<usize>> = None;
    for kind in KINDS {
        for index in 0..9 {
            let house = House { kind, index };
            for d in 1..=9u8 {
                let places = board.places(d) & house.bits();
                let n = places.count_ones();
                if n == 0 || n == 2 {
                    continue;
                }
                let wide: Vec<usize> = crate::logic::board::cells_of(places)
                    .filter(|&c| board.cands(c).count_ones() >= 3)
                    .collect();
                // In house order, as SE lists them (a box is not row-major among its own).
                if wide.is_empty() {
                    return None;
                }
                if wide.len() == 1 {
                    let cell = wide[0];
                    if !bug_cells.contains(&cell) {
                        bug_cells.push(cell);
                    }
                    bug_values[cell] |= crate::logic::board::bit(d);
                    all_values |= crate::logic::board::bit(d);
                    scratch.eliminate(cell, d);
                    let peers: Vec<usize> = HOUSE_PEERS[cell].iter().map(|&p| p as usize).collect();
                    let mut next = match common.take() {
                        None => peers,
                        Some(prev) => prev.into_iter().filter(|p| peers.contains(p)).collect(),
                    };
                    next.retain(|p| !bug_cells.contains(p));
                    let empty = next.is_empty();
                    common = Some(next);
                    if bug_cells.len() > 1 && all_values.two_plus() && empty {
                        return None;
                    }
                }
            }
        }
    }
    for c in 0..81 {
        if scratch.value(c) == 0 && scratch.cands(c).not_two() {
            return None;
        }
    }
    for kind in KINDS {
        for index in 0..9 {
            let house = House { kind, index };
            for d in 1..=9u8 {
                let n = (scratch.places(d) & house.bits()).count_ones();
                if n != 0 && n != 2 {
                    return None;
                }
            }
        }
    }
    let common = common.unwrap_or_default();
    let mut pattern = CandidateSet::EMPTY;
    for &c in &bug_cells {
        pattern.add_digits(c, bug_values[c]);
    }
    if bug_cells.len() == 1 {
        let cell = bug_cells[0];
        let mut e = CandidateSet::EMPTY;
        e.add_digits(cell, board.cands(cell) & !all_values);
        let technique = Technique::Bug(1);
        return Some(Step::eliminate(technique, technique.base_rating(), e).with_pattern(pattern));
    }
    if all_values.is_one() {
        let v = all_values.trailing_zeros() as u8 + 1;
        let mut e = CandidateSet::EMPTY;
        for &c in &common {
            if board.has(c, v) {
                e.add(c, v);
            }
        }
        if !e.is_empty() {
            let technique = Technique::Bug(2);
            return Some(
                Step::eliminate(technique, technique.base_rating(), e).with_pattern(pattern),
            );
        }
        if bug_cells.len() == 2 {
            return bug4(board, &bug_cells, &bug_values, all_values, pattern);
        }
        return None;
    }
    if common.is_empty() {
        return None;
    }
    if bug_cells.len() == 2 {
        if let Some(step) = bug4(board, &bug_cells, &bug_values, all_values, pattern) {
            return Some(step);
        }
    }
    bug3(board, &bug_cells, all_values, &common, pattern)
}

fn shared_house(kind: HouseKind, cells: &[usize]) -> Option<House> {
    let house = House::of(kind, cells[0]);
    cells[1..]
        .iter()
        .all(|&c| House::of(kind, c) == house)
        .then_some(house)
}

fn bug4(
    board: &Board,
    cells: &[usize],
    values: &[u16; 81],
    all: u16,
    pattern: CandidateSet,
) -> Option<Step> {
    let (c1, c2) = (cells[0], cells[1]);
    let common = board.cands(c1) & board.cands(c2) & !all;
    if common.not_one() {
        return None;
    }
    for kind in KINDS {
        let Some(house) = shared_house(kind, cells) else {
            continue;
        };
        let mut e = CandidateSet::EMPTY;
        for c in [c1, c2] {
            e.add_digits(c, board.cands(c) & !values[c] & !common);
        }
        return Some(
            Step::eliminate(Technique::Bug(4), Technique::Bug(4).base_rating(), e)
                .with_pattern(pattern)
                .with_houses(&[house]),
        );
    }
    None
}

fn bug3(
    board: &Board,
    cells: &[usize],
    all: u16,
    common: &[usize],
    pattern: CandidateSet,
) -> Option<Step> {
    for kind in KINDS {
        let Some(house) = shared_house(kind, cells) else {
            continue;
        };
        let region: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&c| House::of(kind, c) == house)
            .collect();
        for degree in 2..=6u32 {
            if region.len() < degree as usize {
                continue;
            }
            for combo in combinations(degree - 1, region.len() as u32) {
                let naked: Vec<usize> = (0..region.len())
                    .filter(|i| combo & (1 << i) != 0)
                    .map(|i| region[i])
                    .collect();
                let other = naked.iter().fold(0u16, |a, &c| a | board.cands(c));
                if other.count_ones() != degree {
                    continue;
                }
                let sets: Vec<u16> = naked
                    .iter()
                    .map(|&c| board.cands(c))
                    .chain(std::iter::once(all))
                    .collect();
                let union = sets.iter().fold(0u16, |a, &s| a | s);
                if sets.iter().any(|s| s.under_two()) || union.count_ones() != degree {
                    continue;
                }
                let mut e = CandidateSet::EMPTY;
                for &c in &region {
                    if naked.contains(&c) || cells.contains(&c) {
                        continue;
                    }
                    e.add_digits(c, board.cands(c) & union);
                }
                if !e.is_empty() {
                    // SE adds 0.1 for each digit of the naked set beyond the first.
                    let rating =
                        Technique::Bug(3).base_rating() + (union.count_ones() - 1) as f64 * 0.1;
                    return Some(
                        Step::eliminate(Technique::Bug(3), rating, e)
                            .with_pattern(pattern)
                            .with_houses(&[house]),
                    );
                }
            }
        }
    }
    None
}
