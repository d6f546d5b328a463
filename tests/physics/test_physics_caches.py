"""The physics' caches give what the plain computation gives (issue 24: the server's CPU per stroke).

- A ShotResult's derived values (events, pocketings, slides, the final layout, ...) are computed once per result
  and kept, without a lock shared by every result: threads of a server reading two different shots never wait
  for each other (Python 3.11's ``functools.cached_property`` holds one lock per property for all instances).
- The kernel's parameter vector is packed once per parameters object, not at every stroke.
"""

import dataclasses
import math
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carrom.equipment import STANDARD_BOARD, Seat, opening_formation
from carrom.physics import BOARD_SPEEDS, DEFAULT_PARAMS, MODELS, ShotResult, Strike, simulate
from carrom.physics import simulation

CACHED = [name for name, value in vars(ShotResult).items() if hasattr(value, "func")]
PARAMS = sorted({**MODELS, **BOARD_SPEEDS}.items())


def same(a, b) -> bool:
    """Equal values, arrays (NaN in the same places) and dataclasses holding arrays included."""
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return type(a) is type(b) and all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def a_break(along: float = 0.0, angle: float = 0.0, speed: float | None = None) -> ShotResult:
    return simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, along, angle, speed or DEFAULT_PARAMS.max_speed))


def test_the_cached_values_are_the_ones_listed():
    assert {"events", "pocketed", "slide_arrays", "event_arrays", "final_layout", "kinds"} <= set(CACHED)


@settings(max_examples=12, deadline=None)
@given(along=st.floats(-0.05, 0.05), angle=st.floats(-0.3, 0.3), speed=st.floats(1.0, 6.5))
def test_each_cached_value_is_the_plain_computation_and_is_kept(along, angle, speed):
    shot = a_break(along, angle, speed)
    for name in CACHED:
        first = getattr(shot, name)
        assert same(first, vars(ShotResult)[name].func(shot)), name  # what computing it afresh gives
        assert getattr(shot, name) is first, name  # kept: computed once


class _Held:
    """A layout whose discs are handed out only once ``go`` is set: a result built on it is stuck inside the
    computation of ``kinds`` until then."""

    def __init__(self, layout, started: threading.Event, go: threading.Event):
        self.layout, self.started, self.go = layout, started, go

    def __len__(self):
        return len(self.layout)

    def __iter__(self):
        self.started.set()
        self.go.wait(10)
        return iter(self.layout)


def test_a_shot_being_read_does_not_hold_up_another_shot_in_another_thread():
    """A server's rooms read their shots on threads of their own: one result's cached value being computed must
    not make another result's wait (main, on Python 3.11: the second thread waited for the first)."""
    slow, quick = a_break(0.01), a_break(-0.01)
    started, go = threading.Event(), threading.Event()
    stuck = dataclasses.replace(slow, layout=_Held(slow.layout, started, go))
    done = []
    first = threading.Thread(target=lambda: stuck.kinds)
    first.start()
    try:
        assert started.wait(10)
        second = threading.Thread(target=lambda: done.append(quick.kinds))
        second.start()
        second.join(5)
        assert done, "the second shot waited for the first one's computation"
    finally:
        go.set()
        first.join(10)
    assert stuck.kinds == quick.kinds


@settings(max_examples=10, deadline=None)
@given(model=st.sampled_from(PARAMS))
def test_the_parameter_vector_is_packed_once_per_parameters_and_is_the_plain_one(model):
    _name, params = model
    board = STANDARD_BOARD
    vector = simulation._vector(params, board)
    plain = params.vector(board.half, board.pocket_radius, board.pocket_centre_offset)
    assert np.array_equal(vector, plain)
    assert simulation._vector(params, board) is vector
    # An equal but distinct parameters object has its own entry, with the same numbers.
    twin = dataclasses.replace(params)
    assert twin is not params and np.array_equal(simulation._vector(twin, board), plain)


def test_a_strike_with_the_packed_vector_plays_as_with_a_fresh_one():
    strike = Strike.from_seat(Seat.SOUTH, 0.02, math.radians(1.5), 5.0)
    cached = simulate(opening_formation(), strike)
    simulation._vectors.clear()
    simulation._packed.cache_clear()
    simulation._last_packed[:] = [None] * 5
    fresh = simulate(opening_formation(), strike)
    assert np.array_equal(cached.event_floats, fresh.event_floats, equal_nan=True)
    assert np.array_equal(cached.final_positions, fresh.final_positions, equal_nan=True)


@settings(max_examples=10, deadline=None)
@given(along=st.floats(-0.05, 0.05), angle=st.floats(-0.3, 0.3), speed=st.floats(1.0, 6.5))
def test_a_layout_packs_as_disc_by_disc(along, angle, speed):
    """The packing fills the kernel's arrays from whole lists; they hold what filling them disc by disc gives."""
    layout = a_break(along, angle, speed).final_layout
    packed = simulation._Packed(layout, DEFAULT_PARAMS, STANDARD_BOARD, simulation.STRIKER)
    n = len(layout)
    assert packed.n == n
    assert packed.x[:n].tolist() == [d.x for d in layout.discs]
    assert packed.y[:n].tolist() == [d.y for d in layout.discs]
    assert packed.radius.tolist() == [d.kind.spec.radius for d in layout.discs] + [simulation.STRIKER.radius]
    assert packed.mass.tolist() == [d.kind.spec.mass.value for d in layout.discs] + [simulation.STRIKER.mass.value]
    assert packed.cls.tolist() == [0] * n + [1]


def test_a_bad_layout_still_names_its_first_bad_disc():
    from carrom.equipment import Disc, Layout, PieceKind

    discs = (Disc(PieceKind.WHITE, 0.1, 0.1), Disc(PieceKind.BLACK, 0.2, 0.1), Disc(PieceKind.WHITE, math.nan, 0.0),
             Disc(PieceKind.STRIKER, 0.0, 0.0))
    strike = Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 1.0)
    with pytest.raises(ValueError, match=r"layout disc 2 \(white\) has a non-finite position"):
        simulate(Layout(discs), strike)
    with pytest.raises(ValueError, match="layout disc 2 is a striker"):
        simulate(Layout(discs[:2] + discs[3:] + discs[2:3]), strike)


@settings(max_examples=10, deadline=None)
@given(along=st.floats(-0.05, 0.05), angle=st.floats(-0.3, 0.3), speed=st.floats(1.0, 6.5))
def test_the_final_layout_holds_each_coin_where_it_came_to_rest(along, angle, speed):
    """Read from one list of the rest positions: each coin still on the board, in input order, exactly there."""
    shot = a_break(along, angle, speed)
    on = [i for i in range(len(shot.layout)) if shot.on_board[i]]
    assert [(d.kind, d.x, d.y) for d in shot.final_layout.discs] == [
        (shot.layout.discs[i].kind, float(shot.final_positions[i, 0]), float(shot.final_positions[i, 1])) for i in on]
    assert all(type(d.x) is float and type(d.y) is float for d in shot.final_layout.discs)
