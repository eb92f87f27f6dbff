//! The primitives in plain Rust: lane by lane on `[u16; 16]`. This is the reference: each
//! method is the definition the others must match, and the engine on it runs on any CPU.

use super::{Lanes, Permute, Shuffle, ZERO};

/// Sixteen lanes in an array.
#[derive(Clone, Copy)]
pub(crate) struct Portable([u16; 16]);

impl Portable {
    #[inline(always)]
    fn map(self, f: impl Fn(u16) -> u16) -> Portable {
        Portable(self.0.map(f))
    }

    #[inline(always)]
    fn zip(self, o: Portable, f: impl Fn(u16, u16) -> u16) -> Portable {
        Portable(std::array::from_fn(|i| f(self.0[i], o.0[i])))
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
    fn count_ones(self) -> u32 {
        self.0.iter().map(|a| a.count_ones()).sum()
    }

    #[inline(always)]
    fn keep_eq(self, a: Self, b: Self) -> Self {
        Portable(std::array::from_fn(|i| {
            if a.0[i] == b.0[i] {
                self.0[i]
            } else {
                0
            }
        }))
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
    fn nonzero_lanes(self) -> u32 {
        let mut m = 0;
        for (i, &x) in self.0.iter().enumerate() {
            m |= u32::from(x != 0) << i;
        }
        m
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
        Portable(std::array::from_fn(|i| self.0[i ^ 8]))
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
    Portable(lanes.map(|from| if from == ZERO { 0 } else { v.0[from as usize] }))
}
