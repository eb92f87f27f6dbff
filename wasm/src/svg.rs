//! The picture of a hint, drawn here: the command line's SVG renderer belongs to its
//! application layer (src/output/picture/svg.rs, with clap and the rest), which this package
//! does not link. This one draws the same things more plainly: the grid with its digits and
//! the candidates of the empty cells, the step's houses shaded, the candidates that prove it
//! ringed, what it removes struck out in red and the digit it places ringed in green, with the
//! step's words under the grid.

use std::fmt::Write;
use sudoku_solver::{describe, Board, Step};

use crate::records::removed;

const CELL: f64 = 48.0;
const MARGIN: f64 = 4.0;
const CAPTION_CHARS: usize = 56;

/// The XML-escaped text.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The words wrapped to lines of at most CAPTION_CHARS characters.
fn wrap(text: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let last = lines.last_mut().expect("one line at least");
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > CAPTION_CHARS {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// The centre of candidate `d` in `cell`.
fn spot(cell: usize, d: u8) -> (f64, f64) {
    let (r, c) = ((cell / 9) as f64, (cell % 9) as f64);
    let k = f64::from(d - 1);
    (
        MARGIN + c * CELL + (k % 3.0 + 0.5) * CELL / 3.0,
        MARGIN + r * CELL + ((k / 3.0).floor() + 0.5) * CELL / 3.0,
    )
}

/// The board as it stands, with `step` drawn over it when given, as one SVG document.
pub(crate) fn picture(board: &Board, givens: &[u8; 81], step: Option<&Step>) -> String {
    let side = 9.0 * CELL;
    let caption = step.map(|s| wrap(&describe(s))).unwrap_or_default();
    let height = 2.0 * MARGIN
        + side
        + 20.0 * caption.len() as f64
        + if caption.is_empty() { 0.0 } else { 8.0 };
    let width = 2.0 * MARGIN + side;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#
    );
    if let Some(step) = step {
        let _ = write!(out, "<title>{}</title>", escape(&describe(step)));
    }
    let _ = write!(
        out,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>"##
    );
    if let Some(step) = step {
        for house in step.houses().iter() {
            for &cell in house.cells() {
                let (x, y) = (
                    MARGIN + f64::from(cell % 9) * CELL,
                    MARGIN + f64::from(cell / 9) * CELL,
                );
                let _ = write!(
                    out,
                    r##"<rect class="house" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#fff3bf"/>"##
                );
            }
        }
    }
    for i in 0..=9 {
        let at = MARGIN + f64::from(i) * CELL;
        let w = if i % 3 == 0 { 2.5 } else { 0.8 };
        let _ = write!(
            out,
            r##"<line x1="{at}" y1="{MARGIN}" x2="{at}" y2="{end}" stroke="#222" stroke-width="{w}"/><line x1="{MARGIN}" y1="{at}" x2="{end}" y2="{at}" stroke="#222" stroke-width="{w}"/>"##,
            end = MARGIN + side
        );
    }
    let pattern = step.map(|s| *s.pattern());
    let gone = step.map(removed).unwrap_or_default();
    let placed = step.and_then(Step::placement);
    for (cell, &given) in givens.iter().enumerate() {
        let value = board.value(cell);
        let (x, y) = (
            MARGIN + (cell % 9) as f64 * CELL + CELL / 2.0,
            MARGIN + (cell / 9) as f64 * CELL + CELL / 2.0,
        );
        if value != 0 {
            let (class, colour, weight) = if given != 0 {
                ("given", "#111", "bold")
            } else {
                ("filled", "#1c5fb8", "normal")
            };
            let _ = write!(
                out,
                r#"<text class="{class}" x="{x}" y="{y}" font-size="30" font-weight="{weight}" fill="{colour}" text-anchor="middle" dominant-baseline="central">{value}</text>"#
            );
            continue;
        }
        for d in 1..=9u8 {
            if !board.has(cell, d) {
                continue;
            }
            let (cx, cy) = spot(cell, d);
            if placed == Some((cell, d)) {
                let _ = write!(
                    out,
                    r##"<circle class="placed" cx="{cx}" cy="{cy}" r="7.5" fill="#b2f2bb" stroke="#2b8a3e" stroke-width="2"/>"##
                );
            } else if pattern.is_some_and(|p| p.contains(cell, d)) {
                let _ = write!(
                    out,
                    r##"<circle class="pattern" cx="{cx}" cy="{cy}" r="7" fill="#d0ebff" stroke="#1c5fb8" stroke-width="1.2"/>"##
                );
            }
            let _ = write!(
                out,
                r##"<text class="cand" x="{cx}" y="{cy}" font-size="12" fill="#555" text-anchor="middle" dominant-baseline="central">{d}</text>"##
            );
            if gone.contains(&(cell, d)) {
                let _ = write!(
                    out,
                    r##"<line class="removed" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#e03131" stroke-width="2"/>"##,
                    cx - 6.0,
                    cy + 6.0,
                    cx + 6.0,
                    cy - 6.0
                );
            }
        }
    }
    for (k, text) in caption.iter().enumerate() {
        let y = 2.0 * MARGIN + side + 18.0 + 20.0 * k as f64;
        let _ = write!(
            out,
            r##"<text class="caption" x="{MARGIN}" y="{y}" font-size="15" fill="#222">{}</text>"##,
            escape(text)
        );
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_solver::{next_step, Grid};

    #[test]
    fn the_picture_rings_the_placed_digit_and_names_the_step() {
        let grid: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let board = Board::from_grid(&grid);
        let step = next_step(&board, None).unwrap().unwrap();
        let svg = picture(&board, grid.cells(), Some(&step));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches("class=\"placed\"").count(), 1);
        assert!(svg.contains(&escape(&describe(&step))));
        assert_eq!(svg.matches("class=\"given\"").count(), grid.filled());
        assert!(wrap(&"word ".repeat(40))
            .iter()
            .all(|l| l.len() <= CAPTION_CHARS));
    }
}
