"""One job, chunked, on the engines that spread Python across processes or machines: each chunk
generates puzzles from a seed of its own and rates them (one thread per call). Prints the time
and checks the result against one process, byte for byte.

    python examples/scale_engines.py --engine dask|ray|spark|local [--n N] [--chunks C]
                                     [--workers W] [--threads T]

`local` is one call of each function on the whole, in this process, on every core: the figure
to compare with. dask needs `pip install 'dask[distributed]'`, ray `pip install ray`, spark
`pip install pyspark pandas pyarrow` and a Java runtime. The times exclude starting the engine
(printed apart). `--threads` is what each call gets (default 1, one per worker process; more
oversubscribes the cores unless the workers are fewer).

The chunking: chunk j generates `n / chunks` puzzles from the j-th child of
`numpy.random.SeedSequence(seed)`, so the puzzles depend on the chunk count and the seed, never
on the engine, the workers or the order the chunks finish in.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

import sudoku_array as sa


def chunk_specs(n: int, chunks: int, seed: int) -> list[tuple[int, int, int]]:
    """(chunk index, size, seed) of each chunk; the seeds are 63-bit, so that Spark's signed
    `long` column holds them."""
    sizes = [len(part) for part in np.array_split(np.arange(n), chunks)]
    children = np.random.SeedSequence(seed).spawn(chunks)
    return [
        (j, size, int(c.generate_state(1, np.uint64)[0]) >> 1)
        for j, (size, c) in enumerate(zip(sizes, children))
    ]


def run_chunk(size: int, seed: int, threads: int):
    """One chunk: (puzzles, solutions, er, level), plain arrays."""
    puzzles, solutions = sa.generate(size, seed=seed, threads=threads)
    r = sa.rate(puzzles, threads=threads)
    return puzzles, solutions, r["er"], r["level"]


def joined(parts) -> tuple[np.ndarray, ...]:
    return tuple(np.concatenate([p[i] for p in parts]) for i in range(4))


def on_local(specs, workers, threads):
    return [], [run_chunk(size, seed, None) for _, size, seed in specs]


def on_dask(specs, workers, threads):
    from distributed import Client, LocalCluster

    t = time.perf_counter()
    cluster = LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = Client(cluster)
    started = time.perf_counter() - t
    try:
        t = time.perf_counter()
        futures = [client.submit(run_chunk, size, seed, threads, pure=False) for _, size, seed in specs]
        parts = client.gather(futures)
        return [("start", started), ("run", time.perf_counter() - t)], parts
    finally:
        client.close()
        cluster.close()


def on_ray(specs, workers, threads):
    import ray

    t = time.perf_counter()
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    started = time.perf_counter() - t
    try:
        remote = ray.remote(num_cpus=1)(run_chunk)
        t = time.perf_counter()
        parts = ray.get([remote.remote(size, seed, threads) for _, size, seed in specs])
        return [("start", started), ("run", time.perf_counter() - t)], parts
    finally:
        ray.shutdown()


def on_spark(specs, workers, threads):
    import os

    import pandas as pd
    from pyspark.sql import SparkSession

    # Spark's Python workers run this interpreter (else the first `python3` on PATH).
    os.environ["PYSPARK_PYTHON"] = sys.executable
    t = time.perf_counter()
    spark = (
        SparkSession.builder.master(f"local[{workers}]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    started = time.perf_counter() - t

    def per_batch(batches):
        # A batch holds chunk specs; each chunk becomes one row per puzzle.
        for batch in batches:
            for j, size, seed in batch.itertuples(index=False):
                p, s, er, level = run_chunk(int(size), int(seed), threads)
                yield pd.DataFrame({
                    "chunk": np.full(len(p), j, dtype=np.int64),
                    "row": np.arange(len(p), dtype=np.int64),
                    "puzzle": [bytes(x) for x in p],
                    "solution": [bytes(x) for x in s],
                    "er": er,
                    "level": level.astype(object),
                })

    schema = "chunk long, row long, puzzle binary, solution binary, er double, level string"
    try:
        df = spark.createDataFrame(
            pd.DataFrame(specs, columns=["chunk", "size", "seed"])
        ).repartition(len(specs), "chunk")
        t = time.perf_counter()
        out = df.mapInPandas(per_batch, schema).toPandas()
        took = time.perf_counter() - t
    finally:
        spark.stop()
    out = out.sort_values(["chunk", "row"])
    p = np.frombuffer(b"".join(out["puzzle"]), dtype=np.uint8).reshape(-1, 81)
    s = np.frombuffer(b"".join(out["solution"]), dtype=np.uint8).reshape(-1, 81)
    level = out["level"].to_numpy().astype(str)
    return [("start", started), ("run", took)], [(p, s, out["er"].to_numpy(), level)]


ENGINES = {"local": on_local, "dask": on_dask, "ray": on_ray, "spark": on_spark}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", choices=sorted(ENGINES), required=True)
    ap.add_argument("--n", type=int, default=20_000)
    ap.add_argument("--chunks", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    specs = chunk_specs(args.n, args.chunks, args.seed)
    t = time.perf_counter()
    times, parts = ENGINES[args.engine](specs, args.workers, args.threads)
    total = time.perf_counter() - t
    p, s, er, level = joined(parts)
    one = joined([run_chunk(size, seed, None) for _, size, seed in specs])
    same = all(
        a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
        and a.tobytes() == b.tobytes()
        for a, b in zip((p, s, er, level), one)
    )
    spent = ", ".join(f"{name} {sec:.1f} s" for name, sec in times) or f"run {total:.1f} s"
    how = (f"{args.workers} workers, threads={args.threads}" if args.engine != "local"
           else "one process, threads=None")
    print(f"{args.engine}: generate+rate {len(p):,} puzzles in {args.chunks} chunks "
          f"({how}): {spent}; "
          f"{'equal to one process, byte for byte' if same else 'DIFFERS from one process'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
