//! The `sudoku` binary: parse the command line, run the batch, and turn the outcome into an exit
//! code. Everything else lives in the `sudoku_solver` library.

mod cli;
mod progress;
mod sink;
mod stdout;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::CommandFactory;

use cli::{Action, ColorChoice, StatsFormat};
use sink::Sink;
use sudoku_solver::batch::{Paint, Progress, Report};
use sudoku_solver::exit::Exit;
use sudoku_solver::output::Format;
use sudoku_solver::solver::Engine;

fn main() -> ExitCode {
    // The solver's engine first: a `SUDOKU_ENGINE` this CPU cannot run is refused before any
    // work.
    let engine = match Engine::from_env().and_then(|engine| engine.select().map(|()| engine)) {
        Ok(engine) => engine,
        Err(e) => {
            eprintln!("sudoku: SUDOKU_ENGINE: {e}");
            return code(Exit::Usage);
        }
    };
    let cli = match cli::Cli::parse_for(engine) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    let (action, notes) = cli.action();
    for note in notes {
        eprintln!("sudoku: {note}");
    }
    match action {
        Action::Usage(message) => {
            eprintln!("sudoku: {message}");
            code(Exit::Usage)
        }
        Action::Completions(shell) => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut cli::Cli::command(), "sudoku", &mut text);
            print_all(&text)
        }
        Action::Manpage => {
            let mut text = Vec::new();
            match clap_mangen::Man::new(cli::Cli::command()).render(&mut text) {
                Ok(()) => print_all(&text),
                Err(e) => {
                    eprintln!("sudoku: cannot render the man page: {e}");
                    code(Exit::Io)
                }
            }
        }
        Action::ListTechniques => {
            let mut text = String::new();
            for technique in sudoku_solver::logic::Technique::all() {
                text.push_str(technique.name());
                text.push('\n');
            }
            print_all(text.as_bytes())
        }
        Action::ListLevels => {
            let mut text = String::new();
            for level in sudoku_solver::generate::level::Level::ALL {
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
            print_all(text.as_bytes())
        }
        Action::Generate {
            run,
            random_seed,
            stats,
            output,
        } => {
            if let Some(refusal) = binary_on_terminal(run.format, run.quiet, output.is_some()) {
                return refusal;
            }
            let mut bar = (io::stderr().is_terminal() && !run.quiet).then(progress::Bar::new);
            if random_seed && !run.quiet {
                eprintln!(
                    "sudoku: seed {} (repeat this run with --seed {})",
                    run.seed, run.seed
                );
            }
            let mut sink = match Sink::open(output.as_deref()) {
                Ok(sink) => sink,
                Err(message) => return cannot_write(&message),
            };
            // stderr stays unlocked: the progress bar's own thread writes to it too.
            let mut err = io::stderr();
            let bar = bar.as_mut().map(|b| b as &mut dyn Progress);
            let report = sudoku_solver::batch::generate(&run, sink.writer(), &mut err, bar);
            finish(sink, report, stats)
        }
        Action::Run {
            mut options,
            stats,
            color,
            output,
        } => {
            if let Some(refusal) =
                binary_on_terminal(options.format, options.quiet, output.is_some())
            {
                return refusal;
            }
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
            let mut sink = match Sink::open(output.as_deref()) {
                Ok(sink) => sink,
                Err(message) => return cannot_write(&message),
            };
            // stderr stays unlocked: the progress bar's own thread writes to it too.
            let mut err = io::stderr();
            let bar = bar.as_mut().map(|b| b as &mut dyn Progress);
            let report = sudoku_solver::batch::run(&options, sink.writer(), &mut err, bar);
            finish(sink, report, stats)
        }
    }
}

/// Help and version go to stdout through the same checked writer as everything else (so a full
/// disk is exit 5, not a silent 0); argument errors go to stderr with clap's exit code 2.
fn clap_exit(e: &clap::Error) -> ExitCode {
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
            print_all(text.as_bytes())
        }
        _ => {
            // A failing stderr leaves nothing else to tell.
            let _ = e.print();
            code(Exit::Usage)
        }
    }
}

/// Writes a whole small output (completions, man page, help) to stdout: exit 0, or 5 with the
/// system's reason when it cannot be written; a reader that closed early is not an error.
fn print_all(text: &[u8]) -> ExitCode {
    let mut out = stdout::buffered();
    match out.write_all(text).and_then(|()| out.flush()) {
        Ok(()) => code(Exit::Success),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => code(Exit::Success),
        Err(e) => {
            eprintln!("sudoku: cannot write output: {e}");
            code(Exit::Io)
        }
    }
}

/// A PDF is not for a terminal: refused (exit 2) when it would go to one.
fn binary_on_terminal(format: Format, quiet: bool, to_file: bool) -> Option<ExitCode> {
    if format != Format::Pdf || quiet || to_file || !io::stdout().is_terminal() {
        return None;
    }
    eprintln!(
        "sudoku: -f pdf writes a PDF file, not text for a terminal: redirect stdout (> book.pdf) or give -o FILE"
    );
    Some(code(Exit::Usage))
}

/// `-o FILE` could not be made: say why, exit 5.
fn cannot_write(message: &str) -> ExitCode {
    eprintln!("sudoku: {message}");
    code(Exit::Io)
}

/// Ends a run: the run already flushed its output or gave up on it; a `-o` file takes its
/// place; then the summary, then the exit code.
fn finish(sink: Sink, mut report: Report, stats: Option<StatsFormat>) -> ExitCode {
    report.exit = sink.close(report.exit);
    let mut err = io::stderr();
    // A failing stderr is not worth a different exit code.
    let _ = match stats {
        Some(StatsFormat::Text) => err.write_all(report.summary_text().as_bytes()),
        Some(StatsFormat::Json) => writeln!(err, "{}", report.summary_json()),
        None => Ok(()),
    };
    code(report.exit)
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
