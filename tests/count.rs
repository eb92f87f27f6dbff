//! `count`: counts against a brute-force counter written in `common`, what it claims at its
//! limit, its JSON records, and its time limit (with `hint`'s and `explain`'s).

use crate::common::{
    self, blanked, brute_force_count, hardest, json_record, json_records, lines_of, proptest_cases,
    sample, stdout_of, sudoku, to_text, LEETCODE,
};
use proptest::prelude::*;
use serde_json::Value;
use sudoku_solver::search;

#[test]
fn the_empty_grid_reaches_any_limit() {
    let empty = ".".repeat(81);
    for limit in ["1", "2", "1000", "50000"] {
        sudoku()
            .args(["count", "--limit", limit])
            .write_stdin(empty.clone())
            .assert()
            .code(0)
            .stdout(format!("{limit}+\n"));
    }
    sudoku()
        .arg("check")
        .write_stdin(empty.clone())
        .assert()
        .code(4);
    sudoku().write_stdin(empty.clone()).assert().code(0);
}

#[test]
fn count_matches_an_independent_brute_force_for_several_k() {
    // Blank growing sets of cells of solved grids; count each with a brute force written in the
    // test, then ask the tool.
    let solutions: Vec<String> = ["puzzles3_magictour_top1465", "puzzles2_17_clue"]
        .iter()
        .flat_map(|set| sample(set).into_iter().take(2))
        .map(|p| {
            let out = sudoku()
                .args(["-f", "line"])
                .write_stdin(p)
                .output()
                .unwrap();
            stdout_of(&out).trim().to_string()
        })
        .collect();
    let mut puzzles = Vec::new();
    let mut expected = Vec::new();
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for s in &solutions {
        for blanks in [20, 30, 40, 45, 50, 52, 54] {
            let mut cells: Vec<u8> = s.bytes().collect();
            let mut blanked = 0;
            while blanked < blanks {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let i = (seed % 81) as usize;
                if cells[i] != b'.' {
                    cells[i] = b'.';
                    blanked += 1;
                }
            }
            let p = String::from_utf8(cells).unwrap();
            expected.push(brute_force_count(&p, 100_000));
            puzzles.push(p);
        }
    }
    let out = sudoku()
        .args(["count", "--limit", "100000"])
        .write_stdin(lines_of(&puzzles))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let counts: Vec<String> = stdout_of(&out).lines().map(String::from).collect();
    let expected: Vec<String> = expected.iter().map(|k| k.to_string()).collect();
    assert_eq!(counts, expected);
    let distinct: std::collections::BTreeSet<&String> = expected.iter().collect();
    assert!(distinct.len() >= 4, "several different k: {distinct:?}");
}

proptest! {
    #![proptest_config(proptest_cases(200))]

    #[test]
    fn counting_never_exceeds_its_limit_and_agrees_with_check((_, puzzle) in blanked(), limit in 1u64..50) {
        let counted = search(&puzzle, limit);
        prop_assert!(counted.solutions() <= limit);
        prop_assert!(counted.solutions() >= 1);
        let check = search(&puzzle, 2);
        if limit >= 2 {
            prop_assert_eq!(check.solutions(), counted.solutions().min(2));
        }
        if check.solutions() == 2 {
            let (a, b) = (check.first().unwrap(), check.second().unwrap());
            prop_assert_ne!(a, b);
            prop_assert!(common::is_valid_solution(&to_text(&puzzle), &to_text(&a)));
            prop_assert!(common::is_valid_solution(&to_text(&puzzle), &to_text(&b)));
        }
    }
}

#[test]
fn count_at_its_limit_with_one_solution_does_not_claim_not_unique() {
    let out = sudoku()
        .args(["count", "--limit", "1", "-f", "json"])
        .write_stdin(format!("{LEETCODE}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let record = json_record(&out);
    assert_eq!(record["status"], "limit");
    assert_eq!(record["solutions"], 1);
    assert_eq!(record["complete"], false);
    // With room to look further, the same puzzle is known to be unique.
    let out = sudoku()
        .args(["count", "--limit", "2", "-f", "json"])
        .write_stdin(format!("{LEETCODE}\n"))
        .output()
        .unwrap();
    let record = json_record(&out);
    assert_eq!(record["status"], "unique");
    assert_eq!(record["complete"], true);
    // Two solutions at a limit of 2 are known to be not unique.
    let empty = ".".repeat(81);
    let out = sudoku()
        .args(["count", "--limit", "2", "-f", "json"])
        .write_stdin(format!("{empty}\n"))
        .output()
        .unwrap();
    let record = json_record(&out);
    assert_eq!(record["status"], "not_unique");
    assert_eq!(record["complete"], false);
}

#[test]
fn count_json_records_carry_solutions_and_completeness() {
    let unique = &sample("puzzles2_17_clue")[0];
    let input = format!("{unique}\n{}\n", ".".repeat(81));
    let out = sudoku()
        .args(["count", "--limit", "10", "-f", "json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let records = json_records(&out);
    assert_eq!(records[0]["status"], "unique");
    assert_eq!(records[0]["solutions"], 1);
    assert_eq!(records[0]["complete"], true);
    assert_eq!(records[1]["status"], "not_unique");
    assert_eq!(records[1]["solutions"], 10);
    assert_eq!(records[1]["complete"], false);
}

#[test]
fn count_hint_and_explain_take_a_time_limit_too() {
    let empty = ".".repeat(81);
    let out = sudoku()
        .args(["count", "--limit", "1000000000", "--time-limit", "20ms"])
        .write_stdin(format!("{empty}\n{LEETCODE}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(6));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("timeout"), "{text}");
    assert_eq!(lines[1], "1");
    for command in ["hint", "explain"] {
        let out = sudoku()
            .args([command, "--time-limit", "1ms", "-f", "json"])
            .write_stdin(format!("{}\n", hardest()[0]))
            .output()
            .unwrap();
        let record: Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
        assert_eq!(record["status"], "timeout", "{command}: {record}");
        assert_eq!(out.status.code(), Some(6));
    }
}
