//! What a made-to-order puzzle must be (`generate --rating/--ep/--ed/--needs`): ranges of
//! Sudoku Explainer ratings and techniques its rating path must use.
//!
//! Ratings are compared in tenths, as printed (`7.0..8.0` keeps 7.0 and 8.0 and everything
//! between). Technique names are matched without regard to case, spaces, hyphens and other
//! punctuation: `x-wing`, `X-Wing` and `xwing` are one name.

pub use super::range::Range;
use super::range::{rating_tenths, show, written};
use crate::generate::level::Level;
use crate::grid::Grid;
use crate::logic::board::Board;
use crate::logic::step::Technique;
use crate::logic::technique::HIDDEN_SINGLE_IN_LINE;
use crate::logic::{ceiling, walk_while, Rating};

/// The rating (in tenths) from which nearly every tenth occurs: the base of unique rectangles
/// and loops (from there up, uniqueness, chains and their length bonuses fill the scale).
fn dense_from() -> u32 {
    rating_tenths(Technique::UniqueRectangle(1).base_rating())
}

/// The ratings a step can have below [`dense_from`], in tenths, lowest first: the bases of the
/// techniques there, and a hidden single in a row or column.
fn low_ratings() -> Vec<u32> {
    let line_single = Technique::HiddenSingle.base_rating() + HIDDEN_SINGLE_IN_LINE;
    let mut low: Vec<u32> = Technique::all()
        .map(Technique::base_rating)
        .chain([line_single])
        .map(rating_tenths)
        .filter(|&t| t < dense_from())
        .collect();
    low.sort_unstable();
    low.dedup();
    low
}

/// The lowest rating (in tenths) of a step that places nothing: Pointing's. Every step rated
/// below it places a digit.
fn first_elimination() -> u32 {
    rating_tenths(Technique::Pointing.base_rating())
}

/// Whether some step can be rated in the range `lo..=hi` (tenths).
fn occurs(lo: u32, hi: u32) -> bool {
    hi >= dense_from() && lo <= 200 || low_ratings().iter().any(|&t| (lo..=hi).contains(&t))
}

/// Why no puzzle can be what a [`Wanted`] asks ([`Wanted::impossible`]). Its message names
/// the request's parts by their measures (`ER 1.3..1.4: no step is rated there`), in the
/// library's own terms; [`Impossible::describe`] names them with labels the caller gives
/// ([`WantedLabels`]), so that a program can use the words its users typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impossible {
    /// The request refused (its reason is worked out again when it is described).
    wanted: Wanted,
}

impl Impossible {
    /// Why no puzzle can be what is asked, with the request's parts named by `labels` (the
    /// [`Display`](std::fmt::Display) form uses [`WantedLabels::MEASURES`]).
    ///
    /// ```
    /// use sudoku_solver::{WantedLabels, Range, Wanted};
    ///
    /// let wanted = Wanted { er: "1.3..1.4".parse::<Range>().unwrap(), ..Wanted::default() };
    /// let why = wanted.impossible().unwrap();
    /// assert!(why.to_string().starts_with("ER 1.3..1.4: no step is rated there"), "{why}");
    /// // A caller whose users ask for ER as `rating`:
    /// let labels = WantedLabels { er: "rating", ..WantedLabels::MEASURES };
    /// assert!(why.describe(&labels).starts_with("rating 1.3..1.4: no step is rated there"));
    /// ```
    pub fn describe(&self, labels: &WantedLabels) -> String {
        // Made only for a request `why_impossible` refuses, and the labels do not change
        // whether it does.
        self.wanted
            .why_impossible(labels)
            .expect("an Impossible holds a request that cannot be met")
    }
}

impl std::fmt::Display for Impossible {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe(&WantedLabels::MEASURES))
    }
}

impl std::error::Error for Impossible {}

/// The labels [`Impossible::describe`] writes for the parts of a [`Wanted`]: each label is
/// written before the part's value (`ER 1.3..1.4`, `level easy`). The caller chooses them, to
/// match the words its users ask with; [`WantedLabels::MEASURES`] names the parts by what they
/// measure, as the library's own messages do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WantedLabels<'a> {
    /// The range of ER ([`Wanted::er`]) when it was not asked for as a level.
    pub er: &'a str,
    /// The range of EP ([`Wanted::ep`]).
    pub ep: &'a str,
    /// The range of ED ([`Wanted::ed`]).
    pub ed: &'a str,
    /// A technique the path must use ([`Wanted::needs`]), written before its name
    /// (`needed technique X-Wing`).
    pub needs: &'a str,
    /// A level ([`Wanted::level`]), written before its name (`level easy`).
    pub level: &'a str,
}

impl WantedLabels<'static> {
    /// The parts named by their measures: `ER`, `EP`, `ED`, `needed technique`, `level`.
    pub const MEASURES: WantedLabels<'static> = WantedLabels {
        er: "ER",
        ep: "EP",
        ed: "ED",
        needs: "needed technique",
        level: "level",
    };
}

/// What a puzzle must be.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wanted {
    /// The range of ER.
    pub er: Range,
    /// The range of EP.
    pub ep: Range,
    /// The range of ED.
    pub ed: Range,
    /// Techniques the path must use.
    pub needs: Vec<Technique>,
    /// The level `er` is the band of, when it was asked for as one: messages name the level,
    /// not an ER range never given.
    pub level: Option<Level>,
}

impl Wanted {
    /// Whether anything is asked (else every puzzle is kept, unrated).
    pub fn is_any(&self) -> bool {
        !(self.er.is_open() && self.ep.is_open() && self.ed.is_open() && self.needs.is_empty())
    }

    /// Why no puzzle can be what is asked, when that is certain before any is made: a range in
    /// which no step is rated, ranges that break ED <= EP <= ER, an EP other than ED when the
    /// first step places a digit (every step rated below Pointing does, so EP equals ED), or a
    /// needed technique rated above the greatest ER. `None` when the request may be met.
    ///
    /// ```
    /// use sudoku_solver::{Range, Wanted};
    ///
    /// let mut wanted = Wanted::default();
    /// wanted.er = "8.0..".parse::<Range>().unwrap();
    /// assert!(wanted.impossible().is_none());
    /// wanted.ed = "9.0..".parse::<Range>().unwrap();
    /// wanted.er = "..8.5".parse::<Range>().unwrap();
    /// let why = wanted.impossible().unwrap();
    /// assert!(why.to_string().contains("ED <= EP <= ER"), "{why}");
    /// ```
    pub fn impossible(&self) -> Option<Impossible> {
        self.why_impossible(&WantedLabels::MEASURES)
            .map(|_| Impossible {
                wanted: self.clone(),
            })
    }

    /// The reason behind [`Wanted::impossible`], in words, with the parts named by `labels`.
    fn why_impossible(&self, labels: &WantedLabels) -> Option<String> {
        let lo = |r: &Range| r.min.unwrap_or(0);
        let hi = |r: &Range| r.max.unwrap_or(200);
        let er = self.er_name(labels);
        for (label, range) in [
            (er.as_str(), &self.er),
            (labels.ep, &self.ep),
            (labels.ed, &self.ed),
        ] {
            if !range.is_open() && !occurs(lo(range).max(10), hi(range)) {
                let low: Vec<String> = low_ratings().into_iter().map(show).collect();
                return Some(format!(
                    "{label} {}: no step is rated there (below {} the ratings are {})",
                    written(range),
                    show(dense_from()),
                    low.join(", ")
                ));
            }
        }
        let order = [
            (labels.ep, &self.ep, er.as_str(), &self.er, "EP", "ER"),
            (labels.ed, &self.ed, labels.ep, &self.ep, "ED", "EP"),
            (labels.ed, &self.ed, er.as_str(), &self.er, "ED", "ER"),
        ];
        for (low_label, low, high_label, high, low_name, high_name) in order {
            if lo(low) > hi(high) {
                return Some(format!(
                    "{low_label} starts at {} but {high_label} ends at {}: {low_name} is never above {high_name} (ED <= EP <= ER)",
                    show(lo(low)),
                    show(hi(high))
                ));
            }
        }
        if hi(&self.ed) < first_elimination() {
            // The first step places a digit, so EP is ED.
            let (a, b) = (
                lo(&self.ep).max(lo(&self.ed)),
                hi(&self.ep).min(hi(&self.ed)),
            );
            if a > b || !occurs(a.max(10), b) {
                return Some(format!(
                    "{} {} asks for a first step that places a digit (every step rated below {} does), so EP equals ED, and {} {} leaves no rating for both",
                    labels.ed,
                    written(&self.ed),
                    show(first_elimination()),
                    labels.ep,
                    written(&self.ep)
                ));
            }
        }
        for technique in &self.needs {
            let lowest = rating_tenths(technique.base_rating());
            if lowest > hi(&self.er) {
                let end = match self.level {
                    Some(level) => format!("{} {level}, which ends at ER", labels.level),
                    None => format!("{}'s end", labels.er),
                };
                return Some(format!(
                    "{} {}: it is rated {} or more, above {end} {}",
                    labels.needs,
                    technique.name(),
                    show(lowest),
                    show(hi(&self.er))
                ));
            }
        }
        None
    }

    /// The ER range as messages name it: `labels.er` (`ER`), or the level with its band
    /// (`level easy (ER 1.0..1.2)`).
    fn er_name(&self, labels: &WantedLabels) -> String {
        match self.level {
            Some(level) => format!("{} {level} (ER {})", labels.level, written(&self.er)),
            None => labels.er.to_string(),
        }
    }

    /// Rates `puzzle` (which has one solution) and says whether it is wanted: its rating when it
    /// is. The walk stops as soon as the answer is certain to be no: a step harder than the
    /// greatest ER asked for, or an ED or EP out of its range once it is known.
    pub fn judge(&self, puzzle: &[u8; 81]) -> Option<Rating> {
        self.sift(puzzle, true)
    }

    /// Whether `puzzle` (which has one solution) is wanted, for a caller that does not show the
    /// rating: the walk also stops as soon as the answer is certain to be yes. With an ER range
    /// of `8.0..` that is the first step rated 8.0 or more, since ER is the hardest step and no end
    /// caps it; ED is known after the first step and EP at the first placement.
    pub fn accepts(&self, puzzle: &[u8; 81]) -> bool {
        self.sift(puzzle, false).is_some()
    }

    /// The walk behind [`Wanted::judge`] and [`Wanted::accepts`]. With `whole`, a kept puzzle is
    /// rated to the end and its rating returned; without, the walk may stop once the puzzle is
    /// certain to be kept, and the rating returned is only what was seen by then.
    fn sift(&self, puzzle: &[u8; 81], whole: bool) -> Option<Rating> {
        let grid = Grid::from_cells(*puzzle)?;
        let mut board = Board::from_grid(&grid);
        // ER must reach 8.0: when singles and static forcing chains alone finish the board, no
        // step of its path does (`ceiling`), and the walk is not made. That is most candidates,
        // and the test costs less than their walk, easy ones included.
        if self.er.min.is_some_and(|m| m >= 80) && ceiling::stays_below_8(&board) {
            return None;
        }
        let mut used: Vec<Technique> = Vec::new();
        // What the walk has settled so far: the hardest step, ED after the first step, EP at the
        // first placement (the hardest step up to and including it).
        let mut hardest = 0.0f64;
        let mut ed: Option<f64> = None;
        let mut ep: Option<f64> = None;
        let mut verdict: Option<bool> = None;
        let rating = walk_while(&mut board, |_, step| {
            if self.er.exceeded_by(step.rating) {
                verdict = Some(false);
                return false;
            }
            if self.needs.contains(&step.technique) && !used.contains(&step.technique) {
                used.push(step.technique);
            }
            hardest = hardest.max(step.rating);
            let ed = *ed.get_or_insert(step.rating);
            if ep.is_none() && step.placement.is_some() {
                ep = Some(hardest);
            }
            if !self.ed.holds(ed) || ep.is_some_and(|ep| !self.ep.holds(ep)) {
                verdict = Some(false);
                return false;
            }
            // Certain to be kept: nothing later can change ER's verdict (no greatest ER, and the
            // least one reached), EP is known or not asked, every needed technique is used.
            let settled = self.er.max.is_none()
                && self.er.holds(hardest)
                && (self.ep.is_open() || ep.is_some())
                && self.needs.iter().all(|n| used.contains(n));
            if !whole && settled {
                verdict = Some(true);
                return false;
            }
            true
        });
        if let Some(kept) = verdict {
            return kept.then_some(rating);
        }
        let kept = self.er.holds(rating.er)
            && self.ep.holds(rating.ep)
            && self.ed.holds(rating.ed)
            && self.needs.iter().all(|n| used.contains(n));
        kept.then_some(rating)
    }
}

#[cfg(test)]
mod tests;
