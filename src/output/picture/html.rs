//! `explain -f html` and `hint -f html`: one self-contained HTML page (inline CSS and SVG, no
//! script, nothing fetched). Each puzzle is an `<article>`: its ratings at the top, then each
//! step a `<section class="step">` holding the picture of the candidate grid before it (see
//! `svg.rs`) and its words beside it. Printed, each step starts a page.

use std::fmt::Write;

use super::{escape, svg, Sheet};
use crate::outcome::{Answer, Outcome};
use crate::output::text::{hardest, ratings, tenths, ALREADY_SOLVED, STUCK};
use crate::output::{problem, Page, Problem, Renderer, Settings};
use sudoku_solver::Puzzle;
use sudoku_solver::{describe, Board, Step};

/// `-f html`: one page, an article per answer.
pub(crate) struct HtmlRenderer {
    settings: Settings<'static>,
}

impl HtmlRenderer {
    pub(crate) fn new(settings: Settings) -> HtmlRenderer {
        HtmlRenderer {
            settings: settings.without_template(),
        }
    }
}

impl Renderer for HtmlRenderer {
    fn begin(&self) -> Vec<u8> {
        head()
    }

    fn render(&self, answer: &Answer, page: &mut Page) -> Result<(), Problem> {
        render(answer, &self.settings, page);
        Ok(())
    }

    fn finish(&self) -> Result<Vec<u8>, Problem> {
        Ok(tail())
    }
}

/// The start of the page, up to the first puzzle.
fn head() -> Vec<u8> {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>sudoku: logical solutions</title>\n<style>\n",
    );
    out.push_str(CSS);
    out.push_str("</style>\n</head>\n<body>\n");
    out.push_str(LEGEND);
    out.into_bytes()
}

/// The end of the page.
fn tail() -> Vec<u8> {
    b"</body>\n</html>\n".to_vec()
}

const CSS: &str =
    "body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; margin: 2em; color: #111; }
h1 { font-size: 1.3em; margin-bottom: 0.2em; }
.ratings { font-size: 1.1em; margin-top: 0; }
.legend { font-size: 0.9em; color: #333; }
.legend span { padding: 0 0.4em; border-radius: 0.3em; }
.step { display: flex; gap: 2em; align-items: flex-start; margin: 1.5em 0; break-inside: avoid; }
.step svg, .end svg { width: 420px; height: auto; flex: none; }
.words h2 { font-size: 1.1em; margin-top: 0.4em; }
.chain { font-family: 'DejaVu Sans Mono', monospace; font-size: 0.85em; overflow-wrap: anywhere; }
@media print {
  body { margin: 0; }
  .step { break-after: page; }
  article { break-after: page; }
}
@page { margin: 15mm; }
";

const LEGEND: &str = "<p class=\"legend\">In each picture: <span style=\"background:#e8f0fb\">the \
houses</span> and <span style=\"background:#fff2b3\">cells</span> of the pattern, \
<span style=\"background:#8fcf8f\">its candidates</span>, <span style=\"background:#f6b4b4\">\
candidates removed</span> (struck out), <span style=\"background:#3c9a3c;color:#fff\">the digit \
placed</span>; links of a chain: <span style=\"color:#1c5fb8\">&#8594; strong</span> (solid), \
<span style=\"color:#d9480f\">&#8674; weak</span> (dashed).</p>\n";

/// Renders `answer` as an `<article>` of the page.
fn render(answer: &Answer, settings: &Settings, page: &mut Page) {
    page.begin(false);
    let source = escape(&answer.source.to_string());
    let mut out = String::from("<article>\n");
    match &answer.outcome {
        Outcome::Explained {
            rating,
            steps,
            end,
            solved,
        } => {
            let _ = writeln!(out, "<h1>{source}</h1>");
            let _ = writeln!(
                out,
                "<p class=\"ratings\">{} {}, {} steps</p>",
                ratings(rating),
                escape(&hardest(rating)),
                rating.steps()
            );
            if let Some(puzzle) = &answer.puzzle {
                steps_of(&mut out, puzzle, steps, end, *solved);
            }
        }
        Outcome::Hint(step) => {
            let _ = writeln!(out, "<h1>{source}: the next step</h1>");
            if let Some(puzzle) = &answer.puzzle {
                let board = super::board_of(puzzle);
                section(&mut out, 1, &board, step, board.values());
            }
        }
        _ => {
            let _ = writeln!(out, "<h1>{source}</h1>");
            let words = match problem(answer, settings) {
                Some(problem) => problem.what,
                None => verdict(answer),
            };
            let _ = writeln!(out, "<p>{}</p>", escape(&words));
        }
    }
    out.push_str("</article>\n");
    page.out.extend_from_slice(out.as_bytes());
}

/// Every step of a path from `puzzle`, each drawn on the grid as it stands before it, then
/// the end.
fn steps_of(out: &mut String, puzzle: &Puzzle, steps: &[Step], end: &[u8; 81], solved: bool) {
    let mut board = super::board_of(puzzle);
    let start = *board.values();
    for (number, step) in steps.iter().enumerate() {
        section(out, number + 1, &board, step, &start);
        step.apply(&mut board);
    }
    if solved {
        out.push_str("<figure class=\"end\">\n");
        svg::draw(&Sheet::solved(Some(puzzle), end), None, out);
        out.push_str("<figcaption>Solved.</figcaption>\n</figure>\n");
    } else {
        let _ = writeln!(out, "<p>{STUCK}</p>");
    }
}

/// What is said of an answer with no step to draw.
fn verdict(answer: &Answer) -> String {
    match &answer.outcome {
        Outcome::AlreadySolved { .. } => ALREADY_SOLVED.to_string(),
        Outcome::Stuck => STUCK.to_string(),
        Outcome::TimedOut(limit) => crate::output::text::timed_out(*limit),
        _ => crate::output::text::failure(answer),
    }
}

/// One step: the grid before it with the step drawn over it, and its words.
fn section(out: &mut String, number: usize, board: &Board, step: &Step, start: &[u8; 81]) {
    out.push_str("<section class=\"step\">\n");
    svg::draw(&Sheet::board(board, Some(step), start), None, out);
    let _ = writeln!(
        out,
        "<div class=\"words\">\n<h2>Step {number}: {}</h2>\n<p>{} ({})</p>",
        escape(&step.effect()),
        escape(&describe(step)),
        tenths(step.rating())
    );
    for branch in step.chains() {
        let _ = writeln!(out, "<p class=\"chain\">{}</p>", escape(branch));
    }
    out.push_str("</div>\n</section>\n");
}
