"""The errors the referee raises: an action the laws do not allow now (``RulesError``), or one that is not a
well-formed action at all (``MalformedAction``, a kind of it), as a chess library tells an illegal move from an
invalid one.

Raised before anything changes, so the caller's state is exactly what it was.
"""

from __future__ import annotations

import re

from carrom.rules.message import Message

_LAW = re.compile(r"\(((?:ICF|\d{3}) [^()]*)\)\s*$")  # the law a refusal cites at its end


class RulesError(ValueError):
    """An action refused by the laws; the message names what is wrong and, where one applies, the law.

    ``str(error)`` is the English sentence; ``error.message`` the same as a ``Message`` an adapter
    can put in another language (None for a refusal not yet worded as one).
    """

    def __init__(self, text: str | Message, law: str | None = None) -> None:
        super().__init__(str(text))
        self.message = text if isinstance(text, Message) else None
        found = _LAW.search(str(text))
        self.law = law or (found.group(1) if found else None)  # the law as data, e.g. "ICF 49 b"; None: none cited


class MalformedAction(RulesError):
    """Not an action the referee can read (a wrong type, a seat that is no seat): no law is involved."""
