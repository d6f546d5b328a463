"""The scorecard renderers on a hand-made card (ICF XIX): HTML well-formed, PDF, CSV rows."""

import csv
import io
import xml.etree.ElementTree as ET

from carrom.records.scorecard.csv import COLUMNS, card_csv
from carrom.records.scorecard.html import card_html
from carrom.records.scorecard.model import BoardRow, Card, GameCard, SideCard
from carrom.records.scorecard.pdf import card_pdf

FIELDS = (
    ("Championship/Tournament", "Open <2026> & Cup"),
    ("Event", "Men's singles"),
    ("Round", "Final"),
    ("Date", "2026-11-22"),
    ("Time", "14:00"),
    ("Match no.", "7"),
    ("Umpire", "Ümit Çelik"),
    ("Table no.", "3"),
    ("Toss won by", "Asha"),
    ("Choice of the toss winner", "break"),
)


def card():
    g1 = (BoardRow(1, "Asha", (3, 0), (5, 0), (8, 0), 0), BoardRow(2, "Ravi", (0, 0), (0, 4), (8, 4), 1))
    return Card(
        title="Scorecard",
        fields=FIELDS,
        sides=(SideCard(("Asha",), ("Mumbai",)), SideCard(("Ravi",), ("Pune",))),
        games=(GameCard(1, "14:01", "14:40", g1, (8, 4), None),),
        games_won=(0, 0),
        winner=None,
        comments="Played in good spirit — no protest.",
        variant="icf",
    )


def test_html_is_well_formed_and_holds_every_header_field():
    page = card_html(card())
    root = ET.fromstring(page.split("\n", 1)[1])  # past the doctype
    text = "".join(root.itertext())
    for label, value in FIELDS:
        assert label in text and value in text
    assert "Signature of the loser" in text and "Signature of the umpire" in text
    assert "Played in good spirit" in text
    # eight board rows per game for three games, as on the paper card (ICF 56 a, 57)
    rows = [tr for tr in root.iter("tr") if any(td.get("rowspan") == "8" for td in tr)]
    assert len(rows) == 3
    assert "<style>" in page and "@page" in page  # inline CSS, print-friendly


def test_pdf_has_a_page():
    data = card_pdf(card())
    assert data.startswith(b"%PDF") and b"/Type /Page" in data


def test_csv_rows():
    rows = list(csv.reader(io.StringIO(card_csv(card()))))
    assert tuple(rows[0]) == COLUMNS
    assert len(rows) == 3
    first = dict(zip(COLUMNS, rows[1]))
    assert first["tournament"] == "Open <2026> & Cup" and first["breaker"] == "Asha"
    assert (first["side_a_queen"], first["side_a_coins"], first["side_a_total"]) == ("3", "5", "8")
    assert rows[2][COLUMNS.index("board_winner")] == "Ravi"
