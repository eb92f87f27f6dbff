//! Grid rows as people write them beyond the plain forms of `classify.rs`, each read from one line:
//!
//! - spaces for empty cells with `|` between boxes (`5 3   |   7   |      `), and rows drawn as a
//!   lattice with `|` between every cell (`| 5 | 3 |   |   | 7 |   |   |   |   |`);
//! - one list per line, as a program prints a board row by row (`[5, 3, 0, 0, 7, 0, 0, 0, 0]`,
//!   `[null, 6, null, ...]`, `['5', '.', ...]`, `[5 3 0 ...]`), also as a YAML flow item
//!   (`- [ null, 6, ... ]`);
//! - cells packed with a placeholder letter for the empty ones (`x1xxx6xxx`, or 81 of them);
//! - band lines drawn with spaced dashes (`- - - - - - - - - - -`, `- - - + - - - + - - -`);
//! - box-drawing characters (`║ │ ─ ┼ ╔ ═`), which [`unbox`] turns into their ASCII forms
//!   (`|`, `-`, `=`, `+`) before a line is classified, keeping every character's column.

use super::chars::{cell_value, is_cell, is_placeholder};
use super::CELLS;

/// A box-drawing character (U+2500 to U+257F) as the ASCII character that draws the same line:
/// `|` for a vertical line, `-` for a horizontal one, `=` for a double horizontal one, `+` for
/// every corner, tee and cross.
fn box_ascii(c: char) -> Option<u8> {
    Some(match c {
        '─' | '━' | '┄' | '┅' | '┈' | '┉' | '╌' | '╍' | '╴' | '╶' | '╸' | '╺' | '╼' | '╾' => {
            b'-'
        }
        '═' => b'=',
        '│' | '┃' | '┆' | '┇' | '┊' | '┋' | '╎' | '╏' | '║' | '╵' | '╷' | '╹' | '╻' | '╽' | '╿' => {
            b'|'
        }
        '\u{2500}'..='\u{257f}' => b'+',
        _ => return None,
    })
}

/// The line with its box-drawing characters in ASCII (one byte for each, so a character's
/// column is unchanged), or `None` when it has none. Every box-drawing character is encoded as
/// `E2 94 xx` or `E2 95 xx`.
pub(super) fn unbox(line: &[u8]) -> Option<Vec<u8>> {
    let first = memchr::memchr(0xE2, line)?;
    let mut out = Vec::with_capacity(line.len());
    out.extend_from_slice(&line[..first]);
    let mut found = false;
    let mut i = first;
    while i < line.len() {
        if line[i] == 0xE2 && i + 2 < line.len() && matches!(line[i + 1], 0x94 | 0x95) {
            if let Some(c) = std::str::from_utf8(&line[i..i + 3])
                .ok()
                .and_then(|s| s.chars().next())
            {
                if let Some(ascii) = box_ascii(c) {
                    out.push(ascii);
                    found = true;
                    i += 3;
                    continue;
                }
            }
        }
        out.push(line[i]);
        i += 1;
    }
    found.then_some(out)
}

/// Whether a line of only separator characters (`-`, `+`, `|`, `.`, `=`, spaces, ...) draws a
/// band line rather than a row of empty cells: it has `+`, or its `-` and `.` are not 9 or 81
/// cells (`- - - - - - - - - - -` is 11). `. . . | . . . | . . .` and `- - - - - - - - -` stay
/// rows.
pub(super) fn spaced_rule(line: &[u8]) -> bool {
    let cells = line.iter().filter(|&&b| matches!(b, b'-' | b'.')).count();
    let dashes = line.iter().filter(|&&b| b == b'-').count();
    dashes >= 3 && (line.contains(&b'+') || !matches!(cells, 9 | CELLS))
}

/// A row written with `|` between boxes (3 boxes of 3 cells, spaces for empty cells) or between
/// every cell (9 cells, a lattice), with or without a `|` border at either end. Only cells,
/// spaces, `|` and one placeholder letter may appear.
pub(super) fn piped_row(line: &[u8]) -> Option<[u8; 9]> {
    if !line.contains(&b'|') {
        return None;
    }
    // The LaTeX `sudoku` package ends each row with `|.`: the `.` ends the row, it is no cell.
    let trimmed = line.trim_ascii();
    let line = match trimmed.strip_suffix(b"|.") {
        Some(row) if row.first() == Some(&b'|') => &trimmed[..row.len() + 1],
        _ => line,
    };
    let mut placeholder = None;
    for &b in line {
        if is_cell(b) || b == b' ' || b == b'|' {
            continue;
        }
        if is_placeholder(b) && placeholder.is_none_or(|p| p == b) {
            placeholder = Some(b);
            continue;
        }
        return None;
    }
    let value = |b: u8| {
        if Some(b) == placeholder {
            0
        } else {
            cell_value(b)
        }
    };
    // The row between its borders, if it has them.
    let (mut from, mut to) = (0, line.len());
    let pipes: Vec<usize> = (0..line.len()).filter(|&i| line[i] == b'|').collect();
    let blank = |a: usize, b: usize| line[a..b].iter().all(|&c| c == b' ');
    let mut inner: &[usize] = &pipes;
    if let [first, rest @ ..] = inner {
        if blank(0, *first) && matches!(pipes.len(), 4 | 10)
            || pipes.len() == 11
            || pipes.len() == 5
        {
            from = first + 1;
            inner = rest;
        }
    }
    if let [rest @ .., last] = inner {
        if matches!(inner.len(), 3 | 9) && blank(last + 1, line.len()) {
            to = *last;
            inner = rest;
        }
    }
    let row = &line[from..to];
    let inner: Vec<usize> = inner.iter().map(|&p| p - from).collect();
    let cells = match inner.len() {
        8 => lattice(row, &inner)?,
        2 => boxed(row, inner[0], inner[1])?,
        _ => return None,
    };
    Some(cells.map(value))
}

/// A lattice row, `| 5 | 3 |   | ...`: one cell (or a space) between every two `|`.
fn lattice(row: &[u8], pipes: &[usize]) -> Option<[u8; 9]> {
    let mut out = [b' '; 9];
    let mut start = 0;
    for (k, end) in pipes.iter().copied().chain([row.len()]).enumerate() {
        match row[start..end].trim_ascii() {
            [] => {}
            [b] => out[k] = *b,
            _ => return None,
        }
        start = end + 1;
    }
    Some(out)
}

/// A row of three boxes between `|` at `p1` and `p2`, spaces for empty cells. The middle box,
/// never trimmed, says how the boxes are drawn: its three cells `s` places apart (`ccc`,
/// `c c c`), with `l` spaces before them and `r` after; the first box is drawn the same way up
/// to the first `|`, the last from the second `|` (its trailing spaces may be trimmed). Every
/// character that is not a space must stand on a cell; of the drawings that allow that, cells
/// two places apart are taken first, then one, then three, each with the most even padding.
fn boxed(row: &[u8], p1: usize, p2: usize) -> Option<[u8; 9]> {
    let width = p2 - p1 - 1;
    let marks: Vec<usize> = (0..row.len())
        .filter(|&i| row[i] != b' ' && row[i] != b'|')
        .collect();
    for s in [2, 1, 3] {
        // Paddings that fill the middle box, the most even first.
        let mut pads: Vec<(usize, usize)> = (0..=width)
            .filter_map(|l| Some((l, width.checked_sub(l + 2 * s + 1)?)))
            .collect();
        pads.sort_by_key(|&(l, r)| (l.abs_diff(r), l));
        for (l, r) in pads {
            if p1 < 1 + r + 2 * s {
                continue;
            }
            let first = p1 - 1 - r - 2 * s;
            let places: [usize; 9] = std::array::from_fn(|k| {
                let (start, j) = match k / 3 {
                    0 => (first, k),
                    1 => (p1 + 1 + l, k - 3),
                    _ => (p2 + 1 + l, k - 6),
                };
                start + j * s
            });
            if marks.iter().all(|m| places.contains(m)) {
                return Some(places.map(|i| row.get(i).copied().unwrap_or(b' ')));
            }
        }
    }
    None
}

/// A row written as a list on one line, as a program prints a board row by row:
/// `[5, 3, 0, 0, 7, 0, 0, 0, 0]`, `[null, 6, ...]`, `['5', '.', ...]`, `["", "3", ...]`,
/// numpy's `[5 3 0 0 7 0 0 0 0]` (printed with `-` for empty, the first row after the board's
/// own bracket `[[5 3 - ...]`, the last closing the board and a call `... 7, 9]])`), with a
/// trailing comma or as a YAML flow item (`- [ null, 6, ... ]`). Exactly 9 items, each a digit, `null`, `None`, `~` or a quoted cell.
/// A list of 9 items of which a few are not cells is a damaged row: `Err` with the byte of the
/// first bad item.
pub(super) fn list_row(line: &[u8]) -> Option<Result<[u8; 9], usize>> {
    let mut text = line.trim_ascii();
    if let Some(rest) = text.strip_prefix(b"-") {
        text = rest.trim_ascii_start();
    }
    let text = strip_comment(text);
    let mut text = text.strip_suffix(b",").unwrap_or(text).trim_ascii_end();
    // The last row may close the board and the call around it: numpy's `... 7, 9]])`.
    let closed = text.trim_ascii_end().strip_suffix(b";").unwrap_or(text);
    let closed = closed.trim_ascii_end().strip_suffix(b")").unwrap_or(closed);
    if closed.ends_with(b"]]") && !text.starts_with(b"[[") {
        text = closed.trim_ascii_end();
        while text.ends_with(b"]]") {
            text = &text[..text.len() - 1];
        }
    }
    // numpy prints a board's first row after the board's own bracket: `[[1 4 9 5 - 7 8 2 3]`.
    if text.starts_with(b"[[") && !text.ends_with(b"]]") && !text.contains(&b',') {
        text = &text[1..];
    }
    let inner = text.strip_prefix(b"[")?.strip_suffix(b"]")?;
    if inner.contains(&b'[') || inner.contains(&b']') {
        return None;
    }
    let commas = inner.contains(&b',');
    let items: Vec<&[u8]> = if commas {
        inner
            .split(|&b| b == b',')
            .map(<[u8]>::trim_ascii)
            .collect()
    } else {
        inner
            .split(|&b| b == b' ' || b == b'\t')
            .filter(|w| !w.is_empty())
            .collect()
    };
    if items.len() != 9 {
        return None;
    }
    let value = |item: &[u8]| match item {
        b"null" | b"None" | b"~" | b"nil" => Some(0),
        [d] if is_cell(*d) => Some(cell_value(*d)),
        [q, rest @ .., e] if matches!(q, b'"' | b'\'') && q == e => match rest.trim_ascii() {
            [] => Some(0),
            [b] if is_cell(*b) => Some(cell_value(*b)),
            _ => None,
        },
        _ => None,
    };
    let mut row = [0u8; 9];
    let mut bad = None;
    let mut good = 0;
    for (cell, item) in row.iter_mut().zip(&items) {
        match value(item) {
            Some(v) => {
                *cell = v;
                good += 1;
            }
            None => {
                bad.get_or_insert(item.as_ptr() as usize - line.as_ptr() as usize);
            }
        }
    }
    match bad {
        None => Some(Ok(row)),
        // Two thirds good: a row with a damaged cell, not some other list.
        Some(at) if 3 * good >= 2 * 9 => Some(Err(at)),
        Some(_) => None,
    }
}

/// A row with a label before it, as a grid with row and column labels draws it: a letter `A`-`I`
/// (either case) or `R1`-`R9` set off by white space, `|` or `:`, or a digit `1`-`9` set off by
/// `|`, `:` or `)`. `classify` reads the rest, which must be a row.
pub(super) fn row_label(line: &[u8]) -> Option<&[u8]> {
    let rest = match line.trim_ascii_start() {
        [l, rest @ ..] if matches!(l.to_ascii_uppercase(), b'A'..=b'I') => rest,
        [r, d, rest @ ..] if matches!(r, b'R' | b'r') && matches!(d, b'1'..=b'9') => rest,
        [b'1'..=b'9', rest @ ..] => {
            return matches!(rest.first(), Some(b'|' | b':' | b')')).then(|| &rest[1..]);
        }
        _ => return None,
    };
    match rest.first() {
        Some(b' ' | b'\t') => Some(rest),
        Some(b'|' | b':') => Some(&rest[1..]),
        _ => None,
    }
}

/// A line without the comment after its last `]` (`[3, 1, 6, ...], // the first row`, `# ...`).
fn strip_comment(text: &[u8]) -> &[u8] {
    let Some(close) = text.iter().rposition(|&b| b == b']') else {
        return text;
    };
    let rest = text[close + 1..].trim_ascii_start();
    let rest = rest.strip_prefix(b",").unwrap_or(rest).trim_ascii_start();
    if rest.starts_with(b"//") || rest.starts_with(b"#") || rest.starts_with(b"--") {
        &text[..=close]
    } else {
        text
    }
}

/// Cells packed with one placeholder letter for every empty cell, and at least one digit:
/// `x1xxx6xxx` (a row) or 81 such characters (a puzzle). The line's cells, or `None`. A line
/// that also writes empty cells another way (`53..x....`) is a damaged row, not this layout.
pub(super) fn packed_placeholders(line: &[u8]) -> Option<Vec<u8>> {
    let text = line.trim_ascii();
    if !matches!(text.len(), 9 | CELLS) {
        return None;
    }
    let mut placeholder = None;
    let mut digits = 0;
    let mut cells = Vec::with_capacity(text.len());
    for &b in text {
        if matches!(b, b'1'..=b'9') {
            digits += 1;
            cells.push(b - b'0');
        } else if is_placeholder(b) && placeholder.is_none_or(|p| p == b) {
            placeholder = Some(b);
            cells.push(0);
        } else {
            return None;
        }
    }
    // Digits among the letters make the line cells; so does a whole row of the letter alone
    // (an empty row: no label is written that way).
    let all_letter = placeholder.is_some_and(|p| p.is_ascii_alphabetic()) && digits == 0;
    (placeholder.is_some() && (digits > 0 || all_letter)).then_some(cells)
}

#[cfg(test)]
mod tests;
