//! Plain `generate`: puzzles unique and minimal (by `check`), the same seed the same output
//! whatever the threads, a drawn seed reported, every symmetry held (its maps written out here),
//! clue counts, every format read back, and solutions printed beside the puzzles.

use crate::common::{
    clues, is_valid_solution, json_records, lines_of, stderr_of, stdout_of, sudoku,
};

use super::generate;

// ------------------------------------------------------------------------------------------- plain

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
