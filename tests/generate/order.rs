//! `generate` to order: ratings and `--ep`/`--ed` ranges held by `rate`, `--needs` held by
//! `explain`, technique names, levels and their bands, `--timeout`, the rating in JSON.

use crate::common::{json_records, lines_of, stderr_of, stdout_of, sudoku, LEVELS};

use super::{generate, ratings};

// ---------------------------------------------------------------------------------------- to order

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
