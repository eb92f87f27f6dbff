"""The guide's multiprocessing recipe, run as written there."""

import re
import subprocess
import sys

from conftest import REPO


def test_multiprocessing_recipe_runs(tmp_path):
    guide = (REPO / "doc" / "guide.md").read_text()
    blocks = re.findall(r"```python\n(# recipe: multiprocessing\n.*?)```", guide, re.S)
    assert len(blocks) == 1, "the guide has one multiprocessing recipe"
    script = tmp_path / "recipe.py"
    script.write_text(blocks[0])
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert re.fullmatch(r"rated 400 puzzles in 8 shards; median ER \d+\.\d+\n", out.stdout), out.stdout
