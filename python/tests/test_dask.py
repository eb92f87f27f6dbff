"""A real Dask cluster (2 worker processes, one thread each) generates, solves, rates and
augments in chunks, and its arrays equal one process's, byte for byte.

Skipped with a message where dask.distributed is not installed; `.ci/run` installs it, so there
it runs. Chunks are plain calls of the package's functions (pickled by name, so the workers
import the installed package), each with `threads=1`: one thread per worker is the cluster's."""

from __future__ import annotations

import inspect
import logging
import operator
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import sudoku_array as sa
from conftest import PYTHON_DIR, REPO, is_solution_of

distributed = pytest.importorskip(
    "distributed", reason="dask.distributed is not installed (pip install 'dask[distributed]')"
)

#: Chunks and their size: 8 chunks for 2 workers, so each worker runs several.
CHUNKS, SIZE = 8, 300
#: The seeds of the chunks: one stream per chunk.
GEN_SEEDS = [100 + j for j in range(CHUNKS)]
AUG_SEEDS = [500 + j for j in range(CHUNKS)]
K = 3


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    try:
        with distributed.Client(cluster) as c:
            yield c
    finally:
        cluster.close()


def same_bytes(a: np.ndarray, b: np.ndarray) -> bool:
    """Equal as arrays and as bytes: same shape, dtype and every byte (NaN included)."""
    return (
        a.shape == b.shape
        and a.dtype == b.dtype
        and np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
        and a.tobytes() == b.tobytes()
    )


def test_the_cluster_is_two_processes_of_one_thread(client):
    workers = client.scheduler_info()["workers"]
    assert len(workers) == 2
    assert [w["nthreads"] for w in workers.values()] == [1, 1]
    pids = set(client.run(os.getpid).values())
    assert len(pids) == 2 and os.getpid() not in pids


def test_chunked_on_dask_equals_one_process(client):
    # generate: chunk j is stream GEN_SEEDS[j], on whichever worker takes it.
    gen = [client.submit(sa.generate, SIZE, seed=seed, threads=1) for seed in GEN_SEEDS]
    puzzles = [client.submit(operator.itemgetter(0), g) for g in gen]
    solutions = [client.submit(operator.itemgetter(1), g) for g in gen]
    solved = [client.submit(sa.solve, p, threads=1) for p in puzzles]
    rated = [client.submit(sa.rate, p, threads=1) for p in puzzles]
    augmented = [
        client.submit(sa.augment, p, s, K, seed=seed, threads=1)
        for p, s, seed in zip(puzzles, solutions, AUG_SEEDS)
    ]
    distributed.wait(gen + solved + rated + augmented)
    # Both workers took part.
    assert len({w for ws in client.who_has(gen).values() for w in ws}) == 2
    gen, solved, rated, augmented = client.gather([gen, solved, rated, augmented])

    # One process, default threads: the same chunks' generate and augment, and one call on the
    # whole for solve and rate (their rows do not depend on the chunking).
    one_gen = [sa.generate(SIZE, seed=seed) for seed in GEN_SEEDS]
    all_p = np.concatenate([p for p, _ in one_gen])
    all_s = np.concatenate([s for _, s in one_gen])
    assert same_bytes(np.concatenate([p for p, _ in gen]), all_p)
    assert same_bytes(np.concatenate([s for _, s in gen]), all_s)

    assert same_bytes(np.concatenate(solved), sa.solve(all_p))
    assert all(is_solution_of(all_s[i], all_p[i]) for i in range(0, len(all_p), 37))
    assert same_bytes(np.concatenate(solved), all_s)

    one_rate = sa.rate(all_p)
    for column, values in one_rate.items():
        assert same_bytes(np.concatenate([r[column] for r in rated]), values), column
    assert (one_rate["status"] == "rated").all()

    one_aug = [
        sa.augment(p, s, K, seed=seed)
        for p, s, seed in zip(np.split(all_p, CHUNKS), np.split(all_s, CHUNKS), AUG_SEEDS)
    ]
    for part in (0, 1):
        got = np.concatenate([a[part] for a in augmented])
        assert same_bytes(got, np.concatenate([a[part] for a in one_aug]))
        assert got.shape == (CHUNKS * SIZE * K, 81)
    aug_p = np.concatenate([a[0] for a in augmented])
    aug_s = np.concatenate([a[1] for a in augmented])
    # Copies judged here: each solves its disguised puzzle and keeps the original's clue count.
    for row in range(0, len(aug_p), 41):
        assert is_solution_of(aug_s[row], aug_p[row])
        assert np.count_nonzero(aug_p[row]) == np.count_nonzero(all_p[row // K])


def test_a_rated_request_in_chunks_equals_one_process(client):
    # generate(rating=) judges candidates of each stream in index order: a chunk's puzzles are
    # its seed's, wherever it runs.
    band = (2.0, 4.0)
    futures = [client.submit(sa.generate, 20, seed=seed, rating=band, threads=1) for seed in GEN_SEEDS]
    chunks = client.gather(futures)
    for (p, s), seed in zip(chunks, GEN_SEEDS):
        one_p, one_s = sa.generate(20, seed=seed, rating=band)
        assert same_bytes(p, one_p) and same_bytes(s, one_s)
        er = sa.rate(p)["er"]
        assert ((er >= band[0]) & (er <= band[1])).all()


def test_generate_is_prefix_stable():
    # What chunking by offset builds on: the first m puzzles of a stream do not depend on n.
    p, s = sa.generate(4 * SIZE, seed=GEN_SEEDS[0])
    for m in (1, SIZE, 2 * SIZE + 7):
        head_p, head_s = sa.generate(m, seed=GEN_SEEDS[0])
        assert same_bytes(head_p, p[:m]) and same_bytes(head_s, s[:m])


def test_the_dask_example_runs_and_checks_itself(tmp_path):
    out = tmp_path / "ds"
    run = subprocess.run(
        [sys.executable, str(PYTHON_DIR / "examples" / "dask_dataset.py"),
         "--n", "1200", "--chunk", "300", "--k", "2", "--band", "1.0..9.0",
         "--check", "--out", str(out)],
        capture_output=True, text=True, timeout=240,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "equal to one process, byte for byte" in run.stdout
    p = np.load(out / "puzzles.npy")
    s = np.load(out / "solutions.npy")
    er = np.load(out / "er.npy")
    assert p.dtype == s.dtype == np.uint8 and p.shape == s.shape and len(p) > 0
    assert len(er) == len(p) and ((er >= 1.0) & (er <= 9.0)).all()
    for row in range(0, len(p), 13):
        assert is_solution_of(s[row], p[row])


def test_the_engines_example_on_dask_equals_one_process():
    # examples/scale_engines.py, the guide's figures' script, on its Dask engine (Ray and Spark
    # are not installed here).
    run = subprocess.run(
        [sys.executable, str(PYTHON_DIR / "examples" / "scale_engines.py"),
         "--engine", "dask", "--n", "2400", "--chunks", "4"],
        capture_output=True, text=True, timeout=240,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2,400 puzzles in 4 chunks" in run.stdout
    assert "equal to one process, byte for byte" in run.stdout


# ---------------------------------------------- sharding one stream by index (start=, stop=)

#: The API change of issue 52 adds `start=` (and `stop=`) to generate and augment: a chunk then
#: says where it starts in one stream, and the chunks joined are the one call's answer. Until
#: that change is in the installed package, these tests skip saying so.
needs_start = pytest.mark.skipif(
    "start" not in inspect.signature(sa.generate).parameters
    or "start" not in inspect.signature(sa.augment).parameters,
    reason="this sudoku_array has no start= on generate and augment yet (issue 52's API change)",
)


@needs_start
def test_generate_by_offset_on_dask_equals_one_call(client):
    seed = GEN_SEEDS[0]
    futures = [
        client.submit(sa.generate, SIZE, seed=seed, start=j * SIZE, threads=1)
        for j in range(CHUNKS)
    ]
    chunks = client.gather(futures)
    whole_p, whole_s = sa.generate(CHUNKS * SIZE, seed=seed)
    assert same_bytes(np.concatenate([c[0] for c in chunks]), whole_p)
    assert same_bytes(np.concatenate([c[1] for c in chunks]), whole_s)
    assert all(is_solution_of(whole_s[i], whole_p[i]) for i in range(0, len(whole_p), 53))


@needs_start
def test_rated_generate_by_candidate_range_on_dask_equals_one_call(client):
    seed, band, step = GEN_SEEDS[1], (2.0, 4.0), 64
    futures = [
        client.submit(
            sa.generate, None, seed=seed, start=j * step, stop=(j + 1) * step, rating=band,
            threads=1,
        )
        for j in range(CHUNKS)
    ]
    chunks = client.gather(futures)
    whole = sa.generate(None, seed=seed, stop=CHUNKS * step, rating=band)
    whole_p, whole_s = whole
    assert len(whole_p) > 0
    assert same_bytes(np.concatenate([c[0] for c in chunks]), whole_p)
    assert same_bytes(np.concatenate([c[1] for c in chunks]), whole_s)
    assert same_bytes(np.concatenate([c.indices for c in chunks]), whole.indices)
    er = sa.rate(whole_p)["er"]
    assert ((er >= band[0]) & (er <= band[1])).all()


@needs_start
def test_augment_by_row_index_on_dask_equals_one_call(client):
    p, s = sa.generate(CHUNKS * SIZE, seed=GEN_SEEDS[2])
    bounds = np.linspace(0, len(p), CHUNKS + 1).astype(int)
    futures = [
        client.submit(sa.augment, p[a:b], s[a:b], K, seed=AUG_SEEDS[0], start=int(a), threads=1)
        for a, b in zip(bounds[:-1], bounds[1:])
    ]
    chunks = client.gather(futures)
    whole_p, whole_s = sa.augment(p, s, K, seed=AUG_SEEDS[0])
    assert same_bytes(np.concatenate([c[0] for c in chunks]), whole_p)
    assert same_bytes(np.concatenate([c[1] for c in chunks]), whole_s)
    for row in range(0, len(whole_p), 59):
        assert is_solution_of(whole_s[row], whole_p[row])


def test_the_guides_dask_recipe_runs(tmp_path):
    guide = (REPO / "doc" / "guide.md").read_text()
    blocks = re.findall(r"```python\n(# recipe: dask\n.*?)```", guide, re.S)
    assert len(blocks) == 1, "the guide has one Dask recipe"
    script = tmp_path / "recipe.py"
    script.write_text(blocks[0])
    run = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=240, cwd=tmp_path
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == "4000 puzzles in 8 chunks on Dask, equal to one process\n", run.stdout
