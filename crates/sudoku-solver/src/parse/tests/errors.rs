//! Errors and their positions: unexpected characters, wrong cell counts, short grids, JSON
//! errors, inputs with no puzzle, and an overlong line skipped in bounded memory.

use super::*;

#[test]
fn unexpected_characters_are_shown_with_their_position() {
    assert_eq!(err("53..x...."), "1:5: unexpected character 'x'");
    assert_eq!(
        err("53..\u{7}...."),
        "1:5: unexpected character '\\u{7}' (U+0007)"
    );
    assert_eq!(err("\0\0\0"), "1:1: unexpected character '\\0' (U+0000)");
    assert_eq!(err("53..é"), "1:5: unexpected character 'é'");
    let bytes = parse_bytes(b"12\xff");
    assert_eq!(bytes, "1:3: invalid UTF-8 (byte 0xff)");
    // '-' is an empty cell, with or without spaces between cells.
    assert!(err("53-.7....").starts_with("1:1: grid has only 1 of 9 rows"));
}

fn parse_bytes(bytes: &[u8]) -> String {
    let mut parser = Parser::new(bytes);
    parser
        .next_item()
        .unwrap()
        .unwrap()
        .unwrap_err()
        .to_string()
}

#[test]
fn wrong_cell_counts() {
    assert_eq!(
        err(&LEETCODE[..80]),
        "1:81: line has 80 cells; a puzzle line needs 81"
    );
    let e = err(&format!("{LEETCODE}5"));
    assert!(
        e.starts_with("1:82: line has 82 cells; a puzzle line needs 81 (text after"),
        "{e}"
    );
    assert_eq!(
        err(&"1".repeat(10_000)).split(';').next().unwrap(),
        "1:82: line has 10000 cells"
    );
    // A row of 8 inside a grid: the grid answers once, with the row's error.
    let grid = "53..7....\n6..195..\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    assert_eq!(
        err(grid),
        "2:9: row has 8 cells; a grid row needs 9 (or 81 for a puzzle on one line)"
    );
    let grid10 = grid.replace("6..195..\n", "6..195...5\n");
    assert_eq!(
        err(&grid10),
        "2:10: row has 10 cells; a grid row needs 9 (or 81 for a puzzle on one line)"
    );
}

#[test]
fn short_grids_say_how_many_rows_and_what_cut_them() {
    let rows = "53..7....\n6..195...\n.98....6.\n";
    assert_eq!(
        err(rows),
        "1:1: grid has only 3 of 9 rows: it was cut short by the end of the input (a grid's 9 rows must be consecutive lines)"
    );
    let four = "53..7....\n6..195...\n.98....6.\n8...6...3\n";
    let items = parse_str(&format!("{four}\n{rows}"));
    assert_eq!(items.len(), 2);
    assert!(items[0]
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("a blank line at line 5"));
    let items = parse_str(&format!("{rows}# note\n"));
    assert!(items[0]
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("a comment at line 4"));
    // Ten rows: not a grid and a row, but one grid with a row too many; nothing is answered.
    let ten = "53..7....\n".repeat(10);
    let items = parse_str(&ten);
    assert_eq!(items.len(), 1);
    assert!(items[0]
        .as_ref()
        .unwrap_err()
        .to_string()
        .starts_with("1:1: lines 1-10 hold 10 grid rows"));
}

#[test]
fn json_errors() {
    let row = r#"["5","3",".",".","7",".",".",".","."]"#;
    let eight = format!("[{}]", [row; 8].join(","));
    assert_eq!(err(&eight), "1:1: JSON: 8 rows; a board needs 9");
    let bad_cell = format!(
        "[{}]",
        [row.replacen("\"5\"", "\"33\"", 1).as_str(); 9].join(",")
    );
    assert_eq!(
        err(&bad_cell),
        "1:3: JSON: row 1, cell 1: a cell must be a digit 0-9 (0 for empty), \"1\"-\"9\", \".\" or \"\"; found \"33\""
    );
    let long = format!(
        "[{}]",
        [row.replacen("]", ",\"1\"]", 1).as_str(); 9].join(",")
    );
    assert_eq!(err(&long), "1:2: JSON: row 1 has 10 cells; a row needs 9");
    let open = format!("[{row},\n{row}\n");
    assert!(err(&open).contains("not closed"), "{}", err(&open));
    assert_eq!(err("[1, 2 3]"), "1:7: JSON: expected ',' before '3'");
}

#[test]
fn empty_and_comment_only_inputs_have_no_puzzle() {
    assert!(parse_str("").is_empty());
    assert!(parse_str("# just a comment\n\n   \n").is_empty());
}

#[test]
fn overlong_line_is_skipped_in_bounded_memory() {
    let text = format!("{}\n{LEETCODE}\n", "1".repeat(MAX_LINE + 10));
    let items = parse_str(&text);
    assert_eq!(items.len(), 2);
    assert!(items[0]
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("longer than"));
    assert_eq!(items[1].as_ref().unwrap().line, 2);
}
