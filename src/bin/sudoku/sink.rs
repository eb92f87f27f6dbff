//! Where the answers go: stdout, or with `-o FILE` a file that is never lost or damaged.
//!
//! FILE is found as the shell's `>` finds it: a symbolic link is followed (the chain resolved
//! here, link by link, so the link stays a link and the file it names is written; a dangling
//! link gets its target made), and `>`'s refusals are ours (a file the user may not write,
//! a directory). Then one of three routes:
//!
//! - **Direct.** A descriptor of this process (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
//!   `/proc/self/fd/N`, or a link that leads to one) is written through a duplicate of that
//!   descriptor (refused when it is not open for writing: open for reading only, or closed when
//!   the process started); a device, a named pipe or a socket is opened and written as the run goes.
//!   Nothing is renamed over them.
//! - **Rename.** A new file, or a regular file whose owner, group and mode a new file can take:
//!   the answers go to a temporary file beside FILE (`.sudoku-XXXXXX.tmp`, short, so any legal
//!   name works), which takes FILE's owner, group and mode and is renamed onto FILE when the
//!   run has written everything.
//! - **In place.** A regular file that a rename would change in a way `>` does not: its owner
//!   cannot be given to a new file (another user's file that we may write), it has other hard
//!   links, or its directory does not let us make the temporary file (or rename onto FILE, as
//!   in a sticky directory, or onto a file mounted on its own). The answers go to a temporary
//!   file beside FILE as above (or, when FILE's directory is not ours to write, an unnamed one
//!   in `$TMPDIR`, whose errors name it), copied into FILE at the end: FILE keeps its inode,
//!   owner, links and mode, as with `>`, and is still touched only once the run is done.
//!
//! So FILE is only changed when the run ends, and may also be one of the inputs. A failure to
//! make, write or put the file in place exits 5 with one message naming the path, leaves FILE as
//! it was and removes the temporary file; so does SIGINT, SIGTERM or SIGHUP, after which the
//! process ends by that signal, as it would have without `-o`. A quiet run (`-q`) prints
//! nothing, so FILE is left exactly as it was: not made, not emptied.

use std::fs::{self, File};
use std::io::{self, BufWriter, Seek, Write};

use anyhow::Context;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

use sudoku_cli::exit::Exit;
use sudoku_cli::input::escape_path;

/// The output of a run.
pub enum Sink {
    /// Standard output, named `stdout` in its errors.
    Stdout(BufWriter<Named>),
    /// `-q -o FILE`: nothing is printed, so FILE is not touched.
    Nothing(io::Sink),
    /// `-o FILE`.
    File {
        /// What the run writes to, naming FILE in its errors.
        out: BufWriter<Named>,
        /// How the written answers reach FILE.
        end: End,
    },
}

/// A writer that names FILE in its errors, remembers whether one happened (so it is reported
/// once), and counts what was written.
pub struct Named {
    inner: Box<dyn Write + Send>,
    shown: String,
    failed: Option<io::ErrorKind>,
    written: u64,
}

impl Named {
    fn new(inner: Box<dyn Write + Send>, shown: &str) -> Named {
        Named {
            inner,
            shown: shown.to_string(),
            failed: None,
            written: 0,
        }
    }

    fn checked<T>(&mut self, result: io::Result<T>) -> io::Result<T> {
        result.map_err(|e| {
            self.failed = Some(e.kind());
            named(&self.shown, &e)
        })
    }
}

impl Write for Named {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = self.inner.write(buf);
        let n = self.checked(result)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.inner.flush();
        self.checked(result)
    }
}

/// `e` with the path it happened to: `PATH: reason`, so that the runner's one message,
/// `cannot write output: PATH: reason`, names it.
fn named(shown: &str, e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{shown}: {e}"))
}

/// How the answers reach FILE when the run ends.
pub enum End {
    /// They are in it already (a descriptor, a device, a pipe).
    Direct {
        /// Whether it is a terminal.
        terminal: bool,
    },
    /// The temporary file beside FILE is renamed onto it.
    Rename {
        /// The temporary file, removed unless it was renamed.
        temp: Temp,
        /// The written answers (the same file as `temp`).
        file: File,
        /// FILE, the link chain resolved.
        target: PathBuf,
        /// FILE opened for writing, when it exists: a rename that is refused (a sticky
        /// directory, a file mounted on its own) falls back to writing in place.
        existing: Option<File>,
    },
    /// The temporary file is copied into FILE.
    InPlace {
        /// The written answers.
        file: File,
        /// FILE, opened for writing (not truncated).
        existing: File,
        /// The temporary file's name beside FILE, removed at the end; `None` for an unnamed
        /// one in the system's temporary directory (FILE's directory is not ours to write).
        temp: Option<Temp>,
    },
}

impl Sink {
    /// Stdout (no path, or `-`), nothing (`quiet`: FILE is not touched), or FILE by the route
    /// it needs; the error says why FILE cannot be written.
    pub fn open(path: Option<&Path>, quiet: bool) -> anyhow::Result<Sink> {
        let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
            let stdout = Named::new(crate::stdout::raw(), "stdout");
            return Ok(Sink::Stdout(BufWriter::with_capacity(1 << 16, stdout)));
        };
        if quiet {
            return Ok(Sink::Nothing(io::sink()));
        }
        let shown = escape_path(path);
        let fail = || format!("cannot write output: {shown}");
        let (inner, end): (Box<dyn Write + Send>, End) = match resolve(path).with_context(fail)? {
            Resolved::Descriptor(fd) => descriptor(fd).with_context(fail)?,
            Resolved::Path(target) => route(target).with_context(fail)?,
        };
        Ok(Sink::File {
            out: BufWriter::with_capacity(1 << 16, Named::new(inner, &shown)),
            end,
        })
    }

    /// The writer the run writes to.
    pub fn writer(&mut self) -> &mut (dyn Write + Send) {
        match self {
            Sink::Stdout(out) => out,
            Sink::Nothing(out) => out,
            Sink::File { out, .. } => out,
        }
    }

    /// Whether the answers would reach a terminal.
    pub fn is_terminal(&self) -> bool {
        use std::io::IsTerminal;
        match self {
            Sink::Stdout(_) => io::stdout().is_terminal(),
            Sink::Nothing(_) => false,
            Sink::File { end, .. } => matches!(end, End::Direct { terminal: true }),
        }
    }

    /// Ends the output of a run that exits `exit`: FILE gets what was written, unless nothing
    /// was and `keep_empty` is false (a PDF with no page is no PDF: FILE is left as it was).
    /// The exit code: 5 when the runner already said why FILE could not be written; the error,
    /// naming the path, when FILE cannot be put in place now.
    pub fn close(self, exit: Exit, keep_empty: bool) -> anyhow::Result<Exit> {
        let (out, end) = match self {
            // The run flushed stdout already, or gave up on it.
            Sink::Stdout(_) | Sink::Nothing(_) => return Ok(exit),
            Sink::File { out, end } => (out, end),
        };
        match out.get_ref().failed {
            // A reader that closed early (a named pipe): the run ended quietly, with the exit
            // code it chose.
            Some(io::ErrorKind::BrokenPipe) => return Ok(exit),
            // The runner said why; a temporary file goes with `end`.
            Some(_) => return Ok(Exit::Io),
            None => {}
        }
        let shown = out.get_ref().shown.clone();
        let written = out
            .into_inner()
            .map_err(|e| e.into_error())
            .context("cannot write output")?
            .written;
        if written == 0 && !keep_empty {
            return Ok(exit);
        }
        let done = match end {
            End::Direct { .. } => Ok(()),
            End::Rename {
                temp,
                file,
                target,
                existing,
            } => rename(temp, file, &target, existing),
            // The temporary file beside FILE goes once FILE has the answers.
            End::InPlace {
                file,
                existing,
                temp: _temp,
            } => in_place(file, existing),
        };
        done.with_context(|| format!("cannot write output: {shown}"))?;
        Ok(exit)
    }
}

/// FILE with its chain of links resolved.
enum Resolved {
    /// A descriptor of this process.
    Descriptor(i32),
    /// The path that is written: no link (it may not exist yet).
    Path(PathBuf),
}

/// Links followed before giving up, as the system's own limit (ELOOP) does.
const MAX_LINKS: usize = 40;

/// Follows `path`'s links to the file they name, stopping at a descriptor of this process.
fn resolve(path: &Path) -> io::Result<Resolved> {
    let descriptors = descriptor_dirs();
    let mut here = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        if let Some(fd) = descriptor_of(&here, &descriptors) {
            return Ok(Resolved::Descriptor(fd));
        }
        match fs::symlink_metadata(&here) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = fs::read_link(&here)?;
                here = match here.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            Ok(_) => return Ok(Resolved::Path(here)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Resolved::Path(here)),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The directories whose entries are this process's descriptors, as the system names them
/// once links are resolved (`/dev/fd` and `/proc/self/fd` are `/proc/PID/fd` on Linux).
fn descriptor_dirs() -> Vec<PathBuf> {
    ["/dev/fd", "/proc/self/fd", "/proc/thread-self/fd"]
        .iter()
        .filter_map(|d| fs::canonicalize(d).ok())
        .collect()
}

/// The descriptor `path` names: a number in one of `dirs`.
fn descriptor_of(path: &Path, dirs: &[PathBuf]) -> Option<i32> {
    let name = path.file_name()?.to_str()?;
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let fd: i32 = name.parse().ok()?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let dir = fs::canonicalize(dir).ok()?;
    dirs.contains(&dir).then_some(fd)
}

/// A writer on descriptor `fd` of this process: standard output as the process found it, or a
/// duplicate of the descriptor.
#[cfg(unix)]
fn descriptor(fd: i32) -> io::Result<(Box<dyn Write + Send>, End)> {
    use std::io::IsTerminal;
    use std::os::fd::{FromRawFd, OwnedFd};
    open_for_writing(fd)?;
    if fd == 1 {
        let terminal = io::stdout().is_terminal();
        return Ok((crate::stdout::raw(), End::Direct { terminal }));
    }
    // SAFETY: `fcntl(F_DUPFD_CLOEXEC)` takes two integers and touches no memory; on a
    // descriptor that is not open it fails with EBADF and changes nothing.
    let copy = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
    if copy < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `copy` is a descriptor that `fcntl` has just opened for this process and handed
    // to no one else, so the `OwnedFd` is its only owner and closes it once.
    let file = File::from(unsafe { OwnedFd::from_raw_fd(copy) });
    let terminal = file.is_terminal();
    Ok((Box::new(file), End::Direct { terminal }))
}

/// Refuses descriptor `fd` when it is not open for writing: a standard descriptor (0, 1, 2)
/// closed when the process started (the runtime put `/dev/null` in its place, so the answers
/// would vanish with exit 0), or one open for reading only (on Linux, whose
/// `/proc/self/fdinfo` says so; elsewhere the first write fails, exit 5 all the same).
#[cfg(unix)]
fn open_for_writing(fd: i32) -> io::Result<()> {
    if crate::stdout::closed_at_start(fd) {
        let e = io::Error::from_raw_os_error(libc::EBADF);
        return Err(io::Error::new(
            e.kind(),
            format!("descriptor {fd} was closed when sudoku started ({e})"),
        ));
    }
    if cfg!(target_os = "linux") {
        let flags = fs::read_to_string(format!("/proc/self/fdinfo/{fd}"))
            .ok()
            .and_then(|info| {
                info.lines()
                    .find_map(|line| line.strip_prefix("flags:"))
                    .and_then(|flags| i32::from_str_radix(flags.trim(), 8).ok())
            });
        if flags.is_some_and(|f| f & libc::O_ACCMODE == libc::O_RDONLY) {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!("descriptor {fd} is open for reading only, not for writing"),
            ));
        }
    }
    Ok(())
}

#[cfg(not(unix))]
fn descriptor(_fd: i32) -> io::Result<(Box<dyn Write + Send>, End)> {
    Err(io::Error::other("descriptors are not files here"))
}

/// The route to `target` (links resolved): direct for what is no regular file, else rename or
/// in place. Refuses what `>` refuses.
fn route(target: PathBuf) -> io::Result<(Box<dyn Write + Send>, End)> {
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if target.file_name().is_none() {
        return Err(io::Error::other("it names no file"));
    }
    let meta = match fs::metadata(&target) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let Some(meta) = meta else {
        // A new file, as `>` makes it (its mode 0666 less the umask).
        let (temp, file) = Temp::beside(&dir, 0o666)?;
        return rename_route(temp, file, target, None);
    };
    if meta.is_dir() {
        return Err(is_a_directory());
    }
    // Opened for writing, not truncated: what `>` would be refused is refused here, before
    // anything is written.
    let existing = fs::OpenOptions::new().write(true).open(&target)?;
    if !meta.is_file() {
        // A device, a named pipe: written as it is, never replaced.
        use std::io::IsTerminal;
        let terminal = existing.is_terminal();
        return Ok((Box::new(existing), End::Direct { terminal }));
    }
    if !keeps_by_rename(&meta) {
        return in_place_route(existing, &dir);
    }
    // Made private, so no one can open it before it takes FILE's mode.
    let Ok((temp, file)) = Temp::beside(&dir, 0o600) else {
        // The directory is not ours to write; the file is.
        return in_place_route(existing, &dir);
    };
    if take_owner_and_mode(&file, &meta).is_err() {
        // Another user's file that we may write: a new file cannot be theirs.
        drop(temp);
        return in_place_route(existing, &dir);
    }
    rename_route(temp, file, target, Some(existing))
}

fn rename_route(
    temp: Temp,
    file: File,
    target: PathBuf,
    existing: Option<File>,
) -> io::Result<(Box<dyn Write + Send>, End)> {
    let writer = file.try_clone()?;
    Ok((
        Box::new(writer),
        End::Rename {
            temp,
            file,
            target,
            existing,
        },
    ))
}

/// The answers go to a temporary file, copied into FILE at the end: one beside FILE, as the
/// rename route makes it (so the room it takes is on FILE's disk, and an error in writing it
/// is FILE's disk's); where FILE's directory is not ours to write, an unnamed one in the
/// system's temporary directory, whose errors name that directory.
fn in_place_route(existing: File, dir: &Path) -> io::Result<(Box<dyn Write + Send>, End)> {
    if let Ok((temp, file)) = Temp::beside(dir, 0o600) {
        let writer = file.try_clone()?;
        let end = End::InPlace {
            file,
            existing,
            temp: Some(temp),
        };
        return Ok((Box::new(writer), end));
    }
    watch_signals();
    let place = escape_path(&std::env::temp_dir());
    let file = tempfile::tempfile().map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot make a temporary file in {place}: {e}"),
        )
    })?;
    let writer = Elsewhere {
        file: file.try_clone()?,
        place,
    };
    let end = End::InPlace {
        file,
        existing,
        temp: None,
    };
    Ok((Box::new(writer), end))
}

/// The temporary file in the system's temporary directory: its errors say where it is, so a
/// full temporary directory is not taken for FILE's disk.
struct Elsewhere {
    file: File,
    place: String,
}

impl Elsewhere {
    fn named<T>(&self, result: io::Result<T>) -> io::Result<T> {
        result.map_err(|e| {
            io::Error::new(
                e.kind(),
                format!(
                    "{e} (in the temporary copy in {}, since FILE's directory is not ours to write)",
                    self.place
                ),
            )
        })
    }
}

impl Write for Elsewhere {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = self.file.write(buf);
        self.named(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.file.flush();
        self.named(result)
    }
}

#[cfg(unix)]
fn is_a_directory() -> io::Error {
    io::Error::from_raw_os_error(libc::EISDIR)
}

#[cfg(not(unix))]
fn is_a_directory() -> io::Error {
    io::Error::other("is a directory")
}

/// Whether a file renamed onto this one can be what `>` would leave: false when it has other
/// hard links (a rename parts them).
#[cfg(unix)]
fn keeps_by_rename(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    meta.nlink() <= 1
}

#[cfg(not(unix))]
fn keeps_by_rename(_meta: &fs::Metadata) -> bool {
    true
}

/// Gives the temporary file the owner, group and mode of the file it will replace (the owner
/// first: changing it may clear the set-id bits).
#[cfg(unix)]
fn take_owner_and_mode(file: &File, meta: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let own = file.metadata()?;
    if (own.uid(), own.gid()) != (meta.uid(), meta.gid()) {
        std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()))?;
    }
    file.set_permissions(fs::Permissions::from_mode(meta.mode() & 0o7777))
}

#[cfg(not(unix))]
fn take_owner_and_mode(file: &File, meta: &fs::Metadata) -> io::Result<()> {
    file.set_permissions(meta.permissions())
}

/// Renames the finished temporary file onto `target`; where the rename is refused and FILE
/// exists (a sticky directory, a file mounted on its own, where `>` still works), copies the
/// answers into it instead.
fn rename(temp: Temp, file: File, target: &Path, existing: Option<File>) -> io::Result<()> {
    file.sync_all()?;
    let mut pending = pending();
    match fs::rename(&temp.path, target) {
        Ok(()) => {
            temp.kept(&mut pending);
            Ok(())
        }
        Err(e) => {
            // The temporary file goes (its answers stay readable through `file`).
            drop(pending);
            drop(temp);
            match existing {
                Some(existing) => in_place(file, existing),
                None => Err(e),
            }
        }
    }
}

/// Writes the answers in `file` over `existing`'s content, then cuts it to their length. The
/// lock keeps a signal from ending the process half-way.
fn in_place(mut file: File, mut existing: File) -> io::Result<()> {
    let _pending = pending();
    let broken = |e: io::Error| {
        io::Error::new(
            e.kind(),
            format!("{e} (while writing it in place: the file may be incomplete)"),
        )
    };
    file.rewind()?;
    existing.rewind().map_err(broken)?;
    let length = io::copy(&mut file, &mut existing).map_err(broken)?;
    existing.set_len(length).map_err(broken)?;
    existing.flush().map_err(broken)
}

/// The temporary file beside FILE: removed when dropped, unless renamed, and by the signal
/// watcher when the run is cut short.
pub struct Temp {
    path: PathBuf,
}

/// The temporary file that a signal must remove; its lock is held while FILE is changed, so a
/// signal never ends the process half-way through.
static PENDING: Mutex<Option<PathBuf>> = Mutex::new(None);

fn pending() -> MutexGuard<'static, Option<PathBuf>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

impl Temp {
    /// A new empty file in `dir` with a short name of its own, open for reading and writing,
    /// made with `mode` (less the umask).
    fn beside(dir: &Path, mode: u32) -> io::Result<(Temp, File)> {
        watch_signals();
        let mut pending = pending();
        let mut last = None;
        for attempt in 0..64u64 {
            let path = dir.join(format!(".sudoku-{}.tmp", tag(attempt)));
            let mut options = fs::OpenOptions::new();
            options.read(true).write(true).create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
            #[cfg(not(unix))]
            let _ = mode;
            match options.open(&path) {
                Ok(file) => {
                    *pending = Some(path.clone());
                    return Ok((Temp { path }, file));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
    }

    /// The file was renamed onto FILE: nothing to remove.
    fn kept(mut self, pending: &mut Option<PathBuf>) {
        *pending = None;
        self.path = PathBuf::new();
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if self.path.as_os_str().is_empty() {
            return;
        }
        let _ = fs::remove_file(&self.path);
        let mut pending = pending();
        if pending.as_deref() == Some(self.path.as_path()) {
            *pending = None;
        }
    }
}

/// Six letters and digits drawn from the system's randomness (the standard library's hasher
/// keys) and `attempt`.
fn tag(attempt: u64) -> String {
    use std::hash::{BuildHasher, Hasher};
    const SYMBOLS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(attempt);
    hasher.write_u32(std::process::id());
    let mut x = hasher.finish();
    (0..6)
        .map(|_| {
            let c = SYMBOLS[(x % SYMBOLS.len() as u64) as usize] as char;
            x /= SYMBOLS.len() as u64;
            c
        })
        .collect()
}

/// From now on, SIGINT, SIGTERM and SIGHUP remove the temporary file (waiting for FILE to be
/// written whole when it is being written) and then end the process by the same signal, so
/// the caller sees the status it would have seen without `-o`.
#[cfg(unix)]
fn watch_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    static WATCH: Once = Once::new();
    WATCH.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            // The signals keep their default action: a temporary file may be left behind.
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let mut pending = pending();
                if let Some(path) = pending.take() {
                    let _ = fs::remove_file(path);
                }
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                // Not reached: the default action of these signals ends the process.
                std::process::exit(128 + signal);
            }
        });
    });
}

#[cfg(not(unix))]
fn watch_signals() {}
