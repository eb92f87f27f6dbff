"""read gives the same puzzles and error slots as `sudoku solve -f json` on every file in
puzzles/ (and below, puzzles/code/ and puzzles/invalid/), for 9x9 boards: read gives (n, 81)
arrays, and passes over the boards of other sizes that the command line answers in their slots
(puzzles/sizes/ holds nothing else, so it is left out here)."""

import re

import pytest

import sudoku_array as sa
from conftest import REPO, run_json

FILES = sorted(
    p for p in (REPO / "puzzles").rglob("*") if p.is_file() and "sizes" not in p.parts
)
DIRECTORIES = [REPO / "puzzles", REPO / "puzzles" / "invalid", REPO / "puzzles" / "code"]


def cli_slots(path: str) -> list[tuple]:
    """Each slot of the command line's answer: ("puzzle", source, puzzle) or ("error", path,
    line, column, message)."""
    slots = []
    for r in run_json("solve", path):
        if r["status"] == "invalid":
            m = re.fullmatch(r"(.*?):(\d+):(\d+): (.*)", r["error"], re.S)
            if m:
                slots.append(("error", m[1], int(m[2]), int(m[3]), m[4]))
            else:  # a file with no puzzle: "PATH: message"
                where, message = r["error"].split(": ", 1)
                slots.append(("error", where, None, None, message))
        elif len(r["puzzle"]) in (81, 729):
            slots.append(("puzzle", r["source"], r["puzzle"]))
        # else: a board of another size, which read passes over.
    return slots


def python_slots(path: str) -> list[tuple]:
    read = sa.read(path)
    n = len(read["lines"]) + len(read["errors"])
    slots = [None] * n
    for e in read["errors"]:
        slots[e["slot"]] = ("error", e["path"], e["line"], e["column"], e["message"])
    rest = iter(zip(read["sources"], read["lines"]))
    for i in range(n):
        if slots[i] is None:
            source, line = next(rest)
            slots[i] = ("puzzle", source, line)
    assert read["puzzles"].shape == (len(read["lines"]), 81)
    return slots


def test_every_sample_file_is_covered():
    names = {p.relative_to(REPO / "puzzles").as_posix() for p in FILES}
    assert "invalid/malformed.txt" in names and "utf16.txt" in names and len(names) > 30


@pytest.mark.parametrize("path", FILES + DIRECTORIES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_read_equals_the_command_line(path):
    relative = path.relative_to(REPO).as_posix()
    expected = cli_slots(relative)
    got = python_slots(str(path))
    # The command line ran in the repository with a relative path; read got an absolute one.
    prefix = str(REPO) + "/"
    got = [tuple(x[len(prefix):] if isinstance(x, str) and x.startswith(prefix) else x for x in s) for s in got]
    assert got == expected


def test_puzzles_array_holds_the_givens():
    read = sa.read(REPO / "puzzles" / "line-puzzles.txt")
    for row, line in zip(read["puzzles"], read["lines"]):
        assert "".join(str(d) if d else "." for d in row) == line


def test_text_and_errors_as_data():
    good = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    read = sa.read(text=f"Grid 01\n{good}\n{good[:40]}x{good[41:]}\n")
    assert read["sources"] == ["<text>:2"]
    assert read["labels"] == ["Grid 01"]
    (error,) = read["errors"]
    assert (error["slot"], error["line"], error["column"]) == (1, 3, 41)
    assert "x" in error["message"]
    assert sa.read("no puzzle here")["errors"][0]["line"] is None
    with pytest.raises(FileNotFoundError):
        sa.read(REPO / "no-such-file.txt")


def test_a_directory_reads_its_files_in_name_order():
    read = sa.read(str(REPO / "puzzles" / "invalid"))
    paths = [s.rsplit(":", 1)[0] for s in read["sources"]] + [e["path"] for e in read["errors"]]
    assert {p.rsplit("/", 1)[1] for p in paths} == {
        p.name for p in (REPO / "puzzles" / "invalid").iterdir()
    }
