"""The scorecard renderers on a hand-made card (ICF XIX): one model, the same labels in every output.

The PDF is checked as a reader sees it: poppler's ``pdftotext -bbox`` gives each word's box,
and no two boxes may overlap, however long the tournament's name; ``pdftoppm`` renders the
page into test-artifacts/ to look at.
"""

import csv
import html
import io
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from carrom.records.scorecard.csv import COLUMNS, card_csv
from carrom.records.scorecard.html import card_html
from carrom.records.scorecard.model import (
    BOARD_COLUMNS, GAME_COLUMNS, HEADER, SIDE_COLUMNS, SIDES, BoardRow, Card, GameCard, SideCard,
)
from carrom.records.scorecard.pdf import card_pdf

ARTIFACTS = Path(os.environ.get("CARROM_ARTIFACTS") or Path(__file__).resolve().parents[2] / "test-artifacts")
VALUES = {
    "tournament": "Open <2026> & Cup", "event": "Men's singles", "round": "Final", "date": "2026-11-22",
    "time": "14:00", "match": "7", "umpire": "Ümit Çelik", "table": "3", "toss": "Asha", "choice": "break",
    "venue": "Hall A", "chief_umpire": "C. Hief",
}
FIELDS = tuple((key, VALUES[key]) for key, _ in HEADER)
LONG = ("The International Open Carrom Championship of the World Carrom Federation, Men's and Women's "
        "Singles and Doubles, Grand Final 2026 ") * 2


def card(**changes):
    g1 = (BoardRow(1, "Asha", (3, 0), (5, 0), (8, 0), 0), BoardRow(2, "Ravi", (0, 0), (0, 4), (8, 4), 1))
    values = dict(
        title="Scorecard",
        fields=FIELDS,
        sides=(SideCard(("Asha",), ("Mumbai",)), SideCard(("Ravi",), ("Pune",))),
        games=(GameCard(1, "14:01", "14:40", g1, (8, 4), None),),
        games_won=(0, 0),
        winner=None,
        comments="Played in good spirit — no protest.",
        variant="icf",
    )
    return Card(**(values | changes))


def labels():
    """Every label of the card's model that each output must print the same way."""
    return [label for _, label in HEADER] + list(GAME_COLUMNS + BOARD_COLUMNS + SIDES) + \
        list(SIDE_COLUMNS[0] + SIDE_COLUMNS[1]) + [label for label, _ in card().closing()]


def poppler(tool):
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} is missing: scripts/test installs Debian's poppler-utils (apt-get install poppler-utils)")
    return path


def pdf_words(data, tmp_path):
    """(page, x0, y0, x1, y1, word) of every word of the PDF, from pdftotext -bbox."""
    pdf = tmp_path / "card.pdf"
    pdf.write_bytes(data)
    out = subprocess.run([poppler("pdftotext"), "-bbox", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    words, page = [], 0
    for line in out.splitlines():
        if "<page " in line:
            page += 1
        m = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>', line)
        if m:
            words.append((page, *map(float, m.groups()[:4]), html.unescape(m.group(5))))
    return words


def test_html_is_well_formed_and_holds_every_header_field():
    page = card_html(card())
    root = ET.fromstring(page.split("\n", 1)[1])  # past the doctype
    text = "".join(root.itertext())
    for label, value in card().header:
        assert label in text and value in text
    assert "Signature of the loser" in text and "Signature of the umpire" in text
    assert "Played in good spirit" in text
    # eight board rows per game for three games, as on the paper card (ICF 56 a, 57)
    rows = [tr for tr in root.iter("tr") if any(td.get("rowspan") == "8" for td in tr)]
    assert len(rows) == 3
    assert "<style>" in page and "@page" in page  # inline CSS, print-friendly


def test_the_same_labels_in_html_pdf_csv(tmp_path):
    """One model: "Total (4)" and "Side A (1)" read the same in every output, never "Grand total" here only."""
    page = " ".join(ET.fromstring(card_html(card()).split("\n", 1)[1]).itertext())
    pdf = " ".join(w[-1] for w in pdf_words(card_pdf(card()), tmp_path))
    header = " ".join(next(csv.reader(io.StringIO(card_csv(card())))))
    for label in labels():
        assert label in page, label
        assert label in pdf, label
    for label in [label for _, label in HEADER] + list(SIDE_COLUMNS[0] + SIDE_COLUMNS[1]) + list(SIDES):
        assert label in header, label
    assert "Grand total" not in page + pdf + header


def test_pdf_header_never_overflows(tmp_path):
    """A very long tournament name wraps (and shrinks) inside its own box: no word box overlaps another."""
    fields = tuple((k, LONG if k in ("tournament", "venue") else "U" * 120 if k == "umpire" else v) for k, v in FIELDS)
    data = card_pdf(card(fields=fields, comments="A remark that goes on. " * 300))
    words = pdf_words(data, tmp_path)
    assert {w[0] for w in words} == {1}, "the card is one page"
    assert "International" in [w[-1] for w in words] and "Event:" in [w[-1] for w in words]
    for i, (p, x0, y0, x1, y1, word) in enumerate(words):
        assert 0 <= x0 and x1 <= 595.3 and y1 <= 841.9, word  # inside the A4 page (points)
        for q, u0, v0, u1, v1, other in words[i + 1:]:
            overlap_x = min(x1, u1) - max(x0, u0)
            overlap_y = min(y1, v1) - max(y0, v0)
            assert overlap_x <= 0.3 or overlap_y <= 0.3, f"{word!r} overlaps {other!r}"
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "scorecard-long-header.pdf").write_bytes(data)
    subprocess.run([poppler("pdftoppm"), "-r", "80", "-png", "-singlefile", str(ARTIFACTS / "scorecard-long-header.pdf"),
                    str(ARTIFACTS / "scorecard-long-header")], check=True)
    assert (ARTIFACTS / "scorecard-long-header.png").stat().st_size > 10_000


def test_csv_rows():
    rows = list(csv.reader(io.StringIO(card_csv(card()))))
    assert tuple(rows[0]) == COLUMNS
    assert len(rows) == 3
    first = dict(zip(COLUMNS, rows[1]))
    assert first["Championship/Tournament"] == "Open <2026> & Cup" and first["Break"] == "Asha"
    assert (first["Side A (1): Queen (2)"], first["Side A (1): Coins (3)"], first["Side A (1): Total (4)"]) == (
        "3", "5", "8")
    assert first["Start time"] == "14:01" and first["Chief umpire"] == "C. Hief"
    assert rows[2][COLUMNS.index("Board won by")] == "Ravi"


def test_csv_rows_carry_the_teams_and_the_comments():
    """ICF XIX's form names each side's team and has the umpire's comments: a CSV row carries both, so a card
    filed as CSV loses neither."""
    first = dict(zip(COLUMNS, list(csv.reader(io.StringIO(card_csv(card()))))[1]))
    assert (first["Side A (1): Team"], first["Side B: Team"]) == ("Mumbai", "Pune")
    assert first["Umpire's comments"] == "Played in good spirit — no protest."
