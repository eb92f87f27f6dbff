//! What one line of text is, on its own: a whole puzzle, a grid row, a separator, a label, the
//! start of a JSON value, or an error with its column. The parser (`super::Parser`) decides
//! from this and from the lines around it.
//!
//! Cells: `1`-`9` are givens; `.`, `0`, `_` and `-` are empty. In rows written as separate items
//! (`2 3 9 e e e 4 1 e`, `X,X,5,3,X,...`) one placeholder letter may stand for every empty cell.
//! What a line is, is the answer of the first recogniser in [`RECOGNISERS`] that knows it: an
//! ordered list, so the plain cases cost the least and each recogniser (`classify/recognisers.rs`,
//! each documented and tested on its own) decides only the lines it is sure of. In outline:
//!
//! 1. blank, a Markdown fence, comment (`#`), a row printed as a list (`[5, 3, 0, ...]`,
//!    `- [ null, 6, ...]`), JSON (`[` or `{`), a solution under its name, separator
//!    (`-+=|*.:'!` with a run of `-`, `=` or `*`, or spaced dashes);
//! 2. separated items when the line has `,` or `;`: a comma (or `;`) row of 9 or 81 cells, or a
//!    CSV record whose puzzle column (by its header, else the first field holding 81 cells) is
//!    the puzzle;
//! 3. the cells of the whole line (`|`, `!` and white space between cells ignored; after the
//!    81st cell, a space, tab, `,`, `;`, `:` or `#` starts text that is ignored): 81 cells is a
//!    puzzle (a solved grid followed by the puzzle it solves is that puzzle), 729 a pencilmark
//!    puzzle, 9 a grid row;
//! 4. a row of 9 candidate sets (`19 7 169 | 2 156 3 | ...`, or `{159}{569}4...`);
//! 5. fixed-width lines of exactly 9 or 81 characters where a space is an empty cell;
//! 6. spaces for empty cells with `|` between boxes or cells, and cells packed with a
//!    placeholder letter (`x1xxx6xxx`), both in `rows.rs`;
//! 7. a run of exactly 81 (or 729) cells set off by non-alphanumeric characters inside other
//!    text (`Simple String: 0040078...`, `<game data='...' />`, `2018-06-07 PUZZLE SOLUTION`:
//!    of two runs, a puzzle and its solution, the puzzle);
//! 8. a labelled row, a board literal in code, grids side by side;
//! 9. a count of the puzzles, on the first line (a lone number later names the next grid);
//! 10. a label: a line with letters that is not shaped like a damaged row or puzzle line (81
//!     cells or more, or a row's worth with a few letters typed among them, are no label);
//! 11. otherwise an error, at the first character that does not fit.

use std::cell::OnceCell;

use super::chars::{bad_char, is_cell, is_space};
use super::fields::{delimiter, split_fields, SOLUTION_NAMES};
use super::kind::{Context, LineKind, Row, Whole};
use super::literal::Literal;
use super::rows;
use super::{ParseErrorKind, CELLS, MAX_CELLS};

mod recognisers;
#[cfg(test)]
mod tests;

/// The cells of a line that is exactly 81 cells written without separators (`1`-`9`, `.`, `0`,
/// `_`), with nothing after them but text set off by a space, tab, `,`, `;`, `:` or `#` (but a
/// full grid followed by more text is left to [`classify`], which pairs it with its puzzle): the
/// common case, read without a branch per cell. Any other line goes through [`classify`],
/// which gives the same cells for such a line.
pub(super) fn plain_line(line: &[u8]) -> Option<[u8; CELLS]> {
    let (cells, rest) = line.split_at_checked(CELLS)?;
    if !rest
        .first()
        .is_none_or(|&b| matches!(b, b' ' | b'\t' | b',' | b';' | b':' | b'#'))
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
    // A solved grid followed by more text may be the solution before its puzzle
    // (`SOLUTION,PUZZLE`, `SOLUTION PUZZLE`): the general reader decides.
    let more = rest.iter().any(|&b| !matches!(b, b' ' | b'\t'));
    let solved_first = more && !out.contains(&0);
    // A quoted field after the puzzle may run over lines (a CSV record): the general reader
    // decides.
    if more && memchr::memchr(b'"', rest).is_some() {
        return None;
    }
    (!bad && !solved_first).then_some(out)
}

/// The cells of one line.
pub(super) struct Scan {
    /// Cell values, the first 729.
    pub(super) cells: [u8; MAX_CELLS],
    /// How many cells the line holds (may exceed 729).
    pub(super) count: usize,
    /// Column of each of the first 82 cells.
    cols: [u32; CELLS + 1],
    /// Column of the 730th cell, one past a pencilmark line's 729.
    col_730: u32,
    /// The column just after the last cell.
    end_col: u32,
}

/// Reads the cells of a line. Stops at `#`, `,`, `;` or `:`, and after the 81st cell at white
/// space; `|` and `!` between cells and white space are skipped. Where white space stood
/// between the cells, more cells set off by spaces after the 81st are cells too (a tab still
/// sets off a field): `5 3 . ...` with
/// 82 or 200 cells is a line of that many cells (damaged, or no puzzle), never a puzzle of the
/// first 81 with the rest passed over as text.
pub(super) fn scan_cells(line: &[u8]) -> Result<Scan, (usize, ParseErrorKind)> {
    let mut scan = Scan {
        cells: [0; MAX_CELLS],
        count: 0,
        cols: [0; CELLS + 1],
        col_730: 0,
        end_col: 1,
    };
    let mut spaced = false;
    for (i, &b) in line.iter().enumerate() {
        // (Looked at once a run of white space, at its first byte: linear in the line.)
        if scan.count >= CELLS
            && is_space(b)
            && !is_space(line[i - 1])
            && !(spaced && b == b' ' && lone_cell_follows(&line[i..]))
        {
            break;
        }
        let value = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' | b'_' | b'-' => 0,
            b'|' | b'!' => continue,
            b'#' | b',' | b';' | b':' => break,
            _ if is_space(b) => {
                spaced |= scan.count > 0;
                continue;
            }
            _ => return Err(bad_char(line, i)),
        };
        if scan.count < MAX_CELLS {
            scan.cells[scan.count] = value;
        }
        if scan.count <= CELLS {
            scan.cols[scan.count] = i as u32 + 1;
        }
        if scan.count == MAX_CELLS {
            scan.col_730 = i as u32 + 1;
        }
        scan.count += 1;
        scan.end_col = i as u32 + 2;
    }
    Ok(scan)
}

/// Whether `rest` (white space, then a word) goes on with one more cell: a word of one cell
/// character (`5`, `.`) set off by white space or the line's end.
fn lone_cell_follows(rest: &[u8]) -> bool {
    let start = rest
        .iter()
        .position(|&b| !is_space(b))
        .unwrap_or(rest.len());
    let word = &rest[start..];
    let end = word.iter().position(|&b| is_space(b)).unwrap_or(word.len());
    end == 1 && matches!(word[0], b'1'..=b'9' | b'.' | b'0' | b'_' | b'-')
}

/// A line as the recognisers see it: its text, where its first non-blank byte is (the line's
/// length when it is blank), what the parser knows around it, whether it holds a `,` or `;`,
/// and its cells by the plain scan ([`scan_cells`]), worked out when first asked for.
pub(super) struct Look<'a> {
    line: &'a [u8],
    first: usize,
    ctx: &'a Context<'a>,
    delimited: bool,
    scan: OnceCell<Result<Scan, (usize, ParseErrorKind)>>,
}

impl<'a> Look<'a> {
    fn new(line: &'a [u8], ctx: &'a Context<'a>) -> Self {
        Look {
            line,
            first: line
                .iter()
                .position(|&b| !is_space(b))
                .unwrap_or(line.len()),
            ctx,
            delimited: line.iter().any(|&b| b == b',' || b == b';'),
            scan: OnceCell::new(),
        }
    }

    fn scan(&self) -> &Result<Scan, (usize, ParseErrorKind)> {
        self.scan.get_or_init(|| scan_cells(self.line))
    }

    fn into_scan(self) -> Result<Scan, (usize, ParseErrorKind)> {
        let line = self.line;
        self.scan.into_inner().unwrap_or_else(|| scan_cells(line))
    }
}

/// A recogniser: the kind of a line it knows, or `None` for the recognisers after it.
type Recogniser = fn(&Look) -> Option<LineKind>;

/// The recognisers, in the order they are tried: the first that knows a line says what it is,
/// and a line none of them knows is damaged ([`recognisers::damaged`]). Each is documented, and
/// tested on its own, in `recognisers.rs`. `blank` comes first (the others may assume a
/// non-blank character); the cheap tests on the first character before the scan; separated
/// fields with `,` or `;` before the scan, which stops at them; the scan before the layouts
/// that differ from it only in their damage; labels last of all.
pub(super) const RECOGNISERS: [(&str, Recogniser); 24] = [
    ("blank", recognisers::blank),
    ("fence", recognisers::fence),
    ("comment", recognisers::comment),
    ("braced", recognisers::braced),
    ("bracketed", recognisers::bracketed),
    ("yaml_item", recognisers::yaml_item),
    ("hodoku", recognisers::hodoku),
    ("assigned_json", recognisers::assigned_json),
    ("solution", recognisers::solution),
    ("drawn", recognisers::drawn),
    ("semicolon_rows", recognisers::semicolon_rows),
    ("delimited", recognisers::delimited),
    ("scanned", recognisers::scanned),
    ("candidates", recognisers::candidates),
    ("fixed", recognisers::fixed),
    ("undelimited", recognisers::undelimited),
    ("piped", recognisers::piped),
    ("placeholders", recognisers::placeholders),
    ("run", recognisers::run),
    ("labelled_row", recognisers::labelled_row),
    ("code_literal", recognisers::code_literal),
    ("side_rows", recognisers::side_rows),
    ("number", recognisers::number),
    ("label", recognisers::label),
];

/// What a line is. `line` has no line ending; `ctx` is what the parser knows around it.
pub(super) fn classify(line: &[u8], ctx: &Context) -> LineKind {
    let look = Look::new(line, ctx);
    RECOGNISERS
        .iter()
        .find_map(|(_, recognise)| recognise(&look))
        .unwrap_or_else(|| recognisers::damaged(look))
}

/// The rows of grids drawn side by side on one line (`53..7....   534678912`, `5 3 . | . 7 . |
/// . . .     5 3 4 | 6 7 8 | 9 1 2`): the line cut at gaps of two or more blanks into pieces
/// that are each a row on their own, two to four of them.
fn side_by_side(line: &[u8]) -> Option<Vec<Row>> {
    let cells = line.iter().filter(|&&b| is_cell(b)).count();
    if !matches!(cells, 18 | 27 | 36) {
        return None;
    }
    // Where a gap of two blanks or more ends: the places the line may be cut.
    let mut cuts = Vec::new();
    let mut blanks = 0;
    for (i, &b) in line.iter().enumerate() {
        if is_space(b) {
            blanks += 1;
        } else {
            if blanks >= 2 && i > blanks {
                cuts.push(i);
            }
            blanks = 0;
        }
    }
    cuts.push(line.len());
    let plain = Context {
        header: None,
        first_line: false,
        labelled: false,
    };
    let mut rows = Vec::new();
    let mut start = 0;
    for &cut in &cuts {
        let piece = &line[start..cut];
        let n = piece.iter().filter(|&&b| is_cell(b)).count();
        if n < 9 {
            continue;
        }
        if n > 9 {
            return None;
        }
        match classify(piece, &plain) {
            LineKind::Row(row) => rows.push(row),
            _ => return None,
        }
        start = cut;
    }
    (start == line.len() && rows.len() >= 2).then_some(rows)
}

/// The kind of line a board literal makes.
fn literal_kind(line: &[u8], lit: Literal) -> LineKind {
    match lit {
        Literal::Rows(mut rows) if rows.len() == 1 => {
            LineKind::Row(Row::Cells(rows.pop().expect("a row")))
        }
        Literal::Rows(rows) => LineKind::Rows(rows),
        Literal::Whole(cells) => LineKind::Whole(Whole::Cells(cells)),
        Literal::OtherSize { width, whole } => LineKind::OtherSize { width, whole },
        Literal::Damaged(at) => {
            let (col, kind) = bad_char(line, at);
            LineKind::Bad {
                col,
                kind,
                row_like: true,
            }
        }
    }
}

/// Whether a line that is no puzzle is worth an error slot: it holds a run of cells, four cell
/// characters (digits, `.`, `_`) or more, so it may be a damaged puzzle or row; or it is damaged
/// itself (a control character, bytes that are not UTF-8). Prose, code (`}`,
/// `for (i = 0; i < 9; i++)`), a Markdown fence or a lone quote mark is neither, and is no
/// error slot.
pub(super) fn holds_cells(line: &[u8]) -> bool {
    weight(line) >= 4
}

/// How much of a puzzle a line may be: its cell characters (digits, `.`, `_`), or a whole row's
/// worth (9) more when the line is damaged itself (control characters, bytes that are not
/// UTF-8). Lines weighing less than 4 are no damaged puzzle.
pub(super) fn weight(line: &[u8]) -> usize {
    let cells = line
        .iter()
        .filter(|&&b| b.is_ascii_digit() || b == b'.' || b == b'_')
        .count();
    let damaged = line.iter().any(|&b| b < 0x20 && b != b'\t' || b == 0x7f)
        || std::str::from_utf8(line).is_err();
    cells + if damaged { 9 } else { 0 }
}

/// A row written as a list, or (`Err` with the byte of its first bad item) a damaged one.
fn list_row_kind(line: &[u8], row: Result<[u8; 9], usize>) -> LineKind {
    match row {
        Ok(cells) => LineKind::Row(Row::Cells(cells)),
        Err(at) => {
            let (col, kind) = bad_char(line, at);
            LineKind::Bad {
                col,
                kind,
                row_like: true,
            }
        }
    }
}

/// `board = [[...`, `var grid = {...`, `"puzzle": [`: a name, `=` or `:`, then a JSON value on
/// the rest of the line. The byte where the value starts, and whether the name (its last word:
/// `const solution`, `game.answer`) names a solution.
fn assignment(line: &[u8]) -> Option<(usize, bool)> {
    let eq = line.iter().position(|&b| b == b'=' || b == b':')?;
    let name = line[..eq].trim_ascii();
    let named = !name.is_empty()
        && name[0].is_ascii_alphabetic()
        && name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b' ' | b'$'));
    let value = eq + 1 + line[eq + 1..].iter().position(|&b| !is_space(b))?;
    let last = name
        .rsplit(|&b| matches!(b, b'.' | b' ' | b'$'))
        .next()
        .unwrap_or(name);
    let solution = SOLUTION_NAMES.contains(&String::from_utf8_lossy(last).to_lowercase().as_str());
    (named && matches!(line[value], b'[' | b'{')).then_some((value, solution))
}

/// A line that starts with the name of a solution (`solution`, `answer`, ... in any case, in
/// quotes or not) followed by `:`, `=` or the end of the line: the text after it.
fn solution_key(line: &[u8]) -> Option<&[u8]> {
    let text = line.trim_ascii_start();
    let text = text.strip_prefix(b"\"").unwrap_or(text);
    let end = text
        .iter()
        .position(|&b| !(b.is_ascii_alphabetic() || b == b'_'))
        .unwrap_or(text.len());
    let name = String::from_utf8_lossy(&text[..end]).to_lowercase();
    if end == 0 || !SOLUTION_NAMES.contains(&name.as_str()) {
        return None;
    }
    let rest = text[end..].strip_prefix(b"\"").unwrap_or(&text[end..]);
    let rest = rest.trim_ascii_start();
    match rest.first() {
        None => Some(rest),
        Some(b':' | b'=') => Some(&rest[1..]),
        Some(_) => None,
    }
}

/// A line drawn between bands: only `-+=|*.:'!` and white space, with a run of three or more
/// `-`, `=` or `*`, or dashes spaced out (`- - - - - - - - - - -`, `- - - + - - - + - - -`). A
/// row of `-` cells separated by white space (`- - - | - - -`, 9 of them) is not a separator but
/// empty cells. `Some(true)` for a rule: one character repeated.
fn separator(line: &[u8]) -> Option<bool> {
    if !line.iter().all(|&b| {
        is_space(b)
            || matches!(
                b,
                b'-' | b'+' | b'=' | b'|' | b'*' | b'.' | b':' | b'\'' | b'!'
            )
    }) {
        return None;
    }
    let run = line
        .windows(3)
        .any(|w| w[0] == w[1] && w[1] == w[2] && matches!(w[0], b'-' | b'=' | b'*'));
    if !run && !rows::spaced_rule(line) {
        return None;
    }
    let mut marks = line.iter().filter(|&&b| !is_space(b));
    let first = *marks.next().expect("a run");
    Some(marks.all(|&b| b == first))
}

/// A lone number (a count of the puzzles that follow), as the first line of some files.
fn is_count(line: &[u8]) -> bool {
    let text = line.trim_ascii();
    (1..=7).contains(&text.len()) && text.iter().all(u8::is_ascii_digit) && text[0] != b'0'
}

/// A line of text that is not trying to be a puzzle: it has a word (two letters or more in a
/// row), and it is not shaped like a damaged grid row or puzzle line: 9, 81 or 729 items, two
/// thirds of them cells; 81 cells or more in all; or a word of a row's worth of cells with a
/// few letters typed among them (`53..7ab....`).
fn is_label(line: &[u8]) -> bool {
    // A word: two letters or more in a row (`Grid`, `SE`, `quizzes`); a lone letter among
    // cells (`53..x....`) is a damaged cell, not a word.
    let text = String::from_utf8_lossy(line);
    let mut run = 0;
    let word = text.chars().any(|c| {
        run = if c.is_alphabetic() { run + 1 } else { 0 };
        run >= 2
    });
    if !word {
        return false;
    }
    // A puzzle line with letters typed into it or glued to its end still holds its 81 cells.
    if line.iter().filter(|&&b| is_cell(b)).count() >= CELLS {
        return false;
    }
    let typed_into_cells = line
        .split(|&b| is_space(b) || b == b'|' || b == b'!')
        .any(|token| {
            let cells = token.iter().filter(|&&b| is_cell(b)).count();
            let letters = token.iter().filter(|b| b.is_ascii_alphabetic()).count();
            cells >= 9 && (1..=3).contains(&letters) && cells + letters == token.len()
        });
    if typed_into_cells {
        return false;
    }
    let damaged = |items: usize, cells: usize| {
        matches!(items, 9 | CELLS | MAX_CELLS) && 3 * cells >= 2 * items
    };
    // The whole line without the separators a row may have (`53..x....`, `5 3 x | ...`).
    let chars: Vec<u8> = line
        .iter()
        .copied()
        .filter(|&b| !is_space(b) && b != b'|' && b != b'!')
        .collect();
    if damaged(chars.len(), chars.iter().filter(|&&b| is_cell(b)).count()) {
        return false;
    }
    // Any token of 81 or 729 characters that is mostly cells: a damaged puzzle inside a CSV
    // record, quotes or markup (`...,8x3..2.9..,...`, `<game data='...'/>`).
    let token_end = |b: &u8| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if line.split(token_end).any(|token| {
        let cells = token.iter().filter(|&&b| is_cell(b)).count();
        token.len() >= CELLS && damaged(token.len(), cells)
    }) {
        return false;
    }
    if let Some(delimiter) = delimiter(line) {
        let fields = split_fields(line, delimiter);
        let cells = fields
            .iter()
            .filter(|(_, f)| f.is_empty() || (f.len() == 1 && is_cell(f[0])))
            .count();
        if damaged(fields.len(), cells) {
            return false;
        }
    }
    true
}
