//! Clue patterns: puzzles whose clues stand exactly on given cells (`generate --pattern`).
//!
//! A pattern is 81 cells, row-major: `x`, `X`, `*`, `o`, `O` or a digit 1-9 mark a clue; `.`,
//! `0` or `_` mark an empty cell. It is written on one line, or as a grid of 9 rows (spaces and
//! `|` between cells allowed, separator lines of `-`, `+` and `=` skipped, lines starting with
//! `#` ignored as comments).
//!
//! Candidate `index` of stream `seed` is a random full grid (the one [`super::generate`] would
//! start from) with every cell off the pattern emptied; it is kept when it has exactly one
//! solution. Most grids fail on a sparse pattern, so a run tries many candidates (see
//! `generate --attempts`).

use std::fmt;

use super::{random_grid, stream_rng, Generated};
use crate::solver::search;

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

    /// Candidate `index` of stream `seed` on this pattern: `Some` when it has exactly one
    /// solution.
    pub fn candidate(&self, seed: u64, index: u64) -> Option<Generated> {
        let mut rng = stream_rng(seed, index);
        let solution = random_grid(&mut rng);
        let mut puzzle = solution;
        for (cell, v) in puzzle.iter_mut().enumerate() {
            if !self.cells[cell] {
                *v = 0;
            }
        }
        (search(&puzzle, 2).solutions == 1).then_some(Generated {
            puzzle,
            solution,
            attempts: 1,
            symmetry: super::Symmetry::None,
        })
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
