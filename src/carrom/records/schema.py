"""Small typed readers for a JSON tree that name the exact path of the first bad field.

Hand-written rather than a schema library: the record format is small, the messages must
be plain words, and the project keeps its dependencies few.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from carrom.records.errors import RecordError


def child(path: str, key: str | int) -> str:
    """The JSON path of ``key`` under ``path``: ``a.b``, ``a[3]``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def describe(value: Any) -> str:
    """A short human description of a JSON value for error messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def obj(value: Any, path: str, *, required: Iterable[str] = (), optional: Iterable[str] = ()) -> Mapping[str, Any]:
    """``value`` as an object with exactly the known keys; unknown keys are errors, not noise."""
    if not isinstance(value, dict):
        raise RecordError(path, f"expected an object, found {describe(value)}")
    required, optional = tuple(required), tuple(optional)
    for key in required:
        if key not in value:
            raise RecordError(child(path, key), "missing")
    known = set(required) | set(optional)
    for key in value:
        if not isinstance(key, str) or key not in known:
            raise RecordError(child(path, str(key)), f"unknown field (expected one of {', '.join(sorted(known))})")
    return value


def items(value: Any, path: str, *, min_len: int = 0) -> Iterator[tuple[str, Any]]:
    """(path, element) pairs of a JSON list."""
    if not isinstance(value, list):
        raise RecordError(path, f"expected a list, found {describe(value)}")
    if len(value) < min_len:
        raise RecordError(path, f"expected at least {min_len} entries, found {len(value)}")
    for i, element in enumerate(value):
        yield child(path, i), element


def text(value: Any, path: str, *, allow_empty: bool = True, max_len: int = 10_000) -> str:
    if not isinstance(value, str):
        raise RecordError(path, f"expected text, found {describe(value)}")
    if not allow_empty and not value.strip():
        raise RecordError(path, "must not be empty")
    if len(value) > max_len:
        raise RecordError(path, f"longer than {max_len} characters")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RecordError(path, "not valid Unicode text (a lone surrogate)") from None
    return value


def opt_text(mapping: Mapping[str, Any], key: str, path: str) -> str | None:
    """An optional text field: absent or null means unknown."""
    value = mapping.get(key)
    return None if value is None else text(value, child(path, key))


def boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(path, f"expected true or false, found {describe(value)}")
    return value


def integer(value: Any, path: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(path, f"expected a whole number, found {describe(value)}")
    if minimum is not None and value < minimum:
        raise RecordError(path, f"must be at least {minimum}, found {value}")
    if maximum is not None and value > maximum:
        raise RecordError(path, f"must be at most {maximum}, found {value}")
    return value


def number(value: Any, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RecordError(path, f"expected a number, found {describe(value)}")
    try:
        finite = math.isfinite(value)
    except OverflowError:  # an integer beyond the floats (JSON allows any number of digits)
        finite = False
    if not finite:
        raise RecordError(path, "must be a finite number")
    return float(value)


def choice(value: Any, path: str, allowed: Iterable[str]) -> str:
    """One of a fixed set of words; the message lists them all."""
    allowed = tuple(allowed)
    if not isinstance(value, str) or value not in allowed:
        raise RecordError(path, f"{describe(value)} is not one of {', '.join(allowed)}")
    return value
