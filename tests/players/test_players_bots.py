"""The bots choose legal strikes and placements, pot what they aim at, and play boards to the end."""

import math

import pytest

from carrom.equipment import STANDARD_BOARD, Disc, Layout, PieceKind, placement_problems, Seat as EqSeat
from carrom.game import Game
from carrom.physics import DEFAULT_PARAMS, MODELS, Strike, physics_model, simulate
from carrom.players import LEVELS, GeometricPlayer, MasterPlayer, RandomPlayer, SearchPlayer, make_bot, step
from carrom.players.geometric import MAX_ANGLE, plan_shots, targets
from carrom.players.master import rail_shots
from carrom.rules import Seat
from carrom.rules import Expect, Expected

SINGLES = {"south": "Asha", "north": "Ravi"}
DOUBLES = {"south": "Asha", "east": "Bela", "north": "Ravi", "west": "Dev"}


def positions(n=12, seed=0, players=SINGLES):
    """Games at varied positions reached by random play, each with a stroke expected."""
    out = []
    for k in range(n):
        g = Game.new(players)
        bots = {s: RandomPlayer(seed * 100 + k) for s in players}
        for _ in range(k * 3):
            if g.over:
                break
            step(g, bots)
        while not g.over and g.expected().kind != "stroke":
            step(g, bots)
        if not g.over:
            out.append(g)
    return out


def legal(g, seat, c):
    return any(lo - 1e-9 <= c.along <= hi + 1e-9 for lo, hi in g.legal_intervals(seat)) and \
        0 < c.speed <= g.params.max_speed and math.isfinite(c.angle)


BOTS = {
    "geometric": lambda: GeometricPlayer(1),
    "noisy geometric": lambda: GeometricPlayer(2, noise=3),
    "search": lambda: SearchPlayer(3, candidates=16),
    "noisy search": lambda: SearchPlayer(4, noise=1, candidates=16, samples=2),
    "master": lambda: MasterPlayer(5, candidates=16, top=3),
    "noisy master": lambda: MasterPlayer(6, noise=1, candidates=16, samples=2, top=3),
}


@pytest.mark.parametrize("bot", list(BOTS))
def test_choices_are_always_legal(bot):
    """A strike from a legal baseline position (ICF 130) at a speed the physics accepts; the game takes it."""
    player = BOTS[bot]()
    games = positions(14) + positions(4, seed=7, players=DOUBLES)
    for g in games:
        for _ in range(3):  # the position, and two after it
            if g.over or g.expected().kind != "stroke":
                break
            seat = g.expected().seat
            c = player.choose_strike(g, seat)
            assert legal(g, seat, c), (g.legal_intervals(seat), c)
            if player.noise == 0 and not isinstance(player, MasterPlayer):
                assert abs(c.angle) <= MAX_ANGLE + 1e-9  # forward: no thumbed stroke is planned (the master's thumbs)
            g.strike(seat, c.along, c.angle, c.speed)  # raises GameError if anything is illegal
            while not g.over and g.expected().kind != "stroke":
                step(g, {s: player for s in g.record.header.players})


def test_planned_shots_keep_to_the_limits():
    for g in positions(6, seed=3):
        seat = g.expected().seat
        for s in plan_shots(g, seat, limit=100, per_pair=3):
            assert s.cut < math.radians(70) + 1e-9 and abs(s.angle) <= MAX_ANGLE
            assert legal(g, seat, s.choice)
            assert s.target in targets(g, seat)


def lone_coin_game(x, y, params=None):
    """South to strike, one of South's coins at (x, y), everything else far off in a clump by the north-west."""
    g = Game.new(SINGLES, params=params)
    bots = {s: RandomPlayer(9) for s in SINGLES}
    while g.expected() != Expected(Expect.STROKE, "south") or g.state.board.strokes == 0:
        step(g, bots)
    board = g.state.board
    own = g.state.colour_of(Seat("south"))
    counts = {PieceKind.WHITE: board.white, PieceKind.BLACK: board.black}
    own_kind, other_kind = PieceKind(own.value), PieceKind(own.other.value)
    assert counts[own_kind] >= 1
    spots = iter([(-0.10 + 0.034 * (i % 6), 0.10 + 0.034 * (i // 6)) for i in range(20)])
    discs = [Disc(own_kind, x, y)]
    discs += [Disc(own_kind, *next(spots)) for _ in range(counts[own_kind] - 1)]
    discs += [Disc(other_kind, *next(spots)) for _ in range(counts[other_kind])]
    if board.queen == "board":
        discs.append(Disc(PieceKind.QUEEN, *next(spots)))
    g.layout = Layout(tuple(discs))
    return g


@pytest.mark.parametrize("pocket", [2, 3], ids=["north-east", "north-west"])
def test_the_geometric_player_pots_a_coin_in_front_of_a_pocket(pocket):
    """A coin 10 cm in front of a pocket, between it and the striker: straight in."""
    px, py = STANDARD_BOARD.pocket_centres()[pocket]
    d = 0.10 / math.sqrt(2)
    x, y = px - math.copysign(d, px), py - d
    g = lone_coin_game(x, y)
    c = GeometricPlayer(0).choose_strike(g, Seat.SOUTH)
    report = g.strike("south", c.along, c.angle, c.speed)
    first = report.shot.coins_pocketed[:1]
    assert [(p.index, p.pocket) for p in first] == [(0, pocket)]
    assert not report.shot.striker_pocketed


def test_the_search_player_pots_its_own_coins_most_of_the_time():
    """At zero noise over 30 seeded positions: at least 60 % of its strokes pot an own piece.

    An own piece: one of its coins, or the queen, which it often takes first when it may.
    """
    bot, pots, strokes = SearchPlayer(5), 0, 0
    for g in positions(30, seed=1):
        seat = g.expected().seat
        own = g.state.colour_of(Seat(seat)).value
        c = bot.choose_strike(g, seat)
        report = g.strike(seat, c.along, c.angle, c.speed)
        strokes += 1
        pots += any(p.kind.value in (own, "queen") for p in report.shot.coins_pocketed)
    assert strokes == 30
    assert pots / strokes >= 0.6, f"{pots}/{strokes}"


def test_placements_are_legal_or_waived():
    for bot in (GeometricPlayer(1), SearchPlayer(2)):
        for seed in range(3):
            g = Game.new(SINGLES)
            bots = {s: RandomPlayer(4 + seed) for s in SINGLES}
            while g.expected().kind != "place":
                step(g, bots)
            spot = bot.choose_placement(g, g.expected().seat)
            assert spot is None or not placement_problems(g.layout, *spot)
            if spot is not None:
                g.place(g.expected().seat, *spot)


@pytest.mark.parametrize("model", ["v1", "v3"])
def test_claims_are_the_most_the_laws_allow(model):
    g = Game.new(SINGLES, params=MODELS[model])  # v3: before the bots allowed for the throw, this board never ended
    bots = {s: GeometricPlayer(1) for s in SINGLES}
    while not g.state.results or g.state.claim is not None:
        if g.expected().kind == "claim":
            claim = bots["south"].choose_claim(g, g.expected().seat)
            assert claim == g.state.claim.most > 0
        step(g, bots)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_board_to_its_end(level):
    g = Game.new(SINGLES, first_breaker="north")
    bots = {"south": make_bot(level, 1), "north": make_bot(level, 2)}
    for _ in range(3000):
        if g.state.results:
            break
        step(g, bots)
    assert g.state.results and g.state.results[-1].winner in (0, 1, None)


def test_a_search_bot_and_a_geometric_bot_play_a_doubles_board():
    g = Game.new(DOUBLES)
    bots = {"south": SearchPlayer(1, candidates=16), "north": GeometricPlayer(2),
            "east": GeometricPlayer(3, noise=1), "west": RandomPlayer(4)}
    for _ in range(3000):
        if g.state.results:
            break
        step(g, bots)
    assert g.state.results


def test_the_levels():
    assert LEVELS == ("beginner", "intermediate", "advanced", "expert", "master")
    bots = [make_bot(level, 1) for level in LEVELS]
    assert [type(b) for b in bots] == [GeometricPlayer, GeometricPlayer, SearchPlayer, SearchPlayer, MasterPlayer]
    assert [b.noise for b in bots] == [3, 1, 1, 0.3, 0.3]


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="beginner"):
        make_bot("grandmaster")


def test_the_bots_are_repeatable_with_a_seed():
    g = positions(1, seed=2)[0]
    seat = g.expected().seat
    assert SearchPlayer(7, noise=1).choose_strike(g, seat) == SearchPlayer(7, noise=1).choose_strike(g, seat)
    assert GeometricPlayer(7, noise=2).choose_strike(g, seat) == GeometricPlayer(7, noise=2).choose_strike(g, seat)


def test_the_master_keeps_to_its_time_budget():
    """A deadline already past cuts every decision, and the choice is still legal; a generous one cuts none."""
    hurried, patient = MasterPlayer(1, noise=0.3, seconds=0.0), MasterPlayer(1, noise=0.3, seconds=600.0)
    for g in positions(5, seed=4):
        seat = g.expected().seat
        for bot in (hurried, patient):
            assert legal(g, seat, bot.choose_strike(g, seat))
    assert hurried.decisions == hurried.cut == 5
    assert patient.decisions == 5 and patient.cut == 0


def test_a_master_out_of_time_plays_the_search_players_choice():
    """Cut before any leave is valued, the master plays the best candidate by the search's own value."""
    g = positions(3, seed=5)[-1]
    seat = g.expected().seat
    assert MasterPlayer(3, simulations=0, samples=4).choose_strike(g, seat) == SearchPlayer(3).choose_strike(g, seat)


def game_with_own_coins(*spots):
    """South to strike, South's coins at ``spots``, every other piece parked by the south cushion, out of play.

    The pieces counted on the board stay as the referee has them; the parked ones lie
    behind South's baseline, where no forward stroke reaches them.
    """
    g = lone_coin_game(*spots[0])
    own_kind = g.layout.discs[0].kind
    kinds = [d.kind for d in g.layout.discs[1:]]
    parked = iter([(-0.27 + 0.034 * (i % 17), -0.345 + 0.034 * (i // 17)) for i in range(20)])
    discs = [Disc(own_kind, x, y) for x, y in spots]
    extra = len(spots) - 1
    for kind in kinds:
        if kind is own_kind and extra:
            extra -= 1
            continue
        discs.append(Disc(kind, *next(parked)))
    g.layout = Layout(tuple(discs))
    return g


class TwoShots(MasterPlayer):
    """A master offered only the given shots (the easiest on each of the given coins), in that order."""

    def __init__(self, coins, **kw):
        super().__init__(1, **kw)
        self.coins = coins

    def candidate_strikes(self, game, seat):
        shots = plan_shots(game, seat, limit=10_000, banks=False)
        return [next(s for s in shots if s.target == c).choice for c in self.coins]


def follow_up_position():
    """Coins A, B, C for the two tests below, under v1: with the throw of v3 or v4 (the default)
    the cut on A needs a striker path that C blocks, so there A has no planned shot at all (the
    leave's logic is the same)."""
    g = game_with_own_coins((0.296, 0.195), (-0.247, 0.266), (0.242, 0.128))
    g.params = MODELS["v1"]
    return g


def test_the_master_prefers_the_pot_that_leaves_a_follow_up():
    """Two sure pots, on coin A (index 0) and on coin B (1); coin C (2) has no clear shot while A stands.

    Potting A leaves B and C to pot next, potting B leaves only A: the master pots A,
    though B comes first among its candidates and both are worth the same at once.
    """
    g = follow_up_position()
    assert not [s for s in plan_shots(g, Seat.SOUTH, limit=10_000, banks=False) if s.target == 2]
    master = TwoShots([1, 0])
    cands = master.candidate_strikes(g, Seat.SOUTH)
    assert master.evaluate(g, Seat.SOUTH, cands) == [2.0, 2.0]  # each pots its coin and keeps the turn
    c = master.choose_strike(g, Seat.SOUTH)
    report = g.strike("south", c.along, c.angle, c.speed)
    assert [p.index for p in report.shot.coins_pocketed] == [0]
    assert [s for s in plan_shots(g, Seat.SOUTH, limit=10_000, banks=False) if s.target == 1]  # C, now index 1


def test_without_the_leave_the_two_pots_are_a_tie():
    """The same position valued by the search alone: the first candidate, the pot on B, is played."""
    g = follow_up_position()
    c = TwoShots([1, 0], leave=0.0).choose_strike(g, Seat.SOUTH)
    assert [p.index for p in g.strike("south", c.along, c.angle, c.speed).shot.coins_pocketed] == [1]


class Recording(MasterPlayer):
    """A master that notes how many candidates and copies each of its batches simulates."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.batches = []

    def simulate(self, game, seat, cands, samples=None):
        batch, n, values = super().simulate(game, seat, cands, samples)
        self.batches.append((len(cands), n, len(batch)))
        return batch, n, values


def test_the_master_judges_its_finalists_again_on_fresh_copies_of_its_hand():
    """Against the winner's curse: the ``top`` finalists of the screen are simulated again, ``confirm``
    fresh noisy copies each, in one more batch; without noise (or with ``confirm=0``) the screen decides."""
    g = positions(3, seed=5)[-1]
    seat = g.expected().seat
    noisy = Recording(3, noise=0.3, candidates=16, samples=4, top=5, confirm=7, replies=0)  # no reply batches
    assert legal(g, seat, noisy.choose_strike(g, seat))
    (screened, n0, rows0), (finalists, n1, rows1) = noisy.batches
    assert n0 == 4 and rows0 == screened * 4 and screened > 5
    assert (finalists, n1, rows1) == (5, 7, 35)
    for bot in (Recording(3, candidates=16, top=5, confirm=7, replies=0),
                Recording(3, noise=0.3, candidates=16, confirm=0, replies=0)):
        bot.choose_strike(g, seat)
        assert len(bot.batches) == 1
    replied = 0  # in some of these positions replies are simulated (in the position above none needs one)
    for g in positions(4, seed=5)[1:]:
        replying = Recording(3, noise=0.3, candidates=16, samples=4, top=5, confirm=7)  # the default: replies simulated
        replying.choose_strike(g, g.expected().seat)
        assert replying.batches[1] == (5, 7, 35)
        assert all(n == 3 for _c, n, _r in replying.batches[2:])  # the opponent's shots, 3 copies each
        replied += len(replying.batches) > 2
    assert replied


class RailsOnly(MasterPlayer):
    """A master offered only its rail shots: which of them pots is for its simulation to say."""

    def candidate_strikes(self, game, seat):
        return rail_shots(game, seat)


@pytest.mark.parametrize("model", [None, "v4-slow", "v4-fast", "v3"], ids=["default", "v4-slow", "v4-fast", "v3"])
def test_the_master_pots_a_coin_lying_on_a_cushion_along_it(model):
    """A coin against the east cushion: the planner's ghost point would be in the cushion, so the
    search finds no pot; the master's rail shots push it along the cushion into a corner.

    On every board of the default physics (v4, with its jaws) and under v3. Before they were
    re-tuned for v4 none of the 20 rail shots potted this coin under v4: the coin, pushed into
    the cushion and met again by the striker as it came off, left 5.3° off the cushion (2.8°
    under v3: v4's disc friction, lower at the slip speed, dragged it along the cushion less)
    and passed the corner outside the tipping circle; with v3's friction it reached the jaws
    at 1.8 m/s and rattled out (docs/players.md, "rail shots under v4"). Under v4 the whole
    master plays a hard rail shot whose striker runs on into the clump and pots a coin there
    (as good a stroke to it), so the rail shots are judged on their own here: at least two of
    them run the coin up the cushion into the corner, and the master offered only them
    chooses one that pots an own coin."""
    params = physics_model(model) if model else DEFAULT_PARAMS
    spot = (STANDARD_BOARD.half - 0.0159 - 0.001, 0.05)
    g = lone_coin_game(*spot, params)
    assert not [s for s in plan_shots(g, Seat.SOUTH, limit=10_000) if s.target == 0]
    assert rail_shots(g, Seat.SOUTH)
    search = SearchPlayer(1).choose_strike(g, Seat.SOUTH)
    pocketed = lone_coin_game(*spot, params).strike("south", search.along, search.angle, search.speed).shot.coins_pocketed
    assert 0 not in [p.index for p in pocketed]
    along_the_cushion = []  # the rail shots that run the coin up the east cushion into the north-east corner
    for c in rail_shots(g, Seat.SOUTH):
        shot = simulate(g.layout, Strike.from_seat(EqSeat.SOUTH, c.along, c.angle, c.speed), params)
        along_the_cushion += [c for p in shot.coins_pocketed if (p.index, p.pocket) == (0, 2)]
    assert len(along_the_cushion) >= 2
    c = RailsOnly(1).choose_strike(g, Seat.SOUTH)  # one of those, or one whose striker runs on into the clump
    assert g.strike("south", c.along, c.angle, c.speed).shot.coins_pocketed
    assert g.expected() == Expected(Expect.STROKE, Seat.SOUTH)  # an own coin down: the turn continues (ICF 48)
    assert not rail_shots(lone_coin_game(0.1, 0.1, params), Seat.SOUTH)  # a coin off the cushions has none


def test_the_master_takes_the_rail_shot_when_it_is_the_best_stroke():
    """Under v3 (where the clump offers nothing better) the whole master plays the rail shot and pots the coin."""
    spot = (STANDARD_BOARD.half - 0.0159 - 0.001, 0.05)
    g = lone_coin_game(*spot, MODELS["v3"])
    c = MasterPlayer(1).choose_strike(g, Seat.SOUTH)
    assert [p.index for p in g.strike("south", c.along, c.angle, c.speed).shot.coins_pocketed] == [0]
    c = MasterPlayer(1, rails=False).choose_strike(g, Seat.SOUTH)
    assert 0 not in [p.index for p in lone_coin_game(*spot, MODELS["v3"]).strike("south", c.along, c.angle, c.speed).shot.coins_pocketed]


def test_the_master_thumbs_a_coin_behind_its_baseline():
    """A coin between South's baseline and its cushion: no forward stroke reaches it; the master's
    thumbed stroke (aimed backwards, ICF 17, 33–34) pots it; without thumbs it does not."""
    g = lone_coin_game(0.10, -0.30)
    c = MasterPlayer(1).choose_strike(g, Seat.SOUTH)
    assert abs(c.angle) > MAX_ANGLE
    assert [p.index for p in g.strike("south", c.along, c.angle, c.speed).shot.coins_pocketed] == [0]
    c = MasterPlayer(1, thumbs=False, rails=False).choose_strike(g, Seat.SOUTH)
    assert abs(c.angle) <= MAX_ANGLE


def coin_game_for(seat, x, y):
    """``seat`` to strike, one of its coins at (x, y), every other piece in a clump about (0, 0.15)."""
    g = Game.new(SINGLES)
    bots = {s: RandomPlayer(9) for s in SINGLES}
    while g.expected() != Expected(Expect.STROKE, seat) or g.state.board.strokes == 0:
        step(g, bots)
    board = g.state.board
    own = g.state.colour_of(Seat(seat))
    counts = {PieceKind.WHITE: board.white, PieceKind.BLACK: board.black}
    own_kind, other_kind = PieceKind(own.value), PieceKind(own.other.value)
    spots = iter([(-0.10 + 0.034 * (i % 6), 0.10 + 0.034 * (i // 6)) for i in range(20)])
    discs = [Disc(own_kind, x, y)] + [Disc(own_kind, *next(spots)) for _ in range(counts[own_kind] - 1)]
    discs += [Disc(other_kind, *next(spots)) for _ in range(counts[other_kind])]
    if board.queen == "board":
        discs.append(Disc(PieceKind.QUEEN, *next(spots)))
    g.layout = Layout(tuple(discs))
    return g


def test_the_masters_simulated_reply_sees_an_easy_shot_for_the_opponent():
    """North (the opponent) to strike: with its coin 7 cm from a pocket its best reply pots it and keeps the
    turn (worth 2 to it, as the search values it); with its coins in mid-board, far from every pocket, less."""
    easy, hard = coin_game_for("north", -0.28, -0.28), coin_game_for("north", 0.0, -0.05)
    replies = [MasterPlayer(1, noise=0.3).reply(g, Seat.NORTH) for g in (easy, hard)]
    assert replies[0] == 2.0 and replies[1] < 1.5
    assert MasterPlayer(1, noise=0.3).reply(easy, Seat.SOUTH) == 0.0  # not South's stroke: no reply to value


class Scripted(MasterPlayer):
    """A master whose leaves are scripted: even copies leave us 1, odd ones pass the turn, leaving the
    opponent −0.5 by the guess and −2 by the simulated reply."""

    def leave_of(self, game, seat, outcome, batch, shot, replied=False):
        return (1.0, False, False) if shot % 2 == 0 else ((-2.0, True, True) if replied else (-0.5, True, False))


def test_the_simulated_replies_stand_for_the_opponents_other_copies():
    """With ``replies=2`` the first two copies where the opponent strikes next get its reply simulated, and
    their mean stands for its third copy: (3 × 1 − 3 × 2) / 6; without, the guess: (3 × 1 − 3 × 0.5) / 6."""
    assert Scripted(1, replies=2).mean_leave(None, Seat.SOUTH, [None] * 6, None, range(6)) == -0.5
    assert Scripted(1, replies=0).mean_leave(None, Seat.SOUTH, [None] * 6, None, range(6)) == 0.25
    # no reply simulated (the physics refused the layouts): each copy keeps its own guess, (3 − 0.5 − 0.5 − 2) / 6
    assert Refused(1, replies=2).mean_leave(None, Seat.SOUTH, [None] * 6, None, range(6)) == 0.0


class Refused(MasterPlayer):
    """Even copies leave us 1; odd ones pass the turn and are guessed only (−0.5, the last −2)."""

    def leave_of(self, game, seat, outcome, batch, shot, replied=False):
        return (1.0, False, False) if shot % 2 == 0 else (-0.5 if shot < 5 else -2.0, True, False)


def test_a_reply_on_a_layout_the_physics_refuses_is_left_to_the_guess():
    """Two discs left a tenth of a millimetre into each other: no simulated reply (None), so the leave guesses."""
    g = coin_game_for("north", -0.28, -0.28)
    d = g.layout.discs
    g.layout = Layout(d[:2] + (Disc(d[2].kind, d[1].x + 2 * d[1].radius - 1e-4, d[1].y),) + d[3:])  # in the clump
    assert MasterPlayer(1, noise=0.3).reply(g, Seat.NORTH) is None
