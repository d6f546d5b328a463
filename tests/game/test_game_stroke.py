"""One pipeline for a stroke: ``play_stroke`` (simulate, read the outcome, rule, apply the ruling to the discs),
pure, and every caller (the game, practice, the bots' batches, the clear-the-board task) gets what it gets.

Positions are set up by hand as practice positions (south strikes with the whites, one white already down),
and the shots aimed by the bots' planner or straight at a point.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from carrom.equipment import STANDARD_BOARD, Disc, Layout, PieceKind, opening_formation
from carrom.game import Game, play_stroke
from carrom.game.stroke import rule_stroke
from carrom.physics import DEFAULT_PARAMS, simulate_batch
from carrom.players import GeometricPlayer
from carrom.players.driver import step
from carrom.players.master import layout_after
from carrom.players.search import SearchPlayer, outcomes, rows_for, value
from carrom.practice import Aim, Position, predict
from carrom.practice.position import from_state
from carrom.rules import Seat

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "practice"))  # practice's positions and aims
from practice_helpers import B, Q, W, aim_at, position, pot  # noqa: E402
from carrom.rules import Expect, Expected

WHITES8 = [(W, -0.25 + 0.06 * i, 0.25) for i in range(8)]  # one white of south's already down
BLACKS = [(B, -0.25 + 0.06 * i, -0.05) for i in range(3)]
NE = STANDARD_BOARD.pocket_centres()[2]
COVERED = {"queen": "covered", "queen_by": "north"}  # the queen off the board, out of the way


def play(pos: Position, aim: Aim, **kw):
    return play_stroke(pos.rules_state(), pos.layout, pos.seat, aim.along, aim.angle, aim.speed, **kw)


def laws(play_) -> list[str]:
    return [d.law for d in play_.ruling.decisions]


def near_centre(layout: Layout, kind: PieceKind) -> list[Disc]:
    """The discs of ``kind`` within the outer centre circle."""
    return [d for d in layout.discs if d.kind is kind and math.hypot(d.x, d.y) < STANDARD_BOARD.outer_circle_radius]


# -- play_stroke itself ---------------------------------------------------------------------------------------


def test_an_own_coin_pocketed_keeps_the_turn():
    """ICF 48: a player who pockets a coin of his own plays on. play_stroke is pure: the state and the
    discs it was given are as they were."""
    pos = position(*WHITES8, *BLACKS, **COVERED)
    state, layout = pos.rules_state(), pos.layout
    p = play(pos, pot(pos, 0))
    assert p.outcome.pocketed and set(p.outcome.pocketed) == {p.state.colour_of(Seat.SOUTH)}
    assert "ICF 48" in laws(p)
    assert p.state.board.turn is Seat.SOUTH and p.state.expected() == Expected(Expect.STROKE, Seat.SOUTH)
    assert p.layout == p.shot.final_layout and p.layout.count(W) == 7  # nothing to return
    assert pos.rules_state() == state and pos.layout == layout


def test_the_striker_pocketed_owes_a_due_placed_in_the_centre():
    """ICF 72 a: pocketing the striker costs a due, one of the striker's coins from the nets back on the board,
    placed (ICF 78 a) within the outer circle (ICF 84 a). Without ``place`` the referee waits for the placing
    and the discs lack it; with it, the coin lies in the centre and the referee has it on the board."""
    pos = position(*WHITES8, *BLACKS, **COVERED)
    aim = aim_at("south", 0.18, NE[0], NE[1], 3.0)  # the striker alone, into the north-east pocket
    p = play(pos, aim)
    assert p.outcome.striker_pocketed and p.outcome.pocketed == ()
    assert "ICF 72 a" in laws(p)
    assert p.state.expected().kind == "place" and p.layout.count(W) == 8
    placed = play(pos, aim, place=True)
    assert len(placed.placed) == 1 and placed.placed[0].kind is W
    assert placed.layout.count(W) == 9 and placed.placed[0] in near_centre(placed.layout, W)
    assert placed.state.board.on_board(placed.state.colour_of(Seat.SOUTH)) == 9
    assert placed.state.expected() == Expected(Expect.STROKE, Seat.NORTH)


def test_the_queen_not_covered_goes_back_to_the_centre():
    """ICF 96: a queen pocketed and not covered in the next stroke is put back on the centre (ICF 93: by the
    umpire, on the centre circle)."""
    pos = position(*WHITES8, *BLACKS, queen="pending")
    p = play(pos, aim_at("south", 0.0, 0.0, 0.0, 0.5))  # a soft stroke that pockets nothing
    assert p.outcome.pocketed == () and "ICF 96" in laws(p)
    assert p.state.board.queen == "board" and p.shot.final_layout.count(Q) == 0
    [queen] = near_centre(p.layout, Q)
    assert math.hypot(queen.x, queen.y) <= STANDARD_BOARD.inner_circle_radius  # the centre was free
    assert p.state.board.turn is Seat.NORTH


def test_a_stroke_not_completed_changes_nothing():
    """ICF 127 b: a striker that neither leaves the baseline nor touches a piece has made no stroke."""
    pos = position(*WHITES8, *BLACKS, **COVERED)
    state = pos.rules_state()
    p = play(pos, Aim(0.0, 0.0, 0.01))
    assert not p.completed and p.ruling is None and not p.shot.left_baseline
    assert p.state == state and p.layout == pos.layout


def test_a_board_won_lays_out_the_opening_again():
    """ICF 41: a new board starts from the opening formation: the last white pocketed ends the board."""
    pos = position((W, 0.1, 0.1), (B, -0.2, -0.05), **COVERED)
    state = pos.rules_state()
    p = play(pos, pot(pos, 0))
    assert [c.value for c in p.outcome.pocketed] == ["white"]
    assert p.state.results and p.state.board_index == state.board_index + 1
    assert p.layout == opening_formation()


# -- every caller gets what play_stroke gives -------------------------------------------------------------------


def test_the_game_plays_what_play_stroke_gives():
    """Game.strike: the same shot, ruling, state and discs as play_stroke on the game's state and discs."""
    game = Game.new({"south": "A", "north": "B"})
    players = {"south": GeometricPlayer(seed=3, noise=1.0), "north": GeometricPlayer(seed=4, noise=1.0)}
    compared = 0
    while compared < 12:
        exp = game.expected()
        kind, seat = exp.kind, exp.seat
        if kind != "stroke":
            step(game, players)
            continue
        c = players[seat].choose_strike(game, seat)
        p = play_stroke(game.state, game.layout, seat, c.along, c.angle, c.speed, game.params)
        report = game.strike(seat, c.along, c.angle, c.speed)
        assert report.completed == p.completed and report.ruling == p.ruling
        assert game.state == p.state
        if not report.rulings:  # else the game went on to ICF 142 (no room to strike: the board replayed)
            assert game.layout == p.layout
        compared += 1


def test_practice_predicts_what_play_stroke_gives():
    """Practice's prediction: play_stroke with the coins owed placed (ICF 78 a, 84 a), on the position's state."""
    pos = position(*WHITES8, *BLACKS, **COVERED)
    for aim in (pot(pos, 0), aim_at("south", 0.18, NE[0], NE[1], 3.0), aim_at("south", -0.1, 0.0, 0.0, 2.0)):
        pred = predict(pos, aim)
        p = play(pos, aim, place=True)
        assert pred.ruling == p.ruling and pred.placed == p.placed
        assert pred.after == from_state(p.state, p.layout)  # the discs, the turn, the queen, the dues


def test_the_bots_batch_rows_are_ruled_and_laid_out_as_play_stroke_does():
    """The search and master bots simulate many strikes in one batch: each row's outcome, ruling, value and
    leave layout are play_stroke's for that strike alone."""
    pos = position(*WHITES8, *BLACKS, (Q, 0.05, -0.12))
    game = SimpleNamespace(state=pos.rules_state(), layout=pos.layout, params=DEFAULT_PARAMS)
    strikes = [pot(pos, 0), pot(pos, 9), aim_at("south", 0.18, NE[0], NE[1], 3.0), Aim(0.1, 0.2, 6.0)]
    bot = SearchPlayer(seed=1, noise=0.0)
    batch, samples, values = bot.simulate(game, Seat.SOUTH, strikes)
    assert samples == 1 and len(batch) == len(strikes)
    rows = outcomes(batch)
    for k, a in enumerate(strikes):
        p = play(pos, a)
        assert rows[k] == (p.outcome, p.shot.left_baseline)
        after, ruling = rule_stroke(game.state, Seat.SOUTH, *rows[k])
        assert (after, ruling) == (p.state, p.ruling)
        assert values[k] == value(game.state, Seat.SOUTH, p.outcome)
        assert layout_after(game, Seat.SOUTH, after, batch, k) == p.layout
    assert any(r[0].pocketed for r in rows) and any(r[0].striker_pocketed for r in rows)


def test_the_clear_the_board_task_reads_a_batch_row_as_play_stroke_reads_the_shot():
    """The clear-the-board task keeps its own referee (every coin the player's), but reads a simulated row's
    facts as the game reads them: pieces fallen, the striker, the touch, the baseline left (ICF 127 a), the
    discs at rest."""
    gym = pytest.importorskip("gymnasium")  # noqa: F841  (the research extra)
    from carrom.envs.clearboard import ShotFacts

    pos = Position.opening()
    aims = [Aim(0.0, 0.0, 6.5), Aim(0.1, 0.3, 3.0), Aim(-0.15, -0.2, 5.0), Aim(0.05, 0.0, 0.05)]
    batch = simulate_batch(pos.layout, rows_for(None, Seat.SOUTH, aims), DEFAULT_PARAMS,
                           parallel=False)
    for k, a in enumerate(aims):
        p = play(pos, a)
        facts = ShotFacts.of_batch(batch, k)
        assert facts == ShotFacts.of_shot(p.shot)
        assert tuple(k_.value for k_ in facts.pocketed) == tuple(c.value for c in p.outcome.pocketed)
        assert (facts.striker_pocketed, facts.touched, facts.left_baseline) == (
            p.outcome.striker_pocketed, p.outcome.touched, p.shot.left_baseline)
