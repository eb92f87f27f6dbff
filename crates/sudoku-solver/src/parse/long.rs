//! Lines longer than the line limit ([`MAX_LINE`]): a JSON value on such a line (a list of
//! 100,000 puzzles as `json.dump` writes it) is read piece by piece, in bounded memory, its
//! puzzles answered as they come; any other over-long line is skipped and reported, since no
//! other layout needs it.

use std::collections::VecDeque;
use std::io::{self, Read};

use super::chars::{self, char_col};

use super::json::{Cursor, Fed, Json, Place};
use super::lines::LineRead;
use super::{GridCut, ParseErrorKind, Parser, MAX_LINE};

/// A line over the limit, being read piece by piece because it holds a JSON value.
#[derive(Default)]
pub(super) struct Long {
    /// Characters of the line before the piece in hand.
    base: usize,
    /// The start of a token that the last piece cut, to read with the next piece.
    carry: Vec<u8>,
}

impl<R: Read> Parser<R> {
    /// The first piece of a line over the limit is in the buffer: a JSON value on it (going on
    /// from the lines before, or starting on it) is read on; anything else is an error and the
    /// rest of the line is passed over.
    pub(super) fn long_line(&mut self) -> io::Result<()> {
        // A record or a flat list cannot go on across a line over the limit: it ends before it
        // (and its lines, read afresh, may open another).
        loop {
            if self.reader.is_record() {
                self.end_record();
            } else if self.reader.is_flat() {
                self.flat_ends();
            } else {
                break;
            }
        }
        self.line_no = self.line_no.saturating_add(1);
        let piece = std::mem::take(&mut self.buf);
        let text = piece.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&piece);
        let place = Place {
            line: self.line_no,
            base: 0,
            first: true,
            last: false,
        };
        if let Some(json) = self.reader.json_mut() {
            let mut out = VecDeque::new();
            let step = json.feed(text, place, &mut out);
            let cursor = json.cursor();
            self.push_all(out);
            match step {
                Fed::Restart => self.end_json(GridCut::OtherLayout(self.line_no)),
                step => {
                    self.reader.start_long();
                    self.long_step(step, text, cursor, place);
                    self.buf = piece;
                    return Ok(());
                }
            }
        }
        let start = text.iter().position(|b| !b.is_ascii_whitespace());
        if let Some(at) = start.filter(|&at| matches!(text[at], b'[' | b'{')) {
            self.end_block(GridCut::OtherLayout(self.line_no));
            self.reader.start_long();
            self.long_values(text, at, Cursor::START, place);
        } else {
            self.lines.skip_line()?;
            let cut = GridCut::OtherLayout(self.line_no);
            self.end_json(cut);
            self.end_block(cut);
            let error = self.error(1, ParseErrorKind::LineTooLong);
            self.push(Err(error));
        }
        self.buf = piece;
        Ok(())
    }

    /// Reads the next piece of the long line in hand.
    pub(super) fn long_piece(&mut self) -> io::Result<()> {
        let read = self.lines.read(&mut self.buf)?;
        let last = read != LineRead::Piece;
        let long = self.reader.long_mut().expect("a long line is in hand");
        let mut piece = std::mem::take(&mut long.carry);
        piece.extend_from_slice(&self.buf);
        let place = Place {
            line: self.line_no,
            base: long.base,
            first: false,
            last,
        };
        match self.reader.json_mut() {
            Some(json) => {
                let mut out = VecDeque::new();
                let step = json.feed(&piece, place, &mut out);
                let cursor = json.cursor();
                self.push_all(out);
                self.long_step(step, &piece, cursor, place);
            }
            None => {
                if let Some(at) = self.between_values(&piece, 0, place)? {
                    self.long_values(&piece, at, Cursor::START, place);
                }
            }
        }
        if last {
            self.reader.end_long();
        }
        Ok(())
    }

    /// Reads the JSON values of a piece of a long line, one after the other, from the one
    /// starting at byte `at` (whose column `cursor` counts to), until one goes on in the next
    /// piece or the piece ends.
    fn long_values(&mut self, piece: &[u8], mut at: usize, mut cursor: Cursor, place: Place) {
        loop {
            let mut json = Json::new(self.line_no, place.base + cursor.col(piece, at))
                .with_sizes(self.sizes_conf());
            let mut out = VecDeque::new();
            let step = json.feed_from(piece, at, cursor, place, &mut out);
            self.push_all(out);
            if let Fed::Done(rest) = step {
                // A failing read here would be a failing read of the next piece: leave it to
                // that read.
                match self.between_values(piece, rest, place) {
                    Ok(Some(next)) => (at, cursor) = (next, json.cursor()),
                    _ => return,
                }
            } else {
                cursor = json.cursor();
                self.reader.set_json(json);
                return self.long_step(step, piece, cursor, place);
            }
        }
    }

    /// What a piece left the value in hand (`cursor` counts a column of the piece): it goes on
    /// (keeping the start of a cut token for the next piece), or it ended and the rest of the
    /// piece is read between values.
    fn long_step(&mut self, step: Fed, piece: &[u8], mut cursor: Cursor, place: Place) {
        match step {
            Fed::More(keep) => {
                if let Some(long) = self.reader.long_mut() {
                    long.carry = piece[keep..].to_vec();
                    long.base = place.base + cursor.col(piece, keep) - 1;
                }
            }
            Fed::Done(rest) => {
                self.reader.take_json();
                // A failing read here would be a failing read of the next piece: leave it to
                // that read.
                if let Ok(Some(next)) = self.between_values(piece, rest, place) {
                    self.long_values(piece, next, cursor, place);
                }
            }
            Fed::Restart => unreachable!("only the first piece of a line starts it afresh"),
        }
    }

    /// After a value on a long line: separators, a comment, or an error (and the rest of the
    /// line passed over), or the next value (the byte it starts at).
    fn between_values(
        &mut self,
        piece: &[u8],
        mut i: usize,
        place: Place,
    ) -> io::Result<Option<usize>> {
        while i < piece.len() && matches!(piece[i], b' ' | b'\t' | b',' | b';') {
            i += 1;
        }
        if i >= piece.len() {
            if let Some(long) = self.reader.long_mut() {
                long.base = place.base + char_col(piece, piece.len()) - 1;
            }
            return Ok(None);
        }
        if matches!(piece[i], b'[' | b'{') {
            return Ok(Some(i));
        }
        if piece[i] != b'#' {
            let (col, kind) = chars::bad_char(piece, i);
            let error = self.error(place.base + col, kind);
            self.push(Err(error));
        }
        if !place.last {
            self.lines.skip_line()?;
        }
        self.reader.end_long();
        Ok(None)
    }
}

// The limit is what a piece may hold; a token carried over is far smaller.
const _: () = assert!(super::json::MAX_TOKEN < MAX_LINE);
