//! Fuzz target: any bytes through the parser, and every puzzle it yields through the rule check
//! and the solver. Nothing may panic; every error has a position; every solution is valid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_solver::grid::Grid;
use sudoku_solver::parse::Parser;
use sudoku_solver::solver::search;

fuzz_target!(|data: &[u8]| {
    let mut parser = Parser::new(data);
    while let Ok(Some(item)) = parser.next_item() {
        match item {
            Ok(puzzle) => {
                let conflict = puzzle.grid.conflict();
                let outcome = search(puzzle.grid.cells(), 2);
                assert!(outcome.solutions <= 2);
                if conflict.is_some() {
                    assert_eq!(outcome.solutions, 0, "conflicting givens cannot be solved");
                }
                for solution in [outcome.first, outcome.second].into_iter().flatten() {
                    let grid = Grid::from_cells(solution).expect("digits");
                    assert!(grid.solves(&puzzle.grid), "invalid solution");
                }
            }
            Err(error) => {
                assert!(error.line >= 1 && error.col >= 1);
            }
        }
    }
});
