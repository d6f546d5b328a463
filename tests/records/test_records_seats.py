"""The umpire's session names players by where they sit now: after each game they change places (ICF 58, 59) and
in the deciding game once more (ICF 60); before the deciding game it announces the ten-minute rest (ICF 138)."""

from carrom.records.describe import status_lines, turn_prompt
from carrom.records.header import Header, Player
from carrom.records.session import Session
from carrom.records.tablet import plain, view

AT = "2026-11-22T14:00:00+00:00"


def start(tmp_path, kind="singles"):
    seats = ("south", "north") if kind == "singles" else ("south", "east", "north", "west")
    names = {"south": "Asha", "east": "Bilal", "north": "Ravi", "west": "Dana"}
    header = Header("icf", kind, {s: Player(names[s]) for s in seats}, "south")
    return Session.start(header, tmp_path / "m.json", clock=lambda: AT)


def status(s):
    return [plain(line) for line in status_lines(s.match, s.record.header)]


def test_after_game_one_the_terminal_names_players_where_they_now_sit(tmp_path):
    """ICF 58: in singles the players change sides at the end of each game: Asha, who broke from south, now sits
    north, and the prompt, the status and the seat typed in a declaration follow her there."""
    s = start(tmp_path)
    reply = s.enter("concede game")  # South (Asha) concedes game 1 (ICF 139)
    assert any("Asha → North, Ravi → South" in str(d.message) for d in reply.ruling.decisions)
    assert status(s)[-1] == "  seats now: South Ravi, North Asha"
    assert status(s)[0].startswith("South (Ravi) to play · game 2")  # Ravi breaks game 2 (ICF 49 a) from south
    assert turn_prompt(s.match, s.record.header).startswith("South (Ravi) to play")
    who = view(s)["who"]
    assert who == {"south": "North (Asha)", "north": "South (Ravi)"}
    s.enter("declare technical north")  # the player sitting north now: Asha (ICF 63 b)
    assert s.record.entries[-1].offender == "south"


def test_doubles_players_each_move_one_place_right(tmp_path):
    """ICF 59: in doubles every player moves to the place on his right at the end of each game."""
    s = start(tmp_path, "doubles")
    s.enter("concede game")
    seating = view(s)["seating"]
    assert [(c["chair"], c["name"]) for c in seating["chairs"]] == [
        ("south", "Dana"), ("east", "Asha"), ("north", "Bilal"), ("west", "Ravi")]
    assert seating["moved"]["law"] == "ICF 59"


def test_the_rest_before_the_third_game_is_announced_and_timed(tmp_path):
    """ICF 138: ten minutes of rest between the second and the third game; the tablet counts them from the end of
    the second game, the terminal's status says so, and they end with the third game's first stroke."""
    s = start(tmp_path)
    s.enter("concede game")
    assert view(s)["rest"] is None
    s.enter("concede game")
    rest = view(s)["rest"]
    assert rest["minutes"] == 10 and rest["law"] == "ICF 138" and rest["game"] == 3 and rest["since"] == AT
    assert "a rest of 10 minutes before game 3 (ICF 138)" in status(s)[-1]
    s.enter("-")
    assert view(s)["rest"] is None and "rest" not in status(s)[-1]
