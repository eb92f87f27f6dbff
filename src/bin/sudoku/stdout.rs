//! Standard output as a plain file handle, buffered.
//!
//! The standard library's `Stdout` treats an invalid descriptor (EBADF) as success, so
//! `sudoku p.txt 1</dev/null` would lose every answer and still exit 0. Writing through a
//! duplicate of descriptor 1 reports those errors like any other, and the run exits 5 with the
//! system's reason.
//!
//! A descriptor closed when the process starts (`sudoku p.txt >&-`) is subtler: before `main`,
//! the Rust runtime opens `/dev/null` in its place, so every write would succeed and every answer
//! be lost. A constructor that the loader runs before the runtime starts looks at descriptor 1
//! first (`at_start`), and a stdout found closed there fails every write with EBADF.

use std::io::{self, BufWriter, Write};

/// Standard output behind a 64 KiB buffer; flushing is the caller's business.
pub fn buffered() -> BufWriter<Box<dyn Write + Send>> {
    BufWriter::with_capacity(1 << 16, raw())
}

/// The standard descriptors as the process found them, before the Rust runtime could reopen
/// them (`-o /dev/stderr` and `-o /dev/fd/0` ask too).
#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "freebsd",
    target_os = "macos"
))]
mod at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Whether descriptors 0, 1 and 2 were closed.
    static CLOSED: [AtomicBool; 3] = [const { AtomicBool::new(false) }; 3];

    /// Runs before `main` and before the Rust runtime's own start-up (which replaces a closed
    /// standard descriptor with `/dev/null`), from the executable's list of constructors.
    extern "C" fn look() {
        for (fd, closed) in (0..).zip(&CLOSED) {
            // SAFETY: `fcntl(F_GETFD)` only reads the flags of a descriptor number; it touches
            // no memory, and on a closed descriptor it fails with EBADF and changes nothing.
            let shut = unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1;
            closed.store(shut, Ordering::Relaxed);
        }
    }

    #[used]
    #[cfg_attr(
        any(target_os = "linux", target_os = "android", target_os = "freebsd"),
        link_section = ".init_array"
    )]
    #[cfg_attr(target_os = "macos", link_section = "__DATA,__mod_init_func")]
    static LOOK: extern "C" fn() = look;

    /// Whether standard descriptor `fd` (0, 1 or 2) was closed when the process started.
    pub fn closed(fd: i32) -> bool {
        usize::try_from(fd)
            .ok()
            .and_then(|i| CLOSED.get(i))
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "freebsd",
    target_os = "macos"
)))]
mod at_start {
    /// Not known on this system: the runtime's `/dev/null` takes the answers.
    pub fn closed(_fd: i32) -> bool {
        false
    }
}

/// Whether standard descriptor `fd` (0, 1 or 2) was closed when the process started (the
/// runtime has put `/dev/null` in its place since); false where that cannot be known.
pub fn closed_at_start(fd: i32) -> bool {
    at_start::closed(fd)
}

/// Descriptor 1 unbuffered: a duplicate of it, or a writer that fails every write when it was
/// closed at start.
#[cfg(unix)]
pub fn raw() -> Box<dyn Write + Send> {
    use std::os::fd::AsFd;
    if at_start::closed(1) {
        return Box::new(Closed(Some(libc::EBADF)));
    }
    match io::stdout().as_fd().try_clone_to_owned() {
        Ok(fd) => Box::new(std::fs::File::from(fd)),
        // Descriptor 1 is closed: every write fails with the reason (a quiet run writes none).
        Err(e) => Box::new(Closed(e.raw_os_error())),
    }
}

#[cfg(not(unix))]
pub fn raw() -> Box<dyn Write + Send> {
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
