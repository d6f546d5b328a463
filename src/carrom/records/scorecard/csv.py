"""The scorecard as CSV: one row per board played, each row self-describing.

The match's header fields repeat on every row so a tournament secretary can concatenate
the files of many matches and still sort and filter them.
"""

from __future__ import annotations

import csv
import io

from carrom.records.scorecard.model import Card

COLUMNS = (
    "tournament", "event", "round", "match", "date", "game", "board", "breaker",
    "side_a", "side_a_queen", "side_a_coins", "side_a_total",
    "side_b", "side_b_queen", "side_b_coins", "side_b_total", "board_winner", "game_winner",
)
_FIELD = {"tournament": "Championship/Tournament", "event": "Event", "round": "Round", "match": "Match no.",
          "date": "Date"}


def card_csv(card: Card) -> str:
    fields = dict(card.fields)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    a, b = card.sides
    for game in card.games:
        for row in game.boards:
            writer.writerow([
                *(fields.get(_FIELD[k], "") for k in ("tournament", "event", "round", "match", "date")),
                game.number, row.number, row.breaker,
                a.name, row.queen[0], row.coins[0], row.totals[0],
                b.name, row.queen[1], row.coins[1], row.totals[1],
                "" if row.winner is None else card.sides[row.winner].name,
                "" if game.winner is None else card.sides[game.winner].name,
            ])
    return out.getvalue()
