"""Simultaneous impacts (v2, ImpactSolver.SIMULTANEOUS): one answer for one physical state,
whatever the order in which the discs are listed (issue 12's reproducers)."""

import math
import random

import numpy as np
import pytest
from physics_checks import assert_sound

from carrom.equipment import CARROMMAN, STRIKER, Disc, Layout, PieceKind, Seat, opening_formation
from carrom.physics import MODELS, EventKind, ImpactSolver, PhysicsParams, Strike, simulate

V1 = MODELS["v1"]
V2 = MODELS["v2"]
BREAK = Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 6.0)  # the straight centred break
R = CARROMMAN.radius
RS = STRIKER.radius


def permuted(layout: Layout, seed: int) -> tuple[Layout, list[int]]:
    order = list(range(len(layout)))
    random.Random(seed).shuffle(order)
    return Layout(tuple(layout.discs[k] for k in order)), order


def in_input_order(result, order: list[int]) -> np.ndarray:
    """Final positions of the coins, back in the unpermuted numbering."""
    back = np.empty((len(order), 2))
    for new, old in enumerate(order):
        back[old] = result.final_positions[new]
    return back


def symmetric_formation() -> Layout:
    """The opening formation made exactly mirror-symmetric in x = 0 (to the last bit)."""
    discs = []
    for d in opening_formation().discs:
        if abs(d.x) < 1e-9:
            discs.append(Disc(d.kind, 0.0, d.y))
        elif d.x > 0:
            discs += [Disc(d.kind, d.x, d.y), Disc(d.kind, -d.x, d.y)]
    return Layout(tuple(discs))


def mirror_error(layout: Layout, result) -> float:
    """The largest distance between a coin's final place and its mirror partner's, mirrored
    (inf if one of them fell and the other did not, or they fell in unmirrored pockets)."""
    f = result.final_positions
    mirror_pocket = {0: 1, 1: 0, 2: 3, 3: 2}
    worst = 0.0
    for k, d in enumerate(layout.discs):
        m = min(range(len(layout)), key=lambda q: math.hypot(layout.discs[q].x + d.x, layout.discs[q].y - d.y))
        if result.on_board[k] != result.on_board[m]:
            return math.inf
        if result.on_board[k]:
            worst = max(worst, abs(f[k, 0] + f[m, 0]), abs(f[k, 1] - f[m, 1]))
        elif result.pocket_of[k] != mirror_pocket[int(result.pocket_of[m])]:
            return math.inf
    return worst


def test_v1_depends_on_the_listing_order():
    """The reproducer on v1: the same break pockets different coins for another numbering."""
    outcomes = set()
    for seed in range(3):
        layout, order = permuted(opening_formation(), seed)
        result = simulate(layout, BREAK, V1)
        outcomes.add(tuple(sorted(order[p.index] for p in result.coins_pocketed)))
    assert len(outcomes) > 1


@pytest.mark.parametrize("seed", range(4))
def test_permuted_layouts_give_identical_outcomes(seed):
    reference = simulate(opening_formation(), BREAK, V2)
    layout, order = permuted(opening_formation(), seed)
    result = simulate(layout, BREAK, V2)
    assert_sound(result)
    assert np.array_equal(in_input_order(result, order), reference.final_positions[:-1], equal_nan=True)
    assert np.array_equal(result.final_positions[-1], reference.final_positions[-1], equal_nan=True)
    assert result.n_events == reference.n_events
    assert order[result.first_contact] == reference.first_contact


@pytest.mark.parametrize("speed", [4.0, 6.0, 6.5])
def test_a_symmetric_pack_struck_symmetrically_ends_mirror_symmetric(speed):
    layout = symmetric_formation()
    strike = Strike.from_seat(Seat.SOUTH, 0.0, 0.0, speed)
    assert mirror_error(layout, simulate(layout, strike, V1)) > 1e-3  # v1: not symmetric
    result = simulate(layout, strike, V2)
    assert_sound(result)
    # The strike's cos(pi/2) is 6e-17, not 0: the mirror image holds to rounding, amplified.
    assert mirror_error(layout, result) < 1e-7


def test_a_gap_of_a_nanometre_no_longer_changes_the_break():
    touching = simulate(opening_formation(), BREAK, V2)
    apart = simulate(opening_formation(gap=1e-9), BREAK, V2)
    assert np.nanmax(np.abs(touching.final_positions - apart.final_positions)) < 1e-3
    assert np.array_equal(touching.on_board, apart.on_board)
    # v1, the reproducer: 124 events touching, 215 a nanometre apart, other coins pocketed.
    v1_touching = simulate(opening_formation(), BREAK, V1)
    v1_apart = simulate(opening_formation(gap=1e-9), BREAK, V1)
    assert (v1_touching.n_events, v1_apart.n_events) == (124, 215)


def test_striker_between_two_touching_coins_closed_form():
    """The striker meets two touching coins at once, symmetrically: the two contacts act
    as one, so the relative normal speed reverses with restitution e through the combined
    inverse mass 2 cos^2(theta) / M + 1 / m (theta: each normal against the strike)."""
    layout = Layout((Disc(PieceKind.WHITE, -R, 0.0), Disc(PieceKind.BLACK, R, 0.0)))
    result = simulate(layout, Strike(0.0, -0.15, math.pi / 2, 1.0), V2)
    assert_sound(result)
    hits = [e for e in result.events if e.kind is EventKind.CONTACT]
    assert [h.bodies for h in hits] == [(0, 2), (1, 2)] and hits[0].time == hits[1].time
    m, big_m, e = CARROMMAN.mass.value, STRIKER.mass.value, V2.restitution_striker_coin
    cos_t = math.sqrt(1 - (R / (R + RS)) ** 2)
    v = math.sqrt(1.0 - 2 * V2.deceleration * (0.15 - math.sqrt((R + RS) ** 2 - R**2)))
    impulse = (1 + e) * v * cos_t / (2 * cos_t**2 / big_m + 1 / m)
    for h in hits:
        assert h.impulse == pytest.approx(impulse, rel=2e-3)
        assert math.hypot(*h.velocities[0]) == pytest.approx(impulse / m, rel=2e-3)
    assert hits[0].velocities[1][1] == pytest.approx(v - 2 * impulse * cos_t / big_m, rel=2e-3)
    assert hits[0].velocities[0][0] == pytest.approx(-hits[1].velocities[0][0], rel=1e-12)


@pytest.mark.parametrize("solver", list(ImpactSolver))
def test_a_lone_impact_is_the_closed_form_in_both_solvers(solver):
    layout = Layout((Disc(PieceKind.WHITE, 0.0, 0.0),))
    params = PhysicsParams(impact_solver=solver)
    result = simulate(layout, Strike(0.0, -0.2, math.pi / 2, 1.0), params)
    ms, mc, e = STRIKER.mass.value, CARROMMAN.mass.value, params.restitution_striker_coin
    hit = result.events[0]
    v = math.sqrt(1.0 - 2 * params.deceleration * (0.2 - R - RS))
    assert hit.velocities[0][1] == pytest.approx((1 + e) * ms / (ms + mc) * v, rel=1e-12)
    assert hit.velocities[1][1] == pytest.approx((ms - e * mc) / (ms + mc) * v, rel=1e-12)


def test_newtons_cradle_keeps_momentum_and_sends_most_of_the_blow_to_the_end():
    """Compliant contacts in a touching row: the blow travels down it as a wave; with
    elastic contacts momentum and energy are kept, and the far coin leaves with most of it
    (a real cradle's small dispersion: the others keep a little)."""
    d = CARROMMAN.diameter.value
    layout = Layout(tuple(Disc(PieceKind.BLACK, 0.0, k * d) for k in range(4)))
    elastic = PhysicsParams(impact_solver=ImpactSolver.SIMULTANEOUS, restitution_coin_coin=1.0, restitution_striker_coin=1.0, mu=1e-9)
    coin_like = STRIKER.__class__(name="coin-like striker", diameter=CARROMMAN.diameter, mass=CARROMMAN.mass)
    result = simulate(layout, Strike(0.0, -0.2, math.pi / 2, 1.0), elastic, striker=coin_like)
    t0 = result.events[0].time
    _pos, vel, _present = result.state_at(t0)
    # (friction of 1e-9 g slows the striker by 2e-9 m/s on its way)
    assert vel.sum(axis=0) == pytest.approx((0.0, 1.0), abs=1e-8)
    assert (vel**2).sum() == pytest.approx(1.0, rel=1e-3)
    assert vel[3, 1] ** 2 > 0.8  # the far coin carries over 80 % of the energy
