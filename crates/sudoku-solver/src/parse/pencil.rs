//! Pencilmark lines: candidate rows as Sudoku Explainer, HoDoKu and CSP-Rules print them,
//! rows in braces, and HoDoKu library lines.

use super::chars::is_space;
use super::{ParseErrorKind, CELLS, MAX_CELLS};

/// The 729 cells of a pencilmark line or string as candidate masks: place `k` of a cell's 9 holds
/// digit `k + 1` when it is a candidate, and is empty (`.` or `0`) when it is not; `noun` names
/// the text in the message (`line`, `string`).
pub(super) fn pencilmarks(
    cells: &[u8; MAX_CELLS],
    noun: &str,
) -> Result<[u16; CELLS], ParseErrorKind> {
    let mut masks = [0u16; CELLS];
    for (i, (mask, group)) in masks.iter_mut().zip(cells.chunks_exact(9)).enumerate() {
        for (k, &v) in group.iter().enumerate() {
            if v == k as u8 + 1 {
                *mask |= 1 << k;
            } else if v != 0 {
                return Err(ParseErrorKind::Pencilmarks(format!(
                    "r{}c{} has '{v}' in place {} of its 9; a 729-character {noun} holds digit d in place d of each cell, or '.'",
                    i / 9 + 1,
                    i % 9 + 1,
                    k + 1
                )));
            }
        }
    }
    Ok(masks)
}

/// A row of 9 candidate sets: words of ascending digits (`19 7 169 | 2 156 3 | ...`, as
/// Sudoku Explainer, HoDoKu and CSP-Rules print them) with at least one set of two or more,
/// or cells in braces (`{159}{569}4{169}...`).
pub(super) fn candidate_row(line: &[u8]) -> Option<[u16; 9]> {
    if line.contains(&b'{') {
        return braced_row(line);
    }
    let mut masks = [0u16; 9];
    let mut n = 0;
    let mut several = false;
    for word in line
        .split(|&b| is_space(b) || b == b'|' || b == b'!')
        .filter(|w| !w.is_empty())
    {
        if n == 9 {
            return None;
        }
        let mut last = 0;
        for &b in word {
            if !(b'1'..=b'9').contains(&b) || b <= last {
                return None;
            }
            last = b;
            masks[n] |= 1 << (b - b'1');
        }
        several |= word.len() > 1;
        n += 1;
    }
    (n == 9 && several).then_some(masks)
}

pub(super) fn braced_row(line: &[u8]) -> Option<[u16; 9]> {
    let mut masks = [0u16; 9];
    let mut n = 0;
    let mut i = 0;
    while i < line.len() {
        let b = line[i];
        i += 1;
        let mask = match b {
            b'1'..=b'9' => 1 << (b - b'1'),
            b'{' => {
                let end = i + line[i..].iter().position(|&b| b == b'}')?;
                let mut mask = 0u16;
                for &d in &line[i..end] {
                    if !(b'1'..=b'9').contains(&d) {
                        return None;
                    }
                    mask |= 1 << (d - b'1');
                }
                i = end + 1;
                if mask == 0 {
                    return None;
                }
                mask
            }
            b'|' | b'!' => continue,
            _ if is_space(b) => continue,
            _ => return None,
        };
        if n == 9 {
            return None;
        }
        masks[n] = mask;
        n += 1;
    }
    (n == 9).then_some(masks)
}
