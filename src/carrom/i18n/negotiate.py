"""Which language to speak: an explicit choice, else the browser's Accept-Language, else LANG/LC_*.

Only the five languages of the laws are on offer (``LANGUAGES``); anything else falls back
to English. Regions are ignored ("es-CO" is Spanish), as are encodings ("sl_SI.UTF-8").
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from babel import Locale, UnknownLocaleError

from carrom.i18n.catalogs import DEFAULT, LANGUAGES


def supported(tag: str | None) -> str | None:
    """The language of a tag ("es", "es-CO", "sl_SI.UTF-8", "fr_FR@euro") if it is one of the five."""
    if not tag:
        return None
    tag = tag.split(".")[0].split("@")[0].strip()
    if tag in ("", "C", "POSIX", "*"):
        return None
    try:
        lang = Locale.parse(tag, sep="-" if "-" in tag else "_").language
    except (ValueError, UnknownLocaleError):
        return None
    return lang if lang in LANGUAGES else None


def from_accept_language(header: str | None) -> str | None:
    """The first of the five in an Accept-Language header, by quality: "sl,en;q=0.8" gives "sl"."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for p in params.split(";"):
            key, _, value = p.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            ranked.append((-quality, i, tag.strip()))
    return next((lang for *_, tag in sorted(ranked) if (lang := supported(tag))), None)


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language of the POSIX variables, in their precedence: LANGUAGE's list, LC_ALL, LC_MESSAGES, LANG."""
    env = os.environ if environ is None else environ
    if env.get("LC_ALL") not in ("C", "POSIX"):  # gettext ignores LANGUAGE under the C locale
        for tag in env.get("LANGUAGE", "").split(":"):
            if lang := supported(tag):
                return lang
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(var):
            return supported(env[var])
    return None


def negotiate(explicit: str | None = None, accept_language: str | None = None,
              environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``explicit`` (must be one of the five), else the header, else the environment."""
    if explicit is not None:
        lang = supported(explicit)
        if lang is None:
            raise ValueError(f"{explicit!r} is not a language carrom speaks ({', '.join(LANGUAGES)})")
        return lang
    return from_accept_language(accept_language) or from_environment(environ) or DEFAULT
