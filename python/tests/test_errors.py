"""Bad arrays and strings raise ValueError saying what and where."""

import numpy as np
import pytest

import sudoku_array as sa

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
BATCH_FUNCTIONS = [sa.solve, sa.count, sa.check, sa.guesses, sa.rate, sa.canonical, sa.minimize, sa.tokens]


@pytest.mark.parametrize("f", BATCH_FUNCTIONS)
def test_wrong_shape(f):
    with pytest.raises(ValueError, match=r"shape \(N, 81\), got shape \(2, 80\)"):
        f(np.zeros((2, 80), dtype=np.uint8))
    # (81,) is one puzzle and (N, 9, 9) N grids (tests/test_inputs.py); other shapes are not.
    with pytest.raises(ValueError, match=r"got shape \(80\)"):
        f(np.zeros(80, dtype=np.uint8))
    with pytest.raises(ValueError, match=r"got shape \(1, 9, 8\)"):
        f(np.zeros((1, 9, 8), dtype=np.uint8))


@pytest.mark.parametrize("f", BATCH_FUNCTIONS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.bool_])
def test_wrong_dtype(f, dtype):
    # Integer dtypes are accepted (tests/test_inputs.py); floats and booleans are not.
    with pytest.raises(ValueError, match="integer dtype"):
        f(np.zeros((1, 81), dtype=dtype))


@pytest.mark.parametrize("f", BATCH_FUNCTIONS)
def test_digit_out_of_range_names_row_and_cell(f):
    a = np.zeros((3, 81), dtype=np.uint8)
    a[2, 40] = 10
    with pytest.raises(ValueError, match=r"puzzles\[2, 40\]: 10 is not a cell value"):
        f(a)


def test_bad_strings():
    with pytest.raises(ValueError, match=r"puzzles\[1\]: expected 81 cells, got a string of 80"):
        sa.solve([PUZZLE, PUZZLE[:80]])
    with pytest.raises(ValueError, match=r"puzzles\[0\]: character 'x' at column 3"):
        sa.solve(["53x" + PUZZLE[3:]])
    with pytest.raises(ValueError, match="one string"):
        sa.solve(PUZZLE)
    with pytest.raises(ValueError, match=r"puzzles\[1\]: expected a string of 81 cells, got int"):
        sa.solve([PUZZLE, 5])
    # A list of integers is a puzzle's cells (test_api_args.py): one that is not 81 is refused.
    with pytest.raises(ValueError, match=r"puzzles: expected an array of shape \(N, 81\), got shape \(1\)"):
        sa.solve([5])
    with pytest.raises(ValueError, match="got int"):
        sa.solve(5)


def test_augment_needs_one_solution_per_puzzle():
    with pytest.raises(ValueError, match="solutions: expected one per puzzle"):
        sa.augment([PUZZLE, PUZZLE], sa.solve([PUZZLE]), 2, seed=1)
    with pytest.raises(ValueError, match=r"solutions\[0, 0\]: 11"):
        bad = sa.solve([PUZZLE])
        bad[0, 0] = 11
        sa.augment([PUZZLE], bad, 2, seed=1)


def test_bad_generate_requests():
    # Named as the argument was given (not as the command line's --rating).
    with pytest.raises(ValueError, match=r"^rating 0\.1\.\.0\.5: no step is rated there"):
        sa.generate(1, seed=1, rating=(0.1, 0.5))
    with pytest.raises(ValueError, match="level"):
        sa.generate(1, seed=1, level="impossible")
    with pytest.raises(ValueError, match="symmetry"):
        sa.generate(1, seed=1, symmetry="sideways")
    with pytest.raises(ValueError, match="not both"):
        sa.generate(1, seed=1, rating=(2.0, 3.0), level="hard")


def test_bad_time_limit():
    with pytest.raises(ValueError, match="time_limit"):
        sa.rate([PUZZLE], time_limit=-1.0)


def test_an_empty_batch_is_fine():
    assert sa.solve([]).shape == (0, 81)
    assert sa.count(np.zeros((0, 81), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize("f", [sa.count, sa.guesses])
@pytest.mark.parametrize("limit", [0, -1])
def test_limit_below_one(f, limit):
    with pytest.raises(ValueError, match=f"limit: expected 1 or more, got {limit}"):
        f([PUZZLE], limit=limit)
