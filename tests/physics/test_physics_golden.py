"""The golden shots (data/golden_shots.json, computed before the speed work of issue 12; v4's
board speeds added in issue 41): every model's outcome of 40 fixed strokes, eight of them breaks, must stay the same bit
for bit, through ``simulate`` and through ``simulate_batch`` (both cores and one)."""

import json

import numpy as np
import pytest
from golden_shots import DATA, layout_from_json, play

from carrom.physics import MODELS, Strike, physics_model, simulate_batch
from carrom.physics.params import BOARD_SPEEDS

SHOTS = json.loads(DATA.read_text())["shots"]
NAMES = sorted(MODELS) + sorted(BOARD_SPEEDS)
"""Every published model name, v4's board speeds too: each keeps its outcomes bit for bit."""


@pytest.mark.parametrize("model", NAMES)
@pytest.mark.parametrize("shot", SHOTS, ids=[s["name"] for s in SHOTS])
def test_simulate_gives_the_golden_outcome(shot, model):
    got = play(layout_from_json(shot["layout"]), Strike(*shot["strike"]), model)
    expected = shot["expected"][model]
    # Field by field first, so that a drift names what moved; then the whole.
    for field in ("n_events", "events_kind_bodies", "pocket_of", "first_contact", "final_positions", "pocket_time"):
        assert got[field] == expected[field], field
    assert got == expected


@pytest.mark.parametrize("parallel", [True, False])
@pytest.mark.parametrize("model", NAMES)
def test_batch_gives_the_golden_outcome(model, parallel):
    breaks = [s for s in SHOTS if s["name"].startswith("break")]
    layout = layout_from_json(breaks[0]["layout"])
    batch = simulate_batch(layout, np.array([s["strike"] for s in breaks]), physics_model(model), parallel=parallel)
    for k, shot in enumerate(breaks):
        expected = shot["expected"][model]
        final = [None if np.isnan(v) else v for v in batch.final_positions[k].ravel().tolist()]
        assert final == expected["final_positions"], shot["name"]
        assert batch.pocket_of[k].tolist() == expected["pocket_of"], shot["name"]
        assert batch.n_events[k] == expected["n_events"], shot["name"]
        assert batch.iterations[k] == expected["iterations"], shot["name"]
        assert batch.first_contact[k] == (-1 if expected["first_contact"] is None else expected["first_contact"])
        assert batch.striker_max_displacement[k] == expected["striker_max_displacement"]
