"""read keeps a CSV's other columns: solutions (judged by the rules, here), ratings and the
rest (source, ...) by name, in HRM's and Kaggle's layouts, files written by the test."""

import numpy as np

import sudoku_array as sa
from conftest import grid_of, is_solution_of


def pairs(n=4):
    puzzles, solutions = sa.generate(n, seed=31)
    return [sa.format(p).item() for p in puzzles], [sa.format(s).item() for s in solutions]


def test_hrm_layout(tmp_path):
    puzzles, solutions = pairs()
    path = tmp_path / "train.csv"
    lines = ["source,question,answer,rating"]
    for i, (p, s) in enumerate(zip(puzzles, solutions)):
        lines.append(f"book{i % 2},{p},{s},{i + 1}")
    path.write_text("\n".join(lines) + "\n")
    r = sa.read(path)
    assert r["errors"] == [] and len(r["puzzles"]) == 4
    for p, s in zip(r["puzzles"], r["solutions"]):
        assert is_solution_of(s, p)
    assert r["ratings"].tolist() == [1.0, 2.0, 3.0, 4.0]
    assert r["columns"] == {"source": ["book0", "book1", "book0", "book1"],
                            "rating": ["1", "2", "3", "4"]}


def test_kaggle_layout_with_zeros(tmp_path):
    puzzles, solutions = pairs(3)
    path = tmp_path / "sudoku.csv"
    rows = [f"{p.replace('.', '0')},{s}" for p, s in zip(puzzles, solutions)]
    path.write_text("quizzes,solutions\n" + "\n".join(rows) + "\n")
    r = sa.read(str(path))
    assert [sa.format(p).item() for p in r["puzzles"]] == puzzles
    assert [sa.format(s).item() for s in r["solutions"]] == solutions
    assert np.isnan(r["ratings"]).all() and r["columns"] == {}


def test_a_missing_or_bad_solution_is_zeros_and_other_input_has_no_columns(tmp_path):
    puzzles, solutions = pairs(3)
    path = tmp_path / "mixed.csv"
    path.write_text(
        "puzzle,solution,difficulty\n"
        f"{puzzles[0]},{solutions[0]},2.5\n"
        f"{puzzles[1]},,\n"
        f"{puzzles[2]},{solutions[2][:80]}x,hard\n"
    )
    r = sa.read(path)
    assert is_solution_of(r["solutions"][0], grid_of(puzzles[0]))
    assert not r["solutions"][1:].any()
    assert r["ratings"][0] == 2.5 and np.isnan(r["ratings"][1:]).all()
    assert r["columns"] == {"difficulty": ["2.5", "", "hard"]}
    plain = sa.read(text="\n".join(puzzles))
    assert not plain["solutions"].any() and plain["columns"] == {}
    assert plain["solutions"].shape == (3, 81) and np.isnan(plain["ratings"]).all()
