"""Every published model's fingerprint, pinned: a change of what a model computes (its parameters,
the engine's tolerances, the kernel revision) shows here as well as in its golden shots
(test_physics_golden.py), and is a new model with a new name, never the old name (docs/releasing.md)."""

from dataclasses import replace

import pytest

from carrom.physics import MODELS, physics_model
from carrom.physics.params import BOARD_SPEEDS

PINNED = {
    "v1": "987b4a61cc311a81",
    "v2": "73139425ec74f302",
    "v3": "4d13acf9dd438f97",
    "v4": "efec929ce9a9c488",
    "v4-slow": "217822fb76829881",
    "v4-fast": "329f3c1d6758cc65",
    "v5": "4a3506166ef9153b",
}


def test_every_model_is_pinned():
    assert set(PINNED) == set(MODELS) | set(BOARD_SPEEDS)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_a_models_fingerprint_never_changes(name):
    assert physics_model(name).fingerprint == PINNED[name]


def test_any_change_of_a_parameter_changes_the_fingerprint():
    v4 = physics_model("v4")
    assert len(set(PINNED.values())) == len(PINNED)
    assert replace(v4, mu=0.1000001).fingerprint != v4.fingerprint
    assert replace(v4, max_events=99_999).fingerprint != v4.fingerprint
    assert replace(v4).fingerprint == v4.fingerprint  # a copy is the same model
