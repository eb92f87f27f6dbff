//! `generate`: puzzles of a stream, in index order whatever the number of threads; and puzzles
//! to order (a rating range, needed techniques, a clue pattern), sifted from the same stream.
//!
//! To order, candidate `k` of the stream is made (puzzle `k` of [`sudoku_solver::generate`],
//! or the candidate of the pattern) and judged; the output is the first `count` candidates kept,
//! in index order. So the output depends only on the seed and the options, never on `-j` or on
//! timing; a run cut short by `--timeout` prints a prefix of what the full run would.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::ordered::{in_order, Config};
use super::report::Report;
use super::writer::Writer;
use super::{Chunk, Paint, Progress};
use crate::commands::Command;
use crate::exit::Exit;
use crate::outcome::{Answer, Outcome, SizedFound, Source};
use crate::output::{self, Format, Problem, Renderer, Settings};
use sudoku_solver::Generated;
use sudoku_solver::Grid;
use sudoku_solver::Pattern;
use sudoku_solver::Puzzle;
use sudoku_solver::Rating;
use sudoku_solver::Wanted;
use sudoku_solver::{Shape, SizedGenerateOptions};

/// What `generate` should make.
#[derive(Clone, Debug)]
pub struct GenerateRun {
    /// How many puzzles.
    pub count: u64,
    /// The shape of a board of another size than 9x9 (`--size`, `--box`); none: the classic
    /// board. Puzzles of another size are made as they come (never sifted), with `options`'
    /// symmetry and minimality.
    pub shape: Option<Shape>,
    /// The stream's seed: the same seed gives the same puzzles.
    pub seed: u64,
    /// Symmetry, minimality and clue limit.
    pub options: sudoku_solver::GenerateOptions,
    /// Ratings and techniques asked for (nothing: every puzzle is kept, unrated).
    pub wanted: Wanted,
    /// The cells the clues must stand on.
    pub pattern: Option<Pattern>,
    /// Give up after this many candidates in a row are turned down.
    pub attempts: u64,
    /// Give up after this long, printing what was found.
    pub timeout: Option<Duration>,
    /// How to print each puzzle (`Auto` means `Line`).
    pub format: Format,
    /// Print each puzzle's solution beside it.
    pub solution: bool,
    /// How a PDF book is laid out (`-f pdf`).
    pub book: crate::output::BookLayout,
    /// Worker threads; the output does not depend on it.
    pub threads: usize,
    /// Print nothing.
    pub quiet: bool,
}

impl GenerateRun {
    /// Whether the puzzles are sifted (made to order, or under a time limit) rather than taken
    /// as they come: each candidate is judged in turn, and the run can end before it has all.
    fn sifted(&self) -> bool {
        self.wanted.is_any() || self.pattern.is_some() || self.timeout.is_some()
    }
}

/// Puzzles per chunk of generated work: the command's row says.
const GENERATE_CHUNK: u64 = Command::Generate.spec().chunk as u64;

/// Candidates per chunk of sifted work: small, since judging one can take a while.
const SIFT_CHUNK: u64 = 8;

/// Generates `run.count` puzzles, printed in index order whatever the number of threads,
/// telling `progress` (when given) how it goes.
pub fn generate<'a>(
    run: &GenerateRun,
    out: &'a mut (dyn Write + Send),
    err: &'a mut (dyn Write + Send),
    mut progress: Option<&'a mut dyn Progress>,
) -> Report {
    if run.sifted() {
        return sift(run, out, err, progress);
    }
    let start = Instant::now();
    if let Some(progress) = &mut progress {
        progress.start(Some(run.count), None);
    }
    let renderer = output::renderer(settings(run), run.book);
    let mut writer =
        Writer::new(out, err, Paint::default(), progress).framed_by(&*renderer, !run.quiet);
    if !writer.begin() {
        return writer.finish(start);
    }
    let chunks = run.count.div_ceil(GENERATE_CHUNK);
    let make = |chunk: u64| {
        let mut answers = Chunk::default();
        let first = chunk * GENERATE_CHUNK;
        for index in first..(first + GENERATE_CHUNK).min(run.count) {
            match run.shape {
                Some(shape) => add_sized(&mut answers, run, &*renderer, index, shape),
                None => {
                    let made = sudoku_solver::generate(run.seed, index, &run.options);
                    add(&mut answers, run, &*renderer, index, &made, None);
                }
            }
        }
        answers
    };
    let mut next = 0;
    let take = move || {
        (next < chunks).then(|| {
            next += 1;
            next - 1
        })
    };
    // Each chunk is flushed as it is made: a reader sees puzzles as they come, and a closed
    // pipe (`| head -1`) ends the run.
    in_order(config(run), take, make, |chunk| {
        writer.write(chunk) && writer.flush().is_ok()
    });
    writer.finish(start)
}

/// The runner's configuration for `run`: judging a chunk can take a while, so workers stay at
/// most four chunks ahead of the one written.
fn config(run: &GenerateRun) -> Config {
    Config {
        threads: run.threads.max(1),
        window_per_thread: 4,
    }
}

/// How generated puzzles are rendered.
fn settings(run: &GenerateRun) -> Settings<'static> {
    Settings::of(Command::Generate.spec()).format(run.format)
}

/// Adds puzzle `index` (0-based) of the stream to `chunk`, with its rating when it was made to
/// order. Its source is `seed S #N` (N from 1); it prints as `solve` prints a solution.
fn add(
    chunk: &mut Chunk,
    run: &GenerateRun,
    renderer: &dyn Renderer,
    index: u64,
    made: &Generated,
    rating: Option<Rating>,
) {
    let settings = settings(run);
    let answer = Answer {
        source: Source {
            path: format!("seed {} #{}", run.seed, index + 1).into(),
            line: 0,
        },
        puzzle: Some(Puzzle::from(
            Grid::from_cells(made.puzzle).expect("generated cells are digits"),
        )),
        outcome: Outcome::Generated {
            rating,
            solution: run.solution.then_some(made.solution),
        },
        guesses: None,
        ordinal: index + 1,
        time: None,
        key: settings.answer_key.then_some(made.solution),
    };
    chunk.add(&answer, &settings, renderer, run.quiet);
}

/// Adds puzzle `index` (0-based) of the stream of boards of `shape` to `chunk`, as [`add`]
/// adds a classic one.
fn add_sized(
    chunk: &mut Chunk,
    run: &GenerateRun,
    renderer: &dyn Renderer,
    index: u64,
    shape: Shape,
) {
    let options = SizedGenerateOptions {
        symmetry: run.options.symmetry,
        minimal: run.options.minimal,
        max_clues: run.options.max_clues,
    };
    let made = sudoku_solver::generate_sized(shape, run.seed, index, &options)
        .expect("the command line checked the options against the shape");
    let answer = Answer {
        source: Source {
            path: format!("seed {} #{}", run.seed, index + 1).into(),
            line: 0,
        },
        puzzle: Some(Puzzle::from(made.puzzle)),
        outcome: Outcome::Sized(SizedFound::Generated(run.solution.then_some(made.solution))),
        guesses: None,
        ordinal: index + 1,
        time: None,
        key: None,
    };
    chunk.add(&answer, &settings(run), renderer, run.quiet);
}

/// Candidate `index`, judged: the puzzle and its rating when it is kept. A search for a puzzle
/// of few clues gives up (no candidate) once `stop` is set or `deadline` has passed.
fn judge(
    run: &GenerateRun,
    index: u64,
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> Option<(Generated, Option<Rating>)> {
    let made = match &run.pattern {
        Some(pattern) => pattern.candidate(run.seed, index)?,
        None => sudoku_solver::try_generate_while(run.seed, index, &run.options, |_| {
            !stop.load(Ordering::Relaxed) && deadline.is_none_or(|d| Instant::now() < d)
        })?,
    };
    if !run.wanted.is_any() {
        return Some((made, None));
    }
    if !run.format.shows_rating() {
        // Nothing prints the rating: the walk may stop once the puzzle is certain to be kept.
        return run.wanted.accepts(&made.puzzle).then_some((made, None));
    }
    let rating = run.wanted.judge(&made.puzzle)?;
    Some((made, Some(rating)))
}

/// Why a sifted run ended before it had every puzzle.
enum Cut {
    Attempts,
    Timeout,
}

/// Makes puzzles to order: chunks of candidates are judged on every thread by the ordered runner,
/// and kept in index order until `run.count` are kept.
fn sift<'a>(
    run: &GenerateRun,
    out: &'a mut (dyn Write + Send),
    err: &'a mut (dyn Write + Send),
    mut progress: Option<&'a mut dyn Progress>,
) -> Report {
    let start = Instant::now();
    if let Some(progress) = &mut progress {
        progress.start(None, None);
    }
    let renderer = output::renderer(settings(run), run.book);
    let mut writer =
        Writer::new(out, err, Paint::default(), progress).framed_by(&*renderer, !run.quiet);
    if !writer.begin() {
        return writer.finish(start);
    }
    // A timeout past the clock's end is none: no run outlives it.
    let deadline = run.timeout.and_then(|t| start.checked_add(t));
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    // Set when the run is over, so that workers give up the candidates in hand.
    let stop = AtomicBool::new(false);
    let mut kept = 0u64;
    let mut tried = 0u64;
    let mut rejected_in_a_row = 0u64;
    let mut cut = None;
    let mut next_job = 0u64;
    let take = || {
        next_job += 1;
        Some(next_job - 1)
    };
    let judge_chunk = |chunk: u64| -> Vec<Option<(Generated, Option<Rating>)>> {
        let first = chunk * SIFT_CHUNK;
        (first..first + SIFT_CHUNK)
            .map(|index| {
                if stop.load(Ordering::Relaxed) || late() {
                    None
                } else {
                    judge(run, index, &stop, deadline)
                }
            })
            .collect()
    };
    let mut next_written = 0u64;
    let hand_on = |judged: Vec<Option<(Generated, Option<Rating>)>>| -> bool {
        if late() {
            cut = Some(Cut::Timeout);
            stop.store(true, Ordering::Relaxed);
            return false;
        }
        let mut answers = Chunk::default();
        for (offset, found) in judged.into_iter().enumerate() {
            if kept == run.count {
                break;
            }
            tried += 1;
            answers.stats.candidates += 1;
            let index = next_written * SIFT_CHUNK + offset as u64;
            match found {
                Some((made, rating)) => {
                    rejected_in_a_row = 0;
                    kept += 1;
                    add(&mut answers, run, &*renderer, index, &made, rating);
                }
                None => {
                    rejected_in_a_row += 1;
                    if rejected_in_a_row >= run.attempts {
                        cut = Some(Cut::Attempts);
                        break;
                    }
                }
            }
        }
        next_written += 1;
        // Flushed at once: a puzzle found is written when it is found, in order, so an
        // interrupted run keeps it and a closed pipe (`| head -1`) ends the run.
        let written = writer.write(answers) && writer.flush().is_ok();
        if let Some(progress) = writer.progress() {
            progress.note(format!(
                "{kept} of {} kept, {tried} candidates tried",
                run.count
            ));
        }
        let go_on = written && cut.is_none() && kept < run.count;
        if !go_on {
            stop.store(true, Ordering::Relaxed);
        }
        go_on
    };
    in_order(config(run), take, judge_chunk, hand_on);
    if let Some(cut) = cut {
        writer.write(cut_short(run, cut, kept, tried, start));
    }
    writer.finish(start)
}

/// The chunk that ends a sifted run cut short: exit 1, and on stderr why, with what was made.
fn cut_short(run: &GenerateRun, cut: Cut, kept: u64, tried: u64, start: Instant) -> Chunk {
    let why = match cut {
        Cut::Attempts => format!(
            "gave up after {} candidates in a row were turned down (raise --attempts, or widen the request)",
            run.attempts
        ),
        Cut::Timeout => format!(
            "--timeout reached after {:.1} s",
            start.elapsed().as_secs_f64()
        ),
    };
    // Like every run that ends before it has all its puzzles: exit 1 (see the README).
    let mut answers = Chunk {
        exit: Exit::NoSolution,
        ..Chunk::default()
    };
    if !run.quiet {
        answers.problems.push(Problem {
            exit: Exit::NoSolution,
            place: None,
            what: format!(
                "made {kept} of {} puzzles ({tried} candidates tried): {why}",
                run.count
            ),
        });
    }
    answers
}
