//! The output layer: answers ([`crate::outcome::Answer`]) rendered in the format asked for, one
//! renderer per format, and problems for stderr. Every format is valid input again: a grid is a
//! grid layout, a line a line layout, pretty a grid with separators, and a JSON record a line
//! the parser reads back.
//!
//! - `text.rs`: the text forms (`line`, `grid`, `pretty`, and the verdict lines of `check`,
//!   `count`, `canon`, `rate`, `explain`, `hint`);
//! - `json.rs`: JSON Lines records, whose fields `doc/guide.md` lists;
//! - `picture/`: SVG grids, HTML pages of pictures of logical steps, PDF puzzle books.
//!
//! A renderer writes onto a `Page`, the stdout bytes of a run of answers, which knows whether
//! it starts and ends with a grid block, so that pages written one after another get the blank
//! lines between blocks right.

pub(crate) mod csv;
pub(crate) mod json;
pub(crate) mod picture;
pub mod template;
pub(crate) mod text;

use std::fmt;
use std::io::Write;
use std::str::FromStr;

use crate::exit::Exit;
use crate::outcome::{Answer, Command, Outcome};
pub use template::Template;

pub use text::push_decimal;

/// How answers are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Each solution in the layout its puzzle came in: a line for a line, a grid for a grid or a
    /// JSON board.
    #[default]
    Auto,
    /// 9 lines of 9 digits.
    Grid,
    /// 81 digits on one line.
    Line,
    /// Digits separated by spaces, `|` between boxes, `------+-------+------` between bands.
    Pretty,
    /// JSON Lines: one object per puzzle.
    Json,
    /// CSV: a header row, then one row per puzzle with the JSON record's fields.
    Csv,
    /// A standalone SVG picture of the grid (a hint's step drawn over its candidates).
    Svg,
    /// One HTML page of pictures: each step of an explanation, or a hint.
    Html,
    /// A PDF puzzle book, with an answer key (see [`Print`]).
    #[cfg(feature = "pdf")]
    Pdf,
}

impl Format {
    /// The names accepted on the command line, in order.
    pub const NAMES: &'static [&'static str] = &[
        "auto",
        "grid",
        "line",
        "pretty",
        "json",
        "csv",
        "svg",
        "html",
        #[cfg(feature = "pdf")]
        "pdf",
    ];

    /// Whether the format prints a generated puzzle's rating (JSON and CSV records, the PDF
    /// book's ER under each grid); the others print the puzzle alone.
    pub fn shows_rating(self) -> bool {
        match self {
            Format::Json | Format::Csv => true,
            #[cfg(feature = "pdf")]
            Format::Pdf => true,
            _ => false,
        }
    }

    /// Whether the format is a picture (SVG, HTML, PDF), not text read back as input.
    pub fn is_picture(self) -> bool {
        match self {
            Format::Svg | Format::Html => true,
            #[cfg(feature = "pdf")]
            Format::Pdf => true,
            _ => false,
        }
    }
}

/// How a PDF book is laid out (`-f pdf`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Print {
    /// The paper size.
    pub paper: Paper,
    /// Puzzles on a page: 1, 2, 4 or 6.
    pub per_page: u8,
    /// Whether the answer key follows the puzzles.
    pub answers: bool,
}

impl Default for Print {
    fn default() -> Self {
        Print {
            paper: Paper::A4,
            per_page: 4,
            answers: true,
        }
    }
}

/// A paper size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 inches.
    Letter,
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(Format::Auto),
            "grid" => Ok(Format::Grid),
            "line" => Ok(Format::Line),
            "pretty" => Ok(Format::Pretty),
            "json" => Ok(Format::Json),
            "csv" => Ok(Format::Csv),
            "svg" => Ok(Format::Svg),
            "html" => Ok(Format::Html),
            #[cfg(feature = "pdf")]
            "pdf" => Ok(Format::Pdf),
            other => Err(format!(
                "unknown format '{other}' (expected one of: {})",
                Format::NAMES.join(", ")
            )),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Format::Auto => "auto",
            Format::Grid => "grid",
            Format::Line => "line",
            Format::Pretty => "pretty",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Svg => "svg",
            Format::Html => "html",
            #[cfg(feature = "pdf")]
            Format::Pdf => "pdf",
        };
        f.write_str(name)
    }
}

/// How answers are rendered: the format asked for, and the command whose answers they are (its
/// text forms differ: `solve` answers with solutions and `#` comments, `check`, `rate`,
/// `explain` and `hint` with `SOURCE: ...` verdict lines).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style<'a> {
    pub(crate) format: Format,
    pub(crate) command: Command,
    /// A template (`--template`) in place of the format's own line.
    pub(crate) template: Option<&'a Template>,
    /// The answers are `generate`'s puzzles (their records have their own fields).
    pub(crate) generated: bool,
}

/// The stdout bytes of a run of answers, and whether it starts and ends with a grid block.
#[derive(Debug, Default)]
pub(crate) struct Page {
    pub(crate) out: Vec<u8>,
    /// Whether the first answer is a grid block (`None`: nothing printed).
    pub(crate) first_block: Option<bool>,
    /// Whether the last answer is a grid block.
    pub(crate) last_block: Option<bool>,
    /// The grids of a PDF book, laid out by the writer.
    #[cfg(feature = "pdf")]
    pub(crate) entries: Vec<picture::book::Entry>,
}

impl Page {
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
}

/// A problem to report on stderr: `sudoku: PLACE: WHAT`.
#[derive(Debug)]
pub(crate) struct Problem {
    pub(crate) exit: Exit,
    pub(crate) place: Option<String>,
    pub(crate) what: String,
}

/// How problems on stderr are marked up: text put before a problem's place, before what is
/// wrong (one for broken input or I/O, one for a puzzle without a single answer), and after
/// each. All empty (the default) is plain text; the command line puts terminal colours here
/// when stderr is a terminal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paint {
    /// Before the place (`PATH:LINE:COL`).
    pub place: String,
    /// Before what is wrong with broken input, or an I/O failure.
    pub broken: String,
    /// Before what is wrong with a puzzle that has no solution or several.
    pub doubtful: String,
    /// After each marked part.
    pub end: String,
}

impl Problem {
    /// Appends the problem as a line of stderr, marked up with `paint`.
    pub(crate) fn write(&self, out: &mut Vec<u8>, paint: &Paint) {
        let Paint {
            place: bold,
            broken,
            doubtful,
            end,
        } = paint;
        let Some(place) = &self.place else {
            let _ = writeln!(out, "sudoku: {broken}{}{end}", self.what);
            return;
        };
        let tint = match self.exit {
            Exit::NoSolution | Exit::NotUnique => doubtful,
            _ => broken,
        };
        let _ = writeln!(out, "sudoku: {bold}{place}{end}: {tint}{}{end}", self.what);
    }
}

/// The problem an answer reports on stderr, if any: input that is no puzzle, a puzzle a command
/// refuses, and `solve`'s failures. (The verdicts of `check`, `rate`, `explain` and `hint` are
/// data, on stdout only; but an SVG has no room for one, so `hint -f svg` says on stderr why
/// it drew nothing, as `solve -f svg` does.)
pub(crate) fn problem(answer: &Answer, style: &Style) -> Option<Problem> {
    let source = &answer.source;
    let command = style.command;
    let verdicts = command.reports() && style.format != Format::Svg;
    let (place, what) = match &answer.outcome {
        Outcome::Invalid(error) => (
            format!("{}:{}:{}", source.path, error.line, error.col),
            error.kind.to_string(),
        ),
        Outcome::NoPuzzle(reason) => (source.to_string(), reason.clone()),
        Outcome::Unreadable { .. } => (source.to_string(), text::unreadable(&answer.outcome)),
        Outcome::Refused(what) => (source.to_string(), what.to_string()),
        Outcome::NoSolution(_) | Outcome::NotUnique(..) if !verdicts => {
            (source.to_string(), text::failure(&answer.outcome))
        }
        Outcome::TimedOut(limit) if !verdicts => (source.to_string(), text::timed_out(*limit)),
        _ => return None,
    };
    Some(Problem {
        exit: answer.outcome.exit(),
        place: Some(place),
        what,
    })
}

/// The 81 cells of a grid (0 for empty) as text in `format`'s layout, each valid input again:
/// one line of 81 characters (`Line`, `Auto`, and the pictures), 9 lines of 9 (`Grid`), spaced with box and band
/// separators (`Pretty`), or a JSON record holding the line (`Json`). `.` is an empty cell.
///
/// ```
/// use sudoku_solver::output::{cells_text, Format};
///
/// let mut cells = [0u8; 81];
/// cells[0] = 5;
/// assert!(cells_text(&cells, Format::Line).starts_with("5........"));
/// assert!(cells_text(&cells, Format::Pretty).starts_with("5 . . | . . . | . . ."));
/// ```
pub fn cells_text(cells: &[u8; 81], format: Format) -> String {
    let mut out = Vec::new();
    match format {
        Format::Grid => text::push_grid(&mut out, cells),
        Format::Pretty => text::push_pretty(&mut out, cells),
        Format::Csv => {
            out = format!("puzzle\n{}\n", text::line_string(cells)).into_bytes();
        }
        Format::Json => {
            let record = serde_json::json!({ "puzzle": text::line_string(cells) });
            out = record.to_string().into_bytes();
            out.push(b'\n');
        }
        _ => {
            text::push_line(&mut out, cells);
            out.push(b'\n');
        }
    }
    String::from_utf8(out).expect("cells and separators are ASCII")
}

/// Renders `answer` onto `page` in `style`.
pub(crate) fn render(answer: &Answer, style: &Style, page: &mut Page) {
    if let Some(template) = style.template {
        return template::render(answer, template, style, page);
    }
    match style.format {
        Format::Json => json::render(answer, style, page),
        Format::Csv => csv::render(answer, style, page),
        Format::Svg => picture::svg::render(answer, style, page),
        Format::Html => picture::html::render(answer, style, page),
        #[cfg(feature = "pdf")]
        Format::Pdf => picture::book::render(answer, style, page),
        _ => text::render(answer, style, page),
    }
}
