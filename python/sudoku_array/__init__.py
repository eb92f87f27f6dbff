"""The sudoku-solver library on numpy arrays: many puzzles at once.

Puzzles go in as an (N, 81) integer array (row-major, 0 for an empty cell; any integer dtype,
its values checked to be 0 to 9, never truncated), an (N, 9, 9) array, one puzzle as an (81,)
array, or a list of 81-character strings (``1``-``9`` digits; ``.``, ``0``, ``_`` or ``-``
empty). The grid answers of :func:`solve`, :func:`canonical`, :func:`minimize` and
:func:`transform` keep an array's shape ((N, 9, 9) in, (N, 9, 9) out; (81,) in, (81,) out);
for one (81,) puzzle the per-puzzle answers (:func:`count`, :func:`check`, :func:`guesses`,
:func:`rate`'s columns) are 0-d arrays rather than (1,) ones. Answers come
back as numpy arrays, in input order. Every function releases the GIL and runs on
``threads`` threads (``None``: one per core), with the same answers at any thread count.

A bad argument (wrong shape or dtype, a cell above 9, a string that is not 81 cells, a negative
``threads``, ``n``, ``k`` or ``seed``) raises ``ValueError`` naming the argument and where; a puzzle without a solution is a status, never an
exception.

>>> import numpy as np, sudoku_array as sa
>>> puzzles = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"]
>>> solutions = sa.solve(puzzles)
>>> solutions.shape, solutions.dtype
((1, 81), dtype('uint8'))
>>> sa.check(puzzles).tolist()
['unique']
"""

from __future__ import annotations

import operator
import os
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native

__all__ = [
    "solve",
    "count",
    "check",
    "guesses",
    "rate",
    "canonical",
    "minimize",
    "augment",
    "transform",
    "reveal",
    "generate",
    "hint",
    "explain",
    "tokens",
    "techniques",
    "read",
    "LEVELS",
    "__version__",
]

#: The package's version (Cargo.toml's, as the wheel's metadata has it).
__version__: str = _native.__version__

#: Sudoku Explainer's level names, easiest first, as ``generate(level=)`` takes them and
#: ``rate()["level"]`` gives them.
LEVELS = ("easy", "medium", "hard", "fiendish", "diabolical")

Puzzles = Union[np.ndarray, Sequence[str]]

_U64 = 2**64 - 1


def _int(name: str, value: Any, *, optional: bool = False, low: int = 0, high: int = _U64) -> Any:
    """An integer argument checked here, so that a bad one raises ``ValueError`` naming it
    (rather than the binding's bare ``OverflowError`` or ``TypeError``)."""
    if value is None:
        if optional:
            return None
        raise ValueError(f"{name}: expected an integer, got None")
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ValueError(f"{name}: expected an integer, got {type(value).__name__}")
    v = operator.index(value)
    if v < low:
        raise ValueError(f"{name}: expected {low} or more, got {v}")
    if v > high:
        raise ValueError(f"{name}: expected at most {high}, got {v}")
    return v


def _threads(threads: Any) -> Any:
    return _int("threads", threads, optional=True)


class _Shape:
    """How an array of puzzles came in: (N, 81), (N, 9, 9) or one (81,) puzzle."""

    def __init__(self, grid: Tuple[int, ...] = (81,), single: bool = False) -> None:
        self.grid = grid
        self.single = single

    def grids(self, out: np.ndarray) -> np.ndarray:
        """Grid answers (N, 81) back in the input's shape."""
        out = out.reshape((out.shape[0],) + self.grid)
        return out[0] if self.single else out

    def each(self, out: np.ndarray) -> np.ndarray:
        """Per-puzzle answers (N,); a 0-d array for one (81,) puzzle."""
        return out.reshape(()) if self.single else out


def _grids(puzzles: Any, what: str = "puzzles") -> Tuple[Any, _Shape]:
    """An integer array of any dtype and of shape (N, 81), (N, 9, 9) or (81,) as the binding's
    (N, 81) ``uint8``, its values checked (0 to 9) before the conversion; anything else as
    given, for the binding to check."""
    if isinstance(puzzles, np.ndarray) and puzzles.dtype.kind in "bfc":
        raise ValueError(
            f"{what}: expected an integer dtype (uint8 best), got {puzzles.dtype} "
            "(convert with .astype(numpy.uint8))"
        )
    if not isinstance(puzzles, np.ndarray) or puzzles.dtype.kind not in "iu":
        return puzzles, _Shape()
    shape = _Shape()
    if puzzles.shape == (81,):
        shape = _Shape(single=True)
        puzzles = puzzles.reshape(1, 81)
    elif puzzles.ndim == 3 and puzzles.shape[1:] == (9, 9):
        shape = _Shape(grid=(9, 9))
        puzzles = puzzles.reshape(puzzles.shape[0], 81)
    if puzzles.ndim == 2 and puzzles.shape[1] == 81 and puzzles.dtype != np.uint8:
        bad = (puzzles < 0) | (puzzles > 9)
        if bad.any():
            i, k = (int(x) for x in np.argwhere(bad)[0])
            raise ValueError(
                f"{what}[{i}, {k}]: {int(puzzles[i, k])} is not a cell value "
                "(0 for empty, 1 to 9 for a digit)"
            )
        puzzles = puzzles.astype(np.uint8)
    return puzzles, shape


def solve(puzzles: Puzzles, *, threads: Optional[int] = None) -> np.ndarray:
    """Each puzzle's solution as an (N, 81) ``uint8`` array (in the input array's shape: see
    the module's docs); a row of zeros where a puzzle has no solution. With several
    solutions, one of them.

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> s = sa.solve([p, "11" + "." * 79])
    >>> bool(s[0].all()), bool(s[1].any())   # solved; no solution (two 1s in a row)
    (True, False)
    >>> grid = np.array([0 if c == "." else int(c) for c in p]).reshape(9, 9)   # int64
    >>> sa.solve(grid[None]).shape, sa.solve(grid.ravel()).shape   # (N, 9, 9); one puzzle
    ((1, 9, 9), (81,))
    """
    puzzles, shape = _grids(puzzles)
    return shape.grids(_native.solve(puzzles, threads=_threads(threads)))


def count(puzzles: Puzzles, *, limit: int = 2, threads: Optional[int] = None) -> np.ndarray:
    """The number of solutions of each puzzle, counted up to ``limit``, as an (N,) ``int64``
    array.

    >>> import sudoku_array as sa
    >>> sa.count(["." * 81], limit=10).tolist()
    [10]
    """
    puzzles, shape = _grids(puzzles)
    return shape.each(_native.count(puzzles, limit=_int("limit", limit, low=1, high=2**63 - 1), threads=_threads(threads)))


def check(puzzles: Puzzles, *, threads: Optional[int] = None) -> np.ndarray:
    """``"unique"``, ``"none"`` or ``"several"`` for each puzzle, as an (N,) string array.

    >>> import sudoku_array as sa
    >>> sa.check(["." * 81, "11" + "." * 79]).tolist()
    ['several', 'none']
    """
    puzzles, shape = _grids(puzzles)
    return shape.each(_native.check(puzzles, threads=_threads(threads)))


def guesses(puzzles: Puzzles, *, limit: int = 2, threads: Optional[int] = None) -> np.ndarray:
    """The search's guesses (binary branches) to find the solutions up to ``limit`` (2: to
    prove a solution unique), as an (N,) ``int64`` array: a measure of difficulty for a
    backtracking solver, like tdoku's backtrack count.

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> int(sa.guesses([p])[0]) >= 0
    True
    """
    puzzles, shape = _grids(puzzles)
    return shape.each(_native.guesses(puzzles, limit=_int("limit", limit, low=1, high=2**63 - 1), threads=_threads(threads)))


def rate(
    puzzles: Puzzles, *, threads: Optional[int] = None, time_limit: Optional[float] = None
) -> Dict[str, np.ndarray]:
    """Sudoku Explainer's ratings. Returns a dict of (N,) arrays:

    - ``"er"``, ``"ep"``, ``"ed"``: floats rounded to tenths, NaN where a puzzle has no rating;
    - ``"hardest"``: the technique of the hardest step (``""`` when not rated);
    - ``"level"``: one of :data:`LEVELS` (``""`` when not rated or outside every band);
    - ``"status"``: ``"rated"``, ``"solved"`` (a full grid, rated 0.0), ``"no_solution"``, ``"not_unique"`` or ``"timeout"`` (the
      puzzle took longer than ``time_limit`` seconds), as ``sudoku rate -f json`` says.

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> r = sa.rate([p, "." * 81])
    >>> r["status"].tolist()
    ['rated', 'not_unique']
    >>> bool(r["er"][0] >= 1.0), bool(np.isnan(r["er"][1]))
    (True, True)
    """
    puzzles, shape = _grids(puzzles)
    rated = _native.rate(puzzles, threads=_threads(threads), time_limit=time_limit)
    return {key: shape.each(column) for key, column in rated.items()}


def canonical(puzzles: Puzzles, *, threads: Optional[int] = None) -> np.ndarray:
    """The canonical form of each puzzle, an (N, 81) ``uint8`` array: the same for every
    disguise of a puzzle (relabelled digits; bands, stacks, rows and columns permuted;
    transposed), so equal forms mean equivalent puzzles.

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> relabelled = p.translate(str.maketrans("12", "21"))
    >>> c = sa.canonical([p, relabelled])
    >>> bool((c[0] == c[1]).all())
    True
    """
    puzzles, shape = _grids(puzzles)
    return shape.grids(_native.canonical(puzzles, threads=_threads(threads)))


def minimize(
    puzzles: Puzzles, *, seed: Optional[int] = None, threads: Optional[int] = None
) -> np.ndarray:
    """A minimal puzzle with each puzzle's solution: givens taken away (in row-major order,
    or in an order drawn from ``seed``) while the solution stays unique. A row of zeros where
    a puzzle has not exactly one solution.

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> m = sa.minimize([p], seed=1)
    >>> sa.check(m).tolist(), bool((sa.solve(m) == sa.solve([p])).all())
    (['unique'], True)
    """
    puzzles, shape = _grids(puzzles)
    seed = _int("seed", seed, optional=True)
    return shape.grids(_native.minimize(puzzles, seed=seed, threads=_threads(threads)))


def augment(
    puzzles: Puzzles,
    solutions: Puzzles,
    k: int,
    *,
    seed: int,
    threads: Optional[int] = None,
) -> Tuple[np.ndarray, np.ndarray]:
    """``k`` disguised copies of each puzzle, and of its solution by the same map. Returns
    ``(puzzles, solutions)`` of N*k rows: copies 0..k-1 of puzzle 0, then of puzzle 1, ...
    Each map (transposition; bands, rows, stacks, columns and digits shuffled) is drawn from
    ``seed`` and the row number, so the same seed gives the same arrays. A solution that does
    not solve its puzzle raises ``ValueError`` (as in :func:`reveal`); N*k rows that cannot be
    held raise ``MemoryError`` before any work.

    >>> import sudoku_array as sa
    >>> p = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"]
    >>> ap, asol = sa.augment(p, sa.solve(p), 3, seed=7)
    >>> ap.shape, bool((sa.solve(ap) == asol).all())
    ((3, 81), True)
    """
    puzzles, _ = _grids(puzzles)
    solutions, _ = _grids(solutions, "solutions")
    k, seed = _int("k", k), _int("seed", seed)
    return _native.augment(puzzles, solutions, k, seed=seed, threads=_threads(threads))


def transform(puzzles: Puzzles, *, seed: int, threads: Optional[int] = None) -> np.ndarray:
    """One random disguise of each puzzle (row i by the map of ``seed`` and i), as an
    (N, 81) ``uint8`` array; :func:`augment` with ``k=1``, without solutions.

    >>> import sudoku_array as sa
    >>> p = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"]
    >>> bool((sa.canonical(sa.transform(p, seed=3)) == sa.canonical(p)).all())
    True
    """
    puzzles, shape = _grids(puzzles)
    seed = _int("seed", seed)
    return shape.grids(_native.transform(puzzles, seed=seed, threads=_threads(threads)))


def reveal(
    puzzles: Puzzles,
    solutions: Puzzles,
    k: int,
    *,
    seed: int,
    threads: Optional[int] = None,
) -> np.ndarray:
    """Each puzzle with ``k`` givens put back from its solution (all its empty cells when it
    has fewer), as an (N, 81) ``uint8`` array: an easier puzzle with the same solution, as
    RRN sets difficulty. The cells are drawn from ``seed`` and the row number. A solution
    that does not solve its puzzle raises ``ValueError``.

    >>> import sudoku_array as sa
    >>> p, s = sa.generate(2, seed=1)
    >>> easier = sa.reveal(p, s, 10, seed=3)
    >>> ((easier > 0).sum(axis=1) - (p > 0).sum(axis=1)).tolist()
    [10, 10]
    """
    puzzles, _ = _grids(puzzles)
    solutions, _ = _grids(solutions, "solutions")
    k, seed = _int("k", k), _int("seed", seed)
    return _native.reveal(puzzles, solutions, k, seed=seed, threads=_threads(threads))


def hint(
    puzzles: Optional[Puzzles] = None,
    *,
    candidates: Union[np.ndarray, Sequence[str], None] = None,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> List[Dict[str, Any]]:
    """The next logical step of each grid as it stands, as ``sudoku hint`` finds it: from
    givens (``puzzles``, a partly solved grid too) or from pencilmarks (``candidates=``, an
    (N, 81) ``uint16`` array of masks with bit d-1 for digit d, or 729-character lines). For
    each grid a dict: ``"status"`` (``"hint"``, ``"solved"``, ``"stuck"``, ``"no_solution"``,
    ``"not_unique"`` or ``"timeout"``) and ``"step"``, a record as in :func:`explain` (or
    ``None``). On a grid with few givens the hardest techniques can search for minutes;
    ``time_limit`` seconds bound each grid's search (status ``"timeout"`` when it goes by).

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> h = sa.hint([p])[0]
    >>> h["status"], h["step"]["technique"]
    ('hint', 'Hidden Single')
    """
    if puzzles is None and candidates is None:
        raise ValueError(
            "hint: nothing to hint at: pass the puzzles (givens, first argument) or "
            "candidates= (pencilmarks)"
        )
    if puzzles is not None:
        puzzles, _ = _grids(puzzles)
    return _native.hint(
        puzzles, candidates=candidates, threads=_threads(threads), time_limit=time_limit
    )


def generate(
    n: int,
    *,
    seed: int,
    rating: Union[Tuple[float, float], str, None] = None,
    level: Optional[str] = None,
    symmetry: Optional[str] = None,
    pattern: Union[str, "os.PathLike[str]", None] = None,
    minimal: bool = True,
    threads: Optional[int] = None,
    attempts: int = 100_000,
    time_limit: Optional[float] = None,
) -> Tuple[np.ndarray, np.ndarray]:
    """``n`` puzzles with exactly one solution, and their solutions: ``(puzzles,
    solutions)``, both (n, 81) ``uint8``. The same ``seed`` (and options) gives the same
    arrays at any ``threads``, and the puzzles ``sudoku generate --seed`` prints.

    - ``rating=(lo, hi)`` keeps puzzles whose ER is in ``lo..hi``, both ends included
      (or a string such as ``"2.6..4.0"``, ``"8.0.."``);
    - ``level=`` one of :data:`LEVELS` (not with ``rating``);
    - ``symmetry=`` a symmetry name as the command line takes it (``"rotational"``,
      ``"diagonal"``, ``"full"``, ``"random"``, ...);
    - ``pattern=`` the cells of the clues, as ``sudoku generate --pattern`` reads them: 81
      marks (``x``, ``*`` or a digit for a clue; ``.`` or ``0`` for none), a pattern's text
      (its nine rows on lines of their own), or else the path of a file holding one (a
      ``pathlib.Path`` is always a path; a file that cannot be read raises ``OSError``);
    - ``minimal=False`` stops before the puzzle is minimal.

    A request no puzzle can meet raises ``ValueError`` at once, with the reason; so many
    puzzles that their arrays cannot be held raises ``MemoryError`` before any work. A rare
    request (a rating range, a level, a pattern) gives up as ``sudoku generate`` does: after
    ``attempts`` candidates in a row are turned down (``--attempts``, 100,000), or once
    ``time_limit`` seconds went by (``--timeout``, none by default). It then returns the
    puzzles made so far, fewer than ``n``, with a ``RuntimeWarning`` saying why.

    >>> import sudoku_array as sa
    >>> p, s = sa.generate(4, seed=1, rating=(2.0, 3.0))
    >>> p.shape, sa.check(p).tolist()
    ((4, 81), ['unique', 'unique', 'unique', 'unique'])
    >>> bool(((sa.rate(p)["er"] >= 2.0) & (sa.rate(p)["er"] <= 3.0)).all())
    True
    """
    n, seed = _int("n", n), _int("seed", seed)
    return _native.generate(
        n,
        seed=seed,
        rating=rating,
        level=level,
        symmetry=symmetry,
        pattern=pattern,
        minimal=minimal,
        threads=_threads(threads),
        attempts=attempts,
        time_limit=time_limit,
    )


def explain(
    puzzles: Union[Puzzles, str],
    *,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> Union[List[Dict[str, Any]], Dict[str, Any]]:
    """The steps of each puzzle's rating path, as ``sudoku explain`` walks it. For each
    puzzle a dict: ``"status"`` (``"explained"``, ``"no_solution"``, ``"not_unique"`` or
    ``"timeout"``), ``"er"`` and ``"steps"``, a list of records with ``"technique"``,
    ``"rating"`` (rounded to tenths), ``"placements"`` and ``"eliminations"`` as (k, 3)
    integer arrays of (row, column, digit) with rows and columns from 0, and ``"text"``.

    Given one string, returns that puzzle's dict rather than a list.

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> e = sa.explain(p)
    >>> e["status"], e["steps"][0]["technique"], e["steps"][0]["placements"].shape
    ('explained', 'Hidden Single', (1, 3))
    """
    if isinstance(puzzles, str):
        return _native.explain([puzzles], threads=_threads(threads), time_limit=time_limit)[0]
    puzzles, _ = _grids(puzzles)
    return _native.explain(puzzles, threads=_threads(threads), time_limit=time_limit)


def tokens(
    puzzles: Puzzles, *, threads: Optional[int] = None, time_limit: Optional[float] = None
) -> Tuple[np.ndarray, np.ndarray]:
    """Every puzzle's steps as tokens for sequence models: ``(tokens, status)``, where
    ``tokens`` is a (T, 7) ``int32`` array with one row per placement or elimination,
    columns ``puzzle, step, row, column, digit, technique, placed`` (rows, columns and steps
    from 0; ``technique`` indexes :func:`techniques`; ``placed`` 1 for a placement, 0 for an
    elimination), and ``status`` is :func:`explain`'s status per puzzle.

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> t, status = sa.tokens([p])
    >>> t.shape[1], status.tolist(), int(t[:, 6].sum())   # 51 empty cells, each placed once
    (7, ['explained'], 51)
    """
    puzzles, _ = _grids(puzzles)
    return _native.tokens(puzzles, threads=_threads(threads), time_limit=time_limit)


def techniques() -> List[str]:
    """The techniques' names, easiest first; a token's technique id indexes this list.

    >>> import sudoku_array as sa
    >>> sa.techniques()[:2]
    ['Full House', 'Hidden Single']
    """
    return _native.techniques()


_EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,7}$")


def _looks_like_a_path(source: str) -> bool:
    """A string without a line break that ends with a file extension (``.txt``, ``.sdm``) or
    holds a path separator, and is not clearly a puzzle (17 digits or more: a puzzle needs at
    least 17 givens)."""
    if "\n" in source or "\r" in source:
        return False
    if sum(c in "123456789" for c in source) >= 17:
        return False
    seps = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    return bool(_EXTENSION.search(source)) or any(sep in source for sep in seps)


def read(
    source: Union[str, "os.PathLike[str]", None] = None, *, text: Optional[str] = None
) -> Dict[str, Any]:
    """The puzzles of a file, a directory (its regular, non-hidden files, in name order) or a
    text, in every layout the command line reads. ``source`` is a path when it names a file
    or a directory (or is a ``pathlib.Path``), else the text itself; ``text=`` is always text.
    A string on one line that looks like a file name (it ends with an extension such as
    ``.txt``, or holds a path separator, and has fewer than 17 digits) but names nothing
    raises ``FileNotFoundError`` rather than being read as text.

    Returns a dict:

    - ``"puzzles"``: (N, 81) ``uint8`` givens (for a pencilmark puzzle, its single
      candidates);
    - ``"lines"``: each puzzle as one line (81 characters, 729 for pencilmarks);
    - ``"sources"``: ``"PATH:LINE"`` of each puzzle (``"<text>:LINE"`` for text);
    - ``"labels"``: the label line before each puzzle, or ``None``;
    - ``"errors"``: one dict per bad slot, ``{"slot", "path", "line", "column",
      "message"}``, where ``slot`` is its place among all slots (puzzles and errors) in input
      order; ``line`` and ``column`` are ``None`` for a file that cannot be read or holds no
      puzzle.

    One bad puzzle never raises.

    >>> import sudoku_array as sa
    >>> r = sa.read(text="53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\\n"
    ...                  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x\\n")
    >>> r["puzzles"].shape, r["sources"], [(e["line"], e["column"]) for e in r["errors"]]
    ((1, 81), ['<text>:1'], [(2, 81)])
    """
    if source is not None and not isinstance(source, str):
        source = os.fspath(source)
        if not os.path.exists(source):
            raise FileNotFoundError(source)
    elif isinstance(source, str) and _looks_like_a_path(source) and not os.path.exists(source):
        raise FileNotFoundError(
            f"{source}: no such file (it looks like a file name; to read it as a puzzle's "
            "text, pass text=)"
        )
    return _native.read(source, text=text)
