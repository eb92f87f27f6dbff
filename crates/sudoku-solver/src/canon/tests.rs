use super::*;
use crate::solver::search;

/// The first 300 puzzles of the 17-clue collection, pairwise inequivalent.
const SEVENTEEN: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/17clue-300.txt"
));

fn parse(line: &str) -> [u8; 81] {
    let bytes = line.trim().as_bytes();
    assert_eq!(bytes.len(), 81, "{line}");
    let mut g = [0u8; 81];
    for (cell, &ch) in g.iter_mut().zip(bytes) {
        *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    g
}

fn puzzles() -> Vec<[u8; 81]> {
    SEVENTEEN
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(parse)
        .collect()
}

/// Tiny xorshift64 generator: tests need no crate.
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Independent relabelling by first appearance (row-major), as the definition says.
fn relabel_first_appearance(g: &[u8; 81]) -> [u8; 81] {
    let mut map = [0u8; 10];
    let mut next = 1;
    let mut out = [0u8; 81];
    for (o, &v) in out.iter_mut().zip(g) {
        if v != 0 {
            if map[v as usize] == 0 {
                map[v as usize] = next;
                next += 1;
            }
            *o = map[v as usize];
        }
    }
    out
}

/// A complete valid grid (a plain pattern), for full-grid tests.
fn pattern_grid() -> [u8; 81] {
    let mut g = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            g[r * 9 + c] = ((r * 3 + r / 3 + c) % 9 + 1) as u8;
        }
    }
    g
}

/// Independent brute force over all 3,359,232 geometric transformations: for each one, the
/// relabelled grid is compared cell by cell with the best so far, stopping at the first
/// difference.
fn brute_minlex(cells: &[u8; 81]) -> [u8; 81] {
    let perms: Vec<[usize; 3]> = {
        let mut v = Vec::new();
        for a in 0..3 {
            for b in 0..3 {
                for c in 0..3 {
                    if a != b && b != c && a != c {
                        v.push([a, b, c]);
                    }
                }
            }
        }
        v
    };
    // All 1296 orders of 9 lines that keep the three groups of three together.
    let mut orders: Vec<[usize; 9]> = Vec::new();
    for outer in &perms {
        for p0 in &perms {
            for p1 in &perms {
                for p2 in &perms {
                    let inner = [p0, p1, p2];
                    let mut o = [0usize; 9];
                    for k in 0..9 {
                        o[k] = 3 * outer[k / 3] + inner[k / 3][k % 3];
                    }
                    orders.push(o);
                }
            }
        }
    }
    assert_eq!(orders.len(), 1296);
    let mut best = [u8::MAX; 81];
    for transpose in [false, true] {
        let at = |r: usize, c: usize| {
            if transpose {
                cells[c * 9 + r]
            } else {
                cells[r * 9 + c]
            }
        };
        for rows in &orders {
            for cols in &orders {
                let mut map = [0u8; 10];
                let mut next = 1;
                let mut better = false;
                let mut candidate = [0u8; 81];
                for i in 0..81 {
                    let d = at(rows[i / 9], cols[i % 9]) as usize;
                    let v = if d == 0 {
                        0
                    } else {
                        if map[d] == 0 {
                            map[d] = next;
                            next += 1;
                        }
                        map[d]
                    };
                    candidate[i] = v;
                    if !better {
                        if v > best[i] {
                            break;
                        }
                        better = v < best[i];
                    }
                    if i == 80 && better {
                        best = candidate;
                    }
                }
            }
        }
    }
    best
}

/// Number of distinct transformations: geometric maps times relabellings.
const COUNT: u64 = GEOMETRIC_COUNT * RELABEL_COUNT;

/// The transformation numbered `index` (taken modulo [`COUNT`]), so that the tests' own random
/// generator can pick one. The number is read in mixed radix, lowest part first: transposition
/// (2), band order (6), the row orders of output bands 0, 1, 2 (6 each), stack order (6), the
/// column orders of output stacks 0, 1, 2 (6 each), then the digit relabelling (`9!`, as a
/// Lehmer code). Every transformation has exactly one number in `0..COUNT`.
fn numbered(index: u64) -> Transform {
    let mut n = index % COUNT;
    let mut take = |radix: u64| {
        let part = n % radix;
        n /= radix;
        part as usize
    };
    let transpose = take(2) == 1;
    // Output line `3 * i + j` comes from source line `3 * groups[i] + inner[i][j]`.
    let lines = |take: &mut dyn FnMut(u64) -> usize| -> [usize; 9] {
        let groups = PERMS3[take(6)];
        let inner = [PERMS3[take(6)], PERMS3[take(6)], PERMS3[take(6)]];
        std::array::from_fn(|k| 3 * usize::from(groups[k / 3]) + usize::from(inner[k / 3][k % 3]))
    };
    let rows = lines(&mut take);
    let cols = lines(&mut take);
    // Lehmer code: digit k picks among the labels still free.
    let mut free: Vec<u8> = (1..=9).collect();
    let mut digits = [0u8; 9];
    for (k, slot) in digits.iter_mut().enumerate() {
        *slot = free.remove(take(9 - k as u64));
    }
    Transform::lines(transpose, rows, cols).then(Transform::relabel(digits).unwrap())
}

/// A complete valid grid, checked by the rules (each row, column and box holds 1-9 once).
fn is_solved_grid(g: &[u8; 81]) -> bool {
    (0..9).all(|k| {
        let full = |cells: &mut dyn Iterator<Item = usize>| {
            let mut seen = 0u16;
            for i in cells {
                seen |= 1 << g[i];
            }
            seen == 0x3FE
        };
        full(&mut (0..9).map(|j| k * 9 + j))
            && full(&mut (0..9).map(|j| j * 9 + k))
            && full(&mut (0..9).map(|j| (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3))
    })
}

#[test]
fn numbered_transforms_are_distinct_and_keep_a_sudoku_a_sudoku() {
    assert_eq!(numbered(0), Transform::IDENTITY);
    assert_eq!(COUNT, 3_359_232 * 362_880);
    let solved = pattern_grid();
    assert!(is_solved_grid(&solved));
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut seen = HashSet::new();
    for _ in 0..2000 {
        let t = numbered(rng.next());
        assert!(is_solved_grid(&t.apply(&solved)), "{t:?}");
        seen.insert(t);
    }
    assert!(seen.len() > 1990);
}

#[test]
fn transform_moves_cells_as_documented() {
    let mut g = [0u8; 81];
    // r0c1 holds 5. Transposed first: r0c1 -> r1c0. Output row 3 takes source row 1 (band
    // order 2, 0, 1; inside output band 1 the rows 1, 0, 2); output column 7 takes source
    // column 0 (stack order 1, 2, 0; inside output stack 2 the columns 2, 0, 1). Digit 5
    // becomes 1.
    g[1] = 5;
    let rows = [6, 7, 8, 1, 0, 2, 3, 4, 5];
    let cols = [3, 4, 5, 6, 7, 8, 2, 0, 1];
    let digits = Transform::relabel([9, 8, 7, 6, 1, 2, 3, 4, 5]).unwrap();
    let out = Transform::lines(true, rows, cols).then(digits).apply(&g);
    assert_eq!(out.iter().filter(|&&v| v != 0).count(), 1);
    assert_eq!(out[3 * 9 + 7], 1);
}

#[test]
fn random_transforms_give_the_same_form() {
    let mut rng = XorShift(0x1234_5678_9ABC_DEF1);
    let all = puzzles();
    let mut inputs: Vec<[u8; 81]> = all.iter().take(40).copied().collect();
    inputs.push(pattern_grid());
    for p in &inputs {
        let form = canonical(p);
        for _ in 0..5 {
            let t = numbered(rng.next());
            assert_eq!(canonical(&t.apply(p)), form);
        }
    }
}

#[test]
fn form_is_a_smaller_transformation_of_the_input() {
    let mut rng = XorShift(0xDEAD_BEEF_CAFE_F00D);
    for p in puzzles().iter().take(60) {
        let (form, t) = canonicalize(p);
        assert_eq!(t.apply(p), form);
        // Same clue count and the same number of solutions (1 here).
        let clues = |g: &[u8; 81]| g.iter().filter(|&&v| v != 0).count();
        assert_eq!(clues(&form), clues(p));
        assert_eq!(search(&form, 2).solutions, search(p, 2).solutions);
        // Relabelled by first appearance, and no larger than any transformation we try.
        assert_eq!(relabel_first_appearance(&form), form);
        assert!(form <= relabel_first_appearance(p));
        for _ in 0..20 {
            let t = numbered(rng.next());
            assert!(form <= relabel_first_appearance(&t.apply(p)));
        }
    }
}

#[test]
fn canonical_is_idempotent() {
    for p in puzzles().iter().take(60) {
        let form = canonical(p);
        assert_eq!(canonical(&form), form);
    }
    let full = canonical(&pattern_grid());
    assert_eq!(canonical(&full), full);
}

#[test]
fn inequivalent_puzzles_have_distinct_forms() {
    let all = puzzles();
    assert_eq!(all.len(), 300);
    let forms: HashSet<[u8; 81]> = all.iter().map(canonical).collect();
    assert_eq!(forms.len(), all.len());
}

#[test]
fn degenerate_inputs() {
    assert_eq!(canonical(&[0; 81]), [0; 81]);
    let mut one = [0u8; 81];
    one[40] = 7;
    let mut expected = [0u8; 81];
    expected[80] = 1;
    assert_eq!(canonical(&one), expected);
    // A repeated digit in a row (not a valid puzzle) still gets its minlex form: both
    // cells go to the last two cells of the grid, labelled 1.
    let mut twice = [0u8; 81];
    twice[0] = 3;
    twice[1] = 3;
    let mut expected = [0u8; 81];
    expected[79] = 1;
    expected[80] = 1;
    assert_eq!(canonical(&twice), expected);
    // Repeats across rows too, checked against the brute force in the ignored test.
    let mut rng = XorShift(77);
    for _ in 0..20 {
        let mut g = [0u8; 81];
        for _ in 0..12 {
            g[(rng.next() % 81) as usize] = (rng.next() % 4 + 1) as u8;
        }
        let form = canonical(&g);
        let t = numbered(rng.next());
        assert_eq!(canonical(&t.apply(&g)), form);
        assert_eq!(canonicalize(&g).1.apply(&g), form);
    }
}

#[test]
fn full_grid_form_starts_with_the_first_row_in_order() {
    let form = canonical(&pattern_grid());
    assert_eq!(&form[..9], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(relabel_first_appearance(&form), form);
}

#[test]
fn matches_brute_force_on_a_few_puzzles() {
    let all = puzzles();
    // A nearly empty grid makes the candidate list long enough to be merged.
    let mut sparse = [0u8; 81];
    sparse[12] = 5;
    sparse[44] = 5;
    sparse[60] = 8;
    for p in [all[0], all[137], sparse] {
        assert_eq!(canonical(&p), brute_minlex(&p));
    }
}

/// The brute force on more inputs, including a full grid (under a second in the test profile).
#[test]
fn matches_brute_force_on_many_puzzles() {
    let all = puzzles();
    let mut inputs: Vec<[u8; 81]> = all.iter().step_by(15).copied().collect();
    inputs.push(pattern_grid());
    let mut sparse = [0u8; 81];
    sparse[10] = 4;
    sparse[50] = 4;
    sparse[70] = 2;
    inputs.push(sparse);
    let mut rng = XorShift(77);
    for _ in 0..4 {
        // Random cells with few digits: repeated digits in rows and columns.
        let mut g = [0u8; 81];
        for _ in 0..12 {
            g[(rng.next() % 81) as usize] = (rng.next() % 4 + 1) as u8;
        }
        inputs.push(g);
    }
    for p in &inputs {
        assert_eq!(canonical(p), brute_minlex(p));
    }
}
