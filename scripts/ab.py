#!/usr/bin/env python3
"""Times shell commands in alternating rounds and compares each with the first.

usage: scripts/ab.py ROUNDS "COMMAND A" "COMMAND B" ...

Every round runs each command once, in the order given, with stdout thrown away, so slow phases
of a shared machine hit all of them alike. Prints, per command, the median and the fastest time
and the ratio of the first command's median to this one's (above 1: faster than the first).

Example (two builds of the program side by side):
    scripts/ab.py 20 "/tmp/old solve -f line -j1 ../shared/data/puzzles2_17_clue" \\
                     "target/release/sudoku solve -f line -j1 ../shared/data/puzzles2_17_clue"
"""
import statistics
import subprocess
import sys
import time


def main() -> None:
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    commands = sys.argv[2:]
    times = {c: [] for c in commands}
    for _ in range(rounds):
        for c in commands:
            start = time.perf_counter()
            subprocess.run(c, shell=True, stdout=subprocess.DEVNULL, check=False)
            times[c].append(time.perf_counter() - start)
    base = statistics.median(times[commands[0]])
    for c in commands:
        median = statistics.median(times[c])
        print(f"{median * 1e3:9.1f} ms  fastest {min(times[c]) * 1e3:9.1f} ms  "
              f"first/this {base / median:6.3f}  {c}")


if __name__ == "__main__":
    main()
