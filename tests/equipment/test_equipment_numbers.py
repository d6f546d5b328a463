"""The one test of a number a caller can mean (carrom.equipment.finite_number), used by every layer's checks."""

import math

import pytest
from hypothesis import given, strategies as st

from carrom.equipment import finite_number


@pytest.mark.parametrize("value", [0, -3, 2.5, 1e308, -1e-300, 10**300])
def test_real_numbers_are_numbers(value):
    assert finite_number(value)


@pytest.mark.parametrize("value", [True, False, math.nan, math.inf, -math.inf, 10**400, -(10**400), "1", None, [1], 1j])
def test_the_rest_are_not(value):
    assert not finite_number(value)  # a bool is JSON's true; 10**400 is beyond the floats


@given(st.integers() | st.floats())
def test_a_number_is_one_exactly_when_float_takes_it_finite(value):
    try:
        expected = math.isfinite(float(value))
    except OverflowError:
        expected = False
    assert finite_number(value) == expected
