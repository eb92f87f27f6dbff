//! `-f svg`: a [`Sheet`] drawn as SVG, written directly (no drawing crate). Every digit is a
//! `<text>` element centred in its cell: a given has class `given` (black, bold), a filled-in
//! digit `filled` (blue), a candidate `cand` (small, in its place of the cell's 3 x 3). A step
//! adds row and column names around the grid, shades its houses, rings its pattern's
//! candidates (`pattern`), strikes out what it removes (`removed`), rings the digit it places
//! (`placed`) and draws its chain's links as arrows, strong ones solid (`link strong`), weak
//! ones dashed (`link weak`). A standalone picture of a hint also names its step under the
//! grid (`caption`, and the document's `<title>`), in the words `hint` prints; the HTML pages
//! name each step beside its picture instead.

use std::fmt::Write;

use super::{escape, Link, Sheet};
use crate::exit::Exit;
use crate::outcome::{Answer, Outcome};
use crate::output::text::tenths;
use crate::output::{undrawable, Page, Problem, Renderer, Settings};
use sudoku_solver::describe;

/// The side of a cell, in SVG units (pixels).
pub(crate) const CELL: f64 = 54.0;
/// The margin around a plain grid.
const MARGIN: f64 = 6.0;
/// The margin around a grid with row and column names.
const NAMED_MARGIN: f64 = 28.0;

/// The colours of strong and weak links.
const STRONG: &str = "#1c5fb8";
const WEAK: &str = "#d9480f";

const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// The caption's font size, the height of each of its lines, and the most characters a line
/// holds (its words are wrapped to the grid's width).
const CAPTION_SIZE: f64 = 14.0;
const CAPTION_LINE: f64 = 19.0;
const CAPTION_CHARS: usize = 52;

/// `-f svg`: one standalone picture. An SVG document holds one: the first answer is drawn, the
/// others refused.
pub(crate) struct SvgRenderer {
    settings: Settings<'static>,
}

impl SvgRenderer {
    pub(crate) fn new(settings: Settings) -> SvgRenderer {
        SvgRenderer {
            settings: settings.without_template(),
        }
    }
}

impl Renderer for SvgRenderer {
    fn render(&self, answer: &Answer, page: &mut Page) -> Result<(), Problem> {
        if answer.ordinal > 1 {
            return Err(Problem {
                exit: Exit::Usage,
                place: Some(answer.source.to_string()),
                what: "not drawn: -f svg draws the first puzzle only (give one puzzle, or use \
                       -f pdf or -f html for several)"
                    .to_string(),
            });
        }
        let Some(sheet) = sheet_of(answer) else {
            // Nothing to draw: the answer's problem says why on stderr, or this one does.
            return undrawable(answer, &self.settings).map_or(Ok(()), Err);
        };
        page.begin(false);
        let caption = caption_of(answer);
        page.out
            .extend_from_slice(standalone(&sheet, caption.as_deref()).as_bytes());
        Ok(())
    }
}

/// The words under a standalone picture: a hint's step as `hint` prints it
/// (`r1c6=8, hidden single in box 2 (1.2)`); none for the other pictures.
fn caption_of(answer: &Answer) -> Option<String> {
    match &answer.outcome {
        Outcome::Hint(step) => Some(format!(
            "{}, {} ({})",
            step.effect(),
            describe(step),
            tenths(step.rating())
        )),
        _ => None,
    }
}

/// What an answer's picture shows, if it has one.
pub(crate) fn sheet_of(answer: &Answer) -> Option<Sheet> {
    let puzzle = answer.puzzle.as_ref();
    Some(match &answer.outcome {
        Outcome::Solved(solution) | Outcome::Unique(solution) => Sheet::solved(puzzle, solution),
        Outcome::Canonical(cells) | Outcome::Minimized(cells) => {
            Sheet::digits(*cells, cells.map(|v| v != 0))
        }
        Outcome::Transformed { cells, candidates } => match candidates {
            Some(candidates) => {
                let board = sudoku_solver::Board::from_candidates(candidates);
                Sheet::board(&board, None, board.values())
            }
            None => Sheet::digits(*cells, cells.map(|v| v != 0)),
        },
        Outcome::AlreadySolved { grid, .. } => Sheet::digits(*grid, grid.map(|v| v != 0)),
        Outcome::Hint(step) => {
            let board = super::board_of(puzzle?);
            Sheet::board(&board, Some(step), board.values())
        }
        Outcome::Stuck => {
            let board = super::board_of(puzzle?);
            Sheet::board(&board, None, board.values())
        }
        Outcome::Generated { .. } => Sheet::puzzle(puzzle?),
        _ => return None,
    })
}

/// A standalone SVG document of `sheet`, with `caption` under the grid.
pub(crate) fn standalone(sheet: &Sheet, caption: Option<&str>) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    draw(sheet, caption, &mut out);
    out
}

/// `text` in lines of at most [`CAPTION_CHARS`] characters, broken between words (a longer
/// word has a line of its own).
fn wrap(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= CAPTION_CHARS => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The origin of the grid and the side of the whole picture.
fn frame(sheet: &Sheet) -> (f64, f64) {
    let margin = if sheet.marks.is_some() {
        NAMED_MARGIN
    } else {
        MARGIN
    };
    (margin, 9.0 * CELL + 2.0 * margin)
}

/// The top left corner of `cell`'s box.
fn corner(origin: f64, cell: usize) -> (f64, f64) {
    (
        origin + (cell % 9) as f64 * CELL,
        origin + (cell / 9) as f64 * CELL,
    )
}

/// The centre of candidate `d`'s place in `cell`.
fn candidate_centre(origin: f64, cell: usize, d: u8) -> (f64, f64) {
    let (x, y) = corner(origin, cell);
    let k = (d - 1) as usize;
    (
        x + ((k % 3) as f64 + 0.5) * CELL / 3.0,
        y + ((k / 3) as f64 + 0.5) * CELL / 3.0,
    )
}

/// Appends the `<svg>` element of `sheet` to `out`, with `caption` (and a `<title>` of it)
/// under the grid when there is one.
pub(crate) fn draw(sheet: &Sheet, caption: Option<&str>, out: &mut String) {
    let (o, side) = frame(sheet);
    let caption_lines = caption.map(wrap).unwrap_or_default();
    // The grid's bottom edge: a caption's lines start there, and the margin follows them.
    let bottom = o + 9.0 * CELL;
    let height = if caption_lines.is_empty() {
        side
    } else {
        bottom + caption_lines.len() as f64 * CAPTION_LINE + o / 2.0
    };
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{height}\" \
         viewBox=\"0 0 {side} {height}\" font-family=\"{FONT}\">"
    );
    if let Some(caption) = caption {
        let _ = writeln!(out, "<title>{}</title>", escape(caption));
    }
    out.push_str("<defs>");
    for (kind, colour) in [("strong", STRONG), ("weak", WEAK)] {
        let _ = write!(
            out,
            "<marker id=\"arrow-{kind}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" \
             markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\">\
             <path d=\"M0,0 L10,5 L0,10 z\" fill=\"{colour}\"/></marker>"
        );
    }
    out.push_str("</defs>\n");
    let _ = writeln!(
        out,
        "<rect width=\"{side}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    if let Some(marks) = &sheet.marks {
        for house in marks.houses.iter() {
            for &cell in house.cells() {
                shade(out, o, cell as usize, "house", "#e8f0fb");
            }
        }
        for cell in 0..81 {
            if marks.pattern.at(cell) != 0 {
                shade(out, o, cell, "pattern-cell", "#fff2b3");
            }
        }
        if let Some((cell, _)) = marks.placement {
            shade(out, o, cell, "placed-cell", "#c9f0c9");
        }
        names(out, o);
    }
    lines(out, o);
    for cell in 0..81 {
        digits(sheet, out, o, cell);
    }
    if let Some(marks) = &sheet.marks {
        for link in &marks.links {
            arrow(out, o, link);
        }
    }
    // The caption's lines, left-aligned with the grid, under it.
    for (k, line) in caption_lines.iter().enumerate() {
        let y = bottom + (k + 1) as f64 * CAPTION_LINE - 2.0;
        let _ = writeln!(
            out,
            "<text class=\"caption\" x=\"{o}\" y=\"{y:.1}\" font-size=\"{CAPTION_SIZE}\" \
             fill=\"#000\">{}</text>",
            escape(line)
        );
    }
    out.push_str("</svg>\n");
}

fn shade(out: &mut String, o: f64, cell: usize, class: &str, fill: &str) {
    let (x, y) = corner(o, cell);
    let _ = writeln!(
        out,
        "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
    );
}

/// Row names down the left, column names along the top.
fn names(out: &mut String, o: f64) {
    for i in 0..9 {
        let along = o + (i as f64 + 0.5) * CELL;
        let _ = writeln!(
            out,
            "<text class=\"name\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" fill=\"#555\" \
             text-anchor=\"middle\">r{}</text>",
            o / 2.0,
            along + 4.5,
            i + 1
        );
        let _ = writeln!(
            out,
            "<text class=\"name\" x=\"{along:.1}\" y=\"{:.1}\" font-size=\"13\" fill=\"#555\" \
             text-anchor=\"middle\">c{}</text>",
            o / 2.0 + 4.5,
            i + 1
        );
    }
}

/// The thin cell lines, the thick box lines, and the border (class `border`).
fn lines(out: &mut String, o: f64) {
    let end = o + 9.0 * CELL;
    out.push_str("<g stroke=\"#000\" stroke-linecap=\"square\">\n");
    for i in 1..9 {
        let at = o + i as f64 * CELL;
        let width = if i % 3 == 0 { 2.5 } else { 0.8 };
        let colour = if i % 3 == 0 { "#000" } else { "#888" };
        let _ = writeln!(
            out,
            "<line x1=\"{at}\" y1=\"{o}\" x2=\"{at}\" y2=\"{end}\" stroke=\"{colour}\" stroke-width=\"{width}\"/>\
             <line x1=\"{o}\" y1=\"{at}\" x2=\"{end}\" y2=\"{at}\" stroke=\"{colour}\" stroke-width=\"{width}\"/>"
        );
    }
    let side = 9.0 * CELL;
    let _ = writeln!(
        out,
        "<rect class=\"border\" x=\"{o}\" y=\"{o}\" width=\"{side}\" height=\"{side}\" fill=\"none\" stroke-width=\"3\"/>"
    );
    out.push_str("</g>\n");
}

/// The digit of `cell`, or its candidates with their marks.
fn digits(sheet: &Sheet, out: &mut String, o: f64, cell: usize) {
    let (x, y) = corner(o, cell);
    let value = sheet.values[cell];
    if value != 0 {
        let (class, fill, weight) = if sheet.given[cell] {
            ("given", "#000", "bold")
        } else {
            ("filled", "#1c5fb8", "normal")
        };
        let _ = writeln!(
            out,
            "<text class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.0}\" font-weight=\"{weight}\" \
             fill=\"{fill}\" text-anchor=\"middle\">{value}</text>",
            x + CELL / 2.0,
            y + CELL * 0.73,
            CELL * 0.66
        );
        return;
    }
    let marks = sheet.marks.as_ref();
    for d in sudoku_solver::mask::digits_of(sheet.candidates[cell]) {
        let (cx, cy) = candidate_centre(o, cell, d);
        let placed = marks.and_then(|m| m.placement) == Some((cell, d));
        let removed = marks.is_some_and(|m| m.eliminations.contains(cell, d));
        let pattern = marks.is_some_and(|m| m.pattern.contains(cell, d));
        let (class, ring, fill) = if placed {
            ("cand placed", Some("#3c9a3c"), "#fff")
        } else if removed {
            ("cand removed", Some("#f6b4b4"), "#b00000")
        } else if pattern {
            ("cand pattern", Some("#8fcf8f"), "#000")
        } else {
            ("cand", None, "#555")
        };
        if let Some(ring) = ring {
            let _ = writeln!(
                out,
                "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"{ring}\"/>",
                CELL / 7.0
            );
        }
        let _ = writeln!(
            out,
            "<text class=\"{class}\" x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"{:.0}\" fill=\"{fill}\" \
             text-anchor=\"middle\">{d}</text>",
            cy + CELL * 0.08,
            CELL * 0.23
        );
        if removed {
            let r = CELL / 7.0;
            let _ = writeln!(
                out,
                "<line class=\"strike\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
                 stroke=\"#b00000\" stroke-width=\"1.6\"/>",
                cx - r,
                cy + r,
                cx + r,
                cy - r
            );
        }
    }
}

/// A link of a chain, from the edge of one candidate's ring to the edge of the other's.
fn arrow(out: &mut String, o: f64, link: &Link) {
    let (x1, y1) = candidate_centre(o, link.from.0, link.from.1);
    let (x2, y2) = candidate_centre(o, link.to.0, link.to.1);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt();
    let r = CELL / 7.0;
    if length <= 2.0 * r {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let (kind, colour, style) = if link.strong {
        ("strong", STRONG, "stroke-width=\"2\"")
    } else {
        (
            "weak",
            WEAK,
            "stroke-width=\"1.6\" stroke-dasharray=\"5 3\"",
        )
    };
    let _ = writeln!(
        out,
        "<line class=\"link {kind}\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
         stroke=\"{colour}\" {style} marker-end=\"url(#arrow-{kind})\"/>",
        x1 + ux * r,
        y1 + uy * r,
        x2 - ux * r,
        y2 - uy * r
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_candidate_sits_in_its_ninth_of_its_cell() {
        for origin in [MARGIN, NAMED_MARGIN] {
            for cell in 0..81 {
                let (x0, y0) = corner(origin, cell);
                for d in 1..=9u8 {
                    let (x, y) = candidate_centre(origin, cell, d);
                    let k = (d - 1) as f64;
                    let third = CELL / 3.0;
                    let (col, row) = (k % 3.0, (k / 3.0).floor());
                    assert!(x > x0 + col * third && x < x0 + (col + 1.0) * third);
                    assert!(y > y0 + row * third && y < y0 + (row + 1.0) * third);
                }
            }
        }
    }

    #[test]
    fn a_link_too_short_to_draw_is_left_out_and_others_end_at_the_rings() {
        let mut out = String::new();
        let link = |to| Link {
            from: (0, 1),
            to,
            strong: true,
        };
        arrow(&mut out, MARGIN, &link((0, 1)));
        assert!(out.is_empty());
        arrow(&mut out, MARGIN, &link((0, 3)));
        // From candidate 1 to candidate 3 of the same cell: two thirds of a cell apart, less
        // a ring's radius at each end.
        let x1 = MARGIN + CELL / 6.0 + CELL / 7.0;
        let x2 = MARGIN + 5.0 * CELL / 6.0 - CELL / 7.0;
        assert!(
            out.contains(&format!("x1=\"{x1:.1}\"")) && out.contains(&format!("x2=\"{x2:.1}\""))
        );
        assert!(out.contains("class=\"link strong\""));
    }
}
