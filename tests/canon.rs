//! `canon`: canonical forms against a transformation written here, independent of the
//! library; the same form for a disguised puzzle, idempotence, and different forms for
//! inequivalent puzzles.

use crate::common::{canon, clues, data_lines, lines_of, sudoku};

/// A transformation written here, independent of the library: transpose, permute bands, rows
/// within each band, stacks, columns within each stack, and relabel digits.
fn disguise(p: &str, seed: u64) -> String {
    let mut s = seed | 1;
    let mut next = |n: usize| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % n as u64) as usize
    };
    let perm3 = |next: &mut dyn FnMut(usize) -> usize| {
        let mut v = [0, 1, 2];
        for i in (1..3).rev() {
            v.swap(i, next(i + 1));
        }
        v
    };
    let bands = perm3(&mut next);
    let stacks = perm3(&mut next);
    let rows: Vec<[usize; 3]> = (0..3).map(|_| perm3(&mut next)).collect();
    let cols: Vec<[usize; 3]> = (0..3).map(|_| perm3(&mut next)).collect();
    let transpose = next(2) == 1;
    let mut digits: Vec<u8> = (1..=9).collect();
    for i in (1..9).rev() {
        digits.swap(i, next(i + 1));
    }
    let src = p.as_bytes();
    let mut out = vec![b'.'; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = (
                bands[r / 3] * 3 + rows[r / 3][r % 3],
                stacks[c / 3] * 3 + cols[c / 3][c % 3],
            );
            let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
            let ch = src[sr * 9 + sc];
            out[r * 9 + c] = if ch.is_ascii_digit() && ch != b'0' {
                b'0' + digits[(ch - b'1') as usize]
            } else {
                b'.'
            };
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn a_disguised_puzzle_has_the_same_canonical_form() {
    let puzzles: Vec<String> = data_lines("puzzles2_17_clue-sample.txt")
        .into_iter()
        .take(20)
        .collect();
    let forms = canon(&puzzles);
    let disguised: Vec<String> = puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| disguise(p, 1000 + i as u64))
        .collect();
    assert_ne!(disguised, puzzles);
    assert_eq!(canon(&disguised), forms);
}

#[test]
fn canonical_forms_are_idempotent_transformations_of_the_input() {
    let puzzles: Vec<String> = data_lines("puzzles3_magictour_top1465-sample.txt")
        .into_iter()
        .take(20)
        .collect();
    let forms = canon(&puzzles);
    assert_eq!(canon(&forms), forms, "canon(canon(p)) == canon(p)");
    for (p, f) in puzzles.iter().zip(&forms) {
        assert_eq!(clues(p), clues(f));
    }
    // Same number of solutions (all unique here).
    let input = lines_of(&forms);
    sudoku()
        .args(["check", "-q"])
        .write_stdin(input)
        .assert()
        .code(0);
}

#[test]
fn inequivalent_puzzles_have_different_forms() {
    let puzzles = data_lines("puzzles2_17_clue-sample.txt");
    let forms = canon(&puzzles);
    let distinct: std::collections::BTreeSet<&String> = forms.iter().collect();
    assert_eq!(distinct.len(), puzzles.len());
}
