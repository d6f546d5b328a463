"""Words as data: a message id with its parameters, rendered in English here and in any language by an adapter.

The referee is language-neutral. A ruling or a refusal carries a ``Message``: the English
sentence as its id, with named placeholders ("{who} breaks"), and the values to fill them
(seats, coins, numbers, other messages). ``str(message)`` is the English sentence; the
adapter ``carrom.i18n`` looks the id up in a gettext catalog and fills the same
placeholders in the reader's language. ``say`` and ``say_n`` are the markers Babel
extracts (keywords ``say`` and ``say_n:1,2``); this module never imports the catalogs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from carrom.rules.pieces import Coin, Seat


class Words(Protocol):
    """What renders a message: a language's lookups (gettext, ngettext, unfilled) and its names for values."""

    def lookup(self, msgid: str) -> str: ...
    def lookup_n(self, singular: str, plural: str, n: int) -> str: ...
    def value(self, value: Any) -> str: ...


@dataclass(frozen=True)
class Message:
    msgid: str  # the English sentence with {named} placeholders
    params: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None  # the English plural form, for a count ``n``
    n: int | None = None

    def render(self, words: Words) -> str:
        text = words.lookup_n(self.msgid, self.plural, self.n) if self.plural is not None else words.lookup(self.msgid)
        values = {key: words.value(v) for key, v in self.params}
        if self.plural is not None:
            values["n"] = words.value(self.n)
        return text.format(**values)

    def __str__(self) -> str:
        return self.render(ENGLISH)


def say(msgid: str, **params: Any) -> Message:
    """A sentence with named placeholders: ``say("{who} breaks", who=seat)``."""
    return Message(msgid, tuple(params.items()))


def say_n(singular: str, plural: str, n: int, **params: Any) -> Message:
    """A sentence that depends on a count ``{n}``: ``say_n("{n} point", "{n} points", 3)``."""
    return Message(singular, tuple(params.items()), plural, n)


class _English:
    """The source language: ids are the English sentences; seats capitalised, coins by their colour."""

    def lookup(self, msgid: str) -> str:
        return msgid

    def lookup_n(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def value(self, value: Any) -> str:
        if isinstance(value, Message):
            return value.render(self)
        if isinstance(value, Seat):
            return value.value.capitalize()
        if isinstance(value, Coin):
            return value.value
        return str(value)


ENGLISH = _English()
