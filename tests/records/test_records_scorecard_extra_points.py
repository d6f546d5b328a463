"""The scorecard's coins column (ICF XIX notes 3 and 6) holds the coins left on the board, and nothing else: a point
for a due or a penalty (001 §3.11 f, §3.7 n counted automatically; ICF 87 b if claimed) is no coin left, so it counts
in the winner's total, (4) or (7), as the 22-point rule's one point does (test_records_scorecard_queen_column.py)."""

import csv
import io

import pytest

from carrom.records.header import Header, Player, Toss
from carrom.records.referee import board_results
from carrom.records.scorecard.build import build_card
from carrom.records.scorecard.csv import COLUMNS, card_csv
from carrom.records.session import Session

# South covers the queen and keeps one white; North keeps one black; South pockets North's last black with the striker
LAST_BLACK_WITH_THE_STRIKER = ["w", "q", "w", "wwwwww", "-", "bbbbbbbb", "-", "bs"]

CASES = [
    pytest.param("fr-official", [], 1, id="001 §3.11 f: the opponent's last coin and the striker, one penalty more"),
    pytest.param("icf", ["declare extra"], 1, id="ICF 111 a, 87 b: the due claimed"),
]


@pytest.mark.parametrize("variant, after, extra", CASES)
def test_a_point_for_a_due_or_penalty_is_in_the_total_not_the_coins(tmp_path, variant, after, extra):
    h = Header(variant, "singles", {"south": Player("Asha"), "north": Player("Ravi")}, "south", Toss("south", "break"))
    session = Session.start(h, tmp_path / "m.json")
    for line in LAST_BLACK_WITH_THE_STRIKER + after:
        session.enter(line)
    (result,) = board_results(session.match, h)
    assert result.winner == 1 and result.extra == (0, extra)
    (row,) = build_card(session.record).games[0].boards
    assert (row.queen, row.coins, row.totals) == ((0, 0), (0, 1), (0, 1 + extra))  # Asha's one white left
    csv_row = dict(zip(COLUMNS, list(csv.reader(io.StringIO(card_csv(build_card(session.record)))))[1]))
    assert (csv_row["Side B: Coins (6)"], csv_row["Side B: Total (7)"]) == ("1", str(1 + extra))
