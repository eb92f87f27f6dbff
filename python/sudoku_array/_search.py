"""The search: :func:`solve`, :func:`count`, :func:`check`, :func:`guesses`, and the
ratings, :func:`rate`."""

from __future__ import annotations

from typing import Optional, TypedDict, cast

import numpy as np
import numpy.typing as npt

from . import _native
from ._args import I64, Grids, Puzzles, grids, integer, threads_of
from ._sizes import Box, sized


class Rating(TypedDict):
    """:func:`rate`'s answer: (N,) arrays."""

    er: npt.NDArray[np.float64]
    ep: npt.NDArray[np.float64]
    ed: npt.NDArray[np.float64]
    hardest: npt.NDArray[np.str_]
    level: npt.NDArray[np.str_]
    status: npt.NDArray[np.str_]



def solve(
    puzzles: Puzzles, *, size: Optional[int] = None, box: Box = None, threads: Optional[int] = None
) -> npt.NDArray[np.int64]:
    """Each puzzle's solution as an (N, 81) ``uint8`` array (in the input array's shape: see
    the module's docs); a row of zeros where a puzzle has no solution. With several
    solutions, one of them.

    >>> import numpy as np, sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> s = sa.solve([p, "11" + "." * 79])
    >>> bool(s[0].all()), bool(s[1].any())   # solved; no solution (two 1s in a row)
    (True, False)
    >>> grid = np.array([0 if c == "." else int(c) for c in p]).reshape(9, 9)   # int64
    >>> sa.solve(grid[None]).shape, sa.solve(grid.ravel()).shape   # (N, 9, 9); one puzzle
    ((1, 9, 9), (81,))

    Boards of other sizes (see the module's docs: ``size=``, ``box=``, or the size from the
    width): a 4x4 board as a string, a 6x6 one (2x3 boxes) as a (6, 6) array:

    >>> sa.solve(["1..4" "...." "...." "3..."]).shape
    (1, 16)
    >>> six = np.zeros((6, 6), dtype=np.uint8); six[0] = [1, 2, 3, 4, 5, 6]
    >>> sa.solve(six).shape, sa.solve(six)[1].tolist(), sa.solve(six, box=(3, 2))[1].tolist()
    ((6, 6), [4, 5, 6, 1, 2, 3], [3, 4, 5, 6, 1, 2])
    """
    boards, puzzles = sized(puzzles, size, box)
    if boards is not None:
        return boards.shape.grids(
            _native.solve_sized(boards.cells, boards.size, boards.box, threads=threads_of(threads))
        )
    puzzles, shape = grids(puzzles)
    return shape.grids(_native.solve(puzzles, threads=threads_of(threads)))


def count(
    puzzles: Puzzles,
    *,
    limit: int = 2,
    size: Optional[int] = None,
    box: Box = None,
    threads: Optional[int] = None,
) -> npt.NDArray[np.int64]:
    """The number of solutions of each puzzle, counted up to ``limit``, as an (N,) ``int64``
    array.

    >>> import sudoku_array as sa
    >>> sa.count(["." * 81], limit=10).tolist()
    [10]
    >>> sa.count(["." * 16], limit=1000).tolist()   # every 4x4 grid
    [288]
    """
    boards, puzzles = sized(puzzles, size, box)
    if boards is not None:
        limit = integer("limit", limit, low=1, high=I64)
        return boards.shape.each(
            _native.count_sized(boards.cells, boards.size, boards.box, limit=limit, threads=threads_of(threads))
        )
    puzzles, shape = grids(puzzles)
    return shape.each(_native.count(puzzles, limit=integer("limit", limit, low=1, high=I64), threads=threads_of(threads)))


def check(
    puzzles: Puzzles, *, size: Optional[int] = None, box: Box = None, threads: Optional[int] = None
) -> npt.NDArray[np.int64]:
    """``"unique"``, ``"none"`` or ``"several"`` for each puzzle, as an (N,) string array.

    >>> import sudoku_array as sa
    >>> sa.check(["." * 81, "11" + "." * 79]).tolist()
    ['several', 'none']
    >>> sa.check(["..3..4.221......", "11" + "." * 14, "." * 16]).tolist()   # 4x4
    ['unique', 'none', 'several']
    """
    boards, puzzles = sized(puzzles, size, box)
    if boards is not None:
        return boards.shape.each(
            _native.check_sized(boards.cells, boards.size, boards.box, threads=threads_of(threads))
        )
    puzzles, shape = grids(puzzles)
    return shape.each(_native.check(puzzles, threads=threads_of(threads)))


def guesses(
    puzzles: Puzzles,
    *,
    limit: int = 2,
    size: Optional[int] = None,
    box: Box = None,
    threads: Optional[int] = None,
) -> npt.NDArray[np.int64]:
    """The search's guesses (binary branches) to find the solutions up to ``limit`` (2: to
    prove a solution unique), as an (N,) ``int64`` array: a measure of difficulty for a
    backtracking solver, like tdoku's backtrack count.

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> int(sa.guesses([p])[0]) >= 0
    True

    On a board of another size, the guesses of that size's search: where a cell's k
    candidates are tried in turn, every one but the last (0 for a puzzle solved by singles).

    >>> sa.guesses(["..3..4.221......"]).tolist()
    [0]
    """
    boards, puzzles = sized(puzzles, size, box)
    if boards is not None:
        limit = integer("limit", limit, low=1, high=I64)
        return boards.shape.each(
            _native.guesses_sized(boards.cells, boards.size, boards.box, limit=limit, threads=threads_of(threads))
        )
    puzzles, shape = grids(puzzles)
    return shape.each(_native.guesses(puzzles, limit=integer("limit", limit, low=1, high=I64), threads=threads_of(threads)))


def rate(
    puzzles: Puzzles, *, threads: Optional[int] = None, time_limit: Optional[float] = None
) -> Rating:
    """Sudoku Explainer's ratings. Returns a dict of (N,) arrays:

    - ``"er"``, ``"ep"``, ``"ed"``: floats rounded to tenths, NaN where a puzzle has no rating;
    - ``"hardest"``: the technique of the hardest step (``""`` when not rated);
    - ``"level"``: one of :data:`LEVELS` (``""`` when not rated or outside every band);
    - ``"status"``: ``"rated"``, ``"solved"`` (a full grid, rated 0.0), ``"no_solution"``, ``"not_unique"`` or ``"timeout"`` (the
      puzzle took longer than ``time_limit`` seconds), as ``sudoku rate -f json`` says.

    >>> import numpy as np, sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> r = sa.rate([p, "." * 81])
    >>> r["status"].tolist()
    ['rated', 'not_unique']
    >>> bool(r["er"][0] >= 1.0), bool(np.isnan(r["er"][1]))
    (True, True)
    """
    puzzles, shape = grids(puzzles)
    rated = _native.rate(puzzles, threads=threads_of(threads), time_limit=time_limit)
    return cast(Rating, {key: shape.each(column) for key, column in rated.items()})

