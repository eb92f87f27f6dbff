"""generate: the same at any thread count and seed, unique puzzles, and the puzzles the
command line prints for the same seed."""

import subprocess

import numpy as np
import pytest

import sudoku_array as sa
from conftest import REPO, brute_count, grid_of, is_solution_of, sudoku_binary


@pytest.mark.parametrize(
    "request_",
    [{}, {"rating": (2.6, 4.0)}, {"level": "medium"}, {"symmetry": "rotational"}],
    ids=["plain", "rating", "level", "symmetry"],
)
def test_the_same_at_any_thread_count(request_):
    one = sa.generate(12, seed=5, threads=1, **request_)
    two = sa.generate(12, seed=5, threads=2, **request_)
    every = sa.generate(12, seed=5, **request_)
    for a, b in [(one, two), (one, every)]:
        assert (a[0] == b[0]).all() and (a[1] == b[1]).all()
    assert (sa.generate(12, seed=6, threads=1, **request_)[0] != one[0]).any()


def test_puzzles_are_unique_and_solved_by_their_solutions():
    puzzles, solutions = sa.generate(10, seed=3)
    assert puzzles.shape == solutions.shape == (10, 81)
    assert puzzles.dtype == solutions.dtype == np.uint8
    for p, s in zip(puzzles, solutions):
        assert brute_count(p, 2) == 1
        assert is_solution_of(s, p)


def test_symmetry_is_kept():
    puzzles, _ = sa.generate(5, seed=2, symmetry="rotational")
    for p in puzzles:
        given = p.reshape(9, 9) > 0
        assert (given == given[::-1, ::-1]).all()


def cli_generate(*args: str) -> list[str]:
    out = subprocess.run(
        [str(sudoku_binary()), "generate", *args], cwd=REPO, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return [line[:81] for line in out.stdout.splitlines() if line and not line.startswith("#")]


@pytest.mark.parametrize(
    "python_args, cli_args",
    [
        ({}, []),
        ({"rating": (2.6, 4.0)}, ["--rating", "2.6..4.0"]),
        ({"level": "hard"}, ["--level", "hard"]),
        ({"symmetry": "diagonal"}, ["--symmetry", "diagonal"]),
    ],
    ids=["plain", "rating", "level", "symmetry"],
)
def test_the_command_line_makes_the_same_puzzles(python_args, cli_args):
    puzzles, _ = sa.generate(8, seed=21, **python_args)
    lines = cli_generate("-n", "8", "--seed", "21", *cli_args)
    assert len(lines) == 8
    assert (puzzles == np.stack([grid_of(l) for l in lines])).all()


def test_rating_ends_are_included():
    puzzles, _ = sa.generate(6, seed=8, rating=(1.5, 1.5))
    lines = cli_generate("-n", "6", "--seed", "8", "--rating", "1.5..1.5")
    assert (puzzles == np.stack([grid_of(l) for l in lines])).all()
    er = sa.rate(puzzles)["er"]
    assert (er == 1.5).all(), er
