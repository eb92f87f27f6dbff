//! Equivalent puzzles (`sudoku transform`): the maps that keep a Sudoku a Sudoku. A cell goes
//! where a permutation of the bands, of the rows inside each band, of the stacks and of the
//! columns inside each stack, and perhaps a transposition, send it, and its digit is relabelled.
//! The result has the same canonical form ([`crate::canon`]) as the original, and its solution
//! is the original's solution, transformed the same way.
//!
//! A [`Transform`] is stored as where each cell of the result comes from, and what each digit
//! becomes; the named maps (turns, mirrors, transposition, relabelling) and random ones are
//! built the same way and can be chained with [`Transform::then`].
//!
//! It is the crate's one map of a grid onto another: the canonical form ([`crate::canon`])
//! gives the map that makes it as a `Transform`, and a generator's symmetry
//! ([`crate::Symmetry`]) is a group of them (turns and reflections of the square).

use crate::grid::Candidates;
use crate::random::{below, shuffle, stream_rng};

/// A validity-preserving map of the grid.
///
/// ```
/// use sudoku_solver::{Grid, Mirror, Transform};
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
/// let solution = grid.solve().unwrap();
/// // Turn, mirror and relabel: still a puzzle, whose solution is the solution mapped the same way.
/// let map = Transform::rotate(1).then(Transform::mirror(Mirror::Vertical)).then(Transform::random(3, 9));
/// let moved = Grid::try_from(map.apply(grid.cells())).unwrap();
/// assert_eq!(moved.solve_unique().unwrap().cells(), &map.apply(solution.cells()));
/// assert_eq!(moved.canonical(), grid.canonical());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// For each cell of the result (row-major), the cell of the original it takes.
    source: [u8; 81],
    /// What each digit becomes (index 0 stays 0, an empty cell).
    digits: [u8; 10],
}

/// A mirror of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// About the vertical axis: left-right, column `c` to `8 - c`.
    Vertical,
    /// About the horizontal axis: top-bottom, row `r` to `8 - r`.
    Horizontal,
}

impl Transform {
    /// The map that changes nothing.
    pub const IDENTITY: Transform = Transform {
        source: {
            let mut s = [0u8; 81];
            let mut i = 0;
            while i < 81 {
                s[i] = i as u8;
                i += 1;
            }
            s
        },
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A geometric map: the cell `(r, c)` of the result takes the cell `from(r, c)`.
    fn moving(from: impl Fn(usize, usize) -> (usize, usize)) -> Transform {
        let source = std::array::from_fn(|i| {
            let (r, c) = from(i / 9, i % 9);
            (r * 9 + c) as u8
        });
        Transform {
            source,
            ..Transform::IDENTITY
        }
    }

    /// The map that transposes the grid when `transpose` is set, and then builds row `r` of the
    /// result from row `rows[r]` and column `c` from column `cols[c]` (of the grid as it is
    /// after the transposition). Keeps a Sudoku a Sudoku when `rows` and `cols` each permute
    /// the bands (stacks) and the lines inside them; the callers build them so.
    pub(crate) fn lines(transpose: bool, rows: [usize; 9], cols: [usize; 9]) -> Transform {
        Transform::moving(|r, c| {
            let (r, c) = (rows[r], cols[c]);
            if transpose {
                (c, r)
            } else {
                (r, c)
            }
        })
    }

    /// The cell of the original that cell `cell` of the result takes. Over a group of maps
    /// (one holding each map's inverse), the cells so reached from `cell` are its orbit.
    pub(crate) fn source(&self, cell: usize) -> usize {
        usize::from(self.source[cell])
    }

    /// Rows become columns: `(r, c)` to `(c, r)`.
    pub fn transpose() -> Transform {
        Transform::moving(|r, c| (c, r))
    }

    /// A mirror.
    pub fn mirror(mirror: Mirror) -> Transform {
        match mirror {
            Mirror::Vertical => Transform::moving(|r, c| (r, 8 - c)),
            Mirror::Horizontal => Transform::moving(|r, c| (8 - r, c)),
        }
    }

    /// `quarter_turns` quarter turns clockwise (the top row becomes the right column).
    pub fn rotate(quarter_turns: u32) -> Transform {
        match quarter_turns % 4 {
            0 => Transform::IDENTITY,
            1 => Transform::moving(|r, c| (8 - c, r)),
            2 => Transform::moving(|r, c| (8 - r, 8 - c)),
            _ => Transform::moving(|r, c| (c, 8 - r)),
        }
    }

    /// Digit `d` becomes `to[d - 1]`; `None` unless `to` holds each digit 1-9 once.
    pub fn relabel(to: [u8; 9]) -> Option<Transform> {
        let mut seen = 0u16;
        for &d in &to {
            if !(1..=9).contains(&d) || seen & (1 << d) != 0 {
                return None;
            }
            seen |= 1 << d;
        }
        let mut digits = [0; 10];
        digits[1..].copy_from_slice(&to);
        Some(Transform {
            digits,
            ..Transform::IDENTITY
        })
    }

    /// A random map, drawn from the generator of stream `seed`, number `index` (see
    /// the generator's module documentation): transposed or not, then bands, rows in each band, stacks, columns
    /// in each stack and digits each shuffled; every one of the 3,359,232 × 9! maps can come.
    pub fn random(seed: u64, index: u64) -> Transform {
        let mut rng = stream_rng(seed, index);
        let transpose = below(&mut rng, 2) == 1;
        let lines = |rng: &mut _| -> [usize; 9] {
            let mut groups = [0usize, 1, 2];
            shuffle(rng, &mut groups);
            let mut out = [0; 9];
            for (g, &group) in groups.iter().enumerate() {
                let mut inner = [0usize, 1, 2];
                shuffle(rng, &mut inner);
                for (k, &line) in inner.iter().enumerate() {
                    out[g * 3 + k] = group * 3 + line;
                }
            }
            out
        };
        let rows = lines(&mut rng);
        let cols = lines(&mut rng);
        let mut to = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(&mut rng, &mut to);
        Transform::lines(transpose, rows, cols)
            .then(Transform::relabel(to).expect("a permutation of 1-9"))
    }

    /// This map, then `next`.
    pub fn then(self, next: Transform) -> Transform {
        Transform {
            source: std::array::from_fn(|i| self.source[usize::from(next.source[i])]),
            digits: std::array::from_fn(|d| next.digits[usize::from(self.digits[d])]),
        }
    }

    /// The map as data: for each cell of the result (row-major), the cell of the original it
    /// takes. With [`Transform::digits`] it lets a caller carry the map to data of its own
    /// (the Python package's `apply` moves token arrays and pencilmarks with it).
    ///
    /// ```
    /// use sudoku_solver::Transform;
    ///
    /// let map = Transform::random(7, 3);
    /// let (sources, digits) = (map.sources(), map.digits());
    /// let cells: [u8; 81] = std::array::from_fn(|i| (i % 10) as u8);
    /// let by_hand: [u8; 81] =
    ///     std::array::from_fn(|i| digits[usize::from(cells[usize::from(sources[i])])]);
    /// assert_eq!(map.apply(&cells), by_hand);
    /// ```
    pub fn sources(&self) -> [u8; 81] {
        self.source
    }

    /// The map as data: what each digit becomes, `digits()[d]` for digit `d` (index 0, an
    /// empty cell, stays 0). See [`Transform::sources`].
    pub fn digits(&self) -> [u8; 10] {
        self.digits
    }

    /// The 81 cells (0 for empty) of the transformed grid.
    pub fn apply(&self, cells: &[u8; 81]) -> [u8; 81] {
        std::array::from_fn(|i| self.digits[usize::from(cells[usize::from(self.source[i])])])
    }

    /// The transformed candidates: each cell's candidates move with it, relabelled.
    pub fn apply_candidates(&self, candidates: &Candidates) -> Candidates {
        let masks = candidates.masks();
        let moved = std::array::from_fn(|i| {
            let mask = masks[usize::from(self.source[i])];
            (1..=9)
                .filter(|&d| mask & (1 << (d - 1)) != 0)
                .fold(0u16, |m, d| m | 1 << (self.digits[d] - 1))
        });
        Candidates::from_masks(moved).expect("nine bits at most")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> [u8; 81] {
        std::array::from_fn(|i| match text.as_bytes()[i] {
            b @ b'1'..=b'9' => b - b'0',
            _ => 0,
        })
    }

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn the_parts_of_a_map_are_a_cell_permutation_and_a_digit_relabelling() {
        for index in 0..50 {
            let map = Transform::random(11, index);
            let mut sources = map.sources();
            sources.sort_unstable();
            assert!(sources
                .iter()
                .enumerate()
                .all(|(i, &s)| usize::from(s) == i));
            let digits = map.digits();
            assert_eq!(digits[0], 0);
            let mut moved = digits;
            moved.sort_unstable();
            assert_eq!(moved, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
            // The parts rebuild the map: relabelling, then where each cell comes from.
            let g = grid(LEETCODE);
            let by_parts: [u8; 81] =
                std::array::from_fn(|i| digits[usize::from(g[usize::from(map.sources()[i])])]);
            assert_eq!(map.apply(&g), by_parts);
        }
    }

    #[test]
    fn turns_and_mirrors_move_cells_where_the_names_say() {
        let g = grid(LEETCODE);
        // Clockwise: the top left corner goes to the top right.
        assert_eq!(Transform::rotate(1).apply(&g)[8], g[0]);
        assert_eq!(Transform::rotate(2).apply(&g)[80], g[0]);
        assert_eq!(Transform::rotate(3).apply(&g)[72], g[0]);
        assert_eq!(Transform::mirror(Mirror::Vertical).apply(&g)[8], g[0]);
        assert_eq!(Transform::mirror(Mirror::Horizontal).apply(&g)[72], g[0]);
        assert_eq!(Transform::transpose().apply(&g)[9], g[1]);
        let four = (0..4).fold(Transform::IDENTITY, |t, _| t.then(Transform::rotate(1)));
        assert_eq!(four, Transform::IDENTITY);
        assert_eq!(
            Transform::rotate(1).then(Transform::rotate(1)),
            Transform::rotate(2)
        );
    }

    #[test]
    fn relabel_maps_digits_and_refuses_a_non_permutation() {
        let t = Transform::relabel([9, 8, 7, 6, 5, 4, 3, 2, 1]).unwrap();
        let g = grid(LEETCODE);
        let out = t.apply(&g);
        for i in 0..81 {
            assert_eq!(out[i], if g[i] == 0 { 0 } else { 10 - g[i] });
        }
        assert_eq!(Transform::relabel([1, 1, 3, 4, 5, 6, 7, 8, 9]), None);
        assert_eq!(Transform::relabel([0, 2, 3, 4, 5, 6, 7, 8, 9]), None);
    }

    #[test]
    fn random_maps_keep_the_canonical_form_and_repeat_with_their_seed() {
        let g = grid(LEETCODE);
        let canon = crate::canon::canonical(&g);
        for index in 0..20 {
            let t = Transform::random(7, index);
            assert_eq!(t, Transform::random(7, index));
            assert_eq!(crate::canon::canonical(&t.apply(&g)), canon);
        }
        assert_ne!(Transform::random(7, 0), Transform::random(7, 1));
    }

    #[test]
    fn candidates_move_with_their_cells() {
        let g = grid(LEETCODE);
        let c = Candidates::from_grid(&crate::grid::Grid::from_cells(g).unwrap());
        let t = Transform::random(3, 0);
        let moved = t.apply_candidates(&c);
        let want = Candidates::from_grid(&crate::grid::Grid::from_cells(t.apply(&g)).unwrap());
        assert_eq!(moved, want);
    }
}
