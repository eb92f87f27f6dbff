"""Puzzles per second from Python, against the command line and against py-sudoku.

    python bench.py [--data DIR] [--sudoku PATH] [--quick]

For `solve`, `count`, `rate`, `canonical` and `generate`, at 1 and 2 threads, on the standard
sets in `../shared/data` (from the repository's root; `--data` to change it):

- Python: the call alone, on an (N, 81) uint8 array already in memory (best of 3 when a run is
  under 2 s);
- the command line (`../target/release/sudoku`, built with `cargo build --release`): the same
  puzzles from the file, output to /dev/null, the whole process timed;
- their ratio (Python / CLI; above 1 means Python is faster, mostly because the command line
  also parses its input and writes its output).

Then py-sudoku's solver (PyPI `py-sudoku`, imported as `sudoku`; skipped when not installed)
against `solve(threads=1)` on the first 1,000 puzzles of the random minimal set.

Run it alone on the machine: timings are only meaningful without other work beside them.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, List, Optional, Tuple

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
# This script sits beside the package's sources (sudoku_array/ without its compiled part):
# import the installed package (pip install ./python), not that folder.
sys.path = [p for p in sys.path if Path(p or ".").resolve() != HERE]

import sudoku_array as sa  # noqa: E402


def load(path: Path, limit: Optional[int] = None) -> np.ndarray:
    """One 81-character puzzle a line, `.` or `0` empty: straight into an (N, 81) array."""
    raw = np.frombuffer(path.read_bytes(), dtype=np.uint8)
    lines = raw.reshape(-1, 82)[:, :81]  # 81 cells and a newline, as these files are
    if limit is not None:
        lines = lines[:limit]
    cells = lines.astype(np.int16) - ord("0")
    cells[(cells < 1) | (cells > 9)] = 0
    return np.ascontiguousarray(cells.astype(np.uint8))


def best_time(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    first = time.perf_counter() - start
    if first >= 2.0:
        return first
    times = [first]
    for _ in range(2):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def cli_time(sudoku: Path, args: List[str]) -> float:
    def run() -> None:
        subprocess.run(
            [str(sudoku), *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )

    return best_time(run)


def cpu_name() -> str:
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--sudoku", type=Path, default=REPO / "target" / "release" / "sudoku")
    parser.add_argument("--quick", action="store_true", help="smaller sets, for a smoke test")
    args = parser.parse_args()
    data: Path = args.data
    if not data.is_dir():
        sys.exit(f"no data directory {data} (give --data)")
    sudoku: Optional[Path] = args.sudoku if args.sudoku.is_file() else None
    if sudoku is None:
        print(f"note: {args.sudoku} not built; no command-line comparison", file=sys.stderr)
    scale = 10 if args.quick else 1

    print(f"# sudoku_array bench: {cpu_name()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print()
    print("| call | data | puzzles | threads | Python puzzles/s | CLI puzzles/s | Python/CLI |")
    print("|---|---|---:|---:|---:|---:|---:|")

    tmp = Path(tempfile.mkdtemp(prefix="sudoku-bench-"))

    def subset(name: str, n: Optional[int]) -> Tuple[np.ndarray, Path]:
        """The first n puzzles of a set, and a file holding exactly them for the CLI."""
        path = data / name
        puzzles = load(path, n)
        if n is None or n >= len(load(path)):
            return puzzles, path
        file = tmp / f"{name}-{n}"
        if not file.exists():
            with path.open("rb") as src:
                file.write_bytes(b"".join(src.readline() for _ in range(n)))
        return puzzles, file

    jobs: List[Tuple[str, str, Optional[int], Callable, List[str]]] = [
        ("solve", "puzzles1_random_minimal", 100_000 // scale, lambda p, t: sa.solve(p, threads=t), ["solve", "-f", "line"]),
        ("solve", "puzzles2_17_clue", 49_158 // scale, lambda p, t: sa.solve(p, threads=t), ["solve", "-f", "line"]),
        ("solve", "puzzles5_forum_hardest_1905_11+", 48_766 // scale, lambda p, t: sa.solve(p, threads=t), ["solve", "-f", "line"]),
        ("count", "puzzles1_random_minimal", 100_000 // scale, lambda p, t: sa.count(p, limit=2, threads=t), ["count", "--limit", "2"]),
        ("count", "puzzles7_serg_benchmark", 10_000 // scale, lambda p, t: sa.count(p, limit=2, threads=t), ["count", "--limit", "2"]),
        ("rate", "puzzles1_random_minimal", 2_000 // scale, lambda p, t: sa.rate(p, threads=t), ["rate"]),
        ("canonical", "puzzles1_random_minimal", 100_000 // scale, lambda p, t: sa.canonical(p, threads=t), ["canon"]),
    ]
    for call, name, n, run, cli_args in jobs:
        puzzles, file = subset(name, n)
        for threads in (1, 2):
            py = best_time(lambda: run(puzzles, threads))
            row = f"| `{call}` | {name} | {len(puzzles):,} | {threads} | {len(puzzles) / py:,.0f} |"
            if sudoku is not None:
                cli = cli_time(sudoku, [*cli_args, "-j", str(threads), str(file)])
                row += f" {len(puzzles) / cli:,.0f} | {cli / py:.2f} |"
            else:
                row += " - | - |"
            print(row, flush=True)

    n = 1_000 // scale
    for threads in (1, 2):
        py = best_time(lambda: sa.generate(n, seed=1, threads=threads))
        row = f"| `generate` | seed 1 | {n:,} | {threads} | {n / py:,.0f} |"
        if sudoku is not None:
            cli = cli_time(sudoku, ["generate", "-n", str(n), "--seed", "1", "-j", str(threads)])
            row += f" {n / cli:,.0f} | {cli / py:.2f} |"
        else:
            row += " - | - |"
        print(row, flush=True)

    print()
    try:
        from sudoku import Sudoku  # py-sudoku
    except ImportError:
        print("py-sudoku is not installed (pip install py-sudoku): no comparison")
        return
    puzzles = load(data / "puzzles1_random_minimal", 1_000 // scale)
    boards = [p.reshape(9, 9).tolist() for p in puzzles]
    start = time.perf_counter()
    theirs = [Sudoku(3, 3, board=b).solve().board for b in boards]
    their_time = time.perf_counter() - start
    ours = sa.solve(puzzles, threads=1)
    our_time = best_time(lambda: sa.solve(puzzles, threads=1))
    agree = all(np.array_equal(np.array(t).reshape(81), o) for t, o in zip(theirs, ours))
    print(
        f"py-sudoku on the first {len(puzzles):,} random minimal puzzles: "
        f"{len(puzzles) / their_time:,.0f} puzzles/s; sudoku_array.solve(threads=1): "
        f"{len(puzzles) / our_time:,.0f} puzzles/s: {their_time / our_time:,.0f} times as fast "
        f"(same solutions: {agree})"
    )


if __name__ == "__main__":
    main()
