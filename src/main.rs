//! The `sudoku` binary: parse the command line, run the batch, and turn the outcome into an exit
//! code. Everything else lives in the `sudoku_solver` library.

mod cli;

use std::io::{self, BufWriter};
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let options = cli::Cli::parse().options();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let stderr = io::stderr();
    let mut err = stderr.lock();
    let report = sudoku_solver::batch::run(&options, &mut out, &mut err);
    // The run flushed (or gave up on) stdout; dropping the writer must not print a panic on a
    // closed pipe, and BufWriter's drop ignores errors.
    drop(out);
    ExitCode::from(report.exit.code())
}
