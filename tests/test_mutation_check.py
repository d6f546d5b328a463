"""benchmarks/mutation.py on a tiny repository: a mutant the tests catch is killed, one they miss survives.

The tiny law: a game is won at 25 points (as ICF 56 a). Its tests check 24 and 25, so flipping the
comparison or moving its boundary is caught; the unused ``DRAW`` constant is checked by nothing, so
its mutant survives and is listed with its line. Three mutants (seed 5): a few seconds on an idle machine.
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAW = '''DRAW = 0


def won(points):
    return points >= 25
'''
TESTS = '''from tiny.law import won


def test_25_wins_24_does_not():
    assert won(25) and not won(24)
'''


def check(root, *args):
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "mutation.py"), "--root", str(root),
                          "--modules", "src/tiny/law.py", "--tests", "tests", *args],
                         capture_output=True, text=True, timeout=300,
                         env=os.environ | {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})  # the tiny tests need no plugin
    assert out.returncode == 0, out.stdout + out.stderr
    return out


def test_the_mutation_check_on_a_tiny_repository(tmp_path):
    (tmp_path / "src" / "tiny").mkdir(parents=True)
    (tmp_path / "src" / "tiny" / "__init__.py").write_text("")
    (tmp_path / "src" / "tiny" / "law.py").write_text(LAW)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_law.py").write_text(TESTS)
    out = check(tmp_path, "--sample", "3", "--seed", "5", "--json", str(tmp_path / "first.json"),
                "--equivalent", str(tmp_path / "none.txt"))
    lines = out.stdout.splitlines()
    runs = [line.split("] ", 1)[1] for line in lines if line.startswith("[")]
    assert runs == ["survived   src/tiny/law.py:1 constant: 0 -> -1",
                    "killed     src/tiny/law.py:5 flip: >= -> < in points >= 25",
                    "killed     src/tiny/law.py:5 boundary: >= -> > in points >= 25"], out.stdout
    assert lines[lines.index("survivors:") + 1:] == ["  src/tiny/law.py:1 constant: 0 -> -1"], out.stdout
    table = next(line for line in lines if line.startswith("src/tiny/law.py "))
    assert table.split() == ["src/tiny/law.py", "3", "2", "0", "1", "0", "67", "%"], out.stdout
    assert (tmp_path / "src" / "tiny" / "law.py").read_text() == LAW  # the repository itself is never touched

    # Run again only what survived, once its survivor is argued equivalent in a file: counted apart, with the reason.
    (tmp_path / "src" / "tiny" / "law.py").write_text("# a line added above moves the mutant\n" + LAW)
    (tmp_path / "eq.txt").write_text("# why the survivors cannot be told apart\n"
                                     "src/tiny/law.py || DRAW = 0 || constant: 0 -> -1 || DRAW is never read\n")
    out = check(tmp_path, "--again", str(tmp_path / "first.json"), "--equivalent", str(tmp_path / "eq.txt"))
    lines = out.stdout.splitlines()
    assert lines[0] == "1 mutants left alive by " + str(tmp_path / "first.json") + " run again; 0 no longer in the code"
    assert [line.split("] ", 1)[1] for line in lines if line.startswith("[")] == [
        "argued     src/tiny/law.py:2 constant: 0 -> -1"], out.stdout
    table = next(line for line in lines if line.startswith("src/tiny/law.py "))
    assert table.split() == ["src/tiny/law.py", "1", "0", "0", "0", "1", "-"], out.stdout
    assert "      DRAW is never read" in lines and "survivors:" not in lines
