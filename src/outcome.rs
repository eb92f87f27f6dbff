//! What a command finds for one piece of input, before anything is printed: an [`Answer`] holds
//! where the input came from, the puzzle (when there is one) and the [`Outcome`]. The output
//! layer (`crate::output`) turns answers into text, JSON and the other formats; the runner counts
//! them and derives the exit code. Nothing here prints.

use std::sync::Arc;

use sudoku_solver::{Analysis, Rating, SizedGrid, Step};
use sudoku_solver::{ParseError, Puzzle};

/// Where an answer's input came from: `PATH:LINE`, or just `PATH` when the line is 0 (a puzzle
/// given as an argument, `arg 2`, or a generated one, `seed 7 #3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The input's display name.
    pub path: Arc<str>,
    /// The line (1-based) where the puzzle or the problem starts; 0 for none.
    pub line: usize,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            0 => f.write_str(&self.path),
            line => write!(f, "{}:{line}", self.path),
        }
    }
}

/// What a command found for one puzzle, or what was wrong with a piece of input.
#[derive(Debug)]
pub enum Outcome {
    /// `solve`: a solution (the only one, when uniqueness was asked for).
    Solved([u8; 81]),
    /// `check`, and `rate`/`explain`/`hint` under `-q`: exactly one solution.
    Unique([u8; 81]),
    /// No solution, and why in words (empty when nothing is printed).
    NoSolution(String),
    /// Two different solutions, where one was required.
    NotUnique([u8; 81], [u8; 81]),
    /// `count`: the solutions found, and whether the count is complete (not cut by the limit);
    /// for none, why in words (empty when nothing is printed).
    Counted {
        /// Solutions found.
        solutions: u64,
        /// The search ended below the limit, so the count is exact.
        complete: bool,
        /// Why there is none, when there is none.
        reason: String,
    },
    /// `canon`: the canonical form.
    Canonical([u8; 81]),
    /// `rate`: the ratings, and what the path is made of.
    Rated(Box<Analysis>),
    /// `check --minimal`: exactly one solution, and the clues that can go, each alone, keeping
    /// it (none: the puzzle is minimal).
    UniqueClues {
        /// The redundant clues' cells (0..81), in order.
        redundant: Vec<usize>,
    },
    /// `minimize`: the puzzle with every clue removed that could go (one solution, minimal).
    Minimized([u8; 81]),
    /// `transform`: the equivalent puzzle, with its candidates for a pencilmark grid.
    Transformed {
        /// The givens (a pencilmark grid's cells with one candidate).
        cells: [u8; 81],
        /// The candidates, for a pencilmark grid.
        candidates: Option<Box<sudoku_solver::Candidates>>,
    },
    /// `explain`: the ratings, the steps, and the grid where the path ended (`solved`, or where
    /// no technique applied).
    Explained {
        /// The ratings of the path.
        rating: Rating,
        /// Every step, in order.
        steps: Vec<Step>,
        /// The grid at the end of the path.
        end: [u8; 81],
        /// Whether the path solved the puzzle.
        solved: bool,
    },
    /// `hint`: the next step.
    Hint(Box<Step>),
    /// `rate`, `explain`, `hint`: a grid with no empty cell, so no step to take.
    AlreadySolved {
        /// The ratings of an empty path (all 0.0).
        rating: Rating,
        /// The grid.
        grid: [u8; 81],
    },
    /// `hint`: no technique up to nested forcing chains applies.
    Stuck,
    /// `generate`: a puzzle made, rated when it was made to order.
    Generated {
        /// Its rating, when it was made to order.
        rating: Option<Rating>,
        /// Its solution, when asked for (`generate --solution`).
        solution: Option<[u8; 81]>,
    },
    /// `solve`, `check` and `generate` on a board of another size than 9x9 (its puzzle is the
    /// answer's [`Puzzle::sized`]); `count` and a board with no solution answer as for 9x9
    /// ([`Outcome::Counted`], [`Outcome::NoSolution`]).
    Sized(SizedFound),
    /// `count`, `rate`, `explain`, `hint`: no answer within the time limit (`--time-limit`).
    TimedOut(std::time::Duration),
    /// A command that does not take this kind of puzzle (`canon` reads givens, not
    /// pencilmarks), and why.
    Refused(std::borrow::Cow<'static, str>),
    /// Malformed input where a puzzle was expected.
    Invalid(ParseError),
    /// An input that holds no puzzle at all, and why.
    NoPuzzle(String),
    /// An input that cannot be read (or stopped being readable at `line`).
    Unreadable {
        /// The last line read before the error, if reading had started.
        line: Option<usize>,
        /// The system's reason.
        error: std::io::Error,
    },
}

/// What `solve`, `check` and `generate` found for a board of another size.
#[derive(Debug)]
pub enum SizedFound {
    /// `solve`: a solution (the only one, when uniqueness was asked for).
    Solved(SizedGrid),
    /// `check`: exactly one solution.
    Unique(SizedGrid),
    /// Two different solutions, where one was required.
    NotUnique(Box<(SizedGrid, SizedGrid)>),
    /// `generate --size`: a puzzle made (the answer's puzzle), with its solution when asked for.
    Generated(Option<SizedGrid>),
    /// `minimize`: the puzzle with every clue removed that could go.
    Minimized(SizedGrid),
}

/// The answer to one unit of input.
#[derive(Debug)]
pub struct Answer {
    /// Where it came from.
    pub source: Source,
    /// The puzzle, when the input was one.
    pub puzzle: Option<Puzzle>,
    /// What was found.
    pub outcome: Outcome,
    /// Guesses the backtracking search made, when one ran.
    pub guesses: Option<u64>,
    /// The answer's place in the run, from 1 in input order (every unit counts, a malformed
    /// one too); 0 when not numbered.
    pub ordinal: u64,
    /// How long the answer took, when the run timed it.
    pub time: Option<std::time::Duration>,
    /// The solution a picture's answer key shows (a PDF book's), found before rendering when
    /// the format needs one (`output::Settings::answer_key`); none otherwise, or when the
    /// puzzle has no single solution.
    pub key: Option<[u8; 81]>,
}

/// The `status` of a JSON record: what happened to the puzzle, in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Solved (`solve`), or already solved (`rate`, `explain`, `hint`).
    Solved,
    /// Exactly one solution (`check`, `count`, `generate`).
    Unique,
    /// No solution.
    NoSolution,
    /// More than one solution.
    NotUnique,
    /// `count` reached its limit with one solution found: more may exist.
    Limit,
    /// `canon`: the canonical form.
    Canonical,
    /// `transform`: the equivalent puzzle.
    Transformed,
    /// `rate`: rated.
    Rated,
    /// `explain`: the path solves the puzzle.
    Explained,
    /// `explain`, `hint`: no technique applies any more.
    Stuck,
    /// `hint`: the next step.
    Hint,
    /// No answer within the time limit.
    Timeout,
    /// Malformed input, or a puzzle the command does not take.
    Invalid,
    /// Input that cannot be read.
    Unreadable,
}

impl Status {
    /// Every status, for the schema test.
    pub const ALL: [Status; 14] = [
        Status::Solved,
        Status::Unique,
        Status::NoSolution,
        Status::NotUnique,
        Status::Limit,
        Status::Canonical,
        Status::Transformed,
        Status::Rated,
        Status::Explained,
        Status::Stuck,
        Status::Hint,
        Status::Timeout,
        Status::Invalid,
        Status::Unreadable,
    ];
}

impl Outcome {
    /// The status a JSON record gives this outcome.
    pub fn status(&self) -> Status {
        match self {
            Outcome::Solved(_)
            | Outcome::AlreadySolved { .. }
            | Outcome::Sized(SizedFound::Solved(_)) => Status::Solved,
            Outcome::Sized(
                SizedFound::Unique(_) | SizedFound::Generated(_) | SizedFound::Minimized(_),
            ) => Status::Unique,
            Outcome::Sized(SizedFound::NotUnique(_)) => Status::NotUnique,
            Outcome::Unique(_)
            | Outcome::Generated { .. }
            | Outcome::UniqueClues { .. }
            | Outcome::Minimized(_) => Status::Unique,
            Outcome::NoSolution(_) => Status::NoSolution,
            Outcome::NotUnique(..) => Status::NotUnique,
            Outcome::Counted {
                solutions,
                complete,
                ..
            } => match (solutions, complete) {
                (0, _) => Status::NoSolution,
                (1, true) => Status::Unique,
                (1, false) => Status::Limit,
                _ => Status::NotUnique,
            },
            Outcome::Canonical(_) => Status::Canonical,
            Outcome::Transformed { .. } => Status::Transformed,
            Outcome::Rated(_) => Status::Rated,
            Outcome::Explained { solved: true, .. } => Status::Explained,
            Outcome::Explained { solved: false, .. } | Outcome::Stuck => Status::Stuck,
            Outcome::Hint(_) => Status::Hint,
            Outcome::TimedOut(_) => Status::Timeout,
            Outcome::Refused(_) | Outcome::Invalid(_) | Outcome::NoPuzzle(_) => Status::Invalid,
            Outcome::Unreadable { .. } => Status::Unreadable,
        }
    }

    /// Whether the outcome is an input problem (the input gave no puzzle to answer, or one the
    /// command does not take), not something the command found.
    pub fn is_input_problem(&self) -> bool {
        matches!(
            self,
            Outcome::Invalid(_)
                | Outcome::NoPuzzle(_)
                | Outcome::Unreadable { .. }
                | Outcome::Refused(_)
        )
    }

    /// What the outcome means for the exit code (see `crate::exit`).
    pub fn exit(&self) -> crate::exit::Exit {
        use crate::exit::Exit;
        match self {
            Outcome::NoSolution(_) => Exit::NoSolution,
            Outcome::NotUnique(..) | Outcome::Sized(SizedFound::NotUnique(_)) => Exit::NotUnique,
            Outcome::Refused(_) | Outcome::Invalid(_) | Outcome::NoPuzzle(_) => Exit::Malformed,
            Outcome::Unreadable { .. } => Exit::Io,
            Outcome::TimedOut(_) => Exit::TimedOut,
            _ => Exit::Success,
        }
    }
}
