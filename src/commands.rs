//! The commands, and what each computes for one unit of input: an [`Answer`], nothing printed.
//! The runner (`crate::batch`) reads, schedules and writes; the output layer (`crate::output`)
//! renders; this is the work in between. (`generate` reads no input: its answers come from the
//! generator, in `batch::generate`.)

mod sized;
mod table;

pub use table::{names_where, CommandSpec, Logic, CHUNK, TABLE};

use crate::input::Unit;
use crate::outcome::{Answer, Outcome, Source};
use sudoku_solver::mask::bit;
use sudoku_solver::{
    analyse, cell_name, next_step, walk, with_time_limit, Board, Candidates, Grid, Puzzle,
    SearchOutcome, TimedOut, Transform,
};

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Print a solution. With `unique`, a puzzle with several solutions is a failure.
    Solve {
        /// Require exactly one solution.
        unique: bool,
    },
    /// Say whether each puzzle has no solution, exactly one, or several; with `minimal`, also
    /// whether a puzzle with one is minimal, and which clues can go.
    Check {
        /// Also judge minimality.
        minimal: bool,
    },
    /// Remove clues from each puzzle until none can go without a second solution.
    Minimize {
        /// The seed of the order the clues are tried in (none: row-major order).
        seed: Option<u64>,
    },
    /// Count the solutions of each puzzle, up to `limit`.
    Count {
        /// Stop counting at this many.
        limit: u64,
    },
    /// Print the canonical (minlex) form of each puzzle.
    Canon,
    /// Print each puzzle as an equivalent one.
    Transform(MapChoice),
    /// Rate each puzzle on Sudoku Explainer's scale (ER/EP/ED).
    Rate,
    /// Print each puzzle's logical solution, step by step.
    Explain,
    /// Print the next logical step of each grid as it stands.
    Hint,
    /// Make puzzles (it reads none: its answers come from the generator, `batch::generate`).
    Generate,
}

/// Answers one unit for `command`. `printed` says whether the answer will be printed (not
/// `-q`): the reason a puzzle has no solution is looked for only then, and `rate`, `explain` and `hint` do no logic
/// without it (a quiet run needs only the verdict), unless under a time limit (whether the
/// logic is done in time is the exit code's, quiet or not). `count`, `rate`, `explain` and `hint` give
/// up on a puzzle after `limit` (its answer is then [`Outcome::TimedOut`]).
pub(crate) fn answer(
    unit: Unit,
    command: Command,
    printed: bool,
    limit: Option<std::time::Duration>,
) -> Answer {
    let (path, puzzle) = match unit {
        Unit::Puzzle { path, puzzle } => (path, puzzle),
        Unit::Invalid { path, error } => {
            return input_problem(path, error.line, Outcome::Invalid(error));
        }
        Unit::NoPuzzle { path, reason } => {
            return input_problem(path, 0, Outcome::NoPuzzle(reason))
        }
        Unit::Note { .. } => unreachable!("the runner writes notes, it does not answer them"),
        Unit::Unreadable { path, line, error } => {
            return input_problem(path, line.unwrap_or(0), Outcome::Unreadable { line, error });
        }
    };
    let source = Source {
        path,
        line: puzzle.line(),
    };
    let mut guesses = None;
    let mut work = |timed| match puzzle.sized() {
        Some((grid, _)) => sized::outcome(grid, command, printed, &mut guesses),
        None => outcome(&puzzle, command, timed, printed, &mut guesses),
    };
    let outcome = match limit.filter(|_| command.spec().time_limit) {
        None => work(false),
        Some(limit) => with_time_limit(limit, || work(true)).unwrap_or(Outcome::TimedOut(limit)),
    };
    Answer {
        source,
        puzzle: Some(puzzle),
        outcome,
        guesses,
        ordinal: 0,
        time: None,
        key: None,
    }
}

/// The solution an answer key shows for `answer`'s grid: the one its command found, or else the
/// grid's only solution (a canonical, minimized or transformed puzzle is solved here); none
/// when the grid has no single solution or the answer has no grid.
pub fn key_solution(answer: &Answer) -> Option<[u8; 81]> {
    let found = match &answer.outcome {
        Outcome::Solved(solution) | Outcome::Unique(solution) => return Some(*solution),
        Outcome::Generated { solution, .. } => return *solution,
        Outcome::Canonical(cells) | Outcome::Minimized(cells) => sudoku_solver::search(cells, 2),
        Outcome::Transformed {
            cells,
            candidates: None,
        } => sudoku_solver::search(cells, 2),
        Outcome::Transformed {
            candidates: Some(candidates),
            ..
        } => sudoku_solver::search_candidates(candidates, 2),
        _ => return None,
    };
    (found.solutions() == 1).then_some(found.first()).flatten()
}

/// What `command` finds for `puzzle`, noting the search's guesses; `timed` when it runs under a
/// time limit.
fn outcome(
    puzzle: &Puzzle,
    command: Command,
    timed: bool,
    printed: bool,
    guesses: &mut Option<u64>,
) -> Outcome {
    match command {
        Command::Solve { unique } => {
            let found = search(puzzle, if unique { 2 } else { 1 }, guesses);
            verdict(puzzle, found, printed, Outcome::Solved)
        }
        Command::Check { minimal } => {
            let found = search(puzzle, 2, guesses);
            match verdict(puzzle, found, printed, Outcome::Unique) {
                Outcome::Unique(_) if minimal && puzzle.candidates().is_some() => Outcome::Refused(
                    "check --minimal reads givens, not pencilmarks: this puzzle is a pencilmark \
                     grid (check without --minimal reads it)"
                        .into(),
                ),
                Outcome::Unique(_) if minimal => Outcome::UniqueClues {
                    // Unique, as the search just found: there is a list.
                    redundant: puzzle.grid().redundant_givens().unwrap_or_default(),
                },
                other => other,
            }
        }
        Command::Minimize { seed } => match puzzle.candidates() {
            Some(_) => Outcome::Refused(
                "minimize reads givens, not pencilmarks: this puzzle is a pencilmark grid".into(),
            ),
            None => {
                let found = search(puzzle, 2, guesses);
                match verdict(puzzle, found, printed, Outcome::Unique) {
                    Outcome::Unique(_) => match puzzle.grid().minimize(seed) {
                        Some(minimal) => Outcome::Minimized(*minimal.cells()),
                        None => Outcome::Refused("minimize: the puzzle is not unique".into()),
                    },
                    other => other,
                }
            }
        },
        Command::Count { limit } => {
            let found = search(puzzle, limit, guesses);
            let solutions = found.solutions();
            Outcome::Counted {
                solutions,
                // A search that stopped at the limit does not know whether there are more.
                complete: solutions < limit,
                reason: if solutions == 0 && printed {
                    no_solution_reason(puzzle)
                } else {
                    String::new()
                },
            }
        }
        Command::Canon => match puzzle.candidates() {
            // The canonical form is defined for givens; candidates have no such form here.
            Some(_) => Outcome::Refused(
                "canon reads givens, not pencilmarks: this puzzle is a pencilmark grid \
                 (solve, check and count read pencilmarks)"
                    .into(),
            ),
            None if printed => Outcome::Canonical(sudoku_solver::canonical(puzzle.grid().cells())),
            None => Outcome::Canonical(*puzzle.grid().cells()),
        },
        Command::Transform(choice) => {
            let map = choice.map(puzzle.line(), &puzzle.to_line());
            Outcome::Transformed {
                cells: map.apply(puzzle.grid().cells()),
                candidates: puzzle
                    .candidates()
                    .as_ref()
                    .map(|c| Box::new(map.apply_candidates(c))),
            }
        }
        Command::Rate | Command::Explain | Command::Hint => {
            let found = search(puzzle, 2, guesses);
            match verdict(puzzle, found, printed, Outcome::Unique) {
                // Quiet, only the verdict is needed; but under a time limit the logic runs all
                // the same, so that `-q` gives the exit code (6 when it runs out) it would not.
                Outcome::Unique(_) if printed || timed => logic_answer(puzzle, command),
                other => other,
            }
        }
        // The runner never hands `generate` a unit of input; were one given, it is refused.
        Command::Generate => Outcome::Refused("generate makes puzzles and reads none".into()),
    }
}

/// The answer of an input that is no puzzle.
fn input_problem(path: std::sync::Arc<str>, line: usize, outcome: Outcome) -> Answer {
    Answer {
        source: Source { path, line },
        puzzle: None,
        outcome,
        guesses: None,
        ordinal: 0,
        time: None,
        key: None,
    }
}

/// Searches `puzzle` for up to `limit` solutions, noting the search's guesses.
fn search(puzzle: &Puzzle, limit: u64, guesses: &mut Option<u64>) -> SearchOutcome {
    let found = puzzle.search(limit);
    *guesses = Some(found.guesses());
    found
}

/// What a search says: `solved` with the solution when there is one (the only one, when the
/// search looked for two), else no solution (why, when `printed`) or two solutions.
fn verdict(
    puzzle: &Puzzle,
    found: SearchOutcome,
    printed: bool,
    solved: fn([u8; 81]) -> Outcome,
) -> Outcome {
    match (found.first(), found.second()) {
        (None, _) => Outcome::NoSolution(if printed {
            no_solution_reason(puzzle)
        } else {
            String::new()
        }),
        (Some(first), None) => solved(first),
        (Some(first), Some(second)) => Outcome::NotUnique(first, second),
    }
}

/// `rate`, `explain` or `hint` of a puzzle with exactly one solution.
fn logic_answer(puzzle: &Puzzle, command: Command) -> Outcome {
    let mut board = match &puzzle.candidates() {
        Some(candidates) => Board::from_candidates(candidates),
        None => Board::from_grid(&puzzle.grid()),
    };
    if board.is_solved() {
        return Outcome::AlreadySolved {
            rating: unlimited(walk(&mut board.clone(), None, |_, _| {})),
            grid: *board.values(),
        };
    }
    match command {
        Command::Rate => Outcome::Rated(Box::new(unlimited(analyse(board, None)))),
        Command::Hint => match unlimited(next_step(&board, None)) {
            Some(step) => Outcome::Hint(Box::new(step)),
            None => Outcome::Stuck,
        },
        _ => {
            let mut steps = Vec::new();
            let rating = unlimited(walk(&mut board, None, |_, step| steps.push(step.clone())));
            Outcome::Explained {
                rating,
                steps,
                end: *board.values(),
                solved: board.is_solved(),
            }
        }
    }
}

/// The answer of a logic call given no limit of its own: it runs under the thread's time limit
/// ([`with_time_limit`] around the whole answer), and on its own never times out.
fn unlimited<T>(answer: Result<T, TimedOut>) -> T {
    match answer {
        Ok(answer) => answer,
        Err(TimedOut) => unreachable!("a logic call without a limit does not time out"),
    }
}

/// For pencilmarks with no solution: when the cells with one candidate (`singles`), taken as
/// givens, have exactly one solution, the candidates of that solution the pencilmarks crossed
/// out (`r1c3 4, r5c2 7`, at most six, then how many more). The player's likely mistake; `None`
/// otherwise.
fn crossed_out(singles: &Grid, candidates: &Candidates) -> Option<String> {
    const SHOWN: usize = 6;
    let outcome = sudoku_solver::search(singles.cells(), 2);
    let solution = match (outcome.first(), outcome.second()) {
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
/// crossed out by mistake, or none of these (then only the search knows).
fn no_solution_reason(puzzle: &Puzzle) -> String {
    if let Some(cell) = puzzle.candidates().as_ref().and_then(|c| c.empty_cell()) {
        return format!("no solution: {} has no candidate", cell_name(cell));
    }
    match puzzle.grid().conflict() {
        Some(conflict) => format!("no solution: {conflict}"),
        None => match &puzzle.candidates() {
            Some(candidates) => match crossed_out(&puzzle.grid(), candidates) {
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

/// Which map `sudoku transform` applies to each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapChoice {
    /// The same map for every puzzle (named maps, chained).
    Fixed(Transform),
    /// A map drawn for each puzzle from the seed and the puzzle ([`Transform::random`], stream
    /// `seed`, number [`MapChoice::index`] of the puzzle).
    Random {
        /// The seed.
        seed: u64,
    },
}

impl MapChoice {
    /// The stream number a random map is drawn from for a puzzle read at `line` whose text is
    /// `text` (FNV-1a of both), so the map is the same at any number of threads and on every
    /// run, and differs from puzzle to puzzle.
    pub fn index(line: usize, text: &str) -> u64 {
        let mut hash: u64 = 0xCBF2_9CE4_8422_2325;
        for byte in (line as u64).to_le_bytes().iter().chain(text.as_bytes()) {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0100_0000_01B3);
        }
        hash
    }

    /// The map for a puzzle read at `line` whose text is `text`.
    pub fn map(self, line: usize, text: &str) -> Transform {
        match self {
            MapChoice::Fixed(map) => map,
            MapChoice::Random { seed } => Transform::random(seed, MapChoice::index(line, text)),
        }
    }
}
