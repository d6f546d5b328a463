"""Learning to clear the board with the cross-entropy method, in NumPy (docs/research.md).

    python -m carrom.envs.cem                       # the documented run, curve to ./research-cem.png
    python -m carrom.envs.cem --iterations 5 --plot curve.png

The policy is linear in six features of the observation, squashed into the action box:
``action = tanh(θ · φ)``, θ a 3 × 6 matrix. φ: a constant, the position (x, y, in the
player's frame) of the coin nearest the middle of its baseline, the centroid (x, y) of the
coins on the board, and the fraction of the 19 pieces still on it.

Each iteration draws ``population`` matrices from a diagonal Gaussian, plays each on
``episodes`` boards for ``strokes`` strokes — all the boards at once in
``ClearBoardVectorEnv`` (the breaks share one ``simulate_batch`` call) — and moves the
Gaussian halfway to the mean and spread of the ``elites`` best. Under execution noise every iteration's boards use a fresh
seed, so the score is the policy's, not one lucky draw's. The baseline is uniform random
actions on the same number of strokes.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass, field

import numpy as np

from carrom.envs.spaces import DEFAULT_PHYSICS
from carrom.envs.vector import ClearBoardVectorEnv

FEATURES = 6
BASELINE = np.array([0.0, -0.7])  # the middle of the player's baseline, in the observation's units


def features(discs: np.ndarray) -> np.ndarray:
    """φ for a batch of disc rows (N, 19, 3) -> (N, 6)."""
    on = discs[:, :18, 2] > 0
    xy = discs[:, :18, :2]
    count = on.sum(axis=1)
    dist = np.where(on, np.linalg.norm(xy - BASELINE, axis=2), np.inf)
    near = xy[np.arange(len(discs)), dist.argmin(axis=1)] * (count > 0)[:, None]
    centroid = (xy * on[:, :, None]).sum(axis=1) / np.maximum(count, 1)[:, None]
    left = (count + (discs[:, 18, 2] > 0)) / 19.0
    return np.column_stack([np.ones(len(discs)), near, centroid, left])


def act(thetas: np.ndarray, phi: np.ndarray) -> np.ndarray:
    """Actions (N, 3) of N policies (N, 3, 6) on their features (N, 6)."""
    return np.tanh(np.einsum("naf,nf->na", thetas, phi))


def play(thetas: np.ndarray | None, boards: int, strokes: int, seed: int, noise: float,
         physics: str = DEFAULT_PHYSICS) -> np.ndarray:
    """Pieces cleared by each board's policy in one episode of ``strokes`` (None: random actions)."""
    env = ClearBoardVectorEnv(boards, noise=noise, max_strokes=strokes, physics=physics)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = np.zeros(boards)
    live = np.ones(boards, dtype=bool)
    for _ in range(strokes):
        actions = rng.uniform(-1, 1, (boards, 3)) if thetas is None else act(thetas, features(obs["discs"]))
        obs, reward, term, trunc, _ = env.step(actions)
        total += reward * live
        live &= ~(term | trunc)
        if not live.any():
            break
    return total


@dataclass
class History:
    mean: list[float] = field(default_factory=list)  # mean pieces cleared by the population
    elite: list[float] = field(default_factory=list)  # mean of the elites
    policy: list[float] = field(default_factory=list)  # the distribution's mean policy, on fresh boards


def cem(iterations: int = 20, population: int = 32, elites: int = 6, strokes: int = 10, noise: float = 1.0,
        seed: int = 0, evaluation_boards: int = 32, episodes: int = 4, sigma0: float = 0.3,
        smoothing: float = 0.5, physics: str = DEFAULT_PHYSICS) -> tuple[np.ndarray, History]:
    """The mean policy after ``iterations``, and the learning curve.

    Each candidate plays ``episodes`` boards (its score is their mean); the Gaussian moves
    to the elites' mean and spread, keeping ``smoothing`` of the old values.
    """
    rng = np.random.default_rng(seed)
    mu = np.zeros((3, FEATURES))
    sigma = np.full((3, FEATURES), sigma0)
    history = History()
    for it in range(iterations):
        thetas = mu + sigma * rng.standard_normal((population, 3, FEATURES))
        scores = play(np.repeat(thetas, episodes, axis=0), population * episodes, strokes, seed * 1000 + it,
                      noise, physics).reshape(population, episodes).mean(axis=1)
        best = thetas[np.argsort(scores)[-elites:]]
        mu = smoothing * mu + (1 - smoothing) * best.mean(axis=0)
        sigma = smoothing * sigma + (1 - smoothing) * (best.std(axis=0) + 0.02)
        history.mean.append(float(scores.mean()))
        history.elite.append(float(np.sort(scores)[-elites:].mean()))
        policy = play(np.repeat(mu[None], evaluation_boards, axis=0), evaluation_boards, strokes,
                      10**6 + seed * 1000 + it, noise, physics)
        history.policy.append(float(policy.mean()))
    return mu, history


def random_baseline(boards: int, strokes: int, noise: float, seed: int, physics: str = DEFAULT_PHYSICS) -> float:
    return float(play(None, boards, strokes, 10**6 + seed, noise, physics).mean())


def plot(history: History, baseline: float, path: str, strokes: int, noise: float,
         physics: str = DEFAULT_PHYSICS) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.6))
    x = np.arange(1, len(history.mean) + 1)
    ax.plot(x, history.policy, "o-", label="mean policy (fresh boards)")
    ax.plot(x, history.elite, "--", label="elites")
    ax.plot(x, history.mean, ":", label="population")
    ax.axhline(baseline, color="grey", label="random actions")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel("iteration")
    ax.set_ylabel(f"pieces cleared in {strokes} strokes")
    ax.set_title(f"Cross-entropy method on carrom/ClearBoard-v0 (noise {noise:g}, physics {physics})", fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="The cross-entropy method on carrom/ClearBoard-v0")
    ap.add_argument("--iterations", type=int, default=20)
    ap.add_argument("--population", type=int, default=32)
    ap.add_argument("--elites", type=int, default=6)
    ap.add_argument("--strokes", type=int, default=10)
    ap.add_argument("--noise", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", default="research-cem.png", help="where the curve goes (its folder must exist)")
    ap.add_argument("--physics", default=DEFAULT_PHYSICS, help=f"physics model (default {DEFAULT_PHYSICS})")
    args = ap.parse_args(argv)
    if not os.path.isdir(os.path.dirname(os.path.abspath(args.plot))):  # say so now, not after the whole run
        ap.error(f"--plot: no folder {os.path.dirname(os.path.abspath(args.plot))}")
    start = time.perf_counter()
    print(f"physics {args.physics}, seed {args.seed}; load average {os.getloadavg()[0]:.2f}", flush=True)
    _mu, history = cem(args.iterations, args.population, args.elites, args.strokes, args.noise, args.seed,
                       physics=args.physics)
    baseline = random_baseline(64, args.strokes, args.noise, args.seed, args.physics)
    print(f"random actions: {baseline:.2f} pieces in {args.strokes} strokes")
    for i, (m, e, p) in enumerate(zip(history.mean, history.elite, history.policy), start=1):
        print(f"iteration {i:2d}: population {m:5.2f}  elites {e:5.2f}  mean policy {p:5.2f}")
    plot(history, baseline, args.plot, args.strokes, args.noise, args.physics)
    print(f"learning curve: {args.plot}; {time.perf_counter() - start:.0f} s, load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
