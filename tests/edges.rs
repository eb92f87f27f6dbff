//! The binary's edges found by a hostile probe (issue 48): `-o` onto a hard-linked file and
//! onto a descriptor that is not open for writing, `generate`'s lists under `-o` and `-q`, and
//! `-q` under `--time-limit`, which must not change the exit code.

use std::fs;
use std::process::Command;

use crate::common::{bin, hardest, is_valid_solution, stderr_of, stdout_of, sudoku, LEETCODE};
use tempfile::TempDir;

/// The puzzle of LEETCODE as one line of 81 cells.
fn puzzle_line() -> String {
    LEETCODE.lines().next().expect("a line").trim().to_string()
}

/// Runs `script` in `sh`, with `$SUDOKU` the binary and `$IN` a file of one puzzle; its output.
fn shell(script: &str, input: &std::path::Path) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("SUDOKU", bin())
        .env("IN", input)
        .output()
        .expect("sh runs")
}

// ------------------------------------------------------------------ -o onto a hard link (24)

#[test]
fn o_onto_a_hard_link_writes_beside_the_file_not_in_tmpdir() {
    let dir = TempDir::new().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, format!("{}\n", puzzle_line())).unwrap();
    let file = dir.path().join("answers.txt");
    let link = dir.path().join("link.txt");
    fs::write(&file, "old\n").unwrap();
    fs::hard_link(&file, &link).unwrap();
    // A temporary directory that cannot be used: the answers must not need it.
    let output = sudoku()
        .env("TMPDIR", dir.path().join("no-such-dir"))
        .arg(&input)
        .arg("-o")
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    // Both names hold the answer (the link is kept), and it solves the puzzle.
    for name in [&file, &link] {
        let text = fs::read_to_string(name).unwrap();
        let answer = text.trim();
        assert!(is_valid_solution(&puzzle_line(), answer), "{answer}");
    }
    // No temporary file is left beside it.
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["answers.txt", "in.txt", "link.txt"]);
}

// ------------------------------------------------------------- -o onto a closed descriptor (25)

#[cfg(target_os = "linux")]
#[test]
fn o_onto_a_descriptor_closed_at_start_is_refused_with_exit_5() {
    let dir = TempDir::new().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, format!("{}\n", puzzle_line())).unwrap();
    // stdin closed: the refusal is said on stderr.
    let output = shell(r#""$SUDOKU" solve "$IN" -o /dev/fd/0 <&-"#, &input);
    assert_eq!(output.status.code(), Some(5), "{output:?}");
    assert!(
        stderr_of(&output).contains("/dev/fd/0: descriptor 0 was closed when sudoku started"),
        "{}",
        stderr_of(&output)
    );
    assert_eq!(stdout_of(&output), "");
    // stderr closed: nothing can be said, the exit code says it.
    let output = shell(r#""$SUDOKU" solve "$IN" -o /dev/stderr 2>&-"#, &input);
    assert_eq!(output.status.code(), Some(5), "{output:?}");
    // stdin open for reading only.
    let output = shell(r#""$SUDOKU" solve "$IN" -o /dev/fd/0 < "$IN""#, &input);
    assert_eq!(output.status.code(), Some(5), "{output:?}");
    assert!(stderr_of(&output).contains("descriptor 0 is open for reading only"));
}

#[cfg(target_os = "linux")]
#[test]
fn o_onto_a_descriptor_open_for_writing_is_written() {
    let dir = TempDir::new().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, format!("{}\n", puzzle_line())).unwrap();
    // stderr sent to stdout's pipe: the answer arrives there.
    let output = shell(r#""$SUDOKU" solve "$IN" -o /dev/stderr 2>&1"#, &input);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(is_valid_solution(&puzzle_line(), stdout_of(&output).trim()));
    // `2>/dev/null` is the user's choice: written, exit 0.
    let output = shell(
        r#""$SUDOKU" solve "$IN" -o /dev/stderr 2>/dev/null"#,
        &input,
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

// -------------------------------------------------- generate's lists under -o and -q (26)

#[test]
fn generate_lists_go_to_o_and_are_silenced_by_q() {
    let dir = TempDir::new().unwrap();
    for (flag, first) in [
        ("--list-levels", "easy"),
        ("--list-techniques", "Full House"),
    ] {
        let listed = sudoku().args(["generate", flag]).output().unwrap();
        assert_eq!(listed.status.code(), Some(0));
        let text = stdout_of(&listed);
        assert!(text.starts_with(first), "{text}");

        let file = dir.path().join(format!("{flag}.txt"));
        let to_file = sudoku()
            .args(["generate", flag, "-o"])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(to_file.status.code(), Some(0));
        assert_eq!(stdout_of(&to_file), "", "{flag} -o printed on stdout");
        assert_eq!(fs::read_to_string(&file).unwrap(), text);

        let quiet = sudoku().args(["generate", flag, "-q"]).output().unwrap();
        assert_eq!(quiet.status.code(), Some(0));
        assert_eq!(stdout_of(&quiet), "", "{flag} -q printed");

        // -q -o leaves FILE untouched, as for puzzles.
        let untouched = dir.path().join(format!("{flag}-q.txt"));
        sudoku()
            .args(["generate", flag, "-q", "-o"])
            .arg(&untouched)
            .assert()
            .code(0);
        assert!(!untouched.exists());
    }
}

#[test]
fn generate_list_to_a_file_that_cannot_be_written_exits_5() {
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("no-such-dir").join("levels.txt");
    let output = sudoku()
        .args(["generate", "--list-levels", "-o"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(5));
    assert!(stderr_of(&output).contains("cannot write output"));
}

// --------------------------------------------------- -q keeps the exit code (27)

#[test]
fn quiet_runs_under_a_time_limit_exit_as_loud_ones() {
    // Puzzles whose rating takes far longer than the limit, though their search is quick.
    let input: String = hardest().iter().map(|p| format!("{p}\n")).collect();
    for command in ["rate", "explain", "hint"] {
        let run = |quiet: bool| {
            let mut cmd = sudoku();
            cmd.args([command, "--time-limit", "5ms", "-j", "1"]);
            if quiet {
                cmd.arg("-q");
            }
            cmd.write_stdin(input.clone()).output().unwrap()
        };
        let (loud, quiet) = (run(false), run(true));
        assert_eq!(loud.status.code(), quiet.status.code(), "{command}");
        assert_eq!(stdout_of(&quiet), "", "{command} -q printed");
        if command != "hint" {
            // Rating one of these takes far more than 5 ms: exit 6, with -q too.
            assert_eq!(quiet.status.code(), Some(6), "{command} -q");
        }
    }
}

#[test]
fn quiet_runs_within_their_time_limit_exit_0() {
    for command in ["rate", "explain", "hint"] {
        sudoku()
            .args([command, "--time-limit", "60s", "-q"])
            .write_stdin(LEETCODE)
            .assert()
            .code(0)
            .stdout("");
    }
}
