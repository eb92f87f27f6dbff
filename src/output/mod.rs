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
mod problems;
mod sized;
pub mod template;
pub(crate) mod text;

use std::fmt;
use std::io::Write;
use std::str::FromStr;

use crate::commands::{Command, CommandSpec, Logic};
use crate::exit::Exit;
use crate::outcome::Answer;
pub use template::Template;

pub(crate) use problems::{input_problem, problem, undrawable};
pub use text::push_decimal;

/// How answers are printed: the one list of formats. Each command renders some of them
/// ([`formats`]); the command line offers each command those, by these names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// Each solution in the layout its puzzle came in: a line for a line, a grid for a grid or a
    /// JSON board.
    #[default]
    Auto,
    /// The command's own lines of text: a verdict, a count, a rating or a step per puzzle (an
    /// explanation is a block).
    Text,
    /// 81 digits on one line.
    Line,
    /// 9 lines of 9 digits.
    Grid,
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
    /// A PDF puzzle book, with an answer key (see [`BookLayout`]).
    Pdf,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: &'static [Format] = &[
        Format::Auto,
        Format::Text,
        Format::Line,
        Format::Grid,
        Format::Pretty,
        Format::Json,
        Format::Csv,
        Format::Svg,
        Format::Html,
        Format::Pdf,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Auto => "auto",
            Format::Text => "text",
            Format::Line => "line",
            Format::Grid => "grid",
            Format::Pretty => "pretty",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Svg => "svg",
            Format::Html => "html",
            Format::Pdf => "pdf",
        }
    }

    /// What it prints, in a line for `--help`.
    pub fn help(self) -> &'static str {
        match self {
            Format::Auto => {
                "The layout each puzzle came in: a line for a line, a grid for a grid or JSON"
            }
            Format::Text => "Lines of text: one per puzzle (explain: a block per puzzle)",
            Format::Line => "81 characters on one line, '.' for empty",
            Format::Grid => "9 lines of 9 cells",
            Format::Pretty => "Spaces between cells, '|' between boxes, a rule between bands",
            Format::Json => "JSON Lines: one record per puzzle (the guide lists the fields)",
            Format::Csv => {
                "CSV: a header row, then one row per puzzle with the JSON record's fields"
            }
            Format::Svg => "A standalone SVG picture of one puzzle (hint: its step)",
            Format::Html => "One HTML page, a picture per step",
            Format::Pdf => {
                "A PDF puzzle book with an answer key (--paper, --per-page, --no-answers)"
            }
        }
    }

    /// Whether the format prints a generated puzzle's rating (JSON and CSV records, the PDF
    /// book's ER under each grid); the others print the puzzle alone.
    pub fn shows_rating(self) -> bool {
        matches!(self, Format::Json | Format::Csv | Format::Pdf)
    }

    /// Whether the format is a picture (SVG, HTML, PDF), not text read back as input.
    pub fn is_picture(self) -> bool {
        matches!(self, Format::Svg | Format::Html | Format::Pdf)
    }

    /// Whether the format is a binary document (PDF), not text for a terminal; one with nothing
    /// in it is no document, and is not written.
    pub fn is_binary(self) -> bool {
        if self == Format::Pdf {
            return true;
        }
        false
    }
}

/// The formats `command` renders, its default first (its row of the command table).
pub fn formats(command: Command) -> &'static [Format] {
    command.spec().formats
}

/// How a PDF book is laid out (`-f pdf`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookLayout {
    /// The paper size.
    pub paper: Paper,
    /// Puzzles on a page: 1, 2, 4 or 6.
    pub per_page: u8,
    /// Whether the answer key follows the puzzles.
    pub answers: bool,
}

impl Default for BookLayout {
    fn default() -> Self {
        BookLayout {
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
        Format::ALL
            .iter()
            .copied()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
                format!(
                    "unknown format '{s}' (expected one of: {})",
                    names.join(", ")
                )
            })
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How answers are rendered: the format, and what the command's row says of its answers.
/// A renderer reads these settings, never the command: `Settings::of(command.spec())` and then
/// the format and the template, as a builder.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings<'a> {
    pub(crate) format: Format,
    /// Answers are verdict lines (`SOURCE: ...`), a bad input one too.
    pub(crate) verdicts: bool,
    /// A search's verdict is a count of solutions (`check`), not a failure.
    pub(crate) counts: bool,
    /// What is shown of a logical path, for a logic command.
    pub(crate) logic: Option<Logic>,
    /// The CSV columns (the keys a JSON record can hold).
    pub(crate) columns: &'static [&'static str],
    /// Each answer comes with its solution for an answer key ([`Answer::key`]): the one place
    /// that decides whether a picture needs a solution (a PDF book's key does).
    pub(crate) answer_key: bool,
    /// A template (`--template`) in place of the format's own line.
    pub(crate) template: Option<&'a Template>,
}

impl<'a> Settings<'a> {
    /// The settings of a command's answers, in its default format.
    pub(crate) fn of(spec: &'static CommandSpec) -> Settings<'a> {
        Settings {
            format: spec.formats[0],
            verdicts: spec.verdicts,
            counts: spec.counts,
            logic: spec.logic,
            columns: spec.fields,
            answer_key: spec.formats[0] == Format::Pdf,
            template: None,
        }
    }

    /// The same, in `format`.
    pub(crate) fn format(self, format: Format) -> Settings<'a> {
        Settings {
            format,
            answer_key: format == Format::Pdf,
            ..self
        }
    }

    /// The same, each answer a line of `template` when there is one.
    pub(crate) fn template(self, template: Option<&'a Template>) -> Settings<'a> {
        Settings { template, ..self }
    }

    /// The settings without their template, for a renderer to keep.
    fn without_template(self) -> Settings<'static> {
        Settings {
            template: None,
            ..self
        }
    }
}

/// A format's renderer: it writes a run's answers, and owns the framing around them (a CSV
/// header, an HTML page's head and tail, a PDF book, an SVG's one picture), so the runner that
/// hands it answers names no format. `render` runs on the worker threads, each answer onto its
/// chunk's page; the other hooks run on the thread that writes, in order.
pub(crate) trait Renderer: Send + Sync {
    /// What comes before the first answer.
    fn begin(&self) -> Vec<u8> {
        Vec::new()
    }

    /// Writes `answer` onto `page`, or refuses it with the problem that says why.
    fn render(&self, answer: &Answer, page: &mut Page) -> Result<(), Problem>;

    /// Takes from a written page, in order, what is laid out only at the end (a PDF book's
    /// grids).
    fn collect(&self, _page: &mut Page) {}

    /// What comes after the last answer; or, when the format has nothing to write (a PDF of no
    /// pages), the problem that says so.
    fn finish(&self) -> Result<Vec<u8>, Problem> {
        Ok(Vec::new())
    }
}

/// The renderer of `settings`'s format (a template's, when there is one); a book is laid out as
/// `book` says.
pub(crate) fn renderer(settings: Settings, book: BookLayout) -> Box<dyn Renderer> {
    if let Some(template) = settings.template {
        return Box::new(template::TemplateRenderer::new(template.clone(), settings));
    }
    match settings.format {
        Format::Json => Box::new(json::JsonRenderer::new(settings)),
        Format::Csv => Box::new(csv::CsvRenderer::new(settings)),
        Format::Svg => Box::new(picture::svg::SvgRenderer::new(settings)),
        Format::Html => Box::new(picture::html::HtmlRenderer::new(settings)),
        Format::Pdf => Box::new(picture::book::PdfRenderer::new(settings, book)),
        Format::Auto | Format::Text | Format::Line | Format::Grid | Format::Pretty => {
            Box::new(text::TextRenderer::new(settings))
        }
    }
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
    pub(crate) entries: Vec<picture::book::BookGrid>,
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

/// The 81 cells of a grid (0 for empty) as text in `format`'s layout, each valid input again:
/// one line of 81 characters (`Line`, `Auto`, and the pictures), 9 lines of 9 (`Grid`), spaced with box and band
/// separators (`Pretty`), or a JSON record holding the line (`Json`). `.` is an empty cell.
///
/// ```
/// use sudoku_cli::output::{cells_text, Format};
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
