//! The arguments in and the answers out: numpy arrays and strings to grids (checked once
//! here, each error naming its row and cell), `threads=` and `time_limit=`, and grids and
//! strings back to numpy arrays.

use std::num::NonZeroUsize;
use std::time::Duration;

use numpy::ndarray::Array2;
use numpy::{
    dtype, IntoPyArray, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use sudoku_solver::{Candidates, Grid, Puzzle};

pub(crate) type Cells = [u8; 81];

/// `threads=` as the library takes it: `None` (or 0) for one per core.
pub(crate) fn threads_arg(threads: Option<usize>) -> Option<NonZeroUsize> {
    threads.and_then(NonZeroUsize::new)
}

/// `limit=` of `count` and `guesses`: 1 or more.
pub(crate) fn limit_of(limit: i64) -> PyResult<u64> {
    u64::try_from(limit)
        .ok()
        .filter(|&l| l >= 1)
        .ok_or_else(|| PyValueError::new_err(format!("limit: expected 1 or more, got {limit}")))
}

/// A time limit in seconds, as the library takes it.
pub(crate) fn limit_arg(time_limit: Option<f64>) -> PyResult<Option<Duration>> {
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

/// Puzzles and their solutions, one row each (`augment` and `reveal`).
pub(crate) fn pairs_arg(
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
pub(crate) fn grids_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Grid>> {
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

/// Pencilmarks: an (N, 81) uint16 array of masks (bit d-1 for digit d) or 729-character lines.
pub(crate) fn candidates_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Candidates>> {
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

/// Refuses at once, with `MemoryError`, a call whose answers cannot be held: `rows` rows of
/// `bytes_per_row` bytes (what the work and its arrays take a row, all told). A count whose
/// bytes overflow is refused too; so is one the allocator turns down now (asked for the whole,
/// then given back), rather than failing half-way with an abort.
pub(crate) fn room_for(what: &str, rows: u128, bytes_per_row: u128) -> PyResult<()> {
    let refuse = || {
        PyMemoryError::new_err(format!(
            "{what}: {rows} rows of answers cannot be held in memory ({bytes_per_row} bytes a row)"
        ))
    };
    let bytes = rows
        .checked_mul(bytes_per_row)
        .and_then(|b| usize::try_from(b).ok())
        .filter(|&b| isize::try_from(b).is_ok())
        .ok_or_else(refuse)?;
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(bytes).map_err(|_| refuse())
}

/// An (N, 81) `uint8` array of grids.
pub(crate) fn grids_out<'py>(py: Python<'py>, rows: &[Cells]) -> Bound<'py, PyArray2<u8>> {
    let flat: Vec<u8> = rows.iter().flat_map(|r| r.iter().copied()).collect();
    Array2::from_shape_vec((rows.len(), 81), flat)
        .expect("81 cells a row")
        .into_pyarray(py)
}

/// A numpy array of strings (dtype `<U...`).
pub(crate) fn strings_out<'py>(py: Python<'py>, items: Vec<String>) -> PyResult<Bound<'py, PyAny>> {
    let numpy = PyModule::import(py, "numpy")?;
    let list = PyList::new(py, items)?;
    numpy.getattr("array")?.call1((list, "U"))
}
