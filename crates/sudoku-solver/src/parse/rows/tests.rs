use super::*;

fn row(text: &str) -> Option<String> {
    piped_row(text.as_bytes()).map(|r| r.iter().map(|&d| (b'0' + d) as char).collect())
}

#[test]
fn piped_rows_with_spaces_for_empty_cells() {
    // `c c c | c c c | c c c`, trailing spaces kept or trimmed, with or without borders.
    assert_eq!(row("5 3   |   7   |      ").as_deref(), Some("530070000"));
    assert_eq!(row("5 3   |   7   |").as_deref(), Some("530070000"));
    assert_eq!(row("  9 8 |       |   6  ").as_deref(), Some("098000060"));
    // The last box trimmed to its one digit still stands where the other boxes say.
    assert_eq!(row("    9 |       | 1").as_deref(), Some("009000100"));
    // Boxes drawn `ccc` with two spaces after each: one place apart.
    assert_eq!(row("5 3  | 7   |    ").as_deref(), Some("503070000"));
    assert_eq!(
        row("| 5 3   |   7   |       |").as_deref(),
        Some("530070000")
    );
    // Boxes 3 wide, with or without a space around each `|`.
    assert_eq!(row("53 | 7 |   ").as_deref(), Some("530070000"));
    assert_eq!(row("53 |7  |  9").as_deref(), Some("530700009"));
    // A lattice: a `|` between every cell.
    assert_eq!(
        row("| 5 | 3 |   |   | 7 |   |   |   |   |").as_deref(),
        Some("530070000")
    );
    // A cell between two places, or a fourth cell in a box, is no row.
    assert_eq!(row("5 3  7|   7   |      "), None);
    assert_eq!(row("5 3 1 2 |   7   |      "), None);
    assert_eq!(row("5 3 | 7"), None);
}

#[test]
fn list_rows() {
    let want = Ok([5, 3, 0, 0, 7, 0, 0, 0, 0]);
    for text in [
        "[5, 3, 0, 0, 7, 0, 0, 0, 0]",
        "[5,3,null,null,7,null,null,null,null],",
        "  - [ 5, 3, null, null, 7, null, null, null, null ]",
        "['5', '3', '.', '.', '7', '.', '.', '.', '.']",
        "[\"5\",\"3\",\"\",\"\",\"7\",\"\",\"\",\"\",\"\"]",
        "[5 3 0 0 7 0 0 0 0]",
        "[[5 3 - - 7 - - - -]",
        " [5 3 . . 7 . . . .]]",
        "       [5, 3, 0, 0, 7, 0, 0, 0, 0]])",
        "  [5, 3, 0, 0, 7, 0, 0, 0, 0]]);",
    ] {
        assert_eq!(list_row(text.as_bytes()), Some(want), "{text}");
    }
    for text in [
        "[5, 3, 0, 0, 7, 0, 0, 0]",
        "[[5, 3, 0, 0, 7, 0, 0, 0, 0]]",
        "[x, y, z, w, 7, 0, 0, 0, 0]",
    ] {
        assert_eq!(list_row(text.as_bytes()), None, "{text}");
    }
    // A damaged cell: a damaged row, at the cell.
    assert_eq!(list_row(b"[5, 3, 10, 0, 7, 0, 0, 0, 0]"), Some(Err(7)));
    assert_eq!(list_row(b"[5, 3, 0, 0, @, 0, 0, 0, 0]"), Some(Err(13)));
}

#[test]
fn placeholders_and_band_lines() {
    assert_eq!(
        packed_placeholders(b"x1xxx6xxx"),
        Some(vec![0, 1, 0, 0, 0, 6, 0, 0, 0])
    );
    assert_eq!(packed_placeholders(b"xxxxxxxxx"), Some(vec![0; 9]));
    assert_eq!(packed_placeholders(b"?????????"), None);
    assert_eq!(packed_placeholders(b"53..x...."), None);
    assert_eq!(packed_placeholders(b"x10xx6xxx"), None);
    assert_eq!(packed_placeholders(b"x1xxo6xxx"), None);
    assert!(spaced_rule(b"- - - - - - - - - - -"));
    assert!(spaced_rule(b"- - - + - - - + - - -"));
    assert!(!spaced_rule(b"- - - - - - - - -"));
    assert!(!spaced_rule(b". . . | . . . | . . ."));
    assert!(!spaced_rule(b"- - - | - - - | - - -"));
}

#[test]
fn box_drawing_becomes_ascii_in_place() {
    let line = "║ 5 3 . │ . 7 . │ . . . ║";
    let ascii = unbox(line.as_bytes()).unwrap();
    assert_eq!(ascii, b"| 5 3 . | . 7 . | . . . |");
    assert_eq!(ascii.len(), line.chars().count());
    assert_eq!(
        unbox("╔═══╤═══╗".as_bytes()).unwrap(),
        b"+===+===+".to_vec()
    );
    assert_eq!(unbox(b"53..7...."), None);
    // Other characters starting with the same byte stay as they are.
    assert_eq!(unbox("‘x’".as_bytes()), None);
}
