"""The golden corpus: match records per variant and, beside each, its outcome in a few readable lines.

As chess programs keep perft files, these pin what the referee makes of whole matches of real
strokes: every board's winner and points, every game and the match, and the laws its rulings
cite. A change in any of them shows as a diff against the ``.expected`` file. The records are
replayed through ``carrom.records`` exactly as the umpire's tools load them.

Regenerate the expected files only on purpose: ``python tests/golden/regenerate.py --write``,
after reading the diff it prints without ``--write``.
"""

from __future__ import annotations

import re
from pathlib import Path

from carrom.records import load_record
from carrom.rules import Declare, EndKind

HERE = Path(__file__).resolve().parent
RECORDS = HERE / "records"


def records() -> list[Path]:
    return sorted(RECORDS.glob("*.json"))


def expected_path(record: Path) -> Path:
    return HERE / "expected" / (record.stem + ".expected")


def _law_key(law: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", law))


def describe(path: Path) -> str:
    """The outcome of the record at ``path``, replayed by the referee through ``carrom.records``."""
    record = load_record(path)
    h = record.header
    played = record.replay()
    state = played.match.state
    names = [state.side(side).name for side in (0, 1)]
    lines = [f"# {path.name}: {h.variant}, {h.kind}; regenerate only on purpose (tests/golden/regenerate.py)",
             *(f"side {side + 1}: {names[side]} ({', '.join(state.side(side).players)})" for side in (0, 1))]
    laws: set[str] = set()
    for step in played.steps:
        ruling = step.ruling
        laws.update(ruling.laws)
        demand = isinstance(ruling.action, Declare) and ruling.action.what.startswith("extra")
        for e in ruling.ended:
            lines.append(_ended_line(e, names, demand))
    lines.append("over" if state.over else "not over")
    lines.append("laws cited: " + ", ".join(sorted(laws, key=_law_key)))
    return "\n".join(lines) + "\n"


def _ended_line(e, names: list[str], demand: bool) -> str:
    who = "nobody" if e.winner is None else names[e.winner]
    score = f"{e.score[0]}–{e.score[1]}"
    if e.kind is EndKind.REPLAY:
        return f"game {e.game} board replayed ({e.law})"
    if e.kind is EndKind.BOARD:
        extra = f", {e.extra_claimable} extra claimable" if e.extra_claimable else ""
        again = " rescored after a demand" if demand else ""
        return (f"game {e.game} board {e.board}{again}: {who} +{e.points}{extra}, game score {score} ({e.law})")
    if e.kind is EndKind.GAME:
        return f"game {e.game} won by {who}, {score} ({e.law})"
    return f"match won by {who}, games {score} ({e.law})"
