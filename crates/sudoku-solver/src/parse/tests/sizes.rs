//! Boards of other sizes read as puzzles ([`Parser::reading_sizes`]): every layout and alphabet,
//! the sample files of `puzzles/sizes` read whole and in order (checked against a plain reading
//! of their cells written here), ambiguous alphabets, the overrides, mixed sizes keeping their
//! slots, damaged copies keeping every slot, and 9x9 input read exactly as without it.

use super::*;
use crate::shape::Shape;
use crate::sized::{Notation, SizedGrid, Symbols};

fn read_with<'a>(
    text: &'a str,
    set: impl FnOnce(Parser<&'a [u8]>) -> Parser<&'a [u8]>,
) -> Vec<Parsed> {
    let mut parser = set(Parser::new(text.as_bytes()));
    let mut out = Vec::new();
    while let Some(item) = parser.next_item().expect("a slice reads") {
        out.push(item);
    }
    out
}

fn read(text: &str) -> Vec<Parsed> {
    read_with(text, |p| p.reading_sizes())
}

/// The one board a text holds.
fn board(text: &str) -> (SizedGrid, Notation) {
    let items = read(text);
    assert_eq!(items.len(), 1, "{items:?}");
    let puzzle = items[0].as_ref().expect("a puzzle");
    let (grid, notation) = puzzle.sized().expect("a board of another size");
    (grid.clone(), notation.clone())
}

/// A solution grid of `shape`, from the pattern that shifts each row of a band by one box
/// width and each band by one: its rows, columns and boxes are checked here, not assumed.
fn solution(shape: Shape) -> Vec<u8> {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let cells: Vec<u8> = (0..n * n)
        .map(|i| ((c * ((i / n) % r) + (i / n) / r + i % n) % n + 1) as u8)
        .collect();
    for k in 0..n {
        let mut seen = vec![[false; 3]; n + 1];
        for j in 0..n {
            let row = cells[k * n + j] as usize;
            let col = cells[j * n + k] as usize;
            let (br, bc) = ((k / (n / c)) * r + j / c, (k % (n / c)) * c + j % c);
            let bx = cells[br * n + bc] as usize;
            assert!(
                !seen[row][0] && !seen[col][1] && !seen[bx][2],
                "{shape}: the pattern"
            );
            seen[row][0] = true;
            seen[col][1] = true;
            seen[bx][2] = true;
        }
    }
    cells
}

/// Every other cell of a solution blanked, in `symbols` (`.` empty).
fn puzzle_line(cells: &[u8], symbols: &Symbols, keep: impl Fn(usize) -> bool) -> String {
    cells
        .iter()
        .enumerate()
        .map(|(i, &d)| if keep(i) { symbols.symbol(d) } else { '.' })
        .collect()
}

#[test]
fn every_size_reads_as_a_line_a_grid_and_numbers() {
    for n in MIN_SIZE_TESTED..=36 {
        let Ok(shape) = Shape::for_size(n) else {
            continue;
        };
        if n == 9 {
            continue;
        }
        let cells = solution(shape);
        let symbols = Symbols::standard(n);
        // Keep the last digit's symbol in (it settles 1-9A-Z from 0-9A-Z above 9).
        let keep = |i: usize| i % 3 != 1 || cells[i] as usize == n;
        let line = puzzle_line(&cells, &symbols, keep);
        let want: Vec<u8> = (0..n * n)
            .map(|i| if keep(i) { cells[i] } else { 0 })
            .collect();
        let (grid, notation) = board(&format!("{line}\n"));
        assert_eq!((grid.shape(), grid.cells()), (shape, &want[..]), "{n} line");
        assert_eq!(notation, Notation::Symbols(symbols.clone()));
        let rows: String = line
            .as_bytes()
            .chunks(n)
            .map(|row| format!("{}\n", std::str::from_utf8(row).expect("ascii")))
            .collect();
        let (grid, _) = board(&rows);
        assert_eq!(grid.cells(), &want[..], "{n} grid");
        let numbers: String = want
            .chunks(n)
            .map(|row| {
                let row: Vec<String> = row.iter().map(u8::to_string).collect();
                // A line of exactly 81 characters is the 9x9 reader's (fixed width, a space
                // for an empty cell): set the numbers apart by commas then.
                match row.join(" ") {
                    line if line.len() == 81 => format!("{}\n", row.join(",")),
                    line => format!("{line}\n"),
                }
            })
            .collect();
        let (grid, notation) = board(&numbers);
        assert_eq!(
            (grid.cells(), notation),
            (&want[..], Notation::Numbers),
            "{n} numbers"
        );
    }
}

const MIN_SIZE_TESTED: usize = crate::shape::MIN_SIZE;

#[test]
fn alphabets_above_nine_are_picked_from_the_symbols_used() {
    let shape = Shape::for_size(16).expect("16x16");
    let cells = solution(shape);
    let keep = |i: usize| i.is_multiple_of(2) || cells[i] == 16 || cells[i] == 1;
    let want: Vec<u8> = (0..256)
        .map(|i| if keep(i) { cells[i] } else { 0 })
        .collect();
    for symbols in [
        Symbols::standard(16),
        Symbols::zero_based(16),
        Symbols::letters(16),
    ] {
        let line = puzzle_line(&cells, &symbols, keep);
        let (grid, notation) = board(&format!("{line}\n"));
        assert_eq!(grid.cells(), &want[..], "{symbols}");
        assert_eq!(notation, Notation::Symbols(symbols));
    }
    // A full hexadoku grid (no `.`): its `0` is a digit, as the grid has no conflict so.
    let hex = puzzle_line(&cells, &Symbols::zero_based(16), |_| true);
    let (grid, _) = board(&format!("{hex}\n"));
    assert_eq!(grid.cells(), &cells[..]);
    // `0` as the only empty mark of a 1-9A-G puzzle: empty.
    let zeros = puzzle_line(&cells, &Symbols::standard(16), keep).replace('.', "0");
    let (grid, notation) = board(&format!("{zeros}\n"));
    assert_eq!(grid.cells(), &want[..]);
    assert_eq!(notation, Notation::Symbols(Symbols::standard(16)));
}

#[test]
fn two_alphabets_that_fit_are_an_error_never_a_guess() {
    let shape = Shape::for_size(16).expect("16x16");
    let cells = solution(shape);
    // No `0`, no `G`: 1-9A-G and 0-9A-F both fit.
    let keep = |i: usize| cells[i] != 16 && cells[i] != 1;
    let line = puzzle_line(&cells, &Symbols::standard(16), keep);
    let items = read(&format!("{line}\n"));
    let error = items[0].as_ref().unwrap_err();
    assert_eq!((error.line, error.col), (1, 1));
    assert_eq!(
        error.kind,
        ParseErrorKind::AmbiguousSymbols {
            size: 16,
            alphabets: vec!["123456789ABCDEFG".into(), "0123456789ABCDEF".into()],
        }
    );
    let message = error.to_string();
    assert!(message.contains("--symbols 123456789ABCDEFG"), "{message}");
    assert!(message.contains("--symbols 0123456789ABCDEF"), "{message}");
    // --symbols decides, either way.
    for symbols in [Symbols::standard(16), Symbols::zero_based(16)] {
        let items = read_with(&format!("{line}\n"), |p| {
            p.reading_sizes().with_symbols(symbols.clone())
        });
        let (grid, _) = items[0].as_ref().expect("read").sized().expect("sized");
        let want: Vec<u8> = line
            .chars()
            .map(|c| symbols.digit(c).unwrap_or(0))
            .collect();
        assert_eq!(grid.cells(), &want[..], "{symbols}");
    }
    // A 12x12 board with no `0` and no `C`, the same.
    let twelve = solution(Shape::for_size(12).expect("12x12"));
    let line12 = puzzle_line(&twelve, &Symbols::standard(12), |i| twelve[i] < 12);
    let items = read(&format!("{line12}\n"));
    assert!(matches!(
        items[0].as_ref().unwrap_err().kind,
        ParseErrorKind::AmbiguousSymbols { size: 12, .. }
    ));
}

#[test]
fn an_earlier_board_of_the_same_size_settles_the_alphabet_of_later_ones() {
    let shape = Shape::for_size(16).expect("16x16");
    let cells = solution(shape);
    let hex = Symbols::zero_based(16);
    let settles = puzzle_line(&cells, &hex, |i| i.is_multiple_of(2) || cells[i] == 1);
    let open = puzzle_line(&cells, &hex, |i| cells[i] != 1 && cells[i] != 16);
    // Before: an error (the reader streams); after: read in the settled alphabet.
    let items = read(&format!("{open}\n{settles}\n{open}\n"));
    assert!(matches!(
        items[0].as_ref().unwrap_err().kind,
        ParseErrorKind::AmbiguousSymbols { .. }
    ));
    for item in &items[1..] {
        let (_, notation) = item.as_ref().expect("read").sized().expect("sized");
        assert_eq!(notation, &Notation::Symbols(hex.clone()));
    }
    let third = items[2].as_ref().expect("read").sized().expect("sized").0;
    let want: Vec<u8> = cells
        .iter()
        .map(|&d| if d != 1 && d != 16 { d } else { 0 })
        .collect();
    assert_eq!(third.cells(), &want[..]);
    // Inside one JSON value too.
    let json = format!("[\"{settles}\", \"{open}\"]");
    let json = format!("{{\"a\": \"{settles}\", \"b\": \"{open}\"}}\n{json}\n");
    let items = read(&json);
    assert_eq!(items.len(), 4, "{items:?}");
    assert!(
        items
            .iter()
            .all(|i| i.as_ref().is_ok_and(|p| p.sized().is_some())),
        "{items:?}"
    );
}

#[test]
fn digits_of_small_boards_and_letters() {
    let (grid, notation) = board("1..4.4..4..1..3.\n");
    assert_eq!(
        grid.cells(),
        &[1, 0, 0, 4, 0, 4, 0, 0, 4, 0, 0, 1, 0, 0, 3, 0]
    );
    assert_eq!(notation, Notation::Symbols(Symbols::standard(4)));
    let (letters, notation) = board("A..D.D..D..A..C.\n");
    assert_eq!(letters, grid);
    assert_eq!(notation, Notation::Symbols(Symbols::letters(4)));
    // A digit above N is no cell of the board.
    let items = read("1..5.4..4..1..3.\n");
    assert!(items[0].is_err(), "{items:?}");
}

#[test]
fn grids_with_separators_draw_their_box() {
    let cells = solution(Shape::new(3, 2).expect("3x2"));
    let rows: Vec<String> = cells
        .chunks(6)
        .map(|r| r.iter().map(|d| d.to_string()).collect())
        .collect();
    // `|` every 2 columns, a line every 3 rows: boxes of 3x2, not the usual 2x3.
    let mut drawn = String::new();
    for (k, row) in rows.iter().enumerate() {
        if k == 3 {
            drawn.push_str("---+---+---\n");
        }
        drawn.push_str(&format!("{}|{}|{}\n", &row[0..2], &row[2..4], &row[4..6]));
    }
    let (grid, _) = board(&drawn);
    assert_eq!(grid.shape(), Shape::new(3, 2).expect("3x2"));
    assert_eq!(grid.cells(), &cells[..]);
    assert!(grid.conflict().is_none());
    // The same with blank lines between bands and blanks between stacks.
    let spaced: String = rows
        .iter()
        .enumerate()
        .map(|(k, row)| {
            let gap = if k == 3 { "\n" } else { "" };
            format!("{gap}{} {} {}\n", &row[0..2], &row[2..4], &row[4..6])
        })
        .collect();
    assert_eq!(board(&spaced).0.shape(), Shape::new(3, 2).expect("3x2"));
    // No separators: the usual box; --box overrides both.
    let plain: String = rows.iter().map(|r| format!("{r}\n")).collect();
    assert_eq!(board(&plain).0.shape(), Shape::new(2, 3).expect("2x3"));
    for text in [&plain, &drawn] {
        let items = read_with(text, |p| {
            p.reading_sizes().with_box("3x2".parse().expect("3x2"))
        });
        let grid = items[0].as_ref().expect("read").sized().expect("sized").0;
        assert_eq!(grid.shape(), Shape::new(3, 2).expect("3x2"));
    }
    // A box for another size leaves this one alone.
    let items = read_with(&plain, |p| {
        p.reading_sizes().with_box("3x4".parse().expect("3x4"))
    });
    let grid = items[0].as_ref().expect("read").sized().expect("sized").0;
    assert_eq!(grid.shape(), Shape::new(2, 3).expect("2x3"));
}

#[test]
fn numbers_set_apart_by_blanks_or_commas_with_every_empty_mark() {
    let want = [1, 0, 0, 4, 0, 4, 0, 0, 4, 0, 0, 1, 0, 0, 3, 0];
    for text in [
        "1 0 0 4\n0 4 0 0\n4 0 0 1\n0 0 3 0\n",
        "1,0,0,4\n0,4,0,0\n4,0,0,1\n0,0,3,0\n",
        "1 . | . 4\n. 4 | . .\n----+----\n4 _ | _ 1\n_ _ | 3 _\n",
        "1, _, _, 4\n_, 4, _, _\n4, _, _, 1\n_, _, 3, _\n",
    ] {
        let (grid, notation) = board(text);
        assert_eq!(
            (grid.cells(), notation),
            (&want[..], Notation::Numbers),
            "{text}"
        );
    }
    // Numbers above 9, and above N.
    let twelve = solution(Shape::for_size(12).expect("12x12"));
    let text: String = twelve
        .chunks(12)
        .map(|row| {
            format!(
                "{}\n",
                row.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
            )
        })
        .collect();
    assert_eq!(board(&text).0.cells(), &twelve[..]);
    let bad = text.replacen("12", "13", 1);
    let items = read(&bad);
    assert!(
        items.iter().all(|i| i.is_err()) && !items.is_empty(),
        "{items:?}"
    );
}

#[test]
fn json_boards_of_numbers_and_of_symbols() {
    let want = [1, 0, 0, 4, 0, 4, 0, 0, 4, 0, 0, 1, 0, 0, 3, 0];
    for text in [
        "[[1,0,0,4],[0,4,0,0],[4,0,0,1],[0,0,3,0]]\n",
        "{\"puzzle\": [\n  [1, 0, 0, 4],\n  [0, 4, 0, 0],\n  [4, 0, 0, 1],\n  [0, 0, 3, 0]\n]}\n",
        "[\"1..4\", \".4..\", \"4..1\", \"..3.\"]\n",
        "[[\"A\",\".\",\".\",\"D\"],[\".\",\"D\",\".\",\".\"],[\"D\",\".\",\".\",\"A\"],[\".\",\".\",\"C\",\".\"]]\n",
        "{\"puzzle\": \"1..4.4..4..1..3.\", \"solution\": \"1234341243212143\"}\n",
    ] {
        let items = read(text);
        assert_eq!(items.len(), 1, "{text}: {items:?}");
        let puzzle = items[0].as_ref().expect("read");
        assert_eq!(puzzle.sized().expect("sized").0.cells(), &want[..], "{text}");
        assert_eq!(puzzle.line(), 1, "{text}");
    }
    // Numbers above 9 in a 12x12 board, and a damaged row.
    let twelve = solution(Shape::for_size(12).expect("12x12"));
    let rows: Vec<String> = twelve
        .chunks(12)
        .map(|r| {
            format!(
                "[{}]",
                r.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
            )
        })
        .collect();
    let json = format!("[{}]\n", rows.join(",\n"));
    let items = read(&json);
    assert_eq!(
        items[0]
            .as_ref()
            .expect("read")
            .sized()
            .expect("sized")
            .0
            .cells(),
        &twelve[..]
    );
    let damaged = json.replacen("[[1,", "[[13,", 1);
    let items = read(&damaged);
    assert_eq!(items.len(), 1);
    let error = items[0].as_ref().unwrap_err();
    assert_eq!((error.line, error.col), (1, 3), "{error}");
    // A matrix is no board: rows of 7 under 8, a repeated digit, a fraction.
    for matrix in [
        "[[1,1,0,0,0,0,0],[0,1,1,0,0,0,0],[0,0,1,1,0,0,0],[1,0,0,1,0,0,0],[0,0,0,1,1,0,0],[0,0,0,0,1,1,0],[0,0,0,0,0,1,1],[1,0,0,0,0,0,1]]\n",
        "[[1,1,0,0],[0,1,1,0],[0,0,1,1],[1,0,0,1]]\n",
        "[[0.5,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]\n",
    ] {
        let with = read(matrix);
        assert!(with.iter().all(|i| !i.as_ref().is_ok_and(|p| p.sized().is_some())), "{with:?}");
        assert_eq!(format!("{with:?}"), format!("{:?}", parse_str(matrix)), "{matrix}");
    }
}

#[test]
fn csv_fields_of_n_by_n_cells_under_their_header() {
    let text = "id,solution,puzzle\n1,1234341243212143,1..4.4..4..1..3.\n2,x,......6..14...5......2....4....5.62.\n";
    let items = read(text);
    assert_eq!(item_lines(&items), [2, 3]);
    let first = items[0].as_ref().expect("read").sized().expect("sized").0;
    assert_eq!(first.filled(), 6, "the puzzle column, not the solution");
    assert_eq!(
        items[1]
            .as_ref()
            .expect("read")
            .sized()
            .expect("sized")
            .0
            .size(),
        6
    );
}

#[test]
fn mixed_sizes_keep_their_slots_in_order() {
    let text = format!(
        "{LEETCODE}\n1..4.4..4..1..3.\n\nGrid 2\n1..4\n.4..\n4..1\n..3.\n{SOLUTION}\n1..4\n.4..\n\n......6..14..@5......2....4....5.62.\n[[1,0,0,4],[0,4,0,0],[4,0,0,1],[0,0,3,0]]\n{LEETCODE}\n"
    );
    let items = read(&text);
    let kinds: Vec<(usize, &str)> = items
        .iter()
        .map(|i| match i {
            Ok(p) if p.sized().is_some() => (p.line(), "sized"),
            Ok(p) => (p.line(), "9x9"),
            Err(e) => (e.line, "error"),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            (1, "9x9"),
            (2, "sized"),
            (5, "sized"),
            (9, "9x9"),
            (10, "error"),
            (13, "error"),
            (14, "sized"),
            (15, "9x9")
        ]
    );
    assert_eq!(items[2].as_ref().expect("read").label(), Some("Grid 2"));
    let error = items[5].as_ref().unwrap_err();
    assert_eq!((error.line, error.col), (13, 14), "{error}");
}

#[test]
fn rows_that_make_no_board_go_back_to_the_nine_by_nine_reader() {
    // A label that looks like a row, a lone 4-wide row: read exactly as without sizes.
    let text = format!("Game 12\n{LEETCODE}\n1234\n{LEETCODE}\n53 12 ab\n");
    assert_eq!(
        format!("{:?}", read(&text)),
        format!("{:?}", parse_str(&text))
    );
    let items = read(&text);
    assert_eq!(items[0].as_ref().expect("read").label(), Some("Game 12"));
}

/// The files of a directory and its subdirectories, sorted.
fn files_under(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a directory")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What a parser reads from `bytes`, and how many boards of other sizes it passed over.
fn read_bytes(bytes: &[u8], sizes: bool) -> (Vec<Parsed>, usize) {
    let parser = Parser::new(bytes);
    let mut parser = if sizes {
        parser.reading_sizes()
    } else {
        parser
    };
    let mut out = Vec::new();
    while let Ok(Some(item)) = parser.next_item() {
        out.push(item);
    }
    (out, parser.other_sizes().len())
}

#[test]
fn nine_by_nine_files_read_exactly_as_without_sizes() {
    let mut files = Vec::new();
    files_under(&root().join("puzzles"), &mut files);
    files_under(&root().join("tests/data"), &mut files);
    let nine: Vec<_> = files
        .iter()
        .filter(|p| !p.components().any(|c| c.as_os_str() == "sizes"))
        .collect();
    assert!(nine.len() > 30, "{} files", nine.len());
    for path in nine {
        let bytes = std::fs::read(path).expect("readable");
        let (before, others) = read_bytes(&bytes, false);
        let (after, _) = read_bytes(&bytes, true);
        if others == 0 {
            // No board of another size in it: exactly the same slots.
            assert_eq!(
                format!("{after:?}"),
                format!("{before:?}"),
                "{}",
                path.display()
            );
            continue;
        }
        // Boards of other sizes inside 9x9 files are read now; everything else is unchanged.
        let nine_only: Vec<_> = after
            .iter()
            .filter(|i| !i.as_ref().is_ok_and(|p| p.sized().is_some()))
            .filter(|i| {
                !i.as_ref().is_err_and(|e| {
                    matches!(
                        e.kind,
                        ParseErrorKind::SizedBoard(_) | ParseErrorKind::AmbiguousSymbols { .. }
                    )
                })
            })
            .collect();
        let before: Vec<_> = before.iter().collect();
        assert_eq!(
            format!("{nine_only:?}"),
            format!("{before:?}"),
            "{}",
            path.display()
        );
    }
}

/// The sample files, each with its boards: (file, size of each board in order).
const SAMPLES: [(&str, &[usize]); 13] = [
    ("lines.txt", &[4, 4, 6, 6, 8, 8, 12, 12, 4, 6]),
    ("grids.txt", &[4, 4, 6, 6]),
    ("boxed-grids.txt", &[6, 8, 12]),
    ("banded-grids.txt", &[6, 8, 6]),
    ("numbers.txt", &[6, 12, 12, 4]),
    ("comma-numbers.txt", &[4, 6, 8]),
    ("boards.json", &[4, 6, 12, 8, 16]),
    ("puzzles.csv", &[4, 4, 6, 6, 8]),
    ("standard-16x16.txt", &[16, 16, 16]),
    ("hex-16x16.txt", &[16, 16, 16]),
    ("letters-16x16.txt", &[16, 16]),
    ("25x25.txt", &[25, 25, 25]),
    ("pretty-grids.txt", &[6, 6, 12]),
];

/// The cells of a sample file as written, read plainly: numbers set apart, or one character a
/// cell, with comments, labels, JSON keys and a CSV's solution column left out.
fn cells_as_written(name: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || line.starts_with("Grid") || line.starts_with("Puzzle") {
            continue;
        }
        let line = if name.ends_with(".csv") {
            line.split(',').next().unwrap_or("")
        } else if name.ends_with(".json") {
            line.rsplit(':').next().unwrap_or("")
        } else {
            line
        };
        if name == "puzzles.csv" && line == "puzzle" {
            continue;
        }
        let numbers = name.contains("numbers") || name.ends_with(".json") && !line.contains('"');
        if numbers {
            out.extend(
                line.split(|c: char| !c.is_ascii_alphanumeric() && c != '.' && c != '_')
                    .filter(|t| !t.is_empty())
                    .map(|t| {
                        if t == "." || t == "_" {
                            "0".to_string()
                        } else {
                            t.to_string()
                        }
                    }),
            );
        } else {
            out.extend(
                line.chars()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '.')
                    .map(|c| c.to_string()),
            );
        }
    }
    out
}

/// A board's cells as its notation writes them.
fn cells_written(grid: &SizedGrid, notation: &Notation) -> Vec<String> {
    grid.cells().iter().map(|&d| notation.cell(d)).collect()
}

#[test]
fn sample_files_are_read_whole_and_in_order() {
    let dir = root().join("puzzles/sizes");
    let mut listed: Vec<String> = std::fs::read_dir(&dir)
        .expect("puzzles/sizes")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    listed.sort();
    let mut named: Vec<String> = SAMPLES.iter().map(|(n, _)| n.to_string()).collect();
    named.sort();
    assert_eq!(listed, named, "every sample file is checked here");
    // Their list, with their sources, is in the documentation (the folder holds puzzles only,
    // so that `sudoku solve puzzles/sizes/` reads nothing else).
    let readme = std::fs::read_to_string(root().join("doc/size-samples.md")).expect("a list");
    for (name, sizes) in SAMPLES {
        assert!(readme.contains(name), "doc/size-samples.md lists {name}");
        let text = std::fs::read_to_string(dir.join(name)).expect("readable");
        let items = read(&text);
        let got: Vec<usize> = items
            .iter()
            .map(|i| match i {
                Ok(p) => p.sized().map_or(9, |(g, _)| g.size()),
                Err(e) => panic!("{name}: {e}"),
            })
            .collect();
        assert_eq!(got, sizes, "{name}");
        let lines = item_lines(&items);
        assert!(lines.windows(2).all(|w| w[0] < w[1]), "{name}: {lines:?}");
        let mut written = Vec::new();
        for puzzle in items.iter().flatten() {
            let (grid, notation) = puzzle.sized().expect("sized");
            assert!(grid.conflict().is_none(), "{name}: line {}", puzzle.line());
            let cells = cells_written(grid, notation);
            let numbers = *notation == Notation::Numbers;
            written.extend(
                cells
                    .into_iter()
                    .map(|c| if numbers && c == "0" { ".".into() } else { c }),
            );
        }
        let plain: Vec<String> = cells_as_written(name, &text)
            .into_iter()
            .map(|c| {
                if c == "0" && !name.starts_with("hex") {
                    ".".into()
                } else {
                    c
                }
            })
            .collect();
        assert_eq!(written, plain, "{name}: every cell, in order");
    }
}

/// Scripted damage to each sample file (as `scripts/damage.py` does: each line deleted,
/// repeated, garbled): every board read from a damaged copy is a board of the original (none
/// glued from two), slots stay in order, and every board whose lines were not touched is still
/// read.
#[test]
fn damaged_sample_files_keep_every_slot() {
    let dir = root().join("puzzles/sizes");
    for (name, _) in SAMPLES {
        let text = std::fs::read_to_string(dir.join(name)).expect("readable");
        let lines: Vec<&str> = text.lines().collect();
        let original: Vec<(usize, SizedGrid)> = read(&text)
            .into_iter()
            .map(|i| {
                let p = i.expect("the original reads");
                (p.line(), p.sized().expect("sized").0.clone())
            })
            .collect();
        let starts: Vec<usize> = original.iter().map(|(l, _)| *l).collect();
        for at in 0..lines.len() {
            for kind in ["deleted", "repeated", "garbled"] {
                let mut copy: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                match kind {
                    "deleted" => {
                        copy.remove(at);
                    }
                    "repeated" => copy.insert(at, lines[at].to_string()),
                    _ => {
                        let line = &lines[at];
                        let k = line.chars().count() / 2;
                        copy[at] = if line.is_empty() {
                            "@@@".into()
                        } else {
                            line.chars()
                                .enumerate()
                                .map(|(i, c)| if i == k { '@' } else { c })
                                .collect()
                        };
                    }
                }
                let damaged = copy.join("\n") + "\n";
                let items = read(&damaged);
                let slots = item_lines(&items);
                let what = format!("{name} line {} {kind}", at + 1);
                assert!(slots.windows(2).all(|w| w[0] <= w[1]), "{what}: {slots:?}");
                let got: Vec<&SizedGrid> = items
                    .iter()
                    .flatten()
                    .map(|p| p.sized().expect("sized").0)
                    .collect();
                for grid in &got {
                    assert!(
                        original.iter().any(|(_, g)| g == *grid),
                        "{what}: a board not in the original"
                    );
                }
                let damaged_line = at + 1;
                let mut k = 0;
                for (j, (start, grid)) in original.iter().enumerate() {
                    let end = starts.get(j + 1).copied().unwrap_or(usize::MAX);
                    let touched = (*start..end).contains(&damaged_line)
                        || j == 0 && damaged_line < *start
                        || damaged_line + 1 == *start;
                    match got[k..].iter().take(4).position(|g| *g == grid) {
                        Some(p) => k += p + 1,
                        None => assert!(touched, "{what}: lost the board of line {start}"),
                    }
                }
            }
        }
    }
}

/// What the fuzz target checks of every board of another size: written back as JSON strings in
/// its own symbols and box, it reads the same.
#[test]
fn boards_read_back_from_their_own_rows() {
    let dir = root().join("puzzles/sizes");
    let mut boards = 0;
    for (name, _) in SAMPLES {
        let text = std::fs::read_to_string(dir.join(name)).expect("readable");
        for puzzle in read(&text).into_iter().flatten() {
            let (grid, notation) = puzzle.sized().expect("sized");
            let symbols = match notation {
                Notation::Symbols(symbols) => symbols.clone(),
                Notation::Numbers => Symbols::standard(grid.size()),
            };
            let line = grid.to_line(&symbols);
            let rows: Vec<String> = line
                .as_bytes()
                .chunks(grid.size())
                .map(|row| format!("\"{}\"", String::from_utf8_lossy(row)))
                .collect();
            let json = format!("[{}]\n", rows.join(", "));
            let items = read_with(&json, |p| {
                p.reading_sizes()
                    .with_symbols(symbols.clone())
                    .with_box(grid.shape())
            });
            let back = items[0].as_ref().expect("its own rows read");
            assert_eq!(back.sized().expect("sized").0, grid, "{name}");
            boards += 1;
        }
    }
    assert_eq!(boards, SAMPLES.iter().map(|(_, s)| s.len()).sum::<usize>());
}

/// A board drawn as `sudoku -f pretty` draws it: cells set apart by one blank (numbers
/// right-aligned to the widest), ` | ` between boxes, a rule of `-` and `+` between bands.
fn pretty(cells: &[u8], shape: Shape, cell: impl Fn(u8) -> String) -> String {
    let n = shape.size();
    let mut out = String::from("# a pretty grid\n");
    let mut rule = String::new();
    for (r, row) in cells.chunks(n).enumerate() {
        let boxes: Vec<String> = row
            .chunks(shape.box_cols())
            .map(|b| b.iter().map(|&d| cell(d)).collect::<Vec<_>>().join(" "))
            .collect();
        let line = boxes.join(" | ");
        if rule.is_empty() {
            rule = line
                .chars()
                .map(|c| if c == '|' { '+' } else { '-' })
                .collect();
        }
        if r > 0 && r % shape.box_rows() == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[test]
fn pretty_grids_read_back_with_the_box_they_draw() {
    let shapes = [(2, 3), (3, 2), (3, 4), (2, 4)];
    for (rows, cols) in shapes {
        let shape = Shape::new(rows, cols).expect("a shape");
        let n = shape.size();
        let full = solution(shape);
        // Every third cell blanked: some rows hold no letter, some no digit at all.
        let mut cells = full.clone();
        for (i, c) in cells.iter_mut().enumerate() {
            if i % 3 != 0 || i / n == 1 {
                *c = 0;
            }
        }
        let symbols = Symbols::standard(n);
        let in_symbols = |d: u8| {
            if d == 0 {
                ".".into()
            } else {
                symbols.symbol(d).to_string()
            }
        };
        let width = n.to_string().len();
        let in_numbers = |d: u8| format!("{d:>width$}");
        for board_cells in [&full, &cells] {
            for text in [
                pretty(board_cells, shape, in_symbols),
                pretty(board_cells, shape, in_numbers),
            ] {
                let (grid, _) = board(&text);
                assert_eq!(grid.shape(), shape, "{text}");
                assert_eq!(grid.cells(), &board_cells[..], "{text}");
            }
        }
        // Above 9 a board drawn in numbers is read in numbers, in symbols in its symbols.
        if n > 9 {
            let (_, notation) = board(&pretty(&cells, shape, in_numbers));
            assert_eq!(notation, Notation::Numbers);
            let (_, notation) = board(&pretty(&full, shape, in_symbols));
            assert_eq!(notation, Notation::Symbols(symbols.clone()));
        }
    }
}

#[test]
fn a_pretty_grid_with_a_row_of_empty_cells_is_one_board() {
    // The report: rows of 6 cells, one of them all empty, were taken as damaged 9x9 rows.
    let text = "6 . 3 | . . .\n. . . | . . .\n------+------\n. . 4 | 1 . .\n5 . . | . . .\n------+------\n. 1 . | . 2 .\n. . . | 5 . 1\n";
    let (grid, _) = board(text);
    assert_eq!(grid.shape(), Shape::new(2, 3).expect("2x3"));
    assert_eq!(grid.filled(), 9);
    assert_eq!((grid.get(0, 0), grid.get(5, 5), grid.get(1, 0)), (6, 1, 0));
}

#[test]
fn rows_that_are_nine_by_nine_rows_too_stay_the_nine_by_nine_readers_unless_a_whole_board() {
    // `6 . | 3 . | . .` is a 3x2 board's row and a 9x9 row with spaces for empty cells.
    let shape = Shape::new(3, 2).expect("3x2");
    let full = solution(shape);
    let text = pretty(&full, shape, |d| d.to_string());
    let (grid, _) = board(&text);
    assert_eq!((grid.shape(), grid.cells()), (shape, &full[..]));
    // Cut short, or followed by more such rows (a 9x9 grid's), they are read as without sizes.
    let lines: Vec<&str> = text.lines().collect();
    let short = lines[..lines.len() - 1].join("\n") + "\n";
    let longer = text.clone() + lines[1] + "\n" + lines[2] + "\n" + lines[3] + "\n";
    let damaged = text.replacen(lines[2], "6 . | 3 x | . .", 1);
    for text in [short, longer, damaged] {
        assert_eq!(
            format!("{:?}", read(&text)),
            format!("{:?}", parse_str(&text)),
            "{text}"
        );
        let items = read(&text);
        assert!(!items.is_empty(), "{text}");
        assert!(
            items
                .iter()
                .all(|i| i.as_ref().map_or(true, |p| p.sized().is_none())),
            "{text}"
        );
    }
    // A blank line or a comment after the board ends it: the board, then what follows.
    let two = format!("{text}\n{text}");
    let items = read(&two);
    assert_eq!(items.len(), 2, "{items:?}");
    assert!(items
        .iter()
        .all(|i| i.as_ref().is_ok_and(|p| p.sized().is_some())));
}
