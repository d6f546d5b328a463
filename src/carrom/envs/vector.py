"""Clear the board on many boards at once: a Gymnasium ``VectorEnv`` over ``simulate_batch``.

Each step takes one action per board. Boards whose discs lie exactly alike (every board
at the opening, or boards reset together) are simulated in one ``simulate_batch`` call,
on all cores; the others one call each, on one core (a batch of one on all cores costs
more in start-up than it saves). ``simulate_batch`` gives, shot for shot, what
``simulate`` gives, so a board here runs exactly as ``carrom/ClearBoard-v0`` with the same
strikes (tests/envs/test_envs_vector.py checks it).

Autoreset as Gymnasium's default (``next-step``): the step after a board's episode ended
resets that board, ignores its action, and returns its first observation with reward 0.
Episodes are truncated after ``max_strokes`` steps, as the registered env's TimeLimit does.
``penalise_loss=True`` gives ClearBoard-v1's reward (a board lost by ICF 107 penalised), the
default False v0's. ``physics``, ``board_speed`` and ``directions`` as ``carrom/ClearBoard-v0``'s (the model and the
board's speed are the attributes ``physics`` and ``board_speed``; the infos are arrays, one entry
per board, and do not repeat them; the model's fingerprint is ``params.fingerprint``).
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from carrom.envs import MAX_STROKES
from carrom.envs import clearboard as C
from carrom.envs import spaces as S
from carrom.equipment import Seat as EqSeat, legal_intervals
from carrom.physics import Strike, simulate_batch

OPENING_LEGAL = legal_intervals(EqSeat.SOUTH, C.new_state().layout)
PARALLEL_FROM = 8
"""Boards in one layout from which the batch runs on all cores."""


class ClearBoardVectorEnv(VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int, noise: float = 0.0, reward: str = "pieces",
                 max_strokes: int = MAX_STROKES, physics: str = S.DEFAULT_PHYSICS, directions: str = "all",
                 board_speed: str | None = None, penalise_loss: bool = False) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number ≥ 1, got {num_envs!r}")
        if isinstance(max_strokes, bool) or not isinstance(max_strokes, int) or max_strokes < 1:
            raise ValueError(f"max_strokes must be a whole number ≥ 1, got {max_strokes!r}")
        self.num_envs = num_envs
        if not isinstance(penalise_loss, bool):
            raise ValueError(f"penalise_loss must be True (ClearBoard-v1's reward) or False (v0's), got {penalise_loss!r}")
        self.penalise_loss = penalise_loss
        self.noise, self.reward = S.check_noise(noise), C.check_reward(reward)
        self.max_strokes = max_strokes
        self.params, self.physics = S.check_physics(physics, board_speed), physics
        self.board_speed = S.speed_of(self.params)
        self.max_angle, self.directions = S.check_directions(directions), directions
        self.single_action_space = S.action_space()
        self.single_observation_space = C.observation_space()
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.states = [C.new_state() for _ in range(num_envs)]
        self.legal = [OPENING_LEGAL] * num_envs
        self.steps = np.zeros(num_envs, dtype=np.int64)
        self._done = np.zeros(num_envs, dtype=bool)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if options:
            raise ValueError(f"ClearBoardVectorEnv takes no reset options, got {sorted(options)}")
        self.states = [C.new_state() for _ in range(self.num_envs)]
        self.legal = [OPENING_LEGAL] * self.num_envs
        self.steps[:] = 0
        self._done[:] = False
        return self._observe(), self._infos()

    def step(self, actions):
        actions = np.asarray(actions, dtype=np.float64)
        if actions.shape != (self.num_envs, 3):
            raise ValueError(f"actions must have shape ({self.num_envs}, 3): position, angle, power per board; "
                             f"got {actions.shape}")
        rewards = np.zeros(self.num_envs)
        terminated = np.zeros(self.num_envs, dtype=bool)
        truncated = np.zeros(self.num_envs, dtype=bool)
        groups: dict = defaultdict(list)
        rows: dict[int, tuple] = {}
        for k in range(self.num_envs):
            if self._done[k]:
                continue
            layout = self.states[k].layout
            try:
                rows[k] = S.to_strike(actions[k], self.legal[k], self.noise, self.np_random, self.params.max_speed,
                                      self.max_angle)
            except ValueError as exc:
                raise ValueError(f"board {k}: {exc}") from None
            groups[layout].append(k)
        for layout, boards in groups.items():
            strikes = [Strike.from_seat(EqSeat.SOUTH, *rows[k]) for k in boards]
            batch = simulate_batch(layout, strikes, self.params, parallel=len(boards) >= PARALLEL_FROM)
            for j, k in enumerate(boards):
                before = self.states[k]
                self.states[k] = C.rule(before, C.ShotFacts.of_batch(batch, j))
                self.legal[k] = legal_intervals(EqSeat.SOUTH, self.states[k].layout)
                self.steps[k] += 1
                rewards[k] = C.reward_of(before, self.states[k], self.reward, self.penalise_loss)
                terminated[k] = self.states[k].over
                truncated[k] = not terminated[k] and (self.steps[k] >= self.max_strokes or not self.legal[k])
        for k in np.nonzero(self._done)[0]:  # next-step autoreset
            self.states[k] = C.new_state()
            self.legal[k] = OPENING_LEGAL
            self.steps[k] = 0
        self._done = terminated | truncated
        return self._observe(), rewards, terminated, truncated, self._infos()

    def _observe(self) -> dict:
        obs = [C.observe(s) for s in self.states]
        return {
            "discs": np.stack([o["discs"] for o in obs]),
            "queen": np.array([o["queen"] for o in obs], dtype=np.int64),
            "dues": np.array([o["dues"] for o in obs], dtype=np.int64),
        }

    def _infos(self) -> dict:
        """ClearBoard-v0's info, board by board: the counts, ``lost`` and the legal positions (stacked)."""
        legal = [S.legal_info(intervals) for intervals in self.legal]
        return {"strokes": np.array([s.strokes for s in self.states]),
                "down": np.array([s.down for s in self.states]),
                "cleared": np.array([s.cleared for s in self.states]),
                "lost": np.array([s.lost for s in self.states]),
                **{key: np.stack([row[key] for row in legal]) for key in ("legal", "legal_m", "legal_mask")}}
