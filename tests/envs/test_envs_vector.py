"""The vectorized clear-the-board task: each board exactly as the single environment plays it."""

import numpy as np
import pytest

from carrom.envs.clearboard import ClearBoardEnv
from carrom.envs.vector import ClearBoardVectorEnv


def test_each_board_runs_as_the_single_env():
    n, steps = 4, 8
    vec = ClearBoardVectorEnv(n, max_strokes=5)
    singles = [ClearBoardEnv() for _ in range(n)]
    obs, _ = vec.reset(seed=0)
    for e in singles:
        e.reset(seed=0)
    rng = np.random.default_rng(1)
    done = np.zeros(n, dtype=bool)
    taken = np.zeros(n, dtype=int)
    resets = 0
    for t in range(steps):
        actions = rng.uniform(-1, 1, (n, 3)).astype(np.float32)
        actions[:, 2] = np.where(np.arange(n) % 2 == 0, 1.0, actions[:, 2])  # some full-power breaks
        obs, rewards, term, trunc, info = vec.step(actions)
        for k, e in enumerate(singles):
            if done[k]:
                o, _ = e.reset()  # next-step autoreset
                r, te, tr = 0.0, False, False
                taken[k] = 0
                resets += 1
            else:
                o, r, te, tr, _ = e.step(actions[k])
                taken[k] += 1
                tr = tr or (taken[k] >= 5 and not te)
            assert np.array_equal(obs["discs"][k], o["discs"]), (t, k)
            assert (rewards[k], term[k], trunc[k]) == (r, te, tr)
        done = term | trunc
    assert resets >= n  # every board was truncated after 5 strokes and reset


def test_spaces_and_bad_input():
    vec = ClearBoardVectorEnv(3)
    obs, _ = vec.reset(seed=0)
    assert obs in vec.observation_space and vec.action_space.shape == (3, 3)
    with pytest.raises(ValueError, match=r"actions must have shape \(3, 3\)"):
        vec.step(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="num_envs must be a whole number ≥ 1, got 0"):
        ClearBoardVectorEnv(0)


def test_the_board_speed_option_is_the_single_envs():
    """``board_speed`` as ClearBoard-v0's (v4's presets; ICF I.A.1 bounds a board's speed): the boards run
    as the single environment on the same board, and differently on another."""
    actions = np.tile(np.array([0.0, 0.0, 0.6], dtype=np.float32), (2, 1))
    seen = {}
    for speed in ("slow", "fast"):
        vec = ClearBoardVectorEnv(2, physics="v4", board_speed=speed)
        single = ClearBoardEnv(physics="v4", board_speed=speed)
        assert (vec.physics, vec.board_speed, vec.params) == ("v4", speed, single.params)
        vec.reset(seed=0)
        single.reset(seed=0)
        obs, *_ = vec.step(actions)
        o, *_ = single.step(actions[0])
        assert np.array_equal(obs["discs"][0], o["discs"]) and np.array_equal(obs["discs"][1], o["discs"])
        seen[speed] = o["discs"].tobytes()
    assert seen["slow"] != seen["fast"]
    with pytest.raises(ValueError, match="board_speed 'fast' needs physics 'v4'"):
        ClearBoardVectorEnv(2, physics="v3", board_speed="fast")


def test_infos_carry_legal_and_lost_as_the_single_env():
    """``legal``, ``legal_m``, ``legal_mask`` and ``lost`` (ICF 107), board by board, equal to ClearBoard-v0's
    on the same strikes (issue 41, item 5)."""
    n = 3
    vec = ClearBoardVectorEnv(n)
    singles = [ClearBoardEnv() for _ in range(n)]
    _, infos = vec.reset(seed=0)
    single_infos = [e.reset(seed=0)[1] for e in singles]
    rng = np.random.default_rng(5)
    for t in range(4):
        for k in range(n):
            for key in ("legal", "legal_m", "legal_mask", "lost", "strokes", "down", "cleared"):
                assert np.array_equal(infos[key][k], single_infos[k][key]), (t, k, key)
        actions = rng.uniform(-1, 1, (n, 3)).astype(np.float32)
        _, _, _, _, infos = vec.step(actions)
        single_infos = [e.step(actions[k])[4] for k, e in enumerate(singles)]
    assert infos["legal"].shape == (n, *single_infos[0]["legal"].shape)
