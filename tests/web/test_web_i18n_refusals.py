"""Every refusal the server can send reaches the reader in their language: it travels as a message (``refusal``).

The errors are found in the code, not listed by hand: every place the web layer and the game raise or send an
error (``MessageError``, ``HTTPException``, ``GameError``...) must word it as a message (``SAID.gettext``, ``say``,
or a refusal already worded passed on), and every message id those modules and the referee word is translated in
the five catalogs. Then the validators are walked field by field from their own tables (``CHECKS``,
``ROOM_FIELDS``): each bad field is refused with a ``refusal`` whose id is in the catalogs, naming the field in a
placeholder. Over the wire, a malformed message, a refused intent of the referee and a bad HTTP body come with
``refusal``; an answer that succeeded keeps ``said`` (its words), never ``refusal``.
"""

import ast
import json
import math
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_helpers import AT_TEST_SPEED, numbered

from carrom.game import Game, GameError
from carrom.i18n.catalogs import read
from carrom.i18n.said import Said
from carrom.web import create_app
from carrom.web.limits import Gate, Limits
from carrom.web.messages import CHECKS, ROOM_FIELDS, MessageError, decode, parse, room_request, sequence

SRC = Path(__file__).resolve().parents[2] / "src" / "carrom"
LANGS = ["es", "fr", "en", "it", "sl"]
# where the server words what it refuses, and the game whose refusals it passes on
WORDED = [SRC / "web" / name for name in ("messages.py", "limits.py", "app.py", "rooms.py", "umpire.py",
                                          "catalog.py", "practice.py", "clocks.py")] + [SRC / "game" / "game.py"] + \
    sorted((SRC / "practice").glob("*.py"))
# the calls that raise or send an error, and which argument is its words
ERRORS = {"MessageError": 0, "GameError": 0, "PracticeError": 0, "Fault": 1, "HTTPException": 1, "_refusal": 0,
          "_error": 1, "refuse": 0}
SAYERS = {"gettext", "ngettext", "message"}  # SAID's: English that remembers its message
MAKERS = {"say", "say_n", "worded", "store_refusal", "_one_of", "_not_finite"}  # a Message, or a refusal worded from one
# deliberately English: a record's own faults met when a stored match is read back or caught up with another
# server's writes (caught there, never sent for an intent)
ENGLISH = {("game.py", "__init__"), ("game.py", "_replay_entry"), ("rooms.py", "catch_up")}
LEFT: set[tuple[str, str]] = set()  # none left in English


def is_worded(node) -> bool:
    if isinstance(node, ast.BoolOp):  # ``exc.message or str(exc)``: the message when there is one (RulesError's)
        return is_worded(node.values[0])
    if isinstance(node, ast.IfExp):
        return is_worded(node.body) and is_worded(node.orelse)
    if isinstance(node, ast.Call):
        f = node.func
        return ((isinstance(f, ast.Attribute) and f.attr in SAYERS) or (isinstance(f, ast.Name) and f.id in MAKERS)
                or (isinstance(f, ast.Name) and f.id == "getattr")  # an error's ``message``, passed on
                or isinstance(f, ast.Subscript))  # a table of sayers (game.py WAITED)
    return isinstance(node, (ast.Name, ast.Attribute, ast.Subscript))  # a refusal worded elsewhere, passed on


def error_sites():
    """(file, function, line, the words' node) of every error raised or sent in the worded modules."""
    for path in WORDED:
        def walk(node, func="module"):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                func = node.name
            name = getattr(node, "func", None)
            name = getattr(name, "id", None) or getattr(name, "attr", None)
            if isinstance(node, ast.Call) and name in ERRORS and len(node.args) > ERRORS[name]:
                yield path.name, func, node.lineno, node.args[ERRORS[name]]
            for child in ast.iter_child_nodes(node):
                yield from walk(child, func)
        yield from walk(ast.parse(path.read_text()))


def sayings(paths):
    """Every message id worded in these files: the literal first argument of SAID's sayers and of say/say_n."""
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                f = node.func
                if (isinstance(f, ast.Attribute) and f.attr in {"gettext", "ngettext"}) or \
                        (isinstance(f, ast.Name) and f.id in {"say", "say_n"}):
                    yield node.args[0].value


@pytest.fixture(scope="module")
def catalogs():
    return {lang: {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in read(lang) if m.id}
            for lang in LANGS}


def assert_translated(catalogs, msgid):
    for lang in LANGS:
        found = catalogs[lang].get(msgid)
        assert found and all(found if isinstance(found, tuple) else [found]), f"{lang}: {msgid!r} untranslated"


def test_every_error_of_the_web_and_the_game_is_worded_as_a_message():
    sites = list(error_sites())
    assert len(sites) > 60  # the walk finds them (messages.py alone raises some forty)
    english = [f"{file}:{line} ({func}): {ast.unparse(words)}" for file, func, line, words in sites
               if not is_worded(words) and (file, func) not in ENGLISH | LEFT]
    assert english == []


def test_the_walk_sees_english_where_it_is():
    """The check can fail: an f-string, a plain string or ``str(exc)`` is English left unworded."""
    for text in ['MessageError(f"{key} is bad")', 'MessageError("bad")', "MessageError(str(exc))",
                 'HTTPException(400, "x" + y)', 'MessageError(SAID.gettext("a") if ok else "b")']:
        call = ast.parse(text).body[0].value
        assert not is_worded(call.args[ERRORS[call.func.id]]), text
    assert is_worded(ast.parse('MessageError(SAID.gettext("a {b}", b=1))').body[0].value.args[0])


# the referee's checks of what a program hands it (an action's Python types, a score typed in): their errors name
# Python fields and stay English on purpose (docs/i18n.md); a page's intents never reach them malformed
REFEREE_API = {"action_from_dict", "_mapping", "_list", "_bool", "_enum", "_check_action", "state_from_score", "_pair",
               "_per_side"}


def test_every_refusal_of_the_referee_carries_a_message():
    """The referee's own errors, found in carrom.rules: each ``RulesError`` is given ``say``/``say_n`` (or a
    function of the module returning a ``Message``), so ``GameError`` passes it on and the page words it."""
    found, english = 0, []
    for path in sorted((SRC / "rules").glob("*.py")):
        tree = ast.parse(path.read_text())
        helpers = {f.name for f in ast.walk(tree)  # functions of the module that word a refusal: -> Message
                   if isinstance(f, ast.FunctionDef) and getattr(f.returns, "id", None) == "Message"}

        def walk(node, func="module"):
            nonlocal found
            if isinstance(node, ast.FunctionDef):
                func = node.name
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RulesError" and node.args:
                found += 1
                words = node.args[0]
                name = getattr(words, "func", None)
                if not (isinstance(name, ast.Name) and name.id in {"say", "say_n"} | helpers) and \
                        func not in REFEREE_API:
                    english.append(f"{path.name}:{node.lineno} ({func}): {ast.unparse(words)}")
            for child in ast.iter_child_nodes(node):
                walk(child, func)
        walk(tree)
    assert found > 50 and english == []


def test_every_message_the_web_the_game_and_the_referee_word_is_translated_in_the_five_languages(catalogs):
    ids = set(sayings(WORDED + sorted((SRC / "rules").glob("*.py"))))
    assert len(ids) > 150
    for msgid in sorted(ids):
        assert_translated(catalogs, msgid)


# -- the validators, walked from their own tables ------------------------------------------------

GOOD = {  # one acceptable message of each type; the walk below checks it covers every type and field
    "join": {"watch": False, "name": "Asha", "invite": "abc", "browser": "def"},
    "strike": {"along": 0.0, "angle": 0.0, "power": 0.5},
    "place": {"x": 0.0, "y": 0.0, "coin": "white"},
    "waive": {}, "wait": {}, "ready": {},
    "claim": {"points": 1},
    "toss": {"winner": "south"},
    "concede": {"what": "board"},
    "auto": {"until": "board"},
    "say": {"quick": "hello"},  # the quick messages (docs/web.md): by id, never free text
    "aim": {"along": 0.0, "angle": 0.0, "power": 0.5},
}
GOOD_ROOM = {"variant": "icf", "first_breaker": "south", "public": False, "browser": "abc", "clocks": False, "board_speed": "fast",
             "players": {"south": {"type": "me", "name": "Asha"}, "north": {"type": "bot", "level": "beginner"}}}
BAD = [1], "no such thing", -1e9, True  # a value each field refuses at least one of


def refusal_of(call) -> Said:
    with pytest.raises(MessageError) as caught:
        call()
    said = caught.value.args[0]
    assert isinstance(said, Said), f"not worded as a message: {said!r}"
    return said


def check_refusal(catalogs, said: Said, field: str | None = None) -> None:
    assert_translated(catalogs, said.said["id"])
    if field is not None:  # the field's name stays as it is, inside a placeholder
        assert field not in said.said["id"].replace("{" + "key}", "") or field in ("seat", "type")
        assert field in json.dumps(said.said["params"]), said.said


def test_every_field_of_every_message_type_is_refused_in_words_a_page_can_translate(catalogs):
    assert set(GOOD) == set(CHECKS)
    walked = 0
    for kind, (_, fields) in CHECKS.items():
        base = {"type": kind, "seq": 1, "seat": "south"} | GOOD[kind]
        assert parse(base).type == kind  # the good one passes
        assert set(fields) <= set(GOOD[kind]) | {"speed"}
        for field in (*fields, "seat"):
            refused = []
            for value in BAD:
                try:
                    parse(base | {field: value} | ({"power": None} if field == "speed" else {}))
                except MessageError as exc:
                    refused.append(exc)
            assert refused, f"{kind}.{field} refuses none of {BAD}"
            for exc in refused:
                assert isinstance(exc.args[0], Said), f"{kind}.{field}: {exc}"
                check_refusal(catalogs, exc.args[0])
            walked += 1
        check_refusal(catalogs, refusal_of(lambda: parse(base | {"colour": "red"})), "colour")  # a field too many
    assert walked >= 20
    for call in (lambda: parse({"seq": 1, "type": "dance"}), lambda: parse({"seq": 1}),
                 lambda: sequence([1]), lambda: sequence({"seq": 0}), lambda: decode("{", 100),
                 lambda: decode("x" * 101, 100)):
        check_refusal(catalogs, refusal_of(call))


def test_every_field_of_a_new_match_is_refused_in_words_a_page_can_translate(catalogs):
    assert set(GOOD_ROOM) == set(ROOM_FIELDS)
    room_request(GOOD_ROOM)
    for field in ROOM_FIELDS:
        for value in BAD[:2]:
            check_refusal(catalogs, refusal_of(lambda: room_request(GOOD_ROOM | {field: value})))
    for field in ("type", "name", "level"):
        seats = GOOD_ROOM["players"] | {"north": GOOD_ROOM["players"]["north"] | {field: [1]}}
        check_refusal(catalogs, refusal_of(lambda: room_request(GOOD_ROOM | {"players": seats})), "players.north")
    check_refusal(catalogs, refusal_of(lambda: room_request([])))


def test_the_limits_refuse_in_words_a_page_can_translate(catalogs):
    gate = Gate(Limits(rate=0.001, burst=1))
    gate.admit()
    check_refusal(catalogs, refusal_of(gate.admit))
    gate.use(5)
    check_refusal(catalogs, refusal_of(lambda: gate.use(5)))


def test_a_refusal_of_the_referee_keeps_its_message_through_the_game(catalogs):
    """French rules (001): a side concedes only on its own turn (001 §4 q) — the referee's message, not flattened."""
    game = Game.new({"south": "Asha", "north": "Ravi"}, variant="fr-official")
    with pytest.raises(GameError) as caught:
        game.concede("north", "game")
    assert caught.value.message is not None and "(001 §4 q)" in caught.value.message.msgid
    assert_translated(catalogs, caught.value.message.msgid)
    for bad in (lambda: game.strike("south", 0.3, 0.0, 3.0), lambda: game.strike("north", 0.0, 0.0, 3.0),
                lambda: game.strike("south", 0.0, math.nan, 3.0), lambda: game.place("south", 0.0, 0.0)):
        with pytest.raises(GameError) as caught:
            bad()
        assert caught.value.message is not None, caught.value
        assert_translated(catalogs, caught.value.message.msgid)


# -- over the wire: refusal for what was refused, said for what succeeded -----------------------


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0, limits=AT_TEST_SPEED)) as c:
        yield c


def test_the_websocket_sends_refusal_for_a_malformed_message_and_a_refused_intent(client, catalogs):
    r = client.post("/api/rooms", json={"variant": "fr-official", "players": {"south": {"type": "me"},
                                                                                "north": {"type": "me"}}}).json()
    with numbered(client, f"/ws/{r['room']}?token={r['token']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "strike", "seat": "south", "along": "left", "angle": 0, "power": 0.5})
        malformed = ws.receive_json()
        ws.send_json({"type": "concede", "seat": "north", "what": "game"})
        refused = ws.receive_json()
    assert malformed["refusal"] == {"id": "{key} must be a number, got {value}",
                                    "params": {"key": "along", "value": "'left'"}}
    assert malformed["message"] == "along must be a number, got 'left'" and "said" not in malformed
    assert refused["code"] == "refused" and "(001 §4 q)" in refused["refusal"]["id"] and "said" not in refused
    assert_translated(catalogs, refused["refusal"]["id"])


def test_http_errors_send_refusal_and_successful_entries_keep_said(client, catalogs):
    bad = client.post("/api/rooms", json={"variant": "chess", "players": {}})
    assert bad.status_code == 400 and bad.json()["refusal"]["params"]["key"] == "variant" and "said" not in bad.json()
    big = client.post("/api/rooms", content=b"x" * (65 * 1024), headers={"content-type": "application/json"})
    assert big.status_code == 413 and big.json()["refusal"]["id"] == "the request's body is over {most} bytes"
    header = {"variant": "icf", "kind": "singles", "first_breaker": "south",
              "players": {"south": {"name": "Asha"}, "north": {"name": "Ravi"}}}
    started = client.post("/api/umpire", json=header).json()
    key = {"X-Umpire-Key": started["key"]}
    url = f"/api/umpire/{started['id']}/entries"
    entered = client.post(url, json={"line": "w", "revision": 0}, headers=key)
    assert entered.status_code == 200 and entered.json()["said"] and "refusal" not in entered.json()
    malformed = client.post(url, json={"line": 5, "revision": 1}, headers=key)
    assert malformed.status_code == 400 and malformed.json()["refusal"]["params"]["key"] == "line"
    for answer in (bad, big, malformed):
        assert_translated(catalogs, answer.json()["refusal"]["id"])


def test_an_unknown_address_and_a_wrong_method_are_refused_in_words_a_page_can_translate(client, catalogs):
    """Starlette's own 404 and 405 ("Not Found", "Method Not Allowed") come worded like every other refusal."""
    missing = client.get("/api/nowhere")
    assert missing.status_code == 404 and missing.json()["refusal"]["params"]["path"] == "/api/nowhere"
    wrong = client.delete("/api/rooms")
    assert wrong.status_code == 405 and wrong.json()["refusal"]["params"] == {"method": "DELETE", "path": "/api/rooms"}
    for answer in (missing, wrong):
        assert "Not Found" not in answer.json()["error"] and "Not Allowed" not in answer.json()["error"]
        assert_translated(catalogs, answer.json()["refusal"]["id"])


def test_the_practice_page_is_refused_in_words_a_page_can_translate(client, catalogs):
    """A position with two faults: each comes with its law, inside one refusal (carrom.practice's faults)."""
    opening = client.get("/api/practice/opening").json()["position"]
    black = next(i for i, p in enumerate(opening["pieces"]) if p["kind"] == "black")
    pieces = list(opening["pieces"])
    pieces[black] = {"kind": "white", "x": 0.9, "y": 0.0}  # a tenth white, off the board
    r = client.post("/api/practice/position", json={"position": opening | {"pieces": pieces}})
    refusal = r.json()["refusal"]
    assert r.status_code == 400 and refusal["id"] == "this position cannot be played: {faults}", r.json()
    faults = json.dumps(refusal["params"]["faults"])
    assert "{n} {kind} pieces: a set has {most}" in faults and "is off the playing surface" in faults
    for msgid in ("{n} {kind} pieces: a set has {most}", "{where} is off the playing surface: |x| and |y| at most "
                  "{most} m", "{one}; {other}", "{reason} ({law})", refusal["id"]):
        assert_translated(catalogs, msgid)
    bad_aim = client.post("/api/practice/predict", json={"position": opening, "aim": {"along": 0}})
    assert bad_aim.status_code == 400 and bad_aim.json()["refusal"]["params"]["key"] == "aim"
