//! The text forms against the parser and against plain loops.

use super::*;
use crate::output::Format;
use sudoku_solver::parse_str;

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
        assert_eq!(items[0].as_ref().unwrap().grid().cells(), &cells);
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
                let plain = (0..8).fold(0u8, |m, j| m | u8::from((x >> (8 * j)) & 0xFF != 0) << j);
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
        push_decimal(&mut out, n as u64);
        assert_eq!(out, format!("x{n}").into_bytes());
    }
}

#[test]
fn format_names_round_trip() {
    for &format in Format::ALL {
        assert_eq!(format.name().parse::<Format>(), Ok(format));
        assert_eq!(format.to_string(), format.name());
    }
    assert!("xml".parse::<Format>().is_err());
}

#[test]
fn every_command_renders_formats_of_the_one_list_with_its_default_first() {
    use crate::commands::Command;
    use crate::output::formats;
    let commands = [
        Command::Solve { unique: false },
        Command::Check { minimal: false },
        Command::Count { limit: 1 },
        Command::Minimize { seed: None },
        Command::Transform(crate::commands::MapChoice::Random { seed: 0 }),
        Command::Canon,
        Command::Rate,
        Command::Explain,
        Command::Hint,
        Command::Generate,
    ];
    for command in commands {
        let list = formats(command);
        assert!(!list.is_empty(), "{command:?}");
        assert!(list.iter().all(|f| Format::ALL.contains(f)), "{command:?}");
        // Each name once.
        for (i, f) in list.iter().enumerate() {
            assert!(!list[i + 1..].contains(f), "{command:?}: {f} twice");
        }
    }
    // Verdict commands print text; the others never offer it, but canon, whose lines are text.
    assert_eq!(formats(Command::Rate)[0], Format::Text);
    assert_eq!(formats(Command::Solve { unique: false })[0], Format::Auto);
    assert!(formats(Command::Canon).contains(&Format::Line));
}
