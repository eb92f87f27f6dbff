//! Inputs that cannot be read, output that cannot be written, pipes closed early: exit 5 with
//! the reason, or a quiet end when the reader left.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::{
    bin, sample_line_puzzles, stderr_of, stdout_of, sudoku, LEETCODE, LEETCODE_SOLUTION,
};
use predicates::prelude::*;
use tempfile::TempDir;

use super::{file_with, one_puzzle_file};

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
