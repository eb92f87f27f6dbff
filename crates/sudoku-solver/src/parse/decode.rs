//! Text encodings: input that starts with a UTF-16 byte-order mark (as Windows editors and
//! PowerShell write it) is decoded to UTF-8 as it streams, so its lines, line numbers and
//! columns are those of the text; any other input passes through untouched, with no copy.

use std::io::{self, Read};

/// Bytes of UTF-16 read from the source at a time.
const RAW: usize = 16 * 1024;

/// What the start of the input said.
enum Mode {
    /// The first two bytes are not read yet.
    Sniff,
    /// Not UTF-16: bytes pass through.
    Plain,
    /// UTF-16, big-endian or not.
    Utf16 { big: bool },
}

/// A reader that decodes UTF-16 input (with a byte-order mark) to UTF-8.
pub(super) struct Decode<R> {
    inner: R,
    mode: Mode,
    /// Decoded bytes (or, while plain, the sniffed bytes) not yet handed out.
    pending: Vec<u8>,
    taken: usize,
    /// Raw UTF-16 bytes read but not decoded yet (an odd byte, or half a surrogate pair).
    raw: Vec<u8>,
    eof: bool,
}

impl<R: Read> Decode<R> {
    pub(super) fn new(inner: R) -> Self {
        Decode {
            inner,
            mode: Mode::Sniff,
            pending: Vec::new(),
            taken: 0,
            raw: Vec::new(),
            eof: false,
        }
    }

    /// Reads until `want` bytes are in `raw`, or the end of the input.
    fn fill_raw(&mut self, want: usize) -> io::Result<()> {
        let mut chunk = [0u8; RAW];
        while self.raw.len() < want && !self.eof {
            let room = (want - self.raw.len()).min(RAW);
            match self.inner.read(&mut chunk[..room]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.raw.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    fn sniff(&mut self) -> io::Result<()> {
        self.fill_raw(2)?;
        self.mode = match self.raw.get(..2) {
            Some([0xFF, 0xFE]) => Mode::Utf16 { big: false },
            Some([0xFE, 0xFF]) => Mode::Utf16 { big: true },
            _ => Mode::Plain,
        };
        if matches!(self.mode, Mode::Utf16 { .. }) {
            self.raw.drain(..2);
        } else {
            self.pending = std::mem::take(&mut self.raw);
        }
        Ok(())
    }

    /// Decodes the next piece of UTF-16 into `pending`.
    fn decode(&mut self, big: bool) -> io::Result<()> {
        self.fill_raw(RAW)?;
        let whole = self.raw.len() & !1;
        let units: Vec<u16> = self.raw[..whole]
            .chunks_exact(2)
            .map(|p| {
                if big {
                    u16::from_be_bytes([p[0], p[1]])
                } else {
                    u16::from_le_bytes([p[0], p[1]])
                }
            })
            .collect();
        // A high surrogate at the end waits for its pair, unless the input has ended.
        let keep = match units.last() {
            Some(0xD800..=0xDBFF) if !self.eof => 1,
            _ => 0,
        };
        let used = units.len() - keep;
        self.pending.clear();
        self.taken = 0;
        let mut utf8 = [0u8; 4];
        for c in char::decode_utf16(units[..used].iter().copied()) {
            let c = c.unwrap_or(char::REPLACEMENT_CHARACTER);
            self.pending
                .extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
        }
        self.raw.drain(..used * 2);
        if self.eof && self.raw.len() == 1 {
            // An odd byte at the very end: half a character.
            self.raw.clear();
            self.pending.extend_from_slice(
                char::REPLACEMENT_CHARACTER
                    .encode_utf8(&mut utf8)
                    .as_bytes(),
            );
        }
        Ok(())
    }
}

impl<R: Read> Read for Decode<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if matches!(self.mode, Mode::Sniff) {
            self.sniff()?;
        }
        loop {
            if self.taken < self.pending.len() {
                let n = buf.len().min(self.pending.len() - self.taken);
                buf[..n].copy_from_slice(&self.pending[self.taken..self.taken + n]);
                self.taken += n;
                return Ok(n);
            }
            match self.mode {
                Mode::Plain | Mode::Sniff => return self.inner.read(buf),
                Mode::Utf16 { big } => {
                    if self.eof && self.raw.is_empty() {
                        return Ok(0);
                    }
                    self.decode(big)?;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        // One byte at a time from the source, the worst case for the decoder.
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = usize::from(!self.0.is_empty() && !buf.is_empty());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        Decode::new(Trickle(bytes)).read_to_end(&mut out).unwrap();
        let mut whole = Vec::new();
        Decode::new(bytes).read_to_end(&mut whole).unwrap();
        assert_eq!(out, whole);
        out
    }

    #[test]
    fn utf16_with_a_byte_order_mark_becomes_utf8() {
        let text = "53..7....\r\n‘x’ 𝄞\n";
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(decoded(&le), text.as_bytes());
        assert_eq!(decoded(&be), text.as_bytes());
        // A lone surrogate or an odd last byte is a replacement character, not a lost line.
        let mut broken = le.clone();
        broken.extend_from_slice(&[0x00, 0xD8, b'5', 0]);
        assert_eq!(decoded(&broken), format!("{text}\u{FFFD}5").as_bytes());
        broken.push(b'x');
        assert!(decoded(&broken).ends_with("5\u{FFFD}".as_bytes()));
    }

    #[test]
    fn other_input_passes_through() {
        for bytes in [&b""[..], b"5", b"53..7....\n", b"\xEF\xBB\xBF5\n", b"\xFF"] {
            assert_eq!(decoded(bytes), bytes);
        }
    }
}
