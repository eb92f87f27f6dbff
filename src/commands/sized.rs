//! The commands on a board of another size than 9x9 (4x4 to 36x36): `solve`, `check` (with
//! `--minimal`), `count` and `minimize` answer it with the library's engine for every shape; the commands that take only the
//! classic board (the command table's `sizes`) answer it with a refusal that names its size.
//! (`generate --size` makes such boards in `batch::generate`.)

use super::Command;
use crate::outcome::{Outcome, SizedFound};
use sudoku_solver::{search_sized, SizedGrid, SizedSearch};

/// The answer of `command` for the board `grid`.
pub(super) fn outcome(
    grid: &SizedGrid,
    command: Command,
    printed: bool,
    guesses: &mut Option<u64>,
) -> Outcome {
    let spec = command.spec();
    if !spec.sizes {
        return refused(spec.name, grid);
    }
    let mut search = |limit| {
        let found = search_sized(grid, limit);
        *guesses = Some(found.guesses());
        found
    };
    match command {
        Command::Solve { unique } => verdict(
            grid,
            search(if unique { 2 } else { 1 }),
            printed,
            SizedFound::Solved,
        ),
        Command::Check { minimal } => match verdict(grid, search(2), printed, SizedFound::Unique) {
            Outcome::Sized(SizedFound::Unique(_)) if minimal => Outcome::UniqueClues {
                // Unique, as the search just found: there is a list.
                redundant: grid.redundant_givens().unwrap_or_default(),
            },
            other => other,
        },
        Command::Minimize { seed } => match verdict(grid, search(2), printed, SizedFound::Unique) {
            Outcome::Sized(SizedFound::Unique(_)) => match grid.minimize(seed) {
                Some(minimal) => Outcome::Sized(SizedFound::Minimized(minimal)),
                None => Outcome::Refused("minimize: the puzzle is not unique".into()),
            },
            other => other,
        },
        Command::Count { limit } => {
            let solutions = search(limit).solutions();
            Outcome::Counted {
                solutions,
                complete: solutions < limit,
                reason: if solutions == 0 && printed {
                    no_solution_reason(grid)
                } else {
                    String::new()
                },
            }
        }
        _ => refused(spec.name, grid),
    }
}

/// The refusal of a command that takes the classic board only.
fn refused(name: &str, grid: &SizedGrid) -> Outcome {
    let takers = super::names_where(|c| c.sizes && c.name != "generate");
    Outcome::Refused(
        format!(
            "{name} takes 9x9 boards only, and this puzzle is {}; {takers} take every size",
            grid.shape()
        )
        .into(),
    )
}

/// What a search says: `solved` with the solution when there is one (the only one, when the
/// search looked for two), else no solution (why, when `printed`) or two solutions.
fn verdict(
    grid: &SizedGrid,
    found: SizedSearch,
    printed: bool,
    solved: fn(SizedGrid) -> SizedFound,
) -> Outcome {
    match (found.first(), found.second()) {
        (None, _) => Outcome::NoSolution(if printed {
            no_solution_reason(grid)
        } else {
            String::new()
        }),
        (Some(first), None) => Outcome::Sized(solved(first.clone())),
        (Some(first), Some(second)) => Outcome::Sized(SizedFound::NotUnique(Box::new((
            first.clone(),
            second.clone(),
        )))),
    }
}

/// Why a board has no solution: the rule its givens break, or that no filling obeys them all.
fn no_solution_reason(grid: &SizedGrid) -> String {
    match grid.conflict() {
        Some(conflict) => format!("no solution: {conflict}"),
        None => "no solution: the givens break no rule, but no way of filling the grid obeys \
                 them all"
            .to_string(),
    }
}
