"""explain and tokens: the steps of `sudoku explain -f json`, and tokens that decode back
into them."""

import numpy as np

import sudoku_array as sa
from conftest import grid_of, is_solution_of, run_json


def cell_name(r, c) -> str:
    return f"r{r + 1}c{c + 1}"


def cli_steps(path: str):
    return [r for r in run_json("explain", path) if r["status"] == "explained"]


def test_explain_equals_the_command_line():
    records = cli_steps("puzzles/ratings.csv")
    assert records
    explained = sa.explain([r["puzzle"] for r in records])
    for mine, theirs in zip(explained, records):
        assert mine["status"] == "explained"
        assert mine["er"] == theirs["er"]
        assert len(mine["steps"]) == len(theirs["steps"])
        for a, b in zip(mine["steps"], theirs["steps"]):
            assert a["technique"] == b["technique"]
            assert a["rating"] == b["rating"]
            assert a["text"] == b["text"]
            assert [(cell_name(r, c), d) for r, c, d in a["placements"].tolist()] == [
                (p["cell"], p["digit"]) for p in b["placements"]
            ]
            assert sorted((cell_name(r, c), d) for r, c, d in a["eliminations"].tolist()) == sorted(
                (p["cell"], p["digit"]) for p in b["eliminations"]
            )


def test_tokens_decode_back_into_the_steps():
    records = cli_steps("puzzles/ratings.csv") + cli_steps("tests/data/serate-1.2.1.3-sample.txt")[:8]
    puzzles = [r["puzzle"] for r in records]
    tokens, status = sa.tokens(puzzles)
    names = sa.techniques()
    assert tokens.dtype == np.int32 and tokens.shape[1] == 7
    assert status.tolist() == ["explained"] * len(puzzles)
    for i, record in enumerate(records):
        mine = tokens[tokens[:, 0] == i]
        assert sorted(set(mine[:, 1].tolist())) == list(range(len(record["steps"])))
        for n, step in enumerate(record["steps"]):
            rows = mine[mine[:, 1] == n]
            assert {names[t] for t in rows[:, 5]} == {step["technique"]}
            placed = [(cell_name(r, c), d) for _, _, r, c, d, _, p in rows.tolist() if p == 1]
            removed = [(cell_name(r, c), d) for _, _, r, c, d, _, p in rows.tolist() if p == 0]
            assert placed == [(p["cell"], p["digit"]) for p in step["placements"]]
            assert sorted(removed) == sorted((p["cell"], p["digit"]) for p in step["eliminations"])


def test_placements_fill_the_grid_with_its_solution():
    p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    grid = grid_of(p).reshape(9, 9).copy()
    for step in sa.explain(p)["steps"]:
        for r, c, d in step["placements"].tolist():
            assert grid[r, c] == 0
            grid[r, c] = d
    assert is_solution_of(grid.reshape(81), grid_of(p))


def test_unrated_puzzles_have_a_status_and_no_steps():
    e = sa.explain(["." * 81, "11" + "." * 79])
    assert [x["status"] for x in e] == ["not_unique", "no_solution"]
    assert all(x["steps"] == [] for x in e)
    tokens, status = sa.tokens(["." * 81])
    assert tokens.shape == (0, 7) and status.tolist() == ["not_unique"]
