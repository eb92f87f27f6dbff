//! The command line: the only module that knows clap. It turns arguments into the library's
//! plain [`Options`].

use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;

use std::time::Duration;
use sudoku_solver::batch::{Command, GenerateRun, Options};
use sudoku_solver::generate::pattern::{self, Pattern};
use sudoku_solver::generate::sift::{technique_named, Range, Wanted};
use sudoku_solver::generate::{GenerateOptions, Symmetry};
use sudoku_solver::input::Filter;
use sudoku_solver::output::Format;

const EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle solved (check: every puzzle has exactly one solution; count: every puzzle read)
  1  some puzzle has no solution, including givens that break a rule
     (generate: fewer puzzles made than asked, after --attempts or --timeout)
  2  usage error
  3  some input is malformed (a parse error, or no puzzle at all)
  4  some puzzle has more than one solution where uniqueness is required (solve --unique, check)
  5  some input cannot be read, or the output cannot be written
When several happen, the first in the order 5, 3, 1, 4 wins.";

const INPUTS: &str = "\
Inputs:
  Each PATH is a file, a directory (its regular, non-hidden files in byte order of their names;
  -r descends into subdirectories, -g chooses files by glob) or '-' for stdin. With no PATH, stdin
  is read. A PATH that does not exist but reads as one puzzle is that puzzle (source 'arg 1').

  Layouts, which may mix in one file:
    line    81 cells on one line: 53..7....6..195....98....6.8...  ('.', '0', '_' or '-' is
            empty; text after the 81st cell is ignored when a space, tab, ',', ';', ':' or '#'
            separates it, as in PUZZLE:COUNT:SOLUTION); a field may come first (2018-06-07
            PUZZLE SOLUTION); a puzzle paired with its solution is the puzzle; also 81
            characters with spaces, or with one letter such as x, for empty cells
    grid    9 consecutive rows of 9 cells: 53..7...., 5 3 . | . 7 ., 5,3,0,0,7,0,0,0,0,
            5,3,,,7,,,,, x1xxx6xxx, spaces for empty cells with | between boxes, lists as a
            program prints them ([5, 3, 0, ...], [None, 6, ...], - [ null, 6, ... ]);
            separators such as ------+-------+------ or - - - - - - - - - - - only between
            bands, box characters (║ │ ─ ┼) too; a grid that lost or repeated a row is an
            error, never glued to the next
    CSV     a header names the puzzle column (puzzle, quizzes, quiz, unsolved, board, sudoku);
            without one, the first field of 81 cells; solution columns are never read; a quoted
            field may hold line breaks
    JSON    boards of strings or numbers ([[\"5\",\"3\",...],...] or [[5,3,0,...],...]), strings
            of 81 cells, under any key of any value ({\"board\": ...}), on one line of any
            length or many; damage costs the damaged element only
    pencil  729 characters (9 per cell, the digit where it is a candidate, '.' where not), or
            9 rows of 9 candidate sets (19 7 169 | 2 156 3 | ...); solve, check and count
  A line of text (Grid 01, a title, a CSV header) is a label: it names the next puzzle in JSON
  output. Lines starting with '#' are comments. UTF-16 with a byte-order mark is decoded.";

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

    /// Print a summary to stderr at the end: counts per status, time, rate, guesses, and the
    /// slowest puzzle (its whole answer: the search, and any rating or explanation)
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
    /// Print the technique names `generate --needs` takes.
    ListTechniques,
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
    },
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
    /// Make puzzles with exactly one solution, minimal by default, reproducible from a seed
    #[command(
        after_help = EXIT_CODES,
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
            sudoku generate -n 5 --needs x-wing --rating ..4.0\n  \
            sudoku generate -n 3 --pattern heart.txt --timeout 1m --stats\n\n{EXIT_CODES}")
    )]
    Generate(GenerateArgs),
    /// Print the canonical (minlex) form of each puzzle, so that `sort -u` removes disguised duplicates
    #[command(
        after_help = EXIT_CODES,
        after_long_help = format!("The canonical form is the minlex representative of the puzzle's class under the \
            3,359,232 geometric transformations (transposition, band and stack permutations, row and \
            column permutations within them) with digits relabelled in order of first appearance: of all \
            those grids written as 81 characters with 0 for empty, the smallest.\n\n\
            Examples:\n  sudoku canon puzzles/line-puzzles.txt\n  \
            sudoku canon collection.txt | sort -u | wc -l     # distinct puzzles\n\n{INPUTS}\n\n{EXIT_CODES}")
    )]
    Canon(CanonArgs),
    /// Rate each puzzle on Sudoku Explainer's scale: ER/EP/ED and the hardest technique
    #[command(
        after_help = EXIT_CODES,
        after_long_help = format!("Prints one line per puzzle, in input order:\n  \
            SOURCE: ER/EP/ED TECHNIQUE        (7.2/1.2/1.2 Forcing Chain)\n\
            ER is the hardest step of the path Sudoku Explainer walks (the easiest technique \
            that applies, again and again), EP the hardest up to the first placement, ED the \
            first step. A puzzle without exactly one solution is not rated; it says so, as \
            check does.\n\n\
            Examples:\n  sudoku rate puzzles/line-puzzles.txt\n  \
            sudoku rate -f json many.txt | grep '\"er\":9'\n\n{INPUTS}\n\n{EXIT_CODES}")
    )]
    Rate(ReportArgs),
    /// Explain each puzzle step by step, as a person would solve it, and print the solved grid
    #[command(
        after_help = EXIT_CODES,
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
            sudoku explain -f json hard.txt | jq '.steps[] | .technique'\n\n{INPUTS}\n\n{EXIT_CODES}")
    )]
    Explain(ReportArgs),
    /// Show the next logical step for each grid as it stands (a puzzle, a partly solved grid or pencilmarks)
    #[command(
        after_help = EXIT_CODES,
        after_long_help = format!("Prints one line per grid: 'SOURCE: ' and the easiest step that applies, \
            as explain prints it:\n  \
            game.txt:1: r4c5=3   hidden single in box 5   (1.2)\n\
            Pencilmarks are taken as they stand: a candidate you have removed stays removed, so \
            the hint is the next step from your own position. A grid without exactly one solution \
            (pencilmarks that removed a needed digit, say) gets no hint; it says so, as check \
            does.\n\n\
            Examples:\n  sudoku hint puzzles/pencilmarks.txt\n  \
            echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | sudoku hint\n\n\
            {INPUTS}\n\n{EXIT_CODES}")
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

#[derive(Debug, Args)]
struct GenerateArgs {
    /// How many puzzles to make
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    count: u64,

    /// The seed of the stream (default: a random seed, written to stderr)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Pattern the clues follow
    #[arg(long, value_name = "SYMMETRY", default_value = "none",
          value_parser = clap::builder::PossibleValuesParser::new(Symmetry::NAMES).map(|s| s.parse::<Symmetry>().expect("a listed name")))]
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

    /// Print nothing; only the exit code speaks
    #[arg(short, long)]
    quiet: bool,
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
}

#[derive(Debug, Args)]
struct CanonArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Output format: one canonical line per puzzle (text) or JSON Lines records
    #[arg(short, long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

#[derive(Debug, Args)]
struct ReportArgs {
    #[command(flatten)]
    common: CommonArgs,

    /// Output format: lines of text, or JSON Lines records
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
    /// What these arguments ask for, and notes for stderr (a lowered `-j`).
    pub fn action(self) -> (Action, Vec<String>) {
        let mut notes = Vec::new();
        let (command, common, format) = match self.command {
            Some(Commands::Completions { shell }) => return (Action::Completions(shell), notes),
            Some(Commands::Manpage) => return (Action::Manpage, notes),
            Some(Commands::Generate(args)) => {
                return (generate_action(args, self.stats, &mut notes), notes)
            }
            Some(Commands::Canon(args)) => (Command::Canon, args.common, report(args.format)),
            Some(Commands::Rate(args)) => (Command::Rate, args.common, report(args.format)),
            Some(Commands::Explain(args)) => (Command::Explain, args.common, report(args.format)),
            Some(Commands::Hint(args)) => (Command::Hint, args.common, report(args.format)),
            None => solve_options(self.solve),
            Some(Commands::Solve(args)) => solve_options(args),
            Some(Commands::Check(args)) => (Command::Check, args.common, report(args.format)),
            Some(Commands::Count(args)) => (
                Command::Count { limit: args.limit },
                args.common,
                report(args.format),
            ),
        };
        if let Some(problem) =
            misplaced_command(&common.paths).or_else(|| stdin_twice(&common.paths))
        {
            return (Action::Usage(problem), notes);
        }
        let filter = match Filter::new(&common.globs) {
            Ok(filter) => filter,
            Err(e) => return (Action::Usage(e.to_string()), notes),
        };
        let threads = threads(common.threads, &mut notes);
        let options = Options {
            command,
            format,
            recursive: common.recursive,
            filter,
            threads,
            quiet: common.quiet,
            paths: common.paths,
            timing: self.stats.is_some(),
            ..Options::default()
        };
        let action = Action::Run {
            options,
            stats: self.stats,
            color: self.color,
        };
        (action, notes)
    }
}

/// `-` named more than once: stdin can be read only once.
fn stdin_twice(paths: &[PathBuf]) -> Option<String> {
    (paths.iter().filter(|p| p.as_os_str() == "-").count() > 1).then(|| {
        "'-' (stdin) is named more than once, but stdin can be read only once; name it once"
            .to_string()
    })
}

/// A hint when a path is really a command written after an option (`sudoku -j2 check`), which
/// the parser takes for a file name: only when no such file exists.
fn misplaced_command(paths: &[PathBuf]) -> Option<String> {
    let commands: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    paths.iter().find_map(|path| {
        let name = path.to_str()?;
        (commands.iter().any(|c| c == name) && !path.exists()).then(|| {
            format!(
                "'{name}' is a command, but it came after an option, where it reads as a file name; \
                 put the command first: sudoku {name} [OPTIONS] [PATH]..."
            )
        })
    })
}

/// Threads per core beyond which `-j` is lowered: the work is all computation, so more threads
/// only cost memory and start-up, and tens of thousands cannot even be started.
const THREADS_PER_CORE: usize = 4;

/// The worker threads for `-j` (all cores when not given), at most 4 per core; a note says so
/// when a request is lowered.
fn threads(requested: Option<u16>, notes: &mut Vec<String>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let Some(n) = requested else { return cores };
    let cap = THREADS_PER_CORE * cores;
    let n = usize::from(n);
    if n > cap {
        notes.push(format!(
            "-j {n} lowered to {cap} ({THREADS_PER_CORE} per core on {cores} core{}): more threads only add overhead",
            if cores == 1 { "" } else { "s" }
        ));
        return cap;
    }
    n
}

/// A duration: seconds, or a number with `ms`, `s`, `m` or `h`.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, unit) = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => t.split_at(i),
        None => (t, "s"),
    };
    let x: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a duration (write 30, 30s, 5m or 500ms)"))?;
    let seconds = match unit {
        "ms" => x / 1000.0,
        "s" => x,
        "m" => x * 60.0,
        "h" => x * 3600.0,
        _ => return Err(format!("{text:?}: the unit is one of ms, s, m, h")),
    };
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("{text:?} is not a duration"))
}

/// The `--pattern` value: a mask written out, or a file holding one.
fn read_pattern(value: &str) -> Result<Pattern, String> {
    let looks_like_mask =
        value.chars().count() == 81 && value.chars().all(|c| pattern::mark(c).is_some());
    let text = if looks_like_mask {
        value.to_string()
    } else {
        std::fs::read_to_string(value).map_err(|e| {
            format!(
                "--pattern {}: cannot read: {e} (give a file, or 81 characters: x for a clue, . for none)",
                sudoku_solver::input::escape_path(std::path::Path::new(value))
            )
        })?
    };
    Pattern::parse(&text).map_err(|e| format!("--pattern: {e}"))
}

fn generate_action(
    args: GenerateArgs,
    stats: Option<StatsFormat>,
    notes: &mut Vec<String>,
) -> Action {
    if args.list_techniques {
        return Action::ListTechniques;
    }
    let mut needs = Vec::new();
    for name in &args.needs {
        match technique_named(name) {
            Some(technique) => needs.push(technique),
            None => {
                return Action::Usage(format!(
                    "--needs {name:?}: no such technique; sudoku generate --list-techniques shows the names"
                ))
            }
        }
    }
    let pattern = match args.pattern.as_deref().map(read_pattern).transpose() {
        Ok(p) => p,
        Err(e) => return Action::Usage(e),
    };
    if pattern.is_some() && (args.symmetry != Symmetry::None || args.max_clues.is_some()) {
        return Action::Usage(
            "--pattern fixes where the clues stand: it cannot be combined with --symmetry or --max-clues"
                .into(),
        );
    }
    let wanted = Wanted {
        er: args.rating.unwrap_or_default(),
        ep: args.ep.unwrap_or_default(),
        ed: args.ed.unwrap_or_default(),
        needs,
    };
    if let Some(why) = wanted.impossible() {
        return Action::Usage(format!("no puzzle can be what is asked: {why}"));
    }
    let (seed, random_seed) = match args.seed {
        Some(seed) => (seed, false),
        None => (random_seed(), true),
    };
    let format = match args.format {
        GenerateFormat::Line => Format::Line,
        GenerateFormat::Grid => Format::Grid,
        GenerateFormat::Pretty => Format::Pretty,
        GenerateFormat::Json => Format::Json,
    };
    Action::Generate {
        run: GenerateRun {
            count: args.count,
            seed,
            options: GenerateOptions {
                symmetry: args.symmetry,
                minimal: !args.no_minimal,
                max_clues: args.max_clues.map(usize::from),
            },
            wanted,
            pattern,
            attempts: args.attempts,
            timeout: args.timeout,
            format,
            threads: threads(args.threads, notes),
            quiet: args.quiet,
        },
        random_seed,
        stats,
    }
}

/// A seed from the operating system's randomness (through the standard library's hasher keys).
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    hasher.finish()
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
mod tests;
