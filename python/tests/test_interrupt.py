"""Ctrl-C stops a long call. The native functions release the interpreter while they work and
run Python's signal handlers between slices of that work, so a KeyboardInterrupt arrives within
a fraction of a second, not after the last of a million puzzles. Each case runs in a child
interpreter that is sent SIGINT while a call that would take minutes or hours is under way."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

# ER 9.3 in serate's own output (tests/data/serate-1.2.1.3-sample.txt): rating it takes
# milliseconds, so a million of them take far longer than this test waits.
HARD = "........5.7..8..3.9...25........9..669..7..5.....1.8.7.8.2.7....61.3....3.....4.."

# A slow answer per puzzle (rate, milliseconds each) and a fast one (generate, tens of
# microseconds each): the slices adapt to both.
CALLS = {
    "rate": f"sa.rate([{HARD!r}] * 1_000_000)",
    "generate": "sa.generate(10_000_000, seed=1)",
}

CHILD = """
import sys, time
import numpy as np
import sudoku_array as sa
print("started", flush=True)
started = time.monotonic()
try:
    {call}
except KeyboardInterrupt:
    print("interrupted after", round(time.monotonic() - started, 2), flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to a child process")
@pytest.mark.parametrize("name", sorted(CALLS))
def test_ctrl_c_interrupts_a_long_call(name, tmp_path):
    # Run elsewhere than python/, whose sudoku_array/ (without the built module) would shadow
    # the installed package.
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(call=CALLS[name])],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        # Long enough for the call to be inside the native code (the arguments are converted
        # first), then the signal a terminal's Ctrl-C sends.
        time.sleep(1.5)
        assert child.poll() is None, "the call ended before it was interrupted"
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
    finally:
        child.kill()
    assert child.returncode == 3, f"{name}: exit {child.returncode}\n{out}\n{err}"
    assert out.startswith("interrupted after"), out
