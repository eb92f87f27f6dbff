//! A puzzle as the parser reads it: its givens (or pencilmarks), where it starts, the form it
//! was written in and its label; and the one puzzle of a text (`str::parse`).

use super::{classify, parse_str, ParseError, ParseErrorKind};
use crate::grid::{Candidates, Grid, CELLS};
use crate::sized::{Notation, SizedGrid};

/// The form a puzzle was written in: one line, a grid of rows, or a JSON board; `--format auto`
/// answers in the same form. Every input layout the parser reads (the guide lists them: lines,
/// grids with or without borders, CSV, JSON, pencilmarks, boards in code, ...) comes down to one
/// of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Form {
    /// 81 cells on one line (also a CSV record or a JSON string).
    Line,
    /// 9 rows of 9 cells.
    Grid,
    /// A JSON board.
    Json,
}

/// A puzzle read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Puzzle {
    /// The givens. For a pencilmark puzzle, the cells with a single candidate.
    pub(crate) grid: Grid,
    /// For a pencilmark puzzle, the candidates of every cell; solving starts from these.
    pub(crate) candidates: Option<Box<Candidates>>,
    /// The line (1-based) where the puzzle starts.
    pub(crate) line: usize,
    /// The form it was written in.
    pub(crate) form: Form,
    /// The label line that came before it (`Grid 01`), if any.
    pub(crate) label: Option<Box<str>>,
    /// The line it was read from, exactly as written, for a puzzle on one line when the parser
    /// was asked to keep it ([`Parser::keeping_text`](super::Parser::keeping_text)).
    pub(crate) text: Option<Box<str>>,
    /// For a board of another size than 9x9 (read only by a parser asked for them): the board
    /// and how it was written. `grid` is then empty.
    pub(crate) sized: Option<Box<(SizedGrid, Notation)>>,
}

impl Puzzle {
    /// A puzzle of givens (`cells`: 0 for empty, else 1..=9) starting at `line`.
    pub(super) fn from_cells(cells: [u8; CELLS], line: usize, form: Form) -> Puzzle {
        Puzzle {
            grid: Grid::from_cells(cells).expect("digits 0..=9"),
            candidates: None,
            line,
            form,
            label: None,
            text: None,
            sized: None,
        }
    }

    /// A pencilmark puzzle: its candidates, and as `grid` the cells with one candidate.
    pub(super) fn from_candidates(candidates: Candidates, line: usize, form: Form) -> Puzzle {
        Puzzle {
            grid: candidates.singles(),
            candidates: Some(Box::new(candidates)),
            line,
            form,
            label: None,
            text: None,
            sized: None,
        }
    }

    /// The solutions of the puzzle, counted up to `limit`: from its candidates for a pencilmark
    /// puzzle (so a solution keeps every pencilmark), else from its givens.
    ///
    /// ```
    /// use sudoku_solver::Puzzle;
    ///
    /// // Pencilmarks: the first cell may hold only 5 or 9; every other cell anything.
    /// let marks = format!("....5...9{}", "123456789".repeat(80));
    /// let puzzle: Puzzle = marks.parse().unwrap();
    /// let outcome = puzzle.search(1);
    /// let first = outcome.first().unwrap()[0];
    /// assert!(first == 5 || first == 9);
    /// ```
    pub fn search(&self, limit: u64) -> crate::solver::SearchOutcome {
        match &self.candidates {
            Some(candidates) => crate::solver::search_candidates(candidates, limit),
            None => crate::solver::search(self.grid.cells(), limit),
        }
    }

    /// A board of another size than 9x9, written in `notation`, starting at `line`.
    pub(super) fn from_sized(
        grid: SizedGrid,
        notation: Notation,
        line: usize,
        form: Form,
    ) -> Puzzle {
        Puzzle {
            sized: Some(Box::new((grid, notation))),
            ..Puzzle::from_cells([0; CELLS], line, form)
        }
    }

    /// For a board of another size than 9x9: the board, and how it was written (its answer is
    /// written the same way). Such a puzzle comes only from a parser asked for them; its
    /// [`Puzzle::grid`] is empty.
    pub fn sized(&self) -> Option<(&SizedGrid, &Notation)> {
        self.sized
            .as_deref()
            .map(|(grid, notation)| (grid, notation))
    }

    /// The givens; for a pencilmark puzzle, the cells with a single candidate. Empty for a board
    /// of another size ([`Puzzle::sized`]).
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// For a pencilmark puzzle, the candidates of every cell (solving starts from these).
    pub fn candidates(&self) -> Option<&Candidates> {
        self.candidates.as_deref()
    }

    /// The puzzle, said to start at `line` (0: read from no text, as a puzzle given on the
    /// command line itself).
    pub fn with_line(mut self, line: usize) -> Puzzle {
        self.line = line;
        self
    }

    /// The line (1-based) where the puzzle starts.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The form it was written in (a line, a grid, a JSON board).
    pub fn form(&self) -> Form {
        self.form
    }

    /// The label line that came before it (`Grid 01`), if any.
    pub fn label(&self) -> Option<&str> {
        self.label.as_deref()
    }

    /// The line it was read from, as written, for a puzzle on one line when the parser was
    /// asked to keep it ([`Parser::keeping_text`](super::Parser::keeping_text)).
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// The puzzle as one line: 81 characters, or 729 for pencilmarks.
    pub fn to_line(&self) -> String {
        match &self.candidates {
            Some(candidates) => candidates.to_line(),
            None => self.grid.to_line(),
        }
    }
}

/// The one puzzle in a text, in any layout the parser reads (a line, a grid, JSON, CSV,
/// pencilmarks...). Text with no puzzle, or with more than one, is an error, as is a puzzle
/// that does not read.
///
/// ```
/// use sudoku_solver::{Puzzle, ParseErrorKind};
///
/// let puzzle: Puzzle = "{\"puzzle\": \"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\"}"
///     .parse()
///     .unwrap();
/// assert_eq!(puzzle.grid().filled(), 17);
/// let error = "1234".parse::<Puzzle>().unwrap_err();
/// assert_eq!(error.kind, ParseErrorKind::NoPuzzle);
/// ```
/// A puzzle of the grid's givens, read from no text: line 0, [`Form::Line`], no label.
///
/// ```
/// use sudoku_solver::{Grid, Form, Puzzle};
///
/// let puzzle = Puzzle::from(Grid::EMPTY);
/// assert_eq!((puzzle.grid(), puzzle.line(), puzzle.form()), (Grid::EMPTY, 0, Form::Line));
/// ```
impl From<Grid> for Puzzle {
    fn from(grid: Grid) -> Puzzle {
        Puzzle {
            grid,
            candidates: None,
            line: 0,
            form: Form::Line,
            label: None,
            text: None,
            sized: None,
        }
    }
}

impl std::str::FromStr for Puzzle {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Puzzle, ParseError> {
        // The common case first, with no parser: one plain line of exactly 81 cells, read by
        // the parser's own reader of plain lines.
        let line = text.strip_suffix('\n').unwrap_or(text);
        let line = line.strip_suffix('\r').unwrap_or(line).as_bytes();
        if line.len() == CELLS {
            if let Some(cells) = classify::plain_line(line) {
                return Ok(Puzzle::from_cells(cells, 1, Form::Line));
            }
        }
        let mut items = parse_str(text).into_iter();
        let first = items.next().ok_or(ParseError {
            line: 1,
            col: 1,
            kind: ParseErrorKind::NoPuzzle,
        })??;
        match items.next() {
            None => Ok(first),
            Some(second) => Err(ParseError {
                line: match second {
                    Ok(puzzle) => puzzle.line,
                    Err(error) => error.line,
                },
                col: 1,
                kind: ParseErrorKind::SeveralPuzzles,
            }),
        }
    }
}
