//! Reproducible generation of unique (and by default minimal) Sudoku puzzles.
//!
//! # Streams, seeds and reproducibility
//!
//! A *stream* is the infinite sequence of puzzles named by a `seed`; [`generate`] returns its
//! puzzle number `index`. Each puzzle is computed from a random generator of its own, so any
//! puzzle can be made alone, in any order, on any number of threads, and is the same byte for
//! byte every time. The generator is ChaCha8 (`ChaCha8Rng` from the `rand_chacha` crate), whose
//! output for a given key and stream number is fixed by the ChaCha specification and kept
//! stable across versions of that crate, unlike the general-purpose generators of `rand`.
//! It is set up as follows (the *mixing function*):
//!
//! * the 32-byte key is four 64-bit words, little-endian, the first four outputs of
//!   SplitMix64 started from state `seed` (each step adds `0x9E3779B97F4A7C15` to the state
//!   and returns it through the usual SplitMix64 finalizer);
//! * the ChaCha stream number (its 64-bit nonce) is `index`, at word position 0.
//!
//! Only the raw 32-bit outputs of the generator are used; every random choice below is made by
//! this module's own documented code (a uniform integer below `n` is `x mod n` for the first
//! 32-bit output `x` below `u32::MAX - (u32::MAX mod n)`; shuffles are Fisher-Yates from the
//! last position down, position `i` swapped with a uniform position in `0..=i`), so the
//! results do not depend on how the `rand` crate samples either.
//!
//! # Algorithm
//!
//! 1. A random full solution grid: depth-first search that fills the empty cell with the
//!    fewest possible digits (the first such cell in row-major order) and tries its digits in
//!    a random order.
//! 2. The cells are grouped in *orbits* of the chosen [`Symmetry`] (the sets of cells the
//!    symmetry maps onto each other) and the orbits are shuffled. Starting from the full grid,
//!    each orbit in turn is emptied, and put back if the puzzle no longer has exactly one
//!    solution: if a search finds a solution with another digit in one of the orbit's cells
//!    (`crate::solver::search_without`; a second solution would differ there, see
//!    `still_unique`).
//! 3. With [`GenerateOptions::max_clues`] set and the puzzle still above it, everything starts
//!    again with a new grid from the same generator; [`Generated::attempts`] counts the grids.
//!
//! # Minimal puzzles
//!
//! A puzzle is *minimal* when removing any one clue gives it more than one solution. With a
//! symmetry, minimal means minimal *within the symmetry*: removing any whole orbit of clues
//! gives more than one solution (a single clue of an orbit might still be removable, but only
//! by breaking the symmetry). Step 2 with [`GenerateOptions::minimal`] set tries every orbit
//! once, and that is enough: an orbit that could not be removed had a second solution without
//! it, and removing more clues later only keeps that solution.
//!
//! With `minimal` unset, step 2 stops early: at the first orbit that cannot be removed, or,
//! when `max_clues` is set, as soon as the puzzle has at most that many clues. The puzzle is
//! still unique, but usually has more clues than needed (easier, and faster to make).
//!
//! # How low `max_clues` can go
//!
//! [`generate`] loops until it succeeds, which is unbounded in principle: there is no Sudoku
//! with a unique solution and fewer than 17 clues ([`MIN_CLUES`]), so `generate` panics below
//! that, and [`try_generate`] takes a bound on the number of grids. Random minimal puzzles made
//! this way mostly have a few clues more than the fewest a puzzle can have, and each clue fewer
//! asked for takes many more grids, so a low limit soon leaves practical reach
//! (`doc/performance.md`, "Few clues", gives the figures). Symmetric puzzles have more clues
//! (orbits are removed whole), so their practical limits are higher.

use std::fmt;
use std::str::FromStr;

pub(crate) use crate::random::{below, shuffle, stream_rng};

use rand_chacha::ChaCha8Rng;

use crate::logic::Rating;
use crate::solver::search_without;
use crate::transform::{Mirror, Transform};
use sift::{Impossible, Wanted};

pub mod level;
pub mod minimal;
pub mod pattern;
pub mod range;
mod reveal;
pub mod sift;

/// No Sudoku with fewer clues has a unique solution (McGuire, Tugemann and Civario, 2012).
pub const MIN_CLUES: usize = 17;

/// The symmetry of the clue pattern: the positions of the givens are mapped onto themselves
/// by every map of the named group (the digits need not follow). The names and the groups are
/// Sudoku Explainer's (`diuf/sudoku/generator/Symmetry.java`); rows and columns are numbered
/// 0 to 8 from the top left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// 180° rotation about the centre: `(r, c) -> (8 - r, 8 - c)`.
    Rotational,
    /// 90° rotation about the centre (and so also 180° and 270°): `(r, c) -> (c, 8 - r)`.
    Rotational90,
    /// Reflection in the rising diagonal (bottom left to top right): `(r, c) -> (8 - c, 8 - r)`.
    Diagonal,
    /// Reflection in the falling diagonal (top left to bottom right): `(r, c) -> (c, r)`.
    AntiDiagonal,
    /// Mirror about the vertical axis (left-right, column `c` to `8 - c`): `(r, c) -> (r, 8 - c)`.
    Vertical,
    /// Mirror about the horizontal axis (top-bottom, row `r` to `8 - r`): `(r, c) -> (8 - r, c)`.
    Horizontal,
    /// Both diagonal reflections (and so the 180° rotation).
    BiDiagonal,
    /// Both mirrors, vertical and horizontal (and so the 180° rotation).
    Orthogonal,
    /// All eight maps of the square: the four rotations and the four reflections.
    Full,
    /// One of the nine symmetries other than `none`, drawn for each puzzle from its own
    /// generator ([`Symmetry::DRAWN`]). It has no map of its own: [`Symmetry::images`] and
    /// [`Symmetry::orbits`] treat it as `none`, and [`generate`] draws the symmetry first.
    Random,
}

impl Symmetry {
    /// Every symmetry, in the order of [`Symmetry::NAMES`].
    pub const ALL: [Symmetry; 11] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Rotational90,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Vertical,
        Symmetry::Horizontal,
        Symmetry::BiDiagonal,
        Symmetry::Orthogonal,
        Symmetry::Full,
        Symmetry::Random,
    ];

    /// The names accepted by `FromStr` and written by `Display`, in the order of
    /// [`Symmetry::ALL`].
    pub const NAMES: [&'static str; 11] = [
        "none",
        "rotational",
        "rotational90",
        "diagonal",
        "antidiagonal",
        "vertical",
        "horizontal",
        "bidiagonal",
        "orthogonal",
        "full",
        "random",
    ];

    /// Other names `FromStr` accepts, and the symmetry each means: `mirror`, this crate's old
    /// name for the left-right mirror, which is Sudoku Explainer's `vertical`.
    pub const ALIASES: [(&'static str, Symmetry); 1] = [("mirror", Symmetry::Vertical)];

    /// The symmetries `random` draws from, in the order it numbers them: every one of
    /// [`Symmetry::ALL`] but `none` (first) and `random` itself (last).
    pub const DRAWN: [Symmetry; 9] = {
        let mut drawn = [Symmetry::None; 9];
        let mut i = 0;
        while i < 9 {
            drawn[i] = Symmetry::ALL[i + 1];
            i += 1;
        }
        drawn
    };

    /// The lowercase name of this symmetry.
    pub fn name(self) -> &'static str {
        let i = Symmetry::ALL.iter().position(|&s| s == self).unwrap_or(0);
        Symmetry::NAMES[i]
    }

    /// The maps of the group, the identity first, as [`Transform`]s of the square (turns and
    /// reflections, no relabelling). Each is listed so that `source(i)` of the map is the image
    /// of cell `i` named in the list's comment; the group holds each map's inverse, so these
    /// cells are the orbit of `i` whichever way a map is read.
    fn maps(self) -> Vec<Transform> {
        // Images of `(r, c)`: (r, c), (c, 8 - r), (8 - r, 8 - c), (8 - c, r).
        let turns = || (0..4).map(|k| Transform::rotate((4 - k) % 4));
        // Images of `(r, c)`: (r, 8 - c), (8 - r, c), (8 - c, 8 - r), (c, r).
        let vertical = Transform::mirror(Mirror::Vertical);
        let horizontal = Transform::mirror(Mirror::Horizontal);
        let diagonal = Transform::rotate(2).then(Transform::transpose());
        let anti_diagonal = Transform::transpose();
        let identity = Transform::IDENTITY;
        let half_turn = Transform::rotate(2);
        match self {
            Symmetry::None | Symmetry::Random => vec![identity],
            Symmetry::Rotational => vec![identity, half_turn],
            Symmetry::Rotational90 => turns().collect(),
            Symmetry::Diagonal => vec![identity, diagonal],
            Symmetry::AntiDiagonal => vec![identity, anti_diagonal],
            Symmetry::Vertical => vec![identity, vertical],
            Symmetry::Horizontal => vec![identity, horizontal],
            Symmetry::BiDiagonal => vec![identity, anti_diagonal, diagonal, half_turn],
            Symmetry::Orthogonal => vec![identity, vertical, horizontal, half_turn],
            Symmetry::Full => turns()
                .chain([vertical, horizontal, diagonal, anti_diagonal])
                .collect(),
        }
    }

    /// The images of cell `index` (0..81, row-major) under every map of this symmetry's group,
    /// the cell itself first, each once: the cells that must be clues when this one is.
    pub fn images(self, index: usize) -> Vec<usize> {
        Symmetry::images_under(&self.maps(), index)
    }

    /// The cells `maps` take cell `index` to, the cell itself first, each once.
    fn images_under(maps: &[Transform], index: usize) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::with_capacity(8);
        for map in maps {
            let image = map.source(index);
            if !out.contains(&image) {
                out.push(image);
            }
        }
        out
    }

    /// The orbits of this symmetry: the cells grouped into the smallest sets that every map
    /// sends onto themselves (each set is [`Symmetry::images`] of its first cell), sets
    /// ordered by their first cell. They cover the 81 cells once.
    pub fn orbits(self) -> Vec<Vec<usize>> {
        let maps = self.maps();
        let mut done = [false; 81];
        let mut out = Vec::new();
        for start in 0..81 {
            if done[start] {
                continue;
            }
            let orbit = Symmetry::images_under(&maps, start);
            for &i in &orbit {
                done[i] = true;
            }
            out.push(orbit);
        }
        out
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an unknown symmetry name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSymmetryError {
    /// The text that was not recognised.
    pub input: String,
}

impl fmt::Display for ParseSymmetryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown symmetry `{}` (expected one of: {})",
            self.input,
            Symmetry::NAMES.join(", ")
        )
    }
}

impl std::error::Error for ParseSymmetryError {}

impl FromStr for Symmetry {
    type Err = ParseSymmetryError;

    /// Parses one of [`Symmetry::NAMES`] or [`Symmetry::ALIASES`] (exact, lowercase).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Symmetry::NAMES
            .iter()
            .position(|&n| n == s)
            .map(|i| Symmetry::ALL[i])
            .or_else(|| {
                Symmetry::ALIASES
                    .iter()
                    .find(|(alias, _)| *alias == s)
                    .map(|&(_, symmetry)| symmetry)
            })
            .ok_or_else(|| ParseSymmetryError {
                input: s.to_string(),
            })
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Make the puzzle minimal (within the symmetry); see the module documentation.
    pub minimal: bool,
    /// When set, retry with new grids until the puzzle has at most this many clues.
    pub max_clues: Option<usize>,
}

impl Default for GenerateOptions {
    /// No symmetry, minimal, no clue limit.
    fn default() -> Self {
        GenerateOptions {
            symmetry: Symmetry::None,
            minimal: true,
            max_clues: None,
        }
    }
}

/// One generated puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Generated {
    /// The puzzle: row-major, 0 = empty, 1..=9 = given. It has exactly one solution.
    pub puzzle: [u8; 81],
    /// Its solution.
    pub solution: [u8; 81],
    /// How many full grids were tried (1 unless `max_clues` made it retry).
    pub attempts: u64,
    /// The symmetry the clues follow: the one asked for, or the one drawn for `random`
    /// ([`Symmetry::None`] for a puzzle on a clue pattern).
    pub symmetry: Symmetry,
}

/// Puzzle number `index` of the stream `seed`: unique, minimal when `options.minimal` is set,
/// with the clue pattern symmetric under `options.symmetry`, and at most `options.max_clues`
/// clues when set. The result depends only on `(seed, index, options)`.
///
/// The retry loop for `max_clues` is unbounded; see the module documentation for how low
/// the limit can practically go, and `try_generate` for a bounded version.
///
/// # Panics
///
/// If `options.max_clues` is below 17 (`MIN_CLUES`: no such puzzle exists, so the loop would
/// never end).
///
/// ```
/// use sudoku_solver::{generate, GenerateOptions, Grid, Symmetry};
///
/// let options = GenerateOptions { symmetry: Symmetry::Rotational, ..GenerateOptions::default() };
/// let made = generate(1, 0, &options);
/// let puzzle = Grid::try_from(made.puzzle).unwrap();
/// assert_eq!(puzzle.solve_unique().unwrap().cells(), &made.solution);
/// // Rotational symmetry: a cell is a clue exactly when its opposite is.
/// assert!((0..81).all(|i| (made.puzzle[i] == 0) == (made.puzzle[80 - i] == 0)));
/// // Without a symmetry, no clue can go.
/// let plain = generate(1, 0, &GenerateOptions::default());
/// assert!(Grid::try_from(plain.puzzle).unwrap().is_minimal());
/// ```
pub fn generate(seed: u64, index: u64, options: &GenerateOptions) -> Generated {
    if let Some(k) = options.max_clues {
        assert!(
            k >= MIN_CLUES,
            "no unique Sudoku has fewer than {MIN_CLUES} clues (asked for at most {k})"
        );
    }
    try_generate(seed, index, options, u64::MAX).expect("an unbounded search always succeeds")
}

/// Puzzles to order: candidates number 0, 1, 2, ... of `seed`, each made as [`generate`]
/// makes it, rated, and kept when it is what `wanted` asks; the kept ones in that order, each
/// with its rating. The same seed, options and request give the same puzzles, which are also
/// what `sudoku generate --seed` prints for them. The iterator does not end: take what you
/// need. (A request no puzzle can meet is refused first, with the reason.)
///
/// ```
/// use sudoku_solver::{generate_matching, GenerateOptions, Range, Wanted};
///
/// let wanted = Wanted { er: "2.0..4.0".parse::<Range>().unwrap(), ..Wanted::default() };
/// let made: Vec<_> = generate_matching(5, &GenerateOptions::default(), &wanted)
///     .unwrap()
///     .take(3)
///     .collect();
/// for (generated, rating) in &made {
///     let er = rating.er();
///     assert!((2.0..=4.0).contains(&er), "{er}");
///     // The rating is the puzzle's own, and the solution solves it.
///     let puzzle = sudoku_solver::Grid::try_from(generated.puzzle).unwrap();
///     assert_eq!(puzzle.rate(None).unwrap(), *rating);
///     assert_eq!(puzzle.solve_unique().unwrap().cells(), &generated.solution);
/// }
/// ```
///
/// # Errors
///
/// [`Impossible`] when no puzzle can be what is asked.
pub fn generate_matching<'a>(
    seed: u64,
    options: &'a GenerateOptions,
    wanted: &'a Wanted,
) -> Result<impl Iterator<Item = (Generated, Rating)> + 'a, Impossible> {
    if let Some(why) = wanted.impossible() {
        return Err(why);
    }
    Ok((0..).filter_map(move |index| {
        let made = generate(seed, index, options);
        let rating = wanted.judge(&made.puzzle)?;
        Some((made, rating))
    }))
}

/// Like [`generate`], but gives up (returning `None`) after `max_attempts` full grids without a
/// puzzle of at most `options.max_clues` clues. When it succeeds the result is the same as
/// [`generate`]'s. `max_attempts` 0 always returns `None`.
pub fn try_generate(
    seed: u64,
    index: u64,
    options: &GenerateOptions,
    max_attempts: u64,
) -> Option<Generated> {
    try_generate_while(seed, index, options, |attempts| attempts < max_attempts)
}

/// Like [`generate`], but asks `go_on` before each full grid (with the number of grids tried so
/// far) and gives up, returning `None`, when it says no: a caller bounds the search by time or
/// stops it from another thread. When it succeeds the result is the same as [`generate`]'s.
pub fn try_generate_while(
    seed: u64,
    index: u64,
    options: &GenerateOptions,
    mut go_on: impl FnMut(u64) -> bool,
) -> Option<Generated> {
    let mut rng = stream_rng(seed, index);
    // `random` draws first, so the other symmetries use the generator exactly as before.
    let symmetry = match options.symmetry {
        Symmetry::Random => Symmetry::DRAWN[below(&mut rng, Symmetry::DRAWN.len() as u32) as usize],
        asked => asked,
    };
    let orbits = symmetry.orbits();
    let mut attempts = 0;
    while go_on(attempts) {
        attempts += 1;
        let solution = random_grid(&mut rng);
        let puzzle = remove_clues(&mut rng, &solution, &orbits, options);
        let clues = puzzle.iter().filter(|&&v| v != 0).count();
        if !matches!(options.max_clues, Some(k) if clues > k) {
            return Some(Generated {
                puzzle,
                solution,
                attempts,
                symmetry,
            });
        }
    }
    None
}

/// A random complete grid (see step 1 of the module documentation).
fn random_grid(rng: &mut ChaCha8Rng) -> [u8; 81] {
    struct Fill<'a> {
        rng: &'a mut ChaCha8Rng,
        grid: [u8; 81],
        /// Digits used in each row, column, box (bit `d` = digit `d`).
        rows: [u16; 9],
        cols: [u16; 9],
        boxes: [u16; 9],
    }
    impl Fill<'_> {
        fn free(&self, i: usize) -> u16 {
            let (r, c) = (i / 9, i % 9);
            !(self.rows[r] | self.cols[c] | self.boxes[r / 3 * 3 + c / 3]) & 0x3FE
        }
        fn set(&mut self, i: usize, d: u8) {
            let (r, c) = (i / 9, i % 9);
            self.grid[i] = d;
            self.rows[r] ^= 1 << d;
            self.cols[c] ^= 1 << d;
            self.boxes[r / 3 * 3 + c / 3] ^= 1 << d;
        }
        fn run(&mut self) -> bool {
            let mut best: Option<(usize, u16)> = None;
            let mut fewest = u32::MAX;
            for i in 0..81 {
                if self.grid[i] != 0 {
                    continue;
                }
                let f = self.free(i);
                if f.count_ones() < fewest {
                    fewest = f.count_ones();
                    best = Some((i, f));
                    if fewest <= 1 {
                        break;
                    }
                }
            }
            let Some((i, free)) = best else {
                return true;
            };
            let mut digits: Vec<u8> = (1..=9).filter(|&d| free & (1 << d) != 0).collect();
            shuffle(self.rng, &mut digits);
            for d in digits {
                self.set(i, d);
                if self.run() {
                    return true;
                }
                self.set(i, d);
                self.grid[i] = 0;
            }
            false
        }
    }
    let mut fill = Fill {
        rng,
        grid: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    let done = fill.run();
    debug_assert!(done);
    fill.grid
}

/// Step 2 of the module documentation: empty the orbits in random order, keeping uniqueness.
fn remove_clues(
    rng: &mut ChaCha8Rng,
    solution: &[u8; 81],
    orbits: &[Vec<usize>],
    options: &GenerateOptions,
) -> [u8; 81] {
    let mut order: Vec<&Vec<usize>> = orbits.iter().collect();
    shuffle(rng, &mut order);
    let mut puzzle = *solution;
    let mut clues = 81;
    for orbit in order {
        if !options.minimal && options.max_clues.is_some_and(|k| clues <= k) {
            break;
        }
        for &i in orbit {
            puzzle[i] = 0;
        }
        if still_unique(&puzzle, solution, orbit) {
            clues -= orbit.len();
        } else {
            for &i in orbit {
                puzzle[i] = solution[i];
            }
            if !options.minimal && options.max_clues.is_none() {
                break;
            }
        }
    }
    puzzle
}

/// Whether `puzzle` (the clues of `solution` but for `orbit`, and with them it had one solution)
/// still has one. A second solution would differ from `solution` in a cell of the orbit (it
/// keeps every other clue, and the puzzle with those had one solution): so for each cell of the
/// orbit in turn, one search asks for a solution with that cell's digit changed and the cells
/// before it kept. Such a search stops at its first solution, where counting to two goes on
/// from the first solution to look for another.
fn still_unique(puzzle: &[u8; 81], solution: &[u8; 81], orbit: &[usize]) -> bool {
    let mut givens = *puzzle;
    for &i in orbit {
        if !unique_without(&givens, i, solution[i]) {
            return false;
        }
        givens[i] = solution[i];
    }
    true
}

/// Whether `puzzle`, which had one solution with `clue` in `cell` (now empty), still has one
/// without it: another solution would have another digit there.
pub(crate) fn unique_without(puzzle: &[u8; 81], cell: usize, clue: u8) -> bool {
    search_without(puzzle, cell, clue, 1).solutions == 0
}

#[cfg(test)]
mod tests;
