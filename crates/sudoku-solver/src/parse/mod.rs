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
//!
//! Cells: `1`-`9` are givens; `.`, `0`, `_` and `-` are empty. Lines starting with `#` are
//! comments; a line of text (`Grid 01`, a title, a CSV header) is a label, and names the next
//! puzzle. A line with no run of cells (prose, a Markdown fence, code) is passed over: it takes
//! no error slot, except as a damaged row inside a grid. CR, LF and CRLF line endings and byte-order marks at the start of a line are
//! accepted, and input that starts with a UTF-16 byte-order mark is decoded (`decode.rs`). The
//! reader never holds more than [`MAX_LINE`] bytes of a line at once: a longer line is read in
//! pieces when it holds a JSON value (`long.rs`), and otherwise reported and skipped, so any
//! input is read in bounded memory.

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
mod pencil;
mod puzzle;
mod rows;
mod runs;
mod shape;

use std::collections::VecDeque;
use std::io::{self, BufReader, Read};

use crate::grid::{Grid, CELLS};
use csv::Record;
use decode::Decode;
use fields::Header;
use grids::{Block, Control};
use json::{Cursor, Fed, Json, Place};
use kind::{Context, LineKind, Row};
use lines::{LineRead, Lines};

pub use error::{GridCut, ParseError, ParseErrorKind};
pub use lines::MAX_LINE;
pub use literal::OtherBoard;
pub use puzzle::{Layout, Puzzle};
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

/// Labels longer than this are cut (they name a puzzle in JSON output, nothing more).
const MAX_LABEL: usize = 200;

/// A streaming parser over any reader. Call [`Parser::next_item`] until it returns `Ok(None)`.
pub struct Parser<R> {
    lines: Lines<BufReader<Decode<R>>>,
    line_no: usize,
    buf: Vec<u8>,
    /// Grid rows waiting for their block to end.
    block: Option<Block>,
    /// A JSON value being read.
    json: Option<Json>,
    /// A CSV record whose quoted field is still open.
    record: Option<Record>,
    /// A line over the limit, being read piece by piece (a JSON value).
    long: Option<long::Long>,
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
    /// Grids drawn side by side, one block for each, left to right.
    side: Option<Vec<Block>>,
    /// An R `matrix(` call whose board is being read (R fills it by column).
    matrix: Option<literal::RMatrix>,
    /// The last puzzle a block of rows gave, which a solved grid after it may answer.
    answerable: Option<Grid>,
    /// A flat list of cells wrapped over lines, being read; lines held are read again
    /// (`replaying`) when it is no puzzle.
    flat: Option<literal::Flat>,
    replaying: bool,
    /// The region of lines being read, with the errors it holds until it is judged.
    region: shape::Region,
    /// What the largest passage of numbers held (for a file with no puzzle).
    seen: Seen,
    /// The reader failed: the iterator ends after handing the error out.
    failed: bool,
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

/// Lines kept for [`Parser::keeping_text`]: a puzzle on one line is handed out by the time two
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
            lines: Lines::with_limit(reader, line_limit),
            line_no: 0,
            buf: Vec::with_capacity(256),
            block: None,
            json: None,
            record: None,
            long: None,
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
            flat: None,
            replaying: false,
            side: None,
            last_shape: None,
            line_cells: 0,
            region: shape::Region::default(),
            seen: Seen::default(),
            failed: false,
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
            if puzzle.layout == Layout::Line && puzzle.text.is_none() {
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
            if self.long.is_some() {
                self.long_piece()?;
                continue;
            }
            match self.lines.read(&mut self.buf)? {
                LineRead::Eof => {
                    self.eof = true;
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
        if let Some(lanes) = self.side.take() {
            let puzzles = grids::end_side_by_side(lanes, cut);
            self.push_all(puzzles);
        }
        if let Some(block) = self.block.take() {
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
    }

    fn end_json(&mut self, cut: GridCut) {
        if let Some(json) = self.json.take() {
            let mut out = VecDeque::new();
            json.cut(cut, self.line_no, &mut out);
            self.push_all(out);
        }
    }

    fn feed_line(&mut self, line: &[u8]) {
        if self.record.is_some() {
            return self.continue_record(line);
        }
        if let Some(json) = &mut self.json {
            let mut out = VecDeque::new();
            let step = json.feed(line, Place::line(self.line_no), &mut out);
            let cursor = json.cursor();
            self.push_all(out);
            match step {
                Fed::More(_) => return,
                Fed::Done(rest) => {
                    self.json = None;
                    if let Some(at) = self.after_json(line, rest) {
                        self.start_json(line, at, cursor, false);
                    }
                    return;
                }
                Fed::Restart => self.end_json(GridCut::OtherLayout(self.line_no)),
            }
        }
        if self.flat.is_some() {
            return self.read_line(line);
        }
        // The common case first: a plain 81-cell line outside any grid, in a file whose CSV
        // header (if any) puts the puzzle first.
        if self.block.is_none()
            && self.side.is_none()
            && self.header.as_ref().is_none_or(Header::puzzle_first)
        {
            if let Some(cells) = classify::plain_line(line) {
                return self.line_puzzle(Puzzle::from_cells(cells, self.line_no, Layout::Line));
            }
        }
        if let Some((delimiter, quote)) = fields::record_opens(line, self.header.as_ref()) {
            self.record = Some(Record {
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

    /// A line outside any JSON value or CSV record, classified on its own.
    fn read_line(&mut self, line: &[u8]) {
        if self.flat_takes(line) {
            return;
        }
        self.line_cells = classify::weight(line);
        self.track_matrix(line);
        // Grids drawn with box-drawing characters are read as their ASCII forms.
        let unboxed = rows::unbox(line);
        let line = unboxed.as_deref().unwrap_or(line);
        // A backslash that ends a line breaks it (Markdown's hard break, a continued line in C
        // or a shell): it belongs to no cell.
        let line = match line.trim_ascii_end().strip_suffix(b"\\") {
            Some(text) if !text.ends_with(b"\\") => text,
            _ => line,
        };
        let context = Context {
            header: self.header.as_ref(),
            first_line: self.line_no == 1,
            labelled: false,
        };
        let kind = classify::classify(line, &context);
        if self.board_declared(line, &kind) {
            return;
        }
        if !matches!(kind, LineKind::OtherSize { .. } | LineKind::Blank) {
            self.other_size_ends();
        }
        match &kind {
            LineKind::Row(_) | LineKind::LabelledRow(_) | LineKind::SideBySide(_) => {
                self.region.nine(self.line_no, 1)
            }
            LineKind::Rows(rows) => self.region.nine(self.line_no, rows.len()),
            _ => {}
        }
        match kind {
            LineKind::Blank => {
                let lanes = self.side.iter_mut().flatten();
                let ends = self.block.iter_mut().chain(lanes).map(Block::blank);
                if ends.fold(false, |end, c| end | (c == Control::End)) {
                    self.end_block(GridCut::BlankLine(self.line_no));
                }
            }
            LineKind::Comment => self.end_block(GridCut::Comment(self.line_no)),
            LineKind::Count => {}
            LineKind::Separator { rule } => {
                let lanes = self.side.iter_mut().flatten();
                let ends = self.block.iter_mut().chain(lanes);
                let ends = ends.map(|b| b.separator(rule, line));
                if ends.fold(false, |end, c| end | (c == Control::End)) {
                    self.end_block(GridCut::Separator(self.line_no));
                }
            }
            LineKind::SideBySide(rows) => {
                if self
                    .side
                    .as_ref()
                    .is_none_or(|lanes| lanes.len() != rows.len())
                {
                    self.end_block(GridCut::OtherLayout(self.line_no));
                    self.side = Some(rows.iter().map(|_| Block::new(false)).collect());
                }
                let lanes = self.side.as_mut().expect("lanes");
                let mut out = VecDeque::new();
                for (lane, row) in lanes.iter_mut().zip(rows) {
                    lane.row(self.line_no, 9, Ok(row), None, &mut out);
                }
                self.push_all(out);
            }
            LineKind::Json { at, solution } => {
                self.end_block(GridCut::OtherLayout(self.line_no));
                let solution = solution || std::mem::take(&mut self.solution_next);
                self.start_json(line, at, Cursor::START, solution);
            }
            LineKind::Solution => self.end_block(GridCut::Label(self.line_no)),
            LineKind::SolutionLabel => {
                self.end_block(GridCut::Label(self.line_no));
                self.label = None;
                self.solution_next = true;
            }
            LineKind::Whole(whole) => {
                self.end_block(GridCut::OtherLayout(self.line_no));
                let mut puzzle = whole.into_puzzle(self.line_no, Layout::Line);
                if let Some(call) = self.matrix.take() {
                    puzzle.grid = Grid::from_cells(call.as_r_reads(puzzle.grid.cells()))
                        .expect("the same digits");
                }
                self.line_puzzle(puzzle);
            }
            LineKind::Row(row) => self.row(Ok(row)),
            LineKind::LabelledRow(row) => {
                if let Some(block) = &mut self.block {
                    block.drop_column_labels();
                }
                self.row(Ok(row));
            }
            LineKind::Rows(rows) => {
                for row in rows {
                    self.row(Ok(Row::Cells(row)));
                }
                self.rows_close_board(line);
            }
            LineKind::OtherSize { width, whole } => {
                self.end_block(GridCut::OtherLayout(self.line_no));
                self.other_size(width, whole);
            }
            LineKind::Noise { col, kind } => {
                if self.block.as_ref().is_some_and(Block::mid_grid) {
                    // Inside a grid, a line with cells in it, or drawn like a separator, is that
                    // grid's damaged row or separator; a line of neither (`}` after a repeated
                    // row) ends the grid, as a line of another layout would.
                    let drawn = line
                        .iter()
                        .filter(|b| matches!(b, b'-' | b'=' | b'+' | b'|' | b'*'))
                        .count();
                    if self.line_cells > 0 || drawn >= 3 {
                        let error = self.error(col, kind);
                        self.row(Err(error));
                    } else {
                        self.end_block(GridCut::OtherLayout(self.line_no));
                    }
                } else {
                    self.end_block(GridCut::Label(self.line_no));
                }
            }
            LineKind::Label { header } => {
                self.end_block(GridCut::Label(self.line_no));
                match header {
                    Some(header) if header.names_a_column() => {
                        self.header = Some(header);
                        self.label = None;
                    }
                    _ => self.label = Some(label_text(line)),
                }
            }
            LineKind::Bad {
                col,
                kind,
                row_like: true,
            } => {
                let error = self.error(col, kind);
                self.row(Err(error));
            }
            LineKind::Number { label, col, kind } => {
                let error = self.error(col, kind);
                self.row_labelled(Err(error), Some(label));
            }
            LineKind::Bad { col, kind, .. } => {
                self.end_block(GridCut::OtherLayout(self.line_no));
                if self.same_shape_as_last(line, &kind) {
                    return;
                }
                let error = self.error(col, kind);
                self.push(Err(error));
            }
        }
    }

    /// Queues a puzzle written on one line, unless a solution's name on the line before said it
    /// is a solution (`Solution:`). (A solved grid on its own line is a puzzle, even right after
    /// the puzzle it solves: it may be a finished game, and nothing is dropped on a guess.)
    fn line_puzzle(&mut self, puzzle: Puzzle) {
        if std::mem::take(&mut self.solution_next) {
            return;
        }
        self.push(Ok(puzzle));
    }

    fn row(&mut self, row: Result<Row, ParseError>) {
        self.row_labelled(row, None);
    }

    /// A grid row (or a line that should have been one, with the name it gives the grid after
    /// it when it is a lone number).
    fn row_labelled(&mut self, row: Result<Row, ParseError>, label: Option<Box<str>>) {
        let line = self.line_no;
        let mut out = VecDeque::new();
        // Rows right after the line that tore a block may be the rest of its damaged grid.
        let tail = self.torn_at == Some(line - 1);
        if self.side.is_some() {
            self.end_block(GridCut::OtherLayout(line));
        }
        if self.block.is_none() {
            let mut block = Block::new(tail);
            block.solution = std::mem::take(&mut self.solution_next);
            self.block = Some(block);
        }
        let cells = self.line_cells;
        self.block
            .as_mut()
            .expect("a block")
            .row(line, cells, row, label, &mut out);
        self.push_all(out);
    }
}

/// The text of a label line, trimmed and cut to [`MAX_LABEL`] characters.
fn label_text(line: &[u8]) -> Box<str> {
    let text = String::from_utf8_lossy(line);
    let text = text.trim();
    match text.char_indices().nth(MAX_LABEL) {
        Some((at, _)) => text[..at].into(),
        None => text.into(),
    }
}

#[cfg(test)]
mod tests;
