"""The bots allow for the throw of the model they play (v3 and v4: impact friction and spin, docs/players.md).

Under v3 a cut shot throws the coin off the line of centres (up to 6.84°): aimed by the
frictionless ghost-ball rule, plain cuts into a corner pocket miss. The planner moves the
ghost point round the coin by the throw, and for bank shots allows for the cushion's grip
and the spin it gives the striker; without impact friction its aims are those of before.
"""

import json
import math
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from carrom.equipment import STANDARD_BOARD, STRIKER, Disc, Layout, PieceKind, Seat as EqSeat
from carrom.rules import Seat
from carrom.game import Game
from carrom.physics import MODELS, EventKind, Strike, simulate
from carrom.players import GeometricPlayer, RandomPlayer, step
from carrom.players.geometric import plan_shots

from test_players_bots import SINGLES, game_with_own_coins

V2, V3, V4 = MODELS["v2"], MODELS["v3"], MODELS["v4"]
POCKETS = STANDARD_BOARD.pocket_centres()
NORTH_EAST = 2


def departure(layout: Layout, coin: int, seat: str, shot, params) -> float | None:
    """The direction (rad) the coin leaves in when the striker first meets it, or None if it does not."""
    result = simulate(layout, Strike.from_seat(EqSeat(seat), shot.along, shot.angle, shot.speed), params)
    striker = result.striker_index
    for event in result.events:
        if event.kind is EventKind.CONTACT and striker in event.bodies:
            if coin not in event.bodies:
                return None
            vx, vy = event.velocities[event.bodies.index(coin)]
            return math.atan2(vy, vx)
    return None


def cut_shot(game: Game, degrees: float):
    """The planned direct shot at coin 0 into the north-east pocket whose cut is nearest ``degrees``."""
    shots = [s for s in plan_shots(game, Seat.SOUTH, limit=10_000, per_pair=10_000, banks=False, aims=[0])
             if s.pocket == NORTH_EAST]
    return min(shots, key=lambda s: abs(math.degrees(s.cut) - degrees))


@pytest.mark.parametrize("model", ["v3", "v4"])
@pytest.mark.parametrize("degrees", [10, 20, 30, 45])
def test_a_plain_cut_into_a_corner_pocket_goes_in_allowing_for_the_throw(degrees, model):
    """A lone coin in the middle, cut into the north-east pocket: the frictionless aim misses by the throw.

    Under v4 (the default; its throw smaller at speed, its pockets with jaws) as under v3."""
    params = MODELS[model]
    game = game_with_own_coins((0.0, 0.0))
    game.params = V2
    frictionless = cut_shot(game, degrees)
    game.params = params
    allowed = cut_shot(game, degrees)
    assert abs(math.degrees(allowed.cut) - degrees) < 4
    missed = simulate(game.layout, Strike.from_seat(EqSeat.SOUTH, frictionless.along, frictionless.angle, frictionless.speed), params)
    assert not [p for p in missed.coins_pocketed if p.index == 0]
    report = game.strike("south", allowed.along, allowed.angle, allowed.speed)
    assert [(p.index, p.pocket) for p in report.shot.coins_pocketed] == [(0, NORTH_EAST)]


@pytest.mark.parametrize("model", ["v3", "v4"])
def test_the_geometric_player_pots_a_lone_coin(model):
    for spot in [(0.0, 0.0), (0.1, 0.1), (-0.1, 0.0), (-0.15, -0.1), (0.2, -0.1)]:
        game = game_with_own_coins(spot)
        game.params = MODELS[model]
        c = GeometricPlayer(0).choose_strike(game, Seat.SOUTH)
        assert [p.index for p in game.strike("south", c.along, c.angle, c.speed).shot.coins_pocketed] == [0], spot


@pytest.mark.parametrize("model", ["v3", "v4"])
@pytest.mark.parametrize("bank", [False, True], ids=["direct", "bank"])
def test_the_coin_leaves_along_the_line_to_the_pocket(bank, model):
    """The closed forms agree with the engine: the coin leaves within 1e-6 rad of the pocket centre's line.

    Direct shots: the throw of a spinless striker. Banks: the cushion's grip, which slows
    the striker along the cushion and spins it, and the throw of a spinning striker. Under
    v4 the disc-on-disc friction falls with the slip speed at the impact (issue 20), so the
    planner takes it at the striker's planned speed there; with v3's constant cap its v4
    aims missed the line by up to degrees.
    """
    params = MODELS[model]
    # v4's banks: the planner takes the striker's speed at the coin from a constant deceleration,
    # but a striker spun by the cushion slides a little further (the spin's surface law), so
    # its slip speed, and with it v4's friction, is off by a little: up to 4e-4 rad seen (0.3 mm
    # at the pocket), not 1e-6; the direct shots meet the line to 1e-6 as under v3.
    tolerance = 1e-3 if (bank and model == "v4") else 1e-6
    checked = 0
    for spot in [(0.0, 0.0), (0.1, 0.1), (-0.15, -0.1), (0.2, -0.1), (-0.2, 0.2)]:
        game = game_with_own_coins(spot)
        game.params = params
        layout = Layout((game.layout.discs[0],))  # the coin alone: nothing else to touch
        for s in plan_shots(game, Seat.SOUTH, limit=10_000, per_pair=10_000, banks=bank, aims=[0]):
            if s.bank != bank:
                continue
            px, py = POCKETS[s.pocket]
            wanted = math.atan2(py - spot[1], px - spot[0])
            left = departure(layout, 0, Seat.SOUTH, s, params)
            assert left is not None and abs(math.remainder(left - wanted, math.tau)) < tolerance, (spot, s)
            checked += 1
    assert checked > 100


def test_without_impact_friction_the_aims_are_those_of_before():
    """The planner's shots under v1, and under v3 with its impact friction set to 0, are those of before v3.

    tests/players/data/plans_before_v3.json holds what the planner of before v3 planned on
    five layouts (every disc a target). One change since: a coin so close to a cushion
    that the striker's centre cannot reach its ghost point is no longer planned (the
    striker met the cushion instead and touched nothing).
    """
    cases = json.loads((Path(__file__).parent / "data" / "plans_before_v3.json").read_text())
    reach = STANDARD_BOARD.half - STRIKER.radius
    compared = 0
    for case in cases:
        layout = Layout(tuple(Disc(PieceKind(k), x, y) for k, x, y in case["discs"]))
        expected = []
        for shot in case["shots"]:
            coin = layout.discs[shot[4]]
            px, py = POCKETS[shot[5]]
            d = math.hypot(px - coin.x, py - coin.y)
            ghost = [c - (p - c) / d * (coin.radius + STRIKER.radius) for c, p in ((coin.x, px), (coin.y, py))]
            if max(map(abs, ghost)) <= reach:
                expected.append(shot)
        for params in (MODELS["v1"], replace(V3, impact_friction=0.0)):
            shots = plan_shots(SimpleNamespace(params=params), case["seat"], limit=40, per_pair=2, layout=layout,
                               aims=list(range(len(layout.discs))))
            got = [[s.along, s.angle, s.speed, s.score, s.target, s.pocket, s.cut, s.bank] for s in shots]
            assert got[:len(expected)] == expected[:len(got)]
            compared += min(len(got), len(expected))
    assert compared > 300


def test_geometric_boards_under_v3_end():
    """Zero-noise geometric bots play boards under v3 to their end, from the opening and after a few random strokes.

    Before, such a board never ended: a coin pressed to a cushion had a ghost point the
    striker could not reach (it hit the cushion and touched nothing), the other side's
    fallback aimed at a coin behind its baseline and touched nothing either, and the board
    was replayed after three misses each (ICF 137), again and again, the same way.
    """
    longest = 0
    for seed in range(10):
        game = Game.new(SINGLES, first_breaker=("south", "north")[seed % 2], params=V3)
        randoms = {s: RandomPlayer(seed) for s in SINGLES}
        for _ in range(seed % 5):
            step(game, randoms)
        bots = {s: GeometricPlayer(1) for s in SINGLES}
        strokes = 0
        while not game.state.results and strokes < 300:
            strokes += game.expected().kind == "stroke"
            step(game, bots)
        assert game.state.results and game.state.board_index == 1, seed  # ended, no board replayed
        longest = max(longest, strokes)
    assert longest <= 150
