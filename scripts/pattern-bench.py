#!/usr/bin/env python3
"""Low-clue patterns: how long `sudoku generate --pattern` takes to find a unique puzzle on the
clue pattern of real minimal puzzles, by clue count.

For each clue count K from 20 to 26, the first N puzzles with K clues of
../shared/data/puzzles1_random_minimal (random minimal puzzles: each pattern admits at least
that puzzle) give their clue pattern; `sudoku generate -n 1 --pattern MASK --seed SEED -j1
--timeout LIMIT` runs on each, and the table gives how many found a puzzle, and the median and
largest time. Every puzzle found is checked: its clues stand exactly on the pattern, and
`sudoku check` finds one solution.

usage: scripts/pattern-bench.py [N=10] [SEED=1] [LIMIT=60]   (build first: cargo build --release)
"""
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "puzzles1_random_minimal")
SUDOKU = os.path.join(ROOT, "target", "release", "sudoku")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    seed = sys.argv[2] if len(sys.argv) > 2 else "1"
    limit = sys.argv[3] if len(sys.argv) > 3 else "60"
    masks = {k: [] for k in range(20, 27)}
    with open(DATA) as f:
        for line in f:
            p = line[:81]
            k = sum(c in "123456789" for c in p)
            if k in masks and len(masks[k]) < n:
                masks[k].append("".join("x" if c in "123456789" else "." for c in p))
    print(f"| clues | patterns | found | median s | max s |")
    print("|---:|---:|---:|---:|---:|")
    for k, group in masks.items():
        times, found = [], 0
        for mask in group:
            start = time.monotonic()
            out = subprocess.run(
                [SUDOKU, "generate", "-n", "1", "--pattern", mask, "--seed", seed,
                 "-j1", "--timeout", limit + "s"],
                capture_output=True, text=True)
            times.append(time.monotonic() - start)
            if out.returncode != 0:
                continue
            puzzle = out.stdout.split()[0]
            assert all((c != ".") == (m == "x") for c, m in zip(puzzle, mask)), puzzle
            check = subprocess.run([SUDOKU, "check"], input=puzzle + "\n",
                                   capture_output=True, text=True)
            assert check.stdout.strip().endswith(": unique"), check.stdout
            found += 1
        if group:
            print(f"| {k} | {len(group)} | {found} | {statistics.median(times):.2f} | {max(times):.2f} |")


if __name__ == "__main__":
    main()
