//! `generate --pattern`: the clues exactly on the mask, a pattern file as a line or a grid and
//! read only as far as a pattern goes, with a rating, an impossible pattern reported, a 22-clue
//! pattern filled.

use crate::common::{
    brute_force_count, data_lines, lines_of, output_ok, output_with, stderr_of, stdout_of, sudoku,
};

use super::{generate, ratings};

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
