"""A learning baseline others can beat (issue 41): Stable-Baselines3's PPO on the clear-the-board task and on a
singles board against a bot, over several seeds, with the learning curve and its 95 % intervals.

Run (docs/research.md, "A learning baseline"):
    .venv/bin/python benchmarks/baseline_ppo.py clearboard --steps 100000 --seeds 0 1 2 --plot ppo-clearboard.png
    .venv/bin/python benchmarks/baseline_ppo.py singles --opponent beginner --steps 100000 --seeds 0 1 2

Each seed trains one policy (SB3's defaults for PPO, ``MultiInputPolicy`` on the Dict observation, on the CPU),
and every ``--every`` steps its deterministic policy plays ``--boards`` fresh boards, the same for every seed and
checkpoint (seeds 10**6 + i, never trained on); random actions play the same boards. The clear-the-board task is
the learning curve's (docs/research.md, "A complete example that learns"): noise 1, ten strokes, the pieces
cleared. The singles board is one board of the ICF laws against the bot, scored by the agent's points minus the
bot's (the board's winner gets the points, ICF 53) and by the share of boards won.

Printed: the package's version, the physics and its board, then a row a checkpoint: the mean over seeds and the
95 % t-interval over seeds, with random actions beside it. ``--json`` writes the same figures; ``--plot`` draws
the curve.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import gymnasium as gym
import numpy as np

import carrom
import carrom.envs  # noqa: F401  (registers the ids)

TASKS = ("clearboard", "singles")
EVAL_SEED = 10**6


@dataclass
class Curve:
    """One task's learning curve: per checkpoint, the score of every seed's policy on the evaluation boards."""

    task: str
    steps: list[int] = field(default_factory=list)
    scores: dict[int, list[float]] = field(default_factory=dict)  # seed -> score at each checkpoint
    wins: dict[int, list[float]] = field(default_factory=dict)  # singles: seed -> share of boards won
    random_score: float = math.nan
    random_wins: float = math.nan


def make_env(task: str, opponent: str):
    if task == "clearboard":
        return gym.make("carrom/ClearBoard-v0", noise=1.0, max_episode_steps=10)
    return gym.make("carrom/Singles-v1", opponent=opponent, noise=1.0, episode="board")


def evaluate(policy, task: str, opponent: str, boards: int) -> tuple[float, float]:
    """The mean return over the evaluation boards and the share of them won (singles; NaN for clearing)."""
    env = make_env(task, opponent)
    returns, won = [], []
    for i in range(boards):
        obs, _info = env.reset(seed=EVAL_SEED + i)
        env.action_space.seed(EVAL_SEED + i)
        total, done = 0.0, False
        while not done:
            action = env.action_space.sample() if policy is None else policy.predict(obs, deterministic=True)[0]
            obs, reward, terminated, truncated, _info = env.step(action)
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
        won.append(total > 0)
    env.close()
    return float(np.mean(returns)), float(np.mean(won)) if task == "singles" else math.nan


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % t-interval (0 for one seed)."""
    from scipy import stats

    v = np.asarray(values, dtype=float)
    if len(v) < 2:
        return float(v.mean()), 0.0
    return float(v.mean()), float(stats.t.ppf(0.975, len(v) - 1) * v.std(ddof=1) / math.sqrt(len(v)))


def train(task: str, opponent: str, steps: int, every: int, seeds: list[int], boards: int, say=print) -> Curve:
    from stable_baselines3 import PPO

    curve = Curve(task, steps=list(range(every, steps + 1, every)))
    curve.random_score, curve.random_wins = evaluate(None, task, opponent, boards)
    for seed in seeds:
        env = make_env(task, opponent)
        model = PPO("MultiInputPolicy", env, seed=seed, verbose=0, device="cpu")
        curve.scores[seed], curve.wins[seed] = [], []
        start = time.perf_counter()
        for done in curve.steps:
            model.learn(every, reset_num_timesteps=False)
            score, wins = evaluate(model, task, opponent, boards)
            curve.scores[seed].append(score)
            curve.wins[seed].append(wins)
            say(f"  seed {seed}: {done:>7} steps  {score:6.2f}" + (f"  won {wins:4.0%}" if task == "singles" else "")
                + f"  ({time.perf_counter() - start:.0f} s)")
        env.close()
    return curve


def report(curve: Curve) -> list[str]:
    unit = "pieces cleared in 10 strokes" if curve.task == "clearboard" else "points (agent - bot) a board"
    lines = [f"{curve.task}: {unit}; random actions {curve.random_score:.2f}"
             + (f", won {curve.random_wins:.0%}" if curve.task == "singles" else "")]
    for i, steps in enumerate(curve.steps):
        mean, half = interval([s[i] for s in curve.scores.values()])
        row = f"{steps:>8} steps: {mean:6.2f} ± {half:.2f}"
        if curve.task == "singles":
            w_mean, w_half = interval([w[i] for w in curve.wins.values()])
            row += f"   won {w_mean:.0%} ± {w_half:.0%}"
        lines.append(row)
    return lines


def plot(curve: Curve, path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    means, halves = zip(*(interval([s[i] for s in curve.scores.values()]) for i in range(len(curve.steps))))
    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    ax.plot(curve.steps, means, marker="o", label=f"PPO, mean of {len(curve.scores)} seeds")
    ax.fill_between(curve.steps, np.subtract(means, halves), np.add(means, halves), alpha=0.25, label="95 % interval")
    for seed, scores in curve.scores.items():
        ax.plot(curve.steps, scores, lw=0.7, alpha=0.5, color="grey")
    ax.axhline(curve.random_score, color="black", ls="--", lw=1, label="random actions")
    ax.set_xlabel("training steps (strokes)")
    ax.set_ylabel("pieces cleared in 10 strokes" if curve.task == "clearboard" else "points a board, agent - bot")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("task", choices=TASKS)
    ap.add_argument("--steps", type=int, default=100_000, help="training steps per seed")
    ap.add_argument("--every", type=int, default=10_000, help="steps between two evaluations")
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    ap.add_argument("--boards", type=int, default=32, help="evaluation boards at each checkpoint")
    ap.add_argument("--opponent", default="beginner", help="singles: the bot (docs/players.md)")
    ap.add_argument("--plot", type=Path, help="where the curve goes (PNG)")
    ap.add_argument("--json", type=Path, help="where the figures go")
    args = ap.parse_args(argv)
    for name in ("steps", "every", "boards"):
        if getattr(args, name) < 1:
            ap.error(f"--{name}: at least 1, not {getattr(args, name)}")
    if args.every > args.steps:
        ap.error(f"--every: at most --steps ({args.steps}), not {args.every}")
    if args.steps % args.every:
        ap.error(f"--steps: a multiple of --every ({args.every}), not {args.steps}")
    for name in ("plot", "json"):
        path = getattr(args, name)
        if path is not None and not path.resolve().parent.is_dir():
            ap.error(f"--{name}: no folder {path.resolve().parent}")
    from carrom.envs.match import OPPONENTS

    if args.opponent not in OPPONENTS:
        ap.error(f"--opponent: one of {', '.join(OPPONENTS)}, not {args.opponent!r}")
    probe = make_env(args.task, args.opponent)
    _obs, info = probe.reset(seed=0)
    probe.close()
    print(f"carrom {carrom.__version__}; {args.task}" + (f" against {args.opponent}" if args.task == "singles" else "")
          + f"; physics {info['physics']} ({info['board_speed']}); seeds {args.seeds}; {args.steps} steps each;"
          f" load average {os.getloadavg()[0]:.2f}", flush=True)
    start = time.perf_counter()
    curve = train(args.task, args.opponent, args.steps, args.every, args.seeds, args.boards,
                  say=lambda line: print(line, flush=True))
    for line in report(curve):
        print(line)
    print(f"{time.perf_counter() - start:.0f} s, load average {os.getloadavg()[0]:.2f}")
    if args.json:
        args.json.write_text(json.dumps({
            "carrom": carrom.__version__, "task": args.task, "opponent": args.opponent if args.task == "singles" else None,
            "physics": info["physics"], "board_speed": info["board_speed"], "boards": args.boards,
            "steps": curve.steps, "scores": curve.scores, "wins": curve.wins if args.task == "singles" else None,
            "random": curve.random_score, "random_wins": curve.random_wins if args.task == "singles" else None,
        }, indent=1))
    if args.plot:
        what = ("clear the board, noise 1" if args.task == "clearboard" else f"a singles board against {args.opponent}")
        plot(curve, args.plot, f"PPO (Stable-Baselines3) on {what}, physics {info['physics']}")
        print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    sys.exit(main())
