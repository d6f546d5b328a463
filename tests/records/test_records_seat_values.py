"""A seat is a ``Seat`` inside, spelled as text only at the edges (files, messages, typed arguments).

ICF 49 b: the turn passes to the right, south → east → north → west; that order is ``Seat``'s own, so no module
types its own list of seats. Records and the arena's files keep their format: an old record and an old arena
results file still read the same.
"""

import json
import re
from pathlib import Path

import pytest

from carrom.arena.board import BoardOutcome
from carrom.arena.entrants import entrant
from carrom.arena.files import prepare, write
from carrom.arena.schedule import tasks
from carrom.equipment import Seat as EqSeat
from carrom.records import dumps, load_record
from carrom.records.replay import replay
from carrom.rules import Seat

ROOT = Path(__file__).parents[2]
SRC = ROOT / "src" / "carrom"
EXAMPLE = Path(__file__).parent / "data" / "example.json"
SEAT_WORD = r"""["'](?:south|east|north|west)["']"""
# where a seat may be spelled as text: the two enums that define the words (the store orders its seats by the
# referee's, since it typed its own list on main)
DEFINED = {"rules/pieces.py", "equipment/seats.py"}


def test_a_seat_prints_as_it_is_written_and_a_bad_name_is_refused_clearly():
    assert f"{Seat.WEST}" == "west" and str(EqSeat.EAST) == "east"  # an f-string writes the file's word
    assert Seat.named("North") is Seat.NORTH
    with pytest.raises(ValueError, match=r"'up' is not a seat \(south, east, north, west\)"):
        Seat.named("up")


def test_no_module_spells_a_seat_as_text():
    """Every seat inside is a Seat value; the seats' order is Seat's (ICF 49 b), never a typed list."""
    found = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC).as_posix()
        if rel in DEFINED:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if re.search(SEAT_WORD, code) and '"""' not in code:
                found.append(f"{rel}:{number}: {line.strip()}")
    assert found == []


def test_an_old_record_reads_and_writes_as_before():
    text = EXAMPLE.read_text(encoding="utf-8")
    record = load_record(text)
    assert dumps(record) == text
    assert all(isinstance(step.after.seat, str) for step in replay(record).steps[:3])


def test_the_arenas_files_keep_their_format(tmp_path):
    """The breaker is a Seat (ICF 43: the breaker plays the whites), written as "south" or "north" as before."""
    made = tasks([(entrant("random"), entrant("beginner"))], boards=4, seed=7)
    assert [t.breaker for t in made] == [Seat.SOUTH, Seat.NORTH, Seat.SOUTH, Seat.NORTH]
    outcome = BoardOutcome(0, "random", "beginner", made[0].breaker, "beginner", (0, 9), 12, "ICF 53 a",
                           EXAMPLE.read_text(encoding="utf-8"))
    prepare(tmp_path / "arena")
    write(tmp_path / "arena", [outcome], [], 7, plot=False)
    board = json.loads((tmp_path / "arena" / "results.json").read_text())["boards"][0]
    assert {k: board[k] for k in ("south", "north", "breaker", "points")} == {
        "south": "random", "north": "beginner", "breaker": "south", "points": {"south": 0, "north": 9}}
