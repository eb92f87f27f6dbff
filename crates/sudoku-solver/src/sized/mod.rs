//! Boards of every size, 4x4 to 36x36: the grid ([`SizedGrid`]), the symbols its digits are
//! written with ([`Symbols`]), the search that solves and counts it ([`search_sized`]), and the generator of its puzzles
//! ([`generate_sized`]).
//!
//! The classic 9x9 board keeps its own [`Grid`](crate::Grid), its two engines and its logic
//! engine: they are 9x9 by construction, and fastest so. A `SizedGrid` of the classic shape
//! converts to and from a `Grid` both ways, so a program that reads boards of any size sends the
//! 9x9 ones there.

mod generate;
mod minimal;
mod search;
mod symbols;

pub use generate::{generate_sized, SizedGenerateError, SizedGenerateOptions, SizedGenerated};
pub use search::{search_sized, search_sized_timed, SizedSearch};
pub use symbols::{Symbols, SymbolsError};

use crate::grid::{Conflict, Grid, HouseKind, CELLS};
use crate::shape::{HouseRole, Shape};
use std::fmt;

/// How a board of another size was written, so that its answer is written the same way: in
/// symbols (one character a cell), or in numbers 1..=N separated by blanks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// One character a cell, in these symbols.
    Symbols(Symbols),
    /// Numbers 1..=N (`0`, `.` or `_` for empty), separated by blanks or commas.
    Numbers,
}

impl Notation {
    /// A cell as this notation writes it: its symbol (`.` for empty), or its number (`0` for
    /// empty).
    pub fn cell(&self, digit: u8) -> String {
        match (self, digit) {
            (Notation::Symbols(_), 0) => ".".into(),
            (Notation::Symbols(symbols), d) => symbols.symbol(d).to_string(),
            (Notation::Numbers, d) => d.to_string(),
        }
    }

    /// The board as one line: N x N symbols, `.` for empty, in this notation's symbols, or in
    /// the standard ones ([`Symbols::standard`]) for a board written in numbers (a line of N x N
    /// numbers is no layout a reader takes: its first 81 could pass for a 9x9 puzzle). It reads
    /// back as the same board.
    pub fn line(&self, grid: &SizedGrid) -> String {
        match self {
            Notation::Symbols(symbols) => grid.to_line(symbols),
            Notation::Numbers => grid.to_line(&Symbols::standard(grid.size())),
        }
    }
}

/// A board of any shape ([`Shape`]): N x N cells, row-major, 0 for an empty cell and 1..=N
/// for a digit.
///
/// ```
/// use sudoku_solver::{Shape, SizedGrid};
///
/// let puzzle: SizedGrid = "1..4.4..4..1..3.".parse().unwrap();
/// assert_eq!(puzzle.shape(), Shape::for_size(4).unwrap());
/// assert_eq!(puzzle.filled(), 6);
/// assert_eq!(puzzle.get(1, 1), 4);
/// assert!(puzzle.conflict().is_none());
/// assert_eq!(format!("{puzzle:#}").lines().next(), Some("1..4"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SizedGrid {
    shape: Shape,
    cells: Box<[u8]>,
}

/// Cells that make no board of the shape they were given for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SizedGridError {
    /// Not N x N cells.
    #[error("{got} cells make no {shape} board, which has {want}")]
    Length {
        /// The shape asked for.
        shape: Shape,
        /// Its cells.
        want: usize,
        /// The cells given.
        got: usize,
    },
    /// A cell above N.
    #[error("cell {index} holds {value}; a cell of a {shape} board holds 0 (empty) or a digit 1..={size}", size = shape.size())]
    Cell {
        /// The shape asked for.
        shape: Shape,
        /// The cell, row-major from 0.
        index: usize,
        /// What it holds.
        value: u8,
    },
    /// A line whose length is no board's cell count, or whose symbols are no digits.
    #[error("{0}")]
    Line(String),
}

impl SizedGrid {
    /// The empty board of `shape`.
    pub fn empty(shape: Shape) -> SizedGrid {
        SizedGrid {
            shape,
            cells: vec![0; shape.cells()].into(),
        }
    }

    /// A board of `shape` from its cells, row-major (0 = empty, else 1..=N).
    pub fn new(shape: Shape, cells: Vec<u8>) -> Result<SizedGrid, SizedGridError> {
        if cells.len() != shape.cells() {
            return Err(SizedGridError::Length {
                shape,
                want: shape.cells(),
                got: cells.len(),
            });
        }
        if let Some(index) = cells.iter().position(|&c| c as usize > shape.size()) {
            return Err(SizedGridError::Cell {
                shape,
                index,
                value: cells[index],
            });
        }
        Ok(SizedGrid {
            shape,
            cells: cells.into(),
        })
    }

    /// A board from a line of N x N symbols of `symbols` (`.`, `_`, `*` or `-` for an empty
    /// cell, and `0` too where it is no symbol), boxes as `shape` says.
    pub fn from_line(
        line: &str,
        shape: Shape,
        symbols: &Symbols,
    ) -> Result<SizedGrid, SizedGridError> {
        let mut cells = Vec::with_capacity(shape.cells());
        for (i, c) in line.trim().chars().enumerate() {
            let cell = match symbols.digit(c) {
                Some(d) => d,
                None if ".*_-0".contains(c) => 0,
                None => {
                    return Err(SizedGridError::Line(format!(
                        "`{c}` at column {} is no digit of a {} board written `{symbols}`",
                        i + 1,
                        shape
                    )))
                }
            };
            cells.push(cell);
        }
        SizedGrid::new(shape, cells)
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// N: the rows, columns, boxes and digits.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at `row`, `col` (both from 0), or 0 when empty.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[self.shape.cell(row, col)]
    }

    /// The number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    /// True when every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&c| c != 0)
    }

    /// The first rule the filled cells break (rows, then columns, then boxes, each in order),
    /// or `None` when no digit repeats in a house.
    pub fn conflict(&self) -> Option<Conflict> {
        let houses = self.shape.houses();
        for house in 0..houses.len() {
            let mut seen = [usize::MAX; crate::shape::MAX_SIZE + 1];
            for &cell in houses.cells(house) {
                let cell = cell as usize;
                let digit = self.cells[cell];
                if digit == 0 {
                    continue;
                }
                if seen[digit as usize] != usize::MAX {
                    let (role, number) = houses.role(house);
                    let kind = match role {
                        HouseRole::Row => HouseKind::Row,
                        HouseRole::Column => HouseKind::Column,
                        _ => HouseKind::Box,
                    };
                    return Some(Conflict::new(
                        digit,
                        kind,
                        number as u8 + 1,
                        seen[digit as usize],
                        cell,
                        self.size(),
                    ));
                }
                seen[digit as usize] = cell;
            }
        }
        None
    }

    /// True when this board is full, breaks no rule, has `puzzle`'s shape and keeps every
    /// given of it.
    pub fn solves(&self, puzzle: &SizedGrid) -> bool {
        self.shape == puzzle.shape
            && self.is_full()
            && self.conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(self.cells.iter())
                .all(|(&given, &cell)| given == 0 || given == cell)
    }

    /// The line form in `symbols`, `.` for an empty cell.
    pub fn to_line(&self, symbols: &Symbols) -> String {
        self.cells
            .iter()
            .map(|&c| if c == 0 { '.' } else { symbols.symbol(c) })
            .collect()
    }
}

impl fmt::Debug for SizedGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SizedGrid({}, {})", self.shape, self)
    }
}

/// `{}` writes the line in the standard symbols ([`Symbols::standard`], `.` for empty); `{:#}`
/// writes N rows. Both read back (`str::parse`) for a shape with its usual box.
impl fmt::Display for SizedGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.to_line(&Symbols::standard(self.size()));
        if f.alternate() {
            let chars: Vec<char> = line.chars().collect();
            for (r, row) in chars.chunks(self.size()).enumerate() {
                if r > 0 {
                    f.write_str("\n")?;
                }
                row.iter().try_for_each(|c| write!(f, "{c}"))?;
            }
            Ok(())
        } else {
            f.write_str(&line)
        }
    }
}

/// A board from its line (or rows) in the standard symbols, its shape the usual one for its
/// number of cells ([`Shape::for_size`]). The full reader, with every layout and alphabet, is
/// [`Parser`](crate::Parser).
impl std::str::FromStr for SizedGrid {
    type Err = SizedGridError;

    fn from_str(text: &str) -> Result<SizedGrid, SizedGridError> {
        let line: String = text.split_whitespace().collect();
        let count = line.chars().count();
        let size = (2..=crate::shape::MAX_SIZE)
            .find(|n| n * n == count)
            .ok_or_else(|| SizedGridError::Line(format!("{count} cells are no square board")))?;
        let shape = Shape::for_size(size).map_err(|e| SizedGridError::Line(e.to_string()))?;
        SizedGrid::from_line(&line, shape, &Symbols::standard(size))
    }
}

impl From<Grid> for SizedGrid {
    fn from(grid: Grid) -> SizedGrid {
        SizedGrid {
            shape: Shape::CLASSIC,
            cells: grid.cells().to_vec().into(),
        }
    }
}

/// The classic board, for a `SizedGrid` of 9x9 with 3x3 boxes; back the board itself for any
/// other shape.
impl TryFrom<SizedGrid> for Grid {
    type Error = SizedGrid;

    fn try_from(sized: SizedGrid) -> Result<Grid, SizedGrid> {
        if sized.shape != Shape::CLASSIC {
            return Err(sized);
        }
        let cells: [u8; CELLS] = sized.cells[..].try_into().map_err(|_| sized.clone())?;
        Grid::from_cells(cells).ok_or(sized)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_of_every_size_writes_and_reads_back() {
        for n in [4, 6, 8, 9, 12, 16, 25, 36] {
            let shape = Shape::for_size(n).unwrap();
            // A row-major Latin pattern that keeps every house whole: the standard filling.
            let cells: Vec<u8> = (0..shape.cells())
                .map(|cell| {
                    let (r, c) = (shape.row_of(cell), shape.col_of(cell));
                    let shift = (r % shape.box_rows()) * shape.box_cols() + r / shape.box_rows();
                    ((c + shift) % n) as u8 + 1
                })
                .collect();
            let grid = SizedGrid::new(shape, cells).unwrap();
            assert!(grid.is_full());
            assert_eq!(grid.conflict(), None, "{shape}");
            assert!(grid.solves(&SizedGrid::empty(shape)));
            assert_eq!(grid.to_string().parse::<SizedGrid>().unwrap(), grid);
            assert_eq!(format!("{grid:#}").parse::<SizedGrid>().unwrap(), grid);
            for symbols in [Symbols::zero_based(n), Symbols::standard(n)] {
                let line = grid.to_line(&symbols);
                assert_eq!(SizedGrid::from_line(&line, shape, &symbols).unwrap(), grid);
            }
        }
    }

    #[test]
    fn a_repeated_digit_is_named_with_its_house() {
        let shape = Shape::for_size(6).unwrap();
        let mut cells = vec![0; 36];
        cells[0] = 3;
        cells[8] = 3; // r2c3: the same 2x3 box as r1c1, another row and column
        let conflict = SizedGrid::new(shape, cells).unwrap().conflict().unwrap();
        assert_eq!(
            conflict.to_string(),
            "3 appears twice in box 1 (r1c1 and r2c3)"
        );
        let mut cells = vec![0; 16 * 16];
        cells[15] = 16;
        cells[15 + 16 * 15] = 16;
        let grid = SizedGrid::new(Shape::for_size(16).unwrap(), cells).unwrap();
        assert_eq!(
            grid.conflict().unwrap().to_string(),
            "16 appears twice in column 16 (rows 1 and 16)"
        );
    }

    #[test]
    fn bad_cells_and_lines_are_refused() {
        let shape = Shape::for_size(4).unwrap();
        assert!(matches!(
            SizedGrid::new(shape, vec![0; 15]),
            Err(SizedGridError::Length {
                want: 16,
                got: 15,
                ..
            })
        ));
        let mut cells = vec![0; 16];
        cells[3] = 5;
        assert!(matches!(
            SizedGrid::new(shape, cells),
            Err(SizedGridError::Cell {
                index: 3,
                value: 5,
                ..
            })
        ));
        assert!("1..5............".parse::<SizedGrid>().is_err());
        assert!("1234567".parse::<SizedGrid>().is_err());
    }

    #[test]
    fn the_classic_shape_converts_to_a_grid_and_back() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid: Grid = line.parse().unwrap();
        let sized = SizedGrid::from(grid);
        assert_eq!(sized.to_string(), line);
        assert_eq!(Grid::try_from(sized), Ok(grid));
        let four = SizedGrid::empty(Shape::for_size(4).unwrap());
        assert_eq!(Grid::try_from(four.clone()), Err(four));
    }
}
