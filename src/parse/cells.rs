//! What one line of text is, on its own: a whole puzzle, a grid row, a separator, a label, the
//! start of a JSON value, or an error with its column. The parser (`super::Parser`) decides
//! from this and from the lines around it.
//!
//! Cells: `1`-`9` are givens; `.`, `0`, `_` and `-` are empty. In rows written as separate items
//! (`2 3 9 e e e 4 1 e`, `X,X,5,3,X,...`) one placeholder letter may stand for every empty cell.
//! Lines are tried in this order, so the plain cases cost the least:
//!
//! 1. blank, comment (`#`), a row printed as a list (`[5, 3, 0, ...]`, `- [ null, 6, ...]`), JSON
//!    (`[` or `{`), separator (`-+=|*.:'!` with a run of `-`, `=` or `*`, or spaced dashes);
//! 2. the cells of the whole line (`|`, `!` and white space between cells ignored; after the
//!    81st cell, a space, tab, `,`, `;`, `:` or `#` starts text that is ignored): 81 cells is a
//!    puzzle (a solved grid followed by the puzzle it solves is that puzzle), 729 a pencilmark
//!    puzzle, 9 a grid row;
//! 3. a row of 9 candidate sets (`19 7 169 | 2 156 3 | ...`, or `{159}{569}4...`);
//! 4. fixed-width lines of exactly 9 or 81 characters where a space is an empty cell;
//! 5. separated items: a comma (or `;`) row of 9 or 81 cells, or a CSV record whose puzzle
//!    column (by its header, else the first field holding 81 cells) is the puzzle;
//! 6. spaces for empty cells with `|` between boxes or cells, and cells packed with a
//!    placeholder letter (`x1xxx6xxx`), both in `rows.rs`;
//! 7. a run of exactly 81 (or 729) cells set off by non-alphanumeric characters inside other
//!    text (`Simple String: 0040078...`, `<game data='...' />`, `2018-06-07 PUZZLE SOLUTION`:
//!    of two runs, a puzzle and its solution, the puzzle);
//! 8. a count of the puzzles, on the first line;
//! 9. a label: a line with letters that is not shaped like a damaged row or puzzle line (81
//!    cells or more, or a row's worth with a few letters typed among them, are no label);
//! 10. otherwise an error, at the first character that does not fit.

use super::rows;
use super::{Layout, ParseErrorKind, Puzzle, CELLS, MAX_CELLS};
use crate::grid::Candidates;

/// The cells of a puzzle written on one line.
pub(super) enum Whole {
    /// Givens, 0 for empty.
    Cells([u8; CELLS]),
    /// Candidate masks (the 729-character pencilmark form).
    Marks(Box<[u16; CELLS]>),
}

impl Whole {
    /// The puzzle these cells make, starting at `line`.
    pub(super) fn into_puzzle(self, line: usize, layout: Layout) -> Puzzle {
        match self {
            Whole::Cells(cells) => Puzzle::from_cells(cells, line, layout),
            Whole::Marks(masks) => Puzzle::from_candidates(
                Candidates::from_masks(*masks).expect("9-bit masks"),
                line,
                layout,
            ),
        }
    }
}

/// The cells of one grid row.
#[derive(Clone, Copy)]
pub(super) enum Row {
    /// Givens, 0 for empty.
    Cells([u8; 9]),
    /// Candidate masks.
    Marks([u16; 9]),
}

/// What a line is, taken on its own.
pub(super) enum Kind {
    Blank,
    Comment,
    /// A line drawn between bands or grids; `rule` when it is one character repeated
    /// (`=========`, `---------`), which is how files separate whole grids.
    Separator {
        rule: bool,
    },
    /// The first byte of a JSON value; `answer` when it is the value of a name that holds an
    /// answer (`var solution = [[...`): nothing in it is a puzzle.
    Json {
        at: usize,
        answer: bool,
    },
    /// A line holding an answer under its name (`solution: "534678..."`): not a puzzle.
    Answer,
    /// An answer's name on a line of its own (`Solution:`): the puzzle after it is that answer.
    AnswerLabel,
    Whole(Whole),
    Row(Row),
    /// Text that is not a puzzle: a title, `Grid 01`, a CSV header (then `header` is set).
    Label {
        header: Option<Header>,
    },
    /// A lone number on the first line: how many puzzles follow. It names none of them.
    Count,
    /// A lone number on a later line: the name of the grid right after it (`40` above a grid,
    /// as some collections number them), else an error (`kind` at `col`: a damaged row).
    Number {
        label: Box<str>,
        col: usize,
        kind: ParseErrorKind,
    },
    /// Not a puzzle, a row or a label: the column (in characters) and what is wrong.
    /// `row_like` when it is short enough to be a damaged grid row.
    Bad {
        col: usize,
        kind: ParseErrorKind,
        row_like: bool,
    },
}

/// What the parser knows when it looks at a line.
pub(super) struct Context<'a> {
    /// The CSV header in force, if any.
    pub(super) header: Option<&'a Header>,
    /// This is the first line of the input (where a lone number counts the puzzles).
    pub(super) first_line: bool,
}

/// The header line of a CSV file: which field holds the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Header {
    delimiter: u8,
    /// The puzzle column and its name, when the header names one.
    puzzle: Option<(usize, String)>,
    /// Columns never read as a puzzle (`solution`, `answer`, ...).
    skip: Vec<usize>,
}

/// Column names that hold the puzzle, compared without regard to case.
const PUZZLE_COLUMNS: [&str; 11] = [
    "puzzle", "puzzles", "quizzes", "quiz", "unsolved", "board", "sudoku", "grid", "givens",
    "question", "problem",
];

/// Column (and JSON key) names that hold an answer, never read as a puzzle.
pub(super) const ANSWER_NAMES: [&str; 8] = [
    "solution",
    "solutions",
    "solved",
    "answer",
    "answers",
    "canonical",
    "solutionstring",
    "result",
];

impl Header {
    /// True when the header names the puzzle column or an answer column.
    pub(super) fn names_a_column(&self) -> bool {
        self.puzzle.is_some() || !self.skip.is_empty()
    }

    /// True when a plain line's first 81 cells are the puzzle under this header.
    pub(super) fn puzzle_first(&self) -> bool {
        match &self.puzzle {
            Some((column, _)) => *column == 0,
            None => !self.skip.contains(&0),
        }
    }

    fn parse(line: &[u8]) -> Option<Header> {
        let delimiter = delimiter(line)?;
        let fields = split_fields(line, delimiter);
        let mut header = Header {
            delimiter,
            puzzle: None,
            skip: Vec::new(),
        };
        for (i, (_, field)) in fields.iter().enumerate() {
            let name = String::from_utf8_lossy(field).to_lowercase();
            if header.puzzle.is_none() && PUZZLE_COLUMNS.contains(&name.as_str()) {
                header.puzzle = Some((i, String::from_utf8_lossy(field).into_owned()));
            } else if ANSWER_NAMES.contains(&name.as_str()) {
                header.skip.push(i);
            }
        }
        Some(header)
    }
}

pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t')
}

pub(super) fn is_cell(b: u8) -> bool {
    matches!(b, b'0'..=b'9' | b'.' | b'_' | b'-')
}

pub(super) fn cell_value(b: u8) -> u8 {
    if b.is_ascii_digit() {
        b - b'0'
    } else {
        0
    }
}

/// Letters that stand for an empty cell in rows written as separate items.
pub(super) fn is_placeholder(b: u8) -> bool {
    matches!(b, b'x' | b'X' | b'e' | b'E' | b'o' | b'O' | b'?' | b'*')
}

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
    // A solved grid followed by more text may be the answer before its puzzle
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
/// space; `|` and `!` between cells and white space are skipped.
pub(super) fn scan_cells(line: &[u8]) -> Result<Scan, (usize, ParseErrorKind)> {
    let mut scan = Scan {
        cells: [0; MAX_CELLS],
        count: 0,
        cols: [0; CELLS + 1],
        col_730: 0,
        end_col: 1,
    };
    for (i, &b) in line.iter().enumerate() {
        if scan.count >= CELLS && is_space(b) {
            break;
        }
        let value = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' | b'_' | b'-' => 0,
            b'|' | b'!' => continue,
            b'#' | b',' | b';' | b':' => break,
            _ if is_space(b) => continue,
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

/// What a line is. `line` has no line ending; `ctx` is what the parser knows around it.
pub(super) fn classify(line: &[u8], ctx: &Context) -> Kind {
    let Some(first) = line.iter().position(|&b| !is_space(b)) else {
        return Kind::Blank;
    };
    // A line of only commas or semicolons (what is left between two JSON values, or of an
    // empty CSV record) separates like a blank line, unless it is a row of 9 (or 81) empty
    // fields.
    if line.iter().all(|&b| is_space(b) || b == b',' || b == b';') {
        let fields = 1 + line.iter().filter(|&&b| b == b',' || b == b';').count();
        if !matches!(fields, 9 | 10 | CELLS | 82) {
            return Kind::Blank;
        }
    }
    match line[first] {
        b'#' => return Kind::Comment,
        b'{' => {
            // `{159}{569}4{169}...`: a row of candidates in braces, not JSON.
            if let Some(marks) = braced_row(line) {
                return Kind::Row(Row::Marks(marks));
            }
            return Kind::Json {
                at: first,
                answer: false,
            };
        }
        b'[' => {
            // `[5, 3, 0, 0, 7, 0, 0, 0, 0]`: a row printed as a list, not a JSON value.
            if let Some(row) = rows::list_row(line) {
                return list_row_kind(line, row);
            }
            return Kind::Json {
                at: first,
                answer: false,
            };
        }
        b'-' if line[first + 1..].trim_ascii_start().first() == Some(&b'[') => {
            // `- [ null, 6, ... ]`: a YAML flow item holding a row.
            if let Some(row) = rows::list_row(line) {
                return list_row_kind(line, row);
            }
        }
        b':' => {
            if let Some(kind) = hodoku_library(line) {
                return kind;
            }
        }
        _ => {}
    }
    if let Some((at, answer)) = assignment(line) {
        return Kind::Json { at, answer };
    }
    if let Some(rest) = answer_key(line) {
        return if rest.trim_ascii().is_empty() {
            Kind::AnswerLabel
        } else {
            Kind::Answer
        };
    }
    if let Some(rule) = separator(line) {
        return Kind::Separator { rule };
    }
    // Commas and semicolons first: a CSV record's first field may scan as 9 cells (an id), and
    // a comma row `5,3,0,...` stops the plain scan at its first comma.
    let delimited = line.iter().any(|&b| b == b',' || b == b';');
    if delimited {
        if let Some(kind) = separated(line, ctx.header) {
            return kind;
        }
    }
    let scan = scan_cells(line);
    if let Ok(scan) = &scan {
        match scan.count {
            CELLS => {
                // Nine words of candidates can add up to 81 digits: a row, not a puzzle.
                if let Some(marks) = candidate_row(line) {
                    return Kind::Row(Row::Marks(marks));
                }
                let cells: [u8; CELLS] = scan.cells[..CELLS].try_into().expect("81 cells");
                // `SOLUTION PUZZLE`: a solved grid followed by the puzzle it solves.
                if !cells.contains(&0) {
                    if let Some(kind) = paired_runs(line) {
                        return kind;
                    }
                }
                return Kind::Whole(Whole::Cells(cells));
            }
            MAX_CELLS => {
                return match pencilmarks(&scan.cells, "line") {
                    Ok(marks) => Kind::Whole(Whole::Marks(Box::new(marks))),
                    Err(kind) => Kind::Bad {
                        col: 1,
                        kind,
                        row_like: false,
                    },
                }
            }
            9 => {
                let cells = scan.cells[..9].try_into().expect("9 cells");
                return Kind::Row(Row::Cells(cells));
            }
            _ => {}
        }
    }
    if let Some(marks) = candidate_row(line) {
        return Kind::Row(Row::Marks(marks));
    }
    if let Some(kind) = fixed_width(line) {
        return kind;
    }
    // (A line with `,` or `;` was tried above.)
    if !delimited {
        if let Some(kind) = separated(line, ctx.header) {
            return kind;
        }
    }
    if let Some(cells) = rows::piped_row(line) {
        return Kind::Row(Row::Cells(cells));
    }
    if let Some(cells) = rows::packed_placeholders(line) {
        return match cells.len() {
            9 => Kind::Row(Row::Cells(cells.try_into().expect("9 cells"))),
            _ => Kind::Whole(Whole::Cells(cells.try_into().expect("81 cells"))),
        };
    }
    if let Some(kind) = run_of_cells(line) {
        return kind;
    }
    if is_count(line) {
        if ctx.first_line {
            return Kind::Count;
        }
        let text = line.trim_ascii();
        let start = line.len() - line.trim_ascii_start().len();
        return Kind::Number {
            label: String::from_utf8_lossy(text).into(),
            col: start + text.len() + 1,
            kind: ParseErrorKind::RowLength(text.len()),
        };
    }
    if is_label(line) {
        return Kind::Label {
            header: Header::parse(line),
        };
    }
    let short = non_blank_len(line) <= 40;
    match scan {
        Err((col, kind)) => Kind::Bad {
            col,
            kind,
            row_like: short,
        },
        Ok(scan) => {
            let n = scan.count;
            let (kind, col, row_like) = if n <= 45 {
                let col = if n > 9 { scan.cols[9] } else { scan.end_col };
                (ParseErrorKind::RowLength(n), col, true)
            } else if (MAX_CELLS - CELLS..=MAX_CELLS + CELLS).contains(&n) {
                // Within a row's worth of a pencilmark line's 729: at its end when short, at the
                // 730th cell when long.
                let col = if n > MAX_CELLS {
                    scan.col_730
                } else {
                    scan.end_col
                };
                (ParseErrorKind::PencilmarkLength(n), col, false)
            } else {
                let col = if n > CELLS {
                    scan.cols[CELLS]
                } else {
                    scan.end_col
                };
                (ParseErrorKind::LineLength(n), col, false)
            };
            Kind::Bad {
                col: col as usize,
                kind,
                row_like,
            }
        }
    }
}

/// A row written as a list, or (`Err` with the byte of its first bad item) a damaged one.
fn list_row_kind(line: &[u8], row: Result<[u8; 9], usize>) -> Kind {
    match row {
        Ok(cells) => Kind::Row(Row::Cells(cells)),
        Err(at) => {
            let (col, kind) = bad_char(line, at);
            Kind::Bad {
                col,
                kind,
                row_like: true,
            }
        }
    }
}

/// `board = [[...`, `var grid = {...`, `"puzzle": [`: a name, `=` or `:`, then a JSON value on
/// the rest of the line. The byte where the value starts, and whether the name (its last word:
/// `const solution`, `game.answer`) names an answer.
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
    let answer = ANSWER_NAMES.contains(&String::from_utf8_lossy(last).to_lowercase().as_str());
    (named && matches!(line[value], b'[' | b'{')).then_some((value, answer))
}

/// A line that starts with the name of an answer (`solution`, `answer`, ... in any case, in
/// quotes or not) followed by `:`, `=` or the end of the line: the text after it.
fn answer_key(line: &[u8]) -> Option<&[u8]> {
    let text = line.trim_ascii_start();
    let text = text.strip_prefix(b"\"").unwrap_or(text);
    let end = text
        .iter()
        .position(|&b| !(b.is_ascii_alphabetic() || b == b'_'))
        .unwrap_or(text.len());
    let name = String::from_utf8_lossy(&text[..end]).to_lowercase();
    if end == 0 || !ANSWER_NAMES.contains(&name.as_str()) {
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

/// A line of HoDoKu's test library, `:0604:1:75.+98+2.+3...:132 438 468:174:`: technique,
/// candidates, the grid (81 cells; `+` marks a placed digit), then candidates deleted from it as
/// `<digit><row><column>`. The puzzle is the pencilmark grid that makes: every cell's candidates
/// are the digits its filled peers leave, less the deleted ones.
fn hodoku_library(line: &[u8]) -> Option<Kind> {
    let fields: Vec<&[u8]> = line.split(|&b| b == b':').collect();
    let givens: Vec<u8> = fields
        .get(3)?
        .iter()
        .copied()
        .filter(|&b| b != b'+')
        .collect();
    if givens.len() != CELLS || !givens.iter().all(|&b| is_cell(b)) {
        return None;
    }
    let cells: [u8; CELLS] = std::array::from_fn(|i| cell_value(givens[i]));
    let mut masks = [0u16; CELLS];
    for (i, mask) in masks.iter_mut().enumerate() {
        *mask = if cells[i] != 0 {
            1 << (cells[i] - 1)
        } else {
            let (r, c) = (i / 9, i % 9);
            let mut seen = 0u16;
            for k in 0..9 {
                for j in [
                    r * 9 + k,
                    k * 9 + c,
                    (r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3,
                ] {
                    if cells[j] != 0 {
                        seen |= 1 << (cells[j] - 1);
                    }
                }
            }
            0x1FF & !seen
        };
    }
    for item in fields
        .get(4)
        .copied()
        .unwrap_or_default()
        .split(|&b| is_space(b))
    {
        match item {
            [] => {}
            [d, r, c] if [d, r, c].iter().all(|b| (b'1'..=b'9').contains(b)) => {
                masks[(r - b'1') as usize * 9 + (c - b'1') as usize] &= !(1 << (d - b'1'));
            }
            _ => return None,
        }
    }
    Some(Kind::Whole(Whole::Marks(Box::new(masks))))
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

/// The 729 cells of a pencilmark line or string as candidate masks: place `k` of a cell's 9 holds
/// digit `k + 1` when it is a candidate, and is empty (`.` or `0`) when it is not; `noun` names
/// the text in the message (`line`, `string`).
pub(super) fn pencilmarks(
    cells: &[u8; MAX_CELLS],
    noun: &str,
) -> Result<[u16; CELLS], ParseErrorKind> {
    let mut masks = [0u16; CELLS];
    for (i, (mask, group)) in masks.iter_mut().zip(cells.chunks_exact(9)).enumerate() {
        for (k, &v) in group.iter().enumerate() {
            if v == k as u8 + 1 {
                *mask |= 1 << k;
            } else if v != 0 {
                return Err(ParseErrorKind::Pencilmarks(format!(
                    "r{}c{} has '{v}' in place {} of its 9; a 729-character {noun} holds digit d in place d of each cell, or '.'",
                    i / 9 + 1,
                    i % 9 + 1,
                    k + 1
                )));
            }
        }
    }
    Ok(masks)
}

/// A row of 9 candidate sets: words of ascending digits (`19 7 169 | 2 156 3 | ...`, as
/// Sudoku Explainer, HoDoKu and CSP-Rules print them) with at least one set of two or more,
/// or cells in braces (`{159}{569}4{169}...`).
fn candidate_row(line: &[u8]) -> Option<[u16; 9]> {
    if line.contains(&b'{') {
        return braced_row(line);
    }
    let mut masks = [0u16; 9];
    let mut n = 0;
    let mut several = false;
    for word in line
        .split(|&b| is_space(b) || b == b'|' || b == b'!')
        .filter(|w| !w.is_empty())
    {
        if n == 9 {
            return None;
        }
        let mut last = 0;
        for &b in word {
            if !(b'1'..=b'9').contains(&b) || b <= last {
                return None;
            }
            last = b;
            masks[n] |= 1 << (b - b'1');
        }
        several |= word.len() > 1;
        n += 1;
    }
    (n == 9 && several).then_some(masks)
}

fn braced_row(line: &[u8]) -> Option<[u16; 9]> {
    let mut masks = [0u16; 9];
    let mut n = 0;
    let mut i = 0;
    while i < line.len() {
        let b = line[i];
        i += 1;
        let mask = match b {
            b'1'..=b'9' => 1 << (b - b'1'),
            b'{' => {
                let end = i + line[i..].iter().position(|&b| b == b'}')?;
                let mut mask = 0u16;
                for &d in &line[i..end] {
                    if !(b'1'..=b'9').contains(&d) {
                        return None;
                    }
                    mask |= 1 << (d - b'1');
                }
                i = end + 1;
                if mask == 0 {
                    return None;
                }
                mask
            }
            b'|' | b'!' => continue,
            _ if is_space(b) => continue,
            _ => return None,
        };
        if n == 9 {
            return None;
        }
        masks[n] = mask;
        n += 1;
    }
    (n == 9).then_some(masks)
}

/// A line of exactly 9 or 81 characters of digits and spaces, where a space is an empty cell
/// (`  625  71`). A row written `5 3 8 1 7` (cells at every other place) is not read this way:
/// that is a spaced row that lost cells.
fn fixed_width(line: &[u8]) -> Option<Kind> {
    let width = line.len();
    if !(width == 9 || width == CELLS)
        || !line.iter().all(|&b| b == b' ' || b.is_ascii_digit())
        || !line.contains(&b' ')
    {
        return None;
    }
    let alternating = line
        .iter()
        .enumerate()
        .all(|(i, &b)| (i % 2 == 1) == (b == b' '));
    if alternating {
        return None;
    }
    let cells: Vec<u8> = line.iter().map(|&b| cell_value(b)).collect();
    Some(if width == 9 {
        Kind::Row(Row::Cells(cells.try_into().expect("9 cells")))
    } else {
        Kind::Whole(Whole::Cells(cells.try_into().expect("81 cells")))
    })
}

/// Where a CSV record opens a quoted field that it does not close (RFC 4180: a field that starts
/// with `"` runs to the next `"` that is not doubled, across line breaks): the byte of that
/// quote, when the record goes on on the next line.
pub(super) fn open_quote(record: &[u8], delimiter: u8) -> Option<usize> {
    let mut field_start = true;
    let mut open = None;
    let mut i = 0;
    while i < record.len() {
        let b = record[i];
        if open.is_some() {
            if b == b'"' {
                if record.get(i + 1) == Some(&b'"') {
                    i += 2;
                    continue;
                }
                open = None;
            }
        } else if b == delimiter {
            field_start = true;
        } else if b == b'"' && field_start {
            open = Some(i);
            field_start = false;
        } else if !is_space(b) {
            field_start = false;
        }
        i += 1;
    }
    open
}

/// A CSV record that a quoted field carries over to the next line: its delimiter and the byte
/// of the quote, for a line of a CSV file (a header in force, or a delimiter before the open
/// field) that is no JSON value or comment.
pub(super) fn record_opens(line: &[u8], header: Option<&Header>) -> Option<(u8, usize)> {
    let first = *line.iter().find(|&&b| !is_space(b))?;
    if matches!(first, b'[' | b'{' | b'#') || !line.contains(&b'"') {
        return None;
    }
    let delimiter = header.map_or_else(|| delimiter(line), |h| Some(h.delimiter))?;
    let quote = open_quote(line, delimiter)?;
    (header.is_some() || line[..quote].contains(&delimiter)).then_some((delimiter, quote))
}

/// Whether a line may be the rest of a record whose quoted field is still open: it closes the
/// field (an odd number of quotes), or it has no quote and no puzzle of its own.
pub(super) fn continues_record(line: &[u8]) -> bool {
    match line.iter().filter(|&&b| b == b'"').count() {
        0 => runs_of_cells(line).is_empty(),
        n => n % 2 == 1,
    }
}

/// The field delimiter of a line: `,`, else `;`, else a tab.
fn delimiter(line: &[u8]) -> Option<u8> {
    [b',', b';', b'\t'].into_iter().find(|d| line.contains(d))
}

/// The fields of a line split at `delimiter`, outside double quotes, each trimmed of white space
/// and of its quotes, with the column (in bytes) where it starts.
fn split_fields(line: &[u8], delimiter: u8) -> Vec<(usize, &[u8])> {
    let mut fields = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    for (i, &b) in line.iter().enumerate() {
        if b == b'"' {
            quoted = !quoted;
        } else if b == delimiter && !quoted {
            fields.push((start, trim_field(&line[start..i])));
            start = i + 1;
        }
    }
    fields.push((start, trim_field(&line[start..])));
    fields
}

fn trim_field(field: &[u8]) -> &[u8] {
    let field = field.trim_ascii();
    field
        .strip_prefix(b"\"")
        .and_then(|f| f.strip_suffix(b"\""))
        .unwrap_or(field)
        .trim_ascii()
}

/// The cells of a field made only of cells, or `None`.
fn field_cells(field: &[u8]) -> Option<&[u8]> {
    field.iter().all(|&b| is_cell(b)).then_some(field)
}

/// The puzzle of 81 or 729 cell characters (`None` for another length), or why 729 of them are
/// no pencilmark grid; `noun` names the text in that message (`line`, `string`).
pub(super) fn whole(cells: &[u8], noun: &str) -> Option<Result<Whole, ParseErrorKind>> {
    match cells.len() {
        CELLS => Some(Ok(Whole::Cells(std::array::from_fn(|i| {
            cell_value(cells[i])
        })))),
        MAX_CELLS => {
            let values: [u8; MAX_CELLS] = std::array::from_fn(|i| cell_value(cells[i]));
            Some(pencilmarks(&values, noun).map(|marks| Whole::Marks(Box::new(marks))))
        }
        _ => None,
    }
}

/// A puzzle from a field of 81 or 729 cells.
fn whole_of(cells: &[u8]) -> Option<Kind> {
    Some(match whole(cells, "line")? {
        Ok(whole) => Kind::Whole(whole),
        Err(kind) => Kind::Bad {
            col: 1,
            kind,
            row_like: false,
        },
    })
}

/// Items of one character each (`2 3 9 e e e 4 1 e`, `5,,,2,4,,,1,7`, `X,X,5,3,...`): the
/// cells, when every item is a digit, an empty marker or empty, and the letters among them are
/// one placeholder used throughout.
fn single_items<'a>(items: impl Iterator<Item = &'a [u8]>) -> Option<Vec<u8>> {
    let mut placeholder = None;
    let mut cells = Vec::new();
    for item in items {
        let value = match item {
            [] => 0,
            [b] if is_cell(*b) => cell_value(*b),
            [b] if is_placeholder(*b) && placeholder.is_none_or(|p| p == *b) => {
                placeholder = Some(*b);
                0
            }
            _ => return None,
        };
        cells.push(value);
    }
    Some(cells)
}

/// Separated items: a row or puzzle of one-character items, or a CSV record and its puzzle.
fn separated(line: &[u8], header: Option<&Header>) -> Option<Kind> {
    let Some(delimiter) = delimiter(line) else {
        // White space only: `2 3 9 e e e 4 1 e`.
        let words = line
            .split(|&b| is_space(b) || b == b'|' || b == b'!')
            .filter(|w| !w.is_empty());
        let cells = single_items(words)?;
        return (cells.len() == 9).then(|| Kind::Row(Row::Cells(cells.try_into().expect("9"))));
    };
    let mut fields = split_fields(line, delimiter);
    // A row of one-character items is a row whatever the header says.
    if fields.len() == 10 && fields[9].1.is_empty() {
        fields.pop();
    }
    if fields.len() == 9
        || fields.len() == CELLS + 1 && fields[CELLS].1.is_empty()
        || fields.len() == CELLS
    {
        if let Some(cells) = single_items(fields.iter().take(CELLS).map(|f| f.1)) {
            return Some(match cells.len() {
                9 => Kind::Row(Row::Cells(cells.try_into().expect("9"))),
                _ => Kind::Whole(Whole::Cells(cells.try_into().expect("81"))),
            });
        }
    }
    if let Some(header) = header.filter(|h| h.delimiter == delimiter) {
        if let Some((column, name)) = &header.puzzle {
            let Some(&(_, field)) = fields.get(*column) else {
                return Some(Kind::Bad {
                    col: char_col(line, line.len()),
                    kind: ParseErrorKind::Field(format!(
                        "the record has {} fields, so no column '{name}' (field {})",
                        fields.len(),
                        column + 1
                    )),
                    row_like: false,
                });
            };
            return Some(
                field_cells(field)
                    .and_then(whole_of)
                    .unwrap_or_else(|| Kind::Bad {
                        col: char_col(line, field.as_ptr() as usize - line.as_ptr() as usize),
                        kind: ParseErrorKind::Field(describe_field(name, field)),
                        row_like: false,
                    }),
            );
        }
    }
    let skip = header.map_or(&[][..], |h| &h.skip[..]);
    let mut wholes = fields
        .iter()
        .enumerate()
        .filter(|(i, _)| !skip.contains(i))
        .filter_map(|(_, &(_, field))| {
            // A field may hold the puzzle after a prefix (`2018-06-07 PUZZLE,SOLUTION`).
            field_cells(field)
                .and_then(whole_of)
                .or_else(|| run_of_cells(field))
        });
    let first = wholes.next()?;
    // Without a header to say which column is the puzzle, a solved grid followed by a grid with
    // blanks is an answer before its puzzle (`solution,puzzle`): the puzzle is the second.
    let solved = matches!(&first, Kind::Whole(Whole::Cells(c)) if !c.contains(&0));
    if solved {
        let puzzle = wholes.find(|k| matches!(k, Kind::Whole(Whole::Cells(c)) if c.contains(&0)));
        if puzzle.is_some() {
            return puzzle;
        }
        // A solved grid beside a field that looks like a damaged puzzle may be its answer: the
        // line is not read as that answer.
        let cellish = |f: &&(usize, &[u8])| {
            f.1.iter()
                .filter(|b| b.is_ascii_digit() || **b == b'.')
                .count()
                >= 40
                && !f.1.iter().all(|&b| matches!(b, b'1'..=b'9'))
        };
        if fields.iter().any(|f| cellish(&f)) {
            return None;
        }
    }
    Some(first)
}

fn describe_field(name: &str, field: &[u8]) -> String {
    match field_cells(field) {
        Some(cells) => format!(
            "column '{name}' holds {} cells; a puzzle needs 81",
            cells.len()
        ),
        None => {
            let at = field.iter().position(|&b| !is_cell(b)).unwrap_or(0);
            let what = describe_char(field, at);
            format!(
                "column '{name}' holds {what} at place {}, which is not a cell",
                at + 1
            )
        }
    }
}

/// The runs of exactly 81 (or 729) cells inside other text, each set off by characters that are
/// not letters or digits, as `(start, cells)`. Runs are of digits, `.` and `_`; when that finds
/// fewer than two, `-` counts as an empty cell too (a puzzle written with dashes after a dated
/// prefix), if that finds more.
fn runs_of_cells(line: &[u8]) -> Vec<(usize, &[u8])> {
    let runs = |dash: bool| {
        let is_run = |b: u8| b.is_ascii_digit() || matches!(b, b'.' | b'_') || dash && b == b'-';
        let mut found = Vec::new();
        let mut i = 0;
        while i < line.len() {
            if !is_run(line[i]) {
                i += 1;
                continue;
            }
            let start = i;
            while i < line.len() && is_run(line[i]) {
                i += 1;
            }
            let bounded = (start == 0 || !line[start - 1].is_ascii_alphanumeric())
                && (i == line.len() || !line[i].is_ascii_alphanumeric());
            if bounded && matches!(i - start, CELLS | MAX_CELLS) {
                found.push((start, &line[start..i]));
            }
        }
        found
    };
    let found = runs(false);
    if found.len() >= 2 {
        return found;
    }
    let dashed = runs(true);
    if dashed.len() > found.len() {
        dashed
    } else {
        found
    }
}

/// Whether `full`, a solved grid of 81 cells, keeps every given of `puzzle` (81 cells).
fn solves(full: &[u8], puzzle: &[u8]) -> bool {
    full.iter()
        .zip(puzzle)
        .all(|(&f, &p)| cell_value(p) == 0 || cell_value(p) == cell_value(f))
}

/// Of two runs of 81 cells, the one that is a puzzle when the other is its solution (a solved
/// grid keeping every given of the other, which has empty cells): a line that pairs a puzzle
/// with its answer, in either order, is the puzzle, never the answer.
fn pair<'a>(a: &'a [u8], b: &'a [u8]) -> Option<&'a [u8]> {
    let blanks = |r: &[u8]| r.iter().any(|&c| cell_value(c) == 0);
    if a.len() != CELLS || b.len() != CELLS {
        return None;
    }
    match (blanks(a), blanks(b)) {
        (false, true) if solves(a, b) => Some(b),
        (true, false) if solves(b, a) => Some(a),
        _ => None,
    }
}

/// A line holding exactly two runs of 81 cells, a puzzle and its solution (`SOLUTION PUZZLE`,
/// `DATE PUZZLE SOLUTION`): the puzzle.
fn paired_runs(line: &[u8]) -> Option<Kind> {
    match runs_of_cells(line).as_slice() {
        [(_, a), (_, b)] => whole_of(pair(a, b)?),
        _ => None,
    }
}

/// The run of exactly 81 (or 729) cells inside other text, set off by characters that are not
/// letters or digits (`Simple String: 0040078...`, `<game data='...' />`, a dated line
/// `2018-06-07 PUZZLE SOLUTION`). A line with two such runs is a puzzle and its solution when
/// one solves the other (then the puzzle); otherwise it is ambiguous (a puzzle and something
/// else joined by a damaged separator): none.
fn run_of_cells(line: &[u8]) -> Option<Kind> {
    // Control characters (`\v`, `\f`, NUL) set off nothing: such a line is an error at them,
    // never a puzzle with the rest ignored.
    if line.iter().any(|&b| b.is_ascii_control() && b != b'\t') {
        return None;
    }
    match runs_of_cells(line).as_slice() {
        [(_, run)] => {
            // A solved grid beside much else that looks like cells may be the answer of a
            // puzzle damaged beyond reading (`DATE PUZ@ZLE SOLUTION`): never taken alone.
            let cellish = |b: &u8| b.is_ascii_digit() || *b == b'.';
            let solved = run.iter().all(|&b| matches!(b, b'1'..=b'9'));
            let others = line.iter().filter(|b| cellish(b)).count()
                - run.iter().filter(|b| cellish(b)).count();
            if solved && others >= 40 {
                return None;
            }
            whole_of(run)
        }
        [(_, a), (_, b)] => whole_of(pair(a, b)?),
        _ => None,
    }
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

fn non_blank_len(line: &[u8]) -> usize {
    line.iter().filter(|b| !is_space(**b)).count()
}

/// How a character is shown in a message: itself, or its escape and code point when it would
/// be invisible.
pub(super) fn show_char(ch: char) -> String {
    if ch == '\u{feff}' {
        "U+FEFF (a byte-order mark)".to_string()
    } else if ch.is_control() || ch.is_whitespace() && ch != ' ' || is_format(ch) {
        format!("'{}' (U+{:04X})", ch.escape_debug(), ch as u32)
    } else {
        format!("'{ch}'")
    }
}

/// Invisible formatting characters (zero-width, bidirectional controls).
fn is_format(ch: char) -> bool {
    matches!(ch, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}')
}

/// The column (1-based, in characters) of byte `i` of `line`.
pub(super) fn char_col(line: &[u8], i: usize) -> usize {
    1 + line[..i].iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// The character at byte `i` of `line`, as an error message shows it (`'x'`, `'\t' (U+0009)`,
/// or the invalid byte).
pub(super) fn describe_char(line: &[u8], i: usize) -> String {
    match bad_char(line, i).1 {
        ParseErrorKind::UnexpectedChar(c) => show_char(c),
        other => other.to_string(),
    }
}

/// The error for the character at byte `i`: unexpected, or not UTF-8. The column counts
/// characters.
pub(super) fn bad_char(line: &[u8], i: usize) -> (usize, ParseErrorKind) {
    let col = char_col(line, i);
    let kind = match line[i..].utf8_chunks().next() {
        Some(chunk) if !chunk.valid().is_empty() => {
            ParseErrorKind::UnexpectedChar(chunk.valid().chars().next().expect("non-empty"))
        }
        Some(chunk) => ParseErrorKind::InvalidUtf8(chunk.invalid()[0]),
        None => ParseErrorKind::UnexpectedChar('\0'),
    };
    (col, kind)
}
