//! Helpers more than one feature's tests use: an independent validity check and solution counter
//! (written here, not taken from the library), the command builder, the repository's puzzles and
//! test data, and the strategies and configuration of the property tests.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::Duration;

use assert_cmd::Command;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use sudoku_cli::output::{cells_text, Format};
use sudoku_solver::{search, Grid};

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

/// The `sudoku` binary, for a `std::process::Command` (pipes, signals, descriptors).
pub fn bin() -> &'static std::path::Path {
    assert_cmd::cargo::cargo_bin!("sudoku")
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

/// True when `solution` solves `puzzle` on a board of `rows` x `cols` boxes (N = rows x cols
/// cells a side; cells row-major, 0 empty): complete, every digit 1..=N once in every row,
/// column and box, every given kept. Written independently of the solver.
pub fn is_valid_sized_solution(puzzle: &[u8], solution: &[u8], rows: usize, cols: usize) -> bool {
    let n = rows * cols;
    if puzzle.len() != n * n || solution.len() != n * n {
        return false;
    }
    let keeps = puzzle.iter().zip(solution).all(|(&g, &s)| g == 0 || g == s);
    let house_ok = |cells: Vec<usize>| {
        let mut seen = vec![false; n + 1];
        cells.iter().all(|&i| {
            let d = solution[i] as usize;
            (1..=n).contains(&d) && !std::mem::replace(&mut seen[d], true)
        })
    };
    keeps
        && (0..n).all(|h| {
            let (br, bc) = (h / rows * rows, h % rows * cols);
            house_ok((0..n).map(|k| h * n + k).collect())
                && house_ok((0..n).map(|k| k * n + h).collect())
                && house_ok(
                    (0..n)
                        .map(|k| (br + k / cols) * n + bc + k % cols)
                        .collect(),
                )
        })
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

// ------------------------------------------------------------------- the repository's files

/// A path below the repository's root.
pub fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The directory of sample puzzles.
pub fn puzzles_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles")
}

/// The standard sets sampled in `tests/data`.
pub const SETS: [&str; 6] = [
    "puzzles1_random_minimal",
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
];

/// The puzzles of the sample of `set` (one of `SETS`).
pub fn sample(set: &str) -> Vec<String> {
    data_lines(&format!("{set}-sample.txt"))
}

/// Puzzles that take long to rate: the forum's hardest.
pub fn hardest() -> Vec<String> {
    std::fs::read_to_string(repo(
        "tests/data/puzzles5_forum_hardest_1905_11+-sample.txt",
    ))
    .unwrap()
    .lines()
    .filter(|l| l.len() >= 81 && !l.starts_with('#'))
    .take(6)
    .map(str::to_string)
    .collect()
}

/// serate's own lines (`PUZZLE ED=ER/EP/ED`) from the sample file.
pub fn serate_lines() -> Vec<String> {
    let text = std::fs::read_to_string(repo("tests/data/serate-1.2.1.3-sample.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && l.contains(" ED="))
        .map(str::to_string)
        .collect()
}

/// `(puzzle, "ER/EP/ED")` as serate 1.2.1.3 printed them.
pub fn serate_sample() -> Vec<(String, String)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/serate-1.2.1.3-sample.txt"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (p, r) = l.split_once(" ED=").expect("PUZZLE ED=ER/EP/ED");
            (p.to_string(), r.to_string())
        })
        .collect()
}

/// Five slots: two unique puzzles, a conflict (no solution), a malformed line, and a puzzle of
/// the serg sample (several solutions).
pub fn mixed_input() -> String {
    let puzzles = sample_line_puzzles();
    format!(
        "{}\n{}\n55{}\n53..x3\n{}\n",
        puzzles[0],
        puzzles[1],
        &LEETCODE[2..],
        data_lines("puzzles7_serg_benchmark-sample.txt")[0]
    )
}

// ----------------------------------------------------------------------- what a run printed

/// Reads the first line `child` writes, waiting at most `limit`.
pub fn first_line_within(child: &mut std::process::Child, limit: Duration) -> Option<String> {
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = send.send(line);
    });
    receive.recv_timeout(limit).ok()
}

/// The index (row-major) of a cell named as printed: `r4c5`.
pub fn cell(name: &str) -> usize {
    let b = name.as_bytes();
    assert!(b.len() == 4 && b[0] == b'r' && b[2] == b'c', "cell {name}");
    (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize
}

/// Checks one effect as printed (`r4c5=3` or `r1c2,r1c3<>4, r2c2<>5`) against `solution`.
pub fn check_effect(effect: &str, solution: &[u8]) {
    if let Some((c, d)) = effect.split_once('=') {
        let d: u8 = d.parse().unwrap();
        assert_eq!(solution[cell(c)], d, "{effect} places a wrong digit");
        return;
    }
    for part in effect.split(", ") {
        let (cells, d) = part.split_once("<>").expect("an elimination");
        let d: u8 = d.parse().unwrap();
        for c in cells.split(',') {
            assert_ne!(
                solution[cell(c)],
                d,
                "{effect} removes the solution's digit"
            );
        }
    }
}

/// The clues of a puzzle: its digits 1-9.
pub fn clues(p: &str) -> usize {
    p.bytes()
        .filter(|b| b.is_ascii_digit() && *b != b'0')
        .count()
}

/// The canonical forms `canon` prints for `input`, one per puzzle.
pub fn canon(input: &[String]) -> Vec<String> {
    let out = sudoku()
        .arg("canon")
        .write_stdin(input.iter().map(|p| format!("{p}\n")).collect::<String>())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    stdout_of(&out).lines().map(String::from).collect()
}

/// Sudoku Explainer's bands, as its generator dialog (`GenerateDialog.java`) sets them.
pub const LEVELS: [(&str, f64, f64); 5] = [
    ("easy", 1.0, 1.2),
    ("medium", 1.3, 1.5),
    ("hard", 1.6, 2.5),
    ("fiendish", 2.6, 6.0),
    ("diabolical", 6.1, 11.0),
];

// --------------------------------------------------------------------------- property tests

/// A proptest configuration of `cases` cases that keeps its failures beside the test's own
/// file (`tests/robustness/properties.rs`: `tests/robustness/properties.proptest-regressions`),
/// where every run replays them first. Proptest's default looks upwards from the test's file for
/// the crate's `lib.rs` or `main.rs`, finds `tests/main.rs`, and would keep them in
/// `proptest-regressions/` at the top of the repository instead.
pub fn proptest_cases(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// A solution as an 81-character line.
pub fn to_text(cells: &[u8; 81]) -> String {
    cells_text(cells, Format::Line).trim_end().to_string()
}

/// A solved grid, from solving a few random non-conflicting givens.
pub fn solved_grid() -> impl Strategy<Value = [u8; 81]> {
    prop::collection::vec((0usize..81, 1u8..=9), 0..12).prop_map(|placements| {
        let mut cells = [0u8; 81];
        for (i, d) in placements {
            cells[i] = d;
            if Grid::from_cells(cells).unwrap().conflict().is_some() {
                cells[i] = 0;
            }
        }
        match search(&cells, 1).first() {
            Some(solution) => solution,
            None => search(&[0; 81], 1).first().unwrap(),
        }
    })
}

/// A solved grid and a random set of its cells blanked.
pub fn blanked() -> impl Strategy<Value = ([u8; 81], [u8; 81])> {
    (
        solved_grid(),
        prop::collection::vec(any::<bool>(), 81),
        0u8..=100,
    )
        .prop_map(|(solution, coins, extra)| {
            let mut puzzle = solution;
            for (i, &coin) in coins.iter().enumerate() {
                // Blank about half the cells, more when `extra` is high.
                if coin || (i as u8 % 100) < extra / 2 {
                    puzzle[i] = 0;
                }
            }
            (solution, puzzle)
        })
}
