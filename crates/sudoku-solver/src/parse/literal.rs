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
//! Comments (`//`, `#`, `-- `, `/* */`, MATLAB's `...`) end a line's tokens or are passed over.
//! A line that names a board and starts its rows (`B = [0 7 0 ...; ...`) starts a new grid, and
//! a matrix's closing line ends one; a board declared under a solution's name (`int[][] solution
//! = {`) is no puzzle ([`declares_solution`]). A flat list of 81 cells wrapped over lines is read
//! in `literal/flat.rs`, R's `matrix(` calls in `literal/rmatrix.rs`.
//!
//! Rows go to the grid reader (`grids.rs`), which never glues two boards; a board spelled on one
//! line is a puzzle at once. Groups of another size that a board could have (4, 6, 8, 12, 16 or
//! 25 cells, or a string of that many digits and capitals, each once) are a board of another size:
//! not a puzzle here, and no error either.

use std::collections::VecDeque;
use std::io::Read;

use super::chars::is_space;
use super::fields::SOLUTION_NAMES;
use super::kind::{Context, LineKind, Row};
use super::{GridCut, Parsed, Parser, CELLS};

mod flat;
mod rmatrix;
pub(super) use flat::Flat;
pub(super) use rmatrix::RMatrix;

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
            // A comment: `//`, `#`, `-- ` (Lua), `...` (MATLAB) to the end of the line, `/* ... */`.
            b'/' | b'#' | b'-' | b'.' if comment(&line[i..]).is_some() => match comment(&line[i..])
            {
                Some(Some(len)) => {
                    i += len;
                    continue;
                }
                _ => break,
            },
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

/// A comment at the start of `rest`: `Some(None)` when it runs to the end of the line (`//`,
/// `#`, `-- `, and MATLAB's `...` that continues a line), `Some(Some(len))` for a `/* ... */`
/// of `len` bytes.
fn comment(rest: &[u8]) -> Option<Option<usize>> {
    let ends =
        |mark: &[u8]| rest.starts_with(mark) && rest.get(mark.len()).is_none_or(|&b| is_space(b));
    if rest.starts_with(b"//") || rest.starts_with(b"#") || ends(b"--") || ends(b"...") {
        return Some(None);
    }
    let body = rest.strip_prefix(b"/*")?;
    Some(body.windows(2).position(|w| w == b"*/").map(|at| at + 4))
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
/// (`=`, `:=`, `<-`, `:`, Elixir's `@name`); between and after the strings only separators and
/// joins (`+`, `..`, `.`, `&`, `\`, `<>`, `++`), then perhaps a comment (`//`, `#`, `--`, `%`). A string inside a sentence is
/// no value.
fn bare_strings<'a>(tokens: &[Token<'a>]) -> Option<Vec<Token<'a>>> {
    let first = tokens
        .iter()
        .position(|t| matches!(t.kind, Kind::Text(_)))?;
    let assigned = match tokens[..first].last().map(|t| t.kind) {
        None => true,
        // `=`, `:=`, `<-`, `do:`, or Elixir's module attribute `@puzzle "..."`.
        Some(Kind::Word(op)) => {
            matches!(op, b"<-") || op.ends_with(b"=") || op.ends_with(b":") || op.starts_with(b"@")
        }
        Some(_) => false,
    };
    if !assigned {
        return None;
    }
    let mut texts = Vec::new();
    for t in &tokens[first..] {
        match t.kind {
            Kind::Text(_) => texts.push(*t),
            Kind::Separator(_)
            | Kind::Word(b"+" | b".." | b"." | b"&" | b"\\" | b"||" | b"<>" | b"++") => {}
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

/// The rows of a line of rows cut by `;` with no bracket but the matrix's closing one at its end
/// (`0 0 0 5 3 0 0 0 0; 0 0 2 ...; ...`, `...; 6 0 0 0 0 0 2 8 9];`: a MATLAB matrix's middle
/// and last lines): two rows or more, each 9 cells.
pub(super) fn semicolon_rows(line: &[u8]) -> Option<Vec<[u8; 9]>> {
    let mut tokens = tokens(line)?;
    if let Some(close) = tokens.iter().position(|t| t.kind == Kind::Close) {
        if tokens[close + 1..]
            .iter()
            .any(|t| !matches!(t.kind, Kind::Separator(_) | Kind::Close))
        {
            return None;
        }
        tokens.truncate(close);
    }
    if tokens.iter().any(|t| t.kind.bracket()) {
        return None;
    }
    let mut groups = Vec::new();
    groups_of(&tokens, &mut groups);
    let [group] = &groups[..] else { return None };
    let cells = group.cells.as_ref()?;
    let rows = group.parts.len();
    ((2..=9).contains(&rows) && group.parts.iter().all(|&p| p == 9)).then(|| {
        cells
            .chunks(9)
            .map(|row| row.try_into().expect("9 cells"))
            .collect()
    })
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
    if let [group] = boardlike[..] {
        // Rows cut by `;`, a few on a line (MATLAB's `[0 2 0 ...; 5 0 0 ...; ...`).
        if complete && (2..9).contains(&group.parts.len()) && group.parts.iter().all(|&p| p == 9) {
            return Some(Literal::Rows(
                all(&boardlike)
                    .chunks(9)
                    .map(|row| row.try_into().expect("9 cells"))
                    .collect(),
            ));
        }
    }
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

/// A line of code that declares a solution and starts its value: `int[][] solution = {`,
/// `solution := [9][9]int{`, `int solved_board[9][9] = {{...}};`, `answer <- matrix(c(`,
/// `val expectedSolution = arrayOf(`. The name (a word of it: `puzzle_solution`, `solvedGrid`)
/// is a solution's ([`SOLUTION_NAMES`]); after `=`, `:=`, `<-` or `:` a bracket opens. `Some(true)`
/// when the line leaves a bracket open (the solution's rows follow), `Some(false)` when it closes
/// them all (what it holds, if anything, is the solution). As Python's and JavaScript's solutions
/// (`solution = [[...]]`) are, the grid is no puzzle.
pub(super) fn declares_solution(line: &[u8]) -> Option<bool> {
    let (name, value) = assigned(line)?;
    let names_solution = name
        .split(|b| !b.is_ascii_alphanumeric())
        .flat_map(words)
        .any(|w| {
            let w = w.trim_end_matches(|c: char| c.is_ascii_digit());
            SOLUTION_NAMES.contains(&w.to_ascii_lowercase().as_str())
        });
    if !names_solution || !value.iter().any(|b| matches!(b, b'[' | b'{' | b'(')) {
        return None;
    }
    let tokens = tokens(value)?;
    let open = tokens.iter().fold(0i64, |depth, t| match t.kind {
        Kind::Open => depth + 1,
        Kind::Close => depth - 1,
        _ => depth,
    });
    Some(open > 0)
}

/// A line cut at its assignment: the name before it, the value after.
fn assigned(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let mut quote = None;
    for (i, &b) in line.iter().enumerate() {
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(b),
            (None, b'=') => {
                let before = line[..i].last().copied();
                if matches!(before, Some(b'=' | b'!' | b'<' | b'>'))
                    || line.get(i + 1) == Some(&b'=')
                {
                    return None;
                }
                let name = line[..i].strip_suffix(b":").unwrap_or(&line[..i]);
                return declaration(name).then(|| (name, &line[i + 1..]));
            }
            (None, b'<') if line.get(i + 1) == Some(&b'-') => {
                return declaration(&line[..i]).then(|| (&line[..i], &line[i + 2..]));
            }
            _ => {}
        }
    }
    None
}

/// A grid's first row with the grid's name before it (`Answer: 4 7 8 1 9 2 6 3 5`): the name (a
/// word or two, then `:`) and the row.
fn labelled_first_row(line: &[u8]) -> Option<(String, [u8; 9])> {
    let colon = line.iter().position(|&b| b == b':')?;
    let name = line[..colon].trim_ascii();
    let words = name
        .split(|&b| is_space(b))
        .filter(|w| !w.is_empty())
        .count();
    if !(1..=3).contains(&words)
        || !name[0].is_ascii_alphabetic()
        || !name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || is_space(b) || b == b'_')
    {
        return None;
    }
    let plain = Context {
        header: None,
        first_line: false,
        labelled: false,
    };
    match super::classify::classify(&line[colon + 1..], &plain) {
        LineKind::Row(Row::Cells(row)) => Some((String::from_utf8_lossy(name).into(), row)),
        _ => None,
    }
}

/// Whether the text before an assignment declares a name: names, types and sizes
/// (`static final int[][] SOLVED`, `int answer[9][9]`, `let solution: Vec<Vec<u8>>`), not a
/// sentence or a call.
fn declaration(name: &[u8]) -> bool {
    let name = name.trim_ascii();
    !name.is_empty()
        && name.iter().all(|&b| {
            b.is_ascii_alphanumeric()
                || is_space(b)
                || matches!(
                    b,
                    b'_' | b'[' | b']' | b':' | b'.' | b'<' | b'>' | b'*' | b'&' | b'$' | b','
                )
        })
        && name
            .split(|&b| is_space(b))
            .filter(|w| !w.is_empty())
            .count()
            <= 5
}

/// The words of a name: `solved_board` and `solvedBoard` both hold `solved` and `board`
/// (`answer2` holds `answer2`, read as `answer`).
fn words(name: &[u8]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut last_lower = false;
    for &b in name {
        if b == b'_' {
            out.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
            last_lower = false;
            continue;
        }
        if b.is_ascii_uppercase() && last_lower {
            out.push(std::mem::take(&mut word));
        }
        last_lower = b.is_ascii_lowercase() || b.is_ascii_digit();
        word.push(b as char);
    }
    out.extend((!word.is_empty()).then_some(word));
    out
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
    /// and were passed over: whole boards only (a lone list of 4 numbers is no board). A parser
    /// [reading sizes](Parser::reading_sizes) reads them as puzzles instead, and notes only
    /// what it could not take (a board in code, such as rows in brackets).
    pub fn other_sizes(&self) -> &[OtherBoard] {
        &self.others
    }

    /// A line that names the board it starts: its rows start a new grid, and when it declares a
    /// solution ([`declares_solution`]) the grid is no puzzle. True when the line holds nothing
    /// more to read.
    pub(super) fn board_declared(&mut self, line: &[u8], kind: &LineKind) -> bool {
        if let LineKind::Label { .. } | LineKind::Solution = kind {
            if let Some((name, row)) = labelled_first_row(line) {
                // `Puzzle: 0 0 0 ...`, `Answer: 4 7 8 ...`: a grid named on its first row.
                self.end_block(GridCut::Label(self.line_no));
                if SOLUTION_NAMES.contains(&name.to_ascii_lowercase().as_str()) {
                    self.label = None;
                    self.solution_next = true;
                } else {
                    self.label = Some(name.into());
                }
                self.row(Ok(Row::Cells(row)));
                return true;
            }
        }
        let named = |line: &[u8]| {
            assigned(line).is_some()
                || tokens(line).is_some_and(|t| {
                    let first = t.iter().position(|t| matches!(t.kind, Kind::Text(_)));
                    first.is_some_and(|at| at > 0) && bare_strings(&t).is_some()
                })
        };
        if matches!(kind, LineKind::Rows(_) | LineKind::Row(_)) && named(line) {
            // `B = [0 7 0 ...; 0 0 0 ...;`, `@puzzle "003020600" <>`: a board's first rows, after
            // its name: a new board, even right after the last one's closing line.
            self.end_block(GridCut::Label(self.line_no));
        }
        let holds_board = matches!(
            kind,
            LineKind::Whole(_) | LineKind::Row(_) | LineKind::Rows(_) | LineKind::Json { .. }
        );
        match declares_solution(line) {
            Some(open) if open || holds_board => {
                self.end_block(GridCut::Label(self.line_no));
                self.label = None;
                self.solution_next = true;
                !holds_board
            }
            _ => false,
        }
    }

    /// Drops from the grids a block gave each solved grid that solves the puzzle read right
    /// before it from rows: a program's or a document's answer beside its puzzle, under a name
    /// that was lost or not read as a solution's (as a JSON value's solved grid after its
    /// puzzle is). A solved grid after no puzzle, or after one it does not solve, is a puzzle.
    pub(super) fn drop_answers(&mut self, out: &mut VecDeque<Parsed>) {
        out.retain(|item| {
            let Ok(puzzle) = item else {
                self.answerable = None;
                return true;
            };
            let answer = puzzle.candidates.is_none()
                && self
                    .answerable
                    .is_some_and(|before| !before.is_full() && puzzle.grid.solves(&before));
            self.answerable = (!answer).then_some(puzzle.grid);
            !answer
        });
    }

    /// After the rows of a line that closes the matrix they stand in (`...; 6 0 0 0 0 0 2 8 9];`):
    /// the board ends there, so the next board's rows are never taken into it.
    pub(super) fn rows_close_board(&mut self, line: &[u8]) {
        let Some(tokens) = tokens(line) else { return };
        let last_close = tokens.iter().rposition(|t| t.kind == Kind::Close);
        let opens = tokens.iter().any(|t| t.kind == Kind::Open);
        if let (Some(at), false) = (last_close, opens) {
            if tokens[at + 1..]
                .iter()
                .all(|t| matches!(t.kind, Kind::Separator(_)))
            {
                self.end_block(GridCut::Label(self.line_no));
            }
        }
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
