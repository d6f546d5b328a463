"""Builds tests/records/data/example.json, the complete example of docs/record-format.md.

Run ``python tests/records/records_example.py`` to regenerate it after a format change;
``test_records_example.py`` checks the file still equals what this builds.
One full board with a due and its placing, a called foul, a piece off the board, the queen
and its cover, then the loser of the board concedes the match (ICF 139).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from records_play import stroke  # noqa: E402

from carrom.records import Choice, ConcedeEntry, Event, Header, PlaceEntry, Player, Record, StrokeEntry, Toss  # noqa: E402
from carrom.records.entries import Outcome  # noqa: E402
from carrom.records.io import dumps  # noqa: E402
from carrom.records.scorer import Scorer  # noqa: E402

PATH = Path(__file__).parent / "data" / "example.json"


def build() -> Record:
    h = Header(
        variant="icf", kind="singles",
        players={"south": Player("Asha Rao", "Mumbai CC"), "north": Player("Ravi Kumar", "Pune CA")},
        first_breaker="south", toss=Toss("south", "break"),
        event=Event(tournament="Open Championship 2026", event="Men's singles", round="Final", match="7",
                    date="2026-11-22", time="14:00", venue="Hall A", table="3", umpire="M. Umpire"),
        comments="No protest.",
    )
    scorer = Scorer.new(h)
    minute = iter(range(100))

    def at() -> str:
        return f"2026-11-22T14:{next(minute):02d}:00+00:00"

    def play(entry):
        scorer.play(replace(entry, at=at()))

    play(StrokeEntry("south", outcome=Outcome(("white", "white")), choice=Choice(0.0, 0.0, 6.0)))  # the break
    play(stroke("south", "white", striker=True))  # ICF 73: the white and a due come back
    while scorer.snapshot().to_act == "place":
        play(PlaceEntry(scorer.snapshot().seat))  # ICF 78 a
    play(stroke("south"))  # a miss: the turn passes (ICF 48)
    play(stroke("north", "black", off=("white",)))  # ICF 48, 65 a
    play(StrokeEntry("north", outcome=Outcome(()), fouls=("touch",)))  # ICF 134, 64 a: a penalty black
    while scorer.snapshot().to_act == "place":
        play(PlaceEntry(scorer.snapshot().seat))  # ICF 78 a
    play(stroke("south", "queen"))  # ICF 92
    play(stroke("south", "white"))  # the cover, ICF 15
    while scorer.snapshot().colours and scorer.snapshot().on_board["white"] > 0 and scorer.snapshot().board == 0:
        snap = scorer.snapshot()
        if snap.to_act == "place":
            play(PlaceEntry(snap.seat))
        elif snap.seat == "south":
            play(stroke("south", "white"))
        else:
            play(stroke(snap.seat))
    play(ConcedeEntry(scorer.snapshot().seat, what="match"))
    return scorer.record


if __name__ == "__main__":
    PATH.write_text(dumps(build()))
    print(f"wrote {PATH}")
