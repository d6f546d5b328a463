"""Gymnasium's own vector wrappers run the environments: ``gymnasium.make_vec`` sync and async.

The wrappers stack every info key into one array per key, so each key must keep its shape
from board to board; ``info["legal"]`` once listed only the intervals in use and changed
shape as soon as a coin came to lie on the baseline (issue 22). Each vector run is checked
against the same environments stepped one by one: same observations, rewards, ends and
legal intervals, through episodes that end (a short time limit) and the autoreset after.
"""

import gymnasium as gym
import numpy as np
import pytest

import carrom.envs  # noqa: F401  (registers the ids)
from carrom.envs import spaces as S

CASES = {
    "carrom/ClearBoard-v0": {"max_episode_steps": 5, "noise": 1.0},
    "carrom/Singles-v0": {"max_episode_steps": 6, "opponent": "random", "first_breaker": "agent"},
}
BOARDS = 2
STEPS = 14  # every board through two episodes and into a third


def _legal(info, k=None):
    legal = info["legal"] if k is None else info["legal"][k]
    mask = info["legal_mask"] if k is None else info["legal_mask"][k]
    return legal[mask]


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("env_id", list(CASES))
def test_make_vec_runs_whole_episodes_as_the_single_environment_does(env_id, mode):
    kwargs = CASES[env_id]
    vec = gym.make_vec(env_id, num_envs=BOARDS, vectorization_mode=mode, **kwargs)
    singles = [gym.make(env_id, **kwargs) for _ in range(BOARDS)]
    rng = np.random.default_rng(0)
    try:
        obs, info = vec.reset(seed=7)
        alone = [env.reset(seed=7 + k) for k, env in enumerate(singles)]
        done = [False] * BOARDS
        ended = [0] * BOARDS
        varied = False
        for _ in range(STEPS):
            actions = rng.uniform(-1, 1, (BOARDS, 3)).astype(np.float32)
            obs, reward, term, trunc, info = vec.step(actions)
            assert info["legal"].shape == (BOARDS, S.MAX_LEGAL, 2) and info["legal_mask"].shape == (BOARDS, S.MAX_LEGAL)
            for k, env in enumerate(singles):
                if done[k]:  # next-step autoreset: this step restarted the board, its action ignored
                    o, i = env.reset()
                    r, te, tr = 0.0, False, False
                else:
                    o, r, te, tr, i = env.step(actions[k])
                assert np.array_equal(obs["discs"][k], o["discs"])
                assert (reward[k], term[k], trunc[k]) == (r, te, tr)
                assert np.array_equal(_legal(info, k), _legal(i))
                assert np.array_equal(info["legal_m"][k][info["legal_mask"][k]], i["legal_m"][i["legal_mask"]])
                assert info["physics"][k] == i["physics"] == S.DEFAULT_PHYSICS
                varied |= len(_legal(i)) != 3  # a coin on the baseline: the shape that once broke the wrappers
                done[k] = te or tr
                ended[k] += te or tr
        assert all(n >= 2 for n in ended), ended
        assert varied  # the run met the case that once broke the wrappers
    finally:
        vec.close()
        for env in singles:
            env.close()


def test_the_legal_info_has_one_shape_however_many_intervals():
    """Any number of intervals up to ``MAX_LEGAL`` (22: three stretches on an empty baseline, ICF 130, and one more
    for each of the 19 pieces in the way, ICF 134) gives the same shapes, the intervals first under the mask."""
    few = S.legal_info(((-0.1, 0.1),))
    many = S.legal_info(tuple((k / 100, k / 100 + 0.005) for k in range(S.MAX_LEGAL)))
    for info in (few, many):
        assert info["legal"].shape == info["legal_m"].shape == (S.MAX_LEGAL, 2)
        assert info["legal_mask"].shape == (S.MAX_LEGAL,)
    assert few["legal_mask"].sum() == 1 and np.allclose(few["legal_m"][0], (-0.1, 0.1))
    assert np.allclose(few["legal"][0], (-0.1 / S.ALONG_MAX, 0.1 / S.ALONG_MAX))
    assert many["legal_mask"].all() and not few["legal_m"][1:].any()
