"""examples/build_dataset.py end to end on a small generated set: the files it saves hold valid
(puzzle, solution) pairs, and no test puzzle is a disguise of a training puzzle."""

import subprocess
import sys

import numpy as np

import sudoku_array as sa
from conftest import PYTHON_DIR, is_solution_of


def test_build_dataset_splits_by_equivalence_class(tmp_path):
    out = tmp_path / "ds"
    run = subprocess.run(
        [sys.executable, str(PYTHON_DIR / "examples" / "build_dataset.py"), "--source", "generate",
         "--n", "400", "--band", "1.0..4.0", "--k", "3", "--test", "0.25", "--out", str(out)],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "total" in run.stdout
    sets = {}
    for name in ("train", "test"):
        p = np.load(out / f"{name}_puzzles.npy")
        s = np.load(out / f"{name}_solutions.npy")
        er = np.load(out / f"{name}_er.npy")
        assert p.dtype == s.dtype == np.uint8 and p.shape == s.shape and len(er) == len(p)
        assert len(p) % 3 == 0 and len(p) > 0
        assert ((er >= 1.0) & (er <= 4.0)).all()
        for row in range(0, len(p), 7):
            assert is_solution_of(s[row], p[row])
        sets[name] = {f.tobytes() for f in sa.canonical(p)}
        # The k copies of one puzzle are one class; classes are not repeated.
        assert len(sets[name]) == len(p) // 3
    assert not sets["train"] & sets["test"]
    assert 0.15 < len(sets["test"]) / (len(sets["train"]) + len(sets["test"])) < 0.35
