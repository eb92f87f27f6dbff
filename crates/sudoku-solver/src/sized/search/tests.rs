//! The sized search judged by independent counts: the known numbers of 4x4 and 6x6 solution
//! grids, a brute-force counter written here (plain backtracking, no propagation) on random
//! givens, and the classic engine on 9x9 puzzles.

use super::*;
use crate::shape::Shape;
use proptest::prelude::*;

/// A small generator for the tests' own randomness (SplitMix64).
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// True when `digit` may go at `cell`: no other cell of its row, column or box holds it
/// (computed from the row, column and box numbers, not from the house tables).
fn fits(shape: Shape, cells: &[u8], cell: usize, digit: u8) -> bool {
    (0..cells.len()).all(|other| {
        other == cell
            || cells[other] != digit
            || (shape.row_of(other) != shape.row_of(cell)
                && shape.col_of(other) != shape.col_of(cell)
                && shape.box_of(other) != shape.box_of(cell))
    })
}

/// Plain backtracking over the cells in order, no propagation: the solutions of `cells`, up to
/// `cap`; 0 when two givens clash.
fn brute_count(shape: Shape, cells: &mut [u8], cap: u64) -> u64 {
    for cell in 0..cells.len() {
        if cells[cell] != 0 && !fits(shape, cells, cell, cells[cell]) {
            return 0;
        }
    }
    fn go(shape: Shape, cells: &mut [u8], from: usize, cap: u64) -> u64 {
        let Some(cell) = (from..cells.len()).find(|&c| cells[c] == 0) else {
            return 1;
        };
        let mut count = 0;
        for digit in 1..=shape.size() as u8 {
            if fits(shape, cells, cell, digit) {
                cells[cell] = digit;
                count += go(shape, cells, cell + 1, cap - count);
                cells[cell] = 0;
                if count >= cap {
                    break;
                }
            }
        }
        count
    }
    go(shape, cells, 0, cap)
}

/// A random full grid of `shape` by the brute-force backtracking, digits in a random order at
/// each cell (independent of the engine under test).
fn brute_full(shape: Shape, mix: &mut Mix) -> Vec<u8> {
    fn go(shape: Shape, cells: &mut [u8], cell: usize, mix: &mut Mix) -> bool {
        if cell == cells.len() {
            return true;
        }
        let mut digits: Vec<u8> = (1..=shape.size() as u8).collect();
        mix.shuffle(&mut digits);
        for digit in digits {
            if fits(shape, cells, cell, digit) {
                cells[cell] = digit;
                if go(shape, cells, cell + 1, mix) {
                    return true;
                }
                cells[cell] = 0;
            }
        }
        false
    }
    let mut cells = vec![0; shape.cells()];
    assert!(go(shape, &mut cells, 0, mix));
    cells
}

fn shape(rows: usize, cols: usize) -> Shape {
    Shape::new(rows, cols).unwrap()
}

/// Every solution the search reports solves the puzzle.
fn check_found(puzzle: &SizedGrid, found: &SizedSearch) {
    for solution in [found.first(), found.second()].into_iter().flatten() {
        assert!(solution.solves(puzzle), "{puzzle:?} -> {solution:?}");
    }
    assert_eq!(found.first().is_some(), found.solutions() >= 1);
    assert_eq!(found.second().is_some(), found.solutions() >= 2);
    if let (Some(a), Some(b)) = (found.first(), found.second()) {
        assert_ne!(a, b);
    }
}

#[test]
fn the_4x4_board_has_288_solution_grids() {
    let empty = SizedGrid::empty(shape(2, 2));
    let found = search_sized(&empty, 1_000);
    assert_eq!(found.solutions(), 288);
    check_found(&empty, &found);
    assert_eq!(brute_count(shape(2, 2), &mut [0; 16], 1_000), 288);
    assert_eq!(search_sized(&empty, 100).solutions(), 100);
}

#[test]
fn the_6x6_board_has_28_200_960_solution_grids() {
    // With the first row fixed to 123456: 28,200,960 / 6! grids, for either box.
    for s in [shape(2, 3), shape(3, 2)] {
        let mut cells = vec![0; 36];
        for (i, cell) in cells.iter_mut().take(6).enumerate() {
            *cell = i as u8 + 1;
        }
        let puzzle = SizedGrid::new(s, cells).unwrap();
        let found = search_sized(&puzzle, 1_000_000);
        assert_eq!(found.solutions() * 720, 28_200_960, "{s}");
        check_found(&puzzle, &found);
    }
}

#[test]
fn givens_that_clash_have_no_solution() {
    let mut cells = vec![0; 36];
    cells[0] = 4;
    cells[8] = 4; // same 2x3 box
    let puzzle = SizedGrid::new(shape(2, 3), cells).unwrap();
    assert_eq!(search_sized(&puzzle, 10).solutions(), 0);
    assert_eq!(puzzle.solve(), None);
    assert_eq!(puzzle.solve_unique(), Err(SolveError::NoSolution));
    // No clash, but no solution: a cell's row and column take every digit from it.
    // r1c1 sees 1 and 2 in its row, 3 and 4 in its column.
    #[rustfmt::skip]
    let cells = vec![
        0, 0, 1, 2,
        3, 0, 0, 0,
        4, 0, 0, 0,
        0, 0, 0, 0,
    ];
    let blocked = SizedGrid::new(shape(2, 2), cells).unwrap();
    assert!(blocked.conflict().is_none());
    assert_eq!(
        brute_count(shape(2, 2), &mut blocked.cells().to_vec(), 10),
        0
    );
    assert_eq!(blocked.count_solutions(10), 0);
}

#[test]
fn the_methods_answer_as_the_search_does() {
    let mut mix = Mix(7);
    for s in [
        shape(2, 2),
        shape(2, 3),
        shape(3, 4),
        shape(4, 4),
        shape(5, 5),
    ] {
        let full = search_sized(&SizedGrid::empty(s), 1)
            .first()
            .unwrap()
            .clone();
        assert!(full.solves(&SizedGrid::empty(s)), "{s}");
        // Blank cells while the puzzle stays unique, so that it is proper.
        let mut cells = full.cells().to_vec();
        let mut order: Vec<usize> = (0..cells.len()).collect();
        mix.shuffle(&mut order);
        for &cell in order.iter().take(cells.len() / 2) {
            let keep = cells[cell];
            cells[cell] = 0;
            if SizedGrid::new(s, cells.clone()).unwrap().count_solutions(2) != 1 {
                cells[cell] = keep;
            }
        }
        let puzzle = SizedGrid::new(s, cells).unwrap();
        assert!(puzzle.is_unique());
        assert_eq!(puzzle.solve_unique(), Ok(full.clone()));
        assert_eq!(puzzle.solve(), Some(full));
    }
    let open = SizedGrid::empty(shape(4, 4));
    let Err(SolveError::NotUniqueSized(two)) = open.solve_unique() else {
        panic!("the empty board has many solutions")
    };
    let [a, b] = *two;
    assert!(a.solves(&open) && b.solves(&open) && a != b);
}

#[test]
fn a_time_limit_that_has_gone_by_gives_no_answer() {
    let empty = SizedGrid::empty(shape(5, 5));
    assert_eq!(
        search_sized_timed(&empty, u64::MAX, Some(Duration::ZERO)),
        Err(TimedOut)
    );
    let found = search_sized_timed(&empty, 1, None).unwrap();
    check_found(&empty, &found);
}

/// Random puzzles on a small shape: cells of a random full grid kept with probability
/// `keep` percent, then `wrong` cells given a random digit (which may leave no solution, or
/// clash). The search and the brute-force counter count the same, up to 30.
fn agrees_with_brute_force(s: Shape, seed: u64, keep: usize, wrong: usize) {
    let mut mix = Mix(seed);
    let mut cells = brute_full(s, &mut mix);
    for cell in cells.iter_mut() {
        if mix.below(100) >= keep {
            *cell = 0;
        }
    }
    for _ in 0..wrong {
        let cell = mix.below(cells.len());
        cells[cell] = mix.below(s.size()) as u8 + 1;
    }
    let puzzle = SizedGrid::new(s, cells.clone()).unwrap();
    let found = search_sized(&puzzle, 30);
    check_found(&puzzle, &found);
    assert_eq!(
        found.solutions(),
        brute_count(s, &mut cells, 30),
        "{puzzle:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn the_search_counts_as_brute_force_on_4x4(seed: u64, keep in 0usize..90, wrong in 0usize..3) {
        agrees_with_brute_force(shape(2, 2), seed, keep, wrong);
    }

    #[test]
    fn the_search_counts_as_brute_force_on_6x6(seed: u64, keep in 20usize..90, wrong in 0usize..3, tall: bool) {
        let s = if tall { shape(3, 2) } else { shape(2, 3) };
        agrees_with_brute_force(s, seed, keep, wrong);
    }

    #[test]
    fn the_search_counts_as_brute_force_on_8x8(seed: u64, keep in 45usize..90, wrong in 0usize..2, tall: bool) {
        let s = if tall { shape(4, 2) } else { shape(2, 4) };
        agrees_with_brute_force(s, seed, keep, wrong);
    }
}

/// A random full classic grid: a solved grid relabelled, its rows shuffled within bands, its
/// bands shuffled, the same for columns, and transposed or not.
fn random_classic(mix: &mut Mix) -> [u8; 81] {
    let base: [u8; 81] = std::array::from_fn(|cell| {
        let (r, c) = (cell / 9, cell % 9);
        ((c + (r % 3) * 3 + r / 3) % 9) as u8 + 1
    });
    let mut digits: Vec<u8> = (1..=9).collect();
    mix.shuffle(&mut digits);
    let lines = |mix: &mut Mix| {
        let mut bands = [0, 1, 2];
        mix.shuffle(&mut bands);
        let mut order = Vec::new();
        for band in bands {
            let mut rows = [0, 1, 2];
            mix.shuffle(&mut rows);
            order.extend(rows.iter().map(|r| band * 3 + r));
        }
        order
    };
    let rows = lines(mix);
    let cols = lines(mix);
    let flip = mix.below(2) == 1;
    std::array::from_fn(|cell| {
        let (mut r, mut c) = (cell / 9, cell % 9);
        if flip {
            (r, c) = (c, r);
        }
        digits[base[rows[r] * 9 + cols[c]] as usize - 1]
    })
}

#[test]
fn on_the_classic_shape_the_search_agrees_with_the_classic_engines() {
    let mut mix = Mix(2026);
    for round in 0..400 {
        let solution = random_classic(&mut mix);
        let mut givens = solution;
        let keep = 18 + mix.below(20);
        let mut order: Vec<usize> = (0..81).collect();
        mix.shuffle(&mut order);
        for &cell in &order[keep..] {
            givens[cell] = 0;
        }
        if round % 10 == 0 {
            givens[order[0]] = givens[order[0]] % 9 + 1; // most likely no solution now
        }
        let classic = crate::solver::search(&givens, 3);
        let puzzle = SizedGrid::new(Shape::CLASSIC, givens.to_vec()).unwrap();
        let sized = search_sized(&puzzle, 3);
        check_found(&puzzle, &sized);
        assert_eq!(sized.solutions(), classic.solutions(), "{puzzle:?}");
        if sized.solutions() == 1 {
            assert_eq!(
                sized.first().unwrap().cells(),
                &classic.first().unwrap()[..]
            );
        }
    }
}
