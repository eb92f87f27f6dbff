//! Hard and hostile puzzles from `puzzles/` (`cargo bench --bench hostile`, plain `main`):
//! the empty grid and grids with 1 to 5 clues (first solution, and counting to a limit), the
//! puzzle built against naive backtracking, and 300 unsolvable puzzles whose contradiction lies
//! deep. Reports time per puzzle and guesses; any wrong answer exits non-zero.
use std::process::ExitCode;
use std::time::Instant;

use sudoku_solver::{parse_str, search, Grid};

fn puzzles(file: &str) -> Vec<Grid> {
    let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the sample puzzles are in the repository");
    parse_str(&text)
        .into_iter()
        .map(|p| p.expect("sample puzzles parse").grid())
        .collect()
}

fn main() -> ExitCode {
    let mut failed = false;
    let hostile = puzzles("hostile.txt");
    println!(
        "{:<44} {:>12} {:>10} {:>10}",
        "puzzle", "limit", "µs", "guesses"
    );
    for (i, grid) in hostile.iter().enumerate() {
        for limit in [1, 10_000] {
            let start = Instant::now();
            let out = search(grid.cells(), limit);
            let micros = start.elapsed().as_secs_f64() * 1e6;
            let name = format!("hostile.txt #{} ({} clues)", i + 1, grid.filled());
            println!(
                "{name:<44} {limit:>12} {micros:>10.1} {:>10}",
                out.guesses()
            );
            let valid = [out.first(), out.second()]
                .into_iter()
                .flatten()
                .all(|s| Grid::from_cells(s).is_some_and(|s| s.solves(grid)));
            // The sparse grids reach any limit; the last puzzle has exactly one solution.
            let expected = if grid.filled() >= 17 { 1 } else { limit };
            if !valid || out.solutions() != expected {
                eprintln!(
                    "FAILURE: {name}: {} solutions, valid: {valid}",
                    out.solutions()
                );
                failed = true;
            }
        }
    }
    let deep = puzzles("invalid/deep-unsolvable.txt");
    let start = Instant::now();
    let mut guesses = 0;
    for grid in &deep {
        let out = search(grid.cells(), 2);
        guesses += out.guesses();
        if out.solutions() != 0 {
            eprintln!(
                "FAILURE: a deep-unsolvable puzzle has {} solutions",
                out.solutions()
            );
            failed = true;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{:<44} {:>12} {:>10.1} {:>10.1}   ({:.0} puzzles/s, guesses per puzzle)",
        format!("deep-unsolvable.txt ({} puzzles)", deep.len()),
        2,
        secs * 1e6 / deep.len() as f64,
        guesses as f64 / deep.len() as f64,
        deep.len() as f64 / secs
    );
    if failed {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
