//! The vector primitives the engine is written against: sixteen 16-bit lanes (256 bits), with one
//! implementation per instruction set behind the one trait [`Lanes`].
//!
//! * [`portable`]: plain Rust on four 64-bit words, for every CPU; the others are tested against
//!   it (and it against a lane-by-lane reference in the tests).
//! * `sse4`: x86-64 with SSE4.1, SSSE3 and POPCNT (x86-64-v2), for the CPUs without AVX2: two
//!   128-bit registers per vector.
//! * `avx2`: x86-64 with AVX2.
//! * `avx512`: x86-64 with AVX-512 F, VL, BW, BITALG and VBMI2, used at 256 bits only (compares
//!   into mask registers, ternary logic, per-lane popcount, word permutes).
//!
//! Every operation is defined by what it does to the lanes, so the three give the same result
//! for the same input, bit for bit; the engine built on them therefore makes the same search on
//! every CPU. Lane `i` is bits `16i..16i+16`; lanes 0..8 are the low 128-bit half, 8..16 the
//! high half; a *quad* is four lanes `4q..4q+4` (a 64-bit word).
//!
//! Each instruction-set module keeps its vector type private and hands out only its search entry
//! (a `#[target_feature]` function behind a run-time check), so no code path can use its
//! primitives on a CPU that lacks them.

/// The way into one x86 implementation: `search` runs the whole search compiled with the
/// implementation's features (`entry`), once `missing` has seen the CPU report every one of them;
/// `available` and `missing` say whether it can. Written once here for AVX2 and AVX-512, so the
/// check and the features it checks cannot drift apart: `$features` is the `target_feature` list,
/// and `$feature` each of its names, in the same order.
#[cfg(target_arch = "x86_64")]
macro_rules! isa_entry {
    ($lanes:ty, $name:literal, $isa:literal, $features:literal, [$($feature:tt),+ $(,)?]) => {
        #[doc = concat!("The search on ", $name, ", or `None` when this CPU lacks it.")]
        pub(crate) fn search(start: Start, limit: u64, timed: bool) -> Option<SearchOutcome> {
            if !available() {
                return None;
            }
            // SAFETY: `available` has just seen the CPU report every feature `entry` enables.
            Some(unsafe { entry(start, limit, timed) })
        }

        /// Whether this CPU runs this module's code.
        pub(crate) fn available() -> bool {
            missing().is_none()
        }

        /// The first feature this module needs that the CPU lacks, if any.
        pub(crate) fn missing() -> Option<&'static str> {
            $(
                if !is_x86_feature_detected!($feature) {
                    return Some($feature);
                }
            )+
            None
        }

        #[doc = concat!("The whole search, compiled for ", $name, ".")]
        #[target_feature(enable = $features)]
        fn entry(start: Start, limit: u64, timed: bool) -> SearchOutcome {
            if timed {
                run::<$lanes, true>(start, limit)
            } else {
                run::<$lanes, false>(start, limit)
            }
        }

        #[cfg(test)]
        mod tests {
            use super::*;

            #[test]
            fn agrees_with_portable() {
                if let Some(lacks) = missing() {
                    super::super::tests::refuse_a_false_skip($isa, &[$($feature),+], lacks);
                    eprintln!(concat!("skipped: instruction set ", $isa, " on this CPU (it lacks {})"), lacks);
                    return;
                }
                // SAFETY: `missing` has just seen the CPU report every feature `check` enables.
                unsafe { check() }
            }

            #[target_feature(enable = $features)]
            fn check() {
                super::super::tests::agrees_with_portable::<$lanes>();
            }
        }
    };
}

/// The primitives that AVX2 and AVX-512 at 256 bits write with the same AVX2 instructions
/// (loads, stores, broadcasts, the bitwise operations, subtraction, a vector's bit count, the
/// zero test, shuffles inside halves and moves of whole quads), for a newtype over
/// `__m256i` in a module whose only way in is the `search` that `isa_entry!` writes: so AVX2, which
/// both implementations' features include, was detected before any of these runs.
#[cfg(target_arch = "x86_64")]
macro_rules! avx2_shared_primitives {
    ($t:ident) => {
        #[inline(always)]
        fn load(a: &[u16; 16]) -> Self {
            // SAFETY: AVX2 was detected (see the macro); the pointer reads the 32 bytes of `a`.
            $t(unsafe { _mm256_loadu_si256(a.as_ptr().cast()) })
        }

        #[inline(always)]
        fn splat(x: u16) -> Self {
            // SAFETY: AVX2 was detected (see the macro).
            $t(unsafe { _mm256_set1_epi16(x as i16) })
        }

        #[inline(always)]
        fn store(self) -> [u16; 16] {
            let mut a = [0u16; 16];
            // SAFETY: AVX2 was detected (see the macro); the pointer writes the 32 bytes of `a`.
            unsafe { _mm256_storeu_si256(a.as_mut_ptr().cast(), self.0) };
            a
        }

        #[inline(always)]
        fn and(self, o: Self) -> Self {
            // SAFETY: AVX2 was detected (see the macro).
            $t(unsafe { _mm256_and_si256(self.0, o.0) })
        }

        #[inline(always)]
        fn or(self, o: Self) -> Self {
            // SAFETY: AVX2 was detected (see the macro).
            $t(unsafe { _mm256_or_si256(self.0, o.0) })
        }

        #[inline(always)]
        fn and_not(self, o: Self) -> Self {
            // SAFETY: AVX2 was detected (see the macro).
            $t(unsafe { _mm256_andnot_si256(o.0, self.0) })
        }

        #[inline(always)]
        fn sub(self, o: Self) -> Self {
            // SAFETY: AVX2 was detected (see the macro).
            $t(unsafe { _mm256_sub_epi16(self.0, o.0) })
        }

        #[inline(always)]
        fn count_ones_low(self) -> u32 {
            // SAFETY: AVX2 and POPCNT were detected (see the macro: both implementations' features
            // include popcnt).
            unsafe {
                let low = _mm256_castsi256_si128(self.0);
                _popcnt64(_mm_cvtsi128_si64(low)) as u32
                    + _popcnt64(_mm_extract_epi64::<1>(low)) as u32
            }
        }

        #[inline(always)]
        fn is_zero(self) -> bool {
            // SAFETY: AVX2 was detected (see the macro).
            unsafe { _mm256_testz_si256(self.0, self.0) != 0 }
        }

        #[inline(always)]
        fn within(self, o: Self) -> bool {
            // `vptest`'s carry: no bit of `self` outside `o`.
            // SAFETY: AVX2 was detected (see the macro).
            unsafe { _mm256_testc_si256(o.0, self.0) != 0 }
        }

        #[inline(always)]
        fn shuffle(self, t: &HalfLaneTable) -> Self {
            // SAFETY: AVX2 was detected (see the macro); the pointer reads the 32 bytes of
            // `t.bytes`.
            $t(unsafe { _mm256_shuffle_epi8(self.0, _mm256_loadu_si256(t.bytes.as_ptr().cast())) })
        }

        #[inline(always)]
        fn swap_halves(self) -> Self {
            // SAFETY: AVX2 was detected (see the macro).
            $t(unsafe { _mm256_permute4x64_epi64::<0x4E>(self.0) })
        }

        #[inline(always)]
        fn permute_quads<const IMM: i32>(self) -> Self {
            // SAFETY: AVX2 was detected (see the macro).
            $t(unsafe { _mm256_permute4x64_epi64::<IMM>(self.0) })
        }
    };
}

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
pub(crate) mod portable;
#[cfg(target_arch = "x86_64")]
pub(crate) mod sse4;

/// A lane index standing for "this lane becomes 0" in [`HalfLaneTable`] and [`Permute`].
pub(crate) const ZERO: u8 = 0xFF;

/// A table of source lanes for a shuffle that stays inside each 128-bit half (a byte table
/// for `pshufb`, not a map of the grid): result lane `i` takes lane `lanes[i]`, which lies in
/// the same half as `i`, or is 0 where `lanes[i]` is [`ZERO`]. Kept with the byte-level
/// control `pshufb` reads, made at compile time.
pub(crate) struct HalfLaneTable {
    /// The source lane of each result lane, or [`ZERO`] (read by the tests' reference).
    #[cfg(test)]
    pub(crate) lanes: [u8; 16],
    /// The same as a `pshufb` control: bytes `2i, 2i + 1` select the source lane's two bytes
    /// within the half, `0x80` clears them.
    pub(crate) bytes: [u8; 32],
    /// The same as the portable implementation reads it.
    pub(crate) pick: portable::Pick,
}

impl HalfLaneTable {
    /// The shuffle for `lanes`; fails to compile (or panics) when a source lies in the other half.
    pub(crate) const fn new(lanes: [u8; 16]) -> HalfLaneTable {
        let mut bytes = [0u8; 32];
        let mut i = 0;
        while i < 16 {
            let s = lanes[i];
            if s == ZERO {
                bytes[2 * i] = 0x80;
                bytes[2 * i + 1] = 0x80;
            } else {
                assert!(
                    s < 16 && s / 8 == (i / 8) as u8,
                    "a shuffle stays in its half"
                );
                bytes[2 * i] = 2 * (s % 8);
                bytes[2 * i + 1] = 2 * (s % 8) + 1;
            }
            i += 1;
        }
        HalfLaneTable {
            #[cfg(test)]
            lanes,
            bytes,
            pick: portable::Pick::new(&lanes),
        }
    }
}

/// A lane permutation across the whole vector: result lane `i` takes lane `lanes[i]`, or is 0
/// where `lanes[i]` is [`ZERO`]. Kept with the forms each instruction set reads, made at
/// compile time.
pub(crate) struct Permute {
    /// The source lane of each result lane, or [`ZERO`] (read by the tests' reference).
    #[cfg(test)]
    pub(crate) lanes: [u8; 16],
    /// Word indices for `vpermw` (0 where the lane is cleared).
    pub(crate) words: [u16; 16],
    /// Bit `i` set where result lane `i` keeps its source (for a zero-masked `vpermw`).
    pub(crate) keep: u16,
    /// `pshufb` control taking the lanes whose source lies in the same half.
    pub(crate) same: [u8; 32],
    /// `pshufb` control, applied to the halves swapped, taking the lanes whose source lies in
    /// the other half.
    pub(crate) cross: [u8; 32],
    /// The same as the portable implementation reads it.
    pub(crate) pick: portable::Pick,
}

impl Permute {
    pub(crate) const fn new(lanes: [u8; 16]) -> Permute {
        let mut words = [0u16; 16];
        let mut keep = 0u16;
        let mut same = [0x80u8; 32];
        let mut cross = [0x80u8; 32];
        let mut i = 0;
        while i < 16 {
            let s = lanes[i];
            if s != ZERO {
                assert!(s < 16, "a lane index is below 16");
                words[i] = s as u16;
                keep |= 1 << i;
                let pick = if s / 8 == (i / 8) as u8 {
                    &mut same
                } else {
                    &mut cross
                };
                pick[2 * i] = 2 * (s % 8);
                pick[2 * i + 1] = 2 * (s % 8) + 1;
            }
            i += 1;
        }
        Permute {
            #[cfg(test)]
            lanes,
            words,
            keep,
            same,
            cross,
            pick: portable::Pick::new(&lanes),
        }
    }
}

/// Sixteen 16-bit lanes and what the engine does with them. Every method is `#[inline(always)]`
/// in each implementation, so the engine compiles into one function per instruction set.
///
/// The values the engine keeps are digit sets (bit `d - 1` for digit `d`, at most 9 bits) and
/// small counts; the comparisons are unsigned.
pub(crate) trait Lanes: Copy {
    /// Whether [`Lanes::permute`] is one instruction (AVX-512's `vpermw`). Where a permute and a
    /// cheaper move give the same lanes that matter, the engine takes the permute only then: on
    /// AVX2 a permute is four instructions, a move of whole quads one (measured in
    /// `doc/solver-experiments.md`).
    const ONE_STEP_PERMUTE: bool = false;

    /// The lanes of `a`.
    fn load(a: &[u16; 16]) -> Self;
    /// Every lane `x`.
    fn splat(x: u16) -> Self;
    /// The lanes as an array.
    fn store(self) -> [u16; 16];
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    /// `self & !o`.
    fn and_not(self, o: Self) -> Self;
    /// `self | b | c`.
    #[inline(always)]
    fn or3(self, b: Self, c: Self) -> Self {
        self.or(b).or(c)
    }
    /// `self & b & c`.
    #[inline(always)]
    fn and3(self, b: Self, c: Self) -> Self {
        self.and(b).and(c)
    }
    /// `self & !(b & c)`.
    #[inline(always)]
    fn and_not_both(self, b: Self, c: Self) -> Self {
        self.and_not(b.and(c))
    }

    /// `self - o` in each lane, wrapping.
    fn sub(self, o: Self) -> Self;
    /// The number of set bits of each lane.
    fn popcount(self) -> Self;
    /// The number of set bits of lanes 0..8 (the low half) together.
    fn count_ones_low(self) -> u32;
    /// `self` in the lanes where `a == b`, 0 elsewhere.
    fn keep_eq(self, a: Self, b: Self) -> Self;
    /// True when some lane of `self` is below the same lane of `min`.
    fn any_below(self, min: Self) -> bool;
    /// True when every lane is 0.
    fn is_zero(self) -> bool;
    /// True when every lane equals the same lane of `o`.
    fn same(self, o: Self) -> bool;
    /// True when every bit of `self` is set in `o` too. Where `o` is known to lie within
    /// `self` (a rule only removes), it tells `o` from `self` as [`Lanes::same`] would, in one
    /// test and without waiting for `o` when `o` is `self` masked.
    fn within(self, o: Self) -> bool;
    /// `self` in its non-zero lanes, `other` in the rest.
    fn or_else(self, other: Self) -> Self;

    /// Lanes moved inside their halves (see [`HalfLaneTable`]).
    fn shuffle(self, t: &HalfLaneTable) -> Self;
    /// Lanes moved anywhere (see [`Permute`]).
    fn permute(self, t: &Permute) -> Self;
    /// `self.permute(&tables[k])`, for a `k` (below `N`) known only at run time. The x86
    /// implementations read the table at that index; the portable one overrides this, since it
    /// compiles a pick from a table known at compile time into far less code.
    #[inline(always)]
    fn permute_one_of<const N: usize>(self, tables: &[Permute; N], k: usize) -> Self {
        self.permute(&tables[k])
    }
    /// The two 128-bit halves exchanged.
    fn swap_halves(self) -> Self;
    /// Quads moved: result quad `i` is quad `(IMM >> 2i) & 3` (the `vpermq` immediate).
    fn permute_quads<const IMM: i32>(self) -> Self;
}

#[cfg(test)]
mod tests;
