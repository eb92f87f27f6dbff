//! Output the ecosystem reads: serate's templates, CSV, `-o FILE`, rate's analysis, the time
//! limit per puzzle, and sharded runs. Each check is against something this program did not
//! make: serate's own lines, a standard CSV reader, the JSON records of the same run, the file
//! system, the clock.

mod common;

use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;

fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// serate's own lines (`PUZZLE ED=ER/EP/ED`) from the sample file.
fn serate_lines() -> Vec<String> {
    let text = std::fs::read_to_string(repo("tests/data/serate-1.2.1.3-sample.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && l.contains(" ED="))
        .map(str::to_string)
        .collect()
}

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

#[test]
fn rates_record_analyses_its_path_and_stats_counts_er_by_band() {
    let out = sudoku()
        .args(["rate", "-f", "json", "--stats=json"])
        .arg(repo("tests/data/serate-1.2.1.3-sample.txt"))
        .output()
        .unwrap();
    let text = stdout_of(&out);
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let puzzle = record["puzzle"].as_str().unwrap();
        let clues = puzzle.bytes().filter(u8::is_ascii_digit).count() as u64;
        assert_eq!(record["clues"], clues);
        let steps = record["steps"].as_u64().unwrap();
        let counts = record["techniques"].as_object().unwrap();
        assert_eq!(
            counts.values().map(|n| n.as_u64().unwrap()).sum::<u64>(),
            steps
        );
        let hardest = record["hardest"].as_str().unwrap();
        assert!(counts.contains_key(hardest), "{record}");
        let (er, ep, ed) = (&record["er"], &record["ep"], &record["ed"]);
        assert_eq!(record["pearl"], er == ep);
        assert_eq!(record["diamond"], er == ep && ep == ed);
    }
    let summary: Value = serde_json::from_str(stderr_of(&out).lines().last().unwrap()).unwrap();
    let bands = summary["er_histogram"].as_object().expect("er_histogram");
    // serate's own ratings, counted by whole number.
    let mut expected = std::collections::BTreeMap::<String, u64>::new();
    for line in serate_lines() {
        let er: f64 = line
            .split("ED=")
            .nth(1)
            .unwrap()
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        *expected.entry(band_name(er)).or_default() += 1;
    }
    assert_eq!(bands.len(), expected.len(), "{bands:?}");
    for (band, n) in expected {
        assert_eq!(bands[&band], n, "band {band}");
    }
}

/// The histogram band of an ER: `1.0-1.9` and so on.
fn band_name(er: f64) -> String {
    let whole = er.floor() as u32;
    format!("{whole}.0-{whole}.9")
}

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

/// Puzzles that take long to rate: the forum's hardest.
fn hardest() -> Vec<String> {
    std::fs::read_to_string(repo(
        "tests/data/puzzles5_forum_hardest_1905_11+-sample.txt",
    ))
    .unwrap()
    .lines()
    .filter(|l| l.len() >= 81 && !l.starts_with('#'))
    .take(6)
    .map(str::to_string)
    .collect()
}

#[test]
fn a_time_limit_cuts_hard_puzzles_and_answers_the_easy_ones_beside_them() {
    let limit = Duration::from_millis(50);
    let mut input = String::new();
    for hard in hardest() {
        input.push_str(&format!("{hard}\n{LEETCODE}\n"));
    }
    let start = Instant::now();
    let out = sudoku()
        .args([
            "rate",
            "-j1",
            "--time-limit",
            "50ms",
            "-f",
            "json",
            "--stats=json",
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    let wall = start.elapsed();
    let text = stdout_of(&out);
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 12);
    let timeouts = lines.iter().filter(|r| r["status"] == "timeout").count();
    for (i, record) in lines.iter().enumerate() {
        if i % 2 == 1 {
            assert_eq!(record["status"], "rated", "the easy one beside: {record}");
            assert_eq!(record["er"], 1.2);
        } else {
            assert!(
                record["status"] == "timeout" || record["status"] == "rated",
                "{record}"
            );
        }
    }
    assert!(
        timeouts > 0,
        "the forum's hardest take more than 50 ms each to rate"
    );
    assert_eq!(out.status.code(), Some(6), "{}", stderr_of(&out));
    // Each answer ends soon after the limit: the slowest, as the run timed it, and the whole
    // run by the clock (generous bounds: a debug build on a shared machine).
    let summary: Value = serde_json::from_str(stderr_of(&out).lines().last().unwrap()).unwrap();
    let slowest = summary["slowest"]["seconds"].as_f64().unwrap();
    assert!(
        slowest < limit.as_secs_f64() + 0.25,
        "slowest answer {slowest} s"
    );
    assert!(wall < Duration::from_secs(10), "{wall:?}");
}

#[test]
fn count_hint_and_explain_take_a_time_limit_too() {
    let empty = ".".repeat(81);
    let out = sudoku()
        .args(["count", "--limit", "1000000000", "--time-limit", "20ms"])
        .write_stdin(format!("{empty}\n{LEETCODE}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(6));
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("timeout"), "{text}");
    assert_eq!(lines[1], "1");
    for command in ["hint", "explain"] {
        let out = sudoku()
            .args([command, "--time-limit", "1ms", "-f", "json"])
            .write_stdin(format!("{}\n", hardest()[0]))
            .output()
            .unwrap();
        let record: Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
        assert_eq!(record["status"], "timeout", "{command}: {record}");
        assert_eq!(out.status.code(), Some(6));
    }
}

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
