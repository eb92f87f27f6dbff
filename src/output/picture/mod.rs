//! Pictures of grids: what a picture shows ([`Sheet`]: digits, candidates, and for a logical
//! step the marks that explain it), worked out from an answer once, and drawn by the format's
//! renderer:
//!
//! - `svg.rs`: one standalone SVG (`-f svg`), also inlined in the HTML pages;
//! - `html.rs`: `explain -f html` and `hint -f html`, a self-contained page of pictures;
//! - `book.rs`: `-f pdf`, a puzzle book with an answer key.
pub(crate) mod book;
pub(crate) mod html;
pub(crate) mod svg;
#[cfg(test)]
mod undrawable;

use sudoku_solver::Puzzle;
use sudoku_solver::Step;
use sudoku_solver::{Board, CandidateSet, HouseSet};

/// What a picture of one grid shows.
#[derive(Clone, Debug)]
pub(crate) struct Sheet {
    /// The digit of each cell, 0 for empty.
    pub(crate) values: [u8; 81],
    /// Whether each digit was given (drawn in black) rather than filled in (drawn in blue).
    pub(crate) given: [bool; 81],
    /// The candidates drawn in each empty cell (bit `d - 1` for digit `d`); none for a plain
    /// puzzle.
    pub(crate) candidates: [u16; 81],
    /// A logical step drawn over the grid, with row and column names around it.
    pub(crate) marks: Option<Marks>,
}

/// A logical step as drawn: the pattern's candidates highlighted, its houses shaded, the
/// removed candidates struck out, the placed digit marked, the chain's links drawn.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    pub(crate) pattern: CandidateSet,
    pub(crate) houses: HouseSet,
    pub(crate) eliminations: CandidateSet,
    pub(crate) placement: Option<(usize, u8)>,
    pub(crate) links: Vec<Link>,
}

/// A link of a chain: from one candidate to another; strong when the second is true because
/// the first is false (`r1c2<>5 -> r1c4=5`), weak when the second is false because the first
/// is true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) from: (usize, u8),
    pub(crate) to: (usize, u8),
    pub(crate) strong: bool,
}

impl Sheet {
    /// A grid of digits: `given` cells are the puzzle's clues.
    pub(crate) fn digits(values: [u8; 81], given: [bool; 81]) -> Sheet {
        Sheet {
            values,
            given,
            candidates: [0; 81],
            marks: None,
        }
    }

    /// A puzzle as printed: its givens, and a pencilmark puzzle's candidates.
    pub(crate) fn puzzle(puzzle: &Puzzle) -> Sheet {
        match &puzzle.candidates() {
            Some(_) => {
                let board = board_of(puzzle);
                Sheet::board(&board, None, board.values())
            }
            None => {
                let values = *puzzle.grid().cells();
                Sheet::digits(values, values.map(|v| v != 0))
            }
        }
    }

    /// A puzzle and its solution: the givens in black, the rest filled in.
    pub(crate) fn solved(puzzle: Option<&Puzzle>, solution: &[u8; 81]) -> Sheet {
        let given = match puzzle {
            Some(p) => p.grid().cells().map(|v| v != 0),
            None => [true; 81],
        };
        Sheet::digits(*solution, given)
    }

    /// A candidate grid as it stands, with `step` drawn over it; the digits of `start` (the
    /// grid the path started from) are given, the others filled in.
    pub(crate) fn board(board: &Board, step: Option<&Step>, start: &[u8; 81]) -> Sheet {
        let values = *board.values();
        let candidates = std::array::from_fn(|c| board.cands(c));
        Sheet {
            values,
            given: start.map(|v| v != 0),
            candidates,
            marks: step.map(Marks::of),
        }
    }
}

impl Marks {
    /// The marks of `step`.
    pub(crate) fn of(step: &Step) -> Marks {
        let links: Vec<Link> = step
            .chains()
            .iter()
            .flat_map(|branch| links(branch))
            .collect();
        // A chain's candidates are its pattern.
        let mut pattern = *step.pattern();
        for link in &links {
            pattern.add(link.from.0, link.from.1);
            pattern.add(link.to.0, link.to.1);
        }
        Marks {
            pattern,
            houses: step.houses(),
            eliminations: *step.eliminations(),
            placement: step.placement(),
            links,
        }
    }
}

/// The candidate grid a logical command starts from, as the commands build it.
pub(crate) fn board_of(puzzle: &Puzzle) -> Board {
    match &puzzle.candidates() {
        Some(candidates) => Board::from_candidates(candidates),
        None => Board::from_grid(&puzzle.grid()),
    }
}

/// The links of a chain written out as `r1c2=5 -> r1c4<>5 -> ...` (a link whose end cannot be
/// read, such as a group or a named pattern, is left out).
pub(crate) fn links(branch: &str) -> Vec<Link> {
    let nodes: Vec<Option<(usize, u8, bool)>> = branch.split(" -> ").map(node).collect();
    nodes
        .windows(2)
        .filter_map(|pair| match (pair[0], pair[1]) {
            (Some((a, da, _)), Some((b, db, on))) if (a, da) != (b, db) => Some(Link {
                from: (a, da),
                to: (b, db),
                strong: on,
            }),
            _ => None,
        })
        .collect()
}

/// One node of a written chain: `r4c5=3` (on) or `r4c5<>3` (off), as cell, digit, on.
fn node(text: &str) -> Option<(usize, u8, bool)> {
    let b = text.trim().as_bytes();
    let digit = |x: u8| (b'1'..=b'9').contains(&x).then(|| x - b'0');
    if b.len() < 6 || b[0] != b'r' || b[2] != b'c' {
        return None;
    }
    let (row, col) = (digit(b[1])?, digit(b[3])?);
    let (on, d) = match &b[4..] {
        [b'=', d] => (true, digit(*d)?),
        [b'<', b'>', d] => (false, digit(*d)?),
        _ => return None,
    };
    Some(((row as usize - 1) * 9 + col as usize - 1, d, on))
}

/// `text` with `&`, `<`, `>` and `"` escaped, for XML and HTML.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_text_becomes_links_strong_into_true_weak_into_false() {
        let got = links("r1c2=5 -> r1c4<>5 -> r3c4=5 -> r3c4<>7");
        assert_eq!(
            got,
            vec![
                Link {
                    from: (1, 5),
                    to: (3, 5),
                    strong: false
                },
                Link {
                    from: (3, 5),
                    to: (21, 5),
                    strong: true
                },
                Link {
                    from: (21, 5),
                    to: (21, 7),
                    strong: false
                },
            ]
        );
    }

    #[test]
    fn unreadable_nodes_leave_their_links_out() {
        assert!(links("r1c2=5 -> (r1c4,r1c5)<>5").is_empty());
        assert!(links("nonsense").is_empty());
    }

    #[test]
    fn escape_marks_up_the_four_characters() {
        assert_eq!(escape(r#"a<b>&"c""#), "a&lt;b&gt;&amp;&quot;c&quot;");
    }
}
