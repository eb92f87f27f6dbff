//! The primitives on SSE4.1 (with SSSE3 and POPCNT, the x86-64-v2 level): a vector is two
//! `__m128i`, its low half (lanes 0..8) and its high half (lanes 8..16), and every operation is
//! done on each. For the x86-64 CPUs with these but without AVX2 (Intel from Nehalem to before
//! Haswell, and the Atom, Celeron and Pentium Silver lines up to Jasper Lake; AMD from Bulldozer
//! to before Excavator), which would otherwise run the portable primitives. Popcounts by nibble lookups (`pshufb`); a move across
//! halves is free, since the halves are separate registers: a permute takes each result half
//! from both source halves with two `pshufb`, reading the same tables as AVX2's.
//!
//! The vector type is private to this module; the only way in is [`search`], which checks the
//! CPU first. So every intrinsic below runs on a CPU that has SSE4.1, SSSE3 and POPCNT.

use std::arch::x86_64::*;

use super::super::{run, Start};
use super::{HalfLaneTable, Lanes, Permute};
use crate::solver::SearchOutcome;

/// Sixteen lanes in two SSE registers: lanes 0..8, then lanes 8..16.
#[derive(Clone, Copy)]
struct Sse4([__m128i; 2]);

isa_entry!(
    Sse4,
    "SSE4.1",
    "sse4",
    "sse4.1,ssse3,popcnt",
    ["sse4.1", "ssse3", "popcnt"]
);

/// The vector whose half `h` is `$e` (with `h` bound to 0, then 1).
macro_rules! halves {
    (|$h:ident| $e:expr) => {
        Sse4([
            {
                let $h = 0;
                $e
            },
            {
                let $h = 1;
                $e
            },
        ])
    };
}

/// Loads half `h` (bytes `16h..16h + 16`) of a 32-byte table.
#[inline(always)]
fn half(bytes: &[u8; 32], h: usize) -> __m128i {
    // SAFETY: SSE4.1 was detected before `entry` (see the module note; SSE2 loads need no
    // more); the pointer reads 16 of the 32 bytes of `bytes` (`h` is 0 or 1).
    unsafe { _mm_loadu_si128(bytes[16 * h..16 * h + 16].as_ptr().cast()) }
}

/// A nibble's bit count, for `pshufb`.
const NIBBLE_COUNTS: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    t
};

/// The 64-bit quads `a` and `b` (0..4, quad `q` is half `q / 2`, word `q % 2`) of `x`, as the
/// low and the high quad of one register. `a` and `b` are constants wherever this is inlined,
/// so the `match` leaves one instruction.
#[inline(always)]
fn quad_pair(x: &[__m128i; 2], a: usize, b: usize) -> __m128i {
    let (ra, rb) = (x[a / 2], x[b / 2]);
    // SAFETY: SSE4.1 and SSSE3 were detected (module note).
    unsafe {
        match (a % 2, b % 2) {
            (0, 0) => _mm_unpacklo_epi64(ra, rb),
            (1, 1) => _mm_unpackhi_epi64(ra, rb),
            // The high quad of `ra`, then the low quad of `rb`: bytes 8..24 of `rb:ra`.
            (1, _) => _mm_alignr_epi8::<8>(rb, ra),
            // The low quad of `ra`, then the high quad of `rb`: words 4..8 taken from `rb`.
            _ => _mm_blend_epi16::<0xF0>(ra, rb),
        }
    }
}

impl Lanes for Sse4 {
    #[inline(always)]
    fn load(a: &[u16; 16]) -> Self {
        // SAFETY: SSE4.1 was detected (module note); each pointer reads 16 of the 32 bytes of
        // `a` (`h` is 0 or 1).
        halves!(|h| unsafe { _mm_loadu_si128(a[8 * h..8 * h + 8].as_ptr().cast()) })
    }

    #[inline(always)]
    fn splat(x: u16) -> Self {
        // SAFETY: SSE4.1 was detected (module note).
        let v = unsafe { _mm_set1_epi16(x as i16) };
        Sse4([v, v])
    }

    #[inline(always)]
    fn store(self) -> [u16; 16] {
        let mut a = [0u16; 16];
        for (h, half) in self.0.iter().enumerate() {
            // SAFETY: SSE4.1 was detected (module note); the pointer writes 16 of the 32 bytes
            // of `a` (`h` is 0 or 1).
            unsafe { _mm_storeu_si128(a[8 * h..8 * h + 8].as_mut_ptr().cast(), *half) };
        }
        a
    }

    #[inline(always)]
    fn and(self, o: Self) -> Self {
        // SAFETY: SSE4.1 was detected (module note).
        halves!(|h| unsafe { _mm_and_si128(self.0[h], o.0[h]) })
    }

    #[inline(always)]
    fn or(self, o: Self) -> Self {
        // SAFETY: SSE4.1 was detected (module note).
        halves!(|h| unsafe { _mm_or_si128(self.0[h], o.0[h]) })
    }

    #[inline(always)]
    fn and_not(self, o: Self) -> Self {
        // SAFETY: SSE4.1 was detected (module note).
        halves!(|h| unsafe { _mm_andnot_si128(o.0[h], self.0[h]) })
    }

    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        // SAFETY: SSE4.1 was detected (module note).
        halves!(|h| unsafe { _mm_sub_epi16(self.0[h], o.0[h]) })
    }

    #[inline(always)]
    fn popcount(self) -> Self {
        // SAFETY: SSE4.1 and SSSE3 were detected (module note); the pointer reads the 16 bytes
        // of `NIBBLE_COUNTS`.
        halves!(|h| unsafe {
            let low = _mm_set1_epi8(0x0F);
            let counts = _mm_loadu_si128(NIBBLE_COUNTS.as_ptr().cast());
            let x = self.0[h];
            let lo = _mm_shuffle_epi8(counts, _mm_and_si128(x, low));
            let hi = _mm_shuffle_epi8(counts, _mm_and_si128(_mm_srli_epi16::<4>(x), low));
            // Each byte's count, then the two bytes of a lane summed.
            _mm_maddubs_epi16(_mm_add_epi8(lo, hi), _mm_set1_epi8(1))
        })
    }

    #[inline(always)]
    fn count_ones_low(self) -> u32 {
        // SAFETY: SSE4.1 and POPCNT were detected (module note).
        unsafe {
            let low = self.0[0];
            _popcnt64(_mm_cvtsi128_si64(low)) as u32 + _popcnt64(_mm_extract_epi64::<1>(low)) as u32
        }
    }

    #[inline(always)]
    fn keep_eq(self, a: Self, b: Self) -> Self {
        // SAFETY: SSE4.1 was detected (module note).
        halves!(|h| unsafe { _mm_and_si128(self.0[h], _mm_cmpeq_epi16(a.0[h], b.0[h])) })
    }

    #[inline(always)]
    fn any_below(self, min: Self) -> bool {
        // `min - self`, saturating at 0, is non-zero exactly where `self < min`.
        // SAFETY: SSE4.1 was detected (module note).
        unsafe {
            let short = _mm_or_si128(
                _mm_subs_epu16(min.0[0], self.0[0]),
                _mm_subs_epu16(min.0[1], self.0[1]),
            );
            _mm_testz_si128(short, short) == 0
        }
    }

    #[inline(always)]
    fn is_zero(self) -> bool {
        // SAFETY: SSE4.1 was detected (module note).
        unsafe {
            let any = _mm_or_si128(self.0[0], self.0[1]);
            _mm_testz_si128(any, any) != 0
        }
    }

    #[inline(always)]
    fn same(self, o: Self) -> bool {
        // SAFETY: SSE4.1 was detected (module note).
        unsafe {
            let x = _mm_or_si128(
                _mm_xor_si128(self.0[0], o.0[0]),
                _mm_xor_si128(self.0[1], o.0[1]),
            );
            _mm_testz_si128(x, x) != 0
        }
    }

    #[inline(always)]
    fn within(self, o: Self) -> bool {
        // `ptest`'s carry on each half: no bit of `self` outside `o`.
        // SAFETY: SSE4.1 was detected (module note).
        unsafe { (_mm_testc_si128(o.0[0], self.0[0]) & _mm_testc_si128(o.0[1], self.0[1])) != 0 }
    }

    #[inline(always)]
    fn or_else(self, other: Self) -> Self {
        // SAFETY: SSE4.1 was detected (module note).
        halves!(|h| unsafe {
            let empty = _mm_cmpeq_epi16(self.0[h], _mm_setzero_si128());
            _mm_blendv_epi8(self.0[h], other.0[h], empty)
        })
    }

    #[inline(always)]
    fn shuffle(self, t: &HalfLaneTable) -> Self {
        // SAFETY: SSE4.1 and SSSE3 were detected (module note).
        halves!(|h| unsafe { _mm_shuffle_epi8(self.0[h], half(&t.bytes, h)) })
    }

    #[inline(always)]
    fn permute(self, t: &Permute) -> Self {
        // Result half `h` takes its lanes from source half `h` (`same`) and from the other
        // half (`cross`, the table AVX2 applies to the halves exchanged).
        // SAFETY: SSE4.1 and SSSE3 were detected (module note).
        halves!(|h| unsafe {
            _mm_or_si128(
                _mm_shuffle_epi8(self.0[h], half(&t.same, h)),
                _mm_shuffle_epi8(self.0[1 - h], half(&t.cross, h)),
            )
        })
    }

    #[inline(always)]
    fn swap_halves(self) -> Self {
        Sse4([self.0[1], self.0[0]])
    }

    #[inline(always)]
    fn permute_quads<const IMM: i32>(self) -> Self {
        let quad = |i: i32| ((IMM >> (2 * i)) & 3) as usize;
        Sse4([
            quad_pair(&self.0, quad(0), quad(1)),
            quad_pair(&self.0, quad(2), quad(3)),
        ])
    }
}
