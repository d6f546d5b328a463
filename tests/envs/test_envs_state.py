"""``env.unwrapped.get_state()`` / ``set_state(state)``: a search agent branches from a saved state and
gets, from the same actions, the very same trace again (issue 41, item 6)."""

import gymnasium as gym
import numpy as np
import pytest
from env_traces import digest

import carrom.envs  # noqa: F401


def _play(env, actions):
    out = []
    for a in actions:
        obs, reward, term, trunc, info = env.step(a)
        out.append((digest(obs), float(reward), term, trunc, info.get("strokes", info.get("boards"))))
        if term or trunc:
            break
    return out


@pytest.mark.parametrize("env_id,kwargs", [
    ("carrom/ClearBoard-v0", {"noise": 1.0}),  # noise draws from the env's generator: it is saved too
    ("carrom/ClearBoard-v1", {}),
    ("carrom/Singles-v0", {"opponent": "beginner", "noise": 1.0, "first_breaker": "agent"}),
])
def test_save_play_restore_gives_the_same_trace(env_id, kwargs):
    env = gym.make(env_id, **kwargs).unwrapped
    env.reset(seed=11)
    rng = np.random.default_rng(2)
    env.step(rng.uniform(-1, 1, 3).astype(np.float32))  # not at the opening
    saved = env.get_state()
    actions = rng.uniform(-1, 1, (4, 3)).astype(np.float32)
    first = _play(env, actions)
    env.set_state(saved)
    again = _play(env, actions)
    env.set_state(saved)  # a state restores more than once
    assert again == first == _play(env, actions)


def test_a_state_from_another_environment_is_refused_and_nothing_changes():
    clear = gym.make("carrom/ClearBoard-v0").unwrapped
    clear.reset(seed=0)
    singles = gym.make("carrom/Singles-v0", opponent="random").unwrapped
    singles.reset(seed=0)
    before = clear.get_state()
    with pytest.raises(ValueError, match="state"):
        clear.set_state(singles.get_state())
    with pytest.raises(ValueError, match="state"):
        clear.set_state("not a state")
    assert clear.get_state() == before
