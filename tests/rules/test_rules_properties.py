"""Properties of the referee over random matches (hypothesis).

Each example plays a random sequence of actions: mostly legal ones (stroke outcomes drawn
from the pieces actually on the board, every owed coin placed, extra points claimed, the
tie-break toss declared), with now and then a wild action that the laws may refuse.

Laws behind the properties: ICF part I and 4 (nine white, nine black, one queen: every
piece is on the board, in the nets or held to be placed, ICF 78), ICF 53 (points are coins
and the queen, never negative), ICF 55 (at most 12 points a board), and the referee's
contract: a refused action changes nothing, undo restores, the same actions give the same
rulings.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carrom.rules import Coin, Concede, Declare, Forfeit, Foul, Place, RulesError, Scoring, Seat, Stroke, StrokeOutcome, Timeout
from rules_helpers import new

COLOURS = (Coin.WHITE, Coin.BLACK)
RULES = ["icf", "fr-official", "timed", "fr-simplified"]
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def count(rnd, n):
    """How many of ``n`` pieces: usually a few, sometimes any number (so boards end)."""
    if n == 0:
        return 0
    return rnd.randint(0, min(2, n)) if rnd.random() < 0.6 else rnd.randint(0, n)


def legal_stroke(rnd, m, seat):
    """A stroke the board can have produced: no more pieces in or off than are there."""
    b = m.state.board
    pocketed, off = [], []
    for coin in COLOURS:
        k = count(rnd, b.on_board(coin))
        j = rnd.randint(0, min(1, b.on_board(coin) - k))
        pocketed += [coin] * k
        off += [coin] * j
    if b.queen == "board":
        q = rnd.randint(0, 3)
        if q == 1:
            pocketed.append(Coin.QUEEN)
        elif q == 2:
            off.append(Coin.QUEEN)
    rnd.shuffle(pocketed)
    touched = True if (pocketed or off) else rnd.random() < 0.7
    striker = rnd.random() < 0.2
    fouls = (rnd.choice(list(Foul)),) if rnd.random() < 0.15 else ()
    return Stroke(seat, StrokeOutcome(tuple(pocketed), striker, tuple(off), touched), fouls)


def wild_action(rnd, m):
    """Anything at all, from any seat: the laws may refuse it."""
    seat = rnd.choice(list(Seat))
    kind = rnd.randint(0, 6)
    if kind == 0:
        coins = [rnd.choice(list(Coin)) for _ in range(rnd.randint(0, 10))]
        off = [rnd.choice(list(Coin)) for _ in range(rnd.randint(0, 2))]
        return Stroke(seat, StrokeOutcome(tuple(coins), rnd.random() < 0.5, tuple(off), rnd.random() < 0.5))
    if kind == 1:
        return Place(seat, rnd.choice([None, *Coin]), rnd.random() < 0.3)
    if kind == 2:
        return Declare(seat, rnd.choice(["extra 1", "extra 9", "toss north", "toss west", "technical", "wait",
                                         "dance", "replay", "no-room", "late", ""]))
    if kind == 3:
        return Timeout(seat)
    if kind == 4:
        return Concede(seat, rnd.choice(["board", "game", "everything"]))
    if kind == 5:
        return Forfeit(seat)
    return legal_stroke(rnd, m, seat)  # a plausible stroke, perhaps out of turn


def next_action(rnd, m):
    exp = m.expected()
    kind, seat = exp.kind, exp.seat
    if rnd.random() < 0.1:
        return wild_action(rnd, m)
    if kind == "place":
        return Place(seat)
    if kind == "claim":
        if rnd.random() < 0.3:  # ICF 87 b: no demand; the next action closes the claim
            return Place(seat) if m.state.over else next_action(rnd, _without_claim(m))
        return Declare(seat, f"extra {rnd.randint(0, m.state.claim.most)}")
    if kind == "toss":
        return Declare(seat, "toss " + rnd.choice(m.state.table.seats).value)
    if m.state.rules.timed and rnd.random() < 0.025:
        return Timeout(seat)
    return legal_stroke(rnd, m, seat)


def _without_claim(m):
    """The same match with the claim given up, to draw the next action from."""
    from dataclasses import replace

    from carrom.rules import Match

    return Match(replace(m.state, claim=None))


def play_random(seed, rules, doubles, steps, on_play=None, on_refused=None):
    """Play a random match; return the match, the accepted actions and their rulings.

    The actions come from ``random.Random(seed)``, so a shorter ``steps`` replays a prefix of
    the same match: hypothesis shrinks a failure to the first action that shows it.
    """
    rnd = random.Random(seed)
    m = new(rules, doubles=doubles)
    actions, rulings = [], []
    for _ in range(steps):
        if m.state.over:
            break
        action = next_action(rnd, m)
        before = m.state
        try:
            ruling = m.play(action)
        except RulesError:
            if on_refused:
                on_refused(m, before, action)
            continue
        actions.append(action)
        rulings.append(ruling)
        if on_play:
            on_play(m, before, action, ruling)
    return m, actions, rulings


def match_args():
    return dict(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES), doubles=st.booleans(),
                steps=st.integers(1, 250))


def check_pieces(m, before, action, ruling):
    """ICF I: nine of each colour and one queen, each on the board, in the nets or held to be placed."""
    b = m.state.board
    for coin in COLOURS:
        assert 0 <= b.on_board(coin) <= 9
        assert 0 <= b.held(coin)
        assert b.on_board(coin) + b.held(coin) + b.in_nets(coin) == 9
        assert b.in_nets(coin) >= 0
        side = b.side_of_colour(coin)
        if b.debts[side] and isinstance(action, Stroke):  # ICF 72 c, 83: a due waits only while none is in the nets
            assert b.in_nets(coin) == 0
    assert b.queen in ("board", "pending", "covered")
    assert b.on_board(Coin.QUEEN) == (1 if b.queen == "board" else 0)
    assert (b.queen_side is None) == (b.queen == "board")
    same_board = (m.state.game_index, m.state.board_index) == (before.game_index, before.board_index)
    if isinstance(action, Stroke) and same_board and before.board.broken:
        # only what went in leaves the board; pieces off the board come back (ICF 65)
        for coin in COLOURS:
            assert b.on_board(coin) == before.board.on_board(coin) - action.outcome.pocketed.count(coin)
    if isinstance(action, Place) and not action.waive:
        placed = [c for c in COLOURS if b.on_board(c) == before.board.on_board(c) + 1]
        assert len(placed) == 1 and len(b.owed) == len(before.board.owed) - 1


def check_scores(m, before, action, ruling):
    """ICF 53: scores are sums of coin and queen points: never negative; ICF 55: at most 12 a board."""
    for game in m.state.points:
        assert min(game) >= 0
    if before.claim is not None and isinstance(action, Declare) and action.what.startswith("extra"):
        before = before.claim.before  # ICF 87 b: a demand scores the board again, from where it ended
    assert len(m.state.points) >= len(before.points)
    if len(m.state.points) == len(before.points):  # same game: scores only grow
        assert all(a >= b for a, b in zip(m.state.points[-1], before.points[-1]))
    for row in m.state.results:
        assert min(row.queen) >= 0 and min(row.coins) >= 0
        if m.state.rules.scoring is Scoring.ICF:
            assert sum(row.queen) + sum(row.coins) <= 12
            assert row.winner is None or row.queen[1 - row.winner] == row.coins[1 - row.winner] == 0
    assert all(d.text for d in ruling.decisions)


@SETTINGS
@given(**match_args())
def test_pieces_are_always_accounted_for(seed, rules, doubles, steps):
    play_random(seed, rules, doubles, steps, on_play=check_pieces)


@SETTINGS
@given(**match_args())
def test_scores_never_negative_and_boards_capped(seed, rules, doubles, steps):
    m, _, _ = play_random(seed, rules, doubles, steps, on_play=check_scores)
    if m.state.over:
        assert (m.expected() is None or m.expected().optional) and m.state.winner in (0, 1)


def check_undo(m, before, action, ruling):
    after = m.state
    undone = m.undo()
    assert undone == ruling
    assert m.state is before and m.state == before
    again = m.play(action)
    assert again == ruling and m.state == after


@SETTINGS
@given(**match_args())
def test_undo_restores_the_previous_state_exactly(seed, rules, doubles, steps):
    m, actions, _ = play_random(seed, rules, doubles, steps, on_play=check_undo)
    states = [s for s, _ in m.history]
    while m.history:
        m.undo()
        assert m.state is states[len(m.history)]
    assert m.state == new(rules, doubles=doubles).state  # back to before the first break


@SETTINGS
@given(**match_args())
def test_replaying_the_same_actions_is_deterministic(seed, rules, doubles, steps):
    m, actions, rulings = play_random(seed, rules, doubles, steps)
    fresh = new(rules, doubles=doubles)
    again = fresh.replay(actions)
    assert again == rulings
    assert fresh.state == m.state
    assert [s for s, _ in fresh.history] == [s for s, _ in m.history]


def check_refused(m, before, action):
    assert m.state is before and m.state == before


@SETTINGS
@given(**match_args())
def test_refused_actions_leave_the_state_unchanged(seed, rules, doubles, steps):
    refusals = []

    def on_refused(m, before, action):
        check_refused(m, before, action)
        refusals.append(action)

    m, actions, _ = play_random(seed, rules, doubles, steps, on_refused=on_refused)
    assert len(m.history) == len(actions)
