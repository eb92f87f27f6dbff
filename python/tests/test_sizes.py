"""Boards of every size (4x4 to 36x36) through solve, count, check and guesses, judged here: a
checker of the rules written in numpy (every row, column and box of the shape holds each digit
once, every given kept), a brute-force counter written in Python, and grids built here from a
pattern, never taken from the library."""

from __future__ import annotations

import random

import numpy as np
import pytest

import sudoku_array as sa

# (size, box rows, box columns): the usual box first for each size, then other boxes.
SHAPES = [(4, 2, 2), (6, 2, 3), (6, 3, 2), (8, 2, 4), (10, 2, 5), (12, 3, 4), (12, 2, 6), (15, 3, 5),
          (16, 4, 4), (25, 5, 5)]


#: Every board size: 4 to 36 with a box of 2 or more rows and columns.
SIZES = [n for n in range(4, 37) if any(n % r == 0 and n // r >= 2 for r in range(2, n))]

#: The symbols of strings: digit d is SYMBOLS[d - 1].
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def houses(n: int, rows: int, cols: int) -> list[np.ndarray]:
    """The cell indexes of every row, column and box of an n x n board of rows x cols boxes."""
    index = np.arange(n * n).reshape(n, n)
    out = [index[r] for r in range(n)] + [index[:, c] for c in range(n)]
    for top in range(0, n, rows):
        for left in range(0, n, cols):
            out.append(index[top:top + rows, left:left + cols].ravel())
    return out


def obeys_rules(solution: np.ndarray, puzzle: np.ndarray, rows: int, cols: int) -> bool:
    """Whether ``solution`` (n*n cells) is complete, keeps every given of ``puzzle`` and holds
    each digit once in every house of the shape."""
    n = rows * cols
    solution, puzzle = np.asarray(solution).ravel(), np.asarray(puzzle).ravel()
    if solution.shape != (n * n,) or puzzle.shape != (n * n,):
        return False
    if not ((solution >= 1) & (solution <= n)).all():
        return False
    if not (solution[puzzle != 0] == puzzle[puzzle != 0]).all():
        return False
    digits = np.arange(1, n + 1)
    return all((np.sort(solution[h]) == digits).all() for h in houses(n, rows, cols))


def brute_count(puzzle, rows: int, cols: int, limit: int) -> int:
    """Solutions of ``puzzle`` counted up to ``limit`` by trying every digit in the first empty
    cell, in plain Python (small boards only)."""
    n = rows * cols
    cells = [int(v) for v in np.asarray(puzzle).ravel()]
    peers = [set() for _ in range(n * n)]
    for h in houses(n, rows, cols):
        for a in h:
            peers[int(a)].update(int(b) for b in h if b != a)
    for cell, v in enumerate(cells):
        if v and any(cells[p] == v for p in peers[cell]):
            return 0

    def walk() -> int:
        try:
            cell = cells.index(0)
        except ValueError:
            return 1
        found = 0
        for d in range(1, n + 1):
            if all(cells[p] != d for p in peers[cell]):
                cells[cell] = d
                found += walk()
                cells[cell] = 0
                if found >= limit:
                    break
        return min(found, limit)

    return walk()


def full_grid(rows: int, cols: int, rng: random.Random) -> np.ndarray:
    """A solution grid of the shape: a pattern (each row the one above shifted by a box's
    width, each band by one), its digits relabelled at random, checked by the rules here."""
    n = rows * cols
    grid = np.array([[(cols * (r % rows) + r // rows + c) % n for c in range(n)] for r in range(n)])
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    grid = np.array(labels)[grid].astype(np.uint8).ravel()
    assert obeys_rules(grid, grid, rows, cols)
    return grid


def puzzle_of(grid: np.ndarray, keep: float, rng: random.Random) -> np.ndarray:
    """``grid`` with each cell kept with probability ``keep``, else emptied."""
    return np.array([v if rng.random() < keep else 0 for v in grid], dtype=np.uint8)


def test_the_checker_and_the_counter_bite():
    # A grid built by swapping two digits of one row breaks the rules; the counter finds
    # none for givens that repeat a digit.
    grid = full_grid(2, 3, random.Random(1))
    broken = grid.copy()
    broken[[0, 1]] = broken[[1, 0]]
    assert not obeys_rules(broken, np.zeros(36, np.uint8), 2, 3)
    assert not obeys_rules(grid, np.where(np.arange(36) == 0, grid[0] % 6 + 1, 0), 2, 3)
    assert brute_count(np.array([1, 1] + [0] * 14), 2, 2, 10) == 0
    assert brute_count(grid, 2, 3, 10) == 1


def test_the_empty_four_by_four_board_has_288_grids():
    empty = np.zeros((1, 16), dtype=np.uint8)
    assert sa.count(empty, limit=1000).tolist() == [288]
    assert brute_count(empty[0], 2, 2, 1000) == 288
    # Counting stops at the limit.
    assert sa.count(empty, limit=100).tolist() == [100]


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2)])
def test_counts_agree_with_brute_force(rows, cols):
    n = rows * cols
    rng = random.Random(n * 10 + rows)
    puzzles = []
    for _ in range(40):
        grid = full_grid(rows, cols, rng)
        puzzles.append(puzzle_of(grid, rng.uniform(0.2, 0.6), rng))
    for _ in range(10):  # random givens, conflicting ones among them
        p = np.zeros(n * n, dtype=np.uint8)
        for cell in rng.sample(range(n * n), rng.randint(3, 10)):
            p[cell] = rng.randint(1, n)
        puzzles.append(p)
    puzzles = np.array(puzzles)
    limit = 50
    counts = sa.count(puzzles, box=(rows, cols), limit=limit)
    expected = [brute_count(p, rows, cols, limit) for p in puzzles]
    assert counts.dtype == np.int64
    assert counts.tolist() == expected
    assert {0, 1} <= set(expected) and max(expected) == limit  # every kind of answer is tested
    status = sa.check(puzzles, box=(rows, cols)).tolist()
    assert status == ["none" if c == 0 else "unique" if c == 1 else "several" for c in expected]
    solved = sa.solve(puzzles, box=(rows, cols))
    for p, s, c in zip(puzzles, solved, expected):
        if c == 0:
            assert not s.any()
        else:
            assert obeys_rules(s, p, rows, cols)


@pytest.mark.parametrize("n,rows,cols", SHAPES)
def test_solutions_obey_their_shape_and_keep_the_givens(n, rows, cols):
    rng = random.Random(n * 100 + rows)
    keep = 0.5 if n <= 16 else 0.6
    puzzles = np.array([puzzle_of(full_grid(rows, cols, rng), keep, rng) for _ in range(6)])
    box = None if (rows, cols) == SHAPES[[s[0] for s in SHAPES].index(n)][1:] else (rows, cols)
    solved = sa.solve(puzzles, box=box)
    assert solved.shape == (6, n * n) and solved.dtype == np.uint8
    for p, s in zip(puzzles, solved):
        assert obeys_rules(s, p, rows, cols)
    assert (sa.count(puzzles, box=box) >= 1).all()
    assert (sa.guesses(puzzles, box=box) >= 0).all()


def test_every_size_solves_from_empty():
    assert SIZES[:6] == [4, 6, 8, 9, 10, 12] and SIZES[-1] == 36
    for n in SIZES:
        rows = max(r for r in range(2, n) if n % r == 0 and r * r <= n)
        solved = sa.solve(np.zeros((1, n * n), dtype=np.uint8))
        assert obeys_rules(solved[0], np.zeros(n * n), rows, n // rows), n


def test_the_box_decides_the_rules():
    # A 6x6 grid of 2x3 boxes that breaks the 3x2 boxes: each box shape's solution obeys its
    # own boxes, and the grid is a solution of one shape only.
    grid = full_grid(2, 3, random.Random(5))
    assert obeys_rules(grid, grid, 2, 3) and not obeys_rules(grid, grid, 3, 2)
    assert sa.check(grid, box=(2, 3)).tolist() == "unique"
    assert sa.check(grid, box=(3, 2)).tolist() == "none"
    assert sa.check(grid).tolist() == "unique"  # 2x3, the usual box of 6x6
    empty = np.zeros(36, dtype=np.uint8)
    assert obeys_rules(sa.solve(empty, box=(3, 2)), empty, 3, 2)
    assert obeys_rules(sa.solve(empty, size=6, box=[2, 3]), empty, 2, 3)


def test_answers_keep_the_input_shape():
    rng = random.Random(7)
    grids = np.array([puzzle_of(full_grid(2, 3, rng), 0.5, rng) for _ in range(3)])
    flat = sa.solve(grids)
    assert flat.shape == (3, 36)
    assert (sa.solve(grids.reshape(3, 6, 6)) == flat.reshape(3, 6, 6)).all()
    assert (sa.solve(grids[0]) == flat[0]).all()
    assert (sa.solve(grids[0].reshape(6, 6)) == flat[0].reshape(6, 6)).all()
    assert sa.solve(grids[0].reshape(6, 6)).shape == (6, 6)
    assert sa.count(grids).shape == (3,)
    assert sa.count(grids.reshape(3, 6, 6)).shape == (3,)
    assert sa.count(grids[0]).shape == () and sa.check(grids[0].reshape(6, 6)).shape == ()
    # Lists of integers and other integer dtypes, checked and answered as uint8.
    assert (sa.solve(grids.astype(np.int64).tolist()) == flat).all()
    assert sa.solve(grids.astype(np.int16)).dtype == np.uint8
    assert sa.solve(np.zeros((0, 16), dtype=np.uint8)).shape == (0, 16)
    assert sa.solve([], size=4).shape == (0, 16)


def _line(cells: np.ndarray) -> str:
    return "".join("." if v == 0 else SYMBOLS[v - 1] for v in cells)


@pytest.mark.parametrize("n,rows,cols", [(4, 2, 2), (6, 2, 3), (12, 3, 4), (16, 4, 4), (25, 5, 5)])
def test_strings_of_symbols(n, rows, cols):
    rng = random.Random(n)
    puzzles = np.array([puzzle_of(full_grid(rows, cols, rng), 0.6, rng) for _ in range(4)])
    lines = [_line(p) for p in puzzles]
    if n > 9:
        assert any(c.isalpha() for c in "".join(lines))
    # "0" is an empty cell too, as in the classic strings.
    lines[0] = lines[0].replace(".", "0")
    solved = sa.solve(lines)
    assert solved.shape == (4, n * n) and solved.dtype == np.uint8
    assert (solved == sa.solve(puzzles)).all()
    for p, s in zip(puzzles, solved):
        assert obeys_rules(s, p, rows, cols)
    assert (sa.solve(np.array(lines)) == solved).all()  # a numpy string array
    assert (sa.solve(np.array(lines, dtype="S")) == solved).all()


def test_size_and_box_agree_with_the_width():
    rng = random.Random(3)
    puzzles = np.array([puzzle_of(full_grid(4, 4, rng), 0.5, rng) for _ in range(2)])
    inferred = sa.solve(puzzles)
    assert (sa.solve(puzzles, size=16) == inferred).all()
    assert (sa.solve(puzzles, box=(4, 4)) == inferred).all()
    assert (sa.solve(puzzles, size=16, box=(4, 4)) == inferred).all()
    # (16, 16): sixteen 4x4 boards or one 16x16 board, as size= says.
    sixteen = np.zeros((16, 16), dtype=np.uint8)
    assert sa.count(sixteen, size=4, limit=1000).tolist() == [288] * 16
    one = sa.solve(puzzles[0].reshape(16, 16), size=16)
    assert one.shape == (16, 16) and obeys_rules(one, puzzles[0], 4, 4)


def test_threads_give_the_same_answers():
    rng = random.Random(11)
    puzzles = np.array([puzzle_of(full_grid(3, 4, rng), 0.45, rng) for _ in range(80)])
    one = sa.solve(puzzles, threads=1)
    assert (sa.solve(puzzles, threads=2) == one).all()
    assert (sa.count(puzzles, threads=1) == sa.count(puzzles, threads=2)).all()
    assert (sa.guesses(puzzles, threads=1) == sa.guesses(puzzles, threads=2)).all()
    assert (sa.check(puzzles, threads=1) == sa.check(puzzles, threads=2)).all()
    for p, s in zip(puzzles, one):
        assert obeys_rules(s, p, 3, 4)


def test_guesses_count_the_search():
    rng = random.Random(13)
    grid = full_grid(4, 4, rng)
    assert sa.guesses(grid).tolist() == 0  # nothing to guess on a full grid
    g = sa.guesses(np.zeros((2, 256), dtype=np.uint8), limit=2)
    assert g.dtype == np.int64 and g.shape == (2,) and (g > 0).all()


def test_nine_by_nine_keeps_its_path():
    p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    classic = sa.solve([p])
    assert (sa.solve([p], size=9) == classic).all()
    assert (sa.solve([p], box=(3, 3)) == classic).all()
    with pytest.raises(ValueError, match=r"expected an array of shape \(N, 81\), got shape \(1, 16\)"):
        sa.solve(np.zeros((1, 16), dtype=np.uint8), size=9)


@pytest.mark.parametrize("call,message", [
    (lambda: sa.solve(np.zeros((2, 15), dtype=np.uint8)),
     r"^puzzles: expected an array of shape \(N, 81\), got shape \(2, 15\); a board N wide has N\*N cells"),
    (lambda: sa.solve(["." * 20]), r"^puzzles\[0\]: expected 81 cells, got a string of 20 characters; a board N wide"),
    (lambda: sa.solve(np.zeros((2, 16), dtype=np.uint8), box=(2, 3)),
     r"^puzzles: a width of 16 cells, where a 6x6 board \(box=\(2, 3\)\) has 36$"),
    (lambda: sa.count(np.zeros((2, 16), dtype=np.uint8), size=6),
     r"^puzzles: a width of 16 cells, where a 6x6 board \(size=6\) has 36$"),
    (lambda: sa.solve(np.zeros((1, 36), dtype=np.uint8), size=6, box=(2, 2)),
     r"^box: \(2, 2\) makes a 4x4 board, not size=6$"),
    (lambda: sa.solve(np.zeros((1, 36), dtype=np.uint8), box=(1, 6)), r"^box: expected 2 or more, got 1$"),
    (lambda: sa.solve(np.zeros((1, 36), dtype=np.uint8), box=(6, 7)), r"^box: \(6, 7\) holds 42 cells"),
    (lambda: sa.solve(np.zeros((1, 36), dtype=np.uint8), box="2x3"), r"^box: expected \(rows, columns\)"),
    (lambda: sa.solve(np.zeros((1, 49), dtype=np.uint8), size=7), r"^size: no board is 7x7"),
    (lambda: sa.solve(np.zeros((1, 16), dtype=np.uint8), size=40), r"^size: expected at most 36, got 40$"),
    (lambda: sa.solve(np.full((2, 16), 2, dtype=np.int64) + np.eye(2, 16, 5, dtype=np.int64) * 3),
     r"^puzzles\[0, 5\]: 5 is not a cell value of a 4x4 board \(0 for empty, 1 to 4 for a digit\)$"),
    (lambda: sa.solve(np.full((1, 6, 6), -1)), r"^puzzles\[0, 0, 0\]: -1 is not a cell value of a 6x6 board"),
    (lambda: sa.solve(["1..5" + "." * 12]),
     r"^puzzles\[0\]: character '5' at column 4 is not a cell of a 4x4 board \(1-4 for a digit"),
    (lambda: sa.solve(["g" + "." * 255]), r"^puzzles\[0\]: character 'g' at column 1 is not a cell of a 16x16 board \(1-G"),
    (lambda: sa.solve(["." * 16, "." * 36]),
     r"^puzzles\[1\]: 36 characters where a 4x4 board has 16 \(the puzzles of one call are one size\)$"),
    (lambda: sa.solve(["." * 16, 5]), r"^puzzles\[1\]: expected a string, got int$"),
    (lambda: sa.solve(["." * 81, "." * 16]), r"^puzzles\[1\]: expected 81 cells, got a string of 16 characters$"),
    (lambda: sa.solve(np.array([["." * 16]])), r"^puzzles: expected a string array of shape \(N,\), got shape \(1, 1\)$"),
    (lambda: sa.solve([[0] * 16, [0] * 36]), r"^puzzles: lists of integers of unequal lengths"),
    (lambda: sa.solve(np.zeros((16, 16), dtype=np.uint8)),
     r"^puzzles: an array of shape \(16, 16\) is 16 boards 4x4 or one board 16x16: say which with size=4 or size=16$"),
    (lambda: sa.solve(np.zeros((2, 6, 5), dtype=np.uint8)), r"^puzzles: expected an array of shape \(N, 81\), got shape \(2, 6, 5\)"),
    (lambda: sa.solve(np.zeros((2, 6, 6), dtype=np.uint8), size=4), r"^puzzles: expected an array of shape \(n, 16\), \(n, 4, 4\)"),
    (lambda: sa.solve(["." * 1296]), r"^puzzles: a 36x36 board has more digits than the 35 symbols of strings"),
    (lambda: sa.count(np.zeros((1, 16), dtype=np.uint8), limit=0), r"^limit: expected 1 or more, got 0$"),
    (lambda: sa.solve(np.zeros((1, 16), dtype=np.uint8), threads=-1), r"^threads: expected 0 or more, got -1$"),
    (lambda: sa.solve(np.zeros((1, 16)), size=4), r"integer dtype"),
])
def test_bad_arguments_are_refused_naming_them(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_the_guides_example_runs_as_written(tmp_path):
    import re
    import subprocess
    import sys

    from conftest import REPO

    guide = (REPO / "doc" / "guide.md").read_text()
    blocks = re.findall(r"```python\n(# example: sizes\n.*?)```", guide, re.S)
    assert len(blocks) == 1, "the guide has one example of sizes"
    script = tmp_path / "sizes.py"
    script.write_text(blocks[0])
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "[288]" and lines[-1] == "['several']", out.stdout
    assert len(lines) == 1 + 1 + 6 + 1, out.stdout  # a (1, 16) row, six rows of 6x6


def test_the_readmes_example_runs_as_written():
    import re

    from conftest import PYTHON_DIR

    readme = (PYTHON_DIR / "README.md").read_text()
    blocks = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "box=(3, 2)" in b]
    assert len(blocks) == 1, "the README has one example of sizes"
    names: dict = {}
    exec(blocks[0], names)
    assert names["sa"].count(np.zeros((1, 16), dtype=np.uint8), limit=1000).tolist() == [288]


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2)])
def test_generated_puzzles_are_unique_and_minimal_by_brute_force(rows, cols):
    n = rows * cols
    made = sa.generate(4, seed=20, box=(rows, cols))
    puzzles, solutions = made
    assert puzzles.shape == solutions.shape == (4, n * n) and puzzles.dtype == np.uint8
    assert made.indices.tolist() == [0, 1, 2, 3] and made.stopped == "done" and made.next == 4
    for p, s in zip(puzzles, solutions):
        assert obeys_rules(s, p, rows, cols)
        assert brute_count(p, rows, cols, 2) == 1
        for cell in np.flatnonzero(p):  # every clue is needed
            fewer = p.copy()
            fewer[cell] = 0
            assert brute_count(fewer, rows, cols, 2) == 2, cell


@pytest.mark.parametrize("n,rows,cols", [(8, 2, 4), (12, 3, 4), (16, 4, 4)])
def test_generated_puzzles_of_larger_sizes(n, rows, cols):
    puzzles, solutions = sa.generate(2, seed=3, size=n)
    assert puzzles.shape == (2, n * n)
    assert sa.count(puzzles).tolist() == [1, 1]
    for p, s in zip(puzzles, solutions):
        assert obeys_rules(s, p, rows, cols)
    # Minimal: no clue can go (counted by the library's search, which the brute-force tests
    # above judge on the small boards).
    p = puzzles[0]
    clues = np.flatnonzero(p)
    fewer = np.repeat(p[None], len(clues), axis=0)
    fewer[np.arange(len(clues)), clues] = 0
    assert (sa.count(fewer) == 2).all()


def test_generate_is_reproducible_at_any_threads_and_chunking():
    whole = sa.generate(12, seed=9, size=6, threads=1)
    again = sa.generate(12, seed=9, size=6, threads=2)
    assert (whole.puzzles == again.puzzles).all() and (whole.solutions == again.solutions).all()
    chunks = [sa.generate(4, seed=9, size=6, start=a) for a in (0, 4, 8)]
    assert (np.concatenate([c.puzzles for c in chunks]) == whole.puzzles).all()
    assert sa.generate(None, seed=9, size=6, start=3, stop=5).indices.tolist() == [3, 4]
    other = sa.generate(12, seed=10, size=6)
    assert not (other.puzzles == whole.puzzles).all()


def test_generate_symmetry_on_other_sizes():
    made = sa.generate(3, seed=4, size=6, symmetry="rotational")
    for p in made.puzzles:
        clues = p.reshape(6, 6) != 0
        assert (clues == clues[::-1, ::-1]).all()
    assert sa.check(made.puzzles).tolist() == ["unique"] * 3
    four = sa.generate(2, seed=4, size=4, symmetry="full")
    for p in four.puzzles:
        clues = p.reshape(4, 4) != 0
        assert (clues == clues.T).all() and (clues == clues[::-1, ::-1]).all()
    with pytest.raises(ValueError, match=r"^symmetry: .*2x3 box"):
        sa.generate(1, seed=4, size=6, symmetry="diagonal")
    with pytest.raises(ValueError, match=r"^symmetry: "):
        sa.generate(1, seed=4, size=6, symmetry="sideways")


@pytest.mark.parametrize("kwargs,message", [
    (dict(rating=(2.0, 3.0)), r"^rating: for 9x9 boards only, not a 6x6 board$"),
    (dict(level="easy"), r"^level: for 9x9 boards only"),
    (dict(guesses=(0, 3)), r"^guesses: for 9x9 boards only"),
    (dict(time_limit=1.0), r"^time_limit: for 9x9 boards only"),
    (dict(n=None), r"^n: give n, or stop= \(or both\)$"),
    (dict(start=5, stop=2), r"^stop: expected start \(5\) or more, got 2$"),
    (dict(box=(3, 3)), r"^box: \(3, 3\) makes a 9x9 board, not size=6$"),
])
def test_generate_refuses_what_other_sizes_lack(kwargs, message):
    args = dict(n=1, seed=1, size=6)
    args.update(kwargs)
    n = args.pop("n")
    with pytest.raises(ValueError, match=message):
        sa.generate(n, **args)


def test_generate_of_size_nine_is_the_classic_generator():
    assert (sa.generate(3, seed=2, size=9).puzzles == sa.generate(3, seed=2).puzzles).all()
