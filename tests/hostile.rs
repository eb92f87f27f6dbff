//! Hostile input and failure modes: whatever the input, `sudoku` never panics, never hangs,
//! answers every puzzle in order, and reports each problem with its place and the right exit code.

mod common;

use std::fs;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::*;
use predicates::prelude::*;
use tempfile::TempDir;

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
    assert_error(b"", 3, "input.txt: no puzzle found");
}

#[test]
fn a_file_of_only_comments_has_no_puzzle() {
    assert_error(b"# one\n# two\n\n   \n", 3, "input.txt: no puzzle found");
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
fn dev_null_has_no_puzzle() {
    sudoku()
        .arg("/dev/null")
        .assert()
        .code(3)
        .stderr("sudoku: /dev/null: no puzzle found (expected 81-cell lines, grids of 9 rows, or JSON boards)\n");
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
fn deep_contradictions_are_found() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/invalid/deep-unsolvable.txt"
    );
    let out = sudoku().arg("check").arg(path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = stdout_of(&out);
    assert_eq!(text.lines().count(), 300);
    assert!(text.lines().all(|l| l.ends_with(
        "no solution: the givens break no rule, but no way of filling the grid obeys them all"
    )));
    // Spot-check independently: a few of them have no solution by brute force.
    let puzzles: Vec<String> = fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    for p in puzzles.iter().take(3) {
        assert_eq!(brute_force_count(p, 1), 0, "{p}");
    }
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
