"""The motion the page draws is the engine's (issue 11): the server sends each disc's slides
(views.motion_of), static/motion.js evaluates them, and at any time the client's positions equal
``ShotResult.state_at`` within 1e-9 m, in Debian's chromium, for a real stroke through the real server.

The strokes are fixed, and what they do depends on the physics: the server here plays ``PHYSICS`` (its option
``physics``, as ``carrom serve --physics`` gives it), the model they were chosen under, whatever the default."""

import json
from pathlib import Path

import numpy as np
import pytest

from carrom.equipment import Seat, opening_formation
from carrom.game import Game
from carrom.physics import MODELS, Strike, simulate
from carrom.records import Record, load_record
from carrom.web.views import SOUNDING, impact_speed, motion_of

PHYSICS = MODELS["v4"]  # the model the strokes below were chosen under: a new default does not change what they do
STRIKE = {"type": "strike", "seat": "south", "along": 0.0, "angle": -0.02, "speed": 6.5}  # v4: a black pocketed


@pytest.fixture
def server(sqlite_db, make_server):
    """The web tests' server (tests/web/conftest.py) playing ``PHYSICS``."""
    with make_server(sqlite_db, bot_pause=0.05, physics=PHYSICS) as s:
        yield s


def local_match(browser, url):
    """A match of two people on one page; returns the page, the messages it received and its errors."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    received, errors = [], []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: received.append(json.loads(data))))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.select_option("#mode", "local")
    page.click("#start")
    page.wait_for_function("carrom.state && carrom.state.expected && carrom.state.expected.seat === 'south'")
    return page, received, errors


def engine_shot(page, url, strike):
    """The same stroke simulated here, from the stored record's first position and physics."""
    room = page.url.rstrip("/").split("/")[-1]
    record = load_record(page.request.get(f"{url}api/matches/{room}/record").text())
    game = Game.resume(Record(record.header))
    assert game.params == PHYSICS  # the server played the model the test pins, and its record names it
    return simulate(game.layout, Strike.from_seat(Seat(strike["seat"]), strike["along"], strike["angle"], strike["speed"]),
                    game.params)


def test_the_clients_positions_are_the_engines_at_any_time(browser, server):
    page, received, errors = local_match(browser, server.url)
    page.evaluate("(msg) => carrom.send(msg)", STRIKE)
    page.wait_for_function("carrom.state.log.length === 1 && !carrom.busy")
    motion = next(m["shot"] for m in received if m.get("shot"))
    result = engine_shot(page, server.url, STRIKE)
    assert result.pocketed and any(e.kind.value == "cushion" for e in result.events)  # a stroke with all kinds of events
    times = np.linspace(-0.01, result.duration + 0.05, 50)
    expected, _velocities, present = result.state_at(times)
    client = page.evaluate("""async ([motion, times]) => {
        const m = await import("/static/motion.js");
        return times.map((t) => motion.discs.map((_disc, b) => m.discAt(motion, b, t)));
    }""", [motion, times.tolist()])
    for k, t in enumerate(times.tolist()):
        for b in range(result.n_bodies):
            if present[k, b]:
                assert client[k][b] == pytest.approx(tuple(expected[k, b]), abs=1e-9), (t, b)
            else:
                assert client[k][b] is None, (t, b)
    # what the page shows at the end of the motion is where the engine left the discs
    shown = page.evaluate("carrom.shown")
    on_board = [i for i in range(len(result.layout)) if result.on_board[i]]
    assert [(d["x"], d["y"]) for d in shown] == [pytest.approx(tuple(result.final_positions[i]), abs=1e-6) for i in on_board]
    assert not errors


def test_a_sound_for_each_impact_cushion_and_pocket_as_loud_as_it_was_hard(browser, server):
    page, _received, errors = local_match(browser, server.url)
    page.click("#board")  # the first gesture: the page may make sound from now on
    assert page.evaluate("carrom.sound.muted()") is False and page.inner_text("#sound") == "Sound: on"
    page.evaluate("(msg) => carrom.send(msg)", STRIKE)
    page.wait_for_function("carrom.state.log.length === 1 && !carrom.busy")
    heard = page.evaluate("carrom.sound.log")
    result = engine_shot(page, server.url, STRIKE)
    masses = result.masses
    expected = []
    for e in result.events:
        if e.kind.value == "contact":
            i, j = e.bodies
            expected.append((e.time, "contact", i, j, e.impulse * (masses[i] + masses[j]) / (masses[i] * masses[j])))
        elif e.kind.value == "cushion":
            expected.append((e.time, "cushion", e.bodies[0], -1, e.impulse / masses[e.bodies[0]]))
        elif e.kind.value == "pocketed":
            expected.append((e.time, "pocketed", e.bodies[0], -1, float(np.hypot(*e.velocities[0]))))
    assert [(h["t"], h["kind"], h["i"], h["j"], h["speed"]) for h in heard] == [
        (pytest.approx(t, abs=1e-9), kind, i, j, pytest.approx(speed, abs=1e-8)) for t, kind, i, j, speed in expected]
    assert any(h["voiced"] for h in heard if h["kind"] == "contact") and any(h["voiced"] for h in heard if h["kind"] == "pocketed")
    contacts = sorted((h["speed"], h["gain"]) for h in heard if h["kind"] == "contact")
    assert all(a[1] <= b[1] for a, b in zip(contacts, contacts[1:])) and contacts[0][1] < contacts[-1][1]  # harder, louder

    # muted, remembered: the next page is silent, the events still logged
    page.click("#sound")
    assert page.inner_text("#sound") == "Sound: off"
    page.reload()
    page.wait_for_function("window.carrom && carrom.state && carrom.state.expected")  # the module may not have run yet
    assert page.inner_text("#sound") == "Sound: off" and page.get_attribute("#sound", "aria-pressed") == "false"
    page.click("#board")
    page.evaluate("carrom.send({type: 'auto', seat: carrom.state.expected.seat})")
    page.wait_for_function("carrom.state.log.length === 2 && !carrom.busy")
    again = page.evaluate("carrom.sound.log")
    assert again and not any(h["voiced"] for h in again)
    assert not errors


def _motion_one_by_one(shot, seat):
    """The motion as ``ShotResult.slides`` and ``ShotResult.events`` give it, number by number (views.motion_of's
    reference: it makes the same numbers from the engine's arrays at once)."""
    def exact(v):
        return round(float(v), 11)

    discs = []
    for b in range(shot.n_bodies):
        pocket = float(shot.pocket_time[b])
        fell = not np.isnan(pocket)
        discs.append({"slides": [[exact(v) for v in (s.time, *s.position, *s.velocity, s.deceleration)]
                                 for s in shot.slides(b) if not (fell and s.time >= pocket)],
                      "pocket": exact(pocket) if fell else None})
    events = [[exact(e.time), e.kind.value, e.bodies[0], e.bodies[1] if len(e.bodies) > 1 else -1, exact(e.impulse),
               exact(impact_speed(shot, e))] for e in shot.events if e.kind in SOUNDING]
    return {"seat": seat, "duration": float(shot.duration), "kinds": [k.value for k in shot.kinds], "discs": discs,
            "events": events,
            "pocketed": [{"kind": p.kind.value, "pocket": p.pocket, "time": p.time} for p in shot.pocketed]}


# the first three are breaks that pocket under PHYSICS (v4): a black, a white and a black, the striker
@pytest.mark.parametrize("along, angle, speed", [(0.0, -0.02, 6.5), (-0.05, 0.02, 6.5), (0.1, 0.06, 6.5),
                                                 (-0.05, 0.04, 5.0), (0.1, -0.02, 3.0), (0.2, 0.9, 2.0)])
def test_the_motion_sent_is_the_engines_slides_and_events(along, angle, speed):
    shot = simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, along, angle, speed), PHYSICS)
    sent, reference = motion_of(shot, "south"), _motion_one_by_one(shot, "south")
    assert sent["events"] and any(d["pocket"] is not None for d in sent["discs"]) or speed < 6  # the breaks pocket
    assert {k: v for k, v in sent.items() if k not in ("discs", "events")} == \
        {k: v for k, v in reference.items() if k not in ("discs", "events")}
    assert [d["pocket"] for d in sent["discs"]] == [d["pocket"] for d in reference["discs"]]
    for mine, theirs in zip(sent["discs"], reference["discs"], strict=True):
        assert np.array(mine["slides"]).shape == np.array(theirs["slides"]).shape
        assert np.allclose(mine["slides"], theirs["slides"], rtol=0, atol=1e-15)
    assert [e[1:4] for e in sent["events"]] == [e[1:4] for e in reference["events"]]
    assert np.allclose([[e[0], e[4], e[5]] for e in sent["events"]],
                       [[e[0], e[4], e[5]] for e in reference["events"]], rtol=1e-15, atol=1e-15)
    assert all(type(e[2]) is int and type(e[3]) is int for e in sent["events"])
    assert len(json.dumps(sent)) <= len(json.dumps(reference)) + 8  # rounded alike: no 17-digit numbers


def test_the_motion_is_made_from_the_public_api_of_physics():
    """views reads a shot through ShotResult's public accessors (slide_arrays, event_arrays), not the kernel's columns."""
    import ast

    import carrom.web.views as views

    private = []
    for node in ast.walk(ast.parse(Path(views.__file__).read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("carrom.physics"):
            private += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
            private += [node.module] if any(part.startswith("_") for part in node.module.split(".")) else []
        elif isinstance(node, ast.Import):
            private += [a.name for a in node.names if a.name.startswith("carrom.physics._")]
    assert private == []
