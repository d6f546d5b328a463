"""GET /api/catalog/{lang}: the web client's messages with the plural rule (docs/i18n.md).

The client shows its own words (static/*.js, the pages' HTML) and the server's, sent as message ids with
their parameters (carrom.i18n.said): the catalog it is served is every message of the language.
"""

import gettext
import re

import pytest
from fastapi.testclient import TestClient

from carrom.i18n import LANGUAGES, catalogs
from carrom.web import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(f"sqlite:///{tmp_path_factory.mktemp('c') / 'c.db'}")) as c:
        yield c


@pytest.fixture(scope="module")
def template():
    return catalogs.extract()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_in_every_language(client, template, lang):
    body = client.get(f"/api/catalog/{lang}").json()
    assert body["lang"] == lang
    assert set(body["messages"]) == {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    assert all(body["messages"].values())
    plural = body["plural"]
    forms = [v for v in body["messages"].values() if isinstance(v, list)]
    assert all(len(f) == plural["nplurals"] for f in forms)


def test_plural_rule_is_the_languages_own(client):
    sl = client.get("/api/catalog/sl").json()
    assert sl["plural"]["nplurals"] == 4
    rule = gettext.c2py(sl["plural"]["expression"])  # the C expression, as gettext (and JS) evaluate it
    assert [rule(n) for n in (1, 2, 3, 4, 5, 101, 102, 111)] == [0, 1, 2, 2, 3, 0, 1, 3]  # one, two, few, other
    assert sl["messages"]["{n} point"] == ["{n} točka", "{n} točki", "{n} točke", "{n} točk"]
    assert client.get("/api/catalog/es").json()["messages"]["{n} point"] == ["{n} punto", "{n} puntos"]
    assert client.get("/api/catalog/fr").json()["plural"] == {"nplurals": 2, "expression": "(n > 1)"}


def test_accept_language_picks_the_catalog(client):
    r = client.get("/api/catalog", headers={"Accept-Language": "de-DE,it;q=0.8,en;q=0.5"})
    assert r.status_code == 200 and r.json()["lang"] == "it" and r.headers["vary"] == "Accept-Language"
    assert client.get("/api/catalog", headers={"Accept-Language": "ja"}).json()["lang"] == "en"
    assert client.get("/api/catalog/es-CO").json()["lang"] == "es"


def test_a_language_not_offered_is_a_404_naming_the_five(client):
    r = client.get("/api/catalog/de")
    assert r.status_code == 404
    assert r.json()["error"] == "'de' is not a language carrom speaks (es, fr, en, it, sl)"


LITERAL = re.compile(r"\btn?\(\s*\"((?:[^\"\\\\]|\\\\.)+)\"")  # t("…") or tn("…", …) with a string literal


def test_extraction_finds_every_literal_the_scripts_mark(template):
    """A t() nested in another call or inside a template literal's ${…} is extracted too (babel.cfg's
    parse_template_string; no object literal inside ${…}, whose braces Babel's template scanner miscounts)."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    static = catalogs.PACKAGE / "web" / "static"
    marked = {(path.name, text.replace('\\"', '"')) for path in static.glob("*.js") if path.name != "i18n.js"
              for text in LITERAL.findall(path.read_text())}
    assert len(marked) > 200
    assert {(name, text) for name, text in marked if text not in ids} == set()
