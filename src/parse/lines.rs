//! Lines of a byte stream, in bounded memory: `\n`, `\r\n` and a lone `\r` (old Mac files) all
//! end a line, and a line longer than [`MAX_LINE`] bytes is read to its end and dropped.

use std::io::{self, BufRead};

/// The longest line the parser keeps in memory, in bytes, not counting its line ending. Longer
/// lines are an error.
pub const MAX_LINE: usize = 1 << 20;

/// What one read gave.
pub(super) enum LineRead {
    /// A line is in the buffer, without its ending.
    Line,
    /// A line longer than [`MAX_LINE`]; the buffer is empty.
    TooLong,
    /// The end of the input.
    Eof,
}

/// Reads lines from a buffered reader.
pub(super) struct Lines<R> {
    pub(super) reader: R,
    /// The last line ended in `\r`: a `\n` right after it belongs to the same line ending.
    after_cr: bool,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(reader: R) -> Self {
        Lines {
            reader,
            after_cr: false,
        }
    }

    /// Reads the next line into `buf` (cleared first), without its line ending.
    pub(super) fn read(&mut self, buf: &mut Vec<u8>) -> io::Result<LineRead> {
        buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                self.after_cr = false;
                return Ok(match (any, too_long) {
                    (false, _) => LineRead::Eof,
                    (true, true) => LineRead::TooLong,
                    (true, false) => LineRead::Line,
                });
            }
            if std::mem::take(&mut self.after_cr) && available[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            any = true;
            let end = memchr::memchr2(b'\n', b'\r', available);
            let (content, used, done) = match end {
                Some(at) => {
                    self.after_cr = available[at] == b'\r';
                    (&available[..at], at + 1, true)
                }
                None => (available, available.len(), false),
            };
            if !too_long {
                if buf.len() + content.len() > MAX_LINE {
                    too_long = true;
                    buf.clear();
                } else {
                    buf.extend_from_slice(content);
                }
            }
            self.reader.consume(used);
            if done {
                return Ok(if too_long {
                    LineRead::TooLong
                } else {
                    LineRead::Line
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8], capacity: usize) -> Vec<Result<String, ()>> {
        let mut lines = Lines::new(io::BufReader::with_capacity(capacity, bytes));
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            match lines.read(&mut buf).unwrap() {
                LineRead::Eof => return out,
                LineRead::TooLong => out.push(Err(())),
                LineRead::Line => out.push(Ok(String::from_utf8(buf.clone()).unwrap())),
            }
        }
    }

    #[test]
    fn every_line_ending_counts_once_even_across_buffer_refills() {
        let text = b"a\nb\r\nc\rd\r\re\n\nf";
        let want: Vec<Result<String, ()>> = ["a", "b", "c", "d", "", "e", "", "f"]
            .iter()
            .map(|s| Ok(s.to_string()))
            .collect();
        // Capacity 1 splits every `\r\n` across two reads.
        for capacity in [1, 2, 3, 64] {
            assert_eq!(lines(text, capacity), want, "capacity {capacity}");
        }
        assert!(lines(b"", 8).is_empty());
        assert_eq!(lines(b"\r\n", 8), vec![Ok(String::new())]);
    }

    #[test]
    fn the_limit_is_exact() {
        let at = vec![b'1'; MAX_LINE];
        let over = vec![b'1'; MAX_LINE + 1];
        for ending in [&b"\n"[..], b"\r\n", b"\r", b""] {
            let got = lines(&[&at[..], ending].concat(), 4096);
            assert!(matches!(got.as_slice(), [Ok(l)] if l.len() == MAX_LINE));
            let got = lines(&[&over[..], ending, b"x\n"].concat(), 4096);
            if ending.is_empty() {
                assert!(matches!(got.as_slice(), [Err(())]));
            } else {
                assert_eq!(got.len(), 2);
                assert!(got[0].is_err());
                assert_eq!(got[1], Ok("x".to_string()));
            }
        }
    }
}
