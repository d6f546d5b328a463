"""GET /api/catalog/{lang}: the web client's messages (those in static/*.js) with the plural rule (docs/i18n.md)."""

import gettext

import pytest
from fastapi.testclient import TestClient

from carrom.i18n import LANGUAGES, catalogs
from carrom.web import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(f"sqlite:///{tmp_path_factory.mktemp('c') / 'c.db'}")) as c:
        yield c


@pytest.fixture(scope="module")
def client_ids():
    return catalogs.client_ids(catalogs.extract())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_client_message_in_every_language(client, client_ids, lang):
    body = client.get(f"/api/catalog/{lang}").json()
    assert body["lang"] == lang
    assert set(body["messages"]) == client_ids and client_ids  # exactly what static/*.js marks, nothing else
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
    assert r.json() == {"error": "'de' is not a language carrom speaks (es, fr, en, it, sl)"}
