//! CLI tests for `sudoku solve`: inputs, layouts, formats, batch order, errors and exit codes.
//! Every solution printed is judged by an independent validity check (`common`).

mod common;

use std::fs;

use common::*;
use predicates::prelude::*;
use tempfile::TempDir;

fn puzzles_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles")
}

// ---------------------------------------------------------------- problem statement examples

#[test]
fn leetcode_grid_example_is_solved_exactly() {
    let out = sudoku()
        .arg(puzzles_dir().join("leetcode.txt"))
        .assert()
        .success()
        .get_output()
        .clone();
    let text = stdout_of(&out);
    assert!(text.starts_with("# "), "a grid names its source: {text}");
    assert_eq!(grids_in(&text), vec![LEETCODE_SOLUTION.to_string()]);
}

#[test]
fn leetcode_json_example_is_solved_as_a_grid() {
    let out = sudoku()
        .arg(puzzles_dir().join("leetcode.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        grids_in(&stdout_of(&out)),
        vec![LEETCODE_SOLUTION.to_string()]
    );
}

#[test]
fn table_example_with_dashes_and_trailing_tabs_is_solved() {
    let out = sudoku()
        .args(["solve", "-f", "line"])
        .arg(puzzles_dir().join("table-with-dashes.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_of(&out), format!("{TABLE_SOLUTION}\n"));
}

#[test]
fn the_samples_directory_solves_cleanly() {
    let out = sudoku().arg(puzzles_dir()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(out.stderr.is_empty());
}

// ---------------------------------------------------------------- inputs

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
fn every_line_puzzle_is_solved_validly_in_order() {
    let puzzles = sample_line_puzzles();
    let out = sudoku()
        .args(["-f", "line"])
        .arg(puzzles_dir().join("line-puzzles.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    for (puzzle, solution) in puzzles.iter().zip(lines) {
        assert!(
            is_valid_solution(puzzle, solution),
            "{puzzle} -> {solution}"
        );
    }
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
fn layouts_mix_in_one_stream_and_auto_answers_in_kind() {
    let grid = fs::read_to_string(puzzles_dir().join("leetcode.txt")).unwrap();
    let json = fs::read_to_string(puzzles_dir().join("leetcode.json")).unwrap();
    let input = format!("{LEETCODE}\n{grid}{json}\n{LEETCODE}\n");
    let out = sudoku().write_stdin(input).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    let expected = format!(
        "{LEETCODE_SOLUTION}\n\n# <stdin>:2\n{g}\n# <stdin>:11\n{g}\n{LEETCODE_SOLUTION}\n",
        g = LEETCODE_SOLUTION
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect::<String>()
    );
    assert_eq!(text, expected);
}

// ---------------------------------------------------------------- formats

#[test]
fn grid_format_prints_nine_lines_per_puzzle_separated_by_blank_lines() {
    let puzzles = sample_line_puzzles();
    let input = format!("{}\n{}\n", puzzles[0], puzzles[5]);
    let out = sudoku()
        .args(["-f", "grid"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = stdout_of(&out);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    for (block, puzzle) in blocks.iter().zip([&puzzles[0], &puzzles[5]]) {
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines.len(), 10);
        assert!(lines[0].starts_with("# <stdin>:"));
        assert!(lines[1..].iter().all(|l| l.len() == 9));
        assert!(is_valid_solution(puzzle, &lines[1..].concat()));
    }
}

#[test]
fn pretty_format_draws_boxes_and_bands() {
    let out = sudoku()
        .args(["-f", "pretty"])
        .write_stdin(LEETCODE)
        .output()
        .unwrap();
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "5 3 4 | 6 7 8 | 9 1 2");
    assert_eq!(lines[4], "------+-------+------");
    assert_eq!(lines.len(), 12);
    assert_eq!(grids_in(&text), vec![LEETCODE_SOLUTION.to_string()]);
}

#[test]
fn json_format_has_source_puzzle_status_and_solution_or_error() {
    let input = format!("{LEETCODE}\n53..x....\n");
    let out = sudoku()
        .args(["-f", "json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let records = json_records(&out);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["source"], "<stdin>:1");
    assert_eq!(records[0]["puzzle"], LEETCODE);
    assert_eq!(records[0]["status"], "solved");
    assert!(is_valid_solution(
        LEETCODE,
        records[0]["solution"].as_str().unwrap()
    ));
    assert_eq!(records[1]["source"], "<stdin>:2");
    assert_eq!(records[1]["status"], "invalid");
    assert_eq!(records[1]["error"], "<stdin>:2:5: unexpected character 'x'");
}

#[test]
fn every_output_format_is_valid_input_again() {
    let puzzles = sample_line_puzzles();
    let input = lines_of(&puzzles);
    for format in ["auto", "grid", "line", "pretty", "json"] {
        let first = sudoku()
            .args(["-f", format])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(first.status.code(), Some(0));
        // Read the output back: the solutions come back as themselves.
        let again = sudoku()
            .args(["-f", "line"])
            .write_stdin(first.stdout.clone())
            .output()
            .unwrap();
        assert_eq!(
            again.status.code(),
            Some(0),
            "{format}: {}",
            stderr_of(&again)
        );
        let text = stdout_of(&again);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), puzzles.len(), "{format}");
        for (puzzle, solution) in puzzles.iter().zip(lines) {
            assert!(is_valid_solution(puzzle, solution), "{format}");
        }
    }
}

// ---------------------------------------------------------------- batch: order and slots

#[test]
fn a_failing_puzzle_keeps_its_slot_and_goes_to_stderr() {
    let puzzles = sample_line_puzzles();
    let conflict = format!("55{}", &LEETCODE[2..]);
    let input = format!("{}\n{}\n{conflict}\n{}\n", puzzles[0], "1234x", puzzles[1]);
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(3),
        "malformed input outranks no solution"
    );
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(is_valid_solution(&puzzles[0], lines[0]));
    assert_eq!(lines[1], "# <stdin>:2:5: unexpected character 'x'");
    assert_eq!(
        lines[2],
        "# <stdin>:3: no solution: 5 appears twice in row 1 (columns 1 and 2)"
    );
    assert!(is_valid_solution(&puzzles[1], lines[3]));
    let err = stderr_of(&out);
    assert!(err.contains("sudoku: <stdin>:2:5: unexpected character 'x'"));
    assert!(err.contains("sudoku: <stdin>:3: no solution: 5 appears twice in row 1"));
}

#[test]
fn a_slow_first_chunk_holds_the_others_back_in_order() {
    // The first chunk (256 puzzles) is all hard puzzles, then come 10,000 easy ones: with two
    // threads one worker runs ahead through the easy chunks until the window of chunks in
    // flight is full, and waits there for the slow chunk to be written first.
    let mut puzzles = data_lines("puzzles5_forum_hardest_1905_11+-sample.txt");
    puzzles.extend(data_lines("puzzles6_forum_hardest_1106-sample.txt"));
    let hard: Vec<String> = puzzles.iter().cycle().take(256).cloned().collect();
    let easy = data_lines("puzzles1_random_minimal-sample.txt");
    let all: Vec<String> = hard
        .into_iter()
        .chain(easy.iter().cycle().take(10_000).cloned())
        .collect();
    let input = all.join("\n") + "\n";
    let one = sudoku()
        .args(["-j", "1", "-f", "line"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let two = sudoku()
        .args(["-j", "2", "-f", "line"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(two.status.code(), Some(0));
    assert!(two.stdout == one.stdout, "-j 2 changed stdout");
    let text = stdout_of(&two);
    assert_eq!(text.lines().count(), all.len());
    for (puzzle, line) in all.iter().zip(text.lines()) {
        assert!(is_valid_solution(puzzle, line), "{puzzle}: {line}");
    }
}

#[test]
fn threads_never_change_the_output() {
    // Enough puzzles for several chunks, with failures scattered through them.
    let puzzles = sample_line_puzzles();
    let mut input = String::new();
    for i in 0..3000 {
        match i % 397 {
            // A line of words is a label (no slot); a damaged line is an error in its slot.
            4 => input.push_str("Puzzle of the day\n"),
            5 => input.push_str("53..7x...\n"),
            7 => input.push_str(&format!("55{}\n", &LEETCODE[2..])),
            _ => input.push_str(&format!("{}\n", puzzles[i % puzzles.len()])),
        }
    }
    let one = sudoku()
        .args(["-j", "1", "-f", "line"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    for threads in ["2", "3", "8"] {
        let many = sudoku()
            .args(["-j", threads, "-f", "line"])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(many.status.code(), one.status.code());
        assert!(many.stdout == one.stdout, "-j {threads} changed stdout");
        // On a machine with one core, -j 8 is lowered with a note; nothing else may differ.
        let problems = |err: &[u8]| -> Vec<String> {
            String::from_utf8_lossy(err)
                .lines()
                .filter(|l| !l.starts_with("sudoku: -j "))
                .map(String::from)
                .collect()
        };
        assert!(
            problems(&many.stderr) == problems(&one.stderr),
            "-j {threads} changed stderr"
        );
    }
    let text = stdout_of(&one);
    let slots: Vec<usize> = (0..3000).filter(|i| i % 397 != 4).collect();
    assert_eq!(text.lines().count(), slots.len());
    for (&i, line) in slots.iter().zip(text.lines()) {
        if !line.starts_with('#') {
            assert!(is_valid_solution(&puzzles[i % puzzles.len()], line));
        }
    }
}

// ---------------------------------------------------------------- exit codes

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
        .stderr("sudoku: <stdin>: no puzzle found (expected 81-cell lines, grids of 9 rows, or JSON boards)\n");
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
                err.contains("sudoku: cannot write output: No space left on device"),
                "-j {threads}: {err}"
            );
        }
    }
}
