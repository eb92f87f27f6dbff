//! The answers as JSON, with the fields and names of the command line's `-f json` records
//! (doc/guide.md, "JSON records"), so that a program moving between the two reads the same
//! thing. The ES module (index.js) parses them into objects.

use serde::Serialize;
use std::time::Duration;
use sudoku_solver::{
    analyse, cell_name, describe, round_rating, search, Board, CandidateSet, Grid, Level, Puzzle,
    RateError, Rating, Step,
};

use crate::input::line;

/// A candidate: `{"cell": "r4c5", "digit": 3}`, with its index (0..81) for programs.
#[derive(Serialize, Debug, PartialEq)]
pub(crate) struct CandidateRecord {
    cell: String,
    index: usize,
    digit: u8,
}

fn candidate(index: usize, digit: u8) -> CandidateRecord {
    CandidateRecord {
        cell: cell_name(index),
        index,
        digit,
    }
}

/// One step of `explain` or `hint`, as the command line's JSON writes it.
#[derive(Serialize, Debug)]
pub(crate) struct StepRecord {
    technique: String,
    rating: f64,
    placements: Vec<CandidateRecord>,
    eliminations: Vec<CandidateRecord>,
    text: String,
    pattern: Vec<CandidateRecord>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    chains: Vec<String>,
    /// The houses the step works in (`row 3`, `box 7`), for a picture.
    houses: Vec<String>,
}

fn candidates(set: &CandidateSet) -> Vec<CandidateRecord> {
    set.iter().map(|(c, d)| candidate(c, d)).collect()
}

/// What a step removes, as the command line prints it: a placement's own cell loses its
/// other candidates by the placement itself, so those are not listed.
pub(crate) fn removed(step: &Step) -> Vec<(usize, u8)> {
    let placed = step.placement().map(|(c, _)| c);
    step.eliminations()
        .iter()
        .filter(|&(c, _)| Some(c) != placed)
        .collect()
}

pub(crate) fn step_record(step: &Step) -> StepRecord {
    StepRecord {
        technique: step.technique().name().to_string(),
        rating: step.rating(),
        placements: step
            .placement()
            .map(|(c, d)| vec![candidate(c, d)])
            .unwrap_or_default(),
        eliminations: removed(step)
            .into_iter()
            .map(|(c, d)| candidate(c, d))
            .collect(),
        text: describe(step),
        pattern: candidates(step.pattern()),
        chains: step.chains().to_vec(),
        houses: step.houses().iter().map(|h| h.name()).collect(),
    }
}

/// A cell where two solutions differ.
#[derive(Serialize, Debug)]
pub(crate) struct Difference {
    cell: String,
    index: usize,
    first: u8,
    second: u8,
}

/// `check`: none, one or several solutions, and where the first two differ.
#[derive(Serialize, Debug)]
pub(crate) struct Checked {
    status: &'static str,
    solutions: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    differences: Vec<Difference>,
}

pub(crate) fn check(puzzle: &Puzzle) -> Checked {
    let found = puzzle.search(2);
    let (status, solution, differences) = match (found.first(), found.second()) {
        (Some(first), Some(second)) => (
            "not_unique",
            None,
            (0..81)
                .filter(|&i| first[i] != second[i])
                .map(|i| Difference {
                    cell: cell_name(i),
                    index: i,
                    first: first[i],
                    second: second[i],
                })
                .collect(),
        ),
        (Some(first), None) => ("unique", Some(line(&first)), Vec::new()),
        _ => ("no_solution", None, Vec::new()),
    };
    Checked {
        status,
        solutions: found.solutions().min(2),
        solution,
        differences,
    }
}

/// The status of a puzzle that has no rating, as the command line names it.
pub(crate) fn rate_status(error: &RateError) -> &'static str {
    match error {
        RateError::NoSolution => "no_solution",
        RateError::NotUnique => "not_unique",
        RateError::TimedOut => "timeout",
        // A kind the library may add later: its message says what it is.
        _ => "unrated",
    }
}

/// `rate`: the ratings, rounded as printed, the hardest technique, the level and the counts.
#[derive(Serialize, Debug, Default)]
pub(crate) struct Rated {
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    clues: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    er: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ep: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ed: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ep_technique: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ed_technique: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pearl: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    diamond: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    techniques: Option<serde_json::Map<String, serde_json::Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<usize>,
}

/// The hardest technique's name, or `-` when the puzzle needed none (it was solved).
fn hardest(rating: &Rating) -> String {
    rating
        .hardest()
        .map_or_else(|| "-".to_string(), |t| t.name().to_string())
}

/// Whether `grid` has exactly one solution, as a rating error when not.
fn unique(grid: &Grid) -> Result<(), RateError> {
    match search(grid.cells(), 2).solutions() {
        0 => Err(RateError::NoSolution),
        1 => Ok(()),
        _ => Err(RateError::NotUnique),
    }
}

pub(crate) fn rate(grid: &Grid, limit: Option<Duration>) -> Rated {
    let clues = grid.filled();
    let analysed = unique(grid)
        .and_then(|()| analyse(Board::from_grid(grid), limit).map_err(|_| RateError::TimedOut));
    match analysed {
        Err(e) => Rated {
            status: rate_status(&e),
            error: Some(e.to_string()),
            clues,
            ..Rated::default()
        },
        Ok(analysis) => {
            let rating = &analysis.rating;
            Rated {
                status: "rated",
                error: None,
                clues,
                er: Some(round_rating(rating.er())),
                ep: Some(round_rating(rating.ep())),
                ed: Some(round_rating(rating.ed())),
                hardest: Some(hardest(rating)),
                ep_technique: analysis.ep_technique.map(|t| t.name()),
                ed_technique: analysis.ed_technique.map(|t| t.name()),
                pearl: Some(analysis.pearl()),
                diamond: Some(analysis.diamond()),
                techniques: Some(
                    analysis
                        .counts
                        .iter()
                        .map(|(t, n)| (t.name().to_string(), serde_json::Value::from(*n)))
                        .collect(),
                ),
                level: Level::of(rating.er()).map(Level::name),
                steps: Some(rating.steps()),
            }
        }
    }
}

/// `explain`: the solution, the ratings and every step of the rating path.
#[derive(Serialize, Debug, Default)]
pub(crate) struct Explained {
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    er: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ep: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ed: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<String>,
    steps: Vec<StepRecord>,
}

pub(crate) fn explain(grid: &Grid, limit: Option<Duration>) -> Explained {
    match grid.explain(limit) {
        Err(e) => Explained {
            status: rate_status(&e),
            error: Some(e.to_string()),
            ..Explained::default()
        },
        Ok((rating, steps)) => Explained {
            status: "explained",
            error: None,
            solution: grid.solve().map(|s| line(s.cells())),
            er: Some(round_rating(rating.er())),
            ep: Some(round_rating(rating.ep())),
            ed: Some(round_rating(rating.ed())),
            hardest: Some(hardest(&rating)),
            steps: steps.iter().map(step_record).collect(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn check_names_the_cells_where_two_solutions_differ() {
        let mut cells = *EASY.parse::<Grid>().unwrap().cells();
        // Empty the whole first row: several solutions.
        cells[..9].fill(0);
        let checked = check(&Puzzle::from(Grid::from_cells(cells).unwrap()));
        assert_eq!(checked.status, "not_unique");
        assert!(!checked.differences.is_empty());
        for d in &checked.differences {
            assert_ne!(d.first, d.second);
            assert_eq!(cells[d.index], 0, "a given never differs");
        }
    }

    #[test]
    fn rate_of_a_puzzle_with_no_solution_says_so() {
        let mut cells = *EASY.parse::<Grid>().unwrap().cells();
        cells[2] = 5; // a second 5 in row 1
        let rated = rate(&Grid::from_cells(cells).unwrap(), None);
        assert_eq!(rated.status, "no_solution");
        assert!(rated.er.is_none());
    }
}
