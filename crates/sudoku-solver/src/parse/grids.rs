//! Grid rows assembled into grids, so that no puzzle is ever glued from two grids.
//!
//! Consecutive row lines form a *block*. A block ends at a blank line, a comment, a label, a
//! line of another layout, the end of the input, or a separator line that cannot stand inside a
//! grid. Inside a grid, separators may stand only between bands (after rows 3 and 6); a blank
//! line may too, when the grid separates all its bands that way. The block is read only when it
//! has ended:
//!
//! - 9, 18, 27... rows with separators only in their places: that many grids, back to back;
//! - otherwise, bad lines standing where a grid would start are junk, each an error in its own
//!   slot, and the rest is read again by the first rule;
//! - otherwise a row is missing or repeated somewhere: no grid of the block is answered. It
//!   gives one error per 9 rows (at least one), so the slots after it stay in step, and never a
//!   solution to a puzzle that is not in the input.
//!
//! Separators: a grid holds at most two (its band separators), or one after every row (a
//! lattice, as box-drawing grids draw it); a third, two in a row, one after a full grid, or a
//! *rule* (one character repeated, `=========`, the way files separate whole grids) anywhere but
//! after rows 3 and 6 ends the block. A separator drawn like a band
//! separator (`------+-------+------`) in another place marks the grid as damaged but keeps it
//! open, so a damaged pretty grid gives one error, not two.

use std::collections::VecDeque;

use super::kind::Row;
use super::{Form, CELLS};
use super::{GridCut, ParseError, ParseErrorKind, Parsed, Puzzle};
use crate::grid::Candidates;

/// Grids of a block held at most before they are handed out (so a file of grids with no line
/// between them is still read in bounded memory).
const HELD_GRIDS: usize = 64;

/// One line of a block: a row, or a line that should have been one.
struct BlockLine {
    line: usize,
    /// The weight of its line: its cell characters, a row's worth more when the line is damaged
    /// itself (`classify::weight`).
    cells: usize,
    row: Result<Row, ParseError>,
    /// For a lone number (an error as a row): the name it gives the grid right after it.
    label: Option<Box<str>>,
}

/// The lines of one grid of a block.
#[derive(Default)]
struct GridLines {
    /// Bad lines before its first row: junk between grids, or its own first row, damaged (when
    /// only 8 rows follow).
    leading: Vec<BlockLine>,
    /// Its rows, good or bad.
    rows: Vec<BlockLine>,
}

/// A block of grid rows being read.
pub(super) struct Block {
    /// The grids of the block, back to back; the last is the current one.
    grids: Vec<GridLines>,
    /// Separators inside the current grid.
    separators: usize,
    /// The current grid separates its bands by blank lines.
    gapped: bool,
    /// The current grid has a separator out of place.
    grid_damaged: bool,
    /// Some grid of the block has a separator out of place.
    damaged: bool,
    /// The last line was a separator.
    after_separator: bool,
    /// The current grid's band separator, as drawn.
    band: Option<Vec<u8>>,
    /// The block starts right after the line that tore the block before it: its first rows may
    /// be the rest of a damaged grid, so a blank line ends it rather than gapping its bands.
    tail: bool,
    /// The current grid draws a rule after every row so far (a lattice, as box-drawing grids
    /// often are): bit `k` for a rule after row `k`.
    lattice: u16,
    /// The block follows a solution's name (`Solution:`): its grids are a solution, not puzzles.
    pub(super) solution: bool,
    /// The border drawn above the current grid's first row, if any.
    border: Option<Vec<u8>>,
}

/// Whether a line keeps the block open.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Control {
    Continue,
    End,
}

impl Block {
    /// A block; `tail` when it starts right after the line that tore the block before it.
    pub(super) fn new(tail: bool) -> Self {
        Block {
            tail,
            lattice: 0,
            solution: false,
            border: None,
            grids: vec![GridLines::default()],
            separators: 0,
            gapped: false,
            grid_damaged: false,
            damaged: false,
            after_separator: false,
            band: None,
        }
    }

    /// Whether the block is inside a grid: it has read some of the grid's rows, not all 9.
    pub(super) fn mid_grid(&self) -> bool {
        (1..9).contains(&self.rows())
    }

    /// Drops the grid's column labels (`1 2 3 | 4 5 6 | 7 8 9`, read as a row) when they are all
    /// the grid has read so far and its rows turn out to be labelled: the grid starts afresh.
    pub(super) fn drop_column_labels(&mut self) {
        let labels = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        let grid = self.grids.last().expect("a block has a grid");
        if grid.leading.is_empty()
            && matches!(grid.rows.as_slice(), [BlockLine { row: Ok(Row::Cells(c)), .. }] if *c == labels)
        {
            self.current().rows.clear();
            self.separators = 0;
            self.lattice = 0;
            self.after_separator = false;
            self.border = None;
            self.band = None;
        }
    }

    fn current(&mut self) -> &mut GridLines {
        self.grids.last_mut().expect("a block has a grid")
    }

    /// Rows in the current grid; 10 when a damaged grid took one row too many.
    fn rows(&self) -> usize {
        self.grids.last().map_or(0, |g| g.rows.len())
    }

    /// A row, or (`Err`) a bad line short enough to be a damaged row. When the block holds
    /// many whole grids, they are handed out to `out` first.
    pub(super) fn row(
        &mut self,
        line: usize,
        cells: usize,
        row: Result<Row, ParseError>,
        label: Option<Box<str>>,
        out: &mut VecDeque<Parsed>,
    ) {
        let entry = BlockLine {
            line,
            cells,
            row,
            label,
        };
        let k = self.rows();
        if self.lattice != 0 && !self.after_separator && (1..9).contains(&k) {
            // A lattice grid with no rule between two rows: a row or a rule went missing.
            self.grid_damaged = true;
            self.damaged = true;
        }
        if k == 6 && self.gapped && self.separators == 1 {
            // A grid that sets off its bands by blank lines has none before its third band: a
            // band repeated (a line of three rows), or a gap lost.
            self.grid_damaged = true;
            self.damaged = true;
        }
        self.after_separator = false;
        match self.rows() {
            // A damaged grid may hold one row too many (a repeated row).
            9 if self.grid_damaged => return self.current().rows.push(entry),
            9 | 10 => self.next_grid(out),
            _ => {}
        }
        if self.rows() == 0 && entry.row.is_err() {
            // Where a grid would start, a bad line does not count as a row yet.
            return self.current().leading.push(entry);
        }
        self.current().rows.push(entry);
    }

    fn next_grid(&mut self, out: &mut VecDeque<Parsed>) {
        self.separators = 0;
        self.lattice = 0;
        self.border = None;
        self.gapped = false;
        self.grid_damaged = false;
        self.band = None;
        let whole = !self.damaged
            && self.grids.len() >= HELD_GRIDS
            && self.grids.iter().all(|g| g.rows.len() == 9);
        if whole {
            for grid in std::mem::take(&mut self.grids) {
                hand_out(grid, out);
            }
        }
        self.grids.push(GridLines::default());
    }

    /// A separator line; `rule` when it is one character repeated. A rule drawn like the grid's
    /// own band separator is a band separator out of place, not the end of the grid.
    pub(super) fn separator(&mut self, rule: bool, line: &[u8]) -> Control {
        let drawn = line.trim_ascii();
        let k = self.rows();
        if k == 0 {
            // A border above a grid.
            self.after_separator = true;
            self.border = Some(drawn.to_vec());
            return if self.current().leading.is_empty() {
                Control::Continue
            } else {
                Control::End
            };
        }
        if k >= 9 || self.after_separator {
            return Control::End;
        }
        // A rule after every row so far (rows 1 to k - 1 each had one): a lattice. A rule (one
        // character repeated, as files separate whole grids) starts one only when the grid's
        // border above it is drawn the same.
        let before = ((1u16 << k) - 1) & !1;
        let starts = k > 1 || !rule || self.border.as_deref() == Some(drawn);
        if self.lattice == before && (k == 1 || before != 0) && self.separators == 0 && starts {
            self.lattice |= 1 << k;
            self.after_separator = true;
            return Control::Continue;
        }
        if self.separators >= 2 {
            return Control::End;
        }
        if k == 3 || k == 6 {
            self.separators += 1;
            self.after_separator = true;
            self.band.get_or_insert_with(|| drawn.to_vec());
            return Control::Continue;
        }
        if rule && self.band.as_deref() != Some(drawn) {
            return Control::End;
        }
        self.separators += 1;
        self.after_separator = true;
        self.grid_damaged = true;
        self.damaged = true;
        Control::Continue
    }

    /// A blank line: the end of the block, or the gap between two bands of a grid that gaps all
    /// its bands (the first after row 3, the second after row 6).
    pub(super) fn blank(&mut self) -> Control {
        let k = self.rows();
        let first_grid = self.grids.len() == 1 && !self.tail;
        if self.after_separator || k == 0 || k >= 9 {
            return Control::End;
        }
        if k == 3 && self.separators == 0 && first_grid
            || k == 6 && self.gapped && self.separators == 1
        {
            self.gapped = true;
            self.separators += 1;
            return Control::Continue;
        }
        if self.gapped && self.separators == 1 {
            // The second gap of a gapped grid, out of place: a row is missing or repeated.
            self.separators += 1;
            self.grid_damaged = true;
            self.damaged = true;
            return Control::Continue;
        }
        Control::End
    }

    /// Ends the block, cut by `cut`: its grids, or its errors, go to `out`. True when it held
    /// whole grids only (it was not torn).
    pub(super) fn end(self, cut: GridCut, out: &mut VecDeque<Parsed>) -> bool {
        let damaged = self.damaged || self.gapped && self.rows() != 9;
        let whole = !damaged
            && self
                .grids
                .iter()
                .all(|g| g.rows.len() == 9 || g.rows.is_empty() && g.leading.is_empty());
        let mut grids = self.grids;
        // Bad lines after the last grid: junk, each in its own slot, after the grids' slots.
        let tail = match grids.last() {
            Some(g) if g.rows.is_empty() => grids.pop().expect("a grid").leading,
            _ => Vec::new(),
        };
        end_grids(grids, damaged, cut, out);
        out.extend(junk(tail));
        whole
    }
}

/// The grids of a block that has ended, before any junk after them.
fn end_grids(mut grids: Vec<GridLines>, damaged: bool, cut: GridCut, out: &mut VecDeque<Parsed>) {
    if grids.is_empty() {
        return;
    }
    if !damaged && grids.iter().all(|g| g.rows.len() == 9) {
        for grid in grids {
            hand_out(grid, out);
        }
        return;
    }
    // One grid whose damaged first row stood where a grid starts: 8 rows follow it.
    if !damaged && grids.len() == 1 && grids[0].rows.len() == 8 && grids[0].leading.len() == 1 {
        let grid = grids.pop().expect("a grid");
        out.extend(junk(grid.leading));
        return;
    }
    let entries: Vec<BlockLine> = grids
        .into_iter()
        .flat_map(|g| g.leading.into_iter().chain(g.rows))
        .collect();
    damaged_block(entries, cut, out);
}

/// Bad lines, each an error in its own slot; a lone number of fewer than four digits that names
/// no grid (`16` in code) is no damaged puzzle, and takes none.
fn junk(entries: Vec<BlockLine>) -> impl Iterator<Item = Parsed> {
    entries
        .into_iter()
        .filter(|e| e.label.as_deref().is_none_or(|number| number.len() >= 4) && e.cells >= 4)
        .map(|e| Err(e.row.err().expect("a bad line")))
}

/// A whole grid: its junk lines, each an error in its own slot, then the puzzle of its 9 rows
/// (or the first error among them).
fn hand_out(grid: GridLines, out: &mut VecDeque<Parsed>) {
    debug_assert_eq!(grid.rows.len(), 9);
    let mut leading = grid.leading;
    // A lone number right above a whole grid is its name (`40`, then the grid), not junk.
    let label = match leading.as_slice() {
        [BlockLine { label: Some(_), .. }] => leading.pop().and_then(|e| e.label),
        _ => None,
    };
    out.extend(junk(leading));
    out.push_back(assemble(grid.rows).map(|mut puzzle| {
        puzzle.label = label;
        puzzle
    }));
}

/// The puzzle of 9 good rows; with any row of candidates, a pencilmark puzzle (a digit in a
/// row of givens is then its only candidate, an empty cell has all nine).
fn assemble(grid: Vec<BlockLine>) -> Parsed {
    let line = grid[0].line;
    let mut rows = Vec::with_capacity(9);
    for entry in grid {
        rows.push(entry.row?);
    }
    let marks = rows.iter().any(|r| matches!(r, Row::Marks(_)));
    let mut cells = [0u8; CELLS];
    let mut masks = [0u16; CELLS];
    for (r, row) in rows.iter().enumerate() {
        for c in 0..9 {
            let i = r * 9 + c;
            match row {
                Row::Cells(values) => {
                    cells[i] = values[c];
                    masks[i] = if values[c] == 0 {
                        0x1FF
                    } else {
                        1 << (values[c] - 1)
                    };
                }
                Row::Marks(m) => masks[i] = m[c],
            }
        }
    }
    Ok(if marks {
        let candidates = Candidates::from_masks(masks).expect("masks of 9 bits");
        Puzzle::from_candidates(candidates, line, Form::Grid)
    } else {
        Puzzle::from_cells(cells, line, Form::Grid)
    })
}

/// A block where a row is missing or repeated (or a separator is out of place): one error per 9
/// rows (at least one), none of them a puzzle. Rows that hold fewer than four cells in all (a
/// lone `        1` in code, read as a row of 9 characters) are no damaged puzzle: no slot.
fn damaged_block(entries: Vec<BlockLine>, cut: GridCut, out: &mut VecDeque<Parsed>) {
    if entries.iter().map(|e| e.cells).sum::<usize>() < 4 {
        return;
    }
    let n = entries.len();
    let slots = ((n + 4) / 9).max(1);
    let first = entries[0].line;
    let last = entries[n - 1].line;
    let bad = entries.iter().find_map(|e| e.row.as_ref().err().cloned());
    for slot in 0..slots {
        let line = entries[(slot * 9).min(n - 1)].line;
        let error = match (&bad, slot) {
            (Some(error), 0) => error.clone(),
            _ if n < 9 && slots == 1 => ParseError {
                line,
                col: 1,
                kind: ParseErrorKind::ShortGrid { rows: n, cut },
            },
            _ => ParseError {
                line,
                col: 1,
                kind: ParseErrorKind::DamagedGrid {
                    rows: n,
                    first,
                    last,
                },
            },
        };
        out.push_back(Err(error));
    }
}

/// Ends grids drawn side by side: their puzzles in reading order, left to right, then down.
/// A grid drawn right of its puzzle that solves it is that puzzle's solution, not a puzzle.
pub(super) fn end_side_by_side(lanes: Vec<Block>, cut: GridCut) -> VecDeque<Parsed> {
    let mut outs: Vec<VecDeque<Parsed>> = lanes
        .into_iter()
        .map(|lane| {
            let mut out = VecDeque::new();
            lane.end(cut, &mut out);
            out
        })
        .collect();
    let mut all = VecDeque::new();
    if outs.iter().all(|o| o.len() == outs[0].len()) {
        while outs[0].front().is_some() {
            let row: Vec<Parsed> = outs.iter_mut().filter_map(VecDeque::pop_front).collect();
            let mut left: Option<&Parsed> = None;
            for item in &row {
                let solution = match (left, item) {
                    (Some(Ok(p)), Ok(s)) => {
                        !s.grid.cells().contains(&0)
                            && p.grid.cells().contains(&0)
                            && p.grid
                                .cells()
                                .iter()
                                .zip(s.grid.cells())
                                .all(|(&a, &b)| a == 0 || a == b)
                    }
                    _ => false,
                };
                if !solution {
                    all.push_back(item.clone());
                }
                left = Some(item);
            }
        }
    } else {
        outs.into_iter().for_each(|o| all.extend(o));
    }
    all
}
