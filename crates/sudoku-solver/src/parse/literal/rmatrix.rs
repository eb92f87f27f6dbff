//! R's `matrix(` calls, which decide whether the board written inside them is read row by row.
//!
//! R fills a matrix column by column unless the call says `byrow = TRUE`, so a board written row
//! by row inside `matrix(c(...), nrow = 9)` is, to R, its transpose; the parser reads it as R
//! does. R matches a call's arguments by name first (a name may be cut short: `by = TRUE`), then
//! the rest by position, in the order `data, nrow, ncol, byrow, dimnames`: `matrix(c(...), 9, 9,
//! TRUE)` is by row. `t(matrix(...))` transposes the matrix again.
//!
//! Only R spells the call this way: `matrix([[...]])` (math.js, numpy) takes its rows as
//! written, and `np.matrix(`, `math.matrix(` are methods, not R's function.

use std::collections::VecDeque;
use std::io::Read;

use super::{Parsed, Parser, CELLS};
use crate::grid::Grid;

/// The parameters of R's `matrix`, in order.
const FORMALS: [&[u8]; 5] = [b"data", b"nrow", b"ncol", b"byrow", b"dimnames"];

/// Bytes of an argument kept to read it: enough for `byrow = FALSE`.
const ARG_TEXT: usize = 32;

/// An R `matrix(` call being read.
#[derive(Debug)]
pub(in crate::parse) struct RMatrix {
    /// Brackets still open since `matrix(`.
    depth: usize,
    /// `byrow = TRUE` (or `T`) or `FALSE` (`F`) was read by name.
    byrow: Option<bool>,
    /// The call stands inside `t(`: R's transpose.
    transposed: bool,
    /// The text of the argument being read, outside its own brackets (`data = c`, `TRUE`).
    arg: Vec<u8>,
    /// The parameters given by name so far (bits in the order of [`FORMALS`]).
    named: u8,
    /// The arguments given by position so far: `Some` for a logical constant.
    positional: Vec<Option<bool>>,
    /// The call's opening was not seen, and it stood inside another call: how the board is
    /// held is unknown.
    wrapped: bool,
}

impl RMatrix {
    fn new(depth: usize, transposed: bool) -> RMatrix {
        RMatrix {
            depth,
            byrow: None,
            transposed,
            arg: Vec::new(),
            named: 0,
            positional: Vec::new(),
            wrapped: false,
        }
    }

    /// The call that `line` opens, read to the line's end.
    pub(in crate::parse) fn opens(line: &[u8]) -> Option<RMatrix> {
        let at = line.windows(7).position(|w| w == b"matrix(")?;
        if at > 0 && is_name_byte(line[at - 1]) {
            return None;
        }
        // R writes no list in brackets: `matrix([[...]])` is another language's, by rows.
        if matches!(line[at + 7..].trim_ascii_start().first(), Some(b'[' | b'{')) {
            return None;
        }
        // `t(matrix(...))`, `t( t(matrix(...)))`: each `t(` transposes.
        let mut before = line[..at].trim_ascii_end();
        let mut transposed = false;
        while let Some(rest) = before.strip_suffix(b"t(") {
            if rest.last().is_some_and(|&b| is_name_byte(b)) {
                break;
            }
            transposed = !transposed;
            before = rest.trim_ascii_end();
        }
        let mut call = RMatrix::new(0, transposed);
        call.read(&line[at..]);
        Some(call)
    }

    /// The call that `line` closes though its opening was not seen (lost, or before the rows
    /// in a way not read), when the arguments after the close are a matrix's (`nrow =`,
    /// `ncol =`): `0, 7, 9), nrow = 9)`.
    pub(in crate::parse) fn closes(line: &[u8]) -> Option<RMatrix> {
        let close = line.iter().position(|&b| b == b')')?;
        let rest = &line[close..];
        let named = |name: &[u8]| rest.windows(name.len()).any(|w| w == name);
        let sized = rest[1..]
            .trim_ascii_start()
            .strip_prefix(b",")
            .and_then(|r| r.trim_ascii_start().first())
            .is_some_and(u8::is_ascii_digit);
        if !(named(b"nrow") || named(b"ncol") || sized) {
            return None;
        }
        // The bracket closed the data (`c(`), the call's first argument.
        let mut call = RMatrix::new(1, false);
        call.arg.push(b'c');
        call.read(&rest[1..]);
        // A bracket closed after the call's own: it stood inside another call, which the lost
        // line named (`t(`, which transposes it back, or another): unknown, read as written.
        call.wrapped = call.depth == 0 && rest[1..].iter().filter(|&&b| b == b')').count() > 1;
        call.depth = 0;
        Some(call)
    }

    /// Reads the next line of the call, until its brackets close.
    pub(in crate::parse) fn feed(&mut self, line: &[u8]) {
        if !self.closed() {
            self.read(line);
        }
    }

    fn read(&mut self, line: &[u8]) {
        for &b in line {
            match b {
                b'(' => {
                    if self.depth == 1 && self.arg.len() < ARG_TEXT {
                        self.arg.push(b);
                    }
                    self.depth += 1;
                }
                b')' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        self.end_arg(false);
                    }
                }
                b',' if self.depth == 1 => self.end_arg(true),
                b'#' if self.depth >= 1 => break,
                _ if self.depth == 1 && self.arg.len() < ARG_TEXT => self.arg.push(b),
                _ => {}
            }
        }
        // Said by name where the call's brackets are lost or unbalanced, too.
        if let Some(at) = line.windows(5).position(|w| w == b"byrow") {
            let rest = line[at + 5..].trim_ascii_start();
            if let Some(value) = rest.strip_prefix(b"=").and_then(logical) {
                self.byrow = Some(value);
            }
        }
    }

    /// An argument ends (`by_comma`: at a `,`, so even an empty one counts by position).
    fn end_arg(&mut self, by_comma: bool) {
        let text = std::mem::take(&mut self.arg);
        let text = text.trim_ascii();
        if text.is_empty() && !by_comma {
            return;
        }
        let eq = text
            .iter()
            .position(|&b| b == b'=')
            .filter(|&i| text.get(i + 1) != Some(&b'='));
        let name = eq.map(|i| text[..i].trim_ascii());
        match name {
            Some(name) if !name.is_empty() && name.iter().all(|&b| is_name_byte(b)) => {
                // Exact, or the one parameter the name starts.
                let exact = FORMALS.iter().position(|f| *f == name);
                let mut partial = FORMALS
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.starts_with(name));
                let which = exact.or(match (partial.next(), partial.next()) {
                    (Some((k, _)), None) => Some(k),
                    _ => None,
                });
                if let Some(k) = which {
                    self.named |= 1 << k;
                    if k == 3 {
                        self.byrow = logical(&text[eq.expect("a name") + 1..]);
                    }
                }
            }
            _ => self.positional.push(logical(text)),
        }
    }

    /// The call's brackets have closed.
    pub(in crate::parse) fn closed(&self) -> bool {
        self.depth == 0
    }

    /// `byrow` as R reads it: by name, else by position, else (a closed call) `FALSE`. `None`
    /// when unknown: a call that never closed and never said (a damaged file) may have lost it.
    fn by_row(&self) -> Option<bool> {
        if self.wrapped {
            return None;
        }
        if self.byrow.is_some() {
            return self.byrow;
        }
        let place = (0..3).filter(|&k| self.named & (1 << k) == 0).count();
        match self.positional.get(place) {
            Some(value) => *value,
            None => self.closed().then_some(false),
        }
    }

    /// A board read inside the call, as R holds it: transposed unless by row (then transposed
    /// again by `t(`). A board whose `byrow` is unknown is read as written.
    pub(in crate::parse) fn as_r_reads(&self, cells: &[u8; CELLS]) -> [u8; CELLS] {
        let by_column = self.by_row().is_some_and(|byrow| !byrow);
        if by_column == self.transposed {
            *cells
        } else {
            std::array::from_fn(|i| cells[(i % 9) * 9 + i / 9])
        }
    }
}

impl<R: Read> Parser<R> {
    /// Follows R's `matrix(` calls: a new one replaces the last; a closed one is kept only until
    /// the board read inside it ends.
    pub(in crate::parse) fn track_matrix(&mut self, line: &[u8]) {
        if let Some(call) = RMatrix::opens(line) {
            self.matrix = Some(call);
        } else if self.matrix.is_none() && self.grids.is_block() {
            self.matrix = RMatrix::closes(line);
        } else if let Some(call) = &mut self.matrix {
            if !call.closed() || self.grids.is_block() {
                call.feed(line);
            } else {
                self.matrix = None;
            }
        }
    }

    /// The grids a block gave inside a `matrix(` call, as R holds them.
    pub(in crate::parse) fn as_matrix_reads(&mut self, out: &mut VecDeque<Parsed>) {
        if let Some(call) = &self.matrix {
            for puzzle in out.iter_mut().flatten() {
                puzzle.grid = Grid::from_cells(call.as_r_reads(puzzle.grid.cells()))
                    .expect("the same digits");
            }
            if call.closed() {
                self.matrix = None;
            }
        }
    }
}

/// A byte of an R name.
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.')
}

/// R's logical constants: `TRUE`, `T`, `FALSE`, `F`.
fn logical(value: &[u8]) -> Option<bool> {
    let value = value.trim_ascii();
    let word = value
        .iter()
        .position(|&b| !is_name_byte(b))
        .map_or(value, |end| &value[..end]);
    match word {
        b"TRUE" | b"T" => Some(true),
        b"FALSE" | b"F" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a board read inside the call that `lines` write is transposed.
    fn transposes(lines: &[&str]) -> bool {
        let mut call = RMatrix::opens(lines[0].as_bytes()).expect("a call");
        for line in &lines[1..] {
            call.feed(line.as_bytes());
        }
        let cells: [u8; CELLS] = std::array::from_fn(|i| (i % 10) as u8);
        call.as_r_reads(&cells) != cells
    }

    #[test]
    fn byrow_by_name_by_position_and_by_a_short_name() {
        assert!(transposes(&["m <- matrix(c(1, 2), nrow = 9)"]));
        assert!(!transposes(&["m <- matrix(c(1, 2), 9, 9, TRUE)"]));
        assert!(transposes(&["m <- matrix(c(1, 2), 9, 9, FALSE)"]));
        assert!(!transposes(&[
            "m <- matrix(c(1, 2), nrow = 9, ncol = 9, T)"
        ]));
        assert!(!transposes(&["m <- matrix(c(1, 2), 9, by = TRUE)"]));
        assert!(!transposes(&[
            "m <- matrix(ncol = 9, byrow = TRUE, data = c(1, 2))"
        ]));
        assert!(transposes(&["m <- matrix(c(1,", "2), 9, 9)"]));
        assert!(!transposes(&["m <- matrix(c(1,", "2), 9, 9,", "  TRUE)"]));
    }

    #[test]
    fn t_transposes_again() {
        assert!(!transposes(&["m <- t(matrix(c(1, 2), nrow = 9))"]));
        assert!(transposes(&["m <- t(matrix(c(1, 2), 9, 9, TRUE))"]));
        assert!(transposes(&["m <- t(t(matrix(c(1, 2), nrow = 9)))"]));
        // `fit(` is no `t(`.
        assert!(transposes(&["m <- fit(matrix(c(1, 2), nrow = 9))"]));
    }

    #[test]
    fn a_call_whose_opening_is_lost_is_known_by_its_close() {
        let cells: [u8; CELLS] = std::array::from_fn(|i| (i % 10) as u8);
        let read = |line: &str| RMatrix::closes(line.as_bytes()).map(|c| c.as_r_reads(&cells));
        assert_ne!(read("  0, 7, 9), nrow = 9)"), Some(cells));
        assert_ne!(read("  0, 7, 9), 9, 9)"), Some(cells));
        assert_eq!(read("  0, 7, 9), 9, 9, TRUE)"), Some(cells));
        // Inside another call (`t(`, lost with the opening): read as written.
        assert_eq!(read("  0, 7, 9), nrow = 9))"), Some(cells));
        assert_eq!(read("  0, 7, 9)"), None);
    }

    #[test]
    fn other_languages_matrix_is_not_r() {
        assert!(RMatrix::opens(b"const m = matrix([[5, 3, 0],").is_none());
        assert!(RMatrix::opens(b"const m = math.matrix([").is_none());
        assert!(RMatrix::opens(b"m = np.matrix(").is_none());
    }
}
