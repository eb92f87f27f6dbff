//! The exit codes: a contract that scripts rely on.
//!
//! | code | meaning |
//! |---|---|
//! | 0 | every puzzle solved (for `check`: every puzzle has exactly one solution; for `count`: every puzzle was read) |
//! | 1 | some puzzle has no solution, including givens that break a rule (`generate`: fewer puzzles made than asked, after `--attempts` or `--timeout`) |
//! | 2 | usage error (from the argument parser) |
//! | 3 | some input is malformed (a parse error, or no puzzle at all) |
//! | 4 | some puzzle has more than one solution where uniqueness is required |
//! | 5 | some input cannot be read, or the output cannot be written |
//!
//! When several happen in one run, the first in the order 5, 3, 1, 4 wins.

/// The outcome of a run, as an exit code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Exit {
    /// 0: everything answered as hoped.
    #[default]
    Success,
    /// 1: some puzzle has no solution.
    NoSolution,
    /// 2: the command line was wrong.
    Usage,
    /// 3: some input is malformed.
    Malformed,
    /// 4: some puzzle has more than one solution where one was required.
    NotUnique,
    /// 5: some input could not be read, or the output could not be written.
    Io,
}

impl Exit {
    /// The process exit code.
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::NoSolution => 1,
            Exit::Usage => 2,
            Exit::Malformed => 3,
            Exit::NotUnique => 4,
            Exit::Io => 5,
        }
    }

    /// How much this outcome weighs when several happen: 5, then 3, then 1, then 4.
    fn rank(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::NotUnique => 1,
            Exit::NoSolution => 2,
            Exit::Malformed => 3,
            Exit::Usage => 4,
            Exit::Io => 5,
        }
    }

    /// The outcome that wins when both `self` and `other` happened.
    #[must_use]
    pub fn and(self, other: Exit) -> Exit {
        if other.rank() > self.rank() {
            other
        } else {
            self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Exit::*;

    #[test]
    fn precedence_is_5_3_1_4() {
        let order = [Io, Malformed, NoSolution, NotUnique, Success];
        for (i, &a) in order.iter().enumerate() {
            for &b in &order[i..] {
                assert_eq!(a.and(b), a);
                assert_eq!(b.and(a), a);
            }
        }
        assert_eq!(
            [Io, Malformed, NoSolution, NotUnique, Success, Usage].map(|e| e.code()),
            [5, 3, 1, 4, 0, 2]
        );
    }
}
