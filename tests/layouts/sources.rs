//! Where puzzles are read from: stdin (with no path and with `-`), directories in byte order,
//! recursive walks, globs, and puzzles typed as arguments.

use std::fs;

use crate::common::{
    is_valid_solution, json_record, repo, sample_line_puzzles, stderr_of, stdout_of, sudoku,
    LEETCODE, LEETCODE_SOLUTION,
};
use tempfile::TempDir;

use super::sample;

// --------------------------------------------------------------------- where puzzles are read from

#[test]
fn stdin_is_read_with_no_path_and_with_dash() {
    for args in [vec![], vec!["-"], vec!["solve", "-"]] {
        sudoku()
            .args(&args)
            .write_stdin(format!("{LEETCODE}\n"))
            .assert()
            .code(0)
            .stdout(format!("{LEETCODE_SOLUTION}\n"));
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

#[test]
fn a_directory_is_read_in_byte_order_skipping_hidden_files_and_subdirectories() {
    let dir = TempDir::new().unwrap();
    let puzzles = sample_line_puzzles();
    // Byte order: "B" < "a" < "b"; hidden and nested files are not read without -r.
    fs::write(dir.path().join("b.txt"), format!("{}\n", puzzles[2])).unwrap();
    fs::write(dir.path().join("a.txt"), format!("{}\n", puzzles[1])).unwrap();
    fs::write(dir.path().join("B.txt"), format!("{}\n", puzzles[0])).unwrap();
    fs::write(dir.path().join(".hidden"), "garbage\n").unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    fs::write(dir.path().join("sub/c.txt"), format!("{}\n", puzzles[3])).unwrap();

    let out = sudoku()
        .args(["-f", "json"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    let sources: Vec<String> = text
        .lines()
        .map(|l| {
            l.split('"')
                .nth(3)
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(sources, ["B.txt:1", "a.txt:1", "b.txt:1"]);

    let out = sudoku()
        .args(["-r", "-f", "line"])
        .arg(dir.path())
        .output()
        .unwrap();
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    for (puzzle, solution) in [0, 1, 2, 3].map(|i| &puzzles[i]).iter().zip(&lines) {
        assert!(is_valid_solution(puzzle, solution));
    }
}

#[test]
fn recursive_walk_orders_subdirectories_by_name_and_never_follows_directory_links() {
    let dir = TempDir::new().unwrap();
    let puzzles = sample_line_puzzles();
    fs::create_dir(dir.path().join("m")).unwrap();
    fs::write(dir.path().join("m/x.txt"), format!("{}\n", puzzles[1])).unwrap();
    fs::write(dir.path().join("a.txt"), format!("{}\n", puzzles[0])).unwrap();
    fs::write(dir.path().join("z.txt"), format!("{}\n", puzzles[2])).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.path(), dir.path().join("m/loop")).unwrap();
    let out = sudoku()
        .args(["-r", "-f", "line"])
        .arg(dir.path())
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for (i, line) in lines.iter().enumerate() {
        assert!(is_valid_solution(&puzzles[i], line));
    }
}

#[test]
fn globs_choose_the_files_of_a_directory() {
    let dir = TempDir::new().unwrap();
    fs::write(dir.path().join("a.txt"), format!("{LEETCODE}\n")).unwrap();
    fs::write(
        dir.path().join("README"),
        "How to use these puzzles\n53..x\n",
    )
    .unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    fs::write(dir.path().join("sub/b.txt"), format!("{LEETCODE}\n")).unwrap();
    fs::create_dir(dir.path().join("invalid")).unwrap();
    fs::write(dir.path().join("invalid/c.txt"), "53..x\n").unwrap();
    // Without a glob the README is read, and fails.
    let out = sudoku()
        .args(["-r", "-f", "line"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let out = sudoku()
        .args(["-r", "-f", "line", "-g", "*.txt", "-g", "!invalid"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out), format!("{LEETCODE_SOLUTION}\n").repeat(2));
    // A glob with a slash matches the path below the directory.
    let out = sudoku()
        .args(["-r", "-f", "line", "--glob", "sub/*.txt"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out), format!("{LEETCODE_SOLUTION}\n"));
    // A bad glob is a usage error.
    sudoku()
        .args(["-g", "[", "x"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("bad glob '['"));
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
fn a_puzzle_typed_as_an_argument_is_solved_as_arg_n() {
    let out = sudoku().args(["-f", "json", LEETCODE]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let r = json_record(&out);
    assert_eq!(r["source"], "arg 1");
    assert_eq!(r["solution"], LEETCODE_SOLUTION);
    // Mixed with a file, numbered by its place among the arguments.
    let out = sudoku()
        .args([
            "check",
            &sample("tdoku-lines.txt"),
            &LEETCODE.replace('.', "0"),
        ])
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out).lines().last().unwrap(), "arg 2: unique");
    // Almost a puzzle: still a missing file (exit 5), and the message says why it is no puzzle.
    let out = sudoku().arg(&LEETCODE[1..]).output().unwrap();
    assert_eq!(out.status.code(), Some(5));
    assert!(
        stderr_of(&out).contains("read as a puzzle, it is not one either: line has 80 cells"),
        "{}",
        stderr_of(&out)
    );
    // --help says so.
    let help = sudoku().args(["solve", "--help"]).output().unwrap();
    assert!(stdout_of(&help).contains("arg 1"));
}

#[test]
fn a_pencilmark_puzzle_too_long_for_a_file_name_is_read_as_one() {
    let text = std::fs::read_to_string(repo("puzzles/pencilmarks.txt")).unwrap();
    let marks = text.lines().find(|l| l.len() == 729).unwrap();
    let out = sudoku().args(["solve", marks]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let solution = stdout_of(&out).trim().to_string();
    // Every cell took one of its candidates, and the grid obeys the rules.
    let cells = marks.as_bytes();
    for (i, d) in solution.bytes().enumerate() {
        assert_eq!(cells[i * 9 + (d - b'1') as usize], d, "cell {i}");
    }
    assert!(is_valid_solution(&".".repeat(81), &solution));
}
