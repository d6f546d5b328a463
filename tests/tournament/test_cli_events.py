"""Whole events through `carrom tournament`: a 40-player Swiss of 7 rounds plus finals (with a walkover, a
protest upheld and one rejected), a 16-player knockout, groups then knockout. Every standings row is
checked against the test's own calculation (tournament_reference); refusals change nothing."""

import json
import random

from typer.testing import CliRunner

from carrom.cli.app import app
from tournament_reference import reference

runner = CliRunner()
T0 = 1_780_000_000.0  # a fixed moment for the announcements and protests


def carrom(db, *args, ok=True):
    result = runner.invoke(app, [str(a) for a in args] + ["--db", db])
    if ok:
        assert result.exit_code == 0, result.output
    return result


def js(db, *args):
    return json.loads(carrom(db, *args, "--json").output)


def random_games(rng, eighth_board_end=True):
    """A legal match; ``eighth_board_end``: the round may end a game after the 8th board below 25 (ICF 56 b: not
    from the quarter-finals on)."""
    first = rng.random() < 0.5
    games = []
    if rng.random() < 0.4:  # three games
        games = [(25, rng.randint(0, 24)), (rng.randint(0, 24), 25), (25, rng.randint(0, 24))]
    else:
        games = [(25, rng.randint(0, 24)), (25, rng.randint(0, 24))]
    if rng.random() < 0.05 and eighth_board_end:
        games[0] = (19, 11)  # ended after the 8th board below 25 (ICF 56 a): accepted
    return games if first else [(b, a) for a, b in games]


def typed(games):
    return [f"{a}-{b}" for a, b in games]


def new_event(db, n, *options):
    names = [f"--player=Player{i} Family{i:02d}" for i in range(1, n + 1)]
    return js(db, "tournament", "new", "Open", *options, *names)["id"]


def all_matches(db, event_id):
    rounds = {}
    r = 1
    while True:
        result = carrom(db, "tournament", "round", event_id, r, "--json", ok=False)
        if result.exit_code:
            return rounds
        rounds[r] = json.loads(result.output)
        r += 1


def check_standings(db, event_id, n):
    """Every row against the reference computed from the matches as the CLI shows them."""
    matches = []
    for number, ms in all_matches(db, event_id).items():
        for m in ms:
            if m.get("under_protest"):
                continue
            two = m["competitors"][1] if len(m["competitors"]) == 2 else None
            matches.append((m["competitors"][0], two, m.get("games") if two is not None else None,
                            m["stage"] == "final"))
    names = {i: (f"Family{i:02d}", f"Player{i}") for i in range(1, n + 1)}
    expected = reference(list(range(1, n + 1)), matches, 25, names)
    rows = js(db, "tournament", "standings", event_id)
    got = [(r["competitor"], r["points"], r["buchholz"], r["net_score"], r["total_score"]) for r in rows]
    return rows, expected, got


def test_swiss_of_40_in_7_rounds_then_finals(sqlite_db):
    db, rng = sqlite_db, random.Random(40)
    eid = new_event(db, 40, "--pairing", "dazed", "--rounds", 7, "--finals", 1, "--final-kind", "bestof3")
    protests = {}
    for r in range(1, 8):
        matches = js(db, "tournament", "pair", eid)
        assert len(matches) == 20 and all(len(m["players"]) == 2 for m in matches)
        for m in matches:
            t = m["table"]
            if r == 2 and t == 4:  # one walkover: announced, side 2 never came; the desk's word after 15 minutes
                carrom(db, "tournament", "announce", eid, r, t, "--at", T0)
                early = carrom(db, "tournament", "walkover", eid, r, t, "--present", 1, "--at", T0 + 600, ok=False)
                assert early.exit_code == 2 and "ICF 143 i" in early.output
                w = js(db, "tournament", "walkover", eid, r, t, "--present", 1, "--at", T0 + 16 * 60)
                assert w["walkover"] and w["games"] == [[25, 0], [25, 0]]
                continue
            games = random_games(rng)
            carrom(db, "tournament", "result", eid, r, t, *typed(games))
            if r == 3 and t in (1, 2):  # a written protest within 15 minutes of the game's end (ICF 146)
                p = js(db, "tournament", "protest", "lodge", eid, r, t, "--by", m["competitors"][1], "--game", 2,
                       "--oral", T0, "--game-ended", T0 + 60, "--at", T0 + 600)
                protests[t] = (p["protest"], games)
        if r == 3:
            held = {m["table"]: m for m in js(db, "tournament", "round", eid, 3)}
            assert held[1]["under_protest"] and held[2]["under_protest"]
            rows, expected, got = check_standings(db, eid, 40)  # the held results count for nothing (ICF 150)
            assert got == [e for e in expected]
            refused = carrom(db, "tournament", "pair", eid, ok=False)  # results outstanding: no round 4 yet
            assert refused.exit_code == 2
            up = js(db, "tournament", "protest", "decide", eid, protests[1][0], "--upheld", "--at", T0 + 1800)
            assert up["state"] == "upheld" and up["law"] == "ICF 151 a"
            # upheld in game 2: game 1 stands, the match goes on from game 2's start (ICF 151 a)
            first = protests[1][1][0]
            rest = [(25, 10)] if first[0] > first[1] else [(10, 25)]  # the replayed game 2 ends it 2-0
            carrom(db, "tournament", "result", eid, 3, 1, *typed(rest))
            m1 = next(m for m in js(db, "tournament", "round", eid, 3) if m["table"] == 1)
            assert m1["games"] == [list(first), list(rest[0])] and not m1.get("under_protest")
            down = js(db, "tournament", "protest", "decide", eid, protests[2][0], "--rejected", "--at", T0 + 1900)
            assert down["state"] == "rejected" and down["law"] == "ICF 151 b"
            m2 = next(m for m in js(db, "tournament", "round", eid, 3) if m["table"] == 2)
            assert m2["games"] == [list(g) for g in protests[2][1]]
            withdraw = carrom(db, "tournament", "protest", "withdraw", eid, protests[2][0], ok=False)
            assert "ICF 149" in withdraw.output
        rows, expected, got = check_standings(db, eid, 40)
        assert got == expected, f"round {r}"
    finals = js(db, "tournament", "pair", eid)
    rows = js(db, "tournament", "standings", eid)
    assert [finals[0]["competitors"]] == [[rows[0]["competitor"], rows[1]["competitor"]]]
    second = rows[1]["competitor"]
    for k in range(2):  # the second of the Swiss wins two finals and is first
        f = finals[0]
        games = [(3, 25), (5, 25)] if f["competitors"][1] == second else [(25, 3), (25, 5)]
        carrom(db, "tournament", "result", eid, f["round"], f["table"], *typed(games))
        if k == 0:
            finals = js(db, "tournament", "pair", eid)
    over = carrom(db, "tournament", "pair", eid, ok=False)
    assert over.exit_code == 2 and "finals are over" in over.output
    rows = js(db, "tournament", "standings", eid)
    assert rows[0]["competitor"] == second
    record = js(db, "tournament", "log", eid)
    laws = {x["law"] for x in record}
    assert {"ICF 143 i", "ICF 146, 150", "ICF 151 a", "ICF 151 b"} <= laws


def test_refusals_change_nothing(db_url):
    db = db_url
    eid = new_event(db, 6)
    js(db, "tournament", "pair", eid)
    before = js(db, "tournament", "round", eid, 1), js(db, "tournament", "log", eid)
    names = {tuple(m["competitors"]): m["players"] for m in before[0]}
    m = before[0][0]
    cases = [
        (["pair", eid], "paired once"),
        (["result", eid, 1, 9, "25-3", "25-4"], "no match at table 9 in round 1"),
        (["result", eid, 2, 1, "25-3", "25-4"], "no match at table 1 in round 2"),
        (["result", eid, 1, 1, "25-3", "25-4", "--player", "Nobody Here", "--player", m["players"][1][0]],
         "no player 'Nobody Here'"),
        (["result", eid, 1, 1, "25-3", "25-4", "--player", before[0][1]["players"][0][0], "--player",
          m["players"][1][0]], "not between those competitors"),
        (["result", eid, 1, 1, "25-3", "25-4", "25-5"], "ICF 57"),
        (["result", eid, 1, 1, "30-26", "25-4"], "ICF 56 a"),
        (["walkover", eid, 1, 1, "--present", 1], "was not announced"),
        (["standings", 99], "no event 99"),
    ]
    for args, message in cases:
        result = carrom(db, "tournament", *args, ok=False)
        assert result.exit_code == 2 and message in result.output, (args, result.output)
        assert "Traceback" not in result.output
    after = js(db, "tournament", "round", eid, 1), js(db, "tournament", "log", eid)
    assert after == before
    assert names


def test_knockout_of_16(sqlite_db):
    db, rng = sqlite_db, random.Random(16)
    eid = new_event(db, 16, "--system", "knockout", "--third-place")
    sizes = []
    while True:
        result = carrom(db, "tournament", "pair", eid, "--json", ok=False)
        if result.exit_code:
            assert "knockout is over" in result.output
            break
        matches = json.loads(result.output)
        sizes.append(len(matches))
        for m in matches:
            carrom(db, "tournament", "result", eid, m["round"], m["table"],
                   *typed(random_games(rng, eighth_board_end=len(matches) > 4)))  # ICF 56 b
    assert sizes == [8, 4, 2, 2]  # the final and the match for third place share the last round
    first = js(db, "tournament", "round", eid, 1)
    assert [m["competitors"] for m in first][:2] == [[1, 16], [8, 9]]  # standard seeding: 1-16, 8-9, ...
    rows = js(db, "tournament", "standings", eid)
    last = {m["stage"]: m for m in js(db, "tournament", "round", eid, 4)}
    winner = lambda m: m["competitors"][m["winner"] - 1]
    loser = lambda m: m["competitors"][2 - m["winner"]]
    assert [r["competitor"] for r in rows[:4]] == [winner(last["knockout"]), loser(last["knockout"]),
                                                   winner(last["third"]), loser(last["third"])]
    _, expected, got = check_standings(db, eid, 16)
    assert sorted(got) == sorted(e for e in expected)  # the figures are SoL's; the order is the bracket's


def test_groups_then_knockout(sqlite_db):
    db, rng = sqlite_db, random.Random(4)
    eid = new_event(db, 16, "--system", "groups", "--groups", 4, "--qualifiers", 2)
    group_rounds = 0
    ko = []
    while True:
        result = carrom(db, "tournament", "pair", eid, "--json", ok=False)
        if result.exit_code:
            break
        matches = json.loads(result.output)
        if matches[0]["stage"] == "group":
            group_rounds += 1
        else:
            ko.append(matches)
        for m in matches:
            carrom(db, "tournament", "result", eid, m["round"], m["table"],
                   *typed(random_games(rng, eighth_board_end=m["stage"] == "group")))  # ICF 56 b
    assert group_rounds == 3  # four a group: three rounds of the circle
    assert [len(r) for r in ko] == [4, 2, 1]
    qualifiers = {c for m in ko[0] for c in m["competitors"]}
    assert len(qualifiers) == 8
    rows = js(db, "tournament", "standings", eid)
    final = ko[-1][0]
    final_played = js(db, "tournament", "round", eid, final["round"])[0]
    assert rows[0]["competitor"] == final_played["competitors"][final_played["winner"] - 1]
    _, expected, got = check_standings(db, eid, 16)
    assert sorted(got) == sorted(expected)


def test_late_entry_in_a_swiss_and_none_in_a_begun_knockout(db_url):
    db = db_url
    eid = new_event(db, 5)
    js(db, "tournament", "pair", eid)
    for m in js(db, "tournament", "round", eid, 1):
        if len(m["competitors"]) == 2:
            carrom(db, "tournament", "result", eid, 1, m["table"], "25-3", "25-4")
    assert js(db, "tournament", "add", eid, "Late Comer", "--country", "ITA")["competitor"] == 6
    second = js(db, "tournament", "pair", eid)
    assert ["Late Comer"] in [side for m in second for side in m["players"]]
    assert len(second) == 3 and all(len(m["players"]) == 2 for m in second)  # six: no bye
    ko = new_event(db, 4, "--system", "knockout")
    js(db, "tournament", "pair", ko)
    before = js(db, "tournament", "standings", ko)
    refused = carrom(db, "tournament", "add", ko, "Too Late", ok=False)
    assert refused.exit_code == 2 and "takes no entries once it has begun" in refused.output
    assert js(db, "tournament", "standings", ko) == before


def test_team_round_robin_of_ties(sqlite_db, tmp_path):
    """Teams of three (a CSV's team column), ties of three rubbers typed with --rubber; the standings count ties:
    2 points for more rubbers won, the rubbers' points summed for net and total score."""
    db, rng = sqlite_db, random.Random(9)
    rows = ["first,last,team"] + [f"P{i},Member{i:02d},Team{i // 3}" for i in range(12)]
    (tmp_path / "teams.csv").write_text("\n".join(rows) + "\n")
    eid = js(db, "tournament", "new", "Teams", "--system", "roundrobin", "--rubbers", 3, "--players",
             tmp_path / "teams.csv")["id"]
    points, net, total = {}, {}, {}
    while True:
        result = carrom(db, "tournament", "pair", eid, "--json", ok=False)
        if result.exit_code:
            break
        for m in json.loads(result.output):
            assert all(len(side) == 3 for side in m["players"])
            refused = carrom(db, "tournament", "result", eid, m["round"], m["table"], "25-3", "25-4", ok=False)
            assert refused.exit_code == 2 and "rubbers" in refused.output
            rubbers = [random_games(rng) for _ in range(3)]
            first = [sum(a > b for a, b in r) >= 2 for r in rubbers]
            if first[0] == first[1]:  # decided after two rubbers: the third is not played
                rubbers = rubbers[:2]
            won = sum(sum(a > b for a, b in r) >= 2 for r in rubbers)
            out = js(db, "tournament", "result", eid, m["round"], m["table"], *[f"--rubber={' '.join(typed(r))}"
                                                                                  for r in rubbers])
            a, b = m["competitors"]
            s1 = sum(x for r in rubbers for x, _ in r)
            s2 = sum(y for r in rubbers for _, y in r)
            winner = a if won >= 2 else b
            assert out["competitors"][out["winner"] - 1] == winner and len(out["rubbers"]) == len(rubbers)
            points[winner] = points.get(winner, 0) + 2
            for c, mine, theirs in ((a, s1, s2), (b, s2, s1)):
                net[c] = net.get(c, 0) + mine - theirs
                total[c] = total.get(c, 0) + mine
    table = js(db, "tournament", "standings", eid)
    assert len(table) == 4 and all(len(r["players"]) == 3 for r in table)
    for r in table:
        c = r["competitor"]
        assert (r["points"], r["net_score"], r["total_score"]) == (points.get(c, 0), net[c], total[c])


def test_standings_and_results_as_csv(sqlite_db, tmp_path):
    import csv

    db = sqlite_db
    eid = new_event(db, 4)
    for m in js(db, "tournament", "pair", eid):
        carrom(db, "tournament", "result", eid, 1, m["table"], "25-3", "19-11")
    carrom(db, "tournament", "standings", eid, "--csv", tmp_path / "s.csv")
    carrom(db, "tournament", "results", eid, "--csv", tmp_path / "r.csv")
    table = list(csv.DictReader((tmp_path / "s.csv").open()))
    assert [int(r["points"]) for r in table] == [2, 2, 0, 0]
    assert table == [{k: str(v) if k != "players" else " & ".join(v) for k, v in row.items()}
                     for row in js(db, "tournament", "standings", eid)]
    results = list(csv.DictReader((tmp_path / "r.csv").open()))
    assert [r["games"] for r in results] == ["25-3 19-11", "25-3 19-11"] and results[0]["winner"] == "1"


def test_swap_before_publishing_and_undo_while_no_result(sqlite_db):
    """The organiser swaps pairings by hand before publishing a round, and takes back the last round while no
    result is in; a published round is not changed by hand."""
    db = sqlite_db
    eid = new_event(db, 6)
    first = js(db, "tournament", "pair", eid)
    a, b = first[0]["competitors"][0], first[1]["competitors"][0]
    carrom(db, "tournament", "swap", eid, a, b)
    swapped = js(db, "tournament", "round", eid, 1)
    assert swapped[0]["competitors"][0] == b and swapped[1]["competitors"][0] == a
    carrom(db, "tournament", "publish", eid)
    refused = carrom(db, "tournament", "swap", eid, a, b, ok=False)
    assert refused.exit_code == 2 and "published" in refused.output
    assert js(db, "tournament", "round", eid, 1) == swapped
    carrom(db, "tournament", "undo", eid)
    assert carrom(db, "tournament", "round", eid, 1, ok=False).exit_code == 2
    again = js(db, "tournament", "pair", eid)
    carrom(db, "tournament", "result", eid, 1, again[0]["table"], "25-1", "25-2")
    refused = carrom(db, "tournament", "undo", eid, ok=False)
    assert refused.exit_code == 2 and "has results" in refused.output
