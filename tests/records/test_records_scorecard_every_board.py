"""The card is the whole match: every board of every game, however many (ICF 56 b: no 8-board limit from the
quarter-finals on), in HTML, PDF and CSV alike, with the same fields in all three.

The matches are played through the referee (``records_play.long_game_match``); the PDF is read as text by pypdf.
"""

import csv
import io
import re
import xml.etree.ElementTree as ET

import pypdf
import pytest
from records_play import long_game_match

from carrom.records import referee
from carrom.records.scorecard.build import build_card
from carrom.records.scorecard.csv import card_csv
from carrom.records.scorecard.html import card_html
from carrom.records.scorecard.model import HEADER, BoardRow, Card, GameCard, SideCard
from carrom.records.scorecard.pdf import card_pdf

FIELDS = ("game", "board", "breaker", "queen A", "coins A", "total A", "queen B", "coins B", "total B")


def from_csv(card: Card) -> list[tuple[str, ...]]:
    rows = list(csv.reader(io.StringIO(card_csv(card))))
    head = rows[0]
    a, b = (f"{card.words.sides[k]}: " for k in (0, 1))
    keys = [card.words.board_columns[0], card.words.board_columns[1], card.words.board_columns[2],
            *(a + c for c in card.words.side_columns[0]), *(b + c for c in card.words.side_columns[1])]
    return [tuple(row[head.index(k)] for k in keys) for row in rows[1:]]


def from_html(card: Card) -> list[tuple[str, ...]]:
    root = ET.fromstring(card_html(card).split("\n", 1)[1])  # past the doctype
    table = next(t for t in root.iter("table")
                 if any(th.text == card.words.board_columns[1] for th in t.iter("th")))
    out, game = [], ""
    for tr in table.iter("tr"):
        cells = tr.findall("td")
        if cells and cells[0].get("rowspan"):
            game, cells = cells[0].text or "", cells[1:]
        if len(cells) == 8 and cells[1].text:  # a board played: its number, the breaker and six numbers
            out.append((game, *(c.text or "" for c in cells)))
    return out


def from_pdf(card: Card, names: tuple[str, ...]) -> list[tuple[str, ...]]:
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(card_pdf(card))).pages)
    line = re.compile(r"^(?:(\d+) )?(\d+) (" + "|".join(map(re.escape, names)) + r")((?: \d+){6})$")
    out, game = [], ""
    for m in map(line.match, text.splitlines()):
        if m:
            game = m.group(1) or game
            out.append((game, m.group(2), m.group(3), *m.group(4).split()))
    return out


@pytest.mark.parametrize("boards", [8, 9, 14])
def test_every_board_in_html_pdf_and_csv_alike(boards):
    """A quarter-final (ICF 56 b) whose first game is won on board ``boards`` and second in four: the referee's
    every board is a line of each output, with the same game, board, breaker, queen, coins and total per side."""
    record = long_game_match(boards)
    results = referee.board_results(record.replay().match, record.header)
    assert [sum(r.game == g for r in results) for g in (0, 1)] == [boards, 4]
    card = build_card(record)
    names = tuple(record.header.players[s].name for s in record.header.players)
    rows = from_csv(card)
    assert len(rows) == boards + 4
    assert rows[boards - 1][:3] == ("1", str(boards), card.games[0].boards[-1].breaker)  # the board that won game 1
    assert int(rows[boards - 1][5]) >= 25 and int(rows[boards - 1][5]) == card.games[0].totals[0]
    assert from_html(card) == rows
    assert from_pdf(card, names) == rows


def test_a_game_longer_than_a_page_goes_on_over_the_next():
    """Three games of 20, 24 and 30 boards do not fit one A4 page: the board table goes on over the next with its
    headings, and not a board is lost."""
    def game(n: int, boards: int) -> GameCard:
        return GameCard(n, "14:00", "15:00", tuple(
            BoardRow(i, "Asha" if i % 2 else "Ravi", (0, 0), (1, 0), (i, 0), 0) for i in range(1, boards + 1)),
            (boards, 0), 0)

    fields = tuple((key, "Open" if key == "tournament" else "") for key, _ in HEADER)
    card = Card("Scorecard", fields, (SideCard(("Asha",), ("",)), SideCard(("Ravi",), ("",))),
                (game(1, 20), game(2, 24), game(3, 30)), (2, 1), 0, "", "icf")
    reader = pypdf.PdfReader(io.BytesIO(card_pdf(card)))
    assert len(reader.pages) == 2
    assert card.words.board_columns[1] in reader.pages[1].extract_text()  # the headings again
    assert from_pdf(card, ("Asha", "Ravi")) == from_csv(card) == from_html(card)
    assert len(from_csv(card)) == 74
