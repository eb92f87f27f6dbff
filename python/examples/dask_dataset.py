"""Build a rated, augmented Sudoku data set on a Dask cluster, in chunks, reproducibly.

    pip install 'dask[distributed]'
    python examples/dask_dataset.py [--n N] [--chunk C] [--band LO..HI] [--k K] [--seed S]
                                    [--workers W] [--scheduler ADDRESS] [--check] [--out DIR]

Each chunk is one task: generate C puzzles from a seed of its own, rate them, keep a band of ER
(`--band`, ends included), and augment each kept puzzle k times (`--k`). The chunks' seeds come
from `numpy.random.SeedSequence(--seed)`, one child per chunk, so a chunk's arrays depend on its
seed and size only: not on the worker that runs it, the number of workers, or the order the
chunks finish in; and two runs with different `--seed` share no chunk.

Every call runs with `threads=1`: Dask gives each worker process its threads (here one), and a
call that started one thread per core in each worker would oversubscribe the machine.

By default a LocalCluster of `--workers` processes, one thread each, starts on this machine;
`--scheduler tcp://host:8786` uses a running cluster instead (its workers need sudoku-array
installed). `--check` runs the same chunks in this process too and checks that the arrays are
equal byte for byte. The files written in `--out` are `puzzles.npy` and `solutions.npy`
((rows, 81) uint8, 0 for empty) and `er.npy` (the ER of the puzzle each row was made from).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

import sudoku_array as sa


def chunk_seeds(seed: int, chunks: int) -> list[tuple[int, int]]:
    """(generate seed, augment seed) of each chunk: two 64-bit words of the chunk's child of
    `SeedSequence(seed)`."""
    children = np.random.SeedSequence(seed).spawn(chunks)
    return [tuple(int(w) for w in c.generate_state(2, np.uint64)) for c in children]


def build_chunk(size: int, seeds: tuple[int, int], band: tuple[float, float], k: int):
    """One chunk: `size` puzzles generated, rated, kept in the band, augmented k times. Runs on
    a worker (or here, for --check); a plain function of its arguments."""
    gen_seed, aug_seed = seeds
    puzzles, solutions = sa.generate(size, seed=gen_seed, threads=1)
    er = sa.rate(puzzles, threads=1)["er"]
    keep = (er >= band[0]) & (er <= band[1])
    aug_p, aug_s = sa.augment(puzzles[keep], solutions[keep], k, seed=aug_seed, threads=1)
    return aug_p, aug_s, np.repeat(er[keep], k)


def band_of(text: str) -> tuple[float, float]:
    lo, _, hi = text.partition("..")
    return float(lo), float(hi)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=20_000, help="puzzles to generate (before the band)")
    ap.add_argument("--chunk", type=int, default=2_500, help="puzzles a task generates")
    ap.add_argument("--band", type=band_of, default=(2.0, 9.0), help="ER band kept, LO..HI")
    ap.add_argument("--k", type=int, default=4, help="disguised copies of each kept puzzle")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=2, help="LocalCluster processes")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler")
    ap.add_argument("--check", action="store_true", help="compare with one process")
    ap.add_argument("--out", type=Path, default=Path("dask_dataset"))
    args = ap.parse_args()
    if args.n < 1 or args.chunk < 1 or args.k < 1 or args.workers < 1:
        ap.error("--n, --chunk, --k and --workers must be at least 1")

    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("dask.distributed is not installed: pip install 'dask[distributed]'", file=sys.stderr)
        return 2

    sizes = [min(args.chunk, args.n - start) for start in range(0, args.n, args.chunk)]
    seeds = chunk_seeds(args.seed, len(sizes))
    t0 = time.perf_counter()
    if args.scheduler:
        cluster = None
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    try:
        futures = [
            client.submit(build_chunk, size, seed, args.band, args.k, pure=False)
            for size, seed in zip(sizes, seeds)
        ]
        # gather keeps the chunks' order, whatever order they finish in.
        parts = client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    took = time.perf_counter() - t0
    puzzles, solutions, er = (np.concatenate([p[i] for p in parts]) for i in range(3))
    print(
        f"{len(sizes)} chunks on Dask in {took:.1f} s: {args.n:,} generated, "
        f"{len(er) // args.k:,} in ER {args.band[0]}..{args.band[1]}, {len(puzzles):,} rows"
    )

    if args.check:
        one = [build_chunk(size, seed, args.band, args.k) for size, seed in zip(sizes, seeds)]
        for i, name in enumerate(["puzzles", "solutions", "er"]):
            single = np.concatenate([p[i] for p in one])
            mine = (puzzles, solutions, er)[i]
            if not (np.array_equal(mine, single) and mine.tobytes() == single.tobytes()):
                print(f"{name}: the chunked run differs from one process", file=sys.stderr)
                return 1
        print("chunked on Dask: equal to one process, byte for byte")

    args.out.mkdir(parents=True, exist_ok=True)
    np.save(args.out / "puzzles.npy", puzzles)
    np.save(args.out / "solutions.npy", solutions)
    np.save(args.out / "er.npy", er)
    print(f"saved {args.out}/{{puzzles,solutions,er}}.npy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
