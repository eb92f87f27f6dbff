//! Reading puzzles (`cargo bench --bench parse`, plain `main`): the first 100,000 lines of each
//! set in `../shared/data` (or `$SUDOKU_DATA`), read one by one with `str::parse::<Grid>` (the
//! path for one puzzle) against one streaming `Parser` over the whole text. Prints lines a
//! second for both and their ratio; every line must give the same grid both ways, else it
//! exits non-zero.
use std::process::ExitCode;
use std::time::Instant;

use sudoku_solver::{Grid, Parser};

mod common;

const LINES: usize = 100_000;

fn main() -> ExitCode {
    let Some(sets) = common::data_sets("parse") else {
        return ExitCode::SUCCESS;
    };
    println!(
        "{:<36} {:>8} {:>14} {:>14} {:>7}",
        "set", "lines", "one by one/s", "streaming/s", "ratio"
    );
    let mut failed = false;
    for (name, text) in sets {
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| l.len() >= 81 && l.is_char_boundary(81) && !l.starts_with('#'))
            .map(|l| &l[..81])
            .take(LINES)
            .collect();
        let joined = lines.join("\n");

        let start = Instant::now();
        let one_by_one: Vec<Option<Grid>> = lines.iter().map(|l| l.parse().ok()).collect();
        let single = start.elapsed().as_secs_f64();

        let start = Instant::now();
        let streamed: Vec<Option<Grid>> = Parser::new(joined.as_bytes())
            .map(|item| item.ok().and_then(|slot| slot.ok()).map(|p| p.grid()))
            .collect();
        let stream = start.elapsed().as_secs_f64();

        // Both paths against the benchmarks' own reader of a puzzle line (benches/common).
        let independent = lines
            .iter()
            .map(|l| common::parse(l).and_then(Grid::from_cells));
        if one_by_one != streamed || !one_by_one.iter().cloned().eq(independent) {
            eprintln!("{name}: a line was read differently");
            failed = true;
        }
        // A grid read is also one the solver accepts (the givens keep to the rules).
        let solved = one_by_one.iter().take(100).flatten();
        if !solved.into_iter().all(|g| {
            let out = sudoku_solver::search(g.cells(), 2);
            common::outcome_ok(g.cells(), &out, 2)
                && out
                    .first()
                    .is_some_and(|s| common::is_valid_solution(g.cells(), &s))
        }) {
            eprintln!("{name}: a grid read was not solved correctly");
            failed = true;
        }
        let n = lines.len() as f64;
        println!(
            "{name:<36} {:>8} {:>14.0} {:>14.0} {:>6.2}x",
            lines.len(),
            n / single,
            n / stream,
            single / stream
        );
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
