//! `generate`: puzzles of a seed's stream, the same ones `sudoku generate --seed S` prints for
//! the same options, made to a level or a rating range when asked, within a time budget.

use serde::{Deserialize, Serialize};
use std::time::Duration;
use sudoku_solver::{
    generate as make, round_rating, with_time_limit, GenerateOptions, Level, Range, Symmetry,
    Wanted, WantedLabels,
};
use web_time::Instant;

use crate::input::line;

/// What the caller asks for (the ES module passes it as JSON).
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(crate) struct Request {
    seed: u64,
    #[serde(default = "one")]
    count: usize,
    level: Option<String>,
    rating: Option<String>,
    symmetry: Option<String>,
    minimal: Option<bool>,
    /// Milliseconds for the whole run.
    time_limit: Option<f64>,
    /// Give up after this many candidates in a row are turned down.
    attempts: Option<u64>,
}

fn one() -> usize {
    1
}

/// The command line's `--attempts` default.
const ATTEMPTS: u64 = 100_000;

/// One puzzle made.
#[derive(Serialize, Debug)]
pub(crate) struct Made {
    /// `seed S #N`, as the command line's source (N from 1).
    source: String,
    /// Its index in the stream (from 0).
    index: u64,
    puzzle: String,
    solution: String,
    clues: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    er: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ep: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ed: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
}

/// The run: the puzzles made, and why it stopped short when it did.
#[derive(Serialize, Debug)]
pub(crate) struct Run {
    seed: u64,
    puzzles: Vec<Made>,
    complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

/// The options and the request of `request`, or what is wrong with it.
fn understood(request: &Request) -> Result<(GenerateOptions, Wanted), String> {
    let mut options = GenerateOptions {
        minimal: request.minimal.unwrap_or(true),
        ..GenerateOptions::default()
    };
    if let Some(name) = &request.symmetry {
        options.symmetry = name
            .parse::<Symmetry>()
            .map_err(|e| format!("symmetry: {e}"))?;
    }
    let mut wanted = Wanted::default();
    if let Some(text) = &request.rating {
        wanted.er = text.parse::<Range>().map_err(|e| format!("rating: {e}"))?;
    }
    if let Some(name) = &request.level {
        if request.rating.is_some() {
            return Err("level: give a level or a rating range, not both".into());
        }
        let level = name.parse::<Level>().map_err(|e| format!("level: {e}"))?;
        wanted.er = level.range();
        wanted.level = Some(level);
    }
    if let Some(why) = wanted.impossible() {
        let names = WantedLabels {
            er: "rating",
            level: "level",
            ..WantedLabels::MEASURES
        };
        return Err(format!(
            "no puzzle can be what is asked: {}",
            why.describe(&names)
        ));
    }
    Ok((options, wanted))
}

/// A time limit in milliseconds as a duration: none for infinity or a limit past the clock.
pub(crate) fn limit_of(ms: Option<f64>) -> Result<Option<Duration>, String> {
    match ms {
        None => Ok(None),
        Some(ms) if ms.is_nan() || ms < 0.0 => Err(format!(
            "timeLimit: expected milliseconds, 0 or more, got {ms}"
        )),
        Some(ms) => Ok(Duration::try_from_secs_f64(ms / 1000.0).ok()),
    }
}

pub(crate) fn generate(request: &Request) -> Result<Run, String> {
    let (options, wanted) = understood(request)?;
    let limit = limit_of(request.time_limit)?;
    let attempts = request.attempts.unwrap_or(ATTEMPTS).max(1);
    let start = Instant::now();
    let left = || limit.map(|l| l.saturating_sub(start.elapsed()));
    let mut puzzles = Vec::with_capacity(request.count.min(1 << 16));
    let mut reason = None;
    let mut turned_down = 0u64;
    let mut index = 0u64;
    while puzzles.len() < request.count {
        if left().is_some_and(|l| l.is_zero()) {
            reason = Some(format!("time limit reached after {index} candidates"));
            break;
        }
        let made = make(request.seed, index, &options);
        let rating = if wanted.is_any() {
            let judged = match left() {
                None => Ok(wanted.judge(&made.puzzle)),
                Some(l) => with_time_limit(l, || wanted.judge(&made.puzzle)),
            };
            match judged {
                Err(_) => {
                    reason = Some(format!(
                        "time limit reached while rating candidate {}",
                        index + 1
                    ));
                    break;
                }
                Ok(None) => {
                    index += 1;
                    turned_down += 1;
                    if turned_down >= attempts {
                        reason = Some(format!(
                            "gave up after {attempts} candidates in a row were turned down"
                        ));
                        break;
                    }
                    continue;
                }
                Ok(Some(rating)) => Some(rating),
            }
        } else {
            None
        };
        turned_down = 0;
        puzzles.push(Made {
            source: format!("seed {} #{}", request.seed, index + 1),
            index,
            puzzle: line(&made.puzzle),
            solution: line(&made.solution),
            clues: made.puzzle.iter().filter(|&&d| d != 0).count(),
            er: rating.as_ref().map(|r| round_rating(r.er())),
            ep: rating.as_ref().map(|r| round_rating(r.ep())),
            ed: rating.as_ref().map(|r| round_rating(r.ed())),
            hardest: rating.as_ref().and_then(|r| r.hardest()).map(|t| t.name()),
            level: rating
                .as_ref()
                .and_then(|r| Level::of(r.er()))
                .map(Level::name),
        });
        index += 1;
    }
    Ok(Run {
        seed: request.seed,
        complete: reason.is_none(),
        puzzles,
        reason,
    })
}

/// Reads a request from its JSON.
pub(crate) fn request_of(json: &str) -> Result<Request, String> {
    serde_json::from_str(json).map_err(|e| format!("generate: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_solver::Grid;

    #[test]
    fn made_to_a_level_are_of_that_level_and_unique() {
        let request = request_of(r#"{"seed": 3, "count": 2, "level": "medium"}"#).unwrap();
        let run = generate(&request).unwrap();
        assert!(run.complete);
        assert_eq!(run.puzzles.len(), 2);
        for made in &run.puzzles {
            let grid: Grid = made.puzzle.parse().unwrap();
            let rating = grid.rate(None).unwrap();
            assert_eq!(Level::of(rating.er()), Some(Level::Medium));
            assert_eq!(grid.solve_unique().unwrap().to_string(), made.solution);
        }
    }

    #[test]
    fn a_request_no_puzzle_meets_is_refused() {
        let request = request_of(r#"{"seed": 3, "rating": "0.1..0.5"}"#).unwrap();
        assert!(generate(&request).is_err());
        assert!(request_of(r#"{"seed": 3, "colour": "red"}"#).is_err());
        assert!(limit_of(Some(-1.0)).is_err());
    }

    #[test]
    fn a_zero_time_limit_stops_before_any_puzzle() {
        let request = request_of(r#"{"seed": 3, "count": 5, "timeLimit": 0}"#).unwrap();
        let run = generate(&request).unwrap();
        assert!(!run.complete && run.puzzles.is_empty());
    }
}
