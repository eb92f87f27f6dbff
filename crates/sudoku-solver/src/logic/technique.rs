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

/// One technique's facts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
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

const fn entry(technique: Technique, name: &'static str, base_rating: f64, rung: Rung) -> Entry {
    Entry {
        technique,
        name,
        base_rating,
        rung,
    }
}

use Technique::*;

/// Every technique, easiest first (the order `generate --list-techniques` prints).
pub const TABLE: [Entry; 51] = [
    entry(FullHouse, "Full House", 1.0, Rung::HiddenSingle),
    entry(HiddenSingle, "Hidden Single", 1.2, Rung::HiddenSingle),
    entry(DirectPointing, "Direct Pointing", 1.7, Rung::DirectLocking),
    entry(DirectClaiming, "Direct Claiming", 1.9, Rung::DirectLocking),
    entry(
        DirectHiddenPair,
        "Direct Hidden Pair",
        2.0,
        Rung::DirectHidden(2),
    ),
    entry(NakedSingle, "Naked Single", 2.3, Rung::NakedSingle),
    entry(
        DirectHiddenTriple,
        "Direct Hidden Triple",
        2.5,
        Rung::DirectHidden(3),
    ),
    entry(Pointing, "Pointing", 2.6, Rung::Locking),
    entry(Claiming, "Claiming", 2.8, Rung::Locking),
    entry(NakedPair, "Naked Pair", 3.0, Rung::Naked(2)),
    entry(XWing, "X-Wing", 3.2, Rung::Fish(2)),
    entry(HiddenPair, "Hidden Pair", 3.4, Rung::Hidden(2)),
    entry(NakedTriple, "Naked Triple", 3.6, Rung::Naked(3)),
    entry(Swordfish, "Swordfish", 3.8, Rung::Fish(3)),
    entry(HiddenTriple, "Hidden Triple", 4.0, Rung::Hidden(3)),
    entry(XyWing, "XY-Wing", 4.2, Rung::XyWing),
    entry(XyzWing, "XYZ-Wing", 4.4, Rung::XyzWing),
    entry(
        UniqueRectangle(1),
        "Unique Rectangle Type 1",
        4.5,
        Rung::UniqueLoops,
    ),
    entry(
        UniqueRectangle(2),
        "Unique Rectangle Type 2",
        4.5,
        Rung::UniqueLoops,
    ),
    entry(
        UniqueRectangle(3),
        "Unique Rectangle Type 3",
        4.5,
        Rung::UniqueLoops,
    ),
    entry(
        UniqueRectangle(4),
        "Unique Rectangle Type 4",
        4.5,
        Rung::UniqueLoops,
    ),
    entry(UniqueLoop(1), "Unique Loop Type 1", 4.5, Rung::UniqueLoops),
    entry(UniqueLoop(2), "Unique Loop Type 2", 4.5, Rung::UniqueLoops),
    entry(UniqueLoop(3), "Unique Loop Type 3", 4.5, Rung::UniqueLoops),
    entry(UniqueLoop(4), "Unique Loop Type 4", 4.5, Rung::UniqueLoops),
    entry(NakedQuad, "Naked Quad", 5.0, Rung::Naked(4)),
    entry(Jellyfish, "Jellyfish", 5.2, Rung::Fish(4)),
    entry(HiddenQuad, "Hidden Quad", 5.4, Rung::Hidden(4)),
    entry(Bug(1), "BUG Type 1", 5.6, Rung::Bug),
    entry(Bug(2), "BUG Type 2", 5.7, Rung::Bug),
    entry(Bug(3), "BUG Type 3", 5.7, Rung::Bug),
    entry(Bug(4), "BUG Type 4", 5.7, Rung::Bug),
    entry(
        AlignedPairExclusion,
        "Aligned Pair Exclusion",
        6.2,
        Rung::AlignedPair,
    ),
    entry(XCycle, "X-Cycle", 6.5, Rung::Chains),
    entry(YCycle, "Y-Cycle", 6.5, Rung::Chains),
    entry(ForcingXChain, "Forcing X-Chain", 6.6, Rung::Chains),
    entry(BidirectionalCycle, "Bidirectional Cycle", 7.0, Rung::Chains),
    entry(ForcingChain, "Forcing Chain", 7.0, Rung::Chains),
    entry(
        AlignedTripleExclusion,
        "Aligned Triple Exclusion",
        7.5,
        Rung::AlignedTriple,
    ),
    entry(
        NishioForcingChain,
        "Nishio Forcing Chain",
        7.5,
        Rung::Nishio,
    ),
    entry(
        CellForcingChains,
        "Cell Forcing Chains",
        8.0,
        Rung::Multiple,
    ),
    entry(
        RegionForcingChains,
        "Region Forcing Chains",
        8.0,
        Rung::Multiple,
    ),
    entry(
        DynamicContradictionForcingChain,
        "Dynamic Contradiction Forcing Chain",
        8.5,
        Rung::Dynamic,
    ),
    entry(
        DynamicDoubleForcingChain,
        "Dynamic Double Forcing Chain",
        8.5,
        Rung::Dynamic,
    ),
    entry(
        DynamicCellForcingChains,
        "Dynamic Cell Forcing Chains",
        8.5,
        Rung::Dynamic,
    ),
    entry(
        DynamicRegionForcingChains,
        "Dynamic Region Forcing Chains",
        8.5,
        Rung::Dynamic,
    ),
    entry(
        DynamicPlus(1),
        "Dynamic Forcing Chains (+)",
        9.0,
        Rung::DynamicPlus(1),
    ),
    entry(
        DynamicPlus(2),
        "Nested Forcing Chains (+ Forcing Chains)",
        9.5,
        Rung::DynamicPlus(2),
    ),
    entry(
        DynamicPlus(3),
        "Nested Forcing Chains (+ Multiple Forcing Chains)",
        10.0,
        Rung::DynamicPlus(3),
    ),
    entry(
        DynamicPlus(4),
        "Nested Forcing Chains (+ Dynamic Forcing Chains)",
        10.5,
        Rung::DynamicPlus(4),
    ),
    entry(
        DynamicPlus(5),
        "Nested Forcing Chains (+ Dynamic Forcing Chains (+))",
        11.0,
        Rung::DynamicPlus(5),
    ),
];

impl Technique {
    /// This technique's row of `TABLE`.
    pub fn entry(self) -> &'static Entry {
        TABLE
            .iter()
            .find(|e| e.technique == self)
            .expect("every technique the engine makes is in TABLE")
    }

    /// The name `explain` prints, and `generate --needs` matches.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The base rating of this technique (`Entry::base_rating`): the lowest a step of it can
    /// have, from which every step of it is rated.
    pub fn base_rating(self) -> f64 {
        self.entry().base_rating
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
            assert_eq!(t.entry().technique, t);
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
