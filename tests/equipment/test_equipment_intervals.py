"""The interval arithmetic under the striker's legal stretches (ICF 130, 134, 142): closed stretches, from which
each coin in the way takes an OPEN stretch, since a striker just touching a coin is not on it. Checked against
a plain membership test at every end point and between them."""

from hypothesis import given, settings
from hypothesis import strategies as st

from carrom.equipment import Seat
from carrom.equipment.placement import _intersect, _normalise, _remove_open, why_illegal

ends = st.integers(-6, 6)  # whole numbers: exact end points, so touching and overlapping stretches are common
closed = st.lists(st.tuples(ends, ends), max_size=5)


def inside(intervals, x) -> bool:
    return any(lo <= x <= hi for lo, hi in intervals)


def probes(*groups):
    points = {v for g in groups for iv in g for v in iv}
    return sorted(points | {v + 0.5 for v in points} | {v - 0.5 for v in points})


def well_formed(out) -> bool:
    return all(lo <= hi for lo, hi in out) and all(a[1] < b[0] for a, b in zip(out, out[1:]))


@settings(max_examples=50, deadline=None)
@given(closed)
def test_normalise_keeps_exactly_the_points_of_the_non_empty_intervals(raw):
    out = _normalise(raw)
    assert well_formed(out)
    proper = [(lo, hi) for lo, hi in raw if lo <= hi]
    for x in probes(raw):
        assert inside(out, x) == inside(proper, x), x


@settings(max_examples=50, deadline=None)
@given(closed, closed)
def test_intersect_is_the_common_part(a, b):
    a, b = _normalise(a), _normalise(b)
    out = _intersect(a, b)
    assert well_formed(out)
    for x in probes(a, b):
        assert inside(out, x) == (inside(a, x) and inside(b, x)), x


@settings(max_examples=50, deadline=None)
@given(closed, ends, ends)
def test_remove_open_keeps_the_ends_of_what_it_removes(a, lo, hi):
    a = _normalise(a)
    out = _remove_open(a, lo, hi)
    for x in probes(a, [(lo, hi)]):
        assert inside(out, x) == (inside(a, x) and not lo < x < hi), x


def test_the_cases_by_hand():
    assert _normalise([(1, 0)]) == []  # an empty stretch is no stretch
    assert _normalise([(2, 3), (0, 2), (1, 1)]) == [(0, 3)]  # touching and overlapping stretches merge
    assert _remove_open([(0, 4)], 0, 1) == [(0, 0), (1, 4)]  # a coin's stretch starting where the room starts
    assert _remove_open([(0, 4)], 3, 4) == [(0, 3), (4, 4)]


def test_a_base_circle_partly_covered_is_named_by_its_side():
    """ICF 130 b: the refusal says which base circle, the player's right or left (seen from the seat)."""
    for seat in Seat:
        right, left = why_illegal(seat, 0.2), why_illegal(seat, -0.2)
        assert "the right base circle" in right[0].message and right[0].code == "partly-covers-base-circle"
        assert "the left base circle" in left[0].message and left[0].code == "partly-covers-base-circle"
