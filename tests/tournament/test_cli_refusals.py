"""`carrom tournament` refuses bad input as the web desk does: one clear sentence in the user's language (the
same messages, rendered by the catalogs; `carrom --lang X` or LANG), exit code 2, nothing changed, no
traceback (issue 19: a malformed .sol names the line and the field, an unknown player in a result, a round
paired twice, a result for a match not in the round)."""

import json
import time

import pytest
from typer.testing import CliRunner

from carrom.cli.app import app

runner = CliRunner()


def carrom(db, *args, lang=None):
    head = ["--lang", lang] if lang else []
    return runner.invoke(app, head + [str(a) for a in args] + ["--db", db])


def state(db, event_id=1):
    """What a refusal must leave alone: every match with its result, and the event's record."""
    matches = carrom(db, "tournament", "results", event_id, "--json")
    log = carrom(db, "tournament", "log", event_id, "--json")
    assert matches.exit_code == 0 and log.exit_code == 0, matches.output + log.output
    return json.loads(matches.output), json.loads(log.output)


@pytest.fixture
def paired(sqlite_db):
    """Four players, round 1 paired (tables 1 and 2)."""
    names = ["--player=Asha Rao", "--player=Bruno Costa", "--player=Chiara Neri", "--player=Dev Patel"]
    assert carrom(sqlite_db, "tournament", "new", "Open", *names).exit_code == 0
    assert carrom(sqlite_db, "tournament", "pair", 1).exit_code == 0
    return sqlite_db


def refused(db, *args, lang=None):
    before = state(db)
    result = carrom(db, *args, lang=lang)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    assert state(db) == before  # nothing changed, not even the record
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output  # one sentence
    return lines[0]


@pytest.mark.parametrize("args, english, spanish", [
    (("tournament", "pair", 1), "round 1 is paired and not all its results are in: a round is paired once",
     "la ronda 1"),
    (("tournament", "result", 1, 1, 7, "25-3", "25-9"), "no match at table 7 in round 1", "mesa 7"),
    (("tournament", "result", 1, 1, 1, "25-3", "25-9", "--player", "Nobody Here", "--player", "Asha Rao"),
     "no player 'Nobody Here' in this event", "'Nobody Here'"),
    (("tournament", "round", 1, 4), "event 1 has no round 4", "ronda 4"),
], ids=["round paired twice", "match not in the round", "unknown player", "unknown round"])
def test_a_refusal_is_one_sentence_in_the_users_language(paired, args, english, spanish):
    """The same refusal in English (the catalogs' ids) and in Spanish (`carrom --lang es`), the Spanish naming
    the same thing; exit code 2 and nothing changed either way. On main the Spanish was the English sentence."""
    assert refused(paired, *args) == f"error: {english}"
    said = refused(paired, *args, lang="es")
    assert spanish in said and english not in said, said


def test_the_locale_chooses_the_language_when_no_lang_is_given(paired, monkeypatch):
    """Without --lang the POSIX locale speaks (LANG), as for every command (docs/i18n.md)."""
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    said = refused(paired, "tournament", "result", 1, 1, 7, "25-3", "25-9")
    assert "7" in said and "no match at table" not in said, said


def test_a_result_the_laws_cannot_produce_is_refused_with_its_law_in_spanish(paired):
    """ICF 57: a match is the best of three games, so there is no third game after a 2-0."""
    said = refused(paired, "tournament", "result", 1, 1, 1, "25-3", "25-9", "25-0", lang="es")
    assert "ICF 57" in said and "game 3" not in said, said


def test_a_malformed_sol_file_names_its_line_and_field_in_spanish(paired, tmp_path):
    """A SoL file whose player refers to club 7 when it lists none: the line (4) and the field ('club')."""
    bad = tmp_path / "bad.sol"
    bad.write_text("players:\n  - firstname: Asha\n    lastname: Rao\n    club: 7\n", encoding="utf-8")
    english = refused(paired, "tournament", "import", bad)
    assert english == f"error: {bad}, line 4, field 'club': refers to number 7, but there are 0"
    said = refused(paired, "tournament", "import", bad, lang="es")
    assert str(bad) in said and "4" in said and "'club'" in said and "refers to" not in said and "line" not in said


def test_a_truncated_sol_file_is_refused_with_its_line(paired, tmp_path):
    """A file cut in the middle of a mapping: not valid YAML, at the line where it stops."""
    bad = tmp_path / "cut.sol"
    bad.write_text("players:\n  - firstname: Asha\n    lastname: [Rao\n", encoding="utf-8")
    said = refused(paired, "tournament", "import", bad, lang="fr")
    assert str(bad) in said and "YAML" in said and "line" not in said, said


def test_a_walkover_before_the_announced_time_is_refused_with_the_law(paired):
    """ICF 143 i: the 15 minutes to report count from the time the match is announced for; the desk announces
    table 1 for 20 minutes from now, and a walkover now is refused, in Spanish, naming the law."""
    later = carrom(paired, "tournament", "announce", 1, 1, 1, "--at", str(time.time() + 20 * 60), "--json")
    assert later.exit_code == 0, later.output
    shown = json.loads(later.output)
    assert shown["report_by"] == shown["announced"] + 15 * 60
    said = refused(paired, "tournament", "walkover", 1, 1, 1, "--present", 1, lang="es")
    assert "ICF 143 i" in said and "20" in said and "minutes" not in said, said
