//! Where rating time goes, rung by rung (`cargo bench --bench rungs`, plain `main`, no
//! harness): for each set of `../shared/data` (or `SUDOKU_DATA`), the first
//! `SUDOKU_RATE_LIMIT` puzzles with one solution (default 300, and 3 for the forum's hardest)
//! are walked as `rate` walks them, each rung asked as the rating asks it (looking only where
//! the board changed since it last found nothing), and each call timed.
//!
//! For each rung: calls, the calls that found the step, milliseconds in all, the share of the
//! set's time, microseconds a call, and of those calls the ones that looked everywhere (a
//! rung's first look on a path, or its first after it found a step) with their milliseconds. The rating ladder is the same as `rate`'s; only the
//! clock reads are added, so the shares are what to read, not the totals.
mod common;

use common::{data_sets, outcome_ok, parse};
use std::time::Instant;
use sudoku_solver::internals::{Memo, Scope, LADDER};
use sudoku_solver::{search, Board, Grid};

fn main() {
    let limit: Option<usize> = std::env::var("SUDOKU_RATE_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok());
    let Some(sets) = data_sets("rungs") else {
        return;
    };
    for (name, text) in sets {
        let cap = limit.unwrap_or(if name.contains("hardest") { 3 } else { 300 });
        let puzzles: Vec<[u8; 81]> = text
            .lines()
            .filter_map(parse)
            .filter(|p| {
                // One solution, and the solver's answer passes the bench's own rule check.
                let out = search(p, 2);
                out.solutions() == 1 && outcome_ok(p, &out, 2)
            })
            .take(cap)
            .collect();
        if puzzles.is_empty() {
            println!("{name}: no puzzle with one solution, none rated\n");
            continue;
        }
        let mut calls = [0u64; LADDER.len()];
        let mut hits = [0u64; LADDER.len()];
        let mut nanos = [0u128; LADDER.len()];
        // The calls that looked everywhere (a first look, or the first after a find), and
        // their time.
        let mut everywhere = [0u64; LADDER.len()];
        let mut everywhere_nanos = [0u128; LADDER.len()];
        for p in &puzzles {
            let Some(grid) = Grid::from_cells(*p) else {
                continue;
            };
            let mut board = Board::from_grid(&grid);
            let mut memo = Memo::default();
            while !board.is_solved() {
                let found = memo.next_step_by(&board, |rung, scope| {
                    let i = LADDER.iter().position(|&r| r == rung).expect("a rung");
                    let start = Instant::now();
                    let step = rung.find_in(&board, scope);
                    let spent = start.elapsed().as_nanos();
                    nanos[i] += spent;
                    if *scope == Scope::ALL {
                        everywhere[i] += 1;
                        everywhere_nanos[i] += spent;
                    }
                    calls[i] += 1;
                    hits[i] += u64::from(step.is_some());
                    step
                });
                match found {
                    Some(step) => step.apply(&mut board),
                    None => break,
                }
            }
        }
        let total: u128 = nanos.iter().sum::<u128>().max(1);
        println!(
            "{name}: {} puzzles, {:.1} ms",
            puzzles.len(),
            total as f64 / 1e6
        );
        println!(
            "  {:<18} {:>8} {:>7} {:>10} {:>6} {:>9} {:>10} {:>9}",
            "rung", "calls", "found", "ms", "share", "us/call", "all calls", "all ms"
        );
        for (i, rung) in LADDER.iter().enumerate() {
            if calls[i] == 0 {
                continue;
            }
            println!(
                "  {:<18} {:>8} {:>7} {:>10.1} {:>5.1}% {:>9.2} {:>10} {:>9.1}",
                format!("{rung:?}"),
                calls[i],
                hits[i],
                nanos[i] as f64 / 1e6,
                nanos[i] as f64 * 100.0 / total as f64,
                nanos[i] as f64 / calls[i] as f64 / 1e3,
                everywhere[i],
                everywhere_nanos[i] as f64 / 1e6
            );
        }
        println!();
    }
}
