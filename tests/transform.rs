//! `transform`. Named maps are checked against the moves written out in this file; random ones
//! keep the canonical form (`canon`) and the clues' count of each digit up to relabelling; every
//! slot of a damaged file is kept.

use crate::common::{
    canon, data_lines, lines_of, sample_line_puzzles, stderr_of, stdout_of, sudoku, LEETCODE,
};

fn transform(args: &[&str], input: &str) -> Vec<String> {
    let out = sudoku()
        .arg("transform")
        .args(args)
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    stdout_of(&out).lines().map(String::from).collect()
}

/// Where the cell `(r, c)` of a result comes from.
type From = fn(usize, usize) -> (usize, usize);

/// The cell `(r, c)` of the result takes the cell `from(r, c)` of `puzzle`; each cell is
/// `width` characters (1 for a puzzle, 9 for a pencilmark line).
fn moved(puzzle: &str, width: usize, from: From) -> String {
    (0..81)
        .map(|i| {
            let (r, c) = from(i / 9, i % 9);
            let j = (r * 9 + c) * width;
            &puzzle[j..j + width]
        })
        .collect()
}

#[test]
fn named_maps_move_cells_where_their_names_say() {
    let p = LEETCODE.to_string();
    let input = format!("{p}\n");
    let cases: [(&[&str], From); 6] = [
        (&["--rotate", "90"], |r, c| (8 - c, r)),
        (&["--rotate", "180"], |r, c| (8 - r, 8 - c)),
        (&["--rotate", "270"], |r, c| (c, 8 - r)),
        (&["--transpose"], |r, c| (c, r)),
        (&["--mirror", "vertical"], |r, c| (r, 8 - c)),
        (&["--mirror", "horizontal"], |r, c| (8 - r, c)),
    ];
    for (args, from) in cases {
        assert_eq!(transform(args, &input), [moved(&p, 1, from)], "{args:?}");
    }
    // Clockwise: the first column, read bottom up, becomes the first row.
    let turned = &transform(&["--rotate", "90"], &input)[0];
    let column: String = (0..9).rev().map(|r| &p[r * 9..r * 9 + 1]).collect();
    assert_eq!(&turned[..9], column);
    // Relabelling.
    let swapped: String = p
        .bytes()
        .map(|b| match b {
            b'1'..=b'9' => (b'0' + 10 - (b - b'0')) as char,
            _ => '.',
        })
        .collect();
    assert_eq!(
        transform(&["--relabel", "987654321"], &input),
        std::slice::from_ref(&swapped)
    );
    // Several: transpose, then mirror, then turn, then relabel, whatever the order written.
    let chained = transform(
        &[
            "--relabel",
            "987654321",
            "--rotate",
            "90",
            "--mirror",
            "vertical",
            "--transpose",
        ],
        &input,
    );
    let step = moved(&swapped, 1, |r, c| (c, r));
    let step = moved(&step, 1, |r, c| (r, 8 - c));
    assert_eq!(chained, [moved(&step, 1, |r, c| (8 - c, r))]);
}

#[test]
fn random_maps_keep_the_canonical_form_and_repeat_with_the_seed() {
    let mut puzzles = sample_line_puzzles();
    puzzles.extend(data_lines("puzzles7_serg_benchmark-sample.txt"));
    let input = lines_of(&puzzles);
    let one = transform(&["--seed", "11", "-j", "1"], &input);
    let two = transform(&["--seed", "11", "-j", "2"], &input);
    assert_eq!(one, two, "the same at any -j");
    assert_ne!(transform(&["--seed", "12"], &input), one);
    assert_eq!(canon(&one), canon(&puzzles));
    let mut changed = 0;
    for (p, t) in puzzles.iter().zip(&one) {
        // The same number of clues, and of each digit up to relabelling.
        let counts = |s: &str| {
            let mut n = [0; 10];
            for b in s.bytes().filter(u8::is_ascii_digit) {
                n[usize::from(b - b'0')] += 1;
            }
            n[0] = 0;
            n.sort_unstable();
            n
        };
        assert_eq!(counts(p), counts(t), "{p} -> {t}");
        changed += usize::from(p.replace('0', ".") != *t);
    }
    assert_eq!(changed, puzzles.len(), "every puzzle is disguised");
    // Two copies of a puzzle on different lines get different maps.
    let twice = transform(&["--seed", "11"], &format!("{LEETCODE}\n{LEETCODE}\n"));
    assert_ne!(twice[0], twice[1]);
}

#[test]
fn pencilmarks_transform_with_their_candidates() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/pencilmarks.txt"
    ))
    .unwrap();
    let line = text.lines().find(|l| l.len() == 729).unwrap().to_string();
    let turned = transform(&["--rotate", "90"], &format!("{line}\n"));
    assert_eq!(turned, [moved(&line, 9, |r, c| (8 - c, r))]);
    // Relabelled: digit d at place d becomes 10 - d at place 10 - d.
    let relabelled = transform(&["--relabel", "987654321"], &format!("{line}\n"));
    let want: String = line
        .as_bytes()
        .chunks(9)
        .flat_map(|cell| {
            (0..9).map(move |k| cell[8 - k]).map(|b| match b {
                b'1'..=b'9' => (b'0' + 10 - (b - b'0')) as char,
                _ => '.',
            })
        })
        .collect();
    assert_eq!(relabelled, [want]);
    // The candidate grid of the same file transforms too, one line per grid.
    let root = env!("CARGO_MANIFEST_DIR");
    let out = sudoku()
        .current_dir(root)
        .args(["transform", "--seed", "1", "puzzles/pencilmarks.txt"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let lines = stdout_of(&out);
    assert_eq!(lines.lines().count(), 2, "{lines}");
    assert!(lines.lines().all(|l| l.len() == 729), "{lines}");
}

#[test]
fn every_slot_of_a_damaged_file_is_kept() {
    let mut lines = sample_line_puzzles();
    lines[2] = lines[2].replacen('.', "x", 1);
    lines.insert(4, "12345".to_string());
    let out = sudoku()
        .args(["transform", "--seed", "3"])
        .write_stdin(lines_of(&lines))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = stdout_of(&out);
    let got: Vec<&str> = text.lines().collect();
    assert_eq!(got.len(), lines.len(), "{text}");
    for (i, line) in got.iter().enumerate() {
        if i == 2 || i == 4 {
            assert!(line.starts_with(&format!("# <stdin>:{}:", i + 1)), "{text}");
        } else {
            assert_eq!(line.len(), 81, "{text}");
        }
    }
    // A bad relabelling is a usage error that says what to write.
    let out = sudoku()
        .args(["transform", "--relabel", "112345678"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("the nine digits 1-9 once each"),
        "{}",
        stderr_of(&out)
    );
}
