"""The one reader of a JSON request body: bounded in size, depth, number length and text before a route sees it.

``json.loads`` alone lets through what breaks later with a traceback: a nesting past Python's recursion
(RecursionError), a number of 5,000 digits (ValueError past Python's digit limit, or a float of
``inf``), ``NaN``, and ``"\\ud800"``, a lone surrogate that fails when the text is written
(UnicodeEncodeError). Each is refused here, 4xx with where it is (``players.0.name``), nothing changed.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from carrom.i18n.said import RECORDER as SAID
from carrom.web.messages import MAX_DEPTH, MessageError

MAX_NUMBER = 40  # characters of one number (a float's 17 digits with its sign and exponent fit many times)
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Refused:
    """What the parser's hooks leave in place of a number refused, found with its path by the walk."""

    def __init__(self, text: str) -> None:
        self.text = text


def _int(text: str) -> Any:
    return _Refused(text) if len(text) > MAX_NUMBER else int(text)


def _float(text: str) -> Any:
    number = float(text)
    return _Refused(text) if len(text) > MAX_NUMBER or not math.isfinite(number) else number


def read_json(raw: bytes, most: int, empty: Any = None) -> Any:
    """The JSON of a request's body of at most ``most`` bytes (``empty``, if given, for an empty body), or
    ``MessageError`` (400, 413) naming what is wrong and where."""
    if len(raw) > most:
        raise MessageError(SAID.gettext("the request's body is over {most} bytes", most=most), status=413)
    if empty is not None and not raw.strip():
        return empty
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MessageError(SAID.gettext("bad request: {problem}", problem=f"not UTF-8 text (byte {exc.start})")) \
            from None
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_Refused)
    except RecursionError:
        raise MessageError(SAID.gettext("the JSON is nested deeper than {most} levels", most=MAX_DEPTH)) from None
    except ValueError:
        raise MessageError(SAID.gettext("the request's body must be JSON")) from None
    _check(value)
    return value


def _check(value: Any) -> None:
    """Walk ``value`` without recursion; the first thing refused raises, named by its path."""
    stack: list[tuple[Any, tuple, int]] = [(value, (), 1)]
    while stack:
        item, path, depth = stack.pop()
        where = ".".join(map(str, path)) or "the body"
        if isinstance(item, _Refused):
            if len(item.text) <= MAX_NUMBER:  # NaN, Infinity, 1e999
                raise MessageError(SAID.gettext("{key} must be a finite number, got {value}", key=where,
                                                value=item.text))
            raise MessageError(SAID.gettext("{key} is {length} characters long: at most {most}", key=where,
                                            length=len(item.text), most=MAX_NUMBER))
        if isinstance(item, str):
            if not item.isascii() and _SURROGATE.search(item):
                raise MessageError(SAID.gettext("bad request: {problem} ({where})", where=where,
                                                problem="text that is not Unicode (a lone surrogate)"))
            continue
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise MessageError(SAID.gettext("the JSON is nested deeper than {most} levels", most=MAX_DEPTH))
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in pairs:
                if isinstance(key, str):
                    stack.append((key, (*path, "(a key)"), depth))
                stack.append((child, (*path, key), depth + 1))
