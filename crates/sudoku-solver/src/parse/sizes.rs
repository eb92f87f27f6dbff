//! Boards of other sizes than 9x9 (4x4 to 36x36), read as puzzles when the parser is asked to
//! ([`Parser::reading_sizes`]); without that, nothing here runs and they are passed over with a
//! note ([`super::OtherBoard`]).
//!
//! Layouts: one line of N*N symbols (also the puzzle field of a CSV record, the first such field
//! or the one its header names); N rows of N symbols, packed (`1..4`) or set apart (`1 . . 4`),
//! with or without box separators (`|` between boxes, `-`/`+`/`=` lines or blank lines between
//! bands); rows of numbers 1..N set apart by blanks or commas, `0`, `.` or `_` for empty
//! ([`Notation::Numbers`]); JSON boards (`json/`) of numbers or of symbols, as N arrays of N or
//! N strings of N.
//!
//! A board of rows is read here before the 9x9 reader sees its lines, and only where no 9x9
//! grid is being gathered; its rows are N wide, N never 9, so no 9x9 row is taken. Rows that do
//! not come to a board (a lone `1234`, a label that looks like a row) are handed back to the 9x9
//! reader, line by line, as if never looked at. A board of rows ends at its N-th row, so boards
//! written back to back never glue; a blank or separator line between bands keeps it open only
//! where a band can end; rows that stop short end it as an error in its slot (when they are at
//! least half a board), as does a damaged row inside it.
//!
//! The alphabet of a board in symbols ([`decide`]): digits up to 9 (letters only, `A`-, when no
//! digit is used); above 9, `1-9A-Z`, `0-9A-Z` (hexadoku) or letters only, picked from the
//! symbols used:
//!
//! - `0` used beside another empty mark (`.`, `_`, `*`, `-`): `0` is a digit, `0-9A-Z`, where it
//!   fits; `0` as the only empty mark is the empty cell, unless the board read in `0-9A-Z` is a
//!   full board with no conflict (a hexadoku solution);
//! - letters and no digit: letters only;
//! - otherwise each of `1-9A-Z` and `0-9A-Z` that holds every symbol used fits. One fits: that
//!   one. Both fit (a 16x16 board with no `0` and no `G`): an earlier board of the same size in
//!   the input that settled its alphabet settles this one too; with none, the board is an error
//!   ([`ParseErrorKind::AmbiguousSymbols`]) that asks for `--symbols`. Never a guess.
//!
//! So the alphabet is decided per board, and a file's earlier boards settle its later ones (not
//! the other way round: the reader streams, and hands a board out before it reads the next).
//! [`Parser::with_symbols`] overrides the choice for boards of its size.
//!
//! The box: the one [`Parser::with_box`] gives for boards of its size; else the one a grid's
//! separators draw (`|` every C columns, a break every R rows); else [`Shape::for_size`] (square
//! where N is a square, else the wide box).

use std::io::Read;

use super::classify;
use super::fields::{self, Header};
use super::kind::{Context, LineKind};
use super::{Form, ParseError, ParseErrorKind, Parsed, Parser, Puzzle};
use crate::shape::{Shape, MAX_SIZE, MIN_SIZE};
use crate::sized::{Notation, SizedGrid, Symbols};

/// What a parser reading boards of other sizes is told: the symbols and box to use for boards
/// of their size, and the alphabet each size's boards have settled on so far.
#[derive(Clone, Debug, Default)]
pub(super) struct SizesConf {
    pub(super) symbols: Option<Symbols>,
    pub(super) shape: Option<Shape>,
    /// The alphabet the first board of each size decided on its own.
    settled: Vec<(usize, Symbols)>,
}

impl SizesConf {
    /// Notes the alphabet a puzzle of another size was read in, for later boards of its size.
    pub(super) fn learn(&mut self, puzzle: &Puzzle) {
        if let Some((grid, Notation::Symbols(symbols))) = puzzle.sized() {
            self.settle(grid.size(), symbols);
        }
    }

    /// Notes the alphabet of a board that was read, for later boards of its size.
    fn settle(&mut self, size: usize, symbols: &Symbols) {
        if !self.settled.iter().any(|(s, _)| *s == size) {
            self.settled.push((size, symbols.clone()));
        }
    }

    fn settled(&self, size: usize) -> Option<&Symbols> {
        self.settled
            .iter()
            .find(|(s, _)| *s == size)
            .map(|(_, symbols)| symbols)
    }
}

/// The state of reading boards of other sizes, kept by the parser.
#[derive(Default)]
pub(super) struct Sizes {
    /// Boards of other sizes are read ([`Parser::reading_sizes`]).
    pub(super) reading: bool,
    pub(super) conf: SizesConf,
    /// The board of rows being read.
    open: Option<OpenBoard>,
    /// Lines of rows that made no board are being handed back to the 9x9 reader.
    replaying: bool,
}

impl Sizes {
    /// Whether a board of rows is being read (a line may belong to it).
    pub(super) fn is_open(&self) -> bool {
        self.open.is_some()
    }
}

/// One cell as written, before the alphabet is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Raw {
    /// `.`, `_`, `*`, `-` (and `0` among numbers).
    Empty,
    /// A symbol (a digit or a letter), its alphabet not yet decided.
    Symbol(char),
    /// A number 1..=255 of a row of numbers.
    Number(u8),
}

/// A board's cells as written, with where each stands, how it was written and the box its
/// separators draw.
pub(super) struct RawBoard {
    pub(super) size: usize,
    pub(super) cells: Vec<(Raw, usize, usize)>,
    pub(super) numbers: bool,
    /// Rows and columns of a box, as separators drew them.
    pub(super) drawn: (Option<usize>, Option<usize>),
    pub(super) line: usize,
    pub(super) col: usize,
    pub(super) form: Form,
}

/// Boards of rows written back to back, with no line between them, held at most before they are
/// handed out (a damaged row among them costs them all their slots but one error).
const HELD_BOARDS: usize = 16;

/// The sizes a board can have: N from 4 to 36 with a box R x C, R and C at least 2.
pub(super) fn board_size(n: usize) -> bool {
    n != 9 && (MIN_SIZE..=MAX_SIZE).contains(&n) && Shape::for_size(n).is_ok()
}

/// Whether `cells` is N*N for a board size N.
pub(super) fn board_size_cells(cells: usize) -> bool {
    (MIN_SIZE..=MAX_SIZE).any(|n| n * n == cells && board_size(n))
}

/// A mark for an empty cell in symbols.
fn empty_mark(c: char) -> bool {
    matches!(c, '.' | '_' | '*' | '-')
}

/// A character that can be a cell written in symbols: a digit, a capital letter, an empty mark,
/// or one of the symbols given.
fn symbol_char(c: char, given: Option<&Symbols>) -> bool {
    c.is_ascii_digit()
        || c.is_ascii_uppercase()
        || empty_mark(c)
        || given.is_some_and(|s| s.digit(c).is_some())
}

fn raw_of(c: char) -> Raw {
    if empty_mark(c) {
        Raw::Empty
    } else {
        Raw::Symbol(c)
    }
}

fn error(line: usize, col: usize, message: String) -> ParseError {
    ParseError {
        line,
        col,
        kind: ParseErrorKind::SizedBoard(message),
    }
}

/// The shape of a board `size` wide: the box given for that size, else the box drawn, else
/// the usual one.
fn shape_of(raw: &RawBoard, conf: &SizesConf) -> Result<Shape, ParseError> {
    let n = raw.size;
    if let Some(shape) = conf.shape.filter(|s| s.size() == n) {
        return Ok(shape);
    }
    let (rows, cols) = match raw.drawn {
        (Some(r), Some(c)) => (r, c),
        (Some(r), None) => (r, n / r),
        (None, Some(c)) => (n / c, c),
        (None, None) => {
            return Shape::for_size(n).map_err(|e| error(raw.line, raw.col, e.to_string()))
        }
    };
    match Shape::new(rows, cols) {
        Ok(shape) if shape.size() == n => Ok(shape),
        _ => Err(error(
            raw.line,
            raw.col,
            format!(
                "the separators of this {n}x{n} board draw boxes of {rows}x{cols}, which do not tile it (give the box with --box RxC)"
            ),
        )),
    }
}

/// The alphabet of a board in symbols: see the module's documentation. `Err` holds the
/// alphabets that fit when two do, or none when none does.
pub(super) fn decide(
    size: usize,
    raw: &[(Raw, usize, usize)],
    conf: &SizesConf,
) -> Result<Symbols, Vec<Symbols>> {
    if let Some(given) = conf.symbols.as_ref().filter(|s| s.len() == size) {
        return Ok(given.clone());
    }
    let mut zero = false;
    let mut marks = false;
    let mut digits = false;
    let mut letters = false;
    let mut used: Vec<char> = Vec::new();
    for (cell, _, _) in raw {
        match *cell {
            Raw::Empty => marks = true,
            Raw::Symbol('0') => zero = true,
            Raw::Symbol(c) => {
                let c = c.to_ascii_uppercase();
                digits |= c.is_ascii_digit();
                letters |= c.is_ascii_alphabetic();
                if !used.contains(&c) {
                    used.push(c);
                }
            }
            Raw::Number(_) => {}
        }
    }
    let fits = |symbols: &Symbols| used.iter().all(|&c| symbols.digit(c).is_some());
    let letters_only = (size <= 26).then(|| Symbols::letters(size));
    if size <= 9 {
        // Digits 1..=N, `0` empty; or letters when no digit is used.
        let standard = Symbols::standard(size);
        return match letters_only {
            Some(l) if letters && !digits && fits(&l) => Ok(l),
            _ if fits(&standard) => Ok(standard),
            _ => Err(Vec::new()),
        };
    }
    let standard = Symbols::standard(size);
    let zero_based = Symbols::zero_based(size);
    if zero && fits(&zero_based) {
        if marks {
            return Ok(zero_based);
        }
        // `0` is the only empty mark, unless the board is a full one in `0-9A-Z`.
        let full = raw
            .iter()
            .map(|(cell, _, _)| match *cell {
                Raw::Symbol(c) => zero_based.digit(c).unwrap_or(0),
                _ => 0,
            })
            .collect::<Vec<u8>>();
        if let Ok(shape) = Shape::for_size(size) {
            if let Ok(grid) = SizedGrid::new(shape, full) {
                if grid.is_full() && grid.conflict().is_none() {
                    return Ok(zero_based);
                }
            }
        }
    }
    if letters && !digits {
        if let Some(l) = letters_only.filter(|l| fits(l)) {
            return Ok(l);
        }
    }
    let mut fitting: Vec<Symbols> = Vec::new();
    if fits(&standard) {
        fitting.push(standard);
    }
    // With `0` read as empty above, `0-9A-Z` (where `0` is a digit) no longer fits.
    if !zero && fits(&zero_based) && !fitting.contains(&zero_based) {
        fitting.push(zero_based);
    }
    match fitting.len() {
        1 => Ok(fitting.pop().expect("one")),
        2 => match conf.settled(size).filter(|s| fitting.contains(s)) {
            Some(settled) => Ok(settled.clone()),
            None => Err(fitting),
        },
        _ => Err(Vec::new()),
    }
}

/// The puzzle a board's cells make, or the error in its slot.
pub(super) fn read_board(raw: &RawBoard, conf: &SizesConf) -> Parsed {
    let n = raw.size;
    let shape = shape_of(raw, conf)?;
    let (cells, notation) = if raw.numbers {
        let mut cells = Vec::with_capacity(raw.cells.len());
        for &(cell, line, col) in &raw.cells {
            cells.push(match cell {
                Raw::Empty => 0,
                Raw::Number(v) if usize::from(v) <= n => v,
                Raw::Number(v) => {
                    return Err(error(
                        line,
                        col,
                        format!(
                            "{v} is no cell of a {n}x{n} board, which holds 1 to {n} (0 for empty)"
                        ),
                    ))
                }
                Raw::Symbol(c) => {
                    return Err(error(
                        line,
                        col,
                        format!("`{c}` is no number of a {n}x{n} board"),
                    ))
                }
            });
        }
        (cells, Notation::Numbers)
    } else {
        let symbols = match decide(n, &raw.cells, conf) {
            Ok(symbols) => symbols,
            Err(fitting) if fitting.len() == 2 => {
                return Err(ParseError {
                    line: raw.line,
                    col: raw.col,
                    kind: ParseErrorKind::AmbiguousSymbols {
                        size: n,
                        alphabets: fitting.iter().map(Symbols::to_string).collect(),
                    },
                })
            }
            Err(_) => {
                return Err(error(
                    raw.line,
                    raw.col,
                    format!("the symbols of this {n}x{n} board fit no alphabet of its size (1-9A-Z, 0-9A-Z or A-Z): give them with --symbols"),
                ))
            }
        };
        let mut cells = Vec::with_capacity(raw.cells.len());
        for &(cell, line, col) in &raw.cells {
            cells.push(match cell {
                Raw::Empty | Raw::Number(0) => 0,
                Raw::Number(v) => v,
                Raw::Symbol(c) => match symbols.digit(c) {
                    Some(d) => d,
                    None if c == '0' => 0,
                    None => {
                        return Err(error(
                            line,
                            col,
                            format!("`{c}` is no symbol of this {n}x{n} board, written {symbols}"),
                        ))
                    }
                },
            });
        }
        (cells, Notation::Symbols(symbols))
    };
    let grid = SizedGrid::new(shape, cells).map_err(|e| error(raw.line, raw.col, e.to_string()))?;
    Ok(Puzzle::from_sized(grid, notation, raw.line, raw.form))
}

/// The board a line holds whole (N*N symbols in one field, as a line, or a CSV record's puzzle
/// field): where the field starts (byte) and its text.
fn whole_field<'a>(
    line: &'a [u8],
    header: Option<&Header>,
    given: Option<&Symbols>,
) -> Option<(usize, &'a [u8])> {
    let field_of = |start: usize, field: &'a [u8]| -> Option<(usize, &'a [u8])> {
        let trimmed = field.trim_ascii();
        let lead = field.len() - field.trim_ascii_start().len();
        let (lead, text) = match trimmed {
            [b'"', inner @ .., b'"'] => (lead + 1, inner),
            _ => (lead, trimmed),
        };
        let n = (MIN_SIZE..=MAX_SIZE).find(|n| n * n == text.len())?;
        let chars_ok = text.iter().all(|&b| symbol_char(b as char, given));
        // A word of letters is no board; a pencilmark line (729) is the 9x9 reader's.
        let cellish = text
            .iter()
            .any(|&b| b.is_ascii_digit() || empty_mark(b as char));
        let pencilmarks = n == 27 && text.iter().all(|&b| b.is_ascii_digit() || b == b'.');
        (board_size(n) && chars_ok && (cellish || given.is_some()) && !pencilmarks)
            .then_some((start + lead, text))
    };
    if let Some((column, delimiter)) =
        header.and_then(|h| Some((h.puzzle.as_ref()?.0, h.delimiter)))
    {
        let fields = fields::split_fields(line, delimiter);
        let (start, field) = fields.get(column)?;
        return field_of(*start, field);
    }
    let mut start = 0;
    for piece in line.split(|&b| matches!(b, b' ' | b'\t' | b',' | b';' | b':')) {
        if let Some(found) = field_of(start, piece) {
            return Some(found);
        }
        start += piece.len() + 1;
    }
    None
}

/// One row of a board of rows, as read from its line.
struct RowRead {
    /// Cells and their columns, read as numbers, when the row can be numbers.
    numbers: Option<Vec<(Raw, usize)>>,
    /// Cells and their columns, read as symbols, when the row can be symbols. A row of single
    /// characters set apart (`. 3 . | 1 . .`) can be both: which one its board is, its other
    /// rows say (a letter is no number; a row of empty cells is either).
    symbols: Option<Vec<(Raw, usize)>>,
    /// The width of its groups, when separators (`|`, or blanks between packed groups) cut it
    /// into groups of one width.
    groups: Option<usize>,
}

/// What a line is to a board of rows.
enum RowLine {
    Row(RowRead),
    Blank,
    Separator,
    /// A row damaged: the column of the first thing wrong, and what.
    Damaged(usize, String),
    Other,
}

fn is_separator(text: &[u8]) -> bool {
    let drawn = text.iter().filter(|&&b| matches!(b, b'-' | b'=')).count();
    drawn >= 2
        && text
            .iter()
            .all(|&b| matches!(b, b'-' | b'=' | b'+' | b'|' | b':' | b' ' | b'\t'))
}

/// Reads a line as a row of a board of another size (or what it is instead, to a board being
/// read `width` wide).
fn row_line(line: &[u8], given: Option<&Symbols>, width: Option<usize>) -> RowLine {
    let unboxed = super::rows::unbox(line);
    let text: &[u8] = unboxed.as_deref().unwrap_or(line);
    if text.iter().all(u8::is_ascii_whitespace) {
        return RowLine::Blank;
    }
    if is_separator(text) {
        return RowLine::Separator;
    }
    let Ok(text) = std::str::from_utf8(text) else {
        return RowLine::Other;
    };
    // Groups cut by `|`, tokens cut by blanks or commas, with their columns (in characters).
    let mut groups: Vec<Vec<(usize, String)>> = vec![Vec::new()];
    let mut token: Option<(usize, String)> = None;
    let mut bad: Option<(usize, char)> = None;
    let mut bad_chars = 0;
    let mut chars = 0;
    for (i, c) in text.trim_end().chars().enumerate() {
        let col = i + 1;
        match c {
            '|' | ' ' | '\t' | ',' => {
                if let Some(t) = token.take() {
                    groups.last_mut().expect("a group").push(t);
                }
                if c == '|' && !groups.last().expect("a group").is_empty() {
                    groups.push(Vec::new());
                }
            }
            c => {
                chars += 1;
                if !symbol_char(c, given) {
                    bad_chars += 1;
                    bad.get_or_insert((col, c));
                }
                token.get_or_insert_with(|| (col, String::new())).1.push(c);
            }
        }
    }
    if let Some(t) = token.take() {
        groups.last_mut().expect("a group").push(t);
    }
    groups.retain(|g| !g.is_empty());
    let tokens: Vec<&(usize, String)> = groups.iter().flatten().collect();
    if let Some((col, c)) = bad {
        // Mostly cells, about a row's width: a damaged row of the board being read.
        return match width {
            Some(w)
                if bad_chars <= 2
                    && 3 * bad_chars < chars
                    && (w.saturating_sub(2)..=w + 2).contains(&chars) =>
            {
                RowLine::Damaged(col, format!("`{c}` is no cell of a {w}x{w} board's row"))
            }
            _ => RowLine::Other,
        };
    }
    let number = |t: &str| {
        t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit())
            || t.len() == 1 && empty_mark(t.chars().next().unwrap_or('x'))
    };
    let n = tokens.len();
    if board_size(n)
        && tokens.iter().all(|(_, t)| number(t))
        && tokens
            .iter()
            .any(|(_, t)| t.bytes().all(|b| b.is_ascii_digit()))
    {
        let values: Vec<(Raw, usize)> = tokens
            .iter()
            .map(|(col, t)| match t.parse::<u8>() {
                Ok(0) | Err(_) => (Raw::Empty, *col),
                Ok(v) => (Raw::Number(v), *col),
            })
            .collect();
        // A number above N is an error of the board (its slot and place), not another layout.
        if values
            .iter()
            .all(|(v, _)| !matches!(v, Raw::Number(x) if usize::from(*x) > MAX_SIZE))
        {
            let group = if groups.len() > 1 {
                uniform(groups.iter().map(Vec::len))
            } else {
                None
            };
            // Single characters set apart are spaced symbols too.
            let symbols = tokens.iter().all(|(_, t)| t.chars().count() == 1).then(|| {
                tokens
                    .iter()
                    .map(|(col, t)| (raw_of(t.chars().next().unwrap_or('.')), *col))
                    .collect()
            });
            return RowRead::row(Some(values), symbols, group);
        }
    }
    // Symbols, packed (in groups of one width, when blanks cut them) or set apart.
    let widths: Vec<usize> = tokens.iter().map(|(_, t)| t.chars().count()).collect();
    if widths.len() > 1
        && !widths.iter().all(|&w| w == 1)
        && uniform(widths.iter().copied()).is_none()
    {
        return RowLine::Other;
    }
    let cells: Vec<(Raw, usize)> = tokens
        .iter()
        .flat_map(|(col, t)| {
            t.chars()
                .enumerate()
                .map(move |(k, c)| (raw_of(c), col + k))
        })
        .collect();
    if !board_size(cells.len()) {
        return match width {
            Some(w) if (w.saturating_sub(2)..=w + 2).contains(&cells.len()) && cells.len() != 9 => {
                RowLine::Damaged(
                    1,
                    format!(
                        "row has {} cells; a {w}x{w} board's row needs {w}",
                        cells.len()
                    ),
                )
            }
            _ => RowLine::Other,
        };
    }
    let group = if groups.len() > 1 {
        uniform(
            groups
                .iter()
                .map(|g| g.iter().map(|(_, t)| t.chars().count()).sum()),
        )
    } else if tokens.len() > 1 {
        uniform(tokens.iter().map(|(_, t)| t.chars().count()))
    } else {
        None
    };
    // Empty cells set apart are a row of numbers too.
    let numbers = (tokens.len() == cells.len() && cells.iter().all(|(c, _)| *c == Raw::Empty))
        .then(|| cells.clone());
    RowRead::row(numbers, Some(cells), group)
}

/// The width all groups share, when it is 2 or more.
fn uniform(mut widths: impl Iterator<Item = usize>) -> Option<usize> {
    let first = widths.next()?;
    (first >= 2 && widths.all(|w| w == first)).then_some(first)
}

impl RowRead {
    fn row(
        numbers: Option<Vec<(Raw, usize)>>,
        symbols: Option<Vec<(Raw, usize)>>,
        groups: Option<usize>,
    ) -> RowLine {
        RowLine::Row(RowRead {
            numbers,
            symbols,
            groups,
        })
    }

    /// Its cells in one reading (both readings have the same cells, save `0`).
    fn cells(&self) -> &[(Raw, usize)] {
        self.numbers
            .as_deref()
            .or(self.symbols.as_deref())
            .unwrap_or(&[])
    }

    fn width(&self) -> usize {
        self.cells().len()
    }

    /// No digit stands twice (rows of a table of numbers do repeat): what may be a board's row.
    /// A row of empty cells may.
    fn may_start(&self) -> bool {
        let mut seen: Vec<Raw> = Vec::new();
        for (cell, _) in self.cells() {
            if *cell != Raw::Empty && *cell != Raw::Symbol('0') {
                if seen.contains(cell) {
                    return false;
                }
                seen.push(*cell);
            }
        }
        true
    }
}

/// A board of rows being read.
struct OpenBoard {
    width: usize,
    /// Cells so far read as numbers, with line and column, while every row can be numbers.
    numbers: Option<Vec<(Raw, usize, usize)>>,
    /// Cells so far read as symbols, while every row can be symbols.
    symbols: Option<Vec<(Raw, usize, usize)>>,
    /// Its rows are rows of a 9x9 grid too (`6 . | 3 . | . .`, a 6x6 board of 3x2 boxes, is
    /// also a 9x9 row with spaces for empty cells): it is a board only when it is whole, is not
    /// followed by another 9x9 row and holds no damage; else all its lines go to the 9x9
    /// reader, which reads them as it always did.
    contested: bool,
    /// Blank and separator lines after a contested board's last row, held until the next line
    /// says whether the rows were a 9x9 grid's.
    after: Vec<(usize, Vec<u8>)>,
    rows: usize,
    first: usize,
    last: usize,
    /// Box columns every row drew (`Some(None)`: rows disagree or drew none).
    groups: Option<Option<usize>>,
    /// Rows in a band, from the first break between bands.
    band: Option<usize>,
    /// A break (blank or separator line) came right after the last row.
    broken: bool,
    /// The first damage inside it.
    damage: Option<ParseError>,
    /// Its lines, to hand back to the 9x9 reader when they make no board; once it holds half a
    /// board it is a board's (whole or in error) and keeps none.
    lines: Vec<(usize, Vec<u8>)>,
}

impl OpenBoard {
    /// Keeps a line for the 9x9 reader, while the rows may still make no board.
    fn keep(&mut self, line_no: usize, line: &[u8]) {
        if self.contested || self.rows < 2 || 2 * self.rows < self.width {
            self.lines.push((line_no, line.to_vec()));
        } else {
            self.lines = Vec::new();
        }
    }

    /// Whether a row can be one of its rows: as wide, and read the way its rows are.
    fn takes(&self, row: &RowRead) -> bool {
        row.width() == self.width
            && (self.numbers.is_some() && row.numbers.is_some()
                || self.symbols.is_some() && row.symbols.is_some())
    }

    fn add(&mut self, line: usize, row: RowRead) {
        let at =
            |cells: Vec<(Raw, usize)>| cells.into_iter().map(move |(cell, col)| (cell, line, col));
        self.numbers = match (self.numbers.take(), row.numbers) {
            (Some(mut cells), Some(more)) => {
                cells.extend(at(more));
                Some(cells)
            }
            _ => None,
        };
        self.symbols = match (self.symbols.take(), row.symbols) {
            (Some(mut cells), Some(more)) => {
                cells.extend(at(more));
                Some(cells)
            }
            _ => None,
        };
        self.rows += 1;
        self.last = line;
        self.broken = false;
        self.groups = Some(match self.groups {
            None => row.groups,
            Some(g) if g == row.groups => g,
            Some(_) => None,
        });
    }

    /// Its cells and whether they are numbers: numbers when every row can be, unless every row
    /// could be symbols too and no number was written (a board of empty rows is symbols).
    fn cells(self) -> (Vec<(Raw, usize, usize)>, bool) {
        match (self.numbers, self.symbols) {
            (Some(numbers), Some(symbols))
                if !numbers.iter().any(|(c, _, _)| matches!(c, Raw::Number(_))) =>
            {
                (symbols, false)
            }
            (Some(numbers), _) => (numbers, true),
            (None, symbols) => (symbols.unwrap_or_default(), false),
        }
    }

    /// A blank or separator line after `rows` rows: a break between bands, when one can stand
    /// there.
    fn band_break(&mut self) -> bool {
        let rows = self.rows % self.width;
        if self.broken || rows == 0 {
            return false;
        }
        let fits = match self.band {
            None => self.width.is_multiple_of(rows) && rows >= 2 && self.width / rows >= 2,
            Some(band) => rows.is_multiple_of(band),
        };
        if fits {
            self.band.get_or_insert(self.rows);
            self.broken = true;
        }
        fits
    }
}

impl<R: Read> Parser<R> {
    /// Reads boards of other sizes (4x4 to 36x36, N never 9) as puzzles, each in its slot, in
    /// every layout the module `sizes` lists; their [`Puzzle::sized`] holds the board. Without
    /// it they are passed over with a note ([`Parser::other_sizes`]). 9x9 puzzles are read
    /// exactly as without it.
    ///
    /// ```
    /// use sudoku_solver::{Notation, Parser};
    ///
    /// let text = "1..4.4..4..1..3.\n\n1 0 | 0 4\n0 4 | 0 0\n----+----\n4 0 | 0 1\n0 0 | 3 0\n";
    /// let slots: Vec<_> = Parser::new(text.as_bytes())
    ///     .reading_sizes()
    ///     .map(|item| item.unwrap().unwrap())
    ///     .collect();
    /// assert_eq!(slots.len(), 2);
    /// let (grid, notation) = slots[1].sized().unwrap();
    /// assert_eq!((grid.size(), grid.filled(), notation), (4, 6, &Notation::Numbers));
    /// assert_eq!(slots[0].sized().unwrap().0, grid);
    /// ```
    pub fn reading_sizes(mut self) -> Self {
        self.sizes.reading = true;
        self
    }

    /// The symbols of boards of their size (`symbols.len()` wide), in place of the alphabet the
    /// reader would pick (`--symbols`). Used with [`Parser::reading_sizes`].
    ///
    /// ```
    /// use sudoku_solver::{Parser, Symbols};
    ///
    /// // No `0` and no `G`: 1-9A-G and 0-9A-F both fit, so the reader asks.
    /// let line = "123456789ABCDEF.".repeat(16);
    /// let read = |parser: Parser<&[u8]>| parser.reading_sizes().next().unwrap().unwrap();
    /// assert!(read(Parser::new(line.as_bytes())).is_err());
    /// let hex = Symbols::new("0123456789ABCDEF").unwrap();
    /// let puzzle = read(Parser::new(line.as_bytes()).with_symbols(hex)).unwrap();
    /// assert_eq!(puzzle.sized().unwrap().0.get(0, 0), 2);
    /// ```
    pub fn with_symbols(mut self, symbols: Symbols) -> Self {
        self.sizes.conf.symbols = Some(symbols);
        self
    }

    /// The box of boards of its size (`--box RxC`), in place of the one drawn or the usual
    /// one. Used with [`Parser::reading_sizes`].
    pub fn with_box(mut self, shape: Shape) -> Self {
        self.sizes.conf.shape = Some(shape);
        self
    }

    /// What a JSON value being started is told about boards of other sizes, when they are read.
    pub(super) fn sizes_conf(&self) -> Option<Box<SizesConf>> {
        self.sizes
            .reading
            .then(|| Box::new(self.sizes.conf.clone()))
    }

    /// Queues a board of another size (or its error) in its slot: such a board is a Sudoku's,
    /// whatever the lines around it are.
    pub(super) fn push_sized(&mut self, item: Parsed) {
        if let Ok(puzzle) = &item {
            self.learn(puzzle);
        }
        self.region.prove();
        self.push(item);
    }

    /// Notes the alphabet a puzzle of another size was read in, for later boards of its size.
    pub(super) fn learn(&mut self, puzzle: &Puzzle) {
        self.sizes.conf.learn(puzzle);
    }

    /// A line, to the board of rows being read or as the start of one, or as a board written
    /// whole: true when it was taken here.
    pub(super) fn sized_line(&mut self, line: &[u8]) -> bool {
        if !self.sizes.reading || self.sizes.replaying {
            return false;
        }
        if let Some(open) = &mut self.sizes.open {
            let given = self.sizes.conf.symbols.as_ref();
            let read = row_line(line, given, Some(open.width));
            let nine =
                matches!(read, RowLine::Row(_) | RowLine::Damaged(..)) && self.nine_by_nine(line);
            let contested = nine && self.contested(line, &read);
            let open = self.sizes.open.as_mut().expect("open");
            if open.contested && open.rows == open.width {
                // A whole board whose rows are 9x9 rows too: the next line says whose they are.
                match read {
                    RowLine::Blank | RowLine::Separator => {
                        open.after.push((self.line_no, line.to_vec()));
                        return true;
                    }
                    _ if nine => {
                        // Rows of a 9x9 grid, as the 9x9 reader always read them.
                        self.sized_replay();
                        return false;
                    }
                    _ => self.sized_ends(),
                }
            } else if nine && !(open.contested && contested) {
                // A 9x9 row or puzzle ends the board, and is the 9x9 reader's.
                self.sized_ends();
                return false;
            }
            // (A whole contested board ended above leaves none open.)
            if let Some(open) = self.sizes.open.as_mut() {
                match read {
                    RowLine::Row(row) if open.takes(&row) && row.may_start() => {
                        open.keep(self.line_no, line);
                        open.add(self.line_no, row);
                        if open.rows == open.width * HELD_BOARDS && open.damage.is_none() {
                            // Boards back to back without end: hand out those read so far.
                            self.sized_ends();
                        }
                        return true;
                    }
                    RowLine::Blank | RowLine::Separator if open.band_break() => {
                        open.keep(self.line_no, line);
                        return true;
                    }
                    RowLine::Damaged(col, message) if !open.contested => {
                        open.keep(self.line_no, line);
                        let line_no = self.line_no;
                        open.damage
                            .get_or_insert_with(|| error(line_no, col, message));
                        open.rows += 1;
                        open.last = line_no;
                        open.broken = false;
                        return true;
                    }
                    _ => self.sized_ends(),
                }
            }
        }
        // No board is open, and a line with fewer than 4 cells' worth of symbols (a blank, a
        // label, `# 12`) or a comment starts none: passed by at the cost of one scan.
        let first = line.iter().find(|b| !b.is_ascii_whitespace());
        let symbols = line
            .iter()
            .filter(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'*'))
            .take(4)
            .count();
        if symbols < 4 || first == Some(&b'#') {
            return false;
        }
        let given = self.sizes.conf.symbols.as_ref();
        let records = self.header.as_ref().is_some_and(|h| h.puzzle.is_some());
        let whole = whole_field(line, self.header.as_ref(), given).and_then(|(start, field)| {
            // Symbols that fit no alphabet of the size are no board on one line (a 16x16
            // board's row is as long as a 4x4 board).
            let n = (MIN_SIZE..=MAX_SIZE).find(|n| n * n == field.len())?;
            let cells: Vec<(Raw, usize, usize)> =
                field.iter().map(|&b| (raw_of(b as char), 0, 0)).collect();
            match decide(n, &cells, &self.sizes.conf) {
                Err(fitting) if fitting.is_empty() => None,
                _ => Some((start, field)),
            }
        });
        if whole.is_none() && (!self.grids.is_none() || records) {
            // Rows inside a 9x9 grid are its own, damaged or not; and a CSV file whose header
            // names the puzzle's column holds records, not rows of a board.
            return false;
        }
        let mut row = match whole {
            Some(_) => None,
            None => match row_line(line, given, None) {
                RowLine::Row(row) if row.may_start() && board_size(row.width()) => Some(row),
                _ => None,
            },
        };
        let mut contested = false;
        if (whole.is_some() || row.is_some()) && self.nine_by_nine(line) {
            let read = row.map_or(RowLine::Other, RowLine::Row);
            if whole.is_some() || !self.contested(line, &read) {
                return false;
            }
            contested = true;
            row = match read {
                RowLine::Row(row) => Some(row),
                _ => None,
            };
        }
        if let Some((start, field)) = whole {
            self.end_block(super::GridCut::OtherLayout(self.line_no));
            let n = (MIN_SIZE..=MAX_SIZE)
                .find(|n| n * n == field.len())
                .expect("a board's cells");
            let col = String::from_utf8_lossy(&line[..start]).chars().count() + 1;
            let cells = field
                .iter()
                .enumerate()
                .map(|(k, &b)| (raw_of(b as char), self.line_no, col + k))
                .collect();
            let raw = RawBoard {
                size: n,
                cells,
                numbers: false,
                drawn: (None, None),
                line: self.line_no,
                col,
                form: Form::Line,
            };
            let item = read_board(&raw, &self.sizes.conf);
            self.push_sized(item);
            return true;
        }
        if let Some(row) = row {
            {
                let mut open = OpenBoard {
                    width: row.width(),
                    numbers: row.numbers.as_ref().map(|_| Vec::new()),
                    symbols: row.symbols.as_ref().map(|_| Vec::new()),
                    contested,
                    after: Vec::new(),
                    rows: 0,
                    first: self.line_no,
                    last: self.line_no,
                    groups: None,
                    band: None,
                    broken: false,
                    damage: None,
                    lines: vec![(self.line_no, line.to_vec())],
                };
                open.add(self.line_no, row);
                self.sizes.open = Some(open);
                return true;
            }
        }
        false
    }

    /// Whether the 9x9 reader reads `line` as a puzzle, a row or rows of one, or a JSON value:
    /// then it is never taken here.
    fn nine_by_nine(&self, line: &[u8]) -> bool {
        let unboxed = super::rows::unbox(line);
        let text = unboxed.as_deref().unwrap_or(line);
        let context = Context {
            header: self.header.as_ref(),
            first_line: self.line_no == 1,
            labelled: false,
        };
        matches!(
            classify::classify(text, &context),
            LineKind::Whole(_)
                | LineKind::Row(_)
                | LineKind::LabelledRow(_)
                | LineKind::Rows(_)
                | LineKind::SideBySide(_)
                | LineKind::Json { .. }
        )
    }

    /// Ends the board of rows being read: a puzzle when its rows are whole, an error when it is
    /// damaged or cut short and at least half a board, else its lines are handed back to the 9x9
    /// reader.
    pub(super) fn sized_ends(&mut self) {
        let Some(mut open) = self.sizes.open.take() else {
            return;
        };
        let n = open.width;
        if open.contested && open.rows != n {
            // Rows of a 9x9 grid too, and no whole board: the 9x9 reader's, as they always were.
            return self.replay_lines(open.lines.into_iter().chain(open.after).collect());
        }
        if let Some(damage) = open.damage {
            return self.push_sized(Err(damage));
        }
        if open.rows > 0 && open.rows.is_multiple_of(n) {
            // Whole boards, one or more back to back.
            let drawn_cols = open.groups.flatten().filter(|&c| c < n);
            let (band, rows, after) = (open.band, open.rows, std::mem::take(&mut open.after));
            let (cells, numbers) = open.cells();
            let mut cells = cells.into_iter();
            for _ in 0..rows / n {
                let cells: Vec<(Raw, usize, usize)> = cells.by_ref().take(n * n).collect();
                let raw = RawBoard {
                    size: n,
                    line: cells[0].1,
                    cells,
                    numbers,
                    drawn: (band, drawn_cols),
                    col: 1,
                    form: Form::Grid,
                };
                let item = read_board(&raw, &self.sizes.conf);
                self.push_sized(item);
            }
            // Lines held after a contested board's last row are the 9x9 reader's.
            return self.replay_lines(after);
        }
        if open.rows >= 2 && 2 * open.rows >= n {
            let (first, last, rows) = (open.first, open.last, open.rows);
            let message = if rows < n {
                format!("lines {first}-{last} hold {rows} rows of a {n}x{n} board, which needs {n}: a row is missing, or a line cut the board")
            } else {
                format!("lines {first}-{last} hold {rows} rows {n} wide, which make no whole {n}x{n} boards: a row is missing or repeated, so none of them is read (separate boards with a blank line)")
            };
            return self.push_sized(Err(error(first, 1, message)));
        }
        // No board: the lines go to the 9x9 reader, as if never looked at here.
        self.replay_lines(open.lines);
    }

    /// Hands the lines of the board being read back to the 9x9 reader, whatever they make.
    fn sized_replay(&mut self) {
        if let Some(open) = self.sizes.open.take() {
            self.replay_lines(open.lines.into_iter().chain(open.after).collect());
        }
    }

    /// Lines taken here that are the 9x9 reader's after all, read by it as if never looked at.
    fn replay_lines(&mut self, lines: Vec<(usize, Vec<u8>)>) {
        let saved = self.line_no;
        self.sizes.replaying = true;
        for (line_no, text) in lines {
            self.line_no = line_no;
            self.feed_line(&text);
        }
        self.sizes.replaying = false;
        self.line_no = saved;
    }

    /// Whether a line the 9x9 reader reads as a row is a row of a board with box lines too: a
    /// row of spaced cells with `|` between boxes (`6 . | 3 . | . .` is a 6x6 row with boxes two
    /// wide, and a 9x9 row with spaces for empty cells).
    fn contested(&self, line: &[u8], read: &RowLine) -> bool {
        let RowLine::Row(row) = read else {
            return false;
        };
        if row.groups.is_none() || !line.contains(&b'|') {
            return false;
        }
        let unboxed = super::rows::unbox(line);
        let text = unboxed.as_deref().unwrap_or(line);
        let context = Context {
            header: self.header.as_ref(),
            first_line: self.line_no == 1,
            labelled: false,
        };
        matches!(classify::classify(text, &context), LineKind::Row(_))
    }
}
