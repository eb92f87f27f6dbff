//! Output formats. Every format is valid input again: a grid is a grid layout, a line a line
//! layout, pretty a grid with separators, and a JSON record a line the parser reads back.

use std::fmt;
use std::str::FromStr;

use crate::grid::CELLS;

/// How answers are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Each solution in the layout its puzzle came in: a line for a line, a grid for a grid or a
    /// JSON board.
    #[default]
    Auto,
    /// 9 lines of 9 digits.
    Grid,
    /// 81 digits on one line.
    Line,
    /// Digits separated by spaces, `|` between boxes, `------+-------+------` between bands.
    Pretty,
    /// JSON Lines: one object per puzzle.
    Json,
}

impl Format {
    /// The names accepted on the command line, in order.
    pub const NAMES: [&'static str; 5] = ["auto", "grid", "line", "pretty", "json"];
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(Format::Auto),
            "grid" => Ok(Format::Grid),
            "line" => Ok(Format::Line),
            "pretty" => Ok(Format::Pretty),
            "json" => Ok(Format::Json),
            other => Err(format!(
                "unknown format '{other}' (expected one of: {})",
                Format::NAMES.join(", ")
            )),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Format::Auto => "auto",
            Format::Grid => "grid",
            Format::Line => "line",
            Format::Pretty => "pretty",
            Format::Json => "json",
        };
        f.write_str(name)
    }
}

fn symbol(cell: u8) -> u8 {
    if cell == 0 {
        b'.'
    } else {
        b'0' + cell
    }
}

/// Appends the 81 cells as one line (`.` for empty), without a newline.
pub fn push_line(out: &mut Vec<u8>, cells: &[u8; CELLS]) {
    out.extend(cells.iter().map(|&c| symbol(c)));
}

/// The 81 cells as a string, `.` for empty.
pub fn line_string(cells: &[u8; CELLS]) -> String {
    cells.iter().map(|&c| symbol(c) as char).collect()
}

/// Appends 9 lines of 9 cells, each ending in a newline.
pub fn push_grid(out: &mut Vec<u8>, cells: &[u8; CELLS]) {
    for row in cells.chunks_exact(9) {
        out.extend(row.iter().map(|&c| symbol(c)));
        out.push(b'\n');
    }
}

/// Appends the pretty grid: spaces between cells, `|` between boxes, a rule between bands.
pub fn push_pretty(out: &mut Vec<u8>, cells: &[u8; CELLS]) {
    for (r, row) in cells.chunks_exact(9).enumerate() {
        if r == 3 || r == 6 {
            out.extend_from_slice(b"------+-------+------\n");
        }
        for (c, &cell) in row.iter().enumerate() {
            if c > 0 {
                out.extend_from_slice(if c % 3 == 0 { b" | " } else { b" " });
            }
            out.push(symbol(cell));
        }
        out.push(b'\n');
    }
}

/// The name of cell `index` (0..81) in `rNcM` notation, rows and columns from 1.
pub fn cell_name(index: usize) -> String {
    format!("r{}c{}", index / 9 + 1, index % 9 + 1)
}

/// The cells where two grids differ: index, first digit, second digit.
pub fn differing_cells<'a>(
    first: &'a [u8; CELLS],
    second: &'a [u8; CELLS],
) -> impl Iterator<Item = (usize, u8, u8)> + 'a {
    first
        .iter()
        .zip(second)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (&a, &b))| (i, a, b))
}

/// The cells where two grids differ, as `rNcM a/b` items joined by `, `.
pub fn differences(first: &[u8; CELLS], second: &[u8; CELLS]) -> String {
    let mut out = Vec::new();
    push_differences(&mut out, first, second);
    String::from_utf8(out).expect("cell names and digits are ASCII")
}

/// Appends [`differences`] to `out`, with no allocation of its own.
///
/// The differing cells are found first as a bit mask, without a branch per cell (whether a
/// cell differs is random enough that such a branch mispredicts often; `check` writes this for
/// every puzzle with several solutions).
pub fn push_differences(out: &mut Vec<u8>, first: &[u8; CELLS], second: &[u8; CELLS]) {
    let word = |g: &[u8; CELLS], k: usize| {
        u64::from_le_bytes(g[8 * k..8 * k + 8].try_into().expect("8 bytes"))
    };
    let mut mask = u128::from(first[80] != second[80]) << 80;
    for k in 0..10 {
        mask |= u128::from(nonzero_bytes(word(first, k) ^ word(second, k))) << (8 * k);
    }
    // Each item is written as `, rNcM a/b` into a buffer on the stack, and the buffer, without
    // the first `, `, joins `out` in one copy.
    let mut items = [0u8; CELLS * 10];
    let mut len = 0;
    while mask != 0 {
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let (row, col) = ((i / 9) as u8, (i % 9) as u8);
        items[len..len + 10].copy_from_slice(&[
            b',',
            b' ',
            b'r',
            b'1' + row,
            b'c',
            b'1' + col,
            b' ',
            b'0' + first[i],
            b'/',
            b'0' + second[i],
        ]);
        len += 10;
    }
    out.extend_from_slice(&items[len.min(2)..len]);
}

/// Bit `k` set when byte `k` of `x` is not 0.
fn nonzero_bytes(x: u64) -> u8 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte: set when the byte is not 0 (the low 7 bits plus 0x7F carry into
    // it unless they are all 0; the byte's own high bit is or-ed in).
    let high = (((x & !HIGH) + !HIGH) | x) & HIGH;
    // Gathers bit 8k + 7 to bit 56 + k: the product's terms land on distinct bits, so nothing
    // carries.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Appends `n` in decimal.
pub fn push_decimal(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_str;

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn cells() -> [u8; CELLS] {
        let mut cells = [0; CELLS];
        for (c, b) in cells.iter_mut().zip(SOLUTION.bytes()) {
            *c = b - b'0';
        }
        cells
    }

    #[test]
    fn every_text_format_parses_back() {
        let cells = cells();
        for push in [push_grid, push_pretty] {
            let mut out = Vec::new();
            push(&mut out, &cells);
            let text = String::from_utf8(out).unwrap();
            let items = parse_str(&text);
            assert_eq!(items.len(), 1, "{text}");
            assert_eq!(items[0].as_ref().unwrap().grid.cells(), &cells);
        }
        let mut out = Vec::new();
        push_line(&mut out, &cells);
        assert_eq!(out, SOLUTION.as_bytes());
    }

    #[test]
    fn pretty_layout() {
        let mut out = Vec::new();
        push_pretty(&mut out, &cells());
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "5 3 4 | 6 7 8 | 9 1 2");
        assert_eq!(lines[3], "------+-------+------");
    }

    #[test]
    fn nonzero_bytes_matches_a_plain_loop() {
        // Every byte value at every place, and neighbours that could carry into it.
        for k in 0..8 {
            for v in 0..=255u64 {
                for fill in [0u64, 0x7F, 0x80, 0xFF] {
                    let x = (fill * 0x0101_0101_0101_0101) & !(0xFF << (8 * k)) | v << (8 * k);
                    let plain =
                        (0..8).fold(0u8, |m, j| m | u8::from((x >> (8 * j)) & 0xFF != 0) << j);
                    assert_eq!(nonzero_bytes(x), plain, "{x:#018x}");
                }
            }
        }
    }

    #[test]
    fn differences_match_a_cell_by_cell_walk() {
        // Pairs of grids differing in chosen cells, across every 8-cell word and the last
        // cell; the expected text is built cell by cell.
        let a = cells();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..500 {
            let mut b = a;
            for i in 0..CELLS {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed % 100 < round % 100 {
                    b[i] = (a[i] % 9) + 1;
                }
            }
            let want: Vec<String> = (0..CELLS)
                .filter(|&i| a[i] != b[i])
                .map(|i| format!("{} {}/{}", cell_name(i), a[i], b[i]))
                .collect();
            assert_eq!(differences(&a, &b), want.join(", "));
        }
    }

    #[test]
    fn differences_name_cells_and_both_digits() {
        let a = cells();
        let mut b = a;
        b.swap(0, 1);
        assert_eq!(differences(&a, &b), "r1c1 5/3, r1c2 3/5");
        assert_eq!(differences(&a, &a), "");
        // The last cell, named as `cell_name` names it.
        let mut c = a;
        c[80] = 1;
        assert_eq!(differences(&a, &c), format!("{} 9/1", cell_name(80)));
        assert_eq!(cell_name(80), "r9c9");
    }

    #[test]
    fn decimals_match_display() {
        for n in [0, 7, 10, 99, 100, 12_345, 1 << 40, usize::MAX] {
            let mut out = b"x".to_vec();
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}").into_bytes());
        }
    }

    #[test]
    fn format_names_round_trip() {
        for name in Format::NAMES {
            assert_eq!(name.parse::<Format>().unwrap().to_string(), name);
        }
        assert!("xml".parse::<Format>().is_err());
    }
}
