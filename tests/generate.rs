//! `generate`, plain and to order (`--rating`, `--ep`, `--ed`, `--level`, `--needs`,
//! `--pattern`, `--attempts`, `--timeout`). Generated puzzles are judged from outside the
//! generator: uniqueness and minimality by `check` on the printed puzzles, ratings by `rate`,
//! techniques by `explain`, symmetry, clue counts and clue positions by reading the puzzle.
//!
//! Submodules: `plain` (seeds, threads, symmetries, clue counts, formats, solutions), `order`
//! (ratings, levels, techniques, timeouts), `patterns` (`--pattern`: clues exactly on a mask) and
//! `unmet` (requests no puzzle can meet, closed pipes and time bounds). The helpers that run
//! `generate` and `rate` are here.

use crate::common::{lines_of, stderr_of, stdout_of, sudoku};

mod order;
mod patterns;
mod plain;
mod unmet;

fn generate(args: &[&str]) -> Vec<String> {
    let out = sudoku().arg("generate").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    stdout_of(&out).lines().map(String::from).collect()
}

/// `(ER, EP, ED)` of each puzzle, by `rate`; every puzzle must be unique to be rated.
fn ratings(puzzles: &[String]) -> Vec<(f64, f64, f64)> {
    sudoku()
        .args(["check", "-q"])
        .write_stdin(lines_of(puzzles))
        .assert()
        .code(0);
    let out = sudoku()
        .arg("rate")
        .write_stdin(lines_of(puzzles))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = stdout_of(&out);
    assert_eq!(
        text.lines().count(),
        puzzles.len(),
        "one rating per puzzle: {text}"
    );
    text.lines()
        .map(|l| {
            let r: Vec<f64> = l
                .split(": ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .split('/')
                .map(|x| x.parse().unwrap())
                .collect();
            (r[0], r[1], r[2])
        })
        .collect()
}
