//! Where the line lies between a damaged Sudoku and text that is no Sudoku at all: which errors
//! keep a slot of their own.
//!
//! An error slot (an error record in the output, which also makes the exit code 3) belongs only
//! to something that may be a damaged Sudoku. Files hold many other things made of numbers:
//! tables of measurements, logs of training runs, matrices in code, magic squares, small digit
//! grids in prompts. An error from those would bury the answers under one record a line, so the
//! parser holds each error back until it knows the *region* it came from, and judges the region
//! as a whole here.
//!
//! A region is a run of lines between blank lines (a blank line inside a grid, a JSON value or a
//! CSV record does not end it). It has the shape of a damaged Sudoku, and its errors keep their
//! slots, when
//!
//! - a puzzle was read in it, or one of its lines is about a puzzle line: 72 to 90 cells, 648 to
//!   810 (pencilmarks), or a run of 40 cells or more (a CSV field, a string), or a line too long
//!   to read at once; or
//! - it holds at least 3 rows of 9 cells, at least as many as its other lines with cells: a grid
//!   that lost, repeated or garbled a row keeps at least 8 of its 9 (a string of 27 cells is 3
//!   rows); or
//! - it is one line on its own, or two lines, one of them about a row's cells (5 to 13): a row on
//!   its own, damaged (`53..x....`), or a value alone that says what it is not (`{"puzzle": 5}`).
//!
//! Cells here are the characters `1`-`9`, `0`, `.` and `_` of a line, or its items when they are
//! single cells (`5, 3, null, ...`); a number of two digits or more (`47`, `1000025`) is no cell.
//! Anything else is not a Sudoku, and its errors take no slot: rows of 7 or 10 or 35 cells,
//! however many, a square of numbers up to 81, a 3x3 matrix. Scripted damage to a sample file
//! (`scripts/damage.py`: a line deleted, repeated or garbled) leaves every puzzle's region
//! on the Sudoku side of that line, so no damaged puzzle loses its slot.
//!
//! A region passed over whose rows make square boards of another size (4x4 as `[1, 0, 0, 4],`
//! rows, a CSV field of 16 cells) gives those boards the note other sizes get
//! ([`super::OtherBoard`]), and the largest region passed over is what a file with no puzzle
//! says it held instead ([`Seen`]).

use std::collections::VecDeque;
use std::io::Read;

use super::literal::{OtherBoard, OTHER_SIZES};
use super::{classify, ParseErrorKind, Parsed, Parser, Puzzle, CELLS, MAX_CELLS};
use crate::parse::ParseError;

/// Errors held back at most while a region is judged; past this the region is far too big for
/// a grid, and the errors held are let go as a region's that is no Sudoku.
const HELD: usize = 1024;

/// Boards of other sizes a region names at most.
const BOARDS: usize = 64;

/// The shape of one line: what a region is judged by.
#[derive(Clone, Copy, Debug, Default)]
struct LineShape {
    /// Cell characters (`classify::weight`: a row's worth more when the line is damaged itself).
    weight: usize,
    /// Items that are single cells (`5`, `.`, `null`), or `None` when a number of two digits or
    /// more stands among them.
    items: Option<usize>,
    /// Items that could be cells of a board of another size (numbers up to 25, one letter).
    width: usize,
    /// The longest run of cell characters.
    run: usize,
    /// A number other than 0 stands twice among its items: no row of a board (`1, 1, 0, 0`).
    repeats: bool,
    /// Numbers on the line, and the largest whole one.
    numbers: usize,
    largest: u64,
}

const NOTHING: [&[u8]; 7] = [
    b"null",
    b"None",
    b"nil",
    b"undefined",
    b"NA",
    b"NULL",
    b"nothing",
];

fn line_shape(line: &[u8]) -> LineShape {
    let mut shape = LineShape {
        weight: classify::weight(line),
        ..LineShape::default()
    };
    let mut run = 0;
    for &b in line {
        run = if b.is_ascii_digit() || b == b'.' || b == b'_' {
            run + 1
        } else {
            0
        };
        shape.run = shape.run.max(run);
    }
    let mut items = 0;
    let mut multi = false;
    let mut values = 0u32;
    let tokens = line
        .split(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'*')))
        .filter(|t| !t.is_empty());
    for token in tokens {
        let digits = token.iter().all(u8::is_ascii_digit);
        let number = !token.is_empty()
            && token.iter().filter(|&&b| b == b'.').count() <= 1
            && token.iter().all(|&b| b.is_ascii_digit() || b == b'.')
            && token.iter().any(u8::is_ascii_digit);
        if number {
            shape.numbers += 1;
            if digits {
                let value = std::str::from_utf8(token)
                    .ok()
                    .and_then(|s| s.parse::<u64>().ok())
                    .unwrap_or(u64::MAX);
                shape.largest = shape.largest.max(value);
                if (1..32).contains(&value) {
                    shape.repeats |= values & 1 << value != 0;
                    values |= 1 << value;
                }
            }
        }
        let cellish = |b: &u8| b.is_ascii_digit() || matches!(b, b'.' | b'_' | b'-' | b'*');
        if token.len() == 1 && cellish(&token[0]) || NOTHING.contains(&token) {
            items += 1;
            shape.width += 1;
        } else if digits {
            multi = true;
            shape.width += usize::from(token.len() <= 2 && token <= &b"25"[..]);
        } else if token.iter().all(cellish) && token.iter().any(|b| !b.is_ascii_digit()) {
            // Cells packed with blanks among them (`53..7....`).
            items += token.len();
            shape.width += token.len();
        } else if token.len() == 1 {
            shape.width += 1;
        }
    }
    shape.items = (!multi).then_some(items);
    shape
}

/// What a region passed over held, for the one error of a file with no puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Seen {
    first: usize,
    last: usize,
    /// Lines with numbers on them.
    lines: usize,
    /// The fewest and most numbers on such a line.
    fewest: usize,
    most: usize,
    /// The largest whole number.
    largest: u64,
}

impl std::fmt::Display for Seen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = if self.lines == 1 { "" } else { "s" };
        write!(f, "{} line{s} of ", self.lines)?;
        if self.fewest == self.most {
            write!(f, "{} numbers", self.most)?;
        } else {
            write!(f, "{} to {} numbers", self.fewest, self.most)?;
        }
        if self.largest <= 999 {
            write!(f, " up to {}", self.largest)?;
        }
        if self.first == self.last {
            write!(f, " at line {}", self.first)
        } else {
            write!(f, " at lines {}-{}", self.first, self.last)
        }
    }
}

/// The size of the board a line holds when it is one whole board of another size and nothing
/// else: N*N symbols in one word (digits and `.` for N up to 9; digits, letters and `.` above,
/// as 16x16 boards are written with `A`-`G` or `A`-`P`), with at least one digit or `.` among
/// them (so a long word of letters is no board).
fn other_board_line(line: &[u8]) -> Option<usize> {
    let word = line.trim_ascii();
    let &size = OTHER_SIZES.iter().find(|&&s| s * s == word.len())?;
    let cellish = |b: &u8| b.is_ascii_digit() || matches!(b, b'.' | b'_');
    let symbol = |b: &u8| cellish(b) || size > 9 && b.is_ascii_alphabetic();
    (word.iter().all(symbol) && word.iter().any(cellish)).then_some(size)
}

/// The region being read, and the errors it holds back.
#[derive(Default)]
pub(super) struct Region {
    /// Its first and last lines that are not blank (0: none yet).
    first: usize,
    last: usize,
    /// Lines with cells on them, and those that are rows of 9 cells.
    cell_lines: usize,
    nines: usize,
    /// The line last counted among `nines`, and the rows counted for it.
    nine_at: usize,
    nine_rows: usize,
    /// A line of a row's cells, about.
    row_sized: bool,
    /// A puzzle, or a line about a puzzle line, was read in it.
    proven: bool,
    /// Errors held back until the region is judged.
    held: Vec<ParseError>,
    /// Lines in a row of the same width, for boards of other sizes: width, first line, count.
    run: (usize, usize, usize),
    /// Boards of other sizes its rows make: width and first line.
    boards: Vec<(usize, usize)>,
    /// What its lines with numbers held.
    seen: Seen,
}

impl Region {
    /// Takes in a line that is not blank.
    fn line(&mut self, line_no: usize, line: &[u8]) {
        if self.first == 0 {
            self.first = line_no;
        }
        self.last = line_no;
        if self.proven {
            // Judged: nothing more to learn (and a file of puzzle lines pays for one line).
            return;
        }
        let shape = line_shape(line);
        let cells = shape.items.unwrap_or(0).max(shape.weight);
        if cells > 0 {
            self.cell_lines += 1;
        }
        // Nine single cells, or nine packed (`534678912`).
        if shape.items == Some(9) || shape.weight == 9 && shape.run == 9 {
            self.nine(line_no, 1);
        }
        self.row_sized |= (5..=13).contains(&cells);
        // A whole board of another size on one line (64 cells for 8x8, 144 with letters for
        // 12x12, 256 for 16x16): its note, and no proof of a Sudoku.
        let other = other_board_line(line);
        if let Some(size) = other {
            self.board(size, line_no);
        }
        let w = shape.weight;
        if (72..=90).contains(&w)
            || (MAX_CELLS - CELLS..=MAX_CELLS + CELLS).contains(&w)
            || shape.run >= 40 && other.is_none()
        {
            self.proven = true;
        }
        // Rows of a board of another size: runs of lines as wide as such a board.
        let width = match shape.items {
            _ if shape.repeats => 0,
            Some(n) if n > 0 => n,
            _ => shape.width,
        };
        let (w, start, count) = self.run;
        if width == w && start > 0 && self.last_boardish(line_no, count) {
            self.run.2 += 1;
        } else {
            self.end_run();
            self.run = (width, line_no, 1);
        }
        // A field of w*w cells (a CSV data set of 4x4 puzzles).
        if let Some(&size) = OTHER_SIZES.iter().find(|&&s| s * s == shape.run) {
            if other.is_none() {
                self.board(size, line_no);
            }
        }
        if shape.numbers > 0 {
            let seen = &mut self.seen;
            if seen.lines == 0 {
                seen.first = line_no;
                seen.fewest = shape.numbers;
            }
            seen.last = line_no;
            seen.lines += 1;
            seen.fewest = seen.fewest.min(shape.numbers);
            seen.most = seen.most.max(shape.numbers);
            seen.largest = seen.largest.max(shape.largest);
        }
    }

    fn last_boardish(&self, line_no: usize, count: usize) -> bool {
        self.run.1.checked_add(count) == Some(line_no)
    }

    fn end_run(&mut self) {
        let (width, start, count) = self.run;
        if width != 9 && OTHER_SIZES.contains(&width) && count >= width && count % width == 0 {
            for k in 0..count / width {
                self.board(width, start + k * width);
            }
        }
        self.run = (0, 0, 0);
    }

    fn board(&mut self, width: usize, line: usize) {
        if self.boards.len() < BOARDS {
            self.boards.push((width, line));
        }
    }

    /// A line read as `rows` grid rows of 9 cells (a string of 27 cells is 3).
    pub(super) fn nine(&mut self, line_no: usize, rows: usize) {
        if self.nine_at != line_no {
            self.nine_at = line_no;
            self.nine_rows = 0;
        }
        if rows > self.nine_rows {
            self.nines += rows - self.nine_rows;
            self.nine_rows = rows;
        }
    }

    /// A puzzle was read, or a line too long to read at once: the region is a Sudoku's.
    pub(super) fn prove(&mut self) {
        self.proven = true;
    }

    /// Whether the region was found a Sudoku's and holds nothing back: what it gives is handed
    /// out as it comes (the common case, a file of puzzles, costs one test a slot).
    #[inline]
    pub(super) fn judged(&self) -> bool {
        self.proven && self.held.is_empty()
    }

    /// Whether what has been read of the region is shaped like a damaged Sudoku.
    fn sudoku(&self) -> bool {
        self.proven || self.nines >= 3 && 2 * self.nines >= self.cell_lines
    }

    /// The judgement at its end: see the module's documentation.
    fn damaged_sudoku(&self) -> bool {
        self.sudoku() || self.first == self.last || self.cell_lines <= 2 && self.row_sized
    }
}

impl<R: Read> Parser<R> {
    /// Queues a puzzle or an error; a puzzle takes the pending label.
    #[inline]
    pub(super) fn push(&mut self, item: Parsed) {
        if self.label.is_none() && self.region.judged() {
            // The common case: no label to give, and a region judged a Sudoku's.
            return self.ready.push_back(item);
        }
        let label = self.label.take();
        let named = |mut puzzle: Puzzle| {
            if label.is_some() {
                puzzle.label = label;
            }
            puzzle
        };
        if self.region.judged() {
            self.ready.push_back(item.map(named));
        } else {
            self.gate(item.map(named));
        }
    }

    /// Queues what a block or JSON value gave, the first taking the pending label.
    pub(super) fn push_all(&mut self, mut items: VecDeque<Parsed>) {
        if self.sizes.reading {
            // Boards of other sizes read inside a JSON value settle their alphabet for later ones.
            for item in &items {
                match item {
                    Ok(puzzle) if puzzle.sized().is_some() => {
                        self.learn(puzzle);
                        self.region.prove();
                    }
                    Err(ParseError {
                        kind:
                            ParseErrorKind::SizedBoard(_) | ParseErrorKind::AmbiguousSymbols { .. },
                        ..
                    }) => self.region.prove(),
                    _ => {}
                }
            }
        }
        if let Some(first) = items.pop_front() {
            self.push(first);
        }
        for item in items {
            if self.region.judged() {
                self.ready.push_back(item);
            } else {
                self.gate(item);
            }
        }
    }

    /// Hands out a puzzle or an error, or holds an error back until its region is judged.
    #[inline(never)]
    pub(super) fn gate(&mut self, item: Parsed) {
        if item.is_ok() {
            self.region.prove();
        }
        if self.region.sudoku() {
            self.release();
            self.ready.push_back(item);
        } else if let Err(error) = item {
            if self.region.held.len() < HELD {
                self.region.held.push(error);
            } else {
                self.region.held.clear();
            }
        }
    }

    fn release(&mut self) {
        if !self.region.held.is_empty() {
            self.ready.extend(self.region.held.drain(..).map(Err));
        }
    }

    /// Takes in the line just read, before it is read.
    #[inline]
    pub(super) fn region_line(&mut self, line: &[u8]) {
        if self.region.proven && self.region.first != 0 {
            self.region.last = self.line_no;
        } else if !line.iter().all(u8::is_ascii_whitespace) {
            self.region.line(self.line_no, line);
        }
    }

    /// After a line is read: a blank line outside any grid, JSON value or record ends the
    /// region.
    #[inline]
    pub(super) fn region_after(&mut self, line: &[u8]) {
        if !line.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        let open = !self.grids.is_none() || self.reader.holds_lines();
        if !open {
            self.region_ends();
        }
    }

    /// Judges the region read: its errors are handed out, or passed over with what it held.
    pub(super) fn region_ends(&mut self) {
        let mut region = std::mem::take(&mut self.region);
        if region.first == 0 {
            return;
        }
        region.end_run();
        if region.damaged_sudoku() {
            self.ready.extend(region.held.into_iter().map(Err));
        } else if !region.held.is_empty() {
            for (width, line) in region.boards {
                self.others.push(OtherBoard::whole(width, line));
            }
        }
        if region.seen.lines > self.seen.lines {
            self.seen = region.seen;
        }
    }

    /// What the largest passage of numbers in the input held (`40 lines of 11 numbers at lines
    /// 1-40`), or `None` when no line held a number.
    pub(super) fn seen(&self) -> Option<Seen> {
        (self.seen.lines > 0).then_some(self.seen)
    }

    /// The one error of an input read to its end that gave no puzzle and no error: what it held
    /// instead, and what is read.
    ///
    /// ```
    /// use sudoku_solver::Parser;
    ///
    /// let mut parser = Parser::new("1,2,3\n4,5,6\n".as_bytes());
    /// assert!(parser.next_item().unwrap().is_none());
    /// assert!(parser.no_puzzle().starts_with("no 9x9 puzzle found (seen: 2 lines of 3 numbers"));
    /// ```
    pub fn no_puzzle(&self) -> String {
        let lines = self.line_no;
        let seen = match self.seen() {
            _ if lines == 0 => "the input is empty".to_string(),
            Some(seen) => format!("seen: {seen}"),
            None if lines == 1 => "seen: 1 line, with no number".to_string(),
            None => format!("seen: {lines} lines, none with a number"),
        };
        format!(
            "no 9x9 puzzle found ({seen}; expected 81-cell lines, grids of 9 rows, or JSON boards)"
        )
    }

    /// Whether a bad line (`kind`) has the same unreadable shape as the bad line right before it:
    /// as many cells, far from a row's 9 or a puzzle's 81 or 729, and the same fault (rows of a
    /// bitmap, a table of other numbers). Such a run is a layout not read here, and its first
    /// line's error stands for all of it; a line near a puzzle's shape is a damaged puzzle and
    /// keeps its own slot.
    pub(super) fn same_shape_as_last(&mut self, line: &[u8], kind: &ParseErrorKind) -> bool {
        let cells = cell_chars(line);
        let far = cells > 13 && cells.abs_diff(CELLS) > 9 && cells.abs_diff(MAX_CELLS) > CELLS;
        let shape = (std::mem::discriminant(kind), cells);
        let last = self.last_shape.replace((self.line_no, shape));
        far && last == Some((self.line_no - 1, shape))
    }
}

/// The cell characters of a line: digits, `.` and `_`.
fn cell_chars(line: &[u8]) -> usize {
    line.iter()
        .filter(|&&b| b.is_ascii_digit() || b == b'.' || b == b'_')
        .count()
}

#[cfg(test)]
mod tests;
