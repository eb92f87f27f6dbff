//! Sudoku solver core: per-digit band bitboards, forced moves, bounded backtracking.
//!
//! # Cells, houses and digits
//!
//! Cells are numbered row-major, `index = row * 9 + col`; boxes the same way,
//! `box = (row / 3) * 3 + col / 3`:
//!
//! ```text
//!        c0 c1 c2   c3 c4 c5   c6 c7 c8
//!   r0 |  0  1  2 |  3  4  5 |  6  7  8 |   \
//!   r1 |  9 10 11 | 12 13 14 | 15 16 17 |    > band 0 (boxes 0 1 2)
//!   r2 | 18 19 20 | 21 22 23 | 24 25 26 |   /
//!      +----------+----------+----------+
//!   r3 | 27 28 29 | 30 31 32 | 33 34 35 |   \
//!   r4 | 36 37 38 | 39 40 41 | 42 43 44 |    > band 1 (boxes 3 4 5)
//!   r5 | 45 46 47 | 48 49 50 | 51 52 53 |   /
//!      +----------+----------+----------+
//!   r6 | 54 55 56 | 57 58 59 | 60 61 62 |   \
//!   r7 | 63 64 65 | 66 67 68 | 69 70 71 |    > band 2 (boxes 6 7 8)
//!   r8 | 72 73 74 | 75 76 77 | 78 79 80 |   /
//!        stack 0    stack 1    stack 2
//! ```
//!
//! Digit sets are `u16` masks with bit `d - 1` standing for digit `d` (bit 0 = digit 1,
//! bit 8 = digit 9); bits 9..16 are always 0. Inside this file digits are mostly handled as an
//! index `d` in `0..9` (digit `d + 1`), which is the same bit number.
//!
//! # Band bitboards
//!
//! A band is 3 rows = 27 cells. Cell `i` lies in band `i / 27` at band position `p = i % 27`,
//! that is bit `p` of a `u32` (bits 27..32 always 0):
//!
//! ```text
//!   bit:  0  1  2 |  3  4  5 |  6  7  8     <- first row of the band
//!         9 10 11 | 12 13 14 | 15 16 17     <- second row
//!        18 19 20 | 21 22 23 | 24 25 26     <- third row
//! ```
//!
//! So inside a band, row `r` is bits `9r..9r+9`, column `c` is bits `c, c+9, c+18`
//! (`COL_BITS << c`), and the three cells of row `r` in stack `s` (a *triad*) are
//! `7 << (9r + 3s)`. A 9-bit column mask `m` becomes the band mask `m * COL_BITS`.
//!
//! The state keeps, for each digit `d` and band `b`, `cand[3d + b]`: the band positions where
//! digit `d` may still stand. A cell that has received digit `d` keeps exactly that one bit,
//! in `cand` of digit `d` only. `unsolved[b]` marks the band positions not yet filled.
//! The usual row, column and box masks (u16, bit `d` = digit `d + 1` placed) are not stored:
//! nothing in the search needs them, and without them a guess copies less. `State::houses`
//! derives them from the boards; the debug checks use that view.
//!
//! # Invariants
//!
//! * `cand` only ever loses bits: no step adds a candidate back (a guess works on a copy).
//! * A filled cell has exactly one digit with its bit set, and no peer has that digit's bit.
//!   `place` (guesses) and `place_sole` (naked singles) check with `debug_assert!` that the
//!   digit was a candidate of an unfilled cell and is absent from the cell's row, column and box
//!   masks (`houses`); hidden singles (filled in bulk, see below) check that the digit's boards
//!   already hold it nowhere else in the cell's houses; and a full solution is re-checked (in
//!   debug builds) before it is reported.
//! * A contradiction is reported as soon as a cell has no digit, or a digit has no place in a
//!   row, column or box of some band (checked through the band rules below).
//!
//! # Forced moves (`propagate`), all exact Sudoku rules
//!
//! For one digit in one band, each of the 3 rows and each of the 3 boxes holds the digit
//! exactly once, so the triads that can hold it must contain a 3x3 permutation pattern.
//! `PERM_KEEP` (computed at compile time) maps the 9-bit pattern of non-empty triads to the
//! cells of the triads that lie on at least one such permutation. This one table lookup does
//! pointing and claiming inside the band (box-line interactions along rows), and turns a box
//! with a single place into a row with a single place.
//!
//! Across the 3 bands of one digit, each column holds the digit exactly once:
//! * a box whose candidates for the digit lie in one column claims that column: the other
//!   two bands lose it (`SOLE_COLUMN`);
//! * a column whose candidates lie in one band only belongs to that band, so the box of
//!   that band in that stack keeps only that column (`OWN_KEEP`). This gives hidden singles in
//!   columns and the column-direction box-line interactions.
//!
//! These repeat for a digit until its 3 bands stop changing. Then a row whose digit has one
//! place left gives a hidden single (boxes and columns arrive there through the rules above).
//! At that fixed point the digit's boards already hold a single nowhere else in its row, box
//! and column (the permutation rule keeps only its triad in its box, and that box's sole column
//! leaves the other bands), so filling the singles only takes their cells from the other digits
//! and from `unsolved`, per band all at once, with no `place` per single.
//! When no digit changes any more, cells with a single digit (naked singles) are filled.
//!
//! A digit is looked at again only when its boards differ from `seen`, the boards of its last
//! fixed point. If after `shrink` no board has lost a column since then, the column rules
//! would remove nothing (they depend on the column masks only), so they are skipped (over a
//! third of the updates end there). The bit tricks (`shrink`'s triad key, `single_rows`) and the
//! two-boards-in-a-u64 variants (`shrink3`, `columns3`, `single_rows3`) are checked against
//! plain loops in the tests.
//!
//! # Guessing
//!
//! When nothing is forced, the search branches on a cell, trying each digit on a copy of the
//! state (states are small, live on the stack, and nothing is allocated). The cell
//! (`State::guess_cell`) is one with 2 candidates if there is any, and of those the one with
//! the most unfilled cells in its row and box: filling it forces the most. On the standard hard
//! sets this cuts the guesses by a third compared with taking the first such cell (uniqueness
//! check, per puzzle: magictour 37.6 -> 22.4, forum hardest 1106 570 -> 319, forum hardest
//! 11+ 289 -> 187, 17-clue 2.6 -> 1.5). Without a 2-candidate cell it takes the first cell with
//! 3, else the first unfilled cell. Measured and not kept: the same score over cells with 3
//! candidates, branching on a digit with 2 places in a row ("bi-location") when no cell has 2
//! candidates, scores counting the column too or the digits' places, and ordering the digits
//! of the cell (all equal or worse).
//!
//! Against tdoku (issue 14), counting branch points (a copy of the state here; tdoku's own count
//! of its binary branches there), first 10,000 puzzles of each set, uniqueness check / first
//! solution: random minimal 1.25 / 1.06 here against 0.94 / 0.85 for tdoku, magictour 11.2 / 7.5
//! against 8.9 / 6.1, forum hardest 11+ 93.9 / 48.7 against 63.9 / 35.0, forum hardest 1106 160.4
//! / 77.6 against 110.4 / 59.8, serg 6.0 / 5.3 against 7.0 / 6.4. On the sets that need
//! search, this core makes 1.25 to 1.5 times tdoku's branches (tdoku's propagation works on the
//! triads of both the horizontal and the vertical bands), and wins by cheaper branches (whole-run
//! time per branch point, uniqueness check on the 11+ set: about 0.53 µs against 0.87 µs).
//!
//! Tried and not kept, uniqueness check on the first 3,000 puzzles of each set, every solution
//! checked:
//! * branching as tdoku does, on the triad permutations left to a digit in a band (a digit with
//!   2 is a binary branch): taken before any cell with 2 candidates, 3 to 4 times the branches
//!   (forum hardest 11+ 94 -> 310, 1106 160 -> 638); taken only when no cell has 2, little
//!   change (11+ 94 -> 93, 1106 160 -> 168);
//! * the permutation rule on the columns of each stack (one column per box, one band per column)
//!   in place of `SOLE_COLUMN` and `OWN_KEEP`: exactly the same branches (the rules here already
//!   reach its fixed point), and slower;
//! * triad rules across digits on the rows' triads, at each fixed point (a triad where only 3
//!   digits can go holds all 3, so they leave the rest of its row and box; a triad that 3 digits
//!   must take loses every other digit): 4% to 14% fewer branches (random 1.25 -> 1.16,
//!   magictour 11.2 -> 9.6, 11+ 94.1 -> 90.5, 1106 160.4 -> 148.6), but written plainly the runs
//!   took about 1.6 times as long. Most of tdoku's smaller tree must come from elsewhere: its
//!   vertical triads, and its branching on band configurations together with its propagation.
//!
//! # Cost (what was measured)
//!
//! Counted with callgrind (instructions, so independent of machine load) on fixed subsets,
//! uniqueness check: per guess the search runs about 6 digit updates, 9 rounds of the band rules
//! and 8 placements, some 2,600 instructions in all. Kept, in instructions on 2,000 forum hardest
//! 11+ puzzles: hidden row singles by one subtraction per board instead of a loop over rows -7%;
//! the triad key by shifts and one product instead of 3 lookups -3%; skipping the column rules when
//! no column was lost, with branch-free checks (-2%, and simulated mispredicted branches 12.3M ->
//! 9.2M); the column masks reused and a side table for the other bands -2%; two boards per u64 in
//! `shrink3`, `columns3`, `single_rows3` -6%; `update_digit` out of line -3.5%. In all -17% to -22%
//! instructions on every set (random, 17-clue, magictour, forum hardest 11+ and 1106, serg; also
//! with limit 1), 10-15% less time. Measured and not kept: `place` out of line (+12%), a
//! dirty-digit mask kept by `place` (+27%), one mask for the dirty digits per pass (fewer
//! mispredictions, but vectorised reads of fresh stores: slower), u32-wise board compares (+5%,
//! time equal), one 96-bit mask for the singles of the three bands (+7%), a path for a single
//! changed board (more mispredictions), and setting up the givens in bulk from row, box and
//! column masks (+4% on easy sets).
//!
//! Later, filling the hidden singles of a digit update in bulk as above, instead of one full
//! `place` each (which redid the digit's own boards and cleared the cell digit by digit), naked
//! singles by `place_sole` (only the digit's own boards: no other digit has the cell), and the
//! givens by their own digit's boards only, the filled cells leaving the other digits' boards
//! once at the end (`State::from_givens`); and counting the cells with 3 candidates only when
//! no cell has 2 (`State::three_cells`; the naked-singles round counts up to 3 instead of 4).
//! Instructions (callgrind, uniqueness check) before -> after: forum hardest 11+ (2,000) 970M
//! -> 887M (-8.5%), magictour 120.9M -> 110.5M (-8.6%), random (5,000) 115.6M -> 104.7M
//! (-9.4%), serg (2,000) 56.5M -> 52.6M (-6.9%), forum hardest 1106 306.7M -> 281.2M (-8.3%),
//! 17-clue (3,000) 60.6M -> 54.3M (-10.3%); first solution only: hardest 11+ 486M -> 445M,
//! magictour 78.1M -> 71.5M, random 104.2M -> 94.7M, serg 48.1M -> 44.9M, hardest 1106 147.6M
//! -> 135.4M, 17-clue 57.3M -> 51.4M (same guesses as before). Simulated mispredicted branches
//! (hardest 11+) 9.0M -> 6.7M. Time (repeated A/B, best of 8 runs): 12-17% less on every set,
//! in both modes. Clearing the singles' cells band by band, only in the bands that have one,
//! was 6% slower (more mispredicted branches).
//!
//! Then the givens: the filled cells are found without a branch per cell, and only the givens
//! are looped over (a branch per cell mispredicted about once per given on puzzles whose givens
//! fall at random). Whole program, `solve -f line -j1`, median of 12 alternating runs: random
//! 224 -> 200 ms, 17-clue 89.3 -> 84.9 ms, serg 21.7 -> 21.0 ms, magictour 10.0 -> 9.5 ms,
//! forum hardest 1106 unchanged (17 ms).
//!
//! Tried on 2026-11-23 and not kept (issue 14; instructions by callgrind on the first 2,000
//! forum hardest 11+ puzzles, the first 5,000 random ones, magictour and serg; time by
//! `scripts/ab.py`, 10 alternating rounds, `check -j1`, on the 11+ subset x8, magictour x20 and
//! serg x5):
//! * naked singles' digits read from four bit-sliced index masks instead of a search over the
//!   digits: instructions +0.1%, time 0% to 2% worse;
//! * this core compiled a second time for `popcnt` and `bmi1` (a macro writing `run` and
//!   `update_digit` twice, one with `#[target_feature]`) and chosen with
//!   `is_x86_feature_detected!`: 1% on the 11+ subset, 0% on serg. The whole program built with
//!   those features gains 3% to 4% (x86-64-v3: about the same), so most of that gain lies
//!   outside the core, spread thin; not worth an `unsafe` call;
//! * the guess score counting also the row and box cells with 2 candidates: guesses per puzzle
//!   (uniqueness check) 11+ 189.1 -> 182.6, magictour 22.4 -> 21.1, random 2.47 -> 2.24, serg
//!   7.21 -> 7.35, but time equal (11+ 779 -> 778 ms, magictour 243 -> 235 ms, serg 121 -> 122
//!   ms): the second count costs what the guesses save;
//! * a full grid read row by row without a loop: instructions -1% on serg, time equal;
//! * ending the column-rule loop of `update_digit` as soon as a round leaves the columns as they
//!   were (the next round could only confirm it): +1.3% instructions, the case being rare;
//! * failed-literal probing near the root: at nodes of depth up to D, each cell with 2
//!   candidates tried both ways on copies (a contradiction forces the other digit; when both
//!   survive, what neither keeps goes), repeated while it removes anything. Guesses per puzzle
//!   fall (magictour 22.4 -> 9.7 at D = 1, 2.6 at D = 3; 11+ unchanged at D = 1, 158 at D = 3;
//!   random 2.47 -> 0.04) but every set takes longer: 11+ 1.00x / 1.05x / 1.15x as long at D = 1
//!   / 2 / 3, magictour 1.25x to 1.36x, random 1.04x, serg 3.8x to 12x (its puzzles have many
//!   solutions, so the probes rarely conclude);
//! * the triad rules across digits on both the horizontal and the vertical triads of each band
//!   (18 per band; the digits that can, and those that must, go in each counted bit-sliced over
//!   the 9 digits; a triad with 3 possible digits keeps them, which leave the rest of its row or
//!   column and box; a triad that 3 digits must take is lost to the others; fewer than 3
//!   possible or more than 3 forced is a contradiction), after each fixed point until nothing
//!   changes. Answers identical; guesses per puzzle 11+ 189.1 -> 178.8 (-5%), magictour 22.4 ->
//!   17.6 (-22%), random 2.47 -> 2.24, serg 7.21 -> 7.16; but time 11+ 1.37x, magictour 1.13x,
//!   serg 1.78x as long. So the vertical triads do not explain tdoku's smaller tree on the
//!   hardest sets either, and cross-digit rules cost this layout (a board per digit) far more
//!   than they save;
//! * tdoku's choice of where to branch, the band with the fewest permutations left over all
//!   its digits, used to pick among the cells with 2 candidates (a table of the permutations
//!   inside each triad pattern, 27 lookups per guess): as the first criterion, guesses per
//!   puzzle rise (11+ 189.1 -> 331.1, magictour 22.4 -> 35.7); as a tie-break after the score
//!   above, they fall a little (11+ 189.1 -> 187.1, magictour 22.4 -> 22.0, serg unchanged) but
//!   instructions rise (11+ 887M -> 994M, magictour 110.5M -> 118.0M). Without tdoku's triad
//!   reasoning across digits, its branching gains nothing here;
//! * the first cell with 2 candidates instead of the busiest, on serg, where one might expect
//!   the choice to matter less: more guesses there too (first solution 5.45 -> 5.95 per puzzle,
//!   counting to 2 7.21 -> 7.63).
//!
//! Kept on 2026-11-23: a full grid read with a fixed 3 places per digit and band (`State::grid`;
//! each digit stands once per row) instead of a loop to the board's last bit: serg, counting to
//! 2 (two grids per puzzle), 271.2M -> 266.9M instructions for the whole program.
//!
//! Weighed and not built: one SIMD sweep over all 27 boards per round (lanes = digits, the three
//! bands of a digit in three vectors so the column rules stay lane-wise). Written out, a sweep is
//! about 100 operations per board, some 600 AVX2 instructions for the 27 boards, against about
//! 2,600 instructions per guess then (2,350 since the changes above: 887M for 378,100 guesses
//! on the first 2,000 forum hardest 11+ puzzles); with the 3 to 4 sweeps a fixed point takes
//! (guessed then, counted below), it would at
//! best break even. With AVX-512 (16 lanes, one vector per band) it is half that and might pay,
//! but only on CPUs that have it, behind runtime detection. Weighed again on 2026-11-23, and
//! the sweeps counted:
//! * with `vpternlogd` for the three-input logic and every table made arithmetic (the
//!   permutation rule by rotating the 9-bit triad pattern by rows and by stacks, about 47
//!   operations per vector; `SOLE_COLUMN` about 8; `OWN_KEEP` about 16), a sweep of all 27
//!   boards is about 256 AVX-512 operations;
//! * this propagation written as such sweeps (all nine digits each time, same rules; a cell
//!   claimed by two digits' hidden singles caught by the count of candidates), in plain Rust,
//!   gives the same answers and the same guesses, and counts the sweeps: 6.6 per guess on the
//!   first 2,000 forum hardest 11+ puzzles (2,483,227 for 378,100 guesses, counting to 2), 9.5
//!   on magictour, 6.7 on serg. That is some 1,700 AVX-512 operations per guess, against about
//!   1,670 instructions per guess in `update_digit` now (71% of the 887M): no gain, before
//!   reading lanes back for the naked singles and the guess. The sweep form in plain code took
//!   3.6G instructions against 887M: following only the digits that changed (`seen`) saves
//!   three quarters of the work, and a sweep cannot.
//!
//! SIMD over the three bands of one digit (SSE2 lanes) would not pay either: the
//! two-boards-in-a-u64 helpers already work on the bands in parallel, and the tables would have
//! to become arithmetic (the permutation rule alone some 40 operations against about 25 with
//! `PERM_KEEP`). tdoku's gain comes from its representation as a whole (each box a 16-lane
//! vector of cells and triad literals, the bands of both orientations as sets of 6
//! configurations per digit, eliminations sent between them), which gives both its smaller tree
//! and its SIMD throughput. Our reading: 1.3x on the hard sets and serg needs a core of that
//! kind, written anew in our own words, not more trimming of this one.

use crate::grid::Candidates;

/// Outcome of a bounded search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Solutions found, never more than the limit.
    pub solutions: u64,
    /// The first solution found, if any (cells 0..81 row-major, digits 1..=9).
    pub first: Option<[u8; 81]>,
    /// The second solution found, if the limit allowed searching that far and one exists.
    pub second: Option<[u8; 81]>,
    /// Number of guesses (branch points where a candidate was tried) during the search.
    pub guesses: u64,
}

/// All 27 positions of a band.
const BAND: u32 = (1 << 27) - 1;
/// Column 0 of a band: bits 0, 9 and 18. `m * COL_BITS` spreads a 9-bit column mask.
const COL_BITS: u32 = 1 | 1 << 9 | 1 << 18;

/// `PERM_KEEP[t]` for a 9-bit triad pattern `t` (bit `3r + s` = row `r` of the band has a
/// candidate in stack `s`): the band cells of the triads that lie on some permutation
/// (one triad per row and per stack) inside `t`. 0 when there is none.
const PERM_KEEP: [u32; 512] = {
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
const SOLE_COLUMN: [u16; 512] = {
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
const OWN_KEEP: [u16; 512] = {
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
const PLACE_KEEP: [u32; 27] = {
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
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The 9-bit column mask of a band bitboard.
#[inline(always)]
fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1FF
}

/// Bit 0 of each row of a band: bits 0, 9 and 18.
const ROW_LSB: u32 = 1 | 1 << 9 | 1 << 18;

/// The places of `x` that are alone in their row of the band. Every row of `x` must be
/// non-empty (true after `shrink`): then subtracting `ROW_LSB` borrows inside each row only, and
/// `x & (x - ROW_LSB)` clears the lowest place of each row, leaving the rows with two or more.
#[inline(always)]
fn single_rows(x: u32) -> u32 {
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
fn shrink(a: u32) -> u32 {
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
fn shrink3(a: [u32; 3]) -> [u32; 3] {
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
fn columns3(a: [u32; 3]) -> [u32; 3] {
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
fn single_rows3(a: [u32; 3]) -> [u32; 3] {
    const ROW2: u64 = ROW_LSB as u64 | (ROW_LSB as u64) << 32;
    let x = a[0] as u64 | (a[1] as u64) << 32;
    let rest = x & x.wrapping_sub(ROW2);
    let low = 0xFF * ROW2;
    let busy = (((rest & low) + low) | rest) & (0x100 * ROW2);
    let s = x & !((busy >> 8) * 0x1FF);
    [s as u32, (s >> 32) as u32, single_rows(a[2])]
}

/// A contradiction: this branch has no solution.
struct Contradiction;

#[derive(Clone, Copy)]
struct State {
    /// `cand[3 * d + b]`: band positions of band `b` where digit `d + 1` may stand.
    cand: [u32; 27],
    /// `seen[3 * d + b]`: `cand` as it was when digit `d + 1` was last brought to a fixed point.
    seen: [u32; 27],
    /// Unfilled band positions of each band.
    unsolved: [u32; 3],
}

/// The cells to guess on: per band, the unfilled cells with exactly 2 candidates (the cells
/// with 3, needed only when there is none, are counted then, by `State::three_cells`).
struct Counts {
    two: [u32; 3],
}

impl State {
    fn new() -> State {
        State {
            cand: [BAND; 27],
            seen: [0; 27],
            unsolved: [BAND; 3],
        }
    }

    /// The state after placing the givens (as `place` would), or `None` if a value is above 9
    /// or two givens of a digit share a row, column or box. Each given only updates its own
    /// digit's boards; the filled cells leave the other digits' boards at the end, all at once.
    fn from_givens(givens: &[u8; 81]) -> Option<State> {
        let mut st = State::new();
        let mut given = [0u32; 27];
        // The filled cells first, without a branch per cell (givens and blanks alternate at
        // random, so such a branch would mispredict about once per given); then a loop over the
        // givens only.
        let mut filled = [0u32; 3];
        for (band, cells) in filled.iter_mut().zip(givens.chunks_exact(27)) {
            for (p, &v) in cells.iter().enumerate() {
                *band |= u32::from(v != 0) << p;
            }
        }
        for (b, &band) in filled.iter().enumerate() {
            let mut cells = band;
            while cells != 0 {
                let p = cells.trailing_zeros();
                cells &= cells - 1;
                let v = givens[27 * b + p as usize];
                let d = v as usize - 1;
                if v > 9 || st.cand[3 * d + b] & (1 << p) == 0 {
                    return None;
                }
                st.claim(d, b, p);
                given[3 * d + b] |= 1 << p;
            }
        }
        st.unsolved = [!filled[0] & BAND, !filled[1] & BAND, !filled[2] & BAND];
        for d in 0..9 {
            for b in 0..3 {
                st.cand[3 * d + b] = (st.cand[3 * d + b] & st.unsolved[b]) | given[3 * d + b];
            }
        }
        Some(st)
    }

    /// The state of a pencilmark grid: every cell unfilled, with exactly its candidates. No digit
    /// is at a fixed point yet (`seen` is empty), so the first `propagate` looks at all nine, and
    /// fills the cells with one candidate as naked singles.
    fn from_candidates(masks: &[u16; 81]) -> State {
        let mut st = State {
            cand: [0; 27],
            seen: [0; 27],
            unsolved: [BAND; 3],
        };
        for (i, &mask) in masks.iter().enumerate() {
            let (b, p) = (i / 27, i % 27);
            let mut digits = mask & 0x1FF;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                st.cand[3 * d + b] |= 1 << p;
            }
        }
        st
    }

    /// Place digit `d + 1` at band position `p` of band `b`: it must be a candidate there and
    /// the cell must be unfilled. Removes the digit from the cell's row, box and column, and
    /// every other digit from the cell.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, p: u32) {
        let bit = 1u32 << p;
        debug_assert!(self.cand[3 * d + b] & bit != 0 && self.unsolved[b] & bit != 0);
        debug_assert!(self.houses_of(b, p).iter().all(|&h| h & (1 << d) == 0));
        let own = self.cand[3 * d + b];
        for k in 0..9 {
            self.cand[3 * k + b] &= !bit;
        }
        self.cand[3 * d + b] = own;
        self.place_sole(d, b, p);
    }

    /// `place` for a cell whose only candidate is digit `d + 1` (a naked single): no other
    /// digit has the cell, so only the digit's own boards change.
    #[inline(always)]
    fn place_sole(&mut self, d: usize, b: usize, p: u32) {
        let bit = 1u32 << p;
        debug_assert!((0..9).all(|k| (self.cand[3 * k + b] & bit != 0) == (k == d)));
        debug_assert!(self.unsolved[b] & bit != 0);
        debug_assert!(self.houses_of(b, p).iter().all(|&h| h & (1 << d) == 0));
        self.claim(d, b, p);
        self.unsolved[b] &= !bit;
    }

    /// Digit `d + 1`'s side of a placement at band position `p` of band `b`: the digit leaves
    /// the rest of the cell's row and box, and the cell's column in the other two bands. The
    /// other digits and `unsolved` are the caller's business.
    #[inline(always)]
    fn claim(&mut self, d: usize, b: usize, p: u32) {
        self.cand[3 * d + b] &= PLACE_KEEP[p as usize];
        let col_bits = COL_BITS << (p % 9);
        let (b1, b2) = OTHER_BANDS[b];
        self.cand[3 * d + b1] &= !col_bits;
        self.cand[3 * d + b2] &= !col_bits;
    }

    /// Bring digit `d + 1` to a fixed point of the band and column rules, then fill its hidden
    /// singles in rows.
    ///
    /// Kept out of line: the loop over the digits in `propagate` is then unrolled and its
    /// checks stay cheap (3.5% fewer instructions, and fewer mispredicted branches).
    #[inline(never)]
    fn update_digit(&mut self, d: usize) -> Result<(), Contradiction> {
        let i = 3 * d;
        let mut a = [self.cand[i], self.cand[i + 1], self.cand[i + 2]];
        let old = [self.seen[i], self.seen[i + 1], self.seen[i + 2]];
        // `old` was a fixed point of all the rules and `a` has lost places since. When no
        // board lost a column by that and by `shrink`, the column rules give what they gave at
        // `old`, which kept all of `old` and so all of `a`: the shrunk `a` is a fixed point and
        // they need not run (the usual case: a cell of the digit was filled by another digit).
        a = shrink3(a);
        if a[0] == 0 || a[1] == 0 || a[2] == 0 {
            return Err(Contradiction);
        }
        let mut m = columns3(a);
        let mo = columns3(old);
        let lost = (m[0] ^ mo[0]) | (m[1] ^ mo[1]) | (m[2] ^ mo[2]);
        if lost != 0 {
            loop {
                // Here every board of `a` is shrunk and `m` holds its columns.
                if m[0] | m[1] | m[2] != 0x1FF {
                    return Err(Contradiction);
                }
                let sole = [
                    SOLE_COLUMN[m[0] as usize],
                    SOLE_COLUMN[m[1] as usize],
                    SOLE_COLUMN[m[2] as usize],
                ];
                let keep = |b: usize, o1: usize, o2: usize| -> u32 {
                    let owned = m[b] & !(m[o1] | m[o2]);
                    let cols = OWN_KEEP[owned as usize] & !(sole[o1] | sole[o2]);
                    a[b] & (cols as u32 * COL_BITS)
                };
                let next = [keep(0, 1, 2), keep(1, 0, 2), keep(2, 0, 1)];
                if next == a {
                    break;
                }
                a = shrink3(next);
                if a[0] == 0 || a[1] == 0 || a[2] == 0 {
                    return Err(Contradiction);
                }
                m = columns3(a);
            }
        }
        self.cand[i..i + 3].copy_from_slice(&a);
        self.seen[i..i + 3].copy_from_slice(&a);
        // Hidden singles in rows: a row of the band with one place left, not yet filled.
        let rows = single_rows3(a);
        let singles = [
            rows[0] & self.unsolved[0],
            rows[1] & self.unsolved[1],
            rows[2] & self.unsolved[2],
        ];
        if singles[0] | singles[1] | singles[2] == 0 {
            return Ok(());
        }
        // `a` is a fixed point of the rules, so the digit's boards already hold it nowhere else
        // in the row, box or column of a single (the row has one place, so the permutation rule
        // keeps only that triad in its box, and the box's sole column leaves the other bands):
        // filling the singles only takes the cells from the other digits.
        let [s0, s1, s2] = singles;
        for k in 0..9 {
            self.cand[3 * k] &= !s0;
            self.cand[3 * k + 1] &= !s1;
            self.cand[3 * k + 2] &= !s2;
        }
        self.cand[i..i + 3].copy_from_slice(&a);
        self.unsolved[0] &= !s0;
        self.unsolved[1] &= !s1;
        self.unsolved[2] &= !s2;
        debug_assert!(singles.iter().enumerate().all(|(b, &s)| {
            (0..27).filter(|&p| s & (1 << p) != 0).all(|p| {
                let (b1, b2) = OTHER_BANDS[b];
                let col = COL_BITS << (p % 9);
                a[b] & !PLACE_KEEP[p] == 0 && (a[b1] | a[b2]) & col == 0
            })
        }));
        Ok(())
    }

    /// Apply forced moves until none is left. On success returns the cells with 2 and 3
    /// candidates (all zero once the grid is full).
    fn propagate(&mut self) -> Result<Counts, Contradiction> {
        loop {
            loop {
                let mut changed = false;
                for d in 0..9 {
                    let i = 3 * d;
                    if self.cand[i..i + 3] != self.seen[i..i + 3] {
                        self.update_digit(d)?;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            // Naked singles, and candidate counts per cell.
            let mut counts = Counts { two: [0; 3] };
            let mut any = false;
            for b in 0..3 {
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let x = self.cand[3 * d + b];
                    three |= two & x;
                    two |= one & x;
                    one |= x;
                }
                if one != BAND {
                    return Err(Contradiction);
                }
                let unsolved = self.unsolved[b];
                let mut singles = one & !two & unsolved;
                counts.two[b] = two & !three & unsolved;
                any |= singles != 0;
                while singles != 0 {
                    let p = singles.trailing_zeros();
                    let bit = 1u32 << p;
                    singles &= singles - 1;
                    let Some(d) = (0..9).find(|&d| self.cand[3 * d + b] & bit != 0) else {
                        // An earlier single of this loop emptied the cell.
                        return Err(Contradiction);
                    };
                    self.place_sole(d, b, p);
                }
            }
            if !any {
                return Ok(counts);
            }
        }
    }

    /// The cell to branch on: of the cells with 2 candidates, the one with the most unfilled
    /// cells in its row and box (its choice then forces the most); else the first cell with 3
    /// candidates, else the first unfilled cell.
    fn guess_cell(&self, counts: &Counts) -> (usize, u32) {
        let mut best = None;
        let mut best_score = 0;
        for (b, &two) in counts.two.iter().enumerate() {
            let mut cells = two;
            while cells != 0 {
                let p = cells.trailing_zeros();
                cells &= cells - 1;
                // Unfilled cells of the row and box in the band (all but the cells kept when
                // a digit is placed at `p`).
                let score = (self.unsolved[b] & !PLACE_KEEP[p as usize]).count_ones();
                if best.is_none() || score > best_score {
                    best_score = score;
                    best = Some((b, p));
                }
            }
        }
        let first = |m: &[u32; 3]| {
            (0..3)
                .find(|&b| m[b] != 0)
                .map(|b| (b, m[b].trailing_zeros()))
        };
        best.or_else(|| first(&self.three_cells()))
            .or_else(|| first(&self.unsolved))
            .unwrap_or((0, 0))
    }

    /// Per band, the unfilled cells with exactly 3 candidates.
    fn three_cells(&self) -> [u32; 3] {
        let mut out = [0; 3];
        for (b, o) in out.iter_mut().enumerate() {
            let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[3 * d + b];
                four |= three & x;
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            *o = three & !four & self.unsolved[b];
        }
        out
    }

    /// The row, column and box masks (bit `d` = digit `d + 1` placed) of the filled cells.
    /// They are not kept during the search (a guess copies less without them): this derived
    /// view serves the debug checks.
    fn houses(&self) -> [[u16; 9]; 3] {
        let mut h = [[0u16; 9]; 3];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cand[3 * d + b] & !self.unsolved[b];
                while x != 0 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    let (row, col) = (3 * b + p / 9, p % 9);
                    h[0][row] |= 1 << d;
                    h[1][col] |= 1 << d;
                    h[2][3 * b + col / 3] |= 1 << d;
                }
            }
        }
        h
    }

    /// The row, column and box masks of the houses of band position `p` of band `b`.
    fn houses_of(&self, b: usize, p: u32) -> [u16; 3] {
        let h = self.houses();
        let (row, col) = (3 * b + (p / 9) as usize, (p % 9) as usize);
        [h[0][row], h[1][col], h[2][3 * b + col / 3]]
    }

    fn is_full(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The grid of a full state. Each digit stands exactly once in each row, so its board of
    /// each band holds exactly 3 places: a fixed count of 3 per board, with no loop branch to
    /// mispredict.
    fn grid(&self) -> [u8; 81] {
        debug_assert!(self.is_full());
        let mut g = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cand[3 * d + b];
                debug_assert_eq!(x.count_ones(), 3);
                for _ in 0..3 {
                    let p = x.trailing_zeros() as usize;
                    x &= x - 1;
                    debug_assert!(g[27 * b + p] == 0);
                    g[27 * b + p] = d as u8 + 1;
                }
            }
        }
        g
    }
}

/// Debug check of a finished grid: every house holds every digit.
fn grid_is_valid(g: &[u8; 81]) -> bool {
    (0..9).all(|k| {
        let (mut r, mut c, mut b) = (0u16, 0u16, 0u16);
        for j in 0..9 {
            r |= 1 << g[k * 9 + j];
            c |= 1 << g[j * 9 + k];
            b |= 1 << g[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3];
        }
        r == 0x3FE && c == 0x3FE && b == 0x3FE
    })
}

struct Search {
    limit: u64,
    out: SearchOutcome,
}

impl Search {
    fn run(&mut self, st: &mut State) {
        let counts = match st.propagate() {
            Err(Contradiction) => return,
            Ok(c) => c,
        };
        if st.is_full() {
            let g = st.grid();
            debug_assert!(grid_is_valid(&g));
            debug_assert!(st.houses() == [[0x1FF; 9]; 3]);
            self.out.solutions += 1;
            if self.out.first.is_none() {
                self.out.first = Some(g);
            } else if self.out.second.is_none() {
                self.out.second = Some(g);
            }
            return;
        }
        let (b, p) = st.guess_cell(&counts);
        let bit = 1u32 << p;
        let mut digits = (0..9).filter(|&d| st.cand[3 * d + b] & bit != 0).peekable();
        while let Some(d) = digits.next() {
            self.out.guesses += 1;
            if digits.peek().is_none() {
                // Last candidate: no need to keep the parent state.
                st.place(d, b, p);
                self.run(st);
                return;
            }
            let mut next = *st;
            next.place(d, b, p);
            self.run(&mut next);
            if self.out.solutions >= self.limit {
                return;
            }
        }
    }
}

/// Search for up to `limit` solutions of `givens` (row-major, index = row*9 + col, 0 = empty,
/// 1..=9 = given). `limit` 0 returns 0 solutions immediately. The search stops as soon as
/// `limit` solutions are found. Invalid input (a value above 9, or givens that conflict) has no
/// solution.
pub fn search(givens: &[u8; 81], limit: u64) -> SearchOutcome {
    search_from(limit, || State::from_givens(givens))
}

/// Search a pencilmark grid for up to `limit` solutions: each cell may only take one of its
/// candidates (bit `d - 1` of `masks[i]` for digit `d`). A cell with no candidate, or candidates
/// that no filling obeys, gives no solution. The same core as [`search`], started from the
/// candidate masks instead of givens.
pub fn search_candidates(candidates: &Candidates, limit: u64) -> SearchOutcome {
    search_from(limit, || Some(State::from_candidates(candidates.masks())))
}

/// The search of [`search`] and [`search_candidates`], from the state `start` makes (`None`: no
/// solution). `start` is not called when `limit` is 0.
#[inline(always)]
fn search_from(limit: u64, start: impl FnOnce() -> Option<State>) -> SearchOutcome {
    let mut s = Search {
        limit,
        out: SearchOutcome {
            solutions: 0,
            first: None,
            second: None,
            guesses: 0,
        },
    };
    if limit > 0 {
        if let Some(mut st) = start() {
            s.run(&mut st);
        }
    }
    s.out
}

/// First solution only: same as `search(givens, 1)`.
pub fn solve(givens: &[u8; 81]) -> SearchOutcome {
    search(givens, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> [u8; 81] {
        let mut g = [0u8; 81];
        for (i, ch) in s.bytes().enumerate() {
            g[i] = match ch {
                b'1'..=b'9' => ch - b'0',
                _ => 0,
            };
        }
        g
    }

    /// Independent check: `sol` is a complete valid grid that keeps every given.
    fn is_valid_solution(givens: &[u8; 81], sol: &[u8; 81]) -> bool {
        for i in 0..81 {
            if !(1..=9).contains(&sol[i]) || (givens[i] != 0 && givens[i] != sol[i]) {
                return false;
            }
        }
        for k in 0..9 {
            let (mut r, mut c, mut b) = ([false; 10], [false; 10], [false; 10]);
            for j in 0..9 {
                let rv = sol[k * 9 + j] as usize;
                let cv = sol[j * 9 + k] as usize;
                let bv = sol[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3] as usize;
                if r[rv] || c[cv] || b[bv] {
                    return false;
                }
                r[rv] = true;
                c[cv] = true;
                b[bv] = true;
            }
        }
        true
    }

    /// Independent slow counter: plain backtracking, first empty cell, no propagation.
    fn brute_count(g: &mut [u8; 81], cap: u64) -> u64 {
        fn ok(g: &[u8; 81], i: usize, v: u8) -> bool {
            let (r, c) = (i / 9, i % 9);
            for k in 0..9 {
                if g[r * 9 + k] == v || g[k * 9 + c] == v {
                    return false;
                }
                if g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v {
                    return false;
                }
            }
            true
        }
        fn rec(g: &mut [u8; 81], cap: u64, n: &mut u64) {
            let Some(i) = g.iter().position(|&v| v == 0) else {
                *n += 1;
                return;
            };
            for v in 1..=9 {
                if ok(g, i, v) {
                    g[i] = v;
                    rec(g, cap, n);
                    g[i] = 0;
                    if *n >= cap {
                        return;
                    }
                }
            }
        }
        // Givens must not conflict among themselves.
        for i in 0..81 {
            if g[i] > 9 {
                return 0;
            }
            if g[i] != 0 {
                let v = g[i];
                g[i] = 0;
                let fine = ok(g, i, v);
                g[i] = v;
                if !fine {
                    return 0;
                }
            }
        }
        let mut n = 0;
        rec(g, cap, &mut n);
        n
    }

    /// Full consistency check of one search against the independent tools.
    fn check(givens: &[u8; 81], limit: u64, expected: u64) {
        let out = search(givens, limit);
        assert_eq!(out.solutions, expected.min(limit));
        assert_eq!(out.first.is_some(), out.solutions >= 1);
        assert_eq!(out.second.is_some(), out.solutions >= 2);
        if let Some(s) = &out.first {
            assert!(is_valid_solution(givens, s));
        }
        if let Some(s) = &out.second {
            assert!(is_valid_solution(givens, s));
            assert_ne!(out.first.as_ref(), Some(s));
        }
    }

    const LEET: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const LEET_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn leetcode_37() {
        let g = parse(LEET);
        let out = solve(&g);
        assert_eq!(out.solutions, 1);
        assert_eq!(out.first, Some(parse(LEET_SOLUTION)));
        assert!(is_valid_solution(&g, &out.first.unwrap()));
        check(&g, 2, 1);
        check(&g, 100, 1);
    }

    #[test]
    fn limit_zero() {
        let out = search(&parse(LEET), 0);
        assert_eq!(out.solutions, 0);
        assert_eq!(out.first, None);
        assert_eq!(out.guesses, 0);
    }

    #[test]
    fn empty_grid() {
        let g = [0u8; 81];
        check(&g, 1, u64::MAX);
        check(&g, 2, u64::MAX);
        check(&g, 5000, u64::MAX);
    }

    #[test]
    fn conflicting_givens() {
        let mut row = [0u8; 81];
        row[3] = 5;
        row[7] = 5;
        let mut col = [0u8; 81];
        col[4] = 2;
        col[76] = 2;
        let mut bx = [0u8; 81];
        bx[30] = 9;
        bx[50] = 9;
        let mut big = parse(LEET);
        big[2] = 10;
        let mut huge = [0u8; 81];
        huge[80] = 255;
        for g in [row, col, bx, big, huge] {
            assert_eq!(brute_count(&mut g.clone(), 2), 0);
            check(&g, 1, 0);
            check(&g, 10, 0);
        }
    }

    #[test]
    fn unsolvable_without_visible_conflict() {
        // r0c8 has no candidate: 1..8 in its row, 9 in its column.
        let a = parse(
            "12345678.\
             .........\
             .........\
             .........\
             ........9\
             .........\
             .........\
             .........\
             .........",
        );
        // The LeetCode puzzle (unique) plus one extra given that differs from its solution
        // but conflicts with no given: no solution, and nothing visible.
        let leet = parse(LEET);
        let sol = parse(LEET_SOLUTION);
        let mut extra = Vec::new();
        for i in 0..81 {
            for v in 1..=9u8 {
                let (r, c) = (i / 9, i % 9);
                let visible = (0..9).any(|k| {
                    leet[r * 9 + k] == v
                        || leet[k * 9 + c] == v
                        || leet[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v
                });
                if leet[i] == 0 && v != sol[i] && !visible && extra.len() < 8 {
                    let mut g = leet;
                    g[i] = v;
                    extra.push(g);
                }
            }
        }
        assert_eq!(extra.len(), 8);
        let b = extra[0];
        let c = extra[7];
        for g in [a, b, c] {
            assert_eq!(brute_count(&mut g.clone(), 2), 0);
            check(&g, 1, 0);
            check(&g, 2, 0);
        }
    }

    /// Two solved grids: the LeetCode solution and a pattern grid with many deadly rectangles.
    fn solved_grids() -> Vec<[u8; 81]> {
        let mut pattern = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                pattern[r * 9 + c] = ((r * 3 + r / 3 + c) % 9 + 1) as u8;
            }
        }
        let leet = parse(LEET_SOLUTION);
        assert!(is_valid_solution(&[0; 81], &pattern));
        assert!(is_valid_solution(&[0; 81], &leet));
        vec![leet, pattern]
    }

    /// Deadly rectangles: 4 cells in 2 rows, 2 columns and 2 boxes holding a/b, b/a.
    fn rectangles(g: &[u8; 81]) -> Vec<[usize; 4]> {
        let mut out = Vec::new();
        for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let same_band = r1 / 3 == r2 / 3;
                        let same_stack = c1 / 3 == c2 / 3;
                        if same_band == same_stack {
                            continue; // must span exactly two boxes
                        }
                        let (a, b, c, d) = (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2);
                        if g[a] == g[d] && g[b] == g[c] {
                            out.push([a, b, c, d]);
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn exact_counts_from_deadly_patterns() {
        let mut seen_counts = std::collections::BTreeSet::new();
        for grid in solved_grids() {
            let rects = rectangles(&grid);
            // One rectangle, then unions of two and three rectangles with disjoint cells.
            for (k, first) in rects.iter().enumerate().take(12) {
                let mut g = grid;
                for &i in first {
                    g[i] = 0;
                }
                let mut blanked = 1;
                for other in rects.iter().skip(k + 1) {
                    if blanked == 1 + k % 3 {
                        break;
                    }
                    if other.iter().all(|&i| g[i] != 0) {
                        for &i in other {
                            g[i] = 0;
                        }
                        blanked += 1;
                    }
                }
                let n = brute_count(&mut g.clone(), 1000);
                assert!(n >= 2);
                seen_counts.insert(n);
                for limit in [1, 2, n, n + 1, 1000] {
                    check(&g, limit, n);
                }
            }
        }
        // We did exercise counts above 2 (e.g. 4 and 8).
        assert!(seen_counts.iter().any(|&n| n > 2), "{seen_counts:?}");
    }

    #[test]
    fn random_blanking_matches_brute_force() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for grid in solved_grids() {
            for round in 0..40 {
                let mut g = grid;
                let blanks = 40 + round % 20;
                for _ in 0..blanks {
                    g[(next() % 81) as usize] = 0;
                }
                let n = brute_count(&mut g.clone(), 200);
                check(&g, 1, n);
                check(&g, 2, n);
                check(&g, 201, n);
                // A random given changed to make many of them contradictory.
                let i = (next() % 81) as usize;
                g[i] = (next() % 9 + 1) as u8;
                let n = brute_count(&mut g.clone(), 200);
                check(&g, 2, n);
                check(&g, 201, n);
            }
        }
    }

    /// Independent slow counter for pencilmarks: plain backtracking over the cells in order, each
    /// taking only its candidates, checked against the filled peers.
    fn brute_count_marks(masks: &[u16; 81], cap: u64) -> u64 {
        fn rec(masks: &[u16; 81], g: &mut [u8; 81], i: usize, cap: u64, n: &mut u64) {
            if i == 81 {
                *n += 1;
                return;
            }
            let (r, c) = (i / 9, i % 9);
            for v in 1..=9u8 {
                if masks[i] & (1 << (v - 1)) == 0 {
                    continue;
                }
                let clash = (0..9).any(|k| {
                    g[r * 9 + k] == v
                        || g[k * 9 + c] == v
                        || g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v
                });
                if !clash {
                    g[i] = v;
                    rec(masks, g, i + 1, cap, n);
                    g[i] = 0;
                    if *n >= cap {
                        return;
                    }
                }
            }
        }
        let mut n = 0;
        rec(masks, &mut [0; 81], 0, cap, &mut n);
        n
    }

    #[test]
    fn pencilmarks_match_brute_force_and_givens() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for grid in solved_grids() {
            for round in 0..60 {
                // Each cell keeps its solution digit and some random others; now and then a
                // cell loses its solution digit too, or every candidate.
                let mut masks = [0u16; 81];
                for (i, mask) in masks.iter_mut().enumerate() {
                    let extra = if next() % 3 == 0 {
                        0
                    } else {
                        next() as u16 & 0x1FF
                    };
                    *mask = (1 << (grid[i] - 1)) | extra;
                }
                if round % 5 == 0 {
                    let i = (next() % 81) as usize;
                    masks[i] &= !(1 << (grid[i] - 1));
                }
                if round % 17 == 0 {
                    masks[(next() % 81) as usize] = 0;
                }
                let c = Candidates::from_masks(masks).unwrap();
                let n = brute_count_marks(&masks, 50);
                for limit in [1, 2, 50] {
                    let out = search_candidates(&c, limit);
                    assert_eq!(out.solutions, n.min(limit), "round {round}");
                    for sol in [out.first, out.second].into_iter().flatten() {
                        assert!(is_valid_solution(&[0; 81], &sol));
                        assert!((0..81).all(|i| masks[i] & (1 << (sol[i] - 1)) != 0));
                    }
                }
            }
        }
        // A board of givens as candidates: the same answers as from the givens.
        let leet = parse(LEET);
        let c = Candidates::from_grid(&crate::grid::Grid::from_cells(leet).unwrap());
        assert_eq!(search_candidates(&c, 2).first, search(&leet, 2).first);
        assert_eq!(search_candidates(&c, 2).solutions, 1);
        assert_eq!(search_candidates(&Candidates::ALL, 3).solutions, 3);
    }

    /// The state after placing the givens of `g` (no propagation).
    fn state_of(g: &[u8; 81]) -> State {
        let mut st = State::new();
        for (i, &v) in g.iter().enumerate() {
            if v != 0 {
                st.place(v as usize - 1, i / 27, (i % 27) as u32);
            }
        }
        st
    }

    #[test]
    fn givens_in_bulk_match_placing_them_one_by_one() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut grids = vec![parse(LEET), [0; 81]];
        for grid in solved_grids() {
            for round in 0..60 {
                let mut g = grid;
                for _ in 0..30 + round % 40 {
                    g[(next() % 81) as usize] = 0;
                }
                grids.push(g);
            }
        }
        for g in grids {
            let st = State::from_givens(&g).expect("consistent givens");
            let one = state_of(&g);
            assert_eq!(st.cand, one.cand);
            assert_eq!(st.unsolved, one.unsolved);
            assert_eq!(st.seen, [0; 27]);
        }
        // Conflicts in a row, a column, a box; a value above 9.
        for (i, j, v) in [(3, 7, 5u8), (4, 76, 2), (30, 50, 9)] {
            let mut g = [0u8; 81];
            g[i] = v;
            g[j] = v;
            assert!(State::from_givens(&g).is_none());
        }
        let mut g = parse(LEET);
        g[2] = 10;
        assert!(State::from_givens(&g).is_none());
    }

    #[test]
    fn three_cells_have_three_candidates() {
        for p in [
            LEET,
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        ] {
            let st = state_of(&parse(p));
            for (b, three) in st.three_cells().into_iter().enumerate() {
                for q in 0..27 {
                    let n = (0..9)
                        .filter(|&d| st.cand[3 * d + b] & (1 << q) != 0)
                        .count();
                    let want = n == 3 && st.unsolved[b] & (1 << q) != 0;
                    assert_eq!(three & (1 << q) != 0, want, "{p} {b} {q}");
                }
            }
        }
    }

    #[test]
    fn houses_view_matches_the_givens() {
        let g = parse(LEET);
        let h = state_of(&g).houses();
        let mut expected = [[0u16; 9]; 3];
        for (i, &v) in g.iter().enumerate() {
            if v != 0 {
                let (r, c) = (i / 9, i % 9);
                expected[0][r] |= 1 << (v - 1);
                expected[1][c] |= 1 << (v - 1);
                expected[2][r / 3 * 3 + c / 3] |= 1 << (v - 1);
            }
        }
        assert_eq!(h, expected);
    }

    #[test]
    fn guess_cell_takes_the_busiest_cell_with_two_candidates() {
        let digits = |st: &State, b: usize, p: u32| {
            (0..9)
                .filter(|&d| st.cand[3 * d + b] & (1 << p) != 0)
                .count()
        };
        let mut tried = 0;
        for p in [
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ] {
            let mut st = state_of(&parse(p));
            let Ok(counts) = st.propagate() else {
                panic!("{p}")
            };
            let (b, p) = st.guess_cell(&counts);
            assert!(st.unsolved[b] & (1 << p) != 0);
            if counts.two == [0; 3] {
                continue;
            }
            tried += 1;
            assert_eq!(digits(&st, b, p), 2);
            let score = |b: usize, p: u32| (st.unsolved[b] & !PLACE_KEEP[p as usize]).count_ones();
            for ob in 0..3 {
                for op in 0..27 {
                    if counts.two[ob] & (1 << op) != 0 {
                        assert_eq!(digits(&st, ob, op), 2);
                        assert!(score(ob, op) <= score(b, p));
                    }
                }
            }
        }
        assert!(tried > 0);
    }

    /// The band board with one place in each triad of the 9-bit pattern `t` (bit `3r + s`),
    /// the place in the triad picked by `pick`.
    fn board_of_triads(t: u32, pick: u64) -> u32 {
        let mut a = 0;
        for k in 0..9 {
            if t & (1 << k) != 0 {
                let (r, s) = (k / 3, k % 3);
                a |= 1 << (9 * r + 3 * s + ((pick >> (2 * k)) % 3) as u32);
            }
        }
        a
    }

    /// `shrink` as first written: triad pattern by plain loops, then `PERM_KEEP`.
    fn plain_shrink(a: u32) -> u32 {
        let mut t = 0;
        for r in 0..3 {
            for s in 0..3 {
                if a & (7 << (9 * r + 3 * s)) != 0 {
                    t |= 1 << (3 * r + s);
                }
            }
        }
        a & PERM_KEEP[t]
    }

    fn plain_single_rows(a: u32) -> u32 {
        let mut out = 0;
        for r in 0..3 {
            let row = (a >> (9 * r)) & 0x1FF;
            if row.count_ones() == 1 {
                out |= row << (9 * r);
            }
        }
        out
    }

    fn plain_columns(a: u32) -> u32 {
        (0..9)
            .filter(|&c| a & (COL_BITS << c) != 0)
            .fold(0, |m, c| m | 1 << c)
    }

    #[test]
    fn bit_tricks_match_plain_loops() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        // Every pair of triad patterns side by side (the keys of `shrink3` depend on nothing
        // else), and random boards, dense and sparse.
        for t0 in 0..512 {
            for t1 in 0..512 {
                let a = [
                    board_of_triads(t0, next()),
                    board_of_triads(t1, next()),
                    board_of_triads(t0 ^ t1, next()),
                ];
                let want = a.map(plain_shrink);
                assert_eq!(shrink3(a), want, "{a:?}");
                assert_eq!(a.map(shrink), want);
            }
        }
        for k in 0..200_000 {
            let r = next();
            let mask = match k % 3 {
                0 => u64::MAX,
                1 => next() & next(),
                _ => next() & next() & next(),
            };
            let a = [
                (r & mask) as u32 & BAND,
                ((r & mask) >> 27) as u32 & BAND,
                (next() & next()) as u32 & BAND,
            ];
            assert_eq!(shrink3(a), a.map(plain_shrink), "{a:?}");
            assert_eq!(columns3(a), a.map(plain_columns), "{a:?}");
            assert_eq!(a.map(columns), a.map(plain_columns));
            // `single_rows` needs every row non-empty, as after `shrink`.
            let s = a.map(shrink);
            if s.iter().all(|&x| x != 0) {
                assert_eq!(single_rows3(s), s.map(plain_single_rows), "{s:?}");
                assert_eq!(s.map(single_rows), s.map(plain_single_rows));
            }
        }
    }

    #[test]
    fn hard_puzzles_are_solved_validly() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        ];
        for p in puzzles {
            let g = parse(p);
            let out = search(&g, 2);
            assert!(out.solutions >= 1, "{p}");
            assert!(is_valid_solution(&g, out.first.as_ref().unwrap()));
            if let Some(s) = &out.second {
                assert!(is_valid_solution(&g, s));
                assert_ne!(s, out.first.as_ref().unwrap());
            }
            let one = solve(&g);
            assert!(is_valid_solution(&g, one.first.as_ref().unwrap()));
        }
    }
}
