//! Templates: one line per puzzle, written as serate's `--format` writes it (`rate --template`,
//! `check --template`).
//!
//! serate's codes keep serate's meaning and output, so `--template '%g ED=%r/%p/%d'` prints the
//! forum's usual line byte for byte as serate 1.2.1.3 does: `%g` the puzzle's line as written,
//! `%r` ER, `%p` EP, `%d` ED (one decimal, rounded as serate rounds), `%n` the puzzle's number
//! from 1, `%e` the time taken (`0.18s`, `1m05s`, `2h07m`, `3d04h`), `%%` a percent sign. As in
//! serate, `%` followed by any other character, or ending the template, prints `%`; nothing
//! else is special (`\t` is two characters). Codes of our own, for what serate lacks: `%R`,
//! `%P`, `%D` the techniques of ER's, EP's and ED's steps, `%l` the level of the ER, `%c` the
//! number of clues, `%s` the source (`PATH:LINE`), `%S` the status (as JSON's `status`), `%m`
//! the verdict of `check --minimal` (`minimal` or `not_minimal`). `check --minimal` takes only a
//! template with `%m` (its verdict would be lost without it), and `%m` only with `--minimal`.
//!
//! A puzzle the template has nothing to say of (one that is malformed, or has no solution or
//! several for `rate`) gets the line the text format gives it, in its own slot.

use std::time::Duration;

use super::text::{self, tenths};
use super::{Page, Problem, Renderer, Settings};
use crate::commands::{Command, Logic};
use crate::outcome::{Answer, Outcome, SizedFound};
use sudoku_solver::Level;
use sudoku_solver::{Analysis, Technique};

/// A parsed template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Code(Code),
}

/// A conversion code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// `%g`: the puzzle's line as written (the 81-character form for other layouts).
    Given,
    /// `%r`: ER.
    Er,
    /// `%p`: EP.
    Ep,
    /// `%d`: ED.
    Ed,
    /// `%n`: the puzzle's number, from 1.
    Ordinal,
    /// `%e`: the time the answer took.
    Elapsed,
    /// `%R`: the technique of ER's step.
    ErTechnique,
    /// `%P`: the technique of EP's step.
    EpTechnique,
    /// `%D`: the technique of ED's step.
    EdTechnique,
    /// `%c`: the number of clues.
    Clues,
    /// `%s`: the source, `PATH:LINE`.
    Source,
    /// `%S`: the status word.
    Status,
    /// `%l`: Sudoku Explainer's level of the ER (`easy` ... `diabolical`; empty above 11.0).
    Level,
    /// `%m`: `check --minimal`'s verdict, `minimal` or `not_minimal` (empty for a puzzle without
    /// exactly one solution).
    Minimal,
}

impl Code {
    fn of(c: char) -> Option<Code> {
        Some(match c {
            'g' => Code::Given,
            'r' => Code::Er,
            'p' => Code::Ep,
            'd' => Code::Ed,
            'n' => Code::Ordinal,
            'e' => Code::Elapsed,
            'R' => Code::ErTechnique,
            'P' => Code::EpTechnique,
            'D' => Code::EdTechnique,
            'c' => Code::Clues,
            's' => Code::Source,
            'S' => Code::Status,
            'l' => Code::Level,
            'm' => Code::Minimal,
            _ => return None,
        })
    }

    /// The code as written.
    pub fn written(self) -> &'static str {
        match self {
            Code::Given => "%g",
            Code::Er => "%r",
            Code::Ep => "%p",
            Code::Ed => "%d",
            Code::Ordinal => "%n",
            Code::Elapsed => "%e",
            Code::ErTechnique => "%R",
            Code::EpTechnique => "%P",
            Code::EdTechnique => "%D",
            Code::Clues => "%c",
            Code::Source => "%s",
            Code::Status => "%S",
            Code::Level => "%l",
            Code::Minimal => "%m",
        }
    }

    /// True for the codes that need a rating.
    fn rates(self) -> bool {
        matches!(
            self,
            Code::Er
                | Code::Ep
                | Code::Ed
                | Code::ErTechnique
                | Code::EpTechnique
                | Code::EdTechnique
                | Code::Level
        )
    }
}

impl Template {
    /// The template `text`. Every text is a template: as in serate, `%` before a character
    /// that is no code (or at the end) stands for `%`.
    pub fn parse(text: &str) -> Template {
        let mut pieces = Vec::new();
        let mut literal = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                literal.push(c);
                continue;
            }
            match chars.next().and_then(Code::of) {
                Some(code) => {
                    if !literal.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut literal)));
                    }
                    pieces.push(Piece::Code(code));
                }
                // `%%`, `%X` and a final `%` all print `%` (serate drops the X).
                None => literal.push('%'),
            }
        }
        if !literal.is_empty() {
            pieces.push(Piece::Text(literal));
        }
        Template { pieces }
    }

    /// The codes used, in order.
    pub fn codes(&self) -> impl Iterator<Item = Code> + '_ {
        self.pieces.iter().filter_map(|p| match p {
            Piece::Code(code) => Some(*code),
            Piece::Text(_) => None,
        })
    }

    /// Whether the template prints the time taken (the run must time each answer).
    pub fn times(&self) -> bool {
        self.codes().any(|c| c == Code::Elapsed)
    }

    /// Whether the template prints the input line (the parser must keep it).
    pub fn quotes_input(&self) -> bool {
        self.codes().any(|c| c == Code::Given)
    }

    /// Why `command` cannot fill this template, if it cannot: `check` has no rating, `%m` is
    /// the verdict of `check --minimal` and nothing else, `check --minimal` needs `%m` to say
    /// it, and the other commands take no template.
    pub fn unfit_for(&self, command: Command) -> Option<String> {
        let minimal = self.codes().any(|c| c == Code::Minimal);
        match command {
            Command::Rate if minimal => Some(
                "rate --template: %m is the verdict of check --minimal (minimal or not_minimal); \
                 rate does not judge minimality"
                    .to_string(),
            ),
            Command::Rate => None,
            Command::Check { minimal: asked } => {
                if let Some(code) = self.codes().find(|c| c.rates()) {
                    return Some(format!(
                        "check --template: {} is a rating, and check does not rate; use rate --template",
                        code.written()
                    ));
                }
                match (asked, minimal) {
                    (true, false) => Some(
                        "check --minimal --template: the template has no %m, so it would not say \
                         whether a puzzle is minimal; add %m (minimal or not_minimal)"
                            .to_string(),
                    ),
                    (false, true) => Some(
                        "check --template: %m is the verdict of --minimal; add --minimal"
                            .to_string(),
                    ),
                    _ => None,
                }
            }
            _ => Some(format!(
                "only {} take --template",
                crate::commands::names_where(|row| row.template)
            )),
        }
    }
}

/// serate's `%e`: whole seconds and hundredths below a minute (`0.18s`), then minutes and
/// seconds (`1m05s`), hours and minutes (`2h07m`), days and hours (`3d04h`).
pub(crate) fn elapsed(time: Duration) -> String {
    let hundredths = time.as_millis() / 10;
    let (t, u) = (hundredths / 100, hundredths % 100);
    match t {
        t if t < 60 => format!("{t}.{u:02}s"),
        t if t < 3600 => format!("{}m{:02}s", t / 60, t % 60),
        t if t < 86_400 => format!("{}h{:02}m", t / 3600, t % 3600 / 60),
        t => format!("{}d{:02}h", t / 86_400, t % 86_400 / 3600),
    }
}

/// Renders `answer` with `template`: the template's line for a rated puzzle (`rate`) or a
/// verdict (`check`), else the text format's line.
/// `--template`: a line per answer, written as the template says.
pub(crate) struct TemplateRenderer {
    template: Template,
    settings: Settings<'static>,
}

impl TemplateRenderer {
    pub(crate) fn new(template: Template, settings: Settings) -> TemplateRenderer {
        TemplateRenderer {
            template,
            settings: settings.without_template(),
        }
    }
}

impl Renderer for TemplateRenderer {
    fn render(&self, answer: &Answer, page: &mut Page) -> Result<(), Problem> {
        render(answer, &self.template, &self.settings, page);
        Ok(())
    }
}

fn render(answer: &Answer, template: &Template, settings: &Settings, page: &mut Page) {
    let rates = settings.logic == Some(Logic::Rating);
    let analysis = match &answer.outcome {
        Outcome::Rated(analysis) if rates => Some(analysis.as_ref()),
        Outcome::AlreadySolved { .. } if rates => None,
        Outcome::Unique(_)
        | Outcome::UniqueClues { .. }
        | Outcome::NoSolution(_)
        | Outcome::NotUnique(..)
        | Outcome::Sized(SizedFound::Unique(_) | SizedFound::NotUnique(_))
            if settings.counts =>
        {
            None
        }
        _ => return text::render(answer, settings, page),
    };
    let mut line = String::new();
    for piece in &template.pieces {
        match piece {
            Piece::Text(t) => line.push_str(t),
            Piece::Code(code) => fill(&mut line, *code, answer, analysis),
        }
    }
    page.line(&line);
}

/// Appends what `code` stands for.
fn fill(line: &mut String, code: Code, answer: &Answer, analysis: Option<&Analysis>) {
    let name = |t: Option<Technique>| t.map_or("", Technique::name);
    let rating = analysis.map(|a| &a.rating);
    match code {
        Code::Given => {
            if let Some(puzzle) = &answer.puzzle {
                match &puzzle.text() {
                    Some(text) => line.push_str(text),
                    None => line.push_str(&puzzle.to_line()),
                }
            }
        }
        Code::Er => line.push_str(&tenths(rating.map_or(0.0, |r| r.er()))),
        Code::Ep => line.push_str(&tenths(rating.map_or(0.0, |r| r.ep()))),
        Code::Ed => line.push_str(&tenths(rating.map_or(0.0, |r| r.ed()))),
        Code::Ordinal => line.push_str(&answer.ordinal.to_string()),
        Code::Elapsed => line.push_str(&elapsed(answer.time.unwrap_or_default())),
        Code::ErTechnique => line.push_str(name(rating.and_then(|r| r.hardest()))),
        Code::EpTechnique => line.push_str(name(analysis.and_then(|a| a.ep_technique))),
        Code::EdTechnique => line.push_str(name(analysis.and_then(|a| a.ed_technique))),
        Code::Clues => {
            let clues = answer.puzzle.as_ref().map_or(0, |p| match p.sized() {
                Some((grid, _)) => grid.filled(),
                None => p.grid().filled(),
            });
            line.push_str(&clues.to_string());
        }
        Code::Source => line.push_str(&answer.source.to_string()),
        Code::Level => {
            let level = rating.and_then(|r| Level::of(r.er()));
            line.push_str(level.map_or("", Level::name));
        }
        Code::Status => {
            let status = serde_json::to_value(answer.outcome.status()).expect("a status");
            line.push_str(status.as_str().unwrap_or_default());
        }
        Code::Minimal => {
            if let Outcome::UniqueClues { redundant } = &answer.outcome {
                line.push_str(if redundant.is_empty() {
                    "minimal"
                } else {
                    "not_minimal"
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str) -> Vec<Piece> {
        Template::parse(text).pieces
    }

    #[test]
    fn percent_before_anything_but_a_code_is_a_percent_sign_as_in_serate() {
        // serate prints `a%b%c\t%` for `a%xb%%c\t%` (its FACTS.md, verified on the reference).
        assert_eq!(pieces("a%xb%%c\\t%"), [Piece::Text("a%b%c\\t%".into())]);
        assert_eq!(pieces(""), []);
    }

    #[test]
    fn codes_split_the_text() {
        assert_eq!(
            pieces("%g ED=%r/%p/%d"),
            [
                Piece::Code(Code::Given),
                Piece::Text(" ED=".into()),
                Piece::Code(Code::Er),
                Piece::Text("/".into()),
                Piece::Code(Code::Ep),
                Piece::Text("/".into()),
                Piece::Code(Code::Ed),
            ]
        );
    }

    #[test]
    fn elapsed_is_written_as_serate_writes_it() {
        let ms = Duration::from_millis;
        assert_eq!(elapsed(ms(0)), "0.00s");
        assert_eq!(elapsed(ms(180)), "0.18s");
        assert_eq!(elapsed(ms(26_359)), "26.35s");
        assert_eq!(elapsed(ms(59_999)), "59.99s");
        assert_eq!(elapsed(ms(65_000)), "1m05s");
        assert_eq!(elapsed(ms(2 * 3_600_000 + 7 * 60_000 + 30_000)), "2h07m");
        assert_eq!(elapsed(ms(3 * 86_400_000 + 4 * 3_600_000)), "3d04h");
    }

    #[test]
    fn check_refuses_rating_codes() {
        let t = Template::parse("%g %r");
        assert!(t
            .unfit_for(Command::Check { minimal: false })
            .unwrap()
            .contains("%r"));
        assert_eq!(
            Template::parse("%g %S").unfit_for(Command::Check { minimal: false }),
            None
        );
        assert_eq!(t.unfit_for(Command::Rate), None);
        assert!(t.unfit_for(Command::Hint).is_some());
    }

    #[test]
    fn check_minimal_and_its_code_come_together() {
        let with = Template::parse("%s %S %m");
        let without = Template::parse("%s %S");
        let minimal = Command::Check { minimal: true };
        let plain = Command::Check { minimal: false };
        assert_eq!(with.unfit_for(minimal), None);
        assert_eq!(without.unfit_for(plain), None);
        assert!(without.unfit_for(minimal).unwrap().contains("has no %m"));
        assert!(with.unfit_for(plain).unwrap().contains("add --minimal"));
        assert!(with
            .unfit_for(Command::Rate)
            .unwrap()
            .contains("check --minimal"));
    }
}
