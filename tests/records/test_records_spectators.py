"""What spectators read of an entry: a stroke in plain words, never the umpire's notation (docs/umpire-tablet.md)."""

from carrom.records.describe import spectator_text
from carrom.records.entries import Outcome, StrokeEntry
from carrom.records.header import Header, Player
from carrom.records.tablet import view
from carrom.records.session import Session

HEADER = Header("icf", "singles", {"south": Player("Asha"), "north": Player("Ravi")}, "south")


def stroke(*pocketed, striker=False, off=(), touched=True, fouls=()):
    return StrokeEntry("south", outcome=Outcome(tuple(pocketed), striker, tuple(off), touched), fouls=fouls)


def test_strokes_in_plain_words():
    """ICF 72: the striker pocketed is a due; ICF 65: pieces off the board; ICF 45, 137: a stroke touching nothing.
    Each is said in words a spectator reads, with no letters of the notation ("ws", "x", "o:b", "f")."""
    assert spectator_text(stroke("white", "white", "queen"), HEADER) == "South (Asha) pockets 2 white, the queen"
    assert spectator_text(stroke("white", striker=True), HEADER) == "South (Asha) pockets 1 white, the striker"
    assert spectator_text(stroke(touched=False), HEADER) == "South (Asha)'s striker touches nothing"
    assert spectator_text(stroke(off=("black",), fouls=("foul",)), HEADER) == (
        "South (Asha) pockets nothing; 1 black off the board; a foul")


def test_the_scoreboards_entries_carry_the_plain_words(tmp_path):
    """The state the scoreboard gets has, for each entry, the spectators' words beside the umpire's notation."""
    s = Session.start(HEADER, tmp_path / "m.json")
    s.enter("ws")
    entry = view(s)["log"][0]["said"]
    assert entry["spectator"]["id"] == "{actor} pockets {pieces}"
    assert "ws" in str(entry["entry"]) and "ws" not in str(entry["spectator"])
