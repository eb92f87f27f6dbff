//! One parser for every input layout, reading a byte stream line by line.
//!
//! Layouts may mix within one stream; puzzles come out in the order their first line appears.
//! Every line ends up in one of five places: part of a puzzle, a label, a separator, an error
//! that keeps its own slot, or text that is no puzzle. A bad line never takes lines that could start the next puzzle, and
//! after a bad line reading starts again at the next line. An error keeps its slot only when the
//! region it came from is shaped like a damaged Sudoku, not a table, a matrix or code (`shape.rs`).
//!
//! | layout | what it looks like | where |
//! |---|---|---|
//! | line | 81 cells on one line, `53..7....6..195...`; text after the 81st cell is ignored when a space, tab, `,`, `;`, `:` or `#` sets it off (`PUZZLE:COUNT:SOLUTION`, ratings, a CSV solution); a field before it (`2018-06-07 PUZZLE SOLUTION`); a puzzle paired with its solution is the puzzle | `classify.rs` |
//! | fixed width | 81 characters where a space (or one placeholder letter) is an empty cell | `classify.rs`, `rows.rs` |
//! | CSV | a record whose puzzle column (named by a header such as `puzzle` or `quizzes`, else the first field of 81 cells) holds the puzzle; solution columns are never read; quoted fields may hold line breaks | `classify.rs`, here |
//! | grid | 9 consecutive rows of 9 cells (`53..7....`, `5 3 . \| . 7 .`, `5,3,0,0,7,0,0,0,0`, `x1xxx6xxx`, spaces for empty cells with or without `\|`, lists such as `[5, 3, 0, ...]`); separators only between bands; box-drawing characters read as their ASCII forms | `grids.rs`, `rows.rs` |
//! | pencilmarks | a 729-character line, or a grid of 9 rows of 9 candidate sets (`19 7 169 \| 2 156 3 \| ...`) | `classify.rs`, `grids.rs` |
//! | JSON | boards of strings or numbers, strings of 81 cells, at any depth of any value, on one line of any length or many | `json/`, `long.rs` |
//! | code and markup | a board as a literal in a program or document: rows in brackets, braces, calls or strings (joined by `+`, `<>`, `.`, `\\`), one a line, several cut by `;`, or all on one line; a flat list of 81 wrapped at any width; comments passed over; R's `matrix()` by column unless `byrow` (by name or place) or `t()`; a grid declared as a solution is no puzzle; labelled rows; grids side by side; boards of other sizes passed over | `literal.rs`, `literal/`, `rows.rs`, here |
//! | other sizes (only with [`Parser::reading_sizes`]) | boards 4x4 to 36x36 (N never 9): a line (or CSV field, or JSON string) of N*N symbols; N rows of N symbols, packed or set apart, with or without `\|`, `-+-` or blank lines between boxes (the box they draw is the board's); N rows of numbers 1..N set apart by blanks or commas (`0`, `.`, `_` empty); JSON boards of N arrays of N numbers or symbols, or N strings of N. Symbols `1-9A-Z`, `0-9A-Z` or `A-Z`, picked from those used; two that fit are an error ([`ParseErrorKind::AmbiguousSymbols`]) unless an earlier board of the size settled it; [`Parser::with_symbols`] and [`Parser::with_box`] override. A row the 9x9 reader reads is never taken; rows that make no board go back to it | `sizes.rs`, `json/` |
//!
//! Cells: `1`-`9` are givens; `.`, `0`, `_` and `-` are empty. Lines starting with `#` are
//! comments; a line of text (`Grid 01`, a title, a CSV header) is a label, and names the next
//! puzzle. A line with no run of cells (prose, a Markdown fence, code) is passed over: it takes
//! no error slot, except as a damaged row inside a grid. CR, LF and CRLF line endings and byte-order marks at the start of a line are
//! accepted, and input that starts with a UTF-16 byte-order mark is decoded (`decode.rs`). The
//! reader never holds more than [`MAX_LINE`] bytes of a line at once: a longer line is read in
//! pieces when it holds a JSON value (`long.rs`), and otherwise reported and skipped, so any
//! input is read in bounded memory.
//!
//! A line goes to the reader that is active (a CSV record, a JSON value, a long line or a flat
//! list, one at a time: [`mode::Reader`]), or else is classified on its own and handed to what
//! its kind does (`read.rs`), which may gather grid rows ([`mode::Grids`]: a block, or grids side
//! by side).

mod chars;
mod classify;
mod csv;
mod decode;
mod error;
mod fields;
mod grids;
mod json;
mod kind;
mod lines;
mod literal;
mod long;
mod mode;
mod pencil;
mod puzzle;
mod read;
mod rows;
mod runs;
mod shape;
mod sizes;

use std::collections::VecDeque;
use std::io::{self, BufReader, Read};

use crate::grid::{Grid, CELLS};
use csv::OpenRecord;
use decode::Decode;
use fields::Header;
use grids::Block;
use json::{Fed, Place};
use lines::{LineRead, LineReader};
use mode::{Grids, Reader};

pub use error::{GridCut, ParseError, ParseErrorKind};
pub use lines::MAX_LINE;
pub use literal::OtherBoard;
pub use puzzle::{Form, Puzzle};
use shape::Seen;

/// Cells of the longest puzzle line: 729, a pencilmark line of 81 cells of 9 places each.
const MAX_CELLS: usize = CELLS * 9;

/// The read buffer of a [`Parser`] over a stream.
const STREAM_BUFFER: usize = 64 * 1024;

/// What the parser gives for one slot: a puzzle, or the error that takes its place.
pub type Parsed = Result<Puzzle, ParseError>;

/// The givens of the one puzzle in a text, read as a [`Puzzle`] is; pencilmarks are refused
/// ([`ParseErrorKind::NotGivens`]): a grid cannot hold them.
///
/// ```
/// use sudoku_solver::Grid;
///
/// let grid: Grid = "
/// 53. .7. ...
/// 6.. 195 ...
/// .98 ... .6.
/// 8.. .6. ..3
/// 4.. 8.3 ..1
/// 7.. .2. ..6
/// .6. ... 28.
/// ... 419 ..5
/// ... .8. .79
/// ".parse().unwrap();
/// assert_eq!(grid.filled(), 30);
/// assert!("not a puzzle".parse::<Grid>().is_err());
/// ```
impl std::str::FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        let puzzle: Puzzle = text.parse()?;
        match puzzle.candidates {
            None => Ok(puzzle.grid),
            Some(_) => Err(ParseError {
                line: puzzle.line,
                col: 1,
                kind: ParseErrorKind::NotGivens,
            }),
        }
    }
}

/// Parses every puzzle in `text`. Convenient for tests and small inputs; a stream should use
/// [`Parser`].
///
/// ```
/// use sudoku_solver::parse_str;
///
/// let text = "# two puzzles, the second damaged
/// 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
/// 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7
/// ";
/// let slots = parse_str(text);
/// assert_eq!(slots.len(), 2);
/// assert_eq!(slots[0].as_ref().unwrap().line(), 2);
/// let error = slots[1].as_ref().unwrap_err();
/// assert_eq!(error.line, 3);
/// assert!(error.to_string().contains("80 cells"), "{error}");
/// ```
pub fn parse_str(text: &str) -> Vec<Parsed> {
    // The read buffer is the text's size, not a stream's 64 KiB: one puzzle of 81 bytes is
    // read through a buffer of 82 (this is also `str::parse`'s path).
    let capacity = (text.len() + 1).min(STREAM_BUFFER);
    let mut parser = Parser::with_capacity(capacity, text.as_bytes());
    let mut out = Vec::new();
    // Reading from a slice cannot fail.
    while let Ok(Some(item)) = parser.next_item() {
        out.push(item);
    }
    out
}

/// A streaming parser over any reader. Call [`Parser::next_item`] until it returns `Ok(None)`.
pub struct Parser<R> {
    lines: LineReader<BufReader<Decode<R>>>,
    line_no: usize,
    buf: Vec<u8>,
    /// The reader that takes the next line, if one is active (a record, a JSON value, a long
    /// line, a flat list).
    reader: Reader,
    /// The grid rows being gathered (a block, or grids side by side).
    grids: Grids,
    /// The line that last ended a block that did not hold whole grids.
    torn_at: Option<usize>,
    /// A solution's name stood on a line of its own (`Solution:`): the next grid or line is
    /// that solution, not a puzzle.
    solution_next: bool,
    /// The CSV header in force.
    header: Option<Header>,
    /// The last label, for the next puzzle.
    label: Option<Box<str>>,
    /// Answers ready to hand out (one line can end a block and give a puzzle).
    ready: VecDeque<Parsed>,
    eof: bool,
    /// The last lines read, with their numbers, while puzzles keep their text (`keeping_text`).
    recent: Option<VecDeque<(usize, Box<str>)>>,
    /// Rows of a board of another size being read: its width, first line, rows so far, and
    /// the line of its last row.
    other: Option<OtherBoard>,
    /// Boards of other sizes passed over, for [`Parser::other_sizes`].
    others: Vec<OtherBoard>,
    /// The weight of the line being read ([`classify::weight`]: its cells, or a row's worth when it
    /// is damaged itself), for a grid row's share of a damaged block.
    line_cells: usize,
    /// The line and shape (fault, cells) of the last bad line, for [`Self::same_shape_as_last`].
    last_shape: Option<(usize, (std::mem::Discriminant<ParseErrorKind>, usize))>,
    /// An R `matrix(` call whose board is being read (R fills it by column).
    matrix: Option<literal::RMatrix>,
    /// The last puzzle a block of rows gave, which a solved grid after it may answer.
    answerable: Option<Grid>,
    /// The lines a flat list held are being read again ([`Reader::Flat`]): they open no list.
    replaying: bool,
    /// The region of lines being read, with the errors it holds until it is judged.
    region: shape::Region,
    /// What the largest passage of numbers held (for a file with no puzzle).
    seen: Seen,
    /// The reader failed: the iterator ends after handing the error out.
    failed: bool,
    /// Boards of other sizes: whether they are read, and the one being read (`sizes.rs`).
    sizes: sizes::Sizes,
}

/// The puzzles of a stream, each slot in input order: a puzzle, or the error that takes its
/// place. An I/O error of the reader is an item of its own (`Err`), after which the stream ends.
///
/// ```
/// use sudoku_solver::{Grid, Parser};
///
/// let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
/// 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7X
/// ";
/// let slots: Vec<_> = Parser::new(text.as_bytes()).map(|item| item.unwrap()).collect();
/// assert_eq!(slots.len(), 2);
/// assert!(slots[0].as_ref().unwrap().grid().is_unique());
/// let error = slots[1].as_ref().unwrap_err();
/// assert_eq!((error.line, error.col), (2, 81));
/// ```
impl<R: Read> Iterator for Parser<R> {
    type Item = io::Result<Parsed>;

    fn next(&mut self) -> Option<io::Result<Parsed>> {
        if self.failed {
            return None;
        }
        let item = self.next_item().transpose();
        self.failed = matches!(item, Some(Err(_)));
        item
    }
}

/// LineReader kept for [`Parser::keeping_text`]: a puzzle on one line is handed out by the time two
/// more lines are read.
const RECENT_LINES: usize = 4;

impl<R: Read> Parser<R> {
    /// A parser reading from `reader` (buffered internally).
    pub fn new(reader: R) -> Self {
        Self::with_capacity(STREAM_BUFFER, reader)
    }

    /// A parser with a read buffer of `capacity` bytes.
    pub fn with_capacity(capacity: usize, reader: R) -> Self {
        Self::with_limits(capacity, MAX_LINE, reader)
    }

    /// A parser with a read buffer of `capacity` bytes that holds at most `line_limit` bytes of
    /// a line at once (tests use a small limit to read long lines in pieces).
    fn with_limits(capacity: usize, line_limit: usize, reader: R) -> Self {
        let reader = BufReader::with_capacity(capacity, Decode::new(reader));
        Parser {
            lines: LineReader::with_limit(reader, line_limit),
            line_no: 0,
            buf: Vec::with_capacity(256),
            reader: Reader::Plain,
            grids: Grids::None,
            torn_at: None,
            solution_next: false,
            header: None,
            label: None,
            ready: VecDeque::new(),
            eof: false,
            recent: None,
            other: None,
            others: Vec::new(),
            matrix: None,
            answerable: None,
            replaying: false,
            last_shape: None,
            line_cells: 0,
            region: shape::Region::default(),
            seen: Seen::default(),
            failed: false,
            sizes: sizes::Sizes::default(),
        }
    }

    /// Numbers the lines from `first` on instead of 1 (the input is a part of a larger one,
    /// whose line `first` it starts at). `first` 0 is taken as 1; numbers stop at `usize::MAX`
    /// rather than wrap round.
    pub fn first_line(mut self, first: usize) -> Self {
        self.line_no = first.max(1) - 1;
        self
    }

    /// Keeps the text of each puzzle written on one line in [`Puzzle::text`], exactly as
    /// written (for templates that print the input line, as serate's `%g` does).
    pub fn keeping_text(mut self) -> Self {
        self.recent = Some(VecDeque::with_capacity(RECENT_LINES));
        self
    }

    /// Gives the puzzles queued since `from` their line's text, when they are one line.
    fn attach_text(&mut self, from: usize) {
        let Some(recent) = &self.recent else { return };
        for puzzle in self.ready.iter_mut().skip(from).flatten() {
            if puzzle.form == Form::Line && puzzle.text.is_none() {
                puzzle.text = recent
                    .iter()
                    .find(|(n, _)| *n == puzzle.line)
                    .map(|(_, text)| text.clone());
            }
        }
    }

    /// True when the next read may have to wait for the underlying reader (its buffer is empty).
    /// A streaming caller flushes its output then, so answers appear before the input ends.
    pub fn would_read(&self) -> bool {
        self.ready.is_empty() && self.lines.reader.buffer().is_empty()
    }

    /// The number of the last line read (1-based; 0 before the first).
    pub fn line(&self) -> usize {
        self.line_no
    }

    /// The next puzzle or error, `Ok(None)` at the end of the input, or the reader's error.
    /// After an I/O error the parser should not be used again.
    pub fn next_item(&mut self) -> io::Result<Option<Parsed>> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Ok(Some(item));
            }
            if self.eof {
                return Ok(None);
            }
            if self.reader.is_long() {
                self.long_piece()?;
                continue;
            }
            match self.lines.read(&mut self.buf)? {
                LineRead::Eof => {
                    self.eof = true;
                    self.sized_ends();
                    self.flat_ends();
                    self.other_size_ends();
                    let queued = self.ready.len();
                    self.end_record();
                    self.end_json(GridCut::EndOfInput);
                    self.end_block(GridCut::EndOfInput);
                    self.region_ends();
                    self.attach_text(queued);
                }
                LineRead::Line => {
                    self.line_no = self.line_no.saturating_add(1);
                    let line = std::mem::take(&mut self.buf);
                    // A byte-order mark starts the input, and every file `cat` joined to it.
                    let text = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&line);
                    if let Some(recent) = &mut self.recent {
                        if recent.len() == RECENT_LINES {
                            recent.pop_front();
                        }
                        let kept = String::from_utf8_lossy(text).into();
                        recent.push_back((self.line_no, kept));
                    }
                    let queued = self.ready.len();
                    self.region_line(text);
                    self.feed_line(text);
                    self.region_after(text);
                    self.attach_text(queued);
                    self.buf = line;
                }
                LineRead::Piece => {
                    self.region.prove();
                    self.long_line()?
                }
            }
        }
    }

    fn error(&self, col: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            line: self.line_no,
            col,
            kind,
        }
    }

    /// Ends the grids being read (a block, or grids side by side), cut by `cut`.
    fn end_block(&mut self, cut: GridCut) {
        match std::mem::take(&mut self.grids) {
            Grids::None => {}
            Grids::Side(lanes) => {
                let puzzles = grids::end_side_by_side(lanes, cut);
                self.push_all(puzzles);
            }
            Grids::Block(block) => self.end_one_block(block, cut),
        }
    }

    /// Ends a block of grid rows, cut by `cut`.
    fn end_one_block(&mut self, block: Block, cut: GridCut) {
        let mut out = VecDeque::new();
        // Only a line that could belong to the damage (a separator out of place, a line of
        // another layout) leaves the rows after it as a torn tail; a label, a blank line or
        // a comment is a cut the writer made.
        let solution = block.solution;
        let torn = !block.end(cut, &mut out);
        self.as_matrix_reads(&mut out);
        if solution {
            // The grids after `Solution:` are the solution: none of them is a puzzle.
            return;
        }
        self.drop_answers(&mut out);
        if torn && matches!(cut, GridCut::Separator(_) | GridCut::OtherLayout(_)) {
            self.torn_at = Some(self.line_no);
        }
        self.push_all(out);
    }

    fn end_json(&mut self, cut: GridCut) {
        if let Some(json) = self.reader.take_json() {
            let mut out = VecDeque::new();
            json.cut(cut, self.line_no, &mut out);
            self.push_all(out);
        }
    }

    /// A line, to the reader that is active, or else classified on its own.
    fn feed_line(&mut self, line: &[u8]) {
        if self.reader.is_record() {
            return self.continue_record(line);
        }
        if let Some(json) = self.reader.json_mut() {
            let mut out = VecDeque::new();
            let step = json.feed(line, Place::line(self.line_no), &mut out);
            let cursor = json.cursor();
            self.push_all(out);
            match step {
                Fed::More(_) => return,
                Fed::Done(rest) => {
                    self.reader = Reader::Plain;
                    if let Some(at) = self.after_json(line, rest) {
                        self.start_json(line, at, cursor, false);
                    }
                    return;
                }
                Fed::Restart => self.end_json(GridCut::OtherLayout(self.line_no)),
            }
        }
        if self.reader.is_flat() {
            return self.read_line(line);
        }
        // The common case first: a plain 81-cell line outside any grid (and outside a board of
        // another size being read), in a file whose CSV header (if any) puts the puzzle first.
        // The reader of other sizes would hand it back anyway, at a cost per line.
        if self.grids.is_none()
            && !self.sizes.is_open()
            && self.header.as_ref().is_none_or(Header::puzzle_first)
        {
            if let Some(cells) = classify::plain_line(line) {
                return self.line_puzzle(Puzzle::from_cells(cells, self.line_no, Form::Line));
            }
        }
        if self.sized_line(line) {
            return;
        }
        if let Some((delimiter, quote)) = fields::record_opens(line, self.header.as_ref()) {
            self.reader = Reader::OpenRecord(OpenRecord {
                first: self.line_no,
                quote_col: chars::char_col(line, quote),
                delimiter,
                text: line.to_vec(),
                first_len: line.len(),
                more: Vec::new(),
            });
            return;
        }
        self.read_line(line);
    }
}

#[cfg(test)]
mod tests;
