//! Output formats: the text formats (line, grid, pretty, JSON) read back as input, CSV held to
//! the JSON records of the same run by a standard CSV reader, serate's templates held to
//! serate's own lines, the `--stats` summary, and `-o FILE`.
//!
//! Submodules: `pictures` (SVG, HTML and PDF), `schema` (the JSON records against the guide's
//! tables) and `output_file` (`-o FILE` on the file system: links, devices, owners, signals;
//! Unix only).

mod output_file;
mod pictures;
mod schema;

use std::fs;
use std::time::Duration;

use crate::common::{
    grids_in, is_valid_solution, json_records, lines_of, mixed_input, proptest_cases, repo,
    sample_line_puzzles, serate_lines, solved_grid, stderr_of, stdout_of, sudoku, LEETCODE,
    LEETCODE_SOLUTION,
};
use proptest::prelude::*;
use serde_json::Value;
use sudoku_cli::output::{cells_text, Format};
use sudoku_solver::parse_str;

// ------------------------------------------------------------------------------------ text formats

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

proptest! {
    #![proptest_config(proptest_cases(200))]

    #[test]
    fn every_output_format_parses_back(solution in solved_grid()) {
        for format in [Format::Grid, Format::Pretty, Format::Line, Format::Json] {
            let text = cells_text(&solution, format);
            let items = parse_str(&text);
            prop_assert_eq!(items.len(), 1);
            prop_assert_eq!(*items[0].as_ref().unwrap().grid().cells(), solution);
        }
    }
}

// --------------------------------------------------------------------------------------------- CSV

/// The JSON records of a run, one per line.
fn records(args: &[&str], stdin: Option<&str>) -> Vec<serde_json::Map<String, Value>> {
    let mut cmd = sudoku();
    cmd.args(args)
        .args(["-f", "json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    if let Some(input) = stdin {
        cmd.write_stdin(input.to_string());
    }
    let out = cmd.output().unwrap();
    stdout_of(&out)
        .lines()
        .map(|l| match serde_json::from_str(l).unwrap() {
            Value::Object(o) => o,
            other => panic!("not an object: {other}"),
        })
        .collect()
}

/// The rows of a CSV run, read with the `csv` crate: the header and the records.
fn csv_rows(args: &[&str], stdin: Option<&str>) -> (Vec<String>, Vec<Vec<String>>) {
    let mut cmd = sudoku();
    cmd.args(args)
        .args(["-f", "csv"])
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    if let Some(input) = stdin {
        cmd.write_stdin(input.to_string());
    }
    let out = cmd.output().unwrap();
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(out.stdout.as_slice());
    let header = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    (header, rows)
}

/// A CSV row holds its JSON record: each key in its column (a string as it is, anything else as
/// its JSON text), and nothing in the columns the record lacks.
fn assert_row_holds_record(
    header: &[String],
    row: &[String],
    record: &serde_json::Map<String, Value>,
    context: &str,
) {
    assert_eq!(row.len(), header.len(), "{context}");
    for (key, value) in record {
        let column = header
            .iter()
            .position(|h| h == key)
            .unwrap_or_else(|| panic!("{context}: no column for `{key}`"));
        let expected = match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        assert_eq!(row[column], expected, "{context}, `{key}`");
    }
    for (column, cell) in header.iter().zip(row) {
        if !record.contains_key(column) {
            assert_eq!(cell, "", "{context}: `{column}` is in no record");
        }
    }
}

#[test]
fn csv_of_every_command_holds_its_json_records_field_for_field() {
    let mixed = [
        "puzzles/leetcode.txt",
        "puzzles/pencilmarks.txt",
        "puzzles/invalid/conflict.txt",
        "puzzles/invalid/malformed.txt",
        "puzzles/quizzes.csv",
    ];
    let commands: Vec<Vec<&str>> = vec![
        vec!["solve"],
        vec!["solve", "--unique"],
        vec!["check"],
        vec!["check", "--minimal"],
        vec!["count", "--limit", "5"],
        vec!["canon"],
        vec!["rate"],
        vec!["explain"],
        vec!["hint"],
        vec!["minimize"],
        vec!["transform", "--rotate", "90"],
    ];
    for command in commands {
        let mut args = command.clone();
        args.extend(mixed);
        let json = records(&args, None);
        let (header, rows) = csv_rows(&args, None);
        assert_eq!(rows.len(), json.len(), "{command:?}: one row per record");
        assert!(!rows.is_empty());
        for (record, row) in json.iter().zip(&rows) {
            assert_row_holds_record(&header, row, record, &format!("{command:?}"));
        }
    }
    let args = ["generate", "-n", "3", "--seed", "4", "--solution"];
    let json = records(&args, None);
    let (header, rows) = csv_rows(&args, None);
    assert_eq!(rows.len(), 3);
    for (record, row) in json.iter().zip(&rows) {
        assert_row_holds_record(&header, row, record, "generate");
    }
}

#[test]
fn csv_output_is_input_again() {
    // Solutions written as CSV, read back: the `puzzle` column is read, never `solution`.
    let input = std::fs::read_to_string(repo("puzzles/line-puzzles.txt")).unwrap();
    let out = sudoku()
        .args(["solve", "-f", "csv"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let csv_text = stdout_of(&out);
    let again = records(&["check"], Some(&csv_text));
    let first = records(&["check"], Some(&input));
    assert_eq!(again.len(), first.len());
    for (a, b) in again.iter().zip(&first) {
        assert_eq!(a["puzzle"], b["puzzle"]);
        assert_eq!(a["status"], b["status"]);
    }
}

// --------------------------------------------------------------------------------------- templates

#[test]
fn the_forums_template_gives_serates_own_lines_byte_for_byte() {
    let lines = serate_lines();
    let puzzles: String = lines.iter().map(|l| format!("{}\n", &l[..81])).collect();
    let out = sudoku()
        .args(["rate", "--template", "%g ED=%r/%p/%d"])
        .write_stdin(puzzles)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let printed: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(
        printed, lines,
        "serate printed these lines for these puzzles"
    );
}

#[test]
fn percent_g_prints_the_line_exactly_as_written() {
    // As serate, %g is the whole line: another empty-cell character and text after the cells.
    let line = format!("{} # a note, kept", LEETCODE.replace('.', "0"));
    let out = sudoku()
        .args(["rate", "--template", "[%g] %n %c %s %S %l %R"])
        .write_stdin(format!("{line}\n"))
        .output()
        .unwrap();
    let clues = LEETCODE.bytes().filter(u8::is_ascii_digit).count();
    assert_eq!(
        stdout_of(&out),
        format!("[{line}] 1 {clues} <stdin>:1 rated easy Hidden Single\n")
    );
}

#[test]
fn serates_oddities_are_kept_and_time_is_written_as_serate_writes_it() {
    let out = sudoku()
        .args(["rate", "--template", "a%xb%%c\\t% |%e|%n"])
        .write_stdin(format!("{LEETCODE}\n{LEETCODE}\n"))
        .output()
        .unwrap();
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    for (n, line) in lines.iter().enumerate() {
        let (head, rest) = line.split_at("a%b%c\\t%|".len());
        assert_eq!(head, "a%b%c\\t%|");
        let (time, ordinal) = rest.split_once('|').unwrap();
        // S.UUs below a minute: digits, a point, two digits, `s`.
        let (secs, hundredths) = time.strip_suffix('s').unwrap().split_once('.').unwrap();
        assert!(
            secs.parse::<u32>().is_ok() && hundredths.len() == 2,
            "{time}"
        );
        assert_eq!(ordinal, (n + 1).to_string());
    }
}

#[test]
fn a_template_keeps_every_slot_and_says_what_it_cannot_rate() {
    let input = format!("{LEETCODE}\n53..7..5.6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n1234\n{LEETCODE}\n");
    let out = sudoku()
        .args(["rate", "--template", "%n %r"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], "1 1.2");
    assert!(
        lines[1].starts_with("<stdin>:2: no solution"),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains("invalid"), "{}", lines[2]);
    assert_eq!(lines[3], "4 1.2");
}

#[test]
fn check_takes_a_template_but_not_a_rating_code() {
    let out = sudoku()
        .args(["check", "--template", "%g %S"])
        .write_stdin(format!("{LEETCODE}\n{}\n", ".".repeat(81)))
        .output()
        .unwrap();
    assert_eq!(
        stdout_of(&out),
        format!("{LEETCODE} unique\n{} not_unique\n", ".".repeat(81))
    );
    let out = sudoku()
        .args(["check", "--template", "%g %r"])
        .write_stdin(LEETCODE)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("%r"), "{}", stderr_of(&out));
}

#[test]
fn percent_g_of_a_csv_record_over_several_lines_is_the_puzzle_on_one_line() {
    // A quoted field with a line break: the record has no one line to quote, so %g is the
    // 81-cell form, and the slot stays one line.
    let input = format!("id,note,puzzle\n1,plain,{LEETCODE}\n2,\"Tuesday:\nhard\",{LEETCODE}\n");
    for args in [
        vec!["rate", "--template", "%g ED=%r/%p/%d"],
        vec!["check", "--template", "%g %S"],
    ] {
        let out = sudoku()
            .args(&args)
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let text = stdout_of(&out);
        let lines: Vec<&str> = text.lines().collect();
        let tail = if args[0] == "rate" {
            " ED=1.2/1.2/1.2"
        } else {
            " unique"
        };
        assert_eq!(
            lines,
            [
                format!("1,plain,{LEETCODE}{tail}"),
                format!("{LEETCODE}{tail}")
            ],
            "{args:?}"
        );
    }
}

// ----------------------------------------------------------------------------------------- --stats

#[test]
fn stats_text_counts_each_status() {
    let out = sudoku()
        .args(["check", "--stats"])
        .write_stdin(mixed_input())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = stderr_of(&out);
    assert!(
        err.contains(
            "puzzles     4 (solved 2, no solution 1, not unique 1, invalid 1, unreadable 0)"
        ),
        "{err}"
    );
    assert!(err.contains("puzzles/s"), "{err}");
    assert!(
        err.contains("guesses     ") && err.contains("per puzzle (max "),
        "{err}"
    );
    assert!(err.contains("slowest     <stdin>:"), "{err}");
}

#[test]
fn stats_json_is_one_object_with_the_counts() {
    let out = sudoku()
        .args(["solve", "-f", "line", "--stats=json"])
        .write_stdin(mixed_input())
        .output()
        .unwrap();
    let err = stderr_of(&out);
    let last = err.lines().last().unwrap();
    let stats: serde_json::Value = serde_json::from_str(last).unwrap();
    assert_eq!(stats["puzzles"], 4);
    assert_eq!(
        stats["solved"], 3,
        "without --unique the serg puzzle is solved"
    );
    assert_eq!(stats["no_solution"], 1);
    assert_eq!(stats["invalid"], 1);
    assert_eq!(stats["exit_code"], 3);
    assert!(stats["puzzles_per_second"].as_f64().unwrap() > 0.0);
    assert!(stats["slowest"]["source"]
        .as_str()
        .unwrap()
        .starts_with("<stdin>:"));
    // The summary is on stderr: stdout holds the answers only.
    assert_eq!(stdout_of(&out).lines().count(), 5);
}

#[test]
fn stats_time_the_whole_answer_not_only_the_check() {
    // The sample's hardest puzzle beside one solved by singles: rating the first takes a thousand
    // times what its backtracking check takes (tens of milliseconds against tens of
    // microseconds), so a slowest time that covers the whole answer is far above `check`'s for
    // the same puzzles, which times the search alone, even when a busy machine stretches one of
    // them by a millisecond or two.
    let sample = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/serate-1.2.1.3-sample.txt"
    ))
    .unwrap();
    let er = |line: &str| -> f64 {
        let ratings = line.split("ED=").nth(1).unwrap_or("0");
        ratings.split('/').next().unwrap().parse().unwrap_or(0.0)
    };
    let hardest = sample
        .lines()
        .max_by(|a, b| er(a).total_cmp(&er(b)))
        .unwrap();
    assert!(er(hardest) >= 9.0, "{hardest}");
    let hard = hardest.split(' ').next().unwrap().to_string();
    let stats = |command: &str| -> (serde_json::Value, f64, f64) {
        let out = sudoku()
            .args([command, "-j", "1", "--stats=json"])
            .write_stdin(format!("{LEETCODE}\n{hard}\n"))
            .output()
            .unwrap();
        let summary: serde_json::Value = serde_json::from_str(stderr_of(&out).trim()).unwrap();
        let slowest = summary["slowest"]["seconds"].as_f64().unwrap();
        let elapsed = summary["elapsed_seconds"].as_f64().unwrap();
        assert!(slowest <= elapsed, "{command}");
        (summary, slowest, elapsed)
    };
    let (_, check, _) = stats("check");
    for command in ["rate", "explain", "hint"] {
        let (summary, slowest, _) = stats(command);
        if command != "hint" {
            assert_eq!(summary["slowest"]["source"], "<stdin>:2", "{command}");
            assert!(
                slowest > 5.0 * check,
                "{command}: slowest {slowest} s, check's {check} s"
            );
        }
    }
}

// ----------------------------------------------------------------------------------------- -o FILE

#[test]
fn output_file_appears_whole_and_may_be_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("in.txt");
    std::fs::write(&file, format!("{LEETCODE}\n")).unwrap();
    let out = sudoku()
        .args(["solve", "-o"])
        .arg(&file)
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(out.stdout.is_empty());
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        format!("{LEETCODE_SOLUTION}\n")
    );
    // Nothing else is left in the directory.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // `-o -` is stdout.
    let out = sudoku()
        .args(["solve", "-o", "-"])
        .arg(&file)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out), format!("{LEETCODE_SOLUTION}\n"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let fresh = dir.path().join("fresh.txt");
        sudoku()
            .args(["generate", "-n", "2", "--seed", "1", "-o"])
            .arg(&fresh)
            .assert()
            .success();
        let mode = std::fs::metadata(&fresh).unwrap().permissions().mode();
        assert_eq!(mode & 0o600, 0o600, "readable and writable by its owner");
        assert_eq!(std::fs::read_to_string(&fresh).unwrap().lines().count(), 2);
    }
}

#[test]
fn an_output_file_that_cannot_be_written_exits_5_and_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("plain-file");
    std::fs::write(&blocker, "not a directory").unwrap();
    let target = blocker.join("out.txt");
    let out = sudoku()
        .args(["solve", "-o"])
        .arg(&target)
        .write_stdin(LEETCODE)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    assert!(
        stderr_of(&out).contains(&*target.to_string_lossy()),
        "{}",
        stderr_of(&out)
    );
    // A directory in the way of the rename: the answers are not lost silently, and nothing is
    // left behind.
    let taken = dir.path().join("taken");
    std::fs::create_dir(&taken).unwrap();
    std::fs::write(taken.join("keep"), "x").unwrap();
    let out = sudoku()
        .args(["solve", "-o"])
        .arg(&taken)
        .write_stdin(LEETCODE)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("taken"), "{}", stderr_of(&out));
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 2, "only the two entries made here: {left:?}");
}

/// `-o` onto something that is not a regular file (a named pipe here; `/dev/null` and
/// `/dev/stdout` alike) writes into it: a rename would put a plain file in its place (as root,
/// `-o /dev/null` once replaced the device).
#[cfg(unix)]
#[test]
fn output_onto_a_pipe_writes_into_it_and_leaves_it_a_pipe() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("answers");
    match std::process::Command::new("mkfifo").arg(&fifo).status() {
        Ok(s) if s.success() => {}
        _ => {
            eprintln!("skipped: mkfifo is not available");
            return;
        }
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = sudoku()
        .args(["solve", "-o"])
        .arg(&fifo)
        .write_stdin(LEETCODE)
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let read = reader.join().unwrap();
    let direct = sudoku()
        .arg("solve")
        .write_stdin(LEETCODE)
        .output()
        .unwrap();
    assert!(!read.is_empty());
    assert_eq!(read, String::from_utf8(direct.stdout).unwrap());
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the pipe was replaced: {kind:?}");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary file left: {left:?}");
}
