"""carrom/Singles-v1: the agent held to the laws' time (issue 41 item 6). Under Singles-v0 an attempt that is no
stroke (ICF 127 b: "si el striker salta, pero no sale de la línea de fondo o círculo, ni mueve ninguna de las
fichas, entonces este golpe se considera no completado") costs nothing, so a learner stalls a board for ever
instead of losing it (PPO did: docs/research.md). Under v1 three such attempts use up the stroke's 15 seconds
(ICF 50: "Los jugadores no deben tardar más de 15 segundos en hacer un golpe"), ruled as the time foul, and the
third such clock is the match stopped without the umpire's leave (ICF 143 g: "Un jugador pierde todo el partido
… g) Sin el permiso del árbitro, el partido se detendrá"), paid as a walkover.
"""

import gymnasium as gym
import numpy as np
import pytest

import carrom.envs  # noqa: F401
from carrom.envs.singles import ATTEMPTS, STALLS
from carrom.records.entries import ClockEntry, DeclareEntry

NO_STROKE = np.array([0.0, 0.0, -1.0], dtype=np.float32)  # the lowest speed: the striker never leaves the baseline


def make(version, **kw):
    env = gym.make(f"carrom/Singles-{version}", opponent="beginner", first_breaker="agent", **kw)
    env.reset(seed=11)
    return env


def entries(env, kind):
    return [e for e in env.unwrapped.game.record.entries if isinstance(e, kind)]


def test_v0_is_kept_as_it_was_a_stall_costs_nothing_for_ever():
    env = make("v0")
    for _ in range(60):
        _, reward, term, trunc, _ = env.step(NO_STROKE)
        assert reward == 0.0 and not term and not trunc
    assert not entries(env, ClockEntry) and not entries(env, DeclareEntry)


def test_v1_rules_the_time_foul_then_the_stopped_match_and_pays_the_walkover():
    env = make("v1")
    steps = ATTEMPTS * STALLS
    for i in range(1, steps + 1):
        _, reward, term, trunc, info = env.step(NO_STROKE)
        if i < steps:
            assert not term and reward == 0.0, i
        clocks = entries(env, ClockEntry)
        assert len(clocks) == min(i // ATTEMPTS, STALLS - 1), i  # a time foul at every ATTEMPTS-th attempt
    assert all(c.what == "break" or c.what == "stroke" for c in clocks)
    [declared] = entries(env, DeclareEntry)
    assert declared.what == "stopped"
    game = env.unwrapped.game
    assert term and not trunc and game.state.over and game.state.winner != env.unwrapped.side
    assert reward == -game.state.rules.game_points * game.state.rules.games_to_win  # 25 × 2: no game was won


def test_a_stroke_between_attempts_starts_the_counts_again():
    """Two attempts that are no stroke, then a stroke, again and again: the clock never runs out."""
    env = make("v1")
    for _ in range(4):
        for action in (NO_STROKE, NO_STROKE, np.array([0.0, 0.0, 0.6], dtype=np.float32)):
            _, _, term, trunc, _ = env.step(action)
            if term or trunc:
                break
        if term or trunc:
            break
    assert len(env.unwrapped.game.record.entries) > 1  # strokes were made
    assert not entries(env, ClockEntry) and not entries(env, DeclareEntry)


def test_v1_plays_as_v0_while_the_agent_strikes():
    """Random actions make strokes: the seeded episode of v1 is v0's, step for step."""
    from env_traces import trace

    assert trace("carrom/Singles-v1") == trace("carrom/Singles-v0")
