//! The primitives on AVX2: one `__m256i` per vector. Popcounts by nibble lookups, compares into
//! vectors, lane moves across halves by `pshufb` on both orders of the halves.
//!
//! The vector type is private to this module; the only way in is [`search`], which checks the
//! CPU first. So every intrinsic below runs on a CPU that has AVX2.

use std::arch::x86_64::*;

use super::super::{run, Start};
use super::{HalfLaneTable, Lanes, Permute};
use crate::solver::SearchOutcome;

/// Sixteen lanes in an AVX2 register.
#[derive(Clone, Copy)]
struct Avx2(__m256i);

isa_entry!(
    Avx2,
    "AVX2",
    "avx2",
    "avx2,popcnt,bmi1",
    ["avx2", "popcnt", "bmi1"]
);

/// Loads a 32-byte table.
#[inline(always)]
fn table(bytes: &[u8; 32]) -> __m256i {
    // SAFETY: AVX2 was detected before `entry` (see the module note); the pointer reads 32
    // bytes of `bytes`.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}

/// A nibble's bit count, for `pshufb`, in both halves.
const NIBBLE_COUNTS: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = (i % 16).count_ones() as u8;
        i += 1;
    }
    t
};

impl Lanes for Avx2 {
    avx2_shared_primitives!(Avx2);

    #[inline(always)]
    fn popcount(self) -> Self {
        // SAFETY: AVX2 was detected (module note).
        unsafe {
            let low = _mm256_set1_epi8(0x0F);
            let counts = table(&NIBBLE_COUNTS);
            let lo = _mm256_shuffle_epi8(counts, _mm256_and_si256(self.0, low));
            let hi = _mm256_shuffle_epi8(
                counts,
                _mm256_and_si256(_mm256_srli_epi16::<4>(self.0), low),
            );
            // Each byte's count, then the two bytes of a lane summed.
            let bytes = _mm256_add_epi8(lo, hi);
            Avx2(_mm256_maddubs_epi16(bytes, _mm256_set1_epi8(1)))
        }
    }

    #[inline(always)]
    fn keep_eq(self, a: Self, b: Self) -> Self {
        // SAFETY: AVX2 was detected (module note).
        Avx2(unsafe { _mm256_and_si256(self.0, _mm256_cmpeq_epi16(a.0, b.0)) })
    }

    #[inline(always)]
    fn any_below(self, min: Self) -> bool {
        // `min - self`, saturating at 0, is non-zero exactly where `self < min`.
        // SAFETY: AVX2 was detected (module note).
        unsafe {
            let short = _mm256_subs_epu16(min.0, self.0);
            _mm256_testz_si256(short, short) == 0
        }
    }

    #[inline(always)]
    fn same(self, o: Self) -> bool {
        // SAFETY: AVX2 was detected (module note).
        unsafe {
            let x = _mm256_xor_si256(self.0, o.0);
            _mm256_testz_si256(x, x) != 0
        }
    }

    #[inline(always)]
    fn or_else(self, other: Self) -> Self {
        // SAFETY: AVX2 was detected (module note).
        unsafe {
            let empty = _mm256_cmpeq_epi16(self.0, _mm256_setzero_si256());
            Avx2(_mm256_blendv_epi8(self.0, other.0, empty))
        }
    }

    #[inline(always)]
    fn permute(self, t: &Permute) -> Self {
        // SAFETY: AVX2 was detected (module note).
        unsafe {
            let swapped = _mm256_permute4x64_epi64::<0x4E>(self.0);
            Avx2(_mm256_or_si256(
                _mm256_shuffle_epi8(self.0, table(&t.same)),
                _mm256_shuffle_epi8(swapped, table(&t.cross)),
            ))
        }
    }
}
