"""``carrom scorecard RECORD``: the official scorecard (ICF XIX) as text, HTML, PDF or CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from carrom.cli.common import fail as _fail, write_file as _write


def _print(card) -> None:
    """The card on the terminal, with the same labels as the HTML, PDF and CSV outputs."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from carrom.records.scorecard.model import (
        BOARD_COLUMNS, GAME_COLUMNS, SIDE_COLUMNS, SIDES, SUBTITLE, TITLE, Card,
    )

    assert isinstance(card, Card)
    console = Console(highlight=False)
    console.print(f"[bold]{TITLE}[/bold] · {SUBTITLE} · rules: {escape(card.variant)}")
    for label, value in card.header:
        if value:
            console.print(f"  {label}: {escape(value)}")
    for k, side in enumerate(card.sides):
        console.print(f"  {SIDES[k]}: " + escape(" · ".join(line for line in card.side_lines(k) if not line.endswith(": "))))
    for game in card.games:
        times = " · ".join(f"{label} {value}" for label, value in zip(GAME_COLUMNS[1:], (game.started, game.ended))
                           if value)
        table = Table(title=f"{GAME_COLUMNS[0]} {game.number}" + (f" · {times}" if times else ""))
        for label in BOARD_COLUMNS[1:]:
            table.add_column(label, justify="right" if label != BOARD_COLUMNS[2] else "left")
        for k, side in enumerate(card.sides):
            for n, label in enumerate(SIDE_COLUMNS[k]):
                table.add_column((f"{SIDES[k]}: {escape(side.name)}\n" if n == 0 else "\n") + label, justify="right")
        for row in game.boards:
            table.add_row(str(row.number), escape(row.breaker), str(row.queen[0]), str(row.coins[0]),
                          str(row.totals[0]), str(row.queen[1]), str(row.coins[1]), str(row.totals[1]))
        console.print(table)
        if game.winner is not None:
            console.print(f"  game {game.number} won by {escape(card.sides[game.winner].name)}")
    for label, value in card.closing():
        if value:
            console.print(f"{label}: {escape(value)}")


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
