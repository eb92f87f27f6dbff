//! `generate` that cannot or need not go on: requests no puzzle can meet refused at once, a
//! closed pipe stops a run, and `--timeout` bounds every run.

use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::{bin, first_line_within, json_records, output_with, stderr_of, sudoku};
use tempfile::TempDir;

// --------------------------------------------------------------------- requests no puzzle can meet

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

#[test]
fn an_impossible_level_names_the_level_not_a_rating_never_given() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--level", "easy", "--needs", "x-wing"],
            "--needs X-Wing: it is rated 3.2 or more, above --level easy, which ends at ER 1.2",
        ),
        (
            &["--level", "easy", "--ep", "2.0.."],
            "--ep starts at 2.0 but --level easy (ER 1.0..1.2) ends at 1.2: EP is never above \
             ER (ED <= EP <= ER)",
        ),
        (
            &["--level", "hard", "--ed", "2.6.."],
            "--ed starts at 2.6 but --level hard (ER 1.6..2.5) ends at 2.5: ED is never above \
             ER (ED <= EP <= ER)",
        ),
        // Given, --rating is named.
        (
            &["--rating", "..1.2", "--needs", "x-wing"],
            "--needs X-Wing: it is rated 3.2 or more, above --rating's end 1.2",
        ),
    ];
    for (args, message) in cases {
        let out = output_with(sudoku().arg("generate").args(args), 2);
        assert!(out.stdout.is_empty());
        assert_eq!(
            stderr_of(&out),
            format!("sudoku: no puzzle can be what is asked: {message}\n"),
            "{args:?}"
        );
    }
}

#[test]
fn a_reversed_rating_range_says_min_is_above_max() {
    let out = sudoku()
        .args(["generate", "--rating", "9.0..2.0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(
        err.contains("MIN is above MAX; write the smaller rating first (2.0..9.0)"),
        "{err}"
    );
}

// ------------------------------------------------------ a run that ends: closed pipes and timeouts

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
