#!/usr/bin/env python3
"""Writes a copy of a puzzle set with the digits of each puzzle renamed at random.

Renaming digits (1 -> 7, 2 -> 3, ...) gives an equivalent puzzle: same difficulty, same number of
solutions, same search tree up to the order in which a solver tries digits. A solver that tries
digits in a fixed order can be lucky or unlucky on a set whose puzzles share a labelling (many
published sets are in a canonical form); on the renamed copy that luck is gone. So timing both
programs on the copy too shows how much of a ratio comes from the labelling.

usage: scripts/relabel.py SET_FILE OUT_FILE [SEED]     (default seed 7)

Then, for example:
    scripts/relabel.py ../shared/data/puzzles6_forum_hardest_1106 /tmp/h1106-relabelled
    SETS=h1106-relabelled MODES=solve scripts/compare.sh /tmp
(compare.sh takes every file named puzzles* by default; SETS names the file.)
"""
import random
import sys


def relabel(puzzles, seed):
    """Each puzzle with its digits renamed by its own random permutation (drawn in turn from one
    generator seeded with `seed`); other characters stay."""
    rng = random.Random(seed)
    out = []
    for p in puzzles:
        names = list("123456789")
        rng.shuffle(names)
        rename = {str(d + 1): names[d] for d in range(9)}
        out.append("".join(rename.get(c, c) for c in p))
    return out


def main() -> None:
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    source, target = sys.argv[1], sys.argv[2]
    with open(source) as f:
        lines = [l.rstrip("\r\n") for l in f]
    puzzles = [l for l in lines if l and not l.startswith("#")]
    out = relabel(puzzles, int(sys.argv[3]) if len(sys.argv) == 4 else 7)
    with open(target, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"{len(out)} puzzles renamed into {target}")


if __name__ == "__main__":
    main()
