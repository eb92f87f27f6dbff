//! The command line: the only module that knows clap. It turns arguments into the library's
//! plain [`Options`].

use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;

use std::time::Duration;

use anyhow::Context;
use sudoku_cli::batch::{Command, GenerateRun, Options};
use sudoku_cli::commands::MapChoice;
use sudoku_cli::input::{Filter, SizeReading, Stdin};
use sudoku_cli::output::{self, BookLayout, Format, Paper, Template};
use sudoku_solver::internals::Isa;
use sudoku_solver::{
    GenerateOptions, Level, Mirror, Pattern, Range, Shape, SizedGenerateOptions, Symbols, Symmetry,
    Technique, Transform, Wanted, WantedLabels,
};

mod help;
mod validate;
mod values;

use values::{
    box_parser, default_format, formats, parse_duration, read_pattern, spec, symbols_parser,
    symmetry_parser,
};

/// Solve Sudoku puzzles from files, directories or stdin, in every common layout.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Solve Sudoku puzzles from files, directories or stdin, in every common layout",
    long_about = "Solve Sudoku puzzles from files, directories or stdin, in every common layout.\n\n\
                  With no subcommand, `sudoku [OPTIONS] [PATH]...` means `sudoku solve`.",
    after_help = help::exit_codes(),
    after_long_help = help::solve(),
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

    /// Print a summary to stderr at the end: counts per status, time, rate, guesses, and the
    /// slowest puzzle (its whole answer: the search, and any rating or explanation)
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "text", global = true, value_name = "FORMAT")]
    stats: Option<StatsFormat>,
}

impl Cli {
    /// The command line of this process; `--version` also names the instruction set of the
    /// solver's vector engine.
    pub fn parse_for(isa: Isa) -> Result<Cli, clap::Error> {
        // clap keeps version texts for the life of the program.
        let version: &'static str = Box::leak(
            format!("{}\ninstruction set: {isa}", env!("CARGO_PKG_VERSION")).into_boxed_str(),
        );
        let matches = Cli::command().long_version(version).try_get_matches()?;
        Cli::from_arg_matches(&matches)
    }
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

/// A usage error found after parsing (exit 2): what is wrong, naming the option.
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// Where a list (`generate --list-techniques`, `--list-levels`) goes: `-o` and `-q` as for
/// the puzzles.
#[derive(Debug)]
pub struct Listing {
    /// `-o FILE`: where the list goes instead of stdout.
    pub output: Option<PathBuf>,
    /// `-q`: print nothing.
    pub quiet: bool,
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
        /// `-o FILE`: where the answers go instead of stdout.
        output: Option<PathBuf>,
    },
    /// Print a shell completion script.
    Completions(Shell),
    /// Print the man page.
    Manpage,
    /// Print the technique names `generate --needs` takes.
    ListTechniques(Listing),
    /// Print the levels `generate --level` takes.
    ListLevels(Listing),
    /// Generate puzzles.
    Generate {
        /// What to make.
        run: GenerateRun,
        /// Whether the seed was drawn at random (and so must be reported).
        random_seed: bool,
        /// Print a summary at the end.
        stats: Option<StatsFormat>,
        /// `-o FILE`: where the puzzles go instead of stdout.
        output: Option<PathBuf>,
    },
}

#[derive(Debug, Subcommand)]
enum Commands {
    #[command(
        about = spec("solve").about,
        after_help = help::exit_codes(), after_long_help = help::solve()
    )]
    Solve(SolveArgs),
    #[command(
        about = spec("check").about,
        after_help = help::exit_codes(),
        after_long_help = help::check()
    )]
    Check(CheckArgs),
    #[command(
        about = spec("count").about,
        after_help = help::exit_codes(),
        after_long_help = help::count()
    )]
    Count(CountArgs),
    #[command(
        about = spec("generate").about,
        after_help = help::exit_codes(),
        after_long_help = help::generate()
    )]
    Generate(GenerateArgs),
    #[command(
        about = spec("minimize").about,
        after_help = help::exit_codes(),
        after_long_help = help::minimize()
    )]
    Minimize(MinimizeArgs),
    #[command(
        about = spec("transform").about,
        after_help = help::exit_codes(),
        after_long_help = help::transform()
    )]
    Transform(TransformArgs),
    #[command(
        about = spec("canon").about,
        after_help = help::exit_codes(),
        after_long_help = help::canon()
    )]
    Canon(CanonArgs),
    #[command(
        about = spec("rate").about,
        after_help = help::exit_codes(),
        after_long_help = help::rate()
    )]
    Rate(RateArgs),
    #[command(
        about = spec("explain").about,
        after_help = help::exit_codes(),
        after_long_help = help::explain()
    )]
    Explain(ExplainArgs),
    #[command(
        about = spec("hint").about,
        after_help = help::exit_codes(),
        after_long_help = help::hint()
    )]
    Hint(HintArgs),
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

/// The greatest `--first-line`: half the largest line number, so that counting the lines after
/// it never runs past the largest number (and wraps round to 0). No input has 2^63 lines.
const MAX_FIRST_LINE: u64 = (usize::MAX / 2) as u64;

/// Options every run shares, `generate`'s too: threads, quiet, the output file.
#[derive(Debug, Args)]
struct RunArgs {
    /// Worker threads [default: all cores]; the output never depends on it
    #[arg(short = 'j', long = "threads", value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,

    /// Print nothing; only the exit code speaks
    #[arg(short, long)]
    quiet: bool,

    /// Write the answers to FILE instead of stdout ('-': stdout), as '>' would, but only when
    /// the run ends: FILE appears whole or not at all (links followed, owner and mode kept); a
    /// failure to write it exits 5. With -q, FILE is left as it was
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Options every command that reads puzzles shares.
#[derive(Debug, Args)]
struct CommonArgs {
    /// Files, directories, or '-' for stdin (default: stdin)
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Also read the files in subdirectories (symlinked directories are not followed)
    #[arg(short, long)]
    recursive: bool,

    /// Read only the files in directories that match GLOB; '!GLOB' skips files and directories
    /// that match. Repeatable. A GLOB with '/' matches the path below the named directory, one
    /// without matches the file name (-g '*.txt' -g '!invalid'). Files named as PATH are always read
    #[arg(short = 'g', long = "glob", value_name = "GLOB")]
    globs: Vec<String>,

    #[command(flatten)]
    run: RunArgs,

    /// What to call stdin in sources and messages [default: <stdin>]
    // The text is `--help`'s, not Markdown: rustdoc would take `[default: <stdin>]` for a link
    // and a tag.
    #[allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]
    #[arg(long, value_name = "NAME")]
    stdin_name: Option<String>,

    /// Number stdin's lines from N: stdin is a part of a larger file that starts at its line N
    /// (a shard cut by GNU parallel; see the guide). At most 9223372036854775807, so the lines
    /// after it can be counted
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=MAX_FIRST_LINE))]
    first_line: u64,

    /// The symbols of the digits of boards as wide as STRING is long, in order (16x16:
    /// 123456789ABCDEFG, 0123456789ABCDEF or ABCDEFGHIJKLMNOP), in place of the alphabet the
    /// reader picks from the symbols a board uses; needed where two alphabets fit
    #[arg(long, value_name = "STRING", value_parser = symbols_parser)]
    symbols: Option<Symbols>,

    /// The box of boards R x C wide: R rows by C columns (6x6: 2x3 or 3x2), in place of the one
    /// a grid's separators draw or the usual one (square where the size is a square, else wide:
    /// 2x3, 2x4, 3x4, ...)
    #[arg(long = "box", value_name = "RxC", value_parser = box_parser)]
    box_shape: Option<Shape>,
}

/// How `-f pdf` lays out its book.
#[derive(Debug, Args)]
struct BookArgs {
    /// With -f pdf: the paper size
    #[arg(long, value_enum, value_name = "SIZE", default_value_t = PaperArg::A4)]
    paper: PaperArg,

    /// With -f pdf: puzzles on a page
    #[arg(long, value_name = "N", default_value = "4", value_parser = ["1", "2", "4", "6"])]
    per_page: String,

    /// With -f pdf: leave out the answer key
    #[arg(long)]
    no_answers: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PaperArg {
    /// ISO A4 (210 x 297 mm)
    A4,
    /// US Letter (8.5 x 11 in)
    Letter,
}

/// `--time-limit`, for the commands whose work on one puzzle can run long.
#[derive(Debug, Args)]
struct LimitArgs {
    /// Give up on a puzzle after this long (30s, 500ms, 2m): it gets status timeout in its own
    /// slot, the others are answered, and the run exits 6
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    time_limit: Option<Duration>,
}

// Each command's `-f/--format` takes the formats the library renders for it
// (`output::formats`), its default first, with the library's names and help.
const SOLVE: Command = Command::Solve { unique: false };
const CHECK: Command = Command::Check { minimal: false };
const COUNT: Command = Command::Count { limit: 1 };
const MINIMIZE: Command = Command::Minimize { seed: None };
const TRANSFORM: Command = Command::Transform(MapChoice::Random { seed: 0 });

#[derive(Debug, Args)]
struct SolveArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Output format
    #[arg(short, long, value_name = "FORMAT", value_parser = formats(SOLVE), default_value = default_format(SOLVE))]
    format: Format,

    /// Treat a puzzle with more than one solution as a failure (exit 4)
    #[arg(long)]
    unique: bool,

    #[command(flatten)]
    book: BookArgs,
}

#[derive(Debug, Args)]
struct CheckArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Output format
    #[arg(short, long, value_name = "FORMAT", value_parser = formats(CHECK), default_value = default_format(CHECK))]
    format: Format,

    /// Write each verdict as TEMPLATE says: %g the puzzle's line as written, %S the status
    /// (unique, no_solution, not_unique), %n its number, %c its clues, %s its source, %e the
    /// time, %% a percent sign; with --minimal (which needs it), %m: minimal or not_minimal
    #[arg(long, value_name = "TEMPLATE", conflicts_with = "format")]
    template: Option<String>,

    /// Also say whether each puzzle with one solution is minimal, and name the clues that can
    /// go (each alone) when it is not
    #[arg(long)]
    minimal: bool,
}

#[derive(Debug, Args)]
struct MinimizeArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Try the clues in an order drawn from this seed (default: row by row, left to right);
    /// each order may reach another minimal puzzle, the same one every time
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Output format
    #[arg(short, long, value_name = "FORMAT", value_parser = formats(MINIMIZE), default_value = default_format(MINIMIZE))]
    format: Format,

    #[command(flatten)]
    book: BookArgs,
}

#[derive(Debug, Args)]
struct TransformArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Draw a random transformation for each puzzle from this seed (the default when no named
    /// one is given; without --seed one is drawn and written to stderr)
    #[arg(long, value_name = "S", conflicts_with_all = ["rotate", "transpose", "mirror", "relabel"])]
    seed: Option<u64>,

    /// Turn the grid clockwise by this many degrees
    #[arg(long, value_name = "DEGREES", value_parser = ["90", "180", "270"])]
    rotate: Option<String>,

    /// Swap rows and columns (r,c) -> (c,r)
    #[arg(long)]
    transpose: bool,

    /// Mirror about the vertical axis (left-right) or the horizontal one (top-bottom)
    #[arg(long, value_enum, value_name = "AXIS")]
    mirror: Option<MirrorArg>,

    /// Relabel the digits: 1 becomes the first digit of DIGITS, 2 the second, ...
    /// (987654321 swaps 1 and 9, 2 and 8, ...)
    #[arg(long, value_name = "DIGITS")]
    relabel: Option<String>,

    /// Output format
    #[arg(short, long, value_name = "FORMAT", value_parser = formats(TRANSFORM), default_value = default_format(TRANSFORM))]
    format: Format,

    #[command(flatten)]
    book: BookArgs,
}

/// An axis of `--mirror`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum MirrorArg {
    /// About the vertical axis: left-right, column c to 10-c
    Vertical,
    /// About the horizontal axis: top-bottom, row r to 10-r
    Horizontal,
}

#[derive(Debug, Args)]
struct CountArgs {
    #[command(flatten)]
    common: CommonArgs,

    #[command(flatten)]
    limits: LimitArgs,

    /// Stop counting a puzzle's solutions at N
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,

    /// Output format
    #[arg(short, long, value_name = "FORMAT", value_parser = formats(COUNT), default_value = default_format(COUNT))]
    format: Format,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// How many puzzles to make
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    count: u64,

    /// Make boards N x N, N from 4 to 36 (4, 6, 8, 9, 10, 12, 14, 15, 16, ..., 25, ..., 36):
    /// square boxes where N is a square, else wide ones (2x3 for 6, 3x4 for 12); --box chooses
    /// another. Boards of other sizes than 9x9 are made unique and minimal, with --symmetry,
    /// but not to order (no rating, technique, pattern or clue limit)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(4..=36))]
    size: Option<u8>,

    /// The box of the boards made: R rows by C columns (3x2, 4x3), the size R x C
    #[arg(long = "box", value_name = "RxC", value_parser = box_parser)]
    box_shape: Option<Shape>,

    /// The seed of the stream (default: a random seed, written to stderr)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Symmetry the clues follow, as Sudoku Explainer names them (vertical is the left-right
    /// mirror, horizontal the top-bottom one)
    #[arg(long, value_name = "SYMMETRY", default_value = "none", value_parser = symmetry_parser())]
    symmetry: Symmetry,

    /// Only puzzles with at most K clues (17 is the fewest a unique puzzle can have; 21 or more is practical)
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(17..=81))]
    max_clues: Option<u8>,

    /// Skip the minimizing step: stop removing clues at the first that cannot go
    #[arg(long)]
    no_minimal: bool,

    /// Only puzzles whose Sudoku Explainer rating (ER) lies in MIN..MAX, ends included; either
    /// end may be left out (7.0.., ..4.5)
    #[arg(long = "rating", value_name = "MIN..MAX", allow_hyphen_values = true)]
    rating: Option<Range>,

    /// Only puzzles whose EP (hardest step before the first placement) lies in MIN..MAX
    #[arg(long, value_name = "MIN..MAX")]
    ep: Option<Range>,

    /// Only puzzles whose ED (first step) lies in MIN..MAX
    #[arg(long, value_name = "MIN..MAX")]
    ed: Option<Range>,

    /// Only puzzles whose rating path uses TECHNIQUE (repeatable; names as explain prints them,
    /// case, spaces and hyphens ignored: x-wing, XWing; see --list-techniques)
    #[arg(long, value_name = "TECHNIQUE")]
    needs: Vec<String>,

    /// Print the technique names --needs takes, easiest first, and exit
    #[arg(long)]
    list_techniques: bool,

    /// Only puzzles of this Sudoku Explainer level: easy (ER 1.0-1.2), medium (1.3-1.5), hard
    /// (1.6-2.5), fiendish (2.6-6.0) or diabolical (6.1-11.0); see --list-levels
    #[arg(long, value_name = "NAME", conflicts_with = "rating")]
    level: Option<Level>,

    /// Print the levels --level takes, with their ER bands, and exit
    #[arg(long)]
    list_levels: bool,

    /// Clues exactly on these cells: a file, or 81 characters (x, * or a digit for a clue, . or
    /// 0 for none), or a file with a 9-line grid of them. Each puzzle is unique, not minimized
    #[arg(long, value_name = "FILE|MASK")]
    pattern: Option<String>,

    /// Give up when N candidates in a row are turned down (for --rating, --needs, --pattern)
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    attempts: u64,

    /// Give up after this long, printing what was found so far: 30, 30s, 5m, 500ms
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    timeout: Option<Duration>,

    #[command(flatten)]
    run: RunArgs,

    /// Output format
    #[arg(short, long, value_name = "FORMAT", value_parser = formats(Command::Generate), default_value = default_format(Command::Generate))]
    format: Format,

    /// Print each puzzle's solution too: after a space on the puzzle's line (line), as a grid
    /// after the puzzle's (grid, pretty), or as the record's `solution` (json)
    #[arg(long)]
    solution: bool,

    #[command(flatten)]
    book: BookArgs,
}

#[derive(Debug, Args)]
struct CanonArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Output format
    #[arg(short, long, value_name = "FORMAT", value_parser = formats(Command::Canon), default_value = default_format(Command::Canon))]
    format: Format,

    #[command(flatten)]
    book: BookArgs,
}

/// The arguments of the logic commands, `explain` and `hint` (and `rate`, with its template).
#[derive(Debug, Args)]
struct LogicArgs {
    #[command(flatten)]
    common: CommonArgs,

    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Debug, Args)]
struct RateArgs {
    #[command(flatten)]
    logic: LogicArgs,

    /// Output format
    #[arg(short, long, value_name = "FORMAT", value_parser = formats(Command::Rate), default_value = default_format(Command::Rate))]
    format: Format,

    /// Write each rating as TEMPLATE says, with serate's codes: %g the puzzle's line as
    /// written, %r ER, %p EP, %d ED, %n its number, %e the time, %% a percent sign; and ours:
    /// %R %P %D the techniques of ER, EP and ED, %l the level, %c the clues, %s the source, %S
    /// the status.
    /// serate's usual line: --template '%g ED=%r/%p/%d'
    #[arg(long, value_name = "TEMPLATE", conflicts_with = "format")]
    template: Option<String>,
}

#[derive(Debug, Args)]
struct ExplainArgs {
    #[command(flatten)]
    logic: LogicArgs,

    /// Output format
    #[arg(short, long, value_name = "FORMAT", value_parser = formats(Command::Explain), default_value = default_format(Command::Explain))]
    format: Format,
}

#[derive(Debug, Args)]
struct HintArgs {
    #[command(flatten)]
    logic: LogicArgs,

    /// Output format
    #[arg(short, long, value_name = "FORMAT", value_parser = formats(Command::Hint), default_value = default_format(Command::Hint))]
    format: Format,
}

#[cfg(test)]
mod tests;
