//! The integration tests: one binary (`[[test]] main` in `Cargo.toml`, with `autotests = false`),
//! one module per feature. Each test binary links the whole crate, so one binary links it once.
//!
//! A test goes in the module of the feature it checks: a command (`solve` to `transform`), the
//! input layouts and reading (`layouts`; boards in code in `code_layouts`; many JSON values on
//! one line in `json_many`), what is no Sudoku and takes no slot (`no_sudoku`), damage and
//! hostile input, streams, pipes and slots (`robustness`), what the commands write (`formats`),
//! the exit codes (`exit_codes`), the library's everyday tasks from outside (`library`), the
//! vector engine's instruction sets under `SUDOKU_ENGINE` (`isa`), the command line around the
//! commands (`cli`), its edges under hostile use (`edges`: `-o` onto links and descriptors, `-q`), and time
//! limits in the library and on the command line (`limits`). Helpers more than one module uses
//! are in `common`. A module too big for one file keeps its parts in a folder of its name
//! (`formats/`, `generate/`, `layouts/`, `robustness/`).
//! `cargo test --test main MODULE` runs one module.

mod common;

mod canon;
mod check;
mod cli;
mod code_layouts;
mod count;
mod edges;
mod exit_codes;
mod explain;
mod formats;
mod generate;
mod hint;
mod isa;
mod json_many;
mod layouts;
mod library;
mod limits;
mod minimize;
mod no_sudoku;
mod rate;
mod robustness;
mod sizes;
mod solve;
mod transform;
