"""A ruling: the decisions the referee made on one action, each naming its law, and what ended.

``Ruling.ended`` says what the action finished, if anything, as typed values (the way a chess
library reports an ``Outcome``): a board with its winner and points, a board to be replayed
(ICF 137, 140, 142), a game, the match. Integrators read it instead of comparing states.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from carrom.rules.message import Message
from carrom.rules.pieces import Seat


@dataclass(frozen=True, init=False)
class Decision:
    law: str  # e.g. "ICF 72 a"
    text: str  # plain words for players and umpires, in English
    message: Message | None  # the same words as a message id and parameters, for other languages

    def __init__(self, law: str, text: str | Message) -> None:
        object.__setattr__(self, "law", law)
        object.__setattr__(self, "text", str(text))
        object.__setattr__(self, "message", text if isinstance(text, Message) else None)

    def __str__(self) -> str:
        return cite(self.text, self.law)


def cite(text: str, law: str) -> str:
    """The words with the law once: a citation the words already end with is not repeated, but joined."""
    if not law:
        return text
    tail = text.rsplit("(", 1)[-1] if text.endswith(")") else ""
    if tail.startswith(("ICF ", "00")):
        if tail[:-1].startswith(law):
            return text
        return f"{text[:-1]}; {law})"
    return f"{text} ({law})"


class EndKind(str, Enum):
    BOARD = "board"  # a board decided: winner (None when level at the bell, 004 law 41) and points
    REPLAY = "replay"  # the board is void and dealt again (ICF 137, 140, 142)
    GAME = "game"  # ICF 56, 139; 004 laws 18, 39–41
    MATCH = "match"  # ICF 57, 139


@dataclass(frozen=True)
class Ended:
    """Something an action finished. ``score`` is the game's score after a board or a game, games won after a match."""

    kind: EndKind
    law: str
    game: int  # 1-based game number
    winner: int | None = None  # side (0: the first breaker's)
    seats: tuple[Seat, ...] = ()  # the winning side's seats
    points: int = 0  # a board's points to its winner (extra points included); the game's winning total
    score: tuple[int, int] = (0, 0)
    board: int | None = None  # 1-based board number in the game, for a board
    extra_claimable: int = 0  # a board: extra points its winners may still demand (ICF 87 b)


@dataclass(frozen=True)
class Ruling:
    action: Any
    decisions: tuple[Decision, ...]
    ended: tuple[Ended, ...] = ()

    @property
    def laws(self) -> tuple[str, ...]:
        return tuple(d.law for d in self.decisions if d.law)

    def summary(self) -> str:
        return " ".join(str(d) for d in self.decisions)

    def ending(self, kind: EndKind | str) -> Ended | None:
        """What of ``kind`` this action ended, if anything: ``ruling.ending("game")``."""
        return next((e for e in self.ended if e.kind == kind), None)
