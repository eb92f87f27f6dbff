//! Reproducible generation of unique (by default minimal) puzzles on boards of every shape, as
//! [`generate`](crate::generate) makes them for the classic board.
//!
//! Puzzle `index` of stream `seed` draws from its own generator (the crate's `stream_rng`, the
//! one the classic generator uses), so it is the same whatever the order in which puzzles are
//! made or the threads that make them. Its steps:
//!
//! 1. A random full grid: the sized search ([`search_sized`](crate::search_sized)) from the
//!    empty board, the candidates of each branch tried in a drawn order (so grids are not
//!    relabellings of one pattern).
//! 2. The cells, grouped in the orbits of the symmetry asked for, are emptied orbit by orbit in
//!    a drawn order, each kept empty when the puzzle stays unique: a second solution would
//!    differ in a cell of the orbit, so for each cell a search asks for a solution with another
//!    digit there. One pass makes the puzzle minimal within the symmetry (emptying more cells
//!    never makes a clue that was needed removable). With `minimal` unset, the pass stops at the
//!    first orbit that stays, or once `max_clues` is reached.
//! 3. With `max_clues`, a puzzle with more clues is dropped and the next grid tried.
//!
//! Symmetries: every map of the square keeps rows, columns and (N being a multiple of both box
//! sides) bands and stacks, but those that exchange rows and columns (quarter turns, the
//! diagonal reflections) turn an R x C box into a C x R one: on boards whose boxes are not
//! square they are refused ([`SizedGenerateError::Symmetry`]), and `random` draws among the
//! others.

use super::search::{random_solution, search_sized_without};
use crate::generate::Symmetry;
use crate::random::{below, shuffle, stream_rng};
use crate::shape::Shape;
use crate::sized::SizedGrid;
use rand_chacha::ChaCha8Rng;

/// What to generate on a board of another size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizedGenerateOptions {
    /// The symmetry of the clue pattern (see [`generate_sized`] for those a shape refuses).
    pub symmetry: Symmetry,
    /// Make the puzzle minimal (within the symmetry): removing any clue (orbit) gives it a
    /// second solution.
    pub minimal: bool,
    /// When set, retry with new grids until the puzzle has at most this many clues. The loop
    /// has no bound: a limit below what the shape's puzzles reach never ends.
    pub max_clues: Option<usize>,
}

impl Default for SizedGenerateOptions {
    /// No symmetry, minimal, no clue limit.
    fn default() -> Self {
        SizedGenerateOptions {
            symmetry: Symmetry::None,
            minimal: true,
            max_clues: None,
        }
    }
}

/// One generated puzzle of another size.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SizedGenerated {
    /// The puzzle: it has exactly one solution.
    pub puzzle: SizedGrid,
    /// Its solution.
    pub solution: SizedGrid,
    /// How many full grids were tried (1 unless `max_clues` made it retry).
    pub attempts: u64,
    /// The symmetry the clues follow: the one asked for, or the one drawn for `random`.
    pub symmetry: Symmetry,
}

/// Why [`generate_sized`] makes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SizedGenerateError {
    /// The symmetry exchanges rows and columns, which turns the shape's boxes into boxes of
    /// another shape.
    #[error("the {symmetry} symmetry exchanges rows and columns, which turns a {rows}x{cols} box into a {cols}x{rows} one: a {shape} board takes it only with square boxes", rows = shape.box_rows(), cols = shape.box_cols())]
    Symmetry {
        /// The symmetry asked for.
        symmetry: Symmetry,
        /// The board's shape.
        shape: Shape,
    },
}

impl SizedGenerateOptions {
    /// Whether [`generate_sized`] makes puzzles of `shape` with these options: the error it
    /// would give every puzzle, asked once (a symmetry that exchanges rows and columns needs
    /// square boxes).
    pub fn check(&self, shape: Shape) -> Result<(), SizedGenerateError> {
        match self.symmetry {
            Symmetry::Random => Ok(()),
            asked if fits(asked, shape) => Ok(()),
            asked => Err(SizedGenerateError::Symmetry {
                symmetry: asked,
                shape,
            }),
        }
    }
}

/// Puzzle number `index` of the stream `seed` on a board of `shape`: unique, minimal when
/// `options.minimal` is set, its clues symmetric under `options.symmetry`, at most
/// `options.max_clues` of them when set. The result depends only on `(shape, seed, index,
/// options)`.
///
/// ```
/// use sudoku_solver::{generate_sized, Shape, SizedGenerateOptions};
///
/// let shape = Shape::for_size(6).unwrap();
/// let made = generate_sized(shape, 7, 0, &SizedGenerateOptions::default()).unwrap();
/// assert!(made.puzzle.is_unique());
/// assert!(made.solution.solves(&made.puzzle));
/// let again = generate_sized(shape, 7, 0, &SizedGenerateOptions::default()).unwrap();
/// assert_eq!(made, again);
/// ```
///
/// # Errors
///
/// [`SizedGenerateError::Symmetry`] for a symmetry that exchanges rows and columns on a board
/// whose boxes are not square.
pub fn generate_sized(
    shape: Shape,
    seed: u64,
    index: u64,
    options: &SizedGenerateOptions,
) -> Result<SizedGenerated, SizedGenerateError> {
    let mut rng = stream_rng(seed, index);
    let symmetry = match options.symmetry {
        Symmetry::Random => {
            let fitting: Vec<Symmetry> = Symmetry::DRAWN
                .into_iter()
                .filter(|&s| fits(s, shape))
                .collect();
            fitting[below(&mut rng, fitting.len() as u32) as usize]
        }
        asked if fits(asked, shape) => asked,
        asked => {
            return Err(SizedGenerateError::Symmetry {
                symmetry: asked,
                shape,
            })
        }
    };
    let orbits = orbits(symmetry, shape);
    let mut attempts = 0;
    loop {
        attempts += 1;
        let solution = random_solution(shape, &mut rng);
        let puzzle = remove_clues(&mut rng, &solution, &orbits, options);
        if !matches!(options.max_clues, Some(k) if puzzle.filled() > k) {
            return Ok(SizedGenerated {
                puzzle,
                solution,
                attempts,
                symmetry,
            });
        }
    }
}

/// True when the maps of `symmetry` keep the boxes of `shape`: those that exchange rows and
/// columns need square boxes.
fn fits(symmetry: Symmetry, shape: Shape) -> bool {
    let exchanges = matches!(
        symmetry,
        Symmetry::Rotational90
            | Symmetry::Diagonal
            | Symmetry::AntiDiagonal
            | Symmetry::BiDiagonal
            | Symmetry::Full
    );
    !exchanges || shape.box_rows() == shape.box_cols()
}

/// The images of `(r, c)` under the maps of `symmetry` on a board of side `n` (as
/// [`Symmetry`] documents them for 9x9, with `n - 1` for 8).
fn images(symmetry: Symmetry, n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
    let m = n - 1;
    let identity = (r, c);
    let half = (m - r, m - c);
    let vertical = (r, m - c);
    let horizontal = (m - r, c);
    let diagonal = (m - c, m - r);
    let anti = (c, r);
    let quarter = (c, m - r);
    let three_quarters = (m - c, r);
    match symmetry {
        Symmetry::None | Symmetry::Random => vec![identity],
        Symmetry::Rotational => vec![identity, half],
        Symmetry::Rotational90 => vec![identity, quarter, half, three_quarters],
        Symmetry::Diagonal => vec![identity, diagonal],
        Symmetry::AntiDiagonal => vec![identity, anti],
        Symmetry::Vertical => vec![identity, vertical],
        Symmetry::Horizontal => vec![identity, horizontal],
        Symmetry::BiDiagonal => vec![identity, anti, diagonal, half],
        Symmetry::Orthogonal => vec![identity, vertical, horizontal, half],
        Symmetry::Full => vec![
            identity,
            quarter,
            half,
            three_quarters,
            vertical,
            horizontal,
            diagonal,
            anti,
        ],
    }
}

/// The orbits of `symmetry` on `shape`: the cells grouped in the smallest sets its maps send
/// onto themselves, ordered by their first cell, covering every cell once.
pub(crate) fn orbits(symmetry: Symmetry, shape: Shape) -> Vec<Vec<usize>> {
    let n = shape.size();
    let mut done = vec![false; shape.cells()];
    let mut out = Vec::new();
    for start in 0..shape.cells() {
        if done[start] {
            continue;
        }
        let mut orbit = Vec::new();
        for (r, c) in images(symmetry, n, shape.row_of(start), shape.col_of(start)) {
            let cell = shape.cell(r, c);
            if !orbit.contains(&cell) {
                orbit.push(cell);
                done[cell] = true;
            }
        }
        out.push(orbit);
    }
    out
}

/// Step 2 of the module documentation: empty the orbits in a drawn order, keeping uniqueness.
fn remove_clues(
    rng: &mut ChaCha8Rng,
    solution: &SizedGrid,
    orbits: &[Vec<usize>],
    options: &SizedGenerateOptions,
) -> SizedGrid {
    let mut order: Vec<&Vec<usize>> = orbits.iter().collect();
    shuffle(rng, &mut order);
    let mut cells = solution.cells().to_vec();
    let mut clues = cells.len();
    for orbit in order {
        if !options.minimal && options.max_clues.is_some_and(|k| clues <= k) {
            break;
        }
        for &i in orbit {
            cells[i] = 0;
        }
        if still_unique(solution, &cells, orbit) {
            clues -= orbit.len();
        } else {
            for &i in orbit {
                cells[i] = solution.cells()[i];
            }
            if !options.minimal && options.max_clues.is_none() {
                break;
            }
        }
    }
    SizedGrid::new(solution.shape(), cells).expect("the clues of a solution")
}

/// Whether `cells` (the clues of `solution` but for `orbit`, and with them it had one solution)
/// still has one: for each cell of the orbit in turn, a search for a solution with another
/// digit there and the cells before it kept.
fn still_unique(solution: &SizedGrid, cells: &[u8], orbit: &[usize]) -> bool {
    let mut givens = cells.to_vec();
    for &i in orbit {
        let grid = SizedGrid::new(solution.shape(), givens.clone()).expect("clues of a solution");
        if search_sized_without(&grid, i, solution.cells()[i], 1).solutions() > 0 {
            return false;
        }
        givens[i] = solution.cells()[i];
    }
    true
}

#[cfg(test)]
mod tests;
