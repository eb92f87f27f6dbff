//! The exit codes: a contract that scripts rely on.
//!
//! [`TABLE`] is the one place the codes are explained: the command line's `--help` and man page
//! print it, and a test holds the README's table to it. When several happen in one run, the
//! first in [`PRECEDENCE`] wins.

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
    /// 6: some puzzle got no answer within `--time-limit`.
    TimedOut,
}

/// Every code with what it means, in order (backticks mark names a user types).
pub const TABLE: [(Exit, &str); 7] = [
    (
        Exit::Success,
        "every puzzle solved (`check`: every puzzle has exactly one solution; `count`: every puzzle was read)",
    ),
    (
        Exit::NoSolution,
        "some puzzle has no solution, including givens that break a rule (`generate`: fewer puzzles made than asked, after `--attempts` or `--timeout`)",
    ),
    (
        Exit::Usage,
        "usage error (from the argument parser; `-f svg` given more than one puzzle; an answer a picture format cannot draw; a `SUDOKU_ENGINE` this CPU cannot run)",
    ),
    (
        Exit::Malformed,
        "some input is malformed (a parse error, or no puzzle at all), or is a puzzle the command does not take (`canon`, `minimize` and `check --minimal` read givens, not pencilmarks; `rate`, `explain`, `hint`, `canon` and `transform` read 9x9 boards only)",
    ),
    (
        Exit::NotUnique,
        "some puzzle has more than one solution where uniqueness is required (`solve --unique`, `check`)",
    ),
    (
        Exit::Io,
        "some input cannot be read (missing, permission, not a file), or the output cannot be written",
    ),
    (
        Exit::TimedOut,
        "some puzzle got no answer within `--time-limit` (`count`, `rate`, `explain`, `hint`, with `-q` too; the others were answered)",
    ),
];

/// The order in which codes win when several happen in one run: the first wins.
pub const PRECEDENCE: [Exit; 5] = [
    Exit::Io,
    Exit::Malformed,
    Exit::NoSolution,
    Exit::NotUnique,
    Exit::TimedOut,
];

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
            Exit::TimedOut => 6,
        }
    }

    /// How much this outcome weighs when several happen: 5, then 3, then 1, then 4, then 6.
    fn rank(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::TimedOut => 1,
            Exit::NotUnique => 2,
            Exit::NoSolution => 3,
            Exit::Malformed => 4,
            Exit::Usage => 5,
            Exit::Io => 6,
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
    fn the_table_lists_every_code_once_in_order() {
        let codes: Vec<u8> = super::TABLE.iter().map(|(e, _)| e.code()).collect();
        assert_eq!(codes, [0, 1, 2, 3, 4, 5, 6]);
        assert!(super::TABLE.iter().all(|(_, m)| !m.is_empty()));
    }

    #[test]
    fn precedence_is_the_order_of_and() {
        let p = super::PRECEDENCE;
        for (i, &a) in p.iter().enumerate() {
            for &b in &p[i..] {
                assert_eq!(a.and(b), a);
            }
        }
        assert_eq!(p.map(|e| e.code()), [5, 3, 1, 4, 6]);
    }

    #[test]
    fn precedence_is_5_3_1_4_6() {
        let order = [Io, Malformed, NoSolution, NotUnique, TimedOut, Success];
        for (i, &a) in order.iter().enumerate() {
            for &b in &order[i..] {
                assert_eq!(a.and(b), a);
                assert_eq!(b.and(a), a);
            }
        }
        assert_eq!(
            [Io, Malformed, NoSolution, NotUnique, TimedOut, Success, Usage].map(|e| e.code()),
            [5, 3, 1, 4, 6, 0, 2]
        );
    }
}
