//! The command line: the only module that knows clap. It turns arguments into the library's
//! plain [`Options`].

use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;

use std::time::Duration;
use sudoku_solver::batch::{Command, GenerateRun, Options};
use sudoku_solver::generate::level::Level;
use sudoku_solver::generate::pattern::{self, Pattern};
use sudoku_solver::generate::sift::{Range, Wanted};
use sudoku_solver::generate::{GenerateOptions, Symmetry};
use sudoku_solver::input::{Filter, Stdin};
use sudoku_solver::logic::Technique;
use sudoku_solver::output::{Format, Paper, Print, Template};
use sudoku_solver::solver::Engine;
use sudoku_solver::transform::{Choice, Mirror, Transform};

mod help;
mod validate;
mod values;

use help::{INPUTS, SOLVE_EXAMPLES};
use values::{parse_duration, read_pattern, report, symmetry_parser};

/// Solve Sudoku puzzles from files, directories or stdin, in every common layout.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Solve Sudoku puzzles from files, directories or stdin, in every common layout",
    long_about = "Solve Sudoku puzzles from files, directories or stdin, in every common layout.\n\n\
                  With no subcommand, `sudoku [OPTIONS] [PATH]...` means `sudoku solve`.",
    after_help = help::exit_codes(),
    after_long_help = format!("{INPUTS}\n\n{SOLVE_EXAMPLES}\n\n{}", help::exit_codes()),
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
    /// The command line of this process; `--version` also names the solver's engine.
    pub fn parse_for(engine: Engine) -> Result<Cli, clap::Error> {
        // clap keeps version texts for the life of the program.
        let version: &'static str =
            Box::leak(format!("{}\nengine: {engine}", env!("CARGO_PKG_VERSION")).into_boxed_str());
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
    ListTechniques,
    /// Print the levels `generate --level` takes.
    ListLevels,
    /// A usage error found after parsing: print it and exit 2.
    Usage(String),
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
    /// Solve each puzzle and print its solution (the default command)
    #[command(after_help = help::exit_codes(), after_long_help = format!("{INPUTS}\n\n{SOLVE_EXAMPLES}\n\n{}", help::exit_codes()))]
    Solve(SolveArgs),
    /// Say whether each puzzle has no solution, exactly one, or several (and where two differ)
    #[command(
        after_help = help::exit_codes(),
        after_long_help = format!("Prints one verdict per puzzle, in input order:\n  \
            SOURCE: unique\n  SOURCE: no solution: <reason>\n  \
            SOURCE: not unique: r4c5 3/7, r4c8 7/3, ...   (cells where two solutions differ)\n  \
            SOURCE: invalid: <parse error>\n\
            With --minimal, a puzzle with one solution is also judged minimal or not:\n  \
            SOURCE: unique, minimal\n  \
            SOURCE: unique, not minimal: r1c3, r5c5 can go (each alone)\n\n\
            Examples:\n  sudoku check puzzles/line-puzzles.txt\n  \
            sudoku check -q new.txt && echo proper\n  \
            sudoku check --minimal mine.txt\n\n{INPUTS}\n\n{}", help::exit_codes())
    )]
    Check(CheckArgs),
    /// Count the solutions of each puzzle, up to a limit
    #[command(
        after_help = help::exit_codes(),
        after_long_help = format!("Prints the number of solutions of each puzzle, one line per puzzle; \
            a count that reached --limit is followed by '+', e.g. 1000000+.\n\n\
            Examples:\n  sudoku count puzzles/line-puzzles.txt\n  \
            echo ................................................................................. | sudoku count --limit 10\n\n\
            {INPUTS}\n\n{}", help::exit_codes())
    )]
    Count(CountArgs),
    /// Make puzzles with exactly one solution, minimal by default, reproducible from a seed
    #[command(
        after_help = help::exit_codes(),
        after_long_help = format!("Every puzzle has exactly one solution and, unless --no-minimal, is minimal: removing \
            any one clue (with a symmetry: any one orbit of clues) gives it a second solution. The same seed \
            and version give the same output byte for byte, whatever -j is; without --seed a random seed \
            is drawn and written to stderr, so any run can be repeated.\n\n\
            To order: --rating, --ep, --ed, --needs and --pattern keep only the candidates that \
            fit (each is rated on Sudoku Explainer's scale, as rate does), in stream order, so \
            the output is still the same for the same seed at any -j. A narrow request can take \
            long: the progress bar counts candidates tried and kept, --stats gives the acceptance \
            rate, --attempts and --timeout end the run cleanly (exit 1, with the puzzles found so \
            far and a message saying how many).\n\n\
            Examples:\n  sudoku generate -n 10 --seed 42\n  \
            sudoku generate -n 1000 --symmetry rotational -j 2 > proper.txt\n  \
            sudoku generate --max-clues 22 -f pretty\n  \
            sudoku generate -n 20 --rating 7.0..8.0 --seed 1\n  \
            sudoku generate -n 10 --level fiendish --seed 1\n  \
            sudoku generate -n 5 --needs x-wing --rating ..4.0\n  \
            sudoku generate -n 3 --pattern heart.txt --timeout 1m --stats\n\n{}", help::exit_codes())
    )]
    Generate(GenerateArgs),
    /// Remove clues from each puzzle until none can go without a second solution
    #[command(
        after_help = help::exit_codes(),
        after_long_help = format!("Prints each puzzle with clues removed, one at a time, as long as it keeps \
            exactly one solution: the result is minimal (removing any one of its clues gives a \
            second solution), its clues are a subset of the input's, and its solution is the same. \
            The clues are tried row by row, left to right, or in an order drawn from --seed; each \
            order is the same every run. A puzzle with no solution or several is refused as check \
            refuses it (the '# SOURCE: ...' line keeps its slot; exit 1 or 4). Pencilmark grids are \
            refused.\n\n\
            Examples:\n  sudoku minimize mine.txt\n  \
            sudoku minimize --seed 3 -f pretty mine.txt\n  \
            sudoku check --minimal mine.txt     # which clues can go\n\n{INPUTS}\n\n{}", help::exit_codes())
    )]
    Minimize(MinimizeArgs),
    /// Print each puzzle as an equivalent one: turned, mirrored, transposed, relabelled, or shuffled at random
    #[command(
        after_help = help::exit_codes(),
        after_long_help = format!("Each puzzle is printed as an equivalent one, with the same canonical form \
            (see canon): the same puzzle in disguise. Named transformations apply to every puzzle, \
            in this order when several are given: --transpose, --mirror, --rotate, --relabel. \
            Without them, each puzzle gets a random one (transposition, bands, rows in each band, \
            stacks, columns in each stack, and digits, each shuffled), drawn from --seed and the \
            puzzle itself, so the output is the same every run and at any -j; without --seed a \
            seed is drawn and written to stderr. Pencilmark grids transform too, candidates \
            included (printed as their 729-character line). Puzzles with no solution or several \
            are transformed as they are.\n\n\
            Examples:\n  sudoku transform --rotate 90 puzzles/leetcode.txt\n  \
            sudoku transform --mirror vertical --relabel 987654321 mine.txt\n  \
            sudoku transform --seed 7 puzzles/line-puzzles.txt\n\n{INPUTS}\n\n{}", help::exit_codes())
    )]
    Transform(TransformArgs),
    /// Print the canonical (minlex) form of each puzzle, so that `sort -u` removes disguised duplicates
    #[command(
        after_help = help::exit_codes(),
        after_long_help = format!("The canonical form is the minlex representative of the puzzle's class under the \
            3,359,232 geometric transformations (transposition, band and stack permutations, row and \
            column permutations within them) with digits relabelled in order of first appearance: of all \
            those grids written as 81 characters with 0 for empty, the smallest.\n\n\
            Examples:\n  sudoku canon puzzles/line-puzzles.txt\n  \
            sudoku canon collection.txt | sort -u | wc -l     # distinct puzzles\n\n{INPUTS}\n\n{}", help::exit_codes())
    )]
    Canon(CanonArgs),
    /// Rate each puzzle on Sudoku Explainer's scale: ER/EP/ED and the hardest technique
    #[command(
        after_help = help::exit_codes(),
        after_long_help = format!("Prints one line per puzzle, in input order:\n  \
            SOURCE: ER/EP/ED TECHNIQUE (LEVEL)        (7.2/1.2/1.2 Forcing Chain (diabolical))\n\
            ER is the hardest step of the path Sudoku Explainer walks (the easiest technique \
            that applies, again and again), EP the hardest up to the first placement, ED the \
            first step. LEVEL is Sudoku Explainer's band of ER (generate --list-levels); none \
            above 11.0. A puzzle without exactly one solution is not rated; it says so, as \
            check does.\n\n\
            Examples:\n  sudoku rate puzzles/line-puzzles.txt\n  \
            sudoku rate -f json many.txt | grep '\"er\":9'\n\n{INPUTS}\n\n{}", help::exit_codes())
    )]
    Rate(RateArgs),
    /// Explain each puzzle step by step, as a person would solve it, and print the solved grid
    #[command(
        after_help = help::exit_codes(),
        after_long_help = format!("Prints a block per puzzle: a '# SOURCE: ER/EP/ED TECHNIQUE, N steps' line, \
            then one line per step, the easiest that applies each time (Sudoku Explainer's path), \
            then the solved grid:\n  \
            r4c5=3   hidden single in box 5   (1.2)\n  \
            r6c1,r6c2<>4   pointing: box 4 holds 4 only in row 6   (2.6)\n\
            An effect is a placement (r4c5=3) or eliminations (r6c1,r6c2<>4: 4 goes from both \
            cells); the number is the step's rating. With -f json, one record per puzzle with a \
            'steps' array; each step has 'technique', 'rating', 'placements' and 'eliminations' \
            ([{{\"cell\": \"r4c5\", \"digit\": 3}}]), 'text', 'pattern' (the candidates that prove \
            it) and, for chains, 'chains'. A puzzle without exactly one solution is not explained; \
            it says so, as check does.\n\n\
            Examples:\n  sudoku explain puzzles/line-puzzles.txt\n  \
            sudoku explain -f json hard.txt | jq '.steps[] | .technique'\n\n{INPUTS}\n\n{}", help::exit_codes())
    )]
    Explain(ReportArgs),
    /// Show the next logical step for each grid as it stands (a puzzle, a partly solved grid or pencilmarks)
    #[command(
        after_help = help::exit_codes(),
        after_long_help = format!("Prints one line per grid: 'SOURCE: ' and the easiest step that applies, \
            as explain prints it:\n  \
            game.txt:1: r4c5=3   hidden single in box 5   (1.2)\n\
            Pencilmarks are taken as they stand: a candidate you have removed stays removed, so \
            the hint is the next step from your own position. A grid without exactly one solution \
            (pencilmarks that removed a needed digit, say) gets no hint; it says so, as check \
            does.\n\n\
            Examples:\n  sudoku hint puzzles/pencilmarks.txt\n  \
            echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | sudoku hint\n\n\
            {INPUTS}\n\n{}", help::exit_codes())
    )]
    Hint(ReportArgs),
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

    /// Read only the files in directories that match GLOB; '!GLOB' skips files and directories
    /// that match. Repeatable. A GLOB with '/' matches the path below the named directory, one
    /// without matches the file name (-g '*.txt' -g '!invalid'). Files named as PATH are always read
    #[arg(short = 'g', long = "glob", value_name = "GLOB")]
    globs: Vec<String>,

    /// Worker threads for batches [default: all cores]; output order never depends on it
    #[arg(short = 'j', long = "threads", value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,

    /// Print nothing; only the exit code speaks
    #[arg(short, long)]
    quiet: bool,

    /// Write the answers to FILE instead of stdout ('-': stdout). The file appears whole when
    /// the run ends (written beside it, then renamed), or not at all; a failure to write it
    /// exits 5
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,

    /// What to call stdin in sources and messages [default: <stdin>]
    // The text is `--help`'s, not Markdown: rustdoc would take `[default: <stdin>]` for a link
    // and a tag.
    #[allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]
    #[arg(long, value_name = "NAME")]
    stdin_name: Option<String>,

    /// Number stdin's lines from N: stdin is a part of a larger file that starts at its line N
    /// (a shard cut by GNU parallel; see the guide)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    first_line: u64,
}

/// How `-f pdf` lays out its book.
#[derive(Debug, Args)]
struct PrintArgs {
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

    #[command(flatten)]
    print: PrintArgs,
}

#[derive(Debug, Args)]
struct CheckArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Output format: verdict lines (text), JSON Lines records, or CSV rows
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,

    /// Write each verdict as TEMPLATE says: %g the puzzle's line as written, %S the status
    /// (unique, no_solution, not_unique), %n its number, %c its clues, %s its source, %e the
    /// time, %% a percent sign
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
    #[arg(short, long, value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,

    #[command(flatten)]
    print: PrintArgs,
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
    #[arg(short, long, value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,

    #[command(flatten)]
    print: PrintArgs,
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

    /// Output format: counts (text), JSON Lines records, or CSV rows
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// How many puzzles to make
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    count: u64,

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

    /// Worker threads [default: all cores]; the output never depends on it
    #[arg(short = 'j', long = "threads", value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,

    /// Output format
    #[arg(short, long, value_enum, default_value_t = GenerateFormat::Line)]
    format: GenerateFormat,

    /// Print each puzzle's solution too: after a space on the puzzle's line (line), as a grid
    /// after the puzzle's (grid, pretty), or as the record's `solution` (json)
    #[arg(long)]
    solution: bool,

    /// Print nothing; only the exit code speaks
    #[arg(short, long)]
    quiet: bool,

    /// Write the puzzles to FILE instead of stdout; it appears whole when the run ends, or not
    /// at all
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,

    #[command(flatten)]
    print: PrintArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum GenerateFormat {
    /// 81 characters on one line, '.' for empty
    Line,
    /// 9 lines of 9 cells
    Grid,
    /// Spaces between cells, '|' between boxes, a rule between bands
    Pretty,
    /// JSON Lines: {"source","puzzle","status","clues"}
    Json,
    /// CSV: a header row, then source,puzzle,status,clues,...
    Csv,
    /// A standalone SVG picture (one puzzle only)
    Svg,
    /// A PDF puzzle book with an answer key (--paper, --per-page, --no-answers)
    Pdf,
}

#[derive(Debug, Args)]
struct CanonArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Output format: one canonical line per puzzle (text), JSON Lines records, or CSV rows
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,

    #[command(flatten)]
    print: PrintArgs,
}

#[derive(Debug, Args)]
struct ReportArgs {
    #[command(flatten)]
    common: CommonArgs,

    #[command(flatten)]
    limits: LimitArgs,

    /// Output format: lines of text, JSON Lines records, or CSV rows
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

#[derive(Debug, Args)]
struct RateArgs {
    #[command(flatten)]
    report: ReportArgs,

    /// Write each rating as TEMPLATE says, with serate's codes: %g the puzzle's line as
    /// written, %r ER, %p EP, %d ED, %n its number, %e the time, %% a percent sign; and ours:
    /// %R %P %D the techniques of ER, EP and ED, %l the level, %c the clues, %s the source, %S
    /// the status.
    /// serate's usual line: --template '%g ED=%r/%p/%d'
    #[arg(long, value_name = "TEMPLATE", conflicts_with = "format")]
    template: Option<String>,
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
    /// CSV: a header row, then source,label,puzzle,status,solution,... per puzzle
    Csv,
    /// A standalone SVG picture of the grid, givens black, filled digits blue (one puzzle only)
    Svg,
    /// A PDF puzzle book: the puzzles, then an answer key (--paper, --per-page, --no-answers)
    Pdf,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ReportFormat {
    /// One line per puzzle
    Text,
    /// JSON Lines, one record per puzzle
    Json,
    /// CSV: a header row, then one row per puzzle with the JSON record's fields
    Csv,
    /// hint, canon: a standalone SVG picture (one grid only)
    Svg,
    /// explain, hint: one HTML page, a picture per step
    Html,
    /// canon: a PDF puzzle book with an answer key
    Pdf,
}

#[cfg(test)]
mod tests;
