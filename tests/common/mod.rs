//! Shared helpers for the CLI tests: an independent validity check (written here, not taken from
//! the library) and a command builder.

#![allow(dead_code)]

use assert_cmd::Command;

pub const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// The solution given by the problem statement, not by this program.
pub const LEETCODE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
pub const TABLE_SOLUTION: &str =
    "957613284483257196612849537178364952524971368369528741845792613291436875736185429";

pub fn sudoku() -> Command {
    assert_cmd::cargo::cargo_bin_cmd!("sudoku")
}

/// Digits of an 81-character puzzle or solution; '.', '0' and '_' are 0.
pub fn digits(text: &str) -> Vec<u8> {
    let d: Vec<u8> = text
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    assert_eq!(d.len(), 81, "not 81 cells: {text:?}");
    d
}

/// True when `solution` is complete, each row, column and box holds 1..=9 once, and every given
/// of `puzzle` is kept. Written independently of the solver and of the library's own check.
pub fn is_valid_solution(puzzle: &str, solution: &str) -> bool {
    let p = digits(puzzle);
    let s = digits(solution);
    let complete = s.iter().all(|&d| (1..=9).contains(&d));
    let keeps_givens = p.iter().zip(&s).all(|(&g, &c)| g == 0 || g == c);
    let mut houses_ok = true;
    for unit in 0..9 {
        let row: Vec<u8> = (0..9).map(|k| s[unit * 9 + k]).collect();
        let col: Vec<u8> = (0..9).map(|k| s[k * 9 + unit]).collect();
        let bx: Vec<u8> = (0..9)
            .map(|k| s[(unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3])
            .collect();
        for house in [row, col, bx] {
            let mut seen = [false; 10];
            for d in house {
                if seen[d as usize] {
                    houses_ok = false;
                }
                seen[d as usize] = true;
            }
        }
    }
    complete && keeps_givens && houses_ok
}

/// The 81-digit solutions in a block of grid output (lines of 9 digits, possibly with `|`,
/// spaces and separator lines), grid by grid.
pub fn grids_in(text: &str) -> Vec<String> {
    let mut grids = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let cells: String = line.chars().filter(|c| c.is_ascii_digit()).collect();
        if line.starts_with('#') || cells.len() != 9 {
            continue;
        }
        current.push_str(&cells);
        if current.len() == 81 {
            grids.push(std::mem::take(&mut current));
        }
    }
    assert!(current.is_empty(), "a partial grid in the output: {text}");
    grids
}

/// The output of a run that must succeed (the test fails, showing the run, if it does not).
pub fn output_ok(command: &mut Command) -> std::process::Output {
    command.assert().success().get_output().clone()
}

/// The output of a run that must exit with `code`.
pub fn output_with(command: &mut Command, code: i32) -> std::process::Output {
    command.assert().code(code).get_output().clone()
}

pub fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// The JSON records (`-f json`) a run printed, one per line of its stdout.
pub fn json_records(output: &std::process::Output) -> Vec<serde_json::Value> {
    stdout_of(output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON record per line"))
        .collect()
}

/// The one JSON record a run printed.
pub fn json_record(output: &std::process::Output) -> serde_json::Value {
    serde_json::from_str(stdout_of(output).trim()).expect("one JSON record")
}

/// Puzzles as standard input: one per line.
pub fn lines_of(puzzles: &[String]) -> String {
    puzzles.iter().map(|p| format!("{p}\n")).collect()
}

/// Puzzles from the repository's sample file of line puzzles (all unique).
pub fn sample_line_puzzles() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/line-puzzles.txt"
    ))
    .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l[..81].to_string())
        .collect()
}

/// Counts the solutions of `puzzle` up to `limit` by plain backtracking, independent of the
/// program's solver. Fast enough for puzzles with a few dozen empty cells.
pub fn brute_force_count(puzzle: &str, limit: u64) -> u64 {
    fn ok(g: &[u8], i: usize, d: u8) -> bool {
        let (r, c) = (i / 9, i % 9);
        for k in 0..9 {
            if g[r * 9 + k] == d || g[k * 9 + c] == d {
                return false;
            }
            let (br, bc) = (r / 3 * 3 + k / 3, c / 3 * 3 + k % 3);
            if g[br * 9 + bc] == d {
                return false;
            }
        }
        true
    }
    fn go(g: &mut Vec<u8>, limit: u64, count: &mut u64) {
        let Some(i) = g.iter().position(|&d| d == 0) else {
            *count += 1;
            return;
        };
        for d in 1..=9 {
            if *count >= limit {
                return;
            }
            if ok(g, i, d) {
                g[i] = d;
                go(g, limit, count);
                g[i] = 0;
            }
        }
    }
    let mut g = digits(puzzle);
    let mut count = 0;
    go(&mut g, limit, &mut count);
    count
}

/// Lines of a data file in `tests/data`.
pub fn data_lines(name: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| l[..81].to_string())
        .collect()
}
