"""augment's maps and apply: each map a cell permutation and a digit relabelling that keeps
a Sudoku a Sudoku (judged here: the copy has one solution, the mapped solution, checked by
the tests' own brute force and rules), carried to solutions, tokens and pencilmarks; and a
row's copies depend on its index (start=), not on where a call's rows begin."""

import numpy as np
import pytest

import sudoku_array as sa
from conftest import PEERS, brute_count, is_solution_of


def candidates_of(puzzle) -> np.ndarray:
    """Pencilmarks written here: each empty cell's digits not seen by a peer (bit d-1)."""
    cells = [int(x) for x in puzzle]
    out = np.zeros(81, dtype=np.uint16)
    for i, d in enumerate(cells):
        if d:
            out[i] = 1 << (d - 1)
        else:
            seen = {cells[j] for j in PEERS[i]}
            out[i] = sum(1 << (v - 1) for v in range(1, 10) if v not in seen)
    return out


@pytest.fixture
def pairs(sample_puzzles):
    puzzles = np.array([[int(c) if c.isdigit() else 0 for c in p] for p in sample_puzzles[:12]],
                       dtype=np.uint8)
    return puzzles, sa.solve(puzzles)


def test_the_maps_are_permutations_and_apply_gives_augments_arrays(pairs):
    puzzles, solutions = pairs
    a = sa.augment(puzzles, solutions, 3, seed=11)
    maps = a.maps
    assert maps["sources"].shape == (36, 81) and maps["digits"].shape == (36, 10)
    assert maps["row"].tolist() == [i for i in range(12) for _ in range(3)]
    assert (np.sort(maps["sources"], axis=1) == np.arange(81)).all()
    assert (maps["digits"][:, 0] == 0).all()
    assert (np.sort(maps["digits"][:, 1:], axis=1) == np.arange(1, 10)).all()
    assert (sa.apply(maps, puzzles) == a.puzzles).all()
    assert (sa.apply(maps, solutions) == a.solutions).all()
    # The maps applied by hand, here: cell i of copy m is digits[m][original[sources[m][i]]].
    for m in range(0, 36, 7):
        original = puzzles[maps["row"][m]]
        by_hand = maps["digits"][m][original[maps["sources"][m]]]
        assert (by_hand == a.puzzles[m]).all()


def test_a_mapped_puzzle_is_a_puzzle_whose_solution_is_the_mapped_solution(pairs):
    puzzles, solutions = pairs
    a = sa.augment(puzzles[:4], solutions[:4], 2, seed=5)
    copies = sa.apply(a.maps, [sa.format(p).item() for p in puzzles[:4]])  # strings in
    mapped = sa.apply(a.maps, solutions[:4])
    for p, s in zip(copies, mapped):
        assert brute_count(p, 2) == 1
        assert is_solution_of(s, p)


def test_pencilmarks_move_with_their_cells(pairs):
    puzzles, solutions = pairs
    a = sa.augment(puzzles, solutions, 2, seed=3)
    marks = np.array([candidates_of(p) for p in puzzles])
    moved = sa.apply(a.maps, candidates=marks)
    assert moved.dtype == np.uint16
    expected = np.array([candidates_of(p) for p in a.puzzles])
    assert (moved == expected).all()


def test_tokens_are_carried_to_the_copies(pairs):
    puzzles, solutions = pairs
    puzzles, solutions = puzzles[:5], solutions[:5]
    a = sa.augment(puzzles, solutions, 2, seed=8)
    tokens, status = sa.tokens(puzzles)
    moved = sa.apply(a.maps, tokens=tokens)
    assert moved.dtype == tokens.dtype and moved.shape[1] == 7
    for m in range(10):
        mine = moved[moved[:, 0] == m]
        source = tokens[tokens[:, 0] == a.maps["row"][m]]
        assert len(mine) == len(source)
        assert (mine[:, [1, 5, 6]] == source[:, [1, 5, 6]]).all()  # steps and techniques kept
        solution = a.solutions[m].reshape(9, 9)
        for _, _, r, c, d, _, placed in mine:
            if placed:
                assert solution[r, c] == d  # a placement puts the copy's solution digit
            else:
                assert solution[r, c] != d  # an elimination never removes it
                assert a.puzzles[m][r * 9 + c] == 0


def test_apply_wants_one_thing_and_the_rows_augment_was_given(pairs):
    puzzles, solutions = pairs
    a = sa.augment(puzzles, solutions, 2, seed=1)
    with pytest.raises(ValueError, match="^apply: give one of"):
        sa.apply(a.maps)
    with pytest.raises(ValueError, match="^puzzles: expected the 12 rows"):
        sa.apply(a.maps, a.puzzles)


def test_a_rows_copies_depend_on_its_index_not_its_place_in_the_call(pairs):
    puzzles, solutions = pairs
    whole = sa.augment(puzzles, solutions, 4, seed=42)
    for cuts in [(0, 12), (0, 5, 12), (0, 1, 2, 9, 12)]:
        parts = [
            sa.augment(puzzles[a:b], solutions[a:b], 4, seed=42, start=a)
            for a, b in zip(cuts, cuts[1:])
        ]
        assert (np.concatenate([p.puzzles for p in parts]) == whole.puzzles).all()
        assert (np.concatenate([p.solutions for p in parts]) == whole.solutions).all()
    # transform and reveal take the same index.
    assert (sa.transform(puzzles[5:], seed=9, start=5) == sa.transform(puzzles, seed=9)[5:]).all()
    assert (
        sa.reveal(puzzles[3:], solutions[3:], 6, seed=2, start=3)
        == sa.reveal(puzzles, solutions, 6, seed=2)[3:]
    ).all()


def test_seed_none_draws_a_seed_and_says_which(pairs):
    puzzles, solutions = pairs
    a = sa.augment(puzzles, solutions, 1, seed=None)
    again = sa.augment(puzzles, solutions, 1, seed=a.seed)
    assert (a.puzzles == again.puzzles).all()
