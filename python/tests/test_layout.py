"""The tests run against the built package however pytest is started from python/: `pytest` or
`python -m pytest` (which puts python/, with its source folder sudoku_array/ and no compiled
module, first on sys.path)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import sudoku_array as sa
from conftest import PYTHON_DIR

THIS = "tests/test_layout.py::test_the_package_under_test_has_its_compiled_module"


def test_the_package_under_test_has_its_compiled_module():
    folder = Path(sa.__file__).resolve().parent
    native = Path(sa._native.__file__).resolve()
    assert native.parent == folder
    assert native.name.startswith("_native") and native.suffix in (".so", ".pyd")
    assert isinstance(sa.__version__, str) and sa.__version__


@pytest.mark.parametrize("how", ["python -m pytest", "pytest"])
def test_pytest_started_from_python_dir_finds_the_built_package(how):
    script = Path(sys.executable).with_name("pytest")
    if how == "pytest" and not script.is_file():
        pytest.skip(f"no pytest script beside {sys.executable}")
    command = [sys.executable, "-m", "pytest"] if how != "pytest" else [str(script)]
    run = subprocess.run(
        [*command, "-q", "-p", "no:cacheprovider", THIS],
        cwd=PYTHON_DIR, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout
