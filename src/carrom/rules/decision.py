"""A ruling: the decisions the referee made on one action, each naming its law, and what ended.

``Ruling.ended`` says what the action finished, if anything, as typed values (the way a chess
library reports an ``Outcome``): a board with its winner and points, a board to be replayed
(ICF 137, 140, 142), a game, the match. Integrators read it instead of comparing states.
"""

from __future__ import annotations

import re
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


_CITED = re.compile(r"\s*\(((?:ICF|\d{3}) [^()]*)\)$")  # a bracket ending the text that starts with a law
_LAWS_ONLY = re.compile(r"^[\w§.,;– -]*$")  # nothing in it but law numbers ("ICF 43", "ICF 65 b–d")


def cite(text: str, law: str) -> str:
    """``text (law)`` with one bracket of laws at the end: the one way every ruling is cited.

    A text that already cites ``law`` (or a part of it: "ICF 65 b–d" says "ICF 65") keeps its own; a more
    precise law replaces the one it refines ("ICF 65" becomes "ICF 65 b"); another law joins the bracket,
    ICF numbers after one "ICF" ("ICF 93, 96"), other texts after a semicolon ("ICF 93; 001 §3.8").
    The web client's ``cite`` (static/i18n.js) words it the same.
    """
    if not law:
        return text
    found = _CITED.search(text)
    if found is None:
        return f"{text} ({law})"
    inner = found.group(1)
    if inner == law or inner.startswith(law + " "):
        return text
    if law.startswith(inner + " "):
        return f"{text[:found.start()]} ({law})"
    both_icf = _LAWS_ONLY.match(inner) and inner.startswith("ICF ") and law.startswith("ICF ")
    joined = f"ICF {inner[4:]}, {law[4:]}" if both_icf else f"{inner}; {law}"
    return f"{text[:found.start()]} ({joined})"


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
