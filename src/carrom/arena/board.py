"""One board of the arena, a pure function of its task: the same task always gives the same outcome.

The outcome carries the board's record as JSON text, so a worker on another machine sends
back everything and only the process that runs the arena writes files.
"""

from __future__ import annotations

from dataclasses import dataclass

from carrom.arena.entrants import Entrant
from carrom.game import Game
from carrom.players import step
from carrom.records import Event, dumps
from carrom.rules import Expect, Seat

MAX_ACTIONS = 3000  # a board still open after this many actions is counted drawn (never seen in the bots' figures)


@dataclass(frozen=True)
class BoardTask:
    """Board ``index``: who sits south and north (player specs), who breaks, and each seat's seed."""

    index: int
    south: str
    north: str
    breaker: Seat  # south or north; the breaker plays the whites (ICF 43); written as its value
    seeds: tuple[int, int]  # south's, north's


@dataclass(frozen=True)
class BoardOutcome:
    """How a board ended: the winner (a spec, None if undecided), each seat's points, the law, the record."""

    index: int
    south: str
    north: str
    breaker: Seat  # written as its value
    winner: str | None
    points: tuple[int, int]  # south's, north's
    strokes: int
    law: str
    record: str  # the match record of this board (docs/record-format.md), as its file holds it

    def points_of(self, spec: str) -> int:
        return self.points[0] if spec == self.south else self.points[1]

    def opponent(self, spec: str) -> str:
        return self.north if spec == self.south else self.south


def play_board(task: BoardTask, max_actions: int = MAX_ACTIONS) -> BoardOutcome:
    """Play ``task``'s board from the opening to the referee's result (ICF 52, 102–112)."""
    seats = (Seat.SOUTH, Seat.NORTH)  # opposite each other (ICF 27)
    game = Game.new({seat.value: name for seat, name in zip(seats, (task.south, task.north))},
                    first_breaker=task.breaker.value, event=Event(tournament="carrom arena", match=str(task.index + 1)))
    players = {seat.value: Entrant(spec).make(seed) for seat, spec, seed in zip(seats, (task.south, task.north),
                                                                                 task.seeds)}
    actions = strokes = 0
    while not game.state.results and actions < max_actions:
        strokes += game.expected().kind is Expect.STROKE
        step(game, players)
        actions += 1
    winner, points, law = None, (0, 0), "undecided"
    if game.state.results:
        result = game.state.results[0]
        side = {seat: game.state.table.side(seat) for seat in seats}
        points = tuple(result.queen[side[s]] + result.coins[side[s]] for s in seats)
        law = result.law
        if result.winner is not None:
            winner = task.south if side[Seat.SOUTH] == result.winner else task.north
    return BoardOutcome(task.index, task.south, task.north, task.breaker, winner, points, strokes, law,
                        dumps(game.record))
