//! Puzzles among other text: fixed-width lines, separated fields (CSV records and comma rows),
//! a run of 81 cells inside a longer line (paired with its solution, or after a date), and
//! HoDoKu library lines.

use super::chars::{cell_value, char_col, describe_char, is_cell, is_placeholder, is_space};
use super::fields::{delimiter, field_cells, split_fields, Header};
use super::kind::{LineKind, Row, Whole};
use super::pencil::pencilmarks;
use super::{ParseErrorKind, CELLS, MAX_CELLS};

/// A line of exactly 9 or 81 characters of digits and spaces, where a space is an empty cell
/// (`  625  71`). A row written `5 3 8 1 7` (cells at every other place) is not read this way:
/// that is a spaced row that lost cells.
pub(super) fn fixed_width(line: &[u8]) -> Option<LineKind> {
    // A tab after the 81st character sets off text, as after any other puzzle line (`PUZZLE\tSE
    // 9.2`); the puzzle's own spaces are its empty cells.
    let line = match line.get(CELLS) {
        Some(b'\t') => &line[..CELLS],
        _ => line,
    };
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
        LineKind::Row(Row::Cells(cells.try_into().expect("9 cells")))
    } else {
        LineKind::Whole(Whole::Cells(cells.try_into().expect("81 cells")))
    })
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
pub(super) fn whole_of(cells: &[u8]) -> Option<LineKind> {
    Some(match whole(cells, "line")? {
        Ok(whole) => LineKind::Whole(whole),
        Err(kind) => LineKind::Bad {
            col: 1,
            kind,
            row_like: false,
        },
    })
}

/// Items of one character each (`2 3 9 e e e 4 1 e`, `5,,,2,4,,,1,7`, `X,X,5,3,...`): the
/// cells, when every item is a digit, an empty marker or empty, and the letters among them are
/// one placeholder used throughout.
pub(super) fn single_items<'a>(items: impl Iterator<Item = &'a [u8]>) -> Option<Vec<u8>> {
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

/// The runs of exactly 81 (or 729) cells inside other text, each set off by characters that are
/// not letters or digits, as `(start, cells)`. Runs are of digits, `.` and `_`; when that finds
/// fewer than two, `-` counts as an empty cell too (a puzzle written with dashes after a dated
/// prefix), if that finds more.
pub(super) fn runs_of_cells(line: &[u8]) -> Vec<(usize, &[u8])> {
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
pub(super) fn solves(full: &[u8], puzzle: &[u8]) -> bool {
    full.iter()
        .zip(puzzle)
        .all(|(&f, &p)| cell_value(p) == 0 || cell_value(p) == cell_value(f))
}

/// Of two runs of 81 cells, the one that is a puzzle when the other is its solution (a solved
/// grid keeping every given of the other, which has empty cells): a line that pairs a puzzle
/// with its solution, in either order, is the puzzle, never the solution.
pub(super) fn pair<'a>(a: &'a [u8], b: &'a [u8]) -> Option<&'a [u8]> {
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
pub(super) fn paired_runs(line: &[u8]) -> Option<LineKind> {
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
pub(super) fn run_of_cells(line: &[u8]) -> Option<LineKind> {
    // Control characters (`\v`, `\f`, NUL) set off nothing: such a line is an error at them,
    // never a puzzle with the rest ignored.
    if line.iter().any(|&b| b.is_ascii_control() && b != b'\t') {
        return None;
    }
    match runs_of_cells(line).as_slice() {
        [(_, run)] => {
            // A solved grid beside much else that looks like cells may be the solution of a
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

/// Separated items: a row or puzzle of one-character items, or a CSV record and its puzzle.
pub(super) fn separated(line: &[u8], header: Option<&Header>) -> Option<LineKind> {
    let line = string_closed(line);
    let Some(delimiter) = delimiter(line) else {
        // White space only: `2 3 9 e e e 4 1 e`.
        let words = line
            .split(|&b| is_space(b) || b == b'|' || b == b'!')
            .filter(|w| !w.is_empty());
        let cells = single_items(words)?;
        return (cells.len() == 9).then(|| LineKind::Row(Row::Cells(cells.try_into().expect("9"))));
    };
    let mut fields = split_fields(line, delimiter);
    // A row of one-character items is a row whatever the header says.
    if fields.len() == 10 && fields[9].1.is_empty() {
        fields.pop();
    }
    // 81 cells and a few more fields that are no cells (a level, a rating, a count of clues):
    // the puzzle, and what is said of it.
    let described = (CELLS + 1..=CELLS + 3).contains(&fields.len())
        && fields[CELLS..]
            .iter()
            .all(|f| f.1.len() > 1 || f.1.first().is_some_and(|b| !is_cell(*b)));
    if fields.len() == 9
        || fields.len() == CELLS + 1 && fields[CELLS].1.is_empty()
        || fields.len() == CELLS
        || described
    {
        if let Some(cells) = single_items(fields.iter().take(CELLS).map(|f| f.1)) {
            return Some(match cells.len() {
                9 => LineKind::Row(Row::Cells(cells.try_into().expect("9"))),
                _ => LineKind::Whole(Whole::Cells(cells.try_into().expect("81"))),
            });
        }
    }
    if let Some(header) = header.filter(|h| h.delimiter == delimiter) {
        if let Some((column, name)) = &header.puzzle {
            let Some(&(_, field)) = fields.get(*column) else {
                return Some(LineKind::Bad {
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
                    .unwrap_or_else(|| LineKind::Bad {
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
    // blanks is a solution before its puzzle (`solution,puzzle`): the puzzle is the second.
    let solved = matches!(&first, LineKind::Whole(Whole::Cells(c)) if !c.contains(&0));
    if solved {
        let puzzle =
            wholes.find(|k| matches!(k, LineKind::Whole(Whole::Cells(c)) if c.contains(&0)));
        if puzzle.is_some() {
            return puzzle;
        }
        // A solved grid beside a field that looks like a damaged puzzle may be its solution: the
        // line is not read as that solution.
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

pub(super) fn describe_field(name: &str, field: &[u8]) -> String {
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

/// Whether a line may be the rest of a record whose quoted field is still open: it closes the
/// field (an odd number of quotes), or it has no quote and no puzzle of its own.
pub(super) fn continues_record(line: &[u8]) -> bool {
    match line.iter().filter(|&&b| b == b'"').count() {
        0 => runs_of_cells(line).is_empty(),
        n => n % 2 == 1,
    }
}

/// A line of HoDoKu's test library, `:0604:1:75.+98+2.+3...:132 438 468:174:`: technique,
/// candidates, the grid (81 cells; `+` marks a placed digit), then candidates deleted from it as
/// `<digit><row><column>`. The puzzle is the pencilmark grid that makes: every cell's candidates
/// are the digits its filled peers leave, less the deleted ones.
pub(super) fn hodoku_library(line: &[u8]) -> Option<LineKind> {
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
    Some(LineKind::Whole(Whole::Marks(Box::new(masks))))
}

/// The first or last row of a board written in a string literal over several lines (`let s =
/// " , , ,1, ,4,5`, `2,4, , ,3, , ,1";`): the line without the quote that opens the string and
/// what comes before it (a name and `=`, `(` or `:`), or without the quote that closes it and
/// what follows it (`;`, `,`, `)`), when that quote is the only one on the line.
fn string_closed(line: &[u8]) -> &[u8] {
    let end = line.trim_ascii_end();
    let tail = end
        .iter()
        .rposition(|&b| !matches!(b, b';' | b',' | b')'))
        .map_or(end, |i| &end[..=i]);
    let lone = |q: u8| line.iter().filter(|&&b| b == q).count() == 1;
    match tail.last() {
        Some(&q @ (b'"' | b'\'')) if lone(q) => return &tail[..tail.len() - 1],
        _ => {}
    }
    let Some(at) = line.iter().position(|&b| b == b'"' || b == b'\'') else {
        return line;
    };
    let opened = line[..at]
        .trim_ascii_end()
        .last()
        .is_some_and(|b| matches!(b, b'=' | b'(' | b':'));
    if opened && lone(line[at]) {
        &line[at + 1..]
    } else {
        line
    }
}
