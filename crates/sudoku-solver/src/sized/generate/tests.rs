//! Generated puzzles judged independently: unique by the engine and, on 4x4 and 6x6, by a
//! brute-force counter written here; minimal (every single clue removed gives a second
//! solution); the solution's digits kept; the same for the same (seed, index); symmetric.

use super::*;

/// True when `digit` may go at `cell` (from row, column and box numbers, not the tables).
fn fits_at(shape: Shape, cells: &[u8], cell: usize, digit: u8) -> bool {
    (0..cells.len()).all(|other| {
        other == cell
            || cells[other] != digit
            || (shape.row_of(other) != shape.row_of(cell)
                && shape.col_of(other) != shape.col_of(cell)
                && shape.box_of(other) != shape.box_of(cell))
    })
}

/// Plain backtracking, no propagation: solutions of `cells` up to `cap`.
fn brute_count(shape: Shape, cells: &mut [u8], cap: u64) -> u64 {
    let Some(cell) = cells.iter().position(|&d| d == 0) else {
        return 1;
    };
    let mut count = 0;
    for digit in 1..=shape.size() as u8 {
        if fits_at(shape, cells, cell, digit) {
            cells[cell] = digit;
            count += brute_count(shape, cells, cap - count);
            cells[cell] = 0;
            if count >= cap {
                break;
            }
        }
    }
    count
}

fn shape(rows: usize, cols: usize) -> Shape {
    Shape::new(rows, cols).unwrap()
}

/// Every check but symmetry; `brute` adds the brute-force count.
fn check(made: &SizedGenerated, options: &SizedGenerateOptions, brute: bool) {
    let (puzzle, solution) = (&made.puzzle, &made.solution);
    let s = puzzle.shape();
    assert!(solution.solves(&SizedGrid::empty(s)), "{solution:?}");
    assert!(
        solution.solves(puzzle),
        "{puzzle:?} keeps its solution's digits"
    );
    assert_eq!(puzzle.count_solutions(2), 1, "{puzzle:?}");
    assert_eq!(puzzle.solve(), Some(solution.clone()));
    if brute {
        assert_eq!(
            brute_count(s, &mut puzzle.cells().to_vec(), 2),
            1,
            "{puzzle:?}"
        );
    }
    if let Some(k) = options.max_clues {
        assert!(puzzle.filled() <= k);
    }
    if options.minimal {
        let orbits = orbits(made.symmetry, s);
        for orbit in orbits.iter().filter(|o| puzzle.cells()[o[0]] != 0) {
            let mut fewer = puzzle.cells().to_vec();
            for &cell in orbit {
                fewer[cell] = 0;
            }
            let fewer = SizedGrid::new(s, fewer).unwrap();
            assert_eq!(fewer.count_solutions(2), 2, "{puzzle:?} without {orbit:?}");
            if brute && orbit.len() == 1 {
                assert_eq!(brute_count(s, &mut fewer.cells().to_vec(), 2), 2);
            }
        }
    }
}

#[test]
fn small_puzzles_are_unique_and_minimal_by_brute_force_too() {
    let options = SizedGenerateOptions::default();
    for s in [shape(2, 2), shape(2, 3), shape(3, 2)] {
        for index in 0..30 {
            let made = generate_sized(s, 11, index, &options).unwrap();
            assert_eq!(made.attempts, 1);
            assert_eq!(made.symmetry, Symmetry::None);
            check(&made, &options, true);
        }
    }
}

#[test]
fn puzzles_of_every_tested_size_are_unique_and_minimal() {
    let options = SizedGenerateOptions::default();
    for s in [
        shape(2, 4),
        shape(3, 3),
        shape(3, 4),
        shape(4, 3),
        shape(4, 4),
    ] {
        for index in 0..3 {
            check(
                &generate_sized(s, 5, index, &options).unwrap(),
                &options,
                false,
            );
        }
    }
}

#[test]
fn grids_differ_beyond_relabelling() {
    // The first rows of grids, relabelled so that their first row reads 1..N: grids that
    // were one pattern relabelled would agree everywhere else too.
    let s = shape(3, 4);
    let options = SizedGenerateOptions::default();
    let normal = |g: &SizedGrid| -> Vec<u8> {
        let mut label = [0u8; 13];
        for (i, &d) in g.cells()[..12].iter().enumerate() {
            label[d as usize] = i as u8 + 1;
        }
        g.cells().iter().map(|&d| label[d as usize]).collect()
    };
    let a = normal(&generate_sized(s, 1, 0, &options).unwrap().solution);
    let b = normal(&generate_sized(s, 1, 1, &options).unwrap().solution);
    assert_ne!(a, b);
}

#[test]
fn the_same_seed_and_index_give_the_same_puzzle_in_any_order() {
    let options = SizedGenerateOptions::default();
    let s = shape(4, 4);
    let forward: Vec<SizedGenerated> = (0..4)
        .map(|i| generate_sized(s, 99, i, &options).unwrap())
        .collect();
    let backward: Vec<SizedGenerated> = (0..4)
        .rev()
        .map(|i| generate_sized(s, 99, i, &options).unwrap())
        .collect();
    for (i, made) in forward.iter().enumerate() {
        assert_eq!(made, &backward[3 - i]);
    }
    let on_threads: Vec<SizedGenerated> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|i| scope.spawn(move || generate_sized(s, 99, i, &options).unwrap()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(on_threads, forward);
    assert_ne!(forward[0].puzzle, forward[1].puzzle);
    assert_ne!(
        generate_sized(s, 100, 0, &options).unwrap().puzzle,
        forward[0].puzzle
    );
}

/// The clue pattern of `puzzle` is kept by every map of `symmetry` (checked on coordinates).
fn is_symmetric(puzzle: &SizedGrid, symmetry: Symmetry) -> bool {
    let s = puzzle.shape();
    let m = s.size() - 1;
    let clue = |r: usize, c: usize| puzzle.cells()[s.cell(r, c)] != 0;
    (0..s.cells()).all(|cell| {
        let (r, c) = (s.row_of(cell), s.col_of(cell));
        let maps: &[(usize, usize)] = match symmetry {
            Symmetry::None => &[],
            Symmetry::Rotational => &[(m - r, m - c)],
            Symmetry::Vertical => &[(r, m - c)],
            Symmetry::Horizontal => &[(m - r, c)],
            Symmetry::Orthogonal => &[(r, m - c), (m - r, c)],
            Symmetry::Diagonal => &[(m - c, m - r)],
            Symmetry::AntiDiagonal => &[(c, r)],
            Symmetry::BiDiagonal => &[(c, r), (m - c, m - r)],
            Symmetry::Rotational90 => &[(c, m - r)],
            Symmetry::Full => &[(c, m - r), (r, m - c)],
            Symmetry::Random => unreachable!("drawn before"),
        };
        maps.iter().all(|&(r2, c2)| clue(r, c) == clue(r2, c2))
    })
}

#[test]
fn symmetric_puzzles_keep_their_symmetry() {
    for s in [shape(2, 3), shape(4, 4), shape(2, 2), shape(3, 4)] {
        for symmetry in Symmetry::ALL {
            let options = SizedGenerateOptions {
                symmetry,
                ..SizedGenerateOptions::default()
            };
            match generate_sized(s, 3, 1, &options) {
                Ok(made) => {
                    assert!(is_symmetric(&made.puzzle, made.symmetry), "{s} {symmetry}");
                    assert!(symmetry == Symmetry::Random || made.symmetry == symmetry);
                    check(&made, &options, s.size() <= 6);
                }
                Err(SizedGenerateError::Symmetry { .. }) => {
                    assert_ne!(s.box_rows(), s.box_cols());
                    assert!(matches!(
                        symmetry,
                        Symmetry::Rotational90
                            | Symmetry::Diagonal
                            | Symmetry::AntiDiagonal
                            | Symmetry::BiDiagonal
                            | Symmetry::Full
                    ));
                }
            }
        }
    }
}

#[test]
fn random_symmetry_draws_only_what_the_shape_takes() {
    let options = SizedGenerateOptions {
        symmetry: Symmetry::Random,
        ..SizedGenerateOptions::default()
    };
    for index in 0..20 {
        let made = generate_sized(shape(2, 3), 4, index, &options).unwrap();
        assert!(fits(made.symmetry, shape(2, 3)));
        assert!(is_symmetric(&made.puzzle, made.symmetry));
    }
    let refused = generate_sized(
        shape(2, 3),
        4,
        0,
        &SizedGenerateOptions {
            symmetry: Symmetry::Diagonal,
            ..SizedGenerateOptions::default()
        },
    );
    assert!(refused.unwrap_err().to_string().contains("2x3 box"));
}

#[test]
fn max_clues_and_non_minimal_puzzles_are_unique() {
    let capped = SizedGenerateOptions {
        max_clues: Some(10),
        ..SizedGenerateOptions::default()
    };
    for index in 0..10 {
        let made = generate_sized(shape(2, 3), 8, index, &capped).unwrap();
        check(&made, &capped, true);
    }
    let loose = SizedGenerateOptions {
        minimal: false,
        ..SizedGenerateOptions::default()
    };
    for index in 0..10 {
        let made = generate_sized(shape(2, 3), 8, index, &loose).unwrap();
        check(&made, &loose, true);
    }
}
