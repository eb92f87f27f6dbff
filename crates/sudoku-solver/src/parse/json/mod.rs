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
//! as soon as it has been read, so a long list streams. Nothing under a key that names a solution
//! (`solution`, `answer`, `solved`, `canonical`, ...) is ever read as a puzzle, and a solved
//! grid next to the puzzle it solves (`['PUZZLE', 'SOLUTION']`, in either order) is that
//! puzzle's solution, not a puzzle of its own. A value that holds no puzzle at all is an error in
//! its own slot. Single quotes, `True`/`False`/`None` and trailing commas are accepted too, so
//! Python literals read as well.
//!
//! Recovery: every damaged element keeps a slot, and reading resumes at the next element it can
//! trust.
//!
//! - A syntax error is an error in its own slot, where it was found. The arrays and objects
//!   around it then give no board (their rows may be anything), and reading skips to the next
//!   `,` or closing bracket at the same depth, or to the next line (JSON strings cannot span
//!   lines, so a line boundary is a place to trust): there the next element is read.
//! - A string that lost its closing quote (`"53..7..., "6..1...`) ends at the `,` or `:` it
//!   swallowed; a value that lost its opening quote (`53..7...."`) ends at the stray quote; a
//!   missing comma between two elements on one line costs an error, not the element after it.
//! - A string of nearly a puzzle's length (80 or 82 cells), or a puzzle left without quotes, is
//!   an error in its slot, never silence.
//! - A value that is still open at the end of a line continues on the next only if that line
//!   can continue it: a line that is no JSON at all (a puzzle line, a grid row, a comment), or,
//!   after damage, one that starts a value of its own (`[[`, or `{` balanced on that line), ends
//!   the value and is read afresh.
//!
//! A line longer than the parser's line limit comes in pieces ([`Place`]): a token cut by the
//! end of a piece is handed back and read with the next piece, so a list of any length on one
//! line is read in bounded memory.

mod lex;
mod line;
#[cfg(test)]
mod tests;
mod values;

use std::collections::VecDeque;

use super::chars::{self, char_col, describe_char, is_cell, show_char};
use super::fields::SOLUTION_NAMES;
use super::sizes::{board_size, board_size_cells, SizesConf};
use super::{Form, GridCut, ParseError, ParseErrorKind, Parsed, Puzzle, CELLS, MAX_CELLS};
pub(in crate::parse) use values::code_not_json;
use values::{
    bare_row, board, closing_quote, flat_board, is_number, json_like, mostly_cells,
    near_puzzle_length, solves, starts_value, string, unclosed, Cell, Item, Pos, Scanned,
};

/// Nesting deeper than this is an error (no puzzle layout needs it).
const MAX_DEPTH: usize = 64;
/// Items of one array kept for reading as a board; a longer array is no board.
const MAX_ITEMS: usize = 729;
/// The longest token carried from one piece of an over-long line to the next: far more than any
/// puzzle string needs, so only damage reaches it.
pub(super) const MAX_TOKEN: usize = 16 * 1024;

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
    /// Inside a solution: nothing here is read as a puzzle.
    excluded: bool,
    /// For objects: the current member's value is a solution.
    member_excluded: bool,
    /// For objects: every key so far is the index of its member (`{"0": ..., "1": ...}`, as
    /// pandas writes a list), so the object reads as an array.
    numeric: bool,
    items: Vec<Item>,
    /// More items than are kept: not a board.
    overflow: bool,
    /// Damage was found inside: this gives no board.
    damaged: bool,
    /// The last item was this puzzle (with empty cells), already answered: a solved grid right
    /// after it that keeps its givens is its solution.
    last_puzzle: Option<[u8; CELLS]>,
    /// A solved grid that was the last item, held back: if the next item is a puzzle it solves,
    /// it is that puzzle's solution; otherwise it is answered as a puzzle of its own.
    held: Option<(Puzzle, [u8; CELLS])>,
    /// For objects: the last key read, and where, in case no `:` follows it (an object written
    /// with values and no keys, `{ 'P1', 'P2' }`, is read as the list it means).
    key: Option<(Vec<u8>, Pos)>,
    /// An object that turned out to be such a list: `}` closes it.
    keyless: bool,
    /// Puzzles and errors the value had given when this opened: a board error found after
    /// others stands where it is found, so slots stay in input order.
    found_at_open: usize,
    pos: Pos,
}

/// Where a piece of a line stands: a line longer than the parser's limit comes in pieces.
#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    /// The line number.
    pub(super) line: usize,
    /// Characters of the line before this piece.
    pub(super) base: usize,
    /// The piece starts its line.
    pub(super) first: bool,
    /// The piece ends its line.
    pub(super) last: bool,
}

impl Place {
    /// A whole line.
    pub(super) fn line(line: usize) -> Place {
        Place {
            line,
            base: 0,
            first: true,
            last: true,
        }
    }
}

/// How a piece of a line left the value.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Fed {
    /// The piece is used up; the value goes on. From this byte on, the piece holds the start of
    /// a token that goes on in the next piece of the line (the piece's length when it has none).
    More(usize),
    /// The value ended; the line goes on at this byte.
    Done(usize),
    /// This line cannot continue the value: the value ended before it ([`Json::cut`] says
    /// how), and the line is to be read afresh.
    Restart,
}

/// A byte of a line and its column (1-based, in characters), from which the columns further on
/// are counted: a line holding many values, or many errors, has each character counted once,
/// not once for every value.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cursor {
    byte: usize,
    col: usize,
}

impl Cursor {
    /// The start of a line, or of a piece of one.
    pub(super) const START: Cursor = Cursor { byte: 0, col: 1 };

    /// The column of byte `i` of `line`, the cursor moving there: counted on from the cursor,
    /// or from the start of the line for a byte behind it.
    pub(super) fn col(&mut self, line: &[u8], i: usize) -> usize {
        let col = match line.get(self.byte..i) {
            Some(between) => self.col + between.iter().filter(|&&b| b & 0xC0 != 0x80).count(),
            None => char_col(line, i),
        };
        #[cfg(test)]
        tests::COUNTED.with(|n| n.set(n.get() + i - self.byte.min(i)));
        *self = Cursor { byte: i, col };
        col
    }
}

/// How skipping after damage ended.
enum Skipped {
    /// At the end of the piece, still skipping (from this byte on, a token to carry over).
    Piece(usize),
    /// At a `,` of the damaged element's array or object, at this byte.
    Comma(usize),
    /// At the bracket that closes the damaged element's array or object, at this byte.
    Close(usize),
}

/// What reading one token gave.
enum Token {
    /// The byte after it.
    Next(usize),
    /// It goes on in the next piece of the line.
    Partial,
    /// A syntax error: skip to the next element.
    Error(String),
}

/// A JSON value being read.
pub(super) struct Json {
    start: Pos,
    stack: Vec<Frame>,
    expect: Expect,
    /// Puzzles and errors this value has given.
    found: usize,
    /// After damage: skipping to the next element, with this many brackets opened since.
    skip: Option<usize>,
    /// A byte of the piece being read and its column, so that columns are counted once per
    /// piece, not from its start for every token.
    cursor: Cursor,
    /// The last thing this value gave was a syntax error.
    after_error: bool,
    /// The value is a solution (`var solution = [[...]]`): nothing in it is read as a puzzle,
    /// and holding none is no error.
    solution: bool,
    /// Some token other than a bracket was read in it: a string, a number, a word, a key (an
    /// empty `[]` or `{}` holds none).
    held_any: bool,
    /// Boards of other sizes are read, with these symbols, box and settled alphabets
    /// (`sizes.rs`); `None`: they are not.
    sizes: Option<Box<SizesConf>>,
}

impl Json {
    /// A value starting at `col` (1-based, characters) of line `line`.
    pub(super) fn new(line: usize, col: usize) -> Self {
        Json {
            start: Pos { line, col },
            stack: Vec::new(),
            expect: Expect::Value,
            found: 0,
            skip: None,
            cursor: Cursor::START,
            after_error: false,
            solution: false,
            held_any: false,
            sizes: None,
        }
    }

    /// The value, reading boards of other sizes as `sizes` says (`None`: not reading them).
    pub(super) fn with_sizes(mut self, sizes: Option<Box<SizesConf>>) -> Self {
        self.sizes = sizes;
        self
    }

    /// An error of a board that boards of other sizes were read inside (its closing bracket
    /// lost): it stands where the board closed, after them, so slots stay in input order.
    fn after_found(&self, item: Parsed, frame: &Frame) -> Parsed {
        match item {
            Err(e) if self.found > frame.found_at_open => Err(ParseError {
                line: frame.pos.line,
                col: frame.pos.col,
                ..e
            }),
            item => item,
        }
    }

    /// Gives a board of another size (or its error), and settles its alphabet for the boards
    /// after it in this value.
    fn give_sized(&mut self, out: &mut VecDeque<Parsed>, item: Parsed) {
        if let (Some(conf), Ok(puzzle)) = (self.sizes.as_deref_mut(), &item) {
            conf.learn(puzzle);
        }
        self.give(out, item);
    }

    /// A value that is a solution, starting at `col` of line `line`: read to its end, nothing in
    /// it answered.
    pub(super) fn solution(line: usize, col: usize) -> Self {
        Json {
            solution: true,
            ..Json::new(line, col)
        }
    }

    /// Ends a value that never closed, cut short by `cut` (found at `last_line`, the last line
    /// read): the solved grids it held back are answered, then an error says it was not closed
    /// (unless it is closed, or damage inside it was reported already). The error stands where
    /// the value opened, unless puzzles inside it were already answered: then where the cut was
    /// found, so the slots stay in input order.
    pub(super) fn cut(mut self, cut: GridCut, last_line: usize, out: &mut VecDeque<Parsed>) {
        let held: Vec<Puzzle> = self
            .stack
            .iter_mut()
            .filter_map(|frame| frame.held.take().map(|(puzzle, _)| puzzle))
            .collect();
        for puzzle in held {
            self.give(out, Ok(puzzle));
        }
        if self.stack.is_empty() || self.skip.is_some() || self.after_error {
            return;
        }
        let rows = self.stack[0].items.len();
        if self.found == 0 && self.stack.len() == 1 && rows == 0 {
            // A bracket left open with nothing after it (`examples = [`, then a grid): code
            // that opened no value, not a damaged one.
            return;
        }
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
        self.give(
            out,
            Err(ParseError {
                line: at.line,
                col: at.col,
                kind: ParseErrorKind::Json(format!(
                "not closed{opened}: its last '{}' is missing; it was cut short by {cut} after \
                 {rows} item{}",
                if self.stack[0].object { '}' } else { ']' },
                if rows == 1 { "" } else { "s" }
            )),
            }),
        );
    }

    /// Feeds a piece of a line from its start. On a line after the first, a line that cannot
    /// continue the value gives [`Fed::Restart`].
    pub(super) fn feed(&mut self, line: &[u8], place: Place, out: &mut VecDeque<Parsed>) -> Fed {
        self.feed_from(line, 0, Cursor::START, place, out)
    }

    /// Feeds a piece of a line from byte `from`, whose column `cursor` counts to (it stands at
    /// `from` or before). [`Json::cursor`] then tells a column the value reached.
    pub(super) fn feed_from(
        &mut self,
        line: &[u8],
        from: usize,
        cursor: Cursor,
        place: Place,
        out: &mut VecDeque<Parsed>,
    ) -> Fed {
        let continuation = place.first && from == 0 && place.line > self.start.line;
        if continuation
            && (!json_like(line) || bare_row(line) || self.skip.is_some() && starts_value(line))
        {
            return Fed::Restart;
        }
        let mut i = from;
        let mut line_start = continuation;
        self.cursor = cursor;
        loop {
            if let Some(depth) = self.skip {
                let resumes = line_start
                    && (depth == 0 || self.puzzle_element_starts(line, i))
                    && self.resumes(line, i);
                if !resumes {
                    match self.skip_to(line, i, place) {
                        Skipped::Piece(keep) => return Fed::More(keep),
                        Skipped::Comma(at) => {
                            self.expect = self.after_comma();
                            i = at + 1;
                        }
                        Skipped::Close(at) => {
                            let pos = self.pos(line, at, place);
                            self.close_top(pos, out);
                            i = at + 1;
                            if self.stack.is_empty() {
                                self.finish(out);
                                return Fed::Done(i);
                            }
                        }
                    }
                    line_start = false;
                } else {
                    // The next element starts the line; the comma before it went with the
                    // damage.
                    self.expect = Expect::CommaOrEnd;
                }
                self.skip = None;
            }
            while i < line.len() && matches!(line[i], b' ' | b'\t' | b'\x0b' | b'\x0c') {
                i += 1;
            }
            if i >= line.len() {
                return Fed::More(line.len());
            }
            // A comment in code after an element (`[5, 3, ...],  # row 1`, `// row 1`, `/* 0 */`):
            // no part of the value.
            match comment_end(line, i) {
                Some(end) if place.last => {
                    i = end;
                    continue;
                }
                _ => {}
            }
            let b = line[i];
            let pos = self.pos(line, i, place);
            if self.expect == Expect::CommaOrEnd && self.starts_element(b) {
                if line_start {
                    // A line break between two elements stands for a lost comma.
                    self.expect = self.after_comma();
                } else {
                    // A missing comma on one line: an error, but the element after it is read.
                    self.damage(
                        pos,
                        format!("expected ',' before {}", describe_char(line, i)),
                        out,
                    );
                    self.expect = self.after_comma();
                }
            }
            if line_start && !self.may_come(b) {
                return Fed::Restart;
            }
            line_start = false;
            match self.token(line, i, pos, place, out) {
                Token::Next(next) => i = next,
                Token::Partial => return Fed::More(i),
                Token::Error(message) => {
                    self.damage(pos, message, out);
                    self.skip = Some(0);
                    continue;
                }
            }
            if self.stack.is_empty() {
                self.finish(out);
                return Fed::Done(i);
            }
        }
    }

    /// The position of byte `i` of a piece (bytes are asked for in increasing order).
    fn pos(&mut self, line: &[u8], i: usize, place: Place) -> Pos {
        Pos {
            line: place.line,
            col: place.base + self.cursor.col(line, i),
        }
    }

    /// The last byte of the piece fed whose column was counted, and that column: where the
    /// columns of what follows on the line are counted from.
    pub(super) fn cursor(&self) -> Cursor {
        self.cursor
    }

    /// Reports damage at `pos` in its own slot (unless it follows other damage with nothing
    /// read between: brackets thrown out of step by one damage are that damage); the arrays and
    /// objects around it give no board.
    fn damage(&mut self, pos: Pos, message: String, out: &mut VecDeque<Parsed>) {
        for frame in &mut self.stack {
            frame.damaged = true;
            frame.last_puzzle = None;
        }
        self.flush_held(out);
        if !self.after_error {
            let error = ParseError {
                line: pos.line,
                col: pos.col,
                kind: ParseErrorKind::Json(message),
            };
            self.give(out, Err(error));
            self.after_error = true;
        }
    }

    /// Hands out a puzzle, or an error in a puzzle's slot.
    fn give(&mut self, out: &mut VecDeque<Parsed>, item: Parsed) {
        out.push_back(item);
        self.found += 1;
        self.after_error = false;
    }

    /// After damage, at the start of a line: whether the line's first token starts the next
    /// element of the array or object being read (its comma lost with the damage).
    fn resumes(&self, line: &[u8], from: usize) -> bool {
        let Some(&b) = line[from..].iter().find(|b| !b.is_ascii_whitespace()) else {
            return false;
        };
        self.starts_element(b) || matches!(b, b']' | b'}')
    }

    /// After damage, at the start of a line: whether the line opens with a string of a whole
    /// puzzle (81 or 729 cells) in an array. Such a line is the next element even when the
    /// damage left brackets open (`easy: [` typed twice): a line that holds a puzzle of its own
    /// is never taken into the damaged element.
    fn puzzle_element_starts(&self, line: &[u8], from: usize) -> bool {
        if self.stack.last().is_none_or(|frame| frame.object) {
            return false;
        }
        let Some(start) = line[from..]
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .map(|k| from + k)
        else {
            return false;
        };
        let quote = line[start];
        if !matches!(quote, b'"' | b'\'') {
            return false;
        }
        let text = &line[start + 1..];
        let Some(end) = text.iter().position(|&b| b == quote) else {
            return false;
        };
        matches!(end, CELLS | MAX_CELLS) && text[..end].iter().all(|&b| is_cell(b))
    }

    /// Whether a token starting with `b` starts an element of the innermost array or object
    /// (a value, or for an object a key).
    fn starts_element(&self, b: u8) -> bool {
        match self.stack.last() {
            Some(frame) if frame.object => matches!(b, b'"' | b'\''),
            Some(_) => {
                matches!(b, b'[' | b'{' | b'"' | b'\'' | b'-' | b'0'..=b'9')
                    || b.is_ascii_alphabetic()
            }
            None => false,
        }
    }

    /// What comes after a comma in the innermost array or object.
    fn after_comma(&self) -> Expect {
        if self.stack.last().is_some_and(|f| f.object) {
            Expect::Key
        } else {
            Expect::Value
        }
    }

    /// Closes the innermost array or object at a closing bracket met while skipping damage,
    /// whichever bracket it is (the damage may have taken the right one).
    fn close_top(&mut self, at: Pos, out: &mut VecDeque<Parsed>) {
        if let Some(frame) = self.stack.pop() {
            let item = self.close(frame, at, out);
            self.value(item, out);
        }
    }

    /// The innermost object was written with values and no keys: it becomes a list, and the key
    /// just read its first (or next) value.
    fn keyless(&mut self, out: &mut VecDeque<Parsed>) {
        let top = self.top_mut();
        top.object = false;
        top.keyless = true;
        top.member_excluded = false;
        if let Some((text, pos)) = top.key.take() {
            let item = self.string_item(&text, pos, out);
            self.value(item, out);
        }
    }

    /// A key of the innermost object.
    fn key(&mut self, text: &[u8], pos: Pos) {
        let key = String::from_utf8_lossy(text).to_lowercase();
        let top = self.top_mut();
        top.key = Some((text.to_vec(), pos));
        top.member_excluded = SOLUTION_NAMES.contains(&key.as_str());
        top.numeric &= key == top.items.len().to_string();
        self.expect = Expect::Colon;
    }

    fn is_array(&self) -> bool {
        self.stack.last().is_some_and(|f| !f.object)
    }

    fn top_mut(&mut self) -> &mut Frame {
        self.stack.last_mut().expect("inside a value")
    }

    /// Answers the solved grid the innermost frame held back, as a puzzle of its own.
    fn flush_held(&mut self, out: &mut VecDeque<Parsed>) {
        if let Some((puzzle, _)) = self.stack.last_mut().and_then(|f| f.held.take()) {
            self.give(out, Ok(puzzle));
        }
    }

    /// A value finished: it becomes an item of the frame around it.
    fn value(&mut self, item: Item, out: &mut VecDeque<Parsed>) {
        self.expect = Expect::CommaOrEnd;
        if !matches!(item, Item::Puzzle) {
            self.flush_held(out);
            if let Some(frame) = self.stack.last_mut() {
                frame.last_puzzle = None;
            }
        }
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
        match self.stack.last() {
            Some(f) => f.excluded || f.object && f.member_excluded,
            None => self.solution,
        }
    }

    /// A string value: a cell, a row written as text, or a puzzle (answered at once, or held
    /// back while it may be the solution of the puzzle next to it).
    fn string_item(&mut self, text: &[u8], pos: Pos, out: &mut VecDeque<Parsed>) -> Item {
        let text = text.trim_ascii();
        let cell_chars = text.iter().all(|&b| is_cell(b));
        match text.len() {
            0 => Item::Cell(Cell::Value(0), pos),
            1 if cell_chars => Item::Cell(Cell::Value(chars::cell_value(text[0])), pos),
            9 if cell_chars => Item::RowText(std::array::from_fn(|k| chars::cell_value(text[k]))),
            CELLS if cell_chars => {
                if !self.excluded_here() {
                    self.puzzle_string(values::values(text), pos, out);
                }
                Item::Puzzle
            }
            CELLS if values::placeholder_cells(text).is_some() => {
                // `54ee2e8e...`: one letter for every empty cell.
                if !self.excluded_here() {
                    let cells = values::placeholder_cells(text).expect("checked");
                    self.puzzle_string(cells, pos, out);
                }
                Item::Puzzle
            }
            MAX_CELLS if cell_chars => {
                if !self.excluded_here() {
                    self.flush_held(out);
                    let whole = super::runs::whole(text, "string").expect("729 cells");
                    self.give(
                        out,
                        match whole {
                            Ok(whole) => Ok(whole.into_puzzle(pos.line, Form::Line)),
                            Err(kind) => Err(ParseError {
                                line: pos.line,
                                col: pos.col,
                                kind,
                            }),
                        },
                    );
                }
                Item::Other("a puzzle")
            }
            CELLS | MAX_CELLS if !self.excluded_here() && mostly_cells(text) => {
                // A puzzle string with a damaged cell: an error in its slot, not silence.
                let at = text.iter().position(|&b| !is_cell(b)).unwrap_or(0);
                let found = describe_char(text, at);
                self.puzzle_error(
                    pos,
                    at,
                    format!(
                        "a puzzle string of {} characters holds {found} at place {}, which is not a cell",
                        text.len(),
                        at + 1
                    ),
                    out,
                );
                Item::Other("a damaged puzzle")
            }
            n if cell_chars && near_puzzle_length(n) && !self.excluded_here() => {
                // A puzzle string that lost or gained cells.
                let need = if n > 2 * CELLS { MAX_CELLS } else { CELLS };
                self.puzzle_error(
                    pos,
                    0,
                    format!("a puzzle string of {n} cells; a puzzle needs {need}"),
                    out,
                );
                Item::Other("a damaged puzzle")
            }
            _ if self.sizes.is_some()
                && !self.excluded_here()
                && board_size_cells(text.len())
                && self.stack.last().is_none_or(|f| f.object) =>
            {
                // A string of N*N symbols, alone or a member's value: a board of another size
                // (in an array it may be a row: `["1..4.4..4..1..3.", ...]` is a 16x16 board).
                let conf = self.sizes.as_deref().expect("reading sizes");
                match values::sized_string(text, pos, conf) {
                    Some(item) => {
                        self.flush_held(out);
                        self.give_sized(out, item);
                        Item::Puzzle
                    }
                    None => Item::Cell(
                        Cell::Bad(format!("\"{}\"", String::from_utf8_lossy(text))),
                        pos,
                    ),
                }
            }
            _ => Item::Cell(
                Cell::Bad(format!("\"{}\"", String::from_utf8_lossy(text))),
                pos,
            ),
        }
    }

    /// An error in the slot of a damaged puzzle string, at place `at` inside it.
    fn puzzle_error(&mut self, pos: Pos, at: usize, message: String, out: &mut VecDeque<Parsed>) {
        self.flush_held(out);
        self.give(
            out,
            Err(ParseError {
                line: pos.line,
                col: pos.col + 1 + at,
                kind: ParseErrorKind::Json(message),
            }),
        );
    }

    /// A string of 81 cells, paired with its neighbour when one solves the other.
    fn puzzle_string(&mut self, cells: [u8; CELLS], pos: Pos, out: &mut VecDeque<Parsed>) {
        let puzzle = Puzzle::from_cells(cells, pos.line, Form::Line);
        let frame = self.stack.last_mut().expect("inside a value");
        if !cells.contains(&0) {
            if frame.last_puzzle.is_some_and(|p| solves(&cells, &p)) {
                // The solution of the puzzle just before it.
                frame.last_puzzle = None;
                return;
            }
            self.flush_held(out);
            let frame = self.stack.last_mut().expect("inside a value");
            frame.last_puzzle = None;
            frame.held = Some((puzzle, cells));
            return;
        }
        match frame.held.take() {
            // The solved grid just before it was its solution.
            Some((_, full)) if solves(&full, &cells) => {}
            Some((held, _)) => {
                self.give(out, Ok(held));
            }
            None => {}
        }
        let frame = self.stack.last_mut().expect("inside a value");
        frame.last_puzzle = Some(cells);
        self.give(out, Ok(puzzle));
    }

    /// A closed array or object, closed at `at`: a board is answered here (an error in a board
    /// that held puzzles answered before stands at `at`); the item says what it was.
    fn close(&mut self, mut frame: Frame, at: Pos, out: &mut VecDeque<Parsed>) -> Item {
        if self.found > frame.found_at_open {
            frame.pos = Pos {
                line: at.line,
                col: frame.pos.col,
            };
        }
        if let Some((puzzle, _)) = frame.held.take() {
            self.give(out, Ok(puzzle));
        }
        if frame.damaged {
            return Item::Other("a damaged value");
        }
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
                let sized = self
                    .sizes
                    .as_deref()
                    .filter(|_| n != 9 && board_size(n))
                    .and_then(|conf| values::sized_board(&frame.items, frame.pos, conf));
                match sized {
                    Some(item) => {
                        let item = self.after_found(item, &frame);
                        self.give_sized(out, item);
                    }
                    None if self.sizes.is_some() => {
                        let item = self.after_found(board(&frame.items, frame.pos), &frame);
                        self.give(out, item);
                    }
                    None => self.give(out, board(&frame.items, frame.pos)),
                }
            }
            return Item::Other("a board");
        }
        if let Some(conf) = self
            .sizes
            .as_deref()
            .filter(|_| values::sized_strings(&frame.items))
        {
            // `["1..4", ".4..", "4..1", "..3."]`: a board of another size in strings.
            if let Some(item) = values::sized_board(&frame.items, frame.pos, conf) {
                if !frame.excluded {
                    let item = self.after_found(item, &frame);
                    self.give_sized(out, item);
                }
                return Item::Other("a board");
            }
        }
        if self.sizes.is_some() && values::sized_puzzle_strings(&frame.items) {
            // `["1..4.4..4..1..3.", "..."]`: puzzles of other sizes, one a string.
            if !frame.excluded {
                for item in &frame.items {
                    let Item::Cell(Cell::Bad(text), pos) = item else {
                        continue;
                    };
                    let text = text.trim_matches('"').as_bytes();
                    let conf = self.sizes.as_deref().expect("reading sizes");
                    if let Some(puzzle) = values::sized_string(text, *pos, conf) {
                        self.give_sized(out, puzzle);
                    }
                }
            }
            return Item::Other("an array");
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
                Item::Puzzle => (Cell::Bad("a puzzle".to_string()), frame.pos),
                Item::Row(_, pos) => (Cell::Bad("an array".to_string()), pos),
                Item::RowText(_) => (Cell::Bad("a row of 9 cells".to_string()), frame.pos),
            })
            .collect();
        if row.len() == CELLS {
            if !frame.excluded {
                self.give(out, flat_board(&row, frame.pos));
            }
            return Item::Other("a board");
        }
        Item::Row(row, frame.pos)
    }

    /// The top-level value closed: a value that gave nothing is an error, unless it held nothing
    /// at all (`r = []`, `y = {}`: an empty list in code, not a damaged board).
    fn finish(&mut self, out: &mut VecDeque<Parsed>) {
        if self.found == 0 && !self.solution && self.held_any {
            out.push_back(Err(ParseError {
                line: self.start.line,
                col: self.start.col,
                kind: ParseErrorKind::NoPuzzleInJson,
            }));
        }
    }
}

/// Where a comment that starts at byte `i` ends: `#`, `//` and `-- ` (Lua, SQL) run to the end
/// of the line, `/*` to its `*/` (or the end of the line).
pub(super) fn comment_end(line: &[u8], i: usize) -> Option<usize> {
    let rest = &line[i..];
    let dashes = rest.starts_with(b"--") && rest.get(2).is_none_or(|&b| b == b' ' || b == b'\t');
    if rest.starts_with(b"#") || rest.starts_with(b"//") || dashes {
        return Some(line.len());
    }
    let body = rest.strip_prefix(b"/*")?;
    let close = body.windows(2).position(|w| w == b"*/");
    Some(close.map_or(line.len(), |at| i + 2 + at + 2))
}
