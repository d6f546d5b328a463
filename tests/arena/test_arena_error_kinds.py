"""The arena's refusals have the shape of the referee's (``rules.Refusal``): ``kind`` malformed (what was asked does
not make an arena), ``law`` None, as a researcher reads them from the game and the records (on main: no kind)."""

import pytest

from carrom.arena import ArenaError, entrant, read_schedule, round_robin, tasks
from carrom.rules import Refusal


def test_every_refusal_of_the_arena_is_malformed_with_no_law(tmp_path):
    schedule = tmp_path / "pairs.txt"
    schedule.write_text("random random\n")
    refusals = {
        "an unknown player": lambda: entrant("grandmaster"),
        "a player twice": lambda: round_robin([entrant("random"), entrant("random")]),
        "boards not a multiple of four": lambda: tasks([(entrant("random"), entrant("beginner"))], 3, 0),
        "a player against itself": lambda: read_schedule(schedule),
        "a schedule missing": lambda: read_schedule(tmp_path / "none.txt"),
    }
    for name, refuse in refusals.items():
        with pytest.raises(ArenaError) as info:
            refuse()
        assert (info.value.kind, info.value.law) == (Refusal.MALFORMED, None), name
