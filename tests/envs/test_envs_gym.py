"""The Gymnasium environments: the library's own checker, spaces, options, seeding, rendering."""

import re
from pathlib import Path
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import carrom.envs  # noqa: F401  (registers the ids)
from carrom.envs import spaces as S
from carrom.equipment import Seat as EqSeat, legal_intervals, opening_formation, why_illegal
from carrom.physics import MODELS
from carrom.rules import Seat

IDS = ("carrom/Singles-v0", "carrom/ClearBoard-v0", "carrom/ClearBoard-v1")


@pytest.mark.parametrize("env_id", IDS)
def test_passes_gymnasiums_checker_without_warnings(env_id):
    env = gym.make(env_id, render_mode="rgb_array")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("env_id", IDS)
def test_same_seed_same_episode(env_id):
    def run(seed):
        env = gym.make(env_id, noise=1.0)
        env.reset(seed=seed)
        env.action_space.seed(seed)
        out = []
        for _ in range(6):
            obs, reward, term, trunc, _info = env.step(env.action_space.sample())
            out.append((obs["discs"].tobytes(), reward))
            if term or trunc:
                break
        return out

    assert run(3) == run(3)
    assert run(3) != run(4)


@pytest.mark.parametrize("env_id", IDS)
def test_rgb_array_is_the_board(env_id):
    env = gym.make(env_id, render_mode="rgb_array")
    env.reset(seed=0)
    frame = env.render()
    assert frame.shape == (400, 400, 3) and frame.dtype == np.uint8
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 4  # frame, surface, lines, pieces


def test_human_mode_draws_in_a_matplotlib_window():
    import matplotlib

    matplotlib.use("Agg")
    env = gym.make("carrom/ClearBoard-v0", render_mode="human")
    env.reset(seed=0)
    assert env.render() is None
    assert env.unwrapped._window.figure is not None
    env.close()
    assert env.unwrapped._window.figure is None


def test_illegal_position_goes_to_the_nearest_legal_one():
    layout = opening_formation()
    intervals = legal_intervals(EqSeat.SOUTH, layout)
    gap = (intervals[0][1] + intervals[1][0]) / 2 / S.ALONG_MAX  # between base circle and line
    along, angle, speed = S.to_strike([gap, 0.0, 1.0], intervals, 0.0, np.random.default_rng(0))
    assert not why_illegal(EqSeat.SOUTH, along, layout)
    assert along in (intervals[0][1], intervals[1][0])
    assert speed == pytest.approx(6.5) and angle == 0.0


def test_action_units():
    rng = np.random.default_rng(0)
    full = ((-S.ALONG_MAX, S.ALONG_MAX),)
    assert S.to_strike([0.5, 0.5, -1.0], full, 0.0, rng) == pytest.approx((S.ALONG_MAX / 2, np.pi / 2, S.MIN_SPEED))
    assert S.to_strike([7.0, 0.0, 0.0], full, 0.0, rng)[0] == pytest.approx(S.ALONG_MAX)  # clipped to the box


@pytest.mark.parametrize("bad, words", [
    ([0.0, 0.0], "shape (3,)"), ([0.0, np.nan, 0.0], "finite"), ("left", "three numbers"),
])
def test_bad_actions_are_refused_by_name_and_change_nothing(bad, words):
    env = gym.make("carrom/Singles-v0", first_breaker="agent")
    env.reset(seed=0)
    game = env.unwrapped.game
    with pytest.raises(ValueError, match=re.escape(words)):
        env.step(bad)
    assert game.layout == opening_formation() and game.record.entries == []


@pytest.mark.parametrize("kwargs, words", [
    ({"opponent": "grandmaster"}, "opponent 'grandmaster' is not one of random, beginner"),
    ({"episode": "season"}, "episode 'season' is not one of board, game, match"),
    ({"rules": "backgammon"}, "rules 'backgammon' is not one of icf"),
    ({"noise": -1}, "noise must be a finite number ≥ 0"),
    ({"noise": 10**400}, "noise must be a finite number ≥ 0"),
    ({"render_mode": "ascii"}, "render_mode 'ascii' is not one of rgb_array, human"),
])
@pytest.mark.filterwarnings("ignore:.*initialised with render_mode='ascii'")  # gymnasium's own warning, before ours
def test_bad_options_are_named(kwargs, words):
    with pytest.raises(ValueError, match=words):
        gym.make("carrom/Singles-v0", **kwargs)


def test_observation_reads_the_referee():
    env = gym.make("carrom/Singles-v0", first_breaker="agent", seat="north")
    obs, info = env.reset(seed=0)
    assert obs["colour"] == 0 and obs["turn"] == 0 and obs["broken"] == 0  # the breaker plays white (ICF 43)
    assert obs["discs"][:, 2].sum() == 19 and obs["queen"] == 0
    assert list(obs["score"]) == [0, 0, 0, 0] and list(obs["dues"]) == [0, 0]
    # north sees the board from its own seat: the queen at the centre, its own baseline below
    assert obs["discs"][18, :2] == pytest.approx([0.0, 0.0], abs=1e-6)
    env2 = gym.make("carrom/Singles-v0", first_breaker="opponent")
    obs2, _ = env2.reset(seed=0)
    assert obs2["colour"] == 1  # the opponent broke: the agent has black


@pytest.mark.parametrize("episode", ["board", "game"])
def test_episode_ends_when_its_unit_is_decided_and_rewards_are_the_board_points(episode):
    # A whole game of random strokes under v3 (whose breaks pocket less) outlasts the
    # default 500 steps: this test is about the end of the unit, not the time limit.
    env = gym.make("carrom/Singles-v0", opponent="beginner", episode=episode, first_breaker="agent", max_episode_steps=3000)
    env.reset(seed=1)
    env.action_space.seed(1)
    total, term = 0.0, False
    while not term:
        _obs, reward, term, trunc, _info = env.step(env.action_space.sample())
        total += reward
        assert not trunc
    state = env.unwrapped.game.state
    side = state.table.side(Seat("south"))
    records = state.results
    if episode == "board":
        assert len(records) == 1
    else:
        assert state.game_index == 1 or state.over
    mine = sum(r.queen[side] + r.coins[side] - r.queen[1 - side] - r.coins[1 - side] for r in records)
    assert total == mine != 0


def test_rules_variant_and_opponent_reach_the_game():
    env = gym.make("carrom/Singles-v0", rules="fr-official", opponent="random", seat="east")
    env.reset(seed=0)
    game = env.unwrapped.game
    assert game.state.rules.name == "fr-official"
    assert game.state.player(Seat.WEST) == "random bot" and game.state.player(Seat.EAST) == "agent"
    env.reset(seed=0, options={"opponent": "expert", "first_breaker": "agent"})
    assert env.unwrapped.game.state.player(Seat.WEST) == "expert bot"
    assert env.unwrapped.game.state.breaker is Seat.EAST
    with pytest.raises(ValueError, match=r"unknown reset options \['colour'\]"):
        env.reset(options={"colour": "white"})


def test_noise_disturbs_the_stroke_played():
    def break_with(noise):
        env = gym.make("carrom/ClearBoard-v0", noise=noise)
        env.reset(seed=0)
        env.step([0.0, 0.0, 1.0])
        return env.unwrapped.state.layout

    assert break_with(0.0) == break_with(0.0)
    assert break_with(1.0) != break_with(0.0)


def test_a_match_episode_lasts_until_the_match_is_won():
    env = gym.make("carrom/Singles-v0", rules="fr-simplified", opponent="intermediate", episode="match",
                   first_breaker="opponent").unwrapped  # no TimeLimit: the whole match
    env.reset(seed=0)
    total, term, boards = 0.0, False, []
    for _ in range(5000):
        if term:
            break
        # a weak agent: it loses, and every board of the match is played before the episode ends
        _obs, reward, term, trunc, info = env.step(np.array([0.0, 1.0, -0.5], dtype=np.float32))
        total += reward
        boards.append(info["boards"])
        assert not trunc
    state = env.unwrapped.game.state
    me = state.table.side(Seat.SOUTH)
    assert state.over and state.winner == 1 - me
    assert max(boards) == len(state.results) > 1
    assert total == sum(r.queen[me] + r.coins[me] - r.queen[1 - me] - r.coins[1 - me] for r in state.results) < 0


def test_the_module_prefix_registers_the_ids_on_the_way():
    import os
    import subprocess
    import sys

    code = "import gymnasium as gym; print(gym.make('carrom.envs:carrom/ClearBoard-v0').spec.max_episode_steps)"
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(carrom.envs.MAX_STROKES)


def test_the_angle_covers_every_direction_and_forward_keeps_the_old_scale():
    """ICF 17, 33, 34: the striker is flicked, with the thumb for a backward stroke; only its place is ruled
    (ICF 130). a = ±1 is straight back (π), ±0.5 along the baseline; ``directions="forward"`` reads a · π/2."""
    rng = np.random.default_rng(0)
    full = ((-S.ALONG_MAX, S.ALONG_MAX),)
    assert S.to_strike([0.0, 1.0, 0.0], full, 0.0, rng)[1] == pytest.approx(np.pi)
    assert S.to_strike([0.0, -0.5, 0.0], full, 0.0, rng)[1] == pytest.approx(-np.pi / 2)
    forward = S.check_directions("forward")
    assert S.to_strike([0.0, 1.0, 0.0], full, 0.0, rng, max_angle=forward)[1] == pytest.approx(np.pi / 2)
    with pytest.raises(ValueError, match="directions 'sideways' is not one of all, forward"):
        gym.make("carrom/ClearBoard-v0", directions="sideways")


def test_a_backward_stroke_is_played_and_recorded_as_aimed():
    """A stroke straight back (a = 1) from the middle of the baseline, which the old forward-only scale could not
    ask for (ICF 17: thumbing): the game plays it at π and the record keeps that angle; ``directions="forward"``
    reads the same action as the old scale did, straight to the left (π/2)."""
    for directions, angle in (("all", np.pi), ("forward", np.pi / 2)):
        env = gym.make("carrom/Singles-v0", first_breaker="agent", directions=directions)
        env.reset(seed=0)
        env.step([0.0, 1.0, 0.0])
        first = env.unwrapped.game.record.entries[0]
        assert first.seat == "south" and abs(first.choice.angle) == pytest.approx(angle)


@pytest.mark.parametrize("env_id", IDS)
def test_the_physics_option_is_played_and_recorded(env_id):
    """``physics`` names the model: the strokes are simulated with it, ``info`` says it, and a match's record
    names it (v1, the first model, goes unnamed in records)."""
    breaks = {}
    for model in ("v1", "v3"):
        env = gym.make(env_id, physics=model, **({"first_breaker": "agent"} if "Singles" in env_id else {}))
        _obs, info = env.reset(seed=0)
        assert info["physics"] == model
        obs, *_rest, info = env.step([0.0, 0.0, 1.0])
        assert info["physics"] == model
        breaks[model] = obs["discs"].tobytes()
        if "Singles" in env_id:
            game = env.unwrapped.game
            assert game.params is MODELS[model]
            assert game.record.header.physics == (None if model == "v1" else model)
    assert breaks["v1"] != breaks["v3"]  # the same break, two models: two outcomes
    with pytest.raises(ValueError, match="physics 'v9' is not one of v1, v2, v3"):
        gym.make(env_id, physics="v9")


@pytest.mark.parametrize("env_id", IDS)
def test_the_board_speed_option_is_played_recorded_and_said(env_id):
    """``board_speed`` puts v4 on a slow, medium or fast board (more powder, less sliding friction; the
    law only bounds it: a full-force striker covers at least three and a half lengths, ICF I.A.1):
    ``info`` says the model and the speed, a match's record names the pair as a replay reads it
    (``v4-slow``, ``v4``, ``v4-fast``), and the same break runs farther on a faster board."""
    from carrom.physics import physics_model

    breaks = {}
    for speed, name in (("slow", "v4-slow"), ("medium", "v4"), ("fast", "v4-fast")):
        env = gym.make(env_id, physics="v4", board_speed=speed,
                       **({"first_breaker": "agent"} if "Singles" in env_id else {}))
        _obs, info = env.reset(seed=0)
        assert (info["physics"], info["board_speed"]) == ("v4", speed)
        assert env.unwrapped.params is not MODELS["v3"] and env.unwrapped.params.model == name
        obs, *_rest, info = env.step([0.0, 0.0, 0.6])
        assert (info["physics"], info["board_speed"]) == ("v4", speed)
        breaks[speed] = obs["discs"].tobytes()
        if "Singles" in env_id:
            header = env.unwrapped.game.record.header
            assert header.physics == name and physics_model(header.physics) == env.unwrapped.params
    assert len(set(breaks.values())) == 3  # one break, three boards: three outcomes
    _obs, info = gym.make(env_id, physics="v3").reset(seed=0)
    assert info["board_speed"] == "slow"  # v1-v3 play on the slow preset's board (mu 0.15)
    with pytest.raises(ValueError, match="board_speed 'quick' is not one of slow, medium, fast"):
        gym.make(env_id, physics="v4", board_speed="quick")
    with pytest.raises(ValueError, match="board_speed 'fast' needs physics 'v4'"):
        gym.make(env_id, physics="v3", board_speed="fast")
