//! A maker's questions on a board of any size, as [`Grid`](crate::Grid) answers them for 9x9
//! (`sudoku minimize`, `check --minimal`): which givens can go, each alone, keeping the
//! solution unique, and a minimal puzzle with the same solution.
//!
//! A given can go when the board without it has no solution with another digit in its cell (the
//! one solution with it is still one without it): one search with that digit taken from the
//! cell, to a limit of one. [`SizedGrid::minimize`] tries the givens in an order (row-major, or
//! drawn from a seed as the 9x9 one draws it) and takes away each that can go; one pass is
//! enough, as for 9x9 (`generate/minimal.rs` says why).

use crate::random::{shuffle, stream_rng};
use crate::sized::search::{search_sized, search_sized_without};
use crate::sized::SizedGrid;

/// Whether `cells` of `shape` without the clue `clue` at `cell` (already taken away) keeps
/// exactly one solution, when with it there was one.
fn can_go(grid: &SizedGrid, cells: &[u8], cell: usize, clue: u8) -> bool {
    let less = SizedGrid::new(grid.shape(), cells.to_vec()).expect("a subset of the givens");
    search_sized_without(&less, cell, clue, 1).solutions() == 0
}

/// Questions on the givens of a board of any size.
///
/// ```
/// use sudoku_solver::SizedGrid;
///
/// let full: SizedGrid = "123456456123231564564231312645645312".parse().unwrap();
/// assert!(!full.is_minimal());
/// let puzzle = full.minimize(Some(7)).unwrap();
/// assert!(puzzle.is_minimal());
/// assert_eq!(puzzle.solve(), Some(full.clone()));
/// assert_eq!(puzzle.redundant_givens(), Some(vec![]));
/// let empty = SizedGrid::empty(full.shape());
/// assert_eq!(empty.minimize(None), None); // many solutions
/// ```
impl SizedGrid {
    /// A minimal puzzle with this one's solution: givens taken away, in row-major order or
    /// (with a seed) in an order drawn from it, until none can go without a second solution.
    /// `None` when the givens do not have exactly one solution.
    pub fn minimize(&self, seed: Option<u64>) -> Option<SizedGrid> {
        if search_sized(self, 2).solutions() != 1 {
            return None;
        }
        let mut order: Vec<usize> = (0..self.shape().cells()).collect();
        if let Some(seed) = seed {
            shuffle(&mut stream_rng(seed, 0), &mut order);
        }
        let mut cells = self.cells().to_vec();
        for cell in order {
            let clue = cells[cell];
            if clue == 0 {
                continue;
            }
            cells[cell] = 0;
            if !can_go(self, &cells, cell, clue) {
                cells[cell] = clue;
            }
        }
        Some(SizedGrid::new(self.shape(), cells).expect("a subset of the givens"))
    }

    /// The givens (cells, row-major) that can go, each alone, keeping the solution unique:
    /// empty for a minimal puzzle. `None` when the givens do not have exactly one solution.
    pub fn redundant_givens(&self) -> Option<Vec<usize>> {
        if search_sized(self, 2).solutions() != 1 {
            return None;
        }
        let mut cells = self.cells().to_vec();
        let redundant = (0..cells.len())
            .filter(|&cell| {
                let clue = cells[cell];
                if clue == 0 {
                    return false;
                }
                cells[cell] = 0;
                let goes = can_go(self, &cells, cell, clue);
                cells[cell] = clue;
                goes
            })
            .collect();
        Some(redundant)
    }

    /// True for a proper puzzle none of whose givens can go.
    pub fn is_minimal(&self) -> bool {
        self.redundant_givens().is_some_and(|r| r.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use crate::shape::Shape;
    use crate::sized::SizedGrid;

    /// Solutions counted to `limit` by plain backtracking, written here apart from the engine.
    fn count(grid: &SizedGrid, limit: u64) -> u64 {
        fn go(shape: Shape, cells: &mut Vec<u8>, limit: u64, found: &mut u64) {
            let Some(i) = cells.iter().position(|&d| d == 0) else {
                *found += 1;
                return;
            };
            for d in 1..=shape.size() as u8 {
                if *found >= limit {
                    return;
                }
                cells[i] = d;
                let clash = (0..cells.len()).any(|j| {
                    j != i
                        && cells[j] == d
                        && (shape.row_of(j) == shape.row_of(i)
                            || shape.col_of(j) == shape.col_of(i)
                            || shape.box_of(j) == shape.box_of(i))
                });
                if !clash {
                    go(shape, cells, limit, found);
                }
                cells[i] = 0;
            }
        }
        let mut cells = grid.cells().to_vec();
        let mut found = 0;
        go(grid.shape(), &mut cells, limit, &mut found);
        found
    }

    /// A full board of `rows` x `cols` boxes that breaks no rule: rows of shifted digits.
    fn full(rows: usize, cols: usize) -> SizedGrid {
        let shape = Shape::new(rows, cols).unwrap();
        let n = shape.size();
        let cells = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((r % rows * cols + r / rows + c) % n) as u8 + 1
            })
            .collect();
        SizedGrid::new(shape, cells).unwrap()
    }

    #[test]
    fn minimized_boards_keep_their_solution_and_need_every_clue() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4)] {
            let full = full(rows, cols);
            assert!(full.is_full() && full.conflict().is_none());
            for seed in [None, Some(1), Some(2)] {
                let puzzle = full.minimize(seed).expect("a full board is unique");
                assert_eq!(count(&puzzle, 2), 1, "{puzzle}");
                assert!(full.solves(&puzzle));
                for cell in (0..puzzle.cells().len()).filter(|&c| puzzle.cells()[c] != 0) {
                    let mut cells = puzzle.cells().to_vec();
                    cells[cell] = 0;
                    let less = SizedGrid::new(puzzle.shape(), cells).unwrap();
                    assert_eq!(count(&less, 2), 2, "{puzzle}: clue at {cell} can go");
                }
                assert_eq!(puzzle.redundant_givens(), Some(vec![]));
            }
        }
    }

    #[test]
    fn redundant_givens_are_those_whose_removal_keeps_one_solution() {
        let full = full(2, 3);
        let puzzle = full.minimize(None).unwrap();
        // Give back every other missing digit: those givens (and maybe others) can go.
        let mut cells = puzzle.cells().to_vec();
        let missing: Vec<usize> = (0..36).filter(|&c| cells[c] == 0).step_by(2).collect();
        for cell in missing {
            cells[cell] = full.cells()[cell];
        }
        let padded = SizedGrid::new(full.shape(), cells.clone()).unwrap();
        let redundant = padded.redundant_givens().unwrap();
        assert!(!redundant.is_empty());
        for cell in 0..36 {
            if cells[cell] == 0 {
                continue;
            }
            let mut less = cells.clone();
            less[cell] = 0;
            let unique = count(&SizedGrid::new(full.shape(), less).unwrap(), 2) == 1;
            assert_eq!(redundant.contains(&cell), unique, "cell {cell}");
        }
        assert_eq!(SizedGrid::empty(full.shape()).redundant_givens(), None);
    }
}
