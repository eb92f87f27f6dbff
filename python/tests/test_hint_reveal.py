"""hint equals `sudoku hint -f json`; reveal puts back k givens of the solution; generate on a
clue pattern makes the command line's puzzles, with clues exactly on the pattern."""

import numpy as np
import pytest

import sudoku_array as sa
from conftest import REPO, brute_count, grid_of, is_solution_of, run_json


def compare_hints(records, answers):
    assert len(records) == len(answers)
    for r, a in zip(records, answers):
        assert a["status"] == r["status"], r["source"]
        if r["status"] == "hint":
            (step,) = r["steps"]
            mine = a["step"]
            assert (mine["technique"], mine["rating"], mine["text"]) == (
                step["technique"], step["rating"], step["text"]
            )
            cells = lambda rows: sorted((f"r{x + 1}c{y + 1}", d) for x, y, d in rows.tolist())
            assert cells(mine["placements"]) == sorted((p["cell"], p["digit"]) for p in step["placements"])
            assert cells(mine["eliminations"]) == sorted((p["cell"], p["digit"]) for p in step["eliminations"])
        else:
            assert a["step"] is None


def test_hint_from_pencilmarks_equals_the_command_line():
    records = run_json("hint", "puzzles/pencilmarks.txt")
    assert records and all(len(r["puzzle"]) == 729 for r in records)
    compare_hints(records, sa.hint(candidates=[r["puzzle"] for r in records]))


def test_hint_from_mask_arrays_equals_hint_from_lines():
    lines = [r["puzzle"] for r in run_json("hint", "puzzles/pencilmarks.txt")]
    masks = np.array(
        [[sum(1 << (int(ch) - 1) for ch in line[c * 9:(c + 1) * 9] if ch != ".") for c in range(81)] for line in lines],
        dtype=np.uint16,
    )
    a, b = sa.hint(candidates=masks), sa.hint(candidates=lines)
    assert [x["status"] for x in a] == [x["status"] for x in b]
    assert [x["step"]["text"] for x in a] == [x["step"]["text"] for x in b]


def test_hint_from_givens_equals_the_command_line():
    records = run_json("hint", "puzzles/line-puzzles.txt")
    puzzles = [r["puzzle"] for r in records]
    full = "".join(map(str, sa.solve(puzzles[:1])[0]))
    compare_hints(records, sa.hint(puzzles))
    assert [h["status"] for h in sa.hint([full, "." * 81, "11" + "." * 79])] == [
        "solved", "not_unique", "no_solution"
    ]


def test_reveal_puts_back_k_givens_of_the_solution():
    puzzles, solutions = sa.generate(20, seed=4)
    for k in [0, 5, 17]:
        easier = sa.reveal(puzzles, solutions, k, seed=1)
        assert ((easier > 0).sum(axis=1) == (puzzles > 0).sum(axis=1) + k).all()
        for e, p, s in zip(easier, puzzles, solutions):
            assert is_solution_of(s, e)
            assert all(p[i] == 0 or p[i] == e[i] for i in range(81))
    everything = sa.reveal(puzzles, solutions, 81, seed=1)
    assert (everything == solutions).all()


def test_reveal_is_reproducible_and_the_same_at_any_thread_count():
    puzzles, solutions = sa.generate(20, seed=4)
    a = sa.reveal(puzzles, solutions, 6, seed=2, threads=1)
    assert (a == sa.reveal(puzzles, solutions, 6, seed=2, threads=2)).all()
    assert (a != sa.reveal(puzzles, solutions, 6, seed=3)).any()
    # The rows draw different cells: not every puzzle gets the same positions.
    added = (a > 0) & (puzzles == 0)
    assert len({row.tobytes() for row in added}) > 1


def test_reveal_refuses_a_wrong_solution():
    puzzles, solutions = sa.generate(2, seed=4)
    with pytest.raises(ValueError, match=r"solutions\[1\]: does not solve puzzles\[1\]"):
        bad = solutions.copy()
        bad[1] = solutions[0]
        sa.reveal(puzzles, bad, 3, seed=1)


def test_pattern_generation_equals_the_command_line():
    text = (REPO / "patterns" / "heart.txt").read_text()
    rows = [l for l in text.splitlines() if l and not l.startswith("#")]
    marks = "".join(rows)
    assert len(marks) == 81
    puzzles, solutions = sa.generate(3, seed=3, pattern=text)
    lines = [r["puzzle"] for r in run_json("generate", "-n", "3", "--seed", "3", "--pattern", "patterns/heart.txt")]
    assert (puzzles == np.stack([grid_of(l) for l in lines])).all()
    for p, s in zip(puzzles, solutions):
        assert [bool(d) for d in p] == [m != "." for m in marks]
        assert brute_count(p, 2) == 1 and is_solution_of(s, p)
