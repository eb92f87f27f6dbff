//! Files people have, and the faults that lost their puzzles (issue 21): every sample file of a
//! layout found in the wild reads whole and in order, answers are checked independently, and
//! the stream, pipe and time-limit faults are held to what the README promises.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::*;
use tempfile::TempDir;

fn bin() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_BIN_EXE_sudoku"))
}

fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The sample files' puzzles as written down when they were made: `(file, puzzle, candidates)`.
fn truth() -> Vec<(String, String, bool)> {
    std::fs::read_to_string(repo("tests/data/wild-puzzles.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut words = l.split(' ');
            let file = words.next().unwrap().to_string();
            let puzzle = words.next().unwrap().to_string();
            (file, puzzle, words.next() == Some("candidates"))
        })
        .collect()
}

#[test]
fn every_sample_file_of_a_wild_layout_reads_whole_and_in_order() {
    let truth = truth();
    let mut files: Vec<&str> = truth.iter().map(|(f, _, _)| f.as_str()).collect();
    files.dedup();
    for file in files {
        let want: Vec<&(String, String, bool)> = truth.iter().filter(|t| t.0 == file).collect();
        let out = sudoku()
            .args(["solve", "-f", "json", "-j", "2"])
            .arg(repo(&format!("puzzles/{file}")))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr_of(&out));
        let records = json_records(&out);
        assert_eq!(records.len(), want.len(), "{file}: {records:?}");
        for (record, (_, puzzle, candidates)) in records.iter().zip(want) {
            let solution = record["solution"].as_str().unwrap();
            assert!(is_valid_solution(puzzle, solution), "{file}: {record}");
            if !candidates {
                assert_eq!(record["puzzle"].as_str().unwrap(), puzzle, "{file}");
            }
        }
    }
}

#[test]
fn a_dated_line_answers_its_puzzle_not_its_solution() {
    let line = format!(
        "2018-06-07 {LEETCODE} {LEETCODE_SOLUTION}\n2018-06-08 {LEETCODE},{LEETCODE_SOLUTION}\n"
    );
    let out = sudoku()
        .args(["check", "-f", "json"])
        .write_stdin(line)
        .output()
        .unwrap();
    let records = json_records(&out);
    assert_eq!(records.len(), 2);
    for record in records {
        assert_eq!(record["puzzle"], LEETCODE);
        assert_eq!(record["status"], "unique");
    }
}

#[test]
fn a_pencilmark_puzzle_too_long_for_a_file_name_is_read_as_one() {
    let text = std::fs::read_to_string(repo("puzzles/pencilmarks.txt")).unwrap();
    let marks = text.lines().find(|l| l.len() == 729).unwrap();
    let out = sudoku().args(["solve", marks]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let solution = stdout_of(&out).trim().to_string();
    // Every cell took one of its candidates, and the grid obeys the rules.
    let cells = marks.as_bytes();
    for (i, d) in solution.bytes().enumerate() {
        assert_eq!(cells[i * 9 + (d - b'1') as usize], d, "cell {i}");
    }
    assert!(is_valid_solution(&".".repeat(81), &solution));
}

#[test]
fn a_json_list_over_the_line_limit_is_answered_puzzle_by_puzzle() {
    // 13,000 puzzle strings on one line, as json.dump writes them: 1.1 MB.
    let puzzles = sample_line_puzzles();
    let list: Vec<String> = (0..13_000)
        .map(|k| format!("\"{}\"", puzzles[k % puzzles.len()]))
        .collect();
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("list.json");
    std::fs::write(&path, format!("[{}]\n", list.join(", "))).unwrap();
    assert!(std::fs::metadata(&path).unwrap().len() > 1 << 20);
    let out = sudoku()
        .args(["check", "-j", "2"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let verdicts: Vec<&str> = stdout_of(&out)
        .lines()
        .map(|l| l.to_owned().leak() as &str)
        .collect();
    assert_eq!(verdicts.len(), 13_000);
    assert!(verdicts.iter().all(|v| v.ends_with(": unique")));
}

/// Runs `args` on `input`, reads the first line of stdout, closes it, and returns the exit code.
fn exit_after_first_line(args: &[&str], input: &str) -> Option<i32> {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    let code = child.wait().unwrap().code();
    let _ = feeder.join();
    code
}

#[test]
fn the_exit_code_after_a_closed_pipe_does_not_depend_on_threads() {
    // 20,000 verdicts (far more than a pipe holds), every 50th of them for a puzzle without a
    // solution, so the chunk being written when the reader leaves holds some: their verdicts
    // were never read, so the exit code is 0, as the README promises, with one thread or two. A
    // malformed line before the reader leaves is reported on stderr: exit 3 either way.
    let puzzles = sample_line_puzzles();
    let unsolvable = format!("55{}", &LEETCODE[2..]);
    let input: String = (0..20_000)
        .map(|k| match k % 50 {
            49 => format!("{unsolvable}\n"),
            _ => format!("{}\n", puzzles[k % puzzles.len()]),
        })
        .collect();
    let malformed = format!("{LEETCODE}\n53..x....\n{input}");
    for threads in ["1", "2"] {
        assert_eq!(
            exit_after_first_line(&["check", "-j", threads], &input),
            Some(0),
            "-j {threads}"
        );
        assert_eq!(
            exit_after_first_line(&["check", "-j", threads], &malformed),
            Some(3),
            "-j {threads}"
        );
    }
}

/// Reads the first line `child` writes, waiting at most `limit`.
fn first_line_within(child: &mut std::process::Child, limit: Duration) -> Option<String> {
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = send.send(line);
    });
    receive.recv_timeout(limit).ok()
}

#[test]
fn rate_answers_an_easy_puzzle_before_the_hard_ones_sent_with_it() {
    // 90 of the hardest puzzles after an easy one, in one write, on a stream that stays open:
    // the easy one's rating must come out while the hard ones are still being rated (rating
    // them takes a minute even in a release build, and half an hour in a debug build; the
    // first line, a moment).
    let hard =
        std::fs::read_to_string(repo("tests/data/puzzles6_forum_hardest_1106-sample.txt")).unwrap();
    let hard: Vec<&str> = hard.lines().take(90).collect();
    for threads in ["1", "2"] {
        let mut child = Command::new(bin())
            .args(["rate", "-j", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(format!("{LEETCODE}\n{}\n", hard.join("\n")).as_bytes())
            .unwrap();
        stdin.flush().unwrap();
        let first = first_line_within(&mut child, Duration::from_secs(45));
        let _ = child.kill();
        let _ = child.wait();
        drop(stdin);
        let first =
            first.expect("the easy puzzle's rating came out while the hard ones were rated");
        assert_eq!(
            first, "<stdin>:1: 1.2/1.2/1.2 Hidden Single (easy)\n",
            "-j {threads}"
        );
    }
}

#[test]
fn generate_to_order_writes_each_puzzle_when_found_and_stops_at_a_closed_pipe() {
    // Puzzles rated 8.0 or more are about one candidate in thirty: the first is found in a
    // moment, 64 KB of them (what an output buffer held back) in many minutes. The first is
    // read, the pipe closed, and the run must end at once, with exit 0 (the reader had what it
    // wanted).
    let mut child = Command::new(bin())
        .args([
            "generate", "-n", "100000", "--rating", "8.0..", "--seed", "1", "-j", "2",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let first = first_line_within(&mut child, Duration::from_secs(60));
    let code = exit_within(&mut child, Duration::from_secs(60));
    let first = first.expect("a puzzle was written as soon as it was found");
    assert_eq!(first.trim().len(), 81);
    assert_eq!(code, Some(Some(0)), "the run ended when its reader left");
}

/// The exit code of `child` once it ends, waiting at most `limit`; a child still running then
/// is killed (a failing test leaves nothing behind) and gives `None`.
fn exit_within(child: &mut std::process::Child, limit: Duration) -> Option<Option<i32>> {
    let start = std::time::Instant::now();
    while start.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status.code());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn timeout_bounds_every_generate_run() {
    // No 17-clue puzzle is found in a second: the run ends at the limit, exit 1.
    let dir = TempDir::new().unwrap();
    let log = dir.path().join("stderr");
    let mut child = Command::new(bin())
        .args([
            "generate",
            "--max-clues",
            "17",
            "--timeout",
            "1",
            "--seed",
            "1",
        ])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let code = exit_within(&mut child, Duration::from_secs(60));
    assert_eq!(code, Some(Some(1)), "--timeout ended the run");
    let err = std::fs::read_to_string(&log).unwrap();
    assert!(
        err.contains("made 0 of 1 puzzles") && err.contains("--timeout reached"),
        "{err}"
    );
}

#[test]
fn a_request_no_puzzle_can_meet_is_refused_at_once() {
    for (args, says) in [
        (
            &["--ep", "2.0..", "--ed", "1.2"][..],
            "so EP equals ED, and --ep 2.0.. leaves no rating for both",
        ),
        (
            &["--rating", "1.3..1.4"],
            "--rating 1.3..1.4: no step is rated there",
        ),
        (
            &["--needs", "x-wing", "--rating", "..3.0"],
            "--needs X-Wing: it is rated 3.2 or more",
        ),
        (
            &["--ep", "5.0..", "--rating", "..4.0"],
            "EP is never above ER",
        ),
    ] {
        let out = sudoku()
            .args(["generate", "-n", "5"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr_of(&out);
        assert!(
            err.contains("no puzzle can be what is asked") && err.contains(says),
            "{err}"
        );
    }
    // The README's example of EP and ED ranges can be met.
    let out = sudoku()
        .args([
            "generate", "-n", "2", "--ed", "1.5", "--rating", "6.0..", "--seed", "1", "-f", "json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    for record in json_records(&out) {
        assert_eq!(record["ed"], 1.5);
        assert!(record["er"].as_f64().unwrap() >= 6.0);
    }
}

// ------------------------------------------------ boards in code, markup and READMEs

#[test]
fn code_and_readme_samples_say_nothing_but_the_note_on_a_board_of_another_size() {
    let dir = std::fs::read_dir(repo("puzzles/code")).unwrap();
    for entry in dir {
        let path = entry.unwrap().path();
        let out = sudoku()
            .args(["solve", "-f", "line"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", path.display());
        let err = stderr_of(&out);
        if path.ends_with("Boards.java") {
            assert_eq!(
                err,
                format!(
                    "sudoku: {}: note: a 4x4 board at line 17, passed over: only 9x9 puzzles \
                     are read\n",
                    path.display()
                )
            );
        } else {
            assert!(err.is_empty(), "{}: {err}", path.display());
        }
    }
}

/// Runs `solve -f json` on `text` as stdin: the records, stderr and the exit code.
fn read_stdin(text: &str) -> (Vec<serde_json::Value>, String, Option<i32>) {
    let out = sudoku()
        .args(["solve", "-f", "json"])
        .write_stdin(text.to_string())
        .output()
        .unwrap();
    (json_records(&out), stderr_of(&out), out.status.code())
}

fn digit_rows(puzzle: &str) -> Vec<String> {
    puzzle
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap().replace('.', "0"))
        .collect()
}

#[test]
fn a_bracket_that_is_no_json_never_swallows_the_rows_after_it() {
    // Haskell's quasi-quote opens a bracket; the grids inside are rows, three puzzles.
    let puzzles = sample_line_puzzles();
    let mut text = String::from("examples = [q|\n");
    for p in &puzzles[..3] {
        for row in digit_rows(p) {
            text.push_str(&format!("  {row}\n"));
        }
        text.push('\n');
    }
    text.push_str("|]\n");
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    let read: Vec<&str> = records
        .iter()
        .map(|r| r["puzzle"].as_str().unwrap())
        .collect();
    assert_eq!(
        read,
        puzzles[..3].iter().map(String::as_str).collect::<Vec<_>>()
    );
    // The same with a bracket JSON would open: a grid row ends the value, and the line that
    // opened it holds nothing, so it is no error.
    let text = text.replace("[q|", "[").replace("|]", "]");
    let (records, err, code) = read_stdin(&text);
    assert_eq!((records.len(), code), (3, Some(0)), "{err}");
}

#[test]
fn fences_quotes_and_code_lines_are_no_error_slots_but_a_damaged_row_is() {
    let p = &sample_line_puzzles()[0];
    let text = format!("```\n\"\n}};\nprint(solve(board), end=\", \")\n{p}\n```\n");
    let (records, err, code) = read_stdin(&text);
    assert_eq!((records.len(), code), (1, Some(0)), "{err}");
    assert!(err.is_empty(), "{err}");
    // A line with a run of cells and a stray character is still a damaged puzzle, in its slot.
    let (records, err, code) = read_stdin(&format!("```\n53..7..x.\n{p}\n"));
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 2);
    assert!(
        err.contains("<stdin>:2:8: unexpected character 'x'"),
        "{err}"
    );
}

#[test]
fn a_file_of_boards_of_other_sizes_is_one_clear_error() {
    let text = "int[][] mini = {\n  {1, 0, 0, 4},\n  {0, 4, 1, 0},\n  {0, 1, 4, 0},\n  {4, 0, 0, 1},\n};\nbig = [[0 for _ in range(16)] for _ in range(16)]\n";
    let (records, err, code) = read_stdin(text);
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 1);
    assert_eq!(
        err,
        "sudoku: <stdin>: no 9x9 puzzle found: it holds a 4x4 board at line 2, and only 9x9 \
         puzzles are read\n"
    );
}

#[test]
fn a_fixed_width_line_with_a_tab_and_a_rating_keeps_its_slot() {
    let puzzles = sample_line_puzzles();
    let text = format!("{}\tSE 9.2\n{}\n", puzzles[0].replace('.', " "), puzzles[1]);
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["source"], "<stdin>:1");
    assert_eq!(records[0]["puzzle"], puzzles[0].as_str());
    assert_eq!(records[1]["puzzle"], puzzles[1].as_str());
}

/// Rows of `puzzle` as code rows: `{open}5, 3, 0, ...{close}`.
fn code_rows(puzzle: &str, open: &str, close: &str) -> Vec<String> {
    digit_rows(puzzle)
        .iter()
        .map(|r| {
            let items: Vec<String> = r.chars().map(String::from).collect();
            format!("{open}{}{close}", items.join(", "))
        })
        .collect()
}

#[test]
fn shapes_found_in_public_code_read_as_their_authors_meant() {
    let p = sample_line_puzzles();
    // A row with a comment after it (Rust tests), and an index before the first row (C).
    let mut rust = vec!["let grid: [[u8; 9]; 9] = [".to_string()];
    rust.extend(code_rows(&p[0], "    [", "], // a row"));
    rust.push("];".to_string());
    let mut c: Vec<String> = digit_rows(&p[1])
        .iter()
        .map(|r| format!("\t\t\"{}\",", r.replace('0', ".")))
        .collect();
    c[0] = format!("\tchar arr[9][10]={{{}", c[0].trim_start());
    c.push("};".to_string());
    // Empty lists, a template tag and a badge are code, not damaged puzzles.
    let noise = "r = []\ny = {}\n{% latex density=100 usepackages=pst-all,pst-3dplot %}\n\
                 [![Build Status](https://example.org/b.svg?v=1234)](https://example.org)\n";
    let text = format!("{}\n{}\n{noise}", rust.join("\n"), c.join("\n"));
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    let read: Vec<&str> = records
        .iter()
        .map(|r| r["puzzle"].as_str().unwrap())
        .collect();
    assert_eq!(read, [p[0].as_str(), p[1].as_str()]);
}

#[test]
fn a_repeated_row_before_a_closing_brace_glues_nothing_to_the_next_board() {
    // Lua tables: the first board lost nothing but gained a repeated row; the `}` after it ends
    // it, so the second board is read whole and the first is one error.
    let p = sample_line_puzzles();
    let mut first = code_rows(&p[0], "\t,{", "}");
    first.insert(4, first[4].clone());
    let second = code_rows(&p[1], "\t,{", "}");
    let text = format!(
        "x = {{\n{}\n\t}}\nx_backup = {{\n{}\n\t}}\n",
        first.join("\n"),
        second.join("\n")
    );
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(3), "{err}");
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["status"], "invalid");
    assert!(err.contains("hold 10 grid rows"), "{err}");
    assert_eq!(records[1]["puzzle"], p[1].as_str());
}

#[test]
fn a_board_of_another_size_set_off_in_bands_is_noted_and_r_keeps_its_byrow() {
    // A 16x16 board whose bands are set off by blank lines: one board, one note.
    let mut sixteen = String::from("int[][] big = {\n");
    for band in 0..4 {
        for _ in 0..4 {
            sixteen.push_str("  {0, 13, 16, 14, 10, 4, 0, 0, 0, 0, 0, 0, 0, 15, 2, 7},\n");
        }
        if band < 3 {
            sixteen.push('\n');
        }
    }
    sixteen.push_str("};\n");
    let p = &sample_line_puzzles()[0];
    // byrow = FALSE said outright holds even where the call's closing line is lost.
    let rows: Vec<String> = digit_rows(p)
        .iter()
        .map(|r| {
            let items: Vec<String> = r.chars().map(String::from).collect();
            format!("  {},", items.join(", "))
        })
        .collect();
    let r = format!(
        "m <- matrix(c(\n{}\n  nrow = 9, byrow = FALSE\n",
        rows.join("\n")
    );
    let (records, err, code) = read_stdin(&format!("{sixteen}{r}"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        err,
        "sudoku: <stdin>: note: a 16x16 board at line 2, passed over: only 9x9 puzzles are read\n"
    );
    let by_column: String = (0..81)
        .map(|i| p.as_bytes()[(i % 9) * 9 + i / 9] as char)
        .collect();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["puzzle"], by_column.as_str());
}

#[test]
fn rows_of_a_bitmap_are_one_error_not_one_each() {
    let row = |bit: usize| {
        let items: Vec<String> = (0..31).map(|i| ((i + bit) % 2).to_string()).collect();
        format!("    [{}],", items.join(", "))
    };
    let rows: Vec<String> = (0..9).map(row).collect();
    let text = format!("const SCROLL: [[u8; 31]; 9] = [\n{}\n];\n", rows.join("\n"));
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("sudoku: <stdin>:2:5: JSON value holds no puzzle"),
        "{err}"
    );
}
