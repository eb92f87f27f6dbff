//! Streams: answers to a slow stream (a pipe, a FIFO) appear before the input ends, with one
//! thread or many.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::{
    bin, first_line_within, is_valid_solution, repo, sample_line_puzzles, sudoku, LEETCODE,
    LEETCODE_SOLUTION,
};
use tempfile::TempDir;

use super::file_with;

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
