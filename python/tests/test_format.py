"""format: grids to text, judged against strings written here from the cells."""

import numpy as np
import pytest

import sudoku_array as sa

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def by_hand(row, empty=".") -> str:
    return "".join(empty if v == 0 else str(int(v)) for v in row)


def test_lines_are_the_cells_written_out(sample_puzzles):
    puzzles = sa.read(text="\n".join(sample_puzzles))["puzzles"]
    text = sa.format(puzzles)
    assert text.shape == (len(puzzles),) and text.dtype == np.dtype("U81")
    assert text.tolist() == [by_hand(p) for p in puzzles]
    assert sa.format(puzzles, empty="0").tolist() == [by_hand(p, "0") for p in puzzles]
    solved = sa.solve(puzzles)
    assert sa.format(solved).tolist() == [by_hand(s) for s in solved]


def test_grids_are_nine_rows_of_nine():
    grid = sa.format([PUZZLE], style="grid")[0]
    rows = grid.split("\n")
    assert rows == [PUZZLE[i : i + 9] for i in range(0, 81, 9)]


def test_shapes_follow_the_input():
    one = np.array([int(c) if c != "." else 0 for c in PUZZLE])
    assert sa.format(one).shape == () and str(sa.format(one)) == PUZZLE
    assert sa.format(one.reshape(1, 9, 9)).tolist() == [PUZZLE]
    assert sa.format(np.zeros((0, 81), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    "kwargs,message",
    [({"style": "box"}, "^style:"), ({"empty": "5"}, "^empty:"), ({"empty": ".."}, "^empty:")],
)
def test_bad_options_name_themselves(kwargs, message):
    with pytest.raises(ValueError, match=message):
        sa.format([PUZZLE], **kwargs)


def test_a_bad_cell_is_refused_not_written():
    bad = np.zeros((1, 81), dtype=np.uint8)
    bad[0, 4] = 12
    with pytest.raises(ValueError, match=r"^puzzles\[0, 4\]: 12"):
        sa.format(bad)
