//! A line outside any JSON value or CSV record, classified on its own, and what each kind of
//! line does to the grids being gathered: the line is made ready ([`cell_text`]), classified
//! (`classify.rs`), and handed to one of three groups: lines that shape a grid (blank lines,
//! separators, comments, labels, noise), lines that hold cells, and lines that are errors.

use std::collections::VecDeque;
use std::io::Read;

use super::grids::{Block, Control};
use super::json::Cursor;
use super::kind::{Context, LineKind, Row};
use super::mode::Grids;
use super::{classify, rows, Form, GridCut, ParseError, Parser, Puzzle};
use crate::grid::Grid;

/// Labels longer than this are cut (they name a puzzle in JSON output, nothing more).
const MAX_LABEL: usize = 200;

/// The text of a line that cells are read from: box-drawing characters as their ASCII forms
/// (`unboxed`, when it has any), and without a backslash that ends it (Markdown's hard break, a
/// continued line in C or a shell), which belongs to no cell.
fn cell_text<'a>(line: &'a [u8], unboxed: Option<&'a [u8]>) -> &'a [u8] {
    let line = unboxed.unwrap_or(line);
    match line.trim_ascii_end().strip_suffix(b"\\") {
        Some(text) if !text.ends_with(b"\\") => text,
        _ => line,
    }
}

impl<R: Read> Parser<R> {
    /// A line outside any JSON value or CSV record, classified on its own.
    pub(super) fn read_line(&mut self, line: &[u8]) {
        if self.flat_takes(line) {
            return;
        }
        self.line_cells = classify::weight(line);
        self.track_matrix(line);
        let unboxed = rows::unbox(line);
        let line = cell_text(line, unboxed.as_deref());
        let context = Context {
            header: self.header.as_ref(),
            first_line: self.line_no == 1,
            labelled: false,
        };
        let kind = classify::classify(line, &context);
        if self.board_declared(line, &kind) {
            return;
        }
        if !matches!(kind, LineKind::OtherSize { .. } | LineKind::Blank) {
            self.other_size_ends();
        }
        match &kind {
            LineKind::Row(_) | LineKind::LabelledRow(_) | LineKind::SideBySide(_) => {
                self.region.nine(self.line_no, 1)
            }
            LineKind::Rows(rows) => self.region.nine(self.line_no, rows.len()),
            _ => {}
        }
        self.take_kind(line, kind);
    }

    /// Hands a classified line to what it does.
    fn take_kind(&mut self, line: &[u8], kind: LineKind) {
        match kind {
            LineKind::Blank
            | LineKind::Comment
            | LineKind::Count
            | LineKind::Separator { .. }
            | LineKind::Solution
            | LineKind::SolutionLabel
            | LineKind::Noise { .. }
            | LineKind::Label { .. } => self.shaping_line(line, kind),
            LineKind::Bad { .. } | LineKind::Number { .. } => self.bad_line(line, kind),
            _ => self.cells_line(line, kind),
        }
    }

    /// A line that holds no cells of a puzzle: it keeps the grids being gathered open, ends
    /// them, or names what comes next.
    fn shaping_line(&mut self, line: &[u8], kind: LineKind) {
        match kind {
            LineKind::Blank => {
                let ends = self.grids.blocks_mut().map(Block::blank);
                if ends.fold(false, |end, c| end | (c == Control::End)) {
                    self.end_block(GridCut::BlankLine(self.line_no));
                }
            }
            LineKind::Comment => self.end_block(GridCut::Comment(self.line_no)),
            LineKind::Separator { rule } => {
                let ends = self.grids.blocks_mut().map(|b| b.separator(rule, line));
                if ends.fold(false, |end, c| end | (c == Control::End)) {
                    self.end_block(GridCut::Separator(self.line_no));
                }
            }
            LineKind::Solution => self.end_block(GridCut::Label(self.line_no)),
            LineKind::SolutionLabel => {
                self.end_block(GridCut::Label(self.line_no));
                self.label = None;
                self.solution_next = true;
            }
            LineKind::Noise { col, kind } => {
                if self.grids.block_mut().is_some_and(|b| b.mid_grid()) {
                    // Inside a grid, a line with cells in it, or drawn like a separator, is that
                    // grid's damaged row or separator; a line of neither (`}` after a repeated
                    // row) ends the grid, as a line of another layout would.
                    let drawn = line
                        .iter()
                        .filter(|b| matches!(b, b'-' | b'=' | b'+' | b'|' | b'*'))
                        .count();
                    if self.line_cells > 0 || drawn >= 3 {
                        let error = self.error(col, kind);
                        self.row(Err(error));
                    } else {
                        self.end_block(GridCut::OtherLayout(self.line_no));
                    }
                } else {
                    self.end_block(GridCut::Label(self.line_no));
                }
            }
            LineKind::Label { header } => {
                self.end_block(GridCut::Label(self.line_no));
                match header {
                    Some(header) if header.names_a_column() => {
                        self.header = Some(header);
                        self.label = None;
                    }
                    _ => self.label = Some(label_text(line)),
                }
            }
            _ => {}
        }
    }

    /// A line that holds cells: a puzzle, rows of a grid, the start of a JSON value, or a
    /// board of another size.
    fn cells_line(&mut self, line: &[u8], kind: LineKind) {
        match kind {
            LineKind::SideBySide(rows) => self.side_by_side(rows),
            LineKind::Json { at, solution } => {
                self.end_block(GridCut::OtherLayout(self.line_no));
                let solution = solution || std::mem::take(&mut self.solution_next);
                self.start_json(line, at, Cursor::START, solution);
            }
            LineKind::Whole(whole) => {
                self.end_block(GridCut::OtherLayout(self.line_no));
                let mut puzzle = whole.into_puzzle(self.line_no, Form::Line);
                if let Some(call) = self.matrix.take() {
                    puzzle.grid = Grid::from_cells(call.as_r_reads(puzzle.grid.cells()))
                        .expect("the same digits");
                }
                self.line_puzzle(puzzle);
            }
            LineKind::Row(row) => self.row(Ok(row)),
            LineKind::LabelledRow(row) => {
                if let Some(block) = self.grids.block_mut() {
                    block.drop_column_labels();
                }
                self.row(Ok(row));
            }
            LineKind::Rows(rows) => {
                for row in rows {
                    self.row(Ok(Row::Cells(row)));
                }
                self.rows_close_board(line);
            }
            LineKind::OtherSize { width, whole } => {
                self.end_block(GridCut::OtherLayout(self.line_no));
                self.other_size(width, whole);
            }
            _ => {}
        }
    }

    /// A line that is no puzzle, row or label: a damaged row of the grid being read, or an
    /// error in a slot of its own (unless it repeats the last bad line's shape).
    fn bad_line(&mut self, line: &[u8], kind: LineKind) {
        match kind {
            LineKind::Bad {
                col,
                kind,
                row_like: true,
            } => {
                let error = self.error(col, kind);
                self.row(Err(error));
            }
            LineKind::Number { label, col, kind } => {
                let error = self.error(col, kind);
                self.row_labelled(Err(error), Some(label));
            }
            LineKind::Bad { col, kind, .. } => {
                self.end_block(GridCut::OtherLayout(self.line_no));
                if self.same_shape_as_last(line, &kind) {
                    return;
                }
                let error = self.error(col, kind);
                self.push(Err(error));
            }
            _ => {}
        }
    }

    /// Rows of grids side by side: one to each lane, which a different number of lanes starts
    /// afresh.
    fn side_by_side(&mut self, rows: Vec<Row>) {
        let lanes = match &self.grids {
            Grids::Side(lanes) => lanes.len(),
            _ => 0,
        };
        if lanes != rows.len() {
            self.end_block(GridCut::OtherLayout(self.line_no));
            self.grids = Grids::Side(rows.iter().map(|_| Block::new(false)).collect());
        }
        let mut out = VecDeque::new();
        for (lane, row) in self.grids.blocks_mut().zip(rows) {
            lane.row(self.line_no, 9, Ok(row), None, &mut out);
        }
        self.push_all(out);
    }

    /// Queues a puzzle written on one line, unless a solution's name on the line before said it
    /// is a solution (`Solution:`). (A solved grid on its own line is a puzzle, even right after
    /// the puzzle it solves: it may be a finished game, and nothing is dropped on a guess.)
    pub(super) fn line_puzzle(&mut self, puzzle: Puzzle) {
        if std::mem::take(&mut self.solution_next) {
            return;
        }
        self.push(Ok(puzzle));
    }

    pub(super) fn row(&mut self, row: Result<Row, ParseError>) {
        self.row_labelled(row, None);
    }

    /// A grid row (or a line that should have been one, with the name it gives the grid after
    /// it when it is a lone number).
    fn row_labelled(&mut self, row: Result<Row, ParseError>, label: Option<Box<str>>) {
        let line = self.line_no;
        let mut out = VecDeque::new();
        // Rows right after the line that tore a block may be the rest of its damaged grid.
        let tail = self.torn_at == Some(line - 1);
        if self.grids.is_side() {
            self.end_block(GridCut::OtherLayout(line));
        }
        if self.grids.is_none() {
            let mut block = Block::new(tail);
            block.solution = std::mem::take(&mut self.solution_next);
            self.grids = Grids::Block(block);
        }
        let cells = self.line_cells;
        self.grids
            .block_mut()
            .expect("a block")
            .row(line, cells, row, label, &mut out);
        self.push_all(out);
    }
}

/// The text of a label line, trimmed and cut to [`MAX_LABEL`] characters.
fn label_text(line: &[u8]) -> Box<str> {
    let text = String::from_utf8_lossy(line);
    let text = text.trim();
    match text.char_indices().nth(MAX_LABEL) {
        Some((at, _)) => text[..at].into(),
        None => text.into(),
    }
}
