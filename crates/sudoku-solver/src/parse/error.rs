//! What the parser says is wrong: an error's place (`line:col`) and kind, and what cut a grid or a
//! JSON value short.

use std::fmt;

use thiserror::Error;

use super::chars;
use super::lines::MAX_LINE;

/// What is wrong with a piece of input, and where (`line:col`, both 1-based, columns in characters).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{line}:{col}: {kind}")]
#[non_exhaustive]
pub struct ParseError {
    /// The line of the problem.
    pub line: usize,
    /// The column of the problem, in characters.
    pub col: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What ended a grid before its ninth row, or a JSON value before its closing bracket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridCut {
    /// A blank line.
    BlankLine(usize),
    /// A comment line.
    Comment(usize),
    /// A separator line that cannot stand there.
    Separator(usize),
    /// A line of text.
    Label(usize),
    /// A line that is not a grid row (a puzzle line, a JSON value, an error).
    OtherLayout(usize),
    /// The end of the input.
    EndOfInput,
}

impl fmt::Display for GridCut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridCut::BlankLine(line) => write!(f, "a blank line at line {line}"),
            GridCut::Comment(line) => write!(f, "a comment at line {line}"),
            GridCut::Separator(line) => write!(f, "a separator line at line {line}"),
            GridCut::Label(line) => write!(f, "a line of text at line {line}"),
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
    #[error("unexpected character {}", chars::show_char(*.0))]
    UnexpectedChar(char),
    /// Bytes that are not UTF-8.
    #[error("invalid UTF-8 (byte 0x{0:02x})")]
    InvalidUtf8(u8),
    /// A line with a number of cells that fits neither a grid row nor a puzzle line, and looks like a row.
    #[error("row has {0} cells; a grid row needs 9 (or 81 for a puzzle on one line)")]
    RowLength(usize),
    /// A line with a number of cells that fits neither layout, and looks like a puzzle line.
    #[error("line has {0} cells; a puzzle line needs 81{hint}", hint = if *.0 > 81 { " (text after the 81st cell must be separated from it by a space, tab, ',', ';', ':' or '#')" } else { "" })]
    LineLength(usize),
    /// A line with a number of cells within 81 of a pencilmark line's 729.
    #[error("pencilmark line has {0} cells; a pencilmark line needs 729 (9 places for each of the 81 cells: the digit where it is a candidate, '.' where not)")]
    PencilmarkLength(usize),
    /// A grid that ended before its ninth row.
    #[error("grid has only {rows} of 9 rows: it was cut short by {cut} (a grid's 9 rows must be consecutive lines)")]
    ShortGrid {
        /// Rows read.
        rows: usize,
        /// What ended it.
        cut: GridCut,
    },
    /// Consecutive grid rows that do not make whole grids: a row is missing or repeated.
    #[error("lines {first}-{last} hold {rows} grid rows, which do not make whole grids of 9 with separators only between bands: a row is missing or repeated, so none of them is read as a puzzle (separate grids with a blank line)")]
    DamagedGrid {
        /// Rows in the block.
        rows: usize,
        /// The line of its first row.
        first: usize,
        /// The line of its last row.
        last: usize,
    },
    /// A line longer than the parser reads at once (`MAX_LINE`, 1 MiB) that holds no JSON value.
    #[error(
        "line is longer than {MAX_LINE} bytes and is no JSON value; no other puzzle layout needs that, so it was skipped"
    )]
    LineTooLong,
    /// A malformed JSON value.
    #[error("JSON: {0}")]
    Json(String),
    /// A JSON value with no puzzle in it.
    #[error("JSON value holds no puzzle: expected a string of 81 cells, a board of 9 rows of 9 cells, or 81 cells in one array (answers such as \"solution\" are never read as the puzzle)")]
    NoPuzzleInJson,
    /// A CSV field that should hold the puzzle and does not.
    #[error("CSV: {0}")]
    Field(String),
    /// A malformed pencilmark line.
    #[error("pencilmarks: {0}")]
    Pencilmarks(String),
    /// Text read as one puzzle (`str::parse`) holds none.
    #[error("no puzzle: expected 81 cells on a line, 9 rows of 9 cells, or a JSON board")]
    NoPuzzle,
    /// Text read as one puzzle (`str::parse`) holds more than one.
    #[error(
        "more than one puzzle where one was expected (read several with `Parser` or `parse_str`)"
    )]
    SeveralPuzzles,
    /// A board of another size ([`Parser::reading_sizes`](super::Parser::reading_sizes)) whose
    /// symbols fit two alphabets (a 16x16 board with no `0` and no `G` fits `1-9A-G` and
    /// `0-9A-F`), and no earlier board of its size settled which.
    #[error("the symbols of this {size}x{size} board fit two alphabets, {}: give the one it is written in{}", alphabets.join(" and "), alphabets.iter().map(|a| format!(" --symbols {a}")).collect::<Vec<_>>().join(" or"))]
    AmbiguousSymbols {
        /// N, the board's width.
        size: usize,
        /// The alphabets that fit, each as `--symbols` takes it.
        alphabets: Vec<String>,
    },
    /// A board of another size that does not read
    /// ([`Parser::reading_sizes`](super::Parser::reading_sizes)): what is wrong.
    #[error("{0}")]
    SizedBoard(String),
    /// Pencilmarks read as a [`Grid`](crate::Grid), which holds givens only.
    #[error(
        "pencilmarks are no grid of givens (read them as a `Puzzle`, whose candidates keep them)"
    )]
    NotGivens,
}
