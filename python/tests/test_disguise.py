"""canonical, augment and transform, judged by disguises written in the test."""

import random

import numpy as np

import sudoku_array as sa
from conftest import brute_count, grid_of, is_solution_of, random_disguise


def test_canonical_form_ignores_random_disguises(sample_puzzles):
    rng = random.Random(11)
    puzzles = np.stack([grid_of(p) for p in sample_puzzles[::10]])
    forms = sa.canonical(puzzles)
    assert forms.shape == puzzles.shape and forms.dtype == np.uint8
    for _ in range(5):
        disguised = np.stack([random_disguise(p, rng) for p in puzzles])
        assert (sa.canonical(disguised) == forms).all()


def test_canonical_form_is_a_puzzle_with_as_many_givens_and_solutions(sample_puzzles):
    puzzles = np.stack([grid_of(p) for p in sample_puzzles[:20]])
    forms = sa.canonical(puzzles)
    assert ((forms > 0).sum(axis=1) == (puzzles > 0).sum(axis=1)).all()
    for form in forms[:5]:
        assert brute_count(form, 2) == 1


def test_different_puzzles_have_different_forms(sample_puzzles):
    forms = sa.canonical(sample_puzzles)
    distinct_inputs = len(set(sample_puzzles))
    assert len({f.tobytes() for f in forms}) == distinct_inputs
    # Two puzzles that differ by one given are not disguises of each other.
    p = grid_of(sample_puzzles[0])
    q = p.copy()
    q[np.flatnonzero(p)[0]] = 0
    a, b = sa.canonical(np.stack([p, q]))
    assert (a != b).any()


def test_augment_maps_puzzle_and_solution_alike(sample_puzzles):
    puzzles = np.stack([grid_of(p) for p in sample_puzzles[:10]])
    solutions = sa.solve(puzzles)
    k = 6
    ap, asol = sa.augment(puzzles, solutions, k, seed=4)
    assert ap.shape == asol.shape == (len(puzzles) * k, 81)
    forms = sa.canonical(puzzles)
    for row in range(len(ap)):
        i = row // k
        assert is_solution_of(asol[row], ap[row])
        assert (ap[row] > 0).sum() == (puzzles[i] > 0).sum()
    # Each copy is a disguise of its own puzzle, and the copies differ.
    assert (sa.canonical(ap) == np.repeat(forms, k, axis=0)).all()
    assert len({r.tobytes() for r in ap}) == len(ap)


def test_augment_is_reproducible_and_the_same_at_any_thread_count(sample_puzzles):
    puzzles = sample_puzzles[:20]
    solutions = sa.solve(puzzles)
    a = sa.augment(puzzles, solutions, 3, seed=9, threads=1)
    b = sa.augment(puzzles, solutions, 3, seed=9, threads=2)
    c = sa.augment(puzzles, solutions, 3, seed=10)
    assert (a[0] == b[0]).all() and (a[1] == b[1]).all()
    assert (a[0] != c[0]).any()


def test_transform_is_a_disguise(sample_puzzles):
    t = sa.transform(sample_puzzles[:20], seed=2)
    assert (sa.canonical(t) == sa.canonical(sample_puzzles[:20])).all()
