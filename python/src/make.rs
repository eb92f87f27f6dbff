//! Puzzles changed: `canonical`, `minimize`, `augment`, `transform` and `reveal`
//! (`generate` is in `generate.rs`).

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use sudoku_solver::{Grid, Transform};

use crate::args::{grids_arg, grids_out, pairs_arg, room_for, threads_arg, Cells};
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
/// pair made, the pair split in two, and the two arrays (and a disguise's map, twice).
pub(crate) const BYTES_A_ROW: u128 = 8 + 4 * 162 + 2 * 91;

/// Disguised puzzles and solutions, and each row's map: where each cell comes from (N, 81)
/// and what each digit becomes (N, 10).
type Disguised<'py> = (
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray2<u8>>,
);

/// k disguised copies of each (puzzle, solution) pair, the same map applied to both, with the
/// maps. A solution that does not solve its puzzle is refused, as `reveal` refuses it.
#[pyfunction]
#[pyo3(signature = (puzzles, solutions, k, *, seed, start=0, threads=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn augment<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    solutions: &Bound<'py, PyAny>,
    k: u64,
    seed: u64,
    start: u64,
    threads: Option<usize>,
) -> PyResult<Disguised<'py>> {
    let (puzzles, solutions) = pairs_arg(puzzles, solutions)?;
    if let Some(i) = (0..puzzles.len()).find(|&i| !solutions[i].solves(&puzzles[i])) {
        return Err(PyValueError::new_err(format!(
            "solutions[{i}]: does not solve puzzles[{i}]"
        )));
    }
    disguised(py, &puzzles, &solutions, k, seed, start, threads)
}

/// One disguise of each puzzle: copy 0 of [`augment`] with k = 1, without solutions.
#[pyfunction]
#[pyo3(signature = (puzzles, *, seed, start=0, threads=None))]
pub(crate) fn transform<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    seed: u64,
    start: u64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let puzzles = grids_arg(puzzles, "puzzles")?;
    let (out, ..) = disguised(py, &puzzles, &puzzles, 1, seed, start, threads)?;
    Ok(out)
}

/// k disguises of each (puzzle, solution) pair: row `job` of the answer is copy `c = job % k`
/// of pair `i = job / k`, by the map of `seed` and `(start + i) * k + c`, so that a row's
/// copies depend on its index (`start + i`), not on where a call's rows begin. N x k rows that
/// cannot be counted or held are refused before any work, and so is an index past the last
/// stream.
fn disguised<'py>(
    py: Python<'py>,
    puzzles: &[Grid],
    solutions: &[Grid],
    k: u64,
    seed: u64,
    start: u64,
    threads: Option<usize>,
) -> PyResult<Disguised<'py>> {
    let rows = (puzzles.len() as u128) * u128::from(k);
    room_for("augment", rows, BYTES_A_ROW)?;
    let last = (u128::from(start) + puzzles.len() as u128) * u128::from(k);
    if last > u128::from(u64::MAX) {
        return Err(PyValueError::new_err(format!(
            "start: {start} + {} rows, times k = {k}, passes the last map number (2**64 - 1)",
            puzzles.len()
        )));
    }
    // Held in memory, so it fits a usize and a u64.
    let jobs: Vec<u64> = (0..rows as u64).collect();
    let out = map_interruptible(py, &jobs, threads_arg(threads), |&job| {
        let i = (job / k) as usize;
        let t = Transform::random(seed, start * k + job);
        (
            t.apply(puzzles[i].cells()),
            t.apply(solutions[i].cells()),
            t.sources(),
            t.digits(),
        )
    })?;
    let mut p = Vec::with_capacity(out.len());
    let mut s = Vec::with_capacity(out.len());
    let mut sources = Vec::with_capacity(out.len() * 81);
    let mut digits = Vec::with_capacity(out.len() * 10);
    for (puzzle, solution, from, to) in &out {
        p.push(*puzzle);
        s.push(*solution);
        sources.extend_from_slice(from);
        digits.extend_from_slice(to);
    }
    let n = out.len();
    let sources = Array2::from_shape_vec((n, 81), sources).expect("81 cells a map");
    let digits = Array2::from_shape_vec((n, 10), digits).expect("10 digits a map");
    Ok((
        grids_out(py, &p),
        grids_out(py, &s),
        sources.into_pyarray(py),
        digits.into_pyarray(py),
    ))
}

/// k givens put back into each puzzle from its solution, the cells drawn from `seed` and the
/// row number.
#[pyfunction]
#[pyo3(signature = (puzzles, solutions, k, *, seed, start=0, threads=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn reveal<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    solutions: &Bound<'py, PyAny>,
    k: usize,
    seed: u64,
    start: u64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let (puzzles, solutions) = pairs_arg(puzzles, solutions)?;
    if start.checked_add(puzzles.len() as u64).is_none() {
        return Err(PyValueError::new_err(format!(
            "start: {start} + {} rows passes the last row number (2**64 - 1)",
            puzzles.len()
        )));
    }
    let rows: Vec<usize> = (0..puzzles.len()).collect();
    let out = map_interruptible(py, &rows, threads_arg(threads), |&i| {
        puzzles[i]
            .reveal(&solutions[i], k, seed, start + i as u64)
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
