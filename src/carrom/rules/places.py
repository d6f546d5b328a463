"""Where each player sits now, and the rest before the deciding game.

A player keeps the seat the record names him by (where he sat for the first game's break:
his identity in every action); the chair he occupies changes. In singles the players
change sides at the end of each game (ICF 58); in doubles each player moves one place to
his right (ICF 59); in the deciding game they change once more, after the fourth board or
at 13 points (ICF 60 a; from the quarter-finals only at 13, 60 b), the same way. Before the
deciding game there is a ten-minute rest (ICF 138).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carrom.rules.message import Message, say
from carrom.rules.pieces import Seat

if TYPE_CHECKING:
    from carrom.rules.state import MatchState
    from carrom.rules.table import Table

REST_LAW = "ICF 138"
CHANGE_OF_PLACES = ("ICF 58", "ICF 59", "ICF 60 a", "ICF 60 b")  # the laws that move the players


def changes(state: "MatchState") -> int:
    """How many changes of places the match has had: one after each game, one in the deciding game (ICF 58–60)."""
    return state.game_index + int(state.sides_changed)


def chair(table: "Table", seat: Seat, moves: int) -> Seat:
    """The chair of the player named by ``seat`` after ``moves`` changes: opposite in singles (ICF 58), one place
    to the right each time in doubles (ICF 59)."""
    for _ in range(moves):
        seat = seat.right if table.doubles else seat.opposite
    return seat


def places(state: "MatchState") -> tuple[tuple[Seat, Seat], ...]:
    """(the player's seat in the record, the chair he sits in now) for every player, in the table's order."""
    n = changes(state)
    return tuple((seat, chair(state.table, seat, n)) for seat in state.table.seats)


def moves(state: "MatchState") -> Message:
    """Where every player sits after the change just made: "Asha → North, Ravi → South"."""
    params: dict[str, object] = {}
    for k, (seat, now) in enumerate(places(state)):
        params[f"p{k + 1}"], params[f"to{k + 1}"] = state.player(seat), now
    if state.table.doubles:
        return say("{p1} → {to1}, {p2} → {to2}, {p3} → {to3}, {p4} → {to4}", **params)
    return say("{p1} → {to1}, {p2} → {to2}", **params)


def rest_due(state: "MatchState") -> int | None:
    """Minutes of rest due now: before the deciding game's first stroke (ICF 138); None otherwise."""
    rules = state.rules
    deciding = rules.games_to_win > 1 and state.game_index == rules.games_to_win * 2 - 2
    if (not deciding or state.over or rules.rest_minutes is None or state.board_index or state.board.strokes
            or state.awaiting_toss):
        return None
    return rules.rest_minutes
