//! JSON Lines: one record per answer. The fields, and which statuses carry which, are listed
//! once, in `doc/guide.md` ("JSON records"); `tests/formats/schema.rs` holds every record of every
//! command to that table.

use serde::Serialize;

use super::input_problem;
use super::text::{cell, cell_of, failure, hardest, line_string, timed_out, STUCK};
use super::{Page, Problem, Renderer, Settings};
use crate::commands::Logic;
use crate::outcome::{Answer, Outcome, SizedFound, Status};
use sudoku_solver::Level;
use sudoku_solver::{describe, round_rating, Analysis, CandidateSet, Rating, SizedGrid, Step};

/// One JSON Lines record.
#[derive(Serialize)]
pub(crate) struct JsonRecord<'a> {
    source: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    differences: Option<Vec<Difference>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical: Option<String>,
    /// `check --minimal`: whether no clue can go.
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal: Option<bool>,
    /// `check --minimal`: the clues that can go, each alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    redundant: Option<Vec<String>>,
    /// `transform`: the equivalent puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    transformed: Option<String>,
    /// `minimize`: the minimal puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    minimized: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clues: Option<usize>,
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
    /// `rate`: steps per technique, easiest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    techniques: Option<Counts>,
    /// `rate`: Sudoku Explainer's level of the ER, when it lies in a band.
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
    /// `rate`: how many steps; `explain` and `hint`: the steps themselves.
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Steps>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// A record's `steps`: a count (`rate`) or the steps (`explain`, `hint`).
#[derive(Serialize)]
#[serde(untagged)]
enum Steps {
    Count(usize),
    List(Vec<StepRecord>),
}

/// Steps per technique, written as a JSON object in the order given (easiest first).
struct Counts(Vec<(&'static str, usize)>);

impl Serialize for Counts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, n) in &self.0 {
            map.serialize_entry(name, n)?;
        }
        map.end()
    }
}

/// A step of `explain` or `hint`. The first four fields are the documented contract.
#[derive(Serialize)]
struct StepRecord {
    technique: String,
    rating: f64,
    placements: Vec<CandidateRecord>,
    eliminations: Vec<CandidateRecord>,
    /// The step in words.
    text: String,
    /// The candidates that prove it.
    pattern: Vec<CandidateRecord>,
    /// For chains, each chain written out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    chains: Vec<String>,
}

/// A candidate: `{"cell": "r4c5", "digit": 3}`.
#[derive(Serialize)]
struct CandidateRecord {
    cell: String,
    digit: u8,
}

/// A cell where two solutions differ.
#[derive(Serialize)]
struct Difference {
    cell: String,
    first: u8,
    second: u8,
}

impl<'a> JsonRecord<'a> {
    /// The record of `answer` with its source, label, puzzle and status, nothing else yet.
    fn of(answer: &'a Answer) -> Self {
        JsonRecord {
            source: answer.source.to_string(),
            label: answer.puzzle.as_ref().and_then(|p| p.label()),
            puzzle: answer.puzzle.as_ref().map(|p| p.to_line()),
            status: answer.outcome.status(),
            solution: None,
            solutions: None,
            complete: None,
            differences: None,
            canonical: None,
            minimal: None,
            redundant: None,
            minimized: None,
            transformed: None,
            clues: None,
            er: None,
            ep: None,
            ed: None,
            hardest: None,
            ep_technique: None,
            ed_technique: None,
            pearl: None,
            diamond: None,
            techniques: None,
            level: None,
            steps: None,
            error: None,
        }
    }

    /// Sets `er`, `ep` and `ed` from a rating, rounded as printed.
    fn set_ratings(&mut self, rating: &Rating) {
        self.er = Some(round_rating(rating.er()));
        self.ep = Some(round_rating(rating.ep()));
        self.ed = Some(round_rating(rating.ed()));
    }
}

fn candidates(set: &CandidateSet) -> Vec<CandidateRecord> {
    set.iter()
        .map(|(c, digit)| CandidateRecord {
            cell: cell(c),
            digit,
        })
        .collect()
}

/// What a step removes, as printed: a placement's own cell loses its other candidates by the
/// placement itself, so those are not listed.
fn removed(step: &Step) -> CandidateSet {
    let mut set = *step.eliminations();
    if let Some((c, _)) = step.placement() {
        for cells in &mut set.0 {
            *cells &= !(1u128 << c);
        }
    }
    set
}

fn step_record(step: &Step) -> StepRecord {
    StepRecord {
        technique: step.technique().name().to_string(),
        rating: step.rating(),
        placements: step
            .placement()
            .map(|(c, digit)| {
                vec![CandidateRecord {
                    cell: cell(c),
                    digit,
                }]
            })
            .unwrap_or_default(),
        eliminations: candidates(&removed(step)),
        text: describe(step),
        pattern: candidates(step.pattern()),
        chains: step.chains().to_vec(),
    }
}

/// The cells where two solutions differ, for a record.
fn differences(first: &[u8; 81], second: &[u8; 81]) -> Vec<Difference> {
    (0..81)
        .filter(|&i| first[i] != second[i])
        .map(|i| Difference {
            cell: cell(i),
            first: first[i],
            second: second[i],
        })
        .collect()
}

/// The cells where two boards of another size differ, for a record (digits as numbers).
fn sized_differences(first: &SizedGrid, second: &SizedGrid) -> Vec<Difference> {
    let shape = first.shape();
    (0..shape.cells())
        .filter(|&i| first.cells()[i] != second.cells()[i])
        .map(|i| Difference {
            cell: shape.cell_name(i),
            first: first.cells()[i],
            second: second.cells()[i],
        })
        .collect()
}

/// A board of another size as one line in its puzzle's notation.
fn sized_line(answer: &Answer, grid: &SizedGrid) -> Option<String> {
    let sized = answer.puzzle.as_ref().and_then(|p| p.sized());
    sized.map(|(_, notation)| notation.line(grid))
}

/// Renders one answer as a JSON Lines record.
/// `-f json`: a record per answer, one a line.
pub(crate) struct JsonRenderer {
    settings: Settings<'static>,
}

impl JsonRenderer {
    pub(crate) fn new(settings: Settings) -> JsonRenderer {
        JsonRenderer {
            settings: settings.without_template(),
        }
    }
}

impl Renderer for JsonRenderer {
    fn render(&self, answer: &Answer, page: &mut Page) -> Result<(), Problem> {
        render(answer, &self.settings, page);
        Ok(())
    }
}

fn render(answer: &Answer, settings: &Settings, page: &mut Page) {
    let record = record(answer, settings);
    page.begin(false);
    serde_json::to_writer(&mut page.out, &record).expect("records serialize");
    page.out.push(b'\n');
}

impl JsonRecord<'_> {
    /// `rate`'s fields: the ratings, the level, the techniques and what the path is made of.
    fn set_analysis(&mut self, analysis: &Analysis, answer: &Answer) {
        let record = self;
        let rating = &analysis.rating;
        record.set_ratings(rating);
        record.hardest = Some(hardest(rating));
        record.level = Level::of(rating.er()).map(Level::name);
        record.steps = Some(Steps::Count(rating.steps()));
        record.clues = answer.puzzle.as_ref().map(|p| p.grid().filled());
        record.ep_technique = analysis.ep_technique.map(|t| t.name());
        record.ed_technique = analysis.ed_technique.map(|t| t.name());
        record.pearl = Some(analysis.pearl());
        record.diamond = Some(analysis.diamond());
        let counts = analysis.counts.iter().map(|(t, n)| (t.name(), *n));
        record.techniques = Some(Counts(counts.collect()));
    }
}

/// The record of one answer.
pub(super) fn record<'a>(answer: &'a Answer, settings: &Settings) -> JsonRecord<'a> {
    let mut record = JsonRecord::of(answer);
    if let Some(input) = input_problem(answer) {
        record.error = Some(input.message());
        return record;
    }
    match &answer.outcome {
        // Written above, from the one list of input problems.
        Outcome::Invalid(_)
        | Outcome::NoPuzzle(_)
        | Outcome::Unreadable { .. }
        | Outcome::Refused(_) => {}
        Outcome::Solved(solution) => record.solution = Some(line_string(solution)),
        Outcome::Unique(_)
        | Outcome::NoSolution(_)
        | Outcome::NotUnique(..)
        | Outcome::Sized(SizedFound::Unique(_) | SizedFound::NotUnique(_)) => {
            match &answer.outcome {
                Outcome::NotUnique(first, second) => {
                    record.differences = Some(differences(first, second));
                }
                Outcome::Sized(SizedFound::NotUnique(pair)) => {
                    record.differences = Some(sized_differences(&pair.0, &pair.1));
                }
                _ => {}
            }
            let status = answer.outcome.status();
            if settings.counts {
                record.solutions = Some(match status {
                    Status::Unique => 1,
                    Status::NoSolution => 0,
                    _ => 2,
                });
                record.complete = Some(status != Status::NotUnique);
            } else {
                record.error = Some(failure(answer));
            }
        }
        Outcome::Sized(SizedFound::Solved(solution)) => {
            record.solution = sized_line(answer, solution);
        }
        Outcome::Sized(SizedFound::Generated(solution)) => {
            let sized = answer.puzzle.as_ref().and_then(|p| p.sized());
            record.clues = sized.map(|(grid, _)| grid.filled());
            record.solution = solution.as_ref().and_then(|s| sized_line(answer, s));
        }
        Outcome::Counted {
            solutions,
            complete,
            reason,
        } => {
            record.solutions = Some(*solutions);
            record.complete = Some(*complete);
            if *solutions == 0 {
                record.error = Some(reason.clone());
            }
        }
        Outcome::Canonical(form) => record.canonical = Some(line_string(form)),
        Outcome::UniqueClues { redundant } => {
            record.solutions = Some(1);
            record.complete = Some(true);
            record.minimal = Some(redundant.is_empty());
            record.redundant = Some(redundant.iter().map(|&c| cell_of(answer, c)).collect());
        }
        Outcome::Transformed { cells, candidates } => {
            record.transformed = Some(match candidates {
                Some(candidates) => candidates.to_line(),
                None => line_string(cells),
            });
        }
        Outcome::Minimized(puzzle) => {
            record.minimized = Some(line_string(puzzle));
            record.clues = Some(puzzle.iter().filter(|&&d| d != 0).count());
        }
        Outcome::Sized(SizedFound::Minimized(puzzle)) => {
            record.minimized = sized_line(answer, puzzle);
            record.clues = Some(puzzle.filled());
        }
        Outcome::Generated { rating, solution } => {
            record.clues = answer.puzzle.as_ref().map(|p| p.grid().filled());
            record.solution = solution.as_ref().map(line_string);
            if let Some(rating) = rating {
                record.set_ratings(rating);
                record.hardest = rating.hardest().map(|t| t.name().to_string());
            }
        }
        Outcome::Rated(analysis) => record.set_analysis(analysis, answer),
        Outcome::AlreadySolved { rating, grid } => match settings.logic {
            Some(Logic::Rating) => {
                record.set_ratings(rating);
                record.steps = Some(Steps::Count(0));
            }
            Some(Logic::Path) => {
                record.set_ratings(rating);
                record.steps = Some(Steps::List(Vec::new()));
                record.solution = Some(line_string(grid));
            }
            _ => record.steps = Some(Steps::List(Vec::new())),
        },
        Outcome::Explained {
            rating,
            steps,
            end,
            solved,
        } => {
            record.set_ratings(rating);
            record.hardest = Some(hardest(rating));
            record.steps = Some(Steps::List(steps.iter().map(step_record).collect()));
            if *solved {
                record.solution = Some(line_string(end));
            } else {
                record.error = Some(STUCK.to_string());
            }
        }
        Outcome::TimedOut(limit) => record.error = Some(timed_out(*limit)),
        Outcome::Hint(step) => record.steps = Some(Steps::List(vec![step_record(step)])),
        Outcome::Stuck => {
            record.steps = Some(Steps::List(Vec::new()));
            record.error = Some(STUCK.to_string());
        }
    }
    record
}
