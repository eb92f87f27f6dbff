//! Standard output as a plain file handle, buffered.
//!
//! The standard library's `Stdout` treats an invalid descriptor (EBADF) as success, so
//! `sudoku p.txt 1</dev/null` or `sudoku p.txt >&-` would lose every answer and still exit 0.
//! Writing through a duplicate of descriptor 1 reports those errors like any other, and the run
//! exits 5 with the system's reason.

use std::io::{self, BufWriter, Write};

/// Standard output behind a 64 KiB buffer; flushing is the caller's business.
pub fn buffered() -> BufWriter<Box<dyn Write + Send>> {
    BufWriter::with_capacity(1 << 16, raw())
}

#[cfg(unix)]
fn raw() -> Box<dyn Write + Send> {
    use std::os::fd::AsFd;
    match io::stdout().as_fd().try_clone_to_owned() {
        Ok(fd) => Box::new(std::fs::File::from(fd)),
        // Descriptor 1 is closed: every write fails with the reason (a quiet run writes none).
        Err(e) => Box::new(Closed(e.raw_os_error())),
    }
}

#[cfg(not(unix))]
fn raw() -> Box<dyn Write + Send> {
    Box::new(io::stdout())
}

/// A stdout that could not be opened: every write fails with the error of that attempt.
#[cfg(unix)]
struct Closed(Option<i32>);

#[cfg(unix)]
impl Write for Closed {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(match self.0 {
            Some(code) => io::Error::from_raw_os_error(code),
            None => io::Error::other("standard output is closed"),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
