//! Row labels: one a row, and a line made of labels read in one pass.

use super::*;

/// The LeetCode board's rows with labels `A` to `I` before them.
fn labelled_board() -> String {
    (0..9)
        .map(|r| {
            let row: Vec<String> = LEETCODE[9 * r..9 * r + 9]
                .chars()
                .map(String::from)
                .collect();
            format!("{} {}\n", (b'A' + r as u8) as char, row.join(" "))
        })
        .collect()
}

#[test]
fn a_labelled_grid_still_reads() {
    let parsed = one(&labelled_board());
    let puzzle = parsed.expect("a puzzle");
    assert_eq!(puzzle.grid.to_string(), LEETCODE);
}

#[test]
fn a_line_of_thousands_of_labels_is_read_without_recursion() {
    // Each of these is a row label; before, every label on the line cost one more nested call
    // (a stack overflow at a few thousand on the main thread, and time quadratic in the line).
    for label in ["A ", "r1 ", "1|", "a:", "1: "] {
        let line = label.repeat(20_000);
        let text = format!("{line}\n{LEETCODE}\n");
        assert_eq!(puzzles_of(&text), [LEETCODE], "label {label:?}");
    }
}
