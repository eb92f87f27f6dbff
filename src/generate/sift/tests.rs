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
