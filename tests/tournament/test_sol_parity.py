"""SoL 5.26's fields carried both ways: ``matcheskind: bestof3`` with each game's scores, ``delaytoppairing``'s
default, a round robin's ``circle`` or ``seeds``; read and written by ``carrom.desk.sol`` without a database."""

from dataclasses import replace

import pytest
import yaml

from carrom.desk import sol
from carrom.tournament import (
    Competitor, DeskError, Event, Format, Match, Player, Settings, System, check, pair, standings,
)

HEAD = {"clubs": [{"description": "C"}], "championships": [{"description": "Ch", "club": 1, "prizes": "fixed"}],
        "players": [{"firstname": f"F{i}", "lastname": f"L{i}"} for i in range(1, 5)]}


def _file(**tourney) -> bytes:
    t = {"description": "T", "date": "2026-01-01", "championship": 1, "currentturn": 1, "rankedturn": 1,
         "competitors": [{"players": [i]} for i in range(1, 5)]} | tourney
    return yaml.safe_dump_all([HEAD, t]).encode()


def _imported(data: bytes) -> tuple[Event, dict]:
    """The file's first tourney and its extras, its players (indexes into the file's) as the store gives them."""
    imported = sol.read(data)
    ev, extra, _, _ = imported.events[0]
    return replace(ev, players={i: Player(i, p["first"], p["last"]) for i, p in enumerate(imported.players)}), extra


def _one(data: bytes) -> Event:
    return _imported(data)[0]


def _written(event: Event, extra: dict | None = None) -> dict:
    return list(yaml.safe_load_all(sol.write([(event, extra or {}, {}, {}, {})], {}, standings)))[1]


def test_best_of_three_imported_game_by_game():
    """A 2-1 won after losing game 1 is the match's winner's (SoL: ``matcheskind: bestof3``, ``score1_2``...)."""
    ev = _one(_file(matcheskind="bestof3", matches=[
        {"competitor1": 1, "competitor2": 2, "turn": 1, "board": 1, "score1": 0, "score2": 25,
         "score1_2": 25, "score2_2": 24, "score1_3": 25, "score2_3": 24},
        {"competitor1": 3, "competitor2": 4, "turn": 1, "board": 2, "score1": 25, "score2": 3,
         "score1_2": 25, "score2_2": 7}]))
    assert ev.settings.format is Format.BEST_OF_THREE
    one, two = ev.matches
    assert one.result.games == ((0, 25), (25, 24), (25, 24)) and one.winner() == 1
    assert two.result.games == ((25, 3), (25, 7)) and two.winner() == 3
    rows = {r.competitor: r.points for r in standings(ev)}
    assert rows == {1: 2, 2: 0, 3: 2, 4: 0}


def test_simple_matches_stay_one_game():
    ev = _one(_file(matches=[{"competitor1": 1, "competitor2": 2, "turn": 1, "board": 1, "score1": 0, "score2": 25,
                              "score1_2": 25, "score2_2": 24}]))
    assert ev.settings.format is Format.SINGLE and ev.matches[0].result.games == ((0, 25),)


def test_an_unknown_matches_kind_is_refused_with_its_line():
    try:
        sol.read(_file(matcheskind="bestof5", matches=[]))
    except sol.SolError as exc:
        assert "'matcheskind'" in str(exc) and "line" in str(exc)
    else:
        raise AssertionError("bestof5 accepted")


def _desk_best_of_three() -> Event:
    players = {i: Player(i, f"F{i}", f"L{i}") for i in range(1, 6)}
    ev = Event("desk", Settings(), players, tuple(Competitor(i, (i,)) for i in players))
    ev = pair(ev)
    out = []
    for m in ev.matches:
        if m.side2 is not None:
            games = ((0, 25), (25, 24), (25, 24)) if m.table == 1 else ((25, 10), (25, 11))
            m = Match(m.round, m.table, m.side1, m.side2, check(games, Format.BEST_OF_THREE))
        out.append(m)
    return ev.with_matches(out)


def test_the_desks_best_of_three_exported_game_by_game():
    """ICF 57's best of three goes out as SoL's ``bestof3`` with each game, not one game of summed points
    (0-25 25-24 25-24 summed is 50-73: SoL gave the match to its loser); a bye wins two games by the phantom's."""
    ev = _desk_best_of_three()
    t = _written(ev)
    assert t["matcheskind"] == "bestof3"
    first = next(m for m in t["matches"] if m["board"] == 1)
    assert (first["score1"], first["score2"], first["score1_2"], first["score2_2"], first["score1_3"],
            first["score2_3"]) == (0, 25, 25, 24, 25, 24)
    second = next(m for m in t["matches"] if m["board"] == 2)
    assert "score1_3" not in second and (second["score1_2"], second["score2_2"]) == (25, 11)
    bye = next(m for m in t["matches"] if m["competitor2"] is None)
    assert (bye["score1"], bye["score1_2"], bye["score2_2"]) == (25, 25, 0)
    back = _one(sol.write([(ev, {}, {}, {}, {})], {}, standings))
    assert [m.result and m.result.games for m in back.matches] == [m.result and m.result.games for m in ev.matches]


def test_single_game_events_export_as_simple():
    ev = Event("one", Settings(format=Format.SINGLE), {1: Player(1, "A", "A"), 2: Player(2, "B", "B")},
               (Competitor(1, (1,)), Competitor(2, (2,))))
    assert _written(pair(ev))["matcheskind"] == "simple"


def test_delaytoppairing_missing_means_one_and_is_written_back():
    """SoL's default ``delaytoppairing`` is 1: a file without it is read as 1 and written back as 1, not 0."""
    ev = _one(_file(matches=[]))
    assert ev.settings.delay_top == 1
    assert _written(ev)["delaytoppairing"] == 1
    assert _one(_file(delaytoppairing=3, matches=[])).settings.delay_top == 3


def test_a_round_robin_is_written_circle_or_as_it_came():
    """SoL's round robin pairs ``circle`` or ``seeds``; it refuses ``serial``. The desk's order is SoL's circle."""
    ev = Event("rr", Settings(system=System.ROUNDROBIN), {i: Player(i, f"F{i}", f"L{i}") for i in range(1, 5)},
               tuple(Competitor(i, (i,)) for i in range(1, 5)))
    assert _written(ev)["couplings"] == "circle"
    imported, extra = _imported(_file(system="roundrobin", couplings="seeds", matches=[]))
    assert _written(imported, extra)["couplings"] == "seeds"


def _seeds_round_robin() -> bytes:
    """Six by SoL's ``seeds`` method, two rounds played: 1-6 2-5 3-4, then 1-5 2-4 3-6 (not the circle's 2-3)."""
    rounds = [[(1, 6), (2, 5), (3, 4)], [(1, 5), (2, 4), (3, 6)]]
    head = HEAD | {"players": [{"firstname": f"F{i}", "lastname": f"L{i}"} for i in range(1, 7)]}
    t = {"description": "T", "date": "2026-01-01", "championship": 1, "system": "roundrobin", "couplings": "seeds",
         "currentturn": 2, "rankedturn": 2, "competitors": [{"players": [i], "position": i} for i in range(1, 7)],
         "matches": [{"competitor1": a, "competitor2": b, "turn": turn, "board": board, "score1": 25, "score2": 10 + a}
                     for turn, r in enumerate(rounds, 1) for board, (a, b) in enumerate(r, 1)]}
    return yaml.safe_dump_all([head, t]).encode()


def _played(ev: Event) -> Event:
    return ev.with_matches(m if m.round != ev.current_round else
                           replace(m, result=check(((25, 3),), Format.SINGLE)) for m in ev.matches)


def test_an_imported_round_robin_continues_as_sol_without_rematches():
    """SoL 5.26 pairs round 3 of this state 1-4 2-6 3-5 by seeds, and then refuses a fourth ("no more possible
    combinations": 1-2-3 and 4-5-6 are two triangles, no round holds them). The circle by number gave
    round 4 as 1-3 4-2 5-6, repeating 2-4."""
    ev = _played(pair(_one(_seeds_round_robin())))
    assert {frozenset(m.sides) for m in ev.round_matches(3)} == {frozenset(p) for p in ((1, 4), (2, 6), (3, 5))}
    with pytest.raises(DeskError, match="no pairing of this round avoids a rematch"):
        pair(ev)


def test_delaycompatriotpairing_is_a_number_of_rounds():
    """SoL 5 counts rounds (its issue 41); SoL 4's true is one; written back as a number."""
    assert _one(_file(delaycompatriotpairing=3, matches=[])).settings.delay_compatriots == 3
    assert _one(_file(delaycompatriotpairing=True, matches=[])).settings.delay_compatriots == 1
    assert _written(_one(_file(delaycompatriotpairing=2, matches=[])))["delaycompatriotpairing"] == 2
    assert _written(_one(_file(matches=[])))["delaycompatriotpairing"] == 0
