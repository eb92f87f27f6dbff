//! The techniques of the ladder, in one table: each technique's name (as `explain` prints it
//! and `generate --needs` takes it), its lowest rating on Sudoku Explainer's scale, and the rung
//! of the [`LADDER`](super::LADDER) that finds it. Everything that lists, names, rates or looks up a
//! technique reads [`TABLE`]; a test fails when a technique is missing from it.

use super::Rung;

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

/// A row of [`TABLE`], the technique table: one technique's facts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TechniqueRow {
    /// The technique.
    pub technique: Technique,
    /// Its name, as `explain` prints it.
    pub name: &'static str,
    /// Its base rating on Sudoku Explainer's scale, the lowest a step of it can have: every
    /// technique's steps are rated from here (chains and loops add to it with their length,
    /// BUG type 3 with its naked set, a hidden single in a row or column 0.3, nested forcing
    /// chains with their level), and nowhere else is a base rating written.
    pub base_rating: f64,
    /// The rung of the ladder that finds it.
    pub rung: Rung,
}

/// What Sudoku Explainer adds to a hidden single's base when its house is a row or a column,
/// not a box: its one exception to rating a technique by its base alone.
pub const HIDDEN_SINGLE_IN_LINE: f64 = 0.3;

const fn row(
    technique: Technique,
    name: &'static str,
    base_rating: f64,
    rung: Rung,
) -> TechniqueRow {
    TechniqueRow {
        technique,
        name,
        base_rating,
        rung,
    }
}

use Technique::*;

/// Every technique, easiest first (the order `generate --list-techniques` prints).
pub const TABLE: [TechniqueRow; 51] = [
    row(FullHouse, "Full House", 1.0, Rung::HiddenSingle),
    row(HiddenSingle, "Hidden Single", 1.2, Rung::HiddenSingle),
    row(DirectPointing, "Direct Pointing", 1.7, Rung::DirectLocking),
    row(DirectClaiming, "Direct Claiming", 1.9, Rung::DirectLocking),
    row(
        DirectHiddenPair,
        "Direct Hidden Pair",
        2.0,
        Rung::DirectHidden(2),
    ),
    row(NakedSingle, "Naked Single", 2.3, Rung::NakedSingle),
    row(
        DirectHiddenTriple,
        "Direct Hidden Triple",
        2.5,
        Rung::DirectHidden(3),
    ),
    row(Pointing, "Pointing", 2.6, Rung::Locking),
    row(Claiming, "Claiming", 2.8, Rung::Locking),
    row(NakedPair, "Naked Pair", 3.0, Rung::Naked(2)),
    row(XWing, "X-Wing", 3.2, Rung::Fish(2)),
    row(HiddenPair, "Hidden Pair", 3.4, Rung::Hidden(2)),
    row(NakedTriple, "Naked Triple", 3.6, Rung::Naked(3)),
    row(Swordfish, "Swordfish", 3.8, Rung::Fish(3)),
    row(HiddenTriple, "Hidden Triple", 4.0, Rung::Hidden(3)),
    row(XyWing, "XY-Wing", 4.2, Rung::XyWing),
    row(XyzWing, "XYZ-Wing", 4.4, Rung::XyzWing),
    row(
        UniqueRectangle(1),
        "Unique Rectangle Type 1",
        4.5,
        Rung::UniqueLoops,
    ),
    row(
        UniqueRectangle(2),
        "Unique Rectangle Type 2",
        4.5,
        Rung::UniqueLoops,
    ),
    row(
        UniqueRectangle(3),
        "Unique Rectangle Type 3",
        4.5,
        Rung::UniqueLoops,
    ),
    row(
        UniqueRectangle(4),
        "Unique Rectangle Type 4",
        4.5,
        Rung::UniqueLoops,
    ),
    row(UniqueLoop(1), "Unique Loop Type 1", 4.5, Rung::UniqueLoops),
    row(UniqueLoop(2), "Unique Loop Type 2", 4.5, Rung::UniqueLoops),
    row(UniqueLoop(3), "Unique Loop Type 3", 4.5, Rung::UniqueLoops),
    row(UniqueLoop(4), "Unique Loop Type 4", 4.5, Rung::UniqueLoops),
    row(NakedQuad, "Naked Quad", 5.0, Rung::Naked(4)),
    row(Jellyfish, "Jellyfish", 5.2, Rung::Fish(4)),
    row(HiddenQuad, "Hidden Quad", 5.4, Rung::Hidden(4)),
    row(Bug(1), "BUG Type 1", 5.6, Rung::Bug),
    row(Bug(2), "BUG Type 2", 5.7, Rung::Bug),
    row(Bug(3), "BUG Type 3", 5.7, Rung::Bug),
    row(Bug(4), "BUG Type 4", 5.7, Rung::Bug),
    row(
        AlignedPairExclusion,
        "Aligned Pair Exclusion",
        6.2,
        Rung::AlignedPair,
    ),
    row(XCycle, "X-Cycle", 6.5, Rung::Chains),
    row(YCycle, "Y-Cycle", 6.5, Rung::Chains),
    row(ForcingXChain, "Forcing X-Chain", 6.6, Rung::Chains),
    row(BidirectionalCycle, "Bidirectional Cycle", 7.0, Rung::Chains),
    row(ForcingChain, "Forcing Chain", 7.0, Rung::Chains),
    row(
        AlignedTripleExclusion,
        "Aligned Triple Exclusion",
        7.5,
        Rung::AlignedTriple,
    ),
    row(
        NishioForcingChain,
        "Nishio Forcing Chain",
        7.5,
        Rung::Nishio,
    ),
    row(
        CellForcingChains,
        "Cell Forcing Chains",
        8.0,
        Rung::Multiple,
    ),
    row(
        RegionForcingChains,
        "Region Forcing Chains",
        8.0,
        Rung::Multiple,
    ),
    row(
        DynamicContradictionForcingChain,
        "Dynamic Contradiction Forcing Chain",
        8.5,
        Rung::Dynamic,
    ),
    row(
        DynamicDoubleForcingChain,
        "Dynamic Double Forcing Chain",
        8.5,
        Rung::Dynamic,
    ),
    row(
        DynamicCellForcingChains,
        "Dynamic Cell Forcing Chains",
        8.5,
        Rung::Dynamic,
    ),
    row(
        DynamicRegionForcingChains,
        "Dynamic Region Forcing Chains",
        8.5,
        Rung::Dynamic,
    ),
    row(
        DynamicPlus(1),
        "Dynamic Forcing Chains (+)",
        9.0,
        Rung::DynamicPlus(1),
    ),
    row(
        DynamicPlus(2),
        "Nested Forcing Chains (+ Forcing Chains)",
        9.5,
        Rung::DynamicPlus(2),
    ),
    row(
        DynamicPlus(3),
        "Nested Forcing Chains (+ Multiple Forcing Chains)",
        10.0,
        Rung::DynamicPlus(3),
    ),
    row(
        DynamicPlus(4),
        "Nested Forcing Chains (+ Dynamic Forcing Chains)",
        10.5,
        Rung::DynamicPlus(4),
    ),
    row(
        DynamicPlus(5),
        "Nested Forcing Chains (+ Dynamic Forcing Chains (+))",
        11.0,
        Rung::DynamicPlus(5),
    ),
];

impl Technique {
    /// This technique's row of `TABLE`.
    pub fn row(self) -> &'static TechniqueRow {
        TABLE
            .iter()
            .find(|e| e.technique == self)
            .expect("every technique the engine makes is in TABLE")
    }

    /// The name `explain` prints, and `generate --needs` matches.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The base rating of this technique (`TechniqueRow::base_rating`): the lowest a step of
    /// it can have, from which every step of it is rated.
    pub fn base_rating(self) -> f64 {
        self.row().base_rating
    }

    /// Every technique, easiest first.
    pub fn all() -> impl Iterator<Item = Technique> {
        TABLE.iter().map(|e| e.technique)
    }

    /// The technique a name means (its name as `explain` prints it, compared as `normalize`
    /// reduces both: `x-wing`, `XWing` and `X-Wing` are one), or `None`.
    pub fn named(name: &str) -> Option<Technique> {
        let wanted = normalize(name);
        Technique::all().find(|t| normalize(t.name()) == wanted)
    }
}

/// The name `explain` prints ([`Technique::name`]).
///
/// ```
/// use sudoku_solver::Technique;
///
/// let wing: Technique = "x-wing".parse().unwrap();
/// assert_eq!(wing.to_string(), "X-Wing");
/// assert_eq!(wing.to_string().parse::<Technique>(), Ok(wing));
/// assert!("no such technique".parse::<Technique>().is_err());
/// ```
impl std::fmt::Display for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A technique by its name, as [`Technique::named`] reads it.
impl std::str::FromStr for Technique {
    type Err = UnknownTechnique;

    fn from_str(name: &str) -> Result<Technique, UnknownTechnique> {
        Technique::named(name).ok_or_else(|| UnknownTechnique(name.to_owned()))
    }
}

/// A name that is no technique's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown technique '{0}' (`Technique::all` gives every one)")]
pub struct UnknownTechnique(pub String);

/// A technique name reduced for matching: lower case letters, digits and `+` only.
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric() || *c == '+')
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many rows of the table a variant has: one, or one per type the engine makes. The
    /// match has no `_` arm, so a new variant does not compile until it is counted here.
    fn rows_of(t: Technique) -> usize {
        match t {
            UniqueRectangle(_) | UniqueLoop(_) | Bug(_) => 4,
            DynamicPlus(_) => 5,
            FullHouse
            | HiddenSingle
            | DirectPointing
            | DirectClaiming
            | DirectHiddenPair
            | NakedSingle
            | DirectHiddenTriple
            | Pointing
            | Claiming
            | NakedPair
            | XWing
            | HiddenPair
            | NakedTriple
            | Swordfish
            | HiddenTriple
            | XyWing
            | XyzWing
            | NakedQuad
            | Jellyfish
            | HiddenQuad
            | AlignedPairExclusion
            | XCycle
            | YCycle
            | ForcingXChain
            | BidirectionalCycle
            | ForcingChain
            | AlignedTripleExclusion
            | NishioForcingChain
            | CellForcingChains
            | RegionForcingChains
            | DynamicCellForcingChains
            | DynamicRegionForcingChains
            | DynamicContradictionForcingChain
            | DynamicDoubleForcingChain => 1,
        }
    }

    #[test]
    fn every_technique_has_its_rows_once() {
        let variant = std::mem::discriminant::<Technique>;
        let mut variants = Vec::new();
        for t in Technique::all() {
            if !variants.contains(&variant(&t)) {
                variants.push(variant(&t));
                let rows = Technique::all()
                    .filter(|u| variant(u) == variant(&t))
                    .count();
                assert_eq!(rows, rows_of(t), "{t:?}: types missing or doubled");
            }
            assert_eq!(t.row().technique, t);
        }
        let counted: usize = variants
            .iter()
            .map(|v| rows_of(Technique::all().find(|t| variant(t) == *v).expect("a row")))
            .sum();
        assert_eq!(counted, TABLE.len(), "TABLE has a row twice");
    }

    #[test]
    fn names_are_distinct_and_ratings_never_fall() {
        for (i, a) in TABLE.iter().enumerate() {
            assert!(
                TABLE[i + 1..]
                    .iter()
                    .all(|b| normalize(b.name) != normalize(a.name)),
                "{} twice",
                a.name
            );
        }
        assert!(TABLE
            .windows(2)
            .all(|w| w[0].base_rating <= w[1].base_rating));
    }

    #[test]
    fn every_row_s_rung_is_on_the_ladder_and_every_rung_finds_something() {
        for e in &TABLE {
            assert!(
                super::super::LADDER.contains(&e.rung),
                "{}: {:?}",
                e.name,
                e.rung
            );
        }
        for rung in super::super::LADDER {
            assert!(
                TABLE.iter().any(|e| e.rung == rung),
                "{rung:?} finds no technique"
            );
        }
    }

    #[test]
    fn every_technique_of_a_forcing_rung_has_one_base() {
        // The forcing chains rate a step by its rung (`forcing::Flags::base`), whatever the
        // technique it names.
        for rung in [Rung::Nishio, Rung::Multiple, Rung::Dynamic] {
            let bases: Vec<f64> = TABLE
                .iter()
                .filter(|e| e.rung == rung)
                .map(|e| e.base_rating)
                .collect();
            assert!(
                bases.windows(2).all(|w| w[0] == w[1]),
                "{rung:?}: {bases:?}"
            );
        }
    }

    #[test]
    fn names_are_looked_up_loosely() {
        assert_eq!(Technique::named("x-wing"), Some(XWing));
        assert_eq!(Technique::named("XY Wing"), Some(XyWing));
        assert_eq!(Technique::named("bug type 3"), Some(Bug(3)));
        assert_eq!(Technique::named("no such thing"), None);
    }
}
