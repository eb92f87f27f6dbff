//! A line of cells set off by white space: 81 of them are a puzzle, with text after them passed
//! over; more cells after the 81st make a longer line of cells, never a puzzle of the first 81.

use super::*;

fn spaced(cells: &str) -> String {
    cells
        .chars()
        .map(String::from)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn eighty_one_spaced_cells_are_a_puzzle_and_text_after_them_is_passed_over() {
    let line = spaced(LEETCODE);
    for tail in ["", " SE 9.2", " 7.2", "  # from the book", "\t4"] {
        assert_eq!(
            puzzles_of(&format!("{line}{tail}\n")),
            [LEETCODE],
            "tail {tail:?}"
        );
    }
    // Packed groups of nine, then the solution: the puzzle, as before.
    let groups: Vec<&str> = (0..9).map(|r| &LEETCODE[9 * r..9 * r + 9]).collect();
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    assert_eq!(
        puzzles_of(&format!("{} {solution}\n", groups.join(" "))),
        [LEETCODE]
    );
}

#[test]
fn more_spaced_cells_than_81_are_no_puzzle_of_the_first_81() {
    for extra in [1, 9, 119] {
        let more = ".".repeat(extra);
        let line = spaced(&format!("{LEETCODE}{more}"));
        let read = puzzles_of(&format!("{line}\n{LEETCODE}\n"));
        assert_eq!(read, [LEETCODE], "{extra} more cells");
    }
    // One cell too many is a damaged puzzle line: an error in its own slot.
    let items = parse_str(&format!("{}\n", spaced(&format!("{LEETCODE}5"))));
    assert!(
        matches!(items.as_slice(), [Err(_)]),
        "82 spaced cells: {items:?}"
    );
}

#[test]
fn white_space_after_the_81st_cell_is_looked_at_once() {
    // A million blanks, then a cell: linear, and 82 cells.
    let line = format!("{}{}5\n", spaced(LEETCODE), " ".repeat(1_000_000));
    assert!(matches!(parse_str(&line).as_slice(), [Err(_)]));
}
