use super::*;

#[test]
fn ranges_read_as_written() {
    let r: Range = "7.0..8.0".parse().unwrap();
    assert_eq!((r.min, r.max), (Some(70), Some(80)));
    let r: Range = "7..".parse().unwrap();
    assert_eq!((r.min, r.max), (Some(70), None));
    let r: Range = "..4.5".parse().unwrap();
    assert_eq!((r.min, r.max), (None, Some(45)));
    let r: Range = "6.6".parse().unwrap();
    assert_eq!((r.min, r.max), (Some(66), Some(66)));
    assert!("8..7".parse::<Range>().is_err());
    assert!("seven".parse::<Range>().is_err());
    assert!("..".parse::<Range>().is_ok());
}

#[test]
fn ranges_hold_their_ends() {
    let r: Range = "7.0..8.0".parse().unwrap();
    assert!(r.holds(7.0) && r.holds(8.0) && r.holds(7.45));
    assert!(!r.holds(6.9) && !r.holds(8.1));
    // 7.95 prints as 8.0.
    assert!(r.holds(8.04));
}

#[test]
fn names_match_without_case_spaces_or_hyphens() {
    let named = |n: &str| Technique::named(n).map(Technique::name);
    assert_eq!(named("x-wing"), Some("X-Wing"));
    assert_eq!(named("XWING"), Some("X-Wing"));
    assert_eq!(named("xy wing"), Some("XY-Wing"));
    assert_eq!(
        named("unique rectangle type 1"),
        Some("Unique Rectangle Type 1")
    );
    assert_eq!(Technique::named("no such thing"), None);
}

#[test]
fn a_needed_technique_is_on_the_path() {
    // LeetCode 37: hidden singles and full houses only.
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let givens: [u8; 81] = std::array::from_fn(|i| {
        let b = puzzle.as_bytes()[i];
        if b.is_ascii_digit() {
            b - b'0'
        } else {
            0
        }
    });
    let any = Wanted::default();
    let rating = any.judge(&givens).expect("no condition keeps everything");
    let wanted = Wanted {
        needs: vec![Technique::FullHouse],
        ..Wanted::default()
    };
    assert!(wanted.judge(&givens).is_some());
    let harder = Wanted {
        er: Range {
            min: Some(rating_tenths(rating.er) + 1),
            max: None,
        },
        ..Wanted::default()
    };
    assert!(harder.judge(&givens).is_none());
}

/// `accepts` may stop a walk once the answer is certain; it must say what the whole walk says.
/// Each verdict is checked against the full rating, read afresh: a puzzle is kept exactly when
/// its ER, EP and ED lie in the ranges and its path uses every needed technique.
#[test]
fn stopping_early_keeps_exactly_the_puzzles_the_whole_rating_keeps() {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/puzzles1_random_minimal-sample.txt"
    ));
    let range = |s: &str| s.parse::<Range>().unwrap();
    let requests = [
        Wanted {
            er: range("7.0.."),
            ..Wanted::default()
        },
        Wanted {
            er: range("8.0.."),
            ..Wanted::default()
        },
        Wanted {
            er: range("4.0..6.6"),
            ..Wanted::default()
        },
        Wanted {
            er: range("6.0.."),
            ep: range("1.5.."),
            ..Wanted::default()
        },
        Wanted {
            er: range("3.0.."),
            ed: range("1.2"),
            ..Wanted::default()
        },
        Wanted {
            er: range("2.0.."),
            needs: vec![Technique::NakedPair],
            ..Wanted::default()
        },
    ];
    let mut kept = [0usize; 6];
    let mut dropped = [0usize; 6];
    for puzzle in crate::parse::parse_str(text).into_iter().flatten().take(50) {
        let givens = *puzzle.grid.cells();
        let mut board = Board::from_grid(&puzzle.grid);
        let mut used = Vec::new();
        let full = walk_while(&mut board, |_, step| {
            used.push(step.technique);
            true
        });
        for (i, wanted) in requests.iter().enumerate() {
            let expected = wanted.er.holds(full.er)
                && wanted.ep.holds(full.ep)
                && wanted.ed.holds(full.ed)
                && wanted.needs.iter().all(|n| used.contains(n));
            assert_eq!(wanted.accepts(&givens), expected, "{wanted:?}");
            assert_eq!(
                wanted.judge(&givens),
                expected.then_some(full),
                "{wanted:?}"
            );
            if expected {
                kept[i] += 1;
            } else {
                dropped[i] += 1;
            }
        }
    }
    // Every request both keeps and drops some of the sample, so both answers were checked.
    assert!(
        kept.iter().chain(&dropped).all(|&n| n > 0),
        "{kept:?} {dropped:?}"
    );
}
