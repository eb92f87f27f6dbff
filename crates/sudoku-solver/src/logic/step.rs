//! What one step of a logical solution is: the technique, its rating, the candidates and houses
//! that prove it, and its effect (one placement, or eliminations). Every technique gives its
//! finding as a [`Step`], and `rate`, `explain`, `hint` and the soundness tests all read it.
//! Nothing prints from inside a technique.

use super::board::{cell_name, Board, CandidateSet, CellSet, House, HouseSet};
pub use super::technique::Technique;

/// The chain that proves a step, for explanations.
#[derive(Clone, Debug, Default)]
pub struct Chain {
    /// The chains written out, one per branch: `r1c2=5 -> r1c4<>5 -> ...`.
    pub branches: Vec<String>,
}

/// The shape of a pattern, where the chain engine needs it (to know which candidates had to go
/// before the pattern could exist: its "rule parents").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shape {
    /// Nothing the chain engine asks about.
    #[default]
    Other,
    /// A digit confined, in the base houses, to the cover houses (pointing, claiming, fish).
    Lines {
        /// The digit.
        digit: u8,
        /// The cells of the base houses.
        base: CellSet,
        /// The cells of the cover houses.
        cover: CellSet,
    },
    /// A hidden set: digits confined to as many cells of a house.
    HiddenSet {
        /// The house.
        house: House,
        /// The digits.
        digits: u16,
    },
    /// A naked set: cells that hold only as many digits.
    NakedSet {
        /// The cells.
        cells: CellSet,
        /// The digits.
        digits: u16,
    },
}

/// One step of a logical solution.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Step {
    /// The technique.
    pub(crate) technique: Technique,
    /// Its rating on Sudoku Explainer's scale, as the same sequence of `f64` operations gives it
    /// (ties between ratings are broken on these exact values).
    pub(crate) rating: f64,
    /// The digit it places, and where.
    pub(crate) placement: Option<(usize, u8)>,
    /// The candidates it removes.
    pub(crate) eliminations: CandidateSet,
    /// The candidates that make the pattern (the proof).
    pub(crate) pattern: CandidateSet,
    /// The houses the pattern lives in.
    pub(crate) houses: HouseSet,
    /// For chains, the chain that proves it.
    pub(crate) chain: Option<Box<Chain>>,
    /// The pattern's shape, for the chain engine.
    pub(crate) shape: Shape,
}

impl Step {
    /// A step that places `d` in `cell`.
    pub fn place(technique: Technique, rating: f64, cell: usize, d: u8) -> Step {
        Step {
            technique,
            rating,
            placement: Some((cell, d)),
            eliminations: CandidateSet::EMPTY,
            pattern: CandidateSet::EMPTY,
            houses: HouseSet::EMPTY,
            chain: None,
            shape: Shape::Other,
        }
    }

    /// A step that removes `eliminations`.
    pub fn eliminate(technique: Technique, rating: f64, eliminations: CandidateSet) -> Step {
        Step {
            technique,
            rating,
            placement: None,
            eliminations,
            pattern: CandidateSet::EMPTY,
            houses: HouseSet::EMPTY,
            chain: None,
            shape: Shape::Other,
        }
    }

    /// The same step, with its pattern.
    pub fn with_pattern(mut self, pattern: CandidateSet) -> Step {
        self.pattern = pattern;
        self
    }

    /// The same step, with its houses.
    pub fn with_houses(mut self, houses: &[House]) -> Step {
        for &h in houses {
            self.houses.insert(h);
        }
        self
    }

    /// Applies the step: its eliminations, then its placement.
    pub fn apply(&self, board: &mut Board) {
        board.eliminate_all(&self.eliminations);
        if let Some((cell, d)) = self.placement {
            board.place(cell, d);
        }
    }

    /// The rating as printed: rounded to one decimal, half up.
    pub(crate) fn rounded(&self) -> f64 {
        round(self.rating)
    }

    /// The technique.
    pub fn technique(&self) -> Technique {
        self.technique
    }

    /// The step's rating on Sudoku Explainer's scale, rounded to tenths as it prints it.
    pub fn rating(&self) -> f64 {
        self.rounded()
    }

    /// The digit the step places, and where (cell 0..81 row-major), if it places one.
    pub fn placement(&self) -> Option<(usize, u8)> {
        self.placement
    }

    /// The candidates the step removes, as (cell, digit) pairs (cells 0..81 row-major), by
    /// digit, then by cell.
    ///
    /// ```
    /// use sudoku_solver::{next_step, Board, Grid};
    ///
    /// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///     .parse()
    ///     .unwrap();
    /// let solution = grid.solve().unwrap();
    /// let step = next_step(&Board::from_grid(&grid), None).unwrap().unwrap();
    /// // A step never removes the solution's digit.
    /// for (cell, digit) in step.removed() {
    ///     assert_ne!(solution.cells()[cell], digit);
    /// }
    /// ```
    pub fn removed(&self) -> Vec<(usize, u8)> {
        (1..=9u8)
            .flat_map(|d| {
                super::board::cells_of(self.eliminations.0[d as usize - 1]).map(move |c| (c, d))
            })
            .collect()
    }

    /// Every candidate the step removes, a placement's own cell's other digits included (as
    /// [`Step::removed`] lists them, in a set).
    pub fn eliminations(&self) -> &CandidateSet {
        &self.eliminations
    }

    /// The candidates that make the step's pattern: its proof, as a picture highlights it.
    pub fn pattern(&self) -> &CandidateSet {
        &self.pattern
    }

    /// The houses the step's pattern lives in.
    pub fn houses(&self) -> HouseSet {
        self.houses
    }

    /// For a chain step, the chains that prove it written out, one per branch
    /// (`r1c2=5 -> r1c4<>5 -> ...`); empty for other steps.
    pub fn chains(&self) -> &[String] {
        self.chain.as_deref().map_or(&[], |c| &c.branches)
    }

    /// The effect in the usual notation: `r4c5=3`, or `r6c1,r6c2<>4` (cells that lose the
    /// same digits are grouped).
    pub fn effect(&self) -> String {
        if let Some((cell, d)) = self.placement {
            return format!("{}={d}", cell_name(cell));
        }
        // Group by digit, then by cells.
        let mut parts = Vec::new();
        for d in 1..=9u8 {
            let cells: CellSet = self.eliminations.0[d as usize - 1];
            if cells != 0 {
                let names: Vec<String> = super::board::cells_of(cells).map(cell_name).collect();
                parts.push(format!("{}<>{d}", names.join(",")));
            }
        }
        parts.join(", ")
    }
}

/// A rating rounded as Sudoku Explainer prints it: to the nearest tenth, half up.
pub fn round(rating: f64) -> f64 {
    ((rating + 0.05) * 10.0).floor() / 10.0
}
