"""An announcement's time is the venue's clock on every front end, and says its zone (issue 42 item 17): the web desk
and the public page showed local times, the command line UTC, neither labelled. Now the command line reads and
prints the machine's local time with its zone's name, as the pages do with the browser's (``clock`` in
tournament-view.js); the record's log line keeps UTC, labelled."""

import datetime as dt
import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carrom.cli.app import app as cli

VIEW_JS = Path(__file__).resolve().parents[2] / "src" / "carrom" / "web" / "static" / "tournament-view.js"


@pytest.fixture
def venue_zone(monkeypatch):
    """A venue two hours east of Greenwich (a POSIX zone, no tz database needed)."""
    monkeypatch.setenv("TZ", "VEN-2")
    time.tzset()
    yield "VEN"
    monkeypatch.undo()
    time.tzset()


def carrom(db, *args):
    run = CliRunner().invoke(cli, ["tournament", *map(str, args), "--db", db])
    assert run.exit_code == 0, run.output
    return run.output


def test_the_command_line_announces_in_local_time_with_its_zone(sqlite_db, venue_zone):
    made = carrom(sqlite_db, "new", "Clock Open", "--json", *(f"--player={n}" for n in ("Ann Alpha", "Bob Beta",
                                                                                        "Cid Gamma", "Dan Delta")))
    eid = json.loads(made)["id"]
    carrom(sqlite_db, "pair", eid)
    carrom(sqlite_db, "publish", eid)
    out = carrom(sqlite_db, "announce", eid, 1, 1, "--at", "10:30")
    assert "announced for 10:30 VEN; to report by 10:45 VEN" in out
    today = dt.datetime.now().astimezone().date()
    (m,) = [m for m in json.loads(carrom(sqlite_db, "round", eid, 1, "--json")) if m["table"] == 1]
    assert dt.datetime.fromtimestamp(m["announced"], dt.timezone.utc) == dt.datetime.combine(
        today, dt.time(8, 30), dt.timezone.utc)  # 10:30 at the venue is 08:30 UTC
    out = carrom(sqlite_db, "announce", eid, 1, 2, "--at", f"{today}T09:00+00:00")
    assert "announced for 11:00 VEN" in out  # a time that says its zone is read in it


def test_the_pages_label_their_clock_with_the_zone():
    js = VIEW_JS.read_text()
    assert 'timeZoneName: "short"' in js[js.index("export const clock"):][:200]
