//! The command line around the commands: `--help` and its examples, the man page, shell
//! completions, colour, the progress bar, `-q`, and a hint for a command given after an option.

use crate::common::{data_lines, mixed_input, stderr_of, stdout_of, sudoku, LEETCODE};
use predicates::prelude::*;

#[test]
fn help_has_a_summary_and_examples_for_each_command() {
    for command in ["solve", "check", "count", "generate", "canon"] {
        sudoku()
            .args([command, "--help"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("Example"))
            .stdout(predicate::str::contains("Exit codes"));
    }
    sudoku()
        .arg("--help")
        .assert()
        .stdout(predicate::str::contains("generate"))
        .stdout(predicate::str::contains("canon"))
        .stdout(predicate::str::contains("completions"));
}

#[test]
fn a_command_after_an_option_gets_a_hint() {
    sudoku()
        .args(["-j", "2", "check"])
        .write_stdin(LEETCODE)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("'check' is a command")
                .and(predicate::str::contains("sudoku check [OPTIONS]")),
        );
}

#[test]
fn the_man_page_is_produced() {
    sudoku()
        .arg("manpage")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(".TH sudoku 1"))
        .stdout(predicate::str::contains("Exit codes"));
}

#[test]
fn completions_are_produced_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = sudoku().args(["completions", shell]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let text = stdout_of(&out);
        assert!(text.contains("sudoku"), "{shell}");
        assert!(
            text.contains("generate") && text.contains("format"),
            "{shell}"
        );
    }
    sudoku().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn quiet_prints_nothing_on_every_command() {
    let input = mixed_input();
    for args in [
        vec!["solve", "-q"],
        vec!["check", "-q"],
        vec!["count", "-q"],
        vec!["canon", "-q"],
        vec!["-q"],
    ] {
        let out = sudoku()
            .args(&args)
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert!(out.stdout.is_empty(), "{args:?}: {}", stdout_of(&out));
        assert!(out.stderr.is_empty(), "{args:?}: {}", stderr_of(&out));
        assert_eq!(
            out.status.code(),
            Some(3),
            "{args:?}: the exit code still speaks"
        );
    }
    sudoku()
        .args(["generate", "-q", "-n", "3"])
        .assert()
        .code(0)
        .stdout("")
        .stderr("");
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let bad = "53..x\n";
    // stderr is a pipe here: no colour by default.
    let plain = sudoku().write_stdin(bad).output().unwrap();
    assert_eq!(
        stderr_of(&plain),
        "sudoku: <stdin>:1:5: unexpected character 'x'\n"
    );
    let coloured = sudoku()
        .args(["--color", "always"])
        .write_stdin(bad)
        .output()
        .unwrap();
    let err = stderr_of(&coloured);
    assert!(err.contains("\x1b[1m<stdin>:1:5\x1b[0m"), "{err:?}");
    assert!(
        err.contains("\x1b[31munexpected character 'x'\x1b[0m"),
        "{err:?}"
    );
    // Data on stdout is never coloured.
    assert!(!stdout_of(&coloured).contains('\x1b'));
    let never = sudoku()
        .args(["--color", "never"])
        .write_stdin(bad)
        .output()
        .unwrap();
    assert!(!stderr_of(&never).contains('\x1b'));
    let no_color = sudoku()
        .env("NO_COLOR", "1")
        .args(["--color", "auto"])
        .write_stdin(bad)
        .output()
        .unwrap();
    assert!(!stderr_of(&no_color).contains('\x1b'));
}

#[test]
fn the_progress_bar_stays_off_a_pipe() {
    // Long enough to pass the half-second delay in a debug build, with stderr a pipe.
    let puzzles = data_lines("puzzles5_forum_hardest_1905_11+-sample.txt");
    let input: String = (0..40)
        .flat_map(|_| puzzles.iter().map(|p| format!("{p}\n")))
        .collect();
    let out = sudoku()
        .args(["-f", "line", "-j", "1"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "stderr: {:?}", stderr_of(&out));
    assert!(!stdout_of(&out).contains('\r'));
}

#[test]
fn the_progress_bar_on_a_terminal_never_hangs_the_run() {
    // Under a pseudo-terminal (util-linux `script`), stderr is a terminal and the bar is drawn by
    // its own thread while the batch writes; the run must still finish. Skipped without `script`.
    let Ok(status) = std::process::Command::new("script")
        .arg("--version")
        .output()
    else {
        return;
    };
    if !status.status.success() {
        return;
    }
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("hard.txt");
    let puzzles = data_lines("puzzles5_forum_hardest_1905_11+-sample.txt");
    let input: String = (0..60)
        .flat_map(|_| puzzles.iter().map(|p| format!("{p}\n")))
        .collect();
    std::fs::write(&path, input).unwrap();
    let bin = assert_cmd::cargo::cargo_bin!("sudoku");
    for threads in ["1", "2"] {
        let command = format!(
            "'{}' -j {threads} -f line --color always '{}' > /dev/null",
            bin.display(),
            path.display()
        );
        let out = assert_cmd::Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .timeout(std::time::Duration::from_secs(120))
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "-j {threads}: {}",
            stdout_of(&out)
        );
    }
}
