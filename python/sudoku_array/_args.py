"""Arguments in: integers, seeds and thread counts checked here (a bad one raises
``ValueError`` naming it), and puzzles of any accepted form made into what the binding takes."""

from __future__ import annotations

import operator
import os
from typing import Any, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

#: What every function takes as puzzles: an integer array ((N, 81), (N, 9, 9) or (81,)), a
#: numpy string array, a list of 81-character strings, or lists of integers.
Puzzles = Union[npt.NDArray[Any], Sequence[str], Sequence[Any]]

#: Grids as the functions answer them.
Grids = npt.NDArray[np.uint8]

#: A seed: an integer from 0 to 2**64 - 1, ``None`` for fresh entropy, or a numpy Generator
#: to draw one from.
Seed = Union[int, np.random.Generator, None]

U64 = 2**64 - 1
I64 = 2**63 - 1


def integer(name: str, value: Any, *, optional: bool = False, low: int = 0, high: int = U64) -> Any:
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


def seed_of(value: Any, name: str = "seed") -> int:
    """A seed as the binding takes it: an integer checked, ``None`` drawn from the operating
    system's entropy, a ``numpy.random.Generator`` drawn from (which advances it)."""
    if value is None:
        return int.from_bytes(os.urandom(8), "little")
    if isinstance(value, np.random.Generator):
        return int(value.integers(0, U64, dtype=np.uint64, endpoint=True))
    if isinstance(value, str) or not hasattr(type(value), "__index__"):
        raise ValueError(
            f"{name}: expected an integer, None (fresh entropy) or a numpy.random.Generator, "
            f"got {type(value).__name__}"
        )
    return int(integer(name, value))


# The module's thread setting (set_threads); None: SUDOKU_THREADS, else one per core.
_threads_set: Optional[int] = None


def set_threads(threads: Optional[int]) -> None:
    """Sets the threads of every call that gives no ``threads=``, for this process: ``None``
    goes back to the default (the ``SUDOKU_THREADS`` environment variable when set, else one
    thread per core); 0 is one per core too. A worker of a process pool (Dask, Ray, Spark,
    ``multiprocessing``) sets 1, or starts with ``SUDOKU_THREADS=1``, so that its calls do not
    compete with the other workers for the cores.

    >>> import sudoku_array as sa
    >>> sa.set_threads(1); sa.get_threads()
    1
    >>> sa.set_threads(None)
    """
    global _threads_set
    _threads_set = integer("threads", threads, optional=True, high=I64)


def get_threads() -> Optional[int]:
    """The threads a call without ``threads=`` runs on: :func:`set_threads`'s setting, else
    ``SUDOKU_THREADS``'s, else ``None`` (one per core). A ``SUDOKU_THREADS`` that is not a
    whole number raises ``ValueError`` naming it.

    >>> import os, sudoku_array as sa
    >>> os.environ["SUDOKU_THREADS"] = "2"; sa.get_threads()
    2
    >>> del os.environ["SUDOKU_THREADS"]; sa.get_threads() is None
    True
    """
    if _threads_set is not None:
        return _threads_set
    env = os.environ.get("SUDOKU_THREADS", "").strip()
    if not env:
        return None
    if not env.isdigit():
        raise ValueError(f"SUDOKU_THREADS: expected a whole number of threads, got {env!r}")
    return int(env)


def threads_of(threads: Any) -> Optional[int]:
    """``threads=`` as the binding takes it: the argument when given, else the module's
    setting (see :func:`get_threads`)."""
    if threads is None:
        return get_threads()
    return integer("threads", threads, high=I64)


class Shape:
    """How an array of puzzles came in: (N, 81), (N, 9, 9), one (81,) or (9, 9) puzzle, or
    the same of another size ((N, S*S), (N, S, S), (S*S,), (S, S))."""

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


def grids(puzzles: Any, what: str = "puzzles") -> Tuple[Any, Shape]:
    """Puzzles as the binding takes them: an integer array of any dtype and of shape (N, 81),
    (N, 9, 9), (81,) or (9, 9) (or lists of integers, made into one) as (N, 81) ``uint8``, its values
    checked (0 to 9) before the conversion, never truncated; a numpy string array of shape (N,)
    as a list of strings; anything else as given, for the binding to check."""
    if isinstance(puzzles, (list, tuple)) and puzzles and not isinstance(puzzles[0], str):
        try:
            array = np.asarray(puzzles)
        except ValueError as e:
            raise ValueError(f"{what}: lists of integers of unequal lengths ({e})") from None
        if array.dtype.kind not in "iu":
            raise ValueError(
                f"{what}: expected 81-character strings or lists of integers 0 to 9, "
                f"got elements of dtype {array.dtype}"
            )
        puzzles = array
    if not isinstance(puzzles, np.ndarray):
        return puzzles, Shape()
    if puzzles.dtype.kind in "USO":
        if puzzles.ndim != 1:
            raise ValueError(
                f"{what}: expected a string array of shape (N,), got shape {puzzles.shape}"
            )
        if puzzles.dtype.kind == "S":
            try:
                return [s.decode("ascii") for s in puzzles], Shape()
            except UnicodeDecodeError as e:
                raise ValueError(f"{what}: a byte string that is not ASCII ({e})") from None
        return puzzles.tolist(), Shape()
    if puzzles.dtype.kind in "bfc":
        raise ValueError(
            f"{what}: expected an integer dtype (uint8 best), got {puzzles.dtype} "
            "(convert with .astype(numpy.uint8))"
        )
    shape = Shape()
    if puzzles.shape == (81,):
        shape = Shape(single=True)
        puzzles = puzzles.reshape(1, 81)
    elif puzzles.shape == (9, 9):
        shape = Shape(grid=(9, 9), single=True)
        puzzles = puzzles.reshape(1, 81)
    elif puzzles.ndim == 3 and puzzles.shape[1:] == (9, 9):
        shape = Shape(grid=(9, 9))
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


_CELL_CODES = np.zeros(128, dtype=np.int16) - 1
_CELL_CODES[ord("1") : ord("9") + 1] = np.arange(1, 10)
for _empty in ".0_-":
    _CELL_CODES[ord(_empty)] = 0


def grid_array(puzzles: Any, what: str = "puzzles") -> np.ndarray:
    """Puzzles of any accepted form as an (N, 81) ``uint8`` array (strings converted here)."""
    puzzles, _ = grids(puzzles, what)
    if isinstance(puzzles, np.ndarray):
        if puzzles.ndim != 2 or puzzles.shape[1] != 81:
            raise ValueError(f"{what}: expected an array of shape (N, 81), got shape {puzzles.shape}")
        return puzzles
    strings = list(puzzles)
    for i, s in enumerate(strings):
        if not isinstance(s, str) or len(s) != 81:
            raise ValueError(f"{what}[{i}]: expected a string of 81 cells")
    codes = np.array(strings, dtype="U81").view(np.uint32).reshape(len(strings), 81)
    cells = _CELL_CODES[np.minimum(codes, 127)]
    bad = (cells < 0) | (codes > 127)
    if bad.any():
        i, k = (int(x) for x in np.argwhere(bad)[0])
        raise ValueError(
            f"{what}[{i}]: character {strings[i][k]!r} at column {k + 1} is not a cell "
            "(1-9 for a digit; '.', '0', '_' or '-' for an empty cell)"
        )
    return cells.astype(np.uint8)
