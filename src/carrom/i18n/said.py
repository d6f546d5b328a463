"""Words sent to the web client as message ids with their parameters, for it to render in the reader's language.

The server's words (rulings, the umpire's entries, notices, turn prompts) are the same for
every client of a match, so they are sent language-neutral and each page renders them with
its own catalog (static/i18n.js ``said``; docs/i18n.md "What the server sends"). A sent
message is ``{"id": msgid, "params": {name: value}}``, with ``"plural"`` and ``"n"`` for a
count; a value is a plain string or number (a player's name, a notation), or a message
itself (a seat's name is ``{"id": "South"}``). A ruling's line adds its ``"law"`` and that
law's ``"meaning"`` (a message id, ``carrom.i18n.laws``); a text the referee words without a
message is ``{"text": "..."}``, shown as it is.

``RECORDER`` is a ``Translator`` that words everything in English, as the default one does,
but returns ``Said`` strings that remember the message they came from: handed to the
functions that word an entry or a turn (``carrom.records.describe``), it gives the English
and the message at once, with no second wording of each sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from carrom.i18n.catalogs import DEFAULT, load
from carrom.i18n.laws import meaning
from carrom.i18n.names import COINS, SEATS
from carrom.i18n.translator import Translator
from carrom.rules import Coin, Decision, Seat
from carrom.rules.message import Message


class Said(str):
    """English text that remembers its message: ``said`` is what the client is sent."""

    said: dict[str, Any]

    def __new__(cls, text: str, said: dict[str, Any]) -> Said:
        out = super().__new__(cls, text)
        out.said = said
        return out


def sent(value: Any) -> Any:
    """A value as the client is sent it: a ``Said`` as its message, a ``Message`` rendered as data, else as it is."""
    if isinstance(value, Said):
        return value.said
    if isinstance(value, Message):
        out: dict[str, Any] = {"id": value.msgid, "params": {k: sent(v) for k, v in value.params}}
        if value.plural is not None:
            out |= {"plural": value.plural, "n": value.n}
        return out
    if isinstance(value, Seat):
        return {"id": SEATS[value]}
    if isinstance(value, Coin):
        return {"id": COINS[value]}
    if value is None or isinstance(value, (int, float)):
        return value
    return str(value)


def decision_sent(decision: Decision) -> dict[str, Any]:
    """One decision of the referee: its message (or its text), its law and the law's meaning."""
    out = sent(decision.message) if decision.message is not None else {"text": decision.text}
    if decision.law:
        out = out | {"law": decision.law}
        found = meaning(decision.law)
        if found:
            out["meaning"] = found
    return out


def ruling_sent(ruling: Any) -> list[dict[str, Any]]:
    """Each decision of a ruling as sent (``carrom.records.describe.ruling_lines``, as data)."""
    return [decision_sent(d) for d in getattr(ruling, "decisions", None) or ()]


@dataclass(frozen=True)
class Recorder(Translator):
    """English words that remember their messages (``Said``)."""

    def gettext(self, msgid: str, **params: Any) -> str:
        text = super().gettext(msgid, **params)
        return Said(text, {"id": msgid, "params": {k: sent(v) for k, v in params.items()}})

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        text = super().ngettext(singular, plural, n, **params)
        return Said(text, {"id": singular, "plural": plural, "n": n, "params": {k: sent(v) for k, v in params.items()}})

    def value(self, value: Any) -> str:
        if isinstance(value, (Message, Seat, Coin)):
            return Said(super().value(value), sent(value))
        return super().value(value)

    def message(self, message: Message | str) -> str:
        return Said(str(message), sent(message)) if isinstance(message, Message) else message


RECORDER = Recorder(DEFAULT, load(DEFAULT))
