//! The batch runner: answers every unit of input in order, on one thread or many, and decides the
//! exit code.
//!
//! With one thread, units are read, solved and written one after another. With more, each worker
//! in turn cuts the next chunk from the input, solves and formats it, and writes every finished
//! chunk that is next in input order (see `in_order`). A fixed number of chunks may be in flight
//! at once, so memory stays bounded whatever the input size, and a chunk is cut short as soon as
//! the input would block, so answers to a slow stream appear before it ends.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::exit::Exit;
use crate::format::{self, Format};
use crate::grid::{Conflict, Grid};
use crate::input::{self, Unit, Units};
use crate::parse::{Layout, Puzzle};
use crate::progress::Progress;
use crate::solver;

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Print a solution. With `unique`, a puzzle with several solutions is a failure.
    Solve {
        /// Require exactly one solution.
        unique: bool,
    },
    /// Say whether each puzzle has no solution, exactly one, or several.
    Check,
    /// Count the solutions of each puzzle, up to `limit`.
    Count {
        /// Stop counting at this many.
        limit: u64,
    },
    /// Print the canonical (minlex) form of each puzzle.
    Canon,
}

/// Everything a run needs to know; built by the command line, free of it.
#[derive(Clone, Debug)]
pub struct Options {
    /// What to do with each puzzle.
    pub command: Command,
    /// How to print answers.
    pub format: Format,
    /// Descend into subdirectories.
    pub recursive: bool,
    /// Worker threads (1 = everything on the calling thread).
    pub threads: usize,
    /// Print nothing; only the exit code speaks.
    pub quiet: bool,
    /// Inputs: files, directories, `-` for stdin; none means stdin.
    pub paths: Vec<PathBuf>,
    /// Show a progress bar on stderr once the work lasts more than half a second.
    pub progress: bool,
    /// Colour the place and kind of each problem on stderr.
    pub color: bool,
    /// Time every puzzle, to name the slowest in [`Report::stats`].
    pub timing: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            command: Command::Solve { unique: false },
            format: Format::Auto,
            recursive: false,
            threads: 1,
            quiet: false,
            paths: Vec::new(),
            progress: false,
            color: false,
            timing: false,
        }
    }
}

/// Counts of what happened, for the exit code and the `--stats` summary.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Puzzles read (not counting malformed input).
    pub puzzles: u64,
    /// Puzzles solved (for `check`: with exactly one solution; for `count`: counted).
    pub solved: u64,
    /// Puzzles with no solution.
    pub no_solution: u64,
    /// Puzzles with more than one solution, where that matters.
    pub not_unique: u64,
    /// Malformed pieces of input, and inputs with no puzzle.
    pub invalid: u64,
    /// Inputs that could not be read.
    pub unreadable: u64,
    /// Puzzles the search ran on (not `canon` or `generate`, which report no guesses).
    pub searched: u64,
    /// Guesses made by the search, in total.
    pub guesses: u64,
    /// The most guesses made on one puzzle.
    pub max_guesses: u64,
    /// The puzzle that took longest (with [`Options::timing`]): its source and time.
    #[serde(skip)]
    pub slowest: Option<(String, Duration)>,
}

impl Stats {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &Stats) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.no_solution += other.no_solution;
        self.not_unique += other.not_unique;
        self.invalid += other.invalid;
        self.unreadable += other.unreadable;
        self.searched += other.searched;
        self.guesses += other.guesses;
        self.max_guesses = self.max_guesses.max(other.max_guesses);
        if let Some((source, time)) = &other.slowest {
            if self.slowest.as_ref().is_none_or(|(_, t)| time > t) {
                self.slowest = Some((source.clone(), *time));
            }
        }
    }
}

/// How a run ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The exit code.
    pub exit: Exit,
    /// What happened.
    pub stats: Stats,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

impl Report {
    fn per_second(&self) -> f64 {
        self.stats.puzzles as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    fn mean_guesses(&self) -> f64 {
        self.stats.guesses as f64 / self.stats.searched.max(1) as f64
    }

    /// The `--stats` summary, as lines of text.
    pub fn summary_text(&self) -> String {
        let s = &self.stats;
        let mut text = format!(
            "puzzles     {} (solved {}, no solution {}, not unique {}, invalid {}, unreadable {})\n\
             elapsed     {:.3} s ({:.0} puzzles/s)\n",
            s.puzzles,
            s.solved,
            s.no_solution,
            s.not_unique,
            s.invalid,
            s.unreadable,
            self.elapsed.as_secs_f64(),
            self.per_second(),
        );
        if s.searched > 0 {
            text.push_str(&format!(
                "guesses     {:.2} per puzzle (max {})\n",
                self.mean_guesses(),
                s.max_guesses
            ));
        }
        if let Some((source, time)) = &s.slowest {
            text.push_str(&format!(
                "slowest     {source} ({:.3} ms)\n",
                time.as_secs_f64() * 1e3
            ));
        }
        text
    }

    /// The `--stats=json` summary: one JSON object.
    pub fn summary_json(&self) -> String {
        #[derive(Serialize)]
        struct Slowest<'a> {
            source: &'a str,
            seconds: f64,
        }
        #[derive(Serialize)]
        struct Summary<'a> {
            #[serde(flatten)]
            stats: &'a Stats,
            elapsed_seconds: f64,
            puzzles_per_second: f64,
            guesses_per_puzzle: f64,
            slowest: Option<Slowest<'a>>,
            exit_code: u8,
        }
        let summary = Summary {
            stats: &self.stats,
            elapsed_seconds: self.elapsed.as_secs_f64(),
            puzzles_per_second: self.per_second(),
            guesses_per_puzzle: self.mean_guesses(),
            slowest: self.stats.slowest.as_ref().map(|(source, time)| Slowest {
                source,
                seconds: time.as_secs_f64(),
            }),
            exit_code: self.exit.code(),
        };
        serde_json::to_string(&summary).expect("a summary serializes")
    }
}

/// Answers every unit of input and writes the answers to `out` and the problems to `err`.
///
/// A closed `out` (a broken pipe) ends the run quietly with exit 0; any other write error ends it
/// with exit 5 and the system's reason on `err`.
pub fn run(
    options: &Options,
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> Report {
    let start = Instant::now();
    let bytes = Arc::new(AtomicU64::new(0));
    let progress = options.progress.then(|| {
        let total = input::total_bytes(&options.paths, options.recursive);
        Progress::new(total, Some(Arc::clone(&bytes)))
    });
    let mut writer = Writer::new(out, err, options.color, progress);
    if options.threads <= 1 {
        run_inline(options, &mut writer, bytes);
    } else {
        run_parallel(options, &mut writer, bytes);
    }
    writer.finish(start)
}

/// Units per chunk handed to a worker.
const CHUNK: usize = 256;
/// Chunks in flight per worker (read, being solved, or waiting to be written).
const IN_FLIGHT_PER_WORKER: usize = 4;

fn run_inline(options: &Options, writer: &mut Writer, bytes: Arc<AtomicU64>) {
    let mut units = Units::new(&options.paths, options.recursive).counting(bytes);
    let mut chunk = Answers::default();
    loop {
        let flush = units.would_read() || chunk.units >= CHUNK as u64;
        if flush && (!writer.write(std::mem::take(&mut chunk)) || writer.flush().is_err()) {
            return;
        }
        let Some(unit) = units.next() else { break };
        chunk.answer(options, unit);
    }
    writer.write(chunk);
}

fn run_parallel(options: &Options, writer: &mut Writer, bytes: Arc<AtomicU64>) {
    let mut units = Units::new(&options.paths, options.recursive).counting(bytes);
    let take = move || {
        let mut chunk = Vec::with_capacity(CHUNK);
        // The chunk's own copy of the current path. Every unit of a file shares one reference
        // count; if the units of a chunk kept it, two cores would fight over that count's cache
        // line for every puzzle.
        let mut own: Option<(Arc<str>, Arc<str>)> = None;
        // Hand over what we have before waiting on a slow input, so answers are not held back.
        while chunk.len() < CHUNK && (chunk.is_empty() || !units.would_read()) {
            let Some(mut unit) = units.next() else { break };
            let path = unit.path_mut();
            let copy = match &own {
                Some((shared, copy)) if Arc::ptr_eq(shared, path) => Arc::clone(copy),
                _ => {
                    let copy: Arc<str> = Arc::from(&**path);
                    own = Some((Arc::clone(path), Arc::clone(&copy)));
                    copy
                }
            };
            *path = copy;
            chunk.push(unit);
        }
        (!chunk.is_empty()).then_some(chunk)
    };
    let answer = |units: Vec<Unit>| {
        let mut answers = Answers::default();
        for unit in units {
            answers.answer(options, unit);
        }
        answers
    };
    in_order(options.threads, writer, take, answer);
}

/// Runs `threads` workers (the calling thread is one of them) over the jobs that `take` gives
/// in order, answers each job with `answer`, and writes the answers strictly in job order.
///
/// There is no reader or writer thread to wake: a worker takes the next job under the input
/// lock, answers it outside any lock, then writes every answer that is next in line, its own and
/// any that finished before it. Workers stay within a fixed window of jobs ahead of the writing,
/// so memory is bounded whatever the input size. A worker waiting on a slow input holds only the
/// input lock, so the others can still write and flush what they have.
fn in_order<J>(
    threads: usize,
    writer: &mut Writer,
    take: impl FnMut() -> Option<J> + Send,
    answer: impl Fn(J) -> Answers + Sync,
) {
    let window = (threads * IN_FLIGHT_PER_WORKER) as u64;
    // The job source and the number of the next job it gives.
    let input = Mutex::new((take, 0u64));
    let output = Mutex::new(Ordered {
        writer,
        waiting: BTreeMap::new(),
        next: 0,
        stop: false,
        waiting_for_room: 0,
    });
    let written = Condvar::new();
    let work = || {
        let _stop_on_panic = StopOnPanic(&output, &written);
        loop {
            let (seq, job) = {
                let mut input = lock(&input);
                let seq = input.1;
                let mut out = lock(&output);
                while !out.stop && seq >= out.next + window {
                    out.waiting_for_room += 1;
                    out = written.wait(out).unwrap_or_else(PoisonError::into_inner);
                    out.waiting_for_room -= 1;
                }
                if out.stop {
                    return;
                }
                drop(out);
                let Some(job) = (input.0)() else { return };
                input.1 += 1;
                (seq, job)
            };
            let answers = answer(job);
            let mut out = lock(&output);
            out.write(seq, answers);
            // Waking costs a system call: only when a worker waits for the window to move.
            if out.waiting_for_room > 0 || out.stop {
                written.notify_all();
            }
        }
    };
    thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Answers that finished out of order, waiting for their turn to be written.
struct Ordered<'w, 'a> {
    writer: &'w mut Writer<'a>,
    waiting: BTreeMap<u64, Answers>,
    /// The job whose answers are written next.
    next: u64,
    /// The output is gone: take no more jobs.
    stop: bool,
    /// Workers waiting for the window of jobs in flight to move.
    waiting_for_room: usize,
}

impl Ordered<'_, '_> {
    /// Queues the answers to job `seq`, then writes (and flushes) every answer now next in line.
    fn write(&mut self, seq: u64, answers: Answers) {
        self.waiting.insert(seq, answers);
        let mut wrote = false;
        while !self.stop {
            let Some(answers) = self.waiting.remove(&self.next) else {
                break;
            };
            self.next += 1;
            wrote = true;
            self.stop = !self.writer.write(answers);
        }
        // Flush at once, so a slow stream sees its answers promptly.
        if wrote && !self.stop && self.writer.flush().is_err() {
            self.stop = true;
        }
    }
}

/// Stops the other workers if this one panics, so none waits forever for its answers; the
/// panic then reaches the caller when the threads are joined.
struct StopOnPanic<'o, 'w, 'a>(&'o Mutex<Ordered<'w, 'a>>, &'o Condvar);

impl Drop for StopOnPanic<'_, '_, '_> {
    fn drop(&mut self) {
        if thread::panicking() {
            lock(self.0).stop = true;
            self.1.notify_all();
        }
    }
}

/// Writes chunks of answers in order, joining them with the right blank lines.
struct Writer<'a> {
    out: &'a mut (dyn Write + Send),
    err: &'a mut (dyn Write + Send),
    color: bool,
    /// Whether the last thing written was a grid block (`None`: nothing written yet).
    last_block: Option<bool>,
    report: Report,
    closed: bool,
    progress: Option<Progress>,
}

impl<'a> Writer<'a> {
    fn new(
        out: &'a mut (dyn Write + Send),
        err: &'a mut (dyn Write + Send),
        color: bool,
        progress: Option<Progress>,
    ) -> Self {
        Writer {
            out,
            err,
            color,
            last_block: None,
            report: Report::default(),
            closed: false,
            progress,
        }
    }

    /// Flushes the output, removes the progress bar, and gives the report of a run that started
    /// at `start`.
    fn finish(mut self, start: Instant) -> Report {
        if !self.closed {
            if let Err(e) = self.out.flush() {
                self.fail(e);
            }
        }
        if let Some(progress) = self.progress.take() {
            progress.finish();
        }
        self.report.elapsed = start.elapsed();
        self.report
    }

    /// Writes a chunk; false when the output is gone and the run should stop.
    fn write(&mut self, answers: Answers) -> bool {
        self.report.exit = self.report.exit.and(answers.exit);
        self.report.stats.add(&answers.stats);
        if !answers.problems.is_empty() {
            let mut text = Vec::new();
            for problem in &answers.problems {
                problem.write(&mut text, self.color);
            }
            // A failing stderr is not worth stopping for.
            let err = &mut self.err;
            match &self.progress {
                Some(progress) => progress.suspend(|| {
                    let _ = err.write_all(&text);
                    let _ = err.flush();
                }),
                None => {
                    let _ = err.write_all(&text);
                }
            }
        }
        if let Some(progress) = &mut self.progress {
            progress.advance(self.report.stats.puzzles);
        }
        if let (Some(last), Some(first)) = (self.last_block, answers.first_block) {
            if last || first {
                if let Err(e) = self.out.write_all(b"\n") {
                    self.fail(e);
                    return false;
                }
            }
        }
        if let Err(e) = self.out.write_all(&answers.out) {
            self.fail(e);
            return false;
        }
        if answers.last_block.is_some() {
            self.last_block = answers.last_block;
        }
        true
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.out.flush();
        if let Err(e) = &result {
            self.fail(io::Error::new(e.kind(), e.to_string()));
        }
        let _ = self.err.flush();
        result
    }

    fn fail(&mut self, e: io::Error) {
        self.closed = true;
        if e.kind() == io::ErrorKind::BrokenPipe {
            // The reader has all it wanted (`| head -1`): end quietly.
            self.report.exit = Exit::Success;
            return;
        }
        let mut text = Vec::new();
        Problem {
            exit: Exit::Io,
            place: None,
            what: format!("cannot write output: {e}"),
        }
        .write(&mut text, self.color);
        let _ = self.err.write_all(&text);
        self.report.exit = Exit::Io;
    }
}

/// A problem to report on stderr: `sudoku: PLACE: WHAT`.
struct Problem {
    exit: Exit,
    place: Option<String>,
    what: String,
}

impl Problem {
    fn write(&self, out: &mut Vec<u8>, color: bool) {
        let Some(place) = &self.place else {
            let (start, end) = if color {
                ("\x1b[31m", "\x1b[0m")
            } else {
                ("", "")
            };
            let _ = writeln!(out, "sudoku: {start}{}{end}", self.what);
            return;
        };
        if color {
            // Bold place; red for broken input or I/O, yellow for puzzles that have no single
            // answer.
            let tint = match self.exit {
                Exit::NoSolution | Exit::NotUnique => "\x1b[33m",
                _ => "\x1b[31m",
            };
            let _ = writeln!(
                out,
                "sudoku: \x1b[1m{place}\x1b[0m: {tint}{}\x1b[0m",
                self.what
            );
        } else {
            let _ = writeln!(out, "sudoku: {place}: {}", self.what);
        }
    }
}

/// The answers to a run of units: stdout bytes, problems for stderr, and what happened.
#[derive(Default)]
struct Answers {
    out: Vec<u8>,
    problems: Vec<Problem>,
    /// Units answered.
    units: u64,
    /// Whether the first answer is a grid block (`None`: no answer printed).
    first_block: Option<bool>,
    /// Whether the last answer is a grid block.
    last_block: Option<bool>,
    exit: Exit,
    stats: Stats,
}

/// One JSON Lines record.
#[derive(Serialize)]
struct Record<'a> {
    source: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    differences: Option<Vec<Difference>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clues: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl<'a> Record<'a> {
    fn new(source: &dyn std::fmt::Display, puzzle: Option<&Grid>, status: &'a str) -> Self {
        Record {
            source: source.to_string(),
            puzzle: puzzle.map(Grid::to_line),
            status,
            solution: None,
            solutions: None,
            complete: None,
            differences: None,
            canonical: None,
            clues: None,
            error: None,
        }
    }
}

/// A cell where two solutions differ.
#[derive(Serialize)]
struct Difference {
    cell: String,
    first: u8,
    second: u8,
}

fn differences(first: &[u8; 81], second: &[u8; 81]) -> Vec<Difference> {
    format::differing_cells(first, second)
        .map(|(i, first, second)| Difference {
            cell: format::cell_name(i),
            first,
            second,
        })
        .collect()
}

/// Where a puzzle came from, `PATH:LINE`; formatted only when an answer needs it.
#[derive(Clone, Copy)]
struct Source<'a> {
    path: &'a str,
    line: usize,
}

impl Source<'_> {
    /// Appends `PATH:LINE`, as `Display` does, without the formatting machinery.
    fn push(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.path.as_bytes());
        out.push(b':');
        format::push_decimal(out, self.line);
    }
}

impl std::fmt::Display for Source<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.path, self.line)
    }
}

/// What the search found for one puzzle.
enum Verdict {
    Solved([u8; 81]),
    /// No solution; the conflict among the givens when there is one.
    NoSolution(Option<Conflict>),
    NotUnique([u8; 81], [u8; 81]),
    Counted {
        solutions: u64,
        complete: bool,
    },
}

fn no_solution_reason(conflict: &Option<Conflict>) -> String {
    match conflict {
        Some(conflict) => format!("no solution: {conflict}"),
        None => {
            "no solution: the givens break no rule, but no way of filling the grid obeys them all"
                .to_string()
        }
    }
}

impl Answers {
    /// Starts an answer: a blank line before a grid block, and after one.
    fn begin(&mut self, block: bool) {
        if let Some(last) = self.last_block {
            if last || block {
                self.out.push(b'\n');
            }
        }
        self.first_block.get_or_insert(block);
        self.last_block = Some(block);
    }

    fn line(&mut self, text: &str) {
        self.begin(false);
        self.out.extend_from_slice(text.as_bytes());
        self.out.push(b'\n');
    }

    fn comment(&mut self, block: bool, text: &str) {
        self.begin(block);
        self.out.extend_from_slice(b"# ");
        self.out.extend_from_slice(text.as_bytes());
        self.out.push(b'\n');
    }

    fn record(&mut self, record: &Record) {
        self.begin(false);
        serde_json::to_writer(&mut self.out, record).expect("records serialize");
        self.out.push(b'\n');
    }

    /// Notes a problem: it sets the exit code and, unless quiet, goes to stderr.
    fn problem(&mut self, options: &Options, exit: Exit, place: &str, what: &str) {
        self.exit = self.exit.and(exit);
        if !options.quiet {
            self.problems.push(Problem {
                exit,
                place: Some(place.to_string()),
                what: what.to_string(),
            });
        }
    }

    fn answer(&mut self, options: &Options, unit: Unit) {
        self.units += 1;
        // Input that is not a puzzle: its source (`PATH:LINE`, or `PATH`), the place of the
        // problem (`PATH:LINE:COL` for a parse error), the position inside the input, what is
        // wrong, the exit code and the JSON status.
        let (source, place, position, what, exit, status) = match unit {
            Unit::Puzzle { path, puzzle } => return self.answer_puzzle(options, &path, &puzzle),
            Unit::Invalid { path, error } => {
                self.stats.invalid += 1;
                let position = format!("{}:{}", error.line, error.col);
                (
                    format!("{path}:{}", error.line),
                    format!("{path}:{position}"),
                    Some(position),
                    error.kind.to_string(),
                    Exit::Malformed,
                    "invalid",
                )
            }
            Unit::NoPuzzle { path, reason } => {
                self.stats.invalid += 1;
                let path = path.to_string();
                (
                    path.clone(),
                    path,
                    None,
                    reason.to_string(),
                    Exit::Malformed,
                    "invalid",
                )
            }
            Unit::Unreadable { path, line, error } => {
                self.stats.unreadable += 1;
                let (source, what) = match line {
                    Some(line) => (
                        format!("{path}:{line}"),
                        format!("cannot read further: {error}"),
                    ),
                    None => (path.to_string(), format!("cannot read: {error}")),
                };
                (source.clone(), source, None, what, Exit::Io, "unreadable")
            }
        };
        self.problem(options, exit, &place, &what);
        if options.quiet {
            return;
        }
        let message = format!("{place}: {what}");
        if options.format == Format::Json {
            let mut record = Record::new(&source, None, status);
            record.error = Some(message);
            self.record(&record);
        } else if options.command == Command::Check && status == "invalid" {
            let position = position.map_or(String::new(), |p| format!("{p}: "));
            self.line(&format!("{source}: invalid: {position}{what}"));
        } else if options.command == Command::Check {
            self.line(&message);
        } else {
            self.comment(false, &message);
        }
    }

    fn answer_puzzle(&mut self, options: &Options, path: &str, puzzle: &Puzzle) {
        self.stats.puzzles += 1;
        if options.command == Command::Canon {
            self.stats.solved += 1;
            if !options.quiet {
                let form = crate::canon::canonical(puzzle.grid.cells());
                if options.format == Format::Json {
                    let source = format!("{path}:{}", puzzle.line);
                    let mut record = Record::new(&source, Some(&puzzle.grid), "canonical");
                    record.canonical = Some(format::line_string(&form));
                    self.record(&record);
                } else {
                    self.begin(false);
                    format::push_line(&mut self.out, &form);
                    self.out.push(b'\n');
                }
            }
            return;
        }
        let started = options.timing.then(Instant::now);
        let limit = match options.command {
            Command::Solve { unique: false } => 1,
            Command::Solve { unique: true } | Command::Check => 2,
            Command::Count { limit } => limit,
            Command::Canon => unreachable!("canon does not search"),
        };
        let outcome = solver::search(puzzle.grid.cells(), limit);
        self.stats.searched += 1;
        self.stats.guesses += outcome.guesses;
        self.stats.max_guesses = self.stats.max_guesses.max(outcome.guesses);
        let verdict = match (options.command, outcome.first, outcome.second) {
            // Only now look for the reason: most puzzles have a solution, and the search also
            // answers 0 for givens that break a rule.
            (_, None, _) => Verdict::NoSolution(puzzle.grid.conflict()),
            (Command::Count { limit }, _, _) => Verdict::Counted {
                solutions: outcome.solutions,
                complete: outcome.solutions < limit,
            },
            (Command::Solve { unique: false }, Some(first), _) | (_, Some(first), None) => {
                Verdict::Solved(first)
            }
            (_, Some(first), Some(second)) => Verdict::NotUnique(first, second),
        };
        let source = Source {
            path,
            line: puzzle.line,
        };
        if let Some(started) = started {
            let time = started.elapsed();
            if self.stats.slowest.as_ref().is_none_or(|(_, t)| time > *t) {
                self.stats.slowest = Some((source.to_string(), time));
            }
        }
        match &verdict {
            Verdict::Solved(_) | Verdict::Counted { .. } => self.stats.solved += 1,
            Verdict::NoSolution(_) => self.stats.no_solution += 1,
            Verdict::NotUnique(..) => self.stats.not_unique += 1,
        }
        match options.command {
            Command::Solve { .. } => self.print_solve(options, source, puzzle, &verdict),
            Command::Check => self.print_check(options, source, puzzle, &verdict),
            Command::Count { .. } => self.print_count(options, source, puzzle, &verdict),
            Command::Canon => unreachable!("answered above"),
        }
    }

    fn print_solve(
        &mut self,
        options: &Options,
        source: Source,
        puzzle: &Puzzle,
        verdict: &Verdict,
    ) {
        let source = &source;
        let format = match options.format {
            Format::Auto if puzzle.layout == Layout::Line => Format::Line,
            Format::Auto => Format::Grid,
            other => other,
        };
        let block = matches!(format, Format::Grid | Format::Pretty);
        let (exit, status, what) = match verdict {
            Verdict::Solved(solution) => {
                if !options.quiet {
                    self.print_solution(format, source, puzzle, solution);
                }
                return;
            }
            Verdict::NoSolution(conflict) => (
                Exit::NoSolution,
                "no_solution",
                no_solution_reason(conflict),
            ),
            Verdict::NotUnique(first, second) => (
                Exit::NotUnique,
                "not_unique",
                format!("not unique: {}", format::differences(first, second)),
            ),
            Verdict::Counted { .. } => unreachable!("solve does not count"),
        };
        self.problem(options, exit, &source.to_string(), &what);
        if options.quiet {
            return;
        }
        if format == Format::Json {
            let mut record = Record::new(source, Some(&puzzle.grid), status);
            if let Verdict::NotUnique(first, second) = verdict {
                record.differences = Some(differences(first, second));
            }
            record.error = Some(what);
            self.record(&record);
        } else {
            self.comment(block, &format!("{source}: {what}"));
        }
    }

    fn print_solution(
        &mut self,
        format: Format,
        source: &Source,
        puzzle: &Puzzle,
        solution: &[u8; 81],
    ) {
        match format {
            Format::Json => {
                let mut record = Record::new(source, Some(&puzzle.grid), "solved");
                record.solution = Some(format::line_string(solution));
                self.record(&record);
            }
            Format::Line | Format::Auto => {
                self.begin(false);
                format::push_line(&mut self.out, solution);
                self.out.push(b'\n');
            }
            Format::Grid => {
                self.comment(true, &source.to_string());
                format::push_grid(&mut self.out, solution);
            }
            Format::Pretty => {
                self.comment(true, &source.to_string());
                format::push_pretty(&mut self.out, solution);
            }
        }
    }

    fn print_check(
        &mut self,
        options: &Options,
        source: Source,
        puzzle: &Puzzle,
        verdict: &Verdict,
    ) {
        let source = &source;
        let (exit, status) = match verdict {
            Verdict::Solved(_) => (Exit::Success, "unique"),
            Verdict::NoSolution(_) => (Exit::NoSolution, "no_solution"),
            Verdict::NotUnique(..) => (Exit::NotUnique, "not_unique"),
            Verdict::Counted { .. } => unreachable!("check does not count"),
        };
        // Verdicts are check's data, on stdout only.
        self.exit = self.exit.and(exit);
        if options.quiet {
            return;
        }
        if options.format == Format::Json {
            let mut record = Record::new(source, Some(&puzzle.grid), status);
            record.solutions = Some(match verdict {
                Verdict::Solved(_) => 1,
                Verdict::NoSolution(_) => 0,
                _ => 2,
            });
            record.complete = Some(!matches!(verdict, Verdict::NotUnique(..)));
            if let Verdict::NotUnique(first, second) = verdict {
                record.differences = Some(differences(first, second));
            }
            self.record(&record);
        } else {
            // Written in place: `check` runs over millions of puzzles, one line each.
            self.begin(false);
            source.push(&mut self.out);
            match verdict {
                Verdict::Solved(_) => self.out.extend_from_slice(b": unique"),
                Verdict::NotUnique(first, second) => {
                    self.out.extend_from_slice(b": not unique: ");
                    format::push_differences(&mut self.out, first, second);
                }
                Verdict::NoSolution(conflict) => {
                    self.out.extend_from_slice(b": ");
                    self.out
                        .extend_from_slice(no_solution_reason(conflict).as_bytes());
                }
                Verdict::Counted { .. } => unreachable!("check does not count"),
            }
            self.out.push(b'\n');
        }
    }

    fn print_count(
        &mut self,
        options: &Options,
        source: Source,
        puzzle: &Puzzle,
        verdict: &Verdict,
    ) {
        let source = &source;
        if options.quiet {
            return;
        }
        let (solutions, complete) = match verdict {
            Verdict::Counted {
                solutions,
                complete,
            } => (*solutions, *complete),
            // Givens that break a rule: no solution, and the count is complete.
            _ => (0, true),
        };
        if options.format == Format::Json {
            let status = match (solutions, complete) {
                (0, _) => "no_solution",
                (1, true) => "unique",
                _ => "not_unique",
            };
            let mut record = Record::new(source, Some(&puzzle.grid), status);
            record.solutions = Some(solutions);
            record.complete = Some(complete);
            if let Verdict::NoSolution(conflict) = verdict {
                record.error = Some(no_solution_reason(conflict));
            }
            self.record(&record);
        } else {
            let plus = if complete { "" } else { "+" };
            self.line(&format!("{solutions}{plus}"));
        }
    }
}

/// What `generate` should make.
#[derive(Clone, Debug)]
pub struct GenerateRun {
    /// How many puzzles.
    pub count: u64,
    /// The stream's seed: the same seed gives the same puzzles.
    pub seed: u64,
    /// Symmetry, minimality and clue limit.
    pub options: crate::generate::GenerateOptions,
    /// How to print each puzzle (`Auto` means `Line`).
    pub format: Format,
    /// Worker threads; the output does not depend on it.
    pub threads: usize,
    /// Print nothing.
    pub quiet: bool,
    /// Show a progress bar once the work lasts half a second.
    pub progress: bool,
}

/// Puzzles per chunk of generated work.
const GENERATE_CHUNK: u64 = 64;

/// Generates `run.count` puzzles, printed in index order whatever the number of threads.
pub fn generate(
    run: &GenerateRun,
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> Report {
    let start = Instant::now();
    let progress = run.progress.then(|| Progress::new(Some(run.count), None));
    let mut writer = Writer::new(out, err, false, progress);
    let chunks = run.count.div_ceil(GENERATE_CHUNK);
    let make = |chunk: u64| {
        let mut answers = Answers::default();
        let first = chunk * GENERATE_CHUNK;
        for index in first..(first + GENERATE_CHUNK).min(run.count) {
            let made = crate::generate::generate(run.seed, index, &run.options);
            answers.generated(run, index, &made);
        }
        answers
    };
    if run.threads <= 1 {
        for chunk in 0..chunks {
            if !writer.write(make(chunk)) {
                break;
            }
        }
    } else {
        let mut next = 0;
        let take = move || {
            (next < chunks).then(|| {
                next += 1;
                next - 1
            })
        };
        in_order(run.threads, &mut writer, take, make);
    }
    writer.finish(start)
}

impl Answers {
    fn generated(&mut self, run: &GenerateRun, index: u64, made: &crate::generate::Generated) {
        self.units += 1;
        self.stats.puzzles += 1;
        self.stats.solved += 1;
        if run.quiet {
            return;
        }
        let source = format!("seed {} #{}", run.seed, index + 1);
        match run.format {
            Format::Json => {
                let grid = Grid::from_cells(made.puzzle).expect("generated cells are digits");
                let mut record = Record::new(&source, Some(&grid), "unique");
                record.clues = Some(grid.filled());
                self.record(&record);
            }
            Format::Grid => {
                self.comment(true, &source);
                format::push_grid(&mut self.out, &made.puzzle);
            }
            Format::Pretty => {
                self.comment(true, &source);
                format::push_pretty(&mut self.out, &made.puzzle);
            }
            Format::Line | Format::Auto => {
                self.begin(false);
                format::push_line(&mut self.out, &made.puzzle);
                self.out.push(b'\n');
            }
        }
    }
}
