//! `solve`: the examples of the problem statements, the samples and a sample of every standard
//! set solved validly, `--unique`, and the order of a batch whatever the threads. Every
//! solution printed is judged by an independent validity check (`common`).

use crate::common::{
    self, blanked, data_lines, grids_in, is_valid_solution, json_record, lines_of, proptest_cases,
    puzzles_dir, sample, sample_line_puzzles, stderr_of, stdout_of, sudoku, to_text, LEETCODE,
    LEETCODE_SOLUTION, SETS, TABLE_SOLUTION,
};
use proptest::prelude::*;
use sudoku_solver::search;

// ---------------------------------------------------------- the examples of the problem statements

#[test]
fn leetcode_grid_example_is_solved_exactly() {
    let out = sudoku()
        .arg(puzzles_dir().join("leetcode.txt"))
        .assert()
        .success()
        .get_output()
        .clone();
    let text = stdout_of(&out);
    assert!(text.starts_with("# "), "a grid names its source: {text}");
    assert_eq!(grids_in(&text), vec![LEETCODE_SOLUTION.to_string()]);
}

#[test]
fn leetcode_json_example_is_solved_as_a_grid() {
    let out = sudoku()
        .arg(puzzles_dir().join("leetcode.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        grids_in(&stdout_of(&out)),
        vec![LEETCODE_SOLUTION.to_string()]
    );
}

#[test]
fn table_example_with_dashes_and_trailing_tabs_is_solved() {
    let out = sudoku()
        .args(["solve", "-f", "line"])
        .arg(puzzles_dir().join("table-with-dashes.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_of(&out), format!("{TABLE_SOLUTION}\n"));
}

#[test]
fn the_samples_directory_solves_cleanly() {
    let out = sudoku().arg(puzzles_dir()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(out.stderr.is_empty());
}

// --------------------------------------------------------------------------------- valid solutions

#[test]
fn every_line_puzzle_is_solved_validly_in_order() {
    let puzzles = sample_line_puzzles();
    let out = sudoku()
        .args(["-f", "line"])
        .arg(puzzles_dir().join("line-puzzles.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    for (puzzle, solution) in puzzles.iter().zip(lines) {
        assert!(
            is_valid_solution(puzzle, solution),
            "{puzzle} -> {solution}"
        );
    }
}

#[test]
fn solve_gives_a_valid_solution_for_a_sample_of_every_set() {
    for set in SETS {
        let puzzles = sample(set);
        let out = sudoku()
            .args(["-f", "line"])
            .write_stdin(lines_of(&puzzles))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{set}");
        let text = stdout_of(&out);
        let solutions: Vec<&str> = text.lines().collect();
        assert_eq!(solutions.len(), puzzles.len(), "{set}");
        for (p, s) in puzzles.iter().zip(solutions) {
            assert!(is_valid_solution(p, s), "{set}: {p} -> {s}");
        }
    }
}

#[test]
fn solve_unique_fails_a_puzzle_with_several_solutions() {
    let p = &sample("puzzles7_serg_benchmark")[0];
    let out = sudoku()
        .args(["solve", "--unique", "-f", "json"])
        .write_stdin(p.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let record = json_record(&out);
    assert_eq!(record["status"], "not_unique");
    assert!(!record["differences"].as_array().unwrap().is_empty());
    let out = sudoku()
        .args(["solve", "--unique"])
        .write_stdin(p.clone())
        .output()
        .unwrap();
    assert!(stdout_of(&out).starts_with("# <stdin>:1: not unique: r"));
    // Without --unique, the first solution is enough.
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(p.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(is_valid_solution(p, stdout_of(&out).trim()));
}

proptest! {
    #![proptest_config(proptest_cases(200))]

    #[test]
    fn solutions_are_complete_valid_and_keep_every_given((_, puzzle) in blanked()) {
        // Blanking cells of a solved grid never makes it unsolvable.
        let outcome = search(&puzzle, 1);
        let solution = outcome.first().expect("a blanked solved grid stays solvable");
        prop_assert!(common::is_valid_solution(&to_text(&puzzle), &to_text(&solution)));
    }
}

// ------------------------------------------------------------------------------------- batch order

#[test]
fn a_slow_first_chunk_holds_the_others_back_in_order() {
    // The first chunk (256 puzzles) is all hard puzzles, then come 10,000 easy ones: with two
    // threads one worker runs ahead through the easy chunks until the window of chunks in
    // flight is full, and waits there for the slow chunk to be written first.
    let mut puzzles = data_lines("puzzles5_forum_hardest_1905_11+-sample.txt");
    puzzles.extend(data_lines("puzzles6_forum_hardest_1106-sample.txt"));
    let hard: Vec<String> = puzzles.iter().cycle().take(256).cloned().collect();
    let easy = data_lines("puzzles1_random_minimal-sample.txt");
    let all: Vec<String> = hard
        .into_iter()
        .chain(easy.iter().cycle().take(10_000).cloned())
        .collect();
    let input = all.join("\n") + "\n";
    let one = sudoku()
        .args(["-j", "1", "-f", "line"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let two = sudoku()
        .args(["-j", "2", "-f", "line"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(two.status.code(), Some(0));
    assert!(two.stdout == one.stdout, "-j 2 changed stdout");
    let text = stdout_of(&two);
    assert_eq!(text.lines().count(), all.len());
    for (puzzle, line) in all.iter().zip(text.lines()) {
        assert!(is_valid_solution(puzzle, line), "{puzzle}: {line}");
    }
}

#[test]
fn threads_never_change_the_output() {
    // Enough puzzles for several chunks, with failures scattered through them.
    let puzzles = sample_line_puzzles();
    let mut input = String::new();
    for i in 0..3000 {
        match i % 397 {
            // A line of words is a label (no slot); a damaged line is an error in its slot.
            4 => input.push_str("Puzzle of the day\n"),
            5 => input.push_str("53..7x...\n"),
            7 => input.push_str(&format!("55{}\n", &LEETCODE[2..])),
            _ => input.push_str(&format!("{}\n", puzzles[i % puzzles.len()])),
        }
    }
    let one = sudoku()
        .args(["-j", "1", "-f", "line"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    for threads in ["2", "3", "8"] {
        let many = sudoku()
            .args(["-j", threads, "-f", "line"])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(many.status.code(), one.status.code());
        assert!(many.stdout == one.stdout, "-j {threads} changed stdout");
        // On a machine with one core, -j 8 is lowered with a note; nothing else may differ.
        let problems = |err: &[u8]| -> Vec<String> {
            String::from_utf8_lossy(err)
                .lines()
                .filter(|l| !l.starts_with("sudoku: -j "))
                .map(String::from)
                .collect()
        };
        assert!(
            problems(&many.stderr) == problems(&one.stderr),
            "-j {threads} changed stderr"
        );
    }
    let text = stdout_of(&one);
    let slots: Vec<usize> = (0..3000).filter(|i| i % 397 != 4).collect();
    assert_eq!(text.lines().count(), slots.len());
    for (&i, line) in slots.iter().zip(text.lines()) {
        if !line.starts_with('#') {
            assert!(is_valid_solution(&puzzles[i % puzzles.len()], line));
        }
    }
}
