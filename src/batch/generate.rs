//! `generate`: puzzles of a stream, in index order whatever the number of threads; and puzzles
//! to order (a rating range, needed techniques, a clue pattern), sifted from the same stream.
//!
//! To order, candidate `k` of the stream is made (puzzle `k` of [`crate::generate::generate`],
//! or the candidate of the pattern) and judged; the output is the first `count` candidates kept,
//! in index order. So the output depends only on the seed and the options, never on `-j` or on
//! timing; a run cut short by `--timeout` prints a prefix of what the full run would.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::answers::Answers;
use super::report::Report;
use super::writer::Writer;
use super::{in_order, Paint, Progress};
use crate::commands;
use crate::exit::Exit;
use crate::format::Format;
use crate::generate::pattern::Pattern;
use crate::generate::sift::Wanted;
use crate::generate::Generated;
use crate::logic::Rating;

/// What `generate` should make.
#[derive(Clone, Debug)]
pub struct GenerateRun {
    /// How many puzzles.
    pub count: u64,
    /// The stream's seed: the same seed gives the same puzzles.
    pub seed: u64,
    /// Symmetry, minimality and clue limit.
    pub options: crate::generate::GenerateOptions,
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

/// Puzzles per chunk of generated work.
const GENERATE_CHUNK: u64 = 64;

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
    let mut writer = Writer::new(out, err, Paint::default(), progress);
    let chunks = run.count.div_ceil(GENERATE_CHUNK);
    let make = |chunk: u64| {
        let mut answers = Answers::new(run.quiet);
        let first = chunk * GENERATE_CHUNK;
        for index in first..(first + GENERATE_CHUNK).min(run.count) {
            let made = crate::generate::generate(run.seed, index, &run.options);
            commands::generate::answer(&mut answers, run, index, &made, None);
        }
        answers
    };
    if run.threads <= 1 {
        for chunk in 0..chunks {
            // Each chunk is flushed as it is made: a reader sees puzzles as they come, and a
            // closed pipe (`| head -1`) ends the run.
            if !writer.write(make(chunk)) || writer.flush().is_err() {
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
        None => crate::generate::try_generate_while(run.seed, index, &run.options, |_| {
            !stop.load(Ordering::Relaxed) && deadline.is_none_or(|d| Instant::now() < d)
        })?,
    };
    if !run.wanted.is_any() {
        return Some((made, None));
    }
    let rating = run.wanted.judge(&made.puzzle)?;
    Some((made, Some(rating)))
}

/// Why a sifted run ended before it had every puzzle.
enum Cut {
    Attempts,
    Timeout,
    /// The system refused every worker thread.
    NoThread,
}

/// Makes puzzles to order: candidates are judged on every thread, a chunk at a time, and
/// taken in index order until `run.count` are kept.
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
    let mut writer = Writer::new(out, err, Paint::default(), progress);
    let deadline = run.timeout.map(|t| start + t);
    let next_chunk = AtomicU64::new(0);
    // Chunks may run ahead of the one printed next by at most this many.
    let window = 4 * run.threads.max(1) as u64;
    let printed_up_to = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let mut kept = 0u64;
    let mut tried = 0u64;
    let mut rejected_in_a_row = 0u64;
    let mut cut = None;
    thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(u64, Vec<Option<(Generated, Option<Rating>)>>)>();
        for _ in 0..run.threads.max(1) {
            let send = send.clone();
            let (next_chunk, printed_up_to, stop) = (&next_chunk, &printed_up_to, &stop);
            // A thread the system refuses is one worker fewer, not an abort (as in `in_order`).
            let spawned = thread::Builder::new().spawn_scoped(scope, move || loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if next_chunk.load(Ordering::Relaxed)
                    >= printed_up_to.load(Ordering::Relaxed) + window
                {
                    thread::sleep(Duration::from_millis(1));
                    continue;
                }
                let chunk = next_chunk.fetch_add(1, Ordering::Relaxed);
                let first = chunk * SIFT_CHUNK;
                let judged = (first..first + SIFT_CHUNK)
                    .map(|index| {
                        if stop.load(Ordering::Relaxed) {
                            None
                        } else {
                            judge(run, index, stop, deadline)
                        }
                    })
                    .collect();
                if send.send((chunk, judged)).is_err() {
                    return;
                }
            });
            if spawned.is_err() {
                break;
            }
        }
        drop(send);
        let mut waiting = BTreeMap::new();
        let mut next = 0u64;
        'run: while kept < run.count {
            let wait = deadline.map_or(Duration::from_millis(200), |d| {
                d.saturating_duration_since(Instant::now())
                    .min(Duration::from_millis(200))
            });
            match receive.recv_timeout(wait) {
                Ok((chunk, judged)) => {
                    waiting.insert(chunk, judged);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                // Workers stop only once `stop` is set, after this loop (or on a panic, which
                // the scope raises again): no worker started.
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    cut = Some(Cut::NoThread);
                    break;
                }
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                cut = Some(Cut::Timeout);
                break;
            }
            while let Some(judged) = waiting.remove(&next) {
                let mut answers = Answers::new(run.quiet);
                for (offset, found) in judged.into_iter().enumerate() {
                    if kept == run.count {
                        break;
                    }
                    tried += 1;
                    answers.stats.candidates += 1;
                    let index = next * SIFT_CHUNK + offset as u64;
                    match found {
                        Some((made, rating)) => {
                            rejected_in_a_row = 0;
                            kept += 1;
                            commands::generate::answer(
                                &mut answers,
                                run,
                                index,
                                &made,
                                rating.as_ref(),
                            );
                        }
                        None => {
                            rejected_in_a_row += 1;
                            if rejected_in_a_row >= run.attempts {
                                cut = Some(Cut::Attempts);
                            }
                        }
                    }
                    if cut.is_some() {
                        break;
                    }
                }
                next += 1;
                printed_up_to.store(next, Ordering::Relaxed);
                // Flushed at once: a puzzle found is written when it is found, in order, so an
                // interrupted run keeps it and a closed pipe (`| head -1`) ends the run.
                let written = writer.write(answers) && writer.flush().is_ok();
                if let Some(progress) = writer.progress() {
                    progress.note(format!(
                        "{kept} of {} kept, {tried} candidates tried",
                        run.count
                    ));
                }
                if !written || cut.is_some() {
                    break 'run;
                }
            }
        }
        stop.store(true, Ordering::Relaxed);
        // Workers finish the chunk in hand; their results are not needed.
        drop(receive);
    });
    if let Some(cut) = cut {
        let why = match cut {
            Cut::Attempts => format!(
                "gave up after {} candidates in a row were turned down (raise --attempts, or widen the request)",
                run.attempts
            ),
            Cut::Timeout => format!(
                "--timeout reached after {:.1} s",
                start.elapsed().as_secs_f64()
            ),
            Cut::NoThread => "the system refused every worker thread".to_string(),
        };
        // Like every run that ends before it has all its puzzles: exit 1 (see the README).
        let mut answers = Answers::new(run.quiet);
        let what = format!(
            "made {kept} of {} puzzles ({tried} candidates tried): {why}",
            run.count
        );
        answers.problem(Exit::NoSolution, None, &what);
        writer.write(answers);
    }
    writer.finish(start)
}
