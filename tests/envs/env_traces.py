"""The golden traces: a seeded episode per registered environment id, whose every step
(reward, ends, the info's counts, the observation) must never drift, bit for bit: an id
keeps its dynamics, spaces and rewards for ever (docs/releasing.md; test_envs_ids.py).

``python tests/envs/env_traces.py`` writes data/env_traces.json from the environments as
they are: run it only to add a new id (``--add ID``); an id already stored keeps its trace.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np

import carrom.envs  # noqa: F401  (registers the ids)

DATA = Path(__file__).parent / "data" / "env_traces.json"
STEPS = 12
CASES = {
    "carrom/ClearBoard-v0": {},
    "carrom/ClearBoard-v0 strokes": {"reward": "strokes"},
    "carrom/ClearBoard-v1 strokes": {"reward": "strokes"},
    "carrom/Singles-v0": {"opponent": "beginner"},
    "carrom/Singles-v1": {"opponent": "beginner"},
}
"""Trace name → the keyword arguments of ``gymnasium.make`` (the id is the name's first word)."""


def digest(obs: dict) -> str:
    """A short hash of an observation, key by key, its arrays' bytes as float64."""
    h = hashlib.sha256()
    for key in sorted(obs):
        h.update(key.encode())
        h.update(np.asarray(obs[key], dtype=np.float64).tobytes())
    return h.hexdigest()[:16]


def trace(name: str, kwargs: dict | None = None, steps: int = STEPS) -> list:
    """Each step's (reward, terminated, truncated, strokes or boards, observation digest) of a seeded
    episode with seeded actions, reset (with no seed) when it ends."""
    env_id = name.split()[0]
    env = gym.make(env_id, **(CASES[name] if kwargs is None else kwargs))
    env.action_space.seed(7)
    obs, _ = env.reset(seed=3)
    out = [["reset", digest(obs)]]
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(env.action_space.sample())
        count = info.get("strokes", info.get("boards"))
        out.append([float(reward), bool(term), bool(trunc), int(count), digest(obs)])
        if term or trunc:
            obs, _ = env.reset()
            out.append(["reset", digest(obs)])
    env.close()
    return out


def main(argv: list[str]) -> None:
    stored = json.loads(DATA.read_text()) if DATA.exists() else {}
    names = argv[argv.index("--add") + 1:] if "--add" in argv else list(CASES)
    for name in names:
        if name not in stored:
            stored[name] = trace(name)
    DATA.write_text(json.dumps(stored, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
