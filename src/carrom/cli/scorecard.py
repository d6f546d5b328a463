"""``carrom scorecard RECORD``: the official scorecard (ICF XIX) as text, HTML, PDF or CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from carrom.cli.common import fail as _fail, write_file as _write


def _print(card) -> None:
    from rich.console import Console
    from rich.table import Table

    from carrom.records.scorecard.model import Card

    assert isinstance(card, Card)
    console = Console()
    console.print(f"[bold]SCORECARD[/bold] (ICF XIX) · rules: {card.variant}")
    for label, value in card.fields:
        if value:
            console.print(f"  {label}: {value}")
    a, b = card.sides
    for game in card.games:
        table = Table(title=f"Game {game.number}" + (f"  {game.started or ''}–{game.ended or ''}"
                                                     if game.started or game.ended else ""))
        table.add_column("Board", justify="right")
        table.add_column("Break")
        for side in (a, b):
            table.add_column(f"{side.name}\nqueen", justify="right")
            table.add_column("coins", justify="right")
            table.add_column("total", justify="right")
        for row in game.boards:
            table.add_row(str(row.number), row.breaker, str(row.queen[0]), str(row.coins[0]), str(row.totals[0]),
                          str(row.queen[1]), str(row.coins[1]), str(row.totals[1]))
        console.print(table)
        if game.winner is not None:
            console.print(f"  game {game.number} won by {card.sides[game.winner].name}")
    console.print(f"Games won: {a.name} {card.games_won[0]} – {card.games_won[1]} {b.name}")
    console.print(f"Match won by: {card.winner_name or '(not finished)'}")
    if card.comments:
        console.print(f"Umpire's comments: {card.comments}")


def scorecard(
    record: Path = typer.Argument(..., help="The match record (JSON, docs/record-format.md)."),
    html: Optional[Path] = typer.Option(None, "--html", help="Write a printable HTML page here."),
    pdf: Optional[Path] = typer.Option(None, "--pdf", help="Write an A4 PDF here."),
    csv: Optional[Path] = typer.Option(None, "--csv", help="Write one CSV row per board here."),
) -> None:
    """The official scorecard (ICF XIX) of a match record; printed unless --html/--pdf/--csv."""
    from carrom.records import RecordError, load_record
    from carrom.records.scorecard.build import build_card

    try:
        card = build_card(load_record(record))
    except RecordError as exc:
        _fail(f"{record}: {exc}" if exc.path else str(exc))
    if html is None and pdf is None and csv is None:
        _print(card)
        return
    if html is not None:
        from carrom.records.scorecard.html import card_html

        _write(html, card_html(card).encode("utf-8"), "HTML scorecard")
    if pdf is not None:
        from carrom.records.scorecard.pdf import card_pdf

        _write(pdf, card_pdf(card), "PDF scorecard")
    if csv is not None:
        from carrom.records.scorecard.csv import card_csv

        _write(csv, card_csv(card).encode("utf-8"), "CSV scorecard")


def register(app: typer.Typer) -> None:
    app.command("scorecard")(scorecard)
