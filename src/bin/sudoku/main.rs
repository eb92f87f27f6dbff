//! The `sudoku` binary: parse the command line, run the batch, and turn the outcome into an exit
//! code. Everything else lives in the `sudoku_solver` library.

mod cli;
mod progress;
mod sink;
mod stdout;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::CommandFactory;

use cli::{Action, ColorChoice, StatsFormat, Usage};
use sink::Sink;
use sudoku_cli::batch::{Paint, Progress, Report};
use sudoku_cli::exit::Exit;
use sudoku_cli::input::FilterError;
use sudoku_cli::output::Format;
use sudoku_solver::internals::Isa;
use sudoku_solver::PatternError;

fn main() -> ExitCode {
    // The vector engine's instruction set first: a `SUDOKU_ENGINE` this CPU cannot run is refused
    // before any work.
    let isa = match Isa::from_env().and_then(|isa| isa.select().map(|()| isa)) {
        Ok(isa) => isa,
        Err(e) => {
            eprintln!("sudoku: SUDOKU_ENGINE: {e}");
            return code(Exit::Usage);
        }
    };
    let cli = match cli::Cli::parse_for(isa) {
        Ok(cli) => cli,
        Err(e) => return code(clap_exit(&e)),
    };
    let exit = match run(cli) {
        Ok(exit) => exit,
        Err(error) => fail(&error),
    };
    code(exit)
}

/// Says what went wrong, naming the path or argument it concerns, and gives the exit code it
/// means: the one place where an error of the binary becomes an exit code. The command line's
/// refusals and the library's errors of what was asked (a glob, a pattern) are usage errors
/// (2); everything else is the system's, a file or stream that cannot be read or written (5).
fn fail(error: &anyhow::Error) -> Exit {
    eprintln!("sudoku: {error:#}");
    if error.is::<Usage>() || error.is::<FilterError>() || error.is::<PatternError>() {
        Exit::Usage
    } else {
        Exit::Io
    }
}

/// Does what the command line asks; the exit code of a run, or the error that stopped it.
fn run(cli: cli::Cli) -> anyhow::Result<Exit> {
    let mut notes = Vec::new();
    let action = cli.action(&mut notes);
    for note in notes {
        eprintln!("sudoku: {note}");
    }
    match action? {
        Action::Completions(shell) => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut cli::Cli::command(), "sudoku", &mut text);
            print_all(&text)
        }
        Action::Manpage => {
            let mut text = Vec::new();
            clap_mangen::Man::new(cli::Cli::command())
                .render(&mut text)
                .context("cannot render the man page")?;
            print_all(&text)
        }
        Action::ListTechniques(listing) => {
            let mut text = String::new();
            for technique in sudoku_solver::Technique::all() {
                text.push_str(technique.name());
                text.push('\n');
            }
            list(&listing, &text)
        }
        Action::ListLevels(listing) => {
            let mut text = String::new();
            for level in sudoku_solver::Level::ALL {
                let (min, max) = level.tenths();
                text.push_str(&format!(
                    "{:<11} {}.{}..{}.{}\n",
                    level.name(),
                    min / 10,
                    min % 10,
                    max / 10,
                    max % 10
                ));
            }
            list(&listing, &text)
        }
        Action::Generate {
            run,
            random_seed,
            stats,
            output,
        } => {
            let mut sink = Sink::open(output.as_deref(), run.quiet)?;
            refuse_binary_on_terminal(run.format, run.quiet, &sink)?;
            let mut bar = (io::stderr().is_terminal() && !run.quiet).then(progress::Bar::new);
            if random_seed && !run.quiet {
                eprintln!(
                    "sudoku: seed {} (repeat this run with --seed {})",
                    run.seed, run.seed
                );
            }
            // stderr stays unlocked: the progress bar's own thread writes to it too.
            let mut err = io::stderr();
            let bar = bar.as_mut().map(|b| b as &mut dyn Progress);
            let report = sudoku_cli::batch::generate(&run, sink.writer(), &mut err, bar);
            Ok(finish(sink, report, stats, run.format))
        }
        Action::Run {
            mut options,
            stats,
            color,
            output,
        } => {
            let mut sink = Sink::open(output.as_deref(), options.quiet)?;
            refuse_binary_on_terminal(options.format, options.quiet, &sink)?;
            let terminal = io::stderr().is_terminal();
            let colour = match color {
                ColorChoice::Always => true,
                ColorChoice::Never => false,
                ColorChoice::Auto => {
                    terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                }
            };
            if colour {
                options.paint = terminal_colours();
            }
            let mut bar = (terminal && !options.quiet).then(progress::Bar::new);
            // stderr stays unlocked: the progress bar's own thread writes to it too.
            let mut err = io::stderr();
            let bar = bar.as_mut().map(|b| b as &mut dyn Progress);
            let report = sudoku_cli::batch::run(&options, sink.writer(), &mut err, bar);
            Ok(finish(sink, report, stats, options.format))
        }
    }
}

/// Help and version go to stdout through the same checked writer as everything else (so a full
/// disk is exit 5, not a silent 0); argument errors go to stderr with clap's exit code 2.
fn clap_exit(e: &clap::Error) -> Exit {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let styled = e.render();
            let text = if io::stdout().is_terminal() {
                styled.ansi().to_string()
            } else {
                styled.to_string()
            };
            print_all(text.as_bytes()).unwrap_or_else(|error| fail(&error))
        }
        _ => {
            // A failing stderr leaves nothing else to tell.
            let _ = e.print();
            Exit::Usage
        }
    }
}

/// Writes a list (`generate --list-techniques`, `--list-levels`) as the puzzles would be
/// written: to `-o FILE` by its sink (FILE put in place whole), or stdout; nothing with `-q`.
fn list(listing: &cli::Listing, text: &str) -> anyhow::Result<Exit> {
    let mut sink = Sink::open(listing.output.as_deref(), listing.quiet)?;
    if !listing.quiet {
        let out = sink.writer();
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            // A reader that closed early (`| head -1`) is no error.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
            written => written.context("cannot write output")?,
        }
    }
    sink.close(Exit::Success, true)
}

/// Writes a whole small output (completions, man page, help) to stdout; a reader that closed
/// early is no error.
fn print_all(text: &[u8]) -> anyhow::Result<Exit> {
    let mut out = stdout::buffered();
    match out.write_all(text).and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(Exit::Success),
        written => written
            .map(|()| Exit::Success)
            .context("cannot write output: stdout"),
    }
}

/// A binary document (PDF) is not for a terminal: refused (a usage error) when it would go to
/// one (stdout, or `-o` naming a terminal, such as `/dev/stdout` or `/dev/tty`).
fn refuse_binary_on_terminal(format: Format, quiet: bool, sink: &Sink) -> anyhow::Result<()> {
    if !format.is_binary() || quiet || !sink.is_terminal() {
        return Ok(());
    }
    Err(Usage(format!(
        "-f {format} writes a {} file, not text for a terminal: redirect stdout (> book.{format}) or give -o FILE",
        format.name().to_uppercase()
    ))
    .into())
}

/// Ends a run: the run already flushed its output or gave up on it; a `-o` file takes its
/// place (not when a binary document's run wrote nothing: a book of no pages is no PDF, and
/// the run said so); then the summary, then the exit code.
fn finish(sink: Sink, mut report: Report, stats: Option<StatsFormat>, format: Format) -> Exit {
    report.exit = sink
        .close(report.exit, !format.is_binary())
        .unwrap_or_else(|error| fail(&error));
    let mut err = io::stderr();
    // A failing stderr is not worth a different exit code.
    let _ = match stats {
        Some(StatsFormat::Text) => err.write_all(report.summary_text().as_bytes()),
        Some(StatsFormat::Json) => writeln!(err, "{}", report.summary_json()),
        None => Ok(()),
    };
    report.exit
}

/// The colours of problems on a terminal: the place bold, what is wrong red for broken input or
/// I/O and yellow for a puzzle without a single answer.
fn terminal_colours() -> Paint {
    Paint {
        place: "\x1b[1m".into(),
        broken: "\x1b[31m".into(),
        doubtful: "\x1b[33m".into(),
        end: "\x1b[0m".into(),
    }
}

fn code(exit: Exit) -> ExitCode {
    ExitCode::from(exit.code())
}
