//! The basic layouts: a puzzle on one line (with zeros, underscores, spaces and trailing fields),
//! grids, tables, JSON boards and records, layouts mixed with comments, BOM and CRLF; and the
//! fast path for plain lines, which takes exactly them and agrees with the full scan.

use super::*;

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
#[test]
fn line_layout() {
    let p = one(LEETCODE).unwrap();
    assert_eq!(p.grid.to_line(), LEETCODE);
    assert_eq!((p.line, p.form), (1, Form::Line));
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
    assert_eq!((p.grid.to_line().as_str(), p.form), (LEETCODE, Form::Grid));

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
    assert_eq!(p.form, Form::Grid);
}

#[test]
fn json_board_on_one_line_and_across_lines() {
    let json = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
    let p = one(json).unwrap();
    assert_eq!((p.grid.to_line().as_str(), p.form), (LEETCODE, Form::Json));
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
        items.iter().map(|p| (p.line, p.form)).collect::<Vec<_>>(),
        vec![(2, Form::Line), (4, Form::Grid), (13, Form::Line)]
    );
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
