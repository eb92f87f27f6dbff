//! Putting givens back: a puzzle made easier by revealing some of its solution's digits, as
//! data sets for learning set a puzzle's difficulty (RRN puts back 0 to 17 givens).

use super::{shuffle, stream_rng};
use crate::grid::Grid;

/// Reveal `k` givens, drawn from the generator of stream `seed`, number `index` (as
/// [`Transform::random`](crate::Transform::random) draws a map).
///
/// ```
/// use sudoku_solver::Grid;
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let solution = puzzle.solve().unwrap();
/// let easier = puzzle.reveal(&solution, 10, 7, 0).unwrap();
/// assert_eq!(easier.filled(), puzzle.filled() + 10);
/// assert!(solution.solves(&easier)); // every given kept, the new ones from the solution
/// assert_eq!(easier, puzzle.reveal(&solution, 10, 7, 0).unwrap()); // the same seed, the same cells
/// assert_eq!(puzzle.reveal(&solution, 81, 7, 0), Some(solution)); // k above the empty cells: all
/// assert_eq!(puzzle.reveal(&puzzle, 1, 7, 0), None); // not a solution of the puzzle
/// ```
impl Grid {
    /// This puzzle with `k` of its empty cells (all of them when there are fewer) filled from
    /// `solution`, the cells chosen at random from stream `seed`, number `index`: the same
    /// arguments give the same grid. `None` when `solution` does not solve this puzzle.
    pub fn reveal(&self, solution: &Grid, k: usize, seed: u64, index: u64) -> Option<Grid> {
        if !solution.solves(self) {
            return None;
        }
        let mut empty: Vec<usize> = (0..81).filter(|&i| self.cells()[i] == 0).collect();
        shuffle(&mut stream_rng(seed, index), &mut empty);
        let mut cells = *self.cells();
        for &i in empty.iter().take(k) {
            cells[i] = solution.cells()[i];
        }
        Grid::from_cells(cells)
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::Grid;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn reveal_fills_k_cells_from_the_solution_and_depends_on_the_stream() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solution = puzzle.solve().unwrap();
        for k in [0, 1, 17, 40] {
            let easier = puzzle.reveal(&solution, k, 3, 9).unwrap();
            assert_eq!(easier.filled(), puzzle.filled() + k);
            assert!(solution.solves(&easier));
        }
        let picks: std::collections::HashSet<Grid> = (0..8)
            .map(|index| puzzle.reveal(&solution, 5, 3, index).unwrap())
            .collect();
        assert!(picks.len() > 1, "different streams pick different cells");
    }
}
