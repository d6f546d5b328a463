"""``carrom board``: draw the ICF board; ``carrom check-board``: validate a measured board."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Optional

import typer

from carrom.cli.common import fail as _fail, write_file as _write
from carrom.i18n import N_

from carrom.equipment import Seat, opening_formation
from carrom.equipment.errors import EquipmentError
from carrom.equipment.formation import DEFAULT_ROTATION
from carrom.equipment.validation import SPECIFICATIONS, board_from_dimensions, validate_board


def _load_dimensions(path: Path) -> dict:
    try:
        text = path.read_text()
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror or exc}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        _fail(f"{path} is not valid JSON: {exc}")
    if not isinstance(data, dict):
        _fail(f"{path} must hold a JSON object of dimension names to numbers")
    return data


def board(
    svg: Optional[Path] = typer.Option(None, "--svg", help=N_("Write the board as SVG to this file.")),
    png: Optional[Path] = typer.Option(None, "--png", help=N_("Write the board as PNG to this file (needs cairosvg).")),
    rotation: float = typer.Option(
        math.degrees(DEFAULT_ROTATION), "--rotation", help=N_("Turn of the opening formation, degrees (French 3.5 b).")
    ),
    no_pieces: bool = typer.Option(False, "--no-pieces", help=N_("Draw the empty board.")),
    size: int = typer.Option(800, "--size", min=16, max=10000, help=N_("Width and height in pixels.")),
    bottom: Seat = typer.Option(Seat.SOUTH, "--bottom", help=N_("The seat drawn at the bottom.")),
    legal: bool = typer.Option(False, "--legal", help=N_("Mark the legal striker positions of the bottom seat.")),
    dimensions: Optional[Path] = typer.Option(
        None, "--dimensions", help=N_("JSON file of a measured board (cm) to draw instead of the standard one.")
    ),
) -> None:
    from carrom.render.svg import board_svg

    spec_board = None
    if dimensions is not None:
        try:
            spec_board = board_from_dimensions(_load_dimensions(dimensions))
        except EquipmentError as exc:
            _fail(str(exc))
    layout = None if no_pieces else opening_formation(math.radians(rotation))
    kwargs = {"board": spec_board} if spec_board is not None else {}
    try:
        text = board_svg(layout, size_px=size, bottom=bottom, legal_for=bottom if legal else None, **kwargs)
    except EquipmentError as exc:
        _fail(str(exc))
    if svg is None and png is None:
        typer.echo(text)
        return
    if svg is not None:
        _write(svg, text.encode("utf-8"), "SVG")
    if png is not None:
        try:
            import cairosvg
        except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
            _fail(f"PNG output needs cairosvg and the cairo library (Debian: libcairo2): {exc}")
        try:
            data = cairosvg.svg2png(bytestring=text.encode("utf-8"), output_width=size, output_height=size)
        except Exception as exc:  # pragma: no cover - cairo failures are environmental
            _fail(f"cannot render the PNG: {exc}")
        _write(png, data, "PNG")


def check_board(
    file: Path = typer.Argument(..., help=N_("JSON object of dimension names (or letters A–N) to measurements.")),
    spec: str = typer.Option("icf", "--spec", help=f"Specification: {', '.join(SPECIFICATIONS)}."),
    unit: str = typer.Option("cm", "--unit", help=N_("Unit of the measurements: cm, mm or m.")),
) -> None:
    data = _load_dimensions(file)
    try:
        report = validate_board(data, spec, unit=unit)
    except EquipmentError as exc:
        _fail(str(exc))
    typer.echo(str(report))
    if report.unchecked:
        typer.echo(f"not in the {report.spec} text, so not checked: {', '.join(report.unchecked)}")
    if not report.ok:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("board",
                help=N_("Draw the ICF board with the opening formation, to scale, as SVG (stdout or --svg) and/or PNG."))(board)
    app.command("check-board",
                help=N_("Check a measured board against the law's tolerances; exit 1 if anything is out of range."))(check_board)
