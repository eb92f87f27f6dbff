//! Rating throughput (`cargo bench --bench rate`, plain `main`, no harness): puzzles rated per
//! second on one core, on every set of `../shared/data` (or the directory named by
//! `SUDOKU_DATA`).
//!
//! Rating time grows steeply with difficulty: random-minimal puzzles take about a millisecond,
//! the forum's hardest (SE 11 and up) seconds each. So each set is sampled: its first
//! `SUDOKU_RATE_LIMIT` puzzles (default: 1,000, and 10 for the sets of the forum's hardest). A
//! puzzle with more than one solution is not rated (as `rate` refuses it) and counts apart.
//!
//! Every rating path is checked as it is walked: no step removes the solution's digit or places
//! another, and the path ends in the solution found by the backtracking solver, which is itself
//! checked here against the rules. Any failure exits non-zero.
mod common;

use common::{data_sets, outcome_ok, parse};
use std::process::ExitCode;
use std::time::Instant;
use sudoku_solver::{search, walk, Board, Grid};

/// Rates `givens` and checks the path against `solution`; the ER, or an error.
fn rate_checked(givens: &[u8; 81], solution: &[u8; 81]) -> Result<f64, String> {
    let grid = Grid::from_cells(*givens).ok_or("givens break a rule")?;
    let mut board = Board::from_grid(&grid);
    let mut fault = None;
    let rating = walk(&mut board, None, |_, step| {
        let wrong_elimination = step.removed().iter().any(|&(cell, d)| solution[cell] == d);
        let wrong_placement = step
            .placement()
            .is_some_and(|(cell, d)| solution[cell] != d);
        if (wrong_elimination || wrong_placement) && fault.is_none() {
            fault = Some(format!("unsound step: {}", step.effect()));
        }
    })
    .map_err(|e| e.to_string())?;
    if let Some(f) = fault {
        return Err(f);
    }
    if !board.is_solved() || board.values() != solution {
        return Err("the path does not end in the solution".into());
    }
    Ok(rating.er())
}

fn main() -> ExitCode {
    let limit: Option<usize> = std::env::var("SUDOKU_RATE_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok());
    let Some(sets) = data_sets("rate") else {
        return ExitCode::SUCCESS;
    };
    let mut failed = false;
    println!(
        "{:<34} {:>7} {:>10} {:>8} {:>6} {:>6} {:>6}  not unique",
        "set", "rated", "rated/s", "ms/p", "ER<6", "6-9", "9+"
    );
    for (name, text) in sets {
        let cap = limit.unwrap_or(if name.contains("hardest") { 10 } else { 1000 });
        let puzzles: Vec<[u8; 81]> = text.lines().filter_map(parse).take(cap).collect();
        // Solutions first, outside the timing.
        let mut unique = Vec::new();
        let mut multiple = 0;
        for p in &puzzles {
            let out = search(p, 2);
            if !outcome_ok(p, &out, 2) {
                eprintln!("FAILURE: {name}: the solver's answer fails the independent check");
                failed = true;
                continue;
            }
            match out.first() {
                Some(s) if out.solutions() == 1 => unique.push((*p, s)),
                _ => multiple += 1,
            }
        }
        let start = Instant::now();
        let mut bands = [0usize; 3];
        for (p, s) in &unique {
            match rate_checked(p, s) {
                Ok(er) => {
                    bands[if er < 6.0 {
                        0
                    } else if er < 9.0 {
                        1
                    } else {
                        2
                    }] += 1
                }
                Err(e) => {
                    eprintln!("FAILURE: {name}: {e}");
                    failed = true;
                }
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let n = unique.len();
        if n == 0 {
            println!(
                "{name:<34} {:>7} {:>10} {:>8} {:>6} {:>6} {:>6}  {multiple}",
                0, "-", "-", "-", "-", "-"
            );
            continue;
        }
        println!(
            "{name:<34} {n:>7} {:>10.1} {:>8.2} {:>6} {:>6} {:>6}  {multiple}",
            n as f64 / secs,
            secs * 1000.0 / n as f64,
            bands[0],
            bands[1],
            bands[2]
        );
    }
    if failed {
        eprintln!("bench rate: FAILED");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
