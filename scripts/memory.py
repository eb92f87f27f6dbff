#!/usr/bin/env python3
"""Streaming in bounded memory: peak RSS of `sudoku` on 1,000 vs N puzzles piped through stdin.

usage: scripts/memory.py [N]   (default 10,000,000; needs a release build: cargo build --release)

The puzzles are produced by a generator process on the fly (the input is never stored), so the
program must stream: read, solve and answer in chunks. Prints the peak RSS of each run and checks
that every answer arrived (one line per puzzle).
"""
import resource
import subprocess
import sys
import time

BIN = "target/release/sudoku"
PUZZLES = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ".184....9..21..63.....9.4...2...73...........637.2.5.4.4.2.6.1...6..9......5.....",
    "...72...43....4.1..4.6......689......3.....954.5...3....9..24.6.....79..8..59....",
]


def run(n, threads):
    gen = subprocess.Popen(
        [sys.executable, "-c",
         "import sys\nP=%r\nw=sys.stdout.write\nblock=''.join(p+'\\n' for p in P)*1000\n"
         "n=%d\nfull, rest = divmod(n, 3000)\nfor _ in range(full): w(block)\n"
         "w(''.join(P[i %% 3]+'\\n' for i in range(rest)))\n" % (PUZZLES, n)],
        stdout=subprocess.PIPE)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.time()
    proc = subprocess.Popen([BIN, "-f", "line", "-j", str(threads)], stdin=gen.stdout,
                            stdout=subprocess.PIPE)
    gen.stdout.close()
    lines = 0
    for chunk in iter(lambda: proc.stdout.read(1 << 20), b""):
        lines += chunk.count(b"\n")
    proc.wait()
    gen.wait()
    elapsed = time.time() - start
    # ru_maxrss of children is the largest of any child so far (kB on Linux); the generator is
    # small, so this is the solver's peak unless the generator's own peak is larger.
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return lines, peak, elapsed, proc.returncode, before


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    ok = True
    for threads in (1, 2):
        for count in (1000, n):
            lines, peak, elapsed, code, _ = run(count, threads)
            print(f"-j{threads} {count:>10,} puzzles: {lines:>10,} answers, exit {code}, "
                  f"peak RSS so far {peak / 1024:.1f} MiB, {elapsed:.1f} s")
            ok &= lines == count and code == 0
    print("ok" if ok else "FAIL: answers missing")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
