//! The pieces of a JSON value, apart from how they are read: what an item is to the array or
//! object around it, boards made of rows, and the small scanners the reader uses (strings,
//! numbers, and whether a line can belong to a value at all).

use super::super::chars::{cell_value as char_value, show_char};
use super::super::sizes::{board_size, board_size_cells, read_board, Raw, RawBoard, SizesConf};
use super::super::{Form, ParseError, ParseErrorKind, Parsed, Puzzle, CELLS};

/// A place in the input: line and column, both 1-based, the column in characters.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pos {
    pub(super) line: usize,
    pub(super) col: usize,
}

/// One cell of a board.
#[derive(Clone, Debug)]
pub(super) enum Cell {
    /// 0 for empty, else the digit.
    Value(u8),
    /// Not a cell: what was found instead.
    Bad(String),
}

/// What a finished value is, as far as a board around it cares.
#[derive(Clone, Debug)]
pub(super) enum Item {
    Cell(Cell, Pos),
    /// An array of cells: a row of a board (or a damaged one).
    Row(Vec<(Cell, Pos)>, Pos),
    /// A string of 9 cells: a row written as text.
    RowText([u8; 9]),
    /// A puzzle string, answered (or held back) when it was read.
    Puzzle,
    /// Anything else (an object, a board already answered, a list, damage).
    Other(&'static str),
}

/// Whether `full`, a solved grid, keeps every given of `puzzle`.
pub(super) fn solves(full: &[u8; CELLS], puzzle: &[u8; CELLS]) -> bool {
    full.iter().zip(puzzle).all(|(&f, &p)| p == 0 || p == f)
}

/// Two thirds or more of `text` are cells: a damaged puzzle rather than other text.
pub(super) fn mostly_cells(text: &[u8]) -> bool {
    let cells = text
        .iter()
        .filter(|&&b| super::super::chars::is_cell(b))
        .count();
    3 * cells >= 2 * text.len()
}

/// A length close to a puzzle's (81 or 729 cells, give or take a row), but not one: a puzzle
/// string that lost or gained cells.
pub(super) fn near_puzzle_length(n: usize) -> bool {
    let near = |target: usize| n != target && n + 9 >= target && n <= target + 9;
    near(CELLS) || near(9 * CELLS)
}

/// A JSON number: `-`? digits, then `.digits` and an exponent, each optional.
pub(super) fn is_number(word: &[u8]) -> bool {
    let s = std::str::from_utf8(word).unwrap_or("");
    !s.is_empty()
        && s.parse::<f64>().is_ok()
        && s.bytes()
            .next()
            .is_some_and(|b| b == b'-' || b.is_ascii_digit())
}

/// How a string token ended.
pub(super) enum Scanned {
    /// Its raw text (escapes kept as they are, which is enough for cells) and the byte after
    /// its closing quote.
    Closed(Vec<u8>, usize),
    /// No closing quote before the end of the text given.
    Open,
}

/// The string starting at the quote at byte `i`. Strings cannot span lines.
pub(super) fn string(line: &[u8], i: usize) -> Scanned {
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
            b if b == quote => return Scanned::Closed(text, j + 1),
            b => {
                text.push(b);
                j += 1;
            }
        }
    }
    Scanned::Open
}

/// The message for a string that is not closed on its line.
pub(super) fn unclosed(quote: u8) -> String {
    format!(
        "a string that opens with {} is not closed on its line",
        show_char(quote as char)
    )
}

/// The byte of the quote that closes the string opening at byte `i`, if it closes on the line.
pub(super) fn closing_quote(line: &[u8], i: usize) -> Option<usize> {
    let quote = line[i];
    let mut j = i + 1;
    while j < line.len() {
        match line[j] {
            b'\\' => j += 2,
            b if b == quote => return Some(j),
            _ => j += 1,
        }
    }
    None
}

/// Whether a line starts a value of its own: `[[`, or a `{` whose brackets close on the line.
pub(super) fn starts_value(line: &[u8]) -> bool {
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
            b'"' | b'\'' => match closing_quote(text, i) {
                Some(end) => i = end,
                None => return false,
            },
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
pub(super) fn json_like(line: &[u8]) -> bool {
    let mut text = line.trim_ascii();
    // A comment in code, on its own line or before an element (`/* 2 */ [5, 3, ...],`).
    while let Some(end) = super::comment_end(text, 0) {
        text = text[end..].trim_ascii();
    }
    let Some(&first) = text.first() else {
        return true;
    };
    match first {
        b'[' | b']' | b'{' | b'}' | b'"' | b'\'' | b',' | b':' => true,
        // A key without quotes, as JavaScript writes them: `puzzle: "53..7..."`.
        b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' if js_key(text) => true,
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

/// Whether the text of `line` from byte `at` (a `[` or `{`) is program code rather than JSON or a
/// Python or JavaScript literal: a word that is no literal and no key (`[q|`, `[]int{`), an
/// object that opens with something other than a key (`{5, 3, 0`, `{{`), or a character JSON
/// never has (`;`, `|`, `(`, `=`) before the value closes. Damage such as a lost quote or comma
/// is not code: the JSON reader reports it.
pub(in crate::parse) fn code_not_json(line: &[u8], at: usize) -> bool {
    let mut depth = 0usize;
    let mut i = at;
    let word_end = |i: usize| {
        line[i..]
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$')))
            .map_or(line.len(), |k| i + k)
    };
    while i < line.len() {
        let b = line[i];
        match b {
            b' ' | b'\t' | b',' | b':' => {}
            b'[' => depth += 1,
            b'{' => {
                depth += 1;
                let next = line[i + 1..].iter().position(|c| !c.is_ascii_whitespace());
                if let Some(k) = next {
                    let c = line[i + 1 + k];
                    let key = (c.is_ascii_alphabetic() || c == b'_' || c == b'$')
                        && js_key(&line[i + 1 + k..]);
                    if !(matches!(c, b'"' | b'\'' | b'}') || key) {
                        return true;
                    }
                }
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    // A name glued to the value's end (`[]int{`) is a type, not JSON; another
                    // value may follow on the line (`[][]int{`), and is looked at the same way.
                    match line.get(i + 1) {
                        Some(&c) if c.is_ascii_alphanumeric() || c == b'_' => return true,
                        Some(b'[' | b'{') => {}
                        _ => return false,
                    }
                }
            }
            b'"' | b'\'' => match closing_quote(line, i) {
                Some(end) => i = end,
                None => return false,
            },
            b'-' | b'0'..=b'9' => {
                while i + 1 < line.len()
                    && matches!(line[i + 1], b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
                {
                    i += 1;
                }
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' => {
                let end = word_end(i);
                let word = &line[i..end];
                let literal = matches!(
                    word,
                    b"true"
                        | b"false"
                        | b"null"
                        | b"True"
                        | b"False"
                        | b"None"
                        | b"undefined"
                        | b"nil"
                        | b"NaN"
                );
                if !literal && !js_key(&line[i..]) {
                    return true;
                }
                i = end - 1;
            }
            // Punctuation of code (`[q|`, `{% tag %}`, `[![badge](...)]`, `a = [1; 2]`); any
            // other stray character is damage the JSON reader reports.
            b';' | b'|' | b'(' | b')' | b'=' | b'%' | b'!' | b'<' | b'>' | b'\\' | b'&' | b'*'
            | b'`' | b'~' | b'^' => return true,
            _ => return false,
        }
        i += 1;
    }
    false
}

/// Whether a line is a grid row written without any JSON punctuation (`530070000`,
/// `5 3 0 | 0 7 0 | 0 0 0`): 9 cells and nothing else but spaces and `|`. Such a line ends an
/// open value even where it would scan as a number.
pub(super) fn bare_row(line: &[u8]) -> bool {
    let text = line.trim_ascii();
    let cells = text.iter().filter(|&&b| is_cell_char(b)).count();
    cells == 9
        && text
            .iter()
            .all(|&b| is_cell_char(b) || matches!(b, b' ' | b'\t' | b'|'))
}

fn is_cell_char(b: u8) -> bool {
    b.is_ascii_digit() || matches!(b, b'.' | b'_')
}

/// Whether a line starts with a key without quotes and its colon (`puzzle: ...`, `one: {`).
fn js_key(text: &[u8]) -> bool {
    let end = text
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$')))
        .unwrap_or(text.len());
    end > 0 && text[end..].trim_ascii_start().first() == Some(&b':')
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
pub(super) fn board(items: &[Item], pos: Pos) -> Parsed {
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
            Item::Puzzle => {
                return board_error(
                    pos,
                    format!("row {} is a puzzle, not a row of cells", r + 1),
                )
            }
            Item::Other(what) => {
                return board_error(pos, format!("row {} is {what}, not a row of cells", r + 1))
            }
        }
    }
    Ok(Puzzle::from_cells(cells, pos.line, Form::Json))
}

/// A board written as one array of 81 cells.
pub(super) fn flat_board(row: &[(Cell, Pos)], pos: Pos) -> Parsed {
    let mut cells = [0u8; CELLS];
    for (i, (cell, cell_pos)) in row.iter().enumerate() {
        cells[i] = cell_value(cell, *cell_pos, &format!("cell {}", i + 1))?;
    }
    Ok(Puzzle::from_cells(cells, pos.line, Form::Json))
}

/// The 81 cells of a string of digits with one placeholder letter for every empty cell
/// (`54ee2e8e...`), as a web game writes its puzzles; `None` for any other string.
pub(super) fn placeholder_cells(text: &[u8]) -> Option<[u8; CELLS]> {
    if text.len() != CELLS {
        return None;
    }
    let letter = *text.iter().find(|b| !matches!(b, b'1'..=b'9'))?;
    if !super::super::chars::is_placeholder(letter) || !letter.is_ascii_alphabetic() {
        return None;
    }
    let mut cells = [0u8; CELLS];
    for (cell, &b) in cells.iter_mut().zip(text) {
        match b {
            b'1'..=b'9' => *cell = b - b'0',
            _ if b == letter => {}
            _ => return None,
        }
    }
    Some(cells)
}

/// The 81 cell values of a string of 81 cell characters.
pub(super) fn values(text: &[u8]) -> [u8; CELLS] {
    std::array::from_fn(|i| char_value(text[i]))
}

/// A cell of a board of another size: a number up to 36 (`10`), a one-symbol string (`"A"`),
/// or the cells of a string row (`"1..4"`), and whether it was written as a string; `None` for
/// anything else (`0.5`, `true`, a word): then the array is no such board.
fn sized_cells(cell: &Cell, pos: Pos, out: &mut Vec<(Raw, usize, usize)>) -> Option<bool> {
    match cell {
        Cell::Value(0) => out.push((Raw::Empty, pos.line, pos.col)),
        Cell::Value(v) => out.push((Raw::Number(*v), pos.line, pos.col)),
        Cell::Bad(text) => {
            if let Some(inner) = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                for (k, c) in inner.chars().enumerate() {
                    let raw = if matches!(c, '.' | '_' | '*' | '-' | ' ') {
                        Raw::Empty
                    } else {
                        Raw::Symbol(c)
                    };
                    out.push((raw, pos.line, pos.col + 1 + k));
                }
                return Some(true);
            }
            let v = text.parse::<u8>().ok().filter(|&v| usize::from(v) <= 36)?;
            out.push((Raw::Number(v), pos.line, pos.col));
        }
    }
    Some(false)
}

/// A board of another size, `n` rows of `n` cells (arrays of numbers or of one-symbol strings,
/// or strings of `n` symbols), read with `conf` ([`super::super::sizes`]). `None` when the
/// array is no such board: a row of another length, a cell that is no number up to 36 or
/// symbol, or a row that repeats a digit (a matrix, a table of numbers): the 9x9 reader's
/// judgement of it stands then, as without reading sizes.
pub(super) fn sized_board(items: &[Item], pos: Pos, conf: &SizesConf) -> Option<Parsed> {
    let n = items.len();
    let mut cells = Vec::with_capacity(n * n);
    let mut strings = false;
    for item in items {
        let before = cells.len();
        match item {
            Item::Row(row, _) => {
                for (cell, cell_pos) in row {
                    strings |= sized_cells(cell, *cell_pos, &mut cells)?;
                }
            }
            Item::Cell(cell, cell_pos) => strings |= sized_cells(cell, *cell_pos, &mut cells)?,
            _ => return None,
        }
        let row = &cells[before..];
        let repeats = row.iter().enumerate().any(|(k, (cell, _, _))| {
            *cell != Raw::Empty && row[..k].iter().any(|(other, _, _)| other == cell)
        });
        if row.len() != n || repeats {
            return None;
        }
    }
    if strings {
        // Written in symbols: a number among them is the symbol of its digits.
        for (cell, _, _) in &mut cells {
            if let Raw::Number(v) = *cell {
                if v <= 9 {
                    *cell = Raw::Symbol((b'0' + v) as char);
                }
            }
        }
    }
    let raw = RawBoard {
        size: n,
        cells,
        numbers: !strings,
        drawn: (None, None),
        line: pos.line,
        col: pos.col,
        form: Form::Json,
    };
    Some(read_board(&raw, conf))
}

/// Whether the items of an array are `n` strings of `n` symbols each: a board of another size
/// written as strings.
pub(super) fn sized_strings(items: &[Item]) -> bool {
    let n = items.len();
    board_size(n)
        && items.iter().all(|item| {
            matches!(item, Item::Cell(Cell::Bad(text), _)
                if text.len() == n + 2 && text.starts_with('"') && text.ends_with('"'))
        })
}

/// Whether the items of an array are strings of N*N symbols each: puzzles of other sizes.
pub(super) fn sized_puzzle_strings(items: &[Item]) -> bool {
    !items.is_empty()
        && items.iter().all(|item| {
            matches!(item, Item::Cell(Cell::Bad(text), _)
                if text.starts_with('"') && text.ends_with('"')
                    && text.len() >= 2 && board_size_cells(text.len() - 2))
        })
}

/// A string of N*N symbols: a board of another size on one line, read with `conf`.
pub(super) fn sized_string(text: &[u8], pos: Pos, conf: &SizesConf) -> Option<Parsed> {
    let n = (4..=36).find(|n| n * n == text.len())?;
    let symbolic = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'*' | b'-');
    if !board_size(n) || !text.iter().all(|&b| symbolic(b)) || n == 27 {
        return None;
    }
    let cells = text
        .iter()
        .enumerate()
        .map(|(k, &b)| {
            let raw = if matches!(b, b'.' | b'_' | b'*' | b'-') {
                Raw::Empty
            } else {
                Raw::Symbol(b as char)
            };
            (raw, pos.line, pos.col + 1 + k)
        })
        .collect();
    let raw = RawBoard {
        size: n,
        cells,
        numbers: false,
        drawn: (None, None),
        line: pos.line,
        col: pos.col,
        form: Form::Line,
    };
    Some(read_board(&raw, conf))
}
