"""Build a train/test data set of Sudoku puzzles end to end, as learning projects do.

    python examples/build_dataset.py [--source PATH|generate] [--n N] [--band LO..HI]
                                     [--k K] [--test 0.1] [--seed S] [--out DIR]

1. read puzzles from a file (any layout `sudoku` reads; the default is the 100,000 random
   minimal puzzles of ../shared/data where that folder is beside the clone, else the sample of
   them in this repository's tests/data) or generate them (`--source generate`);
2. rate them on Sudoku Explainer's scale and keep a band of ER (`--band`, ends included);
3. drop duplicates by canonical form: two puzzles that are disguises of each other count once;
4. split train and test by equivalence class, so that no test puzzle is a disguise of a
   training puzzle, augmented copies included;
5. solve, then augment each puzzle k times (`--k`): disguised copies, each solution mapped by
   the same map as its puzzle;
6. save `.npy` files in `--out`: `{train,test}_{puzzles,solutions}.npy` ((rows, 81) uint8, 0 for
   empty) and `{train,test}_er.npy` (the ER of the puzzle each row was made from).

A progress bar shows while rating (tqdm when it is installed), and the time of each stage and
of the whole is printed at the end.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

import sudoku_array as sa

try:
    from tqdm import tqdm
except ImportError:  # a plain counter on stderr instead
    tqdm = None

REPO = Path(__file__).resolve().parent.parent.parent
SHARED_SOURCE = REPO.parent / "shared" / "data" / "puzzles1_random_minimal"
DEFAULT_SOURCE = (
    SHARED_SOURCE
    if SHARED_SOURCE.exists()
    else REPO / "tests" / "data" / "puzzles1_random_minimal-sample.txt"
)


def progress(total: int, desc: str):
    """A progress bar: tqdm's, or a line on stderr that counts."""
    if tqdm is not None:
        return tqdm(total=total, desc=desc, unit="puzzle", file=sys.stderr)

    class Plain:
        def __init__(self) -> None:
            self.done = 0

        def update(self, n: int) -> None:
            self.done += n
            print(f"\r{desc}: {self.done:,}/{total:,}", end="", file=sys.stderr, flush=True)

        def close(self) -> None:
            print(file=sys.stderr)

    return Plain()


def band(text: str) -> tuple[float, float]:
    lo, hi = text.split("..")
    return float(lo), float(hi)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", default=str(DEFAULT_SOURCE), help="a file, or 'generate'")
    parser.add_argument("--n", type=int, default=100_000, help="puzzles to read or generate")
    parser.add_argument("--band", type=band, default=(1.0, 9.0), help="ER to keep, LO..HI")
    parser.add_argument("--k", type=int, default=4, help="augmented copies of each puzzle")
    parser.add_argument("--test", type=float, default=0.1, help="share of classes for test")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=None, help="default: one per core")
    parser.add_argument("--out", type=Path, default=Path("dataset"))
    args = parser.parse_args()

    times: dict[str, float] = {}
    start = last = time.perf_counter()

    def stage(name: str) -> None:
        nonlocal last
        now = time.perf_counter()
        times[name] = now - last
        last = now

    # 1. Read or generate.
    if args.source == "generate":
        puzzles, _ = sa.generate(args.n, seed=args.seed, threads=args.threads)
        print(f"generated {len(puzzles):,} puzzles (seed {args.seed})")
    else:
        read = sa.read(args.source)
        for e in read["errors"][:5]:
            print(f"skipped {e['path']}:{e['line']}:{e['column']}: {e['message']}", file=sys.stderr)
        puzzles = read["puzzles"][: args.n]
        print(f"read {len(puzzles):,} puzzles from {args.source} ({len(read['errors'])} errors)")
    stage("read or generate")

    # 2. Rate (in chunks, for the progress bar; the answers do not depend on the chunks) and
    #    keep the band.
    er = np.empty(len(puzzles))
    bar = progress(len(puzzles), "rating")
    chunk = 5_000
    for i in range(0, len(puzzles), chunk):
        er[i : i + chunk] = sa.rate(puzzles[i : i + chunk], threads=args.threads)["er"]
        bar.update(len(puzzles[i : i + chunk]))
    bar.close()
    lo, hi = args.band
    keep = (er >= lo) & (er <= hi)  # NaN (no single solution) is never kept
    puzzles, er = puzzles[keep], er[keep]
    print(f"kept {len(puzzles):,} with ER in {lo}..{hi}")
    stage("rate and keep a band")

    # 3. Drop disguised duplicates: one puzzle per canonical form, the first one met.
    forms = sa.canonical(puzzles, threads=args.threads)
    _, first = np.unique(forms, axis=0, return_index=True)
    first.sort()
    puzzles, er, forms = puzzles[first], er[first], forms[first]
    print(f"{len(puzzles):,} distinct up to disguise")
    stage("dedupe by canonical form")

    # 4. Split by equivalence class: after step 3 each puzzle is its own class, and all the
    #    copies made from it in step 5 go to its side.
    rng = np.random.default_rng(args.seed)
    is_test = np.zeros(len(puzzles), dtype=bool)
    is_test[rng.permutation(len(puzzles))[: round(len(puzzles) * args.test)]] = True
    stage("split")

    # 5 and 6. Solve, augment, save.
    args.out.mkdir(parents=True, exist_ok=True)
    for name, rows, seed in [("train", ~is_test, args.seed), ("test", is_test, args.seed + 1)]:
        p = puzzles[rows]
        s = sa.solve(p, threads=args.threads)
        ap, asol = sa.augment(p, s, args.k, seed=seed, threads=args.threads)
        np.save(args.out / f"{name}_puzzles.npy", ap)
        np.save(args.out / f"{name}_solutions.npy", asol)
        np.save(args.out / f"{name}_er.npy", np.repeat(er[rows], args.k))
        print(f"{name}: {len(p):,} puzzles x {args.k} copies = {len(ap):,} rows")
    stage("solve, augment and save")

    total = time.perf_counter() - start
    print("time: " + ", ".join(f"{k} {v:.1f} s" for k, v in times.items()) + f"; total {total:.1f} s")
    print(f"saved in {args.out}/")


if __name__ == "__main__":
    main()
