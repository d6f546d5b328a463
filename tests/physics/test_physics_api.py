"""The public API: value objects, input checks, the shape of a ShotResult, batches, frames."""

import dataclasses
import math

import numpy as np
import pytest

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Disc, Layout, PieceKind, Seat, opening_formation
from carrom.physics import (
    CUSHIONS,
    DEFAULT_PARAMS,
    EVENT_KINDS,
    MODELS,
    CollisionModel,
    Event,
    EventCapExceeded,
    EventKind,
    ImpactSolver,
    PhysicsParams,
    PocketModel,
    Pocketing,
    ShotResult,
    Slide,
    Strike,
    physics_model,
    simulate,
    simulate_batch,
)

H = STANDARD_BOARD.half
AXIS = STANDARD_BOARD.baseline_axis_distance


def one_coin(x=0.0, y=0.0, kind=PieceKind.WHITE):
    return Layout((Disc(kind, x, y),))


# -- Strike ------------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["x", "y", "direction", "speed"])
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_strike_refuses_non_finite_values(field, bad):
    values = dict(x=0.0, y=-AXIS, direction=math.pi / 2, speed=1.0)
    values[field] = bad
    with pytest.raises(ValueError, match=field):
        Strike(**values)


@pytest.mark.parametrize("speed", [0.0, -1.0])
def test_strike_needs_a_positive_speed(speed):
    with pytest.raises(ValueError, match="speed"):
        Strike(0.0, -AXIS, math.pi / 2, speed)


def test_strike_refuses_a_bool_or_a_string():
    with pytest.raises(ValueError):
        Strike(True, 0.0, 0.0, 1.0)
    with pytest.raises(ValueError):
        Strike("0", 0.0, 0.0, 1.0)


def test_from_seat_south_straight_ahead():
    s = Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 5.0)
    assert s.position == (0.0, -AXIS)
    assert s.direction == pytest.approx(math.pi / 2)
    vx, vy = s.velocity
    assert vx == pytest.approx(0.0, abs=1e-12) and vy == pytest.approx(5.0)


@pytest.mark.parametrize("seat", list(Seat))
def test_from_seat_along_is_to_the_players_right_and_angle_to_the_left(seat):
    s = Strike.from_seat(seat, 0.1, 0.2, 3.0)
    assert s.position == pytest.approx(seat.to_board(0.1, -AXIS))
    fx, fy = seat.forward
    rx, ry = seat.right
    vx, vy = s.velocity
    # Forward component cos(0.2), to the right -sin(0.2): a positive angle turns left.
    assert vx * fx + vy * fy == pytest.approx(3.0 * math.cos(0.2))
    assert vx * rx + vy * ry == pytest.approx(-3.0 * math.sin(0.2))
    assert s.position[0] * rx + s.position[1] * ry == pytest.approx(0.1)


def test_mirrored_strike():
    s = Strike(0.1, -0.2, 1.0, 2.0)
    m = s.mirrored()
    assert (m.x, m.y, m.speed) == (-0.1, -0.2, 2.0)
    assert m.velocity == pytest.approx((-s.velocity[0], s.velocity[1]))


# -- simulate: refusals ------------------------------------------------------------------


def test_speed_above_the_top_speed_names_value_and_limit():
    strike = Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 7.25)
    with pytest.raises(ValueError) as info:
        simulate(Layout(()), strike)
    assert "7.25" in str(info.value) and "6.5" in str(info.value)
    # A lower top speed in the parameters lowers the limit.
    with pytest.raises(ValueError, match="3.0"):
        simulate(Layout(()), Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 3.5), PhysicsParams(max_speed=3.0))


def test_coins_left_pressed_together_play_on():
    """v2 and v3 hold a pressed pair to a micrometre (persistent contacts), so a stroke may
    leave two coins overlapping by that much; the next stroke must accept its own result
    (found when v3 became the default: a game refused its second stroke). v1 never leaves
    more than rounding, and still refuses more."""
    strike = Strike(0.03460733073021255, -0.25259999999999994, 1.7746070889602619, 5.542657636093296)
    after = simulate(opening_formation(), strike, MODELS["v3"]).final_layout
    xy = np.array([(d.x, d.y) for d in after.discs])
    gaps = np.hypot(*(xy[:, None] - xy[None, :]).transpose(2, 0, 1)) - 2 * CARROMMAN.radius
    np.fill_diagonal(gaps, np.inf)
    assert -2 * MODELS["v3"].persistent_overlap <= gaps.min() < -1e-7
    simulate(after, Strike.from_seat(Seat.SOUTH, 0.0, 0.3, 3.0), MODELS["v3"])
    simulate(after, Strike.from_seat(Seat.SOUTH, 0.0, 0.3, 3.0), MODELS["v2"])
    with pytest.raises(ValueError, match="overlap by"):
        simulate(after, Strike.from_seat(Seat.SOUTH, 0.0, 0.3, 3.0), MODELS["v1"])


def test_striker_overlapping_a_coin_is_refused():
    layout = one_coin(0.0, -AXIS + 0.03)
    with pytest.raises(ValueError, match="overlaps layout disc 0"):
        simulate(layout, Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 1.0))


def test_striker_touching_a_coin_is_accepted_and_hits_it_at_once():
    gap0 = CARROMMAN.radius + STRIKER.radius
    layout = one_coin(0.0, -AXIS + gap0)
    result = simulate(layout, Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 1.0))
    first = result.events[0]
    assert first.kind is EventKind.CONTACT and first.time == 0.0 and first.bodies == (0, 1)
    assert result.first_contact == 0


@pytest.mark.parametrize(
    "x, y, match",
    [(H, 0.0, "off the board"), (0.0, -H - 0.1, "off the board"), (H - 0.022, H - 0.022, "pocket")],
)
def test_striker_off_the_board_or_in_a_pocket_is_refused(x, y, match):
    with pytest.raises(ValueError, match=match):
        simulate(Layout(()), Strike(x, y, 0.0, 1.0))


def test_bad_layouts_are_refused():
    with pytest.raises(ValueError, match="overlap"):
        simulate(Layout((Disc(PieceKind.WHITE, 0, 0), Disc(PieceKind.BLACK, 0.03, 0))), Strike(0, -AXIS, 1.5, 1.0))
    with pytest.raises(ValueError, match="striker"):
        simulate(Layout((Disc(PieceKind.STRIKER, 0, 0),)), Strike(0, -AXIS, 1.5, 1.0))
    with pytest.raises(ValueError, match="off the board"):
        simulate(one_coin(H, 0.0), Strike(0, -AXIS, 1.5, 1.0))
    with pytest.raises(ValueError, match="non-finite"):
        simulate(one_coin(math.nan, 0.0), Strike(0, -AXIS, 1.5, 1.0))
    with pytest.raises(TypeError):
        simulate([Disc(PieceKind.WHITE, 0, 0)], Strike(0, -AXIS, 1.5, 1.0))


def test_the_opening_formation_touching_everywhere_is_accepted():
    simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 0.5))


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(mu=0.0),
        dict(mu=math.nan),
        dict(mu=10**400),  # an integer beyond the floats: a ValueError, not an OverflowError
        dict(impact_friction=10**400),
        dict(g=-9.8),
        dict(max_speed=0.0),
        dict(restitution_cushion=1.2),
        dict(restitution_coin_coin=-0.1),
        dict(max_events=0),
        dict(max_events=2.5),
        dict(stick_within=-1.0),
        dict(collision_model="spin"),
        dict(impact_solver="averaged"),
        dict(pocket_model="square"),
        dict(cluster_gap=0.0),
        dict(contact_stiffness=math.inf),
        dict(persistent_overlap=-1e-6),
        dict(coin_thickness=0.0),
    ],
)
def test_params_refuse_bad_values(kwargs):
    with pytest.raises(ValueError):
        PhysicsParams(**kwargs)


def test_the_named_models():
    assert DEFAULT_PARAMS == MODELS["v4"] and DEFAULT_PARAMS.model == "v4"  # issue 20: v4 the default
    assert MODELS["v3"].collision_model is CollisionModel.COULOMB and MODELS["v1"].collision_model is CollisionModel.FRICTIONLESS
    assert MODELS["v2"].impact_solver is ImpactSolver.SIMULTANEOUS and MODELS["v2"].pocket_model is PocketModel.TIPPING
    assert physics_model("v2").model == "v2"
    assert PhysicsParams(mu=0.2).model is None  # not a named model
    assert physics_model("v4").model == "v4" and physics_model("v3").model == "v3"  # the older models kept
    with pytest.raises(ValueError, match=r"unknown physics model 'v6'; known: \['v1', 'v2', 'v3', 'v4', 'v5', 'v4-fast', 'v4-slow'\]"):
        physics_model("v6")
    with pytest.raises(ValueError, match="unknown impact_solver 'averaged'"):
        PhysicsParams(impact_solver="averaged")


def test_params_defaults_and_derived_values():
    p = DEFAULT_PARAMS
    assert p.deceleration == p.mu * p.g
    assert p.stopping_distance(2.0) == pytest.approx(4.0 / (2 * p.mu * p.g))
    assert PhysicsParams(collision_model="frictionless").collision_model is CollisionModel.FRICTIONLESS


# -- the result -------------------------------------------------------------------------------


def test_result_shape_and_bookkeeping():
    layout = Layout((Disc(PieceKind.WHITE, 0.0, 0.0), Disc(PieceKind.QUEEN, 0.2, 0.2), Disc(PieceKind.BLACK, -0.25, 0.1)))
    # Straight up the middle into the white, which goes on to the north cushion.
    result = simulate(layout, Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 3.0))
    assert isinstance(result, ShotResult)
    assert result.striker_index == 3 and result.n_bodies == 4
    assert result.kinds == (PieceKind.WHITE, PieceKind.QUEEN, PieceKind.BLACK, PieceKind.STRIKER)
    assert result.first_contact == 0 and result.touched_any
    assert result.left_baseline
    assert result.pieces_off_board == ()
    assert result.coins_moved == (0,)
    assert all(isinstance(e, Event) for e in result.events)
    kinds = [e.kind for e in result.events]
    assert kinds[0] is EventKind.CONTACT and EventKind.CUSHION in kinds and kinds.count(EventKind.STOPPED) == 2
    cushion = next(e for e in result.events if e.kind is EventKind.CUSHION)
    assert cushion.cushion is Seat.NORTH and cushion.pocket is None and cushion.impulse > 0
    # Untouched coins rest where they were; the final layout keeps input order and kinds.
    assert result.final_indices == (0, 1, 2)
    assert [d.kind for d in result.final_layout] == [d.kind for d in layout]
    assert result.final_layout.discs[1] == layout.discs[1] and result.final_layout.discs[2] == layout.discs[2]
    assert result.final_layout.discs[0].y > 0.05  # went north, bounced off the north cushion
    assert result.striker_position is not None and not result.striker_pocketed
    assert result.pocketed == () and result.duration == result.events[-1].time
    assert result.final_positions.flags.writeable is False


def test_a_pocketed_coin_leaves_the_final_layout():
    # Coin on the diagonal, striker behind it on the same diagonal: the coin goes into NE.
    layout = Layout((Disc(PieceKind.BLACK, 0.1, 0.1),))
    result = simulate(layout, Strike(-0.2, -0.2, math.pi / 4, 4.0))
    black = [p for p in result.pocketed if p.index == 0]
    assert black and isinstance(black[0], Pocketing) and black[0].kind is PieceKind.BLACK
    assert black[0].pocket == 2 and result.pocketed[0] == black[0]
    assert not result.on_board[0] and np.isnan(result.final_positions[0]).all()
    assert result.final_indices == () and len(result.final_layout) == 0
    assert black[0].time == result.pocket_time[0]


def test_event_cap_raises_with_the_partial_result_and_batch_flags_it():
    params = PhysicsParams(max_events=5)
    strike = Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 6.5)
    with pytest.raises(EventCapExceeded) as info:
        simulate(opening_formation(), strike, params)
    assert info.value.result.n_events == 5
    batch = simulate_batch(opening_formation(), [strike], params)
    assert batch.capped.tolist() == [True]
    assert not simulate_batch(opening_formation(), [strike]).capped.any()


@pytest.mark.parametrize("model", sorted(MODELS))
def test_batch_agrees_with_single_shots_bit_for_bit(model):
    params = MODELS[model]
    layout = opening_formation()
    strikes = [Strike.from_seat(Seat.SOUTH, a, b, v) for a, b, v in [(0.0, 0.0, 6.5), (0.05, 0.02, 5.0), (-0.1, -0.05, 2.0)]]
    strikes.append(Strike.from_seat(Seat.EAST, 0.02, 0.01, 6.0))
    batch = simulate_batch(layout, strikes, params)
    serial = simulate_batch(layout, strikes, params, parallel=False)
    rows = np.array([(s.x, s.y, s.direction, s.speed) for s in strikes])
    from_rows = simulate_batch(layout, rows, params)
    for other in (serial, from_rows):
        assert np.array_equal(batch.final_positions, other.final_positions, equal_nan=True)
        assert np.array_equal(batch.n_events, other.n_events)
    for k, s in enumerate(strikes):
        single = simulate(layout, s, params)
        assert np.array_equal(batch.final_positions[k], single.final_positions, equal_nan=True)
        assert np.array_equal(batch.pocket_of[k], single.pocket_of)
        assert np.array_equal(batch.pocket_time[k], single.pocket_time, equal_nan=True)
        assert batch.n_events[k] == single.n_events
        assert batch.first_contact[k] == (-1 if single.first_contact is None else single.first_contact)
        assert batch.striker_max_displacement[k] == single.striker_max_displacement
        assert batch.pocketed(k) == tuple(sorted(((p.index, p.pocket, p.time) for p in single.pocketed), key=lambda r: (r[2], r[0])))
    assert len(batch) == 4 and batch.striker_index == 19


def test_batch_refuses_a_bad_strike_naming_it():
    strikes = [Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 1.0), Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 9.0)]
    with pytest.raises(ValueError, match="strike 1: .*9.0"):
        simulate_batch(Layout(()), strikes)
    with pytest.raises(ValueError, match="strike 0: .*overlaps"):
        simulate_batch(one_coin(0.0, -AXIS), strikes[:1])
    with pytest.raises(ValueError, match="shape"):
        simulate_batch(Layout(()), np.zeros((2, 3)))


# -- positions between events ----------------------------------------------------------------


def slide_position(slide: Slide, t: float) -> tuple[float, float]:
    """Where a slide has taken its disc at time t: the formula a front end evaluates."""
    vx, vy = slide.velocity
    speed = math.hypot(vx, vy)
    if speed == 0.0:
        return slide.position
    dt = min(max(t - slide.time, 0.0), speed / slide.deceleration)
    gone = dt * (speed - 0.5 * slide.deceleration * dt)
    return (slide.position[0] + vx / speed * gone, slide.position[1] + vy / speed * gone)


@pytest.mark.parametrize("model", sorted(MODELS))
def test_slides_give_the_engines_positions_at_any_time(model):
    result = simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, 0.03, 0.02, 6.5), MODELS[model])
    times = np.linspace(0.0, result.duration, 97)
    pos, _vel, present = result.state_at(times)
    for b in range(result.n_bodies):
        slides = result.slides(b)
        assert slides[0].time == 0.0 and slides[0].position == tuple(result.initial_positions[b])
        assert all(a.time <= c.time for a, c in zip(slides, slides[1:]))
        for k, t in enumerate(times.tolist()):
            if present[k, b]:
                current = [s for s in slides if s.time <= t][-1]
                assert slide_position(current, t) == pytest.approx(tuple(pos[k, b]), abs=1e-12)
    with pytest.raises(ValueError, match="body must be an index from 0 to 19"):
        result.slides(20)


def _slides_from_the_log(result):
    """Each body's slides (t, x, y, vx, vy, deceleration, spin) read one event at a time from the kernel's log."""
    from carrom.physics import _engine as E

    out = [[(0.0, *result.initial_positions[b], *result.initial_velocities[b], result.params.deceleration, 0.0)]
           for b in range(result.n_bodies)]
    for f, (_kind, i, j, _aux) in zip(result.event_floats.tolist(), result.event_ints.tolist()):
        out[i].append(tuple(f[c] for c in (E.EF_T, E.EF_XI, E.EF_YI, E.EF_VXI, E.EF_VYI, E.EF_AI, E.EF_WI)))
        if j >= 0:
            out[j].append(tuple(f[c] for c in (E.EF_T, E.EF_XJ, E.EF_YJ, E.EF_VXJ, E.EF_VYJ, E.EF_AJ, E.EF_WJ)))
    return out


@pytest.mark.parametrize("model", sorted(MODELS))
@pytest.mark.parametrize("along, angle, speed", [(0.03, 0.02, 6.5), (-0.2, 0.7, 2.0), (0.1, -0.04, 6.5)])
def test_slide_arrays_hold_every_bodys_slides_at_once(model, along, angle, speed):
    result = simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, along, angle, speed), MODELS[model])
    sa = result.slide_arrays
    reference = _slides_from_the_log(result)
    assert sa.starts.tolist() == np.cumsum([0] + [len(r) for r in reference]).tolist() and len(sa) == sa.starts[-1]
    for b, rows in enumerate(reference):
        lo, hi = sa.starts[b], sa.starts[b + 1]
        assert (sa.body[lo:hi] == b).all()
        got = np.column_stack((sa.time, sa.position, sa.velocity, sa.deceleration, sa.spin))[lo:hi]
        assert got.tolist() == [list(r) for r in rows]  # bit for bit
        assert result.slides(b) == tuple(Slide(r[0], (r[1], r[2]), (r[3], r[4]), r[5], r[6]) for r in rows)
    for a in (sa.body, sa.time, sa.position, sa.velocity, sa.deceleration, sa.spin, sa.starts):
        assert not a.flags.writeable


@pytest.mark.parametrize("model", sorted(MODELS))
def test_event_arrays_are_the_events_as_columns(model):
    seen = set()
    for along, angle in [(0.0, -0.02), (-0.05, 0.02), (0.1, 0.04), (0.2, 0.9)]:
        result = simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, along, angle, 6.5), MODELS[model])
        seen |= _check_event_arrays(result)
    assert seen == set(EventKind)


def test_a_result_without_events_has_empty_arrays():
    shot = simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 6.5))
    empty = dataclasses.replace(shot, event_floats=shot.event_floats[:0], event_ints=shot.event_ints[:0])
    ev = empty.event_arrays
    assert [len(a) for a in (ev.time, ev.kind, ev.place, ev.positions, ev.velocities, ev.spins, ev.impulse)] == [0] * 7
    assert ev.positions.shape == (0, 2, 2) and len(empty.slide_arrays) == shot.n_bodies
    assert empty.slide_arrays.starts.tolist() == list(range(shot.n_bodies + 1))


def _check_event_arrays(result):
    ev = result.event_arrays
    assert len(ev) == result.n_events > 0
    for e, event in enumerate(result.events):
        assert ev.time[e] == event.time and EVENT_KINDS[ev.kind[e]] is event.kind and ev.impulse[e] == event.impulse
        assert (ev.first[e], ev.second[e]) == (event.bodies + (-1,))[:2]
        place = event.cushion if event.kind is EventKind.CUSHION else event.pocket
        assert ev.place[e] == (CUSHIONS.index(place) if event.kind is EventKind.CUSHION else -1 if place is None else place)
        k = len(event.bodies)
        assert ev.positions[e, :k].tolist() == [list(p) for p in event.positions]
        assert ev.velocities[e, :k].tolist() == [list(v) for v in event.velocities]
        assert ev.spins[e, :k].tolist() == list(event.spins)
        assert k == 2 or (np.isnan(ev.positions[e, 1]).all() and np.isnan(ev.velocities[e, 1]).all())
    for a in (ev.time, ev.kind, ev.first, ev.second, ev.place, ev.positions, ev.velocities, ev.spins, ev.impulse):
        assert not a.flags.writeable
    return {EVENT_KINDS[k] for k in ev.kind.tolist()}


def test_sample_is_computed_from_the_events():
    layout = opening_formation()
    result = simulate(layout, Strike.from_seat(Seat.SOUTH, 0.03, 0.02, 6.5))
    frames = result.sample(fps=60)
    assert frames.times[0] == 0.0 and frames.times[-1] >= result.duration
    assert np.allclose(np.diff(frames.times), 1 / 60)
    assert np.array_equal(frames.positions[0], result.initial_positions)
    last = frames.positions[-1]
    assert np.array_equal(last[result.on_board], result.final_positions[result.on_board])
    assert np.array_equal(frames.present[-1], result.on_board)
    for p in result.pocketed:
        gone = frames.times >= p.time
        assert not frames.present[gone, p.index].any() and frames.present[~gone, p.index].all()
        assert np.isnan(frames.positions[gone, p.index]).all()
    # At each event's instant the state is the one after the instant's last event.
    seen = {}
    for e in result.events:
        for b, pos in zip(e.bodies, e.positions):
            seen[(e.time, b)] = pos
    for (t, b), pos in seen.items():
        at, _vel, present = result.state_at(t)
        if present[b]:
            assert at[b] == pytest.approx(pos, abs=1e-15)
    with pytest.raises(ValueError):
        result.sample(fps=0)


def test_the_opening_is_built_once_and_still_refuses_bad_input_in_words():
    """Issue 20, speed: a caller building the opening for every break gets the same frozen
    layout, so simulate's identity cache of the last packed layout holds; bad arguments are
    still refused with words, not a cache's TypeError."""
    from carrom.equipment import EquipmentError

    assert opening_formation() is opening_formation() and opening_formation(0.3) is opening_formation(0.3)
    assert opening_formation(gap=1e-9) is not opening_formation() and opening_formation(0.3) != opening_formation()
    for bad in ([1], float("nan"), "0"):
        with pytest.raises(EquipmentError, match="rotation must be a finite number"):
            opening_formation(bad)
