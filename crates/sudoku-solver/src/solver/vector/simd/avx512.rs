//! The primitives on AVX-512 at 256 bits (F, VL, BW, BITALG, VBMI2): per-lane popcount
//! (`vpopcntw`), compares into mask registers, ternary logic (`vpternlogd`) for three-input
//! logic, and word permutes (`vpermw`) for lane moves across halves.
//!
//! The vector type is private to this module; the only way in is [`search`], which checks the
//! CPU first. So every intrinsic below runs on a CPU that has these features.

use std::arch::x86_64::*;

use super::super::{run, Start};
use super::{HalfLaneTable, Lanes, Permute};
use crate::solver::SearchOutcome;

/// Sixteen lanes in a 256-bit register.
#[derive(Clone, Copy)]
struct Avx512(__m256i);

isa_entry!(
    Avx512,
    "AVX-512",
    "avx512",
    "avx512f,avx512vl,avx512bw,avx512bitalg,avx512vbmi2,avx2,popcnt,bmi1",
    [
        "avx512f",
        "avx512vl",
        "avx512bw",
        "avx512bitalg",
        "avx512vbmi2",
        "avx2",
        "popcnt",
        "bmi1"
    ]
);

/// Loads a 32-byte table of words.
#[inline(always)]
fn words(t: &[u16; 16]) -> __m256i {
    // SAFETY: the features were detected before `entry` (see the module note); the pointer
    // reads the 32 bytes of `t`.
    unsafe { _mm256_loadu_si256(t.as_ptr().cast()) }
}

/// `vpternlogd` truth tables for `f(a, b, c)`: bit `4a + 2b + c` of the immediate.
const OR3: i32 = 0xFE;
const AND3: i32 = 0x80;
/// `a & !(b & c)`.
const AND_NOT_BOTH: i32 = 0x70;

impl Lanes for Avx512 {
    const ONE_STEP_PERMUTE: bool = true;

    avx2_shared_primitives!(Avx512);

    #[inline(always)]
    fn or3(self, b: Self, c: Self) -> Self {
        // SAFETY: features detected (module note).
        Avx512(unsafe { _mm256_ternarylogic_epi32::<OR3>(self.0, b.0, c.0) })
    }

    #[inline(always)]
    fn and3(self, b: Self, c: Self) -> Self {
        // SAFETY: features detected (module note).
        Avx512(unsafe { _mm256_ternarylogic_epi32::<AND3>(self.0, b.0, c.0) })
    }

    #[inline(always)]
    fn and_not_both(self, b: Self, c: Self) -> Self {
        // SAFETY: features detected (module note).
        Avx512(unsafe { _mm256_ternarylogic_epi32::<AND_NOT_BOTH>(self.0, b.0, c.0) })
    }

    #[inline(always)]
    fn popcount(self) -> Self {
        // SAFETY: features detected (module note).
        Avx512(unsafe { _mm256_popcnt_epi16(self.0) })
    }

    #[inline(always)]
    fn keep_eq(self, a: Self, b: Self) -> Self {
        // SAFETY: features detected (module note).
        Avx512(unsafe { _mm256_maskz_mov_epi16(_mm256_cmpeq_epi16_mask(a.0, b.0), self.0) })
    }

    #[inline(always)]
    fn any_below(self, min: Self) -> bool {
        // SAFETY: features detected (module note).
        unsafe { _mm256_cmplt_epu16_mask(self.0, min.0) != 0 }
    }

    #[inline(always)]
    fn same(self, o: Self) -> bool {
        // SAFETY: features detected (module note).
        unsafe { _mm256_cmpneq_epu16_mask(self.0, o.0) == 0 }
    }

    #[inline(always)]
    fn or_else(self, other: Self) -> Self {
        // SAFETY: features detected (module note).
        unsafe {
            let full = _mm256_test_epi16_mask(self.0, self.0);
            Avx512(_mm256_mask_mov_epi16(other.0, full, self.0))
        }
    }

    #[inline(always)]
    fn permute(self, t: &Permute) -> Self {
        // SAFETY: features detected (module note).
        Avx512(unsafe { _mm256_maskz_permutexvar_epi16(t.keep, words(&t.words), self.0) })
    }
}
