"""``GET /api/catalog/{lang}``: the web client's words in one of the five languages (docs/i18n.md).

The client marks every string with ``t()``/``tn()`` (static/i18n.js); Babel extracts them into
the same gettext catalogs as the rest of carrom. The server sends its own words (rulings, entries,
notices) as message ids with their parameters (``carrom.i18n.said``), which the client renders
too, so this router serves every entry of one catalog as JSON, with the language's plural rule,
for ``useCatalog`` to load. ``GET /api/catalog`` picks the language from the
request's Accept-Language.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from babel.messages.catalog import Catalog
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse

from carrom.i18n import LANGUAGES, from_accept_language, negotiate
from carrom.i18n.catalogs import DEFAULT, read
from carrom.i18n.said import RECORDER


@cache
def client_catalog(lang: str) -> dict[str, Any]:
    """The client's messages of ``lang``: {lang, plural: {nplurals, expression}, messages: {id: text or [forms]}}."""
    catalog: Catalog = read(lang)
    messages: dict[str, Any] = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, tuple):  # a plural: keyed by its singular, one form per plural category
            messages[m.id[0]] = list(m.string)
        else:
            messages[m.id] = m.string
    return {"lang": lang, "plural": {"nplurals": catalog.num_plurals, "expression": catalog.plural_expr},
            "messages": messages, "names": names()}


@cache
def names() -> dict[str, dict[str, str]]:
    """The vocabularies the pages name, from their one table each: key -> message id (the page's t() words it):
    the rulesets and stages (carrom.rules), the computer's levels (carrom.players.levels)."""
    from carrom.players.levels import TABLE
    from carrom.rules import RULESETS, Stage

    return {"variants": {r.name: r.title.msgid for r in RULESETS.values()},
            "stages": {s.value: s.title.msgid for s in Stage},
            "levels": {level.key: level.title.msgid for level in TABLE}}


def catalog_router() -> APIRouter:
    router = APIRouter()

    def answer(lang: str) -> JSONResponse:
        return JSONResponse(client_catalog(lang), headers={"Cache-Control": "public, max-age=3600",
                                                           "Content-Language": lang})

    @router.get("/api/catalog")
    async def negotiated(request: Request) -> JSONResponse:
        lang = from_accept_language(request.headers.get("accept-language")) or DEFAULT
        response = answer(lang)
        response.headers["Vary"] = "Accept-Language"
        return response

    @router.get("/api/catalog/{lang}")
    async def by_language(lang: str) -> JSONResponse:
        try:
            code = negotiate(lang)
        except ValueError:
            raise unknown_language(lang) from None
        return answer(code)

    return router


def unknown_language(lang: str) -> HTTPException:
    """A 404 for a language carrom does not speak, naming the five (worded as a message: carrom.i18n.said)."""
    return HTTPException(404, RECORDER.gettext("{value} is not a language carrom speaks ({languages})",
                                               value=repr(lang), languages=", ".join(LANGUAGES)))
