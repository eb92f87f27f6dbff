//! A range of Sudoku Explainer ratings, as `--rating`, `--ep` and `--ed` take it (`7.0..8.0`,
//! `7.0..`, `..4.5`, one rating), compared in tenths as ratings are printed: `7.0..8.0` keeps 7.0
//! and 8.0 and everything between.

use std::str::FromStr;

use crate::logic::step::round;

/// A closed range of ratings, in tenths; either end may be open.
///
/// ```
/// use sudoku_solver::Range;
///
/// let range: Range = "7.0..8.0".parse().unwrap();
/// assert!(range.holds(7.0) && range.holds(8.0) && range.holds(7.449));
/// assert!(!range.holds(8.1));
/// let open: Range = "8.0..".parse().unwrap();
/// assert!(open.holds(11.9));
/// assert!("8.0..7.0".parse::<Range>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Range {
    /// The least rating kept, in tenths.
    pub min: Option<u32>,
    /// The greatest rating kept, in tenths.
    pub max: Option<u32>,
}

/// Why a range could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RangeError {
    /// Not `MIN..MAX`, `MIN..`, `..MAX` or one rating.
    #[error("{0:?} is not a rating range: write MIN..MAX with ratings such as 7.0 (either end may be left out: 7.0.., ..4.5), or one rating")]
    Syntax(String),
    /// The least rating is above the greatest.
    #[error("{0:?}: MIN is above MAX; write the smaller rating first ({1}..{2})")]
    Reversed(String, String, String),
}

/// A rating in tenths: `7.2` is 72.
fn parse_tenths(text: &str) -> Option<u32> {
    let x: f64 = text.trim().parse().ok()?;
    (x.is_finite() && (0.0..=20.0).contains(&x)).then(|| (x * 10.0).round() as u32)
}

impl FromStr for Range {
    type Err = RangeError;

    fn from_str(s: &str) -> Result<Range, RangeError> {
        let bad = || RangeError::Syntax(s.to_string());
        let end = |t: &str| -> Result<Option<u32>, RangeError> {
            if t.trim().is_empty() {
                Ok(None)
            } else {
                parse_tenths(t).map(Some).ok_or_else(bad)
            }
        };
        let range = match s.split_once("..") {
            Some((lo, hi)) => Range {
                min: end(lo)?,
                max: end(hi)?,
            },
            None => {
                let x = end(s)?.ok_or_else(bad)?;
                Range {
                    min: Some(x),
                    max: Some(x),
                }
            }
        };
        if let (Some(lo), Some(hi)) = (range.min, range.max) {
            if lo > hi {
                let show = |t: u32| format!("{}.{}", t / 10, t % 10);
                return Err(RangeError::Reversed(s.to_string(), show(hi), show(lo)));
            }
        }
        Ok(range)
    }
}

impl Range {
    /// Whether nothing is asked.
    pub fn is_open(&self) -> bool {
        self.min.is_none() && self.max.is_none()
    }

    /// Whether `rating` (as printed, rounded to tenths) lies in the range.
    pub fn holds(&self, rating: f64) -> bool {
        let t = rating_tenths(rating);
        self.min.is_none_or(|m| t >= m) && self.max.is_none_or(|m| t <= m)
    }

    /// Whether a rating above this, rounded, is already out of the range.
    pub(super) fn exceeded_by(&self, rating: f64) -> bool {
        self.max.is_some_and(|m| rating_tenths(rating) > m)
    }
}

/// A rating in tenths as written: `7.0`.
pub(super) fn show(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// A range as it is written on the command line: `7.0..8.0`, `7.0..`, `..4.5`, `1.2`.
pub(super) fn written(r: &Range) -> String {
    match (r.min, r.max) {
        (Some(a), Some(b)) if a == b => show(a),
        (a, b) => format!(
            "{}..{}",
            a.map(show).unwrap_or_default(),
            b.map(show).unwrap_or_default()
        ),
    }
}

/// A rating as printed, in tenths (7.45 prints as 7.5: 75).
pub(super) fn rating_tenths(rating: f64) -> u32 {
    (round(rating) * 10.0).round() as u32
}
