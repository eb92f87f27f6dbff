//! Property tests of the parser: it never panics, and on damaged input it loses nothing and
//! glues nothing. Failures found are kept in `properties.proptest-regressions` beside this file.

use crate::common::{self, proptest_cases};
use proptest::prelude::*;
use sudoku_solver::{parse_str, Parsed, Parser};

// ------------------------------------------------------------------------- the parser never panics

proptest! {
    #![proptest_config(proptest_cases(200))]

    #[test]
    fn random_bytes_give_puzzles_or_positioned_errors(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let mut parser = Parser::new(&bytes[..]);
        // `\n`, `\r\n` and a lone `\r` each end a line.
        let lines = bytes
            .iter()
            .enumerate()
            .filter(|&(i, &b)| b == b'\n' && (i == 0 || bytes[i - 1] != b'\r') || b == b'\r')
            .count()
            + 1;
        while let Some(item) = parser.next_item().unwrap() {
            match item {
                Ok(p) => prop_assert!(p.line() >= 1 && p.line() <= lines),
                Err(e) => {
                    prop_assert!(e.line >= 1 && e.line <= lines, "{e}");
                    prop_assert!(e.col >= 1, "{e}");
                }
            }
        }
    }

    #[test]
    fn random_puzzle_like_text_never_panics(text in "[0-9._|# \\-\\[\\]\",\n]{0,400}") {
        for item in parse_str(&text) {
            if let Err(e) = item {
                prop_assert!(e.line >= 1 && e.col >= 1);
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn mutated_valid_files_never_panic(cut in 0usize..2000, delete in 0usize..2000, swap in 0usize..40) {
        let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
        let mut text = format!("{}\n{grid}\n{}\n", common::LEETCODE, common::LEETCODE).into_bytes();
        if !text.is_empty() { text.remove(delete % text.len()); }
        let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
        let n = lines.len();
        lines.swap(swap % n, (swap * 7) % n);
        let mut text = lines.join(&b'\n');
        text.truncate(cut % (text.len() + 1));
        let line_count = text.split(|&b| b == b'\n').count();
        let mut parser = Parser::new(&text[..]);
        let mut answered = 0;
        while let Some(item) = parser.next_item().unwrap() {
            answered += 1;
            if let Err(e) = item {
                prop_assert!(e.line >= 1 && e.col >= 1);
            }
        }
        // Each answer takes at least one line of its own.
        prop_assert!(answered <= line_count);
    }
}

// ----------------------------------------------------------- recovery: nothing lost, nothing glued

// Property tests of the parser's promise on damaged input: nothing lost, nothing glued.
//
// - Random junk lines (words, short digit runs, damaged rows, headers, stray punctuation)
//   between valid puzzles of every layout: every puzzle is still read, in order, and every junk
//   line is either quietly a label or one error in its own slot, on its own line.
// - A file of separated grids (every way of separating them) with one row deleted or repeated:
//   no puzzle read is anything but one of the file's whole grids, and every other grid is
//   still read, in order.
//
// The layouts are written here, independently of the program's own output formats.

fn puzzles() -> Vec<String> {
    common::data_lines("puzzles1_random_minimal-sample.txt")
}

fn rows(p: &str) -> Vec<&str> {
    (0..9).map(|r| &p[r * 9..r * 9 + 9]).collect()
}

fn zeros(p: &str) -> String {
    p.replace('.', "0")
}

/// The candidates of each cell of `p` left by its givens: a given is its only candidate.
fn candidates(p: &str) -> Vec<Vec<u8>> {
    let g = common::digits(p);
    (0..81)
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
        .collect()
}

/// Puzzle `p` written in layout `layout`: its lines.
fn write(p: &str, layout: usize) -> Vec<String> {
    match layout {
        // An 81-character line, with text after it.
        0 => vec![format!("{p} # a note")],
        // A compact grid.
        1 => rows(p).iter().map(|r| r.to_string()).collect(),
        // A pretty grid with band separators.
        2 => {
            let mut out = Vec::new();
            for (i, r) in rows(p).iter().enumerate() {
                if i == 3 || i == 6 {
                    out.push("------+-------+------".to_string());
                }
                let cells: Vec<String> = r.chars().map(|c| c.to_string()).collect();
                out.push(format!(
                    "{} | {} | {}",
                    cells[..3].join(" "),
                    cells[3..6].join(" "),
                    cells[6..].join(" ")
                ));
            }
            out
        }
        // A comma grid with empty fields.
        3 => rows(p)
            .iter()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c == '.' {
                            String::new()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect(),
        // A CSV record: puzzle, then its id.
        4 => vec![format!("{},17", zeros(p))],
        // A JSON board of numbers on one line.
        5 => {
            let board: Vec<String> = rows(&zeros(p))
                .iter()
                .map(|r| {
                    let cells: Vec<String> = r.chars().map(|c| c.to_string()).collect();
                    format!("[{}]", cells.join(","))
                })
                .collect();
            vec![format!("[{}]", board.join(","))]
        }
        // A JSON object spread over lines, with the solution under its own key.
        6 => {
            let mut out = vec!["{".to_string(), format!("  \"puzzle\": \"{p}\",")];
            out.push("  \"solution\": [".to_string());
            out.push("    1, 2, 3".to_string());
            out.push("  ]".to_string());
            out.push("}".to_string());
            out
        }
        // A 729-character pencilmark line.
        7 => vec![candidates(p)
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
            .collect()],
        // An 81-character line where a space is an empty cell.
        _ => vec![p.replace('.', " ")],
    }
}

/// What a puzzle of layout `layout` reads as: its 81 or 729 characters.
fn expected(p: &str, layout: usize) -> String {
    if layout == 7 {
        write(p, 7).remove(0)
    } else {
        p.to_string()
    }
}

fn key(item: &Parsed) -> Option<String> {
    item.as_ref().ok().map(|p| p.to_line())
}

fn junk_line(kind: usize, n: usize) -> String {
    match kind {
        0 => format!("Grid {n:02}"),
        1 => format!("Puzzle {n}: from the daily paper"),
        2 => "123".repeat(1 + n % 2),
        3 => "53..x....".to_string(),
        4 => "quizzes,solutions".to_string(),
        5 => "name,rating,author".to_string(),
        6 => format!("{}x", ".".repeat(40 + n % 30)),
        _ => "]".to_string(),
    }
}

proptest! {
    #![proptest_config(proptest_cases(300))]

    #[test]
    fn junk_between_puzzles_of_every_layout_loses_nothing(
        picks in prop::collection::vec((0usize..100, 0usize..9, prop::option::of(0usize..8), any::<bool>()), 1..12),
    ) {
        let all = puzzles();
        let mut lines: Vec<String> = Vec::new();
        let mut want = Vec::new();
        let mut junk_lines = Vec::new();
        for (n, &(index, layout, junk, blank)) in picks.iter().enumerate() {
            if let Some(kind) = junk {
                lines.push(junk_line(kind, n));
                junk_lines.push(lines.len());
            }
            let p = &all[index];
            lines.extend(write(p, layout));
            want.push(expected(p, layout));
            if blank {
                lines.push(String::new());
            }
        }
        let text = lines.join("\n") + "\n";
        let items = parse_str(&text);
        let got: Vec<String> = items.iter().filter_map(key).collect();
        prop_assert_eq!(&got, &want, "{}", text);
        let mut error_lines: Vec<usize> = items
            .iter()
            .filter_map(|i| i.as_ref().err().map(|e| e.line))
            .collect();
        let errors = error_lines.len();
        error_lines.dedup();
        prop_assert_eq!(error_lines.len(), errors, "two errors on one line: {}", text);
        for line in error_lines {
            prop_assert!(junk_lines.contains(&line), "error at line {} is not a junk line: {:?}\n{}", line, items, text);
        }
    }

    #[test]
    fn a_deleted_or_repeated_row_never_glues_grids(
        picks in prop::collection::vec(0usize..100, 2..7),
        style in 0usize..6,
        damaged in 0usize..7,
        row in 0usize..9,
        repeat in any::<bool>(),
    ) {
        let all = puzzles();
        let damaged = damaged % picks.len();
        let mut lines: Vec<String> = Vec::new();
        for (k, &index) in picks.iter().enumerate() {
            let p = &all[index];
            let mut grid: Vec<String> = match style {
                // Blank lines between compact grids.
                0 => rows(p).iter().map(|r| r.to_string()).collect(),
                // Norvig: a rule of '=' after each grid.
                1 => rows(&zeros(p)).iter().map(|r| r.to_string()).collect(),
                // Pretty grids with band separators.
                2 => write(p, 2),
                // Boxed grids: borders above, between bands and below.
                3 => rows(p).iter().map(|r| format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..])).collect(),
                // Project Euler: a label before each grid, nothing between.
                4 => rows(&zeros(p)).iter().map(|r| r.to_string()).collect(),
                // Comma grids with blank lines between.
                _ => write(p, 3),
            };
            if k == damaged {
                // The row of the grid (pretty grids hold separators between their rows).
                let at = grid
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| !l.starts_with('-'))
                    .nth(row)
                    .map(|(i, _)| i)
                    .unwrap();
                if repeat {
                    let copy = grid[at].clone();
                    grid.insert(at, copy);
                } else {
                    grid.remove(at);
                }
            }
            match style {
                1 => {
                    lines.extend(grid);
                    lines.push("========".to_string());
                }
                3 => {
                    let border = "+---+---+---+".to_string();
                    lines.push(border.clone());
                    for (i, r) in grid.into_iter().enumerate() {
                        if i == 3 || i == 6 {
                            lines.push(border.clone());
                        }
                        lines.push(r);
                    }
                    lines.push(border);
                    lines.push(String::new());
                }
                4 => {
                    lines.push(format!("Grid {:02}", k + 1));
                    lines.extend(grid);
                }
                _ => {
                    lines.extend(grid);
                    lines.push(String::new());
                }
            }
        }
        let text = lines.join("\n");
        let items = parse_str(&text);
        let whole: Vec<String> = picks.iter().map(|&i| all[i].clone()).collect();
        let got: Vec<String> = items.iter().filter_map(key).collect();
        for g in &got {
            prop_assert!(whole.contains(g), "a puzzle not in the file: {}\n{}", g, text);
        }
        // Every grid but the damaged one is read, in order.
        let others: Vec<String> = whole
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != damaged)
            .map(|(_, p)| p.clone())
            .collect();
        let mut rest = got.iter();
        for p in &others {
            prop_assert!(rest.any(|g| g == p), "lost {}\n{}", p, text);
        }
        // The damage is reported, not passed over in silence.
        prop_assert!(items.iter().any(|i| i.is_err()), "no error for the damaged grid\n{}", text);
    }
}
