//! The Python module `sudoku_array._native`: the library `sudoku_solver` on numpy arrays.
//!
//! Thin by design: every answer comes from the library's root API (`sudoku_solver::...`); this
//! crate converts arrays and strings to `[u8; 81]` (boards of other sizes: `SizedGrid`),
//! releases the GIL, runs the library's `map_parallel` and converts the answers back.
//! Docstrings and examples are in the Python package (`sudoku_array/__init__.py`), which wraps
//! these functions.
//!
//! - `args.rs`: arguments in, answers out; `run.rs`: the work over many puzzles;
//! - `search.rs`, `logic.rs`, `make.rs`, `generate.rs`, `read.rs`, `text.rs`: the functions,
//!   by what they do;
//! - `sized.rs`: the search on boards of the other sizes (4x4 to 36x36), which the package's
//!   wrappers choose by the board's size.

mod args;
mod generate;
mod logic;
mod make;
mod read;
mod run;
mod search;
mod sized;
mod text;

use pyo3::prelude::*;

/// The Python module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The package's version: Cargo.toml's, which maturin also gives the wheel (pyproject.toml
    // takes it as dynamic), so there is one source of truth.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(search::solve, m)?)?;
    m.add_function(wrap_pyfunction!(search::count, m)?)?;
    m.add_function(wrap_pyfunction!(search::check, m)?)?;
    m.add_function(wrap_pyfunction!(search::guesses, m)?)?;
    m.add_function(wrap_pyfunction!(sized::solve_sized, m)?)?;
    m.add_function(wrap_pyfunction!(sized::count_sized, m)?)?;
    m.add_function(wrap_pyfunction!(sized::check_sized, m)?)?;
    m.add_function(wrap_pyfunction!(sized::guesses_sized, m)?)?;
    m.add_function(wrap_pyfunction!(sized::generate_sized, m)?)?;
    m.add_function(wrap_pyfunction!(logic::rate, m)?)?;
    m.add_function(wrap_pyfunction!(make::canonical, m)?)?;
    m.add_function(wrap_pyfunction!(make::minimize, m)?)?;
    m.add_function(wrap_pyfunction!(make::augment, m)?)?;
    m.add_function(wrap_pyfunction!(make::transform, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(logic::techniques, m)?)?;
    m.add_function(wrap_pyfunction!(logic::explain, m)?)?;
    m.add_function(wrap_pyfunction!(logic::tokens, m)?)?;
    m.add_function(wrap_pyfunction!(read::read, m)?)?;
    m.add_function(wrap_pyfunction!(make::reveal, m)?)?;
    m.add_function(wrap_pyfunction!(logic::hint, m)?)?;
    m.add_function(wrap_pyfunction!(text::format, m)?)?;
    Ok(())
}
