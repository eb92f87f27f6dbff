//! Streaming: answers to a slow stream appear before the input ends, with one thread or many.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::*;

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
