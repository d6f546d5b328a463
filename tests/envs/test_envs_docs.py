"""docs/research.md stays true: its example runs, its figure exists, its option lists are the code's."""

import re
from pathlib import Path

import pytest

from carrom.envs import MAX_STROKES
from carrom.envs import match as M
from carrom.envs import spaces as S
from carrom.rules import RULESETS

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")


def test_the_python_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/research.md", "exec"), {})


def test_the_learning_curve_is_there():
    assert "![learning curve](research-cem.png)" in DOC
    assert (ROOT / "docs" / "research-cem.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("names", [M.OPPONENTS, M.EPISODES])
def test_the_option_lists_are_the_codes(names):
    assert ", ".join(f"`{n}`" for n in names).replace("`intermediate`", "`intermediate` (default)") \
        .replace("`board`", "`board` (default)") in DOC


def test_the_rules_option_names_its_registry_and_default():
    assert "a name in `carrom.rules.RULESETS` (default `icf`" in DOC and "icf" in RULESETS


def test_the_action_units_are_the_codes():
    assert f"`p · {S.ALONG_MAX:.4f}` m" in DOC
    assert f"`{S.MIN_SPEED:g} + (w + 1)/2 · (6.5 − {S.MIN_SPEED:g})` m/s" in DOC
    assert f"truncated after {MAX_STROKES} steps" in DOC


def test_the_board_speed_option_lists_the_presets():
    """The ``board_speed`` row names the code's presets, in their order."""
    from carrom.physics import BOARD_SPEED_PRESETS

    assert "| `board_speed` | " + ", ".join(f"`{n}`" for n in BOARD_SPEED_PRESETS) + ": v4's presets" in DOC
