//! The JSON reader's tokens: strings, numbers and words, read a piece of a line at a time,
//! with what a damaged token (a lost quote, a stray character) is taken for.

use super::*;

impl Json {
    /// After damage: passes over the rest of the damaged element, counting brackets (strings
    /// that close on their line are passed over whole; a lone quote is just a character), to
    /// the next `,` or closing bracket at its depth, or the end of the piece.
    pub(super) fn skip_to(&mut self, line: &[u8], from: usize, place: Place) -> Skipped {
        let mut depth = self.skip.unwrap_or(0);
        let mut i = from;
        while i < line.len() {
            match line[i] {
                b'"' | b'\'' => match closing_quote(line, i) {
                    Some(end) => i = end,
                    // The string may close in the next piece of the line.
                    None if !place.last && line.len() - i < MAX_TOKEN => {
                        self.skip = Some(depth);
                        return Skipped::Piece(i);
                    }
                    None => {}
                },
                b'[' | b'{' => depth += 1,
                b']' | b'}' if depth == 0 => return Skipped::Close(i),
                b']' | b'}' => depth -= 1,
                b',' if depth == 0 => return Skipped::Comma(i),
                _ => {}
            }
            i += 1;
        }
        self.skip = Some(depth);
        Skipped::Piece(line.len())
    }

    /// Whether a token starting with `b` may come next.
    pub(super) fn may_come(&self, b: u8) -> bool {
        use Expect::*;
        match b {
            // (`.` and `_` start no JSON value, but a puzzle that lost its quote.)
            b'[' | b'{' | b'-' | b'0'..=b'9' | b'.' | b'_' => {
                matches!(self.expect, Value | ValueOrEnd)
            }
            // A word where a value belongs (`null`, `True`), or a key without quotes.
            _ if b.is_ascii_alphabetic() || b == b'$' => {
                matches!(self.expect, Value | ValueOrEnd | Key | KeyOrEnd)
            }
            b'"' | b'\'' => matches!(self.expect, Value | ValueOrEnd | Key | KeyOrEnd),
            b']' => matches!(self.expect, ValueOrEnd | CommaOrEnd | Value),
            b'}' => matches!(self.expect, KeyOrEnd | CommaOrEnd | Key),
            // A comma where a value belongs (`[1,,2]`, or a line lost between two commas) is
            // passed over: the array just has one item fewer.
            b',' => self.expect == CommaOrEnd || self.expect == Value && self.is_array(),
            b':' => self.expect == Colon,
            _ => false,
        }
    }

    /// Reads the token at byte `i`.
    pub(super) fn token(
        &mut self,
        line: &[u8],
        i: usize,
        pos: Pos,
        place: Place,
        out: &mut VecDeque<Parsed>,
    ) -> Token {
        use Expect::*;
        let b = line[i];
        if self.expect == Colon && matches!(b, b',' | b'}') {
            // `{ 'P1', 'P2' }`: the "key" was a value of a list written in braces.
            self.keyless(out);
        }
        if !self.may_come(b) {
            if matches!(self.expect, Value | ValueOrEnd) {
                if let Some(next) = self.lost_opening_quote(line, i, pos, out) {
                    return Token::Next(next);
                }
            }
            return Token::Error(self.unexpected(line, i));
        }
        if !matches!(b, b'[' | b'{' | b']' | b'}' | b',' | b':') {
            self.held_any = true;
        }
        match b {
            b'[' | b'{' => {
                if self.stack.len() >= MAX_DEPTH {
                    return Token::Error(format!("nested deeper than {MAX_DEPTH} levels"));
                }
                let excluded = self.excluded_here();
                self.stack.push(Frame {
                    object: b == b'{',
                    excluded,
                    member_excluded: false,
                    numeric: true,
                    items: Vec::new(),
                    overflow: false,
                    damaged: false,
                    last_puzzle: None,
                    held: None,
                    key: None,
                    keyless: false,
                    found_at_open: self.found,
                    pos,
                });
                self.expect = if b == b'{' { KeyOrEnd } else { ValueOrEnd };
                Token::Next(i + 1)
            }
            b']' | b'}' => {
                let frame = self.stack.last().expect("inside a value");
                if frame.object != (b == b'}') && !(frame.keyless && b == b'}') {
                    return Token::Error(self.unexpected(line, i));
                }
                let frame = self.stack.pop().expect("inside a value");
                let item = self.close(frame, pos, out);
                self.value(item, out);
                Token::Next(i + 1)
            }
            b',' => {
                self.expect = self.after_comma();
                Token::Next(i + 1)
            }
            b':' => {
                self.expect = Value;
                Token::Next(i + 1)
            }
            b'"' | b'\'' => self.string_token(line, i, pos, place, out),
            _ if matches!(self.expect, Key | KeyOrEnd) => {
                // A key without quotes, as JavaScript writes them: `puzzle: "53..7..."`.
                let end = i + line[i..]
                    .iter()
                    .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$')))
                    .unwrap_or(line.len() - i);
                if end == line.len() && !place.last {
                    return Token::Partial;
                }
                self.key(&line[i..end], pos);
                Token::Next(end)
            }
            _ => self.word(line, i, pos, place, out),
        }
    }

    /// A string: a key, or a value (a cell, a row written as text, or a puzzle). A string whose
    /// closing quote is followed by a character that cannot follow a string lost its real
    /// closing quote: it ends at the `,` or `:` it swallowed.
    pub(super) fn string_token(
        &mut self,
        line: &[u8],
        i: usize,
        pos: Pos,
        place: Place,
        out: &mut VecDeque<Parsed>,
    ) -> Token {
        let (text, next) = match string(line, i) {
            Scanned::Closed(text, next) => (text, next),
            Scanned::Open if !place.last && line.len() - i < MAX_TOKEN => return Token::Partial,
            Scanned::Open => return Token::Error(unclosed(line[i])),
        };
        let follows = line.get(next).copied();
        if next == line.len() && !place.last {
            // What follows the quote is in the next piece.
            return Token::Partial;
        }
        let fits = follows.is_none_or(|c| {
            matches!(
                c,
                b',' | b':' | b']' | b'}' | b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c'
            )
        });
        if !fits {
            // `"6..195..., "...`: the quote taken as closing this string opened the next one.
            let inside = &line[i + 1..next - 1];
            let Some(cut) = inside.iter().position(|&c| c == b',' || c == b':') else {
                return Token::Error(format!(
                    "expected ',' or a closing bracket after a string, found {}",
                    describe_char(line, next)
                ));
            };
            self.damage(
                pos,
                format!(
                    "a string that opens with {} lost its closing quote (it runs into the next item)",
                    show_char(line[i] as char)
                ),
                out,
            );
            let text = inside[..cut].trim_ascii();
            if matches!(self.expect, Expect::Key | Expect::KeyOrEnd) {
                self.key(text, pos);
            } else {
                self.value(Item::Other("a damaged string"), out);
            }
            return Token::Next(i + 1 + cut);
        }
        if matches!(self.expect, Expect::Key | Expect::KeyOrEnd) {
            self.key(&text, pos);
        } else {
            let item = self.string_item(&text, pos, out);
            self.value(item, out);
        }
        Token::Next(next)
    }

    /// Where a value belongs, characters that are no value and run straight into a quote (`@6"`,
    /// `53..7...."`): a string that lost its opening quote (or had it garbled). The damage takes
    /// one slot, and reading goes on after the stray quote. `None` when the run ends otherwise.
    pub(super) fn lost_opening_quote(
        &mut self,
        line: &[u8],
        i: usize,
        pos: Pos,
        out: &mut VecDeque<Parsed>,
    ) -> Option<usize> {
        let end = i + line[i..].iter().position(|&c| {
            matches!(
                c,
                b',' | b']' | b'}' | b':' | b'"' | b'\'' | b'[' | b'{' | b' ' | b'\t'
            )
        })?;
        if !matches!(line[end], b'"' | b'\'') || end == i {
            return None;
        }
        self.damage(
            pos,
            format!(
                "a value that lost its opening quote: {} ends with a quote it never opened",
                preview(&line[i..end])
            ),
            out,
        );
        self.value(Item::Other("a damaged string"), out);
        Some(end + 1)
    }

    /// A word that is not a string: a number, `null`, `true`, or damage. A word followed at once
    /// by a quote lost its opening quote; a puzzle written without quotes is an error in its
    /// slot.
    pub(super) fn word(
        &mut self,
        line: &[u8],
        i: usize,
        pos: Pos,
        place: Place,
        out: &mut VecDeque<Parsed>,
    ) -> Token {
        let end = i + line[i..]
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'-' | b'+' | b'.' | b'_')))
            .unwrap_or(line.len() - i);
        if end == line.len() && !place.last && end - i < MAX_TOKEN {
            return Token::Partial;
        }
        let word = &line[i..end];
        if matches!(line.get(end), Some(b'"' | b'\'')) {
            // `53..7....",`: the string lost its opening quote; the stray quote ends it.
            self.damage(
                pos,
                format!(
                    "a value that lost its opening quote: {} ends with a quote it never opened",
                    preview(word)
                ),
                out,
            );
            self.value(Item::Other("a damaged string"), out);
            return Token::Next(end + 1);
        }
        if word.len() >= CELLS - 9 && mostly_cells(word) {
            self.damage(
                pos,
                format!(
                    "{} is a puzzle of {} characters written without quotes; a puzzle in JSON is a string",
                    preview(word),
                    word.len()
                ),
                out,
            );
            self.value(Item::Other("a damaged string"), out);
            return Token::Next(end);
        }
        let cell = match word {
            b"null" | b"None" | b"undefined" | b"nil" => Cell::Value(0),
            b"true" | b"false" | b"True" | b"False" => {
                Cell::Bad(String::from_utf8_lossy(word).into_owned())
            }
            [d] if d.is_ascii_digit() => Cell::Value(d - b'0'),
            // A number out of range, or a bare word where a value belongs (a damaged cell): the
            // board around it is in error, but its brackets still count.
            _ if is_number(word) || !word.is_empty() => {
                Cell::Bad(String::from_utf8_lossy(word).into_owned())
            }
            _ => return Token::Error(self.unexpected(line, i)),
        };
        self.value(Item::Cell(cell, pos), out);
        Token::Next(end)
    }

    pub(super) fn unexpected(&self, line: &[u8], i: usize) -> String {
        use Expect::*;
        let expected = match self.expect {
            Value => "a value",
            ValueOrEnd => "a value or ']'",
            Key => "a key (a string)",
            KeyOrEnd => "a key (a string) or '}'",
            Colon => "':'",
            CommaOrEnd => {
                if self.stack.last().is_some_and(|f| f.object) {
                    "',' or '}'"
                } else {
                    "',' or ']'"
                }
            }
        };
        format!("expected {expected}, found {}", describe_char(line, i))
    }
}

/// A word as a message shows it: whole when short, else its start and its length.
pub(super) fn preview(word: &[u8]) -> String {
    let text = String::from_utf8_lossy(word);
    if text.chars().count() <= 24 {
        format!("'{text}'")
    } else {
        let start: String = text.chars().take(12).collect();
        format!("'{start}...'")
    }
}
