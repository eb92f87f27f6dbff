//! The 9x9 board: cells, givens, and the rule check that explains *why* a set of givens has no
//! solution before any search runs.
//!
//! Cells are numbered row-major, `index = row * 9 + col`, rows and columns counted from 0 inside
//! the program and from 1 in every message (`r1c1` is the top-left cell). A cell holds 0 when it is
//! empty and 1..=9 when it holds that digit.

use std::fmt;

/// Number of cells on a board.
pub const CELLS: usize = 81;

/// A 9x9 board. Empty cells hold 0; filled cells hold a digit 1..=9. Grids are ordered as
/// their 81 cells are, row-major, so a set of them comes out sorted as their lines would.
///
/// ```
/// use std::collections::BTreeSet;
/// use sudoku_solver::{CellError, Grid};
///
/// let empty = Grid::try_from([0u8; 81]).unwrap();
/// assert_eq!(empty, Grid::default());
/// let mut cells = [0u8; 81];
/// cells[80] = 10;
/// assert_eq!(Grid::try_from(cells), Err(CellError { index: 80, value: 10 }));
/// cells[80] = 9;
/// let set: BTreeSet<Grid> = [Grid::try_from(cells).unwrap(), empty].into();
/// assert_eq!(set.first(), Some(&empty));
/// assert_eq!(<[u8; 81]>::from(*set.last().unwrap())[80], 9);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

/// The kind of house (unit) a rule applies to. The variants stand in Sudoku Explainer's order,
/// boxes first, which the logic engine's house tables follow (`logic::board`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A 3x3 box, numbered 1..=9 left to right, top to bottom.
    Box,
    /// A row, numbered 1..=9 from the top.
    Row,
    /// A column, numbered 1..=9 from the left.
    Column,
}

impl HouseKind {
    /// The name used in messages and explanations: `row`, `column`, `box`.
    pub fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        }
    }
}

/// Two givens that break a rule: the same digit twice in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// Which kind of house holds it twice.
    pub house: HouseKind,
    /// The house's number, 1..=9.
    pub number: u8,
    /// The first cell holding the digit (index 0..81).
    pub first: usize,
    /// The second cell holding the digit (index 0..81).
    pub second: usize,
    /// The board's width (9 for the classic board), for the rows and columns of the cells.
    size: u8,
}

impl Conflict {
    /// The conflict of `digit` twice in house `number` (from 1) of `house`, at cells `first`
    /// and `second` of a board `size` wide.
    pub(crate) fn new(
        digit: u8,
        house: HouseKind,
        number: u8,
        first: usize,
        second: usize,
        size: usize,
    ) -> Conflict {
        Conflict {
            digit,
            house,
            number,
            first,
            second,
            size: size as u8,
        }
    }
}

/// A conflict is the error of givens that break a rule.
impl std::error::Error for Conflict {}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size as usize;
        let (r1, c1) = (self.first / n + 1, self.first % n + 1);
        let (r2, c2) = (self.second / n + 1, self.second % n + 1);
        match self.house {
            HouseKind::Row => write!(
                f,
                "{} appears twice in row {} (columns {c1} and {c2})",
                self.digit, self.number
            ),
            HouseKind::Column => write!(
                f,
                "{} appears twice in column {} (rows {r1} and {r2})",
                self.digit, self.number
            ),
            HouseKind::Box => write!(
                f,
                "{} appears twice in box {} (r{r1}c{c1} and r{r2}c{c2})",
                self.digit, self.number
            ),
        }
    }
}

impl Grid {
    /// The empty board.
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// A board from 81 cells (0 = empty, 1..=9 = digit). Returns `None` if a cell holds more than 9.
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Grid> {
        Grid::try_from(cells).ok()
    }

    /// The 81 cells, row-major.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The digit at `row`, `col` (both 0..9), or 0 when empty.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * 9 + col]
    }

    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    /// True when every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&c| c != 0)
    }

    /// The first rule the filled cells break, looking at rows, then columns, then boxes, each in
    /// order, or `None` when no digit repeats in any house.
    pub fn conflict(&self) -> Option<Conflict> {
        for house in [HouseKind::Row, HouseKind::Column, HouseKind::Box] {
            for number in 0..9 {
                // Where each digit was first seen in this house.
                let mut seen = [usize::MAX; 10];
                for k in 0..9 {
                    let index = house_cell(house, number, k);
                    let digit = self.cells[index];
                    if digit == 0 {
                        continue;
                    }
                    let first = seen[digit as usize];
                    if first != usize::MAX {
                        return Some(Conflict::new(
                            digit,
                            house,
                            number as u8 + 1,
                            first,
                            index,
                            9,
                        ));
                    }
                    seen[digit as usize] = index;
                }
            }
        }
        None
    }

    /// True when this board is full, breaks no rule, and agrees with every given of `puzzle`.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.is_full()
            && self.conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &cell)| given == 0 || given == cell)
    }

    /// The 81-character line form: digits, `.` for empty.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&c| if c == 0 { '.' } else { (b'0' + c) as char })
            .collect()
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

/// `{}` writes the 81-character line (`.` for an empty cell); `{:#}` writes 9 rows of 9 on 9
/// lines. Both read back as the same grid (`str::parse`).
///
/// ```
/// use sudoku_solver::Grid;
///
/// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let grid: Grid = line.parse().unwrap();
/// assert_eq!(grid.to_string(), line);
/// assert_eq!(format!("{grid:#}").lines().next(), Some("53..7...."));
/// assert_eq!(format!("{grid:#}").parse::<Grid>().unwrap(), grid);
/// ```
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.to_line();
        if f.alternate() {
            for (r, row) in line.as_bytes().chunks(9).enumerate() {
                if r > 0 {
                    f.write_str("\n")?;
                }
                // The line holds ASCII only.
                f.write_str(std::str::from_utf8(row).map_err(|_| fmt::Error)?)?;
            }
            Ok(())
        } else {
            f.write_str(&line)
        }
    }
}

/// A board from 81 cells, row-major: 0 for an empty cell, else its digit 1..=9.
impl TryFrom<[u8; CELLS]> for Grid {
    type Error = CellError;

    fn try_from(cells: [u8; CELLS]) -> Result<Grid, CellError> {
        match cells.iter().position(|&c| c > 9) {
            Some(index) => Err(CellError {
                index,
                value: cells[index],
            }),
            None => Ok(Grid { cells }),
        }
    }
}

/// A cell value that is neither 0 (empty) nor a digit 1..=9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cell {index} (r{row}c{col}) holds {value}; a cell holds 0 (empty) or a digit 1..=9", row = index / 9 + 1, col = index % 9 + 1)]
pub struct CellError {
    /// The cell, 0..81 row-major.
    pub index: usize,
    /// What it holds.
    pub value: u8,
}

/// The empty board, [`Grid::EMPTY`].
impl Default for Grid {
    fn default() -> Grid {
        Grid::EMPTY
    }
}

/// With the feature `serde`: a grid is its 81-character line (`.` for an empty cell).
#[cfg(feature = "serde")]
impl serde::Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_line())
    }
}

/// With the feature `serde`: a grid from a string, read as `str::parse` reads one (a line, or
/// any other layout of one puzzle).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Grid {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The 81 cells, row-major (0 for an empty cell).
impl From<Grid> for [u8; CELLS] {
    fn from(grid: Grid) -> [u8; CELLS] {
        grid.cells
    }
}

/// A pencilmark grid: for each cell, the digits still possible there (bit `d - 1` for digit `d`,
/// bits 9..16 always 0). A cell with one candidate is as good as filled; a cell with none makes
/// the puzzle unsolvable.
///
/// ```
/// use sudoku_solver::{Candidates, Grid};
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
/// let candidates = Candidates::from_grid(&grid);
/// // A given keeps its own digit only (r1c1 is 5); an empty cell (r1c3) keeps all nine.
/// assert_eq!(candidates.masks()[0], 1 << 4);
/// assert_eq!(candidates.masks()[2], 0x1FF);
/// assert_eq!(candidates.singles(), grid);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Candidates {
    masks: [u16; CELLS],
}

impl Candidates {
    /// Every digit possible in every cell.
    pub const ALL: Candidates = Candidates {
        masks: [0x1FF; CELLS],
    };

    /// Candidates from 81 masks; `None` if a mask has a bit above bit 8.
    pub fn from_masks(masks: [u16; CELLS]) -> Option<Candidates> {
        masks
            .iter()
            .all(|&m| m <= 0x1FF)
            .then_some(Candidates { masks })
    }

    /// The candidates of a board of givens: a given is its only candidate, an empty cell has
    /// all nine (no elimination is made).
    pub fn from_grid(grid: &Grid) -> Candidates {
        let mut masks = [0x1FF; CELLS];
        for (mask, &cell) in masks.iter_mut().zip(grid.cells()) {
            if cell != 0 {
                *mask = 1 << (cell - 1);
            }
        }
        Candidates { masks }
    }

    /// The 81 masks, row-major.
    pub fn masks(&self) -> &[u16; CELLS] {
        &self.masks
    }

    /// The cells with exactly one candidate, as a board (other cells empty).
    pub fn singles(&self) -> Grid {
        let mut cells = [0; CELLS];
        for (cell, &mask) in cells.iter_mut().zip(&self.masks) {
            if mask.count_ones() == 1 {
                *cell = mask.trailing_zeros() as u8 + 1;
            }
        }
        Grid { cells }
    }

    /// The first cell (row-major) with no candidate left.
    pub fn empty_cell(&self) -> Option<usize> {
        self.masks.iter().position(|&m| m == 0)
    }

    /// The 729-character form: for each cell, 9 characters, the digit `d` at place `d` when it
    /// is a candidate and `.` when it is not (`1...5.7.9` for 1, 5, 7 and 9).
    pub fn to_line(&self) -> String {
        let mut out = String::with_capacity(CELLS * 9);
        for &mask in &self.masks {
            for d in 0..9 {
                out.push(if mask & (1 << d) != 0 {
                    (b'1' + d as u8) as char
                } else {
                    '.'
                });
            }
        }
        out
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates({})", self.to_line())
    }
}

/// The name of cell `index` (0..81) in `rNcM` notation, rows and columns from 1.
pub fn cell_name(index: usize) -> String {
    format!("r{}c{}", index / 9 + 1, index % 9 + 1)
}

/// The index of the `k`-th cell (0..9) of house `number` (0..9).
pub fn house_cell(house: HouseKind, number: usize, k: usize) -> usize {
    match house {
        HouseKind::Row => number * 9 + k,
        HouseKind::Column => k * 9 + number,
        HouseKind::Box => (number / 3 * 3 + k / 3) * 9 + number % 3 * 3 + k % 3,
    }
}

#[cfg(test)]
mod tests;
