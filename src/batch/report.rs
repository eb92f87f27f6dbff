//! What a run counts, and the `--stats` summary built from it.

use std::time::Duration;

use serde::Serialize;

use crate::exit::Exit;

/// Counts of what happened, for the exit code and the `--stats` summary.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Puzzles read (not counting malformed input).
    pub puzzles: u64,
    /// Puzzles solved (for `check`: with exactly one solution; for `count`: counted).
    pub solved: u64,
    /// Puzzles with no solution.
    pub no_solution: u64,
    /// Puzzles with more than one solution, where that matters.
    pub not_unique: u64,
    /// Malformed pieces of input, and inputs with no puzzle.
    pub invalid: u64,
    /// Inputs that could not be read.
    pub unreadable: u64,
    /// Puzzles that got no answer within the time limit (`--time-limit`).
    #[serde(skip_serializing_if = "is_zero")]
    pub timed_out: u64,
    /// Puzzles the search ran on (not `canon` or `generate`, which report no guesses).
    pub searched: u64,
    /// Guesses made by the search, in total.
    pub guesses: u64,
    /// The most guesses made on one puzzle.
    pub max_guesses: u64,
    /// `generate` to order: candidates made and judged (the puzzles kept are `puzzles`).
    #[serde(skip_serializing_if = "is_zero")]
    pub candidates: u64,
    /// `rate`, `explain`: puzzles per whole number of ER (`3` counts ER 3.0 to 3.9).
    #[serde(skip_serializing_if = "Histogram::is_empty")]
    pub er_histogram: Histogram,
    /// The puzzle that took longest (with [`Options::timing`](super::Options::timing)): its source and time.
    #[serde(skip)]
    pub slowest: Option<(String, Duration)>,
}

impl Stats {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &Stats) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.no_solution += other.no_solution;
        self.not_unique += other.not_unique;
        self.invalid += other.invalid;
        self.unreadable += other.unreadable;
        self.timed_out += other.timed_out;
        self.searched += other.searched;
        self.guesses += other.guesses;
        self.max_guesses = self.max_guesses.max(other.max_guesses);
        self.candidates += other.candidates;
        for (band, n) in &other.er_histogram.0 {
            *self.er_histogram.0.entry(*band).or_default() += n;
        }
        if let Some((source, time)) = &other.slowest {
            if self.slowest.as_ref().is_none_or(|(_, t)| time > t) {
                self.slowest = Some((source.clone(), *time));
            }
        }
    }
}

/// Counts of ratings by whole number of ER; written as `{"1.0-1.9": 12, "2.0-2.9": 3}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram(pub std::collections::BTreeMap<u32, u64>);

impl Histogram {
    /// Counts one rating.
    pub fn add(&mut self, er: f64) {
        *self
            .0
            .entry(sudoku_solver::round_rating(er).floor() as u32)
            .or_default() += 1;
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The bands with their counts, lowest first: `("2.0-2.9", 3)`.
    pub fn bands(&self) -> impl Iterator<Item = (String, u64)> + '_ {
        self.0.iter().map(|(w, n)| (format!("{w}.0-{w}.9"), *n))
    }
}

impl Serialize for Histogram {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.bands())
    }
}

/// A rate as the summary prints it: whole numbers, with a decimal or two below 100 (a run of a
/// few hard puzzles is not "0 puzzles/s").
fn rate_text(rate: f64) -> String {
    if rate >= 100.0 {
        format!("{rate:.0}")
    } else if rate >= 10.0 {
        format!("{rate:.1}")
    } else {
        format!("{rate:.2}")
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// How a run ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The exit code.
    pub exit: Exit,
    /// What happened.
    pub stats: Stats,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

impl Report {
    fn per_second(&self) -> f64 {
        self.stats.puzzles as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    fn mean_guesses(&self) -> f64 {
        self.stats.guesses as f64 / self.stats.searched.max(1) as f64
    }

    /// The `--stats` summary, as lines of text.
    pub fn summary_text(&self) -> String {
        let s = &self.stats;
        let mut text = format!(
            "puzzles     {} (solved {}, no solution {}, not unique {}, invalid {}, unreadable {})\n\
             elapsed     {:.3} s ({} puzzles/s)\n",
            s.puzzles,
            s.solved,
            s.no_solution,
            s.not_unique,
            s.invalid,
            s.unreadable,
            self.elapsed.as_secs_f64(),
            rate_text(self.per_second()),
        );
        if s.timed_out > 0 {
            text.push_str(&format!("timed out   {} (--time-limit)\n", s.timed_out));
        }
        if s.candidates > 0 {
            text.push_str(&format!(
                "candidates  {} tried, {} kept ({:.2}% accepted, {:.0} candidates/s)\n",
                s.candidates,
                s.puzzles,
                100.0 * s.puzzles as f64 / s.candidates as f64,
                s.candidates as f64 / self.elapsed.as_secs_f64().max(1e-9)
            ));
        }
        if s.searched > 0 {
            text.push_str(&format!(
                "guesses     {:.2} per puzzle (max {})\n",
                self.mean_guesses(),
                s.max_guesses
            ));
        }
        if !s.er_histogram.is_empty() {
            let bands: Vec<String> = s
                .er_histogram
                .bands()
                .map(|(band, n)| format!("{band}: {n}"))
                .collect();
            text.push_str(&format!("ratings     {} (ER)\n", bands.join(", ")));
        }
        if let Some((source, time)) = &s.slowest {
            text.push_str(&format!(
                "slowest     {source} ({:.3} ms)\n",
                time.as_secs_f64() * 1e3
            ));
        }
        text
    }

    /// The `--stats=json` summary: one JSON object.
    pub fn summary_json(&self) -> String {
        #[derive(Serialize)]
        struct Slowest<'a> {
            source: &'a str,
            seconds: f64,
        }
        #[derive(Serialize)]
        struct Summary<'a> {
            #[serde(flatten)]
            stats: &'a Stats,
            elapsed_seconds: f64,
            puzzles_per_second: f64,
            guesses_per_puzzle: f64,
            slowest: Option<Slowest<'a>>,
            exit_code: u8,
        }
        let summary = Summary {
            stats: &self.stats,
            elapsed_seconds: self.elapsed.as_secs_f64(),
            puzzles_per_second: self.per_second(),
            guesses_per_puzzle: self.mean_guesses(),
            slowest: self.stats.slowest.as_ref().map(|(source, time)| Slowest {
                source,
                seconds: time.as_secs_f64(),
            }),
            exit_code: self.exit.code(),
        };
        serde_json::to_string(&summary).expect("a summary serializes")
    }
}
