//! `rate`: ratings against Sudoku Explainer's own output (serate 1.2.1.3), the record's
//! analysis of the path, the level bands, the slots and exit codes of puzzles it cannot rate,
//! and its time limit.

use std::time::{Duration, Instant};

use crate::common::{
    hardest, json_record, lines_of, repo, serate_lines, serate_sample, stderr_of, stdout_of,
    sudoku, LEETCODE, LEETCODE_SOLUTION, LEVELS,
};
use serde_json::Value;

#[test]
fn rate_gives_sudoku_explainers_numbers() {
    let sample = serate_sample();
    assert!(sample.len() >= 40);
    let input: String = sample.iter().map(|(p, _)| format!("{p}\n")).collect();
    let output = sudoku().arg("rate").write_stdin(input).output().unwrap();
    assert!(output.status.success());
    let out = stdout_of(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), sample.len());
    for (i, ((_, want), line)) in sample.iter().zip(&lines).enumerate() {
        let source = format!("<stdin>:{}: ", i + 1);
        let rest = line.strip_prefix(&source).expect("input order");
        let got = rest.split(' ').next().unwrap();
        assert_eq!(got, want, "line {}: {line}", i + 1);
    }
}

#[test]
fn rate_json_has_numbers_and_the_hardest_technique() {
    let output = sudoku()
        .args(["rate", "-f", "json"])
        .write_stdin(format!("{LEETCODE}\n"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let record = json_record(&output);
    assert_eq!(record["status"], "rated");
    assert_eq!(record["er"], 1.2);
    assert_eq!(record["ep"], 1.2);
    assert_eq!(record["ed"], 1.2);
    assert_eq!(record["hardest"], "Hidden Single");
    assert!(record["steps"].as_u64().unwrap() >= 51);
}

/// The histogram band of an ER: `1.0-1.9` and so on.
fn band_name(er: f64) -> String {
    let whole = er.floor() as u32;
    format!("{whole}.0-{whole}.9")
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

#[test]
fn rate_names_the_band_of_each_rating() {
    // Puzzles of many ratings: the serate sample. The level each line names is the band its
    // own ER falls in, by `LEVELS`; JSON says the same.
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/serate-1.2.1.3-sample.txt"
    ))
    .unwrap();
    let puzzles: Vec<String> = sample
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split(' ').next().unwrap().to_string())
        .take(25)
        .collect();
    let text = stdout_of(
        &sudoku()
            .arg("rate")
            .write_stdin(lines_of(&puzzles))
            .output()
            .unwrap(),
    );
    let json = stdout_of(
        &sudoku()
            .args(["rate", "-f", "json"])
            .write_stdin(lines_of(&puzzles))
            .output()
            .unwrap(),
    );
    let mut named = std::collections::HashSet::new();
    for (line, record) in text.lines().zip(json.lines()) {
        let record: serde_json::Value = serde_json::from_str(record).unwrap();
        let er: f64 = line
            .split(": ")
            .nth(1)
            .unwrap()
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let band = LEVELS.iter().find(|(_, lo, hi)| (*lo..=*hi).contains(&er));
        match band {
            Some((name, _, _)) => {
                assert!(line.ends_with(&format!(" ({name})")), "{line}");
                assert_eq!(record["level"], *name, "{line}");
                named.insert(*name);
            }
            None => {
                assert!(!line.ends_with(')'), "{line}");
                assert!(record.get("level").is_none(), "{line}");
            }
        }
    }
    assert!(named.len() >= 3, "{named:?}");
}

#[test]
fn rate_refuses_puzzles_without_one_solution_as_check_does() {
    let two = format!("{}.\n", &LEETCODE[..80]).replacen("53", "..", 1);
    let none = format!("55{}\n", &LEETCODE[2..]);
    let input = format!("{two}{none}{LEETCODE}\n");
    let output = sudoku().arg("rate").write_stdin(input).output().unwrap();
    // No solution (1) outranks not unique (4).
    assert_eq!(output.status.code(), Some(1));
    let out = stdout_of(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("<stdin>:1: not unique"), "{out}");
    assert!(lines[1].starts_with("<stdin>:2: no solution"), "{out}");
    assert!(lines[2].starts_with("<stdin>:3: 1.2/1.2/1.2"), "{out}");
}

#[test]
fn rate_keeps_every_slot_of_a_damaged_file() {
    let mut lines: Vec<String> = serate_sample()
        .into_iter()
        .map(|(p, _)| p)
        .take(6)
        .collect();
    lines[2] = lines[2].replacen('.', "x", 1);
    lines.insert(4, lines[3].clone());
    let output = sudoku()
        .args(["rate", "-j", "2"])
        .write_stdin(lines.join("\n") + "\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let out = stdout_of(&output);
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 7, "{out}");
    for (i, line) in got.iter().enumerate() {
        assert!(line.starts_with(&format!("<stdin>:{}: ", i + 1)), "{out}");
    }
    assert!(got[2].contains("invalid"), "{out}");
    assert_eq!(got[3][11..], got[4][11..], "a repeated line rates the same");
}

#[test]
fn the_serg_sample_has_puzzles_with_many_solutions_and_none_is_rated() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/puzzles7_serg_benchmark-sample.txt"
    );
    let output = sudoku().args(["rate", "-q", path]).output().unwrap();
    assert_eq!(output.status.code(), Some(4));
    let output = sudoku().args(["rate", path]).output().unwrap();
    let out = stdout_of(&output);
    assert_eq!(out.lines().count(), 100);
    assert!(out.lines().all(|l| l.contains(": not unique: ")), "{out}");
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
