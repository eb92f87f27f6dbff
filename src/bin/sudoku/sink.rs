//! Where the answers go: stdout, or with `-o FILE` a file that appears whole or not at all. The
//! answers are written to a temporary file beside FILE (same directory, so same file system),
//! which is renamed onto FILE when the run has written everything; a failure to create, write
//! or rename it leaves FILE as it was, removes the temporary file, and exits 5 naming the path.
//! Since FILE is only replaced at the end, it may also be one of the inputs. A FILE that is
//! not a regular file (`/dev/null`, `/dev/stdout`, a named pipe) is written to directly: a
//! rename would put a plain file in its place.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use sudoku_solver::exit::Exit;
use sudoku_solver::input::escape_path;

/// The output of a run.
pub enum Sink {
    /// Standard output.
    Stdout(BufWriter<Box<dyn Write + Send>>),
    /// `-o FILE`.
    File {
        /// FILE.
        path: PathBuf,
        /// The temporary file beside it, buffered.
        out: BufWriter<Temp>,
    },
}

/// The temporary file; remembers whether a write failed, and names FILE in its errors.
pub struct Temp {
    file: tempfile::NamedTempFile,
    shown: String,
    failed: bool,
}

impl Temp {
    fn checked<T>(&mut self, result: io::Result<T>) -> io::Result<T> {
        result.map_err(|e| {
            self.failed = true;
            io::Error::new(e.kind(), format!("{}: {e}", self.shown))
        })
    }
}

impl Write for Temp {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = self.file.as_file_mut().write(buf);
        self.checked(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.file.as_file_mut().flush();
        self.checked(result)
    }
}

impl Sink {
    /// Stdout (no path, or `-`), or a temporary file beside `path`; the error says why the file
    /// cannot be made.
    pub fn open(path: Option<&Path>) -> Result<Sink, String> {
        let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
            return Ok(Sink::Stdout(crate::stdout::buffered()));
        };
        let shown = escape_path(path);
        if fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
            // A device or a pipe: written to as it is, never replaced.
            let file = fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| format!("cannot write {shown}: {e}"))?;
            return Ok(Sink::Stdout(BufWriter::with_capacity(
                1 << 16,
                Box::new(file),
            )));
        }
        let name = path
            .file_name()
            .ok_or_else(|| format!("cannot write {shown}: it names no file"))?;
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let file = tempfile::Builder::new()
            .prefix(&format!(".{}.", name.to_string_lossy()))
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(|e| format!("cannot write {shown}: {e}"))?;
        Ok(Sink::File {
            path: path.to_path_buf(),
            out: BufWriter::with_capacity(
                1 << 16,
                Temp {
                    file,
                    shown,
                    failed: false,
                },
            ),
        })
    }

    /// The writer the run writes to.
    pub fn writer(&mut self) -> &mut (dyn Write + Send) {
        match self {
            Sink::Stdout(out) => out,
            Sink::File { out, .. } => out,
        }
    }

    /// Ends the output of a run that exits `exit`: a file written in full takes FILE's place.
    /// The exit code, 5 (with the reason on stderr) when the file could not be put in place.
    pub fn close(self, exit: Exit) -> Exit {
        let (path, out) = match self {
            // The run flushed stdout already, or gave up on it.
            Sink::Stdout(out) => {
                drop(out);
                return exit;
            }
            Sink::File { path, out } => (path, out),
        };
        let temp = match out.into_inner() {
            Ok(temp) => temp,
            Err(e) => {
                eprintln!("sudoku: cannot write output: {}", e.error());
                return Exit::Io;
            }
        };
        if temp.failed {
            // The run said why on stderr; the temporary file goes with `temp`.
            return Exit::Io;
        }
        match put_in_place(temp.file, &path) {
            Ok(()) => exit,
            Err(e) => {
                eprintln!("sudoku: cannot write {}: {e}", temp.shown);
                Exit::Io
            }
        }
    }
}

/// Renames the finished temporary file onto `path`, with the permissions a new file gets
/// (`0666` less the umask), or those of the file it replaces.
fn put_in_place(file: tempfile::NamedTempFile, path: &Path) -> io::Result<()> {
    file.as_file().sync_all()?;
    let permissions = match fs::metadata(path) {
        Ok(meta) if meta.is_file() => Some(meta.permissions()),
        _ => new_file_permissions(),
    };
    if let Some(permissions) = permissions {
        fs::set_permissions(file.path(), permissions)?;
    }
    file.persist(path).map(|_: File| ()).map_err(|e| e.error)
}

#[cfg(unix)]
fn new_file_permissions() -> Option<fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    // SAFETY: umask only sets the process's file mode mask and returns the old one, which is
    // put back at once; nothing else creates files at this point of the run.
    let mask = unsafe {
        let mask = libc::umask(0o022);
        libc::umask(mask);
        mask
    };
    // `mode_t` is `u32` here and `u16` on macOS.
    #[allow(clippy::useless_conversion)]
    let mask = u32::from(mask);
    Some(fs::Permissions::from_mode(0o666 & !mask))
}

#[cfg(not(unix))]
fn new_file_permissions() -> Option<fs::Permissions> {
    None
}
