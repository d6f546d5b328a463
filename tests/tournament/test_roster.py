"""Players brought as people bring them (issue 42, item 15): a spreadsheet's CSV with a byte-order mark and
semicolons, cells pasted from it, typed lines; compound surnames kept whole; every refusal names the line and
the field. One reader, ``carrom.desk.roster.read_roster``, for the CLI's file and the web desk's pasted list."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carrom.desk.roster import Entry, entry_named, read_roster, split_name
from carrom.tournament import DeskError


def test_a_spreadsheets_csv_with_a_byte_order_mark_semicolons_and_a_decimal_comma():
    """What a spreadsheet in Italian or Spanish saves as "CSV": BOM, ';' between cells, ',' as the decimal mark."""
    text = "\ufefffirst;last;club;country;rating\r\nNicolò;D'Alessandro;CC Roma;ITA;1712,5\r\nAna;Novak;Ljubljana;SLO;\r\n"
    assert read_roster(text, "players.csv") == [
        Entry("Nicolò", "D'Alessandro", "CC Roma", "ITA", 1712.5), Entry("Ana", "Novak", "Ljubljana", "SLO", None)]


def test_cells_pasted_from_a_spreadsheet_are_split_at_their_tabs():
    """Today pasted cells became one player named "Nicolò D'Alessandro CC Roma ITA"."""
    pasted = "Nicolò D'Alessandro\tCC Roma\tITA\t1700\nAsha Rao\tMumbai CC\tIND\t1650"
    assert read_roster(pasted) == [Entry("Nicolò", "D'Alessandro", "CC Roma", "ITA", 1700.0),
                                   Entry("Asha", "Rao", "Mumbai CC", "IND", 1650.0)]


def test_typed_lines_as_the_desk_form_asks_and_a_header_in_any_order():
    assert read_roster("Asha Rao, Mumbai CC, IND, 1700\nRavi Kumar\n") == [
        Entry("Asha", "Rao", "Mumbai CC", "IND", 1700.0), Entry("Ravi", "Kumar")]
    assert read_roster("Surname,First name,Team\nRao,Asha,Blue\n") == [Entry("Asha", "Rao", team="Blue")]


@pytest.mark.parametrize("full, first, last", [
    ("Asha Rao", "Asha", "Rao"),
    ("Juan de la Cruz", "Juan", "de la Cruz"),
    ("Ludwig van Beethoven", "Ludwig", "van Beethoven"),
    ("Ana María GARCÍA LÓPEZ", "Ana María", "GARCÍA LÓPEZ"),
    ("Jean-Luc Picard", "Jean-Luc", "Picard"),
    ("Nicolò D'Alessandro", "Nicolò", "D'Alessandro"),
    ("Luca dal Monte Rossi", "Luca", "dal Monte Rossi"),
])
def test_compound_surnames_stay_whole(full, first, last):
    assert split_name(full) == (first, last)
    assert entry_named(full) == Entry(first, last)


@pytest.mark.parametrize("text, words", [
    ("first;last;rating\nAsha;Rao;strong\n", "players.csv, line 2, field 'rating': 'strong' is not a number"),
    ("first;last;rating\nAsha;Rao;nan\n", "players.csv, line 2, field 'rating': 'nan' is not a rating from 0 to 9999"),
    ("first,last\nAsha,\n", "players.csv, line 2: a player needs a first and a last name"),
    ("club,country\nX,Y\n", "players.csv, line 1: the header names no 'name' (or 'first' and 'last') column"),
    ("Asha Rao, a, b, 1, t, extra\n", "players.csv, line 1: 6 fields, at most 5 (name, club, country, rating, team)"),
    ("\n\nMadonna, Club\n", "players.csv, line 3, field 'name': a player is \"First Last\", not 'Madonna'"),
    ("x" * 1001, "players.csv, line 1: longer than 1000 characters"),
])
def test_each_refusal_names_the_line_and_the_field(text, words):
    with pytest.raises(DeskError) as refused:
        read_roster(text, "players.csv")
    assert str(refused.value) == words


def test_a_list_too_long_is_refused_before_it_is_read():
    with pytest.raises(DeskError, match="more than 5001 lines"):
        read_roster("Asha Rao\n" * 6000, "players.csv")


NAME = st.text(st.characters(whitelist_categories=("Lu", "Ll"), max_codepoint=0x24F), min_size=1, max_size=8)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(NAME, NAME, NAME, st.none() | st.integers(0, 3000)), min_size=1, max_size=6),
       st.sampled_from([",", ";", "\t"]), st.booleans())
def test_any_table_written_with_a_header_reads_back_as_it_was_written(rows, sep, bom):
    """Whatever the separator and the mark, a table of first, last, club and rating reads back cell for cell."""
    lines = [sep.join(("first", "last", "club", "rating"))]
    lines += [sep.join((f, l, c, "" if r is None else str(r))) for f, l, c, r in rows]
    text = ("\ufeff" if bom else "") + "\r\n".join(lines)
    assert read_roster(text) == [Entry(f, l, c, "", None if r is None else float(r)) for f, l, c, r in rows]


def test_a_file_is_read_as_utf8_with_or_without_its_mark_and_refused_in_a_line_when_not(tmp_path):
    from carrom.desk.roster import read_roster_file

    good = tmp_path / "players.csv"
    good.write_bytes("\ufefffirst;last\nLéa;Dubois\n".encode("utf-8"))
    assert read_roster_file(good) == [Entry("Léa", "Dubois")]
    latin = tmp_path / "latin.csv"
    latin.write_bytes("first;last\nAsha;Rao\nLéa;Dubois\n".encode("latin-1"))
    with pytest.raises(DeskError) as refused:
        read_roster_file(latin)
    assert str(refused.value) == f"{latin}, line 3: not UTF-8 text (save the list as CSV UTF-8)"
    huge = tmp_path / "huge.csv"
    huge.write_bytes(b"Asha Rao\n" * 2_000_000)  # 18 MB: refused after reading what the limits allow
    with pytest.raises(DeskError, match="more than 5001 lines"):
        read_roster_file(huge)


def test_the_cli_reads_a_spreadsheets_csv(tmp_path):
    """`carrom tournament new --players FILE.csv` with what a spreadsheet in a decimal-comma language saves."""
    from typer.testing import CliRunner

    from carrom.cli.app import app

    players = tmp_path / "players.csv"
    players.write_bytes("\ufefffirst;last;club;rating\nNicolò;D'Alessandro;CC Roma;1712,5\nJuan;de la Cruz;Sevilla;\n"
                        .encode("utf-8"))
    db = f"sqlite:///{tmp_path / 'desk.db'}"
    made = CliRunner().invoke(app, ["tournament", "new", "Open", "--players", str(players), "--db", db])
    assert made.exit_code == 0, made.output
    shown = CliRunner().invoke(app, ["tournament", "standings", "1", "--json", "--db", db])
    assert shown.exit_code == 0, shown.output
    import json

    assert [row["players"] for row in json.loads(shown.output)] == [["Nicolò D'Alessandro"], ["Juan de la Cruz"]]
    from carrom.desk.store import TournamentStore

    event = TournamentStore(db).load(1)
    assert {(p.first, p.last, p.rating) for p in event.players.values()} == {
        ("Nicolò", "D'Alessandro", 1712.5), ("Juan", "de la Cruz", None)}
