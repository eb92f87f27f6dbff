//! Named difficulty levels: Sudoku Explainer's five bands of ER from its generator dialog
//! (`diuf/sudoku/gui/GenerateDialog.java`), ends included, compared as printed (one decimal).
//!
//! | level | ER |
//! |---|---|
//! | easy | 1.0-1.2 |
//! | medium | 1.3-1.5 |
//! | hard | 1.6-2.5 |
//! | fiendish | 2.6-6.0 |
//! | diabolical | 6.1-11.0 |
//!
//! No other tool's words are taken as aliases: qqwing's and HoDoKu's levels are defined by the
//! techniques a puzzle needs in their own solvers, and those sets cross these bands (a naked
//! single, "easy" in both, rates 2.3 here: `hard`).

use std::fmt;
use std::str::FromStr;

use super::range::Range;
use crate::logic::round;

/// One of Sudoku Explainer's five difficulty levels.
///
/// ```
/// use sudoku_solver::Level;
///
/// let level = Level::of(6.6).unwrap();
/// assert_eq!(level.name(), "diabolical");
/// assert!(level.range().holds(6.6));
/// assert_eq!(Level::of(1.2).map(Level::name), Some("easy"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// ER 1.0 to 1.2: hidden singles in boxes.
    Easy,
    /// ER 1.3 to 1.5: hidden singles in rows and columns.
    Medium,
    /// ER 1.6 to 2.5: direct techniques and naked singles.
    Hard,
    /// ER 2.6 to 6.0: locked candidates, subsets, fish, wings, uniqueness, short chains.
    Fiendish,
    /// ER 6.1 to 11.0: chains and forcing chains.
    Diabolical,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Fiendish,
        Level::Diabolical,
    ];

    /// The lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Fiendish => "fiendish",
            Level::Diabolical => "diabolical",
        }
    }

    /// The band of ER, in tenths, ends included.
    pub fn tenths(self) -> (u32, u32) {
        match self {
            Level::Easy => (10, 12),
            Level::Medium => (13, 15),
            Level::Hard => (16, 25),
            Level::Fiendish => (26, 60),
            Level::Diabolical => (61, 110),
        }
    }

    /// The band as a range of ER for `generate`.
    pub fn range(self) -> Range {
        let (min, max) = self.tenths();
        Range {
            min: Some(min),
            max: Some(max),
        }
    }

    /// The level of a puzzle rated `er`, rounded as printed; `None` outside every band (an
    /// already solved grid, 0.0, or a rating above 11.0).
    pub fn of(er: f64) -> Option<Level> {
        let t = (round(er) * 10.0).round() as u32;
        Level::ALL.into_iter().find(|level| {
            let (min, max) = level.tenths();
            (min..=max).contains(&t)
        })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an unknown level name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}` (expected one of: easy, medium, hard, fiendish, diabolical)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    /// A level's name, in any case.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bands_cover_1_0_to_11_0_without_gaps_or_overlaps() {
        let mut next = 10;
        for level in Level::ALL {
            let (min, max) = level.tenths();
            assert_eq!(min, next, "{level}");
            assert!(max >= min);
            next = max + 1;
        }
        assert_eq!(next, 111);
    }

    #[test]
    fn ratings_fall_in_their_band_ends_included() {
        let cases = [
            (1.0, Some(Level::Easy)),
            (1.2, Some(Level::Easy)),
            (1.3, Some(Level::Medium)),
            (1.5, Some(Level::Medium)),
            (1.6, Some(Level::Hard)),
            (2.5, Some(Level::Hard)),
            (2.6, Some(Level::Fiendish)),
            (6.0, Some(Level::Fiendish)),
            // 6.03 prints as 6.0, 6.07 as 6.1.
            (6.03, Some(Level::Fiendish)),
            (6.07, Some(Level::Diabolical)),
            (11.0, Some(Level::Diabolical)),
            (11.1, None),
            (0.0, None),
        ];
        for (er, level) in cases {
            assert_eq!(Level::of(er), level, "{er}");
        }
    }

    #[test]
    fn names_round_trip_in_any_case() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(level.name().to_uppercase().parse::<Level>(), Ok(level));
        }
        assert!("expert".parse::<Level>().is_err());
    }

    #[test]
    fn the_range_holds_the_band() {
        let range = Level::Fiendish.range();
        assert!(range.holds(2.6) && range.holds(6.0));
        assert!(!range.holds(2.5) && !range.holds(6.1));
    }
}
