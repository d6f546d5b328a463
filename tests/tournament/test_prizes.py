"""SoL's prize-giving methods for championships (SoL's manual, "Championships management": fixed, fixed40,
millesimal, centesimal and the places as they are, "asis"), and a closed tourney kept closed.

The prizes expected are worked out here from the manual's description, apart from carrom.tournament.championship;
a .sol file with a championship of each method goes in, its tourneys are closed on the desk, the championship's
ranking gives each competitor its place's prize by that method, and the file written back carries the method and
the prizes, which a second import ranks alike."""

import json

import pytest
import yaml
from typer.testing import CliRunner

from carrom.cli.app import app
from test_sol import sol_dump

runner = CliRunner()
METHODS = ["fixed", "fixed40", "millesimal", "centesimal", "asis"]  # SoL's, as its .sol files name them
FIXED40_HEAD = [1000, 900, 800, 750, 700, 650, 600, 550, 500, 450]


def carrom(*args):
    return runner.invoke(app, [str(a) for a in args])


def expected(method: str, n: int) -> list[float]:
    """Each place's prize, 1 to n, from SoL's manual's words."""
    if method == "fixed":  # 18, 16, 14, then one less a place down to 1 for the 16th
        series = [18, 16, 14] + list(range(13, 0, -1))
        return [series[k] if k < len(series) else 0 for k in range(n)]
    if method == "fixed40":  # 1000, 900, 800, 750 ... down to 1 for the 40th
        return FIXED40_HEAD[:n]
    if method == "millesimal":  # 1000 to the winner, then down by 1000 // n a place
        return [1000 - (1000 // n) * k for k in range(n)]
    if method == "centesimal":  # 100 to the winner, 1 to the last, evenly spaced
        return [round(100 - 99 * k / (n - 1), 2) for k in range(n)]
    return list(range(n, 0, -1))  # asis: the places as they are


@pytest.mark.parametrize("method", METHODS)
def test_each_method_gives_the_manuals_prizes(method):
    from carrom.tournament.championship import Prizes, prizes

    assert [p.value for p in Prizes] == METHODS
    for n in (2, 7, 9, 16, 17):
        got = prizes(method, n)
        assert len(got) == n
        if method != "fixed40" or n <= len(FIXED40_HEAD):
            assert list(got) == pytest.approx(expected(method, n)), (method, n)
    assert prizes(Prizes.FIXED40, 41)[39:] == (1, 0)  # the 40th has the last prize, the 41st none
    assert prizes(Prizes.CENTESIMAL, 1) == (100.0,)  # a winner alone


def dump_with_method(method: str, seed: int) -> str:
    text, _, _ = sol_dump(n=9, rounds=3, seed=seed)
    head, tourney = yaml.safe_load_all(text)
    head["championships"][0].update(description=f"Cup {method}", prizes=method)
    tourney["description"] = f"Open {method}"
    return yaml.safe_dump_all([head, tourney], sort_keys=False)


def ranking(db, name):
    result = carrom("tournament", "championship", name, "--db", db, "--json")
    assert result.exit_code == 0, result.output
    return {" & ".join(r["players"]): r["prizes"] for r in json.loads(result.output)}


def test_a_sol_file_with_each_method_round_trips(tmp_path):
    """Imported unprized, closed on the desk: each championship ranks by its own method (on main, every one by the
    fixed prizes); exported, the file says the method, the tourney prized and each competitor's prize; imported
    again, the same ranking from the prizes stored."""
    db, again = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    methods = METHODS
    ids = {}
    for k, method in enumerate(methods):
        (tmp_path / f"{method}.sol").write_text(dump_with_method(method, seed=20 + k))
        result = carrom("tournament", "import", tmp_path / f"{method}.sol", "--db", db, "--json")
        assert result.exit_code == 0, result.output
        ids[method] = json.loads(result.output)["tournaments"][0]
        assert carrom("tournament", "close", ids[method], "--db", db).exit_code == 0
    for method in methods:
        rows = json.loads(carrom("tournament", "standings", ids[method], "--db", db, "--json").output)
        want = dict(zip((" & ".join(r["players"]) for r in rows), expected(method, len(rows))))
        got = ranking(db, f"Cup {method}")
        assert {n: p[0] for n, p in got.items()} == pytest.approx(want), method

    out = tmp_path / "back.sol"
    assert carrom("tournament", "export", *ids.values(), "--out", out, "--db", db).exit_code == 0
    head, *tourneys = yaml.safe_load_all(out.read_text())
    assert [c["prizes"] for c in head["championships"]] == methods
    for method, tourney in zip(methods, tourneys):
        assert tourney["prized"] is True
        got = sorted((c["prize"] for c in tourney["competitors"]), reverse=True)
        assert got == pytest.approx(expected(method, len(tourney["competitors"]))), method

    result = carrom("tournament", "import", out, "--db", again, "--json")
    assert result.exit_code == 0, result.output
    for method in methods:
        assert ranking(again, f"Cup {method}") == ranking(db, f"Cup {method}"), method


def test_an_unknown_method_in_a_file_is_refused_with_its_line(tmp_path, sqlite_db):
    (tmp_path / "bad.sol").write_text(dump_with_method("fixed", 3).replace("prizes: fixed", "prizes: decimal"))
    result = carrom("tournament", "import", tmp_path / "bad.sol", "--db", sqlite_db)
    assert result.exit_code == 2 and "'prizes'" in result.output and "line" in result.output
    assert "'decimal' is not one of fixed, fixed40, millesimal, centesimal, asis" in result.output


def new_event(db, name, *options):
    return carrom("tournament", "new", name, "--player", "Asha Rao", "--player", "Ravi Kumar", "--player", "Ana Novak",
                  "--db", db, "--json", *options)


def test_the_method_is_chosen_per_championship_on_the_command_line(sqlite_db):
    """A championship's method and its worst results left out are chosen with its first event; its next events keep
    them, and others are refused (SoL: they are the championship's, all its tourneys alike); a method needs a
    championship."""
    made = new_event(sqlite_db, "Spring", "--championship", "League", "--prizes", "centesimal", "--skip-worst", 1,
                     "--system", "roundrobin")
    assert made.exit_code == 0, made.output
    refused = new_event(sqlite_db, "Summer", "--championship", "League", "--prizes", "fixed")
    assert refused.exit_code == 2 and "centesimal" in refused.output and "fixed" in refused.output, refused.output
    skips = new_event(sqlite_db, "Summer", "--championship", "League", "--skip-worst", 2)
    assert skips.exit_code == 2 and "1 worst results" in skips.output and "not 2" in skips.output, skips.output
    assert new_event(sqlite_db, "Autumn", "--championship", "League", "--system", "roundrobin").exit_code == 0
    alone = new_event(sqlite_db, "Winter", "--prizes", "asis")
    assert alone.exit_code == 2 and "championship" in alone.output
    bad = new_event(sqlite_db, "Winter", "--championship", "Other", "--prizes", "tenths")
    assert bad.exit_code == 2 and "'tenths'" in bad.output
    assert [e["name"] for e in json.loads(carrom("tournament", "list", "--db", sqlite_db, "--json").output)] == [
        "Spring", "Autumn"]
    for event_id in (1, 2):
        for _ in range(3):  # a round robin of three: each round one match and a bye
            paired = json.loads(carrom("tournament", "pair", event_id, "--db", sqlite_db, "--json").output)
            table = next(m["table"] for m in paired if len(m["players"]) == 2)
            assert carrom("tournament", "result", event_id, paired[0]["round"], table, "25-3", "25-7",
                          "--db", sqlite_db).exit_code == 0
        assert carrom("tournament", "close", event_id, "--db", sqlite_db).exit_code == 0
    text = carrom("tournament", "championship", "League", "--db", sqlite_db).output
    assert text.startswith("prizes: centesimal, the 1 worst left out")
    got = list(ranking(sqlite_db, "League").values())  # Autumn kept centesimal: 100, 50.5, 1 in each
    assert sorted(p[0] for p in got) == sorted(p[1] for p in got) == [1, 50.5, 100]
    rows = json.loads(carrom("tournament", "championship", "League", "--db", sqlite_db, "--json").output)
    assert all(r["total"] == max(r["prizes"]) for r in rows)  # each one's worse event left out


def test_a_closed_sol_tourney_stays_closed(tmp_path, sqlite_db):
    """A tourney SoL gave its prizes (``prized``) imports closed: no round is paired, in words that say why
    (on main: "the event is closed"); written back, it is prized, with SoL's own prizes."""
    text, _, _ = sol_dump(n=8, rounds=3, seed=4)
    head, tourney = yaml.safe_load_all(text)
    tourney["prized"] = True
    for k, c in enumerate(tourney["competitors"]):
        c["prize"] = 100 - k  # SoL's, whatever its method: kept as given
    (tmp_path / "closed.sol").write_text(yaml.safe_dump_all([head, tourney], sort_keys=False))
    assert carrom("tournament", "import", tmp_path / "closed.sol", "--db", sqlite_db).exit_code == 0
    assert json.loads(carrom("tournament", "list", "--db", sqlite_db, "--json").output)[0]["closed"] is True
    before = carrom("tournament", "results", 1, "--db", sqlite_db, "--json").output
    refused = carrom("tournament", "pair", 1, "--db", sqlite_db)
    assert refused.exit_code == 2
    assert "'Torneo di prova' is closed (its prizes are given): no round can be paired any more" in refused.output
    assert carrom("tournament", "results", 1, "--db", sqlite_db, "--json").output == before
    assert carrom("tournament", "export", 1, "--out", tmp_path / "back.sol", "--db", sqlite_db).exit_code == 0
    _, back = yaml.safe_load_all((tmp_path / "back.sol").read_text())
    assert back["prized"] is True
    assert sorted(c["prize"] for c in back["competitors"]) == sorted(100 - k for k in range(8))
