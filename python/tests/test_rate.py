"""rate equals the command line (`sudoku rate -f json`) on puzzles/ratings.csv and on
serate's recorded lines in tests/data; time_limit gives the time-out status."""

import math

import numpy as np
import pytest

import sudoku_array as sa
from conftest import REPO, run_json


def compare_with_cli(path: str) -> int:
    records = [r for r in run_json("rate", path) if "puzzle" in r]
    assert records, f"no rated puzzle in {path}"
    puzzles = [r["puzzle"] for r in records]
    rated = sa.rate(puzzles)
    assert rated["er"].dtype == np.float64
    for i, r in enumerate(records):
        assert rated["status"][i] == r["status"], r["source"]
        if r["status"] == "rated":
            got = (rated["er"][i], rated["ep"][i], rated["ed"][i])
            assert got == (r["er"], r["ep"], r["ed"]), r["source"]
            assert rated["hardest"][i] == r["hardest"], r["source"]
            assert rated["level"][i] == r.get("level", ""), r["source"]
        else:
            assert all(math.isnan(rated[k][i]) for k in ("er", "ep", "ed"))
    return len(records)


def test_ratings_csv_equals_the_command_line():
    assert compare_with_cli("puzzles/ratings.csv") >= 3


def test_serate_lines_equal_the_command_line():
    assert compare_with_cli("tests/data/serate-1.2.1.3-sample.txt") >= 40


def test_serate_lines_equal_serate_itself():
    """The recorded lines are `PUZZLE ED=ER/EP/ED`, as serate 1.2.1.3 printed them."""
    path = REPO / "tests" / "data" / "serate-1.2.1.3-sample.txt"
    puzzles, recorded = [], []
    for line in path.read_text().splitlines():
        if " ED=" in line and not line.startswith("#"):
            puzzle, numbers = line.split(" ED=")
            puzzles.append(puzzle[:81])
            recorded.append(tuple(float(x) for x in numbers.split("/")))
    rated = sa.rate(puzzles)
    got = list(zip(rated["er"].tolist(), rated["ep"].tolist(), rated["ed"].tolist()))
    assert got == recorded


def test_rounded_to_tenths_with_nan_where_unrated():
    rated = sa.rate(
        ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
         "." * 81, "11" + "." * 79]
    )
    assert rated["status"].tolist() == ["rated", "not_unique", "no_solution"]
    er = rated["er"]
    assert er[0] == round(er[0], 1)
    assert np.isnan(er[1:]).all() and np.isnan(rated["ep"][1:]).all()
    assert rated["level"].tolist()[1:] == ["", ""]


def test_time_limit_gives_the_timeout_status():
    # The hardest sample puzzles take far longer than a microsecond to rate.
    hard = [r["puzzle"] for r in run_json("rate", "tests/data/serate-1.2.1.3-sample.txt")][-3:]
    rated = sa.rate(hard, time_limit=1e-6)
    assert rated["status"].tolist() == ["timeout"] * 3
    assert np.isnan(rated["er"]).all()
    # With time enough, the same puzzles are rated.
    assert sa.rate(hard, time_limit=60.0)["status"].tolist() == ["rated"] * 3


def test_the_same_at_any_thread_count(sample_puzzles):
    a = sa.rate(sample_puzzles[:60], threads=1)
    b = sa.rate(sample_puzzles[:60], threads=2)
    for key in ("er", "ep", "ed"):
        assert np.array_equal(a[key], b[key], equal_nan=True)
    assert (a["hardest"] == b["hardest"]).all()


def test_full_and_unsolvable_grids_equal_the_command_line(tmp_path):
    p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    full = "".join(map(str, sa.solve([p])[0]))
    path = tmp_path / "odd.txt"
    path.write_text("\n".join([full, "." * 81, "11" + "." * 79]) + "\n")
    records = run_json("rate", str(path))
    rated = sa.rate([full, "." * 81, "11" + "." * 79])
    assert rated["status"].tolist() == [r["status"] for r in records] == ["solved", "not_unique", "no_solution"]
    assert rated["er"][0] == records[0]["er"]
