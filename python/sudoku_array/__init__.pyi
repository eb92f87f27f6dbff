"""Type stubs of sudoku_array: the sudoku-solver library on numpy arrays. The names with an
underscore (record types) exist in the stubs only."""

import os
from typing import Any, Dict, List, Literal, Optional, Sequence, Tuple, TypedDict, Union, overload

import numpy as np
import numpy.typing as npt

Puzzles = Union[npt.NDArray[np.integer[Any]], Sequence[str]]

__version__: str
_Grids = npt.NDArray[np.uint8]

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

LEVELS: Tuple[str, str, str, str, str]

class _Rating(TypedDict):
    er: npt.NDArray[np.float64]
    ep: npt.NDArray[np.float64]
    ed: npt.NDArray[np.float64]
    hardest: npt.NDArray[np.str_]
    level: npt.NDArray[np.str_]
    status: npt.NDArray[np.str_]

class _Step(TypedDict):
    technique: str
    rating: float
    placements: npt.NDArray[np.int64]
    eliminations: npt.NDArray[np.int64]
    text: str

class _Explained(TypedDict):
    status: Literal["explained", "no_solution", "not_unique", "timeout"]
    er: float
    steps: List[_Step]

class _ReadError(TypedDict):
    slot: int
    path: str
    line: Optional[int]
    column: Optional[int]
    message: str

class _Read(TypedDict):
    puzzles: _Grids
    lines: List[str]
    sources: List[str]
    labels: List[Optional[str]]
    errors: List[_ReadError]

def solve(puzzles: Puzzles, *, threads: Optional[int] = None) -> _Grids: ...
def count(
    puzzles: Puzzles, *, limit: int = 2, threads: Optional[int] = None
) -> npt.NDArray[np.int64]: ...
def check(puzzles: Puzzles, *, threads: Optional[int] = None) -> npt.NDArray[np.str_]: ...
def guesses(
    puzzles: Puzzles, *, limit: int = 2, threads: Optional[int] = None
) -> npt.NDArray[np.int64]: ...
def rate(
    puzzles: Puzzles, *, threads: Optional[int] = None, time_limit: Optional[float] = None
) -> _Rating: ...
def canonical(puzzles: Puzzles, *, threads: Optional[int] = None) -> _Grids: ...
def minimize(
    puzzles: Puzzles, *, seed: Optional[int] = None, threads: Optional[int] = None
) -> _Grids: ...
def augment(
    puzzles: Puzzles, solutions: Puzzles, k: int, *, seed: int, threads: Optional[int] = None
) -> Tuple[_Grids, _Grids]: ...
def transform(puzzles: Puzzles, *, seed: int, threads: Optional[int] = None) -> _Grids: ...
def reveal(
    puzzles: Puzzles, solutions: Puzzles, k: int, *, seed: int, threads: Optional[int] = None
) -> _Grids: ...

class _Hint(TypedDict):
    status: Literal["hint", "solved", "stuck", "no_solution", "not_unique", "timeout"]
    step: Optional[_Step]

def hint(
    puzzles: Optional[Puzzles] = None,
    *,
    candidates: Union[npt.NDArray[np.uint16], Sequence[str], None] = None,
    threads: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> List[_Hint]: ...
def generate(
    n: int,
    *,
    seed: int,
    rating: Union[Tuple[float, float], str, None] = None,
    level: Optional[str] = None,
    symmetry: Optional[str] = None,
    pattern: Union[str, os.PathLike[str], None] = None,
    minimal: bool = True,
    threads: Optional[int] = None,
    attempts: int = 100_000,
    time_limit: Optional[float] = None,
) -> Tuple[_Grids, _Grids]: ...
@overload
def explain(  # type: ignore[overload-overlap]  # a str is also a Sequence[str]
    puzzles: str, *, threads: Optional[int] = None, time_limit: Optional[float] = None
) -> _Explained: ...
@overload
def explain(
    puzzles: Puzzles, *, threads: Optional[int] = None, time_limit: Optional[float] = None
) -> List[_Explained]: ...
def tokens(
    puzzles: Puzzles, *, threads: Optional[int] = None, time_limit: Optional[float] = None
) -> Tuple[npt.NDArray[np.int32], npt.NDArray[np.str_]]: ...
def techniques() -> List[str]: ...
def read(
    source: Union[str, os.PathLike[str], None] = None, *, text: Optional[str] = None
) -> _Read: ...
