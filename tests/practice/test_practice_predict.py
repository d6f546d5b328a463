"""A prediction is the stroke the game would play, bit for bit, ruled by the real referee with its laws."""

import numpy as np
import pytest

from carrom.equipment import STANDARD_BOARD
from carrom.game import Game
from carrom.players import GeometricPlayer
from carrom.players.driver import step
from carrom.practice import Aim, Position, PracticeError, Session, predict

from practice_helpers import B, Q, W, aim_at, position, pot

WHITES8 = [(W, -0.25 + 0.06 * i, 0.25) for i in range(8)]  # one white of south's already down
BLACKS = [(B, -0.25 + 0.06 * i, -0.05) for i in range(3)]
NE = STANDARD_BOARD.pocket_centres()[2]


def same_shot(a, b) -> bool:
    return (np.array_equal(a.event_floats, b.event_floats, equal_nan=True) and np.array_equal(a.event_ints, b.event_ints)
            and np.array_equal(a.final_positions, b.final_positions, equal_nan=True))


def test_the_prediction_is_the_stroke_the_game_plays_bit_for_bit():
    """A match between bots: before each stroke, the practice position predicts it; the game then plays it."""
    game = Game.new({"south": "A", "north": "B"})
    players = {"south": GeometricPlayer(seed=1, noise=1.0), "north": GeometricPlayer(seed=2, noise=1.0)}
    compared = after_compared = 0
    while compared < 14:
        exp = game.expected()
        if exp.kind != "stroke":
            step(game, players)
            continue
        seat = exp.seat
        pos = Position.from_game(game)
        c = players[seat].choose_strike(game, seat)
        pred = predict(pos, Aim(c.along, c.angle, c.speed), game.params)
        report = game.strike(seat, c.along, c.angle, c.speed)
        assert same_shot(pred.shot, report.shot)
        assert pred.completed == report.completed
        if report.completed:
            assert pred.ruling.decisions == report.ruling.decisions
            assert pred.ruling.ended == report.ruling.ended
        if game.expected().kind == "stroke" and not pred.board_over:
            assert pred.after == Position.from_game(game)  # the discs, the returns, the turn, the queen
            after_compared += 1
        compared += 1
    assert after_compared >= 5


def test_the_motion_covers_every_disc_and_ends_where_the_discs_rest():
    pred = predict(Position.opening(), Aim(0.0, 0.0, 6.0))
    assert len(pred.slides) == 20  # nineteen pieces and the striker
    pos, _vel, present = pred.shot.state_at(pred.shot.duration + 1.0)
    for i, disc in zip(pred.shot.final_indices, pred.shot.final_layout.discs):
        assert present[i] and (pos[i, 0], pos[i, 1]) == pytest.approx((disc.x, disc.y), abs=1e-12)
    assert pred.laws[0] == "ICF 44"  # the break


def test_queen_pocketed_after_an_own_coin_must_be_covered():
    pos = position((Q, 0.1, 0.1), *WHITES8, *BLACKS)
    pred = predict(pos, pot(pos, 0))
    assert [p.kind.value for p in pred.pocketed] == ["queen"]
    assert "ICF 92" in pred.laws
    assert (pred.after.queen, pred.after.seat) == ("pending", "south")  # south plays on to cover


def test_queen_covered_by_the_next_own_coin():
    pos = position(*WHITES8, *BLACKS, queen="pending")
    pred = predict(pos, pot(pos, 0))
    assert [p.kind.value for p in pred.pocketed] == ["white"]
    assert pred.laws[0] == "ICF 15"
    assert (pred.after.queen, pred.after.queen_by) == ("covered", "south")


def test_queen_not_covered_goes_back_to_the_centre():
    pos = position(*WHITES8, *BLACKS, queen="pending")
    pred = predict(pos, aim_at("south", 0.0, 0.0, 0.0, 0.5))  # a soft stroke that pockets nothing
    assert pred.pocketed == () and "ICF 96" in pred.laws
    assert pred.after.queen == "board" and pred.after.seat == "north"
    queen = [d for d in pred.after.layout.discs if d.kind is Q]
    assert len(queen) == 1 and abs(queen[0].x) < 0.02 and abs(queen[0].y) < 0.02  # on the centre (ICF 93)


def test_striker_pocketed_is_a_due_placed_in_the_centre():
    pos = position(*WHITES8, *BLACKS, queen="covered", queen_by="north")
    pred = predict(pos, aim_at("south", 0.1, *NE, 4.0))
    assert [p.kind.value for p in pred.pocketed] == ["striker"]
    assert pred.laws[0] == "ICF 72 a"
    assert pred.after.seat == "north" and pred.after.layout.count(W) == 9  # the due is back on the board
    assert len(pred.placed) == 1


def test_striker_pocketed_with_every_coin_on_the_board_leaves_a_debt():
    pos = position(*WHITES8, (W, -0.2, 0.0), *BLACKS, queen="covered", queen_by="north")
    pred = predict(pos, aim_at("south", 0.1, *NE, 4.0))
    assert "ICF 72 c" in pred.laws
    assert pred.after.opponent_dues == 1 and pred.after.seat == "north"  # south owes it; north is in turn


def test_a_stroke_that_does_not_leave_the_baseline_is_not_made():
    pos = position(*WHITES8, *BLACKS, queen="covered", queen_by="north")
    pred = predict(pos, Aim(0.0, 0.0, 0.02))
    assert not pred.completed and pred.ruling is None and pred.laws == ("ICF 127 b",)
    assert pred.after == pos


@pytest.mark.parametrize("aim, words", [
    (Aim(0.0, 0.0, 99.0), "speed 99.0 m/s is out of range"),
    (Aim(0.0, float("nan"), 3.0), "angle must be a finite number"),
    (Aim(0.5, 0.0, 3.0), "the striker may not be put at +0.5000 m"),
    (Aim(0.0, True, 3.0), "angle must be a finite number"),
    (Aim(10**400, 0.0, 3.0), "along must be a finite number"),  # an integer beyond the floats
], ids=["speed", "nan", "off-the-baseline", "bool", "huge"])
def test_a_shot_the_game_would_refuse_is_refused(aim, words):
    with pytest.raises(PracticeError) as err:
        predict(Position.opening(), aim)
    assert words in str(err.value)


def test_strike_applies_the_prediction_and_undo_redo_walk_the_history():
    pos = position(*WHITES8, *BLACKS, queen="pending")
    session = Session(pos)
    aim = pot(pos, 0)
    seen = session.predict(aim)
    played = session.strike(aim)
    assert same_shot(seen.shot, played.shot) and played.after == seen.after == session.position
    second = session.strike(aim_at("south", 0.0, 0.0, 0.0, 0.5))
    assert session.undo() is second and session.position == played.after
    assert session.undo() is played and session.position == pos
    with pytest.raises(PracticeError, match="nothing to undo"):
        session.undo()
    assert session.redo() is played and session.position == played.after
    session.strike(aim_at("south", 0.0, 0.0, 0.0, 0.5))
    with pytest.raises(PracticeError, match="nothing to redo"):
        session.redo()  # a new stroke forgets what was undone


def test_a_bad_position_is_refused_before_anything_is_simulated():
    with pytest.raises(PracticeError, match="overlap"):
        Session(position((W, 0.0, 0.0), (B, 0.0, 0.0), queen="covered", queen_by="north"))
