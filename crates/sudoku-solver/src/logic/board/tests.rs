use super::*;

#[test]
fn houses_and_peers_are_what_they_say() {
    for kind in [HouseKind::Box, HouseKind::Row, HouseKind::Column] {
        let mut all = 0u128;
        for index in 0..9 {
            let h = House { kind, index };
            assert_eq!(h.bits().count_ones(), 9);
            all |= h.bits();
            for (k, &c) in h.cells().iter().enumerate() {
                assert_eq!(House::of(kind, c as usize), h);
                assert_eq!(h.place_of(c as usize), k);
            }
        }
        assert_eq!(all, ALL);
    }
    for c in 0..81 {
        assert_eq!(PEERS[c].count_ones(), 20);
        let listed = HOUSE_PEERS[c].iter().fold(0u128, |a, &p| a | 1 << p);
        assert_eq!(listed, PEERS[c]);
    }
    // r1c1: its box first (r1c2, r1c3, r2c1, ...), then the rest of row 1, then column 1.
    assert_eq!(&HOUSE_PEERS[0][..8], &[1, 2, 9, 10, 11, 18, 19, 20]);
    assert_eq!(&HOUSE_PEERS[0][8..14], &[3, 4, 5, 6, 7, 8]);
    assert_eq!(&HOUSE_PEERS[0][14..], &[27, 36, 45, 54, 63, 72]);
}

#[test]
fn combinations_come_in_increasing_order_of_their_mask() {
    let pairs: Vec<u32> = combinations(2, 4).collect();
    assert_eq!(pairs, [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
    assert_eq!(combinations(3, 9).count(), 84);
    assert_eq!(combinations(4, 9).count(), 126);
    assert!(combinations(3, 9).all(|m| m.count_ones() == 3 && m < 512));
    assert_eq!(combinations(0, 9).count(), 0);
}

#[test]
fn the_board_of_givens_removes_their_digits_from_their_peers_only() {
    let grid = Grid::from_cells(std::array::from_fn(|i| if i == 0 { 5 } else { 0 })).unwrap();
    let b = Board::from_grid(&grid);
    assert!(b.is_consistent());
    assert_eq!(b.value(0), 5);
    assert_eq!(b.cands(1), 0x1FF & !bit(5));
    assert_eq!(b.cands(80), 0x1FF);
    assert_eq!(b.places(5).count_ones(), 81 - 21);
}
