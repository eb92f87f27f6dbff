use super::*;
use crate::logic::walk_while;
use crate::parse::parse_str;

/// The ratings of the steps of `board`'s path, each with the board it was taken on, and
/// whether the path finished.
fn path(mut board: Board) -> (Vec<(Board, f64)>, bool) {
    let mut steps = Vec::new();
    walk_while(&mut board, |b, step| {
        steps.push((b.clone(), step.rating));
        true
    });
    (steps, board.is_solved())
}

/// The claim, held to the full walk: wherever the ceiling says "below", every step of the path
/// from that board on is rated below 8.0 (rounded as printed) and the path finishes. Boards of
/// magictour's hard puzzles, whose paths meet steps of 8.0 and more, are asked too, so the
/// claim can fail.
#[test]
fn below_means_every_later_step_of_the_path_is_below_8() {
    let sets = [
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/puzzles1_random_minimal-sample.txt"
        )),
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/puzzles3_magictour_top1465-sample.txt"
        )),
    ];
    let (mut below, mut hard, mut asked) = (0, 0, 0);
    for text in sets {
        for puzzle in parse_str(text).into_iter().flatten().take(12) {
            let (steps, finished) = path(Board::from_grid(&puzzle.grid));
            // The hardest step from each board on, in tenths.
            let mut rest = vec![0u32; steps.len() + 1];
            for i in (0..steps.len()).rev() {
                rest[i] = rest[i + 1].max((steps[i].1 * 10.0).round() as u32);
            }
            for (i, (board, _)) in steps.iter().enumerate().step_by(2) {
                asked += 1;
                let reaches_8 = !finished || rest[i] >= 80;
                hard += reaches_8 as usize;
                if stays_below_8(board) {
                    below += 1;
                    assert!(
                        !reaches_8,
                        "{:?}: said below 8.0 at step {i}, but the path meets {}",
                        puzzle.grid.cells(),
                        rest[i]
                    );
                }
            }
        }
    }
    // Both answers were met, and boards that must be answered "no" were asked.
    assert!(
        below > 0 && below < asked && hard > 0,
        "{below} {hard} {asked}"
    );
}

/// A chain longer than 98 potentials would be rated 8.0: the limit is where the rating turns.
#[test]
fn the_longest_chain_kept_is_the_last_below_8() {
    use crate::logic::chains::length_bonus;
    let rating = |c: usize| ((7.0 + length_bonus(c)) * 10.0).round() as u32;
    assert_eq!(rating(LONGEST), 79);
    assert_eq!(rating(LONGEST + 1), 80);
}

/// Singles and static chains alone cannot finish a puzzle rated 8.0 or more from its start.
#[test]
fn a_puzzle_that_needs_more_is_not_below() {
    // magictour's first puzzle: rated 9.0.
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/puzzles3_magictour_top1465-sample.txt"
    ));
    let puzzle = parse_str(text).into_iter().flatten().next().unwrap();
    let board = Board::from_grid(&puzzle.grid);
    assert!(crate::logic::walk_all(&mut board.clone(), |_, _| {}).er >= 8.0);
    assert!(!stays_below_8(&board));
}

/// Each conclusion the ceiling draws agrees with the solution the backtracking solver finds:
/// a digit placed is the solution's, a digit removed is not; and where it finishes a board, the
/// board is that solution. On the samples, on random minimal puzzles from the generator, each
/// from its start and from its path's first step of 6.5 or more.
#[test]
fn what_the_ceiling_draws_is_the_solution() {
    let mut puzzles: Vec<[u8; 81]> = Vec::new();
    for text in [
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/puzzles1_random_minimal-sample.txt"
        )),
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/puzzles3_magictour_top1465-sample.txt"
        )),
    ] {
        puzzles.extend(
            parse_str(text)
                .into_iter()
                .flatten()
                .take(40)
                .map(|p| *p.grid.cells()),
        );
    }
    let options = crate::generate::GenerateOptions::default();
    puzzles.extend((0..60).map(|i| crate::generate::generate(5, i, &options).puzzle));
    let (mut finished, mut boards, mut drawn) = (0, 0, 0);
    for givens in puzzles {
        let outcome = crate::solver::search(&givens, 1);
        assert_eq!(outcome.solutions, 1);
        let solution = outcome.first.unwrap();
        let board = Board::from_grid(&crate::grid::Grid::from_cells(givens).unwrap());
        // The start, and a board further down the path (its first step of 6.5 or more).
        let mut later = None;
        walk_while(&mut board.clone(), |b, step| {
            if step.rating >= 6.5 {
                later = Some(b.clone());
                return false;
            }
            true
        });
        for start in std::iter::once(board.clone()).chain(later) {
            boards += 1;
            let end = finish(&start, |cell, d, placed| {
                drawn += 1;
                assert_eq!(
                    solution[cell] == d,
                    placed,
                    "{givens:?}: r{}c{}",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
            });
            if let Some(end) = end {
                finished += 1;
                assert!(end.is_solved());
                assert_eq!(end.values(), &solution, "{givens:?}");
            }
        }
    }
    // Both answers were met, and many conclusions checked.
    assert!(
        finished > boards / 2 && finished < boards && drawn > 100,
        "{finished} of {boards}, {drawn}"
    );
}
