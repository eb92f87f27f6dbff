//! The fields of one delimited line (CSV and its kin: commas, semicolons, tabs): its delimiter,
//! its fields outside quotes, the header that names the puzzle column, and where a quoted field
//! is left open. Used by the line classifier, the runs of cells, the JSON reader's solution keys
//! and the records that run over lines (`csv.rs`); it uses none of them.

use super::chars::{is_cell, is_space};

/// The header line of a CSV file: which field holds the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Header {
    /// The field delimiter.
    pub(super) delimiter: u8,
    /// The puzzle column and its name, when the header names one.
    pub(super) puzzle: Option<(usize, String)>,
    /// Columns never read as a puzzle (`solution`, `answer`, ...).
    pub(super) skip: Vec<usize>,
}

/// Column names that hold the puzzle, compared without regard to case.
pub(super) const PUZZLE_COLUMNS: [&str; 11] = [
    "puzzle", "puzzles", "quizzes", "quiz", "unsolved", "board", "sudoku", "grid", "givens",
    "question", "problem",
];

impl Header {
    /// True when the header names the puzzle column or a solution column.
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

    /// The header a line is, if it is one: fields that are names (letters, digits, spaces, `_`,
    /// `-`, `.`, `#`, `/`), not code (`puzzle, solution = load("x.csv")` names no column).
    pub(super) fn parse(line: &[u8]) -> Option<Header> {
        let delimiter = delimiter(line)?;
        let fields = split_fields(line, delimiter);
        let name = |field: &[u8]| {
            field.iter().all(|&b| {
                b.is_ascii_alphanumeric()
                    || matches!(b, b' ' | b'_' | b'-' | b'.' | b'#' | b'/')
                    || b >= 0x80
            })
        };
        if !fields.iter().all(|(_, field)| name(field)) {
            return None;
        }
        let mut header = Header {
            delimiter,
            puzzle: None,
            skip: Vec::new(),
        };
        for (i, (_, field)) in fields.iter().enumerate() {
            let name = String::from_utf8_lossy(field).to_lowercase();
            if header.puzzle.is_none() && PUZZLE_COLUMNS.contains(&name.as_str()) {
                header.puzzle = Some((i, String::from_utf8_lossy(field).into_owned()));
            } else if SOLUTION_NAMES.contains(&name.as_str()) {
                header.skip.push(i);
            }
        }
        Some(header)
    }
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
    // `..., 9, , ";`: the quote closes a string literal in code, at the statement's end.
    let after = line[quote + 1..].trim_ascii();
    if !after.is_empty() && after.iter().all(|&b| matches!(b, b';' | b')')) {
        return None;
    }
    (header.is_some() || line[..quote].contains(&delimiter)).then_some((delimiter, quote))
}

/// The field delimiter of a line: `,`, else `;`, else a tab.
pub(super) fn delimiter(line: &[u8]) -> Option<u8> {
    [b',', b';', b'\t'].into_iter().find(|d| line.contains(d))
}

/// The fields of a line split at `delimiter`, outside double quotes, each trimmed of white space
/// and of its quotes, with the column (in bytes) where it starts.
pub(super) fn split_fields(line: &[u8], delimiter: u8) -> Vec<(usize, &[u8])> {
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

pub(super) fn trim_field(field: &[u8]) -> &[u8] {
    let field = field.trim_ascii();
    field
        .strip_prefix(b"\"")
        .and_then(|f| f.strip_suffix(b"\""))
        .unwrap_or(field)
        .trim_ascii()
}

/// The cells of a field made only of cells, or `None`.
pub(super) fn field_cells(field: &[u8]) -> Option<&[u8]> {
    field.iter().all(|&b| is_cell(b)).then_some(field)
}

/// Column (and JSON key) names that hold a solution, never read as a puzzle.
pub(super) const SOLUTION_NAMES: [&str; 8] = [
    "solution",
    "solutions",
    "solved",
    "answer",
    "answers",
    "canonical",
    "solutionstring",
    "result",
];
