//! What a rated path is made of: how often each technique was used, which techniques gave EP
//! and ED, and whether the puzzle is a pearl or a diamond as serate's `--pearl` and `--diamond`
//! define them (its ER kept only when ER equals EP, and for a diamond ED too).

use std::time::Duration;

use super::{bounded, round, walk_all, Board, Rating, Technique, TimedOut};

/// A rating with what its path was made of.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Analysis {
    /// The ratings.
    pub rating: Rating,
    /// Steps per technique, for the techniques the path used, easiest first (the order of
    /// [`Technique::all`]).
    pub counts: Vec<(Technique, usize)>,
    /// The technique of EP's step: the hardest up to and including the first placement (the
    /// first, if several are as hard).
    pub ep_technique: Option<Technique>,
    /// The technique of ED's step: the first step's.
    pub ed_technique: Option<Technique>,
}

impl Analysis {
    /// ER equals EP (to the tenth printed): no step after the first placement is harder than
    /// the steps before it. serate `--pearl` keeps exactly these puzzles' ER.
    pub fn pearl(&self) -> bool {
        self.rating.hardest.is_some() && round(self.rating.er) == round(self.rating.ep)
    }

    /// ER equals EP and ED: the first step is as hard as the puzzle gets. serate `--diamond`
    /// keeps exactly these puzzles' ER.
    pub fn diamond(&self) -> bool {
        self.pearl() && round(self.rating.ep) == round(self.rating.ed)
    }
}

/// Rates `board` as [`walk`](super::walk) does, noting what the path is made of, if that is
/// done within `limit` (`None`: no limit).
///
/// ```
/// use sudoku_solver::{analyse, Board, Grid, Technique};
///
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
/// let analysis = analyse(Board::from_grid(&grid), None).unwrap();
/// let steps: usize = analysis.counts.iter().map(|&(_, n)| n).sum();
/// assert_eq!(steps, analysis.rating.steps());
/// assert!(analysis.counts.iter().all(|&(t, _)| t.base_rating() <= analysis.rating.er()));
/// assert!(analysis.diamond()); // ER = EP = ED: 1.2 throughout
/// ```
///
/// # Errors
///
/// [`TimedOut`] when `limit` went by first.
pub fn analyse(board: Board, limit: Option<Duration>) -> Result<Analysis, TimedOut> {
    bounded(limit, || analysis(board))
}

/// [`analyse`] without a limit of its own (under the thread's deadline, if any).
pub(crate) fn analysis(mut board: Board) -> Analysis {
    let mut counts: Vec<(Technique, usize)> = Vec::new();
    let mut ed_technique = None;
    // The hardest step so far, while no digit has been placed; frozen at the first placement.
    let mut ep: Option<(f64, Technique)> = None;
    let mut placed = false;
    let rating = walk_all(&mut board, |_, step| {
        match counts.iter_mut().find(|(t, _)| *t == step.technique) {
            Some((_, n)) => *n += 1,
            None => counts.push((step.technique, 1)),
        }
        ed_technique.get_or_insert(step.technique);
        if !placed {
            if ep.is_none_or(|(r, _)| step.rating > r) {
                ep = Some((step.rating, step.technique));
            }
            placed = step.placement.is_some();
        }
    });
    let order = |t: &Technique| Technique::all().position(|u| u == *t);
    counts.sort_by_key(|(t, _)| order(t));
    let ep_technique = if placed {
        ep.map(|(_, t)| t)
    } else {
        // No placement: EP is ER, and so is its step.
        rating.hardest
    };
    Analysis {
        rating,
        counts,
        ep_technique,
        ed_technique,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_str;

    fn board(line: &str) -> Board {
        let puzzle = parse_str(line).remove(0).expect("a puzzle");
        Board::from_grid(&puzzle.grid)
    }

    /// Walks the path again step by step and checks every figure of the analysis against it,
    /// from the definitions (not from the analysis's own bookkeeping).
    fn check(line: &str) -> Analysis {
        let analysis = analysis(board(line));
        let mut steps = Vec::new();
        let mut b = board(line);
        let rating = walk_all(&mut b, |_, step| steps.push(step.clone()));
        assert_eq!(analysis.rating, rating);
        assert_eq!(
            analysis.counts.iter().map(|(_, n)| n).sum::<usize>(),
            steps.len()
        );
        for (t, n) in &analysis.counts {
            assert_eq!(steps.iter().filter(|s| s.technique == *t).count(), *n);
        }
        assert_eq!(analysis.ed_technique, steps.first().map(|s| s.technique));
        let first_placement = steps.iter().position(|s| s.placement.is_some());
        let upto = first_placement.map_or(steps.len(), |i| i + 1);
        let ep_step =
            steps[..upto]
                .iter()
                .fold(None::<&crate::logic::Step>, |best, s| match best {
                    Some(b) if b.rating >= s.rating => Some(b),
                    _ => Some(s),
                });
        assert_eq!(round(ep_step.map_or(0.0, |s| s.rating)), round(rating.ep));
        assert_eq!(analysis.ep_technique, ep_step.map(|s| s.technique));
        let er = round(rating.er);
        assert_eq!(analysis.pearl(), er == round(rating.ep));
        assert_eq!(
            analysis.diamond(),
            er == round(rating.ep) && er == round(rating.ed)
        );
        analysis
    }

    #[test]
    fn an_easy_puzzle_is_a_diamond_of_singles() {
        let a = check(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        // serate: 1.2/1.2/1.2, and the same with --pearl and --diamond.
        assert_eq!(round(a.rating.er), 1.2);
        assert!(a.pearl() && a.diamond());
    }

    #[test]
    fn serates_own_examples_are_neither_pearl_nor_diamond() {
        // serate 1.2.1.3 rates these 6.6/3.4/2.6 and 8.4/2.6/2.6, and with --pearl and
        // --diamond gives both ER 20.0 (FACTS.md of the reference build).
        for line in [
            ".397.4....71............6.....3.5.4.8...2.........69...165...9.....4..6.2....8...",
            ".9...1....8..4.....1.8.2..7..3..7.6.........4...46.71...51...32.....5..62.....9..",
        ] {
            let a = check(line);
            assert!(!a.pearl() && !a.diamond(), "{line}");
        }
    }
}
