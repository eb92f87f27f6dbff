//! What one step of a logical solution is: the technique, its rating, the candidates and houses
//! that prove it, and its effect (one placement, or eliminations). Every technique gives its
//! finding as a [`Step`], and `rate`, `explain`, `hint` and the soundness tests all read it.
//! Nothing prints from inside a technique.

use super::board::{cell_name, Board, CandidateSet, Cells, House, HouseSet};

/// A technique of the ladder, as `explain` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    DirectPointing,
    DirectClaiming,
    DirectHiddenPair,
    NakedSingle,
    DirectHiddenTriple,
    Pointing,
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    XyWing,
    XyzWing,
    UniqueRectangle(u8),
    UniqueLoop(u8),
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    Bug(u8),
    AlignedPairExclusion,
    XCycle,
    YCycle,
    ForcingXChain,
    BidirectionalCycle,
    ForcingChain,
    AlignedTripleExclusion,
    NishioForcingChain,
    CellForcingChains,
    RegionForcingChains,
    DynamicCellForcingChains,
    DynamicRegionForcingChains,
    DynamicContradictionForcingChain,
    DynamicDoubleForcingChain,
    /// Dynamic forcing chains with the inner rules of `level` (1: "plus", 2..5: nested).
    DynamicPlus(u8),
}

impl Technique {
    /// The name `explain` prints, and `generate --needs` matches.
    pub fn name(self) -> String {
        use Technique::*;
        let s = match self {
            FullHouse => "Full House",
            HiddenSingle => "Hidden Single",
            DirectPointing => "Direct Pointing",
            DirectClaiming => "Direct Claiming",
            DirectHiddenPair => "Direct Hidden Pair",
            NakedSingle => "Naked Single",
            DirectHiddenTriple => "Direct Hidden Triple",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked Pair",
            XWing => "X-Wing",
            HiddenPair => "Hidden Pair",
            NakedTriple => "Naked Triple",
            Swordfish => "Swordfish",
            HiddenTriple => "Hidden Triple",
            XyWing => "XY-Wing",
            XyzWing => "XYZ-Wing",
            UniqueRectangle(t) => return format!("Unique Rectangle Type {t}"),
            UniqueLoop(t) => return format!("Unique Loop Type {t}"),
            NakedQuad => "Naked Quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden Quad",
            Bug(t) => return format!("BUG Type {t}"),
            AlignedPairExclusion => "Aligned Pair Exclusion",
            XCycle => "X-Cycle",
            YCycle => "Y-Cycle",
            ForcingXChain => "Forcing X-Chain",
            BidirectionalCycle => "Bidirectional Cycle",
            ForcingChain => "Forcing Chain",
            AlignedTripleExclusion => "Aligned Triple Exclusion",
            NishioForcingChain => "Nishio Forcing Chain",
            CellForcingChains => "Cell Forcing Chains",
            RegionForcingChains => "Region Forcing Chains",
            DynamicCellForcingChains => "Dynamic Cell Forcing Chains",
            DynamicRegionForcingChains => "Dynamic Region Forcing Chains",
            DynamicContradictionForcingChain => "Dynamic Contradiction Forcing Chain",
            DynamicDoubleForcingChain => "Dynamic Double Forcing Chain",
            DynamicPlus(1) => "Dynamic Forcing Chains (+)",
            DynamicPlus(2) => "Nested Forcing Chains (+ Forcing Chains)",
            DynamicPlus(3) => "Nested Forcing Chains (+ Multiple Forcing Chains)",
            DynamicPlus(4) => "Nested Forcing Chains (+ Dynamic Forcing Chains)",
            DynamicPlus(_) => "Nested Forcing Chains (+ Dynamic Forcing Chains (+))",
        };
        s.to_string()
    }

    /// The lowest rating a step of this technique can have (Sudoku Explainer's base rating;
    /// chains and loops add to it with their length).
    pub fn lowest_rating(self) -> f64 {
        use Technique::*;
        match self {
            FullHouse => 1.0,
            HiddenSingle => 1.2,
            DirectPointing => 1.7,
            DirectClaiming => 1.9,
            DirectHiddenPair => 2.0,
            NakedSingle => 2.3,
            DirectHiddenTriple => 2.5,
            Pointing => 2.6,
            Claiming => 2.8,
            NakedPair => 3.0,
            XWing => 3.2,
            HiddenPair => 3.4,
            NakedTriple => 3.6,
            Swordfish => 3.8,
            HiddenTriple => 4.0,
            XyWing => 4.2,
            XyzWing => 4.4,
            UniqueRectangle(_) | UniqueLoop(_) => 4.5,
            NakedQuad => 5.0,
            Jellyfish => 5.2,
            HiddenQuad => 5.4,
            Bug(_) => 5.6,
            AlignedPairExclusion => 6.2,
            XCycle | YCycle => 6.5,
            ForcingXChain => 6.6,
            BidirectionalCycle | ForcingChain => 7.0,
            AlignedTripleExclusion | NishioForcingChain => 7.5,
            CellForcingChains | RegionForcingChains => 8.0,
            DynamicCellForcingChains
            | DynamicRegionForcingChains
            | DynamicContradictionForcingChain
            | DynamicDoubleForcingChain => 8.5,
            DynamicPlus(level) => 8.5 + 0.5 * f64::from(level),
        }
    }

    /// Every technique, in ladder order (for `generate --list-techniques` and `--needs`).
    pub fn all() -> Vec<Technique> {
        use Technique::*;
        let mut out = vec![
            FullHouse,
            HiddenSingle,
            DirectPointing,
            DirectClaiming,
            DirectHiddenPair,
            NakedSingle,
            DirectHiddenTriple,
            Pointing,
            Claiming,
            NakedPair,
            XWing,
            HiddenPair,
            NakedTriple,
            Swordfish,
            HiddenTriple,
            XyWing,
            XyzWing,
        ];
        out.extend((1..=4).map(UniqueRectangle));
        out.extend((1..=4).map(UniqueLoop));
        out.extend([NakedQuad, Jellyfish, HiddenQuad]);
        out.extend((1..=4).map(Bug));
        out.extend([
            AlignedPairExclusion,
            XCycle,
            YCycle,
            ForcingXChain,
            BidirectionalCycle,
            ForcingChain,
            AlignedTripleExclusion,
            NishioForcingChain,
            CellForcingChains,
            RegionForcingChains,
            DynamicContradictionForcingChain,
            DynamicDoubleForcingChain,
            DynamicCellForcingChains,
            DynamicRegionForcingChains,
        ]);
        out.extend((1..=5).map(DynamicPlus));
        out
    }
}

/// The chain that proves a step, for explanations.
#[derive(Clone, Debug, Default)]
pub struct Chain {
    /// The chain's total length (SE's complexity).
    pub complexity: usize,
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
        base: Cells,
        /// The cells of the cover houses.
        cover: Cells,
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
        cells: Cells,
        /// The digits.
        digits: u16,
    },
}

/// One step of a logical solution.
#[derive(Clone, Debug)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Its rating on Sudoku Explainer's scale, as the same sequence of `f64` operations gives it
    /// (ties between ratings are broken on these exact values).
    pub rating: f64,
    /// The digit it places, and where.
    pub placement: Option<(usize, u8)>,
    /// The candidates it removes.
    pub eliminations: CandidateSet,
    /// The candidates that make the pattern (the proof).
    pub pattern: CandidateSet,
    /// The houses the pattern lives in.
    pub houses: HouseSet,
    /// For chains, the chain that proves it.
    pub chain: Option<Box<Chain>>,
    /// The pattern's shape, for the chain engine.
    pub shape: Shape,
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
    pub fn rounded(&self) -> f64 {
        round(self.rating)
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
            let cells: Cells = self.eliminations.0[d as usize - 1];
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
