//! The primitives in plain Rust: lane by lane on `[u16; 16]`. This is the reference: each
//! method is the definition the others must match, and the engine on it runs on any CPU.

use super::{Lanes, Permute, Shuffle, ZERO};

/// Sixteen lanes in an array.
#[derive(Clone, Copy)]
pub(crate) struct Portable([u16; 16]);

// The lanes are handled by plain loops, never `array::map` or `from_fn`: those are not always
// inlined, and a call per operation costs more than the operation.
impl Portable {
    #[inline(always)]
    fn map(self, f: impl Fn(u16) -> u16) -> Portable {
        let mut r = self.0;
        for x in &mut r {
            *x = f(*x);
        }
        Portable(r)
    }

    #[inline(always)]
    fn zip(self, o: Portable, f: impl Fn(u16, u16) -> u16) -> Portable {
        let mut r = self.0;
        for (x, &y) in r.iter_mut().zip(&o.0) {
            *x = f(*x, y);
        }
        Portable(r)
    }
}

impl Lanes for Portable {
    #[inline(always)]
    fn load(a: &[u16; 16]) -> Self {
        Portable(*a)
    }

    #[inline(always)]
    fn splat(x: u16) -> Self {
        Portable([x; 16])
    }

    #[inline(always)]
    fn store(self) -> [u16; 16] {
        self.0
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
        self.zip(o, |a, b| a.wrapping_sub(b))
    }

    #[inline(always)]
    fn popcount(self) -> Self {
        self.map(|a| a.count_ones() as u16)
    }

    #[inline(always)]
    fn count_ones_low(self) -> u32 {
        self.0[..8].iter().map(|a| a.count_ones()).sum()
    }

    #[inline(always)]
    fn keep_eq(self, a: Self, b: Self) -> Self {
        let mut r = self.0;
        for ((x, &p), &q) in r.iter_mut().zip(&a.0).zip(&b.0) {
            *x = if p == q { *x } else { 0 };
        }
        Portable(r)
    }

    #[inline(always)]
    fn any_below(self, min: Self) -> bool {
        (0..16).any(|i| self.0[i] < min.0[i])
    }

    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0 == [0; 16]
    }

    #[inline(always)]
    fn same(self, o: Self) -> bool {
        self.0 == o.0
    }

    #[inline(always)]
    fn or_else(self, other: Self) -> Self {
        self.zip(other, |a, b| if a != 0 { a } else { b })
    }

    #[inline(always)]
    fn shuffle(self, t: &Shuffle) -> Self {
        pick(self, &t.lanes)
    }

    #[inline(always)]
    fn permute(self, t: &Permute) -> Self {
        pick(self, &t.lanes)
    }

    #[inline(always)]
    fn swap_halves(self) -> Self {
        let mut r = [0u16; 16];
        r[..8].copy_from_slice(&self.0[8..]);
        r[8..].copy_from_slice(&self.0[..8]);
        Portable(r)
    }

    #[inline(always)]
    fn permute_quads<const IMM: i32>(self) -> Self {
        let mut r = [0u16; 16];
        for q in 0..4 {
            let from = ((IMM >> (2 * q)) & 3) as usize;
            r[4 * q..4 * q + 4].copy_from_slice(&self.0[4 * from..4 * from + 4]);
        }
        Portable(r)
    }
}

/// Result lane `i` is lane `lanes[i]` of `v`, or 0 for [`ZERO`].
#[inline(always)]
fn pick(v: Portable, lanes: &[u8; 16]) -> Portable {
    let mut r = [0u16; 16];
    for (x, &from) in r.iter_mut().zip(lanes) {
        // (`& 15`: a lane index, which the tables guarantee; no bounds check is needed.)
        *x = if from == ZERO {
            0
        } else {
            v.0[usize::from(from) & 15]
        };
    }
    Portable(r)
}
