"""The errors the referee raises, each of a kind (``Refusal``): an action that is not a well-formed action at all
(``MalformedAction``), one the laws forbid here (``RulesError``), one by a player the laws do not wait for
(``OutOfTurn``), one after the board or match is over (``Over``); as a chess library tells an illegal move from an
invalid one. The kind and the law are data, so an adapter (the game, the web, the tablet) passes them on.

Raised before anything changes, so the caller's state is exactly what it was.
"""

from __future__ import annotations

import re
from enum import Enum

from carrom.rules.message import Message

_LAW = re.compile(r"\(((?:ICF|\d{3}) [^()]*)\)\s*$")  # the law a refusal cites at its end


class Refusal(str, Enum):
    """What kind of thing is wrong with a refused action (its value is what the web and the tablet send)."""

    MALFORMED = "malformed"  # not an action at all: a wrong type, a seat that is no seat, notation that does not read
    ILLEGAL = "illegal"  # a well-formed action the laws forbid now (its law, when one names it)
    OUT_OF_TURN = "out-of-turn"  # by a player (or of a kind) the laws do not wait for now
    OVER = "over"  # the board or the match is over: nothing more of this can be played


def law_cited(text: object) -> str | None:
    """The law a refusal cites at its end ("... (ICF 130)" gives "ICF 130"), or None."""
    found = _LAW.search(str(text))
    return found.group(1) if found else None


class RulesError(ValueError):
    """An action refused by the laws; the message names what is wrong and, where one applies, the law.

    ``str(error)`` is the English sentence; ``error.message`` the same as a ``Message`` an adapter
    can put in another language (None for a refusal not yet worded as one); ``error.kind`` what kind of refusal
    (``Refusal``); ``error.law`` the law as data (e.g. ``"ICF 49 b"``), None when none is cited.
    """

    kind = Refusal.ILLEGAL

    def __init__(self, text: str | Message, law: str | None = None) -> None:
        super().__init__(str(text))
        self.message = text if isinstance(text, Message) else None
        self.law = law or law_cited(text)


class MalformedAction(RulesError):
    """Not an action the referee can read (a wrong type, a seat that is no seat): no law is involved."""

    kind = Refusal.MALFORMED


class OutOfTurn(RulesError):
    """An action by a player, or of a kind, the laws do not wait for now (a stroke out of turn: ICF 48, 49)."""

    kind = Refusal.OUT_OF_TURN


class Over(RulesError):
    """An action after the board or the match it belongs to is over."""

    kind = Refusal.OVER
