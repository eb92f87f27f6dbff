//! The logic: `rate`, `explain`, `tokens`, `hint` and `techniques`, with the steps as Python
//! values.

use std::time::Duration;

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use sudoku_solver::{
    describe, next_step, search, search_candidates, Board, Candidates, Grid, Level, RateError,
    Step, Technique,
};

use crate::args::{candidates_arg, grids_arg, limit_arg, strings_out, threads_arg};
use crate::run::{each, map_interruptible};

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
pub(crate) fn rate<'py>(
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

/// The techniques, in the order of their ids in token arrays (easiest first).
#[pyfunction]
pub(crate) fn techniques() -> Vec<String> {
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
pub(crate) fn explain<'py>(
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
pub(crate) fn tokens<'py>(
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

/// The next logical step of each grid as it stands (givens, or pencilmarks), if it is found
/// within `time_limit` seconds (status `timeout` otherwise).
#[pyfunction]
#[pyo3(signature = (puzzles=None, *, candidates=None, threads=None, time_limit=None))]
pub(crate) fn hint<'py>(
    py: Python<'py>,
    puzzles: Option<&Bound<'py, PyAny>>,
    candidates: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyList>> {
    let limit = limit_arg(time_limit)?;
    let grids: Vec<Result<Grid, Candidates>> = match (puzzles, candidates) {
        (Some(p), None) => grids_arg(p, "puzzles")?.into_iter().map(Ok).collect(),
        (None, Some(c)) => candidates_arg(c)?.into_iter().map(Err).collect(),
        (None, None) => {
            return Err(PyValueError::new_err(
                "hint: nothing to hint at: pass the puzzles (givens, first argument) or \
                 candidates= (pencilmarks)",
            ))
        }
        (Some(_), Some(_)) => {
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
            1 => match next_step(&board, limit) {
                Ok(Some(step)) => ("hint", Some(step_parts(&step))),
                Ok(None) => ("stuck", None),
                Err(_) => ("timeout", None),
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
