#!/usr/bin/env python3
"""Nothing lost, at scale: 100,000 puzzles with 1,000 bad ones of every kind scattered through them.

usage: scripts/robustness.py [DATA_DIR] [TOTAL] [BAD]   (defaults ../shared/data 100000 1000)

Good puzzles come from the standard sets; the bad ones are malformed lines, short and long lines,
conflicting givens and unsolvable puzzles. Runs `sudoku -f line` with -j1 and with all cores and
checks that exactly TOTAL answers come back, in order: each good puzzle solved validly (checked
here, independently of the program), each bad one answered by a `# <stdin>:LINE: ...` comment in
its own slot. Needs a release build (cargo build --release).
"""
import os
import random
import subprocess
import sys

from verify import valid  # the independent validity check, beside this script

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
BAD_KINDS = [
    ("unexpected character", LEETCODE[:40] + "x" + LEETCODE[41:]),
    ("80 cells", LEETCODE[:80]),
    ("82 cells", LEETCODE + "7"),
    ("conflicting givens", "55" + LEETCODE[2:]),
    ("no solution after search", "531" + LEETCODE[3:]),
    ("bad JSON board", '[["5","3"]]'),
    ("control character", "\x01"),
    ("row of 9 cut short", "53..7...."),
]


def main():
    data = sys.argv[1] if len(sys.argv) > 1 else "../shared/data"
    total = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    bad = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000
    rng = random.Random(20261122)
    pool = []
    for name in sorted(os.listdir(data)):
        if name.startswith("puzzles") and "serg" not in name:
            with open(os.path.join(data, name)) as f:
                pool.extend(line[:81] for line in f if len(line) >= 81)
    bad_slots = set(rng.sample(range(total), bad))
    lines, expected = [], []
    for i in range(total):
        if i in bad_slots:
            kind, text = BAD_KINDS[len(expected) % len(BAD_KINDS)]
            lines.append(text)
            expected.append(None)
        else:
            p = rng.choice(pool)
            lines.append(p)
            expected.append(p)
    stdin = "\n".join(lines) + "\n"
    ok = True
    for threads in ("1", str(os.cpu_count() or 2)):
        out = subprocess.run(["target/release/sudoku", "-f", "line", "-j", threads],
                             input=stdin, capture_output=True, text=True)
        answers = out.stdout.split("\n")[:-1]
        failures = 0
        if len(answers) != total:
            print(f"FAIL -j{threads}: {total} puzzles in, {len(answers)} answers out")
            ok = False
        for n, (want, got) in enumerate(zip(expected, answers), 1):
            good = valid(want, got) if want else got.startswith(f"# <stdin>:{n}")
            if not good:
                failures += 1
                if failures <= 5:
                    print(f"FAIL -j{threads}: slot {n}: {want!r} -> {got!r}")
        ok &= failures == 0
        errors = out.stderr.count("\n")
        print(f"-j{threads}: {len(answers):,} answers for {total:,} puzzles ({bad:,} bad), "
              f"exit {out.returncode}, {errors:,} messages on stderr, {failures} wrong slots")
        ok &= out.returncode == 3
    print("ok: nothing lost, order kept" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
