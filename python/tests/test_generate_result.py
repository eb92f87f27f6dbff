"""generate's result: the ratings and guesses it measured (each judged by its own measure:
rate and guesses on the puzzles it returned), the guesses filter, puzzle K of a seed the same
in any chunking (start=, stop=), and the reason it stopped."""

import warnings

import numpy as np
import pytest

import sudoku_array as sa
from conftest import brute_count, is_solution_of


def test_a_rated_request_returns_the_ratings_of_its_puzzles():
    g = sa.generate(8, seed=21, rating=(2.0, 4.0), threads=2)
    puzzles, solutions = g
    assert g.puzzles is puzzles and g.solutions is solutions
    assert g.stopped == "done"
    again = sa.rate(puzzles)
    for key in ["er", "ep", "ed", "hardest", "level"]:
        assert g.rating[key].shape == (8,)
        assert g.rating[key].tolist() == again[key].tolist(), key
    assert ((g.rating["er"] >= 2.0) & (g.rating["er"] <= 4.0)).all()
    for p, s in zip(puzzles, solutions):
        assert brute_count(p, 2) == 1 and is_solution_of(s, p)


def test_a_level_request_rates_too_and_a_plain_one_does_not():
    g = sa.generate(3, seed=4, level="easy")
    assert set(g.rating["level"].tolist()) == {"easy"}
    assert g.rating["er"].tolist() == sa.rate(g.puzzles)["er"].tolist()
    plain = sa.generate(3, seed=4)
    assert plain.rating is None and plain.guesses is None


@pytest.mark.parametrize("low,high", [(0, 0), (3, 20), (None, 1), (5, None)])
def test_guesses_filter_keeps_the_puzzles_whose_search_guesses_that_many(low, high):
    g = sa.generate(6, seed=9, guesses=(low, high))
    measured = sa.guesses(g.puzzles)
    assert g.guesses.dtype == np.int64
    assert g.guesses.tolist() == measured.tolist()
    assert (measured >= (low or 0)).all()
    if high is not None:
        assert (measured <= high).all()
    # Every candidate turned down was outside the range: the kept ones are exactly the
    # candidates in range, in order, among those judged.
    candidates = sa.generate(g.next, seed=9)
    inside = sa.guesses(candidates.puzzles)
    keep = (inside >= (low or 0)) & (inside <= (high if high is not None else 2**62))
    assert np.flatnonzero(keep).tolist() == g.indices.tolist()
    assert (candidates.puzzles[keep] == g.puzzles).all()


def test_guesses_and_rating_together():
    g = sa.generate(4, seed=2, rating=(1.0, 3.0), guesses=(0, 1))
    assert (sa.guesses(g.puzzles) <= 1).all()
    assert ((sa.rate(g.puzzles)["er"] >= 1.0) & (sa.rate(g.puzzles)["er"] <= 3.0)).all()


@pytest.mark.parametrize("bad", [(3, 1), (-1, 2), "2..3", (1, 2, 3)])
def test_a_bad_guesses_range_is_a_value_error_naming_it(bad):
    with pytest.raises(ValueError, match="^guesses"):
        sa.generate(1, seed=1, guesses=bad)


def test_puzzle_k_of_a_seed_is_the_same_in_any_chunking():
    whole = sa.generate(40, seed=100)
    assert whole.indices.tolist() == list(range(40))
    for bounds in [(0, 40), (0, 7, 19, 40), (0, 1, 2, 3, 40)]:
        parts = [sa.generate(b - a, seed=100, start=a) for a, b in zip(bounds, bounds[1:])]
        assert (np.concatenate([p.puzzles for p in parts]) == whole.puzzles).all()
        assert (np.concatenate([p.solutions for p in parts]) == whole.solutions).all()
        assert np.concatenate([p.indices for p in parts]).tolist() == whole.indices.tolist()
    # Puzzle 17 alone.
    assert (sa.generate(1, seed=100, start=17).puzzles[0] == whole.puzzles[17]).all()


def test_a_request_shards_by_candidate_range():
    whole = sa.generate(None, seed=7, stop=600, rating=(3.0, 9.0))
    assert whole.stopped == "stop" and whole.tried == 600 and whole.next == 600
    assert len(whole.puzzles) > 0
    for cuts in [(0, 600), (0, 250, 256, 599, 600), (0, 100, 200, 300, 400, 500, 600)]:
        parts = [
            sa.generate(None, seed=7, start=a, stop=b, rating=(3.0, 9.0))
            for a, b in zip(cuts, cuts[1:])
        ]
        assert (np.concatenate([p.puzzles for p in parts]) == whole.puzzles).all()
        assert np.concatenate([p.indices for p in parts]).tolist() == whole.indices.tolist()
        assert np.concatenate([p.rating["er"] for p in parts]).tolist() == whole.rating[
            "er"
        ].tolist()
    # And a run to n goes on from where it stopped.
    first = sa.generate(3, seed=7, rating=(3.0, 9.0))
    rest = sa.generate(2, seed=7, rating=(3.0, 9.0), start=first.next)
    five = sa.generate(5, seed=7, rating=(3.0, 9.0))
    assert (np.concatenate([first.puzzles, rest.puzzles]) == five.puzzles).all()
    assert five.indices.tolist() == whole.indices[:5].tolist()


def test_stop_without_a_request_and_n_is_the_candidate_range():
    g = sa.generate(None, seed=3, start=5, stop=9)
    assert g.indices.tolist() == [5, 6, 7, 8] and g.stopped == "stop"
    assert (g.puzzles == sa.generate(9, seed=3).puzzles[5:]).all()
    g = sa.generate(2, seed=3, start=5, stop=9)
    assert g.indices.tolist() == [5, 6] and g.stopped == "done" and g.next == 7


def test_n_or_stop_is_needed_and_stop_is_not_before_start():
    with pytest.raises(ValueError, match="^n:"):
        sa.generate(None, seed=1)
    with pytest.raises(ValueError, match="^stop:"):
        sa.generate(None, seed=1, start=5, stop=4)
    with pytest.raises(ValueError, match="^start:"):
        sa.generate(1, seed=1, start=-1)


def test_the_reason_for_stopping_is_in_the_result():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        few = sa.generate(5, seed=1, rating=(9.0, 10.0), attempts=40)
        assert few.stopped == "attempts" and len(few.puzzles) < 5
        assert few.tried >= 40
        slow = sa.generate(10**6, seed=1, rating=(9.0, 10.0), time_limit=0.0)
        assert slow.stopped == "time_limit" and len(slow.puzzles) == 0
    done = sa.generate(3, seed=1, rating=(2.0, 4.0), time_limit=600)
    assert done.stopped == "done" and len(done.puzzles) == 3


def test_results_pickle_for_process_pools_and_index_as_pairs():
    import operator
    import pickle

    g = sa.generate(3, seed=5, rating=(2.0, 4.0))
    back = pickle.loads(pickle.dumps(g))
    assert type(back) is sa.Generated and back.stopped == "done"
    assert (back.puzzles == g.puzzles).all() and back.rating["er"].tolist() == g.rating["er"].tolist()
    assert operator.itemgetter(1)(back) is back.solutions and len(back) == 2
    a = sa.augment(g.puzzles, g.solutions, 2, seed=1)
    again = pickle.loads(pickle.dumps(a))
    assert type(again) is sa.Augmented and (again.maps["sources"] == a.maps["sources"]).all()
