//! Fuzz target: any bytes through the parser, and every puzzle it yields through the rule check
//! and the solver, as routed and on each instruction set this CPU runs. Nothing may panic; every error has
//! a position; every solution is valid; every instruction set answers as the portable one.
//!
//! The bytes are also read with boards of other sizes taken as puzzles (`reading_sizes`): every
//! board read is whole and within its size, and reads back the same from its own line.
//!
//! The first byte also picks a shape that must lose nothing:
//! - the bytes as a damaged JSON board ahead of 20 good puzzles: all 20 are still read;
//! - the bytes with every `\n` made `\r` (an old Mac file): the same answers as with `\n`;
//! - the bytes as a file name: printed escaped, on one line, with no control character;
//! - the bytes after a puzzle record, repeated to thousands of values on one line (under the
//!   1 MiB line limit, or over it and read in pieces), then 20 good puzzles: no stack overflow,
//!   and all 20 are still read.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_solver::internals::Isa;
use sudoku_solver::{search, search_candidates, Grid, Notation, Parsed, Parser};

const GOOD: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// The parser's line limit: a longer line is read in pieces.
const LINE_LIMIT: usize = 1 << 20;

fn parse(data: &[u8]) -> Vec<Parsed> {
    let mut parser = Parser::new(data);
    let mut items = Vec::new();
    while let Ok(Some(item)) = parser.next_item() {
        items.push(item);
    }
    items
}

/// The bytes read with boards of other sizes taken as puzzles: nothing panics, every error has a
/// position, and every board of another size has N*N cells of 0..=N, an empty 9x9 grid, and
/// reads back the same from its line in its own symbols and box.
fn check_sizes(data: &[u8]) {
    let mut parser = Parser::new(data).reading_sizes();
    while let Ok(Some(item)) = parser.next_item() {
        let puzzle = match item {
            Ok(puzzle) => puzzle,
            Err(error) => {
                assert!(error.line >= 1 && error.col >= 1);
                continue;
            }
        };
        let Some((grid, notation)) = puzzle.sized() else {
            continue;
        };
        let n = grid.size();
        assert_ne!(n, 9);
        assert_eq!(grid.cells().len(), n * n);
        assert!(grid.cells().iter().all(|&c| usize::from(c) <= n));
        assert_eq!(puzzle.grid(), Grid::EMPTY);
        if let Notation::Symbols(symbols) = notation {
            // Written back as JSON strings, one a row (a line of 729 digits would be 9x9
            // pencilmarks, rows of 27 digits three 9x9 rows: JSON strings are neither).
            let line = grid.to_line(symbols);
            let rows: Vec<String> = line
                .as_bytes()
                .chunks(n)
                .map(|row| format!("\"{}\"", String::from_utf8_lossy(row)))
                .collect();
            let text = format!("[{}]\n", rows.join(", "));
            let mut again = Parser::new(text.as_bytes())
                .reading_sizes()
                .with_symbols(symbols.clone())
                .with_box(grid.shape());
            let read = again
                .next_item()
                .expect("a slice reads")
                .expect("one board");
            let back = read.expect("its own rows read");
            assert_eq!(back.sized().expect("a board of another size").0, grid);
        }
    }
}

/// `line` and 20 good puzzles after it: all 20 must be read, whatever the line held.
fn keeps_the_good_after(line: &[u8]) {
    let mut text = line.to_vec();
    text.push(b'\n');
    for _ in 0..20 {
        text.extend_from_slice(GOOD.as_bytes());
        text.push(b'\n');
    }
    let items = parse(&text);
    let good = items
        .iter()
        .filter(|i| {
            i.as_ref()
                .is_ok_and(|p| p.grid().to_line() == GOOD && p.line() > 1)
        })
        .count();
    assert_eq!(good, 20, "a damaged line took good puzzles after it");
    for item in &items {
        if let Err(error) = item {
            assert!(error.line >= 1 && error.col >= 1);
        }
    }
}

fn check(items: &[Parsed]) {
    for item in items {
        match item {
            Ok(puzzle) => {
                let outcome = match puzzle.candidates() {
                    Some(candidates) => search_candidates(candidates, 2),
                    None => search(puzzle.grid().cells(), 2),
                };
                assert!(outcome.solutions() <= 2);
                // The vector engine alone, on every instruction set: the portable answer.
                let on = |isa: Isa| match puzzle.candidates() {
                    Some(candidates) => isa.search_candidates(candidates, 2),
                    None => isa.search(puzzle.grid().cells(), 2),
                };
                let portable = on(Isa::Portable).expect("portable runs anywhere");
                assert_eq!(portable.solutions(), outcome.solutions());
                for isa in Isa::ALL {
                    if let Some(other) = on(isa) {
                        assert_eq!(other, portable, "{isa}");
                    }
                }
                if puzzle.candidates().is_none() && puzzle.grid().conflict().is_some() {
                    assert_eq!(
                        outcome.solutions(),
                        0,
                        "conflicting givens cannot be solved"
                    );
                }
                for solution in [outcome.first(), outcome.second()].into_iter().flatten() {
                    let grid = Grid::from_cells(solution).expect("digits");
                    assert!(grid.solves(&puzzle.grid()), "invalid solution");
                    if let Some(candidates) = puzzle.candidates() {
                        let masks = candidates.masks();
                        assert!((0..81).all(|i| masks[i] & (1 << (solution[i] - 1)) != 0));
                    }
                }
            }
            Err(error) => assert!(error.line >= 1 && error.col >= 1),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let items = parse(data);
    check(&items);
    check_sizes(data);
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    match shape % 4 {
        0 => {
            // A JSON board damaged by the bytes (no line break inside), then good puzzles.
            let board = format!(
                "[{}]",
                (0..9)
                    .map(|r| format!(
                        "[{}]",
                        GOOD[r * 9..r * 9 + 9]
                            .chars()
                            .map(|c| format!("\"{c}\""))
                            .collect::<Vec<_>>()
                            .join(",")
                    ))
                    .collect::<Vec<_>>()
                    .join(",")
            );
            let at = rest.first().map_or(0, |&b| b as usize % board.len());
            let cut: Vec<u8> = rest
                .iter()
                .copied()
                .filter(|&b| b != b'\n' && b != b'\r')
                .collect();
            let mut text = board.as_bytes()[..at].to_vec();
            text.extend_from_slice(&cut);
            text.extend_from_slice(&board.as_bytes()[at..]);
            keeps_the_good_after(&text);
        }
        1 => {
            // The same text with CR line endings reads the same.
            let lf: Vec<u8> = rest.iter().copied().filter(|&b| b != b'\r').collect();
            let cr: Vec<u8> = lf
                .iter()
                .map(|&b| if b == b'\n' { b'\r' } else { b })
                .collect();
            let a: Vec<_> = parse(&lf)
                .into_iter()
                .map(|i| i.map(|p| p.to_line()))
                .collect();
            let b: Vec<_> = parse(&cr)
                .into_iter()
                .map(|i| i.map(|p| p.to_line()))
                .collect();
            assert_eq!(a, b);
        }
        2 => {
            #[cfg(unix)]
            {
                use std::os::unix::ffi::OsStrExt;
                let name = std::path::Path::new(std::ffi::OsStr::from_bytes(rest));
                let shown = sudoku_cli::input::escape_path(name);
                assert!(!shown.chars().any(|c| c.is_control()), "{shown:?}");
            }
        }
        _ => {
            // Many values on one line: a puzzle record and the bytes after the next (no line
            // break) repeated to 512 bytes, again and again, to a quarter of the line limit
            // or, when the next byte is odd, past it.
            let (&size, rest) = rest.split_first().unwrap_or((&0, &[]));
            let cut: Vec<u8> = rest
                .iter()
                .copied()
                .filter(|&b| b != b'\n' && b != b'\r')
                .collect();
            let mut unit = format!("{{\"puzzle\": \"{GOOD}\"}}").into_bytes();
            unit.extend(cut.repeat(512usize.div_ceil(cut.len().max(1))));
            let size = if size % 2 == 1 {
                LINE_LIMIT + LINE_LIMIT / 8
            } else {
                LINE_LIMIT / 4
            };
            keeps_the_good_after(&unit.repeat(size.div_ceil(unit.len())));
        }
    }
});
