//! A board written as one flat list of 81 cells wrapped over several lines at any width, as
//! formatters write it (rustfmt's `[u8; 81] = [` with 29 or 30 numbers a line, a C `int p[81] =
//! {` with 20): the cells of the lines are counted up to the bracket that closes the list.
//!
//! The list opens on a line of code that leaves a bracket open with nothing but cells after it
//! (and is no JSON value: the JSON reader reads its own lists); the lines after it hold only
//! cells, separated by `,` and white space, the last one closing the bracket. When they add up to
//! 81 cells and some line is not a row of 9 (rows of 9 are a grid, read as one), the list is a
//! puzzle at its opening line. Otherwise, or when a line of something else comes first, the lines
//! held are read again one by one as any lines are, so nothing is lost or moved out of its slot.

use std::io::Read;

use super::super::kind::{Context, LineKind};
use super::super::mode::Reader;
use super::super::{classify, Form, GridCut, Parser, Puzzle, CELLS};
use super::{cell, declares_solution, tokens, Kind, RMatrix};

/// Lines held at most: 81 cells one a line, the opening and the closing line.
const MAX_LINES: usize = CELLS + 2;

/// A flat list being read.
#[derive(Debug, Default)]
pub(in crate::parse) struct Flat {
    /// The lines held, with their numbers, from the opening one.
    lines: Vec<(usize, Vec<u8>)>,
    cells: Vec<u8>,
    /// Some line after the opening one is not a row of 9 cells.
    wrapped: bool,
}

/// What a line is to a flat list.
enum Part {
    /// Cells, and whether the line closes the list.
    Cells(Vec<u8>, bool),
    /// Anything else.
    Other,
}

/// The cells of a line inside a flat list: items that are each one cell, then perhaps the
/// list's closing bracket and `;` or `,`; a comment may end the line.
fn part(line: &[u8]) -> Part {
    let Some(tokens) = tokens(line) else {
        return Part::Other;
    };
    let mut cells = Vec::new();
    let mut closed = false;
    for t in &tokens {
        match t.kind {
            Kind::Separator(b',') => {}
            Kind::Separator(_) if closed => {}
            Kind::Close if !closed => closed = true,
            kind if !closed && !kind.bracket() => match cell(kind) {
                Some(v) => cells.push(v),
                None => return Part::Other,
            },
            _ => return Part::Other,
        }
    }
    if cells.is_empty() && !closed {
        return Part::Other;
    }
    Part::Cells(cells, closed)
}

/// The cells after the bracket a line leaves open at its end, when only cells follow it and the
/// line is no JSON value.
fn opens(line: &[u8]) -> Option<Vec<u8>> {
    let tokens = tokens(line)?;
    let last_open = tokens.iter().rposition(|t| t.kind == Kind::Open)?;
    // No bracket before it may be left open (`{{5, 3, ...`: a board's rows, not a flat list).
    let mut depth = 0i64;
    for t in &tokens[..last_open] {
        match t.kind {
            Kind::Open => depth += 1,
            Kind::Close => depth -= 1,
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    let mut cells = Vec::new();
    for t in &tokens[last_open + 1..] {
        match t.kind {
            Kind::Separator(b',') => {}
            kind => cells.push(cell(kind)?),
        }
    }
    if cells.len() >= 9 {
        return None;
    }
    let plain = Context {
        header: None,
        first_line: false,
        labelled: false,
    };
    match classify::classify(line, &plain) {
        LineKind::Json { .. } => None,
        _ => Some(cells),
    }
}

impl<R: Read> Parser<R> {
    /// Reads `line` as part of a flat list, or as the line that opens one: true when it was
    /// taken. A line that ends the list without a puzzle has the lines held read again.
    pub(in crate::parse) fn flat_takes(&mut self, line: &[u8]) -> bool {
        if !self.reader.is_flat() {
            if self.replaying || !line.iter().any(|b| matches!(b, b'[' | b'{' | b'(')) {
                return false;
            }
            let Some(cells) = opens(line) else {
                return false;
            };
            self.reader = Reader::Flat(Flat {
                lines: vec![(self.line_no, line.to_vec())],
                cells,
                wrapped: false,
            });
            return true;
        }
        let Reader::Flat(mut flat) = std::mem::take(&mut self.reader) else {
            unreachable!("a flat list is open");
        };
        let Part::Cells(cells, closed) = part(line) else {
            self.replay(flat);
            return false;
        };
        flat.wrapped |= !cells.is_empty() && cells.len() != 9;
        flat.cells.extend(cells);
        flat.lines.push((self.line_no, line.to_vec()));
        if flat.cells.len() > CELLS || flat.lines.len() > MAX_LINES {
            self.replay(flat);
            return true;
        }
        if !closed {
            self.reader = Reader::Flat(flat);
            return true;
        }
        if flat.cells.len() != CELLS || !flat.wrapped {
            self.replay(flat);
            return true;
        }
        let (first, opening) = &flat.lines[0];
        let cells: [u8; CELLS] = flat.cells.as_slice().try_into().expect("81 cells");
        let mut puzzle = Puzzle::from_cells(cells, *first, Form::Line);
        if let Some(mut call) = RMatrix::opens(opening) {
            for (_, line) in &flat.lines[1..] {
                call.feed(line);
            }
            puzzle.grid = crate::grid::Grid::from_cells(call.as_r_reads(puzzle.grid.cells()))
                .expect("the same digits");
        }
        self.end_block(GridCut::OtherLayout(*first));
        if declares_solution(opening).is_some() || std::mem::take(&mut self.solution_next) {
            self.label = None;
        } else {
            self.push(Ok(puzzle));
        }
        true
    }

    /// The input ended inside a flat list: its lines are read as any lines are.
    pub(in crate::parse) fn flat_ends(&mut self) {
        if let Reader::Flat(_) = self.reader {
            let Reader::Flat(flat) = std::mem::take(&mut self.reader) else {
                unreachable!("a flat list is open");
            };
            self.replay(flat);
        }
    }

    /// Reads the lines a flat list held again, one by one, as any lines are.
    fn replay(&mut self, flat: Flat) {
        let now = self.line_no;
        self.replaying = true;
        for (n, line) in flat.lines {
            self.line_no = n;
            self.read_line(&line);
        }
        self.replaying = false;
        self.line_no = now;
    }
}
