//! The work of reading many values on one line: each character's column is counted once, not
//! once for every value before it (issue 48, item 15: 8,000 records on a line took 3 s).

use std::cell::Cell;

use super::super::Parser;

thread_local! {
    /// Bytes whose columns [`super::Cursor::col`] counted on this thread.
    pub(super) static COUNTED: Cell<usize> = const { Cell::new(0) };
}

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The slots `text` gives read with a line limit of `limit` bytes, and the bytes whose columns
/// were counted.
fn read(text: &str, limit: usize) -> (usize, usize) {
    COUNTED.with(|n| n.set(0));
    let mut parser = Parser::with_limits(64, limit, text.as_bytes());
    let mut slots = 0;
    while let Ok(Some(_)) = parser.next_item() {
        slots += 1;
    }
    (slots, COUNTED.with(Cell::get))
}

#[test]
fn columns_along_a_line_of_many_values_are_counted_once() {
    let values = [
        format!("{{\"puzzle\": \"{PUZZLE}\"}}"),
        format!("[\"{PUZZLE}\"], "),
        format!("[\"é{}\"]", &PUZZLE[2..]),
        "[1 2]".to_string(),
        "[]".to_string(),
    ];
    for value in &values {
        let line = value.repeat(5_000);
        // Read whole, and in pieces of 4 KiB.
        for limit in [super::super::MAX_LINE, 4096] {
            let (slots, counted) = read(&format!("{line}\n"), limit);
            assert!(slots > 0 || value == "[]", "{value}");
            // (A token cut by the end of a piece is counted again with the next piece.)
            assert!(
                counted <= 2 * line.len(),
                "{value} x 5,000 ({} bytes), limit {limit}: {counted} bytes counted",
                line.len()
            );
        }
    }
}
