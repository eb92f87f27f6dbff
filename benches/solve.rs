//! Solver throughput benchmark (`cargo bench --bench solve`, plain `main`, no harness).
//!
//! Reads every puzzle file (one 81-character puzzle per line, '.' or '0' for empty) in
//! `../shared/data` relative to the crate root, or in the directory named by `SUDOKU_DATA`.
//! For each set it times `solve` (first solution) and `search(.., 2)` (uniqueness check), as the
//! library runs them (`search`, with its router), and then the vector engine alone on every
//! instruction set this CPU runs; it reports puzzles/second and guesses/puzzle, and checks every
//! solution against its givens with a validity check written here, independent of the solver.
//! Any failure exits non-zero. `SUDOKU_BENCH_LIMIT=N` caps the number of puzzles read per set
//! (default: all); `SUDOKU_BENCH_ENGINES=router,avx2,...` names the rows to run (default: all);
//! `SUDOKU_ENGINE` picks the instruction set of the router's vector engine, as it does for the
//! binary.
//!
//! Both cores count a guess per binary branch, as tdoku does; tdoku's published counts
//! (Ice Lake, counting to 2) are printed beside its rows.
mod common;

use common::{data_sets, outcome_ok, parse};
use std::process::ExitCode;
use std::time::Instant;
use sudoku_solver::internals::Isa;
use sudoku_solver::{search, SearchOutcome};

/// tdoku's published guesses per puzzle, counting to 2.
const TDOKU_GUESSES: [(&str, f64); 3] =
    [("magictour", 9.05), ("1905_11+", 64.98), ("1106", 113.16)];

/// A search to time: the library's `search`, or the vector engine's alone on one instruction set.
type Searcher = Box<dyn Fn(&[u8; 81], u64) -> SearchOutcome>;

fn run(puzzles: &[[u8; 81]], limit: u64, f: &Searcher) -> (f64, u64, u64, Vec<usize>) {
    let mut outcomes = Vec::with_capacity(puzzles.len());
    let start = Instant::now();
    for p in puzzles {
        outcomes.push(f(p, limit));
    }
    let secs = start.elapsed().as_secs_f64();
    let guesses = outcomes.iter().map(|o| o.guesses()).sum();
    let multiple = outcomes.iter().filter(|o| o.solutions() >= 2).count() as u64;
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
    let wanted = std::env::var("SUDOKU_BENCH_ENGINES").ok();
    let wants = |name: &str| {
        wanted
            .as_deref()
            .is_none_or(|w| w.split(',').any(|n| n == name))
    };
    let Some(sets) = data_sets("solve") else {
        return ExitCode::SUCCESS;
    };
    // The router's vector engine runs on the instruction set `SUDOKU_ENGINE` names, as in the binary.
    if let Err(e) = Isa::from_env().and_then(Isa::select) {
        eprintln!("SUDOKU_ENGINE: {e}");
        return ExitCode::FAILURE;
    }
    let mut failed = false;
    println!(
        "{:<34} {:<9} {:>8} {:>11} {:>8} {:>11} {:>8} {:>6} {:>7}",
        "set", "search", "puzzles", "solve/s", "guess/p", "unique/s", "guess/p", ">1 sol", "tdoku"
    );
    for (name, text) in sets {
        let puzzles: Vec<[u8; 81]> = text.lines().filter_map(parse).take(cap).collect();
        if puzzles.is_empty() {
            println!("{name}: skipped (no puzzle lines)");
            continue;
        }
        let n = puzzles.len() as f64;
        let mut rows: Vec<(String, Searcher)> = Vec::new();
        if wants("router") {
            rows.push(("router".into(), Box::new(search)));
        }
        for isa in Isa::ALL {
            if !wants(isa.name()) {
                continue;
            }
            if !isa.is_available() {
                println!("{name}: {isa} skipped (this CPU cannot run it)");
                continue;
            }
            rows.push((
                isa.name().into(),
                Box::new(move |p, l| isa.search(p, l).expect("available")),
            ));
        }
        let tdoku = TDOKU_GUESSES
            .iter()
            .find(|(set, _)| name.contains(set))
            .map_or(String::new(), |(_, g)| format!("{g:.2}"));
        for (row, f) in rows {
            let (s_secs, s_guesses, _, s_fail) = run(&puzzles, 1, &f);
            let (u_secs, u_guesses, multiple, u_fail) = run(&puzzles, 2, &f);
            println!(
                "{:<34} {:<9} {:>8} {:>11.0} {:>8.2} {:>11.0} {:>8.2} {:>6} {:>7}",
                name,
                row,
                puzzles.len(),
                n / s_secs,
                s_guesses as f64 / n,
                n / u_secs,
                u_guesses as f64 / n,
                multiple,
                if row == "router" { "" } else { &tdoku }
            );
            for (mode, fails) in [("solve", s_fail), ("unique", u_fail)] {
                if !fails.is_empty() {
                    failed = true;
                    eprintln!(
                        "FAILURE: {name} ({row}): {} invalid {mode} outcomes (first at line {})",
                        fails.len(),
                        fails[0] + 1
                    );
                }
            }
        }
    }
    if failed {
        eprintln!("bench solve: FAILED, some solutions are invalid");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
