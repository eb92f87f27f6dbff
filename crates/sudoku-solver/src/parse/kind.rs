//! What a line can be, as [`super::classify::classify`] says: the kinds of line, a puzzle written
//! whole on one line, a grid row, and what the reader knows of the lines before.

use super::fields::Header;
use super::{Form, ParseErrorKind, Puzzle, CELLS};
use crate::grid::Candidates;

/// The cells of a puzzle written on one line.
pub(super) enum Whole {
    /// Givens, 0 for empty.
    Cells([u8; CELLS]),
    /// Candidate masks (the 729-character pencilmark form).
    Marks(Box<[u16; CELLS]>),
}

impl Whole {
    /// The puzzle these cells make, starting at `line`.
    pub(super) fn into_puzzle(self, line: usize, layout: Form) -> Puzzle {
        match self {
            Whole::Cells(cells) => Puzzle::from_cells(cells, line, layout),
            Whole::Marks(masks) => Puzzle::from_candidates(
                Candidates::from_masks(*masks).expect("9-bit masks"),
                line,
                layout,
            ),
        }
    }
}

/// The cells of one grid row.
#[derive(Clone, Copy)]
pub(super) enum Row {
    /// Givens, 0 for empty.
    Cells([u8; 9]),
    /// Candidate masks.
    Marks([u16; 9]),
}

/// What a line is, taken on its own.
pub(super) enum LineKind {
    Blank,
    Comment,
    /// A line drawn between bands or grids; `rule` when it is one character repeated
    /// (`=========`, `---------`), which is how files separate whole grids.
    Separator {
        rule: bool,
    },
    /// The first byte of a JSON value; `solution` when it is the value of a name that holds a
    /// solution (`var solution = [[...`): nothing in it is a puzzle.
    Json {
        at: usize,
        solution: bool,
    },
    /// A line holding a solution under its name (`solution: "534678..."`): not a puzzle.
    Solution,
    /// A solution's name on a line of its own (`Solution:`): the puzzle after it is that solution.
    SolutionLabel,
    Whole(Whole),
    Row(Row),
    /// A grid row with a label before it (`A  5 3 . | ...`, `r1: ...`), in a grid drawn with
    /// row and column labels.
    LabelledRow(Row),
    /// Rows of grids drawn side by side (`53..7....   534678912`), left to right: row `k` of
    /// the line belongs to the `k`-th grid.
    SideBySide(Vec<Row>),
    /// Several grid rows on one line (a board written in code: two rows in braces, or a
    /// string of 27 cells), in order.
    Rows(Vec<[u8; 9]>),
    /// A row of a board of another size (rows `width` cells wide), or (`whole`) all of such a
    /// board: not a puzzle here, and no error.
    OtherSize {
        width: usize,
        whole: bool,
    },
    /// Text that holds no run of cells (prose, a Markdown fence, a line of code): no puzzle and
    /// no error. Inside a grid it is the damaged row `kind` at `col` describes.
    Noise {
        col: usize,
        kind: ParseErrorKind,
    },
    /// Text that is not a puzzle: a title, `Grid 01`, a CSV header (then `header` is set).
    Label {
        header: Option<Header>,
    },
    /// A lone number on the first line: how many puzzles follow. It names none of them.
    Count,
    /// A lone number on a later line: the name of the grid right after it (`40` above a grid,
    /// as some collections number them), else an error (`kind` at `col`: a damaged row).
    Number {
        label: Box<str>,
        col: usize,
        kind: ParseErrorKind,
    },
    /// Not a puzzle, a row or a label: the column (in characters) and what is wrong.
    /// `row_like` when it is short enough to be a damaged grid row.
    Bad {
        col: usize,
        kind: ParseErrorKind,
        row_like: bool,
    },
}

/// What the parser knows when it looks at a line.
pub(super) struct Context<'a> {
    /// The CSV header in force, if any.
    pub(super) header: Option<&'a Header>,
    /// This is the first line of the input (where a lone number counts the puzzles).
    pub(super) first_line: bool,
    /// A row label was taken off the front of this text already: a row has one label, so
    /// another one here makes no row (and a line of labels costs one pass, not one call each).
    pub(super) labelled: bool,
}
