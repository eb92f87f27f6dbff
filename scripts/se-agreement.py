#!/usr/bin/env python3
"""Agreement and speed of `sudoku rate` against Sudoku Explainer's own batch rater (serate).

Takes serate by path (SERATE_JAR, run with `java -cp`; a Java runtime: `apt install
default-jre-headless`), samples puzzles from every set of ../shared/data, renames their digits at random as
scripts/relabel.py does (so nothing rests on one labelling), rates every sample with both programs,
each pinned to one core, and prints:

- by ER band (SE's ER): how many puzzles, the share with our ER equal to SE's, within 0.1, within
  0.3, and with EP and ED equal too;
- the targets of issue 12: up to ER 9.0, ER equal on 95% and within 0.1 on 99%, EP and ED equal on
  95%; above 9.0, within 0.3 on 90%;
- per set, serate's time and ours (wall clock, one core each) and the ratio;
- per set, how many of serate's lines ours equal byte for byte: both write serate's usual
  template, `%g ED=%r/%p/%d` (`serate --format`, `sudoku rate --template`).

The reference is serate 1.2.1.3 (Sudoku Explainer 1.2.1 with gsf's serate changes), commit 729c00e
of 1to9only/SudokuExplainer, the rater of the forum's lists and of tdoku's SE data. Its code is LGPL
and a peer: it is measured, never kept, and no file of this repository builds it. Fetch that
repository into /tmp and build it by hand as its own README says (a jar, or a folder of classes);
give its path as SERATE_JAR. The class run is `diuf.sudoku.test.serate`.

usage: SERATE_JAR=PATH scripts/se-agreement.py [--data DIR] [--sizes SET=N,...] [--seed S]
                               [--se-timeout SECONDS] [--keep DIR] [--rounds N] [--reuse]

  --data DIR    the puzzle sets (default ../shared/data); puzzles7_serg_benchmark is left out: none
                of its puzzles has a unique solution, and neither program rates those
  --sizes       puzzles per set, by a part of the set's name (default: random_minimal=400,
                17_clue=200, magictour=100, 1106=6, 1905=6; the hardest take serate minutes each)
  --seed S      the sample and the renaming (default 2026)
  --se-timeout  seconds serate may take on one set (default 1200); the puzzles it finished are
                compared, and `sudoku rate` is timed on those same puzzles
  --keep DIR    keep the samples and both programs' outputs there (and serate's times)
  --rounds N    `sudoku rate` is timed N times on each sample, the median taken (default 3: its
                runs are short, and one run's noise would move the ratio)
  --reuse       with --keep: take serate's output and time from an earlier run with the same
                sample instead of running it again (to time a change of ours against the same
                serate run; the table says so)
"""
import argparse
import collections
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from relabel import relabel  # noqa: E402  (scripts/relabel.py, beside this file)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SE_COMMIT = "729c00e"
DEFAULT_SIZES = "random_minimal=400,17_clue=200,magictour=100,1106=6,1905=6"
# The forum's usual line; both programs write it (`serate --format`, `sudoku rate --template`).
TEMPLATE = "%g ED=%r/%p/%d"


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def serate_path():
    """serate's jar (or folder of classes) from SERATE_JAR; without it, says what it is and exits."""
    path = os.environ.get("SERATE_JAR", "")
    if not path or not os.path.exists(path):
        sys.exit(
            f"se-agreement.py: SERATE_JAR is {'not set' if not path else 'missing: ' + path}.\n"
            f"  It is serate 1.2.1.3: 1to9only/SudokuExplainer at commit {SE_COMMIT}, fetched into /tmp and\n"
            "  built by hand as its own README says (a jar or a folder of classes holding\n"
            "  diuf.sudoku.test.serate). No script here builds it."
        )
    if not shutil.which("java"):
        sys.exit("se-agreement.py: no `java` on PATH (apt install default-jre-headless)")
    return path


def timed(cmd, stdout, timeout=None):
    """Runs `cmd` with stdout to a file; its wall time, and whether it finished in `timeout`."""
    start = time.monotonic()
    with open(stdout, "w") as f:
        try:
            run(cmd, stdout=f, stderr=subprocess.DEVNULL, timeout=timeout)
            finished = True
        except subprocess.TimeoutExpired:
            finished = False
    return time.monotonic() - start, finished


def pinned(cmd):
    """`cmd` on one core, when taskset is there."""
    return (["taskset", "-c", "0"] + cmd) if shutil.which("taskset") else cmd


def parse_se(path):
    out = []
    for line in open(path):
        line = line.strip()
        if " ED=" in line:
            out.append(tuple(float(x) for x in line.split(" ED=")[1].split("/")))
    return out


def parse_ours(path):
    """Our lines, written with serate's own template: a rating per line, or None for a puzzle
    we did not rate (no unique solution: the line is then our verdict, without ` ED=`)."""
    out = []
    for line in open(path):
        if " ED=" in line:
            out.append(tuple(float(x) for x in line.strip().split(" ED=")[1].split("/")))
        else:
            out.append(None)
    return out


def same_lines(a, b):
    """How many lines of files a and b are equal byte for byte, and how many lines a has."""
    with open(a, "rb") as fa, open(b, "rb") as fb:
        la, lb = fa.read().split(b"\n"), fb.read().split(b"\n")
    la = [l for l in la if l]
    lb = [l for l in lb if l]
    return sum(1 for x, y in zip(la, lb) if x == y), len(la)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=os.path.join(REPO, "../shared/data"))
    ap.add_argument("--sizes", default=DEFAULT_SIZES)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--se-timeout", type=float, default=1200)
    ap.add_argument("--keep")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reuse", action="store_true")
    args = ap.parse_args()
    sizes = dict((k, int(v)) for k, v in (kv.split("=") for kv in args.sizes.split(",")))

    work = tempfile.mkdtemp(prefix="se-agreement-")
    keep = args.keep or work
    os.makedirs(keep, exist_ok=True)
    try:
        serate = serate_path()
        run(["cargo", "build", "--release", "--locked", "--quiet"], cwd=REPO)
        sudoku = os.path.join(REPO, "target/release/sudoku")

        rows = []  # (set, se, ours)
        notes = []
        speed = []  # (set, n, se seconds, our seconds)
        identical = []  # (set, lines equal byte for byte, lines)
        reused = []  # sets whose serate run was taken from an earlier run (--reuse)
        for name in sorted(os.listdir(args.data)):
            size = next((n for part, n in sizes.items() if part in name), None)
            if size is None or not name.startswith("puzzles"):
                continue
            lines = [l.strip() for l in open(os.path.join(args.data, name)) if len(l.strip()) == 81]
            rng = random.Random(f"{args.seed}-{name}")
            sample = relabel(rng.sample(lines, min(size, len(lines))), args.seed)
            sample_path = os.path.join(keep, f"{name}.sample")
            with open(sample_path, "w") as f:
                f.write("\n".join(sample) + "\n")
            se_out = os.path.join(keep, f"{name}.serate")
            our_out = os.path.join(keep, f"{name}.ours")
            # serate's time, with the sample it was for: `--reuse` takes it when the sample is
            # the same.
            se_time = os.path.join(keep, f"{name}.serate-time")
            earlier = None
            if args.reuse and os.path.exists(se_time) and os.path.exists(se_out):
                with open(se_time) as f:
                    seconds, done, text = f.read().split("\n", 2)
                if text == "\n".join(sample) + "\n":
                    earlier = (float(seconds), done == "finished")
            if earlier:
                print(f"{name}: serate's earlier run on the same {len(sample)} puzzles", file=sys.stderr, flush=True)
                t_se, finished = earlier
                reused.append(name)
            else:
                print(f"{name}: rating {len(sample)} puzzles with serate ...", file=sys.stderr, flush=True)
                t_se, finished = timed(pinned(["java", "-Xss8m", "-Xmx1g", "-cp", serate,
                                               "diuf.sudoku.test.serate", f"--format={TEMPLATE}",
                                               f"--input={sample_path}"]), se_out, timeout=args.se_timeout)
                with open(se_time, "w") as f:
                    f.write(f"{t_se}\n{'finished' if finished else 'timed out'}\n" + "\n".join(sample) + "\n")
            se = parse_se(se_out)
            if not finished:
                # serate prints each rating as it goes: compare the puzzles it finished, and time
                # ours on the same ones.
                print(f"{name}: serate timed out after {t_se:.0f} s with {len(se)} of {len(sample)} rated",
                      file=sys.stderr, flush=True)
                notes.append(f"{name}: serate rated {len(se)} of {len(sample)} puzzles before the "
                             f"{args.se_timeout:.0f} s limit; the rest are left out of both columns")
                sample = sample[:len(se)]
                if not sample:
                    continue
                with open(sample_path, "w") as f:
                    f.write("\n".join(sample) + "\n")
            print(f"{name}: ... and with sudoku rate -j1 ({args.rounds} runs)", file=sys.stderr, flush=True)
            times = sorted(timed(pinned([sudoku, "rate", "-j1", "--template", TEMPLATE, sample_path]), our_out)[0]
                           for _ in range(max(args.rounds, 1)))
            t_ours = times[len(times) // 2]
            same, lines = same_lines(se_out, our_out)
            identical.append((name, same, lines))
            ours = parse_ours(our_out)
            if len(se) != len(sample) or len(ours) != len(sample):
                sys.exit(f"{name}: {len(sample)} puzzles, serate gave {len(se)} ratings, we {len(ours)}")
            rows += [(name, a, b) for a, b in zip(se, ours)]
            speed.append((name, len(sample), t_se, t_ours))

        print(f"## sudoku rate against serate 1.2.1.3 (1to9only/SudokuExplainer @{SE_COMMIT}), seed {args.seed}\n")
        print("| SE's ER | puzzles | ER equal | ER within 0.1 | ER within 0.3 | EP and ED equal |")
        print("|---|---:|---:|---:|---:|---:|")
        bands = collections.defaultdict(list)
        for _, se, ours in rows:
            bands[min(int(se[0]), 12)].append((se, ours))

        def shares(pairs):
            n = len(pairs)
            ok = [p for p in pairs if p[1] is not None]
            eq = sum(1 for s, o in ok if o[0] == s[0])
            w1 = sum(1 for s, o in ok if abs(o[0] - s[0]) <= 0.1 + 1e-9)
            w3 = sum(1 for s, o in ok if abs(o[0] - s[0]) <= 0.3 + 1e-9)
            pd = sum(1 for s, o in ok if o[1:] == s[1:])
            return n, eq, w1, w3, pd

        pct = lambda k, n: f"{100.0 * k / n:.1f}%" if n else "-"
        for band in sorted(bands):
            n, eq, w1, w3, pd = shares(bands[band])
            label = f"{band}.0-{band + 1}.0" if band < 12 else "12.0+"
            print(f"| {label} | {n} | {pct(eq, n)} | {pct(w1, n)} | {pct(w3, n)} | {pct(pd, n)} |")
        low = [(s, o) for _, s, o in rows if s[0] <= 9.0]
        high = [(s, o) for _, s, o in rows if s[0] > 9.0]
        n, eq, w1, _, pd = shares(low)
        print(f"\nUp to ER 9.0 ({n} puzzles): ER equal {pct(eq, n)} (target 95%), within 0.1 {pct(w1, n)} "
              f"(target 99%), EP and ED equal {pct(pd, n)} (target 95%)")
        n, _, _, w3, _ = shares(high)
        print(f"Above ER 9.0 ({n} puzzles): within 0.3 {pct(w3, n)} (target 90%)\n")
        print("| set | puzzles | serate s | sudoku s | serate / sudoku |")
        print("|---|---:|---:|---:|---:|")
        for name, n, t_se, t_ours in speed:
            print(f"| {name} | {n} | {t_se:.2f} | {t_ours:.2f} | {t_se / t_ours:.1f}x |")
        tot_se = sum(s[2] for s in speed)
        tot_ours = sum(s[3] for s in speed)
        print(f"| all | {sum(s[1] for s in speed)} | {tot_se:.2f} | {tot_ours:.2f} | {tot_se / tot_ours:.1f}x |")
        cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
        print(f"\nOne core each (taskset -c 0), wall clock, serate's JVM start included, ours the median of "
              f"{max(args.rounds, 1)} runs; CPU: {cpu}")
        if reused:
            print(f"serate's times taken from an earlier run (--reuse): {', '.join(reused)}")
        print("\nserate's lines (`--format='%s'`) against ours (`--template` the same), byte for byte:" % TEMPLATE)
        for name, same, lines in identical:
            print(f"- {name}: {same} of {lines} lines identical")
        for note in notes:
            print(f"- {note}")
        mismatches = [(name, s, o) for name, s, o in rows if o is None or o != s]
        if mismatches:
            print(f"\n{len(mismatches)} puzzles differ (SE's ER/EP/ED, ours), first 20:")
            for name, s, o in mismatches[:20]:
                print(f"  {name}: {s} {o}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
