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

mod generate;
mod ordered;
mod report;
mod writer;

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::commands;
use crate::exit::Exit;
use crate::input::{self, Unit, Units};
use crate::outcome::{Answer, Outcome, SizedFound};
use crate::output::{self, BookLayout, Format, Page, Problem, Renderer, Settings, Template};
use ordered::{in_order, Config};
use writer::Writer;

pub use crate::commands::Command;
pub use crate::output::Paint;
pub use generate::{generate, GenerateRun};
pub use report::{Histogram, Report, Stats};
pub use writer::Progress;

/// The answers to a chunk of units: their stdout bytes, the problems for stderr, and what
/// happened (the exit code and the counts).
#[derive(Debug, Default)]
pub(crate) struct Chunk {
    pub(crate) page: Page,
    pub(crate) problems: Vec<Problem>,
    /// Units answered.
    pub(crate) units: u64,
    pub(crate) exit: Exit,
    pub(crate) stats: Stats,
}

/// Bytes reserved per answer in a chunk's page: a line (82 bytes) or a grid block (about 100)
/// fits, so a chunk of `solve` answers is written without growing its buffer.
const BYTES_PER_ANSWER: usize = 104;

impl Chunk {
    /// An empty chunk with room for `units` answers of a line or a grid each.
    fn for_units(units: usize) -> Chunk {
        let mut chunk = Chunk::default();
        chunk.page.out.reserve(units * BYTES_PER_ANSWER);
        chunk
    }

    /// Counts an answer, reports its problem and has `renderer` write it (neither under
    /// `quiet`: the exit code and the counts still count). A renderer may refuse an answer:
    /// its problem is reported, with its exit code.
    pub(crate) fn add(
        &mut self,
        answer: &Answer,
        settings: &Settings,
        renderer: &dyn Renderer,
        quiet: bool,
    ) {
        self.units += 1;
        tally(answer, &mut self.stats);
        self.exit = self.exit.and(answer.outcome.exit());
        if quiet {
            return;
        }
        if let Some(problem) = output::problem(answer, settings) {
            self.problems.push(problem);
        }
        if let Err(problem) = renderer.render(answer, &mut self.page) {
            self.exit = self.exit.and(problem.exit);
            self.problems.push(problem);
        }
    }
}

/// Counts an answer in the run's statistics.
fn tally(answer: &Answer, stats: &mut Stats) {
    match &answer.outcome {
        Outcome::Invalid(_) | Outcome::NoPuzzle(_) => {
            stats.invalid += 1;
            return;
        }
        Outcome::Unreadable { .. } => {
            stats.unreadable += 1;
            return;
        }
        _ => {}
    }
    stats.puzzles += 1;
    if let Some(guesses) = answer.guesses {
        stats.searched += 1;
        stats.guesses += guesses;
        stats.max_guesses = stats.max_guesses.max(guesses);
    }
    match &answer.outcome {
        Outcome::NoSolution(_) | Outcome::Counted { solutions: 0, .. } => stats.no_solution += 1,
        Outcome::NotUnique(..) | Outcome::Sized(SizedFound::NotUnique(_)) => stats.not_unique += 1,
        Outcome::Refused(_) => stats.invalid += 1,
        Outcome::TimedOut(_) => stats.timed_out += 1,
        _ => stats.solved += 1,
    }
    match &answer.outcome {
        Outcome::Rated(analysis) => stats.er_histogram.add(analysis.rating.er()),
        Outcome::Explained { rating, .. } => stats.er_histogram.add(rating.er()),
        _ => {}
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
    /// How long `count`, `rate`, `explain` and `hint` may spend on one puzzle (`--time-limit`).
    pub time_limit: Option<Duration>,
    /// A line per puzzle written from this template instead of `format`'s (`rate`, `check`).
    pub template: Option<Template>,
    /// What stdin is called, and the number of its first line.
    pub stdin: input::Stdin,
    /// How a PDF book is laid out (`-f pdf`).
    pub book: BookLayout,
    /// How boards of other sizes are read (`--symbols`, `--box`).
    pub sizes: input::SizeReading,
}

impl Options {
    /// How answers are rendered.
    fn settings(&self) -> Settings<'_> {
        Settings::of(self.command.spec())
            .format(self.format)
            .template(self.template.as_ref())
    }

    /// Whether each answer is timed: for `--stats`' slowest puzzle, or a template's `%e`.
    fn times(&self) -> bool {
        self.timing || self.template.as_ref().is_some_and(Template::times)
    }

    /// The units of the inputs.
    fn units(&self, bytes: Arc<AtomicU64>) -> Units {
        let quotes = self.template.as_ref().is_some_and(Template::quotes_input);
        Units::new(&self.paths, self.recursive, &self.filter)
            .counting(bytes)
            .stdin(self.stdin.clone())
            .keeping_text(quotes)
            .sizes(self.sizes.clone())
    }
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
            time_limit: None,
            template: None,
            stdin: input::Stdin::default(),
            book: BookLayout::default(),
            sizes: input::SizeReading::default(),
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
    let renderer = output::renderer(options.settings(), options.book);
    let mut writer = Writer::new(out, err, options.paint.clone(), progress)
        .framed_by(&*renderer, !options.quiet);
    if !writer.begin() {
        return writer.finish(start);
    }
    if options.threads <= 1 {
        run_inline(options, &*renderer, &mut writer, bytes);
    } else {
        run_parallel(options, &*renderer, &mut writer, bytes);
    }
    writer.finish(start)
}

/// How long answering one chunk should take: long enough that the cost of handing chunks out
/// and flushing them does not count, short enough that an answer waits little for the others of
/// its chunk.
const CHUNK_TIME: Duration = Duration::from_millis(20);

/// The number of units in the next chunk, learnt from how long the chunks before it took: it
/// starts at one, doubles while chunks take less than a quarter of [`CHUNK_TIME`] (up to
/// the limit the command's row sets, `commands::CHUNK` or less), and halves while they take more than twice that. So a first
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

fn run_inline(
    options: &Options,
    renderer: &dyn Renderer,
    writer: &mut Writer,
    bytes: Arc<AtomicU64>,
) {
    let mut units = options.units(bytes);
    let size = ChunkSize::new(options.command.spec().chunk);
    let mut chunk = Chunk::for_units(size.get());
    let mut started = Instant::now();
    let mut ordinal = 0;
    loop {
        let full = chunk.units >= size.get() as u64;
        if full || chunk.units > 0 && units.would_read() {
            size.record(chunk.units as usize, started.elapsed());
            let next = Chunk::for_units(size.get());
            if !writer.write(std::mem::replace(&mut chunk, next)) || writer.flush().is_err() {
                return;
            }
            started = Instant::now();
        }
        let Some(unit) = units.next() else { break };
        if let Some(unit) = note(&mut chunk, options, unit) {
            ordinal += 1;
            answer(&mut chunk, options, renderer, ordinal, unit);
        }
    }
    writer.write(chunk);
}

/// Writes a note about an input (no puzzle, no slot, no exit code) into `chunk`'s problems,
/// unless the run is quiet; any other unit is handed back to be answered.
fn note(chunk: &mut Chunk, options: &Options, unit: Unit) -> Option<Unit> {
    let Unit::Note { path, message } = unit else {
        return Some(unit);
    };
    if !options.quiet {
        chunk.problems.push(output::Problem {
            exit: Exit::Success,
            place: Some(path.to_string()),
            what: message,
        });
    }
    None
}

/// Answers unit number `ordinal` (from 1) into `chunk`, timing the whole answer when `--stats`
/// asked for the slowest.
fn answer(chunk: &mut Chunk, options: &Options, renderer: &dyn Renderer, ordinal: u64, unit: Unit) {
    let started = (options.times() && matches!(unit, Unit::Puzzle { .. })).then(Instant::now);
    let mut answer = commands::answer(unit, options.command, !options.quiet, options.time_limit);
    answer.ordinal = ordinal;
    let settings = options.settings();
    if settings.answer_key && !options.quiet {
        answer.key = commands::key_solution(&answer);
    }
    if let Some(started) = started {
        let time = started.elapsed();
        answer.time = Some(time);
        let slowest = &mut chunk.stats.slowest;
        if slowest.as_ref().is_none_or(|(_, t)| time > *t) {
            *slowest = Some((answer.source.to_string(), time));
        }
    }
    chunk.add(&answer, &settings, renderer, options.quiet);
}

fn run_parallel(
    options: &Options,
    renderer: &dyn Renderer,
    writer: &mut Writer,
    bytes: Arc<AtomicU64>,
) {
    let mut units = options.units(bytes);
    let size = ChunkSize::new(options.command.spec().chunk);
    // Units handed out so far: a chunk's first unit is number `taken + 1`.
    let mut taken = 0u64;
    let take = || {
        let size = size.get();
        let mut chunk = Vec::with_capacity(size);
        // The chunk's own copy of the current path. Every unit of a file shares one reference
        // count; if the units of a chunk kept it, two cores would fight over that count's cache
        // line for every puzzle.
        let mut own: Option<(Arc<str>, Arc<str>)> = None;
        let first = taken;
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
        taken += chunk
            .iter()
            .filter(|u| !matches!(u, Unit::Note { .. }))
            .count() as u64;
        (!chunk.is_empty()).then_some((first, chunk))
    };
    let answer = |(first, units): (u64, Vec<Unit>)| {
        let started = Instant::now();
        let count = units.len();
        let mut chunk = Chunk::for_units(count);
        let mut ordinal = first;
        for unit in units {
            if let Some(unit) = note(&mut chunk, options, unit) {
                ordinal += 1;
                answer(&mut chunk, options, renderer, ordinal, unit);
            }
        }
        size.record(count, started.elapsed());
        chunk
    };
    let config = Config {
        threads: options.threads,
        window_per_thread: IN_FLIGHT_PER_WORKER,
    };
    // Each chunk is flushed as it is written: a slow stream sees its answers promptly, and a
    // closed output is found after the same chunk as with one thread, so the exit code does not
    // depend on the number of threads.
    in_order(config, take, answer, |chunk| {
        writer.write(chunk) && writer.flush().is_ok()
    });
}
