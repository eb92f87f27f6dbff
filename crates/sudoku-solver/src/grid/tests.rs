use super::*;

fn grid(line: &str) -> Grid {
    let mut cells = [0; CELLS];
    for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
        *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    Grid::from_cells(cells).unwrap()
}

#[test]
fn row_conflict_names_digit_row_and_columns() {
    let mut cells = [0; CELLS];
    cells[2 * 9 + 1] = 5;
    cells[2 * 9 + 6] = 5;
    let conflict = Grid::from_cells(cells).unwrap().conflict().unwrap();
    assert_eq!(
        conflict.to_string(),
        "5 appears twice in row 3 (columns 2 and 7)"
    );
}

#[test]
fn column_and_box_conflicts() {
    let mut cells = [0; CELLS];
    cells[3] = 4;
    cells[8 * 9 + 3] = 4;
    let c = Grid::from_cells(cells).unwrap().conflict().unwrap();
    assert_eq!(c.to_string(), "4 appears twice in column 4 (rows 1 and 9)");

    let mut cells = [0; CELLS];
    cells[4 * 9 + 4] = 9;
    cells[5 * 9 + 5] = 9;
    let c = Grid::from_cells(cells).unwrap().conflict().unwrap();
    assert_eq!(c.to_string(), "9 appears twice in box 5 (r5c5 and r6c6)");
}

#[test]
fn valid_puzzle_has_no_conflict() {
    let g =
        grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    assert_eq!(g.conflict(), None);
    assert_eq!(g.filled(), 30);
}

#[test]
fn solves_checks_givens_and_rules() {
    let puzzle =
        grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    let solution =
        grid("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    assert!(solution.solves(&puzzle));
    let mut wrong = *solution.cells();
    wrong.swap(0, 1);
    assert!(!Grid::from_cells(wrong).unwrap().solves(&puzzle));
    assert!(!puzzle.solves(&puzzle));
}

#[test]
fn candidates_round_trip_through_the_729_form() {
    let g =
        grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    let c = Candidates::from_grid(&g);
    let line = c.to_line();
    assert_eq!(line.len(), 729);
    assert_eq!(&line[..18], "....5......3......");
    assert_eq!(&line[18..27], "123456789");
    assert_eq!(c.singles(), g);
    assert_eq!(c.empty_cell(), None);
    let mut masks = *c.masks();
    masks[7] = 0;
    assert_eq!(Candidates::from_masks(masks).unwrap().empty_cell(), Some(7));
    masks[7] = 0x200;
    assert!(Candidates::from_masks(masks).is_none());
}

#[test]
fn out_of_range_cells_are_rejected() {
    let mut cells = [0; CELLS];
    cells[40] = 10;
    assert!(Grid::from_cells(cells).is_none());
}

#[test]
fn house_cells_cover_the_board_once() {
    for house in [HouseKind::Row, HouseKind::Column, HouseKind::Box] {
        let mut seen = [0; CELLS];
        for n in 0..9 {
            for k in 0..9 {
                seen[house_cell(house, n, k)] += 1;
            }
        }
        assert!(seen.iter().all(|&s| s == 1));
    }
}
