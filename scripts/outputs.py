#!/usr/bin/env python3
"""Records what every command prints in every format, for comparing two builds byte for byte.

usage: scripts/outputs.py SUDOKU OUTDIR
       then: diff -r OLD_OUTDIR NEW_OUTDIR

Runs SUDOKU (a built binary) on every file of puzzles/, puzzles/invalid/, puzzles/code/,
puzzles/sizes/ and
tests/data/, once per command and format it takes (and the options that change what a command
prints: templates, --minimal, --limit, a seed), and writes each run's stdout, stderr and exit code
to OUTDIR/<command>.<variant>/<file>.{out,err,rc}; generate, which reads no input, is run with a
few fixed seeds. A refactor that moves code must leave every one of these files as it was (help
texts may change). The pictures (SVG, HTML, PDF) are drawn for the sample folders only: on the
large sets of tests/data they would be hundreds of megabytes of the same drawings. On
tests/data the logic commands (rate, explain, hint, minimize) run in JSON only, which holds
everything their other formats print (those are run on the sample folders), so a run takes a
few minutes. QUICK=1 leaves out the logic commands on the two slowest samples (forum hardest
11+ and 1106, most of the time): enough for a step that does not touch the rating.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIRS = ["puzzles", "puzzles/invalid", "puzzles/code", "puzzles/sizes", "tests/data"]
SLOW = ("puzzles5_forum_hardest_1905_11+-sample.txt", "puzzles6_forum_hardest_1106-sample.txt")

# (command, variant name, extra arguments); "-f FORMAT" is in the arguments.
RUNS = []
for f in ["auto", "grid", "line", "pretty", "json", "csv", "svg", "html", "pdf"]:
    RUNS.append(("solve", f, ["-f", f]))
RUNS.append(("solve", "unique", ["--unique", "-f", "line"]))
for f in ["text", "json", "csv"]:
    RUNS.append(("check", f, ["-f", f]))
    RUNS.append(("check", "minimal-" + f, ["--minimal", "-f", f]))
    RUNS.append(("count", f, ["--limit", "3", "-f", f]))
    RUNS.append(("canon", f, ["-f", f]))
RUNS.append(("check", "template", ["--template", "%g %S %c %s %n"]))
for f in ["text", "json", "csv"]:
    RUNS.append(("rate", f, ["-f", f]))
RUNS.append(("rate", "template", ["--template", "%g ED=%r/%p/%d %l %R %P %D %c %s %S"]))
for f in ["text", "json", "csv", "svg", "html"]:
    RUNS.append(("explain", f, ["-f", f]))
    RUNS.append(("hint", f, ["-f", f]))
for f in ["svg", "pdf"]:
    RUNS.append(("canon", f, ["-f", f]))
for f in ["auto", "line", "json", "csv"]:
    RUNS.append(("minimize", f, ["--seed", "4", "-f", f]))
    RUNS.append(("transform", f, ["--rotate", "90", "--relabel", "-f", f, "--seed", "3"]))
RUNS.append(("transform", "mirror", ["--mirror", "vertical", "-f", "line"]))
# The commands whose work is rating: on the slowest samples, JSON only.
LOGIC = {"rate", "explain", "hint", "minimize"}
PICTURES = {"svg", "html", "pdf"}

GENERATE = [
    ("line", ["-n", "5", "--seed", "1"]),
    ("grid", ["-n", "3", "--seed", "2", "-f", "grid"]),
    ("pretty", ["-n", "3", "--seed", "2", "-f", "pretty"]),
    ("json", ["-n", "5", "--seed", "3", "-f", "json", "--solution"]),
    ("csv", ["-n", "5", "--seed", "3", "-f", "csv"]),
    ("svg", ["-n", "1", "--seed", "4", "-f", "svg"]),
    ("pdf", ["-n", "6", "--seed", "5", "-f", "pdf"]),
    ("rating", ["-n", "4", "--seed", "6", "--rating", "2.0..4.0", "-f", "json"]),
    ("level", ["-n", "3", "--seed", "7", "--level", "fiendish", "--solution"]),
    ("symmetry", ["-n", "3", "--seed", "8", "--symmetry", "diagonal"]),
    ("pattern", ["-n", "2", "--seed", "9", "--pattern", os.path.join(ROOT, "patterns/heart.txt")]),
    ("needs", ["-n", "2", "--seed", "10", "--needs", "x-wing", "-f", "json"]),
]


def files():
    out = []
    for d in DIRS:
        path = os.path.join(ROOT, d)
        for name in sorted(os.listdir(path)):
            if os.path.isfile(os.path.join(path, name)):
                out.append(os.path.join(d, name))
    return out


def record(sudoku, outdir, name, args, cwd):
    os.makedirs(os.path.dirname(os.path.join(outdir, name)), exist_ok=True)
    p = subprocess.run([sudoku] + args, capture_output=True, cwd=cwd)
    base = os.path.join(outdir, name)
    with open(base + ".out", "wb") as f:
        f.write(p.stdout)
    with open(base + ".err", "wb") as f:
        f.write(p.stderr)
    with open(base + ".rc", "w") as f:
        f.write(f"{p.returncode}\n")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    quick = os.environ.get("QUICK") == "1"
    sudoku = os.path.abspath(sys.argv[1])
    outdir = os.path.abspath(sys.argv[2])
    for rel in files():
        slow = os.path.basename(rel) in SLOW
        large = rel.startswith("tests/data")
        for command, variant, args in RUNS:
            if (slow or large) and command in LOGIC and variant != "json":
                continue
            if quick and slow and command in LOGIC:
                continue
            if large and variant in PICTURES:
                continue
            name = f"{command}.{variant}/{rel.replace('/', '_')}"
            # Paths are given relative to the root, so sources read the same from any checkout.
            record(sudoku, outdir, name, [command, "-j2"] + args + [rel], ROOT)
    for variant, args in GENERATE:
        record(sudoku, outdir, f"generate.{variant}/run", ["generate", "-j2"] + args, ROOT)


if __name__ == "__main__":
    main()
