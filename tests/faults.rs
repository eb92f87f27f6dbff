//! Faults found by hostile testing, each guarded by a test named after what it guards: output
//! that cannot be written, closed pipes, absurd thread counts, what `count` claims at its limit,
//! file names that could break a line, and stdin named twice.

mod common;

use std::fs;
use std::process::{Command, Stdio};

use common::*;
use tempfile::TempDir;

fn bin() -> &'static std::path::Path {
    assert_cmd::cargo::cargo_bin!("sudoku")
}

fn one_puzzle_file(dir: &TempDir) -> std::path::PathBuf {
    let path = dir.path().join("one.txt");
    fs::write(&path, format!("{LEETCODE}\n")).unwrap();
    path
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
                err.contains("sudoku: cannot write output: No space left on device"),
                "{args:?}: {err}"
            );
            assert!(!err.contains("panicked"), "{args:?}: {err}");
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
                stderr_of(&out).contains("sudoku: cannot write output: Bad file descriptor"),
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

#[test]
fn count_at_its_limit_with_one_solution_does_not_claim_not_unique() {
    let out = sudoku()
        .args(["count", "--limit", "1", "-f", "json"])
        .write_stdin(format!("{LEETCODE}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let record: serde_json::Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
    assert_eq!(record["status"], "limit");
    assert_eq!(record["solutions"], 1);
    assert_eq!(record["complete"], false);
    // With room to look further, the same puzzle is known to be unique.
    let out = sudoku()
        .args(["count", "--limit", "2", "-f", "json"])
        .write_stdin(format!("{LEETCODE}\n"))
        .output()
        .unwrap();
    let record: serde_json::Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
    assert_eq!(record["status"], "unique");
    assert_eq!(record["complete"], true);
    // Two solutions at a limit of 2 are known to be not unique.
    let empty = ".".repeat(81);
    let out = sudoku()
        .args(["count", "--limit", "2", "-f", "json"])
        .write_stdin(format!("{empty}\n"))
        .output()
        .unwrap();
    let record: serde_json::Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
    assert_eq!(record["status"], "not_unique");
    assert_eq!(record["complete"], false);
}

#[test]
fn a_newline_or_escape_in_a_file_name_never_breaks_a_line() {
    #[cfg(unix)]
    {
        let dir = TempDir::new().unwrap();
        fs::write(dir.path().join("a\nb"), "x\n").unwrap();
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
            .ends_with("a\\nb:1:1: unexpected character 'x'"));
        let err = stderr_of(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("a\\nb:1:1"), "{err}");
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
fn stdin_named_twice_is_a_usage_error() {
    sudoku()
        .args(["-", "-"])
        .write_stdin(format!("{LEETCODE}\n"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "'-' (stdin) is named more than once",
        ));
    sudoku()
        .args(["check", "-", "x", "-"])
        .write_stdin(format!("{LEETCODE}\n"))
        .assert()
        .code(2);
}
