"""The scorecard as CSV: one row per board played, each row self-describing.

The match's header fields repeat on every row so a tournament secretary can concatenate
the files of many matches and still sort and filter them. The column names are the card's
own labels (``carrom.records.scorecard.model``), as the HTML and PDF pages print them.
"""

from __future__ import annotations

import csv
import io

from carrom.records.scorecard.model import (
    BOARD_COLUMNS, GAME_COLUMNS, HEADER, RESULT, SIDE_COLUMNS, SIDES, WINNER, Card,
)

BOARD_WINNER, GAME_WINNER = "Board won by", "Game won by"
COLUMNS: tuple[str, ...] = (
    *(label for _, label in HEADER), *BOARD_COLUMNS[:2], *GAME_COLUMNS[1:], BOARD_COLUMNS[2],
    SIDES[0], *(f"{SIDES[0]}: {c}" for c in SIDE_COLUMNS[0]),
    SIDES[1], *(f"{SIDES[1]}: {c}" for c in SIDE_COLUMNS[1]),
    BOARD_WINNER, GAME_WINNER, WINNER, RESULT,
)


def card_csv(card: Card) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    a, b = card.sides
    for game in card.games:
        for row in game.boards:
            writer.writerow([
                *(value for _, value in card.fields),
                game.number, row.number, game.started or "", game.ended or "", row.breaker,
                a.name, row.queen[0], row.coins[0], row.totals[0],
                b.name, row.queen[1], row.coins[1], row.totals[1],
                "" if row.winner is None else card.sides[row.winner].name,
                "" if game.winner is None else card.sides[game.winner].name,
                card.winner_name, card.result,
            ])
    return out.getvalue()
