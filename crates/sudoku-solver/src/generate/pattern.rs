//! Clue patterns: puzzles whose clues stand exactly on given cells (`generate --pattern`).
//!
//! A pattern is 81 cells, row-major: `x`, `X`, `*`, `o`, `O` or a digit 1-9 mark a clue; `.`,
//! `0` or `_` mark an empty cell. It is written on one line, or as a grid of 9 rows (spaces and
//! `|` between cells allowed, separator lines of `-`, `+` and `=` skipped, lines starting with
//! `#` ignored as comments).
//!
//! Candidate `index` of stream `seed` is a search of its own, driven by the generator of that
//! stream: the clue cells are filled digit by digit, the cell with the fewest digits left first,
//! its digits in random order, and a branch is cut as soon as the clues so far admit no
//! solution (the solver looks for one after each digit). When every clue cell is filled, the
//! puzzle is kept if it has exactly one solution, else the search backtracks to the last
//! clue. The search gives up after [`FILL_BUDGET`] solver calls: the candidate is then
//! turned down and the next one starts afresh with other random choices, which keeps a run
//! out of a barren corner. (Before, a candidate was a random full grid cut to the pattern:
//! hopeless below about 23 clues; figures in `scripts/pattern-bench.sh`.)

use std::fmt;

use rand_chacha::ChaCha8Rng;

use super::{shuffle, stream_rng, Generated};
use crate::solver::search;

/// The solver calls one candidate may make before it gives up.
pub const FILL_BUDGET: u32 = 4000;

/// A set of cells where the clues stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    cells: [bool; 81],
}

/// Why a pattern could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// A character that is neither a clue mark nor an empty mark.
    #[error("line {line}, column {col}: {found:?} is not a pattern cell (use x, * or a digit for a clue, . or 0 for none)")]
    BadCell {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        col: usize,
        /// The character.
        found: char,
    },
    /// Not 81 cells in all.
    #[error("a pattern has 81 cells, this one has {0}")]
    Count(usize),
    /// Fewer clues than any unique puzzle has.
    #[error("a pattern of {0} clues admits no unique puzzle (17 is the fewest possible)")]
    TooFew(usize),
}

/// Whether `c` marks a cell: `Some(true)` a clue, `Some(false)` an empty cell, `None` neither.
pub fn mark(c: char) -> Option<bool> {
    match c {
        'x' | 'X' | '*' | 'o' | 'O' | '1'..='9' => Some(true),
        '.' | '0' | '_' => Some(false),
        _ => None,
    }
}

impl Pattern {
    /// Whether `text` is a pattern written out on one line (81 cells marked, `x` for a clue,
    /// `.` for none) rather than, say, the name of a file holding one.
    ///
    /// ```
    /// use sudoku_solver::Pattern;
    ///
    /// assert!(Pattern::is_mask(&"x.".repeat(40).chars().chain(['x']).collect::<String>()));
    /// assert!(!Pattern::is_mask("heart.txt"));
    /// ```
    pub fn is_mask(text: &str) -> bool {
        text.chars().count() == 81 && text.chars().all(|c| mark(c).is_some())
    }

    /// Reads a pattern from text: one line of 81 cells, or a grid of 9 rows.
    pub fn parse(text: &str) -> Result<Pattern, PatternError> {
        let mut cells = Vec::with_capacity(81);
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty()
                || trimmed.starts_with('#')
                || trimmed.chars().all(|c| "-+=| ".contains(c))
            {
                continue;
            }
            for (j, c) in line.chars().enumerate() {
                match (mark(c), c) {
                    (Some(clue), _) => cells.push(clue),
                    (None, ' ' | '\t' | '|' | '\r') => {}
                    (None, found) => {
                        return Err(PatternError::BadCell {
                            line: i + 1,
                            col: j + 1,
                            found,
                        })
                    }
                }
            }
        }
        let count = cells.len();
        let cells: [bool; 81] = cells.try_into().map_err(|_| PatternError::Count(count))?;
        let clues = cells.iter().filter(|&&c| c).count();
        if clues < super::MIN_CLUES {
            return Err(PatternError::TooFew(clues));
        }
        Ok(Pattern { cells })
    }

    /// Whether `cell` (0..81) holds a clue.
    pub fn has(&self, cell: usize) -> bool {
        self.cells[cell]
    }

    /// How many clues.
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }

    /// Candidate `index` of stream `seed` on this pattern: `Some` when its search (see the
    /// module documentation) finds a puzzle with exactly one solution within its budget.
    pub fn candidate(&self, seed: u64, index: u64) -> Option<Generated> {
        let mut fill = Fill {
            rng: stream_rng(seed, index),
            puzzle: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            open: (0..81).filter(|&c| self.cells[c]).collect(),
            calls: 0,
            found: None,
        };
        fill.run();
        let (puzzle, solution) = fill.found?;
        Some(Generated {
            puzzle,
            solution,
            attempts: 1,
            symmetry: super::Symmetry::None,
        })
    }
}

/// The state of one candidate's search.
struct Fill {
    rng: ChaCha8Rng,
    puzzle: [u8; 81],
    /// Digits placed in each row, column, box (bit `d` = digit `d`).
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    /// The clue cells still empty.
    open: Vec<usize>,
    /// Solver calls made.
    calls: u32,
    /// The puzzle and its solution, once found.
    found: Option<([u8; 81], [u8; 81])>,
}

impl Fill {
    fn free(&self, cell: usize) -> u16 {
        let (r, c) = (cell / 9, cell % 9);
        !(self.rows[r] | self.cols[c] | self.boxes[r / 3 * 3 + c / 3]) & 0x3FE
    }

    fn toggle(&mut self, cell: usize, d: u8) {
        let (r, c) = (cell / 9, cell % 9);
        self.rows[r] ^= 1 << d;
        self.cols[c] ^= 1 << d;
        self.boxes[r / 3 * 3 + c / 3] ^= 1 << d;
    }

    /// Fills the open clue cells; true when done (found, or out of budget).
    fn run(&mut self) -> bool {
        if self.calls >= FILL_BUDGET {
            return true;
        }
        // The open clue cell with the fewest digits left (the first such, in the order kept).
        let Some((k, free)) = self
            .open
            .iter()
            .enumerate()
            .map(|(k, &cell)| (k, self.free(cell)))
            .min_by_key(|&(_, free)| free.count_ones())
        else {
            self.calls += 1;
            let found = search(&self.puzzle, 2);
            if let (Some(solution), 1) = (found.first, found.solutions) {
                self.found = Some((self.puzzle, solution));
                return true;
            }
            return false;
        };
        let cell = self.open.swap_remove(k);
        let mut digits: Vec<u8> = (1..=9).filter(|&d| free & (1 << d) != 0).collect();
        shuffle(&mut self.rng, &mut digits);
        for d in digits {
            self.puzzle[cell] = d;
            self.toggle(cell, d);
            self.calls += 1;
            let solvable = self.open.is_empty() || search(&self.puzzle, 1).solutions == 1;
            if solvable && self.run() {
                return true;
            }
            self.toggle(cell, d);
            self.puzzle[cell] = 0;
        }
        // Put the cell back where it was, so the order of the open cells is restored.
        self.open.push(cell);
        let last = self.open.len() - 1;
        self.open.swap(k, last);
        false
    }
}

impl fmt::Display for Pattern {
    /// The pattern as one line: `x` for a clue, `.` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &c in &self.cells {
            f.write_str(if c { "x" } else { "." })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLUS: &str = "\
        ....x....\n...xxx...\n..x.x.x..\n.x..x..x.\nxxxxxxxxx\n.x..x..x.\n..x.x.x..\n...xxx...\n....x....\n";

    #[test]
    fn reads_a_line_and_a_grid_alike() {
        let grid = Pattern::parse(PLUS).unwrap();
        let line: String = PLUS.lines().collect();
        assert_eq!(Pattern::parse(&line).unwrap(), grid);
        assert_eq!(grid.clues(), 29);
        assert_eq!(grid.to_string(), line);
    }

    #[test]
    fn reads_digits_and_separators() {
        let text = "53..7.... | x\n".replace(" | x", "");
        let mut rows = vec![text.trim().to_string(); 9];
        rows.insert(3, "------+-------+------".into());
        let pattern = Pattern::parse(&rows.join("\n")).unwrap();
        assert_eq!(pattern.clues(), 27);
        assert!(pattern.has(0) && pattern.has(1) && !pattern.has(2) && pattern.has(4));
    }

    #[test]
    fn says_what_is_wrong() {
        assert_eq!(
            Pattern::parse("x".repeat(80).as_str()),
            Err(PatternError::Count(80))
        );
        assert_eq!(
            Pattern::parse(&format!("{}.", "x".repeat(16) + &".".repeat(64))),
            Err(PatternError::TooFew(16))
        );
        assert!(matches!(
            Pattern::parse(&format!("{}?", "x".repeat(80))),
            Err(PatternError::BadCell {
                line: 1,
                col: 81,
                found: '?'
            })
        ));
    }

    #[test]
    fn a_kept_candidate_is_unique_and_on_the_pattern() {
        // Every other cell: 41 clues spread over the grid.
        let mask: String = (0..81)
            .map(|i| if i % 2 == 0 { 'x' } else { '.' })
            .collect();
        let pattern = Pattern::parse(&mask).unwrap();
        let found = (0..200)
            .find_map(|i| pattern.candidate(5, i))
            .expect("a dense pattern admits puzzles");
        assert_eq!(search(&found.puzzle, 2).solutions, 1);
        for cell in 0..81 {
            assert_eq!(found.puzzle[cell] != 0, pattern.has(cell));
            if pattern.has(cell) {
                assert_eq!(found.puzzle[cell], found.solution[cell]);
            }
        }
    }
}
