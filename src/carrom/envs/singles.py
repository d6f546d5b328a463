"""``carrom/Singles-v0``: one seat of a singles match against a bot, under the full laws.

Options (keyword arguments of ``gymnasium.make``; ``opponent``, ``first_breaker`` also as
``reset(options=...)``):

- ``rules``: a variant named in ``carrom.rules.RULESETS`` (default ``icf``);
- ``opponent``: ``random`` or a bot level: ``beginner``, ``intermediate`` (default),
  ``advanced``, ``expert``, ``master`` (``carrom.players.levels``, docs/players.md). The bot's
  strokes are most of a step's cost: measured with random actions on the shared two-core
  machine (load 5–6, a few steps each), about 500 steps/s against ``random``, 270 against
  ``beginner``, 200 against ``intermediate``, 7 against ``advanced``, 10 against ``expert``
  and 0.5 against ``master`` (docs/research.md, "Speed"). To train, ``intermediate`` (or
  ``beginner``) is the cheap opponent that still aims; keep the searching bots for evaluation;
- ``episode``: ``board``, ``game`` or ``match`` — the episode ends when that is decided;
- ``seat``: the agent's seat (the opponent sits opposite, ICF 27);
- ``first_breaker``: ``agent``, ``opponent`` or ``random`` (drawn from the env's seed);
- ``noise``: the agent's execution noise, in the bots' units (σ 0.02 rad of aim and 5 % of
  speed per unit);
- ``physics``: the physics model, a name in ``carrom.physics.MODELS`` (default: the
  default model); the match's record names it, as every game's does;
- ``board_speed``: ``slow``, ``medium`` or ``fast``, v4's presets (default: the model's own
  board), ``carrom.envs.spaces.check_physics``; the record names the pair (``v4-slow``);
- ``directions``: ``all`` (default: the angle ``a · π``, backward strokes too) or
  ``forward`` (``a · π/2``), ``carrom.envs.spaces``.

Observation and reward: ``carrom.envs.match``; action: ``carrom.envs.spaces``. The bot
plays its strokes (and everyone's placements and claims are made) inside ``step`` until
the agent is to strike again or the episode is over. An attempt that neither leaves the
baseline nor touches a piece is not a stroke (ICF 127 b): nothing changes, the agent
strikes again.

``carrom/Singles-v1`` (``SinglesV1Env``) holds the agent to the laws' time: ``ATTEMPTS`` attempts
in a row that are no stroke use up the 15 seconds of a stroke or a break, and the referee rules
the time foul (ICF 46, 50: ``Game.out_of_time``); the ``STALLS``-th such clock in a row, no stroke
between them, is the player stopping the match without the umpire's leave: the match is lost
(ICF 143 g, ``Game.stopped``), and paid as a walkover, ``game_points`` for each game the other
side still needed (25 × 2 under the ICF laws), since no board decides it. Under ``-v0``, kept as
it was, those attempts cost nothing, so an agent could stall a board for ever instead of losing
it, and the 500-step truncation returned 0 (a PPO baseline learned exactly that: docs/research.md,
"A learning baseline").

``get_state()`` / ``set_state(state)`` save and restore the whole match, the bots'
generators and the env's, so a search can branch and replay exactly (a TimeLimit
wrapper's step count is the wrapper's own).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import gymnasium as gym

from carrom.envs import match as M
from carrom.envs import render as frames
from carrom.envs import spaces as S
from carrom.game import Game
from carrom.rules import Seat

BREAKERS = ("agent", "opponent", "random")


@dataclass(frozen=True, eq=False)
class SinglesSnapshot:
    """A Singles env's state for ``set_state``: private copies of the match, the players and the generators."""

    saved: tuple


ATTEMPTS = 3
"""Singles-v1: the attempts that are no stroke (ICF 127 b) that use up the 15 seconds of a stroke (ICF 46, 50),
five seconds each (about what setting the striker, aiming and flicking take)."""

STALLS = 3
"""Singles-v1: the clocks run out in a row, no stroke between, after which the agent is stopping the match (ICF 143 g)."""


class SinglesEnv(frames.BoardRendering, gym.Env):
    metadata = {"render_modes": list(frames.RENDER_MODES), "render_fps": 4}
    version = 0
    held_to_time = False  # Singles-v1: attempts counted against the clock, a stall ruled by ICF 143 g

    def __init__(self, render_mode: str | None = None, rules: str = "icf", opponent: str = "intermediate",
                 episode: str = "board", seat: str = Seat.SOUTH.value, first_breaker: str = "random",
                 noise: float = 0.0, physics: str = S.DEFAULT_PHYSICS, directions: str = "all",
                 board_speed: str | None = None) -> None:
        self.render_mode = frames.check_mode(render_mode)
        self.rules = M.check_rules(rules)
        self.opponent = M.check_choice("opponent", opponent, M.OPPONENTS)
        self.episode_kind = M.check_choice("episode", episode, M.EPISODES)
        self.seat = Seat.named(M.check_choice("seat", seat, M.ORDER))  # the argument's name, a Seat from here on
        self.other = self.seat.opposite
        self.first_breaker = M.check_choice("first_breaker", first_breaker, BREAKERS)
        self.noise = S.check_noise(noise)
        self.params, self.physics = S.check_physics(physics, board_speed), physics
        self.board_speed = S.speed_of(self.params)
        self.max_angle, self.directions = S.check_directions(directions), directions
        self.action_space = S.action_space()
        self.observation_space = M.observation_space()
        self.game: Game | None = None
        self._open_window()

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        options = dict(options or {})
        unknown = set(options) - {"opponent", "first_breaker"}
        if unknown:
            raise ValueError(f"unknown reset options {sorted(unknown)}; Singles-v{self.version} takes opponent, "
                             f"first_breaker")
        level = M.check_choice("opponent", options.get("opponent", self.opponent), M.OPPONENTS)
        first = M.check_choice("first_breaker", options.get("first_breaker", self.first_breaker), BREAKERS)
        if first == "random":
            first = ("agent", "opponent")[int(self.np_random.integers(2))]
        seeds = self.np_random.integers(2**31, size=2).tolist()
        self.players = {self.seat: M.helper(seeds[0]), self.other: M.opponent(level, seeds[1])}
        breaker = self.seat if first == "agent" else self.other
        self.game = Game.new({self.seat: "agent", self.other: f"{level} bot"}, variant=self.rules,
                             first_breaker=breaker, params=self.params)
        self.side = self.game.state.table.side(self.seat)
        self.episode = M.Episode(self.game, self.episode_kind)
        self.idle = self.stalls = 0  # attempts that were no stroke, and clocks run out so, in a row (Singles-v1)
        self._advance()
        return M.observe(self.game, self.seat), self._info()

    def step(self, action):
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if self.episode.over:
            raise RuntimeError("the episode is over: call reset()")
        along, angle, speed = S.to_strike(action, self.game.legal_intervals(self.seat), self.noise, self.np_random,
                                          self.params.max_speed, self.max_angle)
        boards = len(self.game.state.results)
        report = self.game.strike(self.seat, along, angle, speed)
        forfeit = self._held_to_time(report.completed)
        if not forfeit:
            self._advance()
        reward = M.rewards(self.game, boards)[self.side] - forfeit
        if self.render_mode == "human":
            self.render()
        return M.observe(self.game, self.seat), reward, self.episode.over, False, self._info()

    def get_state(self) -> "SinglesSnapshot":
        """The whole state a step depends on: the match, the bots (their generators), the episode's start and
        the env's generator (the noise), copied so the snapshot stays as it was."""
        if self.game is None:
            raise RuntimeError("call reset() before get_state()")
        return SinglesSnapshot(copy.deepcopy((self.game, self.players, self.episode, self.side, self.idle,
                                              self.stalls, self.np_random.bit_generator.state)))

    def set_state(self, state: "SinglesSnapshot") -> None:
        """Back to a state ``get_state`` gave (as often as wanted); anything else is refused, nothing changes."""
        if not isinstance(state, SinglesSnapshot):
            raise ValueError(f"state must be what Singles' get_state() returned, got {type(state).__name__}")
        self.game, self.players, self.episode, self.side, self.idle, self.stalls, rng = copy.deepcopy(state.saved)
        self.np_random.bit_generator.state = rng

    def _held_to_time(self, completed: bool) -> float:
        """Singles-v1: a stroke made starts the counts again; ``ATTEMPTS`` attempts in a row that are no stroke
        (ICF 127 b) are the clock run out (ICF 46, 50), ``STALLS`` of those the match stopped (ICF 143 g). The
        walkover's points when the match is lost so, else 0."""
        if not self.held_to_time:
            return 0.0
        if completed:
            self.idle = self.stalls = 0
            return 0.0
        self.idle += 1
        clock = self.game.clock()
        if self.idle < ATTEMPTS or clock is None or clock.seat != self.seat:
            return 0.0
        self.idle, self.stalls = 0, self.stalls + 1
        if self.stalls < STALLS:
            self.game.out_of_time(self.seat, clock.what)
            return 0.0
        rules = self.game.state.rules
        needed = rules.games_to_win - self.game.state.games_won[1 - self.side]
        self.game.stopped(self.seat)
        return float(rules.game_points * needed)

    def _advance(self) -> None:
        M.advance(self.game, self.players, lambda: self.episode.over, (self.seat,))

    def _info(self) -> dict:
        return M.info(self.game, self.seat, S.physics_info(self.physics, self.params))

    def _view(self):
        return self.game.layout, self.seat


class SinglesV1Env(SinglesEnv):
    """``carrom/Singles-v1``: Singles-v0 held to the laws' time, a stall ruled by ICF 143 g (module docstring)."""

    version = 1
    held_to_time = True
