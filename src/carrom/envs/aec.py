"""A PettingZoo AEC environment: singles (2 agents) or doubles (4), every stroke by an agent.

Agents are the seats (``south``, ``north``; with ``east``, ``west`` in doubles; partners
sit opposite, ICF 28). ``agent_selection`` is always the seat the laws wait for to strike
(``Game.expected``): the turn continues after an own coin (ICF 48), passes to the right
(ICF 49 b, so it alternates between the sides in doubles), and the break passes after the
breaker's three attempts (ICF 45). Placements, claims and the tie-break toss are made by
the helper (``carrom.envs.match``). Spaces and rewards are ``carrom.envs.match``'s, each
agent seeing the board from its own seat; both partners get their side's reward.

Options: ``players`` (2 or 4), ``rules``, ``episode`` (``board``, ``game``, ``match``),
``noise`` (every agent's hand), ``first_breaker`` (a seat; also a ``reset`` option),
``physics`` (a model of ``carrom.physics.MODELS``) and ``board_speed`` (``slow``, ``medium``,
``fast``: v4's presets), the pair named in the match's record (``v4-slow``),
``directions`` (``all`` or ``forward``, ``carrom.envs.spaces``), ``render_mode``.
"""

from __future__ import annotations

import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from carrom.envs import match as M
from carrom.envs import render as frames
from carrom.envs import spaces as S
from carrom.game import Game
from carrom.rules import Expect, Seat

# the agents' names are the seats' values (PettingZoo's agents are strings): singles opposite (ICF 27), doubles all four
SEATS = {2: (Seat.SOUTH.value, Seat.SOUTH.opposite.value), 4: tuple(seat.value for seat in Seat)}


def env(**kwargs) -> AECEnv:
    """The environment with PettingZoo's order-enforcing wrapper (a step before reset is refused)."""
    return wrappers.OrderEnforcingWrapper(CarromAEC(**kwargs))


class CarromAEC(frames.BoardRendering, AECEnv):
    metadata = {"render_modes": list(frames.RENDER_MODES), "name": "carrom_v0", "is_parallelizable": False,
                "render_fps": 4}

    def __init__(self, players: int = 2, rules: str = "icf", episode: str = "board", noise: float = 0.0,
                 first_breaker: str = Seat.SOUTH.value, render_mode: str | None = None, physics: str = S.DEFAULT_PHYSICS,
                 directions: str = "all", board_speed: str | None = None) -> None:
        super().__init__()
        if players not in SEATS:
            raise ValueError(f"players must be 2 (singles) or 4 (doubles), got {players!r}")
        self.possible_agents = list(SEATS[players])
        self.seats = {a: Seat.named(a) for a in self.possible_agents}  # each agent's name as a Seat, once
        self.first_breaker = M.check_choice("first_breaker", first_breaker, self.possible_agents)
        self.rules = M.check_rules(rules)
        self.episode_kind = M.check_choice("episode", episode, M.EPISODES)
        self.noise = S.check_noise(noise)
        self.params, self.physics = S.check_physics(physics, board_speed), physics
        self.board_speed = S.speed_of(self.params)
        self.max_angle, self.directions = S.check_directions(directions), directions
        self.render_mode = frames.check_mode(render_mode)
        self.action_spaces = {a: S.action_space() for a in self.possible_agents}
        self.observation_spaces = {a: M.observation_space() for a in self.possible_agents}
        self.game: Game | None = None
        self._open_window()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or not hasattr(self, "np_random"):
            self.np_random = np.random.default_rng(seed)
        first = M.check_choice("first_breaker", (options or {}).get("first_breaker", self.first_breaker),
                               self.possible_agents)  # other keys are ignored: PettingZoo's api_test passes some
        self.agents = list(self.possible_agents)
        seeds = self.np_random.integers(2**31, size=len(self.agents)).tolist()
        self.helpers = {a: M.helper(s) for a, s in zip(self.agents, seeds)}
        self.game = Game.new({a: a for a in self.agents}, variant=self.rules, first_breaker=first, params=self.params)
        self.episode = M.Episode(self.game, self.episode_kind)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._advance()
        self.infos = {a: M.info(self.game, self.seats[a], S.physics_info(self.physics, self.params)) for a in self.agents}

    def observe(self, agent):
        return M.observe(self.game, self.seats[agent])

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        along, angle, speed = S.to_strike(action, self.game.legal_intervals(agent), self.noise, self.np_random,
                                          self.params.max_speed, self.max_angle)
        boards = len(self.game.state.results)
        self._cumulative_rewards[agent] = 0.0
        self.game.strike(self.seats[agent], along, angle, speed)
        self._advance()
        per_side = M.rewards(self.game, boards)
        table = self.game.state.table
        self.rewards = {a: per_side[table.side(self.seats[a])] for a in self.agents}
        if self.episode.over:
            self.terminations = {a: True for a in self.agents}
        self.infos = {a: M.info(self.game, self.seats[a], S.physics_info(self.physics, self.params)) for a in self.agents}
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _advance(self) -> None:
        M.advance(self.game, self.helpers, lambda: self.episode.over, self.agents)
        exp = self.game.expected()
        if exp is not None and exp.kind is Expect.STROKE:
            self.agent_selection = exp.seat
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def _view(self):
        return self.game.layout, self.agent_selection
