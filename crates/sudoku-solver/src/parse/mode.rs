//! What the parser is in the middle of, as two enums, so that a combination the line loop never
//! makes cannot be written down:
//!
//! - [`Reader`]: the reader that takes the next line (or piece of a line) before it is
//!   classified on its own: a CSV record, a JSON value, a line over the limit, a flat list of
//!   cells. At most one is active; only a JSON value can stand inside a long line.
//! - [`Grids`]: the grid rows being gathered: one block, or grids side by side, never both.
//!
//! The two are apart because they do go together: a CSV record or a flat list may open right
//! after a grid row, and the block waits until the record or list says what it was.

use super::csv::OpenRecord;
use super::grids::Block;
use super::json::Json;
use super::literal::Flat;
use super::long::Long;

/// The reader that takes the next line before the line is classified on its own.
#[derive(Default)]
pub(super) enum Reader {
    /// None: each line is classified on its own.
    #[default]
    Plain,
    /// A CSV record whose quoted field is still open.
    OpenRecord(OpenRecord),
    /// A JSON value going on over the next lines.
    Json(Json),
    /// A line over the limit, being read piece by piece (it holds JSON values), with the value
    /// in hand, if one is.
    Long { long: Long, json: Option<Json> },
    /// A flat list of cells wrapped over lines; the lines it holds are read again when it is no
    /// puzzle.
    Flat(Flat),
}

impl Reader {
    /// The JSON value in hand, on its own lines or on a long line.
    pub(super) fn json_mut(&mut self) -> Option<&mut Json> {
        match self {
            Reader::Json(json)
            | Reader::Long {
                json: Some(json), ..
            } => Some(json),
            _ => None,
        }
    }

    /// Takes the JSON value in hand out (a long line stays in hand).
    pub(super) fn take_json(&mut self) -> Option<Json> {
        match self {
            Reader::Json(_) => match std::mem::take(self) {
                Reader::Json(json) => Some(json),
                _ => unreachable!("matched as a JSON value"),
            },
            Reader::Long { json, .. } => json.take(),
            _ => None,
        }
    }

    /// Puts `json` in hand: on the long line being read, else on lines of its own (in place of
    /// any reader: only a JSON value is ever replaced so).
    pub(super) fn set_json(&mut self, value: Json) {
        match self {
            Reader::Long { json, .. } => *json = Some(value),
            _ => *self = Reader::Json(value),
        }
    }

    /// The long line in hand.
    pub(super) fn long_mut(&mut self) -> Option<&mut Long> {
        match self {
            Reader::Long { long, .. } => Some(long),
            _ => None,
        }
    }

    pub(super) fn is_long(&self) -> bool {
        matches!(self, Reader::Long { .. })
    }

    /// Starts reading a long line, keeping the JSON value in hand (the only reader that can
    /// still be active when a long line comes: a record and a flat list are ended first).
    pub(super) fn start_long(&mut self) {
        let json = self.take_json();
        *self = Reader::Long {
            long: Long::default(),
            json,
        };
    }

    /// The long line is read: the value in hand, if any, goes on over the next lines.
    pub(super) fn end_long(&mut self) {
        if let Reader::Long { json, .. } = self {
            *self = match json.take() {
                Some(json) => Reader::Json(json),
                None => Reader::Plain,
            };
        }
    }

    pub(super) fn is_record(&self) -> bool {
        matches!(self, Reader::OpenRecord(_))
    }

    pub(super) fn is_flat(&self) -> bool {
        matches!(self, Reader::Flat(_))
    }

    /// A record, a JSON value or a long line is open: a blank line does not end the region.
    pub(super) fn holds_lines(&self) -> bool {
        matches!(
            self,
            Reader::OpenRecord(_) | Reader::Json(_) | Reader::Long { .. }
        )
    }
}

/// The grid rows being gathered.
#[derive(Default)]
pub(super) enum Grids {
    /// None.
    #[default]
    None,
    /// Grid rows waiting for their block to end.
    Block(Block),
    /// Grids drawn side by side, one block for each, left to right.
    Side(Vec<Block>),
}

impl Grids {
    /// The block, or each block side by side.
    pub(super) fn blocks_mut(&mut self) -> std::slice::IterMut<'_, Block> {
        match self {
            Grids::None => [].iter_mut(),
            Grids::Block(block) => std::slice::from_mut(block).iter_mut(),
            Grids::Side(lanes) => lanes.iter_mut(),
        }
    }

    pub(super) fn block_mut(&mut self) -> Option<&mut Block> {
        match self {
            Grids::Block(block) => Some(block),
            _ => None,
        }
    }

    pub(super) fn is_none(&self) -> bool {
        matches!(self, Grids::None)
    }

    pub(super) fn is_block(&self) -> bool {
        matches!(self, Grids::Block(_))
    }

    pub(super) fn is_side(&self) -> bool {
        matches!(self, Grids::Side(_))
    }
}
