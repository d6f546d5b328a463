"""Clear the board: the laws for a player whose every coin is its own, stroke by stroke.

Strokes are letters: ``w``/``b``/``q`` a white, black coin or the queen pocketed (in that
order), ``S`` the striker pocketed too, ``-`` a stroke that pockets nothing, ``.`` an attempt
that neither leaves the baseline nor touches a piece (not a stroke, ICF 127 b).
"""

import gymnasium as gym
import numpy as np
import pytest

import carrom.envs  # noqa: F401
from carrom.envs.clearboard import ClearState, ShotFacts, new_state, rule
from carrom.equipment import Layout, PieceKind, Seat, opening_formation
from carrom.physics import Strike, simulate, simulate_batch

KIND = {"w": PieceKind.WHITE, "b": PieceKind.BLACK, "q": PieceKind.QUEEN}


def facts(state: ClearState, stroke: str) -> ShotFacts:
    pocketed = tuple(KIND[c] for c in stroke if c in KIND)
    discs = list(state.layout.discs)
    for kind in pocketed:
        discs.remove(next(d for d in discs if d.kind is kind))
    attempt = stroke == "."
    return ShotFacts(pocketed, "S" in stroke, not attempt, not attempt, Layout(tuple(discs)))


def play(strokes: str, state: ClearState | None = None) -> ClearState:
    state = state or new_state()
    for stroke in strokes.split():
        state = rule(state, facts(state, stroke))
    return state


# (law, strokes, (down, queen, dues, strokes counted))
CASES = [
    ("ICF 48: a coin pocketed stays down", "w", (1, "board", 0, 1)),
    ("ICF 127 b: an attempt is not a stroke", ". .", (0, "board", 0, 0)),
    ("ICF 72 c: striker with none in the nets, the due outstanding", "S", (0, "board", 1, 1)),
    ("ICF 72 a: striker, a due from the nets", "w b S", (1, "board", 0, 3)),
    ("ICF 73: striker with coins, they come back, and a due", "w wbS", (0, "board", 0, 2)),
    ("ICF 72 c: the next coin pays the outstanding due", "S wb", (1, "board", 0, 2)),
    ("ICF 95 a: the queen before any coin comes back", "q", (0, "board", 0, 1)),
    ("ICF 95 b: the queen while a due is outstanding comes back", "S w", (0, "board", 0, 2)),
    ("ICF 92: the queen after a coin, to be covered", "w q", (1, "pending", 0, 2)),
    ("ICF 15: covered the next stroke", "w q b", (3, "covered", 0, 3)),
    ("ICF 96: not covered, the queen comes back", "w q -", (1, "board", 0, 3)),
    ("ICF 97 a: the queen with own coins is covered", "w qbw", (4, "covered", 0, 2)),
    ("ICF 97 b: with one coin while all are on, not yet", "qw", (1, "pending", 0, 1)),
    ("ICF 99 a: the queen with the striker comes back", "w qS", (0, "board", 0, 2)),
    ("ICF 100 a: the striker instead of the cover", "w q S", (0, "board", 0, 3)),
    ("ICF 101 a: the striker with the covering coin, still to cover", "w q bS", (0, "pending", 0, 3)),
]


@pytest.mark.parametrize("strokes, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_laws(strokes, expected):
    state = play(strokes)
    assert (state.down, state.queen, state.dues, state.strokes) == expected
    on = sum(1 for d in state.layout.discs if d.kind is not PieceKind.QUEEN)
    assert on == 18 - (state.down - (state.queen == "covered"))  # every coin accounted for
    queen_on = any(d.kind is PieceKind.QUEEN for d in state.layout.discs)
    assert queen_on == (state.queen == "board")


def test_the_last_coin_before_the_queen_loses_icf_107():
    state = play("w " * 9 + "b " * 9)
    assert state.lost and not state.cleared and state.over and state.down == 18


def test_cleared_when_every_piece_is_down():
    state = play("w q b " + "w " * 8 + "b " * 8)
    assert state.cleared and not state.lost and state.down == 19 and state.strokes == 19


def test_batch_rows_give_the_facts_of_single_shots():
    layout = opening_formation()
    strikes = [Strike.from_seat(Seat.SOUTH, a, d, v) for a, d, v in
               [(0.0, 0.0, 6.5), (0.1, 0.3, 3.0), (-0.15, -0.2, 5.0), (0.05, 0.0, 0.05)]]
    batch = simulate_batch(layout, strikes)
    for k, strike in enumerate(strikes):
        assert ShotFacts.of_batch(batch, k) == ShotFacts.of_shot(simulate(layout, strike))


def test_episode_returns_add_up_to_the_pieces_down():
    env = gym.make("carrom/ClearBoard-v0")
    env.reset(seed=5)
    env.action_space.seed(5)
    total = 0.0
    for _ in range(40):
        _obs, reward, term, trunc, info = env.step(env.action_space.sample())
        total += reward
        if term or trunc:
            break
    assert total == info["down"] > 0


def test_stroke_reward_counts_strokes():
    env = gym.make("carrom/ClearBoard-v0", reward="strokes")
    env.reset(seed=0)
    _obs, reward, *_rest, info = env.step(np.array([0.0, 0.0, 1.0], dtype=np.float32))
    assert reward == -1.0 and info["strokes"] == 1
