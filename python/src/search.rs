//! The search: `solve`, `count`, `guesses` and `check`.

use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::prelude::*;

use sudoku_solver::{search, SearchOutcome};

use crate::args::{grids_out, limit_of, strings_out};
use crate::run::each;

/// Each puzzle's solution, zeros where it has none.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None))]
pub(crate) fn solve<'py>(
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
pub(crate) fn count<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: i64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    searched(py, puzzles, limit, threads, SearchOutcome::solutions)
}

/// The search's guesses (binary branches, see `SearchOutcome::guesses`) to find every solution
/// up to `limit`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=2, threads=None))]
pub(crate) fn guesses<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: i64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    searched(py, puzzles, limit, threads, SearchOutcome::guesses)
}

/// One number of each puzzle's search up to `limit` (`count` and `guesses`).
fn searched<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: i64,
    threads: Option<usize>,
    pick: fn(&SearchOutcome) -> u64,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let limit = limit_of(limit)?;
    // Signed, so that arithmetic on the counts does not wrap (`guesses - 3`); a count above
    // i64::MAX (never reached in practice) is held at i64::MAX.
    let out = each(py, puzzles, threads, |p| {
        i64::try_from(pick(&search(p.cells(), limit))).unwrap_or(i64::MAX)
    })?;
    Ok(out.into_pyarray(py))
}

/// "unique", "none" or "several" for each puzzle.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None))]
pub(crate) fn check<'py>(
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
