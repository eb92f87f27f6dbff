//! Damaged and hostile input: empty files, NUL bytes, invalid UTF-8, lines of any length, odd
//! line endings and marks, damaged JSON, absurd thread counts: each answered or reported with its
//! place and the right exit code.

use std::fs;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::{is_valid_solution, stderr_of, stdout_of, sudoku, LEETCODE, LEETCODE_SOLUTION};
use tempfile::TempDir;

use super::{file_with, one_puzzle_file};

/// Runs `sudoku` on one file holding `bytes`; returns the output.
fn on_file(bytes: &[u8]) -> std::process::Output {
    let dir = TempDir::new().unwrap();
    let path = file_with(&dir, "input.txt", bytes);
    let out = sudoku()
        .args(["-f", "line"])
        .arg(&path)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(101), "panic: {}", stderr_of(&out));
    out
}

fn assert_error(bytes: &[u8], code: i32, message: &str) {
    let out = on_file(bytes);
    assert_eq!(out.status.code(), Some(code), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    assert!(err.contains(message), "expected {message:?} in {err:?}");
    // The error keeps its slot in stdout too.
    assert!(stdout_of(&out).contains(message), "{}", stdout_of(&out));
}

#[test]
fn an_empty_file_has_no_puzzle() {
    assert_error(
        b"",
        3,
        "input.txt: no 9x9 puzzle found (the input is empty;",
    );
}

#[test]
fn a_file_of_only_comments_has_no_puzzle() {
    assert_error(
        b"# one\n# two\n\n   \n",
        3,
        "input.txt: no 9x9 puzzle found (seen: 4 lines, none with a number;",
    );
}

#[test]
fn a_file_of_nul_bytes_is_malformed_at_its_first_byte() {
    assert_error(
        &[0u8; 4096],
        3,
        "input.txt:1:1: unexpected character '\\0' (U+0000)",
    );
}

#[test]
fn invalid_utf8_is_reported_with_its_position() {
    let mut bytes = LEETCODE.as_bytes().to_vec();
    bytes[40] = 0xff;
    assert_error(&bytes, 3, "input.txt:1:41: invalid UTF-8 (byte 0xff)");
    assert_error(
        "53..7é...".as_bytes(),
        3,
        "input.txt:1:6: unexpected character 'é'",
    );
}

#[test]
fn a_line_of_ten_thousand_digits() {
    assert_error(
        "1".repeat(10_000).as_bytes(),
        3,
        "input.txt:1:82: line has 10000 cells; a puzzle line needs 81",
    );
}

#[test]
fn ten_rows_eight_cells_and_82_cells() {
    let grid =
        fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/leetcode.txt")).unwrap();
    // Ten consecutive rows: a row is repeated somewhere, so no nine of them are answered (that
    // would be a puzzle that may not be in the file); one error, in one slot.
    let ten = format!("{grid}{}", grid.lines().next().unwrap());
    let out = on_file(ten.as_bytes());
    assert_eq!(out.status.code(), Some(3));
    let text = stdout_of(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains("input.txt:1:1: lines 1-10 hold 10 grid rows"),
        "{text}"
    );

    let eight = grid.replacen("6..195...", "6..195..", 1);
    assert_error(
        eight.as_bytes(),
        3,
        "input.txt:2:9: row has 8 cells; a grid row needs 9",
    );
    assert_error(
        format!("{LEETCODE}1").as_bytes(),
        3,
        "input.txt:1:82: line has 82 cells; a puzzle line needs 81",
    );
    assert_error(
        &LEETCODE.as_bytes()[..80],
        3,
        "input.txt:1:81: line has 80 cells; a puzzle line needs 81",
    );
}

#[test]
fn json_boards_with_a_wrong_shape_or_a_bad_cell() {
    let row = r#"["5","3",".",".","7",".",".",".","."]"#;
    let eight_rows = format!("[{}]", [row; 8].join(","));
    assert_error(
        eight_rows.as_bytes(),
        3,
        "input.txt:1:1: JSON: 8 rows; a board needs 9",
    );
    let out_of_range = format!(
        "[{}]",
        [row.replacen("\"3\"", "13", 1).as_str(); 9].join(",")
    );
    assert_error(
        out_of_range.as_bytes(),
        3,
        "input.txt:1:7: JSON: row 1, cell 2: a cell must be a digit 0-9 (0 for empty), \"1\"-\"9\", \".\" or \"\"; found 13",
    );
    let long_cell = format!(
        "[{}]",
        [row.replacen("\"3\"", "\"33\"", 1).as_str(); 9].join(",")
    );
    assert_error(long_cell.as_bytes(), 3, "found \"33\"");
}

#[test]
fn crlf_bom_tabs_and_trailing_spaces_are_accepted() {
    let grid =
        fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/leetcode.txt")).unwrap();
    let mut text = String::from("\u{feff}");
    for line in grid.lines() {
        let tabbed: Vec<String> = line.chars().map(String::from).collect();
        text.push_str(&format!("{}  \t \r\n", tabbed.join("\t")));
    }
    text.push_str(&format!("{LEETCODE}   \r\n"));
    let out = on_file(text.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(
        stdout_of(&out),
        format!("{LEETCODE_SOLUTION}\n{LEETCODE_SOLUTION}\n")
    );
}

#[test]
fn dev_null_has_no_puzzle() {
    sudoku()
        .arg("/dev/null")
        .assert()
        .code(3)
        .stderr("sudoku: /dev/null: no 9x9 puzzle found (the input is empty; expected 81-cell lines, grids of 9 rows, or JSON boards)\n");
}

#[test]
fn a_100_mb_line_is_rejected_in_bounded_memory() {
    #[cfg(target_os = "linux")]
    {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin!("sudoku"))
            .args(["-f", "line"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let mut stdin = child.stdin.take().unwrap();
        let block = vec![b'7'; 1 << 20];
        for _ in 0..100 {
            stdin.write_all(&block).unwrap();
        }
        // Still no newline: the whole line has gone through. How much memory did it take?
        stdin.flush().unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let peak_kb: u64 = status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap()
            .parse()
            .unwrap();
        writeln!(stdin, "\n{LEETCODE}").unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert!(
            peak_kb < 40 * 1024,
            "peak RSS {peak_kb} kB for a 100 MB line"
        );
        assert_eq!(out.status.code(), Some(3));
        let text = stdout_of(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("<stdin>:1:1: line is longer than 1048576 bytes"));
        assert_eq!(lines[1], LEETCODE_SOLUTION);
    }
}

#[test]
fn hard_and_hostile_puzzles_are_answered_correctly() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hostile.txt");
    let puzzles: Vec<String> = fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    assert_eq!(puzzles.len(), 7);
    let out = sudoku()
        .args(["-f", "line"])
        .arg(path)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    let solutions: Vec<&str> = text.lines().collect();
    assert_eq!(solutions.len(), puzzles.len());
    for (p, s) in puzzles.iter().zip(&solutions) {
        assert!(is_valid_solution(p, s), "{p} -> {s}");
    }
    assert!(solutions[6].starts_with("987654321"));
    // The sparse grids have more solutions than any limit; the last is unique.
    let out = sudoku()
        .args(["count", "--limit", "5000"])
        .arg(path)
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out), "5000+\n".repeat(6) + "1\n");
}

#[test]
fn a_huge_thread_count_is_lowered_with_a_note_not_an_abort() {
    let dir = TempDir::new().unwrap();
    let path = one_puzzle_file(&dir);
    for args in [vec!["-j", "20000"], vec!["check", "-j", "65535"]] {
        let out = sudoku().args(&args).arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
        let err = stderr_of(&out);
        assert!(
            err.starts_with("sudoku: -j ") && err.contains(" lowered to "),
            "{err}"
        );
        assert!(stdout_of(&out).starts_with(&LEETCODE_SOLUTION[..9]) || args[0] == "check");
    }
    // Generate too.
    let out = sudoku()
        .args(["generate", "-n", "3", "--seed", "1", "-j", "30000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_of(&out).lines().count(), 3);
    assert!(stderr_of(&out).contains("lowered to"));
}

/// The LeetCode board of the README, on one line.
fn leetcode_board() -> String {
    let rows: Vec<String> = LEETCODE
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let cells: Vec<String> = r.iter().map(|&c| format!("\"{}\"", c as char)).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

#[test]
fn one_damaged_json_board_never_takes_the_puzzles_after_it() {
    let board = leetcode_board();
    let damaged = [
        (
            "a missing comma",
            board.replacen("\"5\",\"3\"", "\"5\" \"3\"", 1),
        ),
        (
            "\"\" for an empty cell",
            board.replacen("\"3\",\".\"", "\"3\",\"\"", 1),
        ),
        ("a nested array", board.replacen("\"7\"", "[\"5\"]", 1)),
        ("a two-character cell", board.replacen("\"7\"", "\"33\"", 1)),
        ("a lost quote", board.replacen("\"7\"", "\"7", 1)),
        (
            "a lost closing bracket",
            board[..board.len() - 1].to_string(),
        ),
    ];
    let good = format!("{LEETCODE}\n").repeat(1000);
    for (what, first) in damaged {
        for threads in ["1", "2"] {
            let out = sudoku()
                .args(["-f", "line", "-j", threads])
                .write_stdin(format!("{first}\n{good}"))
                .output()
                .unwrap();
            let text = stdout_of(&out);
            let solved = text.lines().filter(|l| *l == LEETCODE_SOLUTION).count();
            assert!(solved >= 1000, "{what}: {solved} solved");
            assert_eq!(text.lines().count(), 1001, "{what}: one slot for the board");
        }
    }
}

#[test]
fn cr_only_line_endings_lose_no_puzzle() {
    let text = format!("{LEETCODE}\r").repeat(1000);
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout_of(&out),
        format!("{LEETCODE_SOLUTION}\n").repeat(1000)
    );
    // Mixed endings count each line once.
    let out = sudoku()
        .args(["check"])
        .write_stdin(format!("{LEETCODE}\r\n{LEETCODE}\r{LEETCODE}\n"))
        .output()
        .unwrap();
    assert_eq!(
        stdout_of(&out),
        "<stdin>:1: unique\n<stdin>:2: unique\n<stdin>:3: unique\n"
    );
}

#[test]
fn vertical_tab_and_form_feed_never_hide_text_after_a_puzzle() {
    for (sep, name) in [("\x0b", "U+000B"), ("\x0c", "U+000C")] {
        let out = sudoku()
            .args(["-f", "line"])
            .write_stdin(format!("{LEETCODE}{sep}{LEETCODE}\n"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{name}");
        assert!(
            stderr_of(&out).contains(&format!(
                "<stdin>:1:82: unexpected character '\\u{{{}}}' ({name})",
                &name[4..].trim_start_matches('0').to_lowercase()
            )),
            "{}",
            stderr_of(&out)
        );
    }
}

#[test]
fn a_byte_order_mark_between_files_is_skipped_and_elsewhere_named() {
    // `cat a.txt b.txt`, each with its own mark.
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(format!("\u{feff}{LEETCODE}\n\u{feff}{LEETCODE}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_of(&out).lines().count(), 2);
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(format!("53\u{feff}{}\n", &LEETCODE[2..]))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr_of(&out).contains("<stdin>:1:3: unexpected character U+FEFF (a byte-order mark)"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn the_line_limit_is_exactly_what_the_message_says() {
    const LIMIT: usize = 1 << 20;
    for (len, too_long) in [(LIMIT, false), (LIMIT + 1, true)] {
        let out = sudoku()
            .args(["-f", "line"])
            .write_stdin(format!("{}\n{LEETCODE}\n", "1".repeat(len)))
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert_eq!(
            err.contains("line is longer than 1048576 bytes"),
            too_long,
            "{len}: {}",
            &err[..err.len().min(200)]
        );
        assert!(stdout_of(&out).ends_with(&format!("{LEETCODE_SOLUTION}\n")));
    }
}

#[test]
fn a_pencilmark_line_one_character_short_says_it_needs_729() {
    let text = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/pencilmarks.txt"
    ))
    .unwrap();
    let marks = text.lines().find(|l| l.len() == 729).unwrap();
    for (line, col, cells) in [
        (&marks[..728], 729, 728),
        (&format!("{marks}1")[..], 730, 730),
    ] {
        let out = sudoku()
            .args(["check"])
            .write_stdin(format!("{line}\n"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3));
        let want = format!(
            "<stdin>:1:{col}: pencilmark line has {cells} cells; a pencilmark line needs 729"
        );
        assert!(stderr_of(&out).contains(&want), "{}", stderr_of(&out));
    }
}
