//! The exit codes are a contract: the README's table, `--help` and the man page must say the
//! same thing. The library's `exit::TABLE` is the one source; this holds the README to it.

mod common;

use common::*;

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
