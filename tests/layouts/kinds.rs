//! Each layout read and solved: grids after labels, grids between rules, CSV with a header,
//! comma grids, fixed-width lines, JSON boards, tdoku test lines, pencilmarks and candidate
//! grids, and layouts mixed in one stream; every answer checked independently.

use std::fs;

use crate::common::{
    digits, grids_in, is_valid_solution, json_records, puzzles_dir, stderr_of, stdout_of, sudoku,
    LEETCODE, LEETCODE_SOLUTION,
};
use serde_json::Value;

use super::sample;

// ----------------------------------------------------------------------------------------- layouts

/// The JSON records `sudoku solve -f json ARGS...` prints, with its exit code.
fn solve_json(args: &[&str], stdin: Option<String>) -> (Vec<Value>, Option<i32>) {
    let mut cmd = sudoku();
    cmd.args(["solve", "-f", "json"]).args(args);
    if let Some(text) = stdin {
        cmd.write_stdin(text);
    }
    let out = cmd.output().unwrap();
    (json_records(&out), out.status.code())
}

/// Every record is solved, and its solution solves its puzzle (81 givens or 729 candidates).
fn assert_all_solved(records: &[Value]) {
    for r in records {
        assert_eq!(r["status"], "solved", "{r}");
        let puzzle = r["puzzle"].as_str().unwrap();
        let solution = r["solution"].as_str().unwrap();
        if puzzle.len() == 729 {
            assert!(is_valid_solution(&".".repeat(81), solution), "{r}");
            for (i, d) in solution.bytes().enumerate() {
                let place = i * 9 + (d - b'1') as usize;
                assert_eq!(
                    puzzle.as_bytes()[place],
                    d,
                    "cell {i} is not a candidate: {r}"
                );
            }
        } else {
            assert!(is_valid_solution(puzzle, solution), "{r}");
        }
    }
}

#[test]
fn project_euler_grids_after_labels_are_all_read_and_labelled() {
    let (records, code) = solve_json(&[&sample("euler-grids.txt")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
    for (k, r) in records.iter().enumerate() {
        assert_eq!(r["label"], format!("Grid {:02}", k + 1));
        assert_eq!(
            r["source"],
            format!("{}:{}", sample("euler-grids.txt"), 2 + 10 * k)
        );
    }
}

#[test]
fn grids_separated_by_rules_are_all_read() {
    let (records, code) = solve_json(&[&sample("separated-grids.txt")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
}

#[test]
fn a_grid_that_lost_a_row_is_an_error_and_nothing_is_glued() {
    // Norvig's layout with a row of the first grid gone: the 8 rows are one error, and the
    // next grids are still read whole.
    let text = fs::read_to_string(sample("separated-grids.txt")).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.remove(4);
    let (records, code) = solve_json(&[], Some(lines.join("\n")));
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["status"], "invalid");
    assert!(
        records[0]["error"]
            .as_str()
            .unwrap()
            .contains("grid has only 8 of 9 rows: it was cut short by a separator line at line 9"),
        "{}",
        records[0]
    );
    assert_all_solved(&records[1..]);
    let (whole, _) = solve_json(&[&sample("separated-grids.txt")], None);
    assert_eq!(records[1]["puzzle"], whole[1]["puzzle"]);
    assert_eq!(records[2]["puzzle"], whole[2]["puzzle"]);
}

#[test]
fn csv_with_a_header_reads_the_puzzle_column_and_exits_0() {
    // `id,puzzle,solution,clues,difficulty`: the puzzle is the second field.
    let (records, code) = solve_json(&[&sample("ratings.csv")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
    // `solutions,quizzes`: the header decides, so the solution is never read as the puzzle.
    let (records, code) = solve_json(&[&sample("quizzes.csv")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
    for r in &records {
        assert!(r["puzzle"].as_str().unwrap().contains('.'), "{r}");
    }
    // Without a header, the first field of 81 cells.
    let line = format!("7,{LEETCODE},{LEETCODE_SOLUTION},30,1.2\n");
    let (records, code) = solve_json(&[], Some(line.repeat(20)));
    assert_eq!((records.len(), code), (20, Some(0)));
    assert!(records.iter().all(|r| r["puzzle"] == LEETCODE));
}

#[test]
fn comma_grids_with_empty_fields_quotes_and_trailing_commas() {
    let (records, code) = solve_json(&[&sample("comma-grid.csv")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 1);
    assert_all_solved(&records);
    // Zeros and a placeholder letter.
    let zeros: String = LEETCODE
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let cells: Vec<String> = r
                .iter()
                .map(|&c| {
                    if c == b'.' {
                        "0".into()
                    } else {
                        (c as char).to_string()
                    }
                })
                .collect();
            cells.join(",") + "\n"
        })
        .collect();
    let xs = zeros.replace('0', "X");
    for text in [zeros, xs] {
        let (records, code) = solve_json(&[], Some(text));
        assert_eq!(code, Some(0));
        assert_eq!(records[0]["solution"], LEETCODE_SOLUTION);
    }
}

#[test]
fn fixed_width_lines_where_a_space_is_an_empty_cell_keep_their_slots() {
    let (records, code) = solve_json(&[&sample("fixed-width.txt")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 2);
    assert_all_solved(&records);
    // Three such lines: three slots, so line N of the output answers line N.
    let line = LEETCODE.replace('.', " ");
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(format!("{line}\n{line}\n{line}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_of(&out), format!("{LEETCODE_SOLUTION}\n").repeat(3));
}

#[test]
fn json_boards_of_numbers_boards_under_keys_and_api_answers() {
    let (records, code) = solve_json(&[&sample("boards.json")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
    // The auto format answers a board with a grid.
    let out = sudoku().arg(sample("boards.json")).output().unwrap();
    assert_eq!(grids_in(&stdout_of(&out)).len(), 3);
}

#[test]
fn tdoku_test_lines_with_a_count_and_a_solution_after_colons() {
    let (records, code) = solve_json(&[&sample("tdoku-lines.txt")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
    // The solution given after the count is the one found.
    let text = fs::read_to_string(sample("tdoku-lines.txt")).unwrap();
    for (r, line) in records.iter().zip(text.lines()) {
        assert_eq!(
            r["solution"].as_str().unwrap(),
            line.rsplit(':').next().unwrap()
        );
    }
}

#[test]
fn pencilmarks_are_solved_checked_and_counted_but_not_canonicalized() {
    let (records, code) = solve_json(&[&sample("pencilmarks.txt")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 2);
    assert_all_solved(&records);
    // The JSON record keeps the 729-character form; auto output is the 81-digit solution.
    assert!(records
        .iter()
        .all(|r| r["puzzle"].as_str().unwrap().len() == 729));
    let out = sudoku().arg(sample("pencilmarks.txt")).output().unwrap();
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| l.len() == 81));
    let out = sudoku()
        .arg("check")
        .arg(sample("pencilmarks.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out).matches(": unique").count(), 2);
    let out = sudoku()
        .args(["count", "--limit", "5"])
        .arg(sample("pencilmarks.txt"))
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out), "1\n1\n");
    let out = sudoku()
        .arg("canon")
        .arg(sample("pencilmarks.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr_of(&out).contains("canon reads givens, not pencilmarks"));
    // A cell left without candidates: no solution, and which cell.
    let mut marks = records[0]["puzzle"].as_str().unwrap().to_string();
    marks.replace_range(0..9, ".........");
    let out = sudoku().arg("check").write_stdin(marks).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_of(&out),
        "<stdin>:1: no solution: r1c1 has no candidate\n"
    );
}

#[test]
fn a_candidate_grid_that_excludes_the_solution_has_no_solution() {
    // Candidates from the LeetCode givens, but r1c3 loses its solution digit (4).
    let mut text = String::new();
    let g = digits(LEETCODE);
    for r in 0..9 {
        let mut cells = Vec::new();
        for c in 0..9 {
            let i = r * 9 + c;
            let set: String = if g[i] != 0 {
                g[i].to_string()
            } else {
                (1..=9u8)
                    .filter(|&d| {
                        (0..9).all(|k| {
                            g[r * 9 + k] != d
                                && g[k * 9 + c] != d
                                && g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] != d
                        })
                    })
                    .filter(|&d| !(i == 2 && d == 4))
                    .map(|d| d.to_string())
                    .collect()
            };
            cells.push(set);
        }
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    let out = sudoku().arg("check").write_stdin(text).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stdout_of(&out));
    assert!(stdout_of(&out).contains("no solution"));
}

#[test]
fn layouts_mix_in_one_stream_and_auto_answers_in_kind() {
    let grid = fs::read_to_string(puzzles_dir().join("leetcode.txt")).unwrap();
    let json = fs::read_to_string(puzzles_dir().join("leetcode.json")).unwrap();
    let input = format!("{LEETCODE}\n{grid}{json}\n{LEETCODE}\n");
    let out = sudoku().write_stdin(input).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    let expected = format!(
        "{LEETCODE_SOLUTION}\n\n# <stdin>:2\n{g}\n# <stdin>:11\n{g}\n{LEETCODE_SOLUTION}\n",
        g = LEETCODE_SOLUTION
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect::<String>()
    );
    assert_eq!(text, expected);
}

#[test]
fn the_samples_directory_still_solves_cleanly_with_every_new_layout() {
    let out = sudoku()
        .args(["solve", "-f", "json"])
        .arg(format!("{}/puzzles", env!("CARGO_MANIFEST_DIR")))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let records = json_records(&out);
    assert!(records.len() > 30);
    assert_all_solved(&records);
}
