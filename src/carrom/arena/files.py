"""An arena's files: one match record per board (``carrom replay`` reads each), the results as JSON, the plot."""

from __future__ import annotations

import json
import re
from pathlib import Path

from carrom import __version__
from carrom.arena.board import BoardOutcome
from carrom.arena.entrants import ArenaError
from carrom.arena.results import Standing, plot_ratings
from carrom.physics import DEFAULT_PARAMS
from carrom.rules import Seat

BOARDS = "boards"  # the records' folder inside the arena's directory


def record_name(outcome: BoardOutcome) -> str:
    """``0001-random-v-beginner.json``: the board's number, south, north (a spec's other characters as ``_``)."""
    def safe(spec: str) -> str:
        return re.sub(r"[^A-Za-z0-9_.-]", "_", spec)

    return f"{outcome.index + 1:04d}-{safe(outcome.south)}-v-{safe(outcome.north)}.json"


def prepare(directory: Path, overwrite: bool = False) -> None:
    """Make the arena's directory; one holding files already is refused unless ``overwrite`` (its records go)."""
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise ArenaError(f"{directory} is a file, not a directory")
    if directory.is_dir() and any(directory.iterdir()):
        if not overwrite:
            raise ArenaError(f"{directory} is not empty: choose another --out or pass --overwrite")
        for old in (directory / BOARDS).glob("*.json"):
            old.unlink()
    try:
        (directory / BOARDS).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ArenaError(f"cannot make {directory / BOARDS}: {exc.strerror or exc}") from None


def write(directory: Path, outcomes: list[BoardOutcome], lines: list[Standing], seed: int,
          plot: bool = True) -> list[Path]:
    """Every board's record, ``results.json`` and (with ``plot``) ``ratings.png`` and ``ratings.svg``; the paths."""
    directory = Path(directory)
    written = []
    try:
        for outcome in outcomes:
            path = directory / BOARDS / record_name(outcome)
            path.write_text(outcome.record, encoding="utf-8")
        written.append(directory / BOARDS)
        results = {
            "version": __version__,  # the package and the physics the boards were played with: results tie to code
            "physics": DEFAULT_PARAMS.model,
            "fingerprint": DEFAULT_PARAMS.fingerprint,
            "seed": seed,
            "standings": [line.to_dict() for line in lines],
            "boards": [{"board": o.index + 1, Seat.SOUTH.value: o.south, Seat.NORTH.value: o.north,
                        "breaker": o.breaker.value, "winner": o.winner,
                        "points": {Seat.SOUTH.value: o.points[0], Seat.NORTH.value: o.points[1]},
                        "strokes": o.strokes, "law": o.law, "record": f"{BOARDS}/{record_name(o)}"}
                       for o in outcomes],
        }
        path = directory / "results.json"
        path.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    except OSError as exc:
        raise ArenaError(f"cannot write in {directory}: {exc.strerror or exc}") from None
    if plot:
        paths = [directory / "ratings.png", directory / "ratings.svg"]
        plot_ratings(lines, paths)
        written += paths
    return written
