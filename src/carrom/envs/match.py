"""A match under the full laws as the environments see it: one seat's observation, rewards, episodes.

Shared by ``carrom/Singles-v0`` and the PettingZoo environment. Observation (a ``Dict``):

=========  ==========================  ==================================================
key        space                       meaning, from the observing seat
=========  ==========================  ==================================================
discs      Box(-1, 1, (19, 3))         own colour's coins, the other colour's, the queen
                                       (``carrom.envs.spaces``)
colour     Discrete(2)                 own colour: 0 white, 1 black (ICF 43)
queen      Discrete(5)                 0 on the board, 1 pocketed by own side and to be
                                       covered, 2 the same by the other side, 3 covered by
                                       own side, 4 covered by the other side (ICF 92–101)
dues       MultiDiscrete([10, 10])     coins owed by own side, by the other (dues and
                                       penalties held out or outstanding, ICF 72–78)
score      MultiDiscrete([64, 64,      points in this game, own and other (ICF 53), and
           4, 4])                      games won, own and other (ICF 57)
turn       Discrete(4)                 whom the laws wait for: 0 this seat, 1 the seat on
                                       its right, 2 opposite (partner or opponent), 3 left
broken     Discrete(2)                 whether the board's break has been made (ICF 44)
=========  ==========================  ==================================================

Counts above a space's top are shown at the top. Reward: when a board ends, each side
gets the board's points it scored minus the points the other side scored (ICF 53, with
the queen and extra points claimed), 0 otherwise. The actions other than strokes — where
to place a coin owed (ICF 78, 84), extra points to claim (ICF 87 b), the tie-break toss
(ICF 56 b) — are made for every seat by a helper: the geometric bot's choices.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np
from gymnasium import spaces

from carrom.envs import spaces as S
from carrom.equipment import PieceKind
from carrom.game import Game
from carrom.players import LEVELS, GeometricPlayer, Player, RandomPlayer, make_bot, step
from carrom.rules import RULESETS, Expect, QueenState, Seat

EPISODES = ("board", "game", "match")
OPPONENTS = ("random",) + LEVELS
ORDER = tuple(seat.value for seat in Seat)  # the turn passes to the right (ICF 49 b): Seat's own order
MAX_ACTIONS = 10_000  # actions made for others between two strokes of an agent (never near)


def observation_space() -> spaces.Dict:
    return spaces.Dict({
        "discs": S.discs_space(),
        "colour": spaces.Discrete(2),
        "queen": spaces.Discrete(5),
        "dues": spaces.MultiDiscrete([10, 10]),
        "score": spaces.MultiDiscrete([64, 64, 4, 4]),
        "turn": spaces.Discrete(4),
        "broken": spaces.Discrete(2),
    })


def relative(seat: Seat, other: Seat) -> int:
    """0 for ``seat`` itself, 1 for the seat on its right, 2 opposite, 3 on its left (ICF 49 b)."""
    return (ORDER.index(other) - ORDER.index(seat)) % 4


def observe(game: Game, seat: Seat) -> dict:
    state = game.state
    board = state.board
    me = seat
    side = state.table.side(me)
    colour = state.colour_of(me)
    queen = 0
    if board.queen is not QueenState.BOARD:
        queen = (1 if board.queen is QueenState.PENDING else 3) + (board.queen_side != side)
    owed = [min(board.held(board.colour(s)) + board.debts[s], 9) for s in (side, 1 - side)]
    points = state.points[-1]
    score = [min(points[side], 63), min(points[1 - side], 63), min(state.games_won[side], 3),
             min(state.games_won[1 - side], 3)]
    exp = game.expected()
    return {
        "discs": S.discs(game.layout, seat, PieceKind(colour.value)),
        "colour": int(colour.value == "black"),
        "queen": queen,
        "dues": np.array(owed, dtype=np.int64),
        "score": np.array(score, dtype=np.int64),
        "turn": 0 if exp is None else relative(seat, exp.seat),
        "broken": int(board.broken),
    }


def info(game: Game, seat: Seat, physics: dict) -> dict:
    """The legal striker positions for ``seat`` now (``spaces.legal_info``: normalized and in metres, fixed
    shape with a mask), what the laws wait for (``expected``: the action's kind and the seat, None once the
    match is over), the boards decided so far in the match (``boards``) and ``physics``: the model and the
    board's speed (``spaces.physics_info``)."""
    return {**S.legal_info(game.legal_intervals(seat)), "expected": game.expected(),
            "boards": len(game.state.results), **physics}


def rewards(game: Game, since: int) -> dict[int, float]:
    """Per side, the points of the boards decided after the first ``since``: own minus the other's."""
    out = {0: 0.0, 1: 0.0}
    for record in game.state.results[since:]:
        got = [record.queen[s] + record.coins[s] for s in (0, 1)]
        out[0] += got[0] - got[1]
        out[1] += got[1] - got[0]
    return out


class Episode:
    """Where an episode started, and whether it is over: a board, a game or the match decided."""

    def __init__(self, game: Game, kind: str) -> None:
        self.game = game
        self.kind = kind
        self.boards = len(game.state.results)
        self.game_index = game.state.game_index

    @property
    def over(self) -> bool:
        state = self.game.state
        if state.over:
            return True
        if self.kind == "board":
            return len(state.results) > self.boards
        if self.kind == "game":
            return state.game_index > self.game_index
        return False


def advance(game: Game, players: Mapping[str, Player], stop: Callable[[], bool], agents) -> None:
    """Let the helpers and bots act until one of ``agents`` is to strike or ``stop()`` says so."""
    for _ in range(MAX_ACTIONS):
        if game.over or stop():
            return
        exp = game.expected()
        if exp.kind is Expect.STROKE and exp.seat in agents:
            return
        step(game, players)
    raise RuntimeError(f"no agent was asked to strike within {MAX_ACTIONS} actions")


def check_choice(name: str, value, allowed) -> str:
    if value not in allowed:
        raise ValueError(f"{name} {value!r} is not one of {', '.join(allowed)}")
    return value


def check_rules(rules: str) -> str:
    return check_choice("rules", rules, tuple(RULESETS))


def opponent(level: str, seed: int) -> Player:
    return RandomPlayer(seed) if level == "random" else make_bot(level, seed)


def helper(seed: int) -> Player:
    """Places coins owed and claims for an agent: the geometric bot's choices (docs/players.md)."""
    return GeometricPlayer(seed, name="helper")
