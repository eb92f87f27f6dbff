use super::*;
use crate::random::splitmix64;
use crate::solver::search;
use rand_chacha::rand_core::Rng;

/// Independent check: `sol` is a complete valid grid that keeps every given of `puzzle`.
fn valid_solution(puzzle: &[u8; 81], sol: &[u8; 81]) -> bool {
    for i in 0..81 {
        if !(1..=9).contains(&sol[i]) || (puzzle[i] != 0 && puzzle[i] != sol[i]) {
            return false;
        }
    }
    (0..9).all(|k| {
        let mut seen = [[false; 10]; 3];
        (0..9).all(|j| {
            let cells = [
                sol[k * 9 + j],
                sol[j * 9 + k],
                sol[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3],
            ];
            cells.iter().enumerate().all(|(h, &v)| {
                let fresh = !seen[h][v as usize];
                seen[h][v as usize] = true;
                fresh
            })
        })
    })
}

/// Independent pattern check: every clue's image under each map of the group, written out
/// here from Sudoku Explainer's `Symmetry.java` (its `Point(x, y)` is column x, row y), is a
/// clue.
fn pattern_is_symmetric(p: &[u8; 81], sym: Symmetry) -> bool {
    type M = fn(usize, usize) -> (usize, usize);
    let vertical: M = |r, c| (r, 8 - c);
    let horizontal: M = |r, c| (8 - r, c);
    let rising: M = |r, c| (8 - c, 8 - r);
    let falling: M = |r, c| (c, r);
    let half: M = |r, c| (8 - r, 8 - c);
    let quarter: M = |r, c| (c, 8 - r);
    let maps: Vec<M> = match sym {
        Symmetry::None | Symmetry::Random => vec![],
        Symmetry::Rotational => vec![half],
        Symmetry::Rotational90 => vec![quarter],
        Symmetry::Diagonal => vec![rising],
        Symmetry::AntiDiagonal => vec![falling],
        Symmetry::Vertical => vec![vertical],
        Symmetry::Horizontal => vec![horizontal],
        Symmetry::BiDiagonal => vec![rising, falling],
        Symmetry::Orthogonal => vec![vertical, horizontal],
        Symmetry::Full => vec![quarter, vertical, falling],
    };
    maps.iter().all(|map| {
        (0..81).all(|i| {
            let (r2, c2) = map(i / 9, i % 9);
            (p[i] != 0) == (p[r2 * 9 + c2] != 0)
        })
    })
}

fn clues(p: &[u8; 81]) -> usize {
    p.iter().filter(|&&v| v != 0).count()
}

fn check_unique_and_solution(g: &Generated) {
    let out = search(&g.puzzle, 2);
    assert_eq!(out.solutions, 1);
    assert_eq!(out.first, Some(g.solution));
    assert!(valid_solution(&g.puzzle, &g.solution));
    assert!(g.attempts >= 1);
}

#[test]
fn puzzles_are_unique_minimal_and_solved() {
    let options = GenerateOptions::default();
    for index in 0..12 {
        let g = generate(7, index, &options);
        check_unique_and_solution(&g);
        assert_eq!(g.attempts, 1);
        for i in 0..81 {
            if g.puzzle[i] != 0 {
                let mut less = g.puzzle;
                less[i] = 0;
                assert_eq!(search(&less, 2).solutions, 2, "clue {i} is not needed");
            }
        }
    }
}

#[test]
fn same_seed_and_index_give_the_same_puzzle() {
    let options = GenerateOptions::default();
    let a = generate(42, 5, &options);
    let b = generate(42, 5, &options);
    assert_eq!(a, b);
    // Order of generation does not matter.
    let later = generate(42, 6, &options);
    assert_eq!(generate(42, 5, &options), a);
    assert_ne!(later.puzzle, a.puzzle);
    assert_ne!(generate(43, 5, &options).puzzle, a.puzzle);
}

#[test]
fn different_indices_differ() {
    let options = GenerateOptions::default();
    let all: std::collections::HashSet<[u8; 81]> =
        (0..20).map(|i| generate(1, i, &options).puzzle).collect();
    assert_eq!(all.len(), 20);
}

#[test]
fn stream_setup() {
    let mut rng = stream_rng(0, 0);
    let mut again = stream_rng(0, 0);
    assert_eq!(rng.next_u64(), again.next_u64());
    assert_ne!(stream_rng(0, 1).next_u64(), stream_rng(0, 0).next_u64());
    let mut state = 0;
    // Reference values of SplitMix64 from seed 0.
    assert_eq!(splitmix64(&mut state), 0xE220_A839_7B1D_CDAF);
    assert_eq!(splitmix64(&mut state), 0x6E78_9E6A_A1B9_65F4);
}

#[test]
fn symmetries_hold_and_are_minimal_within_orbits() {
    for (k, &sym) in Symmetry::ALL.iter().enumerate() {
        let options = GenerateOptions {
            symmetry: sym,
            ..GenerateOptions::default()
        };
        for index in 0..3 {
            let g = generate(99, index + 10 * k as u64, &options);
            check_unique_and_solution(&g);
            let drawn = g.symmetry;
            if sym == Symmetry::Random {
                assert!(Symmetry::DRAWN.contains(&drawn));
            } else {
                assert_eq!(drawn, sym);
            }
            assert!(pattern_is_symmetric(&g.puzzle, drawn), "{sym}");
            for orbit in drawn.orbits() {
                if g.puzzle[orbit[0]] != 0 {
                    let mut less = g.puzzle;
                    for &i in &orbit {
                        less[i] = 0;
                    }
                    assert_eq!(search(&less, 2).solutions, 2);
                }
            }
        }
    }
}

#[test]
fn orbits_partition_the_grid() {
    for sym in Symmetry::ALL {
        let mut count = [0; 81];
        for orbit in sym.orbits() {
            for &i in &orbit {
                count[i] += 1;
                let mut images = sym.images(i);
                images.sort_unstable();
                let mut whole = orbit.clone();
                whole.sort_unstable();
                assert_eq!(images, whole, "{sym}: the orbit of {i}");
            }
        }
        assert!(count.iter().all(|&c| c == 1));
    }
}

#[test]
fn max_clues_holds() {
    for minimal in [true, false] {
        let options = GenerateOptions {
            symmetry: Symmetry::None,
            minimal,
            max_clues: Some(24),
        };
        for index in 0..4 {
            let g = generate(5, index, &options);
            check_unique_and_solution(&g);
            assert!(clues(&g.puzzle) <= 24);
        }
    }
    let tight = GenerateOptions {
        max_clues: Some(17),
        ..GenerateOptions::default()
    };
    assert_eq!(try_generate(3, 0, &tight, 2), None);
    assert_eq!(try_generate(3, 0, &tight, 0), None);
}

#[test]
#[should_panic(expected = "fewer than 17")]
fn max_clues_below_17_is_refused() {
    let options = GenerateOptions {
        max_clues: Some(16),
        ..GenerateOptions::default()
    };
    generate(0, 0, &options);
}

#[test]
fn non_minimal_is_unique() {
    let options = GenerateOptions {
        minimal: false,
        ..GenerateOptions::default()
    };
    for index in 0..5 {
        let g = generate(11, index, &options);
        check_unique_and_solution(&g);
    }
}

#[test]
fn names_round_trip() {
    for (sym, name) in Symmetry::ALL.iter().zip(Symmetry::NAMES) {
        assert_eq!(sym.to_string(), name);
        assert_eq!(name.parse::<Symmetry>(), Ok(*sym));
    }
    let err = "spiral".parse::<Symmetry>().unwrap_err();
    assert!(err.to_string().contains("spiral"));
    assert!(err.to_string().contains("rotational"));
    assert_eq!(Symmetry::default(), Symmetry::None);
    // The old name of the left-right mirror keeps its meaning.
    assert_eq!("mirror".parse::<Symmetry>(), Ok(Symmetry::Vertical));
}

#[test]
fn orbit_sizes_are_those_of_each_group() {
    // The largest orbit of each group has as many cells as the group has maps.
    let sizes = [1, 2, 4, 2, 2, 2, 2, 4, 4, 8, 1];
    for (sym, size) in Symmetry::ALL.iter().zip(sizes) {
        let largest = sym.orbits().iter().map(Vec::len).max();
        assert_eq!(largest, Some(size), "{sym}");
    }
}

#[test]
fn random_draws_more_than_one_symmetry() {
    let options = GenerateOptions {
        symmetry: Symmetry::Random,
        ..GenerateOptions::default()
    };
    let drawn: std::collections::HashSet<Symmetry> =
        (0..12).map(|i| generate(3, i, &options).symmetry).collect();
    assert!(drawn.len() > 2, "{drawn:?}");
}
