//! What single characters of a line mean: cells, placeholders, spaces, and how a character is
//! shown and counted in an error message (its column in characters, not bytes).

use super::ParseErrorKind;

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

pub(super) fn non_blank_len(line: &[u8]) -> usize {
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
pub(super) fn is_format(ch: char) -> bool {
    matches!(ch, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}')
}

/// The column (1-based, in characters) of byte `i` of `line`.
pub(super) fn char_col(line: &[u8], i: usize) -> usize {
    1 + line[..i].iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// The character at byte `i` of `line`, as an error message shows it (`'x'`, `'\t' (U+0009)`,
/// or the invalid byte). No column is counted: a line with many errors is still read in time
/// linear in its length.
pub(super) fn describe_char(line: &[u8], i: usize) -> String {
    match char_fault(line, i) {
        ParseErrorKind::UnexpectedChar(c) => show_char(c),
        other => other.to_string(),
    }
}

/// The error for the character at byte `i`: unexpected, or not UTF-8. The column counts
/// characters.
pub(super) fn bad_char(line: &[u8], i: usize) -> (usize, ParseErrorKind) {
    (char_col(line, i), char_fault(line, i))
}

/// What is wrong with the character at byte `i`: unexpected, or not UTF-8.
fn char_fault(line: &[u8], i: usize) -> ParseErrorKind {
    // A character takes at most 4 bytes: the rest of the line is not checked.
    match line[i..line.len().min(i + 4)].utf8_chunks().next() {
        Some(chunk) if !chunk.valid().is_empty() => {
            ParseErrorKind::UnexpectedChar(chunk.valid().chars().next().expect("non-empty"))
        }
        Some(chunk) => ParseErrorKind::InvalidUtf8(chunk.invalid()[0]),
        None => ParseErrorKind::UnexpectedChar('\0'),
    }
}
