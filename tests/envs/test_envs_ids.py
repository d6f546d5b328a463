"""An environment id means one thing for ever (docs/releasing.md): each id's seeded episode is
pinned bit for bit (env_traces.py), and ClearBoard-v1 penalises a board lost by ICF 107."""

import json

import gymnasium as gym
import pytest
from env_traces import DATA, trace

import carrom
from carrom.envs import MAX_STROKES
from carrom.envs import clearboard as C
from carrom.physics import physics_model

TRACES = json.loads(DATA.read_text())


@pytest.mark.parametrize("name", sorted(TRACES))
def test_each_id_keeps_its_trace(name):
    assert trace(name, steps=len([r for r in TRACES[name] if r[0] != "reset"])) == TRACES[name]


def test_clearboard_v1_plays_as_v0_until_a_board_is_lost():
    """v1 changed only the reward of a lost board: the same seeded episode, the same trace."""
    v1 = trace("carrom/ClearBoard-v1", {"reward": "strokes"})
    assert v1 == TRACES["carrom/ClearBoard-v0 strokes"]


def _last_coin_with_the_queen_on_the_board():
    """A state one coin from the end, the queen still on the board, and the facts of pocketing that coin."""
    start = C.new_state()
    layout = start.layout
    coin = next(d for d in layout.discs if d.kind in C.COIN_KINDS)
    queen = next(d for d in layout.discs if d.kind not in C.COIN_KINDS)
    before = C.ClearState(type(layout)((coin, queen)), potted=True, strokes=30)
    facts = C.ShotFacts((coin.kind,), False, True, True, type(layout)((queen,)))
    return before, C.rule(before, facts)


@pytest.mark.parametrize("reward,v0,v1", [
    ("strokes", -1.0, -1.0 - MAX_STROKES),
    ("pieces", 1.0, 1.0 - 18),  # the board's return is 0: its 18 coins taken back
])
def test_a_lost_board_is_penalised_in_v1_only(reward, v0, v1):
    """ICF 107: the last coin pocketed before the queen loses the board. v0 paid it as any stroke (losing
    paid under "strokes"); v1 costs it MAX_STROKES more, worse than any board not lost, and under "pieces"
    takes back every piece of the board (the episode returns 0)."""
    before, after = _last_coin_with_the_queen_on_the_board()
    assert after.lost and not after.cleared
    assert C.reward_of(before, after, reward) == v0
    assert C.reward_of(before, after, reward, penalise_loss=True) == v1


def test_v1_is_registered_and_names_itself():
    env = gym.make("carrom/ClearBoard-v1")
    assert env.unwrapped.penalise_loss and not gym.make("carrom/ClearBoard-v0").unwrapped.penalise_loss
    with pytest.raises(ValueError, match="ClearBoard-v1 takes no reset options"):
        env.reset(options={"x": 1})


@pytest.mark.parametrize("env_id", ["carrom/ClearBoard-v0", "carrom/ClearBoard-v1", "carrom/Singles-v0",
                                    "carrom/Singles-v1"])
def test_info_names_the_version_and_the_models_fingerprint(env_id):
    kwargs = {"opponent": "random"} if "Singles" in env_id else {}
    _, info = gym.make(env_id, **kwargs).reset(seed=0)
    assert info["version"] == carrom.__version__
    assert info["fingerprint"] == physics_model("v4").fingerprint
