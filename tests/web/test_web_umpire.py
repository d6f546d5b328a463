"""The tablet umpire over HTTP: the same session as the terminal, the key, bad input, saving, the scoreboard's feed."""

import json

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from carrom.cli.app import app as cli
from carrom.records import load_record
from carrom.records.describe import status_lines
from carrom.records.header import Header, Player, Toss
from carrom.records.session import Session
from carrom.records.tablet import plain
from carrom.web import create_app

MATCH = {
    "variant": "icf", "kind": "singles", "first_breaker": "south",
    "players": {"south": {"name": "Asha", "team": "Mumbai"}, "north": {"name": "Ravi"}},
    "event": {"tournament": "Nationals", "round": "Final", "date": "2026-11-22", "time": "14:00", "table": "3",
              "umpire": "U. Mpire"},
    "toss": {"winner": "south", "choice": "break"},
}
# South breaks and pockets a white, then a white with the striker (a due, ICF 73): North places
# both (ICF 78 a); South pockets a black (ICF 125: the turn passes), North touches a piece and
# commits a foul (ICF 64 a); the queen, its cover (ICF 92, 15) and the rest of the whites end the board.
LINES = ["w", "ws", "place", "place", "b", "- f", "place", "w", "q", "w", "w", "w", "w", "w", "w", "w", "w"]


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0)) as c:
        yield c


def new_match(client, body=MATCH):
    r = client.post("/api/umpire", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def enter(client, m, line, key=None, revision=None):
    state = client.get(f"/api/umpire/{m['id']}").json()
    rev = state["revision"] if revision is None else revision
    return client.post(f"/api/umpire/{m['id']}/entries", json={"line": line, "revision": rev},
                       headers={"X-Umpire-Key": m["key"] if key is None else key})


def terminal_session(tmp_path, lines):
    """The terminal assistant's session fed the same lines: what the tablet must show."""
    header = Header("icf", "singles", {"south": Player("Asha", "Mumbai"), "north": Player("Ravi")}, "south",
                    Toss("south", "break"))
    session = Session.start(header, tmp_path / "t.json")
    for line in lines:
        session.enter(line)
    return session


def test_a_board_scored_on_the_tablet_reads_as_the_terminal_does(client, tmp_path):
    m = new_match(client)
    assert m["umpire"] == f"/umpire/{m['id']}#key={m['key']}" and m["scoreboard"] == f"/scoreboard/{m['id']}"
    laws = []
    for line in LINES:
        r = enter(client, m, line)
        assert r.status_code == 200, (line, r.text)
        laws.append(" ".join(r.json()["lines"]))
    assert "ICF 73" in laws[1] and "ICF 72 a" in laws[1]
    assert "ICF 64 a" in laws[5]
    assert "ICF 92" in laws[8] and "ICF 15" in laws[9]
    assert "ICF 52 a" in laws[-1]  # all own coins down: the board is won
    s = r.json()["state"]
    assert s["entries"] == len(LINES)
    t = terminal_session(tmp_path, LINES)
    assert s["status"] == [plain(x) for x in status_lines(t.match, t.record.header)]
    assert s["boards"][0]["winner"] == "Asha" and s["state"]["board"] == 2
    assert s["log"][0]["entry"].startswith("South (Asha) strikes: w") and s["log"][0]["n"] == len(LINES)
    stored = load_record(client.get(f"/api/umpire/{m['id']}/record").text)  # the database holds every entry
    assert [e.to_dict() | {"at": None} for e in stored.entries] == \
        [e.to_dict() | {"at": None} for e in t.record.entries]


def test_undo_says_what_it_undid_and_saves(client):
    m = new_match(client)
    enter(client, m, "w")
    r = enter(client, m, "undo")
    assert r.status_code == 200 and r.json()["undone"]
    assert r.json()["lines"] == ["undone: South (Asha) strikes: w"]
    assert r.json()["state"]["entries"] == 0
    r = enter(client, m, "undo")
    assert r.status_code == 400 and r.json()["error"] == "nothing to undo"


def test_only_the_umpires_key_enters_strokes(client):
    m = new_match(client)
    before = client.get(f"/api/umpire/{m['id']}").json()
    r = client.post(f"/api/umpire/{m['id']}/entries", json={"line": "w", "revision": before["revision"]})
    assert r.status_code == 401 and "umpire's link" in r.json()["error"]
    r = enter(client, m, "w", key=("A" if m["key"][0] != "A" else "B") + m["key"][1:])
    assert r.status_code == 403 and "not the umpire's key" in r.json()["error"]
    other = new_match(client)
    assert enter(client, m, "w", key=other["key"]).status_code == 403  # one match's key opens no other
    assert client.get(f"/api/umpire/{m['id']}").json() == before
    assert client.get(f"/api/umpire/{m['id']}/key").status_code == 401
    assert client.get(f"/api/umpire/{m['id']}/key", headers={"X-Umpire-Key": m["key"]}).json() == {"umpire": True}
    assert m["key"] not in client.get(f"/api/umpire/{m['id']}").text  # the scoreboard's feed never shows it


@pytest.mark.parametrize("line, error", [
    ("wz", "'z' means nothing here"),
    ("qq", "only one queen"),
    ("ss", "the striker can go in only once"),
    ("concede set", "concede what"),
    ("", "nothing typed"),
    ("place", "ICF"),  # nothing is owed: the referee refuses (ICF 78 a)
    ("f:juggle", "'juggle' is not a foul code"),
])
def test_bad_input_gets_the_sessions_error_and_changes_nothing(client, line, error):
    m = new_match(client)
    enter(client, m, "w")
    before = client.get(f"/api/umpire/{m['id']}").json()
    r = enter(client, m, line)
    assert r.status_code == 400, r.text
    assert error in r.json()["error"] and "Traceback" not in r.text
    assert client.get(f"/api/umpire/{m['id']}").json() == before


@pytest.mark.parametrize("body, error", [
    ({"line": 3, "revision": 0}, "line:"),
    ({"line": "w"}, "revision:"),
    ({"line": "w", "revision": True}, "revision:"),
    ({"line": "w", "revision": 0, "seat": "north"}, 'an entry is {"line"'),
    ([1, 2], 'an entry is {"line"'),
    ({"line": "w" * 501, "revision": 0}, "at most 500"),
])
def test_malformed_requests_are_refused(client, body, error):
    m = new_match(client)
    r = client.post(f"/api/umpire/{m['id']}/entries", json=body, headers={"X-Umpire-Key": m["key"]})
    assert r.status_code == 400 and error in r.json()["error"]
    r = client.post(f"/api/umpire/{m['id']}/entries", content=b"{not json", headers={"X-Umpire-Key": m["key"]})
    assert r.status_code == 400 and "must be JSON" in r.json()["error"]
    assert client.get(f"/api/umpire/{m['id']}").json()["entries"] == 0


def test_an_entry_sent_twice_is_played_once(client):
    """A dropped answer, the tap repeated: the second request names the old revision and is refused."""
    m = new_match(client)
    rev = client.get(f"/api/umpire/{m['id']}").json()["revision"]
    assert enter(client, m, "w", revision=rev).status_code == 200
    r = enter(client, m, "w", revision=rev)
    assert r.status_code == 409 and "nothing was entered" in r.json()["error"]
    assert "entered once" in r.json()["error"]  # a repeat is said to be one (a double tap on the tablet)
    assert client.get(f"/api/umpire/{m['id']}").json()["entries"] == 1
    other = enter(client, m, "b", revision=rev)  # another entry made on an old state: the record moved on
    assert other.status_code == 409 and "moved on" in other.json()["error"]


def test_two_servers_on_one_database_never_both_write(db_url):
    """Each server has the match in memory; the one behind is refused (by the database, or by its own copy caught
    up through PostgreSQL's notification) and reads it back."""
    with TestClient(create_app(db_url, bot_pause=0)) as a, TestClient(create_app(db_url, bot_pause=0)) as b:
        m = new_match(a)
        rev = b.get(f"/api/umpire/{m['id']}").json()["revision"]  # b loads the match now
        assert enter(a, m, "w").status_code == 200
        r = b.post(f"/api/umpire/{m['id']}/entries", json={"line": "b", "revision": rev},
                   headers={"X-Umpire-Key": m["key"]})
        # refused by the database, or (PostgreSQL: b heard a's save and caught up) by b itself
        assert r.status_code == 409 and ("nothing was saved" in r.json()["error"]
                                         or "nothing was entered" in r.json()["error"]), r.text
        s = b.get(f"/api/umpire/{m['id']}").json()
        assert s["entries"] == 1 and s["log"][0]["entry"].endswith("strikes: w")


@pytest.mark.parametrize("change, error", [
    ({"event": {"date": "23/11/2025"}}, "event.date"),
    ({"event": {"time": "25:99x"}}, "event.time"),
    ({"players": {"south": {"name": "Asha"}, "east": {"name": "Ravi"}}}, "ICF 27"),
    ({"variant": "snooker"}, "variant"),
    ({"toss": {"winner": "north", "choice": "break"}}, "ICF 39 c"),
    ({"players": {"south": {"name": ""}, "north": {"name": "Ravi"}}}, "players.south.name"),
    ({"colour": "red"}, "colour"),
])
def test_a_bad_header_is_refused_with_its_field(client, change, error):
    r = client.post("/api/umpire", json=MATCH | change)
    assert r.status_code == 400 and error in r.json()["error"], r.text


def test_a_restart_resumes_exactly(db_url):
    with TestClient(create_app(db_url, bot_pause=0)) as c:
        m = new_match(c)
        for line in LINES[:6]:
            assert enter(c, m, line).status_code == 200
        before = c.get(f"/api/umpire/{m['id']}").json()
    with TestClient(create_app(db_url, bot_pause=0)) as c:
        assert c.get(f"/api/umpire/{m['id']}").json() == before
        for line in LINES[6:]:
            assert enter(c, m, line).status_code == 200, line
        assert c.get(f"/api/umpire/{m['id']}").json()["state"]["board"] == 2


def test_export_is_what_the_terminal_resumes_and_import_takes_its_files(client, tmp_path):
    m = new_match(client)
    for line in LINES[:4]:
        enter(client, m, line)
    enter(client, m, "comment Played in good spirit")
    r = client.get(f"/api/umpire/{m['id']}/record")
    assert "attachment" in r.headers["content-disposition"]
    path = tmp_path / "exported.json"
    path.write_text(r.text)
    result = CliRunner().invoke(cli, ["umpire", "resume", str(path)], input="b\nquit\n")
    assert result.exit_code == 0, result.output
    record = load_record(path)
    assert len(record.entries) == 5 and record.header.comments == "Played in good spirit"

    r = client.post("/api/umpire/import", content=path.read_bytes())
    assert r.status_code == 200, r.text
    imported = r.json()
    assert imported["id"] != m["id"] and imported["state"]["entries"] == 5
    assert enter(client, imported, "-").status_code == 200  # scored on from the terminal's last entry


@pytest.mark.parametrize("content, error", [
    (b"", "a record is a JSON object"),
    (b"\xff\xfe", "not UTF-8"),
    (b'{"format": "carrom-record", "version": 9}', "format version 9"),
    (b'{"format": "carrom-record"', "not valid JSON"),
])
def test_a_bad_import_is_one_clear_error(client, content, error):
    r = client.post("/api/umpire/import", content=content)
    assert r.status_code == 400 and error in r.json()["error"], r.text


def test_the_scorecard_in_three_formats(client):
    m = new_match(client)
    for line in LINES:
        enter(client, m, line)
    base = f"/api/umpire/{m['id']}/scorecard"
    html = client.get(base + ".html")
    assert html.status_code == 200 and "Nationals" in html.text and "text/html" in html.headers["content-type"]
    pdf = client.get(base + ".pdf")
    assert pdf.content.startswith(b"%PDF") and "attachment" in pdf.headers["content-disposition"]
    csv = client.get(base + ".csv")
    assert csv.status_code == 200 and "Asha" in csv.text
    r = client.get(base + ".docx")
    assert r.status_code == 404 and ".html, .pdf or .csv" in r.json()["error"]
    assert client.get("/api/umpire/nope/scorecard.pdf").status_code == 404


def test_the_scorecard_comes_in_the_tablets_language(client):
    """The tablet asks for its scorecard in its own language (ICF XIX's form in each law text's words): a French
    tablet's card is French, in all three formats; a language carrom does not speak is refused by name."""
    m = new_match(client)
    enter(client, m, "w")
    base = f"/api/umpire/{m['id']}/scorecard"
    assert "Feuille de match Asha contre Ravi" in client.get(base + ".html?lang=fr").text
    assert client.get(base + ".csv?lang=fr").text.startswith("Championnat/Tournoi,")
    assert client.get(base + ".pdf?lang=fr").content.startswith(b"%PDF")
    assert "Scorecard Asha v Ravi" in client.get(base + ".html").text
    r = client.get(base + ".html?lang=xx")
    assert r.status_code == 404 and "'xx'" in r.json()["error"]


def test_the_scoreboard_feed_follows_each_entry_and_is_read_only(client):
    m = new_match(client)
    with client.websocket_connect(f"/ws/umpire/{m['id']}") as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first["entries"] == 0 and first["sides"][0]["name"] == "Asha"
        ws.send_text(json.dumps({"line": "w", "revision": first["revision"]}))  # a watcher cannot enter anything
        enter(client, m, "w")
        second = ws.receive_json()
        assert second["entries"] == 1 and second["state"]["on_board"]["white"] == 8
        enter(client, m, "undo")
        assert ws.receive_json()["entries"] == 0
    with client.websocket_connect("/ws/umpire/nope") as ws:
        assert "no umpire's match" in ws.receive_json()["message"]


def test_unknown_match_and_pages(client):
    assert client.get("/api/umpire/nope").status_code == 404
    assert "no umpire's match" in client.get("/api/umpire/nope").json()["error"]
    for url in ("/umpire", "/umpire/abc", "/scoreboard/abc"):
        r = client.get(url)
        assert r.status_code == 200 and "<html" in r.text


def test_the_declaration_buttons_are_the_referees(client):
    """The tablet offers the referee's one table of declarations, each with its law and its name in the reader's
    language (ICF 63 b: the breaches name their offender)."""
    from carrom.rules.declarations import BREACHES, DECLARATIONS as REFEREE

    options = client.get("/api/umpire/options", params={"lang": "fr"}).json()
    assert [d["word"] for d in options["declarations"]] == list(REFEREE) and options["breaches"] == list(BREACHES)
    technical = next(d for d in options["declarations"] if d["word"] == "technical")
    assert technical["law"] == "ICF 63" and technical["name"] == "faute technique"
    assert all(d["name"] != d["words"] for d in options["declarations"])  # every name translated



def test_doubles_turns_pass_to_the_right(client):
    """ICF 28: partners opposite; ICF 49 b: the turn passes to the right, from the first breaker west."""
    players = {s: {"name": n} for s, n in zip(("south", "east", "north", "west"), ("Asha", "Bilal", "Ravi", "Dana"))}
    m = new_match(client, MATCH | {"kind": "doubles", "players": players, "first_breaker": "west",
                                   "toss": {"winner": "east", "choice": "break"}})
    assert m["state"]["sides"][0] == {"name": "Bilal & Dana", "seats": ["east", "west"]}
    seats = []
    for _ in range(3):
        seats.append(client.get(f"/api/umpire/{m['id']}").json()["state"]["seat"])
        assert enter(client, m, "-").status_code == 200
    assert seats == ["west", "south", "east"]


def test_any_typed_line_is_answered_and_the_saved_record_always_loads(db_url):
    """Whatever reaches the endpoint: 200 or a 400 naming the fault, never a 500; the stored record stays loadable."""
    from hypothesis import HealthCheck, given, settings, strategies as st

    words = st.sampled_from(["w", "b", "q", "s", "-", "x", "f", "o:", "f:push", "place", "place waive", "undo",
                             "concede board", "declare extra", "declare wait", "comment ok", "time", "status", "?"])
    lines = st.lists(st.one_of(words, st.text(max_size=6)), min_size=1, max_size=4).map(" ".join)

    with TestClient(create_app(db_url, bot_pause=0)) as client:
        m = new_match(client)

        @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
        @given(st.lists(lines, min_size=1, max_size=8))
        def check(typed):
            for line in typed:
                r = enter(client, m, line)
                assert r.status_code in (200, 400), (line, r.text)
                assert "error" in r.json() if r.status_code == 400 else "state" in r.json()
            load_record(client.get(f"/api/umpire/{m['id']}/record").text)

        check()


def test_the_longest_names_a_header_allows_are_saved_on_every_database(db_url):
    """Two 200-character names and a tournament: a title past the column's 400 characters (PostgreSQL enforces it)."""
    long = MATCH | {"players": {"south": {"name": "A" * 200}, "north": {"name": "R" * 200}},
                    "event": MATCH["event"] | {"tournament": "National Championship"}}
    with TestClient(create_app(db_url, bot_pause=0)) as c:
        m = new_match(c, long)
        assert enter(c, m, "w").status_code == 200
    with TestClient(create_app(db_url, bot_pause=0)) as c:
        s = c.get(f"/api/umpire/{m['id']}").json()
        assert s["entries"] == 1 and s["title"].startswith("A" * 200 + " v " + "R" * 200)


def test_the_tablets_help_comes_in_the_readers_language(client):
    # Issue 14: the tablet's Help dialog showed the notation in English on every page. The keys stay the same
    # in every language (docs/umpire.md); their meanings and the headings come in the language asked.
    from carrom.i18n import translator
    from carrom.records.describe import help_text

    english = client.get("/api/umpire/options").json()["help"]
    for lang in ("es", "fr", "it", "sl"):
        words = client.get("/api/umpire/options", params={"lang": lang}).json()["help"]
        assert words == help_text(translator(lang)) and words != english, lang
    bad = client.get("/api/umpire/options", params={"lang": "xx"})
    assert bad.status_code == 404 and "not a language carrom speaks" in bad.json()["error"]


def test_asking_for_help_in_an_entry_opens_the_pages_help_in_the_readers_language(client):
    # Issue 14: "?" typed on the tablet answered the notation's help as English lines; the answer now says help,
    # and the page opens its Help dialog (GET /api/umpire/options?lang=, above) instead.
    m = new_match(client)
    answer = enter(client, m, "?").json()
    assert answer["help"] is True and answer["state"]["entries"] == 0
    assert enter(client, m, "w").json()["help"] is False
