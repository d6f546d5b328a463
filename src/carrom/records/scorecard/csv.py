"""The scorecard as CSV: one row per board played, each row self-describing.

The match's header fields repeat on every row so a tournament secretary can concatenate
the files of many matches and still sort and filter them; so do each side's team and the
umpire's comments (ICF XIX's form has both). The column names are the card's
own labels (``carrom.records.scorecard.model``), as the HTML and PDF pages print them.
"""

from __future__ import annotations

import csv
import io

from carrom.records.scorecard.model import HEADER, Card, Labels, labels


def columns(w: Labels) -> tuple[str, ...]:
    """The header row in the card's language."""
    return (
        *(w.header[key] for key, _ in HEADER), *w.board_columns[:2], *w.game_columns[1:], w.board_columns[2],
        w.sides[0], f"{w.sides[0]}: {w.team}", *(f"{w.sides[0]}: {c}" for c in w.side_columns[0]),
        w.sides[1], f"{w.sides[1]}: {w.team}", *(f"{w.sides[1]}: {c}" for c in w.side_columns[1]),
        w.board_winner, w.game_winner, w.winner, w.result, w.comments,
    )


COLUMNS: tuple[str, ...] = columns(labels())  # in English


def card_csv(card: Card) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns(card.words))
    a, b = card.sides
    for game in card.games:
        for row in game.boards:
            writer.writerow([
                *(value for _, value in card.fields),
                game.number, row.number, game.started or "", game.ended or "", row.breaker,
                a.name, a.team, row.queen[0], row.coins[0], row.totals[0],
                b.name, b.team, row.queen[1], row.coins[1], row.totals[1],
                "" if row.winner is None else card.sides[row.winner].name,
                "" if game.winner is None else card.sides[game.winner].name,
                card.winner_name, card.result, card.comments,
            ])
    return out.getvalue()
