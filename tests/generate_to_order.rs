//! CLI tests for `generate` to order: `--rating`, `--ep`, `--ed`, `--needs`, `--pattern`,
//! `--attempts`, `--timeout`. Every puzzle is judged from outside the generator: uniqueness by
//! `check`, ratings by `rate`, techniques by `explain`, clue positions by reading the puzzle.

mod common;

use common::*;

fn generate(args: &[&str]) -> Vec<String> {
    let out = sudoku().arg("generate").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    stdout_of(&out).lines().map(String::from).collect()
}

/// `(ER, EP, ED)` of each puzzle, by `rate`; every puzzle must be unique to be rated.
fn ratings(puzzles: &[String]) -> Vec<(f64, f64, f64)> {
    sudoku()
        .args(["check", "-q"])
        .write_stdin(lines_of(puzzles))
        .assert()
        .code(0);
    let out = sudoku()
        .arg("rate")
        .write_stdin(lines_of(puzzles))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = stdout_of(&out);
    assert_eq!(
        text.lines().count(),
        puzzles.len(),
        "one rating per puzzle: {text}"
    );
    text.lines()
        .map(|l| {
            let r: Vec<f64> = l
                .split(": ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .split('/')
                .map(|x| x.parse().unwrap())
                .collect();
            (r[0], r[1], r[2])
        })
        .collect()
}

#[test]
fn the_done_when_command_gives_ten_puzzles_rated_6_to_7() {
    let puzzles = generate(&["-n", "10", "--rating", "6.0..7.0", "--seed", "1"]);
    assert_eq!(puzzles.len(), 10);
    for (p, (er, _, _)) in puzzles.iter().zip(ratings(&puzzles)) {
        assert!((6.0..=7.0).contains(&er), "{p} is rated {er}");
    }
    // The same every time, at any -j.
    for j in ["1", "2", "3"] {
        let again = generate(&["-n", "10", "--rating", "6.0..7.0", "--seed", "1", "-j", j]);
        assert_eq!(again, puzzles, "-j {j}");
    }
}

#[test]
fn open_ended_ranges_and_ep_ed_ranges_hold() {
    let easy = generate(&["-n", "6", "--rating", "..2.0", "--seed", "7"]);
    assert_eq!(easy.len(), 6);
    assert!(ratings(&easy).iter().all(|r| r.0 <= 2.0));
    let hard = generate(&["-n", "3", "--rating", "7.5..", "--seed", "7"]);
    assert!(ratings(&hard).iter().all(|r| r.0 >= 7.5));
    let late = generate(&["-n", "3", "--ep", "2.0..", "--seed", "7"]);
    assert!(ratings(&late).iter().all(|r| r.1 >= 2.0));
    let first = generate(&["-n", "3", "--ed", "1.5", "--seed", "7"]);
    assert!(ratings(&first).iter().all(|r| r.2 == 1.5));
}

#[test]
fn needs_keeps_puzzles_whose_path_uses_the_technique() {
    for (name, printed) in [("x-wing", "X-Wing"), ("NakedPair", "naked pair")] {
        let puzzles = generate(&[
            "-n", "3", "--needs", name, "--rating", "..4.0", "--seed", "5",
        ]);
        assert_eq!(puzzles.len(), 3);
        assert!(ratings(&puzzles).iter().all(|r| r.0 <= 4.0));
        for p in &puzzles {
            let out = sudoku()
                .arg("explain")
                .write_stdin(format!("{p}\n"))
                .output()
                .unwrap();
            let text = stdout_of(&out);
            assert!(
                text.lines().any(|l| l.contains(&format!("   {printed}"))),
                "{p} does not need {name}:\n{text}"
            );
        }
    }
}

#[test]
fn technique_names_are_listed_and_unknown_ones_refused() {
    let out = sudoku()
        .args(["generate", "--list-techniques"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let names = stdout_of(&out);
    assert!(names.lines().any(|l| l == "X-Wing"));
    assert!(names.lines().count() > 40);
    let out = sudoku()
        .args(["generate", "--needs", "x-wings-and-things"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("--list-techniques"));
    let out = sudoku()
        .args(["generate", "--rating", "8..7"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// A 26-clue mask (the clue positions of a random minimal puzzle), one line.
const MASK: &str =
    ".xxx....x..xx..xx.....x.x...x...xx...........xxx.x.x.x.x.x.x.x...x..x......x.....";

fn on_mask(puzzle: &str, mask: &str) {
    for (i, (p, m)) in puzzle.chars().zip(mask.chars()).enumerate() {
        assert_eq!(p != '.', m == 'x', "cell {i} of {puzzle}");
    }
}

#[test]
fn pattern_puzzles_have_their_clues_exactly_on_the_mask() {
    let puzzles = generate(&["-n", "3", "--pattern", MASK, "--seed", "11"]);
    assert_eq!(puzzles.len(), 3);
    sudoku()
        .args(["check", "-q"])
        .write_stdin(lines_of(&puzzles))
        .assert()
        .code(0);
    for p in &puzzles {
        on_mask(p, MASK);
    }
    let again = generate(&["-n", "3", "--pattern", MASK, "--seed", "11", "-j", "1"]);
    assert_eq!(again, puzzles);
}

#[test]
fn a_pattern_file_may_be_a_grid_and_combine_with_a_rating() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plus.txt");
    let rows: Vec<String> = MASK
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap().replace('x', "*"))
        .collect();
    std::fs::write(&path, format!("# my pattern\n{}\n", rows.join("\n"))).unwrap();
    let puzzles = generate(&[
        "-n",
        "2",
        "--pattern",
        path.to_str().unwrap(),
        "--rating",
        "..3.0",
        "--seed",
        "2",
    ]);
    assert_eq!(puzzles.len(), 2);
    assert!(ratings(&puzzles).iter().all(|r| r.0 <= 3.0));
    for p in &puzzles {
        on_mask(p, MASK);
    }
}

#[test]
fn an_impossible_pattern_is_reported_not_retried_forever() {
    // 17 clues in the first two rows: no unique puzzle has that.
    let mask = format!("{}{}", "x".repeat(17), ".".repeat(64));
    let out = sudoku()
        .args([
            "generate",
            "--pattern",
            &mask,
            "--attempts",
            "10",
            "--seed",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout_of(&out).is_empty());
    let err = stderr_of(&out);
    assert!(err.contains("made 0 of 1"), "{err}");
    assert!(err.contains("--attempts"), "{err}");
    // A malformed pattern is a usage error that says what is wrong.
    let out = sudoku()
        .args(["generate", "--pattern", "no-such-file.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("cannot read"));
}

#[test]
fn a_timeout_prints_what_was_found_and_says_so() {
    // ER 11+ puzzles are about one in a hundred thousand: none comes in half a second.
    let out = sudoku()
        .args([
            "generate",
            "-n",
            "2",
            "--rating",
            "11.0..",
            "--timeout",
            "500ms",
            "--seed",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_of(&out);
    assert!(err.contains("--timeout reached"), "{err}");
    assert!(err.contains("made 0 of 2"), "{err}");
}

#[test]
fn json_records_carry_the_rating() {
    let out = sudoku()
        .args([
            "generate", "-n", "2", "--rating", "3.0..4.5", "--seed", "9", "-f", "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let records = json_records(&out);
    assert_eq!(records.len(), 2);
    for v in records {
        let er = v["er"].as_f64().unwrap();
        assert!((3.0..=4.5).contains(&er));
        let puzzle = v["puzzle"].as_str().unwrap().to_string();
        assert_eq!(ratings(&[puzzle])[0].0, er);
    }
}

/// Sudoku Explainer's bands, as its generator dialog (`GenerateDialog.java`) sets them.
const LEVELS: [(&str, f64, f64); 5] = [
    ("easy", 1.0, 1.2),
    ("medium", 1.3, 1.5),
    ("hard", 1.6, 2.5),
    ("fiendish", 2.6, 6.0),
    ("diabolical", 6.1, 11.0),
];

#[test]
fn the_done_when_command_gives_ten_fiendish_puzzles() {
    let puzzles = generate(&["-n", "10", "--level", "fiendish", "--seed", "1"]);
    assert_eq!(puzzles.len(), 10);
    for (p, (er, _, _)) in puzzles.iter().zip(ratings(&puzzles)) {
        assert!((2.6..=6.0).contains(&er), "{p} is rated {er}");
    }
    let again = generate(&["-n", "10", "--level", "fiendish", "--seed", "1", "-j", "2"]);
    assert_eq!(again, puzzles);
}

#[test]
fn every_level_generates_in_its_band_and_rate_names_it() {
    for (name, min, max) in LEVELS {
        let puzzles = generate(&["-n", "2", "--level", name, "--seed", "3"]);
        for (p, (er, _, _)) in puzzles.iter().zip(ratings(&puzzles)) {
            assert!((min..=max).contains(&er), "{name}: {p} is rated {er}");
        }
        let out = sudoku()
            .arg("rate")
            .write_stdin(lines_of(&puzzles))
            .output()
            .unwrap();
        let text = stdout_of(&out);
        assert!(
            text.lines().all(|l| l.ends_with(&format!(" ({name})"))),
            "{name}: {text}"
        );
    }
}

#[test]
fn rate_names_the_band_of_each_rating() {
    // Puzzles of many ratings: the serate sample. The level each line names is the band its
    // own ER falls in, by the table above; JSON says the same.
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
fn list_levels_prints_the_bands_and_level_excludes_rating() {
    let out = sudoku()
        .args(["generate", "--list-levels"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = stdout_of(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), LEVELS.len());
    for (line, (name, min, max)) in lines.iter().zip(LEVELS) {
        assert_eq!(
            line.split_whitespace().collect::<Vec<_>>(),
            [name, &format!("{min:.1}..{max:.1}")]
        );
    }
    let out = sudoku()
        .args(["generate", "--level", "fiendish", "--rating", "3.0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("--rating"), "{}", stderr_of(&out));
    let out = sudoku()
        .args(["generate", "--level", "expert"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("unknown level `expert`"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn a_22_clue_pattern_is_filled() {
    // The clue pattern of a 22-clue random minimal puzzle: it admits at least that puzzle.
    let source = data_lines("puzzles1_random_minimal-sample.txt")
        .into_iter()
        .find(|p| p.bytes().filter(|b| (b'1'..=b'9').contains(b)).count() == 22)
        .expect("a 22-clue puzzle in the sample");
    let mask: String = source
        .chars()
        .map(|c| {
            if c.is_ascii_digit() && c != '0' {
                'x'
            } else {
                '.'
            }
        })
        .collect();
    let found = generate(&[
        "-n",
        "2",
        "--pattern",
        &mask,
        "--seed",
        "1",
        "--timeout",
        "60s",
    ]);
    assert_eq!(found.len(), 2);
    for p in &found {
        for (c, m) in p.chars().zip(mask.chars()) {
            assert_eq!(c != '.', m == 'x', "{p} is not on {mask}");
        }
        assert_eq!(brute_force_count(p, 2), 1, "{p}");
    }
    sudoku()
        .args(["check", "-q"])
        .write_stdin(lines_of(&found))
        .assert()
        .code(0);
}
