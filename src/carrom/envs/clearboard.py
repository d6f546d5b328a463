"""Clear the board: one player pockets every piece in as few strokes as possible.

The task of the best-known carrom learning environment, with the striker and the queen
handled as the ICF laws handle them for a player's own coins. Every coin, white or black,
is the player's; the player strikes from the south baseline and the turn never passes.

- A stroke is a stroke once the striker leaves the baseline or touches a piece (ICF 127);
  an attempt that does neither changes nothing and is not counted.
- Striker pocketed: the coins it went in with come back, and a due: one coin from the
  nets back to the centre; with none in the nets the due stays outstanding and the next
  coin pocketed pays it (ICF 72, 73).
- The queen only after a coin has been pocketed and kept (ICF 92; "read historically",
  docs/laws.md) and with no due outstanding (ICF 95 b); before, it comes back (ICF 95 a).
  It is covered by coins pocketed with it (ICF 97 a; one coin with it while all coins are
  on the board is not yet a cover, 97 b) or in the next stroke (ICF 15); otherwise it comes
  back (ICF 96). With the striker it comes back (ICF 98 a, 99 a, 100 a); a cover with the
  striker leaves it to be covered next stroke (ICF 101 a).
- Pieces come back to the centre as the umpire places them, the queen first (ICF 65, 93).
- The last coin pocketed while the queen is on the board loses the board (ICF 107): the
  episode ends, not cleared.

Reward ``"pieces"`` (default): the change in pieces down for good (coins pocketed and
kept, the queen once covered), so an episode's return is the pieces cleared, at most 19;
``"strokes"``: −1 per counted stroke, the benchmark's measure.

``carrom/ClearBoard-v1`` (``ClearBoardV1Env``) penalises a board lost by ICF 107, which
``-v0`` (kept as it was) pays as any other stroke, so that under ``"strokes"`` losing early
paid better than clearing: the losing stroke costs ``LOST_STROKES`` more under ``"strokes"``
(the episode's limit, so a lost board returns less than any board cleared or cut short),
and under ``"pieces"`` takes back every piece the board had down (a lost board returns 0).

``get_state()`` / ``set_state(state)`` save and restore the board, the task's state and the
env's random generator (the noise), so a search can branch and replay exactly.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace

import gymnasium as gym
from gymnasium import spaces

from carrom.equipment import Layout, PieceKind, Seat as EqSeat, legal_intervals, opening_formation
from carrom.envs import render as frames
from carrom.envs import spaces as S
from carrom.game.outcome import (
    back_to_centre, rest_layout, row_left_baseline, row_pocketed, row_striker_pocketed, row_touched,
)
from carrom.physics import BatchResult, ShotResult, Strike, simulate

SEAT = EqSeat.SOUTH
COIN_KINDS = (PieceKind.WHITE, PieceKind.BLACK)
ALL_COINS = 2 * S.COINS
QUEEN_STATES = ("board", "pending", "covered")
REWARDS = ("pieces", "strokes")
MAX_DUES = 9
LOST_STROKES = 500
"""ClearBoard-v1, reward "strokes": the extra cost of a board lost by ICF 107, the episode's limit
(``carrom.envs.MAX_STROKES``): lost at stroke s it returns −s − 500, below the −500 of a board
never cleared."""


@dataclass(frozen=True)
class ShotFacts:
    """What the task needs of a simulated shot."""

    pocketed: tuple[PieceKind, ...]  # the pieces that fell, in order
    striker_pocketed: bool
    touched: bool
    left_baseline: bool
    layout: Layout  # the pieces still on the board, where they came to rest

    @classmethod
    def of_shot(cls, shot: ShotResult) -> "ShotFacts":
        return cls(tuple(p.kind for p in shot.coins_pocketed), shot.striker_pocketed, shot.touched_any,
                   shot.left_baseline, shot.final_layout)

    @classmethod
    def of_batch(cls, batch: BatchResult, k: int) -> "ShotFacts":
        """Row ``k`` of a batch: the same facts as :meth:`of_shot` gives for that strike alone (read as the game
        reads a bot's simulated row: ``carrom.game.outcome``)."""
        return cls(row_pocketed(batch, k), row_striker_pocketed(batch, k), row_touched(batch, k),
                   row_left_baseline(batch, k), rest_layout(batch, k))


@dataclass(frozen=True)
class ClearState:
    layout: Layout
    queen: str = "board"  # "board", "pending" (to be covered) or "covered"
    dues: int = 0  # outstanding: no coin was in the nets to pay them (ICF 72 c)
    potted: bool = False  # a coin has been pocketed and kept (ICF 92)
    strokes: int = 0
    lost: bool = False  # the last coin went in before the queen (ICF 107)

    @property
    def coins_on_board(self) -> int:
        return sum(1 for d in self.layout.discs if d.kind in COIN_KINDS)

    @property
    def down(self) -> int:
        """Pieces down for good: coins in the nets, and the queen once covered."""
        return ALL_COINS - self.coins_on_board + (self.queen == "covered")

    @property
    def cleared(self) -> bool:
        return self.coins_on_board == 0 and self.queen == "covered"

    @property
    def over(self) -> bool:
        return self.cleared or self.lost


def new_state() -> ClearState:
    return ClearState(opening_formation())


def rule(state: ClearState, facts: ShotFacts) -> ClearState:
    """The state after a stroke with these facts, by the laws in this module's docstring."""
    if not facts.left_baseline and not facts.touched:
        return state  # ICF 127 b: not a stroke
    coins = [k for k in facts.pocketed if k in COIN_KINDS]
    queen_in = PieceKind.QUEEN in facts.pocketed
    all_on = state.coins_on_board == ALL_COINS
    queen, dues, potted = state.queen, state.dues, state.potted
    back: list[PieceKind] = []
    if facts.striker_pocketed:
        back += coins  # ICF 73
        nets = ALL_COINS - state.coins_on_board  # coins down before this stroke
        if nets:  # ICF 72 a: a due from the nets
            back.append(_from_nets(facts.layout, back))
        else:
            dues += 1  # ICF 72 c
        if queen_in or (queen == "pending" and not coins):
            queen = "board"  # ICF 98 a, 99 a, 100 a
        kept = 0
    else:
        while dues and coins:  # ICF 72 c: the next coin pocketed pays an outstanding due
            back.append(coins.pop())
            dues -= 1
        kept = len(coins)
        if queen_in:
            if state.dues or not (potted or kept):
                queen = "board"  # ICF 95 a, b
            elif kept and not (all_on and kept == 1):
                queen = "covered"  # ICF 97 a
            else:
                queen = "pending"  # ICF 92, 97 b
        elif queen == "pending":
            if kept:
                queen = "covered"  # ICF 15
            else:
                queen = "board"  # ICF 96
    if queen == "board" and not any(d.kind is PieceKind.QUEEN for d in facts.layout):
        back.insert(0, PieceKind.QUEEN)  # the queen goes back, first (ICF 65 b, 93)
    layout = back_to_centre(facts.layout, back, EqSeat.SOUTH)
    after = replace(state, layout=layout, queen=queen, dues=dues, potted=potted or kept > 0, strokes=state.strokes + 1)
    if after.coins_on_board == 0 and queen == "board":
        after = replace(after, lost=True)  # ICF 107
    return after


def _from_nets(layout: Layout, back: list[PieceKind]) -> PieceKind:
    """The colour a due is taken from: the one with more coins in the nets (white on a tie)."""
    nets = {k: S.COINS - layout.count(k) - back.count(k) for k in COIN_KINDS}
    return max(COIN_KINDS, key=lambda k: (nets[k], k is PieceKind.WHITE))


def observation_space() -> spaces.Dict:
    return spaces.Dict({
        "discs": S.discs_space(),
        "queen": spaces.Discrete(len(QUEEN_STATES)),
        "dues": spaces.Discrete(MAX_DUES + 1),
    })


def observe(state: ClearState) -> dict:
    return {
        "discs": S.discs(state.layout, SEAT, PieceKind.WHITE),
        "queen": QUEEN_STATES.index(state.queen),
        "dues": min(state.dues, MAX_DUES),
    }


def reward_of(before: ClearState, after: ClearState, reward: str, penalise_loss: bool = False) -> float:
    """The step's reward; with ``penalise_loss`` (ClearBoard-v1) a board lost by ICF 107 is penalised
    (``LOST_STROKES`` under "strokes", the board's pieces taken back under "pieces")."""
    lost = penalise_loss and after.lost and not before.lost
    if reward == "strokes":
        return -float(after.strokes - before.strokes) - (LOST_STROKES if lost else 0.0)
    return float(after.down - before.down) - (after.down if lost else 0.0)


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward {reward!r} is not one of {', '.join(REWARDS)}")
    return reward


@dataclass(frozen=True)
class ClearSnapshot:
    """A ClearBoard's state for ``set_state``: the task's state, the legal intervals, the generator's state."""

    state: ClearState
    legal: tuple
    rng: dict


class ClearBoardEnv(frames.BoardRendering, gym.Env):
    """``carrom/ClearBoard-v0``: pocket all 19 pieces from the south baseline (module docstring)."""

    version = 0
    penalise_loss = False
    metadata = {"render_modes": list(frames.RENDER_MODES), "render_fps": 4}

    def __init__(self, render_mode: str | None = None, noise: float = 0.0, reward: str = "pieces",
                 physics: str = S.DEFAULT_PHYSICS, directions: str = "all", board_speed: str | None = None) -> None:
        self.render_mode = frames.check_mode(render_mode)
        self.noise, self.reward = S.check_noise(noise), check_reward(reward)
        self.params, self.physics = S.check_physics(physics, board_speed), physics
        self.board_speed = S.speed_of(self.params)
        self.max_angle, self.directions = S.check_directions(directions), directions
        self.action_space = S.action_space()
        self.observation_space = observation_space()
        self.state = new_state()
        self._open_window()

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if options:
            raise ValueError(f"ClearBoard-v{self.version} takes no reset options, got {sorted(options)}")
        self.state = new_state()
        self._legal = legal_intervals(EqSeat.SOUTH, self.state.layout)
        return observe(self.state), self._info()

    def step(self, action):
        along, angle, speed = S.to_strike(action, self._legal, self.noise, self.np_random, self.params.max_speed,
                                          self.max_angle)
        shot = simulate(self.state.layout, Strike.from_seat(EqSeat.SOUTH, along, angle, speed), self.params)
        before, self.state = self.state, rule(self.state, ShotFacts.of_shot(shot))
        self._legal = legal_intervals(EqSeat.SOUTH, self.state.layout)
        if self.render_mode == "human":
            self.render()
        truncated = not self.state.over and not self._legal  # no room for the striker (ICF 142)
        return (observe(self.state), reward_of(before, self.state, self.reward, self.penalise_loss), self.state.over,
                truncated, self._info())

    def get_state(self) -> ClearSnapshot:
        """The whole state a step depends on (values: the snapshot stays as it was)."""
        return ClearSnapshot(self.state, tuple(self._legal), copy.deepcopy(self.np_random.bit_generator.state))

    def set_state(self, state: ClearSnapshot) -> None:
        """Back to a state ``get_state`` gave; anything else is refused and nothing changes."""
        if not isinstance(state, ClearSnapshot):
            raise ValueError(f"state must be what ClearBoard's get_state() returned, got {type(state).__name__}")
        self.state, self._legal = state.state, list(state.legal)
        self.np_random.bit_generator.state = copy.deepcopy(state.rng)

    def _info(self) -> dict:
        return info_of(self.state, self._legal) | S.physics_info(self.physics, self.params)

    def _view(self):
        return self.state.layout, SEAT


class ClearBoardV1Env(ClearBoardEnv):
    """``carrom/ClearBoard-v1``: ClearBoard-v0 with a board lost by ICF 107 penalised (module docstring)."""

    version = 1
    penalise_loss = True


def info_of(state: ClearState, intervals) -> dict:
    return {**S.legal_info(intervals), "strokes": state.strokes, "down": state.down, "cleared": state.cleared, "lost": state.lost}
