"""Inputs and settings: numpy string arrays and lists of integers as puzzles (never
truncated), seeds as integers, None or numpy Generators, signed counts, and the module's
thread setting (set_threads, SUDOKU_THREADS) used where threads= is not given."""

import numpy as np
import pytest

import sudoku_array as sa
from conftest import grid_of, is_solution_of

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.parametrize("dtype", ["U", "U100", "S", "O"])
def test_a_numpy_string_array_is_puzzles(dtype):
    puzzles = np.array([PUZZLE, PUZZLE.replace("5", ".", 1)], dtype=dtype)
    solutions = sa.solve(puzzles)
    assert solutions.shape == (2, 81)
    for s, p in zip(solutions, puzzles):
        text = p.decode() if isinstance(p, bytes) else str(p)
        assert is_solution_of(s, grid_of(text))
    assert sa.check(puzzles).tolist() == ["unique", "unique"]


def test_a_string_array_is_never_truncated_or_padded():
    long = np.array([PUZZLE + "1"])  # 82 characters: refused, not cut to 81
    with pytest.raises(ValueError, match=r"^puzzles\[0\]: expected 81 cells"):
        sa.solve(long)
    with pytest.raises(ValueError, match="shape"):
        sa.solve(np.array([[PUZZLE]]))
    with pytest.raises(ValueError, match="^puzzles: a byte string that is not ASCII"):
        sa.solve(np.array([b"\xff" * 81]))


def test_lists_of_integers_are_puzzles():
    cells = [int(c) if c != "." else 0 for c in PUZZLE]
    one = sa.solve(cells)  # one puzzle, as a (81,) array gives
    assert one.shape == (81,) and is_solution_of(one, cells)
    many = sa.solve([cells, cells])
    assert many.shape == (2, 81) and (many[0] == one).all()
    rows = [cells[i : i + 9] for i in range(0, 81, 9)]
    assert sa.solve([rows]).shape == (1, 9, 9)
    assert int(sa.count(cells)) == 1


@pytest.mark.parametrize(
    "bad,message",
    [
        ([[300] + [0] * 80], r"^puzzles\[0, 0\]: 300 is not a cell value"),
        ([[1.0] * 81], "^puzzles: expected 81-character strings or lists of integers"),
        ([[1] * 81, [1] * 80], "^puzzles: lists of integers of unequal lengths"),
        ([[-1] + [0] * 80], r"^puzzles\[0, 0\]: -1 is not a cell value"),
    ],
)
def test_lists_of_integers_are_checked_never_truncated(bad, message):
    with pytest.raises(ValueError, match=message):
        sa.solve(bad)


@pytest.mark.parametrize(
    "name,call",
    [
        ("threads", lambda: sa.solve([PUZZLE], threads=-1)),
        ("n", lambda: sa.generate(-1, seed=1)),
        ("seed", lambda: sa.generate(1, seed=-1)),
        ("seed", lambda: sa.augment([PUZZLE], sa.solve([PUZZLE]), 1, seed="1")),
        ("threads", lambda: sa.set_threads(-1)),
    ],
)
def test_negative_values_raise_value_error_naming_the_argument(name, call):
    with pytest.raises(ValueError, match=f"^{name}: expected"):
        call()


def test_seed_none_is_fresh_entropy_and_the_result_says_which():
    a = sa.generate(3, seed=None)
    b = sa.generate(3, seed=None)
    assert 0 <= a.seed < 2**64 and a.seed != b.seed
    assert (sa.generate(3, seed=a.seed).puzzles == a.puzzles).all()
    assert sa.transform([PUZZLE], seed=None).shape == (1, 81)


def test_a_numpy_generator_is_a_seed():
    g1, g2 = np.random.default_rng(5), np.random.default_rng(5)
    a, b = sa.generate(3, seed=g1), sa.generate(3, seed=g2)
    assert a.seed == b.seed and (a.puzzles == b.puzzles).all()
    c = sa.generate(3, seed=g1)  # the generator moved on
    assert c.seed != a.seed
    m = sa.minimize([PUZZLE], seed=np.random.default_rng(1))
    assert sa.check(m).tolist() == ["unique"]


def test_counts_are_signed():
    g = sa.guesses([PUZZLE])
    assert g.dtype == np.int64 and int((g - 3)[0]) == int(g[0]) - 3
    assert sa.count([PUZZLE]).dtype == np.int64
    assert sa.generate(2, seed=1, guesses=(0, None)).guesses.dtype == np.int64
    assert sa.generate(2, seed=1).indices.dtype == np.int64


@pytest.fixture
def spy(monkeypatch):
    """The threads the binding is called with."""
    seen = []
    real = sa._native.solve

    def solve(puzzles, *, threads=None):
        seen.append(threads)
        return real(puzzles, threads=threads)

    monkeypatch.setattr(sa._native, "solve", solve)
    yield seen
    sa.set_threads(None)


def test_the_thread_setting_is_used_where_threads_is_not_given(spy, monkeypatch):
    monkeypatch.delenv("SUDOKU_THREADS", raising=False)
    sa.solve([PUZZLE])
    monkeypatch.setenv("SUDOKU_THREADS", "3")
    assert sa.get_threads() == 3
    sa.solve([PUZZLE])
    sa.set_threads(1)  # the setting before the environment
    assert sa.get_threads() == 1
    sa.solve([PUZZLE])
    sa.solve([PUZZLE], threads=2)  # the argument before both
    sa.set_threads(None)
    sa.solve([PUZZLE])
    assert spy == [None, 3, 1, 2, 3]


def test_a_bad_sudoku_threads_raises_naming_it(spy, monkeypatch):
    monkeypatch.setenv("SUDOKU_THREADS", "four")
    with pytest.raises(ValueError, match="^SUDOKU_THREADS: expected a whole number"):
        sa.solve([PUZZLE])
    assert sa.solve([PUZZLE], threads=1).shape == (1, 81)
