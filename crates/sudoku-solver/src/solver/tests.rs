use super::*;

fn parse(s: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    for (i, ch) in s.bytes().enumerate() {
        g[i] = match ch {
            b'1'..=b'9' => ch - b'0',
            _ => 0,
        };
    }
    g
}

/// Independent check: `sol` is a complete valid grid that keeps every given (the vector
/// engine's tests use it too).
pub(super) fn is_valid_solution(givens: &[u8; 81], sol: &[u8; 81]) -> bool {
    for i in 0..81 {
        if !(1..=9).contains(&sol[i]) || (givens[i] != 0 && givens[i] != sol[i]) {
            return false;
        }
    }
    for k in 0..9 {
        let (mut r, mut c, mut b) = ([false; 10], [false; 10], [false; 10]);
        for j in 0..9 {
            let rv = sol[k * 9 + j] as usize;
            let cv = sol[j * 9 + k] as usize;
            let bv = sol[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3] as usize;
            if r[rv] || c[cv] || b[bv] {
                return false;
            }
            r[rv] = true;
            c[cv] = true;
            b[bv] = true;
        }
    }
    true
}

/// Independent slow counter: plain backtracking, first empty cell, no propagation.
fn brute_count(g: &mut [u8; 81], cap: u64) -> u64 {
    fn ok(g: &[u8; 81], i: usize, v: u8) -> bool {
        let (r, c) = (i / 9, i % 9);
        for k in 0..9 {
            if g[r * 9 + k] == v || g[k * 9 + c] == v {
                return false;
            }
            if g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v {
                return false;
            }
        }
        true
    }
    fn rec(g: &mut [u8; 81], cap: u64, n: &mut u64) {
        let Some(i) = g.iter().position(|&v| v == 0) else {
            *n += 1;
            return;
        };
        for v in 1..=9 {
            if ok(g, i, v) {
                g[i] = v;
                rec(g, cap, n);
                g[i] = 0;
                if *n >= cap {
                    return;
                }
            }
        }
    }
    // Givens must not conflict among themselves.
    for i in 0..81 {
        if g[i] > 9 {
            return 0;
        }
        if g[i] != 0 {
            let v = g[i];
            g[i] = 0;
            let fine = ok(g, i, v);
            g[i] = v;
            if !fine {
                return 0;
            }
        }
    }
    let mut n = 0;
    rec(g, cap, &mut n);
    n
}

/// Full consistency check of one search against the independent tools: the router's search, and
/// the band core's alone (the router sends it only puzzles of 17 givens or fewer).
fn check(givens: &[u8; 81], limit: u64, expected: u64) {
    check_outcome(givens, limit, expected, search(givens, limit));
    let band_core = search_timed(limit, || State::from_givens(givens));
    check_outcome(givens, limit, expected, band_core);
}

fn check_outcome(givens: &[u8; 81], limit: u64, expected: u64, out: SearchOutcome) {
    assert_eq!(out.solutions, expected.min(limit));
    assert_eq!(out.first.is_some(), out.solutions >= 1);
    assert_eq!(out.second.is_some(), out.solutions >= 2);
    if let Some(s) = &out.first {
        assert!(is_valid_solution(givens, s));
    }
    if let Some(s) = &out.second {
        assert!(is_valid_solution(givens, s));
        assert_ne!(out.first.as_ref(), Some(s));
    }
}

const LEET: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEET_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn leetcode_37() {
    let g = parse(LEET);
    let out = search(&g, 1);
    assert_eq!(out.solutions, 1);
    assert_eq!(out.first, Some(parse(LEET_SOLUTION)));
    assert!(is_valid_solution(&g, &out.first.unwrap()));
    check(&g, 2, 1);
    check(&g, 100, 1);
}

#[test]
fn limit_zero() {
    let out = search(&parse(LEET), 0);
    assert_eq!(out.solutions, 0);
    assert_eq!(out.first, None);
    assert_eq!(out.guesses, 0);
}

#[test]
fn empty_grid() {
    let g = [0u8; 81];
    check(&g, 1, u64::MAX);
    check(&g, 2, u64::MAX);
    check(&g, 5000, u64::MAX);
}

#[test]
fn conflicting_givens() {
    let mut row = [0u8; 81];
    row[3] = 5;
    row[7] = 5;
    let mut col = [0u8; 81];
    col[4] = 2;
    col[76] = 2;
    let mut bx = [0u8; 81];
    bx[30] = 9;
    bx[50] = 9;
    let mut big = parse(LEET);
    big[2] = 10;
    let mut huge = [0u8; 81];
    huge[80] = 255;
    for g in [row, col, bx, big, huge] {
        assert_eq!(brute_count(&mut g.clone(), 2), 0);
        check(&g, 1, 0);
        check(&g, 10, 0);
    }
}

#[test]
fn unsolvable_without_visible_conflict() {
    // r0c8 has no candidate: 1..8 in its row, 9 in its column.
    let a = parse(
        "12345678.\
             .........\
             .........\
             .........\
             ........9\
             .........\
             .........\
             .........\
             .........",
    );
    // The LeetCode puzzle (unique) plus one extra given that differs from its solution
    // but conflicts with no given: no solution, and nothing visible.
    let leet = parse(LEET);
    let sol = parse(LEET_SOLUTION);
    let mut extra = Vec::new();
    for i in 0..81 {
        for v in 1..=9u8 {
            let (r, c) = (i / 9, i % 9);
            let visible = (0..9).any(|k| {
                leet[r * 9 + k] == v
                    || leet[k * 9 + c] == v
                    || leet[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v
            });
            if leet[i] == 0 && v != sol[i] && !visible && extra.len() < 8 {
                let mut g = leet;
                g[i] = v;
                extra.push(g);
            }
        }
    }
    assert_eq!(extra.len(), 8);
    let b = extra[0];
    let c = extra[7];
    for g in [a, b, c] {
        assert_eq!(brute_count(&mut g.clone(), 2), 0);
        check(&g, 1, 0);
        check(&g, 2, 0);
    }
}

/// A xorshift generator from `seed`: the tests' random numbers, the same on every run.
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// `grid` with `removals` random cells emptied, then one more: the puzzle and that cell.
fn with_holes(
    grid: &[u8; 81],
    removals: usize,
    next: &mut impl FnMut() -> u64,
) -> ([u8; 81], usize) {
    let mut g = *grid;
    for _ in 0..removals {
        g[(next() % 81) as usize] = 0;
    }
    let cell = (next() % 81) as usize;
    g[cell] = 0;
    (g, cell)
}

/// Brute force's solutions of `g` with a digit other than `digit` in `cell`, up to `limit` for
/// each other digit, added up.
fn count_with_other_digit(g: &[u8; 81], cell: usize, digit: u8, limit: u64) -> u64 {
    (1..=9u8)
        .filter(|&e| e != digit)
        .map(|e| {
            let mut with = *g;
            with[cell] = e;
            brute_count(&mut with, limit)
        })
        .sum()
}
/// Two solved grids: the LeetCode solution and a pattern grid with many deadly rectangles.
fn solved_grids() -> Vec<[u8; 81]> {
    let mut pattern = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            pattern[r * 9 + c] = ((r * 3 + r / 3 + c) % 9 + 1) as u8;
        }
    }
    let leet = parse(LEET_SOLUTION);
    assert!(is_valid_solution(&[0; 81], &pattern));
    assert!(is_valid_solution(&[0; 81], &leet));
    vec![leet, pattern]
}

/// Deadly rectangles: 4 cells in 2 rows, 2 columns and 2 boxes holding a/b, b/a.
fn rectangles(g: &[u8; 81]) -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let same_band = r1 / 3 == r2 / 3;
                    let same_stack = c1 / 3 == c2 / 3;
                    if same_band == same_stack {
                        continue; // must span exactly two boxes
                    }
                    let (a, b, c, d) = (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2);
                    if g[a] == g[d] && g[b] == g[c] {
                        out.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn exact_counts_from_deadly_patterns() {
    let mut seen_counts = std::collections::BTreeSet::new();
    for grid in solved_grids() {
        let rects = rectangles(&grid);
        // One rectangle, then unions of two and three rectangles with disjoint cells.
        for (k, first) in rects.iter().enumerate().take(12) {
            let mut g = grid;
            for &i in first {
                g[i] = 0;
            }
            let mut blanked = 1;
            for other in rects.iter().skip(k + 1) {
                if blanked == 1 + k % 3 {
                    break;
                }
                if other.iter().all(|&i| g[i] != 0) {
                    for &i in other {
                        g[i] = 0;
                    }
                    blanked += 1;
                }
            }
            let n = brute_count(&mut g.clone(), 1000);
            assert!(n >= 2);
            seen_counts.insert(n);
            for limit in [1, 2, n, n + 1, 1000] {
                check(&g, limit, n);
            }
        }
    }
    // We did exercise counts above 2 (e.g. 4 and 8).
    assert!(seen_counts.iter().any(|&n| n > 2), "{seen_counts:?}");
}

#[test]
fn random_blanking_matches_brute_force() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
    for grid in solved_grids() {
        for round in 0..40 {
            let mut g = grid;
            let blanks = 40 + round % 20;
            for _ in 0..blanks {
                g[(next() % 81) as usize] = 0;
            }
            let n = brute_count(&mut g.clone(), 200);
            check(&g, 1, n);
            check(&g, 2, n);
            check(&g, 201, n);
            // A random given changed to make many of them contradictory.
            let i = (next() % 81) as usize;
            g[i] = (next() % 9 + 1) as u8;
            let n = brute_count(&mut g.clone(), 200);
            check(&g, 2, n);
            check(&g, 201, n);
        }
    }
}

/// Independent slow counter for pencilmarks: plain backtracking over the cells in order, each
/// taking only its candidates, checked against the filled peers.
fn brute_count_marks(masks: &[u16; 81], cap: u64) -> u64 {
    fn rec(masks: &[u16; 81], g: &mut [u8; 81], i: usize, cap: u64, n: &mut u64) {
        if i == 81 {
            *n += 1;
            return;
        }
        let (r, c) = (i / 9, i % 9);
        for v in 1..=9u8 {
            if masks[i] & (1 << (v - 1)) == 0 {
                continue;
            }
            let clash = (0..9).any(|k| {
                g[r * 9 + k] == v
                    || g[k * 9 + c] == v
                    || g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v
            });
            if !clash {
                g[i] = v;
                rec(masks, g, i + 1, cap, n);
                g[i] = 0;
                if *n >= cap {
                    return;
                }
            }
        }
    }
    let mut n = 0;
    rec(masks, &mut [0; 81], 0, cap, &mut n);
    n
}

#[test]
fn pencilmarks_match_brute_force_and_givens() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
    for grid in solved_grids() {
        for round in 0..60 {
            // Each cell keeps its solution digit and some random others; now and then a
            // cell loses its solution digit too, or every candidate.
            let mut masks = [0u16; 81];
            for (i, mask) in masks.iter_mut().enumerate() {
                let extra = if next().is_multiple_of(3) {
                    0
                } else {
                    next() as u16 & 0x1FF
                };
                *mask = (1 << (grid[i] - 1)) | extra;
            }
            if round % 5 == 0 {
                let i = (next() % 81) as usize;
                masks[i] &= !(1 << (grid[i] - 1));
            }
            if round % 17 == 0 {
                masks[(next() % 81) as usize] = 0;
            }
            let c = Candidates::from_masks(masks).unwrap();
            let n = brute_count_marks(&masks, 50);
            for limit in [1, 2, 50] {
                let out = search_candidates(&c, limit);
                assert_eq!(out.solutions, n.min(limit), "round {round}");
                for sol in [out.first, out.second].into_iter().flatten() {
                    assert!(is_valid_solution(&[0; 81], &sol));
                    assert!((0..81).all(|i| masks[i] & (1 << (sol[i] - 1)) != 0));
                }
            }
        }
    }
    // A board of givens as candidates: the same answers as from the givens.
    let leet = parse(LEET);
    let c = Candidates::from_grid(&crate::grid::Grid::from_cells(leet).unwrap());
    assert_eq!(search_candidates(&c, 2).first, search(&leet, 2).first);
    assert_eq!(search_candidates(&c, 2).solutions, 1);
    assert_eq!(search_candidates(&Candidates::ALL, 3).solutions, 3);
}

/// The state after placing the givens of `g` (no propagation).
fn state_of(g: &[u8; 81]) -> State {
    let mut st = State::new();
    for (i, &v) in g.iter().enumerate() {
        if v != 0 {
            st.place(v as usize - 1, i / 27, (i % 27) as u32);
        }
    }
    st
}

#[test]
fn givens_in_bulk_match_placing_them_one_by_one() {
    let mut next = xorshift(0x1234_5678_9abc_def1u64);
    let mut grids = vec![parse(LEET), [0; 81]];
    for grid in solved_grids() {
        for round in 0..60 {
            let mut g = grid;
            for _ in 0..30 + round % 40 {
                g[(next() % 81) as usize] = 0;
            }
            grids.push(g);
        }
    }
    for g in grids {
        let st = State::from_givens(&g).expect("consistent givens");
        let one = state_of(&g);
        assert_eq!(st.cand, one.cand);
        assert_eq!(st.unsolved, one.unsolved);
        assert_eq!(st.seen, [0; 27]);
    }
    // Conflicts in a row, a column, a box; a value above 9.
    for (i, j, v) in [(3, 7, 5u8), (4, 76, 2), (30, 50, 9)] {
        let mut g = [0u8; 81];
        g[i] = v;
        g[j] = v;
        assert!(State::from_givens(&g).is_none());
    }
    let mut g = parse(LEET);
    g[2] = 10;
    assert!(State::from_givens(&g).is_none());
}

#[test]
fn three_cells_have_three_candidates() {
    for p in [
        LEET,
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ] {
        let st = state_of(&parse(p));
        for (b, three) in st.three_cells().into_iter().enumerate() {
            for q in 0..27 {
                let n = (0..9)
                    .filter(|&d| st.cand[3 * d + b] & (1 << q) != 0)
                    .count();
                let want = n == 3 && st.unsolved[b] & (1 << q) != 0;
                assert_eq!(three & (1 << q) != 0, want, "{p} {b} {q}");
            }
        }
    }
}

#[test]
fn houses_view_matches_the_givens() {
    let g = parse(LEET);
    let h = state_of(&g).houses();
    let mut expected = [[0u16; 9]; 3];
    for (i, &v) in g.iter().enumerate() {
        if v != 0 {
            let (r, c) = (i / 9, i % 9);
            expected[0][r] |= 1 << (v - 1);
            expected[1][c] |= 1 << (v - 1);
            expected[2][r / 3 * 3 + c / 3] |= 1 << (v - 1);
        }
    }
    assert_eq!(h, expected);
}

#[test]
fn guess_cell_takes_the_busiest_cell_with_two_candidates() {
    let digits = |st: &State, b: usize, p: u32| {
        (0..9)
            .filter(|&d| st.cand[3 * d + b] & (1 << p) != 0)
            .count()
    };
    let mut tried = 0;
    for p in [
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ] {
        let mut st = state_of(&parse(p));
        let Ok(counts) = st.propagate() else {
            panic!("{p}")
        };
        let (b, p) = st.guess_cell(&counts);
        assert!(st.unsolved[b] & (1 << p) != 0);
        if counts.two == [0; 3] {
            continue;
        }
        tried += 1;
        assert_eq!(digits(&st, b, p), 2);
        let score = |b: usize, p: u32| (st.unsolved[b] & !PLACE_KEEP[p as usize]).count_ones();
        for ob in 0..3 {
            for op in 0..27 {
                if counts.two[ob] & (1 << op) != 0 {
                    assert_eq!(digits(&st, ob, op), 2);
                    assert!(score(ob, op) <= score(b, p));
                }
            }
        }
    }
    assert!(tried > 0);
}

/// The band board with one place in each triad of the 9-bit pattern `t` (bit `3r + s`),
/// the place in the triad picked by `pick`.
fn board_of_triads(t: u32, pick: u64) -> u32 {
    let mut a = 0;
    for k in 0..9 {
        if t & (1 << k) != 0 {
            let (r, s) = (k / 3, k % 3);
            a |= 1 << (9 * r + 3 * s + ((pick >> (2 * k)) % 3) as u32);
        }
    }
    a
}

/// `shrink` as first written: triad pattern by plain loops, then `PERM_KEEP`.
fn plain_shrink(a: u32) -> u32 {
    let mut t = 0;
    for r in 0..3 {
        for s in 0..3 {
            if a & (7 << (9 * r + 3 * s)) != 0 {
                t |= 1 << (3 * r + s);
            }
        }
    }
    a & PERM_KEEP[t]
}

fn plain_single_rows(a: u32) -> u32 {
    let mut out = 0;
    for r in 0..3 {
        let row = (a >> (9 * r)) & 0x1FF;
        if row.count_ones() == 1 {
            out |= row << (9 * r);
        }
    }
    out
}

fn plain_columns(a: u32) -> u32 {
    (0..9)
        .filter(|&c| a & (COL_BITS << c) != 0)
        .fold(0, |m, c| m | 1 << c)
}

#[test]
fn bit_tricks_match_plain_loops() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
    // Every pair of triad patterns side by side (the keys of `shrink3` depend on nothing
    // else), and random boards, dense and sparse.
    for t0 in 0..512 {
        for t1 in 0..512 {
            let a = [
                board_of_triads(t0, next()),
                board_of_triads(t1, next()),
                board_of_triads(t0 ^ t1, next()),
            ];
            let want = a.map(plain_shrink);
            assert_eq!(shrink3(a), want, "{a:?}");
            assert_eq!(a.map(shrink), want);
        }
    }
    for k in 0..200_000 {
        let r = next();
        let mask = match k % 3 {
            0 => u64::MAX,
            1 => next() & next(),
            _ => next() & next() & next(),
        };
        let a = [
            (r & mask) as u32 & BAND,
            ((r & mask) >> 27) as u32 & BAND,
            (next() & next()) as u32 & BAND,
        ];
        assert_eq!(shrink3(a), a.map(plain_shrink), "{a:?}");
        assert_eq!(columns3(a), a.map(plain_columns), "{a:?}");
        assert_eq!(a.map(columns), a.map(plain_columns));
        // `single_rows` needs every row non-empty, as after `shrink`.
        let s = a.map(shrink);
        if s.iter().all(|&x| x != 0) {
            assert_eq!(single_rows3(s), s.map(plain_single_rows), "{s:?}");
            assert_eq!(s.map(single_rows), s.map(plain_single_rows));
        }
    }
}

#[test]
fn hard_puzzles_are_solved_validly() {
    let puzzles = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    ];
    for p in puzzles {
        let g = parse(p);
        let out = search(&g, 2);
        assert!(out.solutions >= 1, "{p}");
        assert!(is_valid_solution(&g, out.first.as_ref().unwrap()));
        if let Some(s) = &out.second {
            assert!(is_valid_solution(&g, s));
            assert_ne!(s, out.first.as_ref().unwrap());
        }
        let one = search(&g, 1);
        assert!(is_valid_solution(&g, one.first.as_ref().unwrap()));
    }
}

/// `search_without` counts the solutions with another digit in the cell: each checked as a
/// solution that keeps the givens and does not hold the digit there, and the count equal to the
/// brute-force counts with each other digit put in the cell, added up.
#[test]
fn search_without_a_digit_matches_brute_force() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
    let mut counts = std::collections::BTreeSet::new();
    for grid in solved_grids() {
        for round in 0..40 {
            let (g, cell) = with_holes(&grid, 30 + round % 25, &mut next);
            let digit = grid[cell];
            let expected = count_with_other_digit(&g, cell, digit, 200);
            for limit in [1, 2, 200] {
                let out = search_without(&g, cell, digit, limit);
                assert_eq!(
                    out.solutions,
                    expected.min(limit),
                    "round {round}, limit {limit}"
                );
                for sol in out.first.iter().chain(out.second.iter()) {
                    assert!(is_valid_solution(&g, sol) && sol[cell] != digit);
                }
            }
            counts.insert(expected.min(3));
        }
    }
    // Both answers the generator asks for came up: none, and some.
    assert!(
        counts.contains(&0) && counts.iter().any(|&n| n > 0),
        "{counts:?}"
    );
}

/// `search_without` on puzzles with many clues and few (5 to 60 removed), where the givens
/// alone often force the digit and the search is not made: the answer is brute force's (is there a solution
/// with another digit there?). With a digit that is not the solution's, the solution itself has
/// another digit there, so there is always one.
#[test]
fn search_without_on_many_clues_matches_brute_force() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
    let (mut none, mut some) = (0, 0);
    for grid in solved_grids() {
        for round in 0..60 {
            let (g, cell) = with_holes(&grid, 5 + round % 56, &mut next);
            let digit = grid[cell];
            let other_possible = count_with_other_digit(&g, cell, digit, 1) > 0;
            let found = search_without(&g, cell, digit, 1).solutions;
            assert_eq!(found, u64::from(other_possible), "round {round}");
            if other_possible {
                some += 1;
            } else {
                none += 1;
            }
            for other in (1..=9u8).filter(|&e| e != digit) {
                let out = search_without(&g, cell, other, 1);
                assert_eq!(out.solutions, 1, "round {round}, digit {other}");
                assert!(is_valid_solution(&g, out.first.as_ref().unwrap()));
            }
        }
    }
    assert!(none > 0 && some > 0, "none {none}, some {some}");
}
