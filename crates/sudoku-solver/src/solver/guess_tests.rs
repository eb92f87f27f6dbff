//! What a guess is, the same on both cores: an assumption taken while an alternative was left
//! (a binary branch). Each test knows its count from the puzzle's shape alone, not from an
//! earlier run of the solver.

use super::tests::is_valid_solution;
use super::*;

/// A solved grid (the solution of LeetCode 37), written out here.
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn grid_of(s: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    for (cell, ch) in g.iter_mut().zip(s.bytes()) {
        *cell = ch - b'0';
    }
    g
}

/// The band core alone, as the router runs it on a puzzle it keeps.
fn on_band_core(givens: &[u8; 81], limit: u64) -> SearchOutcome {
    search_timed(limit, || State::from_givens(givens))
}

/// The vector engine alone, on portable Rust (every instruction set answers the same).
fn on_vector_engine(givens: &[u8; 81], limit: u64) -> SearchOutcome {
    Isa::Portable
        .search(givens, limit)
        .expect("portable Rust runs everywhere")
}

/// The four cells of a rectangle in `solved` whose digits can trade places: rows r1, r2 in one
/// band, columns c1, c2 in two stacks, r1c1 = r2c2 and r1c2 = r2c1. The rectangle spans two
/// boxes, each holding one of its columns' two cells.
fn swappable_rectangle(solved: &[u8; 81]) -> Option<[usize; 4]> {
    for r1 in 0..9 {
        for r2 in r1 + 1..(r1 / 3 * 3 + 3) {
            for c1 in 0..9 {
                for c2 in (c1 / 3 * 3 + 3)..9 {
                    let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let [a, b, c, d] = cells.map(|i| solved[i]);
                    if a == d && b == c {
                        return Some(cells);
                    }
                }
            }
        }
    }
    None
}

#[test]
fn a_puzzle_solved_by_singles_has_no_guess_on_either_core() {
    // One cell open: its digit is the one its row lacks, so no assumption is ever made.
    let mut givens = grid_of(SOLVED);
    givens[40] = 0;
    for limit in [1, 2] {
        assert_eq!(
            on_band_core(&givens, limit).guesses,
            0,
            "band core, limit {limit}"
        );
        assert_eq!(
            on_vector_engine(&givens, limit).guesses,
            0,
            "vector, limit {limit}"
        );
    }
}

#[test]
fn one_binary_choice_is_one_guess_on_either_core() {
    // Open the four cells of a swappable rectangle: each keeps exactly the two digits {a, b}
    // (its row, column and box lack just those), nothing is forced, and the puzzle has exactly
    // two solutions, the grid and the grid with a and b swapped. Any search makes one
    // assumption with one alternative left, and the alternative is then what is left: one
    // guess, whether it stops at the first solution or goes on to the second. (The band core
    // counted two before: each candidate tried at the cell.)
    let solved = grid_of(SOLVED);
    let cells = swappable_rectangle(&solved).expect("the grid has a swappable rectangle");
    let mut givens = solved;
    for i in cells {
        givens[i] = 0;
    }
    for limit in [1, 2, 3] {
        for (core, out) in [
            ("band core", on_band_core(&givens, limit)),
            ("vector engine", on_vector_engine(&givens, limit)),
        ] {
            assert_eq!(out.solutions, limit.min(2), "{core}, limit {limit}");
            for s in [out.first, out.second].into_iter().flatten() {
                assert!(is_valid_solution(&givens, &s), "{core}, limit {limit}");
            }
            assert_eq!(out.guesses, 1, "{core}, limit {limit}");
        }
    }
}
