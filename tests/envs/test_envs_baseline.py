"""The learning baseline (benchmarks/baseline_ppo.py, issue 41): Stable-Baselines3's PPO trains on the Dict
environments unwrapped, its curve is evaluated on fresh boards the same for every seed, and bad input is refused
in a line. The figures in docs/research.md come from the long run; this is the same code on a short one."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "baseline_ppo.py"
spec = importlib.util.spec_from_file_location("baseline_ppo", SCRIPT)
baseline = importlib.util.module_from_spec(spec)
sys.modules["baseline_ppo"] = baseline
spec.loader.exec_module(baseline)


def test_the_random_baseline_plays_the_same_boards_every_time():
    first = baseline.evaluate(None, "clearboard", "beginner", 4)
    assert baseline.evaluate(None, "clearboard", "beginner", 4) == first
    assert 0 <= first[0] <= 19


def test_the_interval_is_students_t_over_seeds():
    mean, half = baseline.interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and half == pytest.approx(4.302653 * 1.0 / 3 ** 0.5, rel=1e-6)
    assert baseline.interval([5.0]) == (5.0, 0.0)


@pytest.mark.parametrize("task, extra", [("clearboard", []), ("singles", ["--opponent", "random"])])  # one eval board
def test_a_short_run_trains_evaluates_and_writes_its_figures(task, extra, tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPT), task, "--steps", "256", "--every", "128", "--seeds", "3", "4",
                           "--boards", "1", "--json", str(tmp_path / "f.json"), "--plot", str(tmp_path / "f.png"),
                           *extra], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads((tmp_path / "f.json").read_text())
    assert figures["steps"] == [128, 256] and sorted(figures["scores"]) == ["3", "4"]
    assert all(len(s) == 2 for s in figures["scores"].values())
    assert figures["physics"] == "v4" and figures["carrom"]
    assert "256 steps:" in done.stdout and "random actions" in done.stdout
    assert (tmp_path / "f.png").read_bytes()[:4] == b"\x89PNG"
    if task == "singles":
        assert all(0 <= w <= 1 for ws in figures["wins"].values() for w in ws)


@pytest.mark.parametrize("argv, words", [
    (["clearboard", "--steps", "0"], "--steps: at least 1, not 0"),
    (["clearboard", "--steps", "10", "--every", "20"], "--every: at most --steps (10), not 20"),
    (["clearboard", "--steps", "30", "--every", "20"], "--steps: a multiple of --every (20), not 30"),
    (["singles", "--opponent", "grandmaster"], "--opponent: one of random, beginner"),
    (["clearboard", "--plot", "/no/such/folder/c.png"], "--plot: no folder /no/such/folder"),
])
def test_bad_input_is_refused_in_a_line(argv, words):
    done = subprocess.run([sys.executable, str(SCRIPT), *argv], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr
