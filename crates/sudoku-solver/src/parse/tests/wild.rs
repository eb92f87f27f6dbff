//! Layouts found in files people have, and the damage that used to lose their puzzles: dated
//! archives, spaced and piped rows, box drawing, list rows, UTF-16, puzzle/solution pairs,
//! lines with typed letters, damaged JSON and CSV, and JSON over the line limit.

use super::*;

/// Every item of `bytes`, read with lines held at most `limit` bytes at a time.
fn parse_limited(bytes: &[u8], limit: usize) -> Vec<Parsed> {
    let mut parser = Parser::with_limits(64, limit, bytes);
    let mut out = Vec::new();
    while let Some(item) = parser.next_item().unwrap() {
        out.push(item);
    }
    out
}

/// The 9 rows of a puzzle with `.` for empty cells.
fn rows_of(p: &str) -> Vec<String> {
    grid_rows(p).iter().map(|r| r.to_string()).collect()
}

/// A row as `c c c | c c c | c c c` with `empty` for an empty cell.
fn spaced(row: &str, empty: char) -> String {
    let c: Vec<String> = row
        .chars()
        .map(|c| if c == '.' { empty } else { c }.to_string())
        .collect();
    format!(
        "{} | {} | {}",
        c[..3].join(" "),
        c[3..6].join(" "),
        c[6..].join(" ")
    )
}

/// The puzzles read, as lines; errors as their messages.
fn read(text: &str) -> Vec<Result<String, String>> {
    lines_of(&parse_str(text))
}

fn ok(p: &str) -> Result<String, String> {
    Ok(p.to_string())
}

#[test]
fn spaces_for_empty_cells_with_pipes_between_boxes() {
    let rows = rows_of(LEETCODE);
    // As a program prints it, trailing blanks kept, and again with them trimmed; band lines
    // or none.
    let kept: Vec<String> = rows.iter().map(|r| spaced(r, ' ')).collect();
    let trimmed: Vec<String> = kept.iter().map(|r| r.trim_end().to_string()).collect();
    let mut banded = kept.clone();
    banded.insert(6, "------+-------+------".to_string());
    banded.insert(3, "------+-------+------".to_string());
    for grid in [&kept, &trimmed, &banded] {
        assert_eq!(read(&grid.join("\n")), [ok(LEETCODE)], "{grid:?}");
    }
    // Bordered rows, and a lattice with '|' between every cell.
    let bordered: Vec<String> = kept.iter().map(|r| format!("| {r} |")).collect();
    assert_eq!(read(&bordered.join("\n")), [ok(LEETCODE)]);
    let lattice: Vec<String> = rows
        .iter()
        .map(|r| {
            let cells: Vec<String> = r.replace('.', " ").chars().map(String::from).collect();
            format!("| {} |", cells.join(" | "))
        })
        .collect();
    assert_eq!(read(&lattice.join("\n")), [ok(LEETCODE)]);
}

#[test]
fn spaced_dash_band_lines_and_placeholder_letters() {
    let rows = rows_of(LEETCODE);
    let mut grid: Vec<String> = rows.iter().map(|r| spaced(r, '.')).collect();
    grid.insert(6, "- - - - - - - - - - -".to_string());
    grid.insert(3, "- - - + - - - + - - -".to_string());
    assert_eq!(read(&grid.join("\n")), [ok(LEETCODE)]);
    // Rows packed with a placeholder letter, an all-empty row among them, and a line of 81.
    let packed = "xxxxxxxxx\n".to_string()
        + &rows[1..]
            .iter()
            .map(|r| r.replace('.', "x"))
            .collect::<Vec<_>>()
            .join("\n");
    let empty_first = format!(".........{}", &LEETCODE[9..]);
    assert_eq!(read(&packed), [ok(&empty_first)]);
    assert_eq!(read(&LEETCODE.replace('.', "x")), [ok(LEETCODE)]);
    // A letter among '.' cells is a damaged row, not a placeholder.
    assert!(err("53..x....").contains("unexpected character 'x'"));
}

#[test]
fn grids_drawn_with_box_characters() {
    let rows = rows_of(LEETCODE);
    let mut grid = vec!["╔═══════╤═══════╤═══════╗".to_string()];
    for (i, r) in rows.iter().enumerate() {
        if i == 3 || i == 6 {
            grid.push("╟───────┼───────┼───────╢".to_string());
        }
        grid.push(format!("║ {} ║", spaced(r, ' ').replace('|', "│")));
    }
    grid.push("╚═══════╧═══════╧═══════╝".to_string());
    let items = parse_str(&grid.join("\n"));
    assert_eq!(lines_of(&items), [ok(LEETCODE)]);
    assert_eq!(items[0].as_ref().unwrap().line, 2);
    // A candidate grid: every cell's candidates, boxed the same way.
    let candidates = "│ 19  7  169 │ 2  156  3 │ 4  8  59 │";
    let row: Vec<u8> = candidates.bytes().collect();
    let ascii = super::super::rows::unbox(&row).unwrap();
    assert!(String::from_utf8(ascii)
        .unwrap()
        .starts_with("| 19  7  169 | 2"));
    // A stray box character in a row is shown as it is, at its column.
    assert_eq!(err("53..7┼..."), "1:6: unexpected character '+'");
}

#[test]
fn one_list_per_line_and_yaml_flow_rows() {
    let rows = rows_of(LEETCODE);
    let list = |r: &str, empty: &str| {
        let items: Vec<String> = r
            .chars()
            .map(|c| {
                if c == '.' {
                    empty.to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
        format!("[{}]", items.join(", "))
    };
    let zeros: Vec<String> = rows.iter().map(|r| list(r, "0")).collect();
    let nones: Vec<String> = rows.iter().map(|r| list(r, "None")).collect();
    let yaml: Vec<String> = rows
        .iter()
        .map(|r| format!("  - {}", list(r, "null")))
        .collect();
    let text = format!(
        "{}\n\n{}\n\nboard:\n{}\n",
        zeros.join("\n"),
        nones.join("\n"),
        yaml.join("\n")
    );
    assert_eq!(read(&text), [ok(LEETCODE), ok(LEETCODE), ok(LEETCODE)]);
    // A garbled cell is a damaged row of its grid: one error, the next grid still read.
    let mut damaged = zeros.clone();
    damaged[4] = damaged[4].replacen('0', "@", 1);
    let items = read(&format!("{}\n\n{}\n", damaged.join("\n"), zeros.join("\n")));
    assert_eq!(items.len(), 2, "{items:?}");
    assert!(items[0].as_ref().unwrap_err().contains("'@'"));
    assert_eq!(items[1], ok(LEETCODE));
}

#[test]
fn utf16_with_a_byte_order_mark_keeps_its_line_numbers() {
    let text = format!(
        "# saved by an editor\r\n{LEETCODE}\r\n{}\r\n",
        rows_of(LEETCODE).join("\r\n")
    );
    for big in [false, true] {
        let mut bytes = if big {
            vec![0xFE, 0xFF]
        } else {
            vec![0xFF, 0xFE]
        };
        for unit in text.encode_utf16() {
            bytes.extend(if big {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            });
        }
        let items = parse_limited(&bytes, MAX_LINE);
        assert_eq!(item_lines(&items), [2, 3], "big-endian: {big}");
        assert_eq!(lines_of(&items), [ok(LEETCODE), ok(LEETCODE)]);
    }
}

#[test]
fn a_puzzle_paired_with_its_solution_is_answered_once() {
    // A JS module of [PUZZLE, SOLUTION] pairs, in either order, and a plain list.
    let text = format!(
        "module.exports = [\n  [ '{LEETCODE}', '{SOLUTION}' ],\n  [ '{SOLUTION}', '{LEETCODE}' ],\n];\n"
    );
    assert_eq!(read(&text), [ok(LEETCODE), ok(LEETCODE)]);
    // A solved grid that is not the solution of its neighbour is a puzzle of its own.
    let other = LEETCODE.replacen("53", "35", 1);
    assert_eq!(
        read(&format!("[\"{other}\", \"{SOLUTION}\"]")),
        [ok(&other), ok(SOLUTION)]
    );
    assert_eq!(read(&format!("[\"{SOLUTION}\"]")), [ok(SOLUTION)]);
}

#[test]
fn the_label_rule_never_takes_a_puzzle_line() {
    // Two letters typed into a puzzle line, or text glued to its end: an error at the first
    // stray character, in the line's own slot, and the next line is still line 2.
    let typed = format!("{}ab{}", &LEETCODE[..13], &LEETCODE[13..]);
    let glued = format!("{LEETCODE}xx");
    for (line, col) in [(&typed, 14), (&glued, 82)] {
        let items = parse_str(&format!("{line}\n{LEETCODE}\n"));
        assert_eq!(item_lines(&items), [1, 2]);
        let error = items[0].as_ref().unwrap_err();
        assert_eq!((error.line, error.col), (1, col), "{error}");
        assert_eq!(items[1].as_ref().unwrap().grid.to_line(), LEETCODE);
    }
    // A row's worth of cells with a few letters in it.
    assert!(err("53..7ab....").starts_with("1:6: unexpected character 'a'"));
    // Words are still labels.
    let items = parse_str(&format!("Puzzle 1234567890\n{LEETCODE}\n"));
    assert_eq!(
        items[0].as_ref().unwrap().label.as_deref(),
        Some("Puzzle 1234567890")
    );
}

#[test]
fn a_count_line_names_no_puzzle() {
    let grid = rows_of(LEETCODE).join("\n");
    let items = parse_str(&format!("2\n{grid}\n\n{grid}\n"));
    assert_eq!(items.len(), 2);
    assert!(items.iter().all(|i| i.as_ref().unwrap().label.is_none()));
}

#[test]
fn damage_inside_a_json_list_costs_the_damaged_element_only() {
    let p: Vec<String> = (0..4)
        .map(|k| LEETCODE.replacen('5', &(k + 1).to_string(), 1))
        .collect();
    let list = format!("[\"{}\", \"{}\", \"{}\", \"{}\"]", p[0], p[1], p[2], p[3]);
    // A string that lost its closing quote; one that lost its opening quote; a missing comma;
    // strings of 80 and 82 cells.
    let lost_close = list.replacen(&format!("{}\"", p[1]), &p[1], 1);
    let lost_open = list.replacen(&format!("\"{}", p[1]), &p[1], 1);
    let no_comma = list.replacen(&format!("{}\", ", p[1]), &format!("{}\" ", p[1]), 1);
    let short = list.replacen(&p[1], &p[1][..80], 1);
    let long = list.replacen(&p[1], &format!("{}1", p[1]), 1);
    for (text, want) in [
        (&lost_close, "lost its closing quote"),
        (&lost_open, "lost its opening quote"),
        (&short, "a puzzle string of 80 cells"),
        (&long, "a puzzle string of 82 cells"),
    ] {
        let items = read(text);
        assert_eq!(items.len(), 4, "{text}: {items:?}");
        assert_eq!(items[0], ok(&p[0]));
        assert!(items[1].as_ref().unwrap_err().contains(want), "{items:?}");
        assert_eq!(items[2..], [ok(&p[2]), ok(&p[3])]);
    }
    // A missing comma is an error, and the element after it is still read.
    let items = read(&no_comma);
    assert_eq!(items.len(), 5, "{items:?}");
    assert!(items[2].as_ref().unwrap_err().contains("expected ','"));
    assert_eq!(items[3..], [ok(&p[2]), ok(&p[3])]);
    // Pretty-printed objects: the first puzzle value lost its opening quote, or a key lost one.
    let objects: Vec<String> = p
        .iter()
        .map(|q| format!("  {{\n    \"puzzle\": \"{q}\",\n    \"level\": 1\n  }}"))
        .collect();
    let pretty = format!("[\n{}\n]\n", objects.join(",\n"));
    let lost_value_quote = pretty.replacen(&format!("\"{}", p[0]), &p[0], 1);
    let items = read(&lost_value_quote);
    assert_eq!(items.len(), 4, "{items:?}");
    assert!(items[0].is_err());
    assert_eq!(items[1..], [ok(&p[1]), ok(&p[2]), ok(&p[3])]);
    let lost_key_quote = pretty.replacen("\"puzzle\"", "\"puzzle", 1);
    let items = read(&lost_key_quote);
    assert!(items[0].is_err(), "{items:?}");
    assert_eq!(items[items.len() - 3..], [ok(&p[1]), ok(&p[2]), ok(&p[3])]);
}

#[test]
fn csv_fields_may_hold_line_breaks() {
    let text = format!(
        "id,title,puzzle,solution\n1,\"Monday,\neasy\",{LEETCODE},{SOLUTION}\n2,\"a \"\"quoted\"\"\nword\non three lines\",{LEETCODE},{SOLUTION}\n"
    );
    let items = parse_str(&text);
    assert_eq!(item_lines(&items), [2, 4], "{items:?}");
    assert_eq!(lines_of(&items), [ok(LEETCODE), ok(LEETCODE)]);
    // A quoted field that never closes: an error at its quote, and the next record is read.
    let text = format!("id,title,puzzle\n1,\"never closed,{LEETCODE}\n2,\"fine\",{LEETCODE}\n");
    let items = parse_str(&text);
    assert_eq!(item_lines(&items), [2, 3], "{items:?}");
    assert_eq!(items[0].as_ref().unwrap_err().col, 3);
    assert_eq!(items[1].as_ref().unwrap().grid.to_line(), LEETCODE);
}

#[test]
fn a_json_list_over_the_line_limit_is_read_in_pieces() {
    // 40 different puzzle strings: the k-th empty cell of LEETCODE filled.
    let p: Vec<String> = (0..40)
        .map(|k| {
            let at = LEETCODE.match_indices('.').nth(k).unwrap().0;
            format!("{}1{}", &LEETCODE[..at], &LEETCODE[at + 1..])
        })
        .collect();
    let list = format!(
        "[{}]",
        p.iter()
            .map(|q| format!("\"{q}\""))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let text = format!("{list}\n{LEETCODE}\n");
    // Pieces of 100 bytes (and of other sizes) cut strings and words anywhere.
    for limit in [100, 97, 256, 4096] {
        let items = parse_limited(text.as_bytes(), limit);
        let want: Vec<Result<String, String>> =
            p.iter().map(|q| ok(q)).chain([ok(LEETCODE)]).collect();
        assert_eq!(lines_of(&items), want, "limit {limit}");
        assert_eq!(item_lines(&items).last(), Some(&2));
    }
    // Damage in a later piece: its column is counted over the whole line.
    let damaged = list.replacen(&format!("\"{}", p[30]), &p[30], 1);
    let at = damaged.find(&p[30]).unwrap() + 1;
    let items = parse_limited(format!("{damaged}\n").as_bytes(), 100);
    assert_eq!(items.len(), 40);
    assert_eq!(items[30].as_ref().unwrap_err().col, at);
    // A long line that is no JSON: one error, and the next line is read.
    let junk = "x".repeat(500);
    let items = parse_limited(format!("{junk}\n{LEETCODE}\n").as_bytes(), 100);
    assert_eq!(item_lines(&items), [1, 2]);
    assert!(matches!(
        items[0].as_ref().unwrap_err().kind,
        ParseErrorKind::LineTooLong
    ));
}

// Faults found by reading 58 files from 46 public repositories, each reduced to a few lines.

#[test]
fn a_label_after_an_error_keeps_its_grid_with_blank_lines_between_bands() {
    let rows = rows_of(LEETCODE);
    let grid = format!(
        "{}\n\n{}\n\n{}",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    let items = parse_str(&format!("5555@\nHard five\n{grid}\n"));
    assert_eq!(item_lines(&items), [1, 3]);
    assert_eq!(items[1].as_ref().unwrap().grid.to_line(), LEETCODE);
    assert_eq!(
        items[1].as_ref().unwrap().label.as_deref(),
        Some("Hard five")
    );
}

#[test]
fn javascript_objects_with_unquoted_keys_and_placeholder_strings() {
    let placeholders = LEETCODE.replace('.', "e");
    let text = format!(
        "one: {{\n    puzzle:\"{placeholders}\",\n    solution: \"{SOLUTION}\"\n}},\n['{placeholders}',\n'{LEETCODE}']\n"
    );
    assert_eq!(read(&text), [ok(LEETCODE), ok(LEETCODE), ok(LEETCODE)]);
}

#[test]
fn an_object_written_with_values_and_no_keys_is_the_list_it_means() {
    let text = format!("var p = {{\n  '{LEETCODE}',\n  '{LEETCODE}',\n  '{LEETCODE}'\n}};\n");
    assert_eq!(read(&text), [ok(LEETCODE), ok(LEETCODE), ok(LEETCODE)]);
}

#[test]
fn a_garbled_character_before_a_quote_costs_one_element() {
    let row = |r: &str| {
        let cells: Vec<String> = r
            .chars()
            .map(|c| {
                format!(
                    "\"{}\"",
                    if c == '.' {
                        String::new()
                    } else {
                        c.to_string()
                    }
                )
            })
            .collect();
        format!("[{}]", cells.join(","))
    };
    let board = format!(
        "[{}]",
        rows_of(LEETCODE)
            .iter()
            .map(|r| row(r))
            .collect::<Vec<_>>()
            .join(",")
    );
    let damaged = board.replacen(",\"\",", ",@\"\",", 1);
    let text = format!("{{\"0\":{damaged},\"1\":{board},\"2\":{board}}}\n");
    let items = read(&text);
    assert_eq!(items.len(), 3, "{items:?}");
    assert!(items[0]
        .as_ref()
        .unwrap_err()
        .contains("lost its opening quote"));
    assert_eq!(items[1..], [ok(LEETCODE), ok(LEETCODE)]);
}

#[test]
fn a_board_error_found_after_puzzles_stands_where_it_was_found() {
    let rows: Vec<String> = rows_of(LEETCODE)
        .iter()
        .map(|r| {
            let cells: Vec<String> = r.replace('.', "0").chars().map(String::from).collect();
            format!("    [{}]", cells.join(", "))
        })
        .collect();
    // The second board lost its opening bracket: its rows join the outer list.
    let text = format!(
        "[\n  [\n{}\n  ],\n{}\n  ]\n]\n",
        rows.join(",\n"),
        rows.join(",\n")
    );
    let lines = item_lines(&parse_str(&text));
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted, "slots in input order");
}

#[test]
fn box_drawing_grids_with_a_rule_after_every_row() {
    let rows = rows_of(LEETCODE);
    let thin = "╟───┼───┼───╫───┼───┼───╫───┼───┼───╢";
    let thick = "╠═══╪═══╪═══╬═══╪═══╪═══╬═══╪═══╪═══╣";
    let mut grid = vec!["╔═══╤═══╤═══╦═══╤═══╤═══╦═══╤═══╤═══╗".to_string()];
    for (i, r) in rows.iter().enumerate() {
        if i > 0 {
            grid.push(if i % 3 == 0 { thick } else { thin }.to_string());
        }
        let cells: Vec<String> = r
            .replace('.', " ")
            .chars()
            .map(|c| format!(" {c} "))
            .collect();
        grid.push(format!("║{}║", cells.join("│")));
    }
    grid.push("╚═══╧═══╧═══╩═══╧═══╧═══╩═══╧═══╧═══╝".to_string());
    assert_eq!(read(&grid.join("\n")), [ok(LEETCODE)]);
    // A lattice that lost one of its rules, or one of its rows, is an error, not a grid.
    let mut lost_rule = grid.clone();
    lost_rule.remove(4);
    assert!(read(&lost_rule.join("\n")).iter().all(|i| i.is_err()));
    let mut lost_row = grid.clone();
    lost_row.remove(5);
    assert!(read(&lost_row.join("\n")).iter().all(|i| i.is_err()));
    // Whole grids separated by a rule still end at it.
    let plain = rows.join("\n");
    assert_eq!(
        read(&format!("{plain}\n=========\n{plain}\n")),
        [ok(LEETCODE), ok(LEETCODE)]
    );
}

#[test]
fn an_answer_under_its_name_is_never_a_puzzle() {
    let grid = rows_of(SOLUTION).join("\n");
    let text = format!(
        "Puzzle:\n{LEETCODE}\nSolution:\n{SOLUTION}\nsolution: \"{SOLUTION}\"\nvar solution = [[5,3,4]]\nAnswer\n{grid}\n{LEETCODE}\n"
    );
    assert_eq!(read(&text), [ok(LEETCODE), ok(LEETCODE)]);
    // A solved grid on its own line is a puzzle, even after the one it solves: it may be a
    // finished game, and nothing is dropped on a guess.
    assert_eq!(
        read(&format!("{LEETCODE}\n{SOLUTION}\n")),
        [ok(LEETCODE), ok(SOLUTION)]
    );
}

#[test]
fn a_repeated_opening_line_in_a_js_module_costs_no_puzzle_after_it() {
    // A JS module of puzzle lists (as html5 games ship them) with `easy: [` typed twice: the
    // stray bracket must not take the puzzles of the list, or of the lists after it, into the
    // damage.
    let p2 = "9..5..6......195..31.6......6.39.4...........4......21...9....7....5.3.9....61.54";
    let text = format!(
        "var puzzles = {{\n  easy: [\n  easy: [\n    '{LEETCODE}',\n    '{p2}'\n  ],\n  hard: [\n    '{LEETCODE}'\n  ]\n}}\n"
    );
    let items = read(&text);
    assert_eq!(items.len(), 4, "{items:?}");
    assert!(items[0].as_ref().unwrap_err().contains("3:7"), "{items:?}");
    assert_eq!(items[1..], [ok(LEETCODE), ok(p2), ok(LEETCODE)]);
}
