//! Input layouts and reading: every layout, read from the sample files under `puzzles/`
//! (those of the wild and boards in code, markup and READMEs too) and from text written here;
//! files, directories, globs, stdin and puzzles typed as arguments; `--stdin-name` and
//! `--first-line` for shards. One slot per puzzle, in order, each answer checked independently
//! (complete, valid, keeping every given, and for pencilmarks every cell one of its
//! candidates).

use std::fs;

use crate::common::{
    digits, grids_in, is_valid_solution, json_record, json_records, output_ok, output_with,
    puzzles_dir, repo, sample_line_puzzles, stderr_of, stdout_of, sudoku, LEETCODE,
    LEETCODE_SOLUTION,
};
use serde_json::Value;
use tempfile::TempDir;

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

fn sample(name: &str) -> String {
    format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
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

// ----------------------------------------------------------------------------------------- layouts

/// The JSON records `sudoku solve -f json ARGS...` prints, with its exit code.
fn solve_json(args: &[&str], stdin: Option<String>) -> (Vec<Value>, Option<i32>) {
    let mut cmd = sudoku();
    cmd.args(["solve", "-f", "json"]).args(args);
    if let Some(text) = stdin {
        cmd.write_stdin(text);
    }
    let out = cmd.output().unwrap();
    (json_records(&out), out.status.code())
}

/// Every record is solved, and its solution solves its puzzle (81 givens or 729 candidates).
fn assert_all_solved(records: &[Value]) {
    for r in records {
        assert_eq!(r["status"], "solved", "{r}");
        let puzzle = r["puzzle"].as_str().unwrap();
        let solution = r["solution"].as_str().unwrap();
        if puzzle.len() == 729 {
            assert!(is_valid_solution(&".".repeat(81), solution), "{r}");
            for (i, d) in solution.bytes().enumerate() {
                let place = i * 9 + (d - b'1') as usize;
                assert_eq!(
                    puzzle.as_bytes()[place],
                    d,
                    "cell {i} is not a candidate: {r}"
                );
            }
        } else {
            assert!(is_valid_solution(puzzle, solution), "{r}");
        }
    }
}

#[test]
fn project_euler_grids_after_labels_are_all_read_and_labelled() {
    let (records, code) = solve_json(&[&sample("euler-grids.txt")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
    for (k, r) in records.iter().enumerate() {
        assert_eq!(r["label"], format!("Grid {:02}", k + 1));
        assert_eq!(
            r["source"],
            format!("{}:{}", sample("euler-grids.txt"), 2 + 10 * k)
        );
    }
}

#[test]
fn grids_separated_by_rules_are_all_read() {
    let (records, code) = solve_json(&[&sample("separated-grids.txt")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
}

#[test]
fn a_grid_that_lost_a_row_is_an_error_and_nothing_is_glued() {
    // Norvig's layout with a row of the first grid gone: the 8 rows are one error, and the
    // next grids are still read whole.
    let text = fs::read_to_string(sample("separated-grids.txt")).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.remove(4);
    let (records, code) = solve_json(&[], Some(lines.join("\n")));
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["status"], "invalid");
    assert!(
        records[0]["error"]
            .as_str()
            .unwrap()
            .contains("grid has only 8 of 9 rows: it was cut short by a separator line at line 9"),
        "{}",
        records[0]
    );
    assert_all_solved(&records[1..]);
    let (whole, _) = solve_json(&[&sample("separated-grids.txt")], None);
    assert_eq!(records[1]["puzzle"], whole[1]["puzzle"]);
    assert_eq!(records[2]["puzzle"], whole[2]["puzzle"]);
}

#[test]
fn csv_with_a_header_reads_the_puzzle_column_and_exits_0() {
    // `id,puzzle,solution,clues,difficulty`: the puzzle is the second field.
    let (records, code) = solve_json(&[&sample("ratings.csv")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
    // `solutions,quizzes`: the header decides, so the solution is never read as the puzzle.
    let (records, code) = solve_json(&[&sample("quizzes.csv")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
    for r in &records {
        assert!(r["puzzle"].as_str().unwrap().contains('.'), "{r}");
    }
    // Without a header, the first field of 81 cells.
    let line = format!("7,{LEETCODE},{LEETCODE_SOLUTION},30,1.2\n");
    let (records, code) = solve_json(&[], Some(line.repeat(20)));
    assert_eq!((records.len(), code), (20, Some(0)));
    assert!(records.iter().all(|r| r["puzzle"] == LEETCODE));
}

#[test]
fn comma_grids_with_empty_fields_quotes_and_trailing_commas() {
    let (records, code) = solve_json(&[&sample("comma-grid.csv")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 1);
    assert_all_solved(&records);
    // Zeros and a placeholder letter.
    let zeros: String = LEETCODE
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let cells: Vec<String> = r
                .iter()
                .map(|&c| {
                    if c == b'.' {
                        "0".into()
                    } else {
                        (c as char).to_string()
                    }
                })
                .collect();
            cells.join(",") + "\n"
        })
        .collect();
    let xs = zeros.replace('0', "X");
    for text in [zeros, xs] {
        let (records, code) = solve_json(&[], Some(text));
        assert_eq!(code, Some(0));
        assert_eq!(records[0]["solution"], LEETCODE_SOLUTION);
    }
}

#[test]
fn fixed_width_lines_where_a_space_is_an_empty_cell_keep_their_slots() {
    let (records, code) = solve_json(&[&sample("fixed-width.txt")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 2);
    assert_all_solved(&records);
    // Three such lines: three slots, so line N of the output answers line N.
    let line = LEETCODE.replace('.', " ");
    let out = sudoku()
        .args(["-f", "line"])
        .write_stdin(format!("{line}\n{line}\n{line}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_of(&out), format!("{LEETCODE_SOLUTION}\n").repeat(3));
}

#[test]
fn json_boards_of_numbers_boards_under_keys_and_api_answers() {
    let (records, code) = solve_json(&[&sample("boards.json")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
    // The auto format answers a board with a grid.
    let out = sudoku().arg(sample("boards.json")).output().unwrap();
    assert_eq!(grids_in(&stdout_of(&out)).len(), 3);
}

#[test]
fn tdoku_test_lines_with_a_count_and_a_solution_after_colons() {
    let (records, code) = solve_json(&[&sample("tdoku-lines.txt")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 3);
    assert_all_solved(&records);
    // The solution given after the count is the one found.
    let text = fs::read_to_string(sample("tdoku-lines.txt")).unwrap();
    for (r, line) in records.iter().zip(text.lines()) {
        assert_eq!(
            r["solution"].as_str().unwrap(),
            line.rsplit(':').next().unwrap()
        );
    }
}

#[test]
fn pencilmarks_are_solved_checked_and_counted_but_not_canonicalized() {
    let (records, code) = solve_json(&[&sample("pencilmarks.txt")], None);
    assert_eq!(code, Some(0));
    assert_eq!(records.len(), 2);
    assert_all_solved(&records);
    // The JSON record keeps the 729-character form; auto output is the 81-digit solution.
    assert!(records
        .iter()
        .all(|r| r["puzzle"].as_str().unwrap().len() == 729));
    let out = sudoku().arg(sample("pencilmarks.txt")).output().unwrap();
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| l.len() == 81));
    let out = sudoku()
        .arg("check")
        .arg(sample("pencilmarks.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out).matches(": unique").count(), 2);
    let out = sudoku()
        .args(["count", "--limit", "5"])
        .arg(sample("pencilmarks.txt"))
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out), "1\n1\n");
    let out = sudoku()
        .arg("canon")
        .arg(sample("pencilmarks.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr_of(&out).contains("canon reads givens, not pencilmarks"));
    // A cell left without candidates: no solution, and which cell.
    let mut marks = records[0]["puzzle"].as_str().unwrap().to_string();
    marks.replace_range(0..9, ".........");
    let out = sudoku().arg("check").write_stdin(marks).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_of(&out),
        "<stdin>:1: no solution: r1c1 has no candidate\n"
    );
}

#[test]
fn a_candidate_grid_that_excludes_the_solution_has_no_solution() {
    // Candidates from the LeetCode givens, but r1c3 loses its solution digit (4).
    let mut text = String::new();
    let g = digits(LEETCODE);
    for r in 0..9 {
        let mut cells = Vec::new();
        for c in 0..9 {
            let i = r * 9 + c;
            let set: String = if g[i] != 0 {
                g[i].to_string()
            } else {
                (1..=9u8)
                    .filter(|&d| {
                        (0..9).all(|k| {
                            g[r * 9 + k] != d
                                && g[k * 9 + c] != d
                                && g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] != d
                        })
                    })
                    .filter(|&d| !(i == 2 && d == 4))
                    .map(|d| d.to_string())
                    .collect()
            };
            cells.push(set);
        }
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    let out = sudoku().arg("check").write_stdin(text).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stdout_of(&out));
    assert!(stdout_of(&out).contains("no solution"));
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

#[test]
fn the_samples_directory_still_solves_cleanly_with_every_new_layout() {
    let out = sudoku()
        .args(["solve", "-f", "json"])
        .arg(format!("{}/puzzles", env!("CARGO_MANIFEST_DIR")))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let records = json_records(&out);
    assert!(records.len() > 30);
    assert_all_solved(&records);
}

// ------------------------------------------------------------------------------- files people have

/// The sample files' puzzles as written down when they were made: `(file, puzzle, candidates)`.
fn truth() -> Vec<(String, String, bool)> {
    std::fs::read_to_string(repo("tests/data/wild-puzzles.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut words = l.split(' ');
            let file = words.next().unwrap().to_string();
            let puzzle = words.next().unwrap().to_string();
            (file, puzzle, words.next() == Some("candidates"))
        })
        .collect()
}

#[test]
fn every_sample_file_of_a_wild_layout_reads_whole_and_in_order() {
    let truth = truth();
    let mut files: Vec<&str> = truth.iter().map(|(f, _, _)| f.as_str()).collect();
    files.dedup();
    for file in files {
        let want: Vec<&(String, String, bool)> = truth.iter().filter(|t| t.0 == file).collect();
        let out = sudoku()
            .args(["solve", "-f", "json", "-j", "2"])
            .arg(repo(&format!("puzzles/{file}")))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr_of(&out));
        let records = json_records(&out);
        assert_eq!(records.len(), want.len(), "{file}: {records:?}");
        for (record, (_, puzzle, candidates)) in records.iter().zip(want) {
            let solution = record["solution"].as_str().unwrap();
            assert!(is_valid_solution(puzzle, solution), "{file}: {record}");
            if !candidates {
                assert_eq!(record["puzzle"].as_str().unwrap(), puzzle, "{file}");
            }
        }
    }
}

#[test]
fn a_dated_line_answers_its_puzzle_not_its_solution() {
    let line = format!(
        "2018-06-07 {LEETCODE} {LEETCODE_SOLUTION}\n2018-06-08 {LEETCODE},{LEETCODE_SOLUTION}\n"
    );
    let out = sudoku()
        .args(["check", "-f", "json"])
        .write_stdin(line)
        .output()
        .unwrap();
    let records = json_records(&out);
    assert_eq!(records.len(), 2);
    for record in records {
        assert_eq!(record["puzzle"], LEETCODE);
        assert_eq!(record["status"], "unique");
    }
}

#[test]
fn a_json_list_over_the_line_limit_is_answered_puzzle_by_puzzle() {
    // 13,000 puzzle strings on one line, as json.dump writes them: 1.1 MB.
    let puzzles = sample_line_puzzles();
    let list: Vec<String> = (0..13_000)
        .map(|k| format!("\"{}\"", puzzles[k % puzzles.len()]))
        .collect();
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("list.json");
    std::fs::write(&path, format!("[{}]\n", list.join(", "))).unwrap();
    assert!(std::fs::metadata(&path).unwrap().len() > 1 << 20);
    let out = sudoku()
        .args(["check", "-j", "2"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let verdicts: Vec<&str> = stdout_of(&out)
        .lines()
        .map(|l| l.to_owned().leak() as &str)
        .collect();
    assert_eq!(verdicts.len(), 13_000);
    assert!(verdicts.iter().all(|v| v.ends_with(": unique")));
}

// -------------------------------------------------------------- boards in code, markup and READMEs

#[test]
fn code_and_readme_samples_say_nothing_but_the_note_on_a_board_of_another_size() {
    let dir = std::fs::read_dir(repo("puzzles/code")).unwrap();
    for entry in dir {
        let path = entry.unwrap().path();
        let out = sudoku()
            .args(["solve", "-f", "line"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", path.display());
        let err = stderr_of(&out);
        let name = path.file_name().unwrap().to_str().unwrap();
        let (note, line) = match name {
            "Boards.java" => ("a 4x4 board", 17),
            "notebook.py" => ("a 4x4 board", 44),
            "kernels.c" => ("a 16x16 board", 44),
            _ => {
                assert!(err.is_empty(), "{}: {err}", path.display());
                continue;
            }
        };
        let (path, rest) = (path.display(), "passed over: only 9x9 puzzles are read");
        assert_eq!(
            err,
            format!("sudoku: {path}: note: {note} at line {line}, {rest}\n")
        );
    }
}

/// Runs `solve -f json` on `text` as stdin: the records, stderr and the exit code.
fn read_stdin(text: &str) -> (Vec<serde_json::Value>, String, Option<i32>) {
    let out = sudoku()
        .args(["solve", "-f", "json"])
        .write_stdin(text.to_string())
        .output()
        .unwrap();
    (json_records(&out), stderr_of(&out), out.status.code())
}

fn digit_rows(puzzle: &str) -> Vec<String> {
    puzzle
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap().replace('.', "0"))
        .collect()
}

#[test]
fn a_bracket_that_is_no_json_never_swallows_the_rows_after_it() {
    // Haskell's quasi-quote opens a bracket; the grids inside are rows, three puzzles.
    let puzzles = sample_line_puzzles();
    let mut text = String::from("examples = [q|\n");
    for p in &puzzles[..3] {
        for row in digit_rows(p) {
            text.push_str(&format!("  {row}\n"));
        }
        text.push('\n');
    }
    text.push_str("|]\n");
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    let read: Vec<&str> = records
        .iter()
        .map(|r| r["puzzle"].as_str().unwrap())
        .collect();
    assert_eq!(
        read,
        puzzles[..3].iter().map(String::as_str).collect::<Vec<_>>()
    );
    // The same with a bracket JSON would open: a grid row ends the value, and the line that
    // opened it holds nothing, so it is no error.
    let text = text.replace("[q|", "[").replace("|]", "]");
    let (records, err, code) = read_stdin(&text);
    assert_eq!((records.len(), code), (3, Some(0)), "{err}");
}

#[test]
fn fences_quotes_and_code_lines_are_no_error_slots_but_a_damaged_row_is() {
    let p = &sample_line_puzzles()[0];
    let text = format!("```\n\"\n}};\nprint(solve(board), end=\", \")\n{p}\n```\n");
    let (records, err, code) = read_stdin(&text);
    assert_eq!((records.len(), code), (1, Some(0)), "{err}");
    assert!(err.is_empty(), "{err}");
    // A line with a run of cells and a stray character is still a damaged puzzle, in its slot.
    let (records, err, code) = read_stdin(&format!("```\n53..7..x.\n{p}\n"));
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 2);
    assert!(
        err.contains("<stdin>:2:8: unexpected character 'x'"),
        "{err}"
    );
}

#[test]
fn a_file_of_boards_of_other_sizes_is_one_clear_error() {
    let text = "int[][] mini = {\n  {1, 0, 0, 4},\n  {0, 4, 1, 0},\n  {0, 1, 4, 0},\n  {4, 0, 0, 1},\n};\nbig = [[0 for _ in range(16)] for _ in range(16)]\n";
    let (records, err, code) = read_stdin(text);
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 1);
    assert_eq!(
        err,
        "sudoku: <stdin>: no 9x9 puzzle found: it holds a 4x4 board at line 2, and only 9x9 \
         puzzles are read\n"
    );
}

#[test]
fn a_fixed_width_line_with_a_tab_and_a_rating_keeps_its_slot() {
    let puzzles = sample_line_puzzles();
    let text = format!("{}\tSE 9.2\n{}\n", puzzles[0].replace('.', " "), puzzles[1]);
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["source"], "<stdin>:1");
    assert_eq!(records[0]["puzzle"], puzzles[0].as_str());
    assert_eq!(records[1]["puzzle"], puzzles[1].as_str());
}

/// Rows of `puzzle` as code rows: `{open}5, 3, 0, ...{close}`.
fn code_rows(puzzle: &str, open: &str, close: &str) -> Vec<String> {
    digit_rows(puzzle)
        .iter()
        .map(|r| {
            let items: Vec<String> = r.chars().map(String::from).collect();
            format!("{open}{}{close}", items.join(", "))
        })
        .collect()
}

#[test]
fn shapes_found_in_public_code_read_as_their_authors_meant() {
    let p = sample_line_puzzles();
    // A row with a comment after it (Rust tests), and an index before the first row (C).
    let mut rust = vec!["let grid: [[u8; 9]; 9] = [".to_string()];
    rust.extend(code_rows(&p[0], "    [", "], // a row"));
    rust.push("];".to_string());
    let mut c: Vec<String> = digit_rows(&p[1])
        .iter()
        .map(|r| format!("\t\t\"{}\",", r.replace('0', ".")))
        .collect();
    c[0] = format!("\tchar arr[9][10]={{{}", c[0].trim_start());
    c.push("};".to_string());
    // Empty lists, a template tag and a badge are code, not damaged puzzles.
    let noise = "r = []\ny = {}\n{% latex density=100 usepackages=pst-all,pst-3dplot %}\n\
                 [![Build Status](https://example.org/b.svg?v=1234)](https://example.org)\n";
    let text = format!("{}\n{}\n{noise}", rust.join("\n"), c.join("\n"));
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    let read: Vec<&str> = records
        .iter()
        .map(|r| r["puzzle"].as_str().unwrap())
        .collect();
    assert_eq!(read, [p[0].as_str(), p[1].as_str()]);
}

#[test]
fn a_repeated_row_before_a_closing_brace_glues_nothing_to_the_next_board() {
    // Lua tables: the first board lost nothing but gained a repeated row; the `}` after it ends
    // it, so the second board is read whole and the first is one error.
    let p = sample_line_puzzles();
    let mut first = code_rows(&p[0], "\t,{", "}");
    first.insert(4, first[4].clone());
    let second = code_rows(&p[1], "\t,{", "}");
    let text = format!(
        "x = {{\n{}\n\t}}\nx_backup = {{\n{}\n\t}}\n",
        first.join("\n"),
        second.join("\n")
    );
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(3), "{err}");
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["status"], "invalid");
    assert!(err.contains("hold 10 grid rows"), "{err}");
    assert_eq!(records[1]["puzzle"], p[1].as_str());
}

#[test]
fn a_board_of_another_size_set_off_in_bands_is_noted_and_r_keeps_its_byrow() {
    // A 16x16 board whose bands are set off by blank lines: one board, one note.
    let mut sixteen = String::from("int[][] big = {\n");
    for band in 0..4 {
        for _ in 0..4 {
            sixteen.push_str("  {0, 13, 16, 14, 10, 4, 0, 0, 0, 0, 0, 0, 0, 15, 2, 7},\n");
        }
        if band < 3 {
            sixteen.push('\n');
        }
    }
    sixteen.push_str("};\n");
    let p = &sample_line_puzzles()[0];
    // byrow = FALSE said outright holds even where the call's closing line is lost.
    let rows: Vec<String> = digit_rows(p)
        .iter()
        .map(|r| {
            let items: Vec<String> = r.chars().map(String::from).collect();
            format!("  {},", items.join(", "))
        })
        .collect();
    let r = format!(
        "m <- matrix(c(\n{}\n  nrow = 9, byrow = FALSE\n",
        rows.join("\n")
    );
    let (records, err, code) = read_stdin(&format!("{sixteen}{r}"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        err,
        "sudoku: <stdin>: note: a 16x16 board at line 2, passed over: only 9x9 puzzles are read\n"
    );
    let by_column: String = (0..81)
        .map(|i| p.as_bytes()[(i % 9) * 9 + i / 9] as char)
        .collect();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["puzzle"], by_column.as_str());
}

#[test]
fn rows_of_a_bitmap_are_one_error_not_one_each() {
    let row = |bit: usize| {
        let items: Vec<String> = (0..31).map(|i| ((i + bit) % 2).to_string()).collect();
        format!("    [{}],", items.join(", "))
    };
    let rows: Vec<String> = (0..9).map(row).collect();
    let text = format!("const SCROLL: [[u8; 31]; 9] = [\n{}\n];\n", rows.join("\n"));
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("sudoku: <stdin>: no 9x9 puzzle found (seen: 10 lines of 2 to 31 numbers"),
        "{err}"
    );
}

// ----------------------------------------------------------- shards: --stdin-name and --first-line

/// `solve -f json` of `lines` cut into shards of `size` lines, each run on stdin with
/// `--stdin-name` and `--first-line` as the guide's recipe gives them.
fn sharded(lines: &[&str], size: usize, name: &str, args: &[&str]) -> String {
    let mut out = String::new();
    for (i, shard) in lines.chunks(size).enumerate() {
        let first = (i * size + 1).to_string();
        let text: String = shard.iter().map(|l| format!("{l}\n")).collect();
        let run = sudoku()
            .args(args)
            .args(["--stdin-name", name, "--first-line", &first])
            .write_stdin(text)
            .output()
            .unwrap();
        out.push_str(&stdout_of(&run));
    }
    out
}

#[test]
fn shards_with_stdin_name_and_first_line_print_what_one_run_prints() {
    // A file with comments, an invalid line and a conflict, so errors carry line numbers too.
    let path = "puzzles/line-puzzles.txt";
    let text = std::fs::read_to_string(repo(path)).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(
        5,
        "53..7....6..1ab95....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    );
    let whole: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("in.txt");
    std::fs::write(&file, &whole).unwrap();
    for args in [
        vec!["solve", "-f", "json"],
        vec!["check"],
        vec!["count", "--limit", "10", "-f", "csv"],
    ] {
        let one = sudoku()
            .args(&args)
            .arg("in.txt")
            .current_dir(dir.path())
            .output()
            .unwrap();
        let expected = stdout_of(&one);
        let mut got = sharded(&lines, 4, "in.txt", &args);
        if args.contains(&"csv") {
            // Every shard writes the header row: keep the first.
            let header = expected.lines().next().unwrap().to_string();
            got = got
                .lines()
                .enumerate()
                .filter(|(i, l)| *i == 0 || *l != header)
                .map(|(_, l)| format!("{l}\n"))
                .collect();
        }
        assert_eq!(got, expected, "{args:?}");
    }
}

#[test]
fn gnu_parallel_runs_the_guides_recipe() {
    if std::process::Command::new("parallel")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: GNU parallel is not installed (.ci/run installs it)");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin!("sudoku");
    let dir = tempfile::tempdir().unwrap();
    let data =
        std::fs::read_to_string(repo("tests/data/puzzles1_random_minimal-sample.txt")).unwrap();
    let mut text = data.clone();
    text.push_str("not a puzzle at all, a line of words\n");
    text.push_str(&data);
    std::fs::write(dir.path().join("in.txt"), &text).unwrap();
    let single = sudoku()
        .args(["solve", "-f", "json", "in.txt"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let recipe = format!(
        "parallel --will-cite --pipe -N 37 -k '{} solve -f json --stdin-name in.txt --first-line $(( ({{#}}-1)*37+1 ))' < in.txt",
        bin.display()
    );
    let sharded = std::process::Command::new("bash")
        .arg("-c")
        .arg(&recipe)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        sharded.status.success() || sharded.status.code() == Some(3),
        "{}",
        String::from_utf8_lossy(&sharded.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&sharded.stdout),
        stdout_of(&single),
        "{recipe}"
    );
    assert!(stdout_of(&single).lines().count() > 150);
}

#[test]
fn a_first_line_whose_numbers_would_wrap_is_refused() {
    let out = output_with(
        sudoku()
            .args(["check", "--first-line", "18446744073709551615"])
            .write_stdin(format!("{LEETCODE}\n{LEETCODE}\n")),
        2,
    );
    assert!(out.stdout.is_empty());
    assert!(
        stderr_of(&out).starts_with(
            "error: invalid value '18446744073709551615' for '--first-line <N>': \
             18446744073709551615 is not in 1..=9223372036854775807"
        ),
        "{}",
        stderr_of(&out)
    );
    // The greatest accepted: the lines after it are counted on.
    let out = output_ok(
        sudoku()
            .args(["check", "--first-line", "9223372036854775807"])
            .write_stdin(format!("{LEETCODE}\n{LEETCODE}\n")),
    );
    assert_eq!(
        stdout_of(&out),
        "<stdin>:9223372036854775807: unique\n<stdin>:9223372036854775808: unique\n"
    );
}
