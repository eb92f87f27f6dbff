//! The other layouts: labels naming the next puzzle, CSV headers, comma rows, fixed-width rows,
//! JSON in every shape and its recovery, pencilmarks in lines, grids and braces, and grids in
//! every separated style with their damage.

use super::*;

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
