//! Boards in code, markup and READMEs: the samples under `puzzles/code` say nothing but the note
//! on a board of another size written as strings or braces in code (other layouts of other sizes
//! are read); shapes found in public code read as their authors meant;
//! brackets, fences, quotes and code rows never swallow or glue the rows around them; boards of
//! other sizes and bitmap rows are one clear error each.

use crate::common::{json_records, repo, sample_line_puzzles, stderr_of, sudoku};

// -------------------------------------------------------------- boards in code, markup and READMEs

#[test]
fn code_and_readme_samples_say_nothing_but_the_note_on_a_board_of_another_size() {
    let dir = std::fs::read_dir(repo("puzzles/code")).unwrap();
    for entry in dir {
        let path = entry.unwrap().path();
        let out = sudoku()
            .args(["solve", "-f", "line"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", path.display());
        let err = stderr_of(&out);
        let name = path.file_name().unwrap().to_str().unwrap();
        let (note, line) = match name {
            "Boards.java" => ("a 4x4 board", 17),
            "kernels.c" => ("a 16x16 board", 44),
            _ => {
                assert!(err.is_empty(), "{}: {err}", path.display());
                continue;
            }
        };
        let rest = "passed over: written in a layout read for 9x9 boards only (boards of other \
                    sizes are read from lines, grids, rows of numbers, JSON and CSV)";
        let path = path.display();
        assert_eq!(
            err,
            format!("sudoku: {path}: note: {note} at line {line}, {rest}\n")
        );
    }
}

/// Runs `solve -f json` on `text` as stdin: the records, stderr and the exit code.
fn read_stdin(text: &str) -> (Vec<serde_json::Value>, String, Option<i32>) {
    let out = sudoku()
        .args(["solve", "-f", "json"])
        .write_stdin(text.to_string())
        .output()
        .unwrap();
    (json_records(&out), stderr_of(&out), out.status.code())
}

fn digit_rows(puzzle: &str) -> Vec<String> {
    puzzle
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap().replace('.', "0"))
        .collect()
}

#[test]
fn a_bracket_that_is_no_json_never_swallows_the_rows_after_it() {
    // Haskell's quasi-quote opens a bracket; the grids inside are rows, three puzzles.
    let puzzles = sample_line_puzzles();
    let mut text = String::from("examples = [q|\n");
    for p in &puzzles[..3] {
        for row in digit_rows(p) {
            text.push_str(&format!("  {row}\n"));
        }
        text.push('\n');
    }
    text.push_str("|]\n");
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    let read: Vec<&str> = records
        .iter()
        .map(|r| r["puzzle"].as_str().unwrap())
        .collect();
    assert_eq!(
        read,
        puzzles[..3].iter().map(String::as_str).collect::<Vec<_>>()
    );
    // The same with a bracket JSON would open: a grid row ends the value, and the line that
    // opened it holds nothing, so it is no error.
    let text = text.replace("[q|", "[").replace("|]", "]");
    let (records, err, code) = read_stdin(&text);
    assert_eq!((records.len(), code), (3, Some(0)), "{err}");
}

#[test]
fn fences_quotes_and_code_lines_are_no_error_slots_but_a_damaged_row_is() {
    let p = &sample_line_puzzles()[0];
    let text = format!("```\n\"\n}};\nprint(solve(board), end=\", \")\n{p}\n```\n");
    let (records, err, code) = read_stdin(&text);
    assert_eq!((records.len(), code), (1, Some(0)), "{err}");
    assert!(err.is_empty(), "{err}");
    // A line with a run of cells and a stray character is still a damaged puzzle, in its slot.
    let (records, err, code) = read_stdin(&format!("```\n53..7..x.\n{p}\n"));
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 2);
    assert!(
        err.contains("<stdin>:2:8: unexpected character 'x'"),
        "{err}"
    );
}

#[test]
fn a_file_of_boards_of_other_sizes_is_one_clear_error() {
    let text = "int[][] mini = {\n  {1, 0, 0, 4},\n  {0, 4, 1, 0},\n  {0, 1, 4, 0},\n  {4, 0, 0, 1},\n};\nbig = [[0 for _ in range(16)] for _ in range(16)]\n";
    let (records, err, code) = read_stdin(text);
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 1);
    assert_eq!(
        err,
        "sudoku: <stdin>: no 9x9 puzzle found: it holds a 4x4 board at line 2, written in a layout \
         read for 9x9 boards only (boards of other sizes are read from lines, grids, rows of \
         numbers, JSON and CSV)\n"
    );
}

#[test]
fn a_fixed_width_line_with_a_tab_and_a_rating_keeps_its_slot() {
    let puzzles = sample_line_puzzles();
    let text = format!("{}\tSE 9.2\n{}\n", puzzles[0].replace('.', " "), puzzles[1]);
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["source"], "<stdin>:1");
    assert_eq!(records[0]["puzzle"], puzzles[0].as_str());
    assert_eq!(records[1]["puzzle"], puzzles[1].as_str());
}

/// Rows of `puzzle` as code rows: `{open}5, 3, 0, ...{close}`.
fn code_rows(puzzle: &str, open: &str, close: &str) -> Vec<String> {
    digit_rows(puzzle)
        .iter()
        .map(|r| {
            let items: Vec<String> = r.chars().map(String::from).collect();
            format!("{open}{}{close}", items.join(", "))
        })
        .collect()
}

#[test]
fn shapes_found_in_public_code_read_as_their_authors_meant() {
    let p = sample_line_puzzles();
    // A row with a comment after it (Rust tests), and an index before the first row (C).
    let mut rust = vec!["let grid: [[u8; 9]; 9] = [".to_string()];
    rust.extend(code_rows(&p[0], "    [", "], // a row"));
    rust.push("];".to_string());
    let mut c: Vec<String> = digit_rows(&p[1])
        .iter()
        .map(|r| format!("\t\t\"{}\",", r.replace('0', ".")))
        .collect();
    c[0] = format!("\tchar arr[9][10]={{{}", c[0].trim_start());
    c.push("};".to_string());
    // Empty lists, a template tag and a badge are code, not damaged puzzles.
    let noise = "r = []\ny = {}\n{% latex density=100 usepackages=pst-all,pst-3dplot %}\n\
                 [![Build Status](https://example.org/b.svg?v=1234)](https://example.org)\n";
    let text = format!("{}\n{}\n{noise}", rust.join("\n"), c.join("\n"));
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    let read: Vec<&str> = records
        .iter()
        .map(|r| r["puzzle"].as_str().unwrap())
        .collect();
    assert_eq!(read, [p[0].as_str(), p[1].as_str()]);
}

#[test]
fn a_repeated_row_before_a_closing_brace_glues_nothing_to_the_next_board() {
    // Lua tables: the first board lost nothing but gained a repeated row; the `}` after it ends
    // it, so the second board is read whole and the first is one error.
    let p = sample_line_puzzles();
    let mut first = code_rows(&p[0], "\t,{", "}");
    first.insert(4, first[4].clone());
    let second = code_rows(&p[1], "\t,{", "}");
    let text = format!(
        "x = {{\n{}\n\t}}\nx_backup = {{\n{}\n\t}}\n",
        first.join("\n"),
        second.join("\n")
    );
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(3), "{err}");
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["status"], "invalid");
    assert!(err.contains("hold 10 grid rows"), "{err}");
    assert_eq!(records[1]["puzzle"], p[1].as_str());
}

#[test]
fn a_board_of_another_size_set_off_in_bands_is_noted_and_r_keeps_its_byrow() {
    // A 16x16 board whose bands are set off by blank lines: one board, one note.
    let mut sixteen = String::from("int[][] big = {\n");
    for band in 0..4 {
        for _ in 0..4 {
            sixteen.push_str("  {0, 13, 16, 14, 10, 4, 0, 0, 0, 0, 0, 0, 0, 15, 2, 7},\n");
        }
        if band < 3 {
            sixteen.push('\n');
        }
    }
    sixteen.push_str("};\n");
    let p = &sample_line_puzzles()[0];
    // byrow = FALSE said outright holds even where the call's closing line is lost.
    let rows: Vec<String> = digit_rows(p)
        .iter()
        .map(|r| {
            let items: Vec<String> = r.chars().map(String::from).collect();
            format!("  {},", items.join(", "))
        })
        .collect();
    let r = format!(
        "m <- matrix(c(\n{}\n  nrow = 9, byrow = FALSE\n",
        rows.join("\n")
    );
    let (records, err, code) = read_stdin(&format!("{sixteen}{r}"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        err,
        "sudoku: <stdin>: note: a 16x16 board at line 2, passed over: written in a layout read for \
         9x9 boards only (boards of other sizes are read from lines, grids, rows of numbers, JSON \
         and CSV)\n"
    );
    let by_column: String = (0..81)
        .map(|i| p.as_bytes()[(i % 9) * 9 + i / 9] as char)
        .collect();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["puzzle"], by_column.as_str());
}

#[test]
fn rows_of_a_bitmap_are_one_error_not_one_each() {
    let row = |bit: usize| {
        let items: Vec<String> = (0..31).map(|i| ((i + bit) % 2).to_string()).collect();
        format!("    [{}],", items.join(", "))
    };
    let rows: Vec<String> = (0..9).map(row).collect();
    let text = format!("const SCROLL: [[u8; 31]; 9] = [\n{}\n];\n", rows.join("\n"));
    let (records, err, code) = read_stdin(&text);
    assert_eq!(code, Some(3));
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("sudoku: <stdin>: no 9x9 puzzle found (seen: 10 lines of 2 to 31 numbers"),
        "{err}"
    );
}
