"""Rulings, refusals and undo messages name players, the record's players, whether they sit where they started or
have moved (ICF 58-60: in doubles each moves one place to the right after a game, ICF 59). The referee names chairs
("North & South win the match" for Bilal & Dana, who started East & West); the umpire's words name people.

Camille Martin & Léa Dubois start South & North, Bilal Khan & Dana Silva East & West; after game 1 Camille sits East,
Bilal North, Léa West and Dana South.
"""

import pytest

from carrom.i18n import LANGUAGES, translator
from carrom.records import tablet
from carrom.records.describe import ruling_lines
from carrom.records.header import Header, Player, Toss
from carrom.records.session import Session, SessionError

PLAYERS = {"south": "Camille Martin", "east": "Bilal Khan", "north": "Léa Dubois", "west": "Dana Silva"}


def doubles(tmp_path, lang="en"):
    h = Header("icf", "doubles", {seat: Player(name) for seat, name in PLAYERS.items()}, "south",
               Toss("south", "break"))
    return Session.start(h, tmp_path / "d.json", words=translator(lang))


def test_the_match_is_won_by_its_players_not_by_the_chairs_they_sit_in(tmp_path):
    """ICF 139, 57: Camille & Léa concede two games; Bilal & Dana win the match, sitting North & South by then."""
    s = doubles(tmp_path)
    first = ruling_lines(s.enter("concede game").ruling)
    assert first[:2] == ["Camille Martin & Léa Dubois concede game 1 (ICF 139)",
                         "Bilal Khan & Dana Silva win game 1, Camille Martin & Léa Dubois 0 – 0 Bilal Khan & Dana Silva "
                         "(ICF 139)"]
    # the change of places says who moves to which chair (ICF 59), and the next break names the player
    assert first[2:] == ["each moves one place right for game 2: Camille Martin → East, Bilal Khan → North, "
                         "Léa Dubois → West, Dana Silva → South (ICF 59)", "game 2: Bilal Khan breaks (ICF 49 a)"]
    assert ruling_lines(s.enter("-").ruling)[0] == "Bilal Khan breaks: the striker touched a piece (ICF 44)"
    last = ruling_lines(s.enter("concede game").ruling)
    assert last[-1] == "Bilal Khan & Dana Silva win the match, 0–2 in games (ICF 57)"
    assert not any(chair in line for line in last for chair in ("South", "North", "East", "West"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_in_every_language(tmp_path, lang):
    s = doubles(tmp_path, lang)
    tr = s.words
    s.enter("concede game")
    s.enter("-")
    won = ruling_lines(s.enter("concede game").ruling, tr)[-1]
    assert "Bilal Khan" in won and "Dana Silva" in won and "ICF 57" in won
    assert not any(tr.seat(chair) in won for chair in PLAYERS), won


def test_undo_names_the_player_and_the_offender_where_they_sat(tmp_path):
    """ICF 63 b: `declare technical west` in game 2 charges Léa (the record's north), who sits West then; undone,
    the terminal and the tablet say the same, by the chair she sat in and her name, never the record's "north"."""
    s = doubles(tmp_path)
    s.enter("concede game")
    s.enter("-")  # Bilal breaks from the north chair; the turn passes to Léa, in the west chair (ICF 48)
    played = s.enter("declare technical west")
    assert ruling_lines(played.ruling)[0].startswith("technical foul by Léa Dubois: a penalty")
    undone = s.enter("undo")
    said = "undone: West (Léa Dubois) declares technical West (Léa Dubois)"
    assert undone.message == said
    assert tablet.reply_lines(undone, s.record.header) == [said]
    actor = tablet.reply_said(undone, s.record.header)[0]["params"]["entry"]["params"]["actor"]
    assert actor == {"id": "{seat} ({name})", "params": {"seat": {"id": "West"}, "name": "Léa Dubois"}}
    assert "north" not in undone.message.lower()


def test_a_refusal_names_the_player(tmp_path):
    """ICF 51, 64 a: a forfeit for striking out of turn cannot charge the player in turn, Léa, who sits West."""
    s = doubles(tmp_path)
    s.enter("concede game")
    s.enter("-")
    with pytest.raises(SessionError) as refused:
        s.enter("forfeit west")
    assert "Léa Dubois is in turn" in str(refused.value) and "North" not in str(refused.value)


def test_the_tablets_log_says_what_the_terminal_said(tmp_path):
    """The tablet's log (the referee's kept rulings) names players as the reply to each entry did."""
    s = doubles(tmp_path)
    replies = [s.enter(line) for line in ("concede game", "-", "concede game")]
    log = tablet.view(s)["log"]
    assert [item["lines"] for item in reversed(log)] == [ruling_lines(r.ruling) for r in replies]
    assert log[-1]["entry"] == "South (Camille Martin) concedes the game"
    assert log[0]["entry"] == "West (Léa Dubois) concedes the game"  # game 2: Léa, in the west chair
    assert log[0]["said"]["lines"][-1]["params"]["side"]["params"] == {"first": "Bilal Khan", "second": "Dana Silva"}
