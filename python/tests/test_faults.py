"""Faults found by a hostile probe (issue 48): huge durations and counts refused or taken as
meant, never a panic or an abort; searches that can run for minutes bounded; and augment,
read and generate(pattern=) as the guide says."""

import pathlib
import subprocess
import sys
import time
import warnings

import numpy as np
import pytest

import sudoku_array as sa
from conftest import REPO, brute_count, is_solution_of

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

#: A generous bound for work given a short limit: it must give up long before this.
BOUND = 60.0


def run_python(code: str, cwd: pathlib.Path) -> subprocess.CompletedProcess:
    """Runs `code` in a fresh interpreter: an abort there is a return code, not a lost test run.
    It runs in `cwd`, not python/, whose sudoku_array/ lacks the compiled extension."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=cwd
    )


# ------------------------------------------------------------------------ huge durations (16)


def test_rate_explain_tokens_take_a_huge_time_limit_as_no_limit():
    plain = sa.rate([PUZZLE])
    huge = sa.rate([PUZZLE], time_limit=1e19)
    assert huge["status"].tolist() == ["rated"]
    assert huge["er"].tolist() == plain["er"].tolist()
    explained = sa.explain(PUZZLE, time_limit=1e19)
    assert explained["status"] == "explained"
    assert explained["er"] == plain["er"][0]
    tokens, status = sa.tokens([PUZZLE], time_limit=1e19)
    assert status.tolist() == ["explained"]
    # Every placement token puts the solution's digit.
    solution = sa.solve([PUZZLE])[0]
    placed = tokens[tokens[:, 6] == 1]
    assert len(placed) == PUZZLE.count(".")
    for _, _, row, col, digit, _, _ in placed:
        assert solution[row * 9 + col] == digit


def test_hint_takes_a_huge_time_limit_as_no_limit():
    h = sa.hint([PUZZLE], time_limit=1e19)[0]
    assert h["status"] == "hint"
    row, col, digit = h["step"]["placements"][0]
    assert sa.solve([PUZZLE])[0][row * 9 + col] == digit


# --------------------------------------------------------------------------- huge counts (17)


@pytest.mark.parametrize("n", [10**9, 2**62, 2**63])
def test_generate_refuses_a_count_it_cannot_hold(n, tmp_path):
    run = run_python(
        "import sudoku_array as sa\n"
        "try:\n"
        f"    sa.generate({n}, seed=1)\n"
        "except MemoryError as e:\n"
        "    print('refused:', e)\n",
        tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("refused: generate:"), run.stdout + run.stderr


@pytest.mark.parametrize("k", [2**40, 2**62, 2**63, 2**63 + 1, 2**64 - 1])
def test_augment_refuses_copies_it_cannot_hold(k, tmp_path):
    run = run_python(
        "import sudoku_array as sa\n"
        f"p = [{PUZZLE!r}] * 2\n"
        "try:\n"
        f"    sa.augment(p, sa.solve(p), {k}, seed=1)\n"
        "except MemoryError as e:\n"
        "    print('refused:', e)\n",
        tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("refused: augment:"), run.stdout + run.stderr


def test_augment_gives_k_copies_of_every_puzzle_in_order():
    puzzles, solutions = sa.generate(3, seed=8)
    k = 4
    ap, asol = sa.augment(puzzles, solutions, k, seed=2)
    assert ap.shape == asol.shape == (3 * k, 81)
    for row in range(3 * k):
        source = puzzles[row // k]
        assert is_solution_of(asol[row], ap[row])
        # A disguise keeps the number of clues and their digits' counts, up to relabelling.
        assert (ap[row] > 0).sum() == (source > 0).sum()
        counts = sorted(np.bincount(ap[row], minlength=10)[1:].tolist())
        assert counts == sorted(np.bincount(source, minlength=10)[1:].tolist())


# --------------------------------------------------------------------------------- hangs (18)


def test_hint_keeps_to_its_time_limit():
    # No time at all: every search gives up (the empty board is refused before any: it has
    # many solutions).
    assert sa.hint([PUZZLE], time_limit=0.0) == [{"status": "timeout", "step": None}]
    assert sa.hint(["." * 81], time_limit=0.0)[0]["status"] == "not_unique"
    # Time enough: the hint, as without a limit.
    h = sa.hint([PUZZLE], time_limit=60.0)[0]
    assert h["status"] == "hint"
    assert h["step"]["text"] == sa.hint([PUZZLE])[0]["step"]["text"]


def test_a_rare_request_gives_up_after_its_attempts_with_a_warning():
    start = time.monotonic()
    with pytest.warns(RuntimeWarning, match="gave up after 50 candidates in a row"):
        puzzles, solutions = sa.generate(1, seed=1, rating=(1.0, 1.0), attempts=50)
    assert time.monotonic() - start < BOUND
    # What was kept, if anything, meets the request.
    assert puzzles.shape[0] == solutions.shape[0] <= 1
    if len(puzzles):
        assert sa.rate(puzzles)["er"].tolist() == [1.0]


def test_a_rare_request_gives_up_at_its_time_limit_with_a_warning():
    start = time.monotonic()
    with pytest.warns(RuntimeWarning, match="time_limit reached"):
        puzzles, _ = sa.generate(1, seed=1, rating=(1.0, 1.0), time_limit=0.3)
    assert time.monotonic() - start < BOUND
    assert len(puzzles) <= 1


def test_a_run_that_ends_in_time_is_whole_and_warns_of_nothing():
    plain = sa.generate(3, seed=4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        limited = sa.generate(3, seed=4, time_limit=1e19)
        asked = sa.generate(2, seed=4, rating=(2.0, 4.0), attempts=100_000)
    assert (limited[0] == plain[0]).all() and (limited[1] == plain[1]).all()
    assert asked[0].shape == (2, 81)
    er = sa.rate(asked[0])["er"]
    assert ((er >= 2.0) & (er <= 4.0)).all()


@pytest.mark.parametrize("attempts", [0, -3])
def test_attempts_below_one_are_refused(attempts):
    with pytest.raises(ValueError, match=f"attempts: expected 1 or more, got {attempts}"):
        sa.generate(1, seed=1, rating=(2.0, 3.0), attempts=attempts)


# ------------------------------------------------------------------------------- Python (28)


def test_augment_refuses_a_solution_that_does_not_solve_its_puzzle():
    puzzles, solutions = sa.generate(2, seed=6)
    # A valid full grid that breaks puzzle 1's givens: puzzle 0's solution.
    bad = solutions.copy()
    bad[1] = solutions[0]
    assert not is_solution_of(bad[1], puzzles[1])
    with pytest.raises(ValueError, match=r"solutions\[1\]: does not solve puzzles\[1\]"):
        sa.augment(puzzles, bad, 2, seed=1)
    # And a grid that is not a solution at all (two 1s in a row).
    broken = solutions.copy()
    broken[0, :2] = 1
    with pytest.raises(ValueError, match=r"solutions\[0\]: does not solve puzzles\[0\]"):
        sa.augment(puzzles, broken, 1, seed=1)


def test_transform_still_disguises_puzzles_alone():
    puzzles, _ = sa.generate(3, seed=6)
    out = sa.transform(puzzles, seed=3)
    assert out.shape == (3, 81)
    assert (sa.canonical(out) == sa.canonical(puzzles)).all()
    for p in out:
        assert brute_count(p, 2) == 1


@pytest.mark.parametrize("as_path", [False, True], ids=["str", "Path"])
def test_read_of_an_empty_directory_is_an_error(tmp_path, as_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    r = sa.read(empty if as_path else str(empty))
    assert r["puzzles"].shape == (0, 81)
    assert len(r["errors"]) == 1
    error = r["errors"][0]
    assert error["slot"] == 0 and error["path"] == str(empty)
    assert error["line"] is None and error["column"] is None
    assert error["message"] == "no puzzle files in this directory: it is empty"


def test_read_of_a_directory_of_hidden_files_only_is_an_error(tmp_path):
    (tmp_path / ".hidden.txt").write_text(PUZZLE + "\n")
    r = sa.read(tmp_path)
    assert r["puzzles"].shape == (0, 81)
    assert [e["message"] for e in r["errors"]] == [
        "no puzzle files in this directory: its 1 entries are hidden files or not regular files"
    ]


def pattern_marks() -> str:
    """The 81 marks of patterns/heart.txt, read here on their own."""
    text = (REPO / "patterns" / "heart.txt").read_text()
    marks = "".join(l for l in text.splitlines() if l and not l.startswith("#"))
    assert len(marks) == 81
    return marks


@pytest.mark.parametrize("as_path", [False, True], ids=["str", "Path"])
def test_pattern_reads_a_file_as_the_command_line_does(as_path):
    path = REPO / "patterns" / "heart.txt"
    puzzles, solutions = sa.generate(2, seed=3, pattern=path if as_path else str(path))
    marks = pattern_marks()
    assert puzzles.shape == (2, 81)
    for p, s in zip(puzzles, solutions):
        assert [bool(d) for d in p] == [m != "." for m in marks]
        assert brute_count(p, 2) == 1 and is_solution_of(s, p)
    # The same puzzles as the pattern written out.
    written, _ = sa.generate(2, seed=3, pattern=marks)
    assert (written == puzzles).all()


def test_pattern_of_a_missing_file_raises_file_not_found(tmp_path):
    missing = tmp_path / "no-such-pattern.txt"
    with pytest.raises(FileNotFoundError, match="pattern: .*no-such-pattern.txt: cannot read"):
        sa.generate(1, seed=1, pattern=str(missing))
    with pytest.raises(FileNotFoundError):
        sa.generate(1, seed=1, pattern=pathlib.Path(missing))


def test_pattern_file_that_is_no_pattern_raises_value_error(tmp_path):
    path = tmp_path / "short.txt"
    path.write_text("x" * 80 + "\n")
    with pytest.raises(ValueError, match="pattern"):
        sa.generate(1, seed=1, pattern=str(path))
