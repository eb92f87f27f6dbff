use super::*;
use crate::logic::board::Board;
use crate::logic::first_step;

fn board(line: &str) -> Board {
    let mut cells = [0u8; 81];
    for (cell, c) in cells.iter_mut().zip(line.bytes()) {
        *cell = if c.is_ascii_digit() { c - b'0' } else { 0 };
    }
    Board::from_grid(&crate::grid::Grid::from_cells(cells).expect("valid puzzle"))
}

#[test]
fn names_read_as_words() {
    assert_eq!(lower("Hidden Single"), "hidden single");
    assert_eq!(lower("X-Wing"), "X-Wing");
    assert_eq!(lower("BUG Type 2"), "BUG type 2");
    assert_eq!(lower("Unique Rectangle Type 1"), "unique rectangle type 1");
    assert_eq!(
        lower("Nested Forcing Chains (+ Multiple Forcing Chains)"),
        "nested forcing chains (+ multiple forcing chains)"
    );
}

#[test]
fn a_hidden_single_names_its_house() {
    // Every row but the last is full: the first step is a full house.
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut line = solved.to_string();
    line.replace_range(80..81, ".");
    let step = first_step(&board(&line)).expect("a step");
    assert_eq!(step.effect(), "r9c9=9");
    assert_eq!(describe(&step), "full house in box 9");
}

#[test]
fn pointing_names_the_box_and_the_line() {
    let houses = [
        House {
            kind: HouseKind::Box,
            index: 3,
        },
        House {
            kind: HouseKind::Row,
            index: 5,
        },
    ];
    let mut elim = CandidateSet::EMPTY;
    elim.add(5 * 9 + 4, 4);
    let mut pattern = CandidateSet::EMPTY;
    pattern.add(5 * 9, 4);
    pattern.add(5 * 9 + 1, 4);
    let mut step = Step::eliminate(Technique::Pointing, 2.6, elim)
        .with_pattern(pattern)
        .with_houses(&houses);
    step.shape = Shape::Lines {
        digit: 4,
        base: houses[0].bits(),
        cover: houses[1].bits(),
    };
    assert_eq!(describe(&step), "pointing: box 4 holds 4 only in row 6");
}

#[test]
fn house_lists_read_as_english() {
    let rows: Vec<House> = [1, 6]
        .iter()
        .map(|&index| House {
            kind: HouseKind::Row,
            index,
        })
        .collect();
    assert_eq!(house_list(&rows), "rows 2 and 7");
}
