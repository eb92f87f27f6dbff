//! The integration tests: one binary (`[[test]] main` in `Cargo.toml`, with `autotests = false`),
//! one module per feature. Each test binary links the whole crate, so one binary links it once.
//!
//! A test goes in the module of the feature it checks: a command (`solve` to `transform`), the
//! input layouts and reading (`layouts`), damage and hostile input, streams, pipes and slots
//! (`robustness`), what is no Sudoku and takes no slot (`no_sudoku`), what the commands write (`formats`), the exit codes (`exit_codes`), the
//! library's everyday tasks from outside (`library`), the solver's engines under
//! `SUDOKU_ENGINE` (`engines`), and the command line around the commands (`cli`). Helpers more
//! than one module uses are in `common`.
//! `cargo test --test main MODULE` runs one module.

mod common;

mod canon;
mod check;
mod cli;
mod count;
mod engines;
mod exit_codes;
mod explain;
mod formats;
mod generate;
mod hint;
mod layouts;
mod library;
mod minimize;
mod no_sudoku;
mod rate;
mod robustness;
mod solve;
mod transform;
