//! `generate`, plain and to order (`--rating`, `--ep`, `--ed`, `--level`, `--needs`,
//! `--pattern`, `--attempts`, `--timeout`). Generated puzzles are judged from outside the
//! generator: uniqueness and minimality by `check` on the printed puzzles, ratings by `rate`,
//! techniques by `explain`, symmetry, clue counts and clue positions by reading the puzzle.

use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::{
    bin, brute_force_count, clues, data_lines, first_line_within, is_valid_solution, json_records,
    lines_of, output_ok, output_with, stderr_of, stdout_of, sudoku, LEVELS,
};
use tempfile::TempDir;

// ------------------------------------------------------------------------------------------- plain

fn generate(args: &[&str]) -> Vec<String> {
    let out = sudoku().arg("generate").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    stdout_of(&out).lines().map(String::from).collect()
}

#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let puzzles = generate(&["-n", "12", "--seed", "2026"]);
    assert_eq!(puzzles.len(), 12);
    let input = lines_of(&puzzles);
    sudoku()
        .args(["check", "-q"])
        .write_stdin(input)
        .assert()
        .code(0);
    // Removing any one clue must give a second solution.
    let mut weakened = String::new();
    let mut n = 0;
    for p in &puzzles {
        for (i, ch) in p.char_indices() {
            if ch != '.' {
                weakened.push_str(&format!("{}.{}\n", &p[..i], &p[i + 1..]));
                n += 1;
            }
        }
    }
    let out = sudoku()
        .arg("check")
        .write_stdin(weakened)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let text = stdout_of(&out);
    assert_eq!(text.lines().count(), n);
    assert!(text.lines().all(|l| l.contains(": not unique: ")), "{text}");
}

#[test]
fn the_same_seed_gives_the_same_output_whatever_the_threads() {
    let one = sudoku()
        .args(["generate", "-n", "150", "--seed", "77", "-j", "1"])
        .output()
        .unwrap();
    let two = sudoku()
        .args(["generate", "-n", "150", "--seed", "77", "-j", "2"])
        .output()
        .unwrap();
    let three = sudoku()
        .args(["generate", "-n", "150", "--seed", "77", "-j", "3"])
        .output()
        .unwrap();
    assert!(one.stdout == two.stdout && two.stdout == three.stdout);
    let other = sudoku()
        .args(["generate", "-n", "150", "--seed", "78"])
        .output()
        .unwrap();
    assert!(one.stdout != other.stdout);
    // A prefix of a stream is the stream's start.
    let first = generate(&["-n", "10", "--seed", "77"]);
    assert_eq!(
        first[..],
        stdout_of(&one).lines().take(10).collect::<Vec<_>>()[..]
    );
}

#[test]
fn without_a_seed_one_is_drawn_and_reported() {
    let out = sudoku().args(["generate", "-n", "2"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = stderr_of(&out);
    let seed = err
        .split("--seed ")
        .nth(1)
        .and_then(|s| s.trim().trim_end_matches(')').parse::<u64>().ok())
        .expect("the seed is written to stderr");
    let again = sudoku()
        .args(["generate", "-n", "2", "--seed", &seed.to_string()])
        .output()
        .unwrap();
    assert_eq!(
        again.stdout, out.stdout,
        "the reported seed repeats the run"
    );
}

/// Where a map of the square sends the cell at (row, column).
type CellMap = fn(usize, usize) -> (usize, usize);

const VERTICAL: CellMap = |r, c| (r, 8 - c);
const HORIZONTAL: CellMap = |r, c| (8 - r, c);
/// Sudoku Explainer's "raising" diagonal, bottom left to top right.
const RISING: CellMap = |r, c| (8 - c, 8 - r);
/// Sudoku Explainer's "falling" diagonal, top left to bottom right.
const FALLING: CellMap = |r, c| (c, r);
const HALF_TURN: CellMap = |r, c| (8 - r, 8 - c);
const QUARTER_TURN: CellMap = |r, c| (c, 8 - r);

/// Each symmetry name and the maps that generate its group, written out here from Sudoku
/// Explainer's `Symmetry.java` (there a `Point(x, y)` is column x, row y).
fn symmetry_maps() -> Vec<(&'static str, Vec<CellMap>)> {
    vec![
        ("none", vec![]),
        ("rotational", vec![HALF_TURN]),
        ("rotational90", vec![QUARTER_TURN]),
        ("diagonal", vec![RISING]),
        ("antidiagonal", vec![FALLING]),
        ("vertical", vec![VERTICAL]),
        ("mirror", vec![VERTICAL]),
        ("horizontal", vec![HORIZONTAL]),
        ("bidiagonal", vec![RISING, FALLING]),
        ("orthogonal", vec![VERTICAL, HORIZONTAL]),
        ("full", vec![QUARTER_TURN, VERTICAL]),
    ]
}

/// Whether every clue's image under `map` is a clue (and so every empty cell's is empty).
fn follows(puzzle: &str, map: CellMap) -> bool {
    let cells = puzzle.as_bytes();
    (0..81).all(|i| {
        let (r2, c2) = map(i / 9, i % 9);
        (cells[i] == b'.') == (cells[r2 * 9 + c2] == b'.')
    })
}

#[test]
fn every_symmetry_holds() {
    for (name, maps) in symmetry_maps() {
        let puzzles = generate(&["-n", "4", "--seed", "5", "--symmetry", name]);
        assert_eq!(puzzles.len(), 4);
        for p in &puzzles {
            for map in &maps {
                assert!(follows(p, *map), "{name}: {p}");
            }
        }
        let input = lines_of(&puzzles);
        sudoku()
            .args(["check", "-q"])
            .write_stdin(input)
            .assert()
            .code(0);
    }
    // `random` draws one of the others for each puzzle.
    let drawn = generate(&["-n", "12", "--seed", "5", "--symmetry", "random"]);
    let mut names = std::collections::HashSet::new();
    for p in &drawn {
        let fits: Vec<&str> = symmetry_maps()
            .into_iter()
            .filter(|(name, maps)| *name != "none" && maps.iter().all(|m| follows(p, *m)))
            .map(|(name, _)| name)
            .collect();
        assert!(!fits.is_empty(), "random: {p} has no symmetry");
        names.insert(fits.join(","));
    }
    assert!(names.len() > 1, "random drew one symmetry only: {names:?}");
}

#[test]
fn vertical_is_the_left_right_mirror_and_mirror_its_old_name() {
    let vertical = generate(&["-n", "3", "--seed", "9", "--symmetry", "vertical"]);
    let mirror = generate(&["-n", "3", "--seed", "9", "--symmetry", "mirror"]);
    assert_eq!(vertical, mirror);
    // A minimal puzzle symmetric both ways would be rare; these are left-right only.
    assert!(vertical.iter().all(|p| follows(p, VERTICAL)));
    assert!(vertical.iter().any(|p| !follows(p, HORIZONTAL)));
}

#[test]
fn max_clues_holds_and_too_few_is_a_usage_error() {
    for p in generate(&["-n", "5", "--seed", "3", "--max-clues", "23"]) {
        assert!(clues(&p) <= 23, "{p}");
    }
    sudoku()
        .args(["generate", "--max-clues", "16"])
        .assert()
        .code(2);
}

#[test]
fn every_generate_format_reads_back() {
    let lines = generate(&["-n", "3", "--seed", "11"]);
    for format in ["grid", "pretty", "json"] {
        let out = sudoku()
            .args(["generate", "-n", "3", "--seed", "11", "-f", format])
            .output()
            .unwrap();
        let back = sudoku()
            .args(["canon"])
            .write_stdin(out.stdout)
            .output()
            .unwrap();
        let direct = sudoku()
            .arg("canon")
            .write_stdin(lines.iter().map(|p| format!("{p}\n")).collect::<String>())
            .output()
            .unwrap();
        assert_eq!(
            back.status.code(),
            Some(0),
            "{format}: {}",
            stderr_of(&back)
        );
        assert_eq!(back.stdout, direct.stdout, "{format}");
    }
}

#[test]
fn solution_is_printed_beside_each_puzzle_and_reads_back_as_one_puzzle() {
    let lines = generate(&["-n", "6", "--seed", "4", "--solution"]);
    let plain = generate(&["-n", "6", "--seed", "4"]);
    assert_eq!(lines.len(), 6);
    for (line, puzzle) in lines.iter().zip(&plain) {
        let (p, s) = line.split_once(' ').expect("PUZZLE SOLUTION");
        assert_eq!(p, puzzle, "the same puzzle as without --solution");
        assert!(is_valid_solution(p, s), "{line}");
    }
    // Every line reads back as its one puzzle: six verdicts, each unique.
    let out = sudoku()
        .arg("check")
        .write_stdin(lines_of(&lines))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    assert_eq!(text.lines().count(), 6, "{text}");
    assert!(text.lines().all(|l| l.ends_with(": unique")), "{text}");
    // JSON carries the same solution.
    let out = sudoku()
        .args([
            "generate",
            "-n",
            "6",
            "--seed",
            "4",
            "--solution",
            "-f",
            "json",
        ])
        .output()
        .unwrap();
    for (record, line) in json_records(&out).iter().zip(&lines) {
        let (p, s) = line.split_once(' ').unwrap();
        assert_eq!(record["puzzle"], p);
        assert_eq!(record["solution"], s);
    }
    // A grid is followed by its solution's grid.
    let out = sudoku()
        .args([
            "generate",
            "-n",
            "1",
            "--seed",
            "4",
            "--solution",
            "-f",
            "grid",
        ])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    assert_eq!(rows.len(), 18, "{text}");
    let (p, s) = lines[0].split_once(' ').unwrap();
    assert_eq!(rows[..9].concat(), p);
    assert_eq!(rows[9..].concat(), s);
    assert!(text.contains("# seed 4 #1: solution\n"), "{text}");
}

// ---------------------------------------------------------------------------------------- to order

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
fn a_pattern_file_is_read_only_as_far_as_a_pattern_goes() {
    let refusal = |shown: &str| {
        format!(
            "sudoku: --pattern {shown}: more than 64 KiB, which no pattern is (81 cells, or a \
             grid of 9 rows); give a pattern file, or 81 characters: x for a clue, . for none\n"
        )
    };
    // A device without end: refused, not read until memory runs out.
    #[cfg(unix)]
    {
        let out = output_with(
            sudoku()
                .args(["generate", "--seed", "1", "--pattern", "/dev/zero"])
                .timeout(std::time::Duration::from_secs(60)),
            2,
        );
        assert!(out.stdout.is_empty());
        assert_eq!(stderr_of(&out), refusal("/dev/zero"));
    }
    // A big file: refused as it is, a pattern's worth of it read.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    let heart = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/patterns/heart.txt"))
        .unwrap();
    std::fs::write(&big, format!("{heart}{}", "# a comment\n".repeat(6000))).unwrap();
    let out = output_with(
        sudoku()
            .args(["generate", "--seed", "1", "--pattern"])
            .arg(&big),
        2,
    );
    assert_eq!(stderr_of(&out), refusal(&big.display().to_string()));
    // The same pattern with a few comments is read.
    std::fs::write(&big, format!("{heart}{}", "# a comment\n".repeat(60))).unwrap();
    let out = output_ok(
        sudoku()
            .args(["generate", "--seed", "1", "--pattern"])
            .arg(&big),
    );
    assert_eq!(stdout_of(&out).lines().count(), 1);
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
    // A pattern file that cannot be read is an input that cannot be read (exit 5), named.
    let out = sudoku()
        .args(["generate", "--pattern", "no-such-file.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    assert!(stderr_of(&out).starts_with(
        "sudoku: --pattern no-such-file.txt: cannot read (give a file, or 81 characters: x for \
         a clue, . for none): No such file or directory"
    ));
    // A malformed one is a usage error that says what is wrong.
    let out = sudoku()
        .args(["generate", "--pattern", &"x".repeat(16)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5), "no such file either");
    let out = sudoku()
        .args([
            "generate",
            "--pattern",
            &format!("{}{}", "x".repeat(16), ".".repeat(65)),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).starts_with("sudoku: --pattern: "),
        "{}",
        stderr_of(&out)
    );
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

// --------------------------------------------------------------------- requests no puzzle can meet

#[test]
fn a_request_no_puzzle_can_meet_is_refused_at_once() {
    for (args, says) in [
        (
            &["--ep", "2.0..", "--ed", "1.2"][..],
            "so EP equals ED, and --ep 2.0.. leaves no rating for both",
        ),
        (
            &["--rating", "1.3..1.4"],
            "--rating 1.3..1.4: no step is rated there",
        ),
        (
            &["--needs", "x-wing", "--rating", "..3.0"],
            "--needs X-Wing: it is rated 3.2 or more",
        ),
        (
            &["--ep", "5.0..", "--rating", "..4.0"],
            "EP is never above ER",
        ),
    ] {
        let out = sudoku()
            .args(["generate", "-n", "5"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr_of(&out);
        assert!(
            err.contains("no puzzle can be what is asked") && err.contains(says),
            "{err}"
        );
    }
    // The README's example of EP and ED ranges can be met.
    let out = sudoku()
        .args([
            "generate", "-n", "2", "--ed", "1.5", "--rating", "6.0..", "--seed", "1", "-f", "json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    for record in json_records(&out) {
        assert_eq!(record["ed"], 1.5);
        assert!(record["er"].as_f64().unwrap() >= 6.0);
    }
}

#[test]
fn an_impossible_level_names_the_level_not_a_rating_never_given() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--level", "easy", "--needs", "x-wing"],
            "--needs X-Wing: it is rated 3.2 or more, above --level easy, which ends at ER 1.2",
        ),
        (
            &["--level", "easy", "--ep", "2.0.."],
            "--ep starts at 2.0 but --level easy (ER 1.0..1.2) ends at 1.2: EP is never above \
             ER (ED <= EP <= ER)",
        ),
        (
            &["--level", "hard", "--ed", "2.6.."],
            "--ed starts at 2.6 but --level hard (ER 1.6..2.5) ends at 2.5: ED is never above \
             ER (ED <= EP <= ER)",
        ),
        // Given, --rating is named.
        (
            &["--rating", "..1.2", "--needs", "x-wing"],
            "--needs X-Wing: it is rated 3.2 or more, above --rating's end 1.2",
        ),
    ];
    for (args, message) in cases {
        let out = output_with(sudoku().arg("generate").args(args), 2);
        assert!(out.stdout.is_empty());
        assert_eq!(
            stderr_of(&out),
            format!("sudoku: no puzzle can be what is asked: {message}\n"),
            "{args:?}"
        );
    }
}

#[test]
fn a_reversed_rating_range_says_min_is_above_max() {
    let out = sudoku()
        .args(["generate", "--rating", "9.0..2.0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(
        err.contains("MIN is above MAX; write the smaller rating first (2.0..9.0)"),
        "{err}"
    );
}

// ------------------------------------------------------ a run that ends: closed pipes and timeouts

/// The exit code of `child` once it ends, waiting at most `limit`; a child still running then
/// is killed (a failing test leaves nothing behind) and gives `None`.
fn exit_within(child: &mut std::process::Child, limit: Duration) -> Option<Option<i32>> {
    let start = std::time::Instant::now();
    while start.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status.code());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn generate_to_order_writes_each_puzzle_when_found_and_stops_at_a_closed_pipe() {
    // Puzzles rated 8.0 or more are about one candidate in thirty: the first is found in a
    // moment, 64 KB of them (what an output buffer held back) in many minutes. The first is
    // read, the pipe closed, and the run must end at once, with exit 0 (the reader had what it
    // wanted).
    let mut child = Command::new(bin())
        .args([
            "generate", "-n", "100000", "--rating", "8.0..", "--seed", "1", "-j", "2",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let first = first_line_within(&mut child, Duration::from_secs(60));
    let code = exit_within(&mut child, Duration::from_secs(60));
    let first = first.expect("a puzzle was written as soon as it was found");
    assert_eq!(first.trim().len(), 81);
    assert_eq!(code, Some(Some(0)), "the run ended when its reader left");
}

#[test]
fn timeout_bounds_every_generate_run() {
    // No 17-clue puzzle is found in a second: the run ends at the limit, exit 1.
    let dir = TempDir::new().unwrap();
    let log = dir.path().join("stderr");
    let mut child = Command::new(bin())
        .args([
            "generate",
            "--max-clues",
            "17",
            "--timeout",
            "1",
            "--seed",
            "1",
        ])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let code = exit_within(&mut child, Duration::from_secs(60));
    assert_eq!(code, Some(Some(1)), "--timeout ended the run");
    let err = std::fs::read_to_string(&log).unwrap();
    assert!(
        err.contains("made 0 of 1 puzzles") && err.contains("--timeout reached"),
        "{err}"
    );
}
