"""solve, count, check, guesses, minimize: answers judged by the rules and a brute-force
counter written in the test."""

import random

import numpy as np
import pytest

import sudoku_array as sa
from conftest import REPO, brute_count, grid_of, is_solution_of, puzzles_of


def test_solutions_obey_the_rules_and_keep_the_givens(sample_puzzles):
    solutions = sa.solve(sample_puzzles)
    assert solutions.shape == (len(sample_puzzles), 81)
    assert solutions.dtype == np.uint8
    for puzzle, solution in zip(sample_puzzles, solutions):
        assert is_solution_of(solution, grid_of(puzzle)), puzzle


def test_array_and_strings_give_the_same_answers(sample_puzzles):
    array = np.stack([grid_of(p) for p in sample_puzzles])
    assert (sa.solve(array) == sa.solve(sample_puzzles)).all()
    # A view with strides (every other row) reads the same as a copy.
    assert (sa.solve(array[::2]) == sa.solve(np.ascontiguousarray(array[::2]))).all()


def test_no_solution_is_a_row_of_zeros_and_a_status():
    conflict = "11" + "." * 79
    # No rule broken by the givens, yet no solution (puzzles/invalid/unsolvable.txt).
    unsolvable = puzzles_of(REPO / "puzzles" / "invalid" / "unsolvable.txt")
    assert unsolvable, "the sample file has a puzzle line"
    for puzzle in [conflict, *unsolvable]:
        assert brute_count(grid_of(puzzle), 1) == 0, puzzle
    puzzles = [conflict, *unsolvable]
    assert not sa.solve(puzzles).any()
    assert sa.check(puzzles).tolist() == ["none"] * len(puzzles)
    assert sa.count(puzzles).tolist() == [0] * len(puzzles)


def small_cases(seed: int, n: int) -> list[np.ndarray]:
    """Puzzles with a handful of solutions: solved grids with 40 to 58 cells emptied."""
    rng = random.Random(seed)
    grids = sa.solve(
        ["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"]
    )
    full = grids[0]
    out = []
    for _ in range(n):
        g = full.copy()
        g[rng.sample(range(81), rng.randint(40, 58))] = 0
        out.append(g)
    return out


def test_counts_match_a_brute_force_counter():
    cases = small_cases(1, 30)
    limit = 25
    counts = sa.count(np.stack(cases), limit=limit)
    assert counts.shape == (30,)
    expected = [brute_count(g, limit) for g in cases]
    assert counts.tolist() == expected
    # Several counts, so the cases test something beyond 1.
    assert len(set(expected)) > 2


def test_check_agrees_with_the_brute_force_counter():
    cases = small_cases(2, 30)
    words = {0: "none", 1: "unique"}
    expected = [words.get(brute_count(g, 2), "several") for g in cases]
    assert sa.check(np.stack(cases)).tolist() == expected


def test_count_stops_at_the_limit():
    assert sa.count(["." * 81], limit=7).tolist() == [7]


def test_guesses_are_counts_of_the_search_and_the_same_at_any_thread_count(sample_puzzles):
    one = sa.guesses(sample_puzzles, threads=1)
    two = sa.guesses(sample_puzzles, threads=2)
    assert one.shape == (len(sample_puzzles),)
    assert (one == two).all()
    # A solved grid needs no guess; the 17-clue puzzles need some.
    assert sa.guesses(sa.solve(sample_puzzles[:1])).tolist() == [0]
    assert one.max() > 0


def test_minimize_keeps_the_solution_and_no_given_can_go(sample_puzzles):
    rng = random.Random(3)
    puzzles = sa.solve(sample_puzzles[:4])  # full grids: the most to take away
    minimal = sa.minimize(puzzles, seed=5)
    for full, m in zip(puzzles, minimal):
        assert brute_count(m, 2) == 1
        assert is_solution_of(full, m)
        # Every given is needed: without it, a second solution (checked on a few, in Python).
        givens = [i for i in range(81) if m[i]]
        for i in rng.sample(givens, 3):
            fewer = m.copy()
            fewer[i] = 0
            assert brute_count(fewer, 2) == 2


def test_minimize_of_a_puzzle_without_one_solution_is_zeros():
    assert not sa.minimize(["." * 81]).any()


@pytest.mark.parametrize("threads", [1, 2, None])
def test_answers_are_the_same_at_any_thread_count(sample_puzzles, threads):
    assert (sa.solve(sample_puzzles, threads=threads) == sa.solve(sample_puzzles, threads=1)).all()
    assert (sa.count(sample_puzzles, threads=threads) == 1).all()
