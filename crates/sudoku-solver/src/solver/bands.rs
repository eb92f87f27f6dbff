//! The band bitboard rules as tables and bit tricks: the in-band permutation rule, sole columns,
//! hidden row singles, and the same on three boards at once. See the module above for the
//! layout of a band.

/// All 27 positions of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// Column 0 of a band: bits 0, 9 and 18. `m * COL_BITS` spreads a 9-bit column mask.
pub(super) const COL_BITS: u32 = 1 | 1 << 9 | 1 << 18;

/// `PERM_KEEP[t]` for a 9-bit triad pattern `t` (bit `3r + s` = row `r` of the band has a
/// candidate in stack `s`): the band cells of the triads that lie on some permutation
/// (one triad per row and per stack) inside `t`. 0 when there is none.
pub(super) const PERM_KEEP: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut pat = 0;
    while pat < 512 {
        let mut keep = 0u32;
        let mut k = 0;
        while k < 6 {
            let p = PERMS[k];
            let mut inside = true;
            let mut cells = 0u32;
            let mut r = 0;
            while r < 3 {
                if pat & (1 << (3 * r + p[r])) == 0 {
                    inside = false;
                }
                cells |= 7 << (9 * r + 3 * p[r]);
                r += 1;
            }
            if inside {
                keep |= cells;
            }
            k += 1;
        }
        t[pat] = keep;
        pat += 1;
    }
    t
};

/// `SOLE_COLUMN[m]` for a 9-bit column mask `m` of one band: the columns that are the only
/// column of their stack in `m`.
pub(super) const SOLE_COLUMN: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut out = 0;
        let mut s = 0;
        while s < 3 {
            let g = (m >> (3 * s)) & 7;
            if g != 0 && g & (g - 1) == 0 {
                out |= g << (3 * s);
            }
            s += 1;
        }
        t[m] = out as u16;
        m += 1;
    }
    t
};

/// `OWN_KEEP[o]` for a 9-bit mask `o` of the columns that only one band can hold: the columns
/// that band keeps. In a stack with one owned column, the band's box keeps just that column; in
/// a stack with two or more, nothing (the box would need the digit twice); else all three.
pub(super) const OWN_KEEP: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut o = 0;
    while o < 512 {
        let mut keep = 0;
        let mut s = 0;
        while s < 3 {
            let g = (o >> (3 * s)) & 7;
            let k = if g == 0 {
                7
            } else if g & (g - 1) == 0 {
                g
            } else {
                0
            };
            keep |= k << (3 * s);
            s += 1;
        }
        t[o] = keep as u16;
        o += 1;
    }
    t
};

/// `PLACE_KEEP[p]`: the band cells a digit keeps after being placed at band position `p`:
/// all but the rest of its row and its box.
pub(super) const PLACE_KEEP: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let row = 0x1FF << (9 * (p / 9));
        let boxm = (7 << (3 * ((p % 9) / 3))) * COL_BITS;
        t[p] = (BAND & !(row | boxm)) | 1 << p;
        p += 1;
    }
    t
};

/// `OTHER_BANDS[b]`: the two bands other than `b`.
pub(super) const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The 9-bit column mask of a band bitboard.
#[inline(always)]
pub(super) fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1FF
}

/// Bit 0 of each row of a band: bits 0, 9 and 18.
pub(super) const ROW_LSB: u32 = 1 | 1 << 9 | 1 << 18;

/// The places of `x` that are alone in their row of the band. Every row of `x` must be
/// non-empty (true after `shrink`): then subtracting `ROW_LSB` borrows inside each row only, and
/// `x & (x - ROW_LSB)` clears the lowest place of each row, leaving the rows with two or more.
#[inline(always)]
pub(super) fn single_rows(x: u32) -> u32 {
    debug_assert!((0..3).all(|r| (x >> (9 * r)) & 0x1FF != 0));
    let rest = x & x.wrapping_sub(ROW_LSB);
    // Bit 8 of each row: set when the row of `rest` is non-empty (no carry leaves a row:
    // 0xFF + 0xFF < 0x200).
    let low = 0xFF * ROW_LSB;
    let busy = (((rest & low) + low) | rest) & (0x100 * ROW_LSB);
    x & !((busy >> 8) * 0x1FF)
}

/// Candidate cells after the in-band permutation rule (see `PERM_KEEP`).
#[inline(always)]
pub(super) fn shrink(a: u32) -> u32 {
    // Bit `9r + 3s`: triad (row r, stack s) is non-empty.
    let u = (a | a >> 1 | a >> 2) & 0o111_111_111;
    // Bits `9r + s`, then the three rows side by side: bit `23 + 3r + s` of the product (the
    // other partial products land below bit 23 or above bit 31, without overlapping).
    let y = (u | u >> 2 | u >> 4) & (7 * ROW_LSB);
    let t = y.wrapping_mul(1 << 23 | 1 << 17 | 1 << 11) >> 23;
    a & PERM_KEEP[t as usize]
}

/// `shrink` of three boards: the first two side by side in a u64 (bits 0..27 and 32..59),
/// where the same shifts and masks work for both and one product gives both keys. In the
/// product (see `shrink`) the first board's key is at bits 23..32 and the second's at 55..64;
/// the other partial products do not overlap these (the only overlap, at bit 43, carries at
/// most to bit 46, which nothing else uses).
#[inline(always)]
pub(super) fn shrink3(a: [u32; 3]) -> [u32; 3] {
    const ROW2: u64 = ROW_LSB as u64 | (ROW_LSB as u64) << 32;
    let x = a[0] as u64 | (a[1] as u64) << 32;
    let u = (x | x >> 1 | x >> 2) & (0o111_111_111 * (1 | 1 << 32));
    let y = (u | u >> 2 | u >> 4) & (7 * ROW2);
    let t = y.wrapping_mul(1 << 23 | 1 << 17 | 1 << 11);
    [
        a[0] & PERM_KEEP[((t >> 23) & 0x1FF) as usize],
        a[1] & PERM_KEEP[(t >> 55) as usize],
        shrink(a[2]),
    ]
}

/// `columns` of three boards, the first two side by side in a u64 as in `shrink3`.
#[inline(always)]
pub(super) fn columns3(a: [u32; 3]) -> [u32; 3] {
    let x = a[0] as u64 | (a[1] as u64) << 32;
    let c = x | x >> 9 | x >> 18;
    [
        (c & 0x1FF) as u32,
        ((c >> 32) & 0x1FF) as u32,
        columns(a[2]),
    ]
}

/// `single_rows` of three boards, the first two side by side in a u64 as in `shrink3` (no
/// borrow or carry crosses a row there either).
#[inline(always)]
pub(super) fn single_rows3(a: [u32; 3]) -> [u32; 3] {
    const ROW2: u64 = ROW_LSB as u64 | (ROW_LSB as u64) << 32;
    let x = a[0] as u64 | (a[1] as u64) << 32;
    let rest = x & x.wrapping_sub(ROW2);
    let low = 0xFF * ROW2;
    let busy = (((rest & low) + low) | rest) & (0x100 * ROW2);
    let s = x & !((busy >> 8) * 0x1FF);
    [s as u32, (s >> 32) as u32, single_rows(a[2])]
}
