//! The batch runner: answers every unit of input in order, on one thread or many, and decides the
//! exit code.
//!
//! With one thread, units are read, solved and written one after another. With more, a reader
//! thread cuts the input into chunks, worker threads solve and format whole chunks, and the
//! calling thread writes finished chunks strictly in input order. A fixed number of chunks may be
//! in flight at once, so memory stays bounded whatever the input size, and a chunk is sent as soon
//! as the input would block, so answers to a slow stream appear before it ends.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

use serde::Serialize;

use crate::exit::Exit;
use crate::format::{self, Format};
use crate::grid::Grid;
use crate::input::Unit;
use crate::input::Units;
use crate::parse::Layout;
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
        }
    }
}

/// Counts of what happened, for the exit code and summaries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    /// Guesses made by the search, in total.
    pub guesses: u64,
    /// The most guesses made on one puzzle.
    pub max_guesses: u64,
}

impl Stats {
    fn add(&mut self, other: &Stats) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.no_solution += other.no_solution;
        self.not_unique += other.not_unique;
        self.invalid += other.invalid;
        self.unreadable += other.unreadable;
        self.guesses += other.guesses;
        self.max_guesses = self.max_guesses.max(other.max_guesses);
    }
}

/// How a run ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The exit code.
    pub exit: Exit,
    /// What happened.
    pub stats: Stats,
}

/// Answers every unit of input and writes the answers to `out` and the problems to `err`.
///
/// A closed `out` (a broken pipe) ends the run quietly with what was decided so far and exit 0;
/// any other write error ends it with exit 5 and the system's reason on `err`.
pub fn run(options: &Options, out: &mut dyn Write, err: &mut dyn Write) -> Report {
    let mut writer = Writer {
        out,
        err,
        last_block: None,
        report: Report::default(),
        closed: false,
    };
    if options.threads <= 1 {
        run_inline(options, &mut writer);
    } else {
        run_parallel(options, &mut writer);
    }
    if !writer.closed {
        if let Err(e) = writer.out.flush() {
            writer.fail(e);
        }
    }
    writer.report
}

/// Units per chunk handed to a worker.
const CHUNK: usize = 1024;
/// Chunks in flight per worker (read, being solved, or waiting to be written).
const IN_FLIGHT_PER_WORKER: usize = 4;

fn run_inline(options: &Options, writer: &mut Writer) {
    let mut units = Units::new(&options.paths, options.recursive);
    let mut chunk = Answers::default();
    loop {
        let flush = units.would_read() || chunk.out.len() >= 1 << 16;
        if flush && (!writer.write(std::mem::take(&mut chunk)) || writer.flush().is_err()) {
            return;
        }
        let Some(unit) = units.next() else { break };
        chunk.answer(options, unit);
    }
    writer.write(chunk);
}

fn run_parallel(options: &Options, writer: &mut Writer) {
    let workers = options.threads;
    let in_flight = workers * IN_FLIGHT_PER_WORKER;
    // Tokens bound the chunks in flight: the reader takes one per chunk, the writer returns it.
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        token_tx
            .send(())
            .expect("the channel has room for every token");
    }
    let (work_tx, work_rx) = mpsc::sync_channel::<(u64, Vec<Unit>)>(in_flight);
    let work_rx = Arc::new(Mutex::new(work_rx));
    let (done_tx, done_rx) = mpsc::channel::<(u64, Answers)>();

    thread::scope(|scope| {
        scope.spawn(move || read_chunks(options, &token_rx, work_tx));
        for _ in 0..workers {
            let work_rx = Arc::clone(&work_rx);
            let done_tx = done_tx.clone();
            scope.spawn(move || solve_chunks(options, &work_rx, &done_tx));
        }
        drop(done_tx);
        write_in_order(writer, &done_rx, &token_tx);
        // Dropping the receivers (on return) stops the reader and workers early if the output
        // closed; otherwise they have already finished.
        drop(done_rx);
        drop(token_tx);
    });
}

fn read_chunks(options: &Options, tokens: &Receiver<()>, work: SyncSender<(u64, Vec<Unit>)>) {
    let mut units = Units::new(&options.paths, options.recursive);
    let mut seq = 0;
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        // Send what we have before waiting on a slow input, so answers are not held back.
        if chunk.len() >= CHUNK || (!chunk.is_empty() && units.would_read()) {
            if tokens.recv().is_err() || work.send((seq, chunk)).is_err() {
                return;
            }
            seq += 1;
            chunk = Vec::with_capacity(CHUNK);
        }
        let Some(unit) = units.next() else { break };
        chunk.push(unit);
    }
    if !chunk.is_empty() && tokens.recv().is_ok() {
        let _ = work.send((seq, chunk));
    }
}

fn solve_chunks(
    options: &Options,
    work: &Mutex<Receiver<(u64, Vec<Unit>)>>,
    done: &mpsc::Sender<(u64, Answers)>,
) {
    loop {
        let next = work.lock().map(|rx| rx.recv());
        let Ok(Ok((seq, units))) = next else { return };
        let mut answers = Answers::default();
        for unit in units {
            answers.answer(options, unit);
        }
        if done.send((seq, answers)).is_err() {
            return;
        }
    }
}

fn write_in_order(writer: &mut Writer, done: &Receiver<(u64, Answers)>, tokens: &SyncSender<()>) {
    let mut waiting: BTreeMap<u64, Answers> = BTreeMap::new();
    let mut next = 0;
    loop {
        // Flush when nothing more is ready, so a slow stream sees its answers promptly.
        let received = match done.try_recv() {
            Ok(item) => Some(item),
            Err(mpsc::TryRecvError::Empty) => {
                if writer.flush().is_err() {
                    return;
                }
                done.recv().ok()
            }
            Err(mpsc::TryRecvError::Disconnected) => None,
        };
        let Some((seq, answers)) = received else {
            return;
        };
        waiting.insert(seq, answers);
        while let Some(answers) = waiting.remove(&next) {
            next += 1;
            if !writer.write(answers) {
                return;
            }
            let _ = tokens.send(());
        }
    }
}

/// Writes chunks of answers in order, joining them with the right blank lines.
struct Writer<'a> {
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    /// Whether the last thing written was a grid block (`None`: nothing written yet).
    last_block: Option<bool>,
    report: Report,
    closed: bool,
}

impl Writer<'_> {
    /// Writes a chunk; false when the output is gone and the run should stop.
    fn write(&mut self, answers: Answers) -> bool {
        self.report.exit = self.report.exit.and(answers.exit);
        self.report.stats.add(&answers.stats);
        // Problems go to stderr too; a failing stderr is not worth stopping for.
        let _ = self.err.write_all(&answers.err);
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
        let _ = writeln!(self.err, "sudoku: cannot write output: {e}");
        self.report.exit = Exit::Io;
    }
}

/// The answers to a run of units: stdout bytes, stderr bytes, and what happened.
#[derive(Default)]
struct Answers {
    out: Vec<u8>,
    err: Vec<u8>,
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
    source: &'a str,
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
    error: Option<String>,
}

/// A cell where two solutions differ.
#[derive(Serialize)]
struct Difference {
    cell: String,
    first: u8,
    second: u8,
}

impl<'a> Record<'a> {
    fn new(source: &'a str, puzzle: Option<&Grid>, status: &'a str) -> Self {
        Record {
            source,
            puzzle: puzzle.map(Grid::to_line),
            status,
            solution: None,
            solutions: None,
            complete: None,
            differences: None,
            error: None,
        }
    }
}

/// What the search found for one puzzle.
enum Verdict {
    Solved([u8; 81]),
    /// No solution; the conflict among the givens when there is one.
    NoSolution(Option<crate::grid::Conflict>),
    NotUnique([u8; 81], [u8; 81]),
    Counted {
        solutions: u64,
        complete: bool,
    },
}

impl Verdict {
    fn no_solution_reason(conflict: &Option<crate::grid::Conflict>) -> String {
        match conflict {
            Some(conflict) => format!("no solution: {conflict}"),
            None => "no solution: the givens break no rule, but no way of filling the grid obeys them all".to_string(),
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

    fn fail(&mut self, exit: Exit, message: &str) {
        self.exit = self.exit.and(exit);
        self.err.extend_from_slice(b"sudoku: ");
        self.err.extend_from_slice(message.as_bytes());
        self.err.push(b'\n');
    }

    fn record(&mut self, record: &Record) {
        self.begin(false);
        serde_json::to_writer(&mut self.out, record).expect("records serialize");
        self.out.push(b'\n');
    }

    fn comment(&mut self, block: bool, text: &str) {
        self.begin(block);
        self.out.extend_from_slice(b"# ");
        self.out.extend_from_slice(text.as_bytes());
        self.out.push(b'\n');
    }

    fn answer(&mut self, options: &Options, unit: Unit) {
        let quiet = options.quiet;
        let json = options.format == Format::Json;
        let check = options.command == Command::Check;
        match unit {
            Unit::Puzzle { path, puzzle } => self.answer_puzzle(options, &path, &puzzle),
            Unit::Invalid { path, error } => {
                self.stats.invalid += 1;
                let where_ = format!("{path}:{}", error.line);
                let message = format!("{path}:{error}");
                if !quiet {
                    self.fail(Exit::Malformed, &message);
                    if json {
                        let mut record = Record::new(&where_, None, "invalid");
                        record.error = Some(message);
                        self.record(&record);
                    } else if check {
                        self.line(&format!(
                            "{where_}: invalid: {}:{}: {}",
                            error.line, error.col, error.kind
                        ));
                    } else {
                        self.comment(false, &message);
                    }
                }
                self.exit = self.exit.and(Exit::Malformed);
            }
            Unit::NoPuzzle { path, reason } => {
                self.stats.invalid += 1;
                let message = format!("{path}: {reason}");
                if !quiet {
                    self.fail(Exit::Malformed, &message);
                    if json {
                        let mut record = Record::new(&path, None, "invalid");
                        record.error = Some(message);
                        self.record(&record);
                    } else if check {
                        self.line(&format!("{path}: invalid: {reason}"));
                    } else {
                        self.comment(false, &message);
                    }
                }
                self.exit = self.exit.and(Exit::Malformed);
            }
            Unit::Unreadable { path, line, error } => {
                self.stats.unreadable += 1;
                let where_ = match line {
                    Some(line) => format!("{path}:{line}"),
                    None => path.to_string(),
                };
                let message = match line {
                    Some(_) => format!("{where_}: cannot read further: {error}"),
                    None => format!("{where_}: cannot read: {error}"),
                };
                if !quiet {
                    self.fail(Exit::Io, &message);
                    if json {
                        let mut record = Record::new(&where_, None, "unreadable");
                        record.error = Some(message);
                        self.record(&record);
                    } else if check {
                        self.line(&message);
                    } else {
                        self.comment(false, &message);
                    }
                }
                self.exit = self.exit.and(Exit::Io);
            }
        }
    }

    fn line(&mut self, text: &str) {
        self.begin(false);
        self.out.extend_from_slice(text.as_bytes());
        self.out.push(b'\n');
    }

    fn answer_puzzle(&mut self, options: &Options, path: &str, puzzle: &crate::parse::Puzzle) {
        self.stats.puzzles += 1;
        let givens = puzzle.grid.cells();
        let verdict = match puzzle.grid.conflict() {
            Some(conflict) => Verdict::NoSolution(Some(conflict)),
            None => {
                let limit = match options.command {
                    Command::Solve { unique: false } => 1,
                    Command::Solve { unique: true } | Command::Check => 2,
                    Command::Count { limit } => limit,
                };
                let outcome = solver::search(givens, limit);
                self.stats.guesses += outcome.guesses;
                self.stats.max_guesses = self.stats.max_guesses.max(outcome.guesses);
                match (
                    options.command,
                    outcome.solutions,
                    outcome.first,
                    outcome.second,
                ) {
                    (Command::Count { limit }, n, _, _) => Verdict::Counted {
                        solutions: n,
                        complete: n < limit,
                    },
                    (_, 0, _, _) => Verdict::NoSolution(None),
                    (_, 1, Some(first), _) => Verdict::Solved(first),
                    (Command::Solve { unique: false }, _, Some(first), _) => Verdict::Solved(first),
                    (_, _, Some(first), Some(second)) => Verdict::NotUnique(first, second),
                    _ => unreachable!("the solver reports the solutions it counts"),
                }
            }
        };
        let source = format!("{path}:{}", puzzle.line);
        match verdict {
            Verdict::Solved(_) | Verdict::Counted { .. } => self.stats.solved += 1,
            Verdict::NoSolution(_) => self.stats.no_solution += 1,
            Verdict::NotUnique(..) => self.stats.not_unique += 1,
        }
        match options.command {
            Command::Solve { .. } => self.print_solve(options, &source, puzzle, &verdict),
            Command::Check => self.print_check(options, &source, puzzle, &verdict),
            Command::Count { .. } => self.print_count(options, &source, puzzle, &verdict),
        }
    }

    fn print_solve(
        &mut self,
        options: &Options,
        source: &str,
        puzzle: &crate::parse::Puzzle,
        verdict: &Verdict,
    ) {
        let format = match options.format {
            Format::Auto if puzzle.layout == Layout::Line => Format::Line,
            Format::Auto => Format::Grid,
            other => other,
        };
        let block = matches!(format, Format::Grid | Format::Pretty);
        let (exit, message) = match verdict {
            Verdict::Solved(solution) => {
                if options.quiet {
                    return;
                }
                match format {
                    Format::Json => {
                        let mut record = Record::new(source, Some(&puzzle.grid), "solved");
                        record.solution = Some(format::line_string(solution));
                        self.record(&record);
                    }
                    Format::Line => {
                        self.begin(false);
                        format::push_line(&mut self.out, solution);
                        self.out.push(b'\n');
                    }
                    _ => {
                        self.comment(true, source);
                        if format == Format::Pretty {
                            format::push_pretty(&mut self.out, solution);
                        } else {
                            format::push_grid(&mut self.out, solution);
                        }
                    }
                }
                return;
            }
            Verdict::NoSolution(conflict) => {
                (Exit::NoSolution, Verdict::no_solution_reason(conflict))
            }
            Verdict::NotUnique(first, second) => (
                Exit::NotUnique,
                format!("not unique: {}", format::differences(first, second)),
            ),
            Verdict::Counted { .. } => unreachable!("solve does not count"),
        };
        self.exit = self.exit.and(exit);
        if options.quiet {
            return;
        }
        let full = format!("{source}: {message}");
        self.fail(exit, &full);
        if format == Format::Json {
            let status = if exit == Exit::NotUnique {
                "not_unique"
            } else {
                "no_solution"
            };
            let mut record = Record::new(source, Some(&puzzle.grid), status);
            if let Verdict::NotUnique(first, second) = verdict {
                record.differences = Some(differences(first, second));
            }
            record.error = Some(message);
            self.record(&record);
        } else {
            self.comment(block, &full);
        }
    }

    fn print_check(
        &mut self,
        options: &Options,
        source: &str,
        puzzle: &crate::parse::Puzzle,
        verdict: &Verdict,
    ) {
        let (exit, status, text) = match verdict {
            Verdict::Solved(_) => (Exit::Success, "unique", "unique".to_string()),
            Verdict::NoSolution(conflict) => (
                Exit::NoSolution,
                "no_solution",
                Verdict::no_solution_reason(conflict),
            ),
            Verdict::NotUnique(first, second) => (
                Exit::NotUnique,
                "not_unique",
                format!("not unique: {}", format::differences(first, second)),
            ),
            Verdict::Counted { .. } => unreachable!("check does not count"),
        };
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
            self.line(&format!("{source}: {text}"));
        }
    }

    fn print_count(
        &mut self,
        options: &Options,
        source: &str,
        puzzle: &crate::parse::Puzzle,
        verdict: &Verdict,
    ) {
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
                record.error = Some(Verdict::no_solution_reason(conflict));
            }
            self.record(&record);
        } else {
            let plus = if complete { "" } else { "+" };
            self.line(&format!("{solutions}{plus}"));
        }
    }
}

fn differences(first: &[u8; 81], second: &[u8; 81]) -> Vec<Difference> {
    (0..81)
        .filter(|&i| first[i] != second[i])
        .map(|i| Difference {
            cell: format!("r{}c{}", i / 9 + 1, i % 9 + 1),
            first: first[i],
            second: second[i],
        })
        .collect()
}
