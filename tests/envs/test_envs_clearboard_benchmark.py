"""``benchmarks/clearboard.py`` as a researcher runs it: the paired comparison of two physics models."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "clearboard.py"
NO_JAWS = ROOT / "benchmarks" / "models" / "v4-nojaws.json"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_the_jaws_cost_strokes_on_the_zero_noise_board_and_the_pairing_says_how_many():
    """Issue 22: every board is played on each model given, and the first is compared with the
    other board by board. On the zero-noise board (the same board for every seed) the player
    needs more strokes on v4 as named than on v4 without its pockets' jaws (the model file
    shipped for it): the jaws send back fast coins the stirs used to drop (docs/research.md)."""
    done = run("--noise", "0", "--quiet", "--physics", "v4", "--physics", str(NO_JAWS))
    assert done.returncode == 0, done.stderr
    assert "physics v4 (medium board) against" in done.stdout and "v4-nojaws.json" in done.stdout
    curve = done.stdout.split("the curve:")[1]
    jaws = float(re.search(r"([\d.]+) strokes mean .*\[v4\]", curve).group(1))
    no_jaws = float(re.search(r"([\d.]+) strokes mean .*\[.*v4-nojaws\.json\]", curve).group(1))
    difference = float(re.search(r"less .*: ([+-][\d.]+) strokes a board \(one board", curve).group(1))
    assert jaws > no_jaws
    assert difference == jaws - no_jaws


def test_a_physics_that_is_neither_a_model_nor_a_file_is_refused_in_one_line():
    done = run("--noise", "0", "--physics", "v4", "--physics", "v9")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "physics 'v9' is not one of" in done.stderr.strip().splitlines()[-1]
