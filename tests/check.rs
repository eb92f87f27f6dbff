//! `check`: verdicts against the standard sets' documented uniqueness, the cells where two
//! solutions differ, no solution where no rule is broken on sight, and the verdict lines.
//! Verdicts are judged independently: solutions by a validity check, counts by a brute-force
//! counter, differing cells by rebuilding the second solution and checking it. (`check
//! --minimal` is with `minimize`.)

use std::fs;

use crate::common::{
    brute_force_count, digits, is_valid_solution, lines_of, sample, stdout_of, sudoku, LEETCODE,
    SETS,
};
use predicates::prelude::*;

#[test]
fn check_agrees_with_the_sets_documented_uniqueness() {
    for set in SETS {
        let puzzles = sample(set);
        let out = sudoku()
            .args(["check", "-f", "json"])
            .write_stdin(lines_of(&puzzles))
            .output()
            .unwrap();
        let expected_status = if set == "puzzles7_serg_benchmark" {
            "not_unique"
        } else {
            "unique"
        };
        let expected_code = if set == "puzzles7_serg_benchmark" {
            4
        } else {
            0
        };
        assert_eq!(out.status.code(), Some(expected_code), "{set}");
        let text = stdout_of(&out);
        assert_eq!(text.lines().count(), puzzles.len());
        for line in text.lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(record["status"], expected_status, "{set}: {line}");
        }
    }
}

#[test]
fn every_17_clue_puzzle_is_unique_and_loses_uniqueness_without_any_clue() {
    let puzzles: Vec<String> = sample("puzzles2_17_clue").into_iter().take(12).collect();
    sudoku()
        .args(["check", "-q"])
        .write_stdin(lines_of(&puzzles))
        .assert()
        .code(0)
        .stdout("");
    // No 16-clue puzzle is unique: remove each clue in turn.
    let mut weakened = Vec::new();
    for p in &puzzles {
        for (i, ch) in p.char_indices() {
            if ch != '.' {
                weakened.push(format!("{}.{}", &p[..i], &p[i + 1..]));
            }
        }
    }
    let out = sudoku()
        .arg("check")
        .write_stdin(lines_of(&weakened))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let text = stdout_of(&out);
    assert_eq!(text.lines().count(), weakened.len());
    assert!(
        text.lines().all(|l| l.contains(": not unique: r")),
        "{text}"
    );
}

/// Rebuilds the two solutions from `solve`'s first solution and the cells `check` names, and
/// checks that both are valid, keep the givens, and differ exactly there.
fn assert_differences_are_real(puzzle: &str) {
    let first = stdout_of(
        &sudoku()
            .args(["-f", "line"])
            .write_stdin(puzzle.to_string())
            .output()
            .unwrap(),
    );
    let first = first.trim();
    assert!(is_valid_solution(puzzle, first));
    let out = sudoku()
        .arg("check")
        .write_stdin(puzzle.to_string())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let text = stdout_of(&out);
    let cells = text
        .trim()
        .split(": not unique: ")
        .nth(1)
        .expect("a not unique verdict");
    let mut second: Vec<u8> = first.bytes().collect();
    for item in cells.split(", ") {
        // rNcM a/b
        let (cell, digits) = item.split_once(' ').unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        let (a, b) = digits.split_once('/').unwrap();
        let index = (r - 1) * 9 + (c - 1);
        assert_eq!(
            first.as_bytes()[index],
            a.as_bytes()[0],
            "{item}: the first digit is the first solution's"
        );
        assert_ne!(a, b);
        second[index] = b.as_bytes()[0];
    }
    let second = String::from_utf8(second).unwrap();
    assert_ne!(first, second);
    assert!(
        is_valid_solution(puzzle, &second),
        "second solution {second} is not valid"
    );
}

#[test]
fn differing_cells_belong_to_two_real_solutions() {
    for p in sample("puzzles7_serg_benchmark").iter().take(10) {
        assert_differences_are_real(p);
    }
    let p = &sample("puzzles2_17_clue")[3];
    let i = p.find(|c: char| c != '.').unwrap();
    assert_differences_are_real(&format!("{}.{}", &p[..i], &p[i + 1..]));
}

#[test]
fn a_wrong_digit_that_breaks_no_rule_on_sight_leaves_no_solution() {
    let mut tested = 0;
    for p in sample("puzzles3_magictour_top1465").iter().take(20) {
        let solution = stdout_of(
            &sudoku()
                .args(["-f", "line"])
                .write_stdin(p.clone())
                .output()
                .unwrap(),
        );
        let solution = solution.trim().as_bytes().to_vec();
        let givens = digits(p);
        // The first empty cell with a candidate (no conflict on sight) other than its solution digit.
        'cells: for i in 0..81 {
            if givens[i] != 0 {
                continue;
            }
            for d in 1..=9u8 {
                if b'0' + d == solution[i] {
                    continue;
                }
                let (r, c) = (i / 9, i % 9);
                let seen = (0..9).any(|k| {
                    givens[r * 9 + k] == d
                        || givens[k * 9 + c] == d
                        || givens[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == d
                });
                if !seen {
                    let wrong = format!("{}{}{}", &p[..i], d, &p[i + 1..]);
                    sudoku()
                        .arg("check")
                        .write_stdin(wrong.clone())
                        .assert()
                        .code(1)
                        .stdout(predicate::str::contains(
                            "no solution: the givens break no rule",
                        ));
                    sudoku().write_stdin(wrong).assert().code(1);
                    tested += 1;
                    break 'cells;
                }
            }
        }
    }
    assert_eq!(tested, 20);
}

#[test]
fn deep_contradictions_are_found() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/invalid/deep-unsolvable.txt"
    );
    let out = sudoku().arg("check").arg(path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = stdout_of(&out);
    assert_eq!(text.lines().count(), 300);
    assert!(text.lines().all(|l| l.ends_with(
        "no solution: the givens break no rule, but no way of filling the grid obeys them all"
    )));
    // Spot-check independently: a few of them have no solution by brute force.
    let puzzles: Vec<String> = fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    for p in puzzles.iter().take(3) {
        assert_eq!(brute_force_count(p, 1), 0, "{p}");
    }
}

#[test]
fn check_verdict_lines_and_exit_codes() {
    let unique = &sample("puzzles2_17_clue")[0];
    let several = &sample("puzzles7_serg_benchmark")[0];
    let conflict = format!("55{}", &LEETCODE[2..]);
    let input = format!("{unique}\n{several}\n{conflict}\n1234x\n");
    let out = sudoku().arg("check").write_stdin(input).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "<stdin>:1: unique");
    assert!(lines[1].starts_with("<stdin>:2: not unique: r"));
    assert_eq!(
        lines[2],
        "<stdin>:3: no solution: 5 appears twice in row 1 (columns 1 and 2)"
    );
    assert_eq!(
        lines[3],
        "<stdin>:4: invalid: 4:5: unexpected character 'x'"
    );
    sudoku()
        .args(["check", "-q"])
        .write_stdin(conflict)
        .assert()
        .code(1)
        .stdout("")
        .stderr("");
    sudoku()
        .args(["check", "-q"])
        .write_stdin(several.clone())
        .assert()
        .code(4)
        .stdout("");
}
