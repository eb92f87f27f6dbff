//! Lines of a byte stream, in bounded memory: `\n`, `\r\n` and a lone `\r` (old Mac files) all
//! end a line, and a line longer than [`MAX_LINE`] bytes comes in pieces of at most that many,
//! which the caller reads on or drops.

use std::io::{self, BufRead};

/// The longest piece of a line the parser holds in memory, in bytes, not counting its line
/// ending. A longer line comes in pieces: a JSON value is read on piece by piece, anything else
/// is an error.
pub const MAX_LINE: usize = 1 << 20;

/// What one read gave.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum LineRead {
    /// The buffer holds the rest of a line, without its ending.
    Line,
    /// The buffer holds a piece of a line as long as the limit; the line goes on.
    Piece,
    /// The end of the input.
    Eof,
}

/// Reads lines from a buffered reader.
pub(super) struct LineReader<R> {
    pub(super) reader: R,
    /// The last line ended in `\r`: a `\n` right after it belongs to the same line ending.
    after_cr: bool,
    /// The longest piece handed out.
    limit: usize,
}

impl<R: BufRead> LineReader<R> {
    /// Lines in pieces of at most `limit` bytes.
    pub(super) fn with_limit(reader: R, limit: usize) -> Self {
        LineReader {
            reader,
            after_cr: false,
            limit,
        }
    }

    /// Reads the next line, or the next piece of a line that goes on, into `buf` (cleared
    /// first), without its line ending.
    pub(super) fn read(&mut self, buf: &mut Vec<u8>) -> io::Result<LineRead> {
        buf.clear();
        let mut any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                self.after_cr = false;
                return Ok(if any { LineRead::Line } else { LineRead::Eof });
            }
            if std::mem::take(&mut self.after_cr) && available[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            any = true;
            let room = self.limit - buf.len();
            let end = memchr::memchr2(b'\n', b'\r', &available[..available.len().min(room + 1)]);
            match end {
                Some(at) => {
                    self.after_cr = available[at] == b'\r';
                    buf.extend_from_slice(&available[..at]);
                    self.reader.consume(at + 1);
                    return Ok(LineRead::Line);
                }
                None if available.len() > room => {
                    buf.extend_from_slice(&available[..room]);
                    self.reader.consume(room);
                    return Ok(LineRead::Piece);
                }
                None => {
                    let n = available.len();
                    buf.extend_from_slice(available);
                    self.reader.consume(n);
                }
            }
        }
    }

    /// Passes over the rest of the current line, whatever its length, without keeping it.
    pub(super) fn skip_line(&mut self) -> io::Result<()> {
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(());
            }
            match memchr::memchr2(b'\n', b'\r', available) {
                Some(at) => {
                    self.after_cr = available[at] == b'\r';
                    self.reader.consume(at + 1);
                    return Ok(());
                }
                None => {
                    let n = available.len();
                    self.reader.consume(n);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line as its pieces joined, with `Err(pieces)` for a line that came in several.
    fn lines(bytes: &[u8], capacity: usize, limit: usize) -> Vec<Result<String, usize>> {
        let mut lines =
            LineReader::with_limit(io::BufReader::with_capacity(capacity, bytes), limit);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        let mut pieces = Vec::new();
        loop {
            match lines.read(&mut buf).unwrap() {
                LineRead::Eof => return out,
                LineRead::Piece => {
                    assert_eq!(buf.len(), limit);
                    pieces.push(buf.clone());
                }
                LineRead::Line => {
                    pieces.push(buf.clone());
                    let text = String::from_utf8(pieces.concat()).unwrap();
                    out.push(if pieces.len() == 1 {
                        Ok(text)
                    } else {
                        Err(pieces.len())
                    });
                    pieces.clear();
                }
            }
        }
    }

    #[test]
    fn every_line_ending_counts_once_even_across_buffer_refills() {
        let text = b"a\nb\r\nc\rd\r\re\n\nf";
        let want: Vec<Result<String, usize>> = ["a", "b", "c", "d", "", "e", "", "f"]
            .iter()
            .map(|s| Ok(s.to_string()))
            .collect();
        // Capacity 1 splits every `\r\n` across two reads.
        for capacity in [1, 2, 3, 64] {
            assert_eq!(lines(text, capacity, MAX_LINE), want, "capacity {capacity}");
        }
        assert!(lines(b"", 8, MAX_LINE).is_empty());
        assert_eq!(lines(b"\r\n", 8, MAX_LINE), vec![Ok(String::new())]);
    }

    #[test]
    fn a_line_over_the_limit_comes_in_pieces_that_join_to_it() {
        let long = "x".repeat(10);
        for ending in ["\n", "\r\n", "\r", ""] {
            for capacity in [1, 3, 64] {
                let text = format!("{long}{ending}ab\n");
                let got = lines(text.as_bytes(), capacity, 4);
                let want = if ending.is_empty() {
                    // `xxxxxxxxxxab`: 12 bytes, three pieces.
                    vec![Err(3)]
                } else {
                    vec![Err(3), Ok("ab".to_string())]
                };
                assert_eq!(got, want, "{ending:?} {capacity}");
            }
        }
        // A line exactly at the limit is one piece.
        assert_eq!(
            lines(b"abcd\nx", 2, 4),
            vec![Ok("abcd".to_string()), Ok("x".to_string())]
        );
    }

    #[test]
    fn the_rest_of_a_long_line_can_be_skipped() {
        let mut lines = LineReader::with_limit(
            io::BufReader::with_capacity(3, &b"0123456789\r\nnext"[..]),
            4,
        );
        let mut buf = Vec::new();
        assert_eq!(lines.read(&mut buf).unwrap(), LineRead::Piece);
        lines.skip_line().unwrap();
        assert_eq!(lines.read(&mut buf).unwrap(), LineRead::Line);
        assert_eq!(buf, b"next");
    }
}
