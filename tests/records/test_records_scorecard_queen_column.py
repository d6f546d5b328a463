"""The scorecard's queen column (ICF XIX, notes 2 and 5) on both sides of the card."""

from carrom.records.header import Header, Player, Toss
from carrom.records.referee import board_results
from carrom.records.scorecard.build import build_card
from carrom.records.session import Session


def last_row(tmp_path, lines):
    h = Header("icf", "singles", {"south": Player("Asha"), "north": Player("Ravi")}, "south", Toss("south", "break"))
    session = Session.start(h, tmp_path / "t.json")
    for line in lines:
        session.enter(line)
    return build_card(session.record).games[0].boards[-1], board_results(session.match, h)[-1]


def test_the_one_point_of_icf_107_a_for_the_second_side_is_no_queen_cover(tmp_path):
    """ICF 107 a seen from the card's second column: North reaches 24 by two boards South concedes (ICF 139),
    then South pockets all nine whites with the queen still on the board and loses the board by 1 (North has 22
    or more). Nobody covered the queen, so North's queen column, note 5, stays 0; the point is in its total."""
    row, result = last_row(tmp_path, ["concede board", "-", "concede board"] + ["w"] * 9)
    assert result.law == "ICF 107 a"
    assert (row.queen, row.coins, row.totals) == ((0, 0), (0, 0), (0, 25))


def test_a_queen_covered_by_the_second_side_is_in_its_queen_column(tmp_path):
    """ICF 52 b i, XIX note 5: North covers the queen and wins the board: 3 in North's queen column."""
    row, result = last_row(tmp_path, ["-", "qbbbbbbbbb"])
    assert (row.queen, row.totals) == ((0, 3), (0, 12))
