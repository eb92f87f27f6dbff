//! `format`: grids to text, written here in one pass, for numpy string arrays.

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::args::grids_arg;

/// Each grid as text, one code point a cell: an (N, width) `uint32` array that the package
/// views as N strings of `width` characters (numpy's `<U` dtype is UCS-4 code points). `style`
/// `"line"` gives 81 characters; `"grid"` nine rows of nine, joined by line breaks (89
/// characters). Digits are `1`-`9`; an empty cell is `empty`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, style="line", empty="."))]
pub(crate) fn format<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    style: &str,
    empty: &str,
) -> PyResult<Bound<'py, PyArray2<u32>>> {
    let grid = match style {
        "line" => false,
        "grid" => true,
        other => {
            return Err(PyValueError::new_err(format!(
                "style: expected \"line\" or \"grid\", got {other:?}"
            )))
        }
    };
    let mut chars = empty.chars();
    let blank = match (chars.next(), chars.next()) {
        (Some(c), None) if !('1'..='9').contains(&c) && c != '\0' => u32::from(c),
        _ => {
            return Err(PyValueError::new_err(format!(
                "empty: expected one character other than a digit 1-9, got {empty:?}"
            )))
        }
    };
    let puzzles = grids_arg(puzzles, "puzzles")?;
    let width = if grid { 89 } else { 81 };
    let mut out = Vec::with_capacity(puzzles.len() * width);
    py.detach(|| {
        for p in &puzzles {
            for (i, &v) in p.cells().iter().enumerate() {
                if grid && i > 0 && i % 9 == 0 {
                    out.push(u32::from('\n'));
                }
                out.push(if v == 0 { blank } else { u32::from(b'0' + v) });
            }
        }
    });
    let n = puzzles.len();
    Ok(Array2::from_shape_vec((n, width), out)
        .expect("width code points a grid")
        .into_pyarray(py))
}
