//! The answers to a chunk of units, as every command builds them: stdout bytes with the right
//! blank lines between grid blocks, problems for stderr, the exit code and the counts. The
//! commands (`crate::commands`) write into it; the writer joins chunks in order.

use serde::Serialize;

use super::report::Stats;
use super::writer::Problem;
use crate::exit::Exit;
use crate::format;
use crate::grid::Grid;
use crate::parse::Puzzle;

/// The answers to a run of units: stdout bytes, problems for stderr, and what happened.
#[derive(Default)]
pub(crate) struct Answers {
    pub(crate) out: Vec<u8>,
    pub(crate) problems: Vec<Problem>,
    /// Units answered.
    pub(crate) units: u64,
    /// Whether the first answer is a grid block (`None`: no answer printed).
    pub(crate) first_block: Option<bool>,
    /// Whether the last answer is a grid block.
    pub(crate) last_block: Option<bool>,
    pub(crate) exit: Exit,
    pub(crate) stats: Stats,
    /// Print nothing on stdout or stderr (the exit code and counts still count).
    pub(crate) quiet: bool,
}

impl Answers {
    /// Empty answers; with `quiet`, problems are counted but not kept for stderr.
    pub(crate) fn new(quiet: bool) -> Self {
        Answers {
            quiet,
            ..Answers::default()
        }
    }

    /// Starts an answer: a blank line before a grid block, and after one.
    pub(crate) fn begin(&mut self, block: bool) {
        if let Some(last) = self.last_block {
            if last || block {
                self.out.push(b'\n');
            }
        }
        self.first_block.get_or_insert(block);
        self.last_block = Some(block);
    }

    /// One line of text.
    pub(crate) fn line(&mut self, text: &str) {
        self.begin(false);
        self.out.extend_from_slice(text.as_bytes());
        self.out.push(b'\n');
    }

    /// A `# TEXT` comment line; `block` when it heads a grid block.
    pub(crate) fn comment(&mut self, block: bool, text: &str) {
        self.begin(block);
        self.out.extend_from_slice(b"# ");
        self.out.extend_from_slice(text.as_bytes());
        self.out.push(b'\n');
    }

    /// One JSON Lines record.
    pub(crate) fn record(&mut self, record: &Record) {
        self.begin(false);
        serde_json::to_writer(&mut self.out, record).expect("records serialize");
        self.out.push(b'\n');
    }

    /// Notes a problem, at `place` (a source, or `None` for the run as a whole): it sets the
    /// exit code and, unless quiet, goes to stderr.
    pub(crate) fn problem(&mut self, exit: Exit, place: Option<&str>, what: &str) {
        self.exit = self.exit.and(exit);
        if !self.quiet {
            self.problems.push(Problem {
                exit,
                place: place.map(str::to_string),
                what: what.to_string(),
            });
        }
    }
}

/// One JSON Lines record.
#[derive(Serialize)]
pub(crate) struct Record<'a> {
    pub(crate) source: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) label: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) puzzle: Option<String>,
    pub(crate) status: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solutions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) differences: Option<Vec<Difference>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) canonical: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) clues: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) er: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ep: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ed: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) hardest: Option<String>,
    /// `rate`: how many steps; `explain` and `hint`: the steps themselves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) steps: Option<Steps>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<String>,
}

impl<'a> Record<'a> {
    pub(crate) fn new(
        source: &dyn std::fmt::Display,
        puzzle: Option<&Grid>,
        status: &'a str,
    ) -> Self {
        Record {
            source: source.to_string(),
            label: None,
            puzzle: puzzle.map(Grid::to_line),
            status,
            solution: None,
            solutions: None,
            complete: None,
            differences: None,
            canonical: None,
            clues: None,
            er: None,
            ep: None,
            ed: None,
            hardest: None,
            steps: None,
            error: None,
        }
    }
}

impl<'a> Record<'a> {
    /// Sets `er`, `ep` and `ed` from a rating, rounded as printed.
    pub(crate) fn set_ratings(&mut self, rating: &crate::logic::Rating) {
        use crate::logic::step::round;
        self.er = Some(round(rating.er));
        self.ep = Some(round(rating.ep));
        self.ed = Some(round(rating.ed));
    }

    /// A record of `puzzle`: its 81 (or, for pencilmarks, 729) characters and its label.
    pub(crate) fn of(source: &dyn std::fmt::Display, puzzle: &'a Puzzle, status: &'a str) -> Self {
        let mut record = Record::new(source, None, status);
        record.puzzle = Some(puzzle.to_line());
        record.label = puzzle.label.as_deref();
        record
    }
}

/// A record's `steps`: a count (`rate`) or the steps (`explain`, `hint`).
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum Steps {
    Count(usize),
    List(Vec<StepRecord>),
}

/// A step of `explain` or `hint`. The first four fields are the documented contract.
#[derive(Serialize)]
pub(crate) struct StepRecord {
    pub(crate) technique: String,
    pub(crate) rating: f64,
    pub(crate) placements: Vec<CandidateRecord>,
    pub(crate) eliminations: Vec<CandidateRecord>,
    /// The step in words.
    pub(crate) text: String,
    /// The candidates that prove it.
    pub(crate) pattern: Vec<CandidateRecord>,
    /// For chains, each chain written out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) chains: Vec<String>,
}

/// A candidate: `{"cell": "r4c5", "digit": 3}`.
#[derive(Serialize)]
pub(crate) struct CandidateRecord {
    pub(crate) cell: String,
    pub(crate) digit: u8,
}

/// A cell where two solutions differ.
#[derive(Serialize)]
pub(crate) struct Difference {
    cell: String,
    first: u8,
    second: u8,
}

/// The cells where two solutions differ, for a JSON record.
pub(crate) fn differences(first: &[u8; 81], second: &[u8; 81]) -> Vec<Difference> {
    format::differing_cells(first, second)
        .map(|(i, first, second)| Difference {
            cell: format::cell_name(i),
            first,
            second,
        })
        .collect()
}

/// Where a puzzle came from, `PATH:LINE` (just `PATH` when the line is 0: a puzzle given as an
/// argument, `arg 2`); formatted only when an answer needs it.
#[derive(Clone, Copy)]
pub(crate) struct Source<'a> {
    pub(crate) path: &'a str,
    pub(crate) line: usize,
}

impl Source<'_> {
    /// Appends `PATH:LINE`, as `Display` does, without the formatting machinery.
    pub(crate) fn push(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.path.as_bytes());
        if self.line > 0 {
            out.push(b':');
            format::push_decimal(out, self.line);
        }
    }
}

impl std::fmt::Display for Source<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            0 => f.write_str(self.path),
            line => write!(f, "{}:{line}", self.path),
        }
    }
}
