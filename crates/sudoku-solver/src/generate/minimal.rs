//! Minimal puzzles from given ones (`sudoku minimize`), and the clues a puzzle can do without
//! (`check --minimal`).
//!
//! A puzzle with exactly one solution is *minimal* when removing any one clue gives it a second
//! solution. [`minimize`] tries the clues one at a time, in a given order, and removes each one
//! whose removal keeps the solution unique. One pass is enough: a clue that could not go had a
//! second solution without it, and removing other clues later only keeps that solution. The
//! result is a subset of the clues with the same single solution; which minimal subset depends
//! on the order.

use super::{shuffle, stream_rng, unique_without};
use crate::solver::search;

/// The order [`minimize`] tries the cells in: row-major without a seed, else the 81 cells
/// shuffled by the generator of stream `seed`, puzzle 0 (see the module documentation of
/// [`crate::generate`](mod@crate::generate)), so the same seed gives the same order, for every puzzle.
pub fn order(seed: Option<u64>) -> [u8; 81] {
    let mut cells: [u8; 81] = std::array::from_fn(|i| i as u8);
    if let Some(seed) = seed {
        shuffle(&mut stream_rng(seed, 0), &mut cells);
    }
    cells
}

/// Whether `puzzle` has exactly one solution.
fn unique(puzzle: &[u8; 81]) -> bool {
    search(puzzle, 2).solutions == 1
}

/// `puzzle`, which must have exactly one solution, with clues removed in `order` (cells
/// 0..81; cells not in it are kept) until none can go without a second solution.
///
/// A solved grid (81 clues) comes down to one of its minimal subsets, of 17 to about 40 clues.
pub fn minimize(puzzle: &[u8; 81], order: &[u8]) -> [u8; 81] {
    debug_assert!(unique(puzzle), "minimize takes a puzzle with one solution");
    let mut out = *puzzle;
    for &cell in order {
        let cell = usize::from(cell);
        if out[cell] == 0 {
            continue;
        }
        let clue = out[cell];
        out[cell] = 0;
        if !unique_without(&out, cell, clue) {
            out[cell] = clue;
        }
    }
    out
}

/// The clues of `puzzle` (which must have exactly one solution) that can go, each alone,
/// keeping the solution unique, in cell order: none when the puzzle is minimal. (Two of them
/// may not go together.)
pub fn redundant(puzzle: &[u8; 81]) -> Vec<usize> {
    debug_assert!(unique(puzzle), "redundant takes a puzzle with one solution");
    let mut less = *puzzle;
    (0..81)
        .filter(|&cell| {
            let clue = puzzle[cell];
            if clue == 0 {
                return false;
            }
            less[cell] = 0;
            let can_go = unique_without(&less, cell, clue);
            less[cell] = clue;
            can_go
        })
        .collect()
}

/// A maker's questions as methods of a [`Grid`](crate::Grid) of givens: which givens can go,
/// and a minimal puzzle with the same solution.
///
/// ```
/// use sudoku_solver::Grid;
///
/// let grid: Grid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
///     .parse()
///     .unwrap();
/// assert!(!grid.is_minimal());
/// let puzzle = grid.minimize(Some(7)).unwrap();
/// assert!(puzzle.is_minimal());
/// assert_eq!(puzzle.solve(), Some(grid));
/// assert_eq!(puzzle.redundant_givens(), Some(vec![]));
/// assert_eq!(Grid::EMPTY.minimize(None), None); // many solutions
/// ```
impl crate::grid::Grid {
    /// A minimal puzzle with this one's solution: givens taken away, in row-major order or
    /// (with a seed) in an order drawn from it, until none can go without a second solution.
    /// `None` when the givens do not have exactly one solution.
    pub fn minimize(&self, seed: Option<u64>) -> Option<crate::grid::Grid> {
        unique(self.cells()).then(|| {
            crate::grid::Grid::from_cells(minimize(self.cells(), &order(seed)))
                .expect("a subset of the givens")
        })
    }

    /// The givens (cell indices, row-major) that can go, each alone, keeping the solution
    /// unique: empty for a minimal puzzle. (Two of them may not go together.) `None` when the
    /// givens do not have exactly one solution.
    pub fn redundant_givens(&self) -> Option<Vec<usize>> {
        unique(self.cells()).then(|| redundant(self.cells()))
    }

    /// True for a proper puzzle none of whose givens can go: exactly one solution, and a
    /// second one as soon as any given is taken away.
    pub fn is_minimal(&self) -> bool {
        self.redundant_givens().is_some_and(|r| r.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, GenerateOptions};

    #[test]
    fn a_solved_grid_minimizes_to_a_minimal_puzzle() {
        let text =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let grid: [u8; 81] = std::array::from_fn(|i| text.as_bytes()[i] - b'0');
        let less = minimize(&grid, &order(None));
        assert!(less.iter().filter(|&&d| d != 0).count() < 40);
        assert!(redundant(&less).is_empty());
        assert_eq!(search(&less, 2).first, Some(grid));
    }

    #[test]
    fn a_padded_puzzle_minimizes_to_a_minimal_subset_with_the_same_solution() {
        let made = generate(8, 0, &GenerateOptions::default());
        // Pad: every third empty cell gets its solution digit back.
        let mut padded = made.puzzle;
        for cell in (0..81).filter(|&c| made.puzzle[c] == 0).step_by(3) {
            padded[cell] = made.solution[cell];
        }
        assert!(!redundant(&padded).is_empty());
        for seed in [None, Some(1), Some(2)] {
            let less = minimize(&padded, &order(seed));
            for cell in 0..81 {
                assert!(less[cell] == 0 || less[cell] == padded[cell], "a subset");
            }
            assert!(redundant(&less).is_empty());
            assert_eq!(search(&less, 2).first, Some(made.solution));
        }
        // Different orders reach different minimal puzzles.
        assert_ne!(
            minimize(&padded, &order(Some(1))),
            minimize(&padded, &order(Some(2)))
        );
    }

    #[test]
    fn order_is_a_permutation_fixed_by_the_seed() {
        assert_eq!(order(None), std::array::from_fn(|i| i as u8));
        let a = order(Some(5));
        assert_eq!(a, order(Some(5)));
        assert_ne!(a, order(Some(6)));
        let mut sorted = a;
        sorted.sort_unstable();
        assert_eq!(sorted, order(None));
    }

    #[test]
    fn redundant_names_exactly_the_clues_that_can_go() {
        let made = generate(3, 1, &GenerateOptions::default());
        assert!(
            redundant(&made.puzzle).is_empty(),
            "generated puzzles are minimal"
        );
        let mut padded = made.puzzle;
        let extra = (0..81).find(|&c| made.puzzle[c] == 0).unwrap();
        padded[extra] = made.solution[extra];
        // The added clue can go; every other clue of a minimal puzzle still cannot, unless
        // the new clue stands in for it.
        assert!(redundant(&padded).contains(&extra));
    }
}
