//! `minimize` and `check --minimal`, which judges the same minimality. Every answer is judged by
//! a solution counter written in this file (bitmasks and the fewest-candidates cell first; none
//! of the crate's code), never by the program's own earlier output; the refusals and the
//! template's `%m` by what the user reads.

use crate::common::{
    brute_force_count, data_lines, json_records, lines_of, output_with, stderr_of, stdout_of,
    sudoku, LEETCODE,
};

// ---------------------------------------------------------------------------------------- minimize

/// An independent solution counter: backtracking on the empty cell with the fewest candidates.
struct Counter {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    found: u32,
    limit: u32,
    first: Option<[u8; 81]>,
}
impl Counter {
    /// Solutions of `puzzle` (81 characters, `.` or `0` for empty), up to `limit`, and the first.
    fn count(puzzle: &[u8], limit: u32) -> (u32, Option<[u8; 81]>) {
        let mut counter = Counter {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            found: 0,
            limit,
            first: None,
        };
        for (i, &ch) in puzzle.iter().enumerate() {
            if ch.is_ascii_digit() && ch != b'0' {
                let d = ch - b'0';
                let bit = 1 << d;
                if (counter.rows[i / 9] | counter.cols[i % 9] | counter.boxes[box_of(i)]) & bit != 0
                {
                    return (0, None);
                }
                counter.set(i, d);
            }
        }
        counter.search();
        (counter.found, counter.first)
    }

    fn set(&mut self, i: usize, d: u8) {
        self.cells[i] = d;
        self.rows[i / 9] ^= 1 << d;
        self.cols[i % 9] ^= 1 << d;
        self.boxes[box_of(i)] ^= 1 << d;
    }

    fn search(&mut self) {
        let mut best = None;
        let mut fewest = 10;
        for i in 0..81 {
            if self.cells[i] != 0 {
                continue;
            }
            let free = !(self.rows[i / 9] | self.cols[i % 9] | self.boxes[box_of(i)]) & 0x3FE;
            let n = free.count_ones();
            if n < fewest {
                fewest = n;
                best = Some((i, free));
                if n <= 1 {
                    break;
                }
            }
        }
        let Some((i, free)) = best else {
            self.found += 1;
            self.first.get_or_insert(self.cells);
            return;
        };
        for d in 1..=9u8 {
            if free & (1 << d) != 0 && self.found < self.limit {
                self.set(i, d);
                self.search();
                self.set(i, d);
                self.cells[i] = 0;
            }
        }
    }
}

fn box_of(i: usize) -> usize {
    i / 27 * 3 + i % 9 / 3
}

/// A small deterministic generator for the test's choices (not the crate's).
fn lcg(state: &mut u64) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*state >> 33) as usize
}

/// `puzzle` with `extra` more clues from `solution`, at cells drawn from `state`.
fn pad(puzzle: &str, solution: &[u8; 81], extra: usize, state: &mut u64) -> String {
    let mut cells = puzzle.as_bytes().to_vec();
    let mut added = 0;
    while added < extra {
        let i = lcg(state) % 81;
        if cells[i] == b'.' || cells[i] == b'0' {
            cells[i] = b'0' + solution[i];
            added += 1;
        }
    }
    String::from_utf8(cells).unwrap()
}

/// 1,000 padded puzzles: each of the 100 random minimal puzzles of `tests/data` with 2 to 20
/// clues added, ten times over. Returned with each one's solution.
fn padded_puzzles() -> Vec<(String, [u8; 81])> {
    let mut state = 2026;
    let mut out = Vec::new();
    for base in data_lines("puzzles1_random_minimal-sample.txt") {
        let (n, solution) = Counter::count(base.as_bytes(), 2);
        assert_eq!(n, 1, "{base}");
        let solution = solution.unwrap();
        for k in 0..10 {
            out.push((pad(&base, &solution, 2 + 2 * k, &mut state), solution));
        }
    }
    out
}

#[test]
fn minimize_output_is_minimal_on_1000_padded_puzzles() {
    let inputs = padded_puzzles();
    assert_eq!(inputs.len(), 1000);
    let text: String = inputs.iter().map(|(p, _)| format!("{p}\n")).collect();
    let out = sudoku()
        .args(["minimize", "-j", "2"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let stdout = stdout_of(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), inputs.len());
    let mut fewer = 0;
    for ((input, solution), line) in inputs.iter().zip(&lines) {
        let (a, b) = (input.as_bytes(), line.as_bytes());
        assert_eq!(b.len(), 81, "{line}");
        // A subset of the input's clues.
        for i in 0..81 {
            assert!(
                b[i] == b'.' || b[i] == a[i],
                "{input} -> {line}: r{}c{}",
                i / 9 + 1,
                i % 9 + 1
            );
        }
        // Exactly one solution, the input's.
        let (n, first) = Counter::count(b, 2);
        assert_eq!((n, first.as_ref()), (1, Some(solution)), "{line}");
        // Removing any one clue gives a second solution.
        for i in (0..81).filter(|&i| b[i] != b'.') {
            let mut less = b.to_vec();
            less[i] = b'.';
            assert_eq!(
                Counter::count(&less, 2).0,
                2,
                "{line}: r{}c{} can go",
                i / 9 + 1,
                i % 9 + 1
            );
        }
        fewer += usize::from(
            b.iter().filter(|&&c| c != b'.').count() < a.iter().filter(|&&c| c != b'.').count(),
        );
    }
    assert_eq!(fewer, inputs.len(), "every padded puzzle loses clues");
}

#[test]
fn the_seed_picks_the_order_and_each_order_repeats() {
    let (input, solution) = padded_puzzles().swap_remove(9);
    let run = |args: &[&str]| {
        let out = sudoku()
            .arg("minimize")
            .args(args)
            .write_stdin(format!("{input}\n"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr_of(&out));
        stdout_of(&out).trim().to_string()
    };
    let plain = run(&[]);
    assert_eq!(run(&[]), plain);
    let seeded: Vec<String> = (1..=6).map(|s| run(&["--seed", &s.to_string()])).collect();
    assert_eq!(run(&["--seed", "1"]), seeded[0]);
    for p in seeded.iter().chain([&plain]) {
        assert_eq!(Counter::count(p.as_bytes(), 2), (1, Some(solution)), "{p}");
    }
    assert!(
        seeded.iter().any(|p| *p != plain),
        "some seed reaches another minimal puzzle"
    );
}

#[test]
fn puzzles_without_one_solution_are_refused_as_check_refuses_them() {
    let hostile = "puzzles/hostile.txt";
    let root = env!("CARGO_MANIFEST_DIR");
    let check = sudoku()
        .current_dir(root)
        .args(["check", hostile])
        .output()
        .unwrap();
    let minimize = sudoku()
        .current_dir(root)
        .args(["minimize", hostile])
        .output()
        .unwrap();
    let checked = stdout_of(&check);
    let refused = stdout_of(&minimize);
    assert_eq!(minimize.status.code(), check.status.code());
    assert_eq!(
        checked.lines().count(),
        refused.lines().count(),
        "every puzzle keeps its slot"
    );
    for (verdict, answer) in checked.lines().zip(refused.lines()) {
        if verdict.ends_with(": unique") {
            let (n, _) = Counter::count(answer.as_bytes(), 2);
            assert_eq!(n, 1, "{answer}");
        } else {
            // The same words, as a `#` line in the puzzle's slot.
            assert_eq!(answer, format!("# {verdict}"));
        }
    }
    // Pencilmarks are refused, in their slots.
    let out = sudoku()
        .current_dir(root)
        .args(["minimize", "puzzles/pencilmarks.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr_of(&out).contains("minimize reads givens, not pencilmarks"),
        "{}",
        stderr_of(&out)
    );
}

// --------------------------------------------------------------------------------- check --minimal

#[test]
fn check_minimal_names_exactly_the_clues_that_can_go() {
    let inputs: Vec<String> = padded_puzzles()
        .into_iter()
        .step_by(97)
        .map(|(p, _)| p)
        .collect();
    let minimal = data_lines("puzzles1_random_minimal-sample.txt")[..3].to_vec();
    let all: Vec<String> = inputs.iter().chain(&minimal).cloned().collect();
    let out = sudoku()
        .args(["check", "--minimal"])
        .write_stdin(lines_of(&all))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let json = sudoku()
        .args(["check", "--minimal", "-f", "json"])
        .write_stdin(lines_of(&all))
        .output()
        .unwrap();
    let records = json_records(&json);
    for ((p, line), record) in all.iter().zip(stdout_of(&out).lines()).zip(&records) {
        // Which clues can go, each alone, by the counter.
        let can_go: Vec<String> = (0..81)
            .filter(|&i| p.as_bytes()[i] != b'.')
            .filter(|&i| {
                let mut less = p.as_bytes().to_vec();
                less[i] = b'.';
                Counter::count(&less, 2).0 == 1
            })
            .map(|i| format!("r{}c{}", i / 9 + 1, i % 9 + 1))
            .collect();
        if can_go.is_empty() {
            assert!(line.ends_with(": unique, minimal"), "{line}");
            assert_eq!(record["minimal"], true);
        } else {
            let want = format!(
                ": unique, not minimal: {} can go (each alone)",
                can_go.join(", ")
            );
            assert!(line.ends_with(&want), "{line}\nwant {want}");
            assert_eq!(record["minimal"], false);
        }
        assert_eq!(record["redundant"], serde_json::json!(can_go));
    }
    assert_eq!(records.len(), all.len());
}

/// A minimal puzzle: `generate` makes minimal ones (`check --minimal` says so below too).
const MINIMAL: &str =
    "..632.8...7........2..7.493517.9..2...........4......7....3...998......11....975.";

#[test]
fn check_minimal_with_a_template_says_minimal_or_not_with_percent_m() {
    let empty = ".".repeat(81);
    let input = format!("{MINIMAL}\n{LEETCODE}\n{empty}\n");
    let out = output_with(
        sudoku()
            .args(["check", "--minimal", "--template", "%s %S %m|"])
            .write_stdin(input.clone()),
        4,
    );
    assert_eq!(
        stdout_of(&out),
        "<stdin>:1 unique minimal|\n<stdin>:2 unique not_minimal|\n<stdin>:3 not_unique |\n"
    );
    // The same verdicts as the text lines.
    let text = stdout_of(&output_with(
        sudoku().args(["check", "--minimal"]).write_stdin(input),
        4,
    ));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "<stdin>:1: unique, minimal");
    assert!(lines[1].starts_with("<stdin>:2: unique, not minimal: r1c1,"));
    // Independently: r1c1 of LEETCODE can go, the puzzle keeping one solution.
    let mut less = LEETCODE.to_string();
    less.replace_range(0..1, ".");
    assert_eq!(brute_force_count(&less, 2), 1);
}

#[test]
fn check_minimal_with_a_template_without_percent_m_is_refused() {
    let out = output_with(
        sudoku()
            .args(["check", "--minimal", "--template", "%s %S"])
            .write_stdin(LEETCODE),
        2,
    );
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr_of(&out),
        "sudoku: check --minimal --template: the template has no %m, so it would not say whether \
         a puzzle is minimal; add %m (minimal or not_minimal)\n"
    );
    let out = output_with(
        sudoku()
            .args(["check", "--template", "%s %m"])
            .write_stdin(LEETCODE),
        2,
    );
    assert_eq!(
        stderr_of(&out),
        "sudoku: check --template: %m is the verdict of --minimal; add --minimal\n"
    );
    let out = output_with(
        sudoku()
            .args(["rate", "--template", "%s %m"])
            .write_stdin(LEETCODE),
        2,
    );
    assert_eq!(
        stderr_of(&out),
        "sudoku: rate --template: %m is the verdict of check --minimal (minimal or not_minimal); \
         rate does not judge minimality\n"
    );
}

#[test]
fn check_minimal_of_pencilmarks_is_an_invalid_verdict_in_its_slot() {
    let pencilmarks = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/pencilmarks.txt"
    ))
    .unwrap()
    .lines()
    .find(|l| l.len() == 729)
    .unwrap()
    .to_string();
    let input = format!("{pencilmarks}\n{MINIMAL}\n");
    let refusal = "check --minimal reads givens, not pencilmarks: this puzzle is a pencilmark \
                   grid (check without --minimal reads it)";
    let out = output_with(
        sudoku()
            .args(["check", "--minimal"])
            .write_stdin(input.clone()),
        3,
    );
    assert_eq!(
        stdout_of(&out),
        format!("<stdin>:1: invalid: {refusal}\n<stdin>:2: unique, minimal\n")
    );
    assert_eq!(stderr_of(&out), format!("sudoku: <stdin>:1: {refusal}\n"));
    // Under a template: the same verdict line in its slot, as any input check cannot take.
    let out = output_with(
        sudoku()
            .args(["check", "--minimal", "--template", "%s %S %m"])
            .write_stdin(input),
        3,
    );
    assert_eq!(
        stdout_of(&out),
        format!("<stdin>:1: invalid: {refusal}\n<stdin>:2 unique minimal\n")
    );
}
