"""Shared helpers of the Python package's tests: checks written here, in Python, never taken
from the library: the rules of Sudoku, a brute-force counter, random disguises, and the
command line (`../target/release/sudoku`) to compare with."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO = PYTHON_DIR.parent
SUDOKU = REPO / "target" / "release" / "sudoku"


def _source_without_native() -> bool:
    """Whether python/sudoku_array/ lacks the compiled `_native` module, as in a clone after
    `pip install ./python` or a wheel's install (an editable install builds it in place)."""
    folder = PYTHON_DIR / "sudoku_array"
    return not any(folder.glob("_native*.so")) and not any(folder.glob("_native*.pyd"))


def _installed_package_first() -> None:
    """`python -m pytest` run from python/ puts python/ first on sys.path, where the source
    folder sudoku_array/ (no compiled module) would hide the installed package: drop that entry,
    so `python -m pytest` tests what `pytest` tests, the installed package."""
    if not _source_without_native():
        return
    here = str(PYTHON_DIR)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    shadow = sys.modules.get("sudoku_array")
    if shadow is not None and not hasattr(shadow, "_native"):
        for name in [m for m in sys.modules if m == "sudoku_array" or m.startswith("sudoku_array.")]:
            del sys.modules[name]


_installed_package_first()
try:
    import sudoku_array  # noqa: F401  (the package under test: installed, or built in place)
except ImportError as error:  # pragma: no cover - a setup message, not a test
    raise pytest.UsageError(
        f"sudoku_array cannot be imported ({error}): install it first, from python/'s parent "
        "`pip install ./python`, or a wheel (`maturin build --release` in python/, then "
        "`pip install target/wheels/sudoku_array-*.whl`)"
    ) from error


def sudoku_binary() -> Path:
    """The command line, or a skip that says how to build it."""
    if not SUDOKU.is_file():
        pytest.skip(
            f"{SUDOKU} is not built: run `cargo build --release` at the repository's root "
            "to compare with the command line"
        )
    return SUDOKU


def run_json(*args: str) -> list[dict]:
    """`sudoku ARGS -f json`, its records (it exits non-zero when a puzzle fails: fine)."""
    out = subprocess.run(
        [str(sudoku_binary()), *args, "-f", "json"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert out.stdout, f"no output from sudoku {' '.join(args)}: {out.stderr}"
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def grid_of(text: str) -> np.ndarray:
    """81 cells of a string: digits, anything else empty."""
    assert len(text) == 81, text
    return np.array([int(c) if c in "123456789" else 0 for c in text], dtype=np.uint8)


def houses() -> list[list[int]]:
    """The 27 houses as lists of cell indices."""
    rows = [[r * 9 + c for c in range(9)] for r in range(9)]
    cols = [[r * 9 + c for r in range(9)] for c in range(9)]
    boxes = [
        [(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]
        for br in range(3)
        for bc in range(3)
    ]
    return rows + cols + boxes


HOUSES = houses()
PEERS = [sorted({j for h in HOUSES if i in h for j in h} - {i}) for i in range(81)]


def is_solution_of(solution, puzzle) -> bool:
    """Complete, every house holds 1..9 once, and every given kept."""
    s = [int(x) for x in solution]
    p = [int(x) for x in puzzle]
    if any(not 1 <= d <= 9 for d in s):
        return False
    if any(sorted(s[i] for i in h) != list(range(1, 10)) for h in HOUSES):
        return False
    return all(g == 0 or g == d for g, d in zip(p, s))


def brute_count(puzzle, limit: int) -> int:
    """Solutions of `puzzle`, counted up to `limit` by plain backtracking (fewest candidates
    first): slow but obviously right."""
    cells = [int(x) for x in puzzle]
    for i, d in enumerate(cells):
        if d and any(cells[j] == d for j in PEERS[i]):
            return 0
    found = 0

    def go() -> bool:
        nonlocal found
        best, best_cands = -1, None
        for i in range(81):
            if cells[i] == 0:
                used = {cells[j] for j in PEERS[i]}
                cands = [d for d in range(1, 10) if d not in used]
                if best_cands is None or len(cands) < len(best_cands):
                    best, best_cands = i, cands
                    if len(cands) <= 1:
                        break
        if best < 0:
            found += 1
            return found >= limit
        for d in best_cands:
            cells[best] = d
            if go():
                cells[best] = 0
                return True
        cells[best] = 0
        return False

    go()
    return found


def random_disguise(puzzle, rng: random.Random) -> np.ndarray:
    """A random disguise, written here: digits relabelled, bands and stacks permuted, rows
    and columns permuted within them, maybe transposed."""
    g = np.asarray(puzzle, dtype=np.uint8).reshape(9, 9)

    def lines() -> list[int]:
        groups = rng.sample(range(3), 3)
        return [g3 * 3 + r for g3 in groups for r in rng.sample(range(3), 3)]

    g = g[lines()][:, lines()]
    if rng.random() < 0.5:
        g = g.T
    labels = np.array([0] + rng.sample(range(1, 10), 9), dtype=np.uint8)
    return labels[g].reshape(81)


def puzzles_of(path: Path) -> list[str]:
    """The first 81-cell field of each line of a sample file that starts with a puzzle."""
    out = []
    for line in path.read_text().splitlines():
        head = line[:81]
        if len(head) == 81 and all(c in "123456789.0" for c in head):
            out.append(head)
    return out


@pytest.fixture
def sample_puzzles() -> list[str]:
    """A few hundred puzzles from tests/data (minimal, 17-clue, hard)."""
    data = REPO / "tests" / "data"
    out = []
    for name in [
        "puzzles1_random_minimal-sample.txt",
        "puzzles2_17_clue-sample.txt",
        "puzzles3_magictour_top1465-sample.txt",
    ]:
        out += puzzles_of(data / name)[:100]
    assert len(out) >= 100
    return out
