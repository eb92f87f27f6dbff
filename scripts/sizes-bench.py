#!/usr/bin/env python3
"""Times `sudoku` on boards of other sizes against the peers that run here, whole process
against whole process, one thread, runs alternating, and checks every answer of ours.

usage: scripts/sizes-bench.py SUDOKU [DATA_DIR]      (DATA_DIR default: ../shared/data/sizes)
  ROUNDS=N     timed runs of each program per set (default 3; the median is used)
  TIMEOUT=S    a run past S seconds is killed and reported as such (default 60)
  SETS="..."   only these files of DATA_DIR (default: every set below that is there)
  GENERATE=0   leave out the generation timings

The peers are measured, never built or kept here; each is given by path, built by hand as
../shared/peer-bench/README.md says, and left out (with a line saying so) when missing:
  PEER_BENCH=PATH  peer-bench (its `nxn sudoku-variants` mode: the crate sudoku-variants 0.2.1,
                   which proves uniqueness; default /tmp/peer-bench/release/peer-bench)
  ISS_DIR=PATH     a fetched Interactive Sudoku Solver (sigh/Interactive-Sudoku-Solver), run by
                   ../shared/peer-bench/iss/iss_cli.mjs in `unique` mode (boards up to 16x16)

Ours is `sudoku check -j1 FILE` (every puzzle's verdict: its solution counted to 2, so
uniqueness decided, as the peers' unique modes do). Every solution of `sudoku solve -f line -j1`
is then checked here, independently of the program (complete, every digit once in every row,
column and box of its shape, every given kept), and every verdict against the set's documented
uniqueness. Generation: `sudoku generate --size N -n K -j1 --seed 1`, puzzles a second, and each
puzzle made checked unique by `sudoku check` (and its solution by the checker above).

Name the CPU with the figures (`lscpu | grep "Model name"`): ratios hold on one machine only.
"""
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (file, box rows, box columns, every puzzle unique as documented in the data's README); the
# small sets are timed on a copy repeated REPEAT times, so that process start-up does not decide.
REPEAT = {"4x4_generated_minimal.txt": 10, "6x6_generated_minimal.txt": 20,
          "8x8_generated_minimal.txt": 10}
SETS = [
    ("4x4_generated_minimal.txt", 2, 2, True),
    ("6x6_generated_minimal.txt", 2, 3, True),
    ("8x8_generated_minimal.txt", 2, 4, True),
    ("12x12_generated_minimal.txt", 3, 4, True),
    ("16x16_janko_puzzlesolver.txt", 4, 4, True),
    ("16x16_gecode_janko.txt", 4, 4, True),
    ("16x16_monstersudoku_p6769_metcalf_p258131.txt", 4, 4, True),
    ("16x16_forum_p276187.txt", 4, 4, False),
    ("16x16_blue_ultimate.txt", 4, 4, False),
    ("25x25_smt_generated.txt", 5, 5, False),
    ("25x25_gecode_frisch_extra.txt", 5, 5, False),
    ("25x25_gecode_frisch_minimal.txt", 5, 5, False),
]

GENERATE = [(6, 1000), (8, 200), (12, 50), (16, 20)]

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cells(line):
    return [0 if c in ".0" else SYMBOLS.index(c) + 1 for c in line.strip()]


def solves(puzzle, solution, rows, cols):
    """True when `solution` is complete, keeps `puzzle`'s givens and holds every digit once in
    every row, column and box of `rows` x `cols` boxes."""
    n = rows * cols
    p, s = cells(puzzle), cells(solution)
    if len(p) != n * n or len(s) != n * n:
        return False
    if any(g and g != v for g, v in zip(p, s)):
        return False
    want = set(range(1, n + 1))
    for h in range(n):
        br, bc = h // rows * rows, h % rows * cols
        houses = [
            [s[h * n + k] for k in range(n)],
            [s[k * n + h] for k in range(n)],
            [s[(br + k // cols) * n + bc + k % cols] for k in range(n)],
        ]
        if any(set(house) != want for house in houses):
            return False
    return True


def timed(command, timeout):
    """Wall time of one run, or None when it was killed past `timeout` or failed to run."""
    start = time.perf_counter()
    try:
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - start


def alternate(programs, rounds, timeout):
    """Median wall time per program, runs rotated so that none always goes first."""
    times = {name: [] for name, _ in programs}
    for r in range(rounds):
        order = programs[r % len(programs):] + programs[:r % len(programs)]
        for name, command in order:
            times[name].append(timed(command, timeout))
    return {name: (None if None in t else statistics.median(t)) for name, t in times.items()}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sudoku = os.path.abspath(sys.argv[1])
    data = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "..", "shared", "data", "sizes")
    rounds = int(os.environ.get("ROUNDS", "3"))
    timeout = float(os.environ.get("TIMEOUT", "60"))
    only = os.environ.get("SETS", "").split()
    peer_bench = os.environ.get("PEER_BENCH", "/tmp/peer-bench/release/peer-bench")
    iss_dir = os.environ.get("ISS_DIR")
    iss_cli = os.path.join(ROOT, "..", "shared", "peer-bench", "iss", "iss_cli.mjs")
    peers = []
    if os.path.exists(peer_bench):
        peers.append(("sudoku-variants", lambda f: [peer_bench, "nxn", "sudoku-variants", f], 36))
    else:
        print(f"# PEER_BENCH not found ({peer_bench}): sudoku-variants left out")
    if iss_dir and os.path.exists(iss_cli) and shutil.which("node"):
        peers.append(("ISS", lambda f: ["node", iss_cli, iss_dir, "unique", f], 16))
    else:
        print("# ISS_DIR not set (or node or iss_cli.mjs missing): ISS left out")
    print(f"# rounds {rounds}, timeout {timeout:g} s, one thread, whole process")
    header = ["set", "puzzles", "sudoku /s"] + [f"{p} /s" for p, _, _ in peers] + \
        [f"sudoku / {p}" for p, _, _ in peers] + ["checked"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    failures = 0
    for name, rows, cols, unique in SETS:
        path = os.path.join(data, name)
        if (only and name not in only) or not os.path.exists(path):
            continue
        lines = [l.strip() for l in open(path) if l.strip()]
        n = rows * cols
        timed_path, repeat = path, REPEAT.get(name, 1)
        if repeat > 1:
            timed_path = f"/tmp/sizes-bench-{os.getpid()}-{name}"
            with open(timed_path, "w") as out:
                out.write("".join(l + "\n" for l in lines) * repeat)
        programs = [("sudoku", [sudoku, "check", "-j1", "-q", timed_path])]
        programs += [(p, make(timed_path)) for p, make, most in peers if n <= most]
        medians = alternate(programs, rounds, timeout)
        if repeat > 1:
            os.remove(timed_path)
        rate = {p: (None if t is None else repeat * len(lines) / t) for p, t in medians.items()}
        fmt = lambda r: "killed" if r is None else f"{r:,.1f}"
        if rate["sudoku"] is None:
            # Not answered within the timeout: nothing to judge (and no failure of the check).
            row = [name, str(len(lines)), f"not within {timeout:g} s"]
            row += [fmt(rate.get(p)) if p in rate else "-" for p, _, _ in peers]
            row += ["-" for _ in peers] + ["-"]
            print("| " + " | ".join(row) + " |", flush=True)
            continue
        # Our answers, judged here.
        solved = subprocess.run([sudoku, "solve", "-f", "line", "-j1", path],
                                capture_output=True, text=True, timeout=None).stdout.split()
        good = len(solved) == len(lines) and all(
            solves(p, s, rows, cols) for p, s in zip(lines, solved))
        verdicts = subprocess.run([sudoku, "check", "-j1", path], capture_output=True,
                                  text=True).stdout.splitlines()
        if unique:
            good &= len(verdicts) == len(lines) and all(v.endswith(": unique") for v in verdicts)
        failures += not good
        unique_count = sum(v.endswith(": unique") for v in verdicts)
        shown = f"{len(lines)}" + (f" (x{repeat})" if repeat > 1 else "")
        row = [name, shown, fmt(rate["sudoku"])]
        row += [fmt(rate.get(p)) if p in rate else "-" for p, _, _ in peers]
        for p, _, _ in peers:
            a, b = rate["sudoku"], rate.get(p)
            row.append(f"{a / b:.1f}" if a and b else "-")
        row.append(f"{'ok' if good else 'FAILED'} ({unique_count} unique)")
        print("| " + " | ".join(row) + " |", flush=True)
    if os.environ.get("GENERATE", "1") != "0":
        print()
        print("| generate | puzzles | seconds | puzzles /s | checked |")
        print("|---|---|---|---|---|")
        for size, count in GENERATE:
            command = [sudoku, "generate", "--size", str(size), "-n", str(count), "-j1",
                       "--seed", "1", "--solution"]
            start = time.perf_counter()
            made = subprocess.run(command, capture_output=True, text=True).stdout.splitlines()
            took = time.perf_counter() - start
            rows = {6: 2, 8: 2, 12: 3, 16: 4}[size]
            cols = size // rows
            pairs = [l.split(" ") for l in made]
            good = len(pairs) == count and all(solves(p, s, rows, cols) for p, s in pairs)
            verdicts = subprocess.run([sudoku, "check", "-j1"], input="".join(
                p + "\n" for p, _ in pairs), capture_output=True, text=True).stdout.splitlines()
            good &= all(v.endswith(": unique") for v in verdicts) and len(verdicts) == count
            failures += not good
            print(f"| {size}x{size} | {count} | {took:.2f} | {count / took:,.1f} | "
                  f"{'ok' if good else 'FAILED'} |", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
