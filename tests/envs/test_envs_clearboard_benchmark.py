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
    assert re.search(r"physics v4 \(medium board, fingerprint [0-9a-f]{16}\) against", done.stdout)
    assert "v4-nojaws.json" in done.stdout
    curve = done.stdout.split("the curve:")[1]
    jaws = float(re.search(r"([\d.]+) strokes mean .*\[v4\]", curve).group(1))
    no_jaws = float(re.search(r"([\d.]+) strokes mean .*\[.*v4-nojaws\.json\]", curve).group(1))
    difference = float(re.search(r"less .*: ([+-][\d.]+) strokes a board \(one board", curve).group(1))
    assert jaws > no_jaws
    assert difference == jaws - no_jaws
    # each model is held to its own target: the on jawless pockets, carried by the jaws' cost on v4's
    assert re.search(r"target ≤ 13 \[v4\]", curve)
    assert re.search(r"target ≤ 8 \[.*v4-nojaws\.json\]", curve)


def test_a_physics_that_is_neither_a_model_nor_a_file_is_refused_in_one_line():
    done = run("--noise", "0", "--physics", "v4", "--physics", "v9")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "physics 'v9' is not one of" in done.stderr.strip().splitlines()[-1]


PROBES = ROOT / "benchmarks" / "clearprobes.py"


def probe(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(PROBES), *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_the_break_probe_judges_a_grid_of_breaks_and_the_players_own_on_the_same_fresh_copies():
    """Issue 22 (docs/research.md, "The 1° target, argued again"): how much a finer search for the break
    could give. Five striker points 5 cm apart × 63 aims × 2 speeds; the best printed is the best of the
    list above it, and the player's figure is its seeds' mean."""
    done = probe("break", "--step", "0.05", "--first", "2", "--fresh", "6", "--top", "4", "--picks", "2")
    assert done.returncode == 0, done.stderr
    summary = re.search(r"the best of (\d+) candidates puts down ([\d.]+) pieces on 6 fresh copies; the player's own"
                        r" ([\d.]+) on average over 2 seeds", done.stdout)
    assert summary and int(summary.group(1)) == 5 * 63 * 2
    listed = [float(x) for x in re.findall(r"^  ([\d.]+) pieces: along", done.stdout, re.M)]
    assert listed == sorted(listed, reverse=True) and float(summary.group(2)) == listed[0]
    own = [float(x) for x in re.findall(r"the player's break, seed \d: ([\d.]+) pieces", done.stdout)]
    assert len(own) == 2 and abs(sum(own) / 2 - float(summary.group(3))) < 0.006


def test_the_aim_probe_scores_each_shot_on_copies_it_was_not_picked_on():
    done = probe("aim", "--strokes", "3", "--shots", "2", "--copies", "6")
    assert done.returncode == 0, done.stderr
    summary = re.search(r"planned shots pot ([\d.]+) on the planner's line, ([\d.]+) at their best variant \(held out\),"
                        r" over (\d+) shots; the best shot of a layout ([\d.]+) against ([\d.]+), over (\d+) layouts",
                        done.stdout)
    assert summary, done.stdout
    layouts = int(summary.group(6))
    assert 1 <= layouts <= 2 and int(summary.group(3)) <= 2 * layouts  # the break is not probed
    assert all(0 <= float(summary.group(k)) <= 1 for k in (1, 2, 4, 5))


def test_a_probe_refuses_bad_input_in_one_line():
    for args, said in ((("aim", "--copies", "0"), "--copies: one or more; got 0"),
                       (("break", "--noise", "0"), "a probe of the hand needs some noise"),
                       (("wobble",), "invalid choice: 'wobble'")):
        done = probe(*args)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert said in done.stderr.strip().splitlines()[-1]


def _benchmark_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("clearboard_benchmark", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_lost_boards_are_reported_apart_from_the_mean():
    """Issue 41 item 4: a board lost by ICF 107 (the last coin before the queen) is not a board cleared in
    few strokes: the mean is over the boards not lost, the lost ones counted apart."""
    from carrom.envs.clearplayer import Tally
    from carrom.physics import physics_model

    bench = _benchmark_module()
    tally = Tally(strokes=[10, 20, 5], cleared=2, times=[0.01], lost=[False, False, True])
    line = bench.curve_line(1.0, tally, physics_model("v4"))
    assert "15.0 strokes mean over the 2 boards not lost" in line
    assert "1 lost (ICF 107, after 5 strokes)" in line and "2/3 cleared" in line


def test_the_header_names_the_version_and_the_fingerprint():
    import carrom
    from carrom.physics import physics_model

    line = _benchmark_module().header(3, 5000, ["v4"], [physics_model("v4")])
    assert f"carrom {carrom.__version__}" in line and physics_model("v4").fingerprint in line
