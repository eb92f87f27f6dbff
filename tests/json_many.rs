//! Many JSON values on one line (issue 48, items 14 and 15): `[][][]...` or `{...}{...}...`, as
//! many as the line holds. They are read one after the other, every puzzle answered in its slot
//! and in order, with no stack overflow, on a line under the 1 MiB line limit and on one over it
//! (read in pieces), by the command line and by the library's `parse_str` and `FromStr`.

use sudoku_solver::{parse_str, Grid, ParseErrorKind, Puzzle};

use crate::common::*;

/// A line over the parser's line limit (1 MiB) is read in pieces: sizes above this take that
/// path.
const LINE_LIMIT: usize = 1 << 20;

/// `n` puzzles, all different: the sample's line puzzles with their digits relabelled (the
/// `k`-th permutation of 1-9 for the `k`-th round through the sample).
fn puzzles(n: usize) -> Vec<String> {
    let base = sample_line_puzzles();
    (0..n)
        .map(|i| {
            let mut left: Vec<char> = "123456789".chars().collect();
            let mut k = i / base.len();
            let mut perm = Vec::new();
            for radix in (1..=9).rev() {
                perm.push(left.remove(k % radix));
                k /= radix;
            }
            base[i % base.len()]
                .chars()
                .map(|c| match c.to_digit(10) {
                    Some(d) if d > 0 => perm[d as usize - 1],
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

fn record(puzzle: &str) -> String {
    format!("{{\"puzzle\": \"{puzzle}\"}}")
}

/// The answers of `solve -f line` on `input`, which must succeed, each checked against its
/// puzzle, in order.
fn solves_in_order(input: String, puzzles: &[String]) {
    let output = output_ok(sudoku().args(["solve", "-f", "line"]).write_stdin(input));
    let text = stdout_of(&output);
    let answers: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(answers.len(), puzzles.len(), "one answer a puzzle");
    for (k, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        assert!(
            is_valid_solution(puzzle, answer),
            "answer {k} does not solve puzzle {k}: {puzzle} -> {answer}"
        );
    }
}

/// The library read `text` as exactly `puzzles`, in order.
fn reads_as(text: &str, puzzles: &[String]) {
    let slots = parse_str(text);
    assert_eq!(slots.len(), puzzles.len(), "one slot a puzzle");
    for (k, (slot, want)) in slots.iter().zip(puzzles).enumerate() {
        let puzzle = slot.as_ref().unwrap_or_else(|e| panic!("slot {k}: {e}"));
        assert_eq!(
            digits(&puzzle.grid().to_line()),
            digits(want),
            "slot {k} is not puzzle {k}"
        );
        assert_eq!(puzzle.line(), 1);
    }
}

#[test]
fn twenty_thousand_records_on_one_line_are_all_answered_in_order() {
    let puzzles = puzzles(20_000);
    let line: String = puzzles.iter().map(|p| record(p)).collect();
    assert!(line.len() > LINE_LIMIT, "read in pieces");
    solves_in_order(format!("{line}\n"), &puzzles);
    reads_as(&line, &puzzles);
}

#[test]
fn a_hundred_thousand_values_under_the_line_limit_are_read_one_after_the_other() {
    // 5,000 puzzles, each followed by 20 empty lists: 105,000 values on a line under 1 MiB.
    let puzzles = puzzles(5_000);
    let line: String = puzzles
        .iter()
        .map(|p| format!("[\"{p}\"]{}", "[]".repeat(20)))
        .collect();
    assert!(line.len() < LINE_LIMIT, "read whole");
    solves_in_order(format!("{line}\n"), &puzzles);
    reads_as(&line, &puzzles);
}

#[test]
fn a_million_empty_lists_on_one_line_end_normally_and_the_next_line_is_read() {
    let puzzle = &puzzles(1)[0];
    for n in [100_000, 1_000_000] {
        let text = format!("{}\n{puzzle}\n", "[]".repeat(n));
        solves_in_order(text.clone(), std::slice::from_ref(puzzle));
        let slots = parse_str(&text);
        assert_eq!(
            slots.len(),
            1,
            "{n} empty lists hold no puzzle and no error"
        );
        let read = slots[0].as_ref().expect("the puzzle");
        assert_eq!(
            (read.line(), digits(&read.grid().to_line())),
            (2, digits(puzzle))
        );
        // Alone, they are a file with no puzzle: exit 3, one error for the file.
        let output = output_with(
            sudoku()
                .args(["solve", "-f", "line"])
                .write_stdin("[]".repeat(n)),
            3,
        );
        assert!(stderr_of(&output).contains("no 9x9 puzzle found"));
        assert!(parse_str(&"[]".repeat(n)).is_empty());
    }
}

#[test]
fn from_str_reads_the_one_puzzle_among_many_values_and_refuses_many_puzzles() {
    let puzzles = puzzles(20_000);
    for n in [100_000, 1_000_000] {
        let text = format!("{}{}", "[]".repeat(n), record(&puzzles[0]));
        let puzzle: Puzzle = text.parse().expect("one puzzle");
        assert_eq!(digits(&puzzle.grid().to_line()), digits(&puzzles[0]));
        let grid: Grid = text.parse().expect("one puzzle");
        assert_eq!(digits(&grid.to_line()), digits(&puzzles[0]));
    }
    let many: String = puzzles.iter().map(|p| record(p)).collect();
    let error = many.parse::<Puzzle>().unwrap_err();
    assert_eq!(error.kind, ParseErrorKind::SeveralPuzzles);
    let error = many.parse::<Grid>().unwrap_err();
    assert_eq!(error.kind, ParseErrorKind::SeveralPuzzles);
}

/// Columns count characters (`é` is two bytes and one column) all along a line of many values,
/// under the limit and over it: each damaged puzzle's error stands at its own column, between
/// good puzzles answered in order.
#[test]
fn errors_on_a_line_of_many_values_stand_at_their_own_columns() {
    for pairs in [3_000, 12_000] {
        let puzzles = puzzles(pairs);
        // A good puzzle of 85 characters, then a damaged one of 84 characters (85 bytes) whose
        // 81 bytes are `é` and 79 cells.
        let line: String = puzzles
            .iter()
            .map(|p| format!("[\"{p}\"][\"é{}\"]", &p[2..]))
            .collect();
        assert_eq!(line.len() > LINE_LIMIT, pairs > 10_000);
        let slots = parse_str(&line);
        assert_eq!(slots.len(), 2 * pairs);
        for (k, pair) in slots.chunks(2).enumerate() {
            let good = pair[0].as_ref().expect("a good puzzle");
            assert_eq!(digits(&good.grid().to_line()), digits(&puzzles[k]));
            let error = pair[1].as_ref().expect_err("a damaged puzzle");
            // Pair k (169 characters) starts at column 1 + 169k; its `é` is its 88th character.
            assert_eq!((error.line, error.col), (1, 169 * k + 88), "pair {k}");
            assert!(error.to_string().contains("'é'"), "{error}");
        }
    }
}

#[test]
fn values_nested_deep_on_one_line_are_one_error_and_the_next_line_is_read() {
    let puzzle = &puzzles(1)[0];
    for depth in [100_000, 1_000_000] {
        let text = format!("{}{}\n{puzzle}\n", "[".repeat(depth), "]".repeat(depth));
        let slots = parse_str(&text);
        assert_eq!(slots.len(), 2);
        let error = slots[0].as_ref().expect_err("too deep");
        assert_eq!((error.line, error.col), (1, 65));
        assert!(error.to_string().contains("deeper"), "{error}");
        assert_eq!(slots[1].as_ref().expect("the puzzle").line(), 2);
    }
}

/// A value with a lost comma between every two items: each missing comma is looked at (only the
/// first is reported), and the line is still read in time linear in its length (this took
/// minutes when every message validated the rest of the line).
#[test]
fn a_value_with_a_hundred_thousand_missing_commas_is_one_error() {
    let puzzle = &puzzles(1)[0];
    for n in [100_000, 1_000_000] {
        let text = format!("[{}]\n{puzzle}\n", "1 ".repeat(n));
        let slots = parse_str(&text);
        assert_eq!(slots.len(), 2);
        let error = slots[0].as_ref().expect_err("damage");
        assert_eq!((error.line, error.col), (1, 4));
        assert!(error.to_string().contains("expected ','"), "{error}");
        assert_eq!(slots[1].as_ref().expect("the puzzle").line(), 2);
    }
}
