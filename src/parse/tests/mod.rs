//! Unit tests of the parser: every layout, every error, and the recovery rules.

use super::classify::{plain_line, scan_cells};
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

const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn lines_of(items: &[Parsed]) -> Vec<Result<String, String>> {
    items
        .iter()
        .map(|i| match i {
            Ok(p) => Ok(p.to_line()),
            Err(e) => Err(e.to_string()),
        })
        .collect()
}

fn grid_rows(p: &str) -> Vec<&str> {
    (0..9).map(|r| &p[r * 9..r * 9 + 9]).collect()
}

#[test]
fn labels_name_the_next_puzzle_and_take_no_slot() {
    let grid = grid_rows(LEETCODE).join("\n");
    let text = format!("Grid 01\n{grid}\nPuzzle 2: a hard one\n{LEETCODE}\n{LEETCODE}\n");
    let items = parse_str(&text);
    assert_eq!(items.len(), 3);
    let labels: Vec<Option<&str>> = items
        .iter()
        .map(|i| i.as_ref().unwrap().label.as_deref())
        .collect();
    assert_eq!(
        labels,
        [Some("Grid 01"), Some("Puzzle 2: a hard one"), None]
    );
    // A lone letter among cells is a damaged row, not a label; a word is a label.
    assert!(err("53..x....").contains("unexpected character 'x'"));
    assert!(parse_str("SE 9.2\n").is_empty());
    // A count of the puzzles on the first line is a label; elsewhere a number of four digits or
    // more is an error (a damaged row), and a shorter one no puzzle at all.
    assert_eq!(parse_str(&format!("2\n{LEETCODE}\n{LEETCODE}\n")).len(), 2);
    let items = parse_str(&format!("{LEETCODE}\n2469\n"));
    assert!(items[1].is_err());
    assert_eq!(parse_str(&format!("{LEETCODE}\n16\n")).len(), 1);
}

#[test]
fn csv_headers_choose_the_puzzle_column() {
    let text = format!("solution,puzzle\n{SOLUTION},{LEETCODE}\n");
    assert_eq!(lines_of(&parse_str(&text)), [Ok(LEETCODE.to_string())]);
    let text = format!("id,Quizzes,Solutions\n1,{LEETCODE},{SOLUTION}\n2,123,{SOLUTION}\n");
    let items = parse_str(&text);
    assert_eq!(items[0].as_ref().unwrap().to_line(), LEETCODE);
    assert_eq!(
        items[1].as_ref().unwrap_err().to_string(),
        "3:3: CSV: column 'Quizzes' holds 3 cells; a puzzle needs 81"
    );
    // A header that names no column is a label; records then give their first 81-cell field.
    let text = format!("name,rating\n7,{LEETCODE},x\n");
    assert_eq!(lines_of(&parse_str(&text)), [Ok(LEETCODE.to_string())]);
    // A header with the solution first: the plain-line fast path must not read it.
    let text = format!("solutions,quizzes\n{SOLUTION},{LEETCODE}\n");
    assert_eq!(lines_of(&parse_str(&text)), [Ok(LEETCODE.to_string())]);
}

#[test]
fn comma_rows_semicolons_and_placeholder_letters() {
    let comma: Vec<String> = grid_rows(LEETCODE)
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c == '.' {
                        "0".to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let text = comma.join("\n");
    assert_eq!(one(&text).unwrap().grid.to_line(), LEETCODE);
    assert_eq!(
        one(&text.replace(',', ";")).unwrap().grid.to_line(),
        LEETCODE
    );
    assert_eq!(
        one(&text.replace('0', "e")).unwrap().grid.to_line(),
        LEETCODE
    );
    // Two different letters are not a placeholder: an error, at the row.
    let mixed = text.replacen('0', "e", 1).replacen('0', "x", 1);
    assert!(one(&mixed).is_err());
    // 81 comma fields on one line.
    let flat = LEETCODE
        .chars()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",");
    assert_eq!(one(&flat).unwrap().grid.to_line(), LEETCODE);
}

#[test]
fn fixed_width_rows_and_lines() {
    let rows: Vec<String> = grid_rows(LEETCODE)
        .iter()
        .map(|r| r.replace('.', " "))
        .collect();
    assert_eq!(one(&rows.join("\n")).unwrap().grid.to_line(), LEETCODE);
    assert_eq!(
        one(&LEETCODE.replace('.', " ")).unwrap().grid.to_line(),
        LEETCODE
    );
    // A spaced row that lost cells is not read as fixed width.
    assert!(err("5 3 8 1 7").contains("row has 5 cells"));
}

#[test]
fn json_in_every_shape() {
    let sol_rows: Vec<String> = grid_rows(SOLUTION)
        .iter()
        .map(|r| {
            format!(
                "[{}]",
                r.chars().map(String::from).collect::<Vec<_>>().join(",")
            )
        })
        .collect();
    let ints: Vec<String> = grid_rows(&LEETCODE.replace('.', "0"))
        .iter()
        .map(|r| {
            format!(
                "[{}]",
                r.chars().map(String::from).collect::<Vec<_>>().join(",")
            )
        })
        .collect();
    let board = format!("[{}]", ints.join(","));
    let cases = [
        board.clone(),
        format!(
            "{{\"difficulty\": \"easy\", \"board\": {board}, \"solution\": [{}]}}",
            sol_rows.join(",")
        ),
        format!(
            "{{\"newboard\":{{\"grids\":[{{\"value\":{board},\"solution\":[{}]}}]}}}}",
            sol_rows.join(",")
        ),
        format!("['{LEETCODE}']"),
        format!("board = {board}"),
        format!(
            "[{}]",
            LEETCODE
                .replace('.', "0")
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "{{\"0\": {{{}}}}}",
            (0..9)
                .map(|r| format!("\"{r}\": {}", ints[r]))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "[{}]",
            grid_rows(LEETCODE)
                .iter()
                .map(|r| format!("\"{r}\""))
                .collect::<Vec<_>>()
                .join(",")
        ),
    ];
    for text in &cases {
        assert_eq!(
            lines_of(&parse_str(text)),
            [Ok(LEETCODE.to_string())],
            "{text}"
        );
    }
    // A list of puzzles streams: one slot each, at its own line.
    let list = format!("[\n  \"{LEETCODE}\",\n  \"{LEETCODE}\"\n]\n");
    let items = parse_str(&list);
    assert_eq!(
        items
            .iter()
            .map(|i| i.as_ref().unwrap().line)
            .collect::<Vec<_>>(),
        [2, 3]
    );
    // Pretty printing with every number on its own line, and a wrapped flat array.
    let tall = board.replace(',', ",\n      ");
    assert_eq!(lines_of(&parse_str(&tall)), [Ok(LEETCODE.to_string())]);
    // A solution is never read as the puzzle.
    assert!(err(&format!("{{\"solution\": \"{LEETCODE}\"}}")).contains("holds no puzzle"));
}

#[test]
fn json_recovery_starts_again_at_a_line_it_can_trust() {
    let board = format!(
        "[{}]",
        grid_rows(LEETCODE)
            .iter()
            .map(|r| format!(
                "[{}]",
                r.chars()
                    .map(|c| format!("\"{c}\""))
                    .collect::<Vec<_>>()
                    .join(",")
            ))
            .collect::<Vec<_>>()
            .join(",")
    );
    // A board that never closes, followed by a puzzle line and another board.
    let open = &board[..board.len() - 1];
    let items = lines_of(&parse_str(&format!("{open}\n{LEETCODE}\n{board}\n")));
    assert_eq!(items.len(), 3);
    assert!(items[0].as_ref().unwrap_err().contains("not closed"));
    assert_eq!(items[1], Ok(LEETCODE.to_string()));
    assert_eq!(items[2], Ok(LEETCODE.to_string()));
    // A missing comma: one error for the board, and the next board on its own line is read.
    let broken = board.replacen("],[", "] [", 1);
    let items = lines_of(&parse_str(&format!("{broken}\n{board}\n")));
    assert_eq!(items.len(), 2);
    assert!(items[0].is_err());
    assert_eq!(items[1], Ok(LEETCODE.to_string()));
    // Spread over lines, broken inside, then a board that starts a line of its own.
    let spread = broken.replace("],", "],\n");
    let items = lines_of(&parse_str(&format!("{spread}\n{board}\n")));
    assert_eq!(items.len(), 2, "{items:?}");
    assert_eq!(items[1], Ok(LEETCODE.to_string()));
    // JSON Lines, one record missing its closing brace: its puzzle was read, the record is an
    // error too (it never closed), and the records after it are read.
    let record = format!("{{\"puzzle\": \"{LEETCODE}\"}}");
    let items = lines_of(&parse_str(&format!(
        "{}\n{record}\n{record}\n",
        &record[..record.len() - 1]
    )));
    assert_eq!(items.len(), 4, "{items:?}");
    assert!(items[1].as_ref().unwrap_err().contains("not closed"));
    assert_eq!(
        items[2..],
        [Ok(LEETCODE.to_string()), Ok(LEETCODE.to_string())]
    );
}

#[test]
fn pencilmark_lines_grids_braces_and_hodoku_library_lines() {
    // Candidates left by the givens.
    let g: Vec<u8> = LEETCODE
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    let cands: Vec<Vec<u8>> = (0..81)
        .map(|i| {
            if g[i] != 0 {
                return vec![g[i]];
            }
            let (r, c) = (i / 9, i % 9);
            (1..=9u8)
                .filter(|&d| {
                    (0..9).all(|k| {
                        g[r * 9 + k] != d
                            && g[k * 9 + c] != d
                            && g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] != d
                    })
                })
                .collect()
        })
        .collect();
    let line729: String = cands
        .iter()
        .map(|c| {
            (1..=9u8)
                .map(|d| {
                    if c.contains(&d) {
                        (b'0' + d) as char
                    } else {
                        '.'
                    }
                })
                .collect::<String>()
        })
        .collect();
    let p = one(&line729).unwrap();
    assert_eq!(p.to_line(), line729);
    // The grid holds the cells with one candidate: every given, and the naked singles.
    let singles = p.grid.to_line();
    assert!(LEETCODE
        .bytes()
        .zip(singles.bytes())
        .all(|(g, s)| g == b'.' || g == s));
    let words = |i: usize| cands[i].iter().map(|d| d.to_string()).collect::<String>();
    let grid: Vec<String> = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| words(r * 9 + c))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(one(&grid.join("\n")).unwrap().to_line(), line729);
    let braces: Vec<String> = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| {
                    let w = words(r * 9 + c);
                    if w.len() == 1 {
                        w
                    } else {
                        format!("{{{w}}}")
                    }
                })
                .collect::<String>()
        })
        .collect();
    assert_eq!(one(&braces.join("\n")).unwrap().to_line(), line729);
    // HoDoKu: givens with '+' for placed digits, then deleted candidates as digit-row-column.
    let placed = LEETCODE.replacen("53", "5+3", 1);
    let p = one(&format!(":0100:1:{placed}:213 413::")).unwrap();
    let masks = p.candidates.as_ref().unwrap().masks();
    assert_eq!(masks[2] & 0b1010, 0, "2 and 4 deleted from r1c3");
    assert_ne!(masks[2], 0);
    // A place holding the wrong digit is an error.
    let mut bad = line729.clone();
    bad.replace_range(0..1, "5");
    assert!(err(&bad).contains("pencilmarks: r1c1 has '5' in place 1"));
}

#[test]
fn grids_in_every_separated_style_and_their_damage() {
    let rows = grid_rows(LEETCODE);
    // Blank lines between bands, when every band is set off that way.
    let gapped = format!(
        "{}\n\n{}\n\n{}\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    assert_eq!(one(&gapped).unwrap().grid.to_line(), LEETCODE);
    // Back to back with nothing between: two grids.
    let two = format!("{}\n{}\n", rows.join("\n"), rows.join("\n"));
    assert_eq!(parse_str(&two).len(), 2);
    // Junk between two back-to-back grids keeps its own slot; the grids are read.
    let junk = format!("{}\n1.2.3\n{}\n", rows.join("\n"), rows.join("\n"));
    let items = lines_of(&parse_str(&junk));
    assert_eq!(items.len(), 3);
    assert!(items[1]
        .as_ref()
        .unwrap_err()
        .starts_with("10:6: row has 5 cells"));
    // Text without a run of cells there (a fence, code) takes no slot.
    for text in ["```", "};", "1.2"] {
        let noise = format!("{}\n{text}\n{}\n", rows.join("\n"), rows.join("\n"));
        assert_eq!(item_lines(&parse_str(&noise)), [1, 11], "{text}");
    }
    // A lone number right above a whole grid names it (collections number their grids so).
    let numbered = format!("{}\n12\n{}\n", rows.join("\n"), rows.join("\n"));
    let items = parse_str(&numbered);
    assert_eq!(items.len(), 2);
    assert_eq!(items[1].as_ref().unwrap().label.as_deref(), Some("12"));
    // A damaged first row and the 8 rows after it: one error, at the damage.
    let first = format!("53..x....\n{}\n", rows[1..].join("\n"));
    assert_eq!(
        lines_of(&parse_str(&first)),
        [Err("1:5: unexpected character 'x'".to_string())]
    );
    // A pretty grid with a repeated row: one error, not two.
    let mut pretty: Vec<String> = rows
        .iter()
        .map(|r| {
            let c: Vec<String> = r.chars().map(String::from).collect();
            format!(
                "{} | {} | {}",
                c[..3].join(" "),
                c[3..6].join(" "),
                c[6..].join(" ")
            )
        })
        .collect();
    pretty.insert(6, "------+-------+------".to_string());
    pretty.insert(3, "------+-------+------".to_string());
    let copy = pretty[1].clone();
    pretty.insert(1, copy);
    let items = parse_str(&pretty.join("\n"));
    assert_eq!(items.len(), 1);
    assert!(items[0].is_err());
}

/// The line of each item, puzzle or error, in the order they come.
fn item_lines(items: &[Parsed]) -> Vec<usize> {
    items
        .iter()
        .map(|item| match item {
            Ok(puzzle) => puzzle.line,
            Err(error) => error.line,
        })
        .collect()
}

#[test]
fn a_bad_line_after_a_grid_comes_after_the_grid() {
    let grid = grid_rows(LEETCODE).join("\n");
    for junk in ["5.5.@@@", "====@===5555"] {
        let items = parse_str(&format!("{grid}\n{junk}\n"));
        assert_eq!(item_lines(&items), [1, 10], "{junk}: {items:?}");
        assert_eq!(items[0].as_ref().unwrap().grid.to_line(), LEETCODE);
        assert!(items[1].is_err());
    }
    // A line with no run of cells is no puzzle, damaged or not: no slot.
    for noise in ["@@@", "====@==="] {
        let items = parse_str(&format!("{grid}\n{noise}\n"));
        assert_eq!(item_lines(&items), [1], "{noise}: {items:?}");
    }
}

#[test]
fn a_line_pairing_a_puzzle_with_its_solution_is_the_puzzle() {
    // One run of 81 cells inside text is a puzzle.
    assert_eq!(
        one(&format!("Puzzle 7 @ {LEETCODE} @ SE 2.3"))
            .unwrap()
            .grid
            .to_line(),
        LEETCODE
    );
    // Two runs, one the solution of the other, in either order and however they are set off
    // (a damaged separator, a space, a dated prefix): the puzzle, never the solution.
    for text in [
        format!("{SOLUTION}@{LEETCODE}"),
        format!("{LEETCODE}@{SOLUTION}"),
        format!("{SOLUTION} {LEETCODE}"),
        format!("{SOLUTION}\t{LEETCODE}"),
        format!("2018-06-07 {LEETCODE} {SOLUTION}"),
        format!("2018-06-07 {LEETCODE},{SOLUTION}"),
        format!("2018-06-07;{SOLUTION};{LEETCODE}"),
        format!("2018-06-07 {} {SOLUTION}", LEETCODE.replace('.', "-")),
    ] {
        assert_eq!(one(&text).unwrap().grid.to_line(), LEETCODE, "{text}");
    }
    // Two runs that are not a puzzle and its solution: neither may be taken for the puzzle.
    let other = LEETCODE.replacen("53", "35", 1);
    assert!(one(&format!("{other}@{SOLUTION}")).is_err());
    assert!(one(&format!("{LEETCODE}@{other}")).is_err());
}

#[test]
fn without_a_header_a_solved_grid_before_a_puzzle_is_its_answer() {
    for sep in [",", ";"] {
        let items = parse_str(&format!(
            "{SOLUTION}{sep}{LEETCODE}\n{LEETCODE}{sep}{SOLUTION}\n"
        ));
        assert_eq!(
            lines_of(&items),
            [Ok(LEETCODE.to_string()), Ok(LEETCODE.to_string())]
        );
    }
    // Blanks around the delimiter change nothing (the record reader trims its fields).
    for sep in [" ,", "\t;", " , "] {
        let items = parse_str(&format!("{SOLUTION}{sep}{LEETCODE}\n"));
        assert_eq!(lines_of(&items), [Ok(LEETCODE.to_string())], "{sep:?}");
    }
    // A solved grid alone, or with other fields, is still read.
    assert_eq!(
        one(&format!("{SOLUTION},x")).unwrap().grid.to_line(),
        SOLUTION
    );
}

#[test]
fn a_value_cut_short_after_its_puzzles_is_an_error_after_them() {
    // `{"grids": [{"value": "..."},` cut short by a puzzle line: the puzzle inside was
    // answered, so the error stands where the cut was found, and names where the value opened.
    let text = format!("{{\"grids\": [\n{{\"value\": \"{LEETCODE}\"}},\n\n{LEETCODE}\n");
    let items = parse_str(&text);
    assert_eq!(item_lines(&items), [2, 4, 4], "{items:?}");
    let error = items[1].as_ref().unwrap_err().to_string();
    assert!(
        error.contains("not closed (it opened at line 1, column 1)"),
        "{error}"
    );
    // Nothing answered inside: the error stands where the value opened.
    let items = parse_str(&format!("{{\"grids\": [\n\n{LEETCODE}\n"));
    assert_eq!(item_lines(&items), [1, 3], "{items:?}");
}

/// `str::parse`'s path for one plain line gives what the parser gives, on random lines of
/// digits, '.' and '0', with each line ending; other text goes through the parser.
#[test]
fn one_line_parsed_alone_is_what_the_parser_reads() {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let alphabet = b".0123456789";
    for _ in 0..2000 {
        let line: String = (0..81)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                alphabet[(state % 11) as usize] as char
            })
            .collect();
        for ending in ["", "\n", "\r\n"] {
            let text = format!("{line}{ending}");
            let alone: Result<Puzzle, ParseError> = text.parse();
            let parsed = parse_str(&text);
            assert_eq!(parsed.len(), 1, "{text:?}");
            assert_eq!(alone, parsed[0], "{text:?}");
        }
    }
    // Not the plain case: the parser reads it, and says what is wrong.
    assert_eq!(
        "".parse::<Puzzle>().unwrap_err().kind,
        ParseErrorKind::NoPuzzle
    );
    let two = format!("{0}\n{0}\n", ".".repeat(81));
    assert_eq!(
        two.parse::<Puzzle>().unwrap_err().kind,
        ParseErrorKind::SeveralPuzzles
    );
    let pencil = "123456789".repeat(81);
    assert_eq!(
        pencil.parse::<Grid>().unwrap_err().kind,
        ParseErrorKind::NotGivens
    );
    assert!(pencil.parse::<Puzzle>().unwrap().candidates.is_some());
}

mod labels;
mod spaced;
mod wild;

#[test]
fn line_numbers_stop_at_the_largest_rather_than_wrap() {
    let text = format!("{LEETCODE}\n{LEETCODE}\n{LEETCODE}\n");
    let mut parser = Parser::new(text.as_bytes()).first_line(usize::MAX - 1);
    let mut lines = Vec::new();
    while let Ok(Some(item)) = parser.next_item() {
        lines.push(item.unwrap().line);
    }
    assert_eq!(lines, [usize::MAX - 1, usize::MAX, usize::MAX]);
}
