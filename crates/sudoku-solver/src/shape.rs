//! A board's shape as data: its size N, its boxes of R rows by C columns (N = R x C), and the
//! tables every part that walks a board of any size takes its cells, houses and peers from.
//!
//! Why tables rather than arithmetic: a house is then a list of cells, so the same search walks a
//! classic board, a 16x16 board and (later) a board whose houses are drawn rather than computed
//! (jigsaw regions, diagonals, windows), each given by its [`Houses`]. The shape itself is two
//! small numbers, `Copy`; its standard houses are built once per shape and shared
//! ([`Shape::houses`]).
//!
//! Sizes run from 4 (2x2 boxes) to 36 (6x6 boxes): every N with a box of R x C, R and C at least
//! 2. A size with a square root has square boxes by default; another has the wide box, fewer rows
//! than columns with the rows as many as can be (2x3 for 6x6, 3x4 for 12x12), as most sets and
//! apps draw them ([`Shape::for_size`]).

use std::fmt;
use std::sync::{Arc, OnceLock};

/// The smallest board size: 4x4, boxes of 2x2.
pub const MIN_SIZE: usize = 4;
/// The largest board size: 36x36, boxes of 6x6.
pub const MAX_SIZE: usize = 36;

/// A board's shape: N rows, N columns and N boxes of `box_rows` x `box_cols` cells, N from 4 to
/// 36. Cells are numbered row-major from 0, `cell = row * N + col`; boxes left to right, top to
/// bottom.
///
/// ```
/// use sudoku_solver::Shape;
///
/// let six = Shape::for_size(6).unwrap();
/// assert_eq!((six.box_rows(), six.box_cols()), (2, 3));
/// assert_eq!(six.cells(), 36);
/// assert_eq!(six.box_of(9), 1); // r2c4 is in the second box
/// assert_eq!("3x4".parse::<Shape>().unwrap().size(), 12);
/// assert!(Shape::for_size(7).is_err()); // no box of 2 or more each way
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// A shape that no board has: a box side under 2, a size over 36, or a size with no such box.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A box side under 2, or a box of more than 36 cells.
    #[error("a box of {0}x{1} makes no board: each side is 2 or more, and a box holds at most 36 cells (6x6)")]
    Box(usize, usize),
    /// A size that no box of 2 or more rows and columns divides into (a prime, or out of range).
    #[error("no board is {0}x{0}: a size is 4 to 36 with boxes of 2 or more rows and columns (4, 6, 8, 9, 10, 12, 14, 15, 16, ...)")]
    Size(usize),
    /// A box written other than as `RxC`.
    #[error("`{0}` is no box shape: write rows x columns, as 2x3")]
    Syntax(String),
}

impl Shape {
    /// The classic board: 9x9 with 3x3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// The shape whose boxes are `box_rows` x `box_cols` (each 2 or more, at most 36 cells).
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows < 2 || box_cols < 2 || box_rows * box_cols > MAX_SIZE {
            return Err(ShapeError::Box(box_rows, box_cols));
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual shape of a board `size` wide: square boxes where `size` is a square, else the
    /// wide box (fewer rows than columns, as square as can be: 2x3, 2x4, 3x4, 3x5, 4x5, 5x6).
    pub fn for_size(size: usize) -> Result<Shape, ShapeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(ShapeError::Size(size));
        }
        let rows = (2..=size)
            .take_while(|r| r * r <= size)
            .filter(|&r| size.is_multiple_of(r))
            .last()
            .ok_or(ShapeError::Size(size))?;
        Shape::new(rows, size / rows)
    }

    /// Every shape of a board `size` wide: the usual one first ([`Shape::for_size`]), then the
    /// others (the tall box 3x2 after 2x3; 2x6 and 6x2 after 3x4 and 4x3 for 12x12).
    pub fn all_for_size(size: usize) -> Vec<Shape> {
        let Ok(usual) = Shape::for_size(size) else {
            return Vec::new();
        };
        let mut all = vec![usual];
        let flipped = Shape {
            box_rows: usual.box_cols,
            box_cols: usual.box_rows,
        };
        if flipped != usual {
            all.push(flipped);
        }
        for rows in 2..=size / 2 {
            if size.is_multiple_of(rows) && size / rows >= 2 {
                let shape = Shape {
                    box_rows: rows as u8,
                    box_cols: (size / rows) as u8,
                };
                if !all.contains(&shape) {
                    all.push(shape);
                }
            }
        }
        all
    }

    /// N: the number of rows, of columns, of boxes, and of digits.
    pub fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// The rows of a box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// The columns of a box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// N x N: the number of cells.
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// The row of `cell` (0..N).
    pub fn row_of(self, cell: usize) -> usize {
        cell / self.size()
    }

    /// The column of `cell` (0..N).
    pub fn col_of(self, cell: usize) -> usize {
        cell % self.size()
    }

    /// The box of `cell` (0..N, left to right, top to bottom).
    pub fn box_of(self, cell: usize) -> usize {
        let (row, col) = (self.row_of(cell), self.col_of(cell));
        row / self.box_rows() * self.box_rows() + col / self.box_cols()
    }

    /// The cell at `row`, `col`.
    pub fn cell(self, row: usize, col: usize) -> usize {
        row * self.size() + col
    }

    /// The name of `cell` in `rNcM` notation, rows and columns from 1.
    pub fn cell_name(self, cell: usize) -> String {
        format!("r{}c{}", self.row_of(cell) + 1, self.col_of(cell) + 1)
    }

    /// The standard houses of this shape (rows, columns, boxes), built once and shared.
    pub fn houses(self) -> Arc<Houses> {
        // One slot per (box rows, box columns) pair; 37 x 37 covers every shape.
        static TABLES: [OnceLock<Arc<Houses>>; 37 * 37] = [const { OnceLock::new() }; 37 * 37];
        TABLES[self.box_rows() * 37 + self.box_cols()]
            .get_or_init(|| Arc::new(Houses::standard(self)))
            .clone()
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({self})")
    }
}

/// `9x9 (3x3)`: the board's size, then its box.
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        write!(f, "{n}x{n} ({}x{})", self.box_rows, self.box_cols)
    }
}

/// A box shape written `RxC` (`2x3`, `4X4`, `3*4`), as `--box` takes it.
impl std::str::FromStr for Shape {
    type Err = ShapeError;

    fn from_str(text: &str) -> Result<Shape, ShapeError> {
        let syntax = || ShapeError::Syntax(text.into());
        let (rows, cols) = text.trim().split_once(['x', 'X', '*']).ok_or_else(syntax)?;
        let rows = rows.trim().parse().map_err(|_| syntax())?;
        let cols = cols.trim().parse().map_err(|_| syntax())?;
        Shape::new(rows, cols)
    }
}

/// Which kind of house a house of the standard tables is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseRole {
    /// A row, numbered from the top.
    Row,
    /// A column, numbered from the left.
    Column,
    /// A box, numbered left to right, top to bottom.
    Box,
    /// A house a variant adds (a diagonal, a window) or draws (a jigsaw region).
    Extra,
}

/// The houses of a board as data: each a list of N cells that hold every digit once, each
/// cell's houses, and each cell's peers (the other cells that share a house with it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Houses {
    shape: Shape,
    /// Every house's cells, in order; `roles` says what each is.
    cells: Vec<Box<[u16]>>,
    roles: Vec<(HouseRole, u8)>,
    /// Per cell, the houses it is in.
    of_cell: Vec<Box<[u16]>>,
    /// Per cell, its peers, in increasing order.
    peers: Vec<Box<[u16]>>,
}

impl Houses {
    /// The rows, the columns and the boxes of `shape`, in that order, each numbered from 0.
    pub fn standard(shape: Shape) -> Houses {
        let n = shape.size();
        let mut houses = Vec::with_capacity(3 * n);
        let mut roles = Vec::with_capacity(3 * n);
        for (role, member) in [
            (HouseRole::Row, 0usize),
            (HouseRole::Column, 1),
            (HouseRole::Box, 2),
        ] {
            for number in 0..n {
                let cells: Vec<u16> = (0..shape.cells())
                    .filter(|&cell| {
                        let of = [shape.row_of(cell), shape.col_of(cell), shape.box_of(cell)];
                        of[member] == number
                    })
                    .map(|cell| cell as u16)
                    .collect();
                houses.push(cells);
                roles.push((role, number as u8));
            }
        }
        Houses::from_lists(shape, houses, roles)
    }

    /// Houses from lists of cells (each of N distinct cells of `shape`), with their roles.
    fn from_lists(shape: Shape, houses: Vec<Vec<u16>>, roles: Vec<(HouseRole, u8)>) -> Houses {
        let mut of_cell = vec![Vec::new(); shape.cells()];
        for (h, cells) in houses.iter().enumerate() {
            for &cell in cells {
                of_cell[cell as usize].push(h as u16);
            }
        }
        let peers = (0..shape.cells())
            .map(|cell| {
                let mut peers: Vec<u16> = of_cell[cell]
                    .iter()
                    .flat_map(|&h| houses[h as usize].iter().copied())
                    .filter(|&p| p as usize != cell)
                    .collect();
                peers.sort_unstable();
                peers.dedup();
                peers.into_boxed_slice()
            })
            .collect();
        Houses {
            shape,
            cells: houses.into_iter().map(Vec::into_boxed_slice).collect(),
            roles,
            of_cell: of_cell.into_iter().map(Vec::into_boxed_slice).collect(),
            peers,
        }
    }

    /// The shape these houses cover.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The number of houses.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when there is no house (never, for a board).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cells of house `house`.
    pub fn cells(&self, house: usize) -> &[u16] {
        &self.cells[house]
    }

    /// What house `house` is, and its number (from 0) among those of its role.
    pub fn role(&self, house: usize) -> (HouseRole, usize) {
        let (role, number) = self.roles[house];
        (role, number as usize)
    }

    /// The houses `cell` is in.
    pub fn of_cell(&self, cell: usize) -> &[u16] {
        &self.of_cell[cell]
    }

    /// The peers of `cell`: every other cell that shares a house with it, in increasing order.
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_from_4_to_36_with_a_box_has_a_shape() {
        let sizes: Vec<usize> = (MIN_SIZE..=MAX_SIZE)
            .filter(|&n| Shape::for_size(n).is_ok())
            .collect();
        assert_eq!(
            sizes,
            [
                4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25, 26, 27, 28, 30, 32, 33, 34,
                35, 36
            ]
        );
        assert!(Shape::for_size(5).is_err() && Shape::for_size(37).is_err());
        let box_of = |n| {
            let s = Shape::for_size(n).unwrap();
            (s.box_rows(), s.box_cols())
        };
        assert_eq!(box_of(6), (2, 3));
        assert_eq!(box_of(8), (2, 4));
        assert_eq!(box_of(9), (3, 3));
        assert_eq!(box_of(12), (3, 4));
        assert_eq!(box_of(16), (4, 4));
        assert_eq!(box_of(30), (5, 6));
        assert_eq!(Shape::for_size(9).unwrap(), Shape::CLASSIC);
        let twelve: Vec<String> = Shape::all_for_size(12)
            .iter()
            .map(|s| format!("{}x{}", s.box_rows(), s.box_cols()))
            .collect();
        assert_eq!(twelve, ["3x4", "4x3", "2x6", "6x2"]);
    }

    #[test]
    fn box_shapes_read_as_rows_by_columns() {
        let s: Shape = "2x3".parse().unwrap();
        assert_eq!((s.box_rows(), s.box_cols(), s.size()), (2, 3, 6));
        assert_eq!(" 4X4 ".parse::<Shape>().unwrap().size(), 16);
        assert!("1x4".parse::<Shape>().is_err());
        assert!("7x6".parse::<Shape>().is_err());
        assert!("three".parse::<Shape>().is_err());
        assert_eq!(s.to_string(), "6x6 (2x3)");
    }

    #[test]
    fn every_house_holds_n_cells_and_every_cell_has_its_peers() {
        for n in MIN_SIZE..=MAX_SIZE {
            for shape in Shape::all_for_size(n) {
                let houses = shape.houses();
                assert_eq!(houses.len(), 3 * n);
                for h in 0..houses.len() {
                    let cells = houses.cells(h);
                    assert_eq!(cells.len(), n, "{shape} house {h}");
                    let mut sorted = cells.to_vec();
                    sorted.dedup();
                    assert_eq!(sorted.len(), n);
                }
                // A cell sees its row and column (N - 1 each) and the rest of its box.
                let want = 2 * (n - 1) + (n - shape.box_rows() - shape.box_cols() + 1);
                for cell in 0..shape.cells() {
                    assert_eq!(houses.of_cell(cell).len(), 3);
                    assert_eq!(houses.peers(cell).len(), want, "{shape} {cell}");
                    assert!(!houses.peers(cell).contains(&(cell as u16)));
                }
            }
        }
    }

    #[test]
    fn the_classic_boxes_match_the_nine_by_nine_board() {
        let houses = Shape::CLASSIC.houses();
        for cell in 0..81 {
            let (role, number) = houses.role(houses.of_cell(cell)[2] as usize);
            assert_eq!(role, HouseRole::Box);
            assert_eq!(number, cell / 27 * 3 + cell % 9 / 3);
        }
    }
}
