//! The command line: the only module that knows clap. It turns arguments into the library's
//! plain [`Options`].

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;

use sudoku_solver::batch::{Command, Options};
use sudoku_solver::format::Format;

const EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle solved (check: every puzzle has exactly one solution; count: every puzzle read)
  1  some puzzle has no solution, including givens that break a rule
  2  usage error
  3  some input is malformed (a parse error, or no puzzle at all)
  4  some puzzle has more than one solution where uniqueness is required (solve --unique, check)
  5  some input cannot be read, or the output cannot be written
When several happen, the first in the order 5, 3, 1, 4 wins.";

const INPUTS: &str = "\
Inputs:
  Each PATH is a file, a directory (its regular, non-hidden files in byte order of their names;
  -r descends into subdirectories) or '-' for stdin. With no PATH, stdin is read.

  Layouts, which may mix in one file:
    line    81 cells on one line: 53..7....6..195....98....6.8...  ('.', '0' or '_' is empty;
            text after the 81st cell is ignored when a space, tab, ',', ';' or '#' separates it)
    grid    9 lines of 9 cells; '|' and spaces between cells and separator lines such as
            ------+-------+------ are ignored; '-' is empty when cells are separated by spaces/tabs
    JSON    [[\"5\",\"3\",\".\",...],...] (LeetCode 37), on one line or several
  Lines starting with '#' are comments.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sudoku solve puzzles/leetcode.txt         solve one file, answer in its own layout
  cat many.txt | sudoku -f line             solve a stream, one 81-digit line per puzzle
  sudoku solve -r -f json puzzles/ > out.jsonl
  sudoku solve --unique gen.txt || echo \"some puzzle is not proper (exit $?)\"

A puzzle that fails keeps its slot in stdout as one '# PATH:LINE: <error>' line, so line N of
line-format output answers puzzle N; the error also goes to stderr.";

/// Solve Sudoku puzzles from files, directories or stdin, in every common layout.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Solve Sudoku puzzles from files, directories or stdin, in every common layout",
    long_about = "Solve Sudoku puzzles from files, directories or stdin, in every common layout.\n\n\
                  With no subcommand, `sudoku [OPTIONS] [PATH]...` means `sudoku solve`.",
    after_help = EXIT_CODES,
    after_long_help = format!("{INPUTS}\n\n{SOLVE_EXAMPLES}\n\n{EXIT_CODES}"),
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Commands>,

    #[command(flatten)]
    solve: SolveArgs,

    /// When to colour messages on stderr (auto: only on a terminal, and never with NO_COLOR set)
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true, value_name = "WHEN")]
    color: ColorChoice,

    /// Print a summary to stderr at the end: counts per status, time, rate, guesses, slowest puzzle
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "text", global = true, value_name = "FORMAT")]
    stats: Option<StatsFormat>,
}

/// When to colour diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when stderr is a terminal and NO_COLOR is not set
    Auto,
    /// Always colour
    Always,
    /// Never colour
    Never,
}

/// How to print the `--stats` summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// Lines of text
    Text,
    /// One JSON object
    Json,
}

/// What the binary is asked to do.
#[derive(Debug)]
pub enum Action {
    /// Run a batch command.
    Run {
        /// The library's options.
        options: Options,
        /// Print a summary at the end.
        stats: Option<StatsFormat>,
        /// The `--color` choice.
        color: ColorChoice,
    },
    /// Print a shell completion script.
    Completions(Shell),
    /// Print the man page.
    Manpage,
}

#[derive(Debug, Subcommand)]
enum Commands {
    /// Solve each puzzle and print its solution (the default command)
    #[command(after_help = EXIT_CODES, after_long_help = format!("{INPUTS}\n\n{SOLVE_EXAMPLES}\n\n{EXIT_CODES}"))]
    Solve(SolveArgs),
    /// Say whether each puzzle has no solution, exactly one, or several (and where two differ)
    #[command(
        after_help = EXIT_CODES,
        after_long_help = format!("Prints one verdict per puzzle, in input order:\n  \
            SOURCE: unique\n  SOURCE: no solution: <reason>\n  \
            SOURCE: not unique: r4c5 3/7, r4c8 7/3, ...   (cells where two solutions differ)\n  \
            SOURCE: invalid: <parse error>\n\n\
            Examples:\n  sudoku check puzzles/line-puzzles.txt\n  \
            sudoku check -q new.txt && echo proper\n\n{INPUTS}\n\n{EXIT_CODES}")
    )]
    Check(CheckArgs),
    /// Count the solutions of each puzzle, up to a limit
    #[command(
        after_help = EXIT_CODES,
        after_long_help = format!("Prints the number of solutions of each puzzle, one line per puzzle; \
            a count that reached --limit is followed by '+', e.g. 1000000+.\n\n\
            Examples:\n  sudoku count puzzles/line-puzzles.txt\n  \
            echo ................................................................................. | sudoku count --limit 10\n\n\
            {INPUTS}\n\n{EXIT_CODES}")
    )]
    Count(CountArgs),
    /// Print a shell completion script to stdout
    #[command(
        after_long_help = "Examples:\n  sudoku completions bash > ~/.local/share/bash-completion/completions/sudoku\n  \
        sudoku completions zsh > ~/.zfunc/_sudoku\n  sudoku completions fish > ~/.config/fish/completions/sudoku.fish"
    )]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Print the man page (roff) to stdout
    #[command(after_long_help = "Example:\n  sudoku manpage > sudoku.1 && man ./sudoku.1")]
    Manpage,
}

/// Options every command shares.
#[derive(Debug, Args)]
struct CommonArgs {
    /// Files, directories, or '-' for stdin (default: stdin)
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Also read the files in subdirectories (symlinked directories are not followed)
    #[arg(short, long)]
    recursive: bool,

    /// Worker threads for batches [default: all cores]; output order never depends on it
    #[arg(short = 'j', long = "threads", value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,

    /// Print nothing; only the exit code speaks
    #[arg(short, long)]
    quiet: bool,
}

#[derive(Debug, Args)]
struct SolveArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Output format
    #[arg(short, long, value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,

    /// Treat a puzzle with more than one solution as a failure (exit 4)
    #[arg(long)]
    unique: bool,
}

#[derive(Debug, Args)]
struct CheckArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Output format: verdict lines (text) or JSON Lines records
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

#[derive(Debug, Args)]
struct CountArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Stop counting a puzzle's solutions at N
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,

    /// Output format: counts (text) or JSON Lines records
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FormatArg {
    /// The layout each puzzle came in: a line for a line, a grid for a grid or JSON board
    Auto,
    /// 9 lines of 9 digits
    Grid,
    /// 81 digits on one line
    Line,
    /// Spaces between digits, '|' between boxes, '------+-------+------' between bands
    Pretty,
    /// JSON Lines: {"source","puzzle","status","solution"|"error"}
    Json,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ReportFormat {
    /// One line per puzzle
    Text,
    /// JSON Lines, one record per puzzle
    Json,
}

impl Cli {
    /// What these arguments ask for.
    pub fn action(self) -> Action {
        let (command, common, format) = match self.command {
            Some(Commands::Completions { shell }) => return Action::Completions(shell),
            Some(Commands::Manpage) => return Action::Manpage,
            None => solve_options(self.solve),
            Some(Commands::Solve(args)) => solve_options(args),
            Some(Commands::Check(args)) => (Command::Check, args.common, report(args.format)),
            Some(Commands::Count(args)) => (
                Command::Count { limit: args.limit },
                args.common,
                report(args.format),
            ),
        };
        let threads = match common.threads {
            Some(n) => usize::from(n),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let options = Options {
            command,
            format,
            recursive: common.recursive,
            threads,
            quiet: common.quiet,
            paths: common.paths,
            timing: self.stats.is_some(),
            ..Options::default()
        };
        Action::Run {
            options,
            stats: self.stats,
            color: self.color,
        }
    }
}

fn solve_options(args: SolveArgs) -> (Command, CommonArgs, Format) {
    let format = match args.format {
        FormatArg::Auto => Format::Auto,
        FormatArg::Grid => Format::Grid,
        FormatArg::Line => Format::Line,
        FormatArg::Pretty => Format::Pretty,
        FormatArg::Json => Format::Json,
    };
    (
        Command::Solve {
            unique: args.unique,
        },
        args.common,
        format,
    )
}

fn report(format: ReportFormat) -> Format {
    match format {
        ReportFormat::Text => Format::Line,
        ReportFormat::Json => Format::Json,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    fn options(args: &[&str]) -> Options {
        match Cli::try_parse_from(args).unwrap().action() {
            Action::Run { options, .. } => options,
            other => panic!("not a run: {other:?}"),
        }
    }

    #[test]
    fn global_flags_and_other_actions() {
        let action = Cli::try_parse_from(["sudoku", "check", "--stats=json", "--color", "never"])
            .unwrap()
            .action();
        assert!(matches!(
            action,
            Action::Run {
                stats: Some(StatsFormat::Json),
                color: ColorChoice::Never,
                ..
            }
        ));
        let action = Cli::try_parse_from(["sudoku", "--stats", "a.txt"])
            .unwrap()
            .action();
        assert!(matches!(
            action,
            Action::Run {
                stats: Some(StatsFormat::Text),
                ..
            }
        ));
        assert!(matches!(
            Cli::try_parse_from(["sudoku", "completions", "zsh"])
                .unwrap()
                .action(),
            Action::Completions(Shell::Zsh)
        ));
        assert!(matches!(
            Cli::try_parse_from(["sudoku", "manpage"]).unwrap().action(),
            Action::Manpage
        ));
    }

    #[test]
    fn no_subcommand_means_solve() {
        let o = options(&["sudoku", "-f", "line", "-j", "2", "a.txt"]);
        assert_eq!(o.command, Command::Solve { unique: false });
        assert_eq!((o.format, o.threads), (Format::Line, 2));
        assert_eq!(o.paths, vec![PathBuf::from("a.txt")]);
        let o = options(&["sudoku", "solve", "--unique", "-r", "dir"]);
        assert_eq!(o.command, Command::Solve { unique: true });
        assert!(o.recursive);
    }

    #[test]
    fn check_and_count() {
        assert_eq!(options(&["sudoku", "check", "-q"]).command, Command::Check);
        let o = options(&["sudoku", "count", "--limit", "5", "-f", "json"]);
        assert_eq!(
            (o.command, o.format),
            (Command::Count { limit: 5 }, Format::Json)
        );
        assert_eq!(
            options(&["sudoku", "count"]).command,
            Command::Count { limit: 1_000_000 }
        );
    }

    #[test]
    fn bad_values_are_usage_errors() {
        assert!(Cli::try_parse_from(["sudoku", "-j", "0"]).is_err());
        assert!(Cli::try_parse_from(["sudoku", "-f", "xml"]).is_err());
        assert!(Cli::try_parse_from(["sudoku", "count", "--limit", "0"]).is_err());
    }
}
