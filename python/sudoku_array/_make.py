"""Puzzles made and changed: :func:`generate`, :func:`canonical`, :func:`minimize`,
:func:`augment` with :func:`apply`, :func:`transform` and :func:`reveal`."""

from __future__ import annotations

import os
from typing import Any, Dict, Iterator, Optional, Tuple, TypedDict, Union

import numpy as np
import numpy.typing as npt

from . import _native
from ._args import I64, Grids, Puzzles, Seed, Shape, grid_array, grids, integer, seed_of, threads_of
from ._sizes import CLASSIC, Box, size_and_box


def canonical(puzzles: Puzzles, *, threads: Optional[int] = None) -> Grids:
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
    puzzles, shape = grids(puzzles)
    return shape.grids(_native.canonical(puzzles, threads=threads_of(threads)))


def minimize(
    puzzles: Puzzles,
    *,
    seed: Union[int, np.random.Generator, None] = None,
    threads: Optional[int] = None,
) -> Grids:
    """A minimal puzzle with each puzzle's solution: givens taken away (in row-major order
    when ``seed`` is ``None``, or in an order drawn from ``seed``, an integer or a numpy
    Generator) while the solution stays unique. A row of zeros where
    a puzzle has not exactly one solution.

    >>> import sudoku_array as sa
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> m = sa.minimize([p], seed=1)
    >>> sa.check(m).tolist(), bool((sa.solve(m) == sa.solve([p])).all())
    (['unique'], True)
    """
    puzzles, shape = grids(puzzles)
    seed = None if seed is None else seed_of(seed)
    return shape.grids(_native.minimize(puzzles, seed=seed, threads=threads_of(threads)))



class Maps(TypedDict):
    """The maps of :func:`augment`, one row per copy, as :func:`apply` takes them."""

    #: (M, 81) ``uint8``: for each cell of the copy, the cell of the original it takes.
    sources: npt.NDArray[np.uint8]
    #: (M, 10) ``uint8``: what each digit becomes (index 0, an empty cell, stays 0).
    digits: npt.NDArray[np.uint8]
    #: (M,) ``int64``: the row of the call's input that the copy is of.
    row: npt.NDArray[np.int64]


class _Pair:
    """Grids and their solutions that unpack as a pair (``puzzles, solutions = result``) and
    index as one (``result[0]``)."""

    puzzles: Grids
    solutions: Grids

    def __iter__(self) -> Iterator[Grids]:
        return iter((self.puzzles, self.solutions))

    def __len__(self) -> int:
        return 2

    def __getitem__(self, i: int) -> Grids:
        return (self.puzzles, self.solutions)[i]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self.puzzles)} puzzles>"


class Augmented(_Pair):
    """:func:`augment`'s answer: a pair that unpacks as ``(puzzles, solutions)``, with the
    maps that made the copies (``.maps``, for :func:`apply`) and the seed they were drawn from
    (``.seed``: an integer even when ``seed=None`` drew it).

    >>> import sudoku_array as sa
    >>> p = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"]
    >>> a = sa.augment(p, sa.solve(p), 2, seed=1)
    >>> a.puzzles.shape, a.maps["sources"].shape, a.maps["digits"].shape, a.maps["row"].tolist()
    ((2, 81), (2, 81), (2, 10), [0, 0])
    """

    def __init__(self, puzzles: Grids, solutions: Grids, maps: Maps, seed: int) -> None:
        #: The disguised puzzles, (N*k, 81) ``uint8``, and their solutions.
        self.puzzles, self.solutions = puzzles, solutions
        self.maps = maps
        self.seed = seed


def augment(
    puzzles: Puzzles,
    solutions: Puzzles,
    k: int,
    *,
    seed: Seed,
    start: int = 0,
    threads: Optional[int] = None,
) -> Augmented:
    """``k`` disguised copies of each puzzle, and of its solution by the same map. Returns an
    :class:`Augmented` pair ``(puzzles, solutions)`` of N*k rows (copies 0..k-1 of puzzle 0,
    then of puzzle 1, ...) whose ``.maps`` are the maps, for :func:`apply` to carry to other
    arrays of the same puzzles (tokens, pencilmarks). Each map (transposition; bands, rows,
    stacks, columns and digits shuffled) is drawn from ``seed`` and the row's index: row i of
    the call has index ``start + i``, and copy c of the row with index r is drawn from
    ``seed`` and ``r * k + c``. So a shard of rows ``a:b`` given ``start=a`` gets the copies
    the whole call gives those rows, in any sharding with the same ``seed`` and ``k``.
    ``size=`` and ``box=`` (rows, columns) make boards of another size, 4x4 to 36x36 (the
    box by default square where the size is a square, else the wide one: 2x3 for 6x6): both
    arrays are then (n, size*size), every puzzle unique and (by default) minimal, its clues
    following ``symmetry=`` where the shape's boxes allow it (quarter turns and diagonal
    reflections need square boxes). ``rating``, ``level``, ``guesses``, ``pattern`` and
    ``time_limit`` are for 9x9 only; every candidate is kept, so ``.stopped`` is ``"done"``
    (or ``"stop"`` where ``stop`` came first). ``size=9`` is the classic generator.

    ``seed`` is an integer, a ``numpy.random.Generator`` (one integer drawn from it) or
    ``None`` (drawn from the system's entropy; ``.seed`` says which). A solution that does not
    solve its puzzle raises ``ValueError`` (as in :func:`reveal`); N*k rows that cannot be
    held raise ``MemoryError`` before any work.

    >>> import sudoku_array as sa
    >>> p = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"]
    >>> ap, asol = sa.augment(p, sa.solve(p), 3, seed=7)
    >>> ap.shape, bool((sa.solve(ap) == asol).all())
    ((3, 81), True)
    """
    puzzles, _ = grids(puzzles)
    solutions, _ = grids(solutions, "solutions")
    k, seed = integer("k", k), seed_of(seed)
    start = integer("start", start)
    p, s, sources, digits = _native.augment(
        puzzles, solutions, k, seed=seed, start=start, threads=threads_of(threads)
    )
    row = np.repeat(np.arange(len(p) // k if k else 0, dtype=np.int64), k)
    return Augmented(p, s, Maps(sources=sources, digits=digits, row=row), seed)


def _maps_checked(
    maps: Maps, rows: Optional[int], what: str
) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The parts of ``maps``, checked against an argument of ``rows`` rows (the call's input),
    when known."""
    try:
        sources, digits, row = maps["sources"], maps["digits"], maps["row"]
    except (KeyError, TypeError):
        raise ValueError("maps: expected augment's maps (.maps: sources, digits, row)") from None
    m = len(row)
    if sources.shape != (m, 81) or digits.shape != (m, 10):
        raise ValueError(
            f"maps: expected sources (M, 81) and digits (M, 10) for {m} rows, got "
            f"{sources.shape} and {digits.shape}"
        )
    needed = int(row.max()) + 1 if m else 0
    if m and rows is not None and rows != needed:
        raise ValueError(
            f"{what}: expected the {needed} rows augment was given (maps[\"row\"] indexes "
            f"them), got {rows} rows"
        )
    return sources.astype(np.intp), digits.astype(np.intp), row.astype(np.intp)


def apply(
    maps: Maps,
    puzzles: Optional[Puzzles] = None,
    *,
    candidates: Optional[npt.NDArray[np.uint16]] = None,
    tokens: Optional[npt.NDArray[np.int32]] = None,
) -> np.ndarray:
    """Carries :func:`augment`'s maps (its answer's ``.maps``) to other data of the same
    input rows: row m of the answer is map m applied to row ``maps["row"][m]``. Give one of:

    - ``puzzles``: grids (any form the functions take: puzzles, solutions, partly solved
      grids), one row per row given to :func:`augment`; returns (M, 81) ``uint8`` grids
      (``apply(a.maps, puzzles)`` is ``a.puzzles``, ``apply(a.maps, solutions)`` is
      ``a.solutions``);
    - ``candidates=``: (N, 81) ``uint16`` pencilmark masks (bit d-1 for digit d); returns the
      (M, 81) masks of the copies, each cell's candidates moved with it and relabelled;
    - ``tokens=``: a (T, 7) token array of :func:`tokens` for the same puzzles; returns the
      tokens of the copies (puzzle m's rows for each map m, in order): each placement or
      elimination moved to its cell in the copy and relabelled, steps and techniques kept.

    >>> import sudoku_array as sa
    >>> p = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"]
    >>> s = sa.solve(p)
    >>> a = sa.augment(p, s, 2, seed=5)
    >>> bool((sa.apply(a.maps, s) == a.solutions).all())
    True
    """
    given = [x is not None for x in (puzzles, candidates, tokens)]
    if sum(given) != 1:
        raise ValueError("apply: give one of puzzles, candidates= or tokens=")
    if puzzles is not None:
        cells = grid_array(puzzles)
        sources, digits, row = _maps_checked(maps, len(cells), "puzzles")
        moved = np.take_along_axis(cells[row], sources, axis=1)
        return np.take_along_axis(digits, moved.astype(np.intp), axis=1).astype(np.uint8)
    if candidates is not None:
        masks = np.asarray(candidates)
        if masks.ndim != 2 or masks.shape[1] != 81 or masks.dtype.kind not in "iu":
            raise ValueError(
                f"candidates: expected an (N, 81) uint16 array of masks, got shape "
                f"{masks.shape} dtype {masks.dtype}"
            )
        if ((masks < 0) | (masks > 0x1FF)).any():
            raise ValueError("candidates: a mask above 0x1FF (bits 0-8 are digits 1-9)")
        sources, digits, row = _maps_checked(maps, len(masks), "candidates")
        moved = np.take_along_axis(masks.astype(np.int64)[row], sources, axis=1)
        out = np.zeros(moved.shape, dtype=np.int64)
        for d in range(1, 10):
            out |= ((moved >> (d - 1)) & 1) << (digits[:, d : d + 1] - 1)
        return out.astype(np.uint16)
    steps = np.asarray(tokens)
    if steps.ndim != 2 or steps.shape[1] != 7 or steps.dtype.kind not in "iu":
        raise ValueError(
            f"tokens: expected a (T, 7) integer token array, got shape {steps.shape} "
            f"dtype {steps.dtype}"
        )
    sources, digits, row = _maps_checked(maps, None, "tokens")
    n = int(row.max()) + 1 if len(row) else 0
    puzzle = steps[:, 0].astype(np.intp)
    if len(steps) and (puzzle.min() < 0 or puzzle.max() >= n):
        raise ValueError(
            f"tokens: expected puzzle numbers 0 to {n - 1} (the rows augment was given), "
            f"got {puzzle.min()} to {puzzle.max()}"
        )
    if len(steps) and (steps[:, 2:4].min() < 0 or steps[:, 2:4].max() > 8):
        raise ValueError("tokens: expected rows and columns 0 to 8 (columns 2 and 3)")
    if len(steps) and (steps[:, 4].min() < 1 or steps[:, 4].max() > 9):
        raise ValueError("tokens: expected digits 1 to 9 (column 4)")
    order = np.argsort(puzzle, kind="stable")
    steps, puzzle = steps[order], puzzle[order]
    counts = np.bincount(puzzle, minlength=n)
    first = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.intp)
    lengths = counts[row]
    copy = np.repeat(np.arange(len(row), dtype=np.intp), lengths)
    within = np.arange(int(lengths.sum()), dtype=np.intp) - np.repeat(
        np.cumsum(lengths) - lengths, lengths
    )
    out = steps[np.repeat(first[row], lengths) + within].copy()
    # Where each cell of the original goes in the copy: the inverse of `sources`.
    dest = np.empty_like(sources)
    np.put_along_axis(dest, sources, np.broadcast_to(np.arange(81), sources.shape), axis=1)
    moved = dest[copy, out[:, 2].astype(np.intp) * 9 + out[:, 3]]
    out[:, 0] = copy
    out[:, 2] = moved // 9
    out[:, 3] = moved % 9
    out[:, 4] = digits[copy, out[:, 4].astype(np.intp)]
    return out


def transform(
    puzzles: Puzzles, *, seed: Seed, start: int = 0, threads: Optional[int] = None
) -> Grids:
    """One random disguise of each puzzle, as an (N, 81) ``uint8`` array: :func:`augment`
    with ``k=1``, without solutions (row i by the map of ``seed`` and ``start + i``).

    >>> import sudoku_array as sa
    >>> p = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"]
    >>> bool((sa.canonical(sa.transform(p, seed=3)) == sa.canonical(p)).all())
    True
    """
    puzzles, shape = grids(puzzles)
    seed, start = seed_of(seed), integer("start", start)
    return shape.grids(
        _native.transform(puzzles, seed=seed, start=start, threads=threads_of(threads))
    )


def reveal(
    puzzles: Puzzles,
    solutions: Puzzles,
    k: int,
    *,
    seed: Seed,
    start: int = 0,
    threads: Optional[int] = None,
) -> Grids:
    """Each puzzle with ``k`` givens put back from its solution (all its empty cells when it
    has fewer), as an (N, 81) ``uint8`` array: an easier puzzle with the same solution, as
    RRN sets difficulty. The cells of row i are drawn from ``seed`` and the row's index
    ``start + i``. A solution that does not solve its puzzle raises ``ValueError``.

    >>> import sudoku_array as sa
    >>> p, s = sa.generate(2, seed=1)
    >>> easier = sa.reveal(p, s, 10, seed=3)
    >>> ((easier > 0).sum(axis=1) - (p > 0).sum(axis=1)).tolist()
    [10, 10]
    """
    puzzles, _ = grids(puzzles)
    solutions, _ = grids(solutions, "solutions")
    k, seed, start = integer("k", k), seed_of(seed), integer("start", start)
    return _native.reveal(
        puzzles, solutions, k, seed=seed, start=start, threads=threads_of(threads)
    )


class GeneratedRating(TypedDict):
    """The ratings :func:`generate` computed to keep its puzzles: (n,) arrays."""

    er: npt.NDArray[np.float64]
    ep: npt.NDArray[np.float64]
    ed: npt.NDArray[np.float64]
    hardest: npt.NDArray[np.str_]
    level: npt.NDArray[np.str_]


class Generated(_Pair):
    """:func:`generate`'s answer: a pair that unpacks as ``(puzzles, solutions)``, with what
    the run measured and why it stopped:

    - ``indices``: (n,) ``int64``, each puzzle's candidate number in the seed's stream;
    - ``rating``: the ratings computed to keep the puzzles (``rating=`` or ``level=``), a
      dict of (n,) arrays ``er``, ``ep``, ``ed``, ``hardest``, ``level``, as :func:`rate`
      gives them; ``None`` when nothing was rated;
    - ``guesses``: (n,) ``int64``, the search's guesses (as :func:`guesses` counts them) when
      ``guesses=`` was asked, else ``None``;
    - ``stopped``: why the run ended: ``"done"`` (n puzzles), ``"stop"`` (every candidate
      up to ``stop`` judged), ``"attempts"`` (``attempts`` candidates in a row turned down) or
      ``"time_limit"``;
    - ``tried``: the candidates judged; ``next``: the candidate to go on from
      (``start=next``) for more of the same run;
    - ``seed``: the seed, an integer even when ``seed=None`` drew it.

    >>> import sudoku_array as sa
    >>> g = sa.generate(3, seed=1, start=10)
    >>> g.indices.tolist(), g.stopped, g.next, g.rating is None
    ([10, 11, 12], 'done', 13, True)
    """

    def __init__(self, fields: Dict[str, Any], seed: int) -> None:
        self.puzzles: Grids = fields["puzzles"]
        self.solutions: Grids = fields["solutions"]
        self.indices: npt.NDArray[np.int64] = fields["index"]
        self.rating: Optional[GeneratedRating] = fields["rating"]
        self.guesses: Optional[npt.NDArray[np.int64]] = fields["guesses"]
        self.stopped: str = fields["stopped"]
        self.tried: int = fields["tried"]
        self.next: int = fields["next"]
        self.seed: int = seed


def _range(name: str, value: Any) -> Optional[Tuple[int, int]]:
    """``guesses=(lo, hi)``, either end ``None`` for open, as whole numbers."""
    if value is None:
        return None
    try:
        lo, hi = value
    except (TypeError, ValueError):
        raise ValueError(f"{name}: expected (lo, hi), got {value!r}") from None
    lo = 0 if lo is None else integer(f"{name}[0]", lo, high=I64)
    hi = I64 if hi is None else integer(f"{name}[1]", hi, high=I64)
    if lo > hi:
        raise ValueError(f"{name}: expected lo <= hi, got ({lo}, {hi})")
    return lo, hi


def generate(
    n: Optional[int],
    *,
    seed: Seed,
    start: int = 0,
    stop: Optional[int] = None,
    rating: Union[Tuple[float, float], str, None] = None,
    level: Optional[str] = None,
    guesses: Optional[Tuple[Optional[int], Optional[int]]] = None,
    symmetry: Optional[str] = None,
    pattern: Union[str, "os.PathLike[str]", None] = None,
    minimal: bool = True,
    threads: Optional[int] = None,
    attempts: int = 100_000,
    time_limit: Optional[float] = None,
    size: Optional[int] = None,
    box: Box = None,
) -> Generated:
    """``n`` puzzles with exactly one solution, and their solutions: a :class:`Generated`
    pair ``(puzzles, solutions)``, both (n, 81) ``uint8``, with what the run measured
    (``.indices``, ``.rating``, ``.guesses``) and why it stopped (``.stopped``). The same
    ``seed`` (and options) gives the same arrays at any ``threads``, and the puzzles
    ``sudoku generate --seed`` prints.

    Candidate i of a seed is puzzle i of its stream (``sudoku generate --seed S`` prints
    candidates 0, 1, 2, ...); each candidate is kept or turned down on its own, and a call
    judges candidates ``start``, ``start + 1``, ... in order, up to ``stop`` (excluded) when
    given, until it has ``n`` puzzles (``n=None``: every one kept up to ``stop``). So:

    - without a request (no ``rating``, ``level``, ``guesses`` or ``pattern``), puzzle K of a
      seed is ``generate(1, seed=S, start=K)``, and chunks ``start=a, n=b-a`` joined are the
      one call ``n=total``, in any chunking;
    - with a request, shard by candidate range: chunks ``start=a, stop=b, n=None`` joined in
      order are the call ``start=0, stop=total``; ``.indices`` tells each puzzle's candidate.

    The request:

    - ``rating=(lo, hi)`` keeps puzzles whose ER is in ``lo..hi``, both ends included
      (or a string such as ``"2.6..4.0"``, ``"8.0.."``);
    - ``level=`` one of :data:`LEVELS` (not with ``rating``);
    - ``guesses=(lo, hi)`` keeps puzzles whose search takes ``lo`` to ``hi`` guesses, both
      ends included (either ``None`` for open), as :func:`guesses` counts them;
    - ``symmetry=`` a symmetry name as the command line takes it (``"rotational"``,
      ``"diagonal"``, ``"full"``, ``"random"``, ...);
    - ``pattern=`` the cells of the clues, as ``sudoku generate --pattern`` reads them: 81
      marks (``x``, ``*`` or a digit for a clue; ``.`` or ``0`` for none), a pattern's text
      (its nine rows on lines of their own), or else the path of a file holding one (a
      ``pathlib.Path`` is always a path; a file that cannot be read raises ``OSError``);
    - ``minimal=False`` stops before the puzzle is minimal.

    ``size=`` and ``box=`` (rows, columns) make boards of another size, 4x4 to 36x36 (the
    box by default square where the size is a square, else the wide one: 2x3 for 6x6): both
    arrays are then (n, size*size), every puzzle unique and (by default) minimal, its clues
    following ``symmetry=`` where the shape's boxes allow it (quarter turns and diagonal
    reflections need square boxes). ``rating``, ``level``, ``guesses``, ``pattern`` and
    ``time_limit`` are for 9x9 only; every candidate is kept, so ``.stopped`` is ``"done"``
    (or ``"stop"`` where ``stop`` came first). ``size=9`` is the classic generator.

    ``seed`` is an integer, a ``numpy.random.Generator`` (one integer drawn from it) or
    ``None`` (drawn from the system's entropy; ``.seed`` says which). A request no puzzle can
    meet raises ``ValueError`` at once, with the reason; so many puzzles that their arrays
    cannot be held raises ``MemoryError`` before any work. A rare request gives up as
    ``sudoku generate`` does: after ``attempts`` candidates in a row are turned down
    (``--attempts``, 100,000), or once ``time_limit`` seconds went by (``--timeout``, none by
    default). It then returns the puzzles made so far, fewer than ``n``, with ``.stopped``
    saying why and a ``RuntimeWarning``.

    >>> import sudoku_array as sa
    >>> g = sa.generate(4, seed=1, rating=(2.0, 3.0))
    >>> p, s = g
    >>> p.shape, sa.check(p).tolist(), g.stopped
    ((4, 81), ['unique', 'unique', 'unique', 'unique'], 'done')
    >>> bool((g.rating["er"] == sa.rate(p)["er"]).all())
    True
    >>> six = sa.generate(3, seed=1, size=6)   # 2x3 boxes
    >>> six.puzzles.shape, sa.check(six.puzzles).tolist()
    ((3, 36), ['unique', 'unique', 'unique'])
    >>> bool((sa.solve(six.puzzles) == six.solutions).all())
    True
    """
    board, board_box = size_and_box(size, box)
    if board is not None and board != CLASSIC:
        return _generate_sized(
            n, board, board_box, seed=seed, start=start, stop=stop, symmetry=symmetry,
            minimal=minimal, threads=threads, attempts=attempts,
            refused={"rating": rating, "level": level, "guesses": guesses, "pattern": pattern,
                     "time_limit": time_limit},
        )
    n = integer("n", n, optional=True)
    seed = seed_of(seed)
    start = integer("start", start, high=I64)
    stop = integer("stop", stop, optional=True, high=I64)
    fields = _native.generate(
        n,
        seed=seed,
        start=start,
        stop=stop,
        rating=rating,
        level=level,
        guesses=_range("guesses", guesses),
        symmetry=symmetry,
        pattern=pattern,
        minimal=minimal,
        threads=threads_of(threads),
        attempts=attempts,
        time_limit=time_limit,
    )
    return Generated(fields, seed)


def _generate_sized(
    n: Any, size: int, box: Any, *, seed: Seed, start: Any, stop: Any, symmetry: Any,
    minimal: Any, threads: Any, attempts: Any, refused: Dict[str, Any],
) -> Generated:
    """:func:`generate` on a board of another size: every candidate is kept (there is no
    request to turn one down), so candidates ``start`` to ``start + n`` are the puzzles."""
    for name, value in refused.items():
        if value is not None:
            raise ValueError(f"{name}: for 9x9 boards only, not a {size}x{size} board")
    n = integer("n", n, optional=True)
    seed = seed_of(seed)
    start = integer("start", start, high=I64)
    stop = integer("stop", stop, optional=True, high=I64)
    integer("attempts", attempts, low=1, high=I64)
    if stop is not None and stop < start:
        raise ValueError(f"stop: expected start ({start}) or more, got {stop}")
    if n is None and stop is None:
        raise ValueError("n: give n, or stop= (or both)")
    most = n if stop is None else stop - start if n is None else min(n, stop - start)
    if symmetry is not None and not isinstance(symmetry, str):
        raise ValueError(f"symmetry: expected a symmetry's name, got {type(symmetry).__name__}")
    puzzles, solutions = _native.generate_sized(
        most, size, box, seed=seed, start=start, symmetry=symmetry, minimal=bool(minimal),
        threads=threads_of(threads),
    )
    fields = {
        "puzzles": puzzles,
        "solutions": solutions,
        "index": np.arange(start, start + most, dtype=np.int64),
        "rating": None,
        "guesses": None,
        "stopped": "done" if n is not None and most == n else "stop",
        "tried": most,
        "next": start + most,
    }
    return Generated(fields, seed)
