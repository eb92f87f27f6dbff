//! What the benchmarks share: finding and reading the puzzle sets, and an independent rule
//! check of a solution (written here, apart from the solver).

use std::path::PathBuf;
use sudoku_solver::SearchOutcome;

/// The puzzle sets, as (file name, text), sorted by name: the files without an extension in
/// `$SUDOKU_DATA`, else in `../shared/data`. `None` (after saying why, as `bench NAME: skipped`)
/// when there are none; a file that cannot be read is skipped with a line saying so.
pub fn data_sets(bench: &str) -> Option<Vec<(String, String)>> {
    let dir = std::env::var_os("SUDOKU_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"));
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && p.extension().is_none())
            .collect(),
        Err(e) => {
            println!("bench {bench}: skipped, cannot read {}: {e}", dir.display());
            return None;
        }
    };
    files.sort();
    if files.is_empty() {
        println!(
            "bench {bench}: skipped, no puzzle files in {}",
            dir.display()
        );
        return None;
    }
    let mut sets = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        match std::fs::read_to_string(&path) {
            Ok(text) => sets.push((name, text)),
            Err(e) => println!("{name}: skipped ({e})"),
        }
    }
    Some(sets)
}

/// An 81-character puzzle line ('.' or '0' for empty), or `None`.
pub fn parse(line: &str) -> Option<[u8; 81]> {
    let bytes = line.trim_end().as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut g = [0u8; 81];
    for (cell, &ch) in g.iter_mut().zip(bytes) {
        *cell = match ch {
            b'1'..=b'9' => ch - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Some(g)
}

/// `sol` is a complete grid, every row, column and box holds 1..=9, and it keeps the givens.
pub fn is_valid_solution(givens: &[u8; 81], sol: &[u8; 81]) -> bool {
    if (0..81).any(|i| !(1..=9).contains(&sol[i]) || (givens[i] != 0 && givens[i] != sol[i])) {
        return false;
    }
    (0..9).all(|k| {
        let (mut r, mut c, mut b) = (0u16, 0u16, 0u16);
        for j in 0..9 {
            r |= 1 << sol[k * 9 + j];
            c |= 1 << sol[j * 9 + k];
            b |= 1 << sol[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3];
        }
        r == 0x3FE && c == 0x3FE && b == 0x3FE
    })
}

/// Checks one outcome; `limit` is the limit it was searched with.
pub fn outcome_ok(givens: &[u8; 81], out: &SearchOutcome, limit: u64) -> bool {
    let first_ok = match &out.first() {
        Some(s) => out.solutions() >= 1 && is_valid_solution(givens, s),
        None => out.solutions() == 0,
    };
    let second_ok = match &out.second() {
        Some(s) => {
            out.solutions() >= 2 && is_valid_solution(givens, s) && out.first().as_ref() != Some(s)
        }
        None => out.solutions() < 2,
    };
    // Every puzzle of the standard sets has at least one solution.
    first_ok && second_ok && out.solutions() >= 1 && out.solutions() <= limit
}
