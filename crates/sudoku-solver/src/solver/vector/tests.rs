//! The vector engine held to independent checks and to the band core, and every instruction set
//! of its primitives held to the portable one.

use super::super::tests::is_valid_solution;
use super::super::{search_timed, Isa, State as CoreState};
use super::*;
use proptest::prelude::*;

/// The instruction sets this CPU runs; each one it lacks is named, with the feature it lacks.
fn isas() -> Vec<Isa> {
    Isa::ALL
        .into_iter()
        .filter(|&e| match Isa::from_name(e.name()) {
            Ok(_) => true,
            Err(why) => {
                eprintln!("skipped: instruction set {e} on this CPU ({why})");
                false
            }
        })
        .collect()
}

/// The band core's count of `givens`, up to `limit` (no router).
fn core_count(givens: &[u8; 81], limit: u64) -> u64 {
    search_timed(limit, || CoreState::from_givens(givens)).solutions
}

/// Searches `givens` on every instruction set this CPU runs and checks the answers: each the
/// portable one's, bit for bit (solutions, both grids, guesses); each grid a valid solution keeping
/// the givens, the two different; the count the band core's. Returns the portable outcome.
fn check_all(givens: &[u8; 81], limit: u64, isas: &[Isa]) -> SearchOutcome {
    let reference = Isa::Portable
        .search(givens, limit)
        .expect("portable runs anywhere");
    for &isa in isas {
        let out = isa.search(givens, limit).expect("available");
        assert_eq!(out, reference, "{isa} differs from portable, limit {limit}");
    }
    assert!(reference.solutions <= limit);
    assert_eq!(reference.first.is_some(), reference.solutions >= 1);
    assert_eq!(reference.second.is_some(), reference.solutions >= 2);
    for grid in [reference.first, reference.second].iter().flatten() {
        assert!(is_valid_solution(givens, grid), "invalid solution");
    }
    if let (Some(a), Some(b)) = (reference.first, reference.second) {
        assert_ne!(a, b);
    }
    assert_eq!(reference.solutions, core_count(givens, limit), "count");
    reference
}

/// Every puzzle of the files in `dir` (read by the library's parser, in every layout it knows),
/// file by file: givens, or pencilmarks.
fn puzzles_in(dir: &str) -> Vec<(String, Vec<crate::parse::Puzzle>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            let mut parser = crate::parse::Parser::new(&bytes[..]);
            let mut puzzles = Vec::new();
            while let Ok(Some(item)) = parser.next_item() {
                puzzles.extend(item.ok());
            }
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, puzzles)
        })
        .collect()
}

#[test]
fn every_engine_agrees_on_the_data_sets() {
    let isas = isas();
    for (name, puzzles) in puzzles_in("tests/data") {
        assert!(!puzzles.is_empty(), "{name}");
        let mut guesses = 0;
        for puzzle in &puzzles {
            let givens = puzzle.grid.cells();
            let solve = check_all(givens, 1, &isas);
            let two = check_all(givens, 2, &isas);
            // Unique puzzles: the one solution, whatever the limit.
            if two.solutions == 1 {
                assert_eq!(solve.first, two.first);
            }
            guesses += two.guesses;
        }
        eprintln!(
            "{name}: {} puzzles, {:.2} guesses each, counting to 2",
            puzzles.len(),
            guesses as f64 / puzzles.len() as f64
        );
    }
}

#[test]
fn every_engine_agrees_on_the_sample_puzzles() {
    let isas = isas();
    let mut seen = 0;
    for (_, puzzles) in puzzles_in("puzzles") {
        for puzzle in puzzles {
            seen += 1;
            for limit in [1, 2, 3] {
                match &puzzle.candidates {
                    None => {
                        check_all(puzzle.grid.cells(), limit, &isas);
                    }
                    Some(candidates) => check_candidates(candidates.masks(), limit, &isas),
                }
            }
        }
    }
    assert!(seen > 50, "{seen} puzzles read");
}

/// [`check_all`] for a pencilmark grid: every instruction set the portable one's answer; each grid a
/// valid solution taking only candidates; the count the band core's.
fn check_candidates(masks: &[u16; 81], limit: u64, isas: &[Isa]) {
    let candidates = crate::grid::Candidates::from_masks(*masks).unwrap();
    let reference = Isa::Portable.search_candidates(&candidates, limit).unwrap();
    for &isa in isas {
        let out = isa.search_candidates(&candidates, limit).unwrap();
        assert_eq!(out, reference, "{isa} differs from portable");
    }
    for grid in [reference.first, reference.second].iter().flatten() {
        assert!(is_valid_solution(&[0; 81], grid));
        assert!((0..81).all(|i| masks[i] & (1 << (grid[i] - 1)) != 0));
    }
    let core = search_timed(limit, || Some(CoreState::from_candidates(masks)));
    assert_eq!(reference.solutions, core.solutions);
}

/// A solved grid: a pattern grid with its rows, columns, bands, stacks and digits shuffled by
/// `seed` (each a symmetry of Sudoku, so the result is a solution).
fn solution_grid(seed: u64) -> [u8; 81] {
    let mut s = seed | 1;
    let mut next = move |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % n) as usize
    };
    let mut shuffled = |n: usize| {
        let mut v: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            v.swap(i, next(i as u64 + 1));
        }
        v
    };
    let (bands, stacks, digits) = (shuffled(3), shuffled(3), shuffled(9));
    let rows: Vec<usize> = bands
        .iter()
        .flat_map(|&b| shuffled(3).into_iter().map(move |r| 3 * b + r))
        .collect();
    let cols: Vec<usize> = stacks
        .iter()
        .flat_map(|&s| shuffled(3).into_iter().map(move |c| 3 * s + c))
        .collect();
    let mut g = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (pr, pc) = (rows[r], cols[c]);
            g[r * 9 + c] = digits[(pr * 3 + pr / 3 + pc) % 9] as u8 + 1;
        }
    }
    g
}

#[test]
fn puzzles_with_several_solutions_and_with_none() {
    let isas = isas();
    // The empty grid and nearly empty ones: many solutions, counted to the limit.
    let mut empty = [0u8; 81];
    for limit in [1, 2, 10, 100] {
        assert_eq!(check_all(&empty, limit, &isas).solutions, limit);
    }
    empty[0] = 5;
    empty[80] = 3;
    check_all(&empty, 50, &isas);
    // Solutions with cells blanked: a few solutions each, counted exactly.
    for seed in 1..60u64 {
        let full = solution_grid(seed);
        let mut g = full;
        for k in 0..(30 + seed % 30) {
            g[((seed * 7 + k * 13) % 81) as usize] = 0;
        }
        for limit in [1, 2, 5, 1000] {
            check_all(&g, limit, &isas);
        }
        // No solution: a given that clashes, and one that clashes only deeper down.
        let mut clash = g;
        let (a, b) = (0, 1);
        clash[a] = 4;
        clash[b] = 4;
        assert_eq!(check_all(&clash, 2, &isas).solutions, 0);
        let mut wrong = full;
        for k in 0..50 {
            wrong[((seed * 11 + k * 17) % 81) as usize] = 0;
        }
        let cell = (seed * 5 % 81) as usize;
        wrong[cell] = (full[cell] % 9) + 1;
        check_all(&wrong, 2, &isas);
    }
    // Values above 9 are no puzzle.
    let mut bad = [0u8; 81];
    bad[40] = 10;
    assert_eq!(check_all(&bad, 2, &isas).solutions, 0);
}

#[test]
fn a_limit_of_zero_searches_nothing() {
    for isa in isas() {
        let out = isa.search(&[0; 81], 0).unwrap();
        assert_eq!((out.solutions, out.guesses, out.first), (0, 0, None));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Givens taken from a random solution (any number of clues), sometimes with contradictions
    /// written over them: every instruction set agrees, and the answers check out.
    #[test]
    fn random_puzzles(seed in any::<u64>(), keep in 0u32..=81, noise in 0usize..4, picks in any::<[u8; 8]>()) {
        let full = solution_grid(seed);
        let mut order: Vec<usize> = (0..81).collect();
        let mut s = seed ^ 0x9E37_79B9_7F4A_7C15;
        for i in (1..81).rev() {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            order.swap(i, (s % (i as u64 + 1)) as usize);
        }
        let mut g = [0u8; 81];
        for &cell in &order[..keep as usize] {
            g[cell] = full[cell];
        }
        for k in 0..noise {
            let cell = picks[2 * k] as usize % 81;
            g[cell] = picks[2 * k + 1] % 9 + 1;
        }
        let isas = isas();
        check_all(&g, 1, &isas);
        check_all(&g, 3, &isas);
    }

    /// Pencilmarks: a solution's digits with random other candidates, some crossed out.
    #[test]
    fn random_pencilmarks(seed in any::<u64>(), extra in any::<[u16; 81]>(), cross in 0usize..3) {
        let full = solution_grid(seed);
        let mut masks = [0u16; 81];
        for i in 0..81 {
            masks[i] = (1 << (full[i] - 1)) | (extra[i] & extra[(i + 1) % 81] & 0x1FF);
        }
        for &pick in &extra[..cross] {
            let cell = pick as usize % 81;
            masks[cell] &= !(1 << (full[cell] - 1));
        }
        check_candidates(&masks, 2, &isas());
    }
}
