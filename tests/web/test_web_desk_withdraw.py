"""A withdrawal at the desk (issue 42 item 17): asked before it is made, and undone (``tournament.reinstate``) while no
round from it on is paired, on the web desk and the command line alike, both through ``desk.service.step``."""

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carrom.cli.app import app as cli
from carrom.tournament import DeskError, pair, reinstate, retire
from test_web_desk_both_fronts import client  # noqa: F401  (the app on a test database)
from test_web_desk import refusal, step  # noqa: F401

NAMES = ["Ann Alpha", "Bob Beta", "Cid Gamma", "Dan Delta"]
DESK_JS = Path(__file__).resolve().parents[2] / "src" / "carrom" / "web" / "static" / "desk.js"


def made(client):
    r = client.post("/api/desk", json={"name": "Withdraw Open", "players": NAMES, "system": "swiss"})
    assert r.status_code == 200, r.text
    return r.json()["id"], {"X-Desk-Key": r.json()["key"]}


def retired(state):
    return {c["id"]: c["retired_from"] for c in state["competitors"]}


def test_the_core_undoes_a_withdrawal_until_a_round_is_paired_without_it():
    from tournament_helpers import event

    ev = retire(event(4), 2)
    assert ev.competitor(2).retired_from == 1
    assert reinstate(ev, 2).competitor(2).retired_from is None
    with pytest.raises(DeskError, match="competitor 3 is not withdrawn"):
        reinstate(ev, 3)
    with pytest.raises(DeskError, match="no competitor 9 in this event"):
        reinstate(ev, 9)
    paired = pair(ev)
    assert 2 not in {s for m in paired.matches for s in m.sides}
    with pytest.raises(DeskError, match="round 1 is paired without competitor 2: take that round back first"):
        reinstate(paired, 2)


def test_the_web_desk_undoes_a_withdrawal_and_logs_it(client):
    eid, key = made(client)
    state = step(client, eid, key, "retire", competitor="Bob Beta")
    assert retired(state)[2] == 1
    state = step(client, eid, key, "reinstate", competitor="Bob Beta")
    assert retired(state)[2] is None
    assert [line["what"] for line in state["log"]][-2:] == ["withdrawn: Bob Beta", "withdrawal undone: Bob Beta"]
    assert "is not withdrawn" in refusal(client, eid, key, "reinstate", competitor="Bob Beta")
    step(client, eid, key, "retire", competitor="2")
    step(client, eid, key, "pair")
    assert "take that round back first" in refusal(client, eid, key, "reinstate", competitor="2")


def test_the_command_line_undoes_a_withdrawal(client):
    eid, key = made(client)
    db = client.db

    def carrom(*args):
        return CliRunner().invoke(cli, ["tournament", *map(str, args), "--db", db])

    assert carrom("retire", eid, "Cid Gamma").exit_code == 0
    run = carrom("reinstate", eid, "Cid Gamma")
    assert run.exit_code == 0 and "Cid Gamma reinstated" in run.output, run.output
    assert retired(client.get(f"/api/desk/{eid}", headers=key).json())[3] is None
    again = carrom("reinstate", eid, "Cid Gamma")
    assert again.exit_code != 0 and "is not withdrawn" in again.output


def test_the_desk_page_asks_before_withdrawing_and_offers_the_undo():
    """The Withdraw button asks first, as a walkover does (a first click shows "Confirm: withdraw ...", the second
    withdraws); a withdrawn competitor's row has Undo withdrawal, which sends the reinstate step."""
    js = DESK_JS.read_text()
    withdraw = js[js.index('t("Withdraw")') - 600: js.index('t("Withdraw")') + 400]
    assert 'Confirm: withdraw {names}' in withdraw
    assert re.search(r'if \(desk\.confirming !== id\) \{ desk\.confirming = id; render\(desk\.state\); return; \}\s*'
                     r'desk\.confirming = null;\s*step\("retire"', withdraw)
    assert 't("Undo withdrawal")' in js and 'step("reinstate"' in js
