//! Every step of the logic engine is sound. For puzzles with one solution, the tests walk the
//! whole path `rate` and `explain` take and check each step against the solution: no
//! elimination removes the solution's digit, every placement is the solution's digit, and the
//! path ends in that solution. The solution comes from the backtracking solver and is itself
//! checked by `common::is_valid_solution`, written apart from the library.
//!
//! The puzzles: random minimal puzzles (a property test over generator seeds), the same with
//! wrong candidates already removed (pencilmarks a player might have, so the engine starts from
//! positions its own path never reaches), and samples of every set in `tests/data`.

mod common;

use proptest::prelude::*;
use sudoku_solver::generate::{generate, GenerateOptions};
use sudoku_solver::grid::{Candidates, Grid};
use sudoku_solver::logic::{self, board::Board, step::Step};
use sudoku_solver::solver;

/// The only solution of `givens`, checked independently.
fn solution_of(givens: &[u8; 81]) -> [u8; 81] {
    let outcome = solver::search(givens, 2);
    assert_eq!(outcome.solutions, 1, "test puzzles have one solution");
    let solution = outcome.first.expect("one solution");
    let text = |g: &[u8; 81]| -> String { g.iter().map(|&d| char::from(b'0' + d)).collect() };
    assert!(
        common::is_valid_solution(&text(givens), &text(&solution)),
        "the solver's solution breaks the rules"
    );
    solution
}

/// Checks one step against the solution: what it removes is not the solution's digit, what it
/// places is.
fn check_step(board: &Board, step: &Step, solution: &[u8; 81], at: usize) {
    let name = step.technique.name();
    for (cell, d) in step.eliminations.iter() {
        assert_ne!(
            solution[cell],
            d,
            "step {at} ({name}, {}) removes the solution's {d} from cell {cell}\nboard: {board:?}",
            step.effect()
        );
    }
    if let Some((cell, d)) = step.placement {
        assert_eq!(
            solution[cell], d,
            "step {at} ({name}) places {d} in cell {cell}, the solution has {}\nboard: {board:?}",
            solution[cell]
        );
    }
    assert!(
        step.placement.is_some() || !board.live(&step.eliminations).is_empty(),
        "step {at} ({name}) changes nothing"
    );
}

/// Walks the whole path from `board` and checks every step; returns how many there were.
fn walk_checked(mut board: Board, solution: &[u8; 81]) -> usize {
    let mut at = 0;
    let rating = logic::walk(&mut board, |b, step| {
        at += 1;
        check_step(b, step, solution, at);
    });
    assert!(rating.er < 20.0, "the ladder could not finish: {board:?}");
    assert!(board.is_solved(), "the path ends before the grid is full");
    assert_eq!(board.values(), solution, "the path ends in another grid");
    at
}

/// Walks the path of a puzzle given as 81 characters.
fn check_puzzle(line: &str) -> usize {
    let givens: [u8; 81] = common::digits(&line[..81]).try_into().expect("81 cells");
    let solution = solution_of(&givens);
    let grid = Grid::from_cells(givens).expect("a valid puzzle");
    walk_checked(Board::from_grid(&grid), &solution)
}

/// `count` puzzles spread evenly over a file of `tests/data`.
fn sample(file: &str, count: usize) -> Vec<String> {
    let lines = common::data_lines(file);
    assert!(lines.len() >= count, "{file} has {} puzzles", lines.len());
    let step = lines.len() / count;
    lines.into_iter().step_by(step).take(count).collect()
}

fn check_sample(file: &str, count: usize) {
    for (i, line) in sample(file, count).iter().enumerate() {
        let steps = check_puzzle(line);
        assert!(steps > 0, "{file} sample {i}: no steps");
    }
}

#[test]
fn every_step_is_sound_on_random_minimal_puzzles_sample() {
    check_sample("puzzles1_random_minimal-sample.txt", 12);
}

#[test]
fn every_step_is_sound_on_17_clue_samples() {
    check_sample("puzzles2_17_clue-sample.txt", 8);
    check_sample("17clue-300.txt", 8);
}

#[test]
fn every_step_is_sound_on_magictour_sample() {
    check_sample("puzzles3_magictour_top1465-sample.txt", 4);
}

#[test]
fn every_step_is_sound_on_forum_hardest_samples() {
    check_sample("puzzles6_forum_hardest_1106-sample.txt", 2);
}

// The serg benchmark sample has no puzzle with one solution, so it has no path to check;
// tests/logic.rs checks that none of them is rated.

#[test]
fn every_step_is_sound_on_an_se_11_puzzle() {
    check_sample("puzzles5_forum_hardest_1905_11+-sample.txt", 1);
}

/// A player's pencilmarks: the puzzle's candidates with some wrong ones already crossed out
/// (never the solution's digit), chosen by `mask` bits.
fn pencilmarks(givens: &[u8; 81], solution: &[u8; 81], mask: &[u64]) -> Candidates {
    let grid = Grid::from_cells(*givens).expect("a valid puzzle");
    let full = Board::from_grid(&grid);
    let mut masks = [0u16; 81];
    for (cell, m) in masks.iter_mut().enumerate() {
        let mut keep = match givens[cell] {
            0 => full.cands(cell),
            d => 1 << (d - 1),
        };
        if givens[cell] == 0 {
            for d in 1..=9u8 {
                let bit = 1u16 << (d - 1);
                let chosen = mask[(cell * 9 + d as usize) % mask.len()] >> (cell % 64) & 1 == 1;
                if d != solution[cell] && chosen {
                    keep &= !bit;
                }
            }
        }
        *m = keep;
    }
    Candidates::from_masks(masks).expect("every cell keeps its solution digit")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn every_step_is_sound_on_generated_puzzles(seed in any::<u64>()) {
        let generated = generate(seed, 0, &GenerateOptions::default());
        let solution = solution_of(&generated.puzzle);
        prop_assert_eq!(solution, generated.solution);
        let grid = Grid::from_cells(generated.puzzle).expect("a valid puzzle");
        walk_checked(Board::from_grid(&grid), &solution);
    }

    #[test]
    fn every_step_is_sound_from_a_players_pencilmarks(
        seed in any::<u64>(),
        mask in proptest::collection::vec(any::<u64>(), 1..8),
    ) {
        let generated = generate(seed, 1, &GenerateOptions::default());
        let candidates = pencilmarks(&generated.puzzle, &generated.solution, &mask);
        // Crossing out wrong candidates keeps the solution, and so keeps it the only one.
        let outcome = solver::search_candidates(&candidates, 2);
        prop_assert_eq!(outcome.solutions, 1);
        walk_checked(Board::from_candidates(&candidates), &generated.solution);
    }
}
