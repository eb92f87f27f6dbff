//! What is no Sudoku takes no slot: tables, matrices and code among puzzles give no error record,
//! boards of other sizes give one note per file, and a file with no puzzle gets one error that
//! names it and says what it held (issue 48, items 7-11 and 22). The samples are
//! `tests/fixtures/no-sudoku/` (no puzzle in any) and, with boards among the noise,
//! `puzzles/code/notebook.py`, `kernels.c` and `report.md`.

use crate::common::{
    is_valid_sized_solution, is_valid_solution, json_records, output_with, repo, stderr_of,
    stdout_of, sudoku,
};

/// The boards written into the mixed samples, in file order (the givens as written there).
const NOTEBOOK: [&str; 2] = [
    ".26.4....3...21.5..156....4....3...2.....816...9...3854....9....5.2.....8.7......",
    "81...5..69.61...2......8.94.9..52......7.....6.....4.5.6.3.......3.....1..891....",
];
const KERNELS: &str =
    ".18........4..76...7..13.......96...1.95..3.4.5...2........48.3..5.2.76.........9";
const REPORT: &str =
    "3.7........8..2......9......1...8........67...25.....3.9..651.4..4....5....7.426.";

/// The 4x4 warm-up of `puzzles/code/notebook.py`, solved in its slot, its solution
/// written as its puzzle is (numbers) and judged here.
fn assert_warmup(record: &serde_json::Value) {
    // A line of 16 symbols (a board read from numbers is written as a line in the standard
    // symbols: a line of numbers is no layout).
    let cells = |field: &str| -> Vec<u8> {
        let text = record[field].as_str().unwrap_or_default();
        text.bytes().map(|b| b.saturating_sub(b'0')).collect()
    };
    assert_eq!(record["puzzle"], ".2....322.....2.", "{record}");
    assert_eq!(record["status"], "solved", "{record}");
    assert!(
        is_valid_sized_solution(&cells("puzzle"), &cells("solution"), 2, 2),
        "{record}"
    );
}

/// `solve -f json` of a file: its records, its stderr, with the exit code it must have.
fn solve(path: &str, code: i32) -> (Vec<serde_json::Value>, String) {
    let out = output_with(sudoku().args(["-f", "json", path]), code);
    (json_records(&out), stderr_of(&out))
}

/// Every record solved, the puzzles exactly `boards` in order, each solution valid and keeping
/// its givens (checked here, not by the solver).
fn assert_read_whole(records: &[serde_json::Value], boards: &[&str]) {
    let puzzles: Vec<&str> = records
        .iter()
        .map(|r| r["puzzle"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(puzzles, boards, "{records:?}");
    for r in records {
        assert_eq!(r["status"], "solved", "{r}");
        let solution = r["solution"].as_str().expect("a solution");
        assert!(
            is_valid_solution(r["puzzle"].as_str().unwrap(), solution),
            "{r}"
        );
    }
}

/// The one error of a fixture with no puzzle: exit 3, one record naming the file, one line on
/// stderr.
fn only_error(name: &str) -> String {
    let path = repo(&format!("tests/fixtures/no-sudoku/{name}"));
    let (records, err) = solve(&path, 3);
    assert_eq!(records.len(), 1, "{name}: {records:?}");
    let error = records[0]["error"].as_str().expect("an error").to_string();
    assert!(
        error.starts_with(&format!("{path}: no 9x9 puzzle found")),
        "{error}"
    );
    assert_eq!(err.lines().count(), 1, "{name}: {err}");
    assert!(err.contains(&error), "{err}");
    error
}

#[test]
fn tables_matrices_and_code_with_no_puzzle_get_one_error_for_the_file() {
    // Each says what it held instead.
    let seen = [
        (
            "measurements.csv",
            "seen: 40 lines of 11 numbers at lines 1-40",
        ),
        ("samples.csv", "seen: 40 lines of 10 numbers at lines 2-41"),
        (
            "training-log.txt",
            "seen: 30 lines of 7 numbers up to 30 at lines 4-33",
        ),
        ("adjacency.py", "up to 369"),
        ("prompts.txt", "seen: 8 lines of 8 numbers up to 1"),
        ("kernels.c", "seen: 11 lines of 2 to 10 numbers"),
        ("benchmark.jl", "seen: "),
        ("wide-grids.md", "seen: 9 lines of 13 to 14 numbers"),
        ("cells.sql", "seen: 11 lines of 1 to 4 numbers up to 9"),
    ];
    for (name, what) in seen {
        let error = only_error(name);
        assert!(error.contains(what), "{name}: {error}");
    }
}

#[test]
fn a_file_of_boards_of_other_sizes_says_so_in_its_one_error() {
    // Boards of other sizes as strings in code: not read (yet), and the error says so.
    let error = only_error("big-boards.cpp");
    assert!(
        error.contains("16x16 at line 6, 25x25 at line 25"),
        "{error}"
    );
    assert!(
        error.contains("in a layout read for 9x9 boards only"),
        "{error}"
    );
    // As rows of numbers in brackets, or CSV fields: read, each in its slot and solved.
    for (name, boards) in [
        ("small-boards.js", 2),
        ("small_board.py", 1),
        ("mini.csv", 12),
    ] {
        let path = repo(&format!("tests/fixtures/no-sudoku/{name}"));
        let (records, err) = solve(&path, 0);
        assert_eq!(
            (records.len(), err.as_str()),
            (boards, ""),
            "{name}: {records:?}"
        );
        for record in records {
            let cells = |field: &str| -> Vec<u8> {
                let text = record[field].as_str().unwrap_or_default();
                match text.contains(' ') {
                    true => text.split(' ').map(|n| n.parse().unwrap()).collect(),
                    false => text.bytes().map(|b| b.saturating_sub(b'0')).collect(),
                }
            };
            let (puzzle, solution) = (cells("puzzle"), cells("solution"));
            assert!(
                is_valid_sized_solution(&puzzle, &solution, 2, 2),
                "{name}: {record}"
            );
        }
    }
}

#[test]
fn boards_among_matrices_are_read_whole_in_order_and_the_rest_takes_no_slot() {
    let note = |err: &str, what: &str| {
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(&format!("note: {what}, passed over")), "{err}");
    };
    // An 8x7 0/1 matrix, a magic square up to 81, a 4x4 board (read, in its slot) between two
    // boards.
    let (records, err) = solve(&repo("puzzles/code/notebook.py"), 0);
    assert_eq!(records.len(), 3, "{records:?}");
    assert_read_whole(&[records[0].clone(), records[2].clone()], &NOTEBOOK);
    assert_warmup(&records[1]);
    assert_eq!(err, "");
    // Matrices 10, 5 and 11 wide in braces, a 16x16 board as strings (the note), a board.
    let (records, err) = solve(&repo("puzzles/code/kernels.c"), 0);
    assert_read_whole(&records, &[KERNELS]);
    note(&err, "a 16x16 board at line 44");
    // A Markdown table of accuracies, a 3x3 matrix, a grid, an 8x8 0/1 map (no board: its
    // rows repeat their 1s).
    let (records, err) = solve(&repo("puzzles/code/report.md"), 0);
    assert_read_whole(&records, &[REPORT]);
    assert_eq!(err, "");
}

#[test]
fn a_damaged_board_among_matrices_keeps_its_slot() {
    let text = std::fs::read_to_string(repo("puzzles/code/notebook.py")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Line 21 is row 4 of the first board: deleted, then garbled.
    assert_eq!(lines[20], "    [0, 0, 0, 0, 3, 0, 0, 0, 2],");
    let deleted: Vec<&str> = [&lines[..20], &lines[21..]].concat();
    let mut garbled: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    garbled[20] = garbled[20].replacen("3", "@", 1);
    for copy in [deleted.join("\n"), garbled.join("\n")] {
        let out = output_with(sudoku().args(["-f", "json"]).write_stdin(copy), 3);
        let records = json_records(&out);
        assert_eq!(records.len(), 3, "{}", stdout_of(&out));
        let error = records[0]["error"]
            .as_str()
            .expect("the damaged board's error");
        // At the board (line 17) or at its damaged row.
        let line: usize = error.split(':').nth(1).unwrap().parse().unwrap();
        assert!((17..=21).contains(&line), "{error}");
        assert_warmup(&records[1]);
        assert_read_whole(&records[2..], &NOTEBOOK[1..]);
    }
}

#[test]
fn a_table_beside_a_puzzle_line_costs_no_slot_and_a_damaged_line_keeps_one() {
    let table: String = (0..12)
        .map(|i| format!("{},{},{},1,3,1,1,2\n", 1_000_025 + i, i % 10, (i * 7) % 10))
        .collect();
    let damaged = format!("{}\n", &NOTEBOOK[1][..80]);
    let input = format!("{table}\n{}\n{damaged}", NOTEBOOK[0]);
    let out = output_with(sudoku().args(["-f", "json"]).write_stdin(input), 3);
    let records = json_records(&out);
    assert_eq!(records.len(), 2, "{}", stdout_of(&out));
    assert_read_whole(&records[..1], &NOTEBOOK[..1]);
    assert!(
        records[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("<stdin>:15:"),
        "{}",
        records[1]
    );
}
