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
    let record = json_record(&out);
    assert_eq!(record["status"], "limit");
    assert_eq!(record["solutions"], 1);
    assert_eq!(record["complete"], false);
    // With room to look further, the same puzzle is known to be unique.
    let out = sudoku()
        .args(["count", "--limit", "2", "-f", "json"])
        .write_stdin(format!("{LEETCODE}\n"))
        .output()
        .unwrap();
    let record = json_record(&out);
    assert_eq!(record["status"], "unique");
    assert_eq!(record["complete"], true);
    // Two solutions at a limit of 2 are known to be not unique.
    let empty = ".".repeat(81);
    let out = sudoku()
        .args(["count", "--limit", "2", "-f", "json"])
        .write_stdin(format!("{empty}\n"))
        .output()
        .unwrap();
    let record = json_record(&out);
    assert_eq!(record["status"], "not_unique");
    assert_eq!(record["complete"], false);
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

// The smaller faults of the same hostile probe (issue 28).

#[test]
fn stats_time_the_whole_answer_not_only_the_check() {
    // A puzzle that needs forcing chains beside one solved by singles: rating the first is
    // nearly all of the run, so the slowest puzzle's time is most of the elapsed time (the
    // backtracking check alone takes a thousandth of it).
    let sample = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/serate-1.2.1.3-sample.txt"
    ))
    .unwrap();
    let hard = sample
        .lines()
        .find(|l| l.contains("ED=8."))
        .expect("a puzzle rated 8 in the sample")
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    for command in ["rate", "explain", "hint"] {
        let out = sudoku()
            .args([command, "-j", "1", "--stats=json"])
            .write_stdin(format!("{LEETCODE}\n{hard}\n"))
            .output()
            .unwrap();
        let summary: serde_json::Value = serde_json::from_str(stderr_of(&out).trim()).unwrap();
        let slowest = summary["slowest"]["seconds"].as_f64().unwrap();
        let elapsed = summary["elapsed_seconds"].as_f64().unwrap();
        if command != "hint" {
            assert_eq!(summary["slowest"]["source"], "<stdin>:2", "{command}");
            assert!(slowest > elapsed / 2.0, "{command}: {slowest} of {elapsed}");
        }
        assert!(slowest <= elapsed, "{command}");
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

#[test]
fn a_glob_that_leaves_out_every_file_says_so() {
    let dir = TempDir::new().unwrap();
    for name in ["a.txt", "b.txt", "c.json"] {
        fs::write(dir.path().join(name), format!("{LEETCODE}\n")).unwrap();
    }
    fs::create_dir(dir.path().join("more")).unwrap();
    fs::write(dir.path().join(".hidden"), "x").unwrap();
    let out = sudoku()
        .args(["-g", "*.sdk"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = stderr_of(&out);
    assert!(
        err.contains("no puzzle files in this directory: the globs (-g) left out 3 files; 1 hidden entry is skipped; 1 subdirectory is entered only with -r"),
        "{err}"
    );
}

#[test]
fn a_solved_grid_is_already_solved_not_beyond_the_ladder() {
    for command in ["rate", "explain", "hint"] {
        let out = sudoku()
            .args([command, LEETCODE_SOLUTION])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{command}");
        let text = stdout_of(&out);
        assert!(
            text.contains("arg 1: already solved: no step left"),
            "{command}: {text}"
        );
        assert!(!text.contains("beyond the ladder"), "{command}");
        let out = sudoku()
            .args([command, "-f", "json", LEETCODE_SOLUTION])
            .output()
            .unwrap();
        let record = json_record(&out);
        assert_eq!(record["status"], "solved", "{command}: {record}");
        assert!(record.get("hardest").is_none(), "{command}: {record}");
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
                stderr_of(&out).contains("cannot write output: Bad file descriptor"),
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
