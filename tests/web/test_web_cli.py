"""``carrom play`` and ``carrom serve`` start the server (here stopped at once), print the URL, open the browser."""

import gc
import weakref

import pytest
import uvicorn
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from carrom.cli.app import app
from carrom.web import create_app
from carrom.web.warm import FULL_COLLECTION_EVERY, settle

runner = CliRunner()


@pytest.fixture(autouse=True)
def settled(monkeypatch):
    """The servers started here must not freeze this test process's objects (``settle``): record the call instead."""
    calls = []
    monkeypatch.setattr("carrom.web.warm.settle", lambda every=None: calls.append("settle"))
    return calls


def fake_run(calls):
    def run(self):
        calls.append(self.config)
        self.started = True  # what the real server sets once it listens
    return run


def test_play_prints_the_url_opens_the_browser_on_an_sqlite_file(tmp_path, monkeypatch):
    calls, opened = [], []
    monkeypatch.setattr(uvicorn.Server, "run", fake_run(calls))
    monkeypatch.setattr("webbrowser.open", opened.append)
    db = tmp_path / "mine.db"
    result = runner.invoke(app, ["play", "--port", "8765", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "http://localhost:8765/" in result.output and str(db) in result.output
    assert calls[0].host == "127.0.0.1" and calls[0].port == 8765 and db.exists()
    for _ in range(100):
        if opened:
            break
        import time
        time.sleep(0.02)
    assert opened == ["http://localhost:8765/"]


def test_serve_takes_host_port_and_a_database_url_and_says_what_it_resumed(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'hosted.db'}"
    with TestClient(create_app(url)) as c:
        c.post("/api/rooms", json={"players": {"south": {"type": "me"}, "north": {"type": "open"}}})
    calls = []
    monkeypatch.setattr(uvicorn.Server, "run", fake_run(calls))
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", "8766", "--db", url, "--adjourn-after", "2"])
    assert result.exit_code == 0, result.output
    assert "1 unfinished match to resume when opened" in result.output
    assert calls[0].host == "0.0.0.0" and calls[0].port == 8766
    assert calls[0].app.state.hub.match_idle == 7200


def test_the_pages_and_the_client_are_served(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'x.db'}")) as c:
        for path in ("/", "/matches", "/room/abc", "/replay/abc"):
            r = c.get(path)
            assert r.status_code == 200 and "<canvas" in r.text
        assert "boardToPage" in c.get("/static/app.js").text
        assert c.get("/static/style.css").status_code == 200
        assert c.get("/api/board.svg").text.startswith("<svg")
        assert c.get("/static/nope.js").status_code == 404


def test_a_port_out_of_range_is_one_line_of_error(tmp_path):
    result = runner.invoke(app, ["play", "--port", "99999", "--db", str(tmp_path / "x.db"), "--no-browser"])
    assert result.exit_code == 2
    assert result.output.strip() == "error: --port must be a port number from 0 (any free port) to 65535, not 99999"
    result = runner.invoke(app, ["serve", "--host", "no.such.host.invalid", "--port", "8767"])
    assert result.exit_code == 2 and result.output.startswith("error: cannot listen on no.such.host.invalid:8767")
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_the_physics_is_ready_before_the_server_listens(tmp_path, monkeypatch):
    order = []
    monkeypatch.setattr("carrom.web.warm.warm", lambda progress=None: order.append("warm") or 1.5)
    monkeypatch.setattr("carrom.web.warm.settle", lambda: order.append("settle"))
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: order.append("listen"))
    result = runner.invoke(app, ["play", "--port", "8768", "--db", str(tmp_path / "w.db"), "--no-browser"])
    assert result.exit_code == 0, result.output
    assert order == ["warm", "settle", "listen"] and "the physics" in result.output
    assert "physics ready in 1.5 s" in result.output


def test_settling_takes_what_lives_for_good_out_of_the_collectors_walks():
    """After ``settle`` a full collection walks only what is made later (a full collection stopped a server with
    200 rooms for 30-140 ms every ~12 s: benchmarks/load.py); short-lived cycles are still freed by the young
    generations' collections."""
    thresholds = gc.get_threshold()
    try:
        gc.collect()  # what is garbage already is not frozen: settle collects it first
        alive = len(gc.get_objects())
        settle(every=None)
        assert gc.get_freeze_count() >= alive * 0.9 and len(gc.get_objects()) < alive * 0.1
        assert gc.get_threshold() == thresholds[:2] + (FULL_COLLECTION_EVERY,)

        class Node:
            pass

        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: reference counting alone never frees it
        gone = [False]
        weakref.finalize(a, lambda: gone.__setitem__(0, True))
        del a, b
        gc.collect(1)
        assert gone[0]
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_settling_with_carrom_gc_log_logs_the_collections_that_stop_the_process_that_long(monkeypatch, caplog):
    """``CARROM_GC_LOG=MS``: each collection of MS ms or more is logged with its generation and what it freed (a
    soak's pauses told apart from its work, docs/web.md); without it, nothing is added to the collector."""
    thresholds, hooks = gc.get_threshold(), list(gc.callbacks)
    try:
        monkeypatch.delenv("CARROM_GC_LOG", raising=False)
        settle(every=None)
        assert gc.callbacks == hooks
        gc.unfreeze()
        monkeypatch.setenv("CARROM_GC_LOG", "0")
        settle(every=None)
        assert len(gc.callbacks) == len(hooks) + 1

        class Node:
            pass

        a, b = Node(), Node()
        a.other, b.other = b, a
        del a, b
        with caplog.at_level("WARNING", logger="carrom.gc"):
            gc.collect(1)
        said = [r.getMessage() for r in caplog.records if r.name == "carrom.gc"]
        assert said and said[-1].startswith("gc: generation 1, ") and " ms of CPU), " in said[-1]
        assert int(said[-1].rsplit(", ", 1)[1].split()[0]) >= 2  # the cycle's two nodes, at least
    finally:
        gc.callbacks[:] = hooks
        gc.unfreeze()
        gc.set_threshold(*thresholds)


@pytest.mark.parametrize("said", ["fast", "-5", "nan", "5ms"])
def test_a_gc_log_that_is_not_milliseconds_stops_the_server_before_it_starts(said, monkeypatch):
    """``CARROM_GC_LOG=fast`` was a bare ValueError from inside ``settle``, after the physics was warmed: now one line
    naming the variable and what it takes, and nothing starts."""
    calls = []
    monkeypatch.setattr(uvicorn.Server, "run", fake_run(calls))
    monkeypatch.setenv("CARROM_GC_LOG", said)
    result = runner.invoke(app, ["serve", "--port", "8766", "--db", "sqlite://"])
    assert result.exit_code == 2 and not calls
    assert f"error: CARROM_GC_LOG={said!r}: give the shortest collection to log in milliseconds" in result.output
    assert "Traceback" not in result.output


KEEP_SETTLED = """
import gc, sys, time, weakref
from carrom.web.warm import settle
settle(every=0.2)
frozen = gc.get_freeze_count()
kept = [[i] for i in range(50_000)]  # lives on, as a room's match does

class Node:
    pass

a, b = Node(), Node()
a.other, b.other = b, a  # young garbage in a cycle: collected before any freeze, never frozen for good
gone = weakref.ref(a)
del a, b
time.sleep(1.0)
print(gc.get_freeze_count() - frozen, len(gc.get_objects()), gone() is None)
"""


def test_what_lives_on_is_frozen_out_of_the_collectors_walks_every_few_seconds():
    """A room's match grows by ~19 tracked objects an action, and in an hour of 200 games three full collections
    walked them all for 1.7-2.9 s each (docs/web.md). Every ``every`` seconds what outlived a middle collection is
    frozen; a cycle that was already garbage is freed first, not frozen."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", KEEP_SETTLED], capture_output=True, text=True, timeout=120, check=True)
    newly_frozen, still_walked, freed = out.stdout.split()
    assert int(newly_frozen) >= 50_000 and int(still_walked) < 5_000 and freed == "True", out.stdout


def test_warming_compiles_what_a_room_plays():
    from carrom.physics import _engine
    from carrom.web.warm import warm

    warm()
    for kernel in (_engine.run, _engine.batch_parallel, _engine.batch_serial):  # a stroke; a bot's trial strokes
        assert kernel.signatures, kernel
