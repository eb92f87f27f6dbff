//! Robustness: whatever the input and wherever the output goes, `sudoku` never panics, never
//! hangs, answers every puzzle in order, and reports each problem with its place and the right
//! exit code.
//!
//! - Damaged and hostile input: empty files, NUL bytes, invalid UTF-8, lines of any length,
//!   odd line endings and marks, damaged JSON, absurd thread counts.
//! - Slots: nothing lost, nothing glued; a name with a line break never splits a line.
//! - Inputs that cannot be read, output that cannot be written, pipes closed early: exit 5 with
//!   the reason, or a quiet end when the reader left.
//! - Streams: answers to a slow stream appear before the input ends, with one thread or many.
//! - Property tests of the parser: it never panics, and on damaged input it loses nothing and
//!   glues nothing.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::{
    self, bin, first_line_within, is_valid_solution, output_with, proptest_cases, repo,
    sample_line_puzzles, stderr_of, stdout_of, sudoku, LEETCODE, LEETCODE_SOLUTION,
};
use predicates::prelude::*;
use proptest::prelude::*;
use sudoku_solver::{parse_str, Parsed, Parser};
use tempfile::TempDir;

// ----------------------------------------------------------------------- damaged and hostile input

fn file_with(dir: &TempDir, name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = dir.path().join(name);
    fs::write(&path, bytes).unwrap();
    path
}

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

fn one_puzzle_file(dir: &TempDir) -> std::path::PathBuf {
    let path = dir.path().join("one.txt");
    fs::write(&path, format!("{LEETCODE}\n")).unwrap();
    path
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

// -------------------------------------------------------------- slots: nothing lost, nothing glued

#[test]
fn a_failing_puzzle_keeps_its_slot_and_goes_to_stderr() {
    let puzzles = sample_line_puzzles();
    let conflict = format!("55{}", &LEETCODE[2..]);
    let input = format!("{}\n{}\n{conflict}\n{}\n", puzzles[0], "1234x", puzzles[1]);
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(3),
        "malformed input outranks no solution"
    );
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(is_valid_solution(&puzzles[0], lines[0]));
    assert_eq!(lines[1], "# <stdin>:2:5: unexpected character 'x'");
    assert_eq!(
        lines[2],
        "# <stdin>:3: no solution: 5 appears twice in row 1 (columns 1 and 2)"
    );
    assert!(is_valid_solution(&puzzles[1], lines[3]));
    let err = stderr_of(&out);
    assert!(err.contains("sudoku: <stdin>:2:5: unexpected character 'x'"));
    assert!(err.contains("sudoku: <stdin>:3: no solution: 5 appears twice in row 1"));
}

#[test]
fn nothing_is_lost_in_a_batch_with_every_kind_of_error() {
    let puzzles = sample_line_puzzles();
    let kinds = [
        "53..x....".to_string(),          // unexpected character
        LEETCODE[..80].to_string(),       // 80 cells
        format!("{LEETCODE}9"),           // 82 cells
        format!("55{}", &LEETCODE[2..]),  // conflicting givens
        format!("531{}", &LEETCODE[3..]), // no solution after search
        "[[\"5\"]]".to_string(),          // JSON shape
        "\u{1}".to_string(),              // control character
    ];
    let mut input = String::new();
    let mut expect_good = Vec::new();
    let total = 5000;
    for i in 0..total {
        if i % 100 == 50 {
            input.push_str(&kinds[(i / 100) % kinds.len()]);
            expect_good.push(None);
        } else {
            let p = &puzzles[i % puzzles.len()];
            input.push_str(p);
            expect_good.push(Some(p.clone()));
        }
        input.push('\n');
    }
    for threads in ["1", "2"] {
        let out = sudoku()
            .args(["-f", "line", "-j", threads])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3));
        let text = stdout_of(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), total, "one slot per puzzle");
        for (i, (line, good)) in lines.iter().zip(&expect_good).enumerate() {
            match good {
                Some(p) => assert!(is_valid_solution(p, line), "slot {i}: {line}"),
                None => assert!(
                    line.starts_with(&format!("# <stdin>:{}", i + 1)),
                    "slot {i}: {line}"
                ),
            }
        }
    }
}

#[test]
fn a_json_record_without_a_puzzle_keeps_its_slot() {
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(format!(
            "{{\"grid\": \"{LEETCODE}\"}}\n{{\"name\": \"no puzzle here\"}}\n{LEETCODE}\n"
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], LEETCODE_SOLUTION);
    assert!(
        lines[1].starts_with("# <stdin>:2:1: JSON value holds no puzzle"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], LEETCODE_SOLUTION);
}

#[test]
fn a_newline_or_escape_in_a_file_name_never_breaks_a_line() {
    #[cfg(unix)]
    {
        let dir = TempDir::new().unwrap();
        fs::write(dir.path().join("a\nb"), "53..x\n").unwrap();
        fs::write(dir.path().join("c\x1b[31m.txt"), format!("{LEETCODE}\n")).unwrap();
        fs::write(dir.path().join("d.txt"), format!("{LEETCODE}\n")).unwrap();
        let out = sudoku()
            .args(["-f", "line"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3));
        let text = stdout_of(&out);
        // Three inputs, three slots.
        assert_eq!(text.lines().count(), 3, "{text}");
        assert!(text
            .lines()
            .next()
            .unwrap()
            .ends_with("a\\nb:1:5: unexpected character 'x'"));
        let err = stderr_of(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("a\\nb:1:5"), "{err}");
        assert!(!err.contains('\x1b'), "{err}");
        // Grid output reads back as two grids and one comment.
        let out = sudoku()
            .args(["-f", "grid"])
            .arg(dir.path())
            .output()
            .unwrap();
        let grids = stdout_of(&out);
        assert!(grids.contains("c\\x1b[31m.txt:1"), "{grids}");
        let back = sudoku()
            .args(["-f", "line"])
            .write_stdin(grids)
            .output()
            .unwrap();
        assert_eq!(back.status.code(), Some(0), "{}", stderr_of(&back));
        assert_eq!(stdout_of(&back).lines().count(), 2);
    }
}

#[test]
fn a_line_break_in_the_stdin_name_is_escaped_and_never_splits_a_line() {
    // A damaged puzzle (a cell short), then a puzzle.
    let input = format!("{}\n{LEETCODE}\n", &LEETCODE[..80]);
    let out = output_with(
        sudoku()
            .args(["solve", "--stdin-name", "in\nput\x1b.txt"])
            .write_stdin(input.clone()),
        3,
    );
    // Line N of the output answers puzzle N.
    let expected_error = "in\\nput\\x1b.txt:1:81: line has 80 cells; a puzzle line needs 81";
    assert_eq!(
        stdout_of(&out),
        format!("# {expected_error}\n{LEETCODE_SOLUTION}\n")
    );
    assert_eq!(stderr_of(&out), format!("sudoku: {expected_error}\n"));
    let out = output_with(
        sudoku()
            .args([
                "check",
                "--stdin-name",
                "in\nput.txt",
                "--template",
                "%s %S",
            ])
            .write_stdin(input),
        3,
    );
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("in\\nput.txt:1: invalid: "), "{text}");
    assert_eq!(lines[1], "in\\nput.txt:2 unique");
}

// ---------------------------------------------------------------------- inputs that cannot be read

#[test]
fn an_unreadable_file_in_a_directory_exits_5_and_the_others_are_solved() {
    let dir = TempDir::new().unwrap();
    file_with(&dir, "a.txt", format!("{LEETCODE}\n").as_bytes());
    // A link to nowhere: cannot be read, even by root.
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.path().join("gone"), dir.path().join("b.txt")).unwrap();
    file_with(&dir, "c.txt", format!("{LEETCODE}\n").as_bytes());
    // A file without read permission (root reads it anyway, so only check when it is really unreadable).
    let locked = file_with(&dir, "d.txt", format!("{LEETCODE}\n").as_bytes());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    }
    let locked_is_unreadable = fs::read(&locked).is_err();
    let out = sudoku()
        .args(["-f", "line"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], LEETCODE_SOLUTION);
    assert!(
        lines[1].starts_with("# ")
            && lines[1].contains("b.txt: cannot read: No such file or directory")
    );
    assert_eq!(lines[2], LEETCODE_SOLUTION);
    if locked_is_unreadable {
        assert!(lines[3].contains("d.txt: cannot read: Permission denied"));
    } else {
        assert_eq!(lines[3], LEETCODE_SOLUTION);
    }
    assert!(stderr_of(&out).contains("b.txt: cannot read: No such file or directory"));
}

#[test]
fn a_symlink_loop_under_recursion_terminates_with_exit_5() {
    #[cfg(unix)]
    {
        let dir = TempDir::new().unwrap();
        file_with(&dir, "a.txt", format!("{LEETCODE}\n").as_bytes());
        std::os::unix::fs::symlink("loop", dir.path().join("loop")).unwrap();
        fs::create_dir(dir.path().join("sub")).unwrap();
        std::os::unix::fs::symlink("..", dir.path().join("sub/up")).unwrap();
        let out = sudoku()
            .args(["-r", "-f", "line"])
            .arg(dir.path())
            .timeout(Duration::from_secs(30))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(5));
        let text = stdout_of(&out);
        assert_eq!(text.lines().next(), Some(LEETCODE_SOLUTION));
        assert!(
            text.contains("loop: cannot read: Too many levels of symbolic links"),
            "{text}"
        );
        assert_eq!(
            text.lines().count(),
            2,
            "the directory link is not followed: {text}"
        );
    }
}

#[test]
fn a_file_path_used_as_a_directory_is_unreadable() {
    let dir = TempDir::new().unwrap();
    let file = file_with(&dir, "a.txt", LEETCODE.as_bytes());
    sudoku()
        .arg(file.join("inner.txt"))
        .assert()
        .code(5)
        .stderr(predicate::str::contains(
            "a.txt/inner.txt: cannot read: Not a directory",
        ));
}

// ------------------------------------------------- output that cannot be written, and closed pipes

#[test]
fn output_that_cannot_be_written_exits_5_with_the_reason() {
    #[cfg(target_os = "linux")]
    {
        let dir = TempDir::new().unwrap();
        let path = dir.path().join("one.txt");
        fs::write(&path, LEETCODE).unwrap();
        for threads in ["1", "2"] {
            let full = fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap();
            let out = std::process::Command::new(assert_cmd::cargo::cargo_bin!("sudoku"))
                .args(["-j", threads])
                .arg(&path)
                .stdout(full)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(5), "-j {threads}");
            let err = stderr_of(&out);
            assert!(
                err.contains("sudoku: cannot write output: stdout: No space left on device"),
                "-j {threads}: {err}"
            );
        }
    }
}

#[cfg(target_os = "linux")]
fn to_dev_full(args: &[&str]) -> std::process::Output {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    Command::new(bin())
        .args(args)
        .stdout(full)
        .output()
        .unwrap()
}

#[test]
fn help_version_completions_and_man_page_to_a_full_disk_exit_5() {
    #[cfg(target_os = "linux")]
    {
        let mut cases: Vec<Vec<&str>> = vec![
            vec!["--help"],
            vec!["-h"],
            vec!["--version"],
            vec!["check", "--help"],
            vec!["manpage"],
        ];
        for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
            cases.push(vec!["completions", shell]);
        }
        for args in cases {
            let out = to_dev_full(&args);
            assert_eq!(out.status.code(), Some(5), "{args:?}: {}", stderr_of(&out));
            let err = stderr_of(&out);
            assert!(
                err.contains("sudoku: cannot write output: stdout: No space left on device"),
                "{args:?}: {err}"
            );
            assert!(!err.contains("panicked"), "{args:?}: {err}");
        }
    }
}

#[test]
fn a_stdout_open_only_for_reading_exits_5() {
    #[cfg(unix)]
    {
        // `sudoku p.txt 1</dev/null`: every write fails with EBADF, which the standard library's
        // stdout would have swallowed.
        let dir = TempDir::new().unwrap();
        let path = one_puzzle_file(&dir);
        let read_only = fs::File::open("/dev/null").unwrap();
        for threads in ["1", "2"] {
            let out = Command::new(bin())
                .args(["-j", threads])
                .arg(&path)
                .stdout(read_only.try_clone().unwrap())
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(5), "-j {threads}");
            assert!(
                stderr_of(&out)
                    .contains("sudoku: cannot write output: stdout: Bad file descriptor"),
                "{}",
                stderr_of(&out)
            );
        }
        // With -q nothing is written, so nothing fails.
        let out = Command::new(bin())
            .args(["-q"])
            .arg(&path)
            .stdout(read_only)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    }
}

#[test]
fn a_stdout_closed_at_start_exits_5() {
    #[cfg(any(target_os = "linux", target_os = "macos", target_os = "freebsd"))]
    {
        // The Rust runtime reopens a closed descriptor 1 on /dev/null before main: the answers
        // would vanish with exit 0. /dev/null opened on purpose, for writing or for both, is fine.
        let run = |args: &str, redirect: &str| {
            Command::new("sh")
                .arg("-c")
                .arg(format!("exec \"$0\" {args} {redirect}"))
                .arg(bin())
                .output()
                .unwrap()
        };
        for args in [
            format!("solve {LEETCODE}"),
            "--help".to_string(),
            "completions bash".to_string(),
            format!("rate {LEETCODE}"),
            "generate -n 2 --seed 1".to_string(),
        ] {
            let out = run(&args, ">&-");
            assert_eq!(out.status.code(), Some(5), "{args}: {}", stderr_of(&out));
            assert!(
                stderr_of(&out).contains("cannot write output: stdout: Bad file descriptor"),
                "{args}"
            );
            for open in [">/dev/null", "1<>/dev/null"] {
                assert_eq!(run(&args, open).status.code(), Some(0), "{args} {open}");
            }
        }
        // A quiet run writes nothing, so a closed stdout costs it nothing.
        assert_eq!(
            run(&format!("check -q {LEETCODE}"), ">&-").status.code(),
            Some(0)
        );
    }
}

#[test]
fn closed_stdout_ends_quietly() {
    #[cfg(unix)]
    {
        // `sudoku big | head -1`: the pipe closes early; no panic message, exit 0.
        let line = format!("{LEETCODE}\n");
        let input = line.repeat(200_000);
        let dir = TempDir::new().unwrap();
        let path = dir.path().join("big.txt");
        fs::write(&path, input).unwrap();
        let bin = assert_cmd::cargo::cargo_bin!("sudoku");
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "'{}' -f line '{}' | head -1; echo \"status=${{PIPESTATUS:-x}}\"",
                bin.display(),
                path.display()
            ))
            .output()
            .unwrap();
        let text = stdout_of(&out);
        assert!(text.starts_with(LEETCODE_SOLUTION), "{text}");
        assert!(out.stderr.is_empty(), "stderr: {}", stderr_of(&out));
        // And the exit code itself, without the shell in between.
        for threads in ["1", "2"] {
            let mut child = std::process::Command::new(bin)
                .args(["-f", "line", "-j", threads])
                .arg(&path)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            let mut stdout = child.stdout.take().unwrap();
            let mut first = [0u8; 82];
            std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
            drop(stdout);
            let out = child.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(0), "-j {threads}");
            assert!(out.stderr.is_empty(), "stderr: {}", stderr_of(&out));
        }
    }
}

#[test]
fn completions_to_a_reader_that_closes_first_end_quietly() {
    #[cfg(unix)]
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let mut child = Command::new(bin())
            .args(["completions", shell])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the pipe before reading anything.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr_of(&out));
        assert!(out.stderr.is_empty(), "{shell}: {}", stderr_of(&out));
    }
}

#[test]
fn a_closed_pipe_keeps_the_exit_code_of_an_earlier_error() {
    #[cfg(unix)]
    {
        // `sudoku missing.txt big.txt | head -1`: the missing file earned exit 5 before the
        // reader went away.
        let dir = TempDir::new().unwrap();
        let big = dir.path().join("big.txt");
        fs::write(&big, format!("{LEETCODE}\n").repeat(100_000)).unwrap();
        let missing = dir.path().join("missing.txt");
        for threads in ["1", "2"] {
            let mut child = Command::new(bin())
                .args(["-f", "line", "-j", threads])
                .arg(&missing)
                .arg(&big)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let mut stdout = child.stdout.take().unwrap();
            let mut first = [0u8; 40];
            std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
            drop(stdout);
            let out = child.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(5), "-j {threads}");
            let err = stderr_of(&out);
            assert!(err.contains("missing.txt: cannot read"), "{err}");
            assert_eq!(err.lines().count(), 1, "only the missing file: {err}");
        }
    }
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

// ----------------------------------------------------------------------------------------- streams

fn answers_arrive_while_the_input_is_open(threads: &str) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("sudoku"))
        .args(["-f", "line", "-j", threads])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let puzzles = sample_line_puzzles();
    // Like a generator: one puzzle at a time, waiting for each answer before sending more.
    for puzzle in puzzles.iter().take(3) {
        writeln!(stdin, "{puzzle}").unwrap();
        stdin.flush().unwrap();
        let answer = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer before the input ends");
        assert!(is_valid_solution(puzzle, &answer));
    }
    drop(stdin);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}

#[test]
fn answers_stream_with_one_thread() {
    answers_arrive_while_the_input_is_open("1");
}

#[test]
fn answers_stream_with_several_threads() {
    answers_arrive_while_the_input_is_open("2");
}

#[test]
fn a_fifo_is_read_like_a_stream() {
    #[cfg(unix)]
    {
        let dir = TempDir::new().unwrap();
        let fifo = dir.path().join("pipe");
        let status = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(status.success());
        let writer_path = fifo.clone();
        let writer = std::thread::spawn(move || {
            let mut f = fs::OpenOptions::new()
                .write(true)
                .open(writer_path)
                .unwrap();
            writeln!(f, "{LEETCODE}").unwrap();
        });
        sudoku()
            .args(["-f", "line"])
            .arg(&fifo)
            .timeout(Duration::from_secs(30))
            .assert()
            .code(0)
            .stdout(format!("{LEETCODE_SOLUTION}\n"));
        writer.join().unwrap();
        // Inside a directory, a FIFO is not a puzzle file and is skipped (reading it could block).
        file_with(&dir, "a.txt", format!("{LEETCODE}\n").as_bytes());
        sudoku()
            .args(["-f", "line"])
            .arg(dir.path())
            .timeout(Duration::from_secs(30))
            .assert()
            .code(0)
            .stdout(format!("{LEETCODE_SOLUTION}\n"));
    }
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

// ------------------------------------------------------------------------- the parser never panics

proptest! {
    #![proptest_config(proptest_cases(200))]

    #[test]
    fn random_bytes_give_puzzles_or_positioned_errors(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let mut parser = Parser::new(&bytes[..]);
        // `\n`, `\r\n` and a lone `\r` each end a line.
        let lines = bytes
            .iter()
            .enumerate()
            .filter(|&(i, &b)| b == b'\n' && (i == 0 || bytes[i - 1] != b'\r') || b == b'\r')
            .count()
            + 1;
        while let Some(item) = parser.next_item().unwrap() {
            match item {
                Ok(p) => prop_assert!(p.line() >= 1 && p.line() <= lines),
                Err(e) => {
                    prop_assert!(e.line >= 1 && e.line <= lines, "{e}");
                    prop_assert!(e.col >= 1, "{e}");
                }
            }
        }
    }

    #[test]
    fn random_puzzle_like_text_never_panics(text in "[0-9._|# \\-\\[\\]\",\n]{0,400}") {
        for item in parse_str(&text) {
            if let Err(e) = item {
                prop_assert!(e.line >= 1 && e.col >= 1);
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn mutated_valid_files_never_panic(cut in 0usize..2000, delete in 0usize..2000, swap in 0usize..40) {
        let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
        let mut text = format!("{}\n{grid}\n{}\n", common::LEETCODE, common::LEETCODE).into_bytes();
        if !text.is_empty() { text.remove(delete % text.len()); }
        let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
        let n = lines.len();
        lines.swap(swap % n, (swap * 7) % n);
        let mut text = lines.join(&b'\n');
        text.truncate(cut % (text.len() + 1));
        let line_count = text.split(|&b| b == b'\n').count();
        let mut parser = Parser::new(&text[..]);
        let mut answered = 0;
        while let Some(item) = parser.next_item().unwrap() {
            answered += 1;
            if let Err(e) = item {
                prop_assert!(e.line >= 1 && e.col >= 1);
            }
        }
        // Each answer takes at least one line of its own.
        prop_assert!(answered <= line_count);
    }
}

// ----------------------------------------------------------- recovery: nothing lost, nothing glued

// Property tests of the parser's promise on damaged input: nothing lost, nothing glued.
//
// - Random junk lines (words, short digit runs, damaged rows, headers, stray punctuation)
//   between valid puzzles of every layout: every puzzle is still read, in order, and every junk
//   line is either quietly a label or one error in its own slot, on its own line.
// - A file of separated grids (every way of separating them) with one row deleted or repeated:
//   no puzzle read is anything but one of the file's whole grids, and every other grid is
//   still read, in order.
//
// The layouts are written here, independently of the program's own output formats.

fn puzzles() -> Vec<String> {
    common::data_lines("puzzles1_random_minimal-sample.txt")
}

fn rows(p: &str) -> Vec<&str> {
    (0..9).map(|r| &p[r * 9..r * 9 + 9]).collect()
}

fn zeros(p: &str) -> String {
    p.replace('.', "0")
}

/// The candidates of each cell of `p` left by its givens: a given is its only candidate.
fn candidates(p: &str) -> Vec<Vec<u8>> {
    let g = common::digits(p);
    (0..81)
        .map(|i| {
            if g[i] != 0 {
                return vec![g[i]];
            }
            let (r, c) = (i / 9, i % 9);
            (1..=9u8)
                .filter(|&d| {
                    (0..9).all(|k| {
                        g[r * 9 + k] != d
                            && g[k * 9 + c] != d
                            && g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] != d
                    })
                })
                .collect()
        })
        .collect()
}

/// Puzzle `p` written in layout `layout`: its lines.
fn write(p: &str, layout: usize) -> Vec<String> {
    match layout {
        // An 81-character line, with text after it.
        0 => vec![format!("{p} # a note")],
        // A compact grid.
        1 => rows(p).iter().map(|r| r.to_string()).collect(),
        // A pretty grid with band separators.
        2 => {
            let mut out = Vec::new();
            for (i, r) in rows(p).iter().enumerate() {
                if i == 3 || i == 6 {
                    out.push("------+-------+------".to_string());
                }
                let cells: Vec<String> = r.chars().map(|c| c.to_string()).collect();
                out.push(format!(
                    "{} | {} | {}",
                    cells[..3].join(" "),
                    cells[3..6].join(" "),
                    cells[6..].join(" ")
                ));
            }
            out
        }
        // A comma grid with empty fields.
        3 => rows(p)
            .iter()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c == '.' {
                            String::new()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect(),
        // A CSV record: puzzle, then its id.
        4 => vec![format!("{},17", zeros(p))],
        // A JSON board of numbers on one line.
        5 => {
            let board: Vec<String> = rows(&zeros(p))
                .iter()
                .map(|r| {
                    let cells: Vec<String> = r.chars().map(|c| c.to_string()).collect();
                    format!("[{}]", cells.join(","))
                })
                .collect();
            vec![format!("[{}]", board.join(","))]
        }
        // A JSON object spread over lines, with the solution under its own key.
        6 => {
            let mut out = vec!["{".to_string(), format!("  \"puzzle\": \"{p}\",")];
            out.push("  \"solution\": [".to_string());
            out.push("    1, 2, 3".to_string());
            out.push("  ]".to_string());
            out.push("}".to_string());
            out
        }
        // A 729-character pencilmark line.
        7 => vec![candidates(p)
            .iter()
            .map(|c| {
                (1..=9u8)
                    .map(|d| {
                        if c.contains(&d) {
                            (b'0' + d) as char
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            })
            .collect()],
        // An 81-character line where a space is an empty cell.
        _ => vec![p.replace('.', " ")],
    }
}

/// What a puzzle of layout `layout` reads as: its 81 or 729 characters.
fn expected(p: &str, layout: usize) -> String {
    if layout == 7 {
        write(p, 7).remove(0)
    } else {
        p.to_string()
    }
}

fn key(item: &Parsed) -> Option<String> {
    item.as_ref().ok().map(|p| p.to_line())
}

fn junk_line(kind: usize, n: usize) -> String {
    match kind {
        0 => format!("Grid {n:02}"),
        1 => format!("Puzzle {n}: from the daily paper"),
        2 => "123".repeat(1 + n % 2),
        3 => "53..x....".to_string(),
        4 => "quizzes,solutions".to_string(),
        5 => "name,rating,author".to_string(),
        6 => format!("{}x", ".".repeat(40 + n % 30)),
        _ => "]".to_string(),
    }
}

proptest! {
    #![proptest_config(proptest_cases(300))]

    #[test]
    fn junk_between_puzzles_of_every_layout_loses_nothing(
        picks in prop::collection::vec((0usize..100, 0usize..9, prop::option::of(0usize..8), any::<bool>()), 1..12),
    ) {
        let all = puzzles();
        let mut lines: Vec<String> = Vec::new();
        let mut want = Vec::new();
        let mut junk_lines = Vec::new();
        for (n, &(index, layout, junk, blank)) in picks.iter().enumerate() {
            if let Some(kind) = junk {
                lines.push(junk_line(kind, n));
                junk_lines.push(lines.len());
            }
            let p = &all[index];
            lines.extend(write(p, layout));
            want.push(expected(p, layout));
            if blank {
                lines.push(String::new());
            }
        }
        let text = lines.join("\n") + "\n";
        let items = parse_str(&text);
        let got: Vec<String> = items.iter().filter_map(key).collect();
        prop_assert_eq!(&got, &want, "{}", text);
        let mut error_lines: Vec<usize> = items
            .iter()
            .filter_map(|i| i.as_ref().err().map(|e| e.line))
            .collect();
        let errors = error_lines.len();
        error_lines.dedup();
        prop_assert_eq!(error_lines.len(), errors, "two errors on one line: {}", text);
        for line in error_lines {
            prop_assert!(junk_lines.contains(&line), "error at line {} is not a junk line: {:?}\n{}", line, items, text);
        }
    }

    #[test]
    fn a_deleted_or_repeated_row_never_glues_grids(
        picks in prop::collection::vec(0usize..100, 2..7),
        style in 0usize..6,
        damaged in 0usize..7,
        row in 0usize..9,
        repeat in any::<bool>(),
    ) {
        let all = puzzles();
        let damaged = damaged % picks.len();
        let mut lines: Vec<String> = Vec::new();
        for (k, &index) in picks.iter().enumerate() {
            let p = &all[index];
            let mut grid: Vec<String> = match style {
                // Blank lines between compact grids.
                0 => rows(p).iter().map(|r| r.to_string()).collect(),
                // Norvig: a rule of '=' after each grid.
                1 => rows(&zeros(p)).iter().map(|r| r.to_string()).collect(),
                // Pretty grids with band separators.
                2 => write(p, 2),
                // Boxed grids: borders above, between bands and below.
                3 => rows(p).iter().map(|r| format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..])).collect(),
                // Project Euler: a label before each grid, nothing between.
                4 => rows(&zeros(p)).iter().map(|r| r.to_string()).collect(),
                // Comma grids with blank lines between.
                _ => write(p, 3),
            };
            if k == damaged {
                // The row of the grid (pretty grids hold separators between their rows).
                let at = grid
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| !l.starts_with('-'))
                    .nth(row)
                    .map(|(i, _)| i)
                    .unwrap();
                if repeat {
                    let copy = grid[at].clone();
                    grid.insert(at, copy);
                } else {
                    grid.remove(at);
                }
            }
            match style {
                1 => {
                    lines.extend(grid);
                    lines.push("========".to_string());
                }
                3 => {
                    let border = "+---+---+---+".to_string();
                    lines.push(border.clone());
                    for (i, r) in grid.into_iter().enumerate() {
                        if i == 3 || i == 6 {
                            lines.push(border.clone());
                        }
                        lines.push(r);
                    }
                    lines.push(border);
                    lines.push(String::new());
                }
                4 => {
                    lines.push(format!("Grid {:02}", k + 1));
                    lines.extend(grid);
                }
                _ => {
                    lines.extend(grid);
                    lines.push(String::new());
                }
            }
        }
        let text = lines.join("\n");
        let items = parse_str(&text);
        let whole: Vec<String> = picks.iter().map(|&i| all[i].clone()).collect();
        let got: Vec<String> = items.iter().filter_map(key).collect();
        for g in &got {
            prop_assert!(whole.contains(g), "a puzzle not in the file: {}\n{}", g, text);
        }
        // Every grid but the damaged one is read, in order.
        let others: Vec<String> = whole
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != damaged)
            .map(|(_, p)| p.clone())
            .collect();
        let mut rest = got.iter();
        for p in &others {
            prop_assert!(rest.any(|g| g == p), "lost {}\n{}", p, text);
        }
        // The damage is reported, not passed over in silence.
        prop_assert!(items.iter().any(|i| i.is_err()), "no error for the damaged grid\n{}", text);
    }
}
