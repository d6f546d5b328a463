"""``carrom umpire``: scoring by keystrokes, as an umpire at a real board would (docs/umpire.md)."""

import json

from typer.testing import CliRunner

from carrom.cli.app import app
from carrom.records import load_record
from carrom.records.replay import replay

runner = CliRunner()

SETUP = [
    "icf", "singles", "Asha", "Mumbai", "Ravi", "",  # rules, kind, players (ICF 27)
    "Nationals", "Men's singles", "Final", "quarter-final", "7", "2026-11-22", "14:00", "Hall A", "3", "U. Mpire",  # ICF XIX
    "C. Hief",  # the chief umpire, printed on the scorecard
    "south", "break",  # the toss (ICF 39 a); the winner breaks (ICF 42)
]
# South breaks with the whites (ICF 43) and clears the board: a white, the queen, the cover
# (ICF 92, 15), then the other eight... seven whites: nine whites and the queen covered.
BOARD = ["w", "q", "w"] + ["w"] * 7


def run(args, lines):
    return runner.invoke(app, args, input="\n".join(lines) + "\n")


def words(text):
    """The output with the terminal's line wrapping undone."""
    return " ".join(text.split())


def entries(path):
    return load_record(path).entries


def test_new_match_scores_a_full_board(tmp_path):
    """ICF 48 (own coin: play on), 92/97 (queen and cover), 53 a (points: the opponent's coins left)."""
    path = tmp_path / "m.json"
    result = run(["umpire", "new", str(path)], SETUP + BOARD + ["quit"])
    assert result.exit_code == 0, result.output
    record = load_record(path)
    h = record.header
    assert h.players["south"].name == "Asha" and h.players["south"].team == "Mumbai"
    assert h.event.tournament == "Nationals" and h.event.table == "3" and h.toss.choice == "break"
    assert h.event.chief_umpire == "C. Hief" and "Chief umpire" in result.output
    assert len(record.entries) == len(BOARD)
    steps = replay(record).steps
    assert steps[-1].after.board == 1 or steps[-1].after.game == 1  # the board ended: the next one is open
    assert "ICF" in result.output
    assert "saved" in result.output


def test_bad_keystrokes_are_answered_and_change_nothing(tmp_path):
    path = tmp_path / "m.json"
    run(["umpire", "new", str(path)], SETUP + ["w", "quit"])
    before = path.read_text()
    result = run(["umpire", "resume", str(path)], ["wz", "qq", "concede set", "", "place", "quit"])
    assert result.exit_code == 0, result.output
    assert "'z' means nothing here" in result.output
    assert "only one queen" in result.output
    assert "concede what" in result.output
    assert "nothing typed" in result.output
    assert result.output.count("✗") == 5  # `place` with nothing owed is refused by the referee (ICF 78 a)
    assert path.read_text() == before


def test_undo_removes_the_last_entry_and_saves(tmp_path):
    path = tmp_path / "m.json"
    run(["umpire", "new", str(path)], SETUP + ["w", "w", "undo", "quit"])
    assert len(entries(path)) == 1
    result = run(["umpire", "resume", str(path)], ["undo", "undo", "quit"])
    assert "nothing to undo" in result.output
    assert entries(path) == []


def test_closing_mid_match_loses_nothing(tmp_path):
    """The input just stops (terminal closed): every entry typed so far is on disk, complete."""
    path = tmp_path / "m.json"
    result = run(["umpire", "new", str(path)], SETUP + BOARD[:4])  # no quit
    assert result.exit_code == 0, result.output
    assert len(entries(path)) == 4
    json.loads(path.read_text())
    result = run(["umpire", "resume", str(path)], BOARD[4:] + ["status"])
    assert result.exit_code == 0, result.output
    record = load_record(path)
    assert len(record.entries) == len(BOARD)


def test_due_and_its_placing(tmp_path):
    """ICF 73: own coin with the striker: the coin and a due go back; the opponent places them (ICF 78 a)."""
    path = tmp_path / "m.json"
    result = run(["umpire", "new", str(path)], SETUP + ["w", "ws", "status", "quit"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "to place" in out
    # place everything owed, whoever the referee says places it
    for _ in range(3):
        result = run(["umpire", "resume", str(path)], ["place", "quit"])
    types = [e.TYPE for e in entries(path)]
    assert types[:2] == ["stroke", "stroke"] and "place" in types


def test_new_refuses_to_overwrite(tmp_path):
    path = tmp_path / "m.json"
    path.write_text("{}")
    result = run(["umpire", "new", str(path)], SETUP)
    assert result.exit_code == 2
    assert "already exists" in result.output and path.read_text() == "{}"


def test_resume_of_a_bad_file_is_one_line(tmp_path):
    path = tmp_path / "m.json"
    path.write_text('{"format": "carrom-record", "version": 9}')
    result = run(["umpire", "resume", str(path)], ["quit"])
    assert result.exit_code == 2
    assert "format version 9 is not supported" in result.output
    assert "Traceback" not in result.output


def test_setup_cut_short_saves_nothing(tmp_path):
    path = tmp_path / "m.json"
    result = run(["umpire", "new", str(path)], SETUP[:3])
    assert result.exit_code == 2
    assert "nothing saved" in result.output and not path.exists()


def test_doubles_setup_asks_four_players(tmp_path):
    """ICF 28: partners opposite; ICF 49 b: the turn passes to the right."""
    path = tmp_path / "d.json"
    setup = ["icf", "doubles", "Asha", "", "Bilal", "", "Ravi", "", "Dana", ""] + [""] * 11 + ["east", "break", "west"]
    result = run(["umpire", "new", str(path)], setup + ["-", "-", "quit"])
    assert result.exit_code == 0, result.output
    record = load_record(path)
    assert set(record.header.players) == {"south", "east", "north", "west"}
    assert record.header.first_breaker == "west"
    assert [e.seat for e in record.entries] == ["west", "south"]


def test_comment_reaches_the_scorecard(tmp_path):
    path = tmp_path / "m.json"
    run(["umpire", "new", str(path)], SETUP + ["comment Played in good spirit", "quit"])
    assert load_record(path).header.comments == "Played in good spirit"


def test_help_lists_the_notation(tmp_path):
    path = tmp_path / "m.json"
    result = run(["umpire", "new", str(path)], SETUP + ["help", "quit"])
    for word in ("wwq", "o:b", "place", "concede board|game|match", "undo"):
        assert word in result.output


def answers(**changes):
    """SETUP with some answers replaced by lists of lines (typos first, then the good answer)."""
    index = {"name": 2, "team": 3, "date": 11, "time": 12, "winner": 17, "choice": 18}
    out = list(SETUP)
    for key, lines in sorted(changes.items(), key=lambda kv: -index[kv[0]]):
        out[index[key]:index[key] + 1] = lines
    return out


def test_header_answers_are_checked_as_typed_and_asked_again(tmp_path):
    """A typo in the header once locked the record: every answer passes the loader's own check first."""
    path = tmp_path / "m.json"
    setup = answers(date=["23/11/2025", "2025-02-30", "2025-11-23"], time=["2025-11-23", "25:99", "09:05"],
                    name=["A" * 201, "Asha"])
    result = run(["umpire", "new", str(path)], setup + ["w", "quit"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'23/11/2025' is not a date YYYY-MM-DD" in out and "'2025-02-30' is not a date" in out
    assert "'2025-11-23' is not a time HH:MM" in out and "'25:99' is not a time" in out
    assert "longer than 200 characters" in out
    record = load_record(path)  # the loader, replaying too, takes what the assistant saved
    assert (record.header.event.date, record.header.event.time) == ("2025-11-23", "09:05")
    assert record.header.players["south"].name == "Asha" and len(record.entries) == 1
    for args in (["replay", str(path)], ["scorecard", str(path)]):
        assert runner.invoke(app, args).exit_code == 0


def test_new_checks_the_path_before_asking_anything(tmp_path):
    result = run(["umpire", "new", "/no/such/dir/x.json"], SETUP)
    assert result.exit_code == 2
    assert "no folder /no/such/dir" in result.output and "Rules" not in result.output
    result = run(["umpire", "new", str(tmp_path)], SETUP)
    assert result.exit_code == 2 and "is a directory" in result.output and "Rules" not in result.output


def test_toss_winner_who_chose_a_side_does_not_break(tmp_path):
    """ICF 39 a, c as docs/texts.md §2 reads them: the winner takes the side, the other party the break."""
    path = tmp_path / "m.json"
    result = run(["umpire", "new", str(path)], answers(winner=["north"], choice=["side"]) + ["north", "quit"])
    assert result.exit_code == 0, result.output
    assert load_record(path).header.first_breaker == "south"  # nobody else could break; "north" was no stroke
    path = tmp_path / "d.json"
    setup = ["icf", "doubles", "Asha", "", "Bilal", "", "Ravi", "", "Dana", ""] + [""] * 11
    result = run(["umpire", "new", str(path)], setup + ["east", "side", "east", "west", "north", "quit"])
    assert result.exit_code == 0, result.output
    assert "east: choose one of south, north" in result.output
    assert load_record(path).header.first_breaker == "north"


def test_status_after_the_break_passes(tmp_path):
    """ICF 45 b: three attempts touching nothing, and the break passes on; nobody has broken yet."""
    path = tmp_path / "m.json"
    out = words(run(["umpire", "new", str(path)], SETUP + ["x", "x", "x", "quit"]).output)
    assert "North (Ravi) to play · game 1, board 1, the break passed from South (Asha) (ICF 45 b)" in out
    assert "broken by South" not in out and "South (Asha) to play · game 1, board 1, not broken yet" in out
    out = words(run(["umpire", "resume", str(path)], ["w", "quit"]).output)
    assert "broken by North (Ravi) after the break passed from South (Asha) (ICF 45 b)" in out


def test_undo_names_what_it_took_back_in_the_notation(tmp_path):
    path = tmp_path / "m.json"
    out = words(run(["umpire", "new", str(path)], SETUP + ["w", "b o:w f", "undo", "quit"]).output)
    assert "undone: South (Asha) strikes: b o:w f" in out  # South played on after the white (ICF 48)
    out = words(run(["umpire", "resume", str(path)], ["s", "place", "undo", "concede board", "yes", "undo", "quit"]).output)
    assert "undone: North (Ravi) places the coin owed" in out and "undone: North (Ravi) concedes the board" in out


def test_forfeit_and_concession_are_confirmed_first(tmp_path):
    """ICF 139 (concede) and ICF 91 (forfeit) end a board, game or match: the umpire says yes first."""
    path = tmp_path / "m.json"
    out = words(run(["umpire", "new", str(path)], SETUP + ["concede match", "no", "forfeit ICF 91", "n",
                                                         "concede match", "maybe", "yes", "quit"]).output)
    assert "Asha concedes the match: enter it? (yes/no)" in out and "South (Asha) forfeits the board (ICF 91)" in out
    assert out.count("not entered") == 2 and "maybe: answer yes or no" in out
    assert [(e.TYPE, getattr(e, "what", None)) for e in entries(path)] == [("concede", "match")]


def test_declarations_that_end_a_board_or_the_match_are_confirmed_first(tmp_path):
    """ICF 143 a (absent: the match lost) and ICF 140 (replay: the board annulled) end things at once, as a
    concession does: the terminal asks first, as the tablet does, and a no enters nothing (issue 42 item 7)."""
    path = tmp_path / "m.json"
    out = words(run(["umpire", "new", str(path)], SETUP + ["declare absent", "n", "declare replay", "no",
                                                         "declare replay", "yes", "quit"]).output)
    assert "South (Asha) left the board: Asha loses the match (ICF 143 a): enter it? (yes/no)" in out
    assert "The board is annulled and played again from the break (ICF 140): enter it? (yes/no)" in out
    assert out.count("not entered") == 2
    assert [(e.TYPE, getattr(e, "what", None)) for e in entries(path)] == [("declare", "replay")]


def test_replay_shows_the_umpires_comments(tmp_path):
    path = tmp_path / "m.json"
    run(["umpire", "new", str(path)], SETUP + ["w", "comment Crowd noise at board 1.", "quit"])
    result = runner.invoke(app, ["replay", str(path)], terminal_width=200)
    assert "umpire's comments: Crowd noise at board 1." in result.output
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    assert data["comments"] == "Crowd noise at board 1."


def test_each_law_is_cited_once(tmp_path):
    """The referee's text may cite its law already (ICF 65 b–d for ICF 65, ICF 43 beside ICF 49 a)."""
    path = tmp_path / "m.json"
    out = words(run(["umpire", "new", str(path)], SETUP + ["w", "b o:w f", "place", "concede board", "y", "quit"]).output)
    assert "(ICF 65 b–d)" in out and "(ICF 65 b–d) (ICF 65)" not in out
    assert "next board: Ravi breaks, with the whites (ICF 49 a)" in out  # the player named (issue 42 item 6)
    assert ") (ICF" not in out


def test_doubles_words_agree_with_the_pair(tmp_path):
    path = tmp_path / "d.json"
    setup = ["icf", "doubles", "Asha", "", "Bilal", "", "Ravi", "", "Dana", ""] + [""] * 11 + ["south", "break", "south"]
    out = words(run(["umpire", "new", str(path)], setup + ["concede game", "no", "quit"]).output)
    assert "Asha & Ravi concede the game: enter it?" in out


def test_the_bell_records_whether_the_board_had_begun(tmp_path):
    """004 law 40: after the first bell no new board starts, but a board already begun is played
    out; the umpire says which (`time begun` / `time waiting`), and the record keeps it."""
    timed = ["timed"] + SETUP[1:]
    for word, begun, game_after in (("begun", True, 0), ("waiting", False, 1)):
        path = tmp_path / f"{word}.json"
        out = words(run(["umpire", "new", str(path)], timed + BOARD + [f"time {word}", "quit"]).output)
        bell = entries(path)[-1]
        assert (bell.TYPE, bell.board_begun) == ("time", begun)
        assert "004 law 40" in out
        state = replay(load_record(path)).match.state  # the record replays to the same ruling
        assert state.game_index == game_after
    out = words(run(["umpire", "new", str(tmp_path / "bad.json")], timed + ["time soon", "quit"]).output)
    assert "time begun" in out and "time waiting" in out


def test_the_stage_is_asked_and_recorded(tmp_path):
    """ICF 56 b, 60 b: from the quarter-finals a game has no 8-board limit and the deciding game changes sides only
    at 13 points; the umpire says the stage when setting up, and the record and the referee keep it."""
    path = tmp_path / "qf.json"
    assert run(["umpire", "new", str(path)], SETUP + ["quit"]).exit_code == 0  # SETUP answers "quarter-final"
    assert json.loads(path.read_text())["stage"] == "quarter-final"
    assert replay(load_record(path)).match.state.late_stage
    early = list(SETUP)
    early[early.index("quarter-final")] = ""  # Enter: an early round
    path = tmp_path / "early.json"
    assert run(["umpire", "new", str(path)], early + ["quit"]).exit_code == 0
    assert not replay(load_record(path)).match.state.late_stage


def test_declare_technical_names_its_offender(tmp_path):
    """ICF 63 b: a breach by a player not in turn is a technical foul of that player: `declare technical west`
    charges West (East & West's coin), not South who is in turn, and the record keeps the offender."""
    path = tmp_path / "d.json"
    setup = ["icf", "doubles", "Asha", "", "Bilal", "", "Ravi", "", "Dana", ""] + [""] * 11 + ["south", "break", "south"]
    out = words(run(["umpire", "new", str(path)], setup + ["wb", "declare technical west", "quit"]).output)
    assert "technical foul by Dana" in out and "ICF 63 b" in out  # the player at west, named
    entry = entries(path)[-1]
    assert (entry.TYPE, entry.seat, entry.offender, entry.what) == ("declare", "south", "west", "technical")
    state = replay(load_record(path)).match.state
    assert [(o.placer.value, o.coin.value) for o in state.board.owed] == [("north", "black")]  # ICF 78 b i


def test_forfeit_names_the_player_who_struck_out_of_turn(tmp_path):
    """ICF 51: the player who strikes out of turn loses the board: `forfeit north ICF 51` while South is in turn
    gives the board to South; naming the player in turn is refused, nothing saved."""
    path = tmp_path / "m.json"
    out = words(run(["umpire", "new", str(path)], SETUP + ["w", "forfeit ICF 51", "yes", "forfeit north ICF 51",
                                                           "yes", "quit"]).output)
    assert "ICF 51 punishes a player who strikes out of turn" in out
    assert "North (Ravi) forfeits the board (ICF 51): enter it?" in out
    entry = entries(path)[-1]
    assert (entry.TYPE, entry.offender, entry.law) == ("forfeit", "north", "ICF 51")
    row = replay(load_record(path)).match.state.results[-1]
    assert row.winner == 0
