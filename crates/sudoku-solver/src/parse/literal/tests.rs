use super::*;

const ROW: [u8; 9] = [5, 3, 0, 0, 7, 0, 0, 0, 0];

fn rows(line: &str) -> Vec<[u8; 9]> {
    match read(line.as_bytes()) {
        Some(Literal::Rows(rows)) => rows,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn a_row_in_any_language_is_its_nine_cells() {
    for line in [
        "        {5, 3, 0, 0, 7, 0, 0, 0, 0},",
        "\t[]int{5, 3, 0, 0, 7, 0, 0, 0, 0},",
        "    intArrayOf(5, 3, 0, 0, 7, 0, 0, 0, 0),",
        "problem(1, [[5,3,_,_,7,_,_,_,_],",
        "  {5, 3, nil, nil, 7, nil, nil, nil, nil},",
        "    \"53..7....\",",
        "    \"53  7    \",",
        "grid = [5 3 0 0 7 0 0 0 0;",
        "  5, 3, 0, 0, 7, 0, 0, 0, 0), nrow = 9, byrow = TRUE)",
        "            [5,3,_,_,7,_,_,_,_]]).",
        "  [5, 3, undefined, undefined, 7, undefined, undefined, undefined, undefined],",
        "  new int[] { 5, 3, 0, 0, 7, 0, 0, 0, 0 },",
        "{'5', '3', ' ', ' ', '7', ' ', ' ', ' ', ' '},",
        "  {5, 3, 0, 0, 7, 0, 0, 0, 0}, // the first row",
    ] {
        assert_eq!(rows(line), vec![ROW], "{line}");
    }
}

#[test]
fn a_string_of_27_cells_is_three_rows() {
    let line = "String p = \"530070000600195000098000060\" +";
    let got = rows(line);
    assert_eq!(got.len(), 3);
    assert_eq!(got[0], ROW);
    assert_eq!(got[1], [6, 0, 0, 1, 9, 5, 0, 0, 0]);
    assert_eq!(got[2], [0, 9, 8, 0, 0, 0, 0, 6, 0]);
}

#[test]
fn a_board_on_one_line_is_whole() {
    let board = "{{5,3,0,0,7,0,0,0,0},{6,0,0,1,9,5,0,0,0},{0,9,8,0,0,0,0,6,0},{8,0,0,0,6,0,0,0,3},\
                 {4,0,0,8,0,3,0,0,1},{7,0,0,0,2,0,0,0,6},{0,6,0,0,0,0,2,8,0},{0,0,0,4,1,9,0,0,5},\
                 {0,0,0,0,8,0,0,7,9}}";
    let julia = "[5 3 0 0 7 0 0 0 0; 6 0 0 1 9 5 0 0 0; 0 9 8 0 0 0 0 6 0; 8 0 0 0 6 0 0 0 3; \
                 4 0 0 8 0 3 0 0 1; 7 0 0 0 2 0 0 0 6; 0 6 0 0 0 0 2 8 0; 0 0 0 4 1 9 0 0 5; \
                 0 0 0 0 8 0 0 7 9]";
    for line in [board, julia] {
        match read(line.as_bytes()) {
            Some(Literal::Whole(cells)) => {
                assert_eq!(cells[..9], ROW);
                assert_eq!(cells[80], 9);
            }
            other => panic!("{line}: {other:?}"),
        }
    }
}

#[test]
fn other_sizes_are_named_not_read() {
    let row = |width| {
        Some(Literal::OtherSize {
            width,
            whole: false,
        })
    };
    let board = |width| Some(Literal::OtherSize { width, whole: true });
    assert_eq!(read(b"  {1, 0, 0, 4},"), row(4));
    assert_eq!(
        read(b"  [0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16],"),
        row(16)
    );
    assert_eq!(read(b"{{1,0,0,4},{0,4,1,0},{0,1,4,0},{4,0,0,1}}"), board(4));
    assert_eq!(read(b"m = [1 0 0 4; 0 4 1 0; 0 1 4 0; 4 0 0 1]"), board(4));
    // A 2x2 matrix is no board of any size read here.
    assert_eq!(read(b"small = [1 0; 0 1]"), None);
}

#[test]
fn code_and_prose_hold_no_board() {
    for line in [
        "for (int i = 0; i < 9; i++) {",
        "static int[][] grid = {",
        "examples = [q|",
        "print(solve(board))",
        "f(1, 2, 3)",
        "The first row reads \"530070000\" in the book.",
        "var board = [][]int{",
        "}",
    ] {
        assert_eq!(read(line.as_bytes()), None, "{line}");
    }
}

#[test]
fn a_row_with_a_bad_item_is_a_damaged_row() {
    let line = b"  {5, 3, 0, @, 7, 0, 0, 0, 0},";
    assert_eq!(read(line), Some(Literal::Damaged(12)));
    assert_eq!(
        read(b"{5, 3, x, 0, 7, 0, 0, 0, 0},"),
        Some(Literal::Damaged(7))
    );
    // Fewer than two thirds cells: some other list, not a row.
    assert_eq!(read(b"f(a, b, c, d, 5, 6, 7, 8, 9)"), None);
}
