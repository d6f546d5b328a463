"""The clear-the-board benchmark's player (benchmarks/clearboard.py) where geometry sees nothing."""

import importlib.util
import random
import sys
from pathlib import Path

from carrom.envs.clearboard import ClearState, ShotFacts, rule
from carrom.equipment import Disc, Layout, PieceKind, Seat
from carrom.physics import Strike, simulate

PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "clearboard.py"
SPEC = importlib.util.spec_from_file_location("clearboard_benchmark", PATH)
bench = importlib.util.module_from_spec(SPEC)
sys.modules[SPEC.name] = bench  # its dataclasses look their module up
SPEC.loader.exec_module(bench)


def test_coins_behind_the_baseline_are_reached_off_the_far_cushion():
    """No shot and no straight run reaches a coin behind the baseline; the fan of hard strokes does.

    Before, such a position got one random stroke (238 of 1,050 strokes in 12 boards at
    2°, two of them putting a piece down); now the fan, valued by simulation, pots one.
    """
    state = ClearState(Layout((Disc(PieceKind.WHITE, 0.1, -0.32), Disc(PieceKind.BLACK, -0.2, -0.33))),
                       queen="covered", potted=True)
    assert bench.plan_shots(bench.GAME, "south", layout=state.layout, aims=bench.aims(state)) == []
    assert bench.stirs(state) == []
    facts = {}
    choice = bench.choose(state, 0.0, random.Random(0), facts=facts)
    assert facts["kind"] == "sweep"
    shot = simulate(state.layout, Strike.from_seat(Seat.SOUTH, choice.along, choice.angle, choice.speed))
    after = rule(state, ShotFacts.of_shot(shot))
    assert after.down == state.down + 1
