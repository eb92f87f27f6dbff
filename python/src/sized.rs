//! Boards of the other sizes, 4x4 to 36x36 (`sudoku_solver::Shape`): `solve_sized`,
//! `count_sized`, `guesses_sized` and `check_sized`, over the library's `search_sized`, and
//! `generate_sized`, over its `generate_sized`.
//!
//! Why functions of their own rather than a size argument on `solve` and the others: the
//! classic board keeps its engine and its code path untouched (`search.rs`, `[u8; 81]` rows),
//! and these take a board of any shape as a `Vec` of cells. The package's wrappers
//! (`sudoku_array/_search.py`, `_sizes.py`) choose between them from the input's width and the
//! `size=` and `box=` arguments, and hand these an (N, S*S) `uint8` array, the size S and the box (rows, columns) or `None`
//! for the library's usual box of that size.

use numpy::ndarray::Array2;
use numpy::{
    dtype, IntoPyArray, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use sudoku_solver::{
    search_sized, Shape, SizedGenerateOptions, SizedGrid, SizedGridError, SizedSearch, Symmetry,
};

use crate::args::{limit_of, room_for, strings_out, threads_arg};
use crate::run::map_interruptible;

/// The shape of `size=` and `box=`: the box given (rows, columns), which must make a board
/// `size` wide, else the library's usual box for `size` (`Shape::for_size`: square where `size`
/// is a square, else the wide box, 2x3 for 6x6).
fn shape_arg(size: usize, r#box: Option<(usize, usize)>) -> PyResult<Shape> {
    match r#box {
        None => Shape::for_size(size).map_err(|e| PyValueError::new_err(format!("size: {e}"))),
        Some((rows, cols)) => {
            let shape =
                Shape::new(rows, cols).map_err(|e| PyValueError::new_err(format!("box: {e}")))?;
            if shape.size() != size {
                return Err(PyValueError::new_err(format!(
                    "box: ({rows}, {cols}) makes a {0}x{0} board, not size={size}",
                    shape.size()
                )));
            }
            Ok(shape)
        }
    }
}

/// The boards of an (N, R*C*R*C) `uint8` array, each cell checked (0 to R*C) with an error
/// naming its row and cell.
fn boards_arg(obj: &Bound<'_, PyAny>, shape: Shape, what: &str) -> PyResult<Vec<SizedGrid>> {
    let py = obj.py();
    let array = obj.cast::<PyUntypedArray>().map_err(|_| {
        PyValueError::new_err(format!(
            "{what}: expected an (N, {}) uint8 array, got {}",
            shape.cells(),
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    if array.ndim() != 2 || array.shape()[1] != shape.cells() {
        return Err(PyValueError::new_err(format!(
            "{what}: expected an array of shape (N, {}) for a {shape} board, got shape {:?}",
            shape.cells(),
            array.shape()
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
        let board = SizedGrid::new(shape, row.to_vec()).map_err(|e| match e {
            SizedGridError::Cell { index, value, .. } => PyValueError::new_err(format!(
                "{what}[{i}, {index}]: {value} is not a cell value of a {shape} board \
                 (0 for empty, 1 to {} for a digit)",
                shape.size()
            )),
            other => PyValueError::new_err(format!("{what}[{i}]: {other}")),
        })?;
        out.push(board);
    }
    Ok(out)
}

/// `f` of the search of each board up to `limit`, on `threads` threads (the same parallel map
/// as the classic functions, with the interpreter released and Ctrl-C heard).
fn each_search<T: Send>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    shape: Shape,
    limit: u64,
    threads: Option<usize>,
    f: impl Fn(&SizedSearch) -> T + Send + Sync,
) -> PyResult<Vec<T>> {
    let boards = boards_arg(puzzles, shape, "puzzles")?;
    map_interruptible(py, &boards, threads_arg(threads), |board| {
        f(&search_sized(board, limit))
    })
}

/// Each board's solution (one of them where there are several), a row of zeros where it has
/// none, as an (N, R*C*R*C) `uint8` array.
#[pyfunction]
#[pyo3(signature = (puzzles, size, r#box=None, *, threads=None))]
pub(crate) fn solve_sized<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    size: usize,
    r#box: Option<(usize, usize)>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let shape = shape_arg(size, r#box)?;
    let cells = shape.cells();
    let rows = each_search(py, puzzles, shape, 1, threads, |found| {
        match found.first() {
            Some(solution) => solution.cells().to_vec(),
            None => vec![0; cells],
        }
    })?;
    let flat: Vec<u8> = rows.into_iter().flatten().collect();
    let n = flat.len() / cells;
    Ok(Array2::from_shape_vec((n, cells), flat)
        .expect("N*N cells a row")
        .into_pyarray(py))
}

/// Solutions counted up to `limit`.
#[pyfunction]
#[pyo3(signature = (puzzles, size, r#box=None, *, limit=2, threads=None))]
pub(crate) fn count_sized<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    size: usize,
    r#box: Option<(usize, usize)>,
    limit: i64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    searched(
        py,
        puzzles,
        (size, r#box),
        limit,
        threads,
        SizedSearch::solutions,
    )
}

/// The search's guesses (see `SizedSearch::guesses`) to find every solution up to `limit`.
#[pyfunction]
#[pyo3(signature = (puzzles, size, r#box=None, *, limit=2, threads=None))]
pub(crate) fn guesses_sized<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    size: usize,
    r#box: Option<(usize, usize)>,
    limit: i64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    searched(
        py,
        puzzles,
        (size, r#box),
        limit,
        threads,
        SizedSearch::guesses,
    )
}

/// One number of each board's search up to `limit` (`count_sized` and `guesses_sized`), as
/// `int64` (held at `i64::MAX`, as the classic functions do).
fn searched<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    (size, r#box): (usize, Option<(usize, usize)>),
    limit: i64,
    threads: Option<usize>,
    pick: fn(&SizedSearch) -> u64,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let shape = shape_arg(size, r#box)?;
    let limit = limit_of(limit)?;
    let out = each_search(py, puzzles, shape, limit, threads, |found| {
        i64::try_from(pick(found)).unwrap_or(i64::MAX)
    })?;
    Ok(out.into_pyarray(py))
}

/// "unique", "none" or "several" for each board.
#[pyfunction]
#[pyo3(signature = (puzzles, size, r#box=None, *, threads=None))]
pub(crate) fn check_sized<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    size: usize,
    r#box: Option<(usize, usize)>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let shape = shape_arg(size, r#box)?;
    let out = each_search(py, puzzles, shape, 2, threads, |found| {
        match found.solutions() {
            0 => "none",
            1 => "unique",
            _ => "several",
        }
        .to_string()
    })?;
    strings_out(py, out)
}

/// Puzzles and their solutions, (count, S*S) `uint8` arrays each.
type Pair<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray2<u8>>);

/// Puzzles `start`, `start + 1`, ... (`count` of them) of the stream `seed` on a board of
/// `size` (and `box`), unique and (with `minimal`) minimal, their clues symmetric as `symmetry`
/// names (the classic generator's names): `(puzzles, solutions)`, two (count, S*S) `uint8`
/// arrays. Puzzle i depends only on the shape, the seed, i and the options, so any thread
/// count and any chunking give the same arrays.
#[pyfunction]
#[pyo3(signature = (count, size, r#box=None, *, seed, start=0, symmetry=None, minimal=true, threads=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate_sized<'py>(
    py: Python<'py>,
    count: u64,
    size: usize,
    r#box: Option<(usize, usize)>,
    seed: u64,
    start: u64,
    symmetry: Option<&str>,
    minimal: bool,
    threads: Option<usize>,
) -> PyResult<Pair<'py>> {
    let shape = shape_arg(size, r#box)?;
    let mut options = SizedGenerateOptions {
        minimal,
        ..Default::default()
    };
    if let Some(name) = symmetry {
        options.symmetry = name
            .parse::<Symmetry>()
            .map_err(|e| PyValueError::new_err(format!("symmetry: {e}")))?;
    }
    options
        .check(shape)
        .map_err(|e| PyValueError::new_err(format!("symmetry: {e}")))?;
    let end = start.checked_add(count).ok_or_else(|| {
        PyValueError::new_err(format!(
            "n: {count} puzzles from start={start} go past 2**64"
        ))
    })?;
    // Two grids a puzzle, and the work's own.
    room_for("generate", u128::from(count), 4 * shape.cells() as u128)?;
    let indices: Vec<u64> = (start..end).collect();
    let made = map_interruptible(py, &indices, threads_arg(threads), |&i| {
        sudoku_solver::generate_sized(shape, seed, i, &options)
    })?;
    let cells = shape.cells();
    let mut puzzles = Vec::with_capacity(made.len() * cells);
    let mut solutions = Vec::with_capacity(made.len() * cells);
    for one in made {
        // Refused above (`check`) when the options make no puzzle of this shape.
        let one = one.map_err(|e| PyValueError::new_err(format!("symmetry: {e}")))?;
        puzzles.extend_from_slice(one.puzzle.cells());
        solutions.extend_from_slice(one.solution.cells());
    }
    let rows = puzzles.len() / cells;
    let grids = |flat: Vec<u8>| {
        Array2::from_shape_vec((rows, cells), flat)
            .expect("S*S cells a row")
            .into_pyarray(py)
    };
    Ok((grids(puzzles), grids(solutions)))
}
