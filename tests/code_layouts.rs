//! Boards in code and matrix layouts (issue 48): the sample files of `puzzles/code` written for
//! it read whole and in order, with every answer a solution that keeps the givens; boards read as
//! their language holds them (row by row, not transposed); a solution beside its puzzle is no
//! puzzle; comments, labels, joins and wrapping inside a board lose nothing.
//!
//! What each sample file holds is in `tests/data/code-layouts.txt`, written when the files were
//! made (not read back by sudoku).

use crate::common::{
    is_valid_solution, json_records, repo, sample_line_puzzles, stderr_of, sudoku,
};

/// The puzzles `tests/data/code-layouts.txt` says `file` holds, in order.
fn truth(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(repo("tests/data/code-layouts.txt")).unwrap();
    let puzzles: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split_once(' '))
        .filter(|(f, _)| *f == file)
        .map(|(_, p)| p.to_string())
        .collect();
    assert!(!puzzles.is_empty(), "no puzzles listed for {file}");
    puzzles
}

/// Each file of `puzzles/code` reads whole and in order: exit 0, nothing on stderr, the puzzles
/// the truth lists and no other, each solved by a valid solution keeping its givens.
fn reads_whole(files: &[&str]) {
    for file in files {
        let out = sudoku()
            .args(["solve", "-f", "json"])
            .arg(repo(&format!("puzzles/code/{file}")))
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(0), "{file}: {err}");
        assert!(err.is_empty(), "{file}: {err}");
        let records = json_records(&out);
        let want = truth(file);
        let read: Vec<&str> = records
            .iter()
            .map(|r| r["puzzle"].as_str().unwrap())
            .collect();
        assert_eq!(read, want, "{file}");
        for r in &records {
            let solution = r["solution"].as_str().unwrap();
            assert!(
                is_valid_solution(r["puzzle"].as_str().unwrap(), solution),
                "{file}: {r}"
            );
        }
    }
}

/// The one puzzle `text` holds, read from stdin (exit 0, nothing on stderr).
fn only_puzzle(text: &str) -> String {
    let out = sudoku()
        .args(["solve", "-f", "json"])
        .write_stdin(text.to_string())
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(0), "{text}\n{err}");
    assert!(err.is_empty(), "{err}");
    let records = json_records(&out);
    assert_eq!(records.len(), 1, "{text}\n{records:?}");
    let puzzle = records[0]["puzzle"].as_str().unwrap().to_string();
    assert!(is_valid_solution(
        &puzzle,
        records[0]["solution"].as_str().unwrap()
    ));
    puzzle
}

/// The puzzle's rows as lists of digits: `5, 3, 0, ...`.
fn items(puzzle: &str) -> Vec<String> {
    rows_of(puzzle, "0", ", ")
}

/// The puzzle's rows, each cell written as itself (`empty` for an empty one) and joined by `sep`.
fn rows_of(puzzle: &str, empty: &str, sep: &str) -> Vec<String> {
    puzzle
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&b| match b {
                    b'.' => empty.to_string(),
                    _ => (b as char).to_string(),
                })
                .collect();
            cells.join(sep)
        })
        .collect()
}

/// The puzzle with its rows and columns swapped.
fn transposed(puzzle: &str) -> String {
    let p = puzzle.as_bytes();
    (0..81).map(|i| p[(i % 9) * 9 + i / 9] as char).collect()
}

#[test]
fn mathjs_and_r_matrices_keep_their_givens_where_the_file_puts_them() {
    reads_whole(&["matrix.js", "positional.R"]);
    let p = &sample_line_puzzles()[3];
    let rows = items(p);
    let all = rows.join(", ");
    // Row by row as written: math.js's matrix(), R's byrow by position, R's t() of a matrix
    // filled by column.
    for text in [
        format!("const m = matrix([[{}]])\n", rows.join("], [")),
        format!("m = matrix([\n  [{}]\n])\n", rows.join("],\n  [")),
        format!("m <- matrix(c({all}), 9, 9, TRUE)\n"),
        format!("m <- matrix(c(\n  {}), 9, 9, TRUE)\n", rows.join(",\n  ")),
        format!(
            "m <- matrix(c(\n  {}), nrow = 9, ncol = 9, T)\n",
            rows.join(",\n  ")
        ),
        format!("m <- t(matrix(c(\n  {}), nrow = 9))\n", rows.join(",\n  ")),
    ] {
        assert_eq!(only_puzzle(&text), *p, "{text}");
    }
    // By column, as R fills it: the rows written are the board's columns.
    for text in [
        format!("m <- matrix(c({all}), 9, 9, FALSE)\n"),
        format!("m <- matrix(c(\n  {}), 9, 9)\n", rows.join(",\n  ")),
        format!(
            "m <- t(matrix(c(\n  {}), 9, 9, TRUE))\n",
            rows.join(",\n  ")
        ),
    ] {
        assert_eq!(only_puzzle(&text), transposed(p), "{text}");
    }
}

#[test]
fn a_solution_beside_its_puzzle_in_code_is_no_puzzle() {
    reads_whole(&[
        "SolverTest.java",
        "solved.c",
        "Solved.cs",
        "solved.go",
        "Solved.kt",
        "solved.R",
    ]);
    // A solution computed, not written, holds no grid: the board after it is still read.
    let p = &sample_line_puzzles()[5];
    let text = format!(
        "int[][] solution = solve(board);\nint[][] next = {{\n  {{{}}},\n}};\n",
        items(p).join("},\n  {")
    );
    assert_eq!(only_puzzle(&text), *p);
}

#[test]
fn comments_inside_a_board_lose_no_row() {
    reads_whole(&[
        "Comments.java",
        "comments.lua",
        "comments.py",
        "comments.js",
    ]);
    // An apostrophe in a row's comment opens no string; a comment after a row of a list is no
    // part of the list.
    let p = &sample_line_puzzles()[6];
    let rows = items(p);
    let java: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(k, r)| format!("  {{{r}}}, // row {k}: it's here"))
        .collect();
    let python: Vec<String> = rows
        .iter()
        .map(|r| format!("  [{r}],  # it's a row"))
        .collect();
    let js: Vec<String> = rows
        .iter()
        .map(|r| format!("  /* a row */ [{r}],"))
        .collect();
    for text in [
        format!("int[][] g = {{\n{}\n}};\n", java.join("\n")),
        format!("board = [\n{}\n]\n", python.join("\n")),
        format!("const board = [\n{}\n];\n", js.join("\n")),
    ] {
        assert_eq!(only_puzzle(&text), *p, "{text}");
    }
}

#[test]
fn numpy_printed_repr_and_call_forms_read_whole() {
    reads_whole(&["numpy.txt"]);
    // print() with `-` for empty, and a last row closing the board and the call.
    let p = &sample_line_puzzles()[7];
    let spaced = rows_of(p, "-", " ");
    let printed = format!("[[{}]]\n", spaced.join("]\n ["));
    assert_eq!(only_puzzle(&printed), *p, "{printed}");
    let call = format!("board = np.array([[{}]])\n", items(p).join("],\n    ["));
    assert_eq!(only_puzzle(&call), *p, "{call}");
}

#[test]
fn a_flat_list_of_81_wrapped_at_any_width_is_one_puzzle() {
    reads_whole(&["flat.rs"]);
    let p = &sample_line_puzzles()[8];
    let cells: Vec<String> = p
        .bytes()
        .map(|b| {
            if b == b'.' {
                "0".into()
            } else {
                (b as char).to_string()
            }
        })
        .collect();
    for width in [7, 16, 27, 40] {
        let lines: Vec<String> = cells.chunks(width).map(|c| c.join(", ")).collect();
        let text = format!("int p[81] = {{\n    {},\n}};\n", lines.join(",\n    "));
        assert_eq!(only_puzzle(&text), *p, "{text}");
    }
    // 80 cells are no puzzle: the lines are read as any lines, errors in their own slots.
    let lines: Vec<String> = cells[1..].chunks(20).map(|c| c.join(", ")).collect();
    let text = format!("int p[80] = {{\n    {},\n}};\n", lines.join(",\n    "));
    let out = sudoku()
        .args(["solve", "-f", "json"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(json_records(&out).iter().all(|r| r["status"] != "solved"));
}

#[test]
fn matlab_rows_cut_by_semicolons_several_a_line_read_whole() {
    reads_whole(&["matrices.m"]);
    // Three rows a line, `...` continuing the line, one matrix right after another.
    let p = &sample_line_puzzles()[1];
    let q = &sample_line_puzzles()[2];
    let matlab = |name: &str, puzzle: &str| {
        let rows: Vec<String> = items(puzzle).iter().map(|r| r.replace(',', "")).collect();
        format!(
            "{name} = [{}; ...\n  {}; ...\n  {}];\n",
            rows[..3].join("; "),
            rows[3..6].join("; "),
            rows[6..].join("; ")
        )
    };
    let text = format!("{}{}", matlab("A", p), matlab("B", q));
    let out = sudoku()
        .args(["solve", "-f", "json"])
        .write_stdin(text.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr_of(&out));
    let read: Vec<String> = json_records(&out)
        .iter()
        .map(|r| r["puzzle"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(read, [p.clone(), q.clone()]);
}

#[test]
fn rows_joined_by_an_operator_read_whole() {
    reads_whole(&["joined.ex", "joined.py", "joined.php", "joined.rb"]);
    let p = &sample_line_puzzles()[3];
    let rows: Vec<String> = items(p).iter().map(|r| r.replace(", ", "")).collect();
    for (open, join, close) in [
        ("@puzzle ", " <>", ""),
        ("def p, do: ", " <>", ""),
        ("puzzle = (", "", ")"),
        ("$p = ", " .", ";"),
        ("p = ", " +", ""),
        ("p = ", " \\", ""),
    ] {
        let lines: Vec<String> = rows.iter().map(|r| format!("  \"{r}\"")).collect();
        let text = format!(
            "{open}{}{close}\n",
            lines.join(&format!("{join}\n")).trim_start()
        );
        assert_eq!(only_puzzle(&text), *p, "{text}");
    }
}

#[test]
fn leetcode_rows_of_quoted_characters_in_braces_read_whole() {
    reads_whole(&["LeetCode.java"]);
    let p = &sample_line_puzzles()[4];
    for quote in ['\'', '"'] {
        let rows: Vec<String> = p
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let cells: Vec<String> = r
                    .iter()
                    .map(|&b| format!("{quote}{}{quote}", b as char))
                    .collect();
                format!("    {{{}}},", cells.join(","))
            })
            .collect();
        let text = format!("char[][] board = {{\n{}\n}};\n", rows.join("\n"));
        assert_eq!(only_puzzle(&text), *p, "{text}");
    }
}

#[test]
fn cells_with_a_field_after_them_blank_fields_in_a_string_and_named_first_rows_read_whole() {
    reads_whole(&["fields.csv", "blanks.rs", "prompt.txt"]);
    let p = &sample_line_puzzles()[5];
    let comma = |blank: &str| rows_of(p, blank, ",");
    // 81 cells and a field that is no cell.
    let line = format!("{},hard\n", comma("0").join(","));
    assert_eq!(only_puzzle(&line), *p);
    // A string literal whose rows have blank fields for empty cells.
    let text = format!("let s = \"{}\";\n", comma(" ").join("\n"));
    assert_eq!(only_puzzle(&text), *p, "{text}");
    // A grid named on its first row; its answer, named the same way, is no puzzle.
    let spaced = |grid: &str| rows_of(grid, "0", " ");
    let out = sudoku()
        .args(["solve", "-f", "line"])
        .arg(p)
        .output()
        .unwrap();
    let solution = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(is_valid_solution(p, &solution));
    let named = |name: &str, grid: &str| format!("{name}: {}\n", spaced(grid).join("\n        "));
    let text = format!("{}\n{}", named("Puzzle", p), named("Answer", &solution));
    let out = sudoku()
        .args(["solve", "-f", "json"])
        .write_stdin(text.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr_of(&out));
    let records = json_records(&out);
    assert_eq!(records.len(), 1, "{text}");
    assert_eq!(records[0]["puzzle"], p.as_str());
    assert_eq!(records[0]["label"], "Puzzle");
}
