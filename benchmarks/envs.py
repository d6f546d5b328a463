"""Steps per second of the research environments, single and vectorized.

    python benchmarks/envs.py             # a few minutes
    python benchmarks/envs.py --steps 500 --repeat 1  # a quick look

Random actions, seeded; each figure is the best of ``--repeat`` runs (the least disturbed
by other work on the machine). A *step* is one stroke of the agent on one board (for Singles-v0
it includes the bot's replies). Figures:

- ClearBoard-v0, Singles-v0 (against the random bot and the intermediate bot), the
  PettingZoo environment in doubles: ``steps/s`` of one environment;
- ClearBoardVectorEnv with N boards: board-steps per second over whole episodes, and on
  the breaks alone (every board at the opening: one ``simulate_batch`` call for all);
- ``gymnasium.make_vec`` of ClearBoard-v0, sync and async, with N boards: board-steps per
  second over whole episodes, to set beside the project's own vector environment.
"""

from __future__ import annotations

import argparse
import time

import gymnasium as gym
import numpy as np

import carrom.envs  # noqa: F401
from carrom.envs.aec import CarromAEC
from carrom.envs.vector import ClearBoardVectorEnv


def single(make, steps: int) -> float:
    env = make()
    env.reset(seed=0)
    env.action_space.seed(0)
    env.step(env.action_space.sample())  # compile and warm the caches
    t = time.perf_counter()
    for _ in range(steps):
        _obs, _r, term, trunc, _info = env.step(env.action_space.sample())
        if term or trunc:
            env.reset()
    return steps / (time.perf_counter() - t)


def aec(steps: int) -> float:
    env = CarromAEC(players=4)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    t = time.perf_counter()
    for _ in range(steps):
        if all(env.terminations.values()):
            env.reset()
        env.step(rng.uniform(-1, 1, 3).astype(np.float32))
    return steps / (time.perf_counter() - t)


def vector(n: int, steps: int) -> tuple[float, float]:
    env = ClearBoardVectorEnv(n)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    env.step(rng.uniform(-1, 1, (n, 3)))
    t = time.perf_counter()
    rounds = max(1, steps // n)
    for _ in range(rounds):
        env.step(rng.uniform(-1, 1, (n, 3)))
    episodes = rounds * n / (time.perf_counter() - t)
    breaks_done = 0
    t = time.perf_counter()
    for _ in range(max(1, rounds // 10)):
        env.reset(seed=0)
        actions = rng.uniform(-1, 1, (n, 3))
        actions[:, 2] = 1.0
        env.step(actions)
        breaks_done += n
    return episodes, breaks_done / (time.perf_counter() - t)


def gym_vector(mode: str, n: int, steps: int) -> float:
    env = gym.make_vec("carrom/ClearBoard-v0", num_envs=n, vectorization_mode=mode)
    rng = np.random.default_rng(0)
    try:
        env.reset(seed=0)
        env.step(rng.uniform(-1, 1, (n, 3)).astype(np.float32))
        rounds = max(1, steps // n)
        t = time.perf_counter()
        for _ in range(rounds):
            env.step(rng.uniform(-1, 1, (n, 3)).astype(np.float32))
        return rounds * n / (time.perf_counter() - t)
    finally:
        env.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    n = args.steps

    def best(measure):
        runs = [measure() for _ in range(args.repeat)]
        return tuple(max(r[i] for r in runs) for i in range(len(runs[0]))) if isinstance(runs[0], tuple) else max(runs)

    print(f"{'ClearBoard-v0':>34}  {best(lambda: single(lambda: gym.make('carrom/ClearBoard-v0'), n)):8.0f} steps/s")
    for level in ("random", "intermediate"):
        rate = best(lambda: single(lambda: gym.make("carrom/Singles-v0", opponent=level), n // 3))
        print(f"{'Singles-v0 v ' + level:>34}  {rate:8.0f} steps/s")
    print(f"{'PettingZoo AEC, doubles':>34}  {best(lambda: aec(n // 3)):8.0f} steps/s")
    breaks = best(lambda: single(_breaks_only, max(1, n // 10)))
    print(f"{'ClearBoard-v0, breaks only':>34}  {breaks:8.0f} steps/s")
    for boards in (16, 64, 256):
        episodes, on_breaks = best(lambda: vector(boards, n))
        print(f"{f'ClearBoardVectorEnv({boards})':>34}  {episodes:8.0f} steps/s   breaks only: {on_breaks:8.0f} steps/s")
    for mode in ("sync", "async"):
        for boards in (2, 16):
            rate = best(lambda: gym_vector(mode, boards, n))
            print(f"{f'make_vec {mode}, {boards} boards':>34}  {rate:8.0f} steps/s")


class _BreaksOnly(gym.Wrapper):
    """Every step from the opening, at full power: the single env's counterpart of the vector's breaks."""

    def step(self, action):
        action = np.array(action, dtype=np.float32)
        action[2] = 1.0
        self.env.reset()
        return self.env.step(action)


def _breaks_only():
    return _BreaksOnly(gym.make("carrom/ClearBoard-v0"))


if __name__ == "__main__":
    main()
