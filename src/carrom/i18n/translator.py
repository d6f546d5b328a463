"""One language's words: gettext over its catalog, the referee's messages, the laws' meanings, numbers and dates."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cache
from typing import Any

from babel import Locale
from babel.dates import format_date, format_time
from babel.numbers import format_decimal
from babel.support import Translations

from carrom.i18n.catalogs import DEFAULT, LANGUAGES, load
from carrom.i18n.laws import meaning
from carrom.i18n.names import COINS, SEATS
from carrom.i18n.negotiate import supported
from carrom.rules import Coin, Decision, RulesError, Seat
from carrom.rules.decision import cite
from carrom.rules.message import Message


@dataclass(frozen=True)
class Translator:
    lang: str
    translations: Translations

    @property
    def locale(self) -> Locale:
        return Locale.parse(self.lang)

    def gettext(self, msgid: str, **params: Any) -> str:
        """The message in this language, its ``{placeholders}`` filled when parameters are given."""
        text = self.lookup(msgid)
        return text.format(**params) if params else text

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        """The form for ``n`` by the language's plural rule (Slovenian: one, two, few, other); ``{n}`` filled."""
        return self.lookup_n(singular, plural, n).format(n=self.number(n), **params)

    def lookup(self, msgid: str) -> str:
        return self.translations.gettext(msgid)

    def lookup_n(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def value(self, value: Any) -> str:
        """A parameter of a message in this language: a seat's or a colour's name, a nested message, a number."""
        if isinstance(value, Message):
            return value.render(self)
        if isinstance(value, Seat):
            return self.lookup(SEATS[value])
        if isinstance(value, Coin):
            return self.lookup(COINS[value])
        return str(value)

    def seat(self, seat: str | Seat) -> str:
        """A seat's name ("south" or ``Seat.SOUTH``) in this language: "Sur", "Jug"."""
        return self.value(Seat.named(seat))

    def coin(self, coin: str | Coin) -> str:
        """A colour ("white", "black", "queen") as this language names one piece of it."""
        return self.value(Coin(coin)) if coin in {c.value for c in Coin} else str(coin)

    def message(self, message: Message | str) -> str:
        return message.render(self) if isinstance(message, Message) else message

    def decision(self, decision: Decision) -> str:
        """A decision of the referee in this language, its law cited once ("... (ICF 72 a)")."""
        return cite(self.words(decision), decision.law)

    def words(self, decision: Decision) -> str:
        return self.message(decision.message) if decision.message is not None else decision.text

    def error(self, error: RulesError) -> str:
        """A refusal of the referee in this language (its English when not worded as a message)."""
        return self.message(error.message) if error.message is not None else str(error)

    def law(self, law: str) -> str:
        """A citation with its meaning: "ICF 72 a — due: ..." in this language; the number stays ICF's."""
        found = meaning(law)
        return f"{law} — {self.gettext(found)}" if found else law

    def number(self, value: float | int) -> str:
        """A number as this language writes it (decimal comma in es, fr, it, sl)."""
        return format_decimal(value, locale=self.locale)

    def date(self, value: dt.date, form: str = "medium") -> str:
        return format_date(value, format=form, locale=self.locale)

    def time(self, value: dt.time, form: str = "short") -> str:
        return format_time(value, format=form, locale=self.locale)


@cache
def translator(lang: str = DEFAULT) -> Translator:
    """The translator of one of the five languages (``LANGUAGES``); ValueError names the choices otherwise."""
    code = supported(lang)
    if code is None:
        raise ValueError(f"{lang!r} is not a language carrom speaks ({', '.join(LANGUAGES)})")
    return Translator(code, load(code))
