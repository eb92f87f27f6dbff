//! Files people have: every sample file of a layout found in the wild reads whole and in order,
//! held to the puzzles written down when the files were made (`tests/data/wild-puzzles.txt`); a
//! dated line answers its puzzle, and a JSON list over the line limit is answered one by one.

use crate::common::{
    is_valid_solution, json_records, repo, sample_line_puzzles, stderr_of, stdout_of, sudoku,
    LEETCODE, LEETCODE_SOLUTION,
};
use tempfile::TempDir;

// ------------------------------------------------------------------------------- files people have

/// The sample files' puzzles as written down when they were made: `(file, puzzle, candidates)`.
fn truth() -> Vec<(String, String, bool)> {
    std::fs::read_to_string(repo("tests/data/wild-puzzles.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut words = l.split(' ');
            let file = words.next().unwrap().to_string();
            let puzzle = words.next().unwrap().to_string();
            (file, puzzle, words.next() == Some("candidates"))
        })
        .collect()
}

#[test]
fn every_sample_file_of_a_wild_layout_reads_whole_and_in_order() {
    let truth = truth();
    let mut files: Vec<&str> = truth.iter().map(|(f, _, _)| f.as_str()).collect();
    files.dedup();
    for file in files {
        let want: Vec<&(String, String, bool)> = truth.iter().filter(|t| t.0 == file).collect();
        let out = sudoku()
            .args(["solve", "-f", "json", "-j", "2"])
            .arg(repo(&format!("puzzles/{file}")))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr_of(&out));
        let records = json_records(&out);
        assert_eq!(records.len(), want.len(), "{file}: {records:?}");
        for (record, (_, puzzle, candidates)) in records.iter().zip(want) {
            let solution = record["solution"].as_str().unwrap();
            assert!(is_valid_solution(puzzle, solution), "{file}: {record}");
            if !candidates {
                assert_eq!(record["puzzle"].as_str().unwrap(), puzzle, "{file}");
            }
        }
    }
}

#[test]
fn a_dated_line_answers_its_puzzle_not_its_solution() {
    let line = format!(
        "2018-06-07 {LEETCODE} {LEETCODE_SOLUTION}\n2018-06-08 {LEETCODE},{LEETCODE_SOLUTION}\n"
    );
    let out = sudoku()
        .args(["check", "-f", "json"])
        .write_stdin(line)
        .output()
        .unwrap();
    let records = json_records(&out);
    assert_eq!(records.len(), 2);
    for record in records {
        assert_eq!(record["puzzle"], LEETCODE);
        assert_eq!(record["status"], "unique");
    }
}

#[test]
fn a_json_list_over_the_line_limit_is_answered_puzzle_by_puzzle() {
    // 13,000 puzzle strings on one line, as json.dump writes them: 1.1 MB.
    let puzzles = sample_line_puzzles();
    let list: Vec<String> = (0..13_000)
        .map(|k| format!("\"{}\"", puzzles[k % puzzles.len()]))
        .collect();
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("list.json");
    std::fs::write(&path, format!("[{}]\n", list.join(", "))).unwrap();
    assert!(std::fs::metadata(&path).unwrap().len() > 1 << 20);
    let out = sudoku()
        .args(["check", "-j", "2"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let verdicts: Vec<&str> = stdout_of(&out)
        .lines()
        .map(|l| l.to_owned().leak() as &str)
        .collect();
    assert_eq!(verdicts.len(), 13_000);
    assert!(verdicts.iter().all(|v| v.ends_with(": unique")));
}
