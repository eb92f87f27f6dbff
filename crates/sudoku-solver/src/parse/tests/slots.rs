//! Where each item goes: its line and slot after a grid, beside its solution, after a value
//! cut short; one line parsed alone reads as in a file; line numbers stop rather than wrap.

use super::*;

#[test]
fn a_bad_line_after_a_grid_comes_after_the_grid() {
    let grid = grid_rows(LEETCODE).join("\n");
    for junk in ["5.5.@@@", "====@===5555"] {
        let items = parse_str(&format!("{grid}\n{junk}\n"));
        assert_eq!(item_lines(&items), [1, 10], "{junk}: {items:?}");
        assert_eq!(items[0].as_ref().unwrap().grid.to_line(), LEETCODE);
        assert!(items[1].is_err());
    }
    // A line with no run of cells is no puzzle, damaged or not: no slot.
    for noise in ["@@@", "====@==="] {
        let items = parse_str(&format!("{grid}\n{noise}\n"));
        assert_eq!(item_lines(&items), [1], "{noise}: {items:?}");
    }
}

#[test]
fn a_line_pairing_a_puzzle_with_its_solution_is_the_puzzle() {
    // One run of 81 cells inside text is a puzzle.
    assert_eq!(
        one(&format!("Puzzle 7 @ {LEETCODE} @ SE 2.3"))
            .unwrap()
            .grid
            .to_line(),
        LEETCODE
    );
    // Two runs, one the solution of the other, in either order and however they are set off
    // (a damaged separator, a space, a dated prefix): the puzzle, never the solution.
    for text in [
        format!("{SOLUTION}@{LEETCODE}"),
        format!("{LEETCODE}@{SOLUTION}"),
        format!("{SOLUTION} {LEETCODE}"),
        format!("{SOLUTION}\t{LEETCODE}"),
        format!("2018-06-07 {LEETCODE} {SOLUTION}"),
        format!("2018-06-07 {LEETCODE},{SOLUTION}"),
        format!("2018-06-07;{SOLUTION};{LEETCODE}"),
        format!("2018-06-07 {} {SOLUTION}", LEETCODE.replace('.', "-")),
    ] {
        assert_eq!(one(&text).unwrap().grid.to_line(), LEETCODE, "{text}");
    }
    // Two runs that are not a puzzle and its solution: neither may be taken for the puzzle.
    let other = LEETCODE.replacen("53", "35", 1);
    assert!(one(&format!("{other}@{SOLUTION}")).is_err());
    assert!(one(&format!("{LEETCODE}@{other}")).is_err());
}

#[test]
fn without_a_header_a_solved_grid_before_a_puzzle_is_its_answer() {
    for sep in [",", ";"] {
        let items = parse_str(&format!(
            "{SOLUTION}{sep}{LEETCODE}\n{LEETCODE}{sep}{SOLUTION}\n"
        ));
        assert_eq!(
            lines_of(&items),
            [Ok(LEETCODE.to_string()), Ok(LEETCODE.to_string())]
        );
    }
    // Blanks around the delimiter change nothing (the record reader trims its fields).
    for sep in [" ,", "\t;", " , "] {
        let items = parse_str(&format!("{SOLUTION}{sep}{LEETCODE}\n"));
        assert_eq!(lines_of(&items), [Ok(LEETCODE.to_string())], "{sep:?}");
    }
    // A solved grid alone, or with other fields, is still read.
    assert_eq!(
        one(&format!("{SOLUTION},x")).unwrap().grid.to_line(),
        SOLUTION
    );
}

#[test]
fn a_value_cut_short_after_its_puzzles_is_an_error_after_them() {
    // `{"grids": [{"value": "..."},` cut short by a puzzle line: the puzzle inside was
    // answered, so the error stands where the cut was found, and names where the value opened.
    let text = format!("{{\"grids\": [\n{{\"value\": \"{LEETCODE}\"}},\n\n{LEETCODE}\n");
    let items = parse_str(&text);
    assert_eq!(item_lines(&items), [2, 4, 4], "{items:?}");
    let error = items[1].as_ref().unwrap_err().to_string();
    assert!(
        error.contains("not closed (it opened at line 1, column 1)"),
        "{error}"
    );
    // Nothing answered inside: the error stands where the value opened.
    let items = parse_str(&format!("{{\"grids\": [\n\n{LEETCODE}\n"));
    assert_eq!(item_lines(&items), [1, 3], "{items:?}");
}

/// `str::parse`'s path for one plain line gives what the parser gives, on random lines of
/// digits, '.' and '0', with each line ending; other text goes through the parser.
#[test]
fn one_line_parsed_alone_is_what_the_parser_reads() {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let alphabet = b".0123456789";
    for _ in 0..2000 {
        let line: String = (0..81)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                alphabet[(state % 11) as usize] as char
            })
            .collect();
        for ending in ["", "\n", "\r\n"] {
            let text = format!("{line}{ending}");
            let alone: Result<Puzzle, ParseError> = text.parse();
            let parsed = parse_str(&text);
            assert_eq!(parsed.len(), 1, "{text:?}");
            assert_eq!(alone, parsed[0], "{text:?}");
        }
    }
    // Not the plain case: the parser reads it, and says what is wrong.
    assert_eq!(
        "".parse::<Puzzle>().unwrap_err().kind,
        ParseErrorKind::NoPuzzle
    );
    let two = format!("{0}\n{0}\n", ".".repeat(81));
    assert_eq!(
        two.parse::<Puzzle>().unwrap_err().kind,
        ParseErrorKind::SeveralPuzzles
    );
    let pencil = "123456789".repeat(81);
    assert_eq!(
        pencil.parse::<Grid>().unwrap_err().kind,
        ParseErrorKind::NotGivens
    );
    assert!(pencil.parse::<Puzzle>().unwrap().candidates.is_some());
}

#[test]
fn line_numbers_stop_at_the_largest_rather_than_wrap() {
    let text = format!("{LEETCODE}\n{LEETCODE}\n{LEETCODE}\n");
    let mut parser = Parser::new(text.as_bytes()).first_line(usize::MAX - 1);
    let mut lines = Vec::new();
    while let Ok(Some(item)) = parser.next_item() {
        lines.push(item.unwrap().line);
    }
    assert_eq!(lines, [usize::MAX - 1, usize::MAX, usize::MAX]);
}
