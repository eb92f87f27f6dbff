//! The primitives in plain Rust, for every CPU: the reference the others are tested against
//! (each method is defined by what it does to the lanes, the same on every implementation).
//!
//! # The representation
//!
//! The sixteen lanes are four `u64` words, one per quad: lane `4q + j` is bits `16j..16j + 16`
//! of word `q`. Every operation is plain integer code on these words (no `unsafe`, no
//! intrinsics), so that any 64-bit target, the x86-64 baseline without `popcnt` or `pshufb` as
//! well as aarch64, works on whole words; LLVM pairs some of them into SSE2 or NEON registers
//! itself.
//!
//! * The bitwise operations are one operation per word.
//! * Lane arithmetic and comparisons work on the four lanes of a word at once (SWAR): a
//!   subtraction with the borrows kept inside each lane, a bit count per lane by the usual
//!   halving sums, "this lane is not 0" in the top bit of each lane (then widened to a lane
//!   mask), "below" as the borrow out of each lane.
//! * Moves of whole quads (`swap_halves`, `permute_quads`) are moves of words; a lane moved
//!   inside its quad is a 16-bit rotation of its word.
//! * A general pick ([`HalfLaneTable`], [`Permute`]) is read from a [`Pick`] that `HalfLaneTable::new` and
//!   `Permute::new` make at compile time with the table. A table whose lanes all come from one
//!   word (most of the engine's) is that word's four rotations under fixed masks, one mask per
//!   rotation and result word: the same short code whether the table is known at compile time
//!   or chosen at run time (`permute_one_of`). Any other table is a list of [`Term`]s, one per
//!   (source word, rotation) it uses, each with the result lanes it feeds; for a table known at
//!   compile time LLVM folds the list into a few rotations, masks and `or`s.
//!
//! The first definition, lane by lane on `[u16; 16]`, is kept in the tests, which hold this one
//! to it.

use super::{HalfLaneTable, Lanes, Permute, ZERO};

/// Sixteen lanes as four quads (see the module documentation).
#[derive(Clone, Copy)]
pub(crate) struct Portable([u64; 4]);

/// The top bit of each lane.
const HIGH: u64 = 0x8000_8000_8000_8000;
/// The low 15 bits of each lane.
const LOW: u64 = !HIGH;
/// 1 in each lane.
const ONES: u64 = 0x0001_0001_0001_0001;

/// The top bit of each lane of `x` that is not 0.
#[inline(always)]
fn non_zero(x: u64) -> u64 {
    (((x & LOW) + LOW) | x) & HIGH
}

/// Each lane whose top bit `h` has (and nothing else) made all ones.
#[inline(always)]
fn widen(h: u64) -> u64 {
    (h - (h >> 15)) | h
}

/// `x - y` in each lane, wrapping, with no borrow between lanes.
#[inline(always)]
fn sub_lanes(x: u64, y: u64) -> u64 {
    ((x | HIGH) - (y & LOW)) ^ ((x ^ !y) & HIGH)
}

/// The number of set bits of each byte (at most 8, in the byte).
#[inline(always)]
fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
}

impl Portable {
    #[inline(always)]
    fn map(self, f: impl Fn(u64) -> u64) -> Portable {
        let [a, b, c, d] = self.0;
        Portable([f(a), f(b), f(c), f(d)])
    }

    #[inline(always)]
    fn zip(self, o: Portable, f: impl Fn(u64, u64) -> u64) -> Portable {
        let [a, b, c, d] = self.0;
        let [e, g, h, i] = o.0;
        Portable([f(a, e), f(b, g), f(c, h), f(d, i)])
    }

    /// The four words or-ed together.
    #[inline(always)]
    fn fold(self) -> u64 {
        let [a, b, c, d] = self.0;
        (a | b) | (c | d)
    }
}

impl Lanes for Portable {
    #[inline(always)]
    fn load(a: &[u16; 16]) -> Self {
        let word = |q: usize| {
            u64::from(a[4 * q])
                | u64::from(a[4 * q + 1]) << 16
                | u64::from(a[4 * q + 2]) << 32
                | u64::from(a[4 * q + 3]) << 48
        };
        Portable([word(0), word(1), word(2), word(3)])
    }

    #[inline(always)]
    fn splat(x: u16) -> Self {
        Portable([u64::from(x) * ONES; 4])
    }

    #[inline(always)]
    fn store(self) -> [u16; 16] {
        let mut a = [0u16; 16];
        for (i, x) in a.iter_mut().enumerate() {
            *x = (self.0[i / 4] >> (16 * (i % 4))) as u16;
        }
        a
    }

    #[inline(always)]
    fn and(self, o: Self) -> Self {
        self.zip(o, |a, b| a & b)
    }

    #[inline(always)]
    fn or(self, o: Self) -> Self {
        self.zip(o, |a, b| a | b)
    }

    #[inline(always)]
    fn and_not(self, o: Self) -> Self {
        self.zip(o, |a, b| a & !b)
    }

    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.zip(o, sub_lanes)
    }

    #[inline(always)]
    fn popcount(self) -> Self {
        // The two bytes of each lane added into its low byte (at most 16).
        self.map(|x| {
            let b = byte_counts(x);
            (b + (b >> 8)) & 0x00FF_00FF_00FF_00FF
        })
    }

    #[inline(always)]
    fn count_ones_low(self) -> u32 {
        let [a, b, _, _] = self.0;
        // Each byte at most 2 * 8; then each 16-bit field at most 32, and their sum at most 128.
        let s = byte_counts(a) + byte_counts(b);
        let s = (s & 0x00FF_00FF_00FF_00FF) + ((s >> 8) & 0x00FF_00FF_00FF_00FF);
        (s.wrapping_mul(ONES) >> 48) as u32
    }

    #[inline(always)]
    fn keep_eq(self, a: Self, b: Self) -> Self {
        let [x, y, z, w] = self.0;
        let [a0, a1, a2, a3] = a.0;
        let [b0, b1, b2, b3] = b.0;
        let keep = |x: u64, a: u64, b: u64| x & !widen(non_zero(a ^ b));
        Portable([
            keep(x, a0, b0),
            keep(y, a1, b1),
            keep(z, a2, b2),
            keep(w, a3, b3),
        ])
    }

    #[inline(always)]
    fn any_below(self, min: Self) -> bool {
        // The borrow out of each lane of `x - y`: set where `x < y`.
        self.zip(min, |x, y| (!x & y) | (!(x ^ y) & sub_lanes(x, y)))
            .fold()
            & HIGH
            != 0
    }

    #[inline(always)]
    fn is_zero(self) -> bool {
        self.fold() == 0
    }

    #[inline(always)]
    fn within(self, o: Self) -> bool {
        self.zip(o, |a, b| a & !b).fold() == 0
    }

    #[inline(always)]
    fn same(self, o: Self) -> bool {
        self.zip(o, |a, b| a ^ b).fold() == 0
    }

    #[inline(always)]
    fn or_else(self, other: Self) -> Self {
        self.zip(other, |a, b| a | (b & !widen(non_zero(a))))
    }

    #[inline(always)]
    fn shuffle(self, t: &HalfLaneTable) -> Self {
        pick(self, &t.pick)
    }

    #[inline(always)]
    fn permute(self, t: &Permute) -> Self {
        pick(self, &t.pick)
    }

    #[inline(always)]
    fn permute_one_of<const N: usize>(self, tables: &[Permute; N], k: usize) -> Self {
        if tables.iter().all(|t| t.pick.source < 4) {
            // Tables that read one word each: as cheap read at run time as known.
            return from_word(self, &tables[k].pick);
        }
        // Each table's pick, kept where `k` is its index: no branch, and each pick reads a table
        // known at compile time where the caller's index ranges over constants.
        let mut r = [0u64; 4];
        for (i, t) in tables.iter().enumerate() {
            let keep = u64::from(i == k).wrapping_neg();
            let p = pick(self, &t.pick);
            for (r, &x) in r.iter_mut().zip(&p.0) {
                *r |= x & keep;
            }
        }
        Portable(r)
    }

    #[inline(always)]
    fn swap_halves(self) -> Self {
        let [a, b, c, d] = self.0;
        Portable([c, d, a, b])
    }

    #[inline(always)]
    fn permute_quads<const IMM: i32>(self) -> Self {
        let w = self.0;
        let from = |q: i32| w[((IMM >> (2 * q)) & 3) as usize];
        Portable([from(0), from(1), from(2), from(3)])
    }
}

/// The most terms a table may need: every (source word, rotation); the engine's use at most 9.
const TERMS: usize = 16;

/// One (source word, rotation) of a pick: the source word rotated so that its lane `j + r`
/// (mod 4) lands in lane `j`, kept in each result word where `masks` has ones.
#[derive(Clone, Copy)]
pub(crate) struct Term {
    /// The source word.
    word: u8,
    /// The rotation, in bits (16 times the lane distance).
    bits: u8,
    /// The result lanes it feeds, per result word.
    masks: [u64; 4],
}

/// A lane table as the portable implementation reads it: its terms, in `terms[..len]`.
pub(crate) struct Pick {
    terms: [Term; TERMS],
    len: usize,
    /// The one word every lane is read from, or 4 when there are several (or none).
    source: u8,
    /// For a single source word, the masks of its four rotations (by 0, 16, 32, 48 bits), per
    /// result word.
    by_rotation: [[u64; 4]; 4],
}

impl Pick {
    /// The terms of the table `lanes` (result lane `i` takes lane `lanes[i]`, or 0 for
    /// [`ZERO`]).
    pub(crate) const fn new(lanes: &[u8; 16]) -> Pick {
        let mut terms = [Term {
            word: 0,
            bits: 0,
            masks: [0; 4],
        }; TERMS];
        let mut len = 0;
        let mut i = 0;
        while i < 16 {
            let s = lanes[i] as usize;
            if s != ZERO as usize {
                assert!(s < 16, "a lane index is below 16");
                let word = (s / 4) as u8;
                let bits = (16 * ((s + 4 - i % 4) % 4)) as u8;
                let mut t = 0;
                while t < len && !(terms[t].word == word && terms[t].bits == bits) {
                    t += 1;
                }
                if t == len {
                    assert!(len < TERMS, "a table needs at most TERMS terms");
                    terms[t].word = word;
                    terms[t].bits = bits;
                    len += 1;
                }
                terms[t].masks[i / 4] |= 0xFFFF << (16 * (i % 4));
            }
            i += 1;
        }
        let mut source = 4;
        let mut by_rotation = [[0; 4]; 4];
        if len > 0 {
            source = terms[0].word;
            let mut t = 0;
            while t < len {
                if terms[t].word != source {
                    source = 4;
                }
                by_rotation[(terms[t].bits / 16) as usize] = terms[t].masks;
                t += 1;
            }
        }
        Pick {
            terms,
            len,
            source,
            by_rotation,
        }
    }
}

/// The lanes `t` picks from `v`.
#[inline(always)]
fn pick(v: Portable, t: &Pick) -> Portable {
    if t.source < 4 {
        from_word(v, t)
    } else {
        pick_terms(v, &t.terms[..t.len])
    }
}

/// The lanes `t`, which reads a single word, picks from `v`: a fixed sequence of rotations and
/// masks, which costs the same whether `t` is known at compile time or not.
#[inline(always)]
fn from_word(v: Portable, t: &Pick) -> Portable {
    let w = v.0[usize::from(t.source & 3)];
    let rotations = [
        w,
        w.rotate_right(16),
        w.rotate_right(32),
        w.rotate_right(48),
    ];
    let mut r = [0u64; 4];
    for (x, masks) in rotations.iter().zip(&t.by_rotation) {
        for (r, &m) in r.iter_mut().zip(masks) {
            *r |= x & m;
        }
    }
    Portable(r)
}

/// The lanes `terms` pick from `v`.
#[inline(always)]
fn pick_terms(v: Portable, terms: &[Term]) -> Portable {
    let mut r = [0u64; 4];
    for term in terms {
        let x = v.0[usize::from(term.word & 3)].rotate_right(u32::from(term.bits));
        for (r, &m) in r.iter_mut().zip(&term.masks) {
            *r |= x & m;
        }
    }
    Portable(r)
}
