//! From parsed arguments to the library's plain options: the checks clap cannot make (stdin
//! named twice, a command name where a path stands), the thread cap, seeding, and the options
//! each command runs with.

use super::*;

impl Cli {
    /// What these arguments ask for, with notes for stderr (a lowered `-j`) in `notes`; or the
    /// refusal ([`Usage`], or a library error with the option it concerns).
    pub fn action(self, notes: &mut Vec<String>) -> anyhow::Result<Action> {
        let mut time_limit = None;
        let mut template = None;
        let mut book = None;
        let (command, common, format) = match self.command {
            Some(Commands::Completions { shell }) => return Ok(Action::Completions(shell)),
            Some(Commands::Manpage) => return Ok(Action::Manpage),
            Some(Commands::Generate(args)) => return generate_action(args, self.stats, notes),
            Some(Commands::Canon(args)) => {
                book = Some(book_of(&args.book));
                (Command::Canon, args.common, args.format)
            }
            Some(Commands::Rate(args)) => {
                template = args.template;
                time_limit = args.logic.limits.time_limit;
                (Command::Rate, args.logic.common, args.format)
            }
            Some(Commands::Explain(args)) => {
                time_limit = args.logic.limits.time_limit;
                (Command::Explain, args.logic.common, args.format)
            }
            Some(Commands::Hint(args)) => {
                time_limit = args.logic.limits.time_limit;
                (Command::Hint, args.logic.common, args.format)
            }
            None => solve_options(self.solve, &mut book),
            Some(Commands::Solve(args)) => solve_options(args, &mut book),
            Some(Commands::Check(args)) => {
                template = args.template;
                let minimal = args.minimal;
                (Command::Check { minimal }, args.common, args.format)
            }
            Some(Commands::Transform(args)) => {
                let command = transform_command(&args, notes).map_err(Usage)?;
                book = Some(book_of(&args.book));
                (command, args.common, args.format)
            }
            Some(Commands::Minimize(args)) => {
                book = Some(book_of(&args.book));
                let seed = args.seed;
                (Command::Minimize { seed }, args.common, args.format)
            }
            Some(Commands::Count(args)) => {
                time_limit = args.limits.time_limit;
                let limit = args.limit;
                (Command::Count { limit }, args.common, args.format)
            }
        };
        let template = template.map(|t| Template::parse(&t));
        if let Some(why) = template.as_ref().and_then(|t| t.unfit_for(command)) {
            return Err(Usage(why).into());
        }
        if let Some(problem) =
            misplaced_command(&common.paths).or_else(|| stdin_twice(&common.paths))
        {
            return Err(Usage(problem).into());
        }
        let filter = Filter::new(&common.globs).context("-g/--glob")?;
        let threads = threads(common.run.threads, notes);
        let mut stdin = Stdin {
            first_line: usize::try_from(common.first_line).unwrap_or(usize::MAX),
            ..Stdin::default()
        };
        if let Some(name) = common.stdin_name {
            stdin.name = name.into();
        }
        let options = Options {
            command,
            format,
            recursive: common.recursive,
            filter,
            threads,
            quiet: common.run.quiet,
            paths: common.paths,
            timing: self.stats.is_some(),
            time_limit,
            template,
            stdin,
            book: book.unwrap_or_default(),
            sizes: SizeReading {
                symbols: common.symbols,
                box_shape: common.box_shape,
            },
            ..Options::default()
        };
        let action = Action::Run {
            options,
            stats: self.stats,
            color: self.color,
            output: common.run.output,
        };
        Ok(action)
    }
}

/// The shape `--size` and `--box` ask for, when it is another than the classic 9x9 board; the
/// options that only the classic board takes are refused beside it.
fn board_shape(args: &GenerateArgs) -> Result<Option<Shape>, Usage> {
    let shape = match (args.size, args.box_shape) {
        (None, None) => return Ok(None),
        (Some(n), None) => {
            Shape::for_size(n.into()).map_err(|why| Usage(format!("--size {n}: {why}")))?
        }
        (None, Some(shape)) => shape,
        (Some(n), Some(shape)) if usize::from(n) == shape.size() => shape,
        (Some(n), Some(shape)) => {
            let (r, c) = (shape.box_rows(), shape.box_cols());
            return Err(Usage(format!(
                "--size {n} --box {r}x{c}: a box of {r}x{c} makes boards {m}x{m}; give --size {m} or another box",
                m = shape.size()
            )));
        }
    };
    if shape == Shape::CLASSIC {
        return Ok(None);
    }
    let classic_only = [
        ("--rating", args.rating.is_some()),
        ("--ep", args.ep.is_some()),
        ("--ed", args.ed.is_some()),
        ("--needs", !args.needs.is_empty()),
        ("--level", args.level.is_some()),
        ("--pattern", args.pattern.is_some()),
        ("--max-clues", args.max_clues.is_some()),
        ("--timeout", args.timeout.is_some()),
    ];
    if let Some((name, _)) = classic_only.iter().find(|(_, given)| *given) {
        return Err(Usage(format!(
            "{name} makes 9x9 puzzles only, and --size/--box ask for {shape}: boards of other \
             sizes are made unique and minimal (or --no-minimal), with --symmetry, not to order"
        )));
    }
    if args.format.is_picture() {
        return Err(Usage(format!(
            "-f {}: pictures are drawn of 9x9 boards only, and --size/--box ask for {shape}; \
             give -f line, grid, pretty or json",
            args.format.name()
        )));
    }
    Ok(Some(shape))
}

/// The book's layout from `--paper`, `--per-page` and `--no-answers`.
pub(super) fn book_of(args: &BookArgs) -> BookLayout {
    BookLayout {
        paper: match args.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        per_page: args.per_page.parse().unwrap_or(4),
        answers: !args.no_answers,
    }
}

/// `-` named more than once: stdin can be read only once.
pub(super) fn stdin_twice(paths: &[PathBuf]) -> Option<String> {
    (paths.iter().filter(|p| p.as_os_str() == "-").count() > 1).then(|| {
        "'-' (stdin) is named more than once, but stdin can be read only once; name it once"
            .to_string()
    })
}

/// A hint when a path is really a command written after an option (`sudoku -j2 check`), which
/// the parser takes for a file name: only when no such file exists.
pub(super) fn misplaced_command(paths: &[PathBuf]) -> Option<String> {
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
pub(super) const THREADS_PER_CORE: usize = 4;

/// The worker threads for `-j` (all cores when not given), at most 4 per core; a note says so
/// when a request is lowered.
pub(super) fn threads(requested: Option<u16>, notes: &mut Vec<String>) -> usize {
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

pub(super) fn generate_action(
    args: GenerateArgs,
    stats: Option<StatsFormat>,
    notes: &mut Vec<String>,
) -> anyhow::Result<Action> {
    let listing = || Listing {
        output: args.run.output.clone(),
        quiet: args.run.quiet,
    };
    if args.list_techniques {
        return Ok(Action::ListTechniques(listing()));
    }
    if args.list_levels {
        return Ok(Action::ListLevels(listing()));
    }
    let mut needs = Vec::new();
    for name in &args.needs {
        match Technique::named(name) {
            Some(technique) => needs.push(technique),
            None => {
                return Err(Usage(format!(
                    "--needs {name:?}: no such technique; sudoku generate --list-techniques shows the names"
                ))
                .into())
            }
        }
    }
    let shape = board_shape(&args)?;
    let pattern = args.pattern.as_deref().map(read_pattern).transpose()?;
    if pattern.is_some() && (args.symmetry != Symmetry::None || args.max_clues.is_some()) {
        return Err(Usage(
            "--pattern fixes where the clues stand: it cannot be combined with --symmetry or --max-clues"
                .into(),
        )
        .into());
    }
    let wanted = Wanted {
        er: args
            .level
            .map(Level::range)
            .or(args.rating)
            .unwrap_or_default(),
        ep: args.ep.unwrap_or_default(),
        ed: args.ed.unwrap_or_default(),
        needs,
        level: args.level,
    };
    if let Some(why) = wanted.impossible() {
        // The request's parts labelled as they were given: by their options.
        let labels = WantedLabels {
            er: "--rating",
            ep: "--ep",
            ed: "--ed",
            needs: "--needs",
            level: "--level",
        };
        return Err(Usage(format!(
            "no puzzle can be what is asked: {}",
            why.describe(&labels)
        ))
        .into());
    }
    let (seed, random_seed) = match args.seed {
        Some(seed) => (seed, false),
        None => (random_seed(), true),
    };
    if args.count == 0 && args.format.is_binary() {
        return Err(Usage(
            "generate -n 0 -f pdf: a PDF needs at least one puzzle (a book of no pages is no PDF); \
             give -n 1 or more"
                .into(),
        )
        .into());
    }
    let options = GenerateOptions {
        symmetry: args.symmetry,
        minimal: !args.no_minimal,
        max_clues: args.max_clues.map(usize::from),
    };
    if let Some(shape) = shape {
        let sized = SizedGenerateOptions {
            symmetry: options.symmetry,
            minimal: options.minimal,
            max_clues: None,
        };
        if let Err(why) = sized.check(shape) {
            return Err(Usage(format!("--symmetry {}: {why}", args.symmetry)).into());
        }
    }
    Ok(Action::Generate {
        run: GenerateRun {
            count: args.count,
            shape,
            seed,
            options,
            wanted,
            pattern,
            attempts: args.attempts,
            timeout: args.timeout,
            format: args.format,
            solution: args.solution,
            book: book_of(&args.book),
            threads: threads(args.run.threads, notes),
            quiet: args.run.quiet,
        },
        random_seed,
        stats,
        output: args.run.output,
    })
}

/// A seed from the operating system's randomness (through the standard library's hasher keys).
pub(super) fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    hasher.finish()
}

/// `transform`'s command: the named maps chained, or random ones from a seed (drawn, and noted
/// for stderr, when none is given).
fn transform_command(args: &TransformArgs, notes: &mut Vec<String>) -> Result<Command, String> {
    let mut map = Transform::IDENTITY;
    let mut named = false;
    if args.transpose {
        map = map.then(Transform::transpose());
        named = true;
    }
    if let Some(axis) = args.mirror {
        map = map.then(Transform::mirror(match axis {
            MirrorArg::Vertical => Mirror::Vertical,
            MirrorArg::Horizontal => Mirror::Horizontal,
        }));
        named = true;
    }
    if let Some(degrees) = &args.rotate {
        let turns = degrees.parse::<u32>().map_err(|e| e.to_string())? / 90;
        map = map.then(Transform::rotate(turns));
        named = true;
    }
    if let Some(digits) = &args.relabel {
        let bad = || {
            format!(
                "--relabel {digits:?}: write the nine digits 1-9 once each, in the order 1, 2, ... become (987654321)"
            )
        };
        let to: [u8; 9] = digits
            .bytes()
            .map(|b| b.wrapping_sub(b'0'))
            .collect::<Vec<u8>>()
            .try_into()
            .map_err(|_| bad())?;
        map = map.then(Transform::relabel(to).ok_or_else(bad)?);
        named = true;
    }
    if named {
        return Ok(Command::Transform(MapChoice::Fixed(map)));
    }
    let seed = args.seed.unwrap_or_else(|| {
        let seed = random_seed();
        if !args.common.run.quiet {
            notes.push(format!("seed {seed} (repeat this run with --seed {seed})"));
        }
        seed
    });
    Ok(Command::Transform(MapChoice::Random { seed }))
}

pub(super) fn solve_options(
    args: SolveArgs,
    book: &mut Option<BookLayout>,
) -> (Command, CommonArgs, Format) {
    *book = Some(book_of(&args.book));
    let unique = args.unique;
    (Command::Solve { unique }, args.common, args.format)
}
