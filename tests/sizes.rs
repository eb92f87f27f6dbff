//! Boards of other sizes than 9x9 on the command line: `solve`, `check` and `count` answer them
//! in their slots, in the puzzle's own notation; the commands that take 9x9 boards only refuse
//! them with exit 3, naming the size. Every answer is judged here, independently of the
//! program: a solution is complete, keeps every given and holds each digit once in every row,
//! column and box of its shape; verdicts and counts agree with a plain backtracking counter.

use crate::common::*;

/// The standard symbols: `1`-`9`, then `A`-`Z`.
const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A board of `rows` x `cols` boxes as the test sees it: N and the cells (0 empty).
#[derive(Clone, Debug)]
struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Board {
    fn n(&self) -> usize {
        self.rows * self.cols
    }

    /// The line in the standard symbols, `.` for empty.
    fn line(&self) -> String {
        self.cells
            .iter()
            .map(|&d| {
                if d == 0 {
                    '.'
                } else {
                    SYMBOLS[d as usize - 1] as char
                }
            })
            .collect()
    }

    /// A board of the same shape read from a line in the standard symbols.
    fn read(&self, line: &str) -> Board {
        let cells: Vec<u8> = line
            .trim()
            .bytes()
            .map(|b| match SYMBOLS.iter().position(|&s| s == b) {
                Some(i) => i as u8 + 1,
                None => 0,
            })
            .collect();
        assert_eq!(cells.len(), self.n() * self.n(), "not a board: {line:?}");
        Board { cells, ..*self }
    }

    /// Whether the digit `d` may stand at cell `i` given the other filled cells.
    fn allows(&self, i: usize, d: u8) -> bool {
        let n = self.n();
        let (r, c) = (i / n, i % n);
        let (br, bc) = (r / self.rows * self.rows, c / self.cols * self.cols);
        (0..n).all(|k| {
            let (cell_r, cell_c) = (r * n + k, k * n + c);
            let cell_b = (br + k / self.cols) * n + bc + k % self.cols;
            [cell_r, cell_c, cell_b]
                .iter()
                .all(|&j| j == i || self.cells[j] != d)
        })
    }

    /// Full, every digit once in every house, and every given of `puzzle` kept.
    fn solves(&self, puzzle: &Board) -> bool {
        let n = self.n() as u8;
        (0..self.cells.len()).all(|i| {
            let d = self.cells[i];
            (1..=n).contains(&d)
                && self.allows(i, d)
                && (puzzle.cells[i] == 0 || puzzle.cells[i] == d)
        })
    }

    /// Solutions counted up to `limit` by plain backtracking.
    fn count(&self, limit: u64) -> u64 {
        fn go(b: &mut Board, limit: u64, count: &mut u64) {
            let Some(i) = b.cells.iter().position(|&d| d == 0) else {
                *count += 1;
                return;
            };
            for d in 1..=b.n() as u8 {
                if *count >= limit {
                    return;
                }
                if b.allows(i, d) {
                    b.cells[i] = d;
                    go(b, limit, count);
                    b.cells[i] = 0;
                }
            }
        }
        let mut board = self.clone();
        if (0..board.cells.len()).any(|i| board.cells[i] != 0 && !board.allows(i, board.cells[i])) {
            return 0;
        }
        let mut count = 0;
        go(&mut board, limit, &mut count);
        count
    }
}

/// A small deterministic generator of numbers, so the boards are the same in every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A full board of `rows` x `cols` boxes (a pattern, its digits relabelled and its rows and
/// bands shuffled), with `keep` of its cells as givens, the rest blanked.
fn puzzle(rows: usize, cols: usize, keep: f64, seed: u64) -> (Board, Board) {
    let n = rows * cols;
    let mut rng = Lcg(seed);
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        labels.swap(i, rng.below(i + 1));
    }
    let mut order: Vec<usize> = Vec::new();
    let mut bands: Vec<usize> = (0..cols).collect();
    for i in (1..cols).rev() {
        bands.swap(i, rng.below(i + 1));
    }
    for band in bands {
        let mut within: Vec<usize> = (0..rows).collect();
        for i in (1..rows).rev() {
            within.swap(i, rng.below(i + 1));
        }
        order.extend(within.iter().map(|r| band * rows + r));
    }
    let mut cells = vec![0; n * n];
    for (r, &source) in order.iter().enumerate() {
        let shift = (source % rows) * cols + source / rows;
        for c in 0..n {
            cells[r * n + c] = labels[(shift + c) % n];
        }
    }
    let solution = Board { rows, cols, cells };
    let mut givens = solution.clone();
    for i in 0..n * n {
        if (rng.below(1000) as f64) >= keep * 1000.0 {
            givens.cells[i] = 0;
        }
    }
    (givens, solution)
}

#[test]
fn every_tested_size_is_solved_in_its_slot_with_a_valid_solution() {
    // Sizes and box shapes: 4 (2x2), 6 (2x3 and 3x2), 8 (2x4), 12 (3x4), 16 (4x4), 25 (5x5).
    let shapes = [(2, 2), (2, 3), (2, 4), (3, 4), (4, 4), (5, 5)];
    let puzzles: Vec<Board> = shapes
        .iter()
        .enumerate()
        .map(|(k, &(r, c))| puzzle(r, c, 0.45, k as u64 + 1).0)
        .collect();
    let input: String = puzzles.iter().map(|p| p.line() + "\n").collect();
    let output = output_ok(sudoku().args(["solve", "-f", "line"]).write_stdin(input));
    let lines: Vec<String> = stdout_of(&output).lines().map(String::from).collect();
    assert_eq!(lines.len(), puzzles.len(), "{lines:?}");
    for (puzzle, line) in puzzles.iter().zip(&lines) {
        let solution = puzzle.read(line);
        assert!(
            solution.solves(puzzle),
            "{}x{}: {line}",
            puzzle.rows,
            puzzle.cols
        );
    }
}

#[test]
fn check_and_count_agree_with_a_backtracking_counter() {
    // 4x4 and 6x6 with its usual 2x3 box, then 6x6 with 3x2 boxes (`--box 3x2`).
    check_and_count(&[(2, 2), (2, 3)], &[]);
    check_and_count(&[(3, 2)], &["--box", "3x2"]);
}

fn check_and_count(shapes: &[(usize, usize)], options: &[&str]) {
    let mut input = String::new();
    let mut boards = Vec::new();
    for seed in 0..40 {
        let (rows, cols) = shapes[seed % shapes.len()];
        let keep = [0.2, 0.3, 0.4, 0.55][seed % 4];
        let (board, _) = puzzle(rows, cols, keep, 100 + seed as u64);
        input.push_str(&board.line());
        input.push('\n');
        boards.push(board);
    }
    // `check`: one verdict per puzzle, in order; exit 4 when one has several solutions.
    let output = sudoku()
        .arg("check")
        .args(options)
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let verdicts: Vec<String> = stdout_of(&output).lines().map(String::from).collect();
    assert_eq!(verdicts.len(), boards.len());
    let mut several = false;
    for (board, verdict) in boards.iter().zip(&verdicts) {
        let count = board.count(2);
        several |= count > 1;
        match count {
            1 => assert!(verdict.ends_with(": unique"), "{verdict}"),
            _ => assert!(verdict.contains(": not unique: r"), "{verdict}"),
        }
    }
    assert!(several, "the sample has a puzzle with several solutions");
    assert_eq!(output.status.code(), Some(4));
    // `count --limit 50`: the same numbers as the counter's.
    let output = sudoku()
        .args(["count", "--limit", "50"])
        .args(options)
        .write_stdin(input)
        .output()
        .unwrap();
    let counts: Vec<String> = stdout_of(&output).lines().map(String::from).collect();
    for (board, count) in boards.iter().zip(&counts) {
        let expected = board.count(50);
        let shown = if expected == 50 {
            "50+".to_string()
        } else {
            expected.to_string()
        };
        assert_eq!(count, &shown, "{}", board.line());
    }
}

#[test]
fn the_differing_cells_of_two_solutions_are_named_on_the_boards_width() {
    // Two 6x6 solutions of an empty board differ somewhere; each named cell differs in the
    // record, and the JSON record names cells as the text does.
    let empty = ".".repeat(36);
    let output = sudoku()
        .args(["check", "-f", "json"])
        .write_stdin(empty + "\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(4));
    let record = json_record(&output);
    assert_eq!(record["status"], "not_unique");
    let differences = record["differences"].as_array().unwrap();
    assert!(!differences.is_empty());
    for d in differences {
        let cell = d["cell"].as_str().unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        assert!((1..=6).contains(&r) && (1..=6).contains(&c), "{cell}");
        assert_ne!(d["first"], d["second"]);
    }
}

#[test]
fn a_board_with_a_repeated_digit_has_no_solution_and_says_where() {
    let mut line = ".".repeat(16);
    line.replace_range(0..1, "3");
    line.replace_range(5..6, "3"); // r2c2: the same 2x2 box as r1c1
    let output = sudoku()
        .arg("check")
        .write_stdin(line + "\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = stdout_of(&output);
    assert!(
        text.contains("3 appears twice in box 1 (r1c1 and r2c2)"),
        "{text}"
    );
}

#[test]
fn commands_that_take_nine_by_nine_only_refuse_another_size_in_its_slot() {
    let (six, _) = puzzle(2, 3, 0.5, 7);
    let nine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let input = format!("{}\n{nine}\n", six.line());
    for command in ["rate", "explain", "hint", "canon", "transform"] {
        let output = sudoku()
            .args([command, "-f", "json"])
            .args(if command == "transform" {
                &["--seed", "1"][..]
            } else {
                &[][..]
            })
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(3), "{command}");
        let records = json_records(&output);
        assert_eq!(records.len(), 2, "{command}: both slots kept");
        let error = records[0]["error"].as_str().unwrap();
        assert!(
            error.contains("6x6 (2x3)") && error.contains("9x9"),
            "{command}: {error}"
        );
        assert_ne!(
            records[1]["status"], "invalid",
            "{command}: the 9x9 puzzle is answered"
        );
    }
}

#[test]
fn a_grid_is_answered_with_a_grid_and_pretty_draws_the_boxes_of_its_shape() {
    let (board, _) = puzzle(3, 4, 0.5, 3);
    let n = board.n();
    let rows: String = board
        .line()
        .as_bytes()
        .chunks(n)
        .map(|r| String::from_utf8(r.to_vec()).unwrap() + "\n")
        .collect();
    let output = output_ok(sudoku().arg("solve").write_stdin(rows));
    let text = stdout_of(&output);
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(body.len(), n, "{text}");
    assert!(board.read(&body.concat()).solves(&board));
    let output = output_ok(
        sudoku()
            .args(["solve", "-f", "pretty"])
            .write_stdin(board.line()),
    );
    let text = stdout_of(&output);
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    // 12 rows and a rule between bands of 3 rows: 3 rules; 2 bars a row (3 boxes of 4 across).
    assert_eq!(lines.len(), 12 + 3, "{text}");
    assert_eq!(lines[0].matches('|').count(), 2, "{text}");
    let digits: String = lines
        .iter()
        .filter(|l| !l.starts_with('-'))
        .flat_map(|l| l.split([' ', '|']))
        .collect();
    assert!(board.read(&digits).solves(&board), "{text}");
}

#[test]
fn generated_boards_are_unique_minimal_and_the_same_at_any_thread_count() {
    for (size, rows, cols, extra) in [
        ("4", 2, 2, &[][..]),
        ("6", 2, 3, &[][..]),
        ("6", 3, 2, &["--box", "3x2"][..]),
    ] {
        let run = |threads: &str| {
            let output = output_ok(
                sudoku()
                    .args([
                        "generate", "--size", size, "-n", "12", "--seed", "5", "-j", threads,
                    ])
                    .args(extra),
            );
            stdout_of(&output)
        };
        let made = run("1");
        assert_eq!(made, run("2"), "{size} {extra:?}: the same at -j1 and -j2");
        let shape = Board {
            rows,
            cols,
            cells: Vec::new(),
        };
        for line in made.lines() {
            let puzzle = shape.read(line);
            assert_eq!(puzzle.count(2), 1, "{line}: unique");
            for i in (0..puzzle.cells.len()).filter(|&i| puzzle.cells[i] != 0) {
                let mut fewer = puzzle.clone();
                fewer.cells[i] = 0;
                assert_eq!(fewer.count(2), 2, "{line}: minimal, yet clue {i} can go");
            }
        }
    }
}

#[test]
fn generated_puzzles_of_larger_sizes_come_with_their_solution() {
    for (size, rows, cols) in [("8", 2, 4), ("12", 3, 4), ("16", 4, 4)] {
        let output = output_ok(sudoku().args([
            "generate",
            "--size",
            size,
            "-n",
            "2",
            "--seed",
            "9",
            "--solution",
        ]));
        let shape = Board {
            rows,
            cols,
            cells: Vec::new(),
        };
        for line in stdout_of(&output).lines() {
            let (puzzle, solution) = line.split_once(' ').expect("PUZZLE SOLUTION");
            let (puzzle, solution) = (shape.read(puzzle), shape.read(solution));
            assert!(solution.solves(&puzzle), "{size}: {line}");
        }
        // And `check` finds each unique.
        let lines: String = stdout_of(&output)
            .lines()
            .map(|l| l.split(' ').next().unwrap().to_string() + "\n")
            .collect();
        let checked = output_ok(sudoku().arg("check").write_stdin(lines));
        assert!(stdout_of(&checked).lines().all(|l| l.ends_with(": unique")));
    }
}

#[test]
fn generate_refuses_what_it_makes_for_nine_by_nine_only() {
    for args in [
        &["--size", "7"][..],
        &["--size", "6", "--symmetry", "diagonal"],
        &["--size", "6", "--rating", "2.0..3.0"],
        &["--size", "16", "-f", "pdf"],
        &["--size", "8", "--box", "3x3"],
    ] {
        let output = sudoku().arg("generate").args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr_of(&output).starts_with("sudoku: "), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn minimize_and_check_minimal_judge_every_clue_of_another_size() {
    // A full 6x6 board comes down to a minimal puzzle with the same solution; `check --minimal`
    // calls it minimal, and names the clues that can go of a padded copy.
    let (_, full) = puzzle(2, 3, 1.0, 11);
    let output = output_ok(
        sudoku()
            .args(["minimize", "--seed", "3"])
            .write_stdin(full.line()),
    );
    let minimal = full.read(stdout_of(&output).trim());
    assert!(full.solves(&minimal));
    assert_eq!(minimal.count(2), 1);
    for i in (0..36).filter(|&i| minimal.cells[i] != 0) {
        let mut fewer = minimal.clone();
        fewer.cells[i] = 0;
        assert_eq!(fewer.count(2), 2, "clue {i} of {} can go", minimal.line());
    }
    let output = output_ok(
        sudoku()
            .args(["check", "--minimal"])
            .write_stdin(minimal.line()),
    );
    assert!(stdout_of(&output).trim_end().ends_with(": unique, minimal"));
    let mut padded = minimal.clone();
    let back: Vec<usize> = (0..36)
        .filter(|&i| minimal.cells[i] == 0)
        .step_by(3)
        .collect();
    for &i in &back {
        padded.cells[i] = full.cells[i];
    }
    let output = output_ok(
        sudoku()
            .args(["check", "--minimal", "-f", "json"])
            .write_stdin(padded.line()),
    );
    let record = json_record(&output);
    assert_eq!(record["minimal"], false);
    let named: Vec<String> = record["redundant"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    // Exactly the clues whose removal, alone, keeps one solution, named on the 6x6 board.
    for i in (0..36).filter(|&i| padded.cells[i] != 0) {
        let mut fewer = padded.clone();
        fewer.cells[i] = 0;
        let name = format!("r{}c{}", i / 6 + 1, i % 6 + 1);
        assert_eq!(
            named.contains(&name),
            fewer.count(2) == 1,
            "{name}: {named:?}"
        );
    }
}

/// `generate -f pretty`, `-f grid` and `-f line` read back by `check` as the board generated,
/// with its box (given again with `--box` where the layout draws none: a line, rows without
/// bars), and unique; the solution of the read-back board solves the board generated, judged
/// here with its box.
#[test]
fn generated_boards_read_back_in_every_text_layout() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 4), (4, 4)] {
        let n = rows * cols;
        let shape = format!("{rows}x{cols}");
        let args = |format: &str| {
            let mut args = vec!["generate".to_string(), "--size".into(), n.to_string()];
            args.extend(["--box".into(), shape.clone(), "-n".into(), "1".into()]);
            args.extend(["--seed".into(), "1".into(), "-f".into(), format.into()]);
            args
        };
        let line = stdout_of(&output_ok(sudoku().args(args("line"))));
        let line = line.lines().find(|l| !l.starts_with('#')).expect("a line");
        let board = Board {
            rows,
            cols,
            cells: vec![0; n * n],
        }
        .read(line);
        for format in ["line", "grid", "pretty"] {
            let text = stdout_of(&output_ok(sudoku().args(args(format))));
            // The box is drawn only by pretty.
            let boxed: Vec<&str> = match format {
                "pretty" => vec![],
                _ => vec!["--box", &shape],
            };
            let checked = output_ok(sudoku().arg("check").args(&boxed).write_stdin(text.clone()));
            let verdict = stdout_of(&checked);
            assert_eq!(
                verdict.lines().count(),
                1,
                "{shape} {format}: {verdict}\n{text}"
            );
            assert!(
                verdict.contains("unique"),
                "{shape} {format}: {verdict}\n{text}"
            );
            let solved = output_ok(
                sudoku()
                    .args(["solve", "-f", "line"])
                    .args(&boxed)
                    .write_stdin(text.clone()),
            );
            let solution = stdout_of(&solved);
            let solution = solution
                .lines()
                .find(|l| !l.starts_with('#'))
                .expect("a line");
            // Up to 9 a pretty grid of digits set apart reads as numbers: its line is too.
            let solution: String = solution.split(' ').collect();
            assert!(
                board.read(&solution).solves(&board),
                "{shape} {format}: {solution}\n{text}"
            );
        }
    }
}
