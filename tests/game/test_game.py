"""The game loop: referee and physics joined, as a bot or a person plays it (issue "Play carrom")."""

import math

import pytest

from carrom.equipment import Disc, Layout, PieceKind, Seat as EqSeat, opening_formation
from carrom.game import Game, GameError
from carrom.players import RandomPlayer, play_out, step
from carrom.records import dumps, load_record
from carrom.rules import Expect, Expected

SINGLES = {"south": "Asha", "north": "Ravi"}
DOUBLES = {"south": "Asha", "east": "Bilal", "north": "Ravi", "west": "Dana"}


def check_invariants(game: Game) -> None:
    """The discs on the table are the pieces the referee counts on the board (ICF 65, 93)."""
    board = game.state.board
    if board.result is not None or game.over:
        return
    for kind, coin in ((PieceKind.WHITE, "white"), (PieceKind.BLACK, "black"), (PieceKind.QUEEN, "queen")):
        assert game.layout.count(kind) == board.counts()[coin], (kind, board)
    discs = game.layout.discs
    for i, a in enumerate(discs):
        assert abs(a.x) < 0.37 and abs(a.y) < 0.37
        for b in discs[i + 1:]:
            assert math.hypot(a.x - b.x, a.y - b.y) >= a.radius + b.radius - 1e-6


@pytest.mark.parametrize("variant", ["icf", "fr-official", "fr-simplified", "timed"])
@pytest.mark.parametrize("players", [SINGLES, DOUBLES], ids=["singles", "doubles"])
def test_complete_match_bot_against_bot(variant, players):
    """A whole match between random legal players, the referee's invariants checked after every action."""
    game = Game.new(players, variant=variant)
    bots = {seat: RandomPlayer(i) for i, seat in enumerate(players)}
    n = 0
    while not game.over:
        step(game, bots)
        check_invariants(game)
        n += 1
        assert n < 20_000
    assert game.state.winner in (0, 1)
    assert len(game.record.entries) >= n


def test_a_saved_game_resumes_exactly(tmp_path):
    """Every stroke is recorded with the player's choice, so the record rebuilds the very same board."""
    game = Game.new(SINGLES)
    bots = {s: RandomPlayer(7) for s in SINGLES}
    for _ in range(150):
        step(game, bots)
    again = Game.resume(load_record(dumps(game.record)))
    assert again.state == game.state
    assert again.layout == game.layout


def test_the_opening_is_the_formation_and_the_breaker_strikes_first():
    """ICF 41 a, 42, 43: the formation, the breaker in turn with the whites."""
    game = Game.new(SINGLES, first_breaker="north")
    assert game.layout == opening_formation()
    assert game.expected() == Expected(Expect.STROKE, "north")


def test_a_straight_break_is_ruled_and_recorded():
    game = Game.new(SINGLES)
    report = game.strike("south", 0.0, 0.0, 6.0)
    assert report.completed and report.ruling is not None
    assert "ICF 44" in report.ruling.laws
    entry = game.record.entries[-1]
    assert entry.choice.speed == 6.0 and entry.outcome.touched
    check_invariants(game)


@pytest.mark.parametrize("args, message", [
    (("north", 0.0, 0.0, 5.0), "stroke: not now, the laws wait for South"),
    (("south", 0.0, 0.0, 50.0), "out of range"),
    (("south", 0.0, 0.0, 0.0), "out of range"),
    (("south", float("nan"), 0.0, 5.0), "finite"),
    (("south", 10**400, 0.0, 5.0), "along must be a finite number"),  # an integer beyond the floats
    (("south", 0.0, 0.0, 10**400), "speed must be a finite number"),
    (("south", 0.30, 0.0, 5.0), "ICF 130"),
    (("up", 0.0, 0.0, 5.0), "not a seat"),
])
def test_bad_strikes_are_refused_and_change_nothing(args, message):
    game = Game.new(SINGLES)
    before = (game.state, game.layout, len(game.record.entries))
    with pytest.raises(GameError, match=message):
        game.strike(*args)
    assert (game.state, game.layout, len(game.record.entries)) == before


def _owe_a_coin(game: Game) -> None:
    """Play until a coin is owed for placing."""
    bots = {s: RandomPlayer(3) for s in SINGLES}
    for _ in range(2000):
        if game.expected().kind == "place":
            return
        step(game, bots)
    raise AssertionError("no coin owed in 2000 actions")


def test_placement_where_the_law_forbids_is_refused_with_the_reason():
    """ICF 84 a, 85, 86, 89: inside the outer circle, not over the centre circle, not on a piece."""
    game = Game.new(SINGLES)
    _owe_a_coin(game)
    seat = game.expected().seat
    before = (game.state, game.layout)
    with pytest.raises(GameError, match="outer centre circle"):
        game.place(seat, 0.2, 0.2)
    with pytest.raises(GameError, match="inner"):
        game.place(seat, 0.0, 0.0)
    assert (game.state, game.layout) == before


def test_no_room_for_the_striker_replays_the_board():
    """ICF 142: coins lying on the baselines leave no room for the striker: the board is replayed."""
    game = Game.new(SINGLES)
    game.strike("south", 0.0, 0.0, 6.0)
    while game.expected() != Expected(Expect.STROKE, "north"):
        step(game, {s: RandomPlayer(1) for s in SINGLES})
        if game.state.board.strokes == 0:
            pytest.fail("the board ended before North's turn")
    board_before = game.state.board_index
    # Wall north's baseline with coins (the referee counts pieces, the layout says where they lie).
    discs = [d for d in game.layout.discs]
    y = 0.37 - 0.1015 - 0.0159
    wall = tuple(Disc(PieceKind.WHITE if i % 2 else PieceKind.BLACK, -0.25 + i * 0.0319, y) for i in range(17))
    game.layout = Layout(tuple(discs[:2]) + wall)
    rulings = game.replay_if_no_room()
    assert rulings and "ICF 142" in rulings[0].laws
    assert game.state.board_index == board_before + 1
    assert game.layout == opening_formation()


def test_a_weak_stroke_that_never_leaves_the_baseline_is_not_a_stroke():
    """ICF 127 b: the striker did not leave the baseline and moved nothing: the stroke is not completed."""
    game = Game.new(SINGLES)
    report = game.strike("south", 0.0, math.pi / 2 - 0.01, 0.01)
    assert not report.completed and report.ruling is None
    assert game.record.entries == [] and game.expected() == Expected(Expect.STROKE, "south")


def test_a_break_that_pressed_two_coins_together_does_not_stop_the_game():
    """A v3 break from north left two coins 3.45 µm into each other, deeper than the physics takes as a layout:
    every stroke after it was a ValueError, and the match could not go on (carrom.physics.rest corrects the rest
    positions; tests/physics/test_physics_rest.py)."""
    game = Game.new(SINGLES, first_breaker="north")
    forward = math.atan2(EqSeat.NORTH.forward[1], EqSeat.NORTH.forward[0])
    report = game.strike("north", 0.019604362169869854, -2.7070960974280416 - forward, 3.1142727880063035)
    assert "ICF 44" in report.ruling.laws  # the break made
    seat = game.expected().seat
    lo, hi = max(game.legal_intervals(seat), key=lambda iv: iv[1] - iv[0])
    after = game.strike(seat, (lo + hi) / 2, 0.0, 1.0)
    assert after.ruling is not None and game.record.entries[-1].seat == seat
