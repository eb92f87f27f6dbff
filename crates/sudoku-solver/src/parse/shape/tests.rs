use super::*;
use crate::parse::parse_str;

#[test]
fn cells_are_single_items_or_packed_runs() {
    let row = line_shape(b"[5, 3, null, null, 7, null, null, null, null],");
    assert_eq!(row.items, Some(9));
    let packed = line_shape(b"53..7....");
    assert_eq!((packed.items, packed.weight), (Some(9), 9));
    let magic = line_shape(b"[47, 58, 69, 80, 1, 12, 23, 34, 45],");
    assert_eq!(magic.items, None);
    assert_eq!((magic.numbers, magic.largest), (9, 80));
    let record = line_shape(b"1000025,5,1,1,1,2,1,3,1,1,2");
    assert_eq!(record.items, None);
    assert_eq!(record.numbers, 11);
}

#[test]
fn a_table_takes_no_slot_and_a_damaged_grid_keeps_its_own() {
    let table: String = (0..20)
        .map(|i| format!("{},{},3,4,5,6,7\n", 100 + i, i % 9))
        .collect();
    assert!(parse_str(&table).is_empty());
    let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n\
                7...2...6\n.6....28.\n...4@9..5\n....8..79\n";
    let slots = parse_str(grid);
    assert_eq!(slots.len(), 1);
    assert!(slots[0].is_err());
    // A row on its own, damaged, keeps its slot too.
    assert_eq!(parse_str("53..x....\n").len(), 1);
}

#[test]
fn seen_names_the_largest_passage_of_numbers() {
    let text = "title\n\n1 2 3\n4 5 6\n7 8 9\n\n10 20\n";
    let mut parser = Parser::new(text.as_bytes());
    while let Ok(Some(_)) = parser.next_item() {}
    let seen = parser.seen().expect("numbers were seen");
    assert_eq!(
        seen.to_string(),
        "3 lines of 3 numbers up to 9 at lines 3-5"
    );
}

#[test]
fn a_string_of_27_cells_counts_as_three_rows() {
    // A Java board joined from three strings that lost its first: 6 rows on 2 lines, a damaged
    // Sudoku that keeps its slot.
    let text = "    static final String JOINED =\n\
                \"000049300700000050000056000\" +\n\
                \"000500017043000000000000002\";\n";
    let slots = parse_str(text);
    assert_eq!(slots.len(), 1, "{slots:?}");
    let error = slots[0].as_ref().unwrap_err();
    assert!(error.to_string().contains("6 of 9 rows"), "{error}");
}

#[test]
fn a_line_that_is_a_whole_board_of_another_size_gets_its_note_not_an_error() {
    // 8x8 as 64 digits and dots; 12x12 and 16x16 with letters above 9.
    let eight = "...1.5...2..1.8....5.6.81..6....5......4....37....7.....28.....7";
    let twelve = format!(
        "{}{}",
        "....2.78.......9..5..71.4.BA61.......6...A.....C9",
        ".".repeat(95)
    );
    let sixteen = format!(
        "{}{}",
        ".4.9.2.....6.D.AB.A.D...4...E.F..3.5...1.7...4.C6.1",
        ".".repeat(205)
    );
    for (line, size) in [(eight.to_string(), 8), (twelve, 12), (sixteen, 16)] {
        let text = format!("{line}\n{line}\n{line}\n");
        let mut parser = Parser::new(text.as_bytes());
        let mut slots = 0;
        while let Ok(Some(_)) = parser.next_item() {
            slots += 1;
        }
        let boards: Vec<(usize, usize)> = parser
            .other_sizes()
            .iter()
            .map(|b| (b.width, b.line))
            .collect();
        // No error slot (the caller gives the file its one error), three boards noted.
        assert_eq!(slots, 0, "{size}x{size}");
        assert_eq!(boards, [(size, 1), (size, 2), (size, 3)], "{size}x{size}");
    }
    // A word of 16 letters is no 4x4 board; a puzzle line among 8x8 lines is still read.
    assert_eq!(other_board_line(b"characterization"), None);
    let mixed = format!("{eight}\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n");
    let read: Vec<_> = parse_str(&mixed)
        .into_iter()
        .filter(|p| p.is_ok())
        .collect();
    assert_eq!(read.len(), 1);
}
