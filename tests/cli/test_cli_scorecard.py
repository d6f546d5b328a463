"""``carrom scorecard``: the official scorecard of ICF part XIX as HTML, PDF, CSV and text."""

import csv
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from carrom.cli.app import app

sys.path.insert(0, str(Path(__file__).parents[1] / "records"))
from records_play import header, play_match  # noqa: E402

from carrom.records import Event, save_record  # noqa: E402
from carrom.records.referee import board_results  # noqa: E402
from carrom.records.replay import replay  # noqa: E402

runner = CliRunner()
EVENT = Event(tournament="Nationals 2026", event="Men's singles", round="Final", match="7", date="2026-11-22",
              time="14:00", venue="Hall A", table="3", umpire="U. Mpire")


def match_file(tmp_path, kind="singles"):
    from dataclasses import replace

    record = play_match(header(kind=kind), [0, 1, 0], due=True)
    record.header = replace(record.header, event=EVENT, comments="No protest.")
    return record, save_record(record, tmp_path / "m.json")


def test_html_is_well_formed_with_every_header_field(tmp_path):
    """ICF XIX: championship, event, round, date, time, match no., umpire, table no., toss, choice."""
    record, path = match_file(tmp_path)
    out = tmp_path / "card.html"
    result = runner.invoke(app, ["scorecard", str(path), "--html", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    root = ET.fromstring(page.split("\n", 1)[1])
    text = " ".join(root.itertext())
    for value in ("Nationals 2026", "Men's singles", "Final", "2026-11-22", "14:00", "7", "U. Mpire", "3",
                  "Asha", "Ravi", "No protest.", "Signature of the loser", "Signature of the umpire",
                  "Toss won by", "Choice of the toss winner", "Match won by"):
        assert value in text, value
    winner = replay(record).steps[-1].after.winner
    assert ("Asha", "Ravi")[winner] in text.split("Match won by:")[1]


def test_pdf_has_pages(tmp_path):
    _, path = match_file(tmp_path)
    out = tmp_path / "card.pdf"
    result = runner.invoke(app, ["scorecard", str(path), "--pdf", str(out)])
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and b"/Type /Page" in data and data.rstrip().endswith(b"%%EOF")


def test_csv_has_a_row_per_board(tmp_path):
    """ICF 53 a: each board's points are the opponent's coins left; ICF 52 b i: the queen's 3."""
    record, path = match_file(tmp_path, kind="doubles")
    out = tmp_path / "card.csv"
    result = runner.invoke(app, ["scorecard", str(path), "--csv", str(out)])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.open()))
    results = board_results(replay(record).match, record.header)
    assert len(rows) == len(results)
    for row, r in zip(rows, results):
        assert (int(row["game"]), int(row["board"])) == (r.game + 1, r.board + 1)
        assert int(row["side_a_coins"]) == r.coins[0] and int(row["side_b_coins"]) == r.coins[1]
        assert int(row["side_a_queen"]) == r.queen[0] and int(row["side_b_queen"]) == r.queen[1]
        assert row["tournament"] == "Nationals 2026"
    assert rows[0]["side_a"] == "Asha & Ravi"


def test_all_three_at_once_and_text(tmp_path):
    _, path = match_file(tmp_path)
    outs = [tmp_path / n for n in ("c.html", "c.pdf", "c.csv")]
    result = runner.invoke(app, ["scorecard", str(path), "--html", str(outs[0]), "--pdf", str(outs[1]),
                                 "--csv", str(outs[2])])
    assert result.exit_code == 0 and all(p.exists() for p in outs)
    result = runner.invoke(app, ["scorecard", str(path)], terminal_width=160)
    assert result.exit_code == 0, result.output
    assert "SCORECARD" in result.output and "Match won by" in result.output


def test_bad_record_and_unwritable_output(tmp_path):
    (tmp_path / "bad.json").write_text(json.dumps({"format": "carrom-record", "version": 1}))
    result = runner.invoke(app, ["scorecard", str(tmp_path / "bad.json")])
    assert result.exit_code == 2 and "variant: missing" in result.output
    _, path = match_file(tmp_path)
    result = runner.invoke(app, ["scorecard", str(path), "--pdf", str(tmp_path / "no" / "c.pdf")])
    assert result.exit_code == 2 and "cannot write the PDF scorecard" in result.output
