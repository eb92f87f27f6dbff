"""The compiled extension; use the functions of sudoku_array, which document it."""

from typing import Any

def __getattr__(name: str) -> Any: ...
