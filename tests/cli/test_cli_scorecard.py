"""``carrom scorecard``: the official scorecard of ICF part XIX as HTML, PDF, CSV and text."""

import csv
import json
import shutil
import subprocess
from dataclasses import replace
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from carrom.cli.app import app

sys.path.insert(0, str(Path(__file__).parents[1] / "records"))
from records_play import header, play_board, play_match, stroke  # noqa: E402

from carrom.records import ConcedeEntry, Event, ForfeitEntry, TimeoutEntry, save_record  # noqa: E402
from carrom.records.scorecard.build import build_card  # noqa: E402
from carrom.records.scorer import Scorer  # noqa: E402
from carrom.records.referee import board_results  # noqa: E402
from carrom.records.replay import replay  # noqa: E402

runner = CliRunner()
EVENT = Event(tournament="Nationals 2026", event="Men's singles", round="Final", match="7", date="2026-11-22",
              time="14:00", venue="Hall A", table="3", umpire="U. Mpire")


def match_file(tmp_path, kind="singles"):
    from dataclasses import replace

    record = play_match(header(kind=kind), [0, 1, 0], due=True)
    record.header = replace(record.header, event=EVENT, comments="No protest.")
    return record, save_record(record, tmp_path / "m.json")


def test_html_is_well_formed_with_every_header_field(tmp_path):
    """ICF XIX: championship, event, round, date, time, match no., umpire, table no., toss, choice."""
    record, path = match_file(tmp_path)
    out = tmp_path / "card.html"
    result = runner.invoke(app, ["scorecard", str(path), "--html", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    root = ET.fromstring(page.split("\n", 1)[1])
    text = " ".join(root.itertext())
    for value in ("Nationals 2026", "Men's singles", "Final", "2026-11-22", "14:00", "7", "U. Mpire", "3",
                  "Asha", "Ravi", "No protest.", "Signature of the loser", "Signature of the umpire",
                  "Toss won by", "Choice of the toss winner", "Match won by"):
        assert value in text, value
    winner = replay(record).steps[-1].after.winner
    assert ("Asha", "Ravi")[winner] in text.split("Match won by:")[1]


def test_pdf_has_pages(tmp_path):
    """ICF XIX as a reader sees the PDF (poppler's pdftotext): the header's values next to their labels, and
    every board row of the card with its breaker, queen, coins and running totals for both sides."""
    record, path = match_file(tmp_path)
    out = tmp_path / "card.pdf"
    result = runner.invoke(app, ["scorecard", str(path), "--pdf", str(out)])
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and b"/Type /Page" in data and data.rstrip().endswith(b"%%EOF")
    pdftotext = shutil.which("pdftotext")
    assert pdftotext, "pdftotext is missing: scripts/test installs Debian's poppler-utils"
    text = subprocess.run([pdftotext, "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout
    lines = [" ".join(line.split()) for line in text.splitlines()]
    for label, value in (("Championship/Tournament:", "Nationals 2026"), ("Umpire:", "U. Mpire"),
                         ("Toss won by:", "Asha"), ("Match no.:", "7"), ("Round:", "Final")):
        assert any(f"{label} {value}" in line for line in lines), (label, value)
    card = build_card(record)
    assert sum(len(g.boards) for g in card.games) >= 5
    rows = iter(lines)  # in the card's order
    for game in card.games:
        for row in game.boards:
            cells = [str(row.number), row.breaker, *map(str, (row.queen[0], row.coins[0], row.totals[0],
                                                            row.queen[1], row.coins[1], row.totals[1]))]
            assert any(line.split()[-8:] == cells for line in rows), (game.number, row)


def test_csv_has_a_row_per_board(tmp_path):
    """ICF 53 a: each board's points are the opponent's coins left; ICF 52 b i: the queen's 3."""
    record, path = match_file(tmp_path, kind="doubles")
    out = tmp_path / "card.csv"
    result = runner.invoke(app, ["scorecard", str(path), "--csv", str(out)])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.open()))
    results = board_results(replay(record).match, record.header)
    assert len(rows) == len(results)
    for row, r in zip(rows, results):
        assert (int(row["Game no."]), int(row["Board no."])) == (r.game + 1, r.board + 1)
        assert int(row["Side A (1): Coins (3)"]) == r.coins[0] and int(row["Side B: Coins (6)"]) == r.coins[1]
        assert int(row["Side A (1): Queen (2)"]) == r.queen[0] and int(row["Side B: Queen (5)"]) == r.queen[1]
        assert row["Championship/Tournament"] == "Nationals 2026"
    assert rows[0]["Side A (1)"] == "Asha & Ravi"


def test_all_three_at_once_and_text(tmp_path):
    _, path = match_file(tmp_path)
    outs = [tmp_path / n for n in ("c.html", "c.pdf", "c.csv")]
    result = runner.invoke(app, ["scorecard", str(path), "--html", str(outs[0]), "--pdf", str(outs[1]),
                                 "--csv", str(outs[2])])
    assert result.exit_code == 0 and all(p.exists() for p in outs)
    result = runner.invoke(app, ["scorecard", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "SCORECARD" in result.output and "Match won by" in result.output
    from carrom.records.scorecard.model import BOARD_COLUMNS, SIDE_COLUMNS, SIDES

    for label in BOARD_COLUMNS[1:] + SIDE_COLUMNS[0] + SIDE_COLUMNS[1] + SIDES:  # the PDF's and HTML's labels
        assert label in result.output, label


def test_bad_record_and_unwritable_output(tmp_path):
    (tmp_path / "bad.json").write_text(json.dumps({"format": "carrom-record", "version": 1}))
    result = runner.invoke(app, ["scorecard", str(tmp_path / "bad.json")])
    assert result.exit_code == 2 and "variant: missing" in result.output
    _, path = match_file(tmp_path)
    result = runner.invoke(app, ["scorecard", str(path), "--pdf", str(tmp_path / "no" / "c.pdf")])
    assert result.exit_code == 2 and "cannot write the PDF scorecard" in result.output


def scored(*plays, h=None):
    """A record played by ``plays``: each a callable given the scorer."""
    scorer = Scorer.new(h or header())
    for play in plays:
        play(scorer)
    return scorer.record


def entry(make):
    """Play ``make(seat on turn)``, stamped with a wall-clock time."""
    def play(scorer):
        n = len(scorer.record.entries)
        scorer.play(replace(make(scorer.snapshot().seat), at=f"2026-11-22T14:{n:02d}:00+00:00"))
    return play


def test_a_conceded_match_says_so_with_its_law():
    """ICF 139: a concession, not a win at the board: the card says who conceded, when, and the law."""
    record = scored(entry(lambda s: stroke(s)), entry(lambda s: ConcedeEntry(s, what="match")))
    card = build_card(record)
    assert card.winner_name == "Asha" and card.games_won == (0, 0)
    assert card.result == "Ravi conceded the match in game 1 (ICF 139)"
    assert card.games[0].started == "14:00" and card.games[0].ended == "14:01"  # the game's start time, filled


def test_forfeits_and_conceded_games_are_listed_with_their_laws():
    """ICF 91 (the law the umpire named), ICF 51 by default, ICF 139 for a game."""
    record = scored(entry(lambda s: ForfeitEntry(s, law="ICF 91")), entry(lambda s: ForfeitEntry(s)),
                    entry(lambda s: ConcedeEntry(s, what="game")))  # the break passes in turn (ICF 49 a)
    card = build_card(record)
    assert card.endings == ("Asha forfeited board 1 of game 1 (ICF 91)", "Ravi forfeited board 2 of game 1 (ICF 51)",
                            "Asha conceded game 1 (ICF 139)")
    assert card.games[0].winner == 1 and card.result == "not finished"


def test_a_match_won_at_the_board_cites_icf_57():
    record = play_match(header(), [0])
    assert build_card(record).result == "Asha won 2–0 in games (ICF 57)"


def test_every_output_prints_the_result(tmp_path):
    record = scored(entry(lambda s: stroke(s)), entry(lambda s: ConcedeEntry(s, what="match")))
    path = save_record(record, tmp_path / "m.json")
    outs = [tmp_path / n for n in ("c.html", "c.pdf", "c.csv")]
    result = runner.invoke(app, ["scorecard", str(path), "--html", str(outs[0]), "--pdf", str(outs[1]),
                                 "--csv", str(outs[2])])
    assert result.exit_code == 0, result.output
    text = runner.invoke(app, ["scorecard", str(path)], terminal_width=200).output
    page = " ".join(ET.fromstring(outs[0].read_text().split("\n", 1)[1]).itertext())
    row = next(csv.DictReader(outs[2].open()), None)
    assert row is None  # no board was decided, so no board row
    for out in (text, page):
        assert "Result: Ravi conceded the match in game 1 (ICF 139)" in " ".join(out.split()).replace(": :", ":")
        assert "Start time" in out


class Stamped:
    """A scorer whose every entry carries a wall-clock time, one minute apart (for the card's game times)."""

    def __init__(self, h):
        self.scorer = Scorer.new(h)
        self.header = h

    def snapshot(self):
        return self.scorer.snapshot()

    def play(self, e):
        n = len(self.scorer.record.entries)
        return self.scorer.play(replace(e, at=f"2026-11-22T{14 + n // 60:02d}:{n % 60:02d}:00+00:00"))

    @property
    def record(self):
        return self.scorer.record


def test_each_board_row_carries_the_running_totals():
    """ICF XIX, columns (4) and (7): each side's grand total, board after board; the last row's totals are the
    game's score as the referee counted it (ICF 53 a: coins left; ICF 52 b i: the queen's 3)."""
    record = play_match(header(), [0, 1, 1, 0], due=True)
    card = build_card(record)
    points = replay(record).match.state.points
    for g, game in enumerate(card.games):
        run = [0, 0]
        assert game.boards, "every game has boards"
        for row in game.boards:
            run = [run[k] + row.queen[k] + row.coins[k] for k in (0, 1)]
            assert row.totals == tuple(run), (g, row)
        assert game.totals == tuple(run) == tuple(points[g])
    assert any(row.totals[0] and row.totals[1] for game in card.games for row in game.boards), \
        "some row has points on both sides"


def test_a_match_in_its_second_game_has_an_end_time_for_the_first_game_only():
    """ICF XIX: each game's start and end time; the game in play has no end time yet. And each side's club
    (EQUIPO) under its players' names."""
    s = Stamped(header())
    while s.snapshot().game == 0:
        play_board(s, 0)
    last_of_game_one = len(s.record.entries) - 1
    s.play(stroke(s.snapshot().seat))  # game 2 begins
    card = build_card(s.record)
    g1, g2 = card.games
    assert (g1.started, g1.ended) == ("14:00", f"14:{last_of_game_one:02d}")
    assert (g2.started, g2.ended) == (f"14:{last_of_game_one + 1:02d}", None)
    assert g1.winner == 0 and g2.winner is None and card.winner is None
    assert card.sides[0].teams == ("Club south",) and card.sides[1].teams == ("Club north",)
    assert card.sides[0].team == "Club south"


def test_a_level_board_at_the_second_bell_is_the_next_row_of_the_card():
    """004 law 41: at the second bell the board ends, the difference of coins left to the side with fewer:
    level, nothing to either side; the card still lists it as the game's board 2 (ICF XIX)."""
    s = Stamped(header(variant="timed"))
    play_board(s, 0)
    s.play(stroke(s.snapshot().seat))  # board 2 begun
    s.play(TimeoutEntry(s.snapshot().seat))
    s.play(TimeoutEntry(s.snapshot().seat))
    rows = build_card(s.record).games[0].boards
    assert [(r.number, r.winner, r.queen, r.coins) for r in rows][1] == (2, None, (0, 0), (0, 0))
    assert [r.number for r in rows] == [1, 2] and rows[1].totals == rows[0].totals


def test_a_forfeit_names_its_offender_on_the_card():
    """ICF 51: the player who struck out of turn forfeits the board, though the other was to play: the card names
    the offender, not the player in turn."""
    record = scored(entry(lambda s: ForfeitEntry(s, law="ICF 51", offender="north")))
    assert record.entries[0].seat == "south"
    assert build_card(record).endings == ("Ravi forfeited board 1 of game 1 (ICF 51)",)


def test_in_doubles_the_toss_is_won_by_the_pair():
    """ICF 39 b: in doubles the toss is between the pairs, so the scorecard's "toss won by" names the pair of the
    player who called it, not that player alone."""
    from carrom.records import Record
    from carrom.records.header import Header, Player, Toss

    players = {"south": Player("Asha"), "east": Player("Bea"), "north": Player("Chitra"), "west": Player("Dev")}
    record = Record(Header("icf", "doubles", players, "east", Toss("east", "break")))
    toss = dict(build_card(record).fields)["toss"]
    assert "Bea" in toss and "Dev" in toss and "Asha" not in toss


def test_the_one_point_of_icf_107_a_is_no_queen_cover_on_the_card(tmp_path):
    """ICF 107 a: a player who pockets his last coin with the queen still on the board loses the board by 3 points,
    by only 1 when the opponent already has 22 or more. XIX's notes give the queen column, (2) and (5), the 3 points
    of the player who covers the queen and 0 in the other column; nobody covered her here. So the 1 point is written
    in the winner's total, (4) or (7), and the queen column stays 0.
    South reaches 24 by two boards North concedes (ICF 139), then North pockets all nine blacks."""
    from carrom.records.header import Header, Player, Toss
    from carrom.records.session import Session

    h = Header("icf", "singles", {"south": Player("Asha"), "north": Player("Ravi")}, "south", Toss("south", "break"))
    session = Session.start(h, tmp_path / "t.json")
    for line in ["-", "concede board", "concede board", "-"] + ["b"] * 9:
        session.enter(line)
    last = build_card(session.record).games[0].boards[-1]
    assert (last.queen, last.coins, last.totals) == ((0, 0), (0, 0), (25, 0))
    assert board_results(session.match, h)[-1].law == "ICF 107 a"


def test_a_quarter_finals_ninth_board_is_in_every_output(tmp_path):
    """ICF 56 b: no 8-board limit from the quarter-finals. The board that won a 9-board game is on the terminal's
    card and in the HTML, PDF and CSV files the command writes (issue 42 item 4: HTML and PDF stopped at 8)."""
    from records_play import long_game_match  # noqa: E402

    path = save_record(long_game_match(9), tmp_path / "qf.json")
    ninth = build_card(long_game_match(9)).games[0].boards[8]
    files = {kind: tmp_path / f"card.{kind}" for kind in ("html", "pdf", "csv")}
    result = runner.invoke(app, ["scorecard", str(path)] + [a for k, f in files.items() for a in (f"--{k}", str(f))])
    assert result.exit_code == 0, result.output
    line = f"{ninth.breaker} {ninth.queen[0]} {ninth.coins[0]} {ninth.totals[0]} {ninth.queen[1]} {ninth.coins[1]} " \
           f"{ninth.totals[1]}"
    pdf_text = subprocess.run(["pdftotext", "-layout", str(files["pdf"]), "-"], capture_output=True, text=True,
                              check=True).stdout
    assert any(" ".join(row.split()[-8:]) == f"9 {line}" for row in pdf_text.splitlines())
    cells = [" ".join(td.text or "" for td in tr.findall("td"))[-len(line) - 2:]
             for tr in ET.fromstring(files["html"].read_text().split("\n", 1)[1]).iter("tr")]
    assert f"9 {line}" in cells
    rows = list(csv.reader(files["csv"].open()))
    assert ["1", "9", ninth.breaker] == [rows[9][rows[0].index(c)] for c in ("Game no.", "Board no.", "Break")]
    text = runner.invoke(app, ["scorecard", str(path)]).output
    assert f"9 {line}" in [" ".join(row.replace("│", " ").split()) for row in text.splitlines()]  # the terminal's
