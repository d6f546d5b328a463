"""Malformed records: the first bad field is named by its JSON path, and nothing but RecordError escapes."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from carrom.records import RecordError, load_record

DATA = Path(__file__).parent / "data"
BASE = json.loads((DATA / "example.json").read_text())


def first_stroke_path(data):
    """(game, board, action) of the first stroke in the example."""
    for g, game in enumerate(data["games"]):
        for b, board in enumerate(game["boards"]):
            for k, a in enumerate(board["actions"]):
                if a["type"] == "stroke" and len(a["outcome"]["pocketed"]) >= 1:
                    return g, b, k
    raise AssertionError("the example has no stroke")


def mutated(fn):
    data = copy.deepcopy(BASE)
    fn(data)
    return json.dumps(data)


def error_of(text):
    with pytest.raises(RecordError) as info:
        load_record(text)
    return str(info.value)


G, B, K = first_stroke_path(BASE)
A = f"games[{G}].boards[{B}].actions[{K}]"


def action(data):
    return data["games"][G]["boards"][B]["actions"][K]


CASES = [
    (lambda d: action(d)["outcome"].__setitem__("pocketed", ["white", "blu"]),
     f"{A}.outcome.pocketed[1]: 'blu' is not one of white, black, queen"),
    (lambda d: action(d)["outcome"].__setitem__("pocketed", "white"),
     f"{A}.outcome.pocketed: expected a list, found 'white'"),
    (lambda d: action(d).__setitem__("seat", "centre"),
     f"{A}.seat: 'centre' is not one of south, east, north, west"),
    (lambda d: action(d).__setitem__("type", "shot"),
     f"{A}.type: 'shot' is not one of stroke, place, forfeit, concede, declare, time"),
    (lambda d: action(d).__delitem__("outcome"), f"{A}.outcome: missing"),
    (lambda d: action(d).__setitem__("colour", "white"), f"{A}.colour: unknown field"),
    (lambda d: action(d)["outcome"].__setitem__("striker", "yes"),
     f"{A}.outcome.striker: expected true or false, found 'yes'"),
    (lambda d: action(d).__setitem__("choice", {"speed": -1}), f"{A}.choice.speed: must be above 0 m/s"),
    (lambda d: action(d).__setitem__("choice", {"angle": "left"}), f"{A}.choice.angle: expected a number, found 'left'"),
    # JSON allows an integer of any length; one beyond the floats is named, not an OverflowError
    (lambda d: action(d).__setitem__("choice", {"angle": 10**400}), f"{A}.choice.angle: must be a finite number"),
    (lambda d: action(d).__setitem__("at", "yesterday"), f"{A}.at: 'yesterday' is not an ISO 8601 date and time"),
    (lambda d: action(d).__setitem__("fouls", ["no-such-foul"]), f"{A}.fouls[0]: 'no-such-foul' is not one of"),
    (lambda d: action(d)["outcome"].__setitem__("pocketed", ["queen", "queen"]),
     f"{A}.outcome.pocketed: the queen is listed twice"),
    (lambda d: d.__setitem__("variant", "street"), "variant: 'street' is not one of icf"),
    (lambda d: d.__setitem__("kind", "triples"), "kind: 'triples' is not one of singles, doubles"),
    (lambda d: d.__delitem__("players"), "players: missing"),
    (lambda d: d["players"].__setitem__("centre", {"name": "X"}), "players.centre: unknown field"),
    (lambda d: d["players"]["south"].__setitem__("name", ""), "players.south.name: must not be empty"),
    (lambda d: d["players"].__delitem__("north"), "players: singles needs two players on opposite seats (ICF 27)"),
    (lambda d: d.__setitem__("kind", "doubles"), "players: doubles needs a player on each of the four seats (ICF 28)"),
    (lambda d: d.__setitem__("first_breaker", "east"), "first_breaker: 'east' has no player"),
    (lambda d: d["toss"].__setitem__("choice", "heads"), "toss.choice: 'heads' is not one of break, side"),
    (lambda d: d.__setitem__("first_breaker", "north"),
     "first_breaker: the toss winner chose the break, so their side breaks first (ICF 39 c, 42)"),
    (lambda d: d["event"].__setitem__("date", "22/11/2026"), "event.date: '22/11/2026' is not a date YYYY-MM-DD"),
    (lambda d: d["event"].__setitem__("date", "2026-02-30"), "event.date: '2026-02-30' is not a date YYYY-MM-DD"),
    (lambda d: d["event"].__setitem__("time", "25:99"), "event.time: '25:99' is not a time HH:MM"),
    (lambda d: d["event"].__setitem__("time", "2025-11-23"), "event.time: '2025-11-23' is not a time HH:MM"),
    (lambda d: d["players"]["north"].__setitem__("name", "R" * 201),
     "players.north.name: longer than 200 characters"),
    (lambda d: d["players"]["north"].__setitem__("team", "\ud800"), "players.north.team: not valid Unicode text"),
    (lambda d: (d["toss"].__setitem__("choice", "side"), d.__setitem__("first_breaker", d["toss"]["winner"])),
     "first_breaker: the toss winner chose a side, so the other party has the break (ICF 39 a, c"),
    (lambda d: d["event"].__setitem__("round", 3), "event.round: expected text, found 3"),
    (lambda d: d.__setitem__("format", "chess-pgn"), "format: 'chess-pgn' is not 'carrom-record'"),
    (lambda d: d.__setitem__("version", "1"), "version: expected a whole number, found '1'"),
    (lambda d: d.__setitem__("version", 0), "version: format version 0 is not supported"),
    (lambda d: d["games"][0].__setitem__("boards", []), "games[0].boards: expected at least 1 entries, found 0"),
    (lambda d: d["games"][0]["boards"][0].__setitem__("actions", []),
     "games[0].boards[0].actions: expected at least 1 entries, found 0"),
    (lambda d: d.__setitem__("games", {}), "games: expected a list, found an object"),
]


@pytest.mark.parametrize("mutate, message", CASES, ids=[m for _, m in CASES])
def test_first_bad_field_by_path(mutate, message):
    assert error_of(mutated(mutate)).startswith(message)


def test_an_action_the_referee_refuses_is_reported_at_its_path():
    """ICF 48: the turn passes after a miss, so the same seat cannot strike twice in a row."""
    data = copy.deepcopy(BASE)
    actions = data["games"][0]["boards"][0]["actions"]
    first = actions[0]
    other = {"south": "north", "north": "south", "east": "west", "west": "east"}[first["seat"]]
    actions.insert(0, {"type": "stroke", "seat": other, "outcome": {"pocketed": []}})
    message = error_of(json.dumps(data))
    assert message.startswith("games[0].boards[0].actions[0]: ")


def test_an_action_in_the_wrong_board_is_refused():
    data = copy.deepcopy(BASE)
    assert len(data["games"][0]["boards"]) >= 2, "the example must have a second board for this test"
    moved = data["games"][0]["boards"][0]["actions"].pop()
    data["games"][0]["boards"][1]["actions"].insert(0, moved)
    message = error_of(json.dumps(data))
    assert message.startswith("games[0].boards[1].actions[0]: the referee has this action in games[0].boards[0]")


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "no record given"),
        ("{", "record is not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
        ("[1, 2]", "no such file"),  # not JSON-object text, so taken as a path
        ('{"format": "carrom-record"}', "version: expected a whole number, found null"),
        ("{}", "format: null is not 'carrom-record'"),
    ],
)
def test_unreadable_documents(text, message):
    assert message in error_of(text)


def test_missing_file_and_directory(tmp_path):
    assert "no such file" in error_of(tmp_path / "none.json")
    assert "is a directory" in error_of(tmp_path)
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    assert "not UTF-8" in error_of(tmp_path / "bin.json")


# -- fuzz: any mutation gives a valid record or a RecordError, never another exception ---------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=True) | st.text(max_size=6)
    | st.sampled_from(["white", "black", "queen", "south", "north", "east", "west", "stroke", "place", "icf",
                       "board", "game", "match", "break", "side", "2026-11-22"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


ALL_PATHS = [p for p in paths(BASE) if p]


@st.composite
def mutations(draw):
    data = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(ALL_PATHS))
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            last = path[-1]
            op = draw(st.sampled_from(["set", "delete", "dup"]))
            if op == "set":
                parent[last] = draw(JSON)
            elif op == "delete":
                del parent[last]
            elif isinstance(parent, list):
                parent.insert(last, copy.deepcopy(parent[last]))
        except (KeyError, IndexError, TypeError):
            pass  # an earlier mutation removed the path
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations())
def test_any_mutation_is_valid_or_a_record_error(data):
    try:
        load_record(json.dumps(data))
    except RecordError as exc:
        assert str(exc)


def test_a_record_its_loader_would_refuse_is_never_written(tmp_path):
    """save_record reads its own text back with the loader's checks: the old file stays, the field is named."""
    from dataclasses import replace

    from carrom.records import Event, save_record

    record = load_record(json.dumps(BASE))
    path = save_record(record, tmp_path / "m.json")
    before = path.read_text()
    record.header = replace(record.header, event=Event(date="23/11/2025"))
    with pytest.raises(RecordError, match="event.date: '23/11/2025' is not a date"):
        save_record(record, path)
    assert path.read_text() == before
