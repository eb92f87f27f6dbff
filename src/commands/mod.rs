//! What each command does with one unit of input: one small module per command, each turning a
//! puzzle into its answer in an [`Answers`] buffer. The batch runner (`crate::batch`) only reads,
//! schedules, orders and writes; it calls [`answer`] for every unit.

mod canon;
mod check;
mod count;
mod explain;
pub(crate) mod generate;
mod rate;
mod solve;

use std::time::Instant;

use crate::batch::answers::{differences, Answers, Record, Source};
use crate::batch::{Command, Options};
use crate::exit::Exit;
use crate::format::{self, cell_name, Format};
use crate::grid::{Candidates, Grid};
use crate::input::Unit;
use crate::logic::board::bit;
use crate::parse::Puzzle;
use crate::solver::{self, SearchOutcome};

/// Answers one unit: a puzzle goes to its command; malformed, empty or unreadable input gets
/// its slot here, the same way for every command.
pub(crate) fn answer(answers: &mut Answers, options: &Options, unit: Unit) {
    answers.units += 1;
    // Input that is not a puzzle: its source (`PATH:LINE`, or `PATH`), the place of the
    // problem (`PATH:LINE:COL` for a parse error), the position inside the input, what is
    // wrong, the exit code and the JSON status.
    let (source, place, position, what, exit, status) = match unit {
        Unit::Puzzle { path, puzzle } => {
            answers.stats.puzzles += 1;
            let source = Source {
                path: &path,
                line: puzzle.line,
            };
            // `--stats` names the puzzle whose whole answer took longest: the search, and the
            // rating or explanation after it.
            let started = options.timing.then(Instant::now);
            match options.command {
                Command::Solve { unique } => {
                    solve::answer(answers, options, source, &puzzle, unique)
                }
                Command::Check => check::answer(answers, options, source, &puzzle),
                Command::Count { limit } => count::answer(answers, options, source, &puzzle, limit),
                Command::Canon => canon::answer(answers, options, source, &puzzle),
                Command::Rate => rate::answer(answers, options, source, &puzzle),
                Command::Explain => explain::answer(answers, options, source, &puzzle, false),
                Command::Hint => explain::answer(answers, options, source, &puzzle, true),
            }
            if let Some(started) = started {
                let time = started.elapsed();
                let stats = &mut answers.stats;
                if stats.slowest.as_ref().is_none_or(|(_, t)| time > *t) {
                    stats.slowest = Some((source.to_string(), time));
                }
            }
            return;
        }
        Unit::Invalid { path, error } => {
            answers.stats.invalid += 1;
            let position = format!("{}:{}", error.line, error.col);
            (
                format!("{path}:{}", error.line),
                format!("{path}:{position}"),
                Some(position),
                error.kind.to_string(),
                Exit::Malformed,
                "invalid",
            )
        }
        Unit::NoPuzzle { path, reason } => {
            answers.stats.invalid += 1;
            let path = path.to_string();
            (
                path.clone(),
                path,
                None,
                reason.to_string(),
                Exit::Malformed,
                "invalid",
            )
        }
        Unit::Unreadable { path, line, error } => {
            answers.stats.unreadable += 1;
            let (source, what) = match line {
                Some(line) => (
                    format!("{path}:{line}"),
                    format!("cannot read further: {error}"),
                ),
                None => (path.to_string(), format!("cannot read: {error}")),
            };
            (source.clone(), source, None, what, Exit::Io, "unreadable")
        }
    };
    answers.problem(exit, Some(&place), &what);
    if options.quiet {
        return;
    }
    let message = format!("{place}: {what}");
    if options.format == Format::Json {
        let mut record = Record::new(&source, None, status);
        record.error = Some(message);
        answers.record(&record);
    } else if options.command.reports() && status == "invalid" {
        let position = position.map_or(String::new(), |p| format!("{p}: "));
        answers.line(&format!("{source}: invalid: {position}{what}"));
    } else if options.command.reports() {
        answers.line(&message);
    } else {
        answers.comment(false, &message);
    }
}

/// Searches `puzzle` for up to `limit` solutions, counting the search in the stats.
fn search(answers: &mut Answers, puzzle: &Puzzle, limit: u64) -> SearchOutcome {
    let outcome = match &puzzle.candidates {
        Some(candidates) => solver::search_candidates(candidates, limit),
        None => solver::search(puzzle.grid.cells(), limit),
    };
    let stats = &mut answers.stats;
    stats.searched += 1;
    stats.guesses += outcome.guesses;
    stats.max_guesses = stats.max_guesses.max(outcome.guesses);
    outcome
}

/// What a search up to two solutions says about a puzzle.
enum Verdict {
    /// Exactly one solution (or, when only one was looked for, at least one).
    Solved([u8; 81]),
    /// No solution ([`no_solution_reason`] says why, when the words are printed).
    NoSolution,
    /// Two different solutions.
    NotUnique([u8; 81], [u8; 81]),
}

impl Verdict {
    /// The verdict of `outcome`, counted in the stats.
    fn of(answers: &mut Answers, outcome: SearchOutcome) -> Verdict {
        let stats = &mut answers.stats;
        match (outcome.first, outcome.second) {
            (None, _) => {
                stats.no_solution += 1;
                Verdict::NoSolution
            }
            (Some(first), None) => {
                stats.solved += 1;
                Verdict::Solved(first)
            }
            (Some(first), Some(second)) => {
                stats.not_unique += 1;
                Verdict::NotUnique(first, second)
            }
        }
    }

    /// For a puzzle without exactly one solution: its exit code and JSON status.
    fn failure(&self) -> Option<(Exit, &'static str)> {
        match self {
            Verdict::Solved(_) => None,
            Verdict::NoSolution => Some((Exit::NoSolution, "no_solution")),
            Verdict::NotUnique(..) => Some((Exit::NotUnique, "not_unique")),
        }
    }

    /// What is wrong with a puzzle without exactly one solution, in words.
    fn words(&self, puzzle: &Puzzle) -> String {
        match self {
            Verdict::Solved(_) => "unique".to_string(),
            Verdict::NoSolution => no_solution_reason(puzzle),
            Verdict::NotUnique(first, second) => {
                format!("not unique: {}", format::differences(first, second))
            }
        }
    }

    /// The JSON record of the verdict: its status (`unique`, or as in [`Verdict::failure`])
    /// and where two solutions differ.
    fn record<'a>(&self, source: &Source, puzzle: &'a Puzzle) -> Record<'a> {
        let status = self.failure().map_or("unique", |(_, status)| status);
        let mut record = Record::of(source, puzzle, status);
        if let Verdict::NotUnique(first, second) = self {
            record.differences = Some(differences(first, second));
        }
        record
    }

    /// [`Verdict::record`] for a puzzle without exactly one solution, with `what` as the error.
    fn failure_record<'a>(&self, source: &Source, puzzle: &'a Puzzle, what: String) -> Record<'a> {
        let mut record = self.record(source, puzzle);
        record.error = Some(what);
        record
    }
}

/// For pencilmarks with no solution: when the cells with one candidate (`singles`), taken as
/// givens, have exactly one solution, the candidates of that solution the pencilmarks crossed
/// out (`r1c3 4, r5c2 7`, at most six, then how many more). The player's likely mistake; `None`
/// otherwise.
fn crossed_out(singles: &Grid, candidates: &Candidates) -> Option<String> {
    const SHOWN: usize = 6;
    let outcome = solver::search(singles.cells(), 2);
    let solution = match (outcome.first, outcome.second) {
        (Some(first), None) => first,
        _ => return None,
    };
    let masks = candidates.masks();
    let lost: Vec<usize> = (0..81)
        .filter(|&cell| masks[cell] & bit(solution[cell]) == 0)
        .collect();
    let shown: Vec<String> = lost
        .iter()
        .take(SHOWN)
        .map(|&cell| format!("{} {}", cell_name(cell), solution[cell]))
        .collect();
    match lost.len() {
        0 => None,
        n if n <= SHOWN => Some(shown.join(", ")),
        n => Some(format!("{} (and {} more)", shown.join(", "), n - SHOWN)),
    }
}

/// Why a puzzle has no solution: givens that break a rule, a cell without candidates, candidates
/// crossed out by mistake, or none of these (then only the search knows). Looked for only when
/// the words are printed.
fn no_solution_reason(puzzle: &Puzzle) -> String {
    if let Some(cell) = puzzle.candidates.as_ref().and_then(|c| c.empty_cell()) {
        return format!("no solution: {} has no candidate", cell_name(cell));
    }
    match puzzle.grid.conflict() {
        Some(conflict) => format!("no solution: {conflict}"),
        None => match &puzzle.candidates {
            Some(candidates) => match crossed_out(&puzzle.grid, candidates) {
                Some(lost) => format!(
                    "no solution: the pencilmarks cross out {lost}, which the only solution of \
                     the cells with one candidate has there"
                ),
                None => "no solution: no way of filling the grid keeps every cell to its \
                         candidates"
                    .to_string(),
            },
            None => "no solution: the givens break no rule, but no way of filling the grid \
                     obeys them all"
                .to_string(),
        },
    }
}
