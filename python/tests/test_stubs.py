"""The types: mypy's stubtest finds the package's stubs in agreement with the module (and
fails on a copy whose stub disagrees, so the check is known to bite), and ``__all__`` lists
the API and nothing else."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import sudoku_array as sa


def stubtest(cwd, env=None):
    return subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "sudoku_array"],
        capture_output=True, text=True, cwd=cwd, env=env,
    )


def test_stubs_match_the_runtime(tmp_path):
    pytest.importorskip("mypy", reason="mypy is not installed (pip install mypy)")
    # Not from python/, whose sudoku_array/ lacks the compiled extension.
    run = stubtest(tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr


def test_stubtest_fails_when_a_stub_disagrees(tmp_path):
    pytest.importorskip("mypy", reason="mypy is not installed (pip install mypy)")
    import os

    copy = tmp_path / "sudoku_array"
    shutil.copytree(Path(sa.__file__).parent, copy,
                    ignore=shutil.ignore_patterns("__pycache__"))
    stub = copy / "_native.pyi"
    text = stub.read_text()
    wrong = text.replace("def solve(puzzles: Any, *, threads", "def solve(grids: Any, *, threads")
    assert wrong != text
    stub.write_text(wrong)
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    run = stubtest(tmp_path, env)
    assert run.returncode != 0, run.stdout + run.stderr
    assert "sudoku_array._native.solve" in run.stdout, run.stdout


def test_all_lists_the_api_and_nothing_else():
    public = {name for name in dir(sa) if not name.startswith("_")}
    assert public == set(sa.__all__) - {"__version__"}
    assert not {"Any", "Dict", "np", "os", "re", "operator", "Puzzles"} & set(dir(sa))
    for name in sa.__all__:
        assert getattr(sa, name) is not None
        if callable(getattr(sa, name)):
            assert getattr(sa, name).__doc__, name
