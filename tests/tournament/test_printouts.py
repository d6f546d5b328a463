"""`carrom tournament print`: the round's pairings with tables, its scorecards pre-filled (ICF XIX's header: tournament,
event, round, match number, table, players), the standings, the bracket and the prize list, as PDF in the reader's
language (the scorecard's library, fpdf2)."""

import io
import json

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from carrom.cli.app import app

runner = CliRunner()
PLAYERS = ["Asha Rao", "Ravi Kumar", "Ana Novak", "Luc Martin", "Marta Rossi", "Žan Čuk"]


def carrom(*args, ok=True):
    result = runner.invoke(app, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, result.output
    return result


def text_of(path):
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return len(reader.pages), "\n".join(p.extract_text() for p in reader.pages)


@pytest.fixture
def swiss(sqlite_db):
    players = [a for p in PLAYERS for a in ("--player", p)]
    carrom("tournament", "new", "Ljubljana Open", "--rounds", 3, *players, "--db", sqlite_db)
    carrom("tournament", "pair", 1, "--db", sqlite_db)
    carrom("tournament", "result", 1, 1, 1, "25-10", "25-3", "--db", sqlite_db)
    return sqlite_db


def test_the_round_prints_in_the_readers_language(swiss, tmp_path):
    out = tmp_path / "p.pdf"
    carrom("--lang", "sl", "tournament", "print", 1, "pairings", "--pdf", out, "--db", swiss)
    pages, text = text_of(out)
    assert pages == 1 and "Krog 1" in text and "Miza" in text and "25-10" in text
    assert all(name in text for name in PLAYERS)  # Ž and Č print (DejaVu Sans)
    carrom("--lang", "es", "tournament", "print", 1, "standings", "--pdf", out, "--db", swiss)
    assert "Clasificación" in text_of(out)[1] and "Buchholz" in text_of(out)[1]
    carrom("--lang", "fr", "tournament", "print", 1, "prizes", "--pdf", out, "--db", swiss)
    assert "Palmarès" in text_of(out)[1]


def test_a_rounds_scorecards_are_one_page_a_table_with_the_header_filled_in(swiss, tmp_path):
    out = tmp_path / "cards.pdf"
    carrom("tournament", "print", 1, "scorecards", "--pdf", out, "--db", swiss)
    pages, text = text_of(out)
    assert pages == 3  # six players: three tables
    for match in ("1.1", "1.2", "1.3"):  # PARTIDO Nº: round.table
        assert match in text
    assert text.count("Ljubljana Open") >= 3 and all(name in text for name in PLAYERS)


def test_the_bracket_of_a_knockout(sqlite_db, tmp_path):
    players = [a for p in PLAYERS[:5] for a in ("--player", p)]
    carrom("tournament", "new", "Cup", "--system", "knockout", *players, "--db", sqlite_db)
    carrom("tournament", "pair", 1, "--db", sqlite_db)
    out = tmp_path / "b.pdf"
    carrom("--lang", "it", "tournament", "print", 1, "bracket", "--pdf", out, "--db", sqlite_db)
    assert "Tabellone a eliminazione" in text_of(out)[1]


def test_a_printout_it_cannot_make_is_refused(swiss, tmp_path):
    out = tmp_path / "x.pdf"
    bad = carrom("tournament", "print", 1, "menu", "--pdf", out, "--db", swiss, ok=False)
    assert bad.exit_code != 0 and "a printout is one of pairings, scorecards" in bad.output and not out.exists()
    bad = carrom("tournament", "print", 1, "bracket", "--pdf", out, "--db", swiss, ok=False)
    assert "no knockout to print" in bad.output and not out.exists()


def test_the_prize_list_of_a_championships_event_gives_each_places_prize(sqlite_db, tmp_path):
    """Closed, an event of a championship with SoL's centesimal prizes prints each place's prize: 100 to the winner,
    1 to the last, evenly between (three players: 50.5 for the second, "50,5" in Italian); on main, no prize."""
    players = [a for p in PLAYERS[:3] for a in ("--player", p)]
    carrom("tournament", "new", "Cup", "--system", "roundrobin", "--championship", "Lega", "--prizes", "centesimal",
           *players, "--db", sqlite_db)
    for number in (1, 2, 3):
        carrom("tournament", "pair", 1, "--db", sqlite_db)
        table = next(m["table"] for m in json.loads(carrom("tournament", "round", 1, number, "--db", sqlite_db,
                                                                 "--json").output) if len(m["players"]) == 2)
        carrom("tournament", "result", 1, number, table, "25-10", "25-3", "--db", sqlite_db)
    carrom("tournament", "close", 1, "--db", sqlite_db)
    out = tmp_path / "prizes.pdf"
    carrom("--lang", "it", "tournament", "print", 1, "prizes", "--pdf", out, "--db", sqlite_db)
    text = text_of(out)[1]
    assert "Premio" in text and "100" in text and "50,5" in text


def test_the_bracket_labels_the_match_for_third_place(sqlite_db, tmp_path):
    """Issue 42 item 17: the match for third place stood unlabelled beside the final, on the printed bracket and on
    the public page's; both now say what it is."""
    from pathlib import Path

    players = [a for p in PLAYERS[:4] for a in ("--player", p)]
    carrom("tournament", "new", "Cup", "--system", "knockout", "--third-place", *players, "--db", sqlite_db)
    for _ in range(2):
        matches = json.loads(carrom("tournament", "pair", 1, "--json", "--db", sqlite_db).output)
        for m in matches:
            carrom("tournament", "result", 1, m["round"], m["table"], "25-3", "25-4", "--db", sqlite_db)
    out = tmp_path / "b.pdf"
    carrom("tournament", "print", 1, "bracket", "--pdf", out, "--db", sqlite_db)
    assert "A match for third place" in text_of(out)[1]
    out = tmp_path / "b-es.pdf"
    carrom("--lang", "es", "tournament", "print", 1, "bracket", "--pdf", out, "--db", sqlite_db)
    assert "A match for third place" not in text_of(out)[1]  # in the reader's language
    js = (Path(__file__).resolve().parents[2] / "src" / "carrom" / "web" / "static" / "tournament.js").read_text()
    bracket = js[js.index("function bracket"):][:900]
    assert 'm.stage === "third"' in bracket and 't("A match for third place")' in bracket
