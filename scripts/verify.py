#!/usr/bin/env python3
"""Independent check of `sudoku solve -f line` output, written apart from the Rust code.

usage: verify.py PUZZLES SOLUTIONS

PUZZLES holds one 81-character puzzle per line ('.' or '0' empty); SOLUTIONS holds the
program's answers, one line per puzzle in the same order. Every answer must be a complete grid
whose rows, columns and boxes each hold 1-9 once, and which keeps every given. Prints each
failure and exits 1 if there is any.
"""
import sys

DIGITS = set("123456789")
HOUSES = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for k in range(9)] for b in range(9)]
)


def valid(puzzle, solution):
    if len(solution) != 81 or any(ch not in DIGITS for ch in solution):
        return False
    if any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    return all(set(solution[i] for i in house) == DIGITS for house in HOUSES)


def main():
    puzzles = [l[:81] for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
    answers = [l.rstrip("\n") for l in open(sys.argv[2])]
    failures = 0
    if len(answers) != len(puzzles):
        print(f"FAIL: {len(puzzles)} puzzles but {len(answers)} answers", file=sys.stderr)
        failures += 1
    for n, (p, s) in enumerate(zip(puzzles, answers), 1):
        if not valid(p, s):
            failures += 1
            if failures <= 10:
                print(f"FAIL: puzzle {n}: {p} -> {s}", file=sys.stderr)
    if failures:
        print(f"FAIL: {failures} bad answers in {sys.argv[2]}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {len(puzzles)} solutions valid")


if __name__ == "__main__":
    main()
