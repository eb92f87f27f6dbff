"""The logic: :func:`explain`, :func:`tokens`, :func:`hint` and :func:`techniques`."""

from __future__ import annotations

from typing import List, Literal, Optional, Sequence, Tuple, TypedDict, Union, overload

import numpy as np
import numpy.typing as npt

from . import _native
from ._args import Puzzles, grids, threads_of


class Step(TypedDict):
    """One step of a rating path."""

    technique: str
    rating: float
    placements: npt.NDArray[np.int64]
    eliminations: npt.NDArray[np.int64]
    text: str


class Explained(TypedDict):
    """:func:`explain`'s answer for one puzzle."""

    status: Literal["explained", "no_solution", "not_unique", "timeout"]
    er: float
    steps: List[Step]


class Hint(TypedDict):
    """:func:`hint`'s answer for one grid."""

    status: Literal["hint", "solved", "stuck", "no_solution", "not_unique", "timeout"]
    step: Optional[Step]



def hint(
    puzzles: Optional[Puzzles] = None,
    *,
    candidates: Union[np.ndarray, Sequence[str], None] = None,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> List[Hint]:
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
        puzzles, _ = grids(puzzles)
    return _native.hint(
        puzzles, candidates=candidates, threads=threads_of(threads), time_limit=time_limit
    )


@overload
def explain(  # type: ignore[overload-overlap]  # a str is also a Sequence[str]
    puzzles: str, *, threads: Optional[int] = None, time_limit: Optional[float] = None
) -> Explained: ...
@overload
def explain(
    puzzles: Puzzles, *, threads: Optional[int] = None, time_limit: Optional[float] = None
) -> List[Explained]: ...
def explain(
    puzzles: Union[Puzzles, str],
    *,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> Union[List[Explained], Explained]:
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
        return _native.explain([puzzles], threads=threads_of(threads), time_limit=time_limit)[0]
    puzzles, _ = grids(puzzles)
    return _native.explain(puzzles, threads=threads_of(threads), time_limit=time_limit)


def tokens(
    puzzles: Puzzles, *, threads: Optional[int] = None, time_limit: Optional[float] = None
) -> Tuple[npt.NDArray[np.int32], npt.NDArray[np.str_]]:
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
    puzzles, _ = grids(puzzles)
    return _native.tokens(puzzles, threads=threads_of(threads), time_limit=time_limit)


def techniques() -> List[str]:
    """The techniques' names, easiest first; a token's technique id indexes this list.

    >>> import sudoku_array as sa
    >>> sa.techniques()[:2]
    ['Full House', 'Hidden Single']
    """
    return _native.techniques()

