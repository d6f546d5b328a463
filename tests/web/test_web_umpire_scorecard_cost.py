"""The umpire's scorecard costs the event loop nothing and is made once per revision (issue 43 item 5: "The
umpire's scorecard parses the record and draws the PDF on the event loop for every request, uncached (380–530 ms
of CPU for a 1,000-stroke record; 13 requests in 18 s from 4 addresses made another room's strokes wait p50
1.6 s, p99 5.1 s)"). On main the record was read and replayed on the loop, and drawn again for every request.
"""

import asyncio

import pytest
from test_web_umpire import LINES, client, enter, new_match  # noqa: F401  (the fixture)

import carrom.records.scorecard.build as build
import carrom.web.umpire as umpire_routes


def on_loop() -> bool:
    try:
        asyncio.get_running_loop()
        return True
    except RuntimeError:
        return False


@pytest.fixture
def counted(monkeypatch):
    """Each reading of a record and each card built: whether it ran on an event loop's thread."""
    calls = {"read": [], "built": []}
    read, built = umpire_routes.load_record, build.build_card

    def reading(*a, **k):
        calls["read"].append(on_loop())
        return read(*a, **k)

    def building(*a, **k):
        calls["built"].append(on_loop())
        return built(*a, **k)

    monkeypatch.setattr(umpire_routes, "load_record", reading)
    monkeypatch.setattr(build, "build_card", building)
    return calls


def test_the_scorecard_is_made_off_the_loop_once_per_revision_format_and_language(client, counted):  # noqa: F811
    m = new_match(client)
    for line in LINES[:5]:
        enter(client, m, line)
    base = f"/api/umpire/{m['id']}/scorecard"
    first = client.get(base + ".pdf")
    assert first.status_code == 200 and first.content.startswith(b"%PDF")
    for _ in range(5):  # asked again and again: the same card, not made again
        again = client.get(base + ".pdf")
        assert again.content == first.content
    assert len(counted["built"]) == 1, counted
    assert client.get(base + ".html?lang=fr").status_code == 200  # another format and language: made for it
    assert len(counted["built"]) == 2
    enter(client, m, LINES[5])  # a new entry, a new revision: the card follows it
    later = client.get(base + ".csv")
    assert later.status_code == 200 and len(counted["built"]) == 3
    assert counted["read"] and counted["built"]
    assert not any(counted["read"] + counted["built"]), ("made on the event loop", counted)
