"""Closing an event updates a rating list by Glicko-2: Glickman's own example comes out of `carrom tournament
close --rating` (his paper: a 1500 player, deviation 200, beats a 1400 (30) and loses to a 1550 (100) and a 1700
(300): 1464.06, deviation 151.52, volatility 0.05999)."""

import json

import pytest
from typer.testing import CliRunner

from carrom.cli.app import app
from carrom.desk import TournamentStore
from carrom.desk.ratings import set_rate
from carrom.tournament import Competitor, Event, Format, Match, Player, Settings, check
from carrom.tournament.outcomes import outcomes

runner = CliRunner()


def test_glickmans_example_through_close(sqlite_db):
    store = TournamentStore(sqlite_db)
    ids = [store.add_player(f"P{i}", f"Player{i}") for i in range(4)]
    for pid, (rating, rd) in zip(ids, [(1500, 200), (1400, 30), (1550, 100), (1700, 300)]):
        set_rate(store, "ICF", pid, rating, rd, 0.06)
    players = {pid: Player(pid, f"P{i}", f"Player{i}") for i, pid in enumerate(ids)}
    won = check(((25, 3),), Format.SINGLE)
    lost = check(((3, 25),), Format.SINGLE)
    event = Event("rated", Settings(format=Format.SINGLE), players,
                  tuple(Competitor(i + 1, (pid,)) for i, pid in enumerate(ids)),
                  (Match(1, 1, 1, 2, won), Match(2, 1, 1, 3, lost), Match(3, 1, 1, 4, lost)))
    eid = store.create(event)
    store.close()
    result = runner.invoke(app, ["tournament", "close", str(eid), "--rating", "ICF", "--db", sqlite_db, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rated"] == 4
    rows = json.loads(runner.invoke(app, ["tournament", "ratings", "ICF", "--db", sqlite_db, "--json"]).output)
    first = next(r for r in rows if r["name"] == "P0 Player0")
    assert first["rating"] == pytest.approx(1464.06, abs=0.01)
    assert first["deviation"] == pytest.approx(151.52, abs=0.01)
    assert first["volatility"] == pytest.approx(0.05999, abs=1e-5)
    again = runner.invoke(app, ["tournament", "close", str(eid), "--rating", "ICF", "--db", sqlite_db])
    assert again.exit_code == 2 and "closed already" in again.output


def test_walkovers_byes_and_held_matches_are_not_rated():
    """ICF 143 i: a walkover is no match played; a bye neither; ICF 150: a held result is not published."""
    from dataclasses import replace

    from carrom.tournament.results import walkover

    players = {i: Player(i, "F", f"L{i}") for i in range(1, 6)}
    event = Event("e", Settings(format=Format.SINGLE), players, tuple(Competitor(i, (i,)) for i in range(1, 6)), (
        Match(1, 1, 1, 2, walkover(1, Format.SINGLE, waited_minutes=20)),
        Match(1, 2, 3, None),
        replace(Match(1, 3, 4, 5, check(((25, 1),), Format.SINGLE)), held=True),
        Match(2, 1, 1, 3, check(((12, 12),), Format.SINGLE)),
    ))
    assert outcomes(event) == {1: [(3, 0.5)], 3: [(1, 0.5)]}
