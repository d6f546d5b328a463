"""The PettingZoo environment: the library's checker, and agent_selection as the laws say."""

import numpy as np
import pytest
from pettingzoo.test import api_test

from carrom.envs.aec import CarromAEC, env
from carrom.rules import Seat

# PettingZoo's recommendations, not failures: the observation is a Dict (documented spaces), the agents are seats
pytestmark = [pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
              pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
              pytest.mark.filterwarnings("ignore:We recommend agents to be named")]

STRAIGHT = np.array([0.0, 0.0, 1.0], dtype=np.float32)  # the middle of the baseline, straight, full power


@pytest.mark.parametrize("players", [2, 4])
def test_passes_pettingzoos_api_test(players):
    api_test(env(players=players), num_cycles=100)


def test_agents_are_the_seats():
    assert CarromAEC(players=2).possible_agents == ["south", "north"]
    assert CarromAEC(players=4).possible_agents == ["south", "east", "north", "west"]
    with pytest.raises(ValueError, match="players must be 2 .singles. or 4 .doubles., got 3"):
        CarromAEC(players=3)


def strokes_until(e, condition, limit=200):
    """Play strokes (each agent straight at full power, small random aim) until ``condition(report)``."""
    rng = np.random.default_rng(0)
    for _ in range(limit):
        seat = e.agent_selection
        before = e.game.record.entries[:]
        e.step(np.array([rng.uniform(-1, 1), rng.uniform(-0.3, 0.3), rng.uniform(-1, 1)], dtype=np.float32))
        if condition(seat, before, e):
            return seat
        if all(e.terminations.values()):
            break
    raise AssertionError("the situation never came up")


def last_ruling_keeps_turn(seat, before, e):
    return len(e.game.record.entries) > len(before) and e.agent_selection == seat and not e.terminations[seat] \
        and e.game.state.board.broken and e.game.state.board.turn_strokes > 0


def test_the_turn_continues_after_an_own_coin():
    e = CarromAEC(players=2)
    e.reset(seed=0)
    seat = strokes_until(e, last_ruling_keeps_turn)
    assert e.agent_selection == seat == e.game.expected().seat


def test_the_break_passes_after_three_attempts_that_touch_nothing():
    e = CarromAEC(players=2)
    e.reset(seed=0)
    away = np.array([-1.0, -1.0, -0.2], dtype=np.float32)  # from the far left, sideways, slowly: touches nothing
    for _ in range(3):
        assert e.agent_selection == "south"
        e.step(away)
    assert e.agent_selection == "north"  # ICF 45 b
    assert e.game.state.board.break_passed


def test_doubles_order_goes_to_the_right():
    e = CarromAEC(players=4)
    e.reset(seed=0)
    order = []
    for _ in range(12):
        seat = e.agent_selection
        if not order or order[-1] != seat:
            order.append(seat)
        if not e.game.state.board.broken:
            e.step(STRAIGHT)  # the break
        else:
            e.step(np.array([0.0, 1.0, -0.9], dtype=np.float32))  # sideways, slowly: nothing pocketed
        if all(e.terminations.values()):
            break
    assert len(order) >= 4
    for a, b in zip(order, order[1:]):
        assert b == Seat(a).right.value  # south, east, north, west (ICF 49 b)


def test_partners_share_their_sides_reward():
    e = CarromAEC(players=4, first_breaker="south")
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(2000):
        if all(e.terminations.values()):
            break
        e.step(rng.uniform(-1, 1, 3).astype(np.float32))
    assert all(e.terminations.values())
    r = e._cumulative_rewards
    assert r["south"] == r["north"] == -r["east"] == -r["west"] != 0


def test_rgb_array_shows_the_board_from_the_seat_to_play():
    e = CarromAEC(players=4, render_mode="rgb_array", first_breaker="east")
    e.reset(seed=0)
    assert e.agent_selection == "east"
    frame = e.render()
    assert frame.shape == (400, 400, 3) and frame.dtype == np.uint8
    from carrom.envs.render import rgb_array

    assert np.array_equal(frame, rgb_array(e.game.layout, "east"))
    assert not np.array_equal(frame, rgb_array(e.game.layout, "south"))


def test_the_physics_and_directions_options_reach_every_agent():
    """``physics`` is the model the match is played and recorded with, in every agent's info; ``directions``
    scales the angle (a = 1: straight back, a thumbed stroke, ICF 17)."""
    aec = CarromAEC(players=4, physics="v2", directions="all")
    aec.reset(seed=0)
    assert aec.game.record.header.physics == "v2" and aec.game.params.model == "v2"
    aec.step(np.array([0.0, 1.0, 0.0], dtype=np.float32))
    assert {info["physics"] for info in aec.infos.values()} == {"v2"}
    assert abs(aec.game.record.entries[0].choice.angle) == pytest.approx(np.pi)
    with pytest.raises(ValueError, match="physics 'v0' is not one of v1, v2, v3"):
        CarromAEC(physics="v0")


def test_the_board_speed_option_reaches_every_agent_and_the_record():
    """``board_speed`` (v4's presets; ICF I.A.1 bounds a board's speed from one side) is in every agent's
    info, and the match's record names the model on that board, as a replay reads it."""
    aec = CarromAEC(players=4, physics="v4", board_speed="fast")
    aec.reset(seed=0)
    assert aec.game.record.header.physics == "v4-fast" and aec.game.params.model == "v4-fast"
    aec.step(np.array([0.0, 0.0, 1.0], dtype=np.float32))
    assert {(i["physics"], i["board_speed"]) for i in aec.infos.values()} == {("v4", "fast")}
    with pytest.raises(ValueError, match="board_speed 'fast' needs physics 'v4'"):
        CarromAEC(physics="v2", board_speed="fast")
