//! What the benchmarks share: reading a set's lines and an independent rule check of a
//! solution (written here, apart from the solver).

/// An 81-character puzzle line ('.' or '0' for empty), or `None`.
pub fn parse(line: &str) -> Option<[u8; 81]> {
    let bytes = line.trim_end().as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut g = [0u8; 81];
    for (cell, &ch) in g.iter_mut().zip(bytes) {
        *cell = match ch {
            b'1'..=b'9' => ch - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Some(g)
}

/// `sol` is a complete grid, every row, column and box holds 1..=9, and it keeps the givens.
pub fn is_valid_solution(givens: &[u8; 81], sol: &[u8; 81]) -> bool {
    if (0..81).any(|i| !(1..=9).contains(&sol[i]) || (givens[i] != 0 && givens[i] != sol[i])) {
        return false;
    }
    (0..9).all(|k| {
        let (mut r, mut c, mut b) = (0u16, 0u16, 0u16);
        for j in 0..9 {
            r |= 1 << sol[k * 9 + j];
            c |= 1 << sol[j * 9 + k];
            b |= 1 << sol[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3];
        }
        r == 0x3FE && c == 0x3FE && b == 0x3FE
    })
}
