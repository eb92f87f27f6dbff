//! The batch runner: answers every unit of input in order, on one thread or many, and decides the
//! exit code.
//!
//! With one thread, units are read, solved and written one after another. With more, each worker
//! in turn cuts the next chunk from the input, solves and formats it, and writes every finished
//! chunk that is next in input order (see `in_order`). A fixed number of chunks may be in flight
//! at once, so memory stays bounded whatever the input size, and a chunk is cut short as soon as
//! the input would block, so answers to a slow stream appear before it ends. Chunks are sized by
//! how long answers take (`ChunkSize`): up to 256 puzzles where each takes microseconds, down to
//! one where each takes long (rating hard puzzles), so an answer is written as soon as it is done
//! and the ones before it are. Every chunk is flushed as it is written.

pub(crate) mod answers;
mod generate;
mod report;
mod writer;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::commands;
use crate::format::Format;
use crate::input::{self, Unit, Units};
use answers::Answers;
use writer::Writer;

pub use generate::{generate, GenerateRun};
pub use report::{Report, Stats};
pub use writer::{Paint, Progress};

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
    /// Rate each puzzle on Sudoku Explainer's scale (ER/EP/ED).
    Rate,
    /// Print each puzzle's logical solution, step by step.
    Explain,
    /// Print the next logical step of each grid as it stands.
    Hint,
}

impl Command {
    /// True for the commands whose answers are verdict lines (`SOURCE: ...`), where a bad input
    /// is one such line too, rather than a `#` comment among solutions.
    pub fn reports(self) -> bool {
        matches!(
            self,
            Command::Check | Command::Rate | Command::Explain | Command::Hint
        )
    }

    /// The most puzzles answered in one chunk: one for the commands where a single puzzle can
    /// take seconds (rating and explaining), so each answer is written as soon as it is done.
    fn chunk_limit(self) -> usize {
        match self {
            Command::Rate | Command::Explain | Command::Hint => 1,
            _ => CHUNK,
        }
    }
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
    /// Which files found in directories are read (`-g/--glob`).
    pub filter: input::Filter,
    /// Worker threads (1 = everything on the calling thread).
    pub threads: usize,
    /// Print nothing; only the exit code speaks.
    pub quiet: bool,
    /// Inputs: files, directories, `-` for stdin; none means stdin.
    pub paths: Vec<PathBuf>,
    /// How problems on stderr are marked up (plain text by default).
    pub paint: Paint,
    /// Time every puzzle, to name the slowest in [`Report::stats`].
    pub timing: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            command: Command::Solve { unique: false },
            format: Format::Auto,
            recursive: false,
            filter: input::Filter::default(),
            threads: 1,
            quiet: false,
            paths: Vec::new(),
            paint: Paint::default(),
            timing: false,
        }
    }
}

/// Answers every unit of input and writes the answers to `out` and the problems to `err`,
/// telling `progress` (when given) how it goes.
///
/// A closed `out` (a broken pipe) ends the run quietly, keeping the exit code of the problems
/// already reported (0 when there were none); any other write error ends it with exit 5 and the
/// system's reason on `err`.
pub fn run<'a>(
    options: &Options,
    out: &'a mut (dyn Write + Send),
    err: &'a mut (dyn Write + Send),
    mut progress: Option<&'a mut dyn Progress>,
) -> Report {
    let start = Instant::now();
    let bytes = Arc::new(AtomicU64::new(0));
    if let Some(progress) = &mut progress {
        let total = input::total_bytes(&options.paths, options.recursive, &options.filter);
        progress.start(total, Some(Arc::clone(&bytes)));
    }
    let mut writer = Writer::new(out, err, options.paint.clone(), progress);
    if options.threads <= 1 {
        run_inline(options, &mut writer, bytes);
    } else {
        run_parallel(options, &mut writer, bytes);
    }
    writer.finish(start)
}

/// The most units in a chunk handed to a worker.
const CHUNK: usize = 256;

/// How long answering one chunk should take: long enough that the cost of handing chunks out
/// and flushing them does not count, short enough that an answer waits little for the others of
/// its chunk.
const CHUNK_TIME: Duration = Duration::from_millis(20);

/// The number of units in the next chunk, learnt from how long the chunks before it took: it
/// starts at one, doubles while chunks take less than a quarter of [`CHUNK_TIME`] (up to
/// a limit, [`CHUNK`] or less), and halves while they take more than twice that. So a first
/// puzzle is answered alone, a batch of easy puzzles soon goes 256 at a time, and a batch of
/// hard ones one or a few at a time.
struct ChunkSize {
    size: AtomicUsize,
    limit: usize,
}

impl ChunkSize {
    /// Chunks of at most `limit` units.
    fn new(limit: usize) -> Self {
        ChunkSize {
            size: AtomicUsize::new(1),
            limit,
        }
    }

    fn get(&self) -> usize {
        self.size.load(Ordering::Relaxed)
    }

    /// Learns from a chunk of `units` units that took `took`.
    fn record(&self, units: usize, took: Duration) {
        let size = self.get();
        if took < CHUNK_TIME / 4 && units >= size {
            self.size
                .store((size * 2).min(self.limit), Ordering::Relaxed);
        } else if took > CHUNK_TIME * 2 {
            self.size.store((size / 2).max(1), Ordering::Relaxed);
        }
    }
}
/// Chunks in flight per worker (read, being solved, or waiting to be written).
const IN_FLIGHT_PER_WORKER: usize = 4;

fn run_inline(options: &Options, writer: &mut Writer, bytes: Arc<AtomicU64>) {
    let mut units = Units::new(&options.paths, options.recursive, &options.filter).counting(bytes);
    let size = ChunkSize::new(options.command.chunk_limit());
    let mut chunk = Answers::new(options.quiet);
    let mut started = Instant::now();
    loop {
        let full = chunk.units >= size.get() as u64;
        if full || chunk.units > 0 && units.would_read() {
            size.record(chunk.units as usize, started.elapsed());
            if !writer.write(std::mem::replace(&mut chunk, Answers::new(options.quiet)))
                || writer.flush().is_err()
            {
                return;
            }
            started = Instant::now();
        }
        let Some(unit) = units.next() else { break };
        commands::answer(&mut chunk, options, unit);
    }
    writer.write(chunk);
}

fn run_parallel(options: &Options, writer: &mut Writer, bytes: Arc<AtomicU64>) {
    let mut units = Units::new(&options.paths, options.recursive, &options.filter).counting(bytes);
    let size = ChunkSize::new(options.command.chunk_limit());
    let take = || {
        let size = size.get();
        let mut chunk = Vec::with_capacity(size);
        // The chunk's own copy of the current path. Every unit of a file shares one reference
        // count; if the units of a chunk kept it, two cores would fight over that count's cache
        // line for every puzzle.
        let mut own: Option<(Arc<str>, Arc<str>)> = None;
        // Hand over what we have before waiting on a slow input, so answers are not held back.
        while chunk.len() < size && (chunk.is_empty() || !units.would_read()) {
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
        let started = Instant::now();
        let count = units.len();
        let mut answers = Answers::new(options.quiet);
        for unit in units {
            commands::answer(&mut answers, options, unit);
        }
        size.record(count, started.elapsed());
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
            // A thread the system refuses (a process limit, no memory for its stack) is one
            // worker fewer, not an abort: the others, the calling thread included, do its share.
            if thread::Builder::new().spawn_scoped(scope, work).is_err() {
                break;
            }
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
    /// Queues the answers to job `seq`, then writes every answer now next in line, flushing each
    /// at once: a slow stream sees its answers promptly, and a closed output is found after the
    /// same job as with one thread, so the exit code does not depend on the number of threads.
    fn write(&mut self, seq: u64, answers: Answers) {
        self.waiting.insert(seq, answers);
        while !self.stop {
            let Some(answers) = self.waiting.remove(&self.next) else {
                break;
            };
            self.next += 1;
            self.stop = !self.writer.write(answers) || self.writer.flush().is_err();
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
