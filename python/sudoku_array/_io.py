"""Text in and out: :func:`read` and :func:`format`."""

from __future__ import annotations

import os
import re
from typing import Any, Dict, List, Optional, TypedDict, Union

import numpy as np
import numpy.typing as npt

from . import _native
from ._args import Grids, Puzzles, grids

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


class ReadError(TypedDict):
    """A bad slot of :func:`read`."""

    slot: int
    path: str
    line: Optional[int]
    column: Optional[int]
    message: str


class Read(TypedDict):
    """:func:`read`'s answer."""

    puzzles: Grids
    lines: List[str]
    sources: List[str]
    labels: List[Optional[str]]
    errors: List[ReadError]
    solutions: Grids
    ratings: npt.NDArray[np.float64]
    columns: Dict[str, List[Optional[str]]]


def read(
    source: Union[str, "os.PathLike[str]", None] = None, *, text: Optional[str] = None
) -> Read:
    """The puzzles of a file, a directory (its regular, non-hidden files, in name order) or a
    text, in every layout the command line reads. ``source`` is a path when it names a file
    or a directory (or is a ``pathlib.Path``), else the text itself; ``text=`` is always text.
    A string on one line that looks like a file name (it ends with an extension such as
    ``.txt``, or holds a path separator, and has fewer than 17 digits) but names nothing
    raises ``FileNotFoundError`` rather than being read as text. It reads 9x9 boards: boards
    of other sizes in the same files, which the command line answers in their slots, are
    passed over here (pass their cells to :func:`solve` and the others with ``size=``).

    Returns a dict:

    - ``"puzzles"``: (N, 81) ``uint8`` givens (for a pencilmark puzzle, its single
      candidates);
    - ``"lines"``: each puzzle as one line (81 characters, 729 for pencilmarks);
    - ``"sources"``: ``"PATH:LINE"`` of each puzzle (``"<text>:LINE"`` for text);
    - ``"labels"``: the label line before each puzzle, or ``None``;
    - ``"errors"``: one dict per bad slot, ``{"slot", "path", "line", "column",
      "message"}``, where ``slot`` is its place among all slots (puzzles and errors) in input
      order; ``line`` and ``column`` are ``None`` for a file that cannot be read or holds no
      puzzle;
    - from a CSV with a header line (HRM's ``source,question,answer,rating``, Kaggle's
      ``quizzes,solutions``, ``puzzle,solution,difficulty``), its other columns as data:
      ``"solutions"``, (N, 81) ``uint8``, each puzzle's solution from a column named
      ``solution(s)``, ``answer(s)`` or ``solved`` (a row of zeros where there is none, or
      where the field is not 81 digits 1-9); ``"ratings"``, (N,) ``float64``, from a column
      named ``rating``, ``difficulty``, ``er`` or ``se`` (NaN where there is none); and
      ``"columns"``, every column other than the puzzle's and the solution's (``source``,
      ``rating``, ``id``, ...) by its header name (lower case), a value or ``None`` per
      puzzle. For input without such a header these are zeros, NaN and ``{}``. A record
      with quoted commas, or spread over lines, gives ``None``/zeros for its row.

    One bad puzzle never raises.

    >>> import sudoku_array as sa
    >>> r = sa.read(text="53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\\n"
    ...                  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x\\n")
    >>> r["puzzles"].shape, r["sources"], [(e["line"], e["column"]) for e in r["errors"]]
    ((1, 81), ['<text>:1'], [(2, 81)])
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> s = "".join(map(str, sa.solve([p])[0]))
    >>> r = sa.read(text=f"source,question,answer,rating\\nbook,{p},{s},3\\n")
    >>> bool((r["solutions"] == sa.solve([p])).all()), r["ratings"].tolist(), r["columns"]
    (True, [3.0], {'source': ['book'], 'rating': ['3']})
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


def format(puzzles: Puzzles, *, style: str = "line", empty: str = ".") -> npt.NDArray[np.str_]:
    """Each grid as text, written in one pass by the binding (no Python loop): an (N,) numpy
    string array, for a parquet column or a prompt. ``style="line"`` gives 81 characters a
    grid; ``style="grid"`` nine rows of nine joined by line breaks. Digits are ``1``-``9``
    and an empty cell ``empty`` (one character, ``"."`` by default; ``"0"`` for Kaggle's
    layout). Takes puzzles in any form the other functions take; one (81,) puzzle gives a
    0-d array (``str(sa.format(p))``).

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> sa.format(sa.solve([p]))[0][:9]
    '534678912'
    >>> print(sa.format([p], style="grid", empty="0")[0][:19])
    530070000
    600195000
    """
    puzzles, shape = grids(puzzles)
    codes = _native.format(puzzles, style=style, empty=empty)
    width = codes.shape[1]
    text = codes.view(np.dtype(("U", width))).reshape(codes.shape[0])
    return shape.each(text)
