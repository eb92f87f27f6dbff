//! One parser for every input layout, reading a byte stream line by line.
//!
//! Layouts may mix within one stream; puzzles come out in the order their first line appears.
//!
//! | layout | what it looks like |
//! |---|---|
//! | line | 81 cells on one line, `53..7....6..195...` (white space between cells allowed; text after the 81st cell is ignored when a space, tab, `,`, `;` or `#` separates it) |
//! | grid | 9 consecutive lines of 9 cells; `\|` and white space between cells are ignored, separator lines made of `-+=\|*` are skipped |
//! | JSON board | LeetCode 37's `[["5","3",".",...],...]`, 9 arrays of 9 one-character strings, on one line or several |
//! | JSON record | a line of this tool's own `--format json` output; its `solution` is read, else its `puzzle` |
//!
//! Cells: `1`-`9` are givens; `.`, `0` and `_` are empty; `-` is empty too when the cells of a row
//! are separated by white space (`9<TAB>5<TAB>7<TAB>-<TAB>1...`). Lines starting with `#` are comments,
//! blank lines are ignored, CRLF endings and a UTF-8 byte-order mark are accepted.
//!
//! The reader never holds more than [`MAX_LINE`] bytes of one line: a longer line is reported and
//! skipped without being buffered, so any input is read in bounded memory.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

use thiserror::Error;

use crate::grid::{Grid, CELLS};

/// The longest line the parser keeps in memory, in bytes. Longer lines are an error.
pub const MAX_LINE: usize = 1 << 20;

/// How a puzzle was written in the input; `--format auto` answers in the same shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// 81 cells on one line (also a JSON record of this tool's output).
    Line,
    /// 9 rows of 9 cells.
    Grid,
    /// A LeetCode-style JSON board.
    Json,
}

/// A puzzle read from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The givens.
    pub grid: Grid,
    /// The line (1-based) where the puzzle starts.
    pub line: usize,
    /// The layout it was written in.
    pub layout: Layout,
}

/// What is wrong with a piece of input, and where (`line:col`, both 1-based, columns in characters).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{line}:{col}: {kind}")]
pub struct ParseError {
    /// The line of the problem.
    pub line: usize,
    /// The column of the problem, in characters.
    pub col: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What ended a grid before its ninth row, or a JSON board before its closing bracket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridCut {
    /// A blank line.
    BlankLine(usize),
    /// A comment line.
    Comment(usize),
    /// A line that is not a grid row (a puzzle line or a JSON board).
    OtherLayout(usize),
    /// The end of the input.
    EndOfInput,
}

impl fmt::Display for GridCut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridCut::BlankLine(line) => write!(f, "a blank line at line {line}"),
            GridCut::Comment(line) => write!(f, "a comment at line {line}"),
            GridCut::OtherLayout(line) => write!(f, "a line that is not a grid row at line {line}"),
            GridCut::EndOfInput => write!(f, "the end of the input"),
        }
    }
}

/// The kinds of parse error. Messages are lowercase and say what to do where that helps.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that is not a cell, a separator or a comment.
    #[error("unexpected character {}", show_char(*.0))]
    UnexpectedChar(char),
    /// A `-` between cells that are not separated by white space.
    #[error("unexpected character '-': '-' is an empty cell only when the cells of a row are separated by spaces or tabs (use '.' or '0')")]
    LoneDash,
    /// Bytes that are not UTF-8.
    #[error("invalid UTF-8 (byte 0x{0:02x})")]
    InvalidUtf8(u8),
    /// A line with a number of cells that fits neither a grid row nor a puzzle line, and looks like a row.
    #[error("row has {0} cells; a grid row needs 9 (or 81 for a puzzle on one line)")]
    RowLength(usize),
    /// A line with a number of cells that fits neither layout, and looks like a puzzle line.
    #[error("line has {0} cells; a puzzle line needs 81{hint}", hint = if *.0 > 81 { " (text after the 81st cell must be separated from it by a space, tab, ',', ';' or '#')" } else { "" })]
    LineLength(usize),
    /// A grid that ended before its ninth row.
    #[error("grid has only {rows} of 9 rows: it was cut short by {cut} (a grid's 9 rows must be consecutive lines)")]
    ShortGrid {
        /// Rows read.
        rows: usize,
        /// What ended it.
        cut: GridCut,
    },
    /// A line longer than [`MAX_LINE`].
    #[error(
        "line is longer than {MAX_LINE} bytes; no puzzle layout needs that, so it was skipped"
    )]
    LineTooLong,
    /// A malformed JSON board.
    #[error("JSON board: {0}")]
    Json(String),
    /// A malformed JSON record (a line starting with `{`).
    #[error("JSON record: {0}")]
    Record(String),
}

fn show_char(ch: char) -> String {
    if ch.is_control() || ch.is_whitespace() && ch != ' ' {
        format!("'{}' (U+{:04X})", ch.escape_debug(), ch as u32)
    } else {
        format!("'{ch}'")
    }
}

/// One answer of the parser: a puzzle, or the error that takes its place.
pub type Parsed = Result<Puzzle, ParseError>;

/// Parses every puzzle in `text`. Convenient for tests and small inputs; a stream should use
/// [`Parser`].
pub fn parse_str(text: &str) -> Vec<Parsed> {
    let mut parser = Parser::new(text.as_bytes());
    let mut out = Vec::new();
    // Reading from a slice cannot fail.
    while let Ok(Some(item)) = parser.next_item() {
        out.push(item);
    }
    out
}

/// A grid being read, row by row.
struct OpenGrid {
    start_line: usize,
    rows: usize,
    cells: [u8; CELLS],
    /// The first error inside the grid; the grid then answers with it once all rows are in.
    error: Option<ParseError>,
}

/// A streaming parser over any reader. Call [`Parser::next_item`] until it returns `Ok(None)`.
pub struct Parser<R> {
    reader: BufReader<R>,
    line_no: usize,
    buf: Vec<u8>,
    grid: Option<OpenGrid>,
    json: Option<JsonBoard>,
    /// Answers ready to hand out (one line can finish a grid and start a puzzle).
    ready: std::collections::VecDeque<Parsed>,
    eof: bool,
}

impl<R: Read> Parser<R> {
    /// A parser reading from `reader` (buffered internally).
    pub fn new(reader: R) -> Self {
        Self::with_capacity(64 * 1024, reader)
    }

    /// A parser with a read buffer of `capacity` bytes.
    pub fn with_capacity(capacity: usize, reader: R) -> Self {
        Parser {
            reader: BufReader::with_capacity(capacity, reader),
            line_no: 0,
            buf: Vec::with_capacity(256),
            grid: None,
            json: None,
            ready: Default::default(),
            eof: false,
        }
    }

    /// True when the next read may have to wait for the underlying reader (its buffer is empty).
    /// A streaming caller flushes its output then, so answers appear before the input ends.
    pub fn would_read(&self) -> bool {
        self.ready.is_empty() && self.reader.buffer().is_empty()
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
            match read_line_capped(&mut self.reader, &mut self.buf)? {
                LineRead::Eof => {
                    self.eof = true;
                    self.finish();
                }
                LineRead::Line => {
                    self.line_no += 1;
                    let mut line = std::mem::take(&mut self.buf);
                    let mut text: &[u8] = &line;
                    if self.line_no == 1 {
                        text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
                    }
                    if let Some(rest) = text.strip_suffix(b"\n") {
                        text = rest.strip_suffix(b"\r").unwrap_or(rest);
                    }
                    self.feed_line(text);
                    line.clear();
                    self.buf = line;
                }
                LineRead::TooLong => {
                    self.line_no += 1;
                    self.close_json(GridCut::OtherLayout(self.line_no));
                    let err = self.error(1, ParseErrorKind::LineTooLong);
                    self.row_error(err, usize::MAX);
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

    /// Ends a JSON board that never closed: it answers with its first error, or says where it
    /// was cut short.
    fn close_json(&mut self, cut: GridCut) {
        if let Some(json) = self.json.take() {
            let err = json.error.unwrap_or(ParseError {
                line: json.start_line,
                col: json.start_col,
                kind: ParseErrorKind::Json(format!(
                    "not closed: its last ']' is missing; it was cut short by {cut} after {} row{}",
                    json.rows,
                    if json.rows == 1 { "" } else { "s" }
                )),
            });
            self.ready.push_back(Err(err));
        }
    }

    fn finish(&mut self) {
        self.close_json(GridCut::EndOfInput);
        self.close_grid(GridCut::EndOfInput);
    }

    /// Ends an open grid that has fewer than 9 rows.
    fn close_grid(&mut self, cut: GridCut) {
        if let Some(grid) = self.grid.take() {
            let err = grid.error.unwrap_or(ParseError {
                line: grid.start_line,
                col: 1,
                kind: ParseErrorKind::ShortGrid {
                    rows: grid.rows,
                    cut,
                },
            });
            self.ready.push_back(Err(err));
        }
    }

    fn feed_line(&mut self, line: &[u8]) {
        // The common case first: a plain 81-cell line outside any grid or board.
        if self.grid.is_none() && self.json.is_none() {
            if let Some(cells) = plain_line(line) {
                self.ready.push_back(Ok(Puzzle {
                    grid: Grid::from_cells(cells).expect("digits 0..=9"),
                    line: self.line_no,
                    layout: Layout::Line,
                }));
                return;
            }
        }
        if self.json.is_some() {
            match first_non_blank(line) {
                None => return self.close_json(GridCut::BlankLine(self.line_no)),
                Some(b'#') => return self.close_json(GridCut::Comment(self.line_no)),
                Some(_) => {}
            }
            self.feed_json(line, 0);
            return;
        }
        let Some(first) = line.iter().position(|b| !is_space(*b)) else {
            self.close_grid(GridCut::BlankLine(self.line_no));
            return;
        };
        match line[first] {
            b'#' => self.close_grid(GridCut::Comment(self.line_no)),
            b'[' => {
                self.close_grid(GridCut::OtherLayout(self.line_no));
                self.feed_json(line, first);
            }
            b'{' => {
                self.close_grid(GridCut::OtherLayout(self.line_no));
                if let Some(item) = self.record(line) {
                    self.ready.push_back(item);
                }
            }
            _ if is_separator_line(line) => {}
            _ => self.cells_line(line),
        }
    }

    /// A line of cells: a puzzle line, a grid row, or an error.
    fn cells_line(&mut self, line: &[u8]) {
        let scan = match scan_cells(line) {
            Ok(scan) => scan,
            Err((col, kind)) => {
                let err = self.error(col, kind);
                let row_like = non_blank_len(line) <= 40;
                self.row_error(err, if row_like { 9 } else { 81 });
                return;
            }
        };
        match scan.count {
            81 => {
                self.close_grid(GridCut::OtherLayout(self.line_no));
                let grid = Grid::from_cells(scan.cells).expect("scan yields digits 0..=9");
                self.ready.push_back(Ok(Puzzle {
                    grid,
                    line: self.line_no,
                    layout: Layout::Line,
                }));
            }
            9 => {
                let line_no = self.line_no;
                let grid = self.grid.get_or_insert(OpenGrid {
                    start_line: line_no,
                    rows: 0,
                    cells: [0; CELLS],
                    error: None,
                });
                let row = grid.rows;
                grid.cells[row * 9..row * 9 + 9].copy_from_slice(&scan.cells[..9]);
                grid.rows += 1;
                if grid.rows == 9 {
                    let grid = self.grid.take().expect("grid is open");
                    let item = match grid.error {
                        Some(err) => Err(err),
                        None => Ok(Puzzle {
                            grid: Grid::from_cells(grid.cells).expect("scan yields digits"),
                            line: grid.start_line,
                            layout: Layout::Grid,
                        }),
                    };
                    self.ready.push_back(item);
                }
            }
            n => {
                let (kind, col, width) = if n <= 45 {
                    let col = if n > 9 { scan.cols[9] } else { scan.end_col };
                    (ParseErrorKind::RowLength(n), col, 9)
                } else {
                    let col = if n > 81 { scan.cols[81] } else { scan.end_col };
                    (ParseErrorKind::LineLength(n), col, 81)
                };
                let err = self.error(col as usize, kind);
                self.row_error(err, width);
            }
        }
    }

    /// A bad line: inside an open grid (or looking like a grid row, `width` 9) it takes a row of
    /// that grid, so the grid answers once with the first error; otherwise it answers on its own.
    fn row_error(&mut self, err: ParseError, width: usize) {
        if self.grid.is_none() && width != 9 {
            self.ready.push_back(Err(err));
            return;
        }
        let line_no = self.line_no;
        let grid = self.grid.get_or_insert(OpenGrid {
            start_line: line_no,
            rows: 0,
            cells: [0; CELLS],
            error: None,
        });
        grid.error.get_or_insert(err);
        grid.rows += 1;
        if grid.rows == 9 {
            let grid = self.grid.take().expect("grid is open");
            self.ready
                .push_back(Err(grid.error.expect("an error was just stored")));
        }
    }

    /// A line of this tool's JSON output: read its `solution`, else its `puzzle`.
    fn record(&mut self, line: &[u8]) -> Option<Parsed> {
        #[derive(serde::Deserialize)]
        struct Record {
            puzzle: Option<String>,
            solution: Option<String>,
        }
        let record: Record = match serde_json::from_slice(line) {
            Ok(record) => record,
            Err(e) => {
                return Some(Err(
                    self.error(e.column().max(1), ParseErrorKind::Record(e.to_string()))
                ))
            }
        };
        let (field, text) = match (record.solution, record.puzzle) {
            (Some(solution), _) => ("solution", solution),
            (None, Some(puzzle)) => ("puzzle", puzzle),
            // A record of an input that held no puzzle: like a comment.
            (None, None) => return None,
        };
        let col = 1 + line
            .windows(field.len() + 2)
            .position(|w| w[1..=field.len()] == *field.as_bytes() && w[0] == b'"')
            .unwrap_or(0);
        let item = match scan_cells(text.as_bytes()) {
            Ok(scan) if scan.count == CELLS => Ok(Puzzle {
                grid: Grid::from_cells(scan.cells).expect("scan yields digits"),
                line: self.line_no,
                layout: Layout::Line,
            }),
            Ok(scan) => Err(self.error(
                col,
                ParseErrorKind::Record(format!("\"{field}\" has {} cells, not 81", scan.count)),
            )),
            Err((_, kind)) => {
                Err(self.error(col, ParseErrorKind::Record(format!("\"{field}\": {kind}"))))
            }
        };
        Some(item)
    }

    /// Feeds the JSON board from byte `from` of `line`, opening a board if none is open.
    fn feed_json(&mut self, line: &[u8], from: usize) {
        let line_no = self.line_no;
        let mut i = from;
        while i < line.len() {
            let json = self
                .json
                .get_or_insert_with(|| JsonBoard::new(line_no, i + 1));
            match json.feed(line, i, line_no) {
                JsonStep::More => return,
                JsonStep::Done(rest) => {
                    let json = self.json.take().expect("board is open");
                    self.ready.push_back(json.finish());
                    // After a board: white space, ',' or ';' between boards, a comment, or the
                    // next board on the same line.
                    i = rest;
                    while i < line.len() && matches!(line[i], b' ' | b'\t' | b',' | b';') {
                        i += 1;
                    }
                    if i >= line.len() || line[i] == b'#' {
                        return;
                    }
                    if line[i] != b'[' {
                        let (col, kind) = bad_char(line, i);
                        self.ready.push_back(Err(ParseError {
                            line: line_no,
                            col,
                            kind,
                        }));
                        return;
                    }
                }
            }
        }
    }
}

/// Progress of a JSON board that may span lines.
struct JsonBoard {
    start_line: usize,
    start_col: usize,
    state: JsonState,
    /// Bracket depth: 1 inside the board, 2 inside a row.
    depth: usize,
    rows: usize,
    cols: usize,
    cells: [u8; CELLS],
    error: Option<ParseError>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum JsonState {
    BoardOpen,
    RowOpen,
    Cell,
    AfterCell,
    AfterRow,
    /// After an error: skip to the board's closing bracket.
    Skip,
}

enum JsonStep {
    /// The line is used up and the board is still open.
    More,
    /// The board closed; the line goes on at this byte.
    Done(usize),
}

impl JsonBoard {
    fn new(start_line: usize, start_col: usize) -> Self {
        JsonBoard {
            start_line,
            start_col,
            state: JsonState::BoardOpen,
            depth: 0,
            rows: 0,
            cols: 0,
            cells: [0; CELLS],
            error: None,
        }
    }

    fn fail(&mut self, line: usize, col: usize, msg: String) {
        self.state = JsonState::Skip;
        self.error.get_or_insert(ParseError {
            line,
            col,
            kind: ParseErrorKind::Json(msg),
        });
    }

    fn finish(self) -> Parsed {
        match self.error {
            Some(err) => Err(err),
            None => Ok(Puzzle {
                grid: Grid::from_cells(self.cells).expect("cells are digits"),
                line: self.start_line,
                layout: Layout::Json,
            }),
        }
    }

    fn feed(&mut self, line: &[u8], from: usize, line_no: usize) -> JsonStep {
        use JsonState::*;
        let mut i = from;
        while i < line.len() {
            let b = line[i];
            let col = i + 1;
            i += 1;
            if is_space(b) {
                continue;
            }
            if self.state == Skip {
                match b {
                    b'[' => self.depth += 1,
                    b']' => {
                        self.depth -= 1;
                        if self.depth == 0 {
                            return JsonStep::Done(i);
                        }
                    }
                    b'"' => {
                        // Skip a string so brackets inside it do not count.
                        while i < line.len() && line[i] != b'"' {
                            i += 1;
                        }
                        i += 1;
                    }
                    _ => {}
                }
                continue;
            }
            match (self.state, b) {
                (BoardOpen, b'[') => {
                    self.depth = 1;
                    self.state = RowOpen;
                }
                (RowOpen, b'[') => {
                    self.depth = 2;
                    if self.rows == 9 {
                        self.fail(line_no, col, "more than 9 rows; a board has 9".into());
                    } else {
                        self.cols = 0;
                        self.state = Cell;
                    }
                }
                (Cell, b'"') => {
                    if self.cols == 9 {
                        self.fail(
                            line_no,
                            col,
                            format!("row {} has more than 9 cells", self.rows + 1),
                        );
                        continue;
                    }
                    // A one-character string: the character, then the closing quote.
                    let value = match line.get(i) {
                        Some(b'1'..=b'9') => line[i] - b'0',
                        Some(b'.' | b'0' | b'_' | b' ' | b'-') => 0,
                        _ => {
                            let what = match line.get(i) {
                                Some(b'"') => "an empty string".to_string(),
                                Some(_) => match bad_char(line, i).1 {
                                    ParseErrorKind::UnexpectedChar(c) => show_char(c),
                                    other => other.to_string(),
                                },
                                None => "the end of the line".to_string(),
                            };
                            self.fail(
                                line_no,
                                col + 1,
                                format!("a cell must be \"1\"..\"9\" or \".\", found {what}"),
                            );
                            continue;
                        }
                    };
                    if line.get(i + 1) != Some(&b'"') {
                        self.fail(
                            line_no,
                            col,
                            "a cell must be a one-character string such as \"5\" or \".\"".into(),
                        );
                        continue;
                    }
                    i += 2;
                    self.cells[self.rows * 9 + self.cols] = value;
                    self.cols += 1;
                    self.state = AfterCell;
                }
                (AfterCell, b',') => self.state = Cell,
                (AfterCell | Cell, b']') => {
                    self.depth = 1;
                    if self.cols != 9 {
                        self.fail(
                            line_no,
                            col,
                            format!(
                                "row {} has {} cells; a row needs 9",
                                self.rows + 1,
                                self.cols
                            ),
                        );
                        continue;
                    }
                    self.rows += 1;
                    self.state = AfterRow;
                }
                (AfterRow, b',') => self.state = RowOpen,
                (AfterRow | RowOpen, b']') => {
                    self.depth = 0;
                    if self.rows != 9 {
                        self.fail(line_no, col, format!("{} rows; a board needs 9", self.rows));
                        return JsonStep::Done(i);
                    }
                    return JsonStep::Done(i);
                }
                (Cell, _) => {
                    let found = match bad_char(line, col - 1).1 {
                        ParseErrorKind::UnexpectedChar(c) => show_char(c),
                        other => other.to_string(),
                    };
                    self.fail(
                        line_no,
                        col,
                        format!("a cell must be a one-character string such as \"5\" or \".\", found {found}"),
                    );
                }
                (state, _) => {
                    let expected = match state {
                        BoardOpen => "'['",
                        RowOpen => "'[' (a row)",
                        AfterCell => "',' or ']'",
                        AfterRow => "',' or ']'",
                        Cell | Skip => unreachable!("handled above"),
                    };
                    let found = match bad_char(line, col - 1).1 {
                        ParseErrorKind::UnexpectedChar(c) => show_char(c),
                        other => other.to_string(),
                    };
                    self.fail(line_no, col, format!("expected {expected}, found {found}"));
                }
            }
        }
        JsonStep::More
    }
}

/// The cells of one line.
struct Scan {
    /// Cell values, the first 81.
    cells: [u8; CELLS],
    /// How many cells the line holds (may exceed 81).
    count: usize,
    /// Column of each of the first 82 cells.
    cols: [u32; CELLS + 1],
    /// The column just after the last cell.
    end_col: u32,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

fn first_non_blank(line: &[u8]) -> Option<u8> {
    line.iter().copied().find(|b| !is_space(*b))
}

fn non_blank_len(line: &[u8]) -> usize {
    line.iter().filter(|b| !is_space(**b)).count()
}

/// Words of a line, split at white space and `|`, up to the first `#`.
fn words(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    let end = line.iter().position(|&b| b == b'#').unwrap_or(line.len());
    line[..end]
        .split(|&b| is_space(b) || b == b'|')
        .filter(|w| !w.is_empty())
}

/// A line drawn between bands, like `------+-------+------` or `*-----------*`. A row of `-`
/// cells separated by white space (`- - - | - - -`) is not a separator but empty cells.
fn is_separator_line(line: &[u8]) -> bool {
    line.iter()
        .all(|&b| is_space(b) || matches!(b, b'-' | b'+' | b'=' | b'|' | b'*'))
        && !words(line).all(|w| w == b"-")
}

/// The error for the character at byte `i`: unexpected, or not UTF-8. The column counts
/// characters (every byte before `i` is ASCII, or the line would have failed earlier).
fn bad_char(line: &[u8], i: usize) -> (usize, ParseErrorKind) {
    let col = 1 + line[..i].iter().filter(|&&b| b & 0xC0 != 0x80).count();
    let kind = match line[i..].utf8_chunks().next() {
        Some(chunk) if !chunk.valid().is_empty() => {
            ParseErrorKind::UnexpectedChar(chunk.valid().chars().next().expect("non-empty"))
        }
        Some(chunk) => ParseErrorKind::InvalidUtf8(chunk.invalid()[0]),
        None => ParseErrorKind::UnexpectedChar('\0'),
    };
    (col, kind)
}

/// The cells of a line that is exactly 81 cells written without separators (`1`-`9`, `.`, `0`,
/// `_`), with nothing after them but text set off by a space, tab, `,`, `;` or `#`. Any other
/// line goes through [`scan_cells`], which gives the same cells for such a line.
fn plain_line(line: &[u8]) -> Option<[u8; CELLS]> {
    let (cells, rest) = line.split_at_checked(CELLS)?;
    if !rest
        .first()
        .is_none_or(|&b| matches!(b, b' ' | b'\t' | b',' | b';' | b'#'))
    {
        return None;
    }
    let cells: &[u8; CELLS] = cells.try_into().ok()?;
    // Branch-free, so the compiler can treat 16 cells at a time: digits and blanks mix at random,
    // and a branch per cell mispredicts often enough to dominate the cost of reading a file.
    let mut out = [0u8; CELLS];
    let mut bad = false;
    for (cell, &b) in out.iter_mut().zip(cells) {
        let digit = b.wrapping_sub(b'0');
        let is_digit = digit <= 9;
        bad |= !is_digit & (b != b'.') & (b != b'_');
        *cell = if is_digit { digit } else { 0 };
    }
    (!bad).then_some(out)
}

/// Reads the cells of a line. Stops at `#`, `,` or `;`, and after the 81st cell at white space.
fn scan_cells(line: &[u8]) -> Result<Scan, (usize, ParseErrorKind)> {
    let spaced = {
        let mut words = words(line);
        let first = words.next();
        first.is_some_and(|w| w.len() == 1) && words.all(|w| w.len() == 1)
    };
    let mut scan = Scan {
        cells: [0; CELLS],
        count: 0,
        cols: [0; CELLS + 1],
        end_col: 1,
    };
    for (i, &b) in line.iter().enumerate() {
        if scan.count >= CELLS && (is_space(b) || matches!(b, b',' | b';' | b'#')) {
            break;
        }
        let value = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' | b'_' => 0,
            b'-' if spaced => 0,
            b'-' => return Err((i + 1, ParseErrorKind::LoneDash)),
            b'|' => continue,
            b'#' | b',' | b';' => break,
            _ if is_space(b) => continue,
            _ => return Err(bad_char(line, i)),
        };
        if scan.count < CELLS {
            scan.cells[scan.count] = value;
        }
        if scan.count <= CELLS {
            scan.cols[scan.count] = i as u32 + 1;
        }
        scan.count += 1;
        scan.end_col = i as u32 + 2;
    }
    Ok(scan)
}

enum LineRead {
    Line,
    TooLong,
    Eof,
}

/// Reads one line (with its `\n`) into `buf`, holding at most [`MAX_LINE`] bytes: the rest of a
/// longer line is read and dropped.
fn read_line_capped<R: BufRead>(reader: &mut R, buf: &mut Vec<u8>) -> io::Result<LineRead> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(match (any, too_long) {
                (false, _) => LineRead::Eof,
                (true, true) => LineRead::TooLong,
                (true, false) => LineRead::Line,
            });
        }
        any = true;
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..=at], true),
            None => (available, false),
        };
        let used = chunk.len();
        if !too_long {
            if buf.len() + chunk.len() > MAX_LINE + 2 {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(chunk);
            }
        }
        reader.consume(used);
        if done {
            return Ok(if too_long {
                LineRead::TooLong
            } else {
                LineRead::Line
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn one(text: &str) -> Parsed {
        let mut items = parse_str(text);
        assert_eq!(items.len(), 1, "items: {items:?}");
        items.remove(0)
    }

    #[test]
    fn the_fast_path_reads_exactly_the_plain_lines() {
        // Every byte value in every position of an otherwise valid line: the branch-free fast
        // path takes the line only when each cell is a digit, '.', '0' or '_', and then agrees
        // cell for cell with the general scanner.
        for at in [0, 40, 80] {
            for byte in 0..=u8::MAX {
                let mut line = LEETCODE.as_bytes().to_vec();
                line[at] = byte;
                let fast = plain_line(&line);
                let blank = matches!(byte, b'.' | b'0' | b'_');
                assert_eq!(
                    fast.is_some(),
                    byte.is_ascii_digit() || blank,
                    "byte {byte} at {at}"
                );
                if let Some(cells) = fast {
                    let scan = scan_cells(&line).expect("a plain line scans");
                    assert_eq!(scan.count, CELLS);
                    assert_eq!(cells, scan.cells, "byte {byte} at {at}");
                    assert_eq!(cells[at], if blank { 0 } else { byte - b'0' });
                }
            }
        }
        // What may follow the 81 cells.
        assert!(plain_line(format!("{LEETCODE} # note").as_bytes()).is_some());
        assert!(plain_line(format!("{LEETCODE},x").as_bytes()).is_some());
        assert!(plain_line(format!("{LEETCODE}1").as_bytes()).is_none());
        assert!(plain_line(&LEETCODE.as_bytes()[..80]).is_none());
    }

    fn err(text: &str) -> String {
        one(text).unwrap_err().to_string()
    }

    #[test]
    fn line_layout() {
        let p = one(LEETCODE).unwrap();
        assert_eq!(p.grid.to_line(), LEETCODE);
        assert_eq!((p.line, p.layout), (1, Layout::Line));
    }

    #[test]
    fn line_layout_with_zeros_underscores_spaces_and_trailing_fields() {
        let zeros = LEETCODE.replace('.', "0");
        let spaced: String = LEETCODE.chars().flat_map(|c| [c, ' ']).collect();
        for text in [
            zeros.clone(),
            LEETCODE.replace('.', "_"),
            spaced,
            format!("{LEETCODE} 4.5 rating"),
            format!("{LEETCODE},534678912672195348198342567859761423426853791713924856961537284287419635345286179"),
            format!("{LEETCODE};x"),
            format!("{LEETCODE}#id 7"),
            format!("{zeros}\r\n"),
        ] {
            assert_eq!(one(&text).unwrap().grid.to_line(), LEETCODE, "{text}");
        }
    }

    #[test]
    fn grid_layouts() {
        let plain = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
        let p = one(plain).unwrap();
        assert_eq!(
            (p.grid.to_line().as_str(), p.layout),
            (LEETCODE, Layout::Grid)
        );

        let pretty = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";
        assert_eq!(one(pretty).unwrap().grid.to_line(), LEETCODE);

        let boxed = "+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n+=======+=======+=======+\n| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n*-----------------------*\n| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n+-------+-------+-------+\n";
        assert_eq!(one(boxed).unwrap().grid.to_line(), LEETCODE);
    }

    #[test]
    fn table_form_with_dashes_and_trailing_tabs() {
        let table = "9\t5\t7\t-\t1\t3\t-\t8\t4\t\n4\t8\t3\t-\t5\t7\t1\t-\t6\t\n-\t1\t2\t-\t4\t9\t5\t3\t7\t\n1\t7\t-\t3\t-\t4\t9\t-\t2\t\n5\t-\t4\t9\t7\t-\t3\t6\t-\t\n3\t-\t9\t5\t-\t8\t7\t-\t1\t\n8\t4\t5\t7\t9\t-\t6\t1\t3\t\n-\t9\t1\t-\t3\t6\t-\t7\t5\t\n7\t-\t6\t1\t8\t5\t4\t-\t9\t\n";
        let p = one(table).unwrap();
        assert_eq!(&p.grid.to_line()[..9], "957.13.84");
        assert_eq!(p.layout, Layout::Grid);
    }

    #[test]
    fn json_board_on_one_line_and_across_lines() {
        let json = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
        let p = one(json).unwrap();
        assert_eq!(
            (p.grid.to_line().as_str(), p.layout),
            (LEETCODE, Layout::Json)
        );
        let spread = json.replace("],", "],\n  ");
        let items = parse_str(&format!("{spread}\n{json}\n"));
        assert_eq!(items.len(), 2);
        assert_eq!(items[1].as_ref().unwrap().line, 10);
        assert!(items
            .iter()
            .all(|i| i.as_ref().unwrap().grid.to_line() == LEETCODE));
    }

    #[test]
    fn json_record_reads_solution_or_puzzle() {
        let sol =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let text = format!(
            "{{\"source\":\"a:1\",\"puzzle\":\"{LEETCODE}\",\"status\":\"solved\",\"solution\":\"{sol}\"}}\n{{\"source\":\"a:2\",\"puzzle\":\"{LEETCODE}\",\"status\":\"no_solution\",\"error\":\"x\"}}\n{{\"source\":\"a:3\",\"status\":\"invalid\",\"error\":\"x\"}}\n"
        );
        let items = parse_str(&text);
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].as_ref().unwrap().grid.to_line(), sol);
        assert_eq!(items[1].as_ref().unwrap().grid.to_line(), LEETCODE);
        assert!(err("{\"puzzle\": 5}").starts_with("1:"));
    }

    #[test]
    fn layouts_mix_in_order_with_comments_bom_and_crlf() {
        let text = format!(
            "\u{feff}# a comment\r\n{LEETCODE}\r\n\r\n53..7....\r\n6..195...\r\n.98....6.\r\n8...6...3\r\n4..8.3..1\r\n7...2...6\r\n.6....28.\r\n...419..5\r\n....8..79\r\n{LEETCODE}\r\n"
        );
        let items: Vec<_> = parse_str(&text).into_iter().map(|i| i.unwrap()).collect();
        assert_eq!(
            items.iter().map(|p| (p.line, p.layout)).collect::<Vec<_>>(),
            vec![(2, Layout::Line), (4, Layout::Grid), (13, Layout::Line)]
        );
    }

    #[test]
    fn unexpected_characters_are_shown_with_their_position() {
        assert_eq!(err("53..x...."), "1:5: unexpected character 'x'");
        assert_eq!(
            err("53..\u{7}...."),
            "1:5: unexpected character '\\u{7}' (U+0007)"
        );
        assert_eq!(err("\0\0\0"), "1:1: unexpected character '\\0' (U+0000)");
        assert_eq!(err("53é"), "1:3: unexpected character 'é'");
        let bytes = parse_bytes(b"12\xff");
        assert_eq!(bytes, "1:3: invalid UTF-8 (byte 0xff)");
        assert!(err("53-.7....")
            .starts_with("1:3: unexpected character '-': '-' is an empty cell only"));
    }

    fn parse_bytes(bytes: &[u8]) -> String {
        let mut parser = Parser::new(bytes);
        parser
            .next_item()
            .unwrap()
            .unwrap()
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn wrong_cell_counts() {
        assert_eq!(
            err(&LEETCODE[..80]),
            "1:81: line has 80 cells; a puzzle line needs 81"
        );
        let e = err(&format!("{LEETCODE}5"));
        assert!(
            e.starts_with("1:82: line has 82 cells; a puzzle line needs 81 (text after"),
            "{e}"
        );
        assert_eq!(
            err(&"1".repeat(10_000)).split(';').next().unwrap(),
            "1:82: line has 10000 cells"
        );
        // A row of 8 inside a grid: the grid answers once, with the row's error.
        let grid = "53..7....\n6..195..\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
        assert_eq!(
            err(grid),
            "2:9: row has 8 cells; a grid row needs 9 (or 81 for a puzzle on one line)"
        );
        let grid10 = grid.replace("6..195..\n", "6..195...5\n");
        assert_eq!(
            err(&grid10),
            "2:10: row has 10 cells; a grid row needs 9 (or 81 for a puzzle on one line)"
        );
    }

    #[test]
    fn short_grids_say_how_many_rows_and_what_cut_them() {
        let rows = "53..7....\n6..195...\n.98....6.\n";
        assert_eq!(
            err(rows),
            "1:1: grid has only 3 of 9 rows: it was cut short by the end of the input (a grid's 9 rows must be consecutive lines)"
        );
        let items = parse_str(&format!("{rows}\n{rows}"));
        assert_eq!(items.len(), 2);
        assert!(items[0]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("a blank line at line 4"));
        let items = parse_str(&format!("{rows}# note\n"));
        assert!(items[0]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("a comment at line 4"));
        // Ten rows: a full grid, then a grid of one row.
        let ten = "53..7....\n".repeat(10);
        let items = parse_str(&ten);
        assert!(items[0].is_ok());
        assert!(items[1]
            .as_ref()
            .unwrap_err()
            .to_string()
            .starts_with("10:1: grid has only 1 of 9 rows"));
    }

    #[test]
    fn json_errors() {
        let row = r#"["5","3",".",".","7",".",".",".","."]"#;
        let eight = format!("[{}]", [row; 8].join(","));
        assert!(
            err(&eight).ends_with("JSON board: 8 rows; a board needs 9"),
            "{}",
            err(&eight)
        );
        let number = format!(
            "[{}]",
            [row.replacen("\"5\"", "5", 1).as_str(); 9].join(",")
        );
        assert!(
            err(&number).starts_with("1:3: JSON board: a cell must be a one-character string"),
            "{}",
            err(&number)
        );
        let long = format!(
            "[{}]",
            [row.replacen("]", ",\"1\"]", 1).as_str(); 9].join(",")
        );
        assert!(err(&long).contains("row 1 has more than 9 cells"));
        let open = format!("[{row},\n{row}\n");
        assert!(err(&open).contains("not closed"));
    }

    #[test]
    fn the_plain_line_fast_path_agrees_with_the_full_scan() {
        for text in [
            LEETCODE.to_string(),
            LEETCODE.replace('.', "0"),
            LEETCODE.replace('.', "_"),
            format!("{LEETCODE} 1.5"),
            format!("{LEETCODE}\t#x"),
            format!("{LEETCODE},{LEETCODE}"),
        ] {
            let fast = plain_line(text.as_bytes()).expect("a plain line");
            let slow = scan_cells(text.as_bytes()).expect("scans");
            assert_eq!(fast, slow.cells, "{text}");
        }
        for text in [
            format!("{LEETCODE}7"),
            LEETCODE[..80].to_string(),
            format!("{}-", &LEETCODE[..80]),
        ] {
            assert_eq!(plain_line(text.as_bytes()), None, "{text}");
        }
    }

    #[test]
    fn empty_and_comment_only_inputs_have_no_puzzle() {
        assert!(parse_str("").is_empty());
        assert!(parse_str("# just a comment\n\n   \n").is_empty());
    }

    #[test]
    fn overlong_line_is_skipped_in_bounded_memory() {
        let text = format!("{}\n{LEETCODE}\n", "1".repeat(MAX_LINE + 10));
        let items = parse_str(&text);
        assert_eq!(items.len(), 2);
        assert!(items[0]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("longer than"));
        assert_eq!(items[1].as_ref().unwrap().line, 2);
    }
}
