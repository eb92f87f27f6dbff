//! Grid rows assembled into grids, so that no answer is ever glued from two grids.
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
//! Separators: a grid holds at most two (its band separators); a third, two in a row, one after
//! a full grid, or a *rule* (one character repeated, `=========`, the way files separate whole
//! grids) anywhere but after rows 3 and 6 ends the block. A separator drawn like a band
//! separator (`------+-------+------`) in another place marks the grid as damaged but keeps it
//! open, so a damaged pretty grid gives one error, not two.

use std::collections::VecDeque;

use super::cells::Row;
use super::{GridCut, ParseError, ParseErrorKind, Parsed, Puzzle};
use super::{Layout, CELLS};
use crate::grid::{Candidates, Grid};

/// Grids of a block held at most before they are handed out (so a file of grids with no line
/// between them is still read in bounded memory).
const HELD_GRIDS: usize = 64;

/// One line of a block: a row, or a line that should have been one.
struct Entry {
    line: usize,
    row: Result<Row, ParseError>,
}

/// A block of grid rows being read.
pub(super) struct Block {
    entries: Vec<Entry>,
    /// Rows in the current grid (the block's grids are back to back); 10 when a damaged grid
    /// took one row too many.
    rows: usize,
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
}

/// Whether a line keeps the block open.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Control {
    Continue,
    End,
}

impl Block {
    pub(super) fn new() -> Self {
        Block {
            entries: Vec::new(),
            rows: 0,
            separators: 0,
            gapped: false,
            grid_damaged: false,
            damaged: false,
            after_separator: false,
            band: None,
        }
    }

    /// A row, or (`Err`) a bad line short enough to be a damaged row. When the block holds
    /// many whole grids, they are handed out to `out` first.
    pub(super) fn row(
        &mut self,
        line: usize,
        row: Result<Row, ParseError>,
        out: &mut VecDeque<Parsed>,
    ) {
        match self.rows {
            // A damaged grid may hold one row too many (a repeated row).
            9 if self.grid_damaged => {
                self.rows = 10;
                self.push(line, row);
                return;
            }
            9 | 10 => {
                self.next_grid();
                let whole = !self.damaged
                    && self.entries.len() >= 9 * HELD_GRIDS
                    && self.entries.len() % 9 == 0
                    && self.entries.iter().all(|e| e.row.is_ok());
                if whole {
                    hand_out_grids(std::mem::take(&mut self.entries), out);
                }
            }
            _ => {}
        }
        self.rows += 1;
        self.push(line, row);
    }

    fn push(&mut self, line: usize, row: Result<Row, ParseError>) {
        self.entries.push(Entry { line, row });
        self.after_separator = false;
    }

    fn next_grid(&mut self) {
        self.rows = 0;
        self.separators = 0;
        self.gapped = false;
        self.grid_damaged = false;
        self.band = None;
    }

    /// A separator line; `rule` when it is one character repeated. A rule drawn like the grid's
    /// own band separator is a band separator out of place, not the end of the grid.
    pub(super) fn separator(&mut self, rule: bool, line: &[u8]) -> Control {
        let drawn = line.trim_ascii();
        let k = self.rows;
        if k == 0 {
            // A border above the first grid.
            self.after_separator = true;
            return Control::Continue;
        }
        if k >= 9 || self.after_separator || self.separators >= 2 {
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
        let k = self.rows;
        let first_grid = self.entries.len() == k;
        if self.after_separator || k == 0 || k >= 9 {
            return if k == 0 {
                Control::Continue
            } else {
                Control::End
            };
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

    /// Ends the block, cut by `cut`: its grids, or its errors, go to `out`.
    pub(super) fn end(self, cut: GridCut, out: &mut VecDeque<Parsed>) {
        let Block {
            entries,
            damaged,
            gapped,
            rows,
            ..
        } = self;
        if entries.is_empty() {
            return;
        }
        // A grid gapped by blank lines that did not reach 9 rows is damaged too.
        let damaged = damaged || gapped && rows != 9;
        if !damaged && entries.len() % 9 == 0 {
            return hand_out_grids(entries, out);
        }
        if !damaged {
            if let Some(items) = without_junk(&entries) {
                let mut entries = entries.into_iter();
                for junk in items {
                    match junk {
                        Some(_) => {
                            let entry = entries.next().expect("an entry per item");
                            out.push_back(Err(entry.row.err().expect("junk is an error")));
                        }
                        None => {
                            let grid: Vec<Entry> = entries.by_ref().take(9).collect();
                            hand_out_grids(grid, out);
                        }
                    }
                }
                return;
            }
        }
        damaged_block(entries, cut, out);
    }
}

/// How a block reads when the bad lines at the places where a grid would start are junk: for
/// each item in order, `Some(())` for a junk line or `None` for a grid of the next 9 entries.
/// `None` when the rest does not fall into whole grids.
fn without_junk(entries: &[Entry]) -> Option<Vec<Option<()>>> {
    let mut items = Vec::new();
    let mut in_grid = 0;
    let mut junk = 0;
    for entry in entries {
        if in_grid == 0 && entry.row.is_err() {
            items.push(Some(()));
            junk += 1;
            continue;
        }
        in_grid += 1;
        if in_grid == 9 {
            items.push(None);
            in_grid = 0;
        }
    }
    (junk > 0 && in_grid == 0).then_some(items)
}

/// Whole grids of 9 entries each: a puzzle, or the first error among its rows.
fn hand_out_grids(entries: Vec<Entry>, out: &mut VecDeque<Parsed>) {
    debug_assert!(entries.len() % 9 == 0);
    let mut entries = entries.into_iter();
    while entries.len() > 0 {
        let grid: Vec<Entry> = entries.by_ref().take(9).collect();
        out.push_back(assemble(grid));
    }
}

/// The puzzle of 9 good rows; with any row of candidates, a pencilmark puzzle (a digit in a
/// row of givens is then its only candidate, an empty cell has all nine).
fn assemble(grid: Vec<Entry>) -> Parsed {
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
    let (grid, candidates) = if marks {
        let candidates = Candidates::from_masks(masks).expect("masks of 9 bits");
        (candidates.singles(), Some(Box::new(candidates)))
    } else {
        (Grid::from_cells(cells).expect("digits 0..=9"), None)
    };
    Ok(Puzzle {
        grid,
        candidates,
        line,
        layout: Layout::Grid,
        label: None,
    })
}

/// A block where a row is missing or repeated (or a separator is out of place): one error per 9
/// rows (at least one), none of them a puzzle.
fn damaged_block(entries: Vec<Entry>, cut: GridCut, out: &mut VecDeque<Parsed>) {
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
