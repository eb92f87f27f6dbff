//! The exit codes: each code for what earns it, their precedence when several apply, and the
//! contract around them: the README's table, `--help` and the man page say the same thing. The
//! library's `exit::TABLE` is the one source; the tests hold the README to it.

use std::fs;

use crate::common::{puzzles_dir, stderr_of, stdout_of, sudoku, LEETCODE, LEETCODE_SOLUTION};
use predicates::prelude::*;
use tempfile::TempDir;

// --------------------------------------------------------------------------------------- each code

#[test]
fn exit_0_when_every_puzzle_is_solved() {
    sudoku().write_stdin(LEETCODE).assert().code(0).stderr("");
}

#[test]
fn exit_1_on_conflicting_givens_with_the_reason() {
    sudoku()
        .arg(puzzles_dir().join("invalid/conflict.txt"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "conflict.txt:2: no solution: 5 appears twice in row 1 (columns 1 and 8)",
        ))
        .stderr(predicate::str::contains(
            "conflict.txt:3: no solution: 5 appears twice in column 1 (rows 1 and 9)",
        ));
}

#[test]
fn exit_1_on_a_puzzle_without_solution_after_search() {
    sudoku()
        .arg(puzzles_dir().join("invalid/unsolvable.txt"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "unsolvable.txt:3: no solution: the givens break no rule",
        ));
}

#[test]
fn exit_2_on_usage_errors() {
    sudoku()
        .args(["-f", "xml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("xml"));
    sudoku().arg("--no-such-flag").assert().code(2);
    sudoku().args(["-j", "0"]).assert().code(2);
}

#[test]
fn exit_3_on_malformed_input_with_line_and_column() {
    sudoku()
        .arg(puzzles_dir().join("invalid/malformed.txt"))
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "malformed.txt:2:81: line has 80 cells; a puzzle line needs 81",
        ))
        .stderr(predicate::str::contains(
            "malformed.txt:6:6: unexpected character 'x'",
        ))
        .stderr(predicate::str::contains(
            "malformed.txt:14:1: grid has only 2 of 9 rows",
        ));
}

#[test]
fn exit_3_when_the_input_has_no_puzzle() {
    sudoku()
        .write_stdin("# only a comment\n\n")
        .assert()
        .code(3)
        .stderr("sudoku: <stdin>: no 9x9 puzzle found (seen: 2 lines, none with a number; expected 81-cell lines, grids of 9 rows, or JSON boards)\n");
    let dir = TempDir::new().unwrap();
    sudoku()
        .arg(dir.path())
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "no puzzle files in this directory",
        ));
}

#[test]
fn exit_4_when_uniqueness_is_required_and_a_puzzle_has_several_solutions() {
    // One given: a great many solutions.
    let sparse = format!("{}{}", "1", ".".repeat(80));
    sudoku()
        .args(["solve", "--unique"])
        .write_stdin(sparse.clone())
        .assert()
        .code(4)
        .stdout(predicate::str::starts_with("# <stdin>:1: not unique: r"));
    sudoku().write_stdin(sparse).assert().code(0);
}

#[test]
fn exit_5_on_an_unreadable_input_and_the_others_are_still_solved() {
    let dir = TempDir::new().unwrap();
    let missing = dir.path().join("missing.txt");
    let good = dir.path().join("good.txt");
    fs::write(&good, format!("{LEETCODE}\n")).unwrap();
    let out = sudoku().arg(&missing).arg(&good).output().unwrap();
    assert_eq!(out.status.code(), Some(5));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("# ")
            && lines[0].contains("missing.txt: cannot read: No such file or directory")
    );
    assert_eq!(lines[1], LEETCODE_SOLUTION);
    assert!(stderr_of(&out).contains("missing.txt: cannot read: No such file or directory"));
}

#[test]
fn exit_codes_follow_precedence_5_3_1_4() {
    let dir = TempDir::new().unwrap();
    let bad = dir.path().join("bad.txt");
    let conflict = dir.path().join("conflict.txt");
    let multi = dir.path().join("multi.txt");
    fs::write(&bad, "xyz\n").unwrap();
    fs::write(&conflict, format!("55{}\n", &LEETCODE[2..])).unwrap();
    fs::write(&multi, format!("1{}\n", ".".repeat(80))).unwrap();
    let missing = dir.path().join("missing");
    let code = |paths: &[&std::path::Path]| {
        sudoku()
            .args(["solve", "--unique"])
            .args(paths)
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(code(&[&multi, &conflict, &bad, &missing]), Some(5));
    assert_eq!(code(&[&multi, &conflict, &bad]), Some(3));
    assert_eq!(code(&[&multi, &conflict]), Some(1));
    assert_eq!(code(&[&multi]), Some(4));
}

// ------------------------------------------------ the table in the README, --help and the man page

#[test]
fn help_documents_exit_codes_and_layouts() {
    sudoku()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Exit codes:"))
        .stdout(predicate::str::contains("5  some input cannot be read"))
        .stdout(predicate::str::contains("JSON"));
    sudoku()
        .arg("-h")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Exit codes:"));
    sudoku()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("sudoku "));
}

/// `(code, meaning)` rows of the README's exit-code table, backticks removed.
fn readme_rows() -> Vec<(u8, String)> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let start = readme
        .find("| code | meaning |")
        .expect("the README has an exit-code table");
    readme[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').splitn(2, '|').collect();
            let code = cells[0].trim().parse().expect("a code");
            (code, cells[1].trim().replace('`', ""))
        })
        .collect()
}

/// `(code, meaning)` entries of an exit-code section as `--help` prints it (wrapped lines
/// joined).
fn help_rows(help: &str) -> Vec<(u8, String)> {
    let start = help.find("Exit codes:").expect("--help has the exit codes");
    let mut rows: Vec<(u8, String)> = Vec::new();
    for line in help[start..].lines().skip(1) {
        let trimmed = line.trim();
        let mut parts = trimmed.splitn(2, "  ");
        match (parts.next().map(str::parse::<u8>), parts.next()) {
            (Some(Ok(code)), Some(rest)) if line.starts_with("  ") => {
                rows.push((code, rest.trim().to_string()))
            }
            _ if line.starts_with("     ") && !rows.is_empty() => {
                let last = rows.last_mut().expect("a row");
                last.1.push(' ');
                last.1.push_str(trimmed);
            }
            _ => break,
        }
    }
    rows
}

#[test]
fn readme_exit_table_says_what_help_says() {
    let out = sudoku().arg("--help").output().expect("runs");
    let help = stdout_of(&out);
    let from_help = help_rows(&help);
    assert_eq!(from_help.len(), 7, "seven codes in --help:\n{help}");
    assert_eq!(readme_rows(), from_help);
}

#[test]
fn every_command_s_help_ends_with_the_same_exit_codes() {
    let top = String::from_utf8(sudoku().arg("--help").output().unwrap().stdout).unwrap();
    for command in [
        "solve",
        "check",
        "count",
        "generate",
        "minimize",
        "transform",
        "canon",
        "rate",
        "explain",
        "hint",
    ] {
        let out = sudoku().args([command, "--help"]).output().expect("runs");
        let help = stdout_of(&out);
        assert_eq!(help_rows(&help), help_rows(&top), "{command} --help");
    }
}

#[test]
fn the_man_page_lists_every_code() {
    let out = sudoku().arg("manpage").output().expect("runs");
    let page = stdout_of(&out);
    for (code, meaning) in readme_rows() {
        let first_words: String = meaning.split(' ').take(4).collect::<Vec<_>>().join(" ");
        assert!(
            page.contains(&first_words),
            "man page lacks code {code}: {first_words}"
        );
    }
}

// ---------------------------------------------------------------------- the binary's own errors

#[test]
fn every_error_of_the_binary_names_the_argument_or_path_it_concerns() {
    let dir = TempDir::new().unwrap();
    let missing_dir = dir.path().join("no-such-dir").join("out.txt");
    let pattern_and_symmetry = format!("{}{}", "x".repeat(20), ".".repeat(61));
    let cases: Vec<(Vec<String>, i32, String)> = vec![
        (
            vec!["check".into(), "--template".into(), "%r".into(), LEETCODE.into()],
            2,
            "sudoku: check --template: %r is a rating, and check does not rate; use rate --template".into(),
        ),
        (
            vec!["-j2".into(), "check".into()],
            2,
            "sudoku: 'check' is a command, but it came after an option, where it reads as a file \
             name; put the command first: sudoku check [OPTIONS] [PATH]..."
                .into(),
        ),
        (
            vec!["solve".into(), "-".into(), "-".into()],
            2,
            "sudoku: '-' (stdin) is named more than once, but stdin can be read only once; name it once".into(),
        ),
        (
            vec!["solve".into(), "-g".into(), "[".into(), puzzles_dir().to_str().unwrap().into()],
            2,
            "sudoku: -g/--glob: bad glob '[': unclosed character class; missing ']'".into(),
        ),
        (
            vec!["transform".into(), "--relabel".into(), "12".into(), LEETCODE.into()],
            2,
            "sudoku: --relabel \"12\": write the nine digits 1-9 once each, in the order 1, 2, ... \
             become (987654321)"
                .into(),
        ),
        (
            vec!["generate".into(), "--needs".into(), "foo".into()],
            2,
            "sudoku: --needs \"foo\": no such technique; sudoku generate --list-techniques shows the names".into(),
        ),
        (
            vec!["generate".into(), "--pattern".into(), "nope".into()],
            5,
            "sudoku: --pattern nope: cannot read (give a file, or 81 characters: x for a clue, . \
             for none): No such file or directory (os error 2)"
                .into(),
        ),
        (
            vec![
                "generate".into(),
                "--pattern".into(),
                pattern_and_symmetry,
                "--symmetry".into(),
                "rotational".into(),
            ],
            2,
            "sudoku: --pattern fixes where the clues stand: it cannot be combined with --symmetry \
             or --max-clues"
                .into(),
        ),
        (
            vec!["generate".into(), "-n".into(), "0".into(), "-f".into(), "pdf".into()],
            2,
            "sudoku: generate -n 0 -f pdf: a PDF needs at least one puzzle (a book of no pages is \
             no PDF); give -n 1 or more"
                .into(),
        ),
        (
            vec![
                "solve".into(),
                "-o".into(),
                missing_dir.to_str().unwrap().into(),
                LEETCODE.into(),
            ],
            5,
            format!(
                "sudoku: cannot write output: {}: No such file or directory (os error 2)",
                missing_dir.display()
            ),
        ),
    ];
    for (args, code, message) in cases {
        let out = sudoku().args(&args).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(code),
            "{args:?}: {}",
            stderr_of(&out)
        );
        assert_eq!(stderr_of(&out), format!("{message}\n"), "{args:?}");
        assert!(stdout_of(&out).is_empty(), "{args:?}");
    }
}
