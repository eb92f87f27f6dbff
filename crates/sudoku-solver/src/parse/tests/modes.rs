//! The readers that take lines before a line is classified on its own ([`super::mode::Reader`]),
//! where one meets another: a flat list of cells cut by a line over the line limit.

use super::*;

/// Every item of `text`, read with lines held at most `limit` bytes at a time.
fn parse_limited(text: &str, limit: usize) -> Vec<Parsed> {
    let mut parser = Parser::with_limits(64, limit, text.as_bytes());
    let mut out = Vec::new();
    while let Some(item) = parser.next_item().unwrap() {
        out.push(item);
    }
    out
}

/// `LEETCODE` as a flat list of numbers wrapped over six lines of 15 cells or fewer (each well
/// under the limit of 64 bytes the tests below read with).
fn flat_list() -> Vec<String> {
    let cells: Vec<String> = LEETCODE
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0).to_string())
        .collect();
    let chunks: Vec<String> = cells.chunks(15).map(|chunk| chunk.join(", ")).collect();
    let last = chunks.len() - 1;
    chunks
        .iter()
        .enumerate()
        .map(|(i, chunk)| match i {
            0 => format!("p = [{chunk},"),
            _ if i == last => format!("{chunk}]"),
            _ => format!("{chunk},"),
        })
        .collect()
}

#[test]
fn a_flat_list_wrapped_over_lines_is_its_puzzle() {
    let lines = flat_list();
    assert!(lines.iter().all(|line| line.len() < 64));
    let text = lines.join("\n") + "\n";
    let items = parse_limited(&text, 64);
    assert_eq!(puzzles_of(&text), [LEETCODE]);
    assert_eq!(item_lines(&items), [1]);
}

#[test]
fn a_line_over_the_limit_inside_a_flat_list_ends_it_and_slots_keep_input_order() {
    let mut lines = flat_list();
    // A JSON value of one puzzle on a line over the limit of 64 bytes, between the list's
    // opening line and the rest of it.
    let long = format!("[\"{SOLUTION}\"]");
    assert!(long.len() > 64);
    lines.insert(1, long);
    let text = lines.join("\n") + "\n";
    let items = parse_limited(&text, 64);
    let at = item_lines(&items);
    let mut sorted = at.clone();
    sorted.sort_unstable();
    assert_eq!(
        at,
        sorted,
        "slots out of input order: {:?}",
        lines_of(&items)
    );
    // The long line's puzzle is read, in its own slot.
    let at_2: Vec<_> = items
        .iter()
        .filter_map(|item| item.as_ref().ok())
        .filter(|puzzle| puzzle.line == 2)
        .collect();
    assert_eq!(at_2.len(), 1, "{:?}", lines_of(&items));
    assert!(at_2[0].grid.is_full() && at_2[0].grid.to_string() == SOLUTION);
}
