//! `generate`: puzzles of a seed's stream, to order, with what the request measured. Each
//! result row carries its candidate number, the ratings and guesses the request computed to
//! keep it, and the run says why it stopped, so that a caller shards by candidate range.

use std::ffi::CString;
use std::io::Read;
use std::path::PathBuf;
use std::time::Instant;

use numpy::IntoPyArray;
use pyo3::exceptions::{
    PyFileNotFoundError, PyOSError, PyRuntimeWarning, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use sudoku_parallel::map_parallel;
use sudoku_solver::{
    generate as make, search, GenerateOptions, Level, Pattern, Range, Rating, Symmetry, Wanted,
    WantedLabels,
};

use crate::args::{grids_out, limit_arg, room_for, strings_out, threads_arg, Cells};
use crate::make::BYTES_A_ROW;
use crate::run::map_interruptible;

/// The `pattern=` argument as `sudoku generate --pattern` reads it: 81 marks written out (or
/// a pattern's text, with its rows on lines of their own), else a file holding one. A path-like
/// object is always a file.
fn pattern_arg(value: &Bound<'_, PyAny>) -> PyResult<Pattern> {
    let parsed = |text: &str| {
        Pattern::parse(text).map_err(|e| PyValueError::new_err(format!("pattern: {e}")))
    };
    let path = if value.is_instance_of::<PyString>() {
        let text: String = value.extract()?;
        if Pattern::is_mask(&text) || text.contains('\n') {
            return parsed(&text);
        }
        PathBuf::from(text)
    } else {
        value.extract::<PathBuf>().map_err(|_| {
            PyTypeError::new_err("pattern: expected 81 marks, a pattern's text or a path")
        })?
    };
    let shown = path.display();
    let mut bytes = Vec::new();
    std::fs::File::open(&path)
        .and_then(|file| file.take(PATTERN_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| {
            let message = format!(
                "pattern: {shown}: cannot read ({e}); give a file, or 81 marks: x for a clue, . for none"
            );
            match e.kind() {
                std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
                _ => PyOSError::new_err(message),
            }
        })?;
    if bytes.len() as u64 > PATTERN_BYTES {
        return Err(PyValueError::new_err(format!(
            "pattern: {shown}: more than {} KiB, which no pattern is (81 cells, or a grid of 9 rows)",
            PATTERN_BYTES / 1024
        )));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        PyValueError::new_err(format!(
            "pattern: {shown}: not text (a pattern is 81 cells: x for a clue, . for none)"
        ))
    })?;
    parsed(&text)
}

/// The most of a pattern file that is read, as the command line reads it: a pattern is 81
/// cells, or a grid of 9 rows, with a few comments.
const PATTERN_BYTES: u64 = 64 * 1024;

/// What a candidate is judged by: the request of one call.
struct Request {
    seed: u64,
    options: GenerateOptions,
    pattern: Option<Pattern>,
    wanted: Wanted,
    /// The search's guesses (as `guesses()` counts them, limit 2), both ends included.
    guesses: Option<(u64, u64)>,
}

/// A puzzle kept: its candidate number, the pair, and what the request measured to keep it.
struct Kept {
    index: u64,
    puzzle: Cells,
    solution: Cells,
    rating: Option<Rating>,
    guesses: Option<u64>,
}

impl Request {
    /// Whether anything makes a candidate fail (else candidate `i` is puzzle `i`).
    fn filters(&self) -> bool {
        self.wanted.is_any() || self.guesses.is_some() || self.pattern.is_some()
    }

    /// Candidate `index`, when it is what the request asks: the guesses are judged first (one
    /// search), the rating after (a walk of the logic), each only when asked.
    fn candidate(&self, index: u64) -> Option<Kept> {
        let g = match &self.pattern {
            Some(pattern) => pattern.candidate(self.seed, index)?,
            None => make(self.seed, index, &self.options),
        };
        let guesses = match self.guesses {
            Some((lo, hi)) => {
                let n = search(&g.puzzle, 2).guesses();
                (lo..=hi).contains(&n).then_some(Some(n))?
            }
            None => None,
        };
        let rating = if self.wanted.is_any() {
            Some(self.wanted.judge(&g.puzzle)?)
        } else {
            None
        };
        Some(Kept {
            index,
            puzzle: g.puzzle,
            solution: g.solution,
            rating,
            guesses,
        })
    }
}

/// Why a run ended, as the result's `"stopped"` says it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stopped {
    /// `n` puzzles made.
    Done,
    /// `attempts` candidates in a row were turned down.
    Attempts,
    /// `time_limit` seconds went by.
    TimeLimit,
    /// The candidates up to `stop` were all judged.
    Stop,
}

impl Stopped {
    fn word(self) -> &'static str {
        match self {
            Stopped::Done => "done",
            Stopped::Attempts => "attempts",
            Stopped::TimeLimit => "time_limit",
            Stopped::Stop => "stop",
        }
    }
}

/// The puzzles of candidates `start..stop` of stream `seed` that meet the request, `n` at most
/// (`n` or `stop` is given): candidate `i` is puzzle `i` of the stream (`sudoku generate
/// --seed`), kept or turned down by itself alone, so the puzzles of a candidate range are the
/// same in any chunking. A run to order gives up, as `sudoku generate` does, after `attempts`
/// candidates in a row are turned down or once `time_limit` seconds went by, with a
/// `RuntimeWarning` saying why. Returns a dict: `puzzles`, `solutions`, `index` (each puzzle's
/// candidate number), `rating` (a dict of arrays, or `None` when nothing was rated),
/// `guesses` (or `None`), `stopped`, `tried` and `next` (the candidate to go on from).
#[pyfunction]
#[pyo3(signature = (n, *, seed, start=0, stop=None, rating=None, level=None, guesses=None, symmetry=None, pattern=None, minimal=true, threads=None, attempts=DEFAULT_ATTEMPTS, time_limit=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate<'py>(
    py: Python<'py>,
    n: Option<u64>,
    seed: u64,
    start: u64,
    stop: Option<u64>,
    rating: Option<&Bound<'py, PyAny>>,
    level: Option<&str>,
    guesses: Option<(u64, u64)>,
    symmetry: Option<&str>,
    pattern: Option<&Bound<'py, PyAny>>,
    minimal: bool,
    threads: Option<usize>,
    attempts: i64,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let pattern = pattern.map(pattern_arg).transpose()?;
    let attempts = u64::try_from(attempts)
        .ok()
        .filter(|&a| a >= 1)
        .ok_or_else(|| {
            PyValueError::new_err(format!("attempts: expected 1 or more, got {attempts}"))
        })?;
    let limit = limit_arg(time_limit)?;
    let end = stop.unwrap_or(u64::MAX);
    if end < start {
        return Err(PyValueError::new_err(format!(
            "stop: expected start ({start}) or more, got {end}"
        )));
    }
    if let Some((lo, hi)) = guesses {
        if lo > hi {
            return Err(PyValueError::new_err(format!(
                "guesses: the low end {lo} is above the high end {hi}"
            )));
        }
    }
    // The most puzzles the call can make.
    let most = match n {
        Some(n) => n.min(end - start),
        None if stop.is_some() => end - start,
        None => return Err(PyValueError::new_err("n: give n, or stop= (or both)")),
    };
    let mut options = GenerateOptions {
        minimal,
        ..Default::default()
    };
    if let Some(name) = symmetry {
        options.symmetry = name
            .parse::<Symmetry>()
            .map_err(|e| PyValueError::new_err(format!("symmetry: {e}")))?;
    }
    let wanted = wanted_arg(rating, level)?;
    room_for("generate", u128::from(most), BYTES_A_ROW)?;
    let request = Request {
        seed,
        options,
        pattern,
        wanted,
        guesses,
    };
    let threads = threads_arg(threads);
    // Held in memory (room_for), so it fits a usize.
    let mut made: Vec<Kept> = Vec::with_capacity(most as usize);
    let mut tried = 0u64;
    let mut next = start;
    let mut cut = None;
    if !request.filters() && limit.is_none() {
        let indices: Vec<u64> = (start..start.saturating_add(most)).collect();
        made = map_interruptible(py, &indices, threads, |&i| request.candidate(i))?
            .into_iter()
            .flatten()
            .collect();
        tried = indices.len() as u64;
        next = start + tried;
    } else {
        // Candidates in chunks, judged in parallel, kept in index order: the same puzzles at
        // any thread count. Ctrl-C and the time limit are checked between chunks.
        let clock = Instant::now();
        // A limit past the clock's end is none.
        let deadline = limit.and_then(|limit| clock.checked_add(limit));
        let chunk = 256u64;
        let mut rejected_in_a_row = 0u64;
        'run: while (made.len() as u64) < most {
            if next >= end {
                cut = Some(Stopped::Stop);
                break;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                cut = Some(Stopped::TimeLimit);
                break;
            }
            let indices: Vec<u64> = (next..next.saturating_add(chunk).min(end)).collect();
            let judged = py.detach(|| map_parallel(&indices, threads, |&i| request.candidate(i)));
            for (i, found) in indices.iter().zip(judged) {
                if made.len() as u64 == most {
                    break 'run;
                }
                tried += 1;
                next = i + 1;
                match found {
                    Some(kept) => {
                        rejected_in_a_row = 0;
                        made.push(kept);
                    }
                    None => {
                        rejected_in_a_row += 1;
                        if rejected_in_a_row >= attempts {
                            cut = Some(Stopped::Attempts);
                            break 'run;
                        }
                    }
                }
            }
            py.check_signals()?;
        }
        let why = match cut {
            Some(Stopped::Attempts) => Some(format!(
                "gave up after {attempts} candidates in a row were turned down \
                 (raise attempts=, or widen the request)"
            )),
            Some(Stopped::TimeLimit) => Some(format!(
                "time_limit reached after {:.1} s",
                clock.elapsed().as_secs_f64()
            )),
            _ => None,
        };
        if let Some(why) = why {
            let asked = n.map_or("the".to_string(), |n| n.to_string());
            let message = format!(
                "generate: made {} of {asked} puzzles ({tried} candidates tried): {why}",
                made.len()
            );
            // The message holds numbers and fixed words: no NUL, so never the empty default.
            let message = CString::new(message).unwrap_or_default();
            // Level 2: the warning names the line that called `sudoku_array.generate`.
            PyErr::warn(py, &py.get_type::<PyRuntimeWarning>(), &message, 2)?;
        }
    }
    let stopped = match cut {
        Some(why) => why,
        None if n.is_some_and(|n| made.len() as u64 == n) => Stopped::Done,
        None => Stopped::Stop,
    };
    made_out(py, &request, made, stopped, tried, next)
}

/// `rating=` and `level=` as one request.
fn wanted_arg(rating: Option<&Bound<'_, PyAny>>, level: Option<&str>) -> PyResult<Wanted> {
    let mut wanted = Wanted::default();
    if let Some(rating) = rating {
        let text = match rating.extract::<(f64, f64)>() {
            Ok((lo, hi)) => format!("{lo}..{hi}"),
            Err(_) => rating.extract::<String>().map_err(|_| {
                PyValueError::new_err("rating: expected (lo, hi) or a string such as \"2.6..4.0\"")
            })?,
        };
        wanted.er = text
            .parse::<Range>()
            .map_err(|e| PyValueError::new_err(format!("rating: {e}")))?;
    }
    if let Some(name) = level {
        if rating.is_some() {
            return Err(PyValueError::new_err(
                "level: give a level or a rating range, not both",
            ));
        }
        let level = name
            .parse::<Level>()
            .map_err(|e| PyValueError::new_err(format!("level: {e}")))?;
        wanted.er = level.range();
        wanted.level = Some(level);
    }
    if let Some(why) = wanted.impossible() {
        // Named as this function's arguments: `rating=` and `level=`.
        let arguments = WantedLabels {
            er: "rating",
            level: "level",
            ..WantedLabels::MEASURES
        };
        return Err(PyValueError::new_err(why.describe(&arguments)));
    }
    Ok(wanted)
}

/// The result of [`generate`] as a dict of arrays.
fn made_out<'py>(
    py: Python<'py>,
    request: &Request,
    made: Vec<Kept>,
    stopped: Stopped,
    tried: u64,
    next: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let puzzles: Vec<Cells> = made.iter().map(|k| k.puzzle).collect();
    let solutions: Vec<Cells> = made.iter().map(|k| k.solution).collect();
    dict.set_item("puzzles", grids_out(py, &puzzles))?;
    dict.set_item("solutions", grids_out(py, &solutions))?;
    // Signed, as every count the package returns; `start` and `stop` are below 2**63.
    let signed = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    let index: Vec<i64> = made.iter().map(|k| signed(k.index)).collect();
    dict.set_item("index", index.into_pyarray(py))?;
    if request.wanted.is_any() {
        let ratings: Vec<Rating> = made.iter().filter_map(|k| k.rating).collect();
        let rated = PyDict::new(py);
        let column = |f: fn(&Rating) -> f64| ratings.iter().map(f).collect::<Vec<f64>>();
        rated.set_item("er", column(Rating::er).into_pyarray(py))?;
        rated.set_item("ep", column(Rating::ep).into_pyarray(py))?;
        rated.set_item("ed", column(Rating::ed).into_pyarray(py))?;
        let hardest = ratings
            .iter()
            .map(|r| r.hardest().map(|t| t.to_string()).unwrap_or_default())
            .collect();
        rated.set_item("hardest", strings_out(py, hardest)?)?;
        let level = ratings
            .iter()
            .map(|r| {
                Level::of(r.er())
                    .map(|l| l.name().to_string())
                    .unwrap_or_default()
            })
            .collect();
        rated.set_item("level", strings_out(py, level)?)?;
        dict.set_item("rating", rated)?;
    } else {
        dict.set_item("rating", py.None())?;
    }
    if request.guesses.is_some() {
        let guesses: Vec<i64> = made.iter().filter_map(|k| k.guesses).map(signed).collect();
        dict.set_item("guesses", guesses.into_pyarray(py))?;
    } else {
        dict.set_item("guesses", py.None())?;
    }
    dict.set_item("stopped", stopped.word())?;
    dict.set_item("tried", tried)?;
    dict.set_item("next", next)?;
    Ok(dict)
}

/// `attempts=` when not given: the command line's `--attempts`.
const DEFAULT_ATTEMPTS: i64 = 100_000;
