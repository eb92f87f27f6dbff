//! Property tests (proptest) on the library: the parser never panics and always answers with
//! puzzles or positioned errors; solutions are complete, valid and keep every given; counting
//! never exceeds its limit and agrees with the uniqueness check; every output format parses back.

mod common;

use proptest::prelude::*;
use sudoku_solver::grid::Grid;
use sudoku_solver::output::{cells_text, Format};
use sudoku_solver::parse::{parse_str, Parser};
use sudoku_solver::solver::{search, solve};

fn to_text(cells: &[u8; 81]) -> String {
    cells_text(cells, Format::Line).trim_end().to_string()
}

/// A solved grid, from solving a few random non-conflicting givens.
fn solved_grid() -> impl Strategy<Value = [u8; 81]> {
    prop::collection::vec((0usize..81, 1u8..=9), 0..12).prop_map(|placements| {
        let mut cells = [0u8; 81];
        for (i, d) in placements {
            cells[i] = d;
            if Grid::from_cells(cells).unwrap().conflict().is_some() {
                cells[i] = 0;
            }
        }
        match solve(&cells).first {
            Some(solution) => solution,
            None => solve(&[0; 81]).first.unwrap(),
        }
    })
}

/// A solved grid and a random set of its cells blanked.
fn blanked() -> impl Strategy<Value = ([u8; 81], [u8; 81])> {
    (
        solved_grid(),
        prop::collection::vec(any::<bool>(), 81),
        0u8..=100,
    )
        .prop_map(|(solution, coins, extra)| {
            let mut puzzle = solution;
            for (i, &coin) in coins.iter().enumerate() {
                // Blank about half the cells, more when `extra` is high.
                if coin || (i as u8 % 100) < extra / 2 {
                    puzzle[i] = 0;
                }
            }
            (solution, puzzle)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_give_puzzles_or_positioned_errors(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let mut parser = Parser::new(&bytes[..]);
        // `\n`, `\r\n` and a lone `\r` each end a line.
        let lines = bytes
            .iter()
            .enumerate()
            .filter(|&(i, &b)| b == b'\n' && (i == 0 || bytes[i - 1] != b'\r') || b == b'\r')
            .count()
            + 1;
        while let Some(item) = parser.next_item().unwrap() {
            match item {
                Ok(p) => prop_assert!(p.line >= 1 && p.line <= lines),
                Err(e) => {
                    prop_assert!(e.line >= 1 && e.line <= lines, "{e}");
                    prop_assert!(e.col >= 1, "{e}");
                }
            }
        }
    }

    #[test]
    fn random_puzzle_like_text_never_panics(text in "[0-9._|# \\-\\[\\]\",\n]{0,400}") {
        for item in parse_str(&text) {
            if let Err(e) = item {
                prop_assert!(e.line >= 1 && e.col >= 1);
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn mutated_valid_files_never_panic(cut in 0usize..2000, delete in 0usize..2000, swap in 0usize..40) {
        let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
        let mut text = format!("{}\n{grid}\n{}\n", common::LEETCODE, common::LEETCODE).into_bytes();
        if !text.is_empty() { text.remove(delete % text.len()); }
        let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
        let n = lines.len();
        lines.swap(swap % n, (swap * 7) % n);
        let mut text = lines.join(&b'\n');
        text.truncate(cut % (text.len() + 1));
        let line_count = text.split(|&b| b == b'\n').count();
        let mut parser = Parser::new(&text[..]);
        let mut answered = 0;
        while let Some(item) = parser.next_item().unwrap() {
            answered += 1;
            if let Err(e) = item {
                prop_assert!(e.line >= 1 && e.col >= 1);
            }
        }
        // Each answer takes at least one line of its own.
        prop_assert!(answered <= line_count);
    }

    #[test]
    fn solutions_are_complete_valid_and_keep_every_given((_, puzzle) in blanked()) {
        // Blanking cells of a solved grid never makes it unsolvable.
        let outcome = solve(&puzzle);
        let solution = outcome.first.expect("a blanked solved grid stays solvable");
        prop_assert!(common::is_valid_solution(&to_text(&puzzle), &to_text(&solution)));
    }

    #[test]
    fn counting_never_exceeds_its_limit_and_agrees_with_check((_, puzzle) in blanked(), limit in 1u64..50) {
        let counted = search(&puzzle, limit);
        prop_assert!(counted.solutions <= limit);
        prop_assert!(counted.solutions >= 1);
        let check = search(&puzzle, 2);
        if limit >= 2 {
            prop_assert_eq!(check.solutions, counted.solutions.min(2));
        }
        if check.solutions == 2 {
            let (a, b) = (check.first.unwrap(), check.second.unwrap());
            prop_assert_ne!(a, b);
            prop_assert!(common::is_valid_solution(&to_text(&puzzle), &to_text(&a)));
            prop_assert!(common::is_valid_solution(&to_text(&puzzle), &to_text(&b)));
        }
    }

    #[test]
    fn every_output_format_parses_back(solution in solved_grid()) {
        for format in [Format::Grid, Format::Pretty, Format::Line, Format::Json] {
            let text = cells_text(&solution, format);
            let items = parse_str(&text);
            prop_assert_eq!(items.len(), 1);
            prop_assert_eq!(items[0].as_ref().unwrap().grid.cells(), &solution);
        }
    }
}
