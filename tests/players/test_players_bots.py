"""The bots choose legal strikes and placements, pot what they aim at, and play boards to the end."""

import pytest

from carrom.equipment import Disc, Layout, PieceKind, opening_formation
from carrom.game import Game
from carrom.players import LEVELS, GeometricPlayer, RandomPlayer, SearchPlayer, make_bot, step
from carrom.rules import Seat

SINGLES = {"south": "Asha", "north": "Ravi"}


def positions(n=12, seed=0):
    """Games at varied positions reached by random play, each with a stroke expected."""
    out = []
    for k in range(n):
        g = Game.new(SINGLES)
        bots = {s: RandomPlayer(seed * 100 + k) for s in SINGLES}
        for _ in range(k * 3):
            step(g, bots)
        while g.expected()[0] != "stroke":
            step(g, bots)
        out.append(g)
    return out


@pytest.mark.parametrize("bot", [GeometricPlayer(1), GeometricPlayer(2, noise=3), SearchPlayer(3),
                                 SearchPlayer(4, noise=1, samples=2)], ids=["geometric", "noisy", "search", "noisy search"])
def test_choices_are_always_legal(bot):
    """A strike from a legal baseline position (ICF 130) at a speed the physics accepts; the game takes it."""
    for g in positions():
        seat = g.expected()[1]
        c = bot.choose_strike(g, seat)
        assert any(lo - 1e-9 <= c.along <= hi + 1e-9 for lo, hi in g.legal_intervals(seat))
        assert 0 < c.speed <= g.params.max_speed
        g.strike(seat, c.along, c.angle, c.speed)  # raises GameError if anything is illegal


def lone_coin_game(x, y):
    """South to strike, a single white (South's) at (x, y), black coins far away in the north."""
    g = Game.new(SINGLES)
    g.strike("south", 0.0, 0.0, 6.0)  # the break; then rebuild the table around the referee's counts
    while g.expected() != ("stroke", "south"):
        step(g, {s: RandomPlayer(9) for s in SINGLES})
    board = g.state.board
    discs = [Disc(PieceKind.WHITE, x, y)]
    discs += [Disc(PieceKind.WHITE, -0.05 + 0.034 * i, 0.30) for i in range(board.white - 1)]
    discs += [Disc(PieceKind.BLACK, -0.15 + 0.034 * i, 0.25) for i in range(board.black)]
    if board.queen == "board":
        discs.append(Disc(PieceKind.QUEEN, 0.20, 0.33))  # out of the way
    g.layout = Layout(tuple(discs))
    return g


def test_the_geometric_player_pots_a_coin_in_front_of_a_pocket():
    g = lone_coin_game(-0.25, -0.25)  # ten centimetres or so from the south-west pocket
    if g.expected() != ("stroke", "south"):
        pytest.fail("South should be to strike")
    c = GeometricPlayer(0).choose_strike(g, "south")
    report = g.strike("south", c.along, c.angle, c.speed)
    assert [p.kind for p in report.shot.coins_pocketed][:1] == [PieceKind.WHITE]


def test_the_search_player_pots_its_own_coins_most_of_the_time():
    """At zero noise over seeded positions: at least 60 % of its strokes pot an own piece."""
    bot, pots, strokes = SearchPlayer(5), 0, 0
    for g in positions(30, seed=1):
        seat = g.expected()[1]
        own = g.state.colour_of(Seat(seat)).value
        c = bot.choose_strike(g, seat)
        report = g.strike(seat, c.along, c.angle, c.speed)
        strokes += 1
        pots += any(p.kind.value == own for p in report.shot.coins_pocketed)
    assert pots / strokes >= 0.6, f"{pots}/{strokes}"


def test_placements_are_legal_or_waived():
    from carrom.equipment import placement_problems

    for bot in (GeometricPlayer(1), SearchPlayer(2)):
        g = Game.new(SINGLES)
        bots = {s: RandomPlayer(4) for s in SINGLES}
        while g.expected()[0] != "place":
            step(g, bots)
        spot = bot.choose_placement(g, g.expected()[1])
        assert spot is None or not placement_problems(g.layout, *spot)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_board_to_its_end(level):
    g = Game.new(SINGLES)
    bots = {"south": make_bot(level, 1), "north": make_bot(level, 2)}
    for _ in range(3000):
        if g.state.results:
            break
        step(g, bots)
    assert g.state.results and g.state.results[-1].winner in (0, 1, None)


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="beginner"):
        make_bot("grandmaster")
