//! Each implementation of [`Lanes`] held to the portable one, operation by operation, on random
//! lanes. The instruction-set modules call [`agrees_with_portable`] from inside a function
//! compiled for their features, after checking the CPU.

use super::portable::Portable;
use super::{HalfLaneTable, Lanes, Permute, ZERO};

/// Random lanes from `next`: digit sets, small counts, zeros, and any 16 bits.
#[inline(always)]
fn lanes(next: &mut impl FnMut() -> u64) -> [u16; 16] {
    let mut a = [0u16; 16];
    let kind = next() % 4;
    for x in &mut a {
        let r = next();
        *x = match kind {
            0 => (r & 0x1FF) as u16,
            1 => (r % 10) as u16,
            2 => {
                if r.is_multiple_of(3) {
                    0
                } else {
                    (r >> 8 & 0x1FF) as u16
                }
            }
            _ => r as u16,
        };
    }
    a
}

/// A random lane index table: within halves for a [`HalfLaneTable`], anywhere for a [`Permute`].
#[inline(always)]
fn table(next: &mut impl FnMut() -> u64, within_halves: bool) -> [u8; 16] {
    let mut t = [0u8; 16];
    for (i, x) in t.iter_mut().enumerate() {
        let r = next();
        *x = if r.is_multiple_of(5) {
            ZERO
        } else if within_halves {
            (i / 8 * 8) as u8 + (r >> 8) as u8 % 8
        } else {
            (r >> 8) as u8 % 16
        };
    }
    t
}

/// Whether the operating system's own list of the CPU's features (Linux's `/proc/cpuinfo`) holds
/// every one of `features` (named as `target_feature` names them); `None` where there is no such
/// list. A second opinion, independent of the run-time detection that decides which instruction sets run.
pub(crate) fn cpuinfo_has_all(features: &[&str]) -> Option<bool> {
    let text = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    let flags: std::collections::HashSet<&str> = text
        .lines()
        .find(|l| l.starts_with("flags"))?
        .split_once(':')?
        .1
        .split_whitespace()
        .collect();
    Some(features.iter().all(|f| {
        // The kernel's spelling of the names that differ from Rust's.
        let flag = match *f {
            "sse4.1" => "sse4_1",
            "avx512bitalg" => "avx512_bitalg",
            "avx512vbmi2" => "avx512_vbmi2",
            other => other,
        };
        flags.contains(flag)
    }))
}

/// Fails a test that is about to skip `isa` for lacking `lacks` when the CPU's own feature
/// list says it has every one of `features`: a skip must mean the CPU lacks them, never that
/// the detection went wrong, so on a CPU with AVX-512 or AVX2 every instruction-set test really runs.
pub(crate) fn refuse_a_false_skip(isa: &str, features: &[&str], lacks: &str) {
    assert_ne!(
        cpuinfo_has_all(features),
        Some(true),
        "/proc/cpuinfo lists every feature of instruction set {isa} ({features:?}), yet the run-time \
         check finds {lacks} missing: its tests would skip on a CPU that runs it"
    );
}

/// Every operation of `L` gives the portable result on many random inputs.
#[inline(always)]
pub(super) fn agrees_with_portable<L: Lanes>() {
    let mut next = crate::solver::tests::xorshift(0x9E37_79B9_7F4A_7C15u64);
    for _ in 0..20_000 {
        let (a, b, c) = (lanes(&mut next), lanes(&mut next), lanes(&mut next));
        let (pa, pb, pc) = (Portable::load(&a), Portable::load(&b), Portable::load(&c));
        let (la, lb, lc) = (L::load(&a), L::load(&b), L::load(&c));
        assert_eq!(la.store(), a);
        assert_eq!(la.and(lb).store(), pa.and(pb).store());
        assert_eq!(la.or(lb).store(), pa.or(pb).store());
        assert_eq!(la.and_not(lb).store(), pa.and_not(pb).store());
        assert_eq!(la.or3(lb, lc).store(), pa.or3(pb, pc).store());
        assert_eq!(la.and3(lb, lc).store(), pa.and3(pb, pc).store());
        assert_eq!(
            la.and_not_both(lb, lc).store(),
            pa.and_not_both(pb, pc).store()
        );
        assert_eq!(la.popcount().store(), pa.popcount().store());
        assert_eq!(la.keep_eq(lb, lc).store(), pa.keep_eq(pb, pc).store());
        assert_eq!(la.keep_eq(lb, lb).store(), a);
        assert_eq!(la.any_below(lb), pa.any_below(pb));
        assert_eq!(la.is_zero(), pa.is_zero());
        assert_eq!(la.same(lb), pa.same(pb));
        assert!(la.same(la));
        assert_eq!(la.within(lb), pa.within(pb));
        assert!(la.and(lb).within(la) && la.within(la.or(lb)));
        assert_eq!(la.within(la.and(lb)), pa.within(pa.and(pb)));
        assert_eq!(la.or_else(lb).store(), pa.or_else(pb).store());
        assert_eq!(L::splat(a[0]).store(), Portable::splat(a[0]).store());
        assert_eq!(la.sub(lb).store(), pa.sub(pb).store());
        assert_eq!(la.count_ones_low(), pa.count_ones_low());
        assert_eq!(la.swap_halves().store(), pa.swap_halves().store());
        assert_eq!(
            la.permute_quads::<0x4E>().store(),
            pa.permute_quads::<0x4E>().store()
        );
        assert_eq!(
            la.permute_quads::<0x39>().store(),
            pa.permute_quads::<0x39>().store()
        );
        assert_eq!(
            la.permute_quads::<0xC9>().store(),
            pa.permute_quads::<0xC9>().store()
        );
        assert_eq!(
            la.permute_quads::<0xD2>().store(),
            pa.permute_quads::<0xD2>().store()
        );
        assert_eq!(
            la.permute_quads::<0xFF>().store(),
            pa.permute_quads::<0xFF>().store()
        );
        let shuffle = HalfLaneTable::new(table(&mut next, true));
        assert_eq!(la.shuffle(&shuffle).store(), pa.shuffle(&shuffle).store());
        let permute = Permute::new(table(&mut next, false));
        assert_eq!(la.permute(&permute).store(), pa.permute(&permute).store());
    }
    // The extremes: every lane 0, every lane full.
    for x in [0u16, 0x1FF, 0xFFFF] {
        let (p, l) = (Portable::load(&[x; 16]), L::load(&[x; 16]));
        assert_eq!(l.popcount().store(), p.popcount().store());
        assert_eq!(l.count_ones_low(), p.count_ones_low());
        assert_eq!(l.is_zero(), p.is_zero());
    }
}

#[test]
fn portable_operations_do_what_they_say() {
    let a: [u16; 16] = std::array::from_fn(|i| i as u16 * 37 % 512);
    let p = Portable::load(&a);
    assert_eq!(p.swap_halves().store()[0], a[8]);
    assert_eq!(p.permute_quads::<0x39>().store()[0], a[4]);
    assert_eq!(p.popcount().store()[3], a[3].count_ones() as u16);
    let mut rotate = [0u8; 16];
    for (i, x) in rotate.iter_mut().enumerate() {
        *x = (i / 4 * 4 + (i + 1) % 4) as u8;
    }
    assert_eq!(p.shuffle(&HalfLaneTable::new(rotate)).store()[3], a[0]);
    assert_eq!(
        p.count_ones_low(),
        a[..8].iter().map(|x| x.count_ones()).sum::<u32>()
    );
    agrees_with_portable::<Portable>();
}

#[test]
fn portable_agrees_with_reference() {
    agrees_with_portable::<Reference>();
    // The engine's own tables, on random lanes.
    let mut next = crate::solver::tests::xorshift(0x2545_F491_4F6C_DD1Du64);
    for _ in 0..2_000 {
        let a = lanes(&mut next);
        let (p, r) = (Portable::load(&a), Reference::load(&a));
        for t in crate::solver::vector::HALF_LANE_TABLES {
            assert_eq!(p.shuffle(t).store(), r.shuffle(t).store());
        }
        let (single, threes, twos) = crate::solver::vector::permutes();
        for t in single {
            assert_eq!(p.permute(t).store(), r.permute(t).store());
        }
        for tables in threes {
            for (k, t) in tables.iter().enumerate() {
                assert_eq!(p.permute(t).store(), r.permute(t).store());
                assert_eq!(p.permute_one_of(tables, k).store(), r.permute(t).store());
            }
        }
        for tables in twos {
            for (k, t) in tables.iter().enumerate() {
                assert_eq!(p.permute(t).store(), r.permute(t).store());
                assert_eq!(p.permute_one_of(tables, k).store(), r.permute(t).store());
            }
        }
    }
}

/// The first portable implementation, lane by lane on `[u16; 16]`: the definition of each
/// operation, which [`Portable`] must match.
#[derive(Clone, Copy)]
struct Reference([u16; 16]);

// The lanes are handled by plain loops, never `array::map` or `from_fn`: those are not always
// inlined, and a call per operation costs more than the operation.
impl Reference {
    #[inline(always)]
    fn map(self, f: impl Fn(u16) -> u16) -> Reference {
        let mut r = self.0;
        for x in &mut r {
            *x = f(*x);
        }
        Reference(r)
    }

    #[inline(always)]
    fn zip(self, o: Reference, f: impl Fn(u16, u16) -> u16) -> Reference {
        let mut r = self.0;
        for (x, &y) in r.iter_mut().zip(&o.0) {
            *x = f(*x, y);
        }
        Reference(r)
    }
}

impl Lanes for Reference {
    #[inline(always)]
    fn load(a: &[u16; 16]) -> Self {
        Reference(*a)
    }

    #[inline(always)]
    fn splat(x: u16) -> Self {
        Reference([x; 16])
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
        Reference(r)
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
    fn within(self, o: Self) -> bool {
        self.0.iter().zip(&o.0).all(|(a, b)| a & !b == 0)
    }

    #[inline(always)]
    fn or_else(self, other: Self) -> Self {
        self.zip(other, |a, b| if a != 0 { a } else { b })
    }

    #[inline(always)]
    fn shuffle(self, t: &HalfLaneTable) -> Self {
        reference_pick(self, &t.lanes)
    }

    #[inline(always)]
    fn permute(self, t: &Permute) -> Self {
        reference_pick(self, &t.lanes)
    }

    #[inline(always)]
    fn swap_halves(self) -> Self {
        let mut r = [0u16; 16];
        r[..8].copy_from_slice(&self.0[8..]);
        r[8..].copy_from_slice(&self.0[..8]);
        Reference(r)
    }

    #[inline(always)]
    fn permute_quads<const IMM: i32>(self) -> Self {
        let mut r = [0u16; 16];
        for q in 0..4 {
            let from = ((IMM >> (2 * q)) & 3) as usize;
            r[4 * q..4 * q + 4].copy_from_slice(&self.0[4 * from..4 * from + 4]);
        }
        Reference(r)
    }
}

/// Result lane `i` is lane `lanes[i]` of `v`, or 0 for [`ZERO`].
#[inline(always)]
fn reference_pick(v: Reference, lanes: &[u8; 16]) -> Reference {
    let mut r = [0u16; 16];
    for (x, &from) in r.iter_mut().zip(lanes) {
        // (`& 15`: a lane index, which the tables guarantee; no bounds check is needed.)
        *x = if from == ZERO {
            0
        } else {
            v.0[usize::from(from) & 15]
        };
    }
    Reference(r)
}

#[test]
fn a_skip_that_the_cpu_feature_list_contradicts_fails() {
    // SSE2 is part of x86-64 itself: every list of x86-64 features holds it.
    if cpuinfo_has_all(&["sse2"]) != Some(true) {
        eprintln!("no /proc/cpuinfo listing sse2 here: the second opinion cannot be checked");
        return;
    }
    let refused = std::panic::catch_unwind(|| refuse_a_false_skip("test", &["sse2"], "sse2"));
    assert!(
        refused.is_err(),
        "a skip of an instruction set the CPU lists went through"
    );
    // A feature no CPU lists lets the skip through.
    refuse_a_false_skip("test", &["sse2", "no-such-feature"], "no-such-feature");
}
