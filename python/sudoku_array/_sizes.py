"""Boards of every size, 4x4 to 36x36: which board a call's puzzles are, from their width and
the ``size=`` and ``box=`` arguments, and the puzzles of a size other than 9 made into what the
binding's ``*_sized`` functions take.

Why here, in front of the classic path: the 9x9 board keeps its engine and its code path as
they were (:func:`sized` answers ``None`` for it, having looked at a shape or one string's
length, and the caller goes on as before); every other size goes to the library's search of
any shape.

The rules (the package's docs give them to users):

- a size is 4 to 36 with boxes of 2 or more rows and columns (4, 6, 8, 9, 10, 12, 14, 15, 16,
  ...); the box is ``box=`` (rows, columns), else the library's usual box for the size (square
  where the size is a square, else the wide box: 2x3 for 6x6, 3x4 for 12x12);
- without ``size=`` or ``box=`` the size comes from the width: N*N cells in a row of an
  (n, N*N) array, a string of N*N symbols, N columns of an (n, N, N) array. A 2-D array that is
  one (N, N) board as well as N rows of (N*N)-cell boards (16x16 and 36x36) is refused, asking
  for ``size=``;
- strings use the symbols ``1``-``9`` then ``A``-``Z`` (10 to 35), the first N of them for a
  board N wide, and ``.``, ``0``, ``_`` or ``-`` for an empty cell: every size but 36x36, which
  is given as integers.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from ._args import Shape, integer

#: ``box=``: a box's (rows, columns), as ``(2, 3)``, or ``None`` for the size's usual box.
Box = Optional[Sequence[int]]

#: The digits of strings, in order: digit d is ``SYMBOLS[d - 1]``.
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: The classic board's size, which keeps its own path.
CLASSIC = 9

_CODES = np.full(128, -1, dtype=np.int16)
for _d, _symbol in enumerate(SYMBOLS, start=1):
    _CODES[ord(_symbol)] = _d
for _empty in ".0_-":
    _CODES[ord(_empty)] = 0
del _d, _symbol, _empty


class Boards(NamedTuple):
    """Puzzles of a size other than 9, as the binding takes them."""

    #: The board's size N.
    size: int
    #: The box (rows, columns), or ``None`` for the usual box of ``size``.
    box: Optional[Tuple[int, int]]
    #: The puzzles as an (n, N*N) ``uint8`` array, every cell 0 to N.
    cells: np.ndarray
    #: How the answers go back: the input's array shape.
    shape: Shape


def is_size(n: int) -> bool:
    """Whether a board ``n`` wide exists: 4 to 36, with a box of 2 or more rows and columns
    (the library's rule, ``Shape::for_size``; the binding checks it again)."""
    return 4 <= n <= 36 and any(n % r == 0 for r in range(2, math.isqrt(n) + 1))


def _side(cells: int) -> Optional[int]:
    """The size of a board of ``cells`` cells, or ``None`` when no board has that many."""
    n = math.isqrt(cells)
    return n if n * n == cells and is_size(n) else None


def _box_arg(box: Any) -> Optional[Tuple[int, int]]:
    if box is None:
        return None
    if isinstance(box, str) or not hasattr(box, "__len__") or len(box) != 2:
        raise ValueError(f"box: expected (rows, columns) of a box, as (2, 3), got {box!r}")
    rows, cols = (integer("box", side, low=2, high=36) for side in box)
    if rows * cols > 36:
        raise ValueError(f"box: ({rows}, {cols}) holds {rows * cols} cells; a box holds at most 36")
    return (rows, cols)


#: What the message of a width that fits no board adds to the classic board's.
_WIDTHS = (
    "; a board N wide has N*N cells, N from 4 to 36 with boxes of 2 or more rows and columns: "
    "16, 36, 64, 81, 100, 144, ..."
)


def _no_board(what: str, dims: Tuple[int, ...]) -> ValueError:
    """An array whose width fits no board, in the classic path's words first."""
    return ValueError(
        f"{what}: expected an array of shape (N, 81), got shape ({', '.join(map(str, dims))})"
        f"{_WIDTHS} (or give size=)"
    )


def _width_error(what: str, width: int, size: int, box: Optional[Tuple[int, int]]) -> ValueError:
    """A width other than the board's that ``size=`` or ``box=`` gave."""
    given = f"box={box}" if box is not None else f"size={size}"
    return ValueError(
        f"{what}: a width of {width} cells, where a {size}x{size} board ({given}) has {size * size}"
    )


def size_and_box(size: Any, box: Any) -> Tuple[Optional[int], Optional[Tuple[int, int]]]:
    """``size=`` and ``box=`` checked and made to agree: the size (``None`` when neither is
    given) and the box as a tuple (``None`` for the size's usual box)."""
    box = _box_arg(box)
    if size is not None:
        size = integer("size", size, low=4, high=36)
        if not is_size(size):
            raise ValueError(
                f"size: no board is {size}x{size}: a size is 4 to 36 with boxes of 2 or more rows "
                "and columns (4, 6, 8, 9, 10, 12, 14, 15, 16, ...)"
            )
        if box is not None and box[0] * box[1] != size:
            raise ValueError(f"box: {box} makes a {box[0] * box[1]}x{box[0] * box[1]} board, not size={size}")
    elif box is not None:
        size = box[0] * box[1]
    return size, box


def sized(puzzles: Any, size: Any, box: Any, what: str = "puzzles") -> Tuple[Optional[Boards], Any]:
    """``(None, puzzles)`` when the puzzles are classic 9x9 boards (or of a form only the classic
    path knows, which checks them), lists of integers made into an array; else
    ``(Boards, None)``. Raises ``ValueError`` naming the argument for a size, box, width or
    cell that makes no board."""
    size, box = size_and_box(size, box)
    if size == CLASSIC:
        return None, puzzles
    if isinstance(puzzles, (list, tuple)) and puzzles and not isinstance(puzzles[0], str):
        try:
            array = np.asarray(puzzles)
        except ValueError as e:
            raise ValueError(f"{what}: lists of integers of unequal lengths ({e})") from None
        if array.dtype.kind not in "iu":
            if size is None:
                return None, puzzles  # the classic path's checks answer it
            raise ValueError(
                f"{what}: expected strings or lists of integers (0 empty, 1 to N), "
                f"got elements of dtype {array.dtype}"
            )
        puzzles = array
    if isinstance(puzzles, np.ndarray) and puzzles.dtype.kind in "US":
        if puzzles.ndim != 1:
            raise ValueError(f"{what}: expected a string array of shape (N,), got shape {puzzles.shape}")
        if puzzles.dtype.kind == "S":
            try:
                puzzles = [s.decode("ascii") for s in puzzles]
            except UnicodeDecodeError as e:
                raise ValueError(f"{what}: a byte string that is not ASCII ({e})") from None
        else:
            puzzles = puzzles.tolist()
    if isinstance(puzzles, (list, tuple)) and puzzles and isinstance(puzzles[0], str):
        width = len(puzzles[0])
        if size is None:
            if width == CLASSIC * CLASSIC:
                return None, puzzles
            size = _side(width)
            if size is None:
                raise ValueError(
                    f"{what}[0]: expected 81 cells, got a string of {width} characters{_WIDTHS}"
                )
        if width != size * size:
            raise _width_error(f"{what}[0]", width, size, box)
        return Boards(size, box, _strings(puzzles, size, what), Shape((size * size,))), None
    if isinstance(puzzles, (list, tuple)) and not puzzles and size is not None:
        return Boards(size, box, np.zeros((0, size * size), np.uint8), Shape((size * size,))), None
    if not isinstance(puzzles, np.ndarray) or puzzles.dtype.kind not in "iu":
        return None, puzzles  # the classic path's checks answer it
    dims = puzzles.shape
    if size is None:
        if dims[-1:] == (81,) and puzzles.ndim <= 2 or puzzles.ndim == 3 and dims[1:] == (9, 9) or dims == (9, 9):
            return None, puzzles
        size = _inferred(dims, what)
    if puzzles.ndim == 1 and dims[0] == size * size:
        shape = Shape((size * size,), single=True)
    elif puzzles.ndim == 2 and dims[1] == size * size:
        shape = Shape((size * size,))
    elif puzzles.ndim == 2 and dims == (size, size):
        shape = Shape((size, size), single=True)
    elif puzzles.ndim == 3 and dims[1:] == (size, size):
        shape = Shape((size, size))
    elif puzzles.ndim in (1, 2):
        raise _width_error(what, dims[-1], size, box)
    else:
        raise ValueError(
            f"{what}: expected an array of shape (n, {size * size}), (n, {size}, {size}), "
            f"({size * size},) or ({size}, {size}), got shape {dims}"
        )
    bad = (puzzles < 0) | (puzzles > size)
    if bad.any():
        where = ", ".join(str(int(x)) for x in np.argwhere(bad)[0])
        value = int(puzzles[tuple(np.argwhere(bad)[0])])
        raise ValueError(
            f"{what}[{where}]: {value} is not a cell value of a {size}x{size} board "
            f"(0 for empty, 1 to {size} for a digit)"
        )
    cells = puzzles.reshape(-1, size * size).astype(np.uint8)
    return Boards(size, box, cells, shape), None


def _inferred(dims: Tuple[int, ...], what: str) -> int:
    """The size of an array's boards from its shape alone, where only one size fits."""
    if len(dims) == 3:
        if dims[1] == dims[2] and is_size(dims[1]):
            return dims[1]
        raise _no_board(what, dims)
    if len(dims) == 1:
        n = _side(dims[0])
        if n is None:
            raise _no_board(what, dims)
        return n
    if len(dims) != 2:
        raise _no_board(what, dims)
    rows_of = _side(dims[1])
    one_board = dims[0] == dims[1] and is_size(dims[0])
    if rows_of is not None and one_board:
        raise ValueError(
            f"{what}: an array of shape {dims} is {dims[0]} boards {rows_of}x{rows_of} or one board "
            f"{dims[0]}x{dims[0]}: say which with size={rows_of} or size={dims[0]}"
        )
    if rows_of is not None:
        return rows_of
    if one_board:
        return dims[0]
    raise _no_board(what, dims)


def _strings(strings: Any, size: int, what: str) -> np.ndarray:
    """Strings of ``size * size`` symbols as an (n, N*N) ``uint8`` array, each checked."""
    cells = size * size
    for i, s in enumerate(strings):
        if not isinstance(s, str):
            raise ValueError(f"{what}[{i}]: expected a string, got {type(s).__name__}")
        if len(s) != cells:
            raise ValueError(
                f"{what}[{i}]: {len(s)} characters where a {size}x{size} board has {cells} "
                "(the puzzles of one call are one size)"
            )
    if size > len(SYMBOLS):
        raise ValueError(
            f"{what}: a {size}x{size} board has more digits than the {len(SYMBOLS)} symbols of "
            "strings (1-9, A-Z): give it as an integer array"
        )
    codes = np.array(list(strings), dtype=f"U{cells}").view(np.uint32).reshape(len(strings), cells)
    values = _CODES[np.minimum(codes, 127)]
    bad = (values < 0) | (codes > 127) | (values > size)
    if bad.any():
        i, k = (int(x) for x in np.argwhere(bad)[0])
        raise ValueError(
            f"{what}[{i}]: character {strings[i][k]!r} at column {k + 1} is not a cell of a "
            f"{size}x{size} board ({SYMBOLS[0]}-{SYMBOLS[size - 1]} for a digit; '.', '0', '_' "
            "or '-' for an empty cell)"
        )
    return values.astype(np.uint8)
