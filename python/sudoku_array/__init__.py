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

Puzzles may also be a numpy string array of shape (N,) (dtype ``U`` or ``S``) or lists of
integers (one puzzle of 81, or N lists of 81). ``threads=None`` takes the module's setting,
:func:`set_threads`, else the ``SUDOKU_THREADS`` environment variable, else one thread per
core. A ``seed`` is an integer, ``None`` (fresh entropy) or a ``numpy.random.Generator``.

A bad argument (wrong shape or dtype, a cell above 9, a string that is not 81 cells, a negative
``threads``, ``n``, ``k`` or ``seed``) raises ``ValueError`` naming the argument and where; a
puzzle without a solution is a status, never an exception. Counts are ``int64``.

Boards of other sizes, 4x4 to 36x36 (N from 4 to 36 with boxes of 2 or more rows and
columns), go to :func:`solve`, :func:`count`, :func:`check` and :func:`guesses`: an (n, N*N) or
(n, N, N) integer array (0 empty, 1 to N), one (N*N,) or (N, N) board, or strings of N*N
symbols, ``1``-``9`` then capitals ``A``-``Z`` (``.``, ``0``, ``_`` or ``-`` empty; 36x36 has
more digits than symbols and is given as integers). ``size=`` gives N and ``box=`` the box as
(rows, columns); without them the size comes from the width where only one fits (an array of
shape (16, 16) or (36, 36) needs ``size=``: many small boards or one large), and the box is
square where N is a square, else the wide one (2x3 for 6x6, 3x4 for 12x12). The puzzles of a
call are one size; 81 cells (or ``size=9``) take the classic engine. Answers keep the input's
shape, as for 9x9. :func:`generate` takes ``size=`` and ``box=`` too. The other functions are
9x9 only.

>>> import numpy as np, sudoku_array as sa
>>> puzzles = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"]
>>> solutions = sa.solve(puzzles)
>>> solutions.shape, solutions.dtype
((1, 81), dtype('uint8'))
>>> sa.check(puzzles).tolist()
['unique']
"""

from . import _native
from ._args import get_threads, set_threads
from ._io import format, read
from ._logic import explain, hint, techniques, tokens
from ._make import (
    Augmented,
    Generated,
    apply,
    augment,
    canonical,
    generate,
    minimize,
    reveal,
    transform,
)
from ._search import check, count, guesses, rate, solve

__all__ = [
    "solve",
    "count",
    "check",
    "guesses",
    "rate",
    "canonical",
    "minimize",
    "augment",
    "apply",
    "transform",
    "reveal",
    "generate",
    "hint",
    "explain",
    "tokens",
    "techniques",
    "read",
    "format",
    "set_threads",
    "get_threads",
    "Generated",
    "Augmented",
    "LEVELS",
    "__version__",
]

#: The package's version (Cargo.toml's, as the wheel's metadata has it).
__version__: str = _native.__version__

#: Sudoku Explainer's level names, easiest first, as ``generate(level=)`` takes them and
#: ``rate()["level"]`` gives them.
LEVELS = ("easy", "medium", "hard", "fiendish", "diabolical")

# The API's home is the package: help(), repr() and pickle name `sudoku_array.generate`, not
# the private module it is written in.
for _name in __all__:
    _item = globals()[_name]
    if getattr(_item, "__module__", "").startswith(__name__ + "._"):
        _item.__module__ = __name__
del _name, _item
