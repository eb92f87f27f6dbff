//! Unit tests of the parser: every layout, every error, and the recovery rules.

use super::cells::{plain_line, scan_cells};
use super::*;

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn one(text: &str) -> Parsed {
    let mut items = parse_str(text);
    assert_eq!(items.len(), 1, "items: {items:?}");
    items.remove(0)
}

#[test]
fn the_fast_path_reads_exactly_the_plain_lines() {
    // Every byte value in every position of an otherwise valid line: the branch-free fast
    // path takes the line only when each cell is a digit, '.', '0' or '_', and then agrees
    // cell for cell with the general scanner.
    for at in [0, 40, 80] {
        for byte in 0..=u8::MAX {
            let mut line = LEETCODE.as_bytes().to_vec();
            line[at] = byte;
            let fast = plain_line(&line);
            let blank = matches!(byte, b'.' | b'0' | b'_');
            assert_eq!(
                fast.is_some(),
                byte.is_ascii_digit() || blank,
                "byte {byte} at {at}"
            );
            if let Some(cells) = fast {
                let scan = scan_cells(&line).expect("a plain line scans");
                assert_eq!(scan.count, CELLS);
                assert_eq!(cells[..], scan.cells[..CELLS], "byte {byte} at {at}");
                assert_eq!(cells[at], if blank { 0 } else { byte - b'0' });
            }
        }
    }
    // What may follow the 81 cells.
    assert!(plain_line(format!("{LEETCODE} # note").as_bytes()).is_some());
    assert!(plain_line(format!("{LEETCODE},x").as_bytes()).is_some());
    assert!(plain_line(format!("{LEETCODE}1").as_bytes()).is_none());
    assert!(plain_line(&LEETCODE.as_bytes()[..80]).is_none());
}

fn err(text: &str) -> String {
    one(text).unwrap_err().to_string()
}

#[test]
fn line_layout() {
    let p = one(LEETCODE).unwrap();
    assert_eq!(p.grid.to_line(), LEETCODE);
    assert_eq!((p.line, p.layout), (1, Layout::Line));
}

#[test]
fn line_layout_with_zeros_underscores_spaces_and_trailing_fields() {
    let zeros = LEETCODE.replace('.', "0");
    let spaced: String = LEETCODE.chars().flat_map(|c| [c, ' ']).collect();
    for text in [
        zeros.clone(),
        LEETCODE.replace('.', "_"),
        spaced,
        format!("{LEETCODE} 4.5 rating"),
        format!("{LEETCODE},534678912672195348198342567859761423426853791713924856961537284287419635345286179"),
        format!("{LEETCODE};x"),
        format!("{LEETCODE}#id 7"),
        format!("{zeros}\r\n"),
    ] {
        assert_eq!(one(&text).unwrap().grid.to_line(), LEETCODE, "{text}");
    }
}

#[test]
fn grid_layouts() {
    let plain = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    let p = one(plain).unwrap();
    assert_eq!(
        (p.grid.to_line().as_str(), p.layout),
        (LEETCODE, Layout::Grid)
    );

    let pretty = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";
    assert_eq!(one(pretty).unwrap().grid.to_line(), LEETCODE);

    let boxed = "+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n+=======+=======+=======+\n| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n*-----------------------*\n| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n+-------+-------+-------+\n";
    assert_eq!(one(boxed).unwrap().grid.to_line(), LEETCODE);
}

#[test]
fn table_form_with_dashes_and_trailing_tabs() {
    let table = "9\t5\t7\t-\t1\t3\t-\t8\t4\t\n4\t8\t3\t-\t5\t7\t1\t-\t6\t\n-\t1\t2\t-\t4\t9\t5\t3\t7\t\n1\t7\t-\t3\t-\t4\t9\t-\t2\t\n5\t-\t4\t9\t7\t-\t3\t6\t-\t\n3\t-\t9\t5\t-\t8\t7\t-\t1\t\n8\t4\t5\t7\t9\t-\t6\t1\t3\t\n-\t9\t1\t-\t3\t6\t-\t7\t5\t\n7\t-\t6\t1\t8\t5\t4\t-\t9\t\n";
    let p = one(table).unwrap();
    assert_eq!(&p.grid.to_line()[..9], "957.13.84");
    assert_eq!(p.layout, Layout::Grid);
}

#[test]
fn json_board_on_one_line_and_across_lines() {
    let json = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
    let p = one(json).unwrap();
    assert_eq!(
        (p.grid.to_line().as_str(), p.layout),
        (LEETCODE, Layout::Json)
    );
    let spread = json.replace("],", "],\n  ");
    let items = parse_str(&format!("{spread}\n{json}\n"));
    assert_eq!(items.len(), 2);
    assert_eq!(items[1].as_ref().unwrap().line, 10);
    assert!(items
        .iter()
        .all(|i| i.as_ref().unwrap().grid.to_line() == LEETCODE));
}

#[test]
fn json_records_read_the_puzzle_never_the_solution() {
    let sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let text = format!(
        "{{\"source\":\"a:1\",\"puzzle\":\"{LEETCODE}\",\"status\":\"solved\",\"solution\":\"{sol}\"}}\n{{\"solution\":\"{sol}\",\"puzzle\":\"{LEETCODE}\"}}\n{{\"source\":\"a:3\",\"status\":\"invalid\",\"error\":\"x\"}}\n{{\"grid\": \"{LEETCODE}\"}}\n"
    );
    let items = parse_str(&text);
    assert_eq!(items.len(), 4);
    assert_eq!(items[0].as_ref().unwrap().grid.to_line(), LEETCODE);
    assert_eq!(items[1].as_ref().unwrap().grid.to_line(), LEETCODE);
    // A record that holds no puzzle keeps its slot as an error.
    let e = items[2].as_ref().unwrap_err();
    assert_eq!((e.line, e.col), (3, 1));
    assert_eq!(e.kind, ParseErrorKind::NoPuzzleInJson);
    assert_eq!(items[3].as_ref().unwrap().line, 4);
    assert!(err("{\"puzzle\": 5}").starts_with("1:1: JSON value holds no puzzle"));
}

#[test]
fn layouts_mix_in_order_with_comments_bom_and_crlf() {
    let text = format!(
        "\u{feff}# a comment\r\n{LEETCODE}\r\n\r\n53..7....\r\n6..195...\r\n.98....6.\r\n8...6...3\r\n4..8.3..1\r\n7...2...6\r\n.6....28.\r\n...419..5\r\n....8..79\r\n{LEETCODE}\r\n"
    );
    let items: Vec<_> = parse_str(&text).into_iter().map(|i| i.unwrap()).collect();
    assert_eq!(
        items.iter().map(|p| (p.line, p.layout)).collect::<Vec<_>>(),
        vec![(2, Layout::Line), (4, Layout::Grid), (13, Layout::Line)]
    );
}

#[test]
fn unexpected_characters_are_shown_with_their_position() {
    assert_eq!(err("53..x...."), "1:5: unexpected character 'x'");
    assert_eq!(
        err("53..\u{7}...."),
        "1:5: unexpected character '\\u{7}' (U+0007)"
    );
    assert_eq!(err("\0\0\0"), "1:1: unexpected character '\\0' (U+0000)");
    assert_eq!(err("53é"), "1:3: unexpected character 'é'");
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
    assert!(err("[1, 2 3]").starts_with("1:7: JSON: expected ',' or ']', found '3'"));
}

#[test]
fn the_plain_line_fast_path_agrees_with_the_full_scan() {
    for text in [
        LEETCODE.to_string(),
        LEETCODE.replace('.', "0"),
        LEETCODE.replace('.', "_"),
        format!("{LEETCODE} 1.5"),
        format!("{LEETCODE}\t#x"),
        format!("{LEETCODE},{LEETCODE}"),
    ] {
        let fast = plain_line(text.as_bytes()).expect("a plain line");
        let slow = scan_cells(text.as_bytes()).expect("scans");
        assert_eq!(fast[..], slow.cells[..CELLS], "{text}");
    }
    for text in [
        format!("{LEETCODE}7"),
        LEETCODE[..80].to_string(),
        format!("{}-", &LEETCODE[..80]),
    ] {
        assert_eq!(plain_line(text.as_bytes()), None, "{text}");
    }
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
