//! The recognisers [`super::RECOGNISERS`] tries in order: each knows one kind of line and says
//! nothing (`None`) of any other, leaving it to the recognisers after it. What one of them
//! declines may still be read by a later one (a `{` line of code, not JSON, may hold a board
//! literal), so a recogniser only decides for the lines it is sure of.

use super::super::chars::{is_space, non_blank_len};
use super::super::fields::Header;
use super::super::json::code_not_json;
use super::super::kind::{Context, LineKind, Row, Whole};
use super::super::literal::{self, Literal};
use super::super::pencil::{braced_row, candidate_row, pencilmarks};
use super::super::rows;
use super::super::runs::{fixed_width, hodoku_library, paired_runs, run_of_cells, separated};
use super::super::{ParseErrorKind, CELLS, MAX_CELLS};
use super::{
    assignment, classify, holds_cells, is_count, is_label, list_row_kind, literal_kind, separator,
    side_by_side, solution_key, Look,
};

/// A line of white space only, or of only commas and semicolons (what is left between two JSON
/// values, or of an empty CSV record) unless it is a row of 9 (or 81) empty fields: it
/// separates as a blank line does.
pub(super) fn blank(look: &Look) -> Option<LineKind> {
    if look.first == look.line.len() {
        return Some(LineKind::Blank);
    }
    let line = look.line;
    if line.iter().all(|&b| is_space(b) || b == b',' || b == b';') {
        let fields = 1 + line.iter().filter(|&&b| b == b',' || b == b';').count();
        if !matches!(fields, 9 | 10 | CELLS | 82) {
            return Some(LineKind::Blank);
        }
    }
    None
}

/// A Markdown code fence (```` ``` ````, `~~~`, with a language after it) sets off code: no
/// puzzle, no error, and no label for the puzzle after it.
pub(super) fn fence(look: &Look) -> Option<LineKind> {
    let text = &look.line[look.first..];
    (text.starts_with(b"```") || text.starts_with(b"~~~")).then(|| LineKind::Noise {
        col: look.first + 1,
        kind: ParseErrorKind::UnexpectedChar(look.line[look.first] as char),
    })
}

/// A comment: a line whose first character is `#`.
pub(super) fn comment(look: &Look) -> Option<LineKind> {
    (look.line[look.first] == b'#').then_some(LineKind::Comment)
}

/// A line that opens with `{`: a row of candidates in braces (`{159}{569}4{169}...`), a row of
/// quoted cells in braces with no key (`{'5','3','.',...},`, LeetCode's board of characters),
/// or a JSON value, unless it is code (whose board, if it writes one, a later recogniser reads).
pub(super) fn braced(look: &Look) -> Option<LineKind> {
    let (line, first) = (look.line, look.first);
    if line[first] != b'{' {
        return None;
    }
    if let Some(marks) = braced_row(line) {
        return Some(LineKind::Row(Row::Marks(marks)));
    }
    if !line.contains(&b':') {
        if let Some(lit @ (Literal::Rows(_) | Literal::Whole(_))) = literal::read(line) {
            return Some(literal_kind(line, lit));
        }
    }
    (!code_not_json(line, first)).then_some(LineKind::Json {
        at: first,
        solution: false,
    })
}

/// A line that opens with `[`: a row printed as a list (`[5, 3, 0, 0, 7, 0, 0, 0, 0]`), or a
/// JSON value, unless it is code.
pub(super) fn bracketed(look: &Look) -> Option<LineKind> {
    let (line, first) = (look.line, look.first);
    if line[first] != b'[' {
        return None;
    }
    if let Some(row) = rows::list_row(line) {
        return Some(list_row_kind(line, row));
    }
    (!code_not_json(line, first)).then_some(LineKind::Json {
        at: first,
        solution: false,
    })
}

/// A YAML flow item holding a row: `- [ null, 6, ... ]`.
pub(super) fn yaml_item(look: &Look) -> Option<LineKind> {
    let (line, first) = (look.line, look.first);
    if line[first] != b'-' || line[first + 1..].trim_ascii_start().first() != Some(&b'[') {
        return None;
    }
    rows::list_row(line).map(|row| list_row_kind(line, row))
}

/// A line of a HoDoKu library (`:0000:x:...`).
pub(super) fn hodoku(look: &Look) -> Option<LineKind> {
    if look.line[look.first] != b':' {
        return None;
    }
    hodoku_library(look.line)
}

/// A JSON value after a name and `=` or `:` (`board = [[...`, `"puzzle": [`), a solution's when
/// the name says so.
pub(super) fn assigned_json(look: &Look) -> Option<LineKind> {
    let (at, solution) = assignment(look.line)?;
    (!code_not_json(look.line, at)).then_some(LineKind::Json { at, solution })
}

/// A solution under its name (`solution: "534678..."`), or the name alone (`Solution:`), which
/// makes the puzzle after it a solution.
pub(super) fn solution(look: &Look) -> Option<LineKind> {
    let rest = solution_key(look.line)?;
    Some(if rest.trim_ascii().is_empty() {
        LineKind::SolutionLabel
    } else {
        LineKind::Solution
    })
}

/// A line drawn between bands or grids (`------+------`, `=========`).
pub(super) fn drawn(look: &Look) -> Option<LineKind> {
    separator(look.line).map(|rule| LineKind::Separator { rule })
}

/// Rows cut by `;` (`5 3 0 0 7 0 0 0 0; 6 0 0 ...`, a matrix in code).
pub(super) fn semicolon_rows(look: &Look) -> Option<LineKind> {
    if !look.line.contains(&b';') {
        return None;
    }
    literal::semicolon_rows(look.line).map(|rows| literal_kind(look.line, Literal::Rows(rows)))
}

/// Separated items, when the line has a `,` or `;`: a CSV record's first field may scan as 9
/// cells (an id), and a comma row `5,3,0,...` stops the plain scan at its first comma, so these
/// come before the scan.
pub(super) fn delimited(look: &Look) -> Option<LineKind> {
    if !look.delimited {
        return None;
    }
    separated(look.line, look.ctx.header)
}

/// The cells of the whole line, by the plain scan: 81 a puzzle (nine words of candidates that
/// add up to 81 digits are a row; a solved grid followed by the puzzle it solves is that
/// puzzle), 729 a pencilmark puzzle, 9 a grid row.
pub(super) fn scanned(look: &Look) -> Option<LineKind> {
    let Ok(scan) = look.scan() else {
        return None;
    };
    match scan.count {
        CELLS => {
            if let Some(marks) = candidate_row(look.line) {
                return Some(LineKind::Row(Row::Marks(marks)));
            }
            let cells: [u8; CELLS] = scan.cells[..CELLS].try_into().expect("81 cells");
            if !cells.contains(&0) {
                if let Some(kind) = paired_runs(look.line) {
                    return Some(kind);
                }
            }
            Some(LineKind::Whole(Whole::Cells(cells)))
        }
        MAX_CELLS => Some(match pencilmarks(&scan.cells, "line") {
            Ok(marks) => LineKind::Whole(Whole::Marks(Box::new(marks))),
            Err(kind) => LineKind::Bad {
                col: 1,
                kind,
                row_like: false,
            },
        }),
        9 => {
            let cells = scan.cells[..9].try_into().expect("9 cells");
            Some(LineKind::Row(Row::Cells(cells)))
        }
        _ => None,
    }
}

/// A row of 9 candidate sets (`19 7 169 | 2 156 3 | ...`).
pub(super) fn candidates(look: &Look) -> Option<LineKind> {
    candidate_row(look.line).map(|marks| LineKind::Row(Row::Marks(marks)))
}

/// A fixed-width line of exactly 9 or 81 characters where a space is an empty cell.
pub(super) fn fixed(look: &Look) -> Option<LineKind> {
    fixed_width(look.line)
}

/// Separated items with no `,` or `;` (tabs, `|`): a line with either was tried before the scan.
pub(super) fn undelimited(look: &Look) -> Option<LineKind> {
    if look.delimited {
        return None;
    }
    separated(look.line, look.ctx.header)
}

/// Spaces for empty cells with `|` between boxes or cells (`5 3   | 7 ...`).
pub(super) fn piped(look: &Look) -> Option<LineKind> {
    rows::piped_row(look.line).map(|cells| LineKind::Row(Row::Cells(cells)))
}

/// Cells packed with one placeholder letter for the empty ones (`x1xxx6xxx`): a row of 9, or a
/// whole puzzle of 81.
pub(super) fn placeholders(look: &Look) -> Option<LineKind> {
    let cells = rows::packed_placeholders(look.line)?;
    Some(match cells.len() {
        9 => LineKind::Row(Row::Cells(cells.try_into().expect("9 cells"))),
        _ => LineKind::Whole(Whole::Cells(cells.try_into().expect("81 cells"))),
    })
}

/// A run of exactly 81 (or 729) cells set off inside other text (`Simple String: 0040078...`,
/// `2018-06-07 PUZZLE SOLUTION`).
pub(super) fn run(look: &Look) -> Option<LineKind> {
    run_of_cells(look.line)
}

/// A grid row with a label before it (`A  5 3 . | ...`, `r1: ...`). A row has one label: the
/// rest is classified once more with no second label taken, so a line of labels (`A A A ...`)
/// is one pass rather than one nested call a label.
pub(super) fn labelled_row(look: &Look) -> Option<LineKind> {
    if look.ctx.labelled {
        return None;
    }
    let rest = rows::row_label(look.line)?;
    let plain = Context {
        header: None,
        first_line: false,
        labelled: true,
    };
    match classify(rest, &plain) {
        LineKind::Row(row) => Some(LineKind::LabelledRow(row)),
        _ => None,
    }
}

/// A board written as a literal in code or markup (brackets, braces, calls, strings).
pub(super) fn code_literal(look: &Look) -> Option<LineKind> {
    let line = look.line;
    if !line
        .iter()
        .any(|b| matches!(b, b'[' | b']' | b'{' | b'}' | b'(' | b')' | b'"' | b'\''))
    {
        return None;
    }
    literal::read(line).map(|l| literal_kind(line, l))
}

/// Rows of grids drawn side by side (`53..7....   534678912`).
pub(super) fn side_rows(look: &Look) -> Option<LineKind> {
    side_by_side(look.line).map(LineKind::SideBySide)
}

/// A lone number: on the first line, how many puzzles follow; later, the name of the grid
/// after it (or a damaged row).
pub(super) fn number(look: &Look) -> Option<LineKind> {
    let line = look.line;
    if !is_count(line) {
        return None;
    }
    if look.ctx.first_line {
        return Some(LineKind::Count);
    }
    let text = line.trim_ascii();
    let start = line.len() - line.trim_ascii_start().len();
    Some(LineKind::Number {
        label: String::from_utf8_lossy(text).into(),
        col: start + text.len() + 1,
        kind: ParseErrorKind::RowLength(text.len()),
    })
}

/// A label: a line of text not shaped like a damaged row or puzzle line (a CSV header among
/// them).
pub(super) fn label(look: &Look) -> Option<LineKind> {
    is_label(look.line).then(|| LineKind::Label {
        header: Header::parse(look.line),
    })
}

/// What no recogniser knew: noise when it holds no cells, else an error at the first character
/// that does not fit (or where the count of cells goes wrong), `row_like` when it is short
/// enough to be a damaged grid row.
pub(super) fn damaged(look: Look) -> LineKind {
    let line = look.line;
    let short = non_blank_len(line) <= 40;
    let noise = !holds_cells(line);
    let scan = match look.into_scan() {
        Err((col, kind)) if noise => return LineKind::Noise { col, kind },
        Err((col, kind)) => {
            return LineKind::Bad {
                col,
                kind,
                row_like: short,
            }
        }
        Ok(scan) => scan,
    };
    let n = scan.count;
    if noise {
        return LineKind::Noise {
            col: scan.end_col as usize,
            kind: ParseErrorKind::RowLength(n),
        };
    }
    let (kind, col, row_like) = if n <= 45 {
        let col = if n > 9 { scan.cols[9] } else { scan.end_col };
        (ParseErrorKind::RowLength(n), col, true)
    } else if (MAX_CELLS - CELLS..=MAX_CELLS + CELLS).contains(&n) {
        // Within a row's worth of a pencilmark line's 729: at its end when short, at the 730th
        // cell when long.
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
    LineKind::Bad {
        col: col as usize,
        kind,
        row_like,
    }
}
