"""Arguments as numpy users and data-set builders pass them (issue 52): integer dtypes,
(N, 9, 9) and one (81,) puzzle; bad integers named in a ValueError; signed counts;
`__version__`; `hint()` with nothing; `read` of a file name that does not exist."""

import re
from importlib import metadata
from pathlib import Path

import numpy as np
import pytest

import sudoku_array as sa
from conftest import REPO, brute_count, grid_of, is_solution_of

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
# An empty grid: many solutions.
OPEN = "." * 81


# --- item 13: hint() with nothing to hint at ---


def test_hint_with_no_arguments_says_what_to_pass():
    with pytest.raises(ValueError) as raised:
        sa.hint()
    message = str(raised.value)
    assert "not both" not in message
    assert "puzzles" in message and "candidates=" in message


def test_hint_with_both_still_says_not_both():
    with pytest.raises(ValueError, match="not both"):
        sa.hint([PUZZLE], candidates=["1" * 729])


# --- item 11: __version__ ---


def test_version_is_the_package_metadata():
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", sa.__version__)
    assert sa.__version__ == metadata.version("sudoku-array")
    assert sa.__version__ == sa._native.__version__
    cargo = (Path(__file__).resolve().parent.parent / "Cargo.toml").read_text()
    assert f'\nversion = "{sa.__version__}"\n' in cargo


# --- item 10: bad integers named; signed counts ---

BAD_INTEGERS = [
    ("threads", lambda v: sa.solve([PUZZLE], threads=v), -1),
    ("threads", lambda v: sa.rate([PUZZLE], threads=v), -1),
    ("threads", lambda v: sa.generate(1, seed=1, threads=v), -1),
    ("n", lambda v: sa.generate(v, seed=1), -1),
    ("seed", lambda v: sa.generate(1, seed=v), -1),
    ("seed", lambda v: sa.generate(1, seed=v), 2**64),
    ("seed", lambda v: sa.transform([PUZZLE], seed=v), -1),
    ("seed", lambda v: sa.minimize([PUZZLE], seed=v), -1),
    ("k", lambda v: sa.augment([PUZZLE], sa.solve([PUZZLE]), v, seed=1), -1),
    ("k", lambda v: sa.reveal([PUZZLE], sa.solve([PUZZLE]), v, seed=1), -1),
    ("seed", lambda v: sa.reveal([PUZZLE], sa.solve([PUZZLE]), 1, seed=v), "7"),
    ("limit", lambda v: sa.count([PUZZLE], limit=v), 2**70),
]


@pytest.mark.parametrize("name,call,value", BAD_INTEGERS)
def test_a_bad_integer_raises_value_error_naming_it(name, call, value):
    with pytest.raises(ValueError, match=f"^{name}: expected"):
        call(value)


def test_seed_none_keeps_its_documented_meaning_for_minimize():
    # minimize's seed is optional (None: givens taken away in row-major order).
    m = sa.minimize([PUZZLE], seed=None)
    assert sa.check(m).tolist() == ["unique"]
    assert is_solution_of(sa.solve(m)[0], grid_of(PUZZLE))


def test_numpy_integers_are_accepted_as_arguments():
    p, s = sa.generate(np.int64(2), seed=np.uint32(5), threads=np.int8(1))
    assert p.shape == (2, 81)
    assert all(is_solution_of(s[i], p[i]) for i in range(2))


def test_counts_are_signed_so_arithmetic_does_not_wrap():
    g = sa.guesses([PUZZLE])
    c = sa.count([PUZZLE, OPEN], limit=3)
    assert g.dtype == np.int64 and c.dtype == np.int64
    assert c.tolist() == [brute_count(grid_of(PUZZLE), 3), 3]
    assert int((g - (int(g[0]) + 3))[0]) == -3


# --- item 5: a file name that does not exist ---


@pytest.mark.parametrize("name", ["typo.txt", "no/such/dir", "puzzles/missing.sdm"])
def test_read_of_a_missing_file_name_raises_naming_it(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError, match=re.escape(name)):
        sa.read(name)


def test_read_keeps_text_that_is_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # A puzzle's line ends with ".79", which is not an extension; several lines are text.
    assert sa.read(PUZZLE)["puzzles"].shape == (1, 81)
    assert sa.read(PUZZLE + "\n" + PUZZLE + "\n")["puzzles"].shape == (2, 81)
    assert sa.read("no puzzle here")["errors"][0]["line"] is None
    assert sa.read("typo.txt\n")["puzzles"].shape == (0, 81)
    # text= is always text, whatever it looks like.
    assert sa.read(text="typo.txt")["puzzles"].shape == (0, 81)


def test_read_of_an_existing_file_name_reads_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.txt").write_text(PUZZLE + "\n")
    assert sa.read("mine.txt")["sources"] == ["mine.txt:1"]
    assert sa.read(str(REPO / "puzzles" / "line-puzzles.txt"))["puzzles"].shape[0] > 0


# --- item 6: integer dtypes, (N, 9, 9), one (81,) puzzle ---


def _givens() -> np.ndarray:
    return grid_of(PUZZLE).astype(np.uint8).reshape(1, 81)


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.int8, np.uint16, np.intp])
def test_integer_dtypes_solve_as_uint8(dtype):
    p = _givens().astype(dtype)
    s = sa.solve(p)
    assert s.dtype == np.uint8 and s.shape == (1, 81)
    assert is_solution_of(s[0], _givens()[0])
    assert sa.check(p).tolist() == ["unique"]


@pytest.mark.parametrize("value", [10, 256 + 5, -1])
def test_out_of_range_values_are_refused_never_truncated(value):
    p = _givens().astype(np.int64)
    p = np.vstack([p, p])
    p[1, 2] = value  # an empty cell of row 1; 261 would truncate to 5 as uint8
    with pytest.raises(ValueError, match=rf"^puzzles\[1, 2\]: {value} is not a cell value"):
        sa.solve(p)
    with pytest.raises(ValueError, match=r"^solutions\[1, 2\]"):
        sa.augment(p[:1].repeat(2, axis=0), p, 1, seed=1)


def test_n_9_9_arrays_give_n_9_9_grids():
    p = np.vstack([_givens(), _givens()]).reshape(2, 9, 9).astype(np.int16)
    s = sa.solve(p)
    assert s.shape == (2, 9, 9) and s.dtype == np.uint8
    assert all(is_solution_of(s[i].reshape(81), _givens()[0]) for i in range(2))
    assert sa.canonical(p).shape == (2, 9, 9)
    assert sa.count(p).tolist() == [1, 1]
    assert sa.rate(p)["status"].tolist() == ["rated", "rated"]


def test_one_puzzle_gives_one_answer():
    p = _givens()[0]  # shape (81,)
    s = sa.solve(p)
    assert s.shape == (81,) and is_solution_of(s, p)
    assert sa.canonical(p).shape == (81,)
    assert sa.transform(p, seed=3).shape == (81,)
    c, k, g = sa.count(p), sa.check(p), sa.guesses(p)
    assert c.shape == () and int(c) == 1
    assert k.shape == () and str(k) == "unique"
    assert g.shape == () and int(g) >= 0
    r = sa.rate(p)
    assert r["status"].shape == () and str(r["status"]) == "rated"
    assert float(r["er"]) >= 1.0
    # The one-row call agrees.
    assert float(r["er"]) == float(sa.rate(p.reshape(1, 81))["er"][0])


def test_other_shapes_still_name_the_shape():
    with pytest.raises(ValueError, match=r"expected an array of shape \(N, 81\)"):
        sa.solve(np.zeros((2, 80), dtype=np.int64))
    with pytest.raises(ValueError, match=r"expected an array of shape \(N, 81\)"):
        sa.solve(np.zeros((2, 9, 8), dtype=np.uint8))


def test_one_nine_by_nine_board_is_one_puzzle():
    # A (9, 9) array is one board (as (N, N) is for every size since boards of other sizes
    # came in: 9 cells a row is no board's width), answered in its shape.
    board = _givens()[0].reshape(9, 9)
    solved = sa.solve(board)
    assert solved.shape == (9, 9)
    assert solved.all() and (solved == sa.solve(board.reshape(1, 81))[0].reshape(9, 9)).all()
    assert sa.count(board).shape == ()


def test_float_arrays_are_still_refused():
    with pytest.raises(ValueError, match="integer dtype"):
        sa.solve(_givens().astype(np.float64))

