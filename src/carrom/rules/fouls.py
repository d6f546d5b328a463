"""The fouls an umpire (or the game) can call, each with the law that defines it.

Every foul has the same consequence in the laws (ICF 62–64: a technical foul before the
first stroke of a turn, a foul during or after it); the code only says which breach it
was, so the ruling can name the law. ``foul`` is the generic call.
"""

from __future__ import annotations

from enum import Enum

from carrom.rules.message import Message, say


class Foul(str, Enum):
    FOUL = "foul"
    PUSH = "push"
    BASELINE = "baseline"
    POSTURE = "posture"
    TOUCH = "touch"
    PLACING = "placing"
    TIME = "time"
    POWDER = "powder"
    BOARD = "board"
    TALK = "talk"
    EARLY = "early"
    QUEEN_PUSH = "queen-push"

    @property
    def law(self) -> str:
        return FOUL_LAWS[self][0]

    @property
    def words(self) -> str:
        """What the breach is, in English (``message`` for other languages)."""
        return str(FOUL_LAWS[self][1])

    @property
    def message(self) -> Message:
        return FOUL_LAWS[self][1]


FOUL_LAWS: dict[Foul, tuple[str, Message]] = {
    Foul.FOUL: ("ICF 64 a", say("a foul called by the umpire")),
    Foul.PUSH: ("ICF 33", say("the striker pushed, not flicked")),
    Foul.BASELINE: ("ICF 130", say("the striker not placed on both baselines, or covering the base circle only in part, "
                                   "or touching an arrow")),
    Foul.POSTURE: ("ICF 30", say("a part of the body other than the playing hand touching the board, crossing the "
                                 "imaginary lines (ICF 32, ICF 37), or leaning on the stand (ICF 38)")),
    Foul.TOUCH: ("ICF 134", say("a piece touched or moved other than by the striker")),
    Foul.PLACING: ("ICF 85", say("a due or penalty coin placed outside the outer circle, over the centre circle, in "
                                 "line towards a pocket or disturbing pieces (ICF 85, ICF 86, ICF 89)")),
    Foul.TIME: ("ICF 88 b", say("out of time: more than 15 seconds to strike or to place (ICF 50, 88)")),
    Foul.POWDER: ("ICF 122 b", say("powder used or removed after play was called")),
    Foul.BOARD: ("ICF 126 a", say("the board hit, tapped or disturbed")),
    Foul.TALK: ("ICF 131", say("partners communicating during a board")),
    Foul.EARLY: ("ICF 47", say("the break struck before the umpire called play")),
    Foul.QUEEN_PUSH: ("ICF 114", say("a due or penalty coin used to push the queen")),
}
