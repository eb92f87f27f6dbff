//! Puzzles made or changed: `generate`, `canonical`, `minimize`, `augment` and `reveal`.

use numpy::PyArray2;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use sudoku_solver::{
    generate as make, map_parallel, Level, Pattern, Range, RequestNames, Symmetry, Transform,
    Wanted,
};

use crate::args::{grids_out, pairs_arg, threads_arg, Cells, Pair};
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

/// k disguised copies of each (puzzle, solution) pair, the same map applied to both.
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
    let jobs: Vec<u64> = (0..puzzles.len() as u64 * k).collect();
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

/// `n` puzzles of stream `seed` and their solutions, those that meet `wanted` when it asks
/// anything: candidates 0, 1, 2... in order, as `generate_matching` keeps them.
#[pyfunction]
#[pyo3(signature = (n, *, seed, rating=None, level=None, symmetry=None, pattern=None, minimal=true, threads=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate<'py>(
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
