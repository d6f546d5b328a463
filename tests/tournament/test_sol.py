"""SoL's portable file: dumps written here from SoL's documented format (YAML documents: clubs, players,
championships first; then each tourney with its competitors, their stored points, Buchholz, net and total
score, and its matches) are imported, and the standings recomputed give the stored figures back."""

import datetime as dt
import gzip
import json
import random

import pytest
import yaml
from typer.testing import CliRunner

from carrom.cli.app import app
from tournament_reference import reference

runner = CliRunner()


def carrom(*args):
    result = runner.invoke(app, [str(a) for a in args])
    return result


def sol_dump(n=9, rounds=4, seed=3, phantom=25, finals=False, retired=(), draws=True):
    """A SoL dump of one Swiss tourney of single games, its stored ranking computed by the reference."""
    rng = random.Random(seed)
    players = [{"firstname": f"Name{i}", "lastname": f"Surname{chr(65 + i % 26)}{i}", "nationality": "ITA",
                "club": 1 + i % 2, "sex": "M", "guid": f"g{i}", "birthdate": dt.date(1990, 1, 1 + i % 28),
                "modified": dt.datetime(2025, 3, 1, 10, i % 60)} for i in range(n)]
    competitors = list(range(1, n + 1))
    matches = []
    met = set()
    for turn in range(1, rounds + 1):
        pool = [c for c in competitors if c not in retired or turn < 3]
        rng.shuffle(pool)
        board = 1
        while len(pool) >= 2:
            a = pool.pop()
            b = next((x for x in pool if (a, x) not in met), pool[0])
            pool.remove(b)
            met |= {(a, b), (b, a)}
            s = rng.randint(0, 24)
            if draws and rng.random() < 0.1:
                score = (s, s) if s else (7, 7)
            else:
                score = (25, s) if rng.random() < 0.5 else (s, 25)
            matches.append({"competitor1": a, "competitor2": b, "turn": turn, "board": board,
                            "score1": score[0], "score2": score[1]})
            board += 1
        if pool:
            matches.append({"competitor1": pool[0], "competitor2": None, "turn": turn, "board": board,
                            "score1": phantom, "score2": 0})
    if finals:  # the first two meet in the final, and the second wins it
        top = reference(competitors, [(m["competitor1"], m["competitor2"], [(m["score1"], m["score2"])], False)
                                      for m in matches], phantom)
        matches.append({"competitor1": top[0][0], "competitor2": top[1][0], "turn": rounds + 1, "board": 1,
                        "final": True, "score1": 3, "score2": 25})
    rows = reference(competitors, [(m["competitor1"], m["competitor2"], [(m["score1"], m["score2"])],
                                    m.get("final", False)) for m in matches], phantom)
    stored = {c: (p, b, ns, ts) for c, p, b, ns, ts in rows}
    sol_competitors = []
    for c in competitors:
        p, b, ns, ts = stored[c]
        d = {"players": [c], "points": p, "bucholz": b, "netscore": ns, "totscore": ts}
        if c in retired:
            d["retired"] = True
        sol_competitors.append(d)
    head = {"clubs": [{"description": "Carrom Club Milano", "nationality": "ITA"},
                      {"description": "Scarambola", "nationality": "ITA"}],
            "players": players, "rates": [], "ratings": [],
            "championships": [{"description": "Campionato 2025", "club": 1, "prizes": "fixed",
                               "playersperteam": 1, "skipworstprizes": 0}]}
    tourney = {"description": "Torneo di prova", "date": dt.date(2025, 3, 9), "championship": 1,
               "couplings": "dazed", "system": "swiss", "phantomscore": phantom, "currentturn": rounds,
               "rankedturn": rounds, "prized": False, "retirements": "none", "finals": 1 if finals else 0,
               "finalkind": "simple", "delaytoppairing": 1, "delaycompatriotpairing": False, "duration": 45,
               "prealarm": 5, "competitors": sol_competitors, "matches": matches}
    text = yaml.safe_dump_all([head, tourney], allow_unicode=True, sort_keys=False)
    return text, stored, players


def standings_json(db, event_id):
    result = carrom("tournament", "standings", event_id, "--db", db, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def check_against_stored(db, event_id, stored, players):
    rows = standings_json(db, event_id)
    by_name = {f"{p['firstname']} {p['lastname']}": i + 1 for i, p in enumerate(players)}
    for row in rows:
        c = by_name[row["players"][0]]
        assert (row["points"], row["buchholz"], row["net_score"], row["total_score"]) == stored[c], row
    return rows


@pytest.mark.parametrize("kind", ["plain", "gz"])
def test_imported_dump_recomputes_to_the_stored_figures(tmp_path, db_url, kind):
    text, stored, players = sol_dump()
    path = tmp_path / ("t.sol" if kind == "plain" else "t.sol.gz")
    path.write_bytes(text.encode() if kind == "plain" else gzip.compress(text.encode()))
    result = carrom("tournament", "import", path, "--db", db_url, "--json")
    assert result.exit_code == 0, result.output
    ids = json.loads(result.output)["tournaments"]
    assert len(ids) == 1
    rows = check_against_stored(db_url, ids[0], stored, players)
    # in SoL's order: by points, Buchholz, net score, total score, then the player's last and first name
    name = {i + 1: (p["lastname"], p["firstname"]) for i, p in enumerate(players)}
    order = sorted(sorted(stored, key=name.get), key=stored.get, reverse=True)
    assert len(set(stored.values())) > 1  # the figures tell the competitors apart: an order to get wrong
    assert [(r["rank"], r["players"][0]) for r in rows] == [(k, f"{name[c][1]} {name[c][0]}")
                                                           for k, c in enumerate(order, 1)]


def test_bye_draw_retired_and_finals(tmp_path, sqlite_db):
    """A bye scores the phantom score (here 18, not 25); a draw 1 point each; the retired keeps his results."""
    text, stored, players = sol_dump(n=11, rounds=5, seed=8, phantom=18, finals=True, retired=(4,))
    path = tmp_path / "t.sol"
    path.write_text(text)
    result = carrom("tournament", "import", path, "--db", sqlite_db, "--json")
    assert result.exit_code == 0, result.output
    rows = standings_json(sqlite_db, 1)
    check_against_stored(sqlite_db, 1, stored, players)
    retired = [r for r in rows if r["retired"]]
    assert [r["players"] for r in retired] == [["Name3 SurnameD3"]]
    # the final decides between the first two: the second of the Swiss won it, and is first
    by_points = sorted(stored, key=lambda c: stored[c], reverse=True)
    name = {i + 1: f"{p['firstname']} {p['lastname']}" for i, p in enumerate(players)}
    assert [rows[0]["players"][0], rows[1]["players"][0]] == [name[by_points[1]], name[by_points[0]]]


def test_export_loads_back_with_the_same_standings(tmp_path, sqlite_db):
    text, stored, players = sol_dump(n=8, rounds=3, seed=11)
    (tmp_path / "t.sol").write_text(text)
    assert carrom("tournament", "import", tmp_path / "t.sol", "--db", sqlite_db).exit_code == 0
    out = tmp_path / "back.sol.gz"
    result = carrom("tournament", "export", 1, "--out", out, "--db", sqlite_db)
    assert result.exit_code == 0, result.output
    head, tourney = list(yaml.safe_load_all(gzip.decompress(out.read_bytes())))
    # what SoL's loader needs: clubs and players first; the tourney's championship, date, competitors, matches
    assert {"clubs", "players", "championships"} <= set(head)
    assert all({"firstname", "lastname"} <= set(p) for p in head["players"])
    # what carrom does not use comes back as SoL wrote it, dates and times as such
    assert head["players"][0]["guid"].startswith("g") and isinstance(head["players"][0]["birthdate"], dt.date)
    assert isinstance(head["players"][0]["modified"], dt.datetime)
    assert head["championships"][tourney["championship"] - 1]["club"] >= 1
    assert isinstance(tourney["date"], dt.date) and tourney["couplings"] == "dazed"
    for c in tourney["competitors"]:
        assert all(1 <= p <= len(head["players"]) for p in c["players"])
    for m in tourney["matches"]:
        assert 1 <= m["competitor1"] <= len(tourney["competitors"])
    # and its stored figures are the recomputed ones
    back = tmp_path / "db2.db"
    result = carrom("tournament", "import", out, "--db", f"sqlite:///{back}", "--json")
    assert result.exit_code == 0, result.output
    check_against_stored(f"sqlite:///{back}", 1, stored, players)
    for c in tourney["competitors"]:
        name = head["players"][c["players"][0] - 1]
        idx = next(i + 1 for i, p in enumerate(players) if p["firstname"] == name["firstname"])
        assert (c["points"], c["bucholz"], c["netscore"], c["totscore"]) == stored[idx]


def test_truncated_file_refused_with_line_and_nothing_stored(tmp_path, sqlite_db):
    text, _, _ = sol_dump()
    cut = text[: len(text) * 2 // 3]
    cut = cut[: cut.rindex("\n")] + "\n  - {competitor1: 3, competitor2: [\n"
    (tmp_path / "cut.sol").write_text(cut)
    result = carrom("tournament", "import", tmp_path / "cut.sol", "--db", sqlite_db, "--json")
    assert result.exit_code == 2
    assert "line" in result.output and "not valid YAML" in result.output
    assert json.loads(carrom("tournament", "list", "--db", sqlite_db, "--json").output) == []


def test_truncated_gzip_refused(tmp_path, sqlite_db):
    text, _, _ = sol_dump()
    data = gzip.compress(text.encode())
    (tmp_path / "cut.sol.gz").write_bytes(data[: len(data) // 2])
    result = carrom("tournament", "import", tmp_path / "cut.sol.gz", "--db", sqlite_db)
    assert result.exit_code == 2 and "truncated" in result.output


def test_a_plain_file_named_sol_gz_is_refused_as_sol_refuses_it(tmp_path, sqlite_db):
    """Issue 37 item 7: "a plain YAML file named `.sol.gz` is accepted (SoL refuses it)"; the name says what
    to do, and nothing is stored."""
    text, _, _ = sol_dump()
    (tmp_path / "plain.sol.gz").write_text(text)
    result = carrom("tournament", "import", tmp_path / "plain.sol.gz", "--db", sqlite_db)
    assert result.exit_code == 2 and "named .gz but not compressed" in result.output, result.output
    assert json.loads(carrom("tournament", "list", "--db", sqlite_db, "--json").output) == []


def test_bad_field_refused_naming_line_and_field_nothing_stored(tmp_path, sqlite_db):
    text, _, _ = sol_dump()
    docs = text.split("\n")
    target = next(i for i, line in enumerate(docs) if "competitor1: 5" in line)
    docs[target] = docs[target].replace("competitor1: 5", "competitor1: 99")
    (tmp_path / "bad.sol").write_text("\n".join(docs))
    result = carrom("tournament", "import", tmp_path / "bad.sol", "--db", sqlite_db)
    assert result.exit_code == 2
    assert f"line {target + 1}" in result.output and "'competitor1'" in result.output, result.output
    assert json.loads(carrom("tournament", "list", "--db", sqlite_db, "--json").output) == []


def test_missing_field_refused(tmp_path, sqlite_db):
    text, _, _ = sol_dump()
    (tmp_path / "bad.sol").write_text(text.replace("  lastname: SurnameC2\n", ""))
    result = carrom("tournament", "import", tmp_path / "bad.sol", "--db", sqlite_db)
    assert result.exit_code == 2 and "'lastname' is missing" in result.output and "line" in result.output


def test_two_matches_on_one_board_refused(tmp_path, sqlite_db):
    text, _, _ = sol_dump()
    lines = text.split("\n")
    boards = [i for i, line in enumerate(lines) if line.strip() == "board: 2"]
    lines[boards[0]] = lines[boards[0]].replace("board: 2", "board: 1")
    (tmp_path / "dup.sol").write_text("\n".join(lines))
    result = carrom("tournament", "import", tmp_path / "dup.sol", "--db", sqlite_db)
    assert result.exit_code == 2 and "two matches at board 1" in result.output and "'board'" in result.output
    assert json.loads(carrom("tournament", "list", "--db", sqlite_db, "--json").output) == []


def test_imported_knockout_not_continued_here(tmp_path, sqlite_db):
    text, _, _ = sol_dump(n=8, rounds=1)
    (tmp_path / "ko.sol").write_text(text.replace("system: swiss", "system: knockout"))
    assert carrom("tournament", "import", tmp_path / "ko.sol", "--db", sqlite_db).exit_code == 0
    before = carrom("tournament", "results", 1, "--db", sqlite_db, "--json").output
    refused = carrom("tournament", "pair", 1, "--db", sqlite_db)
    assert refused.exit_code == 2 and "imported from SoL" in refused.output
    assert carrom("tournament", "results", 1, "--db", sqlite_db, "--json").output == before


def test_an_older_dump_lacking_fields(tmp_path, sqlite_db):
    """Older SoL dumps say "seasons" for championships and lack the phantom score, finals, rankedturn and
    retirements: their defaults (a bye worth 25) apply, and the stored figures still come back."""
    text, stored, players = sol_dump(n=7, rounds=3, seed=5)
    docs = list(yaml.safe_load_all(text))
    head, tourney = docs
    head["seasons"] = head.pop("championships")
    tourney["season"] = tourney.pop("championship")
    for key in ("phantomscore", "finals", "finalkind", "rankedturn", "retirements", "delaytoppairing",
                "delaycompatriotpairing", "currentturn", "prized"):
        tourney.pop(key)
    (tmp_path / "old.sol").write_text(yaml.safe_dump_all([head, tourney], sort_keys=False))
    result = carrom("tournament", "import", tmp_path / "old.sol", "--db", sqlite_db, "--json")
    assert result.exit_code == 0, result.output
    check_against_stored(sqlite_db, 1, stored, players)
