//! Solver throughput benchmark (`cargo bench --bench solve`, plain `main`, no harness).
//!
//! Reads every puzzle file (one 81-character puzzle per line, '.' or '0' for empty) in
//! `../shared/data` relative to the crate root, or in the directory named by `SUDOKU_DATA`.
//! For each set it times `solve` (first solution) and `search(.., 2)` (uniqueness check),
//! reports puzzles/second and guesses/puzzle, and checks every solution against its givens with
//! a validity check written here, independent of the solver. Any failure exits non-zero.
//! `SUDOKU_BENCH_LIMIT=N` caps the number of puzzles read per set (default: all).
mod common;

use common::{data_sets, outcome_ok, parse};
use std::process::ExitCode;
use std::time::Instant;
use sudoku_solver::solver::{search, solve};

fn run(puzzles: &[[u8; 81]], limit: u64) -> (f64, u64, u64, Vec<usize>) {
    let mut outcomes = Vec::with_capacity(puzzles.len());
    let start = Instant::now();
    for p in puzzles {
        outcomes.push(if limit == 1 {
            solve(p)
        } else {
            search(p, limit)
        });
    }
    let secs = start.elapsed().as_secs_f64();
    let guesses = outcomes.iter().map(|o| o.guesses).sum();
    let multiple = outcomes.iter().filter(|o| o.solutions >= 2).count() as u64;
    let failures = puzzles
        .iter()
        .zip(&outcomes)
        .enumerate()
        .filter(|(_, (p, o))| !outcome_ok(p, o, limit))
        .map(|(i, _)| i)
        .collect();
    (secs, guesses, multiple, failures)
}

fn main() -> ExitCode {
    let cap: usize = std::env::var("SUDOKU_BENCH_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let Some(sets) = data_sets("solve") else {
        return ExitCode::SUCCESS;
    };
    let mut failed = false;
    println!(
        "{:<34} {:>8} {:>13} {:>9} {:>13} {:>9} {:>6}",
        "set", "puzzles", "solve/s", "guess/p", "unique/s", "guess/p", ">1 sol"
    );
    for (name, text) in sets {
        let puzzles: Vec<[u8; 81]> = text.lines().filter_map(parse).take(cap).collect();
        if puzzles.is_empty() {
            println!("{name}: skipped (no puzzle lines)");
            continue;
        }
        let n = puzzles.len() as f64;
        let (s_secs, s_guesses, _, s_fail) = run(&puzzles, 1);
        let (u_secs, u_guesses, multiple, u_fail) = run(&puzzles, 2);
        println!(
            "{:<34} {:>8} {:>13.0} {:>9.1} {:>13.0} {:>9.1} {:>6}",
            name,
            puzzles.len(),
            n / s_secs,
            s_guesses as f64 / n,
            n / u_secs,
            u_guesses as f64 / n,
            multiple
        );
        for (mode, fails) in [("solve", s_fail), ("unique", u_fail)] {
            if !fails.is_empty() {
                failed = true;
                eprintln!(
                    "FAILURE: {name}: {} invalid {mode} outcomes (first at line {})",
                    fails.len(),
                    fails[0] + 1
                );
            }
        }
    }
    if failed {
        eprintln!("bench solve: FAILED, some solutions are invalid");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
