//! The Python module `sudoku_array._native`: the library `sudoku_solver` on numpy arrays.
//!
//! Thin by design: every answer comes from the library's root API (`sudoku_solver::...`); this
//! file converts arrays and strings to `[u8; 81]`, releases the GIL, runs the library's
//! `map_parallel` and converts the answers back. Docstrings and examples are in the Python
//! package (`sudoku_array/__init__.py`), which wraps these functions.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use numpy::ndarray::Array2;
use numpy::{
    dtype, IntoPyArray, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use sudoku_solver::{
    describe, generate as make, map_parallel, next_step, search, search_candidates, Board,
    Candidates, Grid, Level, Parser, Pattern, Puzzle, Range, RateError, RequestNames,
    SearchOutcome, Step, Symmetry, Technique, Transform, Wanted,
};

type Cells = [u8; 81];

/// Puzzles and their solutions, both (N, 81) `uint8`.
type Pair<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray2<u8>>);

/// An error in its slot: (slot, path, line, column, message).
type SlotError = (usize, String, Option<usize>, Option<usize>, String);

/// `threads=` as the library takes it: `None` (or 0) for one per core.
fn threads_arg(threads: Option<usize>) -> Option<NonZeroUsize> {
    threads.and_then(NonZeroUsize::new)
}

/// `f` of each puzzle of `puzzles` (see [`grids_arg`]), in order, on `threads` cores (all by
/// default) with the interpreter released; Ctrl-C stops it (see [`map_interruptible`]).
fn each<T: Send>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    f: impl Fn(&Grid) -> T + Send + Sync,
) -> PyResult<Vec<T>> {
    let puzzles = grids_arg(puzzles, "puzzles")?;
    map_interruptible(py, &puzzles, threads_arg(threads), f)
}

/// Calls on more items than this can be interrupted (see [`map_interruptible`]); smaller ones
/// run without the watch, which costs a thread.
const WATCHED_FROM: usize = 64;

/// How often [`map_interruptible`] runs Python's signal handlers while the work goes on.
const WATCH_EVERY: Duration = Duration::from_millis(50);

/// The library's `map_parallel` of `work` over `items`, in order, with the interpreter released,
/// and Ctrl-C heard: the work runs on its own thread while this one (the caller's, Python's main
/// thread) wakes every [`WATCH_EVERY`] to run Python's signal handlers. When one raises
/// (`KeyboardInterrupt`), every item not yet begun is skipped, and its exception is returned as
/// soon as the items under way are done. The work is one `map_parallel`, so the cores share it
/// to the end as they would without the watch.
fn map_interruptible<I: Sync, T: Send>(
    py: Python<'_>,
    items: &[I],
    threads: Option<NonZeroUsize>,
    work: impl Fn(&I) -> T + Send + Sync,
) -> PyResult<Vec<T>> {
    if items.len() <= WATCHED_FROM {
        return Ok(py.detach(|| map_parallel(items, threads, work)));
    }
    let stop = AtomicBool::new(false);
    let (work, stop_ref) = (&work, &stop);
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel();
            scope.spawn(move || {
                let answers = map_parallel(items, threads, |item| {
                    (!stop_ref.load(Ordering::Relaxed)).then(|| work(item))
                });
                // The receiver is gone only when the watch returned an exception already.
                let _ = done.send(answers);
            });
            loop {
                match finished.recv_timeout(WATCH_EVERY) {
                    Ok(answers) => {
                        // Nothing was skipped: `stop` is set only on the way out below.
                        return Ok(answers.into_iter().flatten().collect());
                    }
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            stop_ref.store(true, Ordering::Relaxed);
                            return Err(e);
                        }
                    }
                    // The work panicked: the scope re-raises its panic when it ends.
                    Err(RecvTimeoutError::Disconnected) => return Ok(Vec::new()),
                }
            }
        })
    })
}

/// Puzzles and their solutions, one row each (`augment` and `reveal`).
fn pairs_arg(
    puzzles: &Bound<'_, PyAny>,
    solutions: &Bound<'_, PyAny>,
) -> PyResult<(Vec<Grid>, Vec<Grid>)> {
    let puzzles = grids_arg(puzzles, "puzzles")?;
    let solutions = grids_arg(solutions, "solutions")?;
    if puzzles.len() != solutions.len() {
        return Err(PyValueError::new_err(format!(
            "solutions: expected one per puzzle ({} rows), got {} rows",
            puzzles.len(),
            solutions.len()
        )));
    }
    Ok((puzzles, solutions))
}

/// The puzzles of an (N, 81) `uint8` array or a sequence of 81-character strings, checked once
/// here (the grids then need no check). `what` names the argument in error messages.
fn grids_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Grid>> {
    let py = obj.py();
    if let Ok(array) = obj.cast::<PyUntypedArray>() {
        if array.ndim() != 2 || array.shape()[1] != 81 {
            return Err(PyValueError::new_err(format!(
                "{what}: expected an array of shape (N, 81), got shape ({})",
                array
                    .shape()
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        if !array.dtype().is_equiv_to(&dtype::<u8>(py)) {
            return Err(PyValueError::new_err(format!(
                "{what}: expected dtype uint8, got {} (convert with .astype(numpy.uint8))",
                array.dtype()
            )));
        }
        let array = array.cast::<PyArray2<u8>>()?.readonly();
        let view = array.as_array();
        let mut out = Vec::with_capacity(view.nrows());
        for (i, row) in view.rows().into_iter().enumerate() {
            out.push(grid_of(std::array::from_fn(|k| row[k]), what, i)?);
        }
        return Ok(out);
    }
    if obj.is_instance_of::<PyString>() {
        return Err(PyValueError::new_err(format!(
            "{what}: expected an (N, 81) uint8 array or a list of 81-character strings, got one \
             string (wrap it in a list)"
        )));
    }
    let Ok(iter) = obj.try_iter() else {
        return Err(PyValueError::new_err(format!(
            "{what}: expected an (N, 81) uint8 array or a list of 81-character strings, got {}",
            obj.get_type().name()?
        )));
    };
    let mut out = Vec::new();
    for (i, item) in iter.enumerate() {
        let item = item?;
        let Ok(text) = item.extract::<String>() else {
            return Err(PyValueError::new_err(format!(
                "{what}[{i}]: expected a string of 81 cells, got {}",
                item.get_type().name()?
            )));
        };
        out.push(grid_of(line_cells(&text, what, i)?, what, i)?);
    }
    Ok(out)
}

/// The grid of row `i`: digits 0..=9 only, through the library's own check.
fn grid_of(cells: Cells, what: &str, i: usize) -> PyResult<Grid> {
    Grid::try_from(cells).map_err(|e| {
        PyValueError::new_err(format!(
            "{what}[{i}, {}]: {} is not a cell value (0 for empty, 1 to 9 for a digit)",
            e.index, e.value
        ))
    })
}

/// One 81-character line: `1`-`9` are digits, `.`, `0`, `_` and `-` empty cells.
fn line_cells(text: &str, what: &str, i: usize) -> PyResult<Cells> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 81 {
        return Err(PyValueError::new_err(format!(
            "{what}[{i}]: expected 81 cells, got a string of {} characters",
            chars.len()
        )));
    }
    let mut cells = [0u8; 81];
    for (k, c) in chars.into_iter().enumerate() {
        cells[k] = match c {
            '1'..='9' => c as u8 - b'0',
            '.' | '0' | '_' | '-' => 0,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "{what}[{i}]: character {c:?} at column {} is not a cell \
                     (1-9 for a digit; '.', '0', '_' or '-' for an empty cell)",
                    k + 1
                )))
            }
        };
    }
    Ok(cells)
}

/// An (N, 81) `uint8` array of grids.
fn grids_out<'py>(py: Python<'py>, rows: &[Cells]) -> Bound<'py, PyArray2<u8>> {
    let flat: Vec<u8> = rows.iter().flat_map(|r| r.iter().copied()).collect();
    Array2::from_shape_vec((rows.len(), 81), flat)
        .expect("81 cells a row")
        .into_pyarray(py)
}

/// A numpy array of strings (dtype `<U...`).
fn strings_out<'py>(py: Python<'py>, items: Vec<String>) -> PyResult<Bound<'py, PyAny>> {
    let numpy = PyModule::import(py, "numpy")?;
    let list = PyList::new(py, items)?;
    numpy.getattr("array")?.call1((list, "U"))
}

/// `limit=` of `count` and `guesses`: 1 or more.
fn limit_of(limit: i64) -> PyResult<u64> {
    u64::try_from(limit)
        .ok()
        .filter(|&l| l >= 1)
        .ok_or_else(|| PyValueError::new_err(format!("limit: expected 1 or more, got {limit}")))
}

/// Each puzzle's solution, zeros where it has none.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None))]
fn solve<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let out = each(py, puzzles, threads, |p| {
        search(p.cells(), 1).first().unwrap_or([0; 81])
    })?;
    Ok(grids_out(py, &out))
}

/// Solutions counted up to `limit`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=2, threads=None))]
fn count<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: i64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    searched(py, puzzles, limit, threads, SearchOutcome::solutions)
}

/// The search's guesses (branches taken) to find every solution up to `limit`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=2, threads=None))]
fn guesses<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: i64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    searched(py, puzzles, limit, threads, SearchOutcome::guesses)
}

/// One number of each puzzle's search up to `limit` (`count` and `guesses`).
fn searched<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: i64,
    threads: Option<usize>,
    pick: fn(&SearchOutcome) -> u64,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let limit = limit_of(limit)?;
    let out = each(py, puzzles, threads, |p| pick(&search(p.cells(), limit)))?;
    Ok(out.into_pyarray(py))
}

/// "unique", "none" or "several" for each puzzle.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None))]
fn check<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let out = each(py, puzzles, threads, |p| {
        match search(p.cells(), 2).solutions() {
            0 => "none",
            1 => "unique",
            _ => "several",
        }
        .to_string()
    })?;
    strings_out(py, out)
}

/// A time limit in seconds, as the library takes it.
fn limit_arg(time_limit: Option<f64>) -> PyResult<Option<Duration>> {
    time_limit
        .map(|s| {
            Duration::try_from_secs_f64(s).map_err(|_| {
                PyValueError::new_err(format!(
                    "time_limit: expected a number of seconds >= 0, got {s}"
                ))
            })
        })
        .transpose()
}

/// The status word of a rating, as `sudoku rate -f json` writes it.
fn rate_status(error: &RateError) -> &'static str {
    match error {
        RateError::NoSolution => "no_solution",
        RateError::NotUnique => "not_unique",
        RateError::TimedOut => "timeout",
        _ => "unrated",
    }
}

/// ER, EP, ED (rounded to tenths, NaN when not rated), the hardest technique, the level and
/// the status of each puzzle.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, time_limit=None))]
fn rate<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let limit = limit_arg(time_limit)?;
    // With each puzzle, whether it is a full grid (rated 0.0 and called solved, as `sudoku
    // rate` calls it).
    let rated = each(py, puzzles, threads, |p| {
        (p.rate(limit), !p.cells().contains(&0))
    })?;
    let n = rated.len();
    let (mut er, mut ep, mut ed) = (vec![f64::NAN; n], vec![f64::NAN; n], vec![f64::NAN; n]);
    let mut hardest = vec![String::new(); n];
    let mut level = vec![String::new(); n];
    let mut status = Vec::with_capacity(n);
    for (i, (r, full)) in rated.iter().enumerate() {
        match r {
            Ok(r) => {
                (er[i], ep[i], ed[i]) = (r.er(), r.ep(), r.ed());
                hardest[i] = r.hardest().map(|t| t.to_string()).unwrap_or_default();
                level[i] = Level::of(r.er())
                    .map(|l| l.name().to_string())
                    .unwrap_or_default();
                status.push(if *full { "solved" } else { "rated" }.to_string());
            }
            Err(e) => status.push(rate_status(e).to_string()),
        }
    }
    let dict = PyDict::new(py);
    dict.set_item("er", er.into_pyarray(py))?;
    dict.set_item("ep", ep.into_pyarray(py))?;
    dict.set_item("ed", ed.into_pyarray(py))?;
    dict.set_item("hardest", strings_out(py, hardest)?)?;
    dict.set_item("level", strings_out(py, level)?)?;
    dict.set_item("status", strings_out(py, status)?)?;
    Ok(dict)
}

/// The canonical form of each puzzle.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None))]
fn canonical<'py>(
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
fn minimize<'py>(
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

/// k disguised copies of each (puzzle, solution) pair, the same map applied to both.
#[pyfunction]
#[pyo3(signature = (puzzles, solutions, k, *, seed, threads=None))]
fn augment<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    solutions: &Bound<'py, PyAny>,
    k: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Pair<'py>> {
    let (puzzles, solutions) = pairs_arg(puzzles, solutions)?;
    let jobs: Vec<u64> = (0..puzzles.len() as u64 * k).collect();
    let out = map_interruptible(py, &jobs, threads_arg(threads), |&job| {
        let i = (job / k) as usize;
        let t = Transform::random(seed, job);
        (t.apply(puzzles[i].cells()), t.apply(solutions[i].cells()))
    })?;
    let (p, s): (Vec<Cells>, Vec<Cells>) = out.into_iter().unzip();
    Ok((grids_out(py, &p), grids_out(py, &s)))
}

/// `n` puzzles of stream `seed` and their solutions, those that meet `wanted` when it asks
/// anything: candidates 0, 1, 2... in order, as `generate_matching` keeps them.
#[pyfunction]
#[pyo3(signature = (n, *, seed, rating=None, level=None, symmetry=None, pattern=None, minimal=true, threads=None))]
#[allow(clippy::too_many_arguments)]
fn generate<'py>(
    py: Python<'py>,
    n: usize,
    seed: u64,
    rating: Option<&Bound<'py, PyAny>>,
    level: Option<&str>,
    symmetry: Option<&str>,
    pattern: Option<&str>,
    minimal: bool,
    threads: Option<usize>,
) -> PyResult<Pair<'py>> {
    let pattern = pattern
        .map(Pattern::parse)
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("pattern: {e}")))?;
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
        let arguments = RequestNames {
            er: "rating",
            level: "level",
            ..RequestNames::MEASURES
        };
        return Err(PyValueError::new_err(why.describe(&arguments)));
    }
    let threads = threads_arg(threads);
    let mut made: Vec<(Cells, Cells)> = Vec::with_capacity(n);
    if !wanted.is_any() && pattern.is_none() {
        let indices: Vec<u64> = (0..n as u64).collect();
        made = map_interruptible(py, &indices, threads, |&i| {
            let g = make(seed, i, &options);
            (g.puzzle, g.solution)
        })?;
    } else {
        // Candidates in chunks, judged in parallel, kept in index order: the same puzzles at
        // any thread count. Ctrl-C is checked between chunks.
        let chunk = 256u64;
        let mut next = 0u64;
        while made.len() < n {
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
            made.extend(judged.into_iter().flatten().take(n - made.len()));
            py.check_signals()?;
        }
    }
    let (p, s): (Vec<Cells>, Vec<Cells>) = made.into_iter().unzip();
    Ok((grids_out(py, &p), grids_out(py, &s)))
}

/// The techniques, in the order of their ids in token arrays (easiest first).
#[pyfunction]
fn techniques() -> Vec<String> {
    Technique::all().map(|t| t.to_string()).collect()
}

/// A step's cells as (k, 3) arrays of (row, column, digit), rows and columns from 0.
fn rcd(cells: &[(usize, u8)]) -> Array2<i64> {
    let flat: Vec<i64> = cells
        .iter()
        .flat_map(|&(cell, d)| [(cell / 9) as i64, (cell % 9) as i64, i64::from(d)])
        .collect();
    Array2::from_shape_vec((cells.len(), 3), flat).expect("3 a row")
}

/// One step as (technique, rating rounded, placements, eliminations, text).
type StepParts = (Technique, f64, Vec<(usize, u8)>, Vec<(usize, u8)>, String);

fn step_parts(s: &Step) -> StepParts {
    (
        s.technique(),
        s.rating(),
        s.placement().into_iter().collect(),
        s.removed(),
        describe(s),
    )
}

/// A step as a Python record.
fn step_record<'py>(py: Python<'py>, parts: StepParts) -> PyResult<Bound<'py, PyDict>> {
    let (technique, rating, placed, removed, text) = parts;
    let step = PyDict::new(py);
    step.set_item("technique", technique.to_string())?;
    step.set_item("rating", rating)?;
    step.set_item("placements", rcd(&placed).into_pyarray(py))?;
    step.set_item("eliminations", rcd(&removed).into_pyarray(py))?;
    step.set_item("text", text)?;
    Ok(step)
}

/// The rating path of one puzzle, as records; `None` with the status when it has none.
type Explained = Result<(f64, Vec<StepParts>), RateError>;

fn explain_one(grid: &Grid, limit: Option<Duration>) -> Explained {
    let (rating, steps) = grid.explain(limit)?;
    Ok((rating.er(), steps.iter().map(step_parts).collect()))
}

/// The steps of each puzzle's rating path: a list (one per puzzle) of lists of records.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, time_limit=None))]
fn explain<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyList>> {
    let limit = limit_arg(time_limit)?;
    let all = each(py, puzzles, threads, |p| explain_one(p, limit))?;
    let out = PyList::empty(py);
    for one in all {
        let record = PyDict::new(py);
        match one {
            Ok((er, steps)) => {
                record.set_item("status", "explained")?;
                record.set_item("er", er)?;
                let list = PyList::empty(py);
                for parts in steps {
                    list.append(step_record(py, parts)?)?;
                }
                record.set_item("steps", list)?;
            }
            Err(e) => {
                record.set_item("status", rate_status(&e))?;
                record.set_item("er", f64::NAN)?;
                record.set_item("steps", PyList::empty(py))?;
            }
        }
        out.append(record)?;
    }
    Ok(out)
}

/// The steps of every puzzle as one (T, 7) int32 array of tokens: puzzle, step, row, column,
/// digit, technique id, and 1 for a placement or 0 for an elimination; plus each puzzle's
/// status.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, time_limit=None))]
fn tokens<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
    time_limit: Option<f64>,
) -> PyResult<(Bound<'py, PyArray2<i32>>, Bound<'py, PyAny>)> {
    let limit = limit_arg(time_limit)?;
    let ids: Vec<Technique> = Technique::all().collect();
    // The steps themselves: a token needs no step's text.
    let all = each(py, puzzles, threads, |p| p.explain(limit))?;
    let (flat, status) = py.detach(|| {
        let mut flat: Vec<i32> = Vec::new();
        let mut status = Vec::with_capacity(all.len());
        for (i, one) in all.into_iter().enumerate() {
            match one {
                Ok((_, steps)) => {
                    for (n, step) in steps.iter().enumerate() {
                        let id = ids
                            .iter()
                            .position(|&t| t == step.technique())
                            .map_or(-1, |k| k as i32);
                        let placed: Vec<(usize, u8)> = step.placement().into_iter().collect();
                        for (cells, kind) in [(placed, 1), (step.removed(), 0)] {
                            for (cell, d) in cells {
                                flat.extend([
                                    i as i32,
                                    n as i32,
                                    (cell / 9) as i32,
                                    (cell % 9) as i32,
                                    i32::from(d),
                                    id,
                                    kind,
                                ]);
                            }
                        }
                    }
                    status.push("explained".to_string());
                }
                Err(e) => status.push(rate_status(&e).to_string()),
            }
        }
        (flat, status)
    });
    let rows = flat.len() / 7;
    let array = Array2::from_shape_vec((rows, 7), flat).expect("7 a row");
    Ok((array.into_pyarray(py), strings_out(py, status)?))
}

/// k givens put back into each puzzle from its solution, the cells drawn from `seed` and the
/// row number.
#[pyfunction]
#[pyo3(signature = (puzzles, solutions, k, *, seed, threads=None))]
fn reveal<'py>(
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

/// Pencilmarks: an (N, 81) uint16 array of masks (bit d-1 for digit d) or 729-character lines.
fn candidates_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Candidates>> {
    let what = "candidates";
    let py = obj.py();
    if let Ok(array) = obj.cast::<PyUntypedArray>() {
        if array.ndim() != 2
            || array.shape()[1] != 81
            || !array.dtype().is_equiv_to(&dtype::<u16>(py))
        {
            return Err(PyValueError::new_err(format!(
                "{what}: expected an (N, 81) uint16 array of masks, got shape {:?} dtype {}",
                array.shape(),
                array.dtype()
            )));
        }
        let array = array.cast::<PyArray2<u16>>()?.readonly();
        let view = array.as_array();
        let mut out = Vec::with_capacity(view.nrows());
        for (i, row) in view.rows().into_iter().enumerate() {
            let masks: [u16; 81] = std::array::from_fn(|k| row[k]);
            out.push(Candidates::from_masks(masks).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{what}[{i}]: a mask above 0x1FF (bits 0-8 are digits 1-9)"
                ))
            })?);
        }
        return Ok(out);
    }
    let mut out = Vec::new();
    for (i, item) in obj.try_iter()?.enumerate() {
        let text: String = item?.extract().map_err(|_| {
            PyValueError::new_err(format!("{what}[{i}]: expected a 729-character line"))
        })?;
        let puzzle: Puzzle = text
            .parse()
            .map_err(|e| PyValueError::new_err(format!("{what}[{i}]: {e}")))?;
        let candidates = puzzle.candidates().ok_or_else(|| {
            PyValueError::new_err(format!("{what}[{i}]: givens, not pencilmarks"))
        })?;
        out.push(*candidates);
    }
    Ok(out)
}

/// The next logical step of each grid as it stands (givens, or pencilmarks).
#[pyfunction]
#[pyo3(signature = (puzzles=None, *, candidates=None, threads=None))]
fn hint<'py>(
    py: Python<'py>,
    puzzles: Option<&Bound<'py, PyAny>>,
    candidates: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let grids: Vec<Result<Grid, Candidates>> = match (puzzles, candidates) {
        (Some(p), None) => grids_arg(p, "puzzles")?.into_iter().map(Ok).collect(),
        (None, Some(c)) => candidates_arg(c)?.into_iter().map(Err).collect(),
        _ => {
            return Err(PyValueError::new_err(
                "hint: give puzzles or candidates=, not both",
            ))
        }
    };
    let answers = map_interruptible(py, &grids, threads_arg(threads), |grid| {
        let (solutions, board) = match grid {
            Ok(grid) => (search(grid.cells(), 2).solutions(), Board::from_grid(grid)),
            Err(marks) => (
                search_candidates(marks, 2).solutions(),
                Board::from_candidates(marks),
            ),
        };
        match solutions {
            0 => ("no_solution", None),
            1 if board.is_solved() => ("solved", None),
            1 => match next_step(&board) {
                Some(step) => ("hint", Some(step_parts(&step))),
                None => ("stuck", None),
            },
            _ => ("not_unique", None),
        }
    })?;
    let out = PyList::empty(py);
    for (status, step) in answers {
        let record = PyDict::new(py);
        record.set_item("status", status)?;
        match step {
            Some(parts) => record.set_item("step", step_record(py, parts)?)?,
            None => record.set_item("step", py.None())?,
        }
        out.append(record)?;
    }
    Ok(out)
}

/// One parsed input: its puzzles, their sources and labels, and its errors in their slots.
#[derive(Default)]
struct Read {
    cells: Vec<Cells>,
    lines: Vec<String>,
    sources: Vec<String>,
    labels: Vec<Option<String>>,
    errors: Vec<SlotError>,
    slots: usize,
}

impl Read {
    /// Every slot of one reader, named `name` in sources and errors.
    fn input(&mut self, name: &str, reader: impl std::io::Read) {
        let mut items = 0;
        for item in Parser::new(reader) {
            items += 1;
            match item {
                Ok(Ok(puzzle)) => {
                    self.cells.push(*puzzle.grid().cells());
                    self.lines.push(puzzle.to_line());
                    self.sources.push(format!("{name}:{}", puzzle.line()));
                    self.labels.push(puzzle.label().map(String::from));
                }
                Ok(Err(e)) => self.errors.push((
                    self.slots,
                    name.to_string(),
                    Some(e.line),
                    Some(e.col),
                    e.kind.to_string(),
                )),
                Err(e) => {
                    self.errors
                        .push((self.slots, name.to_string(), None, None, e.to_string()))
                }
            }
            self.slots += 1;
        }
        if items == 0 {
            self.errors.push((
                self.slots,
                name.to_string(),
                None,
                None,
                "no puzzle found (expected 81-cell lines, grids of 9 rows, or JSON boards)"
                    .to_string(),
            ));
            self.slots += 1;
        }
    }

    /// A file, or every regular, non-hidden file directly in a directory, in byte order.
    fn path(&mut self, path: &Path) {
        let name = path.display().to_string();
        if path.is_dir() {
            let mut files: Vec<PathBuf> = match std::fs::read_dir(path) {
                Ok(entries) => entries
                    .filter_map(|e| e.ok())
                    .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                    .map(|e| e.path())
                    .collect(),
                Err(e) => {
                    self.errors
                        .push((self.slots, name, None, None, e.to_string()));
                    self.slots += 1;
                    return;
                }
            };
            files.sort();
            for file in files {
                self.path(&file);
            }
            return;
        }
        match std::fs::File::open(path) {
            Ok(file) => self.input(&name, file),
            Err(e) => {
                self.errors
                    .push((self.slots, name, None, None, e.to_string()));
                self.slots += 1;
            }
        }
    }
}

/// The puzzles of a file, a directory or a text, with their sources, and the errors as data.
#[pyfunction]
#[pyo3(signature = (source=None, *, text=None))]
fn read<'py>(
    py: Python<'py>,
    source: Option<&Bound<'py, PyAny>>,
    text: Option<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut read = Read::default();
    match (source, text) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(PyValueError::new_err(
                "read: give a path (or a text) as the first argument, or text=, not both",
            ))
        }
        (None, Some(text)) => py.detach(|| read.input("<text>", text.as_bytes())),
        (Some(source), None) => {
            // A path-like object is a path; a string is a path when it names one, else text.
            let path: Option<PathBuf> = if source.is_instance_of::<PyString>() {
                let s: String = source.extract()?;
                let p = PathBuf::from(&s);
                if !s.contains('\n') && p.exists() {
                    Some(p)
                } else {
                    py.detach(|| read.input("<text>", s.as_bytes()));
                    None
                }
            } else {
                Some(
                    source
                        .extract::<PathBuf>()
                        .map_err(|_| PyValueError::new_err("read: expected a path or a string"))?,
                )
            };
            if let Some(path) = path {
                py.detach(|| read.path(&path));
            }
        }
    }
    let dict = PyDict::new(py);
    dict.set_item("puzzles", grids_out(py, &read.cells))?;
    dict.set_item("lines", read.lines)?;
    dict.set_item("sources", read.sources)?;
    dict.set_item("labels", read.labels)?;
    let errors = PyList::empty(py);
    for (slot, path, line, column, message) in read.errors {
        let e = PyDict::new(py);
        e.set_item("slot", slot)?;
        e.set_item("path", path)?;
        e.set_item("line", line)?;
        e.set_item("column", column)?;
        e.set_item("message", message)?;
        errors.append(e)?;
    }
    dict.set_item("errors", errors)?;
    Ok(dict)
}

/// The Python module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(guesses, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(minimize, m)?)?;
    m.add_function(wrap_pyfunction!(augment, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(techniques, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(tokens, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(reveal, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    Ok(())
}
