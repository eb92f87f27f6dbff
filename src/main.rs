//! The `sudoku` binary: parse the command line, run the batch, and turn the outcome into an exit
//! code. Everything else lives in the `sudoku_solver` library.

mod cli;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::{CommandFactory, Parser};

use cli::{Action, ColorChoice, StatsFormat};

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            // Broken pipes on the small outputs (completions, man page) end quietly too.
            if e.downcast_ref::<io::Error>().map(io::Error::kind) == Some(io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("sudoku: {e:#}");
            ExitCode::from(sudoku_solver::exit::Exit::Io.code())
        }
    }
}

fn run() -> anyhow::Result<ExitCode> {
    let (mut options, stats, color) = match cli::Cli::parse().action() {
        Action::Run {
            options,
            stats,
            color,
        } => (options, stats, color),
        Action::Completions(shell) => {
            let mut out = io::stdout().lock();
            clap_complete::generate(shell, &mut cli::Cli::command(), "sudoku", &mut out);
            out.flush().context("cannot write the completion script")?;
            return Ok(ExitCode::SUCCESS);
        }
        Action::Generate {
            mut run,
            random_seed,
            stats,
        } => {
            let terminal = io::stderr().is_terminal();
            run.progress = terminal && !run.quiet;
            if random_seed && !run.quiet {
                eprintln!(
                    "sudoku: seed {} (repeat this run with --seed {})",
                    run.seed, run.seed
                );
            }
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout());
            // stderr stays unlocked: the progress bar's own thread writes to it too.
            let mut err = io::stderr();
            let report = sudoku_solver::batch::generate(&run, &mut out, &mut err);
            drop(out);
            print_stats(&mut err, &report, stats);
            return Ok(ExitCode::from(report.exit.code()));
        }
        Action::Manpage => {
            let mut out = io::stdout().lock();
            clap_mangen::Man::new(cli::Cli::command())
                .render(&mut out)
                .context("cannot write the man page")?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    if let Some(hint) = cli::misplaced_command(&options.paths) {
        eprintln!("sudoku: {hint}");
        return Ok(ExitCode::from(sudoku_solver::exit::Exit::Usage.code()));
    }
    let terminal = io::stderr().is_terminal();
    options.color = match color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    options.progress = terminal && !options.quiet;

    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    // stderr stays unlocked: the progress bar's own thread writes to it too.
    let mut err = io::stderr();
    let report = sudoku_solver::batch::run(&options, &mut out, &mut err);
    // The run flushed stdout or gave up on it; BufWriter's drop ignores errors, so a closed pipe
    // prints nothing.
    drop(out);
    print_stats(&mut err, &report, stats);
    Ok(ExitCode::from(report.exit.code()))
}

fn print_stats(
    err: &mut dyn Write,
    report: &sudoku_solver::batch::Report,
    stats: Option<StatsFormat>,
) {
    // A failing stderr is not worth a different exit code.
    let _ = match stats {
        Some(StatsFormat::Text) => err.write_all(report.summary_text().as_bytes()),
        Some(StatsFormat::Json) => writeln!(err, "{}", report.summary_json()),
        None => Ok(()),
    };
}
