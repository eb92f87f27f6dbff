"""The type stubs match the module (mypy's stubtest; skipped where mypy is not installed)."""

import subprocess
import sys

import pytest


def test_stubs_match_the_runtime(tmp_path):
    pytest.importorskip("mypy", reason="mypy is not installed (pip install mypy)")
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "sudoku_array"], capture_output=True, text=True,
        cwd=tmp_path,  # not python/, whose sudoku_array/ lacks the compiled extension
    )
    assert run.returncode == 0, run.stdout + run.stderr
