//! Boards written as literals in programming and markup languages, one line at a time.
//!
//! Programs and their READMEs write a board as nested brackets or strings, one row a line or the
//! whole board on one line: Java and C# `{5, 3, 0, ...},`, Go `[]int{5, 3, 0, ...},`, Kotlin
//! `intArrayOf(5, 3, 0, ...)`, Prolog `[5,3,_,...]`, Lua `{5, 3, nil, ...}`, C `"53..7....",`, R
//! `c(5, 3, 0, ...)` and its last row `0, 7, 9), nrow = 9)`, Julia `[5 3 0 ...;`, and a Java
//! puzzle joined from three strings of 27 cells with `+`. What they share is read here, not
//! each language: a line is cut into *groups*, and a group that holds only cells is a row (9
//! cells), three rows (a string of 27) or a whole board (81, or 9 groups of 9 on one line).
//!
//! A group is
//! - the items between a pair of brackets (`[]`, `{}`, `()`) with no bracket inside them;
//! - the items after the last bracket the line leaves open (`grid = [5 3 0 ...;`), or before the
//!   first one it closes that opened on an earlier line (`0, 7, 9), nrow = 9, byrow = TRUE)`);
//! - a string literal whose text is 9, 27 or 81 cells.
//!
//! Items are separated by `,`, `;` or white space; `;` inside a group of 81 ends a row (Julia,
//! MATLAB). A cell item is a digit, `.`, `_`, `-`, a word for nothing (`null`, `None`, `nil`,
//! `undefined`, `NA`, `nothing`, `missing`), or a quoted cell (`'5'`, `"."`, `""`). Everything
//! outside the groups (names, types, calls, `=`, `+`) is ignored, so no language is named here.
//!
//! Rows go to the grid reader (`grids.rs`), which never glues two boards; a board spelled on one
//! line is a puzzle at once. Groups of another size that a board could have (4, 6, 8, 12, 16 or
//! 25 cells, or a string of that many digits and capitals, each once) are a board of another size:
//! not a puzzle here, and no error either.

use std::io::Read;

use super::chars::is_space;
use super::{Parser, CELLS};

/// What a line of code holds.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Literal {
    /// One or more grid rows, in order: one per group of 9, three from a string of 27.
    Rows(Vec<[u8; 9]>),
    /// A whole board on one line.
    Whole([u8; CELLS]),
    /// A row of a board of another size, `width` cells wide, or (`whole`) all of such a board.
    OtherSize { width: usize, whole: bool },
    /// A row of 9 items, two thirds of them cells: a damaged row, bad from this byte.
    Damaged(usize),
}

/// Row widths of the boards of other sizes that programs also hold (4x4, 6x6, 8x8, 12x12,
/// 16x16, 25x25).
pub(super) const OTHER_SIZES: [usize; 6] = [4, 6, 8, 12, 16, 25];

/// The words that stand for an empty cell in some language.
const NOTHING: [&[u8]; 9] = [
    b"null",
    b"None",
    b"nil",
    b"undefined",
    b"NA",
    b"nothing",
    b"missing",
    b"NULL",
    b"Nothing",
];

/// A piece of a line, and the byte where it starts.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    kind: Kind<'a>,
    at: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind<'a> {
    Open,
    Close,
    /// `,` or `;`.
    Separator(u8),
    /// A string literal's text, without its quotes.
    Text(&'a [u8]),
    /// Anything else between separators: a number, a name, an operator.
    Word(&'a [u8]),
}

impl Kind<'_> {
    fn bracket(self) -> bool {
        matches!(self, Kind::Open | Kind::Close)
    }
}

/// The tokens of a line, or `None` when a string literal is not closed on it.
fn tokens(line: &[u8]) -> Option<Vec<Token<'_>>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < line.len() {
        let b = line[i];
        let at = i;
        let kind = match b {
            b'[' | b'{' | b'(' => Kind::Open,
            b']' | b'}' | b')' => Kind::Close,
            b',' | b';' => Kind::Separator(b),
            b'"' | b'\'' => {
                let end = i + 1 + line[i + 1..].iter().position(|&c| c == b)?;
                i = end;
                Kind::Text(&line[at + 1..end])
            }
            _ if is_space(b) => {
                i += 1;
                continue;
            }
            _ => {
                while i + 1 < line.len() && !ends_word(line[i + 1]) {
                    i += 1;
                }
                Kind::Word(&line[at..=i])
            }
        };
        out.push(Token { kind, at });
        i += 1;
    }
    Some(out)
}

fn ends_word(b: u8) -> bool {
    is_space(b)
        || matches!(
            b,
            b'[' | b'{' | b'(' | b']' | b'}' | b')' | b',' | b';' | b'"' | b'\''
        )
}

/// The value of one cell item, if it is one.
fn cell(kind: Kind) -> Option<u8> {
    match kind {
        Kind::Word([d]) | Kind::Text([d]) if d.is_ascii_digit() => Some(d - b'0'),
        Kind::Word([b'.' | b'_' | b'-']) | Kind::Text([b'.' | b'_' | b'-' | b' ']) => Some(0),
        Kind::Text([]) => Some(0),
        Kind::Word(word) => NOTHING.contains(&word).then_some(0),
        _ => None,
    }
}

/// Whether an item could be a cell of a board of another size: a number up to 25, one letter
/// (16x16 boards write A-G), a word for nothing, or a quoted one of those.
fn other_cell(kind: Kind) -> bool {
    let word = match kind {
        Kind::Word(w) | Kind::Text(w) => w,
        _ => return false,
    };
    cell(kind).is_some()
        || matches!(word, [a] if a.is_ascii_alphabetic())
        || std::str::from_utf8(word)
            .ok()
            .and_then(|s| s.parse::<u8>().ok())
            .is_some_and(|n| n <= 25)
}

/// The cells of a string literal of 9, 27 or 81 cells (digits, `.`, `_`, `-`, and spaces for
/// empty cells when it has some other cell too: a string of blanks is no row).
fn text_cells(text: &[u8]) -> Option<Vec<u8>> {
    if !matches!(text.len(), 9 | 27 | CELLS) || text.iter().all(|&b| b == b' ') {
        return None;
    }
    text.iter()
        .map(|&b| match b {
            b'0'..=b'9' => Some(b - b'0'),
            b'.' | b'_' | b'-' | b' ' => Some(0),
            _ => None,
        })
        .collect()
}

/// Whether a string literal is a row of a board of another size (`"1.3.5.7.9ABC.EFG"`): as long
/// as such a row, of digits, capital letters and blanks (`.`, `0`, `_`, `-`, a space), its
/// symbols all different.
fn other_row(text: &[u8]) -> bool {
    let mut seen = [false; 128];
    OTHER_SIZES.contains(&text.len())
        && text.iter().all(|&b| match b {
            b'.' | b'0' | b'_' | b'-' | b' ' => true,
            b'1'..=b'9' | b'A'..=b'Z' => !std::mem::replace(&mut seen[usize::from(b)], true),
            _ => false,
        })
        && seen.iter().any(|&s| s)
}

/// One group: its items, and what they are.
struct Group {
    /// The cells, when every item is one.
    cells: Option<Vec<u8>>,
    /// How many items it has.
    len: usize,
    /// Every item could be a cell of a board of another size.
    other: bool,
    /// The item counts of the parts a `;` cut it into.
    parts: Vec<usize>,
    /// How many of its items are cells.
    good: usize,
    /// The byte of its first item that is not a cell.
    bad_at: Option<usize>,
}

/// The groups of the tokens `items` (with no bracket among them): one group of their items, or,
/// when every item is a string longer than a cell, each string of cells a group of its own.
fn groups_of(items: &[Token], out: &mut Vec<Group>) {
    let values: Vec<&Token> = items
        .iter()
        .filter(|t| !matches!(t.kind, Kind::Separator(_)))
        .collect();
    if values.is_empty() {
        return;
    }
    if values
        .iter()
        .all(|t| matches!(t.kind, Kind::Text(s) if s.len() > 1))
    {
        for t in values {
            let Kind::Text(text) = t.kind else { continue };
            let cells = text_cells(text);
            let other = cells.is_none() && other_row(text);
            out.push(Group {
                len: cells
                    .as_ref()
                    .map_or(if other { text.len() } else { 1 }, Vec::len),
                good: cells.as_ref().map_or(0, Vec::len),
                other,
                bad_at: cells.is_none().then_some(t.at),
                cells,
                parts: Vec::new(),
            });
        }
        return;
    }
    let mut cells = Vec::with_capacity(values.len());
    let mut parts = Vec::new();
    let mut part = 0;
    let mut bad_at = None;
    let mut other = true;
    for t in items {
        match t.kind {
            Kind::Separator(b';') => {
                if part > 0 {
                    parts.push(part);
                }
                part = 0;
            }
            Kind::Separator(_) => {}
            kind => {
                match cell(kind) {
                    Some(v) => cells.push(v),
                    None => {
                        bad_at.get_or_insert(t.at);
                    }
                }
                other &= other_cell(kind);
                part += 1;
            }
        }
    }
    if part > 0 {
        parts.push(part);
    }
    out.push(Group {
        len: values.len(),
        good: cells.len(),
        cells: bad_at.is_none().then_some(cells),
        other,
        parts,
        bad_at,
    });
}

/// The groups of a line: see the module's documentation.
fn groups(tokens: &[Token]) -> Vec<Group> {
    let mut out = Vec::new();
    let no_bracket = |ts: &[Token]| !ts.iter().any(|t| t.kind.bracket());
    // Each bracket's partner, by a stack of the open ones.
    let mut open: Vec<usize> = Vec::new();
    let mut closed_earlier = false;
    for (k, t) in tokens.iter().enumerate() {
        match t.kind {
            Kind::Open => open.push(k),
            Kind::Close => match open.pop() {
                Some(start) => {
                    if no_bracket(&tokens[start + 1..k]) {
                        groups_of(&tokens[start + 1..k], &mut out);
                    }
                }
                None => {
                    // A bracket opened on an earlier line: what comes before the first one is a
                    // group when no bracket stands before it.
                    if !closed_earlier && no_bracket(&tokens[..k]) {
                        groups_of(&tokens[..k], &mut out);
                    }
                    closed_earlier = true;
                }
            },
            _ => {}
        }
    }
    if let Some(&last) = open.last() {
        // Left open for the next line: what comes after the last such bracket.
        groups_of(&tokens[last + 1..], &mut out);
    }
    if no_bracket(tokens) {
        if let Some(texts) = bare_strings(tokens) {
            groups_of(&texts, &mut out);
        }
    }
    out
}

/// On a line without brackets, the strings that stand as values: `"53..7....",`, `"..." +`,
/// `String p = "..." +`. Before the first string there may be only a name and an assignment
/// (`=`, `:=`, `<-`, `:`); between and after the strings only separators and joins (`+`, `..`,
/// `.`, `&`, `\`), then perhaps a comment (`//`, `#`, `--`, `%`). A string inside a sentence is
/// no value.
fn bare_strings<'a>(tokens: &[Token<'a>]) -> Option<Vec<Token<'a>>> {
    let first = tokens
        .iter()
        .position(|t| matches!(t.kind, Kind::Text(_)))?;
    let assigned = match tokens[..first].last().map(|t| t.kind) {
        None => true,
        Some(Kind::Word(op)) => matches!(op, b":" | b"<-") || op.ends_with(b"="),
        Some(_) => false,
    };
    if !assigned {
        return None;
    }
    let mut texts = Vec::new();
    for t in &tokens[first..] {
        match t.kind {
            Kind::Text(_) => texts.push(*t),
            Kind::Separator(_) | Kind::Word(b"+" | b".." | b"." | b"&" | b"\\" | b"||") => {}
            Kind::Word(w)
                if [&b"//"[..], b"#", b"--", b"%"]
                    .iter()
                    .any(|c| w.starts_with(c)) =>
            {
                break
            }
            _ => return None,
        }
    }
    Some(texts)
}

/// What a line of code holds, if it holds a board's row, rows, or a whole board.
pub(super) fn read(line: &[u8]) -> Option<Literal> {
    let tokens = tokens(line)?;
    let groups = groups(&tokens);
    // Groups that are cells, or could be cells of a board of another size; a group shorter than
    // any board's row (an index or a size, `[9][10]`) or of other things (a call's arguments, a
    // loop's header) is no board and is passed over.
    let boardlike: Vec<&Group> = groups
        .iter()
        .filter(|g| g.len >= OTHER_SIZES[0] && (g.cells.is_some() || g.other || g.len == 9))
        .collect();
    let (first, rest) = boardlike.split_first()?;
    let n = first.len;
    if rest.iter().any(|g| g.len != n) {
        return None;
    }
    if let Some(g) = boardlike.iter().find(|g| g.cells.is_none()) {
        if n != 9 && !g.other {
            return None;
        }
        if n == 9 {
            // Nine items, some not cells: a damaged row when two thirds are cells.
            return (3 * g.good >= 2 * 9).then(|| Literal::Damaged(g.bad_at.expect("a bad item")));
        }
    }
    let all = |gs: &[&Group]| -> Vec<u8> {
        gs.iter()
            .flat_map(|g| g.cells.iter().flatten().copied())
            .collect()
    };
    let complete = boardlike.iter().all(|g| g.cells.is_some());
    match (n, boardlike.len()) {
        (9, 1..=8) if complete => Some(Literal::Rows(
            all(&boardlike)
                .chunks(9)
                .map(|row| row.try_into().expect("9 cells"))
                .collect(),
        )),
        (9, 9) | (CELLS, 1) if complete => {
            // A board of 81 items cut by `;` must be cut into its 9 rows.
            if n == CELLS && first.parts.len() > 1 && first.parts != [9; 9] {
                return None;
            }
            Some(Literal::Whole(
                all(&boardlike).try_into().expect("81 cells"),
            ))
        }
        (27, 1..=3) if complete => {
            let cells = all(&boardlike);
            if cells.len() == CELLS {
                return Some(Literal::Whole(cells.try_into().expect("81 cells")));
            }
            Some(Literal::Rows(
                cells
                    .chunks(9)
                    .map(|row| row.try_into().expect("9 cells"))
                    .collect(),
            ))
        }
        (n, 1) if first.other && first.parts.len() > 1 => {
            // A matrix cut into rows by `;`: a board when it is square.
            let width = first.parts[0];
            let square = first.parts.iter().all(|&p| p == width) && first.parts.len() == width;
            (square && OTHER_SIZES.contains(&width) && n == width * width)
                .then_some(Literal::OtherSize { width, whole: true })
        }
        (n, k) if boardlike.iter().all(|g| g.other) => {
            if OTHER_SIZES.contains(&n) {
                // Rows of such a board; all of them when there are as many as it is wide.
                return Some(Literal::OtherSize {
                    width: n,
                    whole: k == n,
                });
            }
            let width = OTHER_SIZES.iter().copied().find(|s| s * s == n)?;
            (k == 1).then_some(Literal::OtherSize { width, whole: true })
        }
        _ => None,
    }
}

/// An R `matrix(` call being read. R fills a matrix column by column unless the call says
/// `byrow = TRUE`, so a board written row by row inside `matrix(c(...), nrow = 9)` is, to R, its
/// transpose; the parser reads it as R does.
#[derive(Debug)]
pub(super) struct RMatrix {
    /// Brackets still open since `matrix(`.
    depth: usize,
    /// `byrow = TRUE` (or `T`) or `FALSE` (`F`) was read.
    byrow: Option<bool>,
}

impl RMatrix {
    /// The call that `line` opens, read to the line's end.
    pub(super) fn opens(line: &[u8]) -> Option<RMatrix> {
        let at = line.windows(7).position(|w| w == b"matrix(")?;
        if at > 0 && (line[at - 1].is_ascii_alphanumeric() || matches!(line[at - 1], b'_' | b'.')) {
            return None;
        }
        let mut call = RMatrix {
            depth: 0,
            byrow: None,
        };
        call.read(&line[at..]);
        Some(call)
    }

    /// The call that `line` closes though its opening was not seen (lost, or before the rows
    /// in a way not read), when the arguments after the close are a matrix's (`nrow =`,
    /// `ncol =`): `0, 7, 9), nrow = 9)`.
    pub(super) fn closes(line: &[u8]) -> Option<RMatrix> {
        let close = line.iter().position(|&b| b == b')')?;
        let rest = &line[close..];
        let named = |name: &[u8]| rest.windows(name.len()).any(|w| w == name);
        if !(named(b"nrow") || named(b"ncol")) {
            return None;
        }
        let mut call = RMatrix {
            depth: 0,
            byrow: None,
        };
        call.read(rest);
        call.depth = 0;
        Some(call)
    }

    /// Reads the next line of the call, until its brackets close.
    pub(super) fn feed(&mut self, line: &[u8]) {
        if !self.closed() {
            self.read(line);
        }
    }

    fn read(&mut self, line: &[u8]) {
        for &b in line {
            match b {
                b'(' => self.depth += 1,
                b')' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
        if let Some(at) = line.windows(5).position(|w| w == b"byrow") {
            let rest = line[at + 5..].trim_ascii_start();
            let value = rest.strip_prefix(b"=").unwrap_or(rest).trim_ascii_start();
            self.byrow = Some(value.starts_with(b"TRUE") || value.starts_with(b"T"));
        }
    }

    /// The call's brackets have closed.
    pub(super) fn closed(&self) -> bool {
        self.depth == 0
    }

    /// A board read inside the call, as R holds it: transposed unless `byrow = TRUE`. A call
    /// that never closed and never said (a damaged file) may have lost its `byrow`, so its board
    /// is read as written.
    pub(super) fn as_r_reads(&self, cells: &[u8; CELLS]) -> [u8; CELLS] {
        let by_column = match self.byrow {
            Some(byrow) => !byrow,
            None => self.closed(),
        };
        if !by_column {
            *cells
        } else {
            std::array::from_fn(|i| cells[(i % 9) * 9 + i / 9])
        }
    }
}

/// A board of another size (4x4, 6x6, 16x16, ...) written in the input: not a puzzle here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherBoard {
    /// The width of its rows.
    pub width: usize,
    /// The line of its first row.
    pub line: usize,
    rows: usize,
    last: usize,
}

impl OtherBoard {
    /// A whole board `width` wide whose first row is at `line`.
    pub(super) fn whole(width: usize, line: usize) -> Self {
        let (rows, last) = (width, line);
        OtherBoard {
            width,
            line,
            rows,
            last,
        }
    }
}

impl<R: Read> Parser<R> {
    /// The boards of other sizes (4x4, 6x6, 16x16, ...) read so far, which are not puzzles here
    /// and were passed over: whole boards only (a lone list of 4 numbers is no board).
    pub fn other_sizes(&self) -> &[OtherBoard] {
        &self.others
    }

    /// A row of a board `width` cells wide, or (`whole`) all of one, written on one line.
    pub(super) fn other_size(&mut self, width: usize, whole: bool) {
        let line = self.line_no;
        if whole {
            self.other_size_ends();
            self.others.push(OtherBoard {
                width,
                line,
                rows: width,
                last: line,
            });
            return;
        }
        match &mut self.other {
            // Blank lines may set off its bands, as a 9x9 grid's.
            Some(board) if board.width == width && line <= board.last + 2 => {
                board.rows += 1;
                board.last = line;
            }
            _ => {
                self.other_size_ends();
                self.other = Some(OtherBoard {
                    width,
                    line,
                    rows: 1,
                    last: line,
                });
            }
        }
    }

    /// A line that is no row of a board of another size ends the one being read: kept when
    /// its rows make whole boards (a lone list of 4 numbers is no board).
    pub(super) fn other_size_ends(&mut self) {
        if let Some(board) = self.other.take() {
            if board.rows % board.width == 0 {
                self.others.push(board);
            }
        }
    }
}

#[cfg(test)]
mod tests;
