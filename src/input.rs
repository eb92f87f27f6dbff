//! Where puzzles come from: stdin, files, directories (in byte order of names, optionally
//! recursive, optionally filtered by globs), and puzzles typed as arguments, turned into a
//! stream of [`Unit`]s — one per puzzle or per problem — in input order.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use globset::{Glob, GlobSet, GlobSetBuilder};
use thiserror::Error;

use sudoku_solver::{OtherBoard, ParseError, Parser, Puzzle, Shape, Symbols};

/// The name stdin goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// One answerable piece of input: it gets exactly one slot in the output.
#[derive(Debug)]
pub enum Unit {
    /// A puzzle, with the path it came from.
    Puzzle {
        /// Display name of the input.
        path: Arc<str>,
        /// The puzzle and its line.
        puzzle: Puzzle,
    },
    /// Malformed input where a puzzle was expected.
    Invalid {
        /// Display name of the input.
        path: Arc<str>,
        /// What is wrong, and where.
        error: ParseError,
    },
    /// An input that holds no puzzle at all.
    NoPuzzle {
        /// Display name of the input.
        path: Arc<str>,
        /// Why nothing was found.
        reason: String,
    },
    /// Something worth knowing about an input that is neither a puzzle nor an error, and takes
    /// no slot: boards of other sizes it holds and that were passed over.
    Note {
        /// Display name of the input.
        path: Arc<str>,
        /// What to say.
        message: String,
    },
    /// An input that cannot be read (or stopped being readable at `line`).
    Unreadable {
        /// Display name of the input.
        path: Arc<str>,
        /// The last line read before the error, if reading had started.
        line: Option<usize>,
        /// The system's reason.
        error: io::Error,
    },
}

impl Unit {
    /// The display name of the input this unit came from.
    pub fn path_mut(&mut self) -> &mut Arc<str> {
        match self {
            Unit::Puzzle { path, .. }
            | Unit::Invalid { path, .. }
            | Unit::NoPuzzle { path, .. }
            | Unit::Note { path, .. }
            | Unit::Unreadable { path, .. } => path,
        }
    }
}

/// Which files found in directories are read: `-g/--glob` patterns, as ripgrep and fd take
/// them. A file is read when it matches some include pattern (or there is none) and no exclude
/// pattern (`!` first); an excluded directory is not entered. A pattern with a `/` is matched
/// against the path below the directory named on the command line, one without against the
/// name alone. Files named on the command line are always read.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    include: Option<GlobSet>,
    exclude: Option<GlobSet>,
    include_paths: Option<GlobSet>,
    exclude_paths: Option<GlobSet>,
}

/// A glob that cannot be read.
#[derive(Debug, Error)]
#[error("bad glob '{glob}': {reason}")]
pub struct FilterError {
    glob: String,
    reason: String,
}

impl Filter {
    /// The filter of these patterns (none: every file).
    pub fn new(globs: &[String]) -> Result<Filter, FilterError> {
        let mut sets: [Option<GlobSetBuilder>; 4] = Default::default();
        for text in globs {
            let (exclude, pattern) = match text.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, text.as_str()),
            };
            let glob = Glob::new(pattern).map_err(|e| FilterError {
                glob: text.clone(),
                reason: e.kind().to_string(),
            })?;
            let slot = usize::from(exclude) + 2 * usize::from(pattern.contains('/'));
            sets[slot].get_or_insert_with(GlobSetBuilder::new).add(glob);
        }
        let [include, exclude, include_paths, exclude_paths] =
            sets.map(|b| b.map(|b| b.build().expect("globs that parsed build")));
        Ok(Filter {
            include,
            exclude,
            include_paths,
            exclude_paths,
        })
    }

    /// Whether to read (or, for a directory, enter) `relative`, a path below a named directory.
    fn admits(&self, relative: &Path, is_dir: bool) -> bool {
        let name = relative.file_name().map(Path::new).unwrap_or(relative);
        let excluded = self.exclude.as_ref().is_some_and(|g| g.is_match(name))
            || self
                .exclude_paths
                .as_ref()
                .is_some_and(|g| g.is_match(relative));
        if excluded {
            return false;
        }
        if is_dir || self.include.is_none() && self.include_paths.is_none() {
            return true;
        }
        self.include.as_ref().is_some_and(|g| g.is_match(name))
            || self
                .include_paths
                .as_ref()
                .is_some_and(|g| g.is_match(relative))
    }
}

/// The name a puzzle given as the `n`-th argument goes by: `arg n`.
pub fn argument_name(n: usize) -> String {
    format!("arg {n}")
}

/// One input to read.
enum Input {
    Stdin,
    File(PathBuf),
    /// A puzzle typed as argument `n` (1-based).
    Argument(usize, Box<Puzzle>),
    Unreadable(PathBuf, io::Error),
    /// A directory named on the command line that gave no file, and what was passed over in it.
    EmptyDir(PathBuf, Skipped),
}

/// What a walk passed over: files the globs left out, hidden entries, and subdirectories not
/// entered without `-r`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Skipped {
    yielded: usize,
    filtered: usize,
    hidden: usize,
    subdirs: usize,
}

impl Skipped {
    /// What was passed over since `before`.
    fn since(self, before: Skipped) -> Skipped {
        Skipped {
            yielded: self.yielded - before.yielded,
            filtered: self.filtered - before.filtered,
            hidden: self.hidden - before.hidden,
            subdirs: self.subdirs - before.subdirs,
        }
    }

    /// Why a directory gave no puzzle file, from what was passed over in it.
    fn reason(self) -> String {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut parts = Vec::new();
        if self.filtered > 0 {
            parts.push(format!(
                "the globs (-g) left out {}",
                plural(self.filtered, "file", "files")
            ));
        }
        if self.hidden > 0 {
            parts.push(format!(
                "{} skipped",
                plural(self.hidden, "hidden entry is", "hidden entries are")
            ));
        }
        if self.subdirs > 0 {
            parts.push(format!(
                "{} entered only with -r",
                plural(self.subdirs, "subdirectory is", "subdirectories are")
            ));
        }
        if parts.is_empty() {
            "no puzzle files in this directory: it is empty".to_string()
        } else {
            format!("no puzzle files in this directory: {}", parts.join("; "))
        }
    }
}

enum Pending {
    /// A path named on the command line as argument `n` (followed if a symlink; any kind of
    /// file is read).
    Explicit(PathBuf, usize),
    /// An entry found in a directory (regular files only; symlinks to directories are not
    /// followed, so a walk can never loop), and the directory named on the command line.
    Entry(PathBuf, Arc<Path>),
    /// The end of a directory named on the command line, and what the walk had passed over
    /// before it.
    EndOfDir(PathBuf, Skipped),
}

/// Expands paths into inputs lazily, so a huge tree is not listed up front.
struct Walker {
    stack: Vec<Pending>,
    recursive: bool,
    filter: Filter,
    skipped: Skipped,
}

impl Walker {
    fn new(paths: &[PathBuf], recursive: bool, filter: &Filter) -> Self {
        let mut stack: Vec<Pending> = paths
            .iter()
            .enumerate()
            .rev()
            .map(|(i, path)| Pending::Explicit(path.clone(), i + 1))
            .collect();
        if paths.is_empty() {
            stack.push(Pending::Explicit(PathBuf::from("-"), 1));
        }
        Walker {
            stack,
            recursive,
            filter: filter.clone(),
            skipped: Skipped::default(),
        }
    }

    fn next(&mut self) -> Option<Input> {
        let input = self.next_input()?;
        if !matches!(input, Input::EmptyDir(..)) {
            self.skipped.yielded += 1;
        }
        Some(input)
    }

    fn next_input(&mut self) -> Option<Input> {
        while let Some(pending) = self.stack.pop() {
            let (path, explicit, root) = match pending {
                Pending::Explicit(path, _) if path.as_os_str() == "-" => return Some(Input::Stdin),
                Pending::Explicit(path, n) => match fs::metadata(&path) {
                    // A name that is no file but reads as one puzzle is that puzzle, whatever
                    // the file system said of it (a 729-character pencilmark line is a name too
                    // long for it, not a missing file).
                    Err(e) => match as_puzzle(&path) {
                        Ok(puzzle) => return Some(Input::Argument(n, Box::new(puzzle))),
                        Err(Some(why)) => {
                            let e =
                                io::Error::new(e.kind(), format!("{e}; read as a puzzle, {why}"));
                            return Some(Input::Unreadable(path, e));
                        }
                        Err(None) => return Some(Input::Unreadable(path, e)),
                    },
                    _ => {
                        let root: Arc<Path> = Arc::from(path.as_path());
                        (path, true, root)
                    }
                },
                Pending::Entry(path, root) => (path, false, root),
                Pending::EndOfDir(path, before) => {
                    let inside = self.skipped.since(before);
                    if inside.yielded == 0 {
                        return Some(Input::EmptyDir(path, inside));
                    }
                    continue;
                }
            };
            let meta = if explicit {
                fs::metadata(&path)
            } else {
                fs::symlink_metadata(&path)
            };
            let meta = match meta {
                Ok(meta) => meta,
                Err(e) => return Some(Input::Unreadable(path, e)),
            };
            let relative = || path.strip_prefix(&root).unwrap_or(&path);
            if meta.is_dir() {
                if !explicit && !self.recursive {
                    self.skipped.subdirs += 1;
                }
                if explicit || self.recursive && self.filter.admits(relative(), true) {
                    if explicit {
                        self.stack
                            .push(Pending::EndOfDir(path.clone(), self.skipped));
                    }
                    if let Err(e) = self.push_entries(&path, Arc::clone(&root)) {
                        if explicit {
                            self.stack.pop();
                        }
                        return Some(Input::Unreadable(path, e));
                    }
                }
                continue;
            }
            if explicit {
                return Some(Input::File(path));
            }
            if !self.filter.admits(relative(), false) {
                self.skipped.filtered += 1;
                continue;
            }
            if meta.is_file() {
                return Some(Input::File(path));
            }
            if meta.is_symlink() {
                // A link found in a directory: read it if it leads to a regular file.
                match fs::metadata(&path) {
                    Ok(target) if target.is_file() => return Some(Input::File(path)),
                    Ok(_) => continue,
                    Err(e) => return Some(Input::Unreadable(path, e)),
                }
            }
            // FIFOs, sockets and devices inside a directory are not puzzle files.
        }
        None
    }

    /// Pushes the non-hidden entries of `dir`, so that they pop in byte order of their names.
    fn push_entries(&mut self, dir: &Path, root: Arc<Path>) -> io::Result<()> {
        let mut names: Vec<OsString> = Vec::new();
        for entry in fs::read_dir(dir)? {
            let name = entry?.file_name();
            if name.as_encoded_bytes().starts_with(b".") {
                self.skipped.hidden += 1;
            } else {
                names.push(name);
            }
        }
        names.sort_by(|a, b| a.as_encoded_bytes().cmp(b.as_encoded_bytes()));
        self.stack.extend(
            names
                .into_iter()
                .rev()
                .map(|n| Pending::Entry(dir.join(n), Arc::clone(&root))),
        );
        Ok(())
    }
}

/// The open input and what has been read of it.
struct Current {
    path: Arc<str>,
    parser: Parser<Box<dyn Read + Send>>,
    items: usize,
}

/// Every unit of every input, in order.
pub struct Units {
    walker: Walker,
    current: Option<Current>,
    bytes: Arc<AtomicU64>,
    stdin: Stdin,
    keep_text: bool,
    sizes: SizeReading,
}

/// How boards of other sizes than 9x9 are read (every command reads them, in their slots; the
/// ones that take 9x9 boards only answer them with a refusal): the symbols and the box asked
/// for, each in place of what the reader would pick for boards of its size.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SizeReading {
    /// `--symbols`: the digits' symbols of boards as wide as there are symbols.
    pub symbols: Option<Symbols>,
    /// `--box RxC`: the box of boards R x C wide.
    pub box_shape: Option<Shape>,
}

/// What stdin is called, and the number of its first line: a part of a larger input (a shard
/// that GNU parallel cut from a file) can be answered as that file would be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stdin {
    /// The name in sources and messages ([`STDIN_NAME`] unless set), escaped there as a path
    /// is.
    pub name: Arc<str>,
    /// The number of stdin's first line.
    pub first_line: usize,
}

impl Default for Stdin {
    fn default() -> Self {
        Stdin {
            name: Arc::from(STDIN_NAME),
            first_line: 1,
        }
    }
}

/// A reader that adds what it reads to a shared counter, for progress reports.
struct Counting<R> {
    inner: R,
    bytes: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// The total size of the inputs, when every one is a regular file (so progress can be shown as
/// a fraction); `None` when stdin or a stream is among them.
pub fn total_bytes(paths: &[PathBuf], recursive: bool, filter: &Filter) -> Option<u64> {
    let mut walker = Walker::new(paths, recursive, filter);
    let mut total = 0;
    while let Some(input) = walker.next() {
        match input {
            Input::Stdin => return None,
            Input::File(path) => {
                let meta = fs::metadata(&path).ok()?;
                if !meta.is_file() {
                    return None;
                }
                total += meta.len();
            }
            Input::Unreadable(..) | Input::EmptyDir(..) | Input::Argument(..) => {}
        }
    }
    Some(total)
}

impl Units {
    /// The units of `paths` (stdin when empty; `-` is stdin), descending into subdirectories when
    /// `recursive`, reading the files in directories that `filter` admits.
    pub fn new(paths: &[PathBuf], recursive: bool, filter: &Filter) -> Self {
        Units {
            walker: Walker::new(paths, recursive, filter),
            current: None,
            bytes: Arc::new(AtomicU64::new(0)),
            stdin: Stdin::default(),
            keep_text: false,
            sizes: SizeReading::default(),
        }
    }

    /// Reads boards of other sizes with the symbols and box `sizes` asks for.
    pub fn sizes(mut self, sizes: SizeReading) -> Self {
        self.sizes = sizes;
        self
    }

    /// Names stdin and numbers its lines as `stdin` says. The name is escaped as a path is
    /// ([`escape_path`]), so a line break in it cannot split an answer's line.
    pub fn stdin(mut self, stdin: Stdin) -> Self {
        let name = escape_path(Path::new(&*stdin.name));
        self.stdin = Stdin {
            name: Arc::from(name),
            ..stdin
        };
        self
    }

    /// Keeps each one-line puzzle's line as written (see [`Parser::keeping_text`]).
    pub fn keeping_text(mut self, keep: bool) -> Self {
        self.keep_text = keep;
        self
    }

    /// A parser for one input, keeping text when asked.
    fn parser(
        &self,
        reader: Box<dyn Read + Send>,
        first_line: usize,
    ) -> Parser<Box<dyn Read + Send>> {
        let mut parser = Parser::new(reader).first_line(first_line).reading_sizes();
        if let Some(symbols) = &self.sizes.symbols {
            parser = parser.with_symbols(symbols.clone());
        }
        if let Some(shape) = self.sizes.box_shape {
            parser = parser.with_box(shape);
        }
        if self.keep_text {
            parser.keeping_text()
        } else {
            parser
        }
    }

    /// Adds every byte read from now on to `bytes`, for whoever reports progress.
    pub fn counting(mut self, bytes: Arc<AtomicU64>) -> Self {
        self.bytes = bytes;
        self
    }

    /// True when the next unit may have to wait for input: the caller should flush its output
    /// first, so that answers to a slow stream appear as they are ready.
    pub fn would_read(&self) -> bool {
        self.current.as_ref().is_some_and(|c| c.parser.would_read())
    }

    /// Opens an input to read it, or gives the one unit it is (a puzzle typed as an argument, or
    /// a problem).
    fn open(&mut self, input: Input) -> Result<(), Box<Unit>> {
        let (path, reader): (PathBuf, Box<dyn Read + Send>) = match input {
            Input::Argument(n, puzzle) => {
                return Err(Box::new(Unit::Puzzle {
                    path: Arc::from(argument_name(n)),
                    puzzle: *puzzle,
                }))
            }
            Input::Stdin => {
                let reader = Box::new(Counting {
                    // Unlocked, so the parser may move between threads; it reads in large blocks.
                    inner: io::stdin(),
                    bytes: Arc::clone(&self.bytes),
                });
                self.current = Some(Current {
                    path: Arc::clone(&self.stdin.name),
                    parser: self.parser(reader, self.stdin.first_line),
                    items: 0,
                });
                return Ok(());
            }
            Input::Unreadable(path, error) => {
                return Err(Box::new(Unit::Unreadable {
                    path: display(&path),
                    line: None,
                    error,
                }))
            }
            Input::EmptyDir(path, skipped) => {
                return Err(Box::new(Unit::NoPuzzle {
                    path: display(&path),
                    reason: skipped.reason(),
                }))
            }
            Input::File(path) => match File::open(&path) {
                Ok(file) => (
                    path,
                    Box::new(Counting {
                        inner: file,
                        bytes: Arc::clone(&self.bytes),
                    }),
                ),
                Err(error) => {
                    return Err(Box::new(Unit::Unreadable {
                        path: display(&path),
                        line: None,
                        error,
                    }))
                }
            },
        };
        self.current = Some(Current {
            path: display(&path),
            parser: self.parser(reader, 1),
            items: 0,
        });
        Ok(())
    }
}

/// The one puzzle a command-line argument spells, if it spells exactly one and nothing else
/// (a path that does not exist is read this way before it is called missing). Its line is 0:
/// its source is the argument itself. When it fails but looks like an attempt at a puzzle (no
/// `/`, and mostly cells), the error says what is wrong with it.
fn as_puzzle(path: &Path) -> Result<Puzzle, Option<String>> {
    let text = path.to_str().ok_or(None)?;
    let mut items = Vec::new();
    // Reading from a string cannot fail.
    let mut parser = Parser::new(text.as_bytes()).reading_sizes();
    while let Ok(Some(item)) = parser.next_item() {
        items.push(item);
    }
    match (items.pop(), items.is_empty()) {
        (Some(Ok(puzzle)), true) => Ok(puzzle.with_line(0)),
        (Some(Err(e)), true) => {
            let cells = text
                .bytes()
                .filter(|b| b.is_ascii_digit() || *b == b'.')
                .count();
            let attempt = !text.contains('/') && cells >= 17 && 2 * cells >= text.len();
            Err(attempt.then(|| format!("it is not one either: {}", e.kind)))
        }
        _ => Err(None),
    }
}

/// Why a board of another size the parser saw was passed over: its layout (strings or braces in
/// code) is one the reader of other sizes does not take.
const UNREAD_LAYOUT: &str = "written in a layout read for 9x9 boards only (boards of other \
                             sizes are read from lines, grids, rows of numbers, JSON and CSV)";

/// The boards of other sizes an input holds, in words (`2 boards of other sizes: 4x4 at line 3,
/// 16x16 at line 20`), or `None`.
fn other_sizes(boards: &[OtherBoard]) -> Option<String> {
    const SHOWN: usize = 5;
    let (first, _) = boards.split_first()?;
    let mut text = if boards.len() == 1 {
        let a = if first.width == 8 { "an" } else { "a" };
        format!("{a} {w}x{w} board at line {}", first.line, w = first.width)
    } else {
        let places: Vec<String> = boards
            .iter()
            .take(SHOWN)
            .map(|b| format!("{w}x{w} at line {}", b.line, w = b.width))
            .collect();
        format!(
            "{} boards of other sizes: {}",
            boards.len(),
            places.join(", ")
        )
    };
    if boards.len() > SHOWN {
        text.push_str(", ...");
    }
    Some(text)
}

fn display(path: &Path) -> Arc<str> {
    Arc::from(escape_path(path))
}

/// A path as it is printed in every message and source: printable characters as they are, and,
/// as `ls -b` does, a backslash escape for everything that could break a line or reach the
/// terminal as a control sequence: `\n`, `\t`, `\r`, `\\` for a backslash, `\xHH`
/// for other control characters and for bytes that are not UTF-8, `\u{HHHH}` for other
/// non-printing characters (C1 controls, bidirectional overrides, line separators). So one
/// answer is always one line, whatever the file is called.
pub fn escape_path(path: &Path) -> String {
    let mut out = String::new();
    for chunk in path.as_os_str().as_encoded_bytes().utf8_chunks() {
        for ch in chunk.valid().chars() {
            match ch {
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                c if (c as u32) < 0x20 || c == '\u{7f}' => {
                    out.push_str(&format!("\\x{:02x}", c as u32));
                }
                c if c.is_control() || is_invisible_format(c) => {
                    out.push_str(&format!("\\u{{{:04x}}}", c as u32));
                }
                c => out.push(c),
            }
        }
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// Format characters that change how a terminal shows the rest of a line: bidirectional
/// embeddings, overrides and isolates, and the line and paragraph separators.
fn is_invisible_format(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

impl Iterator for Units {
    type Item = Unit;

    fn next(&mut self) -> Option<Unit> {
        loop {
            let Some(current) = &mut self.current else {
                let input = self.walker.next()?;
                if let Err(unit) = self.open(input) {
                    return Some(*unit);
                }
                continue;
            };
            match current.parser.next_item() {
                Ok(Some(item)) => {
                    current.items += 1;
                    let path = current.path.clone();
                    return Some(match item {
                        Ok(puzzle) => Unit::Puzzle { path, puzzle },
                        Err(error) => Unit::Invalid { path, error },
                    });
                }
                Ok(None) => {
                    let current = self.current.take().expect("an input is open");
                    let others = other_sizes(current.parser.other_sizes());
                    if current.items == 0 {
                        let reason = match others {
                            Some(others) => {
                                format!("no 9x9 puzzle found: it holds {others}, {UNREAD_LAYOUT}")
                            }
                            None => current.parser.no_puzzle(),
                        };
                        return Some(Unit::NoPuzzle {
                            path: current.path,
                            reason,
                        });
                    }
                    if let Some(others) = others {
                        return Some(Unit::Note {
                            path: current.path,
                            message: format!("note: {others}, passed over: {UNREAD_LAYOUT}"),
                        });
                    }
                }
                Err(error) => {
                    let current = self.current.take().expect("an input is open");
                    let line = current.parser.line();
                    return Some(Unit::Unreadable {
                        path: current.path,
                        line: (line > 0).then_some(line),
                        error,
                    });
                }
            }
        }
    }
}
