#!/usr/bin/env python3
"""Every sample file, damaged one line at a time: does each puzzle keep its slot?

usage: scripts/damage.py [SUDOKU] [FILE_OR_DIR ...]
       (defaults: target/release/sudoku; puzzles/, puzzles/invalid/, puzzles/code/, puzzles/sizes/
       and tests/data/)

For each file, and for every line of it, three damaged copies are read with `sudoku -f json -j2`:
the line deleted, the line repeated, and the line garbled (its middle character made '@'). Each
copy is checked against the undamaged file's records:

- every answer (solved, not unique, no solution) belongs to a puzzle of the original file: no
  puzzle is glued from rows of two puzzles, or misread;
- the original puzzles come back in order, and only a puzzle whose own lines (or the line just
  before it: its label, a separator) hold the damage may drop out;
- the slots (source lines) come in input order.

A file that starts with a UTF-16 byte-order mark is damaged as text, line by line, and written
back in UTF-16: that is how an editor would damage it (its bytes split at 0x0A are no lines).

Prints each damaged copy that breaks a rule, and a count. Five reports are known and accepted:
- puzzles/boards.json, its `"grids": [` line repeated: it breaks the JSON document two lines
  before the third board, and the syntax error takes that board's slot;
- puzzles/boards.json, its `"solution"` key garbled to `"s@lution"`: no longer an answer key, so
  the full grid under it is read, and answered, as one more puzzle;
- puzzles/code/joined.ex and joined.rb, the line that starts the second board deleted: the two
  boards' joined strings then stand back to back with nothing between them, so the first board's
  rows run on into the second's and that run is one error in the first board's slot (lost, never
  misread: no board is glued from the two);
- puzzles/code/positional.R, `t(` of `second <- t(matrix(` garbled to `@(`: what is left is a
  plain `matrix()` call, which R fills by column, and so does the reader: the damaged text holds
  another puzzle, answered as that one.
puzzles/sizes/ holds boards of other sizes: they are checked as puzzles only where the command
line reads them (`Parser::reading_sizes`); the parser's tests run the same damage on them
(`damaged_sample_files_keep_every_slot`).
Needs a release build (cargo build --release).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Puzzles a damaged line can put before the next one of the original (a repeated or split
# puzzle, a solution read on its own); errors are not counted.
LOOKAHEAD = 4


def files_of(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += [os.path.join(p, n) for n in sorted(os.listdir(p))
                    if os.path.isfile(os.path.join(p, n))]
        else:
            out.append(p)
    return out


def records(sudoku, path):
    p = subprocess.run([sudoku, "-f", "json", "-j2", path], capture_output=True)
    text = p.stdout.decode("utf-8", "replace")
    return [json.loads(l) for l in text.splitlines() if l.strip()]


def line_of(source):
    m = re.search(r":(\d+)$", source)
    return int(m.group(1)) if m else 0


def damaged(lines, i, kind):
    new = list(lines)
    if kind == "deleted":
        del new[i]
    elif kind == "repeated":
        new.insert(i, lines[i])
    else:
        line = lines[i]
        k = len(line) // 2
        new[i] = line[:k] + b"@" + line[k + 1:] if line else b"@@@"
    return new


def problems(original, copy, damaged_line):
    """What a damaged copy's records break, against the original's."""
    found = []
    puzzles = [(line_of(r["source"]), r["puzzle"]) for r in original if r.get("puzzle")]
    known = {p for _, p in puzzles}
    for r in copy:
        if r.get("puzzle") and r["puzzle"] not in known and \
                r.get("status") in ("solved", "not_unique", "no_solution"):
            found.append(f"answer to a puzzle not in the original: {r['source']} {r['status']}")
    slots = [line_of(r["source"]) for r in copy]
    if slots != sorted(slots):
        found.append(f"slots out of order: {slots[:20]}")
    starts = [s for s, _ in puzzles]
    got = [r["puzzle"] for r in copy if r.get("puzzle")]
    k = 0
    for j, (start, puzzle) in enumerate(puzzles):
        end = starts[j + 1] if j + 1 < len(starts) else float("inf")
        touched = start <= damaged_line < end or (j == 0 and damaged_line < start) \
            or damaged_line == start - 1
        # One damaged line moves the records by a few at most: look that far ahead, so that a
        # file holding the same puzzle twice does not match a missing one to its later copy.
        at = next((i for i in range(k, min(len(got), k + LOOKAHEAD)) if got[i] == puzzle), None)
        if at is not None:
            k = at + 1
        elif not touched:
            found.append(f"lost the puzzle of line {start}")
    return found


def main():
    sudoku = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/sudoku")
    paths = sys.argv[2:] or [os.path.join(ROOT, d) for d in ("puzzles", "puzzles/invalid",
                                                             "puzzles/code", "puzzles/sizes",
                                                             "tests/data")]
    copies = flagged = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files_of(paths):
            raw = open(path, "rb").read()
            utf16 = raw[:2] in (b"\xff\xfe", b"\xfe\xff")
            codec = ("utf-16-le" if raw[:2] == b"\xff\xfe" else "utf-16-be") if utf16 else None
            if utf16:
                # Damage text lines, kept as UTF-8 here, and write them back in UTF-16.
                raw = raw[2:].decode(codec).encode("utf-8")
            lines = raw.split(b"\n")
            trailing = bool(lines) and lines[-1] == b""
            if trailing:
                lines = lines[:-1]
            original = records(sudoku, path)
            copy_path = os.path.join(tmp, "copy" + os.path.splitext(path)[1])
            for i in range(len(lines)):
                for kind in ("deleted", "repeated", "garbled"):
                    text = b"\n".join(damaged(lines, i, kind)) + (b"\n" if trailing else b"")
                    if utf16:
                        bom = b"\xff\xfe" if codec == "utf-16-le" else b"\xfe\xff"
                        text = bom + text.decode("utf-8").encode(codec)
                    with open(copy_path, "wb") as f:
                        f.write(text)
                    copies += 1
                    found = problems(original, records(sudoku, copy_path), i + 1)
                    if found:
                        flagged += 1
                        print(f"{os.path.relpath(path, ROOT)} line {i + 1} {kind}:")
                        for p in found[:4]:
                            print("    " + p)
    print(f"{len(files_of(paths))} files, {copies} damaged copies, {flagged} flagged")


if __name__ == "__main__":
    main()
