//! Puzzles made or changed: `generate`, `canonical`, `minimize`, `augment` and `reveal`.

use std::ffi::CString;
use std::io::Read;
use std::path::PathBuf;
use std::time::Instant;

use numpy::PyArray2;
use pyo3::exceptions::{
    PyFileNotFoundError, PyOSError, PyRuntimeWarning, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::PyString;

use sudoku_parallel::map_parallel;
use sudoku_solver::{
    generate as make, Grid, Level, Pattern, Range, Symmetry, Transform, Wanted, WantedLabels,
};

use crate::args::{grids_arg, grids_out, limit_arg, pairs_arg, room_for, threads_arg, Cells, Pair};
use crate::run::{each, map_interruptible};

/// The canonical form of each puzzle.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None))]
pub(crate) fn canonical<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let out = each(py, puzzles, threads, |p| {
        sudoku_solver::canonical(p.cells())
    })?;
    Ok(grids_out(py, &out))
}

/// A minimal puzzle with each puzzle's solution; zeros where a puzzle has not exactly one.
#[pyfunction]
#[pyo3(signature = (puzzles, *, seed=None, threads=None))]
pub(crate) fn minimize<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    seed: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let out = each(py, puzzles, threads, |p| {
        p.minimize(seed).map_or([0; 81], |g| *g.cells())
    })?;
    Ok(grids_out(py, &out))
}

/// What one row of made or disguised puzzles takes while a call runs, all told: the job, the
/// pair made, the pair split in two, and the two arrays.
const BYTES_A_ROW: u128 = 8 + 4 * 162;

/// k disguised copies of each (puzzle, solution) pair, the same map applied to both. A
/// solution that does not solve its puzzle is refused, as `reveal` refuses it.
#[pyfunction]
#[pyo3(signature = (puzzles, solutions, k, *, seed, threads=None))]
pub(crate) fn augment<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    solutions: &Bound<'py, PyAny>,
    k: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Pair<'py>> {
    let (puzzles, solutions) = pairs_arg(puzzles, solutions)?;
    if let Some(i) = (0..puzzles.len()).find(|&i| !solutions[i].solves(&puzzles[i])) {
        return Err(PyValueError::new_err(format!(
            "solutions[{i}]: does not solve puzzles[{i}]"
        )));
    }
    disguised(py, &puzzles, &solutions, k, seed, threads)
}

/// One disguise of each puzzle: copy 0 of [`augment`] with k = 1, without solutions.
#[pyfunction]
#[pyo3(signature = (puzzles, *, seed, threads=None))]
pub(crate) fn transform<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let puzzles = grids_arg(puzzles, "puzzles")?;
    let (out, _) = disguised(py, &puzzles, &puzzles, 1, seed, threads)?;
    Ok(out)
}

/// k disguises of each (puzzle, solution) pair: row `job` of the answer is copy `job % k` of
/// pair `job / k`, by the map of `seed` and `job`. N x k rows that cannot be counted or held
/// are refused before any work.
fn disguised<'py>(
    py: Python<'py>,
    puzzles: &[Grid],
    solutions: &[Grid],
    k: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Pair<'py>> {
    let rows = (puzzles.len() as u128) * u128::from(k);
    room_for("augment", rows, BYTES_A_ROW)?;
    // Held in memory, so it fits a usize and a u64.
    let jobs: Vec<u64> = (0..rows as u64).collect();
    let out = map_interruptible(py, &jobs, threads_arg(threads), |&job| {
        let i = (job / k) as usize;
        let t = Transform::random(seed, job);
        (t.apply(puzzles[i].cells()), t.apply(solutions[i].cells()))
    })?;
    let (p, s): (Vec<Cells>, Vec<Cells>) = out.into_iter().unzip();
    Ok((grids_out(py, &p), grids_out(py, &s)))
}

/// k givens put back into each puzzle from its solution, the cells drawn from `seed` and the
/// row number.
#[pyfunction]
#[pyo3(signature = (puzzles, solutions, k, *, seed, threads=None))]
pub(crate) fn reveal<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    solutions: &Bound<'py, PyAny>,
    k: usize,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let (puzzles, solutions) = pairs_arg(puzzles, solutions)?;
    let rows: Vec<usize> = (0..puzzles.len()).collect();
    let out = map_interruptible(py, &rows, threads_arg(threads), |&i| {
        puzzles[i]
            .reveal(&solutions[i], k, seed, i as u64)
            .map(|g| *g.cells())
            .ok_or(i)
    })?;
    let out = out
        .into_iter()
        .collect::<Result<Vec<Cells>, usize>>()
        .map_err(|i| {
            PyValueError::new_err(format!("solutions[{i}]: does not solve puzzles[{i}]"))
        })?;
    Ok(grids_out(py, &out))
}

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

/// Why a run to order ended before it had `n` puzzles.
fn cut_short(kept: usize, n: usize, tried: u64, why: &str) -> String {
    format!("generate: made {kept} of {n} puzzles ({tried} candidates tried): {why}")
}

/// `n` puzzles of stream `seed` and their solutions, those that meet `wanted` when it asks
/// anything: candidates 0, 1, 2... in order, as `generate_matching` keeps them. A run to order
/// gives up, as `sudoku generate` does, after `attempts` candidates in a row are turned down
/// or once `time_limit` seconds went by: it returns the puzzles made so far, with a
/// `RuntimeWarning` saying why.
#[pyfunction]
#[pyo3(signature = (n, *, seed, rating=None, level=None, symmetry=None, pattern=None, minimal=true, threads=None, attempts=DEFAULT_ATTEMPTS, time_limit=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate<'py>(
    py: Python<'py>,
    n: usize,
    seed: u64,
    rating: Option<&Bound<'py, PyAny>>,
    level: Option<&str>,
    symmetry: Option<&str>,
    pattern: Option<&Bound<'py, PyAny>>,
    minimal: bool,
    threads: Option<usize>,
    attempts: i64,
    time_limit: Option<f64>,
) -> PyResult<Pair<'py>> {
    let pattern = pattern.map(pattern_arg).transpose()?;
    let attempts = u64::try_from(attempts)
        .ok()
        .filter(|&a| a >= 1)
        .ok_or_else(|| {
            PyValueError::new_err(format!("attempts: expected 1 or more, got {attempts}"))
        })?;
    let limit = limit_arg(time_limit)?;
    let mut options = sudoku_solver::GenerateOptions {
        minimal,
        ..Default::default()
    };
    if let Some(name) = symmetry {
        options.symmetry = name
            .parse::<Symmetry>()
            .map_err(|e| PyValueError::new_err(format!("symmetry: {e}")))?;
    }
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
    room_for("generate", n as u128, BYTES_A_ROW)?;
    let threads = threads_arg(threads);
    let mut made: Vec<(Cells, Cells)> = Vec::with_capacity(n);
    if !wanted.is_any() && pattern.is_none() && limit.is_none() {
        let indices: Vec<u64> = (0..n as u64).collect();
        made = map_interruptible(py, &indices, threads, |&i| {
            let g = make(seed, i, &options);
            (g.puzzle, g.solution)
        })?;
    } else {
        // Candidates in chunks, judged in parallel, kept in index order: the same puzzles at
        // any thread count. Ctrl-C and the time limit are checked between chunks.
        let start = Instant::now();
        // A limit past the clock's end is none.
        let deadline = limit.and_then(|limit| start.checked_add(limit));
        let chunk = 256u64;
        let mut next = 0u64;
        let mut rejected_in_a_row = 0u64;
        let mut tried = 0u64;
        let mut cut = None;
        while made.len() < n && cut.is_none() {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                cut = Some(format!(
                    "time_limit reached after {:.1} s",
                    start.elapsed().as_secs_f64()
                ));
                break;
            }
            let indices: Vec<u64> = (next..next + chunk).collect();
            next += chunk;
            let judged = py.detach(|| {
                map_parallel(&indices, threads, |&i| {
                    let g = match &pattern {
                        Some(pattern) => pattern.candidate(seed, i)?,
                        None => make(seed, i, &options),
                    };
                    let kept = !wanted.is_any() || wanted.accepts(&g.puzzle);
                    kept.then_some((g.puzzle, g.solution))
                })
            });
            for found in judged {
                if made.len() == n {
                    break;
                }
                tried += 1;
                match found {
                    Some(pair) => {
                        rejected_in_a_row = 0;
                        made.push(pair);
                    }
                    None => {
                        rejected_in_a_row += 1;
                        if rejected_in_a_row >= attempts {
                            cut = Some(format!(
                                "gave up after {attempts} candidates in a row were turned down \
                                 (raise attempts=, or widen the request)"
                            ));
                            break;
                        }
                    }
                }
            }
            py.check_signals()?;
        }
        if let Some(why) = cut {
            // The message holds numbers and fixed words: no NUL, so never the empty default.
            let message = CString::new(cut_short(made.len(), n, tried, &why)).unwrap_or_default();
            // Level 2: the warning names the line that called `sudoku_array.generate`.
            PyErr::warn(py, &py.get_type::<PyRuntimeWarning>(), &message, 2)?;
        }
    }
    let (p, s): (Vec<Cells>, Vec<Cells>) = made.into_iter().unzip();
    Ok((grids_out(py, &p), grids_out(py, &s)))
}

/// `attempts=` when not given: the command line's `--attempts`.
const DEFAULT_ATTEMPTS: i64 = 100_000;
