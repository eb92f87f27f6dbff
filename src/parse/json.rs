//! JSON values, read as a stream of tokens with their positions, however they are spread over
//! lines, and the puzzles found inside them.
//!
//! A value starts at a line whose first character is `[` or `{`. Inside it, these are puzzles:
//!
//! - a string of 81 cells (or 729, a pencilmark line), as in `{"puzzle": "53..7...."}`, or a
//!   list of them;
//! - a *board*: an array of 9 rows, each an array of 9 cells (`"5"`, `"."`, `""`, `5`, `0`,
//!   `null`) or a string of 9 cells, as in LeetCode 37 or `{"board": [[5,3,0,...],...]}`;
//! - an array of 81 cells.
//!
//! Puzzles are found at any depth (`{"newboard":{"grids":[{"value":[[...]]}]}}`), each answered
//! as soon as it has been read, so a long list streams. Nothing under a key that names an answer
//! (`solution`, `answer`, `solved`, `canonical`, ...) is ever read as a puzzle. A value that holds
//! no puzzle at all is an error in its own slot. Single quotes, `True`/`False`/`None` and
//! trailing commas are accepted too, so Python literals read as well.
//!
//! Recovery: JSON strings cannot span lines, so every line boundary is a place to trust. A value
//! that is still open at the end of a line continues on the next only if that line can continue
//! it: a line whose first token cannot follow, or that is no JSON at all (a puzzle line, a grid
//! row, a comment), ends the value (an error: it was not closed) and is read afresh. After a
//! syntax error inside a line, the rest of the value is skipped by counting brackets only, and
//! any later line that starts a value of its own (`[[`, or `{` balanced on that line) or is no
//! JSON ends the skipping. So one broken board costs one slot, never the puzzles after it.

use std::collections::VecDeque;

use super::cells::{self, char_col, describe_char, is_cell, show_char, ANSWER_NAMES};
use super::{GridCut, Layout, ParseError, ParseErrorKind, Parsed, Puzzle, CELLS, MAX_CELLS};

/// Nesting deeper than this is an error (no puzzle layout needs it).
const MAX_DEPTH: usize = 64;
/// Items of one array kept for reading as a board; a longer array is no board.
const MAX_ITEMS: usize = 729;

/// A place in the input: line and column, both 1-based, the column in characters.
#[derive(Clone, Copy, Debug)]
struct Pos {
    line: usize,
    col: usize,
}

/// One cell of a board.
#[derive(Clone, Debug)]
enum Cell {
    /// 0 for empty, else the digit.
    Value(u8),
    /// Not a cell: what was found instead.
    Bad(String),
}

/// What a finished value is, as far as a board around it cares.
#[derive(Clone, Debug)]
enum Item {
    Cell(Cell, Pos),
    /// An array of cells: a row of a board (or a damaged one).
    Row(Vec<(Cell, Pos)>, Pos),
    /// A string of 9 cells: a row written as text.
    RowText([u8; 9]),
    /// Anything else (an object, a puzzle already answered, a list).
    Other(&'static str),
}

/// What the next token may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// A value (after `:` or a `,` in an array).
    Value,
    /// A value or `]` (after `[`).
    ValueOrEnd,
    /// A key (after a `,` in an object), or `}` (a trailing comma).
    Key,
    /// A key or `}` (after `{`).
    KeyOrEnd,
    Colon,
    /// `,` or the closing bracket.
    CommaOrEnd,
}

/// An open array or object.
struct Frame {
    object: bool,
    /// Inside an answer: nothing here is read as a puzzle.
    excluded: bool,
    /// For objects: the current member's value is an answer.
    member_excluded: bool,
    /// For objects: every key so far is the index of its member (`{"0": ..., "1": ...}`, as
    /// pandas writes a list), so the object reads as an array.
    numeric: bool,
    items: Vec<Item>,
    /// More items than are kept: not a board.
    overflow: bool,
    pos: Pos,
}

/// How a line left the value.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// The line is used up; the value goes on.
    More,
    /// The value ended; the line goes on at this byte.
    Done(usize),
    /// This line cannot continue the value: the value ended before it ([`Json::cut`] says
    /// how), and the line is to be read afresh.
    Restart,
}

/// A JSON value being read.
pub(super) struct Json {
    start: Pos,
    stack: Vec<Frame>,
    expect: Expect,
    /// Puzzles and errors this value has given.
    found: usize,
    /// After a syntax error: the error, and the bracket depth still open.
    broken: Option<(ParseError, usize)>,
}

impl Json {
    /// A value starting at `col` (1-based, characters) of line `line`.
    pub(super) fn new(line: usize, col: usize) -> Self {
        Json {
            start: Pos { line, col },
            stack: Vec::new(),
            expect: Expect::Value,
            found: 0,
            broken: None,
        }
    }

    /// Ends a value that never closed, cut short by `cut` (found at `last_line`, the last line
    /// read; every cut is the line being read, or the end of the input after it): its
    /// syntax error if it had one, else an error saying it was not closed (unless it is closed:
    /// then nothing). The error stands where the value opened, unless puzzles inside it were
    /// already answered: then where the cut was found, so the slots stay in input order.
    pub(super) fn cut(self, cut: GridCut, last_line: usize, out: &mut VecDeque<Parsed>) {
        if let Some((error, _)) = self.broken {
            out.push_back(Err(error));
            return;
        }
        if self.stack.is_empty() {
            return;
        }
        let rows = self.stack[0].items.len();
        let (at, opened) = if self.found == 0 {
            (self.start, String::new())
        } else {
            let opened = format!(
                " (it opened at line {}, column {})",
                self.start.line, self.start.col
            );
            (
                Pos {
                    line: last_line,
                    col: 1,
                },
                opened,
            )
        };
        out.push_back(Err(ParseError {
            line: at.line,
            col: at.col,
            kind: ParseErrorKind::Json(format!(
                "not closed{opened}: its last '{}' is missing; it was cut short by {cut} after \
                 {rows} item{}",
                if self.stack[0].object { '}' } else { ']' },
                if rows == 1 { "" } else { "s" }
            )),
        }));
    }

    /// Feeds line `line_no` from byte `from`. On a line after the first, a line that cannot
    /// continue the value gives [`Step::Restart`].
    pub(super) fn feed(
        &mut self,
        line: &[u8],
        from: usize,
        line_no: usize,
        out: &mut VecDeque<Parsed>,
    ) -> Step {
        let continuation = line_no > self.start.line && from == 0;
        if self.broken.is_some() {
            if continuation && (starts_value(line) || !json_like(line)) {
                return Step::Restart;
            }
            return self.skip(line, from, out);
        }
        if continuation && !json_like(line) {
            return Step::Restart;
        }
        let mut i = from;
        let mut first_token = continuation;
        while i < line.len() {
            let b = line[i];
            if matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c') {
                i += 1;
                continue;
            }
            let pos = Pos {
                line: line_no,
                col: char_col(line, i),
            };
            if first_token && self.expect == Expect::CommaOrEnd && self.is_array() {
                // A line break between two items of an array stands for a lost comma.
                self.expect = Expect::Value;
                if !self.may_come(b) {
                    self.expect = Expect::CommaOrEnd;
                }
            }
            if first_token && !self.may_come(b) {
                return Step::Restart;
            }
            first_token = false;
            match self.token(line, i, pos, out) {
                Ok(next) => i = next,
                Err(kind) => {
                    let error = ParseError {
                        line: pos.line,
                        col: pos.col,
                        kind: ParseErrorKind::Json(kind),
                    };
                    // Skipping starts at the offending token itself: a bracket there opens or
                    // closes what it says, and a quote there starts a string.
                    let depth = self.stack.len();
                    self.stack.clear();
                    self.broken = Some((error, depth));
                    return self.skip(line, i, out);
                }
            }
            if self.stack.is_empty() {
                self.finish(out);
                return Step::Done(i);
            }
        }
        Step::More
    }

    /// Whether a token starting with `b` may come next.
    fn may_come(&self, b: u8) -> bool {
        use Expect::*;
        match b {
            b'[' | b'{' | b'-' | b'0'..=b'9' => matches!(self.expect, Value | ValueOrEnd),
            _ if b.is_ascii_alphabetic() => matches!(self.expect, Value | ValueOrEnd),
            b'"' | b'\'' => matches!(self.expect, Value | ValueOrEnd | Key | KeyOrEnd),
            b']' => matches!(self.expect, ValueOrEnd | CommaOrEnd | Value),
            b'}' => matches!(self.expect, KeyOrEnd | CommaOrEnd | Key),
            // A comma where a value belongs (`[1,,2]`, or a line lost between two commas) is
            // passed over: the array just has one item fewer.
            b',' => self.expect == CommaOrEnd || self.expect == Value && self.is_array(),
            b':' => self.expect == Colon,
            _ => false,
        }
    }

    /// After a syntax error: counts brackets (strings end at their quote or the line's end)
    /// until the value closes.
    fn skip(&mut self, line: &[u8], from: usize, out: &mut VecDeque<Parsed>) -> Step {
        let (_, depth) = self.broken.as_mut().expect("broken");
        let mut i = from;
        while i < line.len() {
            match line[i] {
                q @ (b'"' | b'\'') => {
                    i += 1;
                    while i < line.len() && line[i] != q {
                        i += if line[i] == b'\\' { 2 } else { 1 };
                    }
                }
                b'[' | b'{' => *depth += 1,
                b']' | b'}' => {
                    *depth = depth.saturating_sub(1);
                    if *depth == 0 {
                        let (error, _) = self.broken.take().expect("broken");
                        out.push_back(Err(error));
                        self.found += 1;
                        return Step::Done(i + 1);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Step::More
    }

    /// Reads the token at byte `i`; returns the byte after it.
    fn token(
        &mut self,
        line: &[u8],
        i: usize,
        pos: Pos,
        out: &mut VecDeque<Parsed>,
    ) -> Result<usize, String> {
        use Expect::*;
        let b = line[i];
        if !self.may_come(b) {
            return Err(self.unexpected(line, i));
        }
        match b {
            b'[' | b'{' => {
                if self.stack.len() >= MAX_DEPTH {
                    return Err(format!("nested deeper than {MAX_DEPTH} levels"));
                }
                let excluded = self.excluded_here();
                self.stack.push(Frame {
                    object: b == b'{',
                    excluded,
                    member_excluded: false,
                    numeric: true,
                    items: Vec::new(),
                    overflow: false,
                    pos,
                });
                self.expect = if b == b'{' { KeyOrEnd } else { ValueOrEnd };
                Ok(i + 1)
            }
            b']' | b'}' => {
                let frame = self.stack.last().expect("inside a value");
                if frame.object != (b == b'}') {
                    return Err(self.unexpected(line, i));
                }
                let frame = self.stack.pop().expect("inside a value");
                let item = self.close(frame, out);
                self.value(item);
                Ok(i + 1)
            }
            b',' => {
                self.expect = if self.top().object { Key } else { Value };
                Ok(i + 1)
            }
            b':' => {
                self.expect = Value;
                Ok(i + 1)
            }
            b'"' | b'\'' => {
                let (text, next) = string(line, i)?;
                if matches!(self.expect, Key | KeyOrEnd) {
                    let key = String::from_utf8_lossy(&text).to_lowercase();
                    let top = self.top_mut();
                    top.member_excluded = ANSWER_NAMES.contains(&key.as_str());
                    top.numeric &= key == top.items.len().to_string();
                    self.expect = Colon;
                } else {
                    let item = self.string_item(&text, pos, out);
                    self.value(item);
                }
                Ok(next)
            }
            _ => {
                let end = i + line[i..]
                    .iter()
                    .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'-' | b'+' | b'.')))
                    .unwrap_or(line.len() - i);
                let word = &line[i..end];
                let cell = match word {
                    b"null" | b"None" => Cell::Value(0),
                    b"true" | b"false" | b"True" | b"False" => {
                        Cell::Bad(String::from_utf8_lossy(word).into_owned())
                    }
                    [d] if d.is_ascii_digit() => Cell::Value(d - b'0'),
                    // A number out of range, or a bare word where a value belongs (a damaged
                    // cell): the board around it is in error, but its brackets still count.
                    _ if is_number(word) || !word.is_empty() => {
                        Cell::Bad(String::from_utf8_lossy(word).into_owned())
                    }
                    _ => return Err(self.unexpected(line, i)),
                };
                self.value(Item::Cell(cell, pos));
                Ok(end)
            }
        }
    }

    fn is_array(&self) -> bool {
        self.stack.last().is_some_and(|f| !f.object)
    }

    fn top(&self) -> &Frame {
        self.stack.last().expect("inside a value")
    }

    fn top_mut(&mut self) -> &mut Frame {
        self.stack.last_mut().expect("inside a value")
    }

    /// A value finished: it becomes an item of the frame around it.
    fn value(&mut self, item: Item) {
        self.expect = Expect::CommaOrEnd;
        if let Some(frame) = self.stack.last_mut() {
            if frame.object {
                frame.member_excluded = false;
            }
            if frame.object && !frame.numeric {
                // Members of an object are no board's rows.
            } else if frame.items.len() < MAX_ITEMS {
                frame.items.push(item);
            } else {
                frame.overflow = true;
            }
        }
    }

    fn excluded_here(&self) -> bool {
        self.stack
            .last()
            .is_some_and(|f| f.excluded || f.object && f.member_excluded)
    }

    /// A string value: a cell, a row written as text, or a puzzle (answered at once).
    fn string_item(&mut self, text: &[u8], pos: Pos, out: &mut VecDeque<Parsed>) -> Item {
        let text = text.trim_ascii();
        let cell_chars = text.iter().all(|&b| is_cell(b));
        match text.len() {
            0 => Item::Cell(Cell::Value(0), pos),
            1 if cell_chars => Item::Cell(Cell::Value(cells::cell_value(text[0])), pos),
            9 if cell_chars => Item::RowText(std::array::from_fn(|k| cells::cell_value(text[k]))),
            CELLS | MAX_CELLS if cell_chars => {
                if !self.excluded_here() {
                    let whole = cells::whole(text, "string").expect("81 or 729 cells");
                    let item = match whole {
                        Ok(whole) => Ok(whole.into_puzzle(pos.line, Layout::Line)),
                        Err(kind) => Err(ParseError {
                            line: pos.line,
                            col: pos.col,
                            kind,
                        }),
                    };
                    out.push_back(item);
                    self.found += 1;
                }
                Item::Other("a puzzle")
            }
            CELLS | MAX_CELLS if !self.excluded_here() && mostly_cells(text) => {
                // A puzzle string with a damaged cell: an error in its slot, not silence.
                let at = text.iter().position(|&b| !is_cell(b)).unwrap_or(0);
                let found = describe_char(text, at);
                out.push_back(Err(ParseError {
                    line: pos.line,
                    col: pos.col + 1 + at,
                    kind: ParseErrorKind::Json(format!(
                        "a puzzle string of {} characters holds {found} at place {}, which is not a cell",
                        text.len(),
                        at + 1
                    )),
                }));
                self.found += 1;
                Item::Other("a damaged puzzle")
            }
            _ => Item::Cell(
                Cell::Bad(format!("\"{}\"", String::from_utf8_lossy(text))),
                pos,
            ),
        }
    }

    /// A closed array or object: a board is answered here; the item says what it was.
    fn close(&mut self, frame: Frame, out: &mut VecDeque<Parsed>) -> Item {
        if frame.object && !frame.numeric || frame.overflow || frame.items.is_empty() {
            return Item::Other(if frame.object {
                "an object"
            } else {
                "an array"
            });
        }
        let n = frame.items.len();
        let rows = frame
            .items
            .iter()
            .filter(|i| matches!(i, Item::Row(..) | Item::RowText(_)))
            .count();
        let cells = frame
            .items
            .iter()
            .filter(|i| matches!(i, Item::Cell(..)))
            .count();
        if 2 * rows > n {
            if !frame.excluded {
                out.push_back(board(&frame.items, frame.pos));
                self.found += 1;
            }
            return Item::Other("a board");
        }
        if 2 * cells <= n {
            return Item::Other("an array");
        }
        let row: Vec<(Cell, Pos)> = frame
            .items
            .into_iter()
            .map(|item| match item {
                Item::Cell(cell, pos) => (cell, pos),
                Item::Other(what) => (Cell::Bad(what.to_string()), frame.pos),
                Item::Row(_, pos) => (Cell::Bad("an array".to_string()), pos),
                Item::RowText(_) => (Cell::Bad("a row of 9 cells".to_string()), frame.pos),
            })
            .collect();
        if row.len() == CELLS {
            if !frame.excluded {
                out.push_back(flat_board(&row, frame.pos));
                self.found += 1;
            }
            return Item::Other("a board");
        }
        Item::Row(row, frame.pos)
    }

    /// The top-level value closed: a value that gave nothing is an error.
    fn finish(&mut self, out: &mut VecDeque<Parsed>) {
        if self.found == 0 {
            out.push_back(Err(ParseError {
                line: self.start.line,
                col: self.start.col,
                kind: ParseErrorKind::NoPuzzleInJson,
            }));
        }
    }

    fn unexpected(&self, line: &[u8], i: usize) -> String {
        use Expect::*;
        let expected = match self.expect {
            Value => "a value",
            ValueOrEnd => "a value or ']'",
            Key => "a key (a string)",
            KeyOrEnd => "a key (a string) or '}'",
            Colon => "':'",
            CommaOrEnd => {
                if self.stack.last().is_some_and(|f| f.object) {
                    "',' or '}'"
                } else {
                    "',' or ']'"
                }
            }
        };
        format!("expected {expected}, found {}", describe_char(line, i))
    }
}

/// Two thirds or more of `text` are cells: a damaged puzzle rather than other text.
fn mostly_cells(text: &[u8]) -> bool {
    let cells = text.iter().filter(|&&b| is_cell(b)).count();
    3 * cells >= 2 * text.len()
}

/// A JSON number: `-`? digits, then `.digits` and an exponent, each optional.
fn is_number(word: &[u8]) -> bool {
    let s = std::str::from_utf8(word).unwrap_or("");
    !s.is_empty()
        && s.parse::<f64>().is_ok()
        && s.bytes()
            .next()
            .is_some_and(|b| b == b'-' || b.is_ascii_digit())
}

/// The string starting at the quote at byte `i`: its raw text (escapes kept as they are, which
/// is enough for cells) and the byte after its closing quote. Strings cannot span lines.
fn string(line: &[u8], i: usize) -> Result<(Vec<u8>, usize), String> {
    let quote = line[i];
    let mut j = i + 1;
    let mut text = Vec::new();
    while j < line.len() {
        match line[j] {
            b'\\' => {
                if let Some(&next) = line.get(j + 1) {
                    text.push(next);
                }
                j += 2;
            }
            b if b == quote => return Ok((text, j + 1)),
            b => {
                text.push(b);
                j += 1;
            }
        }
    }
    Err(format!(
        "a string that opens with {} is not closed on its line",
        show_char(quote as char)
    ))
}

/// Whether a line starts a value of its own: `[[`, or a `{` whose brackets close on the line.
fn starts_value(line: &[u8]) -> bool {
    let text = line.trim_ascii_start();
    if text.starts_with(b"[[") || text.starts_with(b"[ [") {
        return true;
    }
    if !text.starts_with(b"{") {
        return false;
    }
    let mut depth = 0usize;
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < text.len() && text[i] != q {
                    i += if text[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                if depth == 0 {
                    return false;
                }
                depth -= 1;
                if depth == 0 {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// Whether a line can be part of a JSON value at all: its first character can begin a token,
/// and a line that begins with a number or a word holds nothing but numbers and words between
/// commas, and closing brackets (`0, 0, 3, 0, 2,` as a long array wraps; a grid row `53..7....`
/// is not JSON).
fn json_like(line: &[u8]) -> bool {
    let text = line.trim_ascii();
    let Some(&first) = text.first() else {
        return true;
    };
    match first {
        b'[' | b']' | b'{' | b'}' | b'"' | b'\'' | b',' | b':' => true,
        b'-' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' => {
            let end = text
                .iter()
                .rposition(|&b| !matches!(b, b',' | b']' | b'}' | b' ' | b'\t'))
                .map_or(0, |i| i + 1);
            text[..end].split(|&b| b == b',').all(|item| {
                let item = item.trim_ascii();
                is_number(item)
                    || !item.is_empty()
                        && item.len() <= 20
                        && item.iter().all(u8::is_ascii_alphanumeric)
                        && item[0].is_ascii_alphabetic()
            })
        }
        _ => false,
    }
}

fn board_error(pos: Pos, message: String) -> Parsed {
    Err(ParseError {
        line: pos.line,
        col: pos.col,
        kind: ParseErrorKind::Json(message),
    })
}

fn cell_value(cell: &Cell, pos: Pos, place: &str) -> Result<u8, ParseError> {
    match cell {
        Cell::Value(v) => Ok(*v),
        Cell::Bad(what) => Err(ParseError {
            line: pos.line,
            col: pos.col,
            kind: ParseErrorKind::Json(format!(
                "{place}: a cell must be a digit 0-9 (0 for empty), \"1\"-\"9\", \".\" or \"\"; found {what}"
            )),
        }),
    }
}

/// A board of 9 rows of 9 cells.
fn board(items: &[Item], pos: Pos) -> Parsed {
    if items.len() != 9 {
        return board_error(pos, format!("{} rows; a board needs 9", items.len()));
    }
    let mut cells = [0u8; CELLS];
    for (r, item) in items.iter().enumerate() {
        match item {
            Item::RowText(row) => cells[r * 9..r * 9 + 9].copy_from_slice(row),
            Item::Row(row, row_pos) => {
                if row.len() != 9 {
                    return board_error(
                        *row_pos,
                        format!("row {} has {} cells; a row needs 9", r + 1, row.len()),
                    );
                }
                for (c, (cell, cell_pos)) in row.iter().enumerate() {
                    cells[r * 9 + c] =
                        cell_value(cell, *cell_pos, &format!("row {}, cell {}", r + 1, c + 1))?;
                }
            }
            Item::Cell(_, cell_pos) => {
                return board_error(*cell_pos, format!("row {} is not a row of cells", r + 1))
            }
            Item::Other(what) => {
                return board_error(pos, format!("row {} is {what}, not a row of cells", r + 1))
            }
        }
    }
    Ok(Puzzle::from_cells(cells, pos.line, Layout::Json))
}

/// A board written as one array of 81 cells.
fn flat_board(row: &[(Cell, Pos)], pos: Pos) -> Parsed {
    let mut cells = [0u8; CELLS];
    for (i, (cell, cell_pos)) in row.iter().enumerate() {
        cells[i] = cell_value(cell, *cell_pos, &format!("cell {}", i + 1))?;
    }
    Ok(Puzzle::from_cells(cells, pos.line, Layout::Json))
}
