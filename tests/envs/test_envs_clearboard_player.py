"""The clear-the-board player (carrom.envs.clearplayer) where geometry sees nothing."""

import math
import random
from dataclasses import replace

from carrom.envs import clearplayer as player
from carrom.envs.clearboard import ClearState, ShotFacts, new_state, rule
from carrom.equipment import Disc, Layout, PieceKind, Seat
from carrom.physics import MODELS, Strike, simulate


def test_coins_behind_the_baseline_are_reached_off_the_far_cushion(monkeypatch):
    """Forward strokes only (``THUMBS`` off): no shot and no straight run reaches a coin behind the baseline;
    the fan of hard strokes does.

    Before, such a position got one random stroke (238 of 1,050 strokes in 12 boards at
    2°, two of them putting a piece down); now the fan, valued by simulation, pots one.
    Pinned to v3, where it was made: on v4's faster board the planner finds a bank shot here.
    """
    monkeypatch.setattr(player, "THUMBS", False)
    v3 = MODELS["v3"]
    state = ClearState(Layout((Disc(PieceKind.WHITE, 0.1, -0.32), Disc(PieceKind.BLACK, -0.2, -0.33))),
                       queen="covered", potted=True)
    assert player.plan_shots(player.as_game(v3), "south", layout=state.layout, aims=player.aims(state)) == []
    assert player.stirs(state, v3) == []
    facts = {}
    choice = player.choose(state, 0.0, random.Random(0), facts=facts, params=v3)
    assert facts["kind"] == "sweep"
    shot = simulate(state.layout, Strike.from_seat(Seat.SOUTH, choice.along, choice.angle, choice.speed), v3)
    after = rule(state, ShotFacts.of_shot(shot))
    assert after.down == state.down + 1


def test_coins_behind_the_baseline_are_struck_backwards_with_the_thumb():
    """The laws set where the striker is placed (ICF 130), not where it goes: a stroke backwards is played
    with the thumb (ICF 17, 33–34). The player aims at coins behind its baseline directly: its stroke
    there runs backwards (more than a right angle from straight across) and pockets at least one coin."""
    assert player.THUMBS
    state = ClearState(Layout((Disc(PieceKind.WHITE, 0.1, -0.32), Disc(PieceKind.BLACK, -0.2, -0.33))),
                       queen="covered", potted=True)
    assert player.stirs(state) and all(abs(c.angle) > math.pi / 2 for c in player.stirs(state))
    facts = {}
    choice = player.choose(state, 0.0, random.Random(0), facts=facts)
    assert facts["kind"] != "sweep" and abs(choice.angle) > math.pi / 2
    shot = simulate(state.layout, Strike.from_seat(Seat.SOUTH, choice.along, choice.angle, choice.speed))
    after = rule(state, ShotFacts.of_shot(shot))
    assert after.down > state.down  # under v4 it pots both


def test_a_stroke_that_moves_nothing_is_told_from_one_that_does():
    """``unmoved``: every piece within ``STILL`` of where it was, and none gone."""
    state = ClearState(Layout((Disc(PieceKind.WHITE, 0.1, 0.1), Disc(PieceKind.QUEEN, -0.3, 0.3))), potted=True)
    nudged = ClearState(Layout((Disc(PieceKind.WHITE, 0.1, 0.1 + player.STILL / 2), Disc(PieceKind.QUEEN, -0.3, 0.3))),
                        potted=True)
    moved = ClearState(Layout((Disc(PieceKind.WHITE, 0.1, 0.1 + 2 * player.STILL), Disc(PieceKind.QUEEN, -0.3, 0.3))),
                       potted=True)
    gone = ClearState(Layout((Disc(PieceKind.QUEEN, -0.3, 0.3),)), potted=True)
    assert player.unmoved(state, nudged)
    assert not player.unmoved(state, moved)
    assert not player.unmoved(state, gone)


def test_the_stroke_is_chosen_on_fresh_copies_of_the_hand():
    """Under noise the best few of the first look are simulated again on ``fresh`` new copies and
    the stroke is chosen on those: its reported chance is a share of them, not of the first six
    (the best of many judged on six copies is partly the luckiest)."""
    state = ClearState(Layout((Disc(PieceKind.WHITE, 0.0, 0.2), Disc(PieceKind.BLACK, 0.15, -0.1))))
    facts = {}
    player.choose(state, player.NOISE_2_DEGREES, random.Random(1), facts=facts, fresh=7)
    assert facts["copies"] == 7
    assert abs(facts["chance"] * 7 - round(facts["chance"] * 7)) < 1e-9
    facts = {}
    player.choose(state, 0.0, random.Random(1), facts=facts, fresh=7)
    assert facts["copies"] == 1  # no noise: every copy is the same stroke, one is enough


def test_a_pocketed_queen_counts_before_its_cover():
    """A queen pocketed and awaiting its cover is worth ``PENDING`` now, given back if the cover fails
    (ICF 96) and kept within the two pieces when it succeeds (ICF 15). Before, it was worth nothing
    until covered, so the planner left it to the end, where it must go before the last coin (ICF 107)."""
    coins = (Disc(PieceKind.WHITE, 0.1, 0.1), Disc(PieceKind.BLACK, -0.1, 0.2))
    on = ClearState(Layout(coins + (Disc(PieceKind.QUEEN, 0.0, 0.0),)), potted=True)
    pocketed = rule(on, ShotFacts((PieceKind.QUEEN,), False, True, True, Layout(coins)))
    assert pocketed.queen == "pending"
    covered = rule(pocketed, ShotFacts((PieceKind.WHITE,), False, True, True, Layout(coins[1:])))
    missed = rule(pocketed, ShotFacts((), False, True, True, Layout(coins)))
    assert (covered.queen, missed.queen) == ("covered", "board")
    nothing = rule(on, ShotFacts((), False, True, True, on.layout))
    assert player.gained(on, pocketed) > player.gained(on, nothing) == 0
    assert player.gained(on, pocketed) + player.gained(pocketed, covered) == covered.down - on.down == 2
    assert player.gained(on, pocketed) + player.gained(pocketed, missed) == 0


def test_strokes_are_told_by_situation_and_long_boards_apart():
    """``Tally.situations``: each stroke counted once, in the first situation that holds, per board;
    the boards of ``LONG`` strokes or more again on their own."""
    coin, queen = Disc(PieceKind.WHITE, 0.1, 0.1), Disc(PieceKind.QUEEN, 0.0, 0.0)
    last = ClearState(Layout((coin, queen)), potted=True, strokes=3)
    cover = ClearState(Layout((coin, Disc(PieceKind.BLACK, 0.1, -0.3))), queen="pending", potted=True, strokes=4)
    opening = ClearState(Layout((coin, queen)))
    assert [player.situation(s) for s in (opening, cover, last)] == list(player.SITUATIONS[:3])
    behind = ClearState(Layout((Disc(PieceKind.BLACK, 0.1, -0.3),)), queen="covered", potted=True, strokes=9)
    assert player.situation(behind) == player.SITUATIONS[3]
    assert player.situation(replace(cover, queen="covered")) == player.SITUATIONS[5]  # one coin in front of the line
    assert player.situation(replace(behind, layout=Layout((coin,)))) == player.SITUATIONS[6]
    tally = player.Tally()
    tally.add("stir", 0.5, opening, replace(opening, strokes=1))  # a first board of two strokes
    tally.add("shot", 0.5, last, replace(last, layout=Layout((coin,)), queen="pending", strokes=4))
    for k in range(player.LONG):  # a long second board
        tally.add("stir", 0.5, replace(opening, strokes=k), replace(opening, strokes=k + 1))
    lines = tally.situations()
    assert lines[0].startswith("all boards (2)") and lines[3].startswith(f"boards of {player.LONG}+ strokes (1)")
    assert "the break" in lines[1] and lines[1].split()[2] == "1.0" and lines[1].endswith("gained in   0 %")
    assert "one coin left" in lines[2] and "25.0" in lines[2] and lines[2].endswith("gained in   2 %")  # 1 of 50
    assert "one coin left" in lines[5] and "49.0" in lines[5] and lines[5].endswith("gained in   0 %")



def test_with_few_pieces_left_the_search_widens(monkeypatch):
    """``budget``: with ``FEW`` pieces or fewer on the board, ``choose`` searches wider (``FEW_SEARCH``:
    more copies of the hand, finalists, speeds and shots), and ``board`` plays those strokes with it.

    Few pieces make few candidates, so the wider search is cheap where the strokes are costly: on
    tuning boards 1000–1019 at 2°, the queen-and-one-coin ending (2.1 strokes a board) almost went."""
    three = ClearState(Layout((Disc(PieceKind.WHITE, 0.1, 0.1), Disc(PieceKind.BLACK, -0.2, 0.2),
                               Disc(PieceKind.QUEEN, 0.0, 0.0))), potted=True, strokes=5)
    four = replace(three, layout=Layout(three.layout.discs + (Disc(PieceKind.BLACK, 0.2, -0.1),)))
    assert player.budget(three) == player.FEW_SEARCH and player.budget(four) == {}
    facts = {}
    player.choose(three, player.NOISE_2_DEGREES, random.Random(0), facts=facts, **player.budget(three))
    assert facts["copies"] == player.FEW_SEARCH["fresh"]
    seen = []
    real = player.choose

    def spy(state, *args, **kwargs):
        seen.append((len(state.layout.discs), kwargs.get("fresh")))
        return real(state, *args, **kwargs)

    monkeypatch.setattr(player, "choose", spy)
    player.board(0.0, 0, player.Tally())
    assert any(n <= player.FEW for n, _ in seen) and any(n > player.FEW for n, _ in seen)
    assert all((fresh == player.FEW_SEARCH["fresh"]) == (n <= player.FEW) for n, fresh in seen)


def test_the_search_follows_the_modules_settings_as_they_are_when_it_is_called(monkeypatch):
    """``choose`` bound ``RECHECK``, ``FRESH``, ``TOP`` and ``SPEEDS`` when the module loaded, so an experiment that
    set ``player.FRESH`` played the old value unseen (docs/research.md): now read at each call."""
    three = ClearState(Layout((Disc(PieceKind.WHITE, 0.1, 0.1), Disc(PieceKind.BLACK, -0.2, 0.2),
                               Disc(PieceKind.QUEEN, 0.0, 0.0))), potted=True, strokes=5)
    monkeypatch.setattr(player, "FRESH", 7)
    facts = {}
    player.choose(three, player.NOISE_2_DEGREES, random.Random(0), facts=facts)
    assert facts["copies"] == 7


def test_planned_shots_are_also_tried_off_their_line_when_asked(monkeypatch):
    """``AIM_OFFSETS``: each planned shot at each offset of aim (an experiment of issue 22, docs/research.md;
    only the planner's line by default). The candidates added are the planned ones turned by the offset."""
    three = ClearState(Layout((Disc(PieceKind.WHITE, 0.1, 0.1), Disc(PieceKind.BLACK, -0.2, 0.2),
                               Disc(PieceKind.QUEEN, 0.0, 0.0))), potted=True, strokes=5)
    tried = []
    real = player.outcomes

    def spy(state, cands, *rest):
        tried.append(list(cands))
        return real(state, cands, *rest)

    monkeypatch.setattr(player, "outcomes", spy)
    player.choose(three, 0.0, random.Random(0))
    monkeypatch.setattr(player, "AIM_OFFSETS", (0.0, 0.01))
    player.choose(three, 0.0, random.Random(0))
    on_line, both = tried[0], tried[-1]
    added = [c for c in both if c not in on_line]
    assert len(both) > len(on_line) and len(added) == len(both) - len(on_line)
    assert all(any((o.along, o.speed) == (c.along, c.speed) and math.isclose(o.angle + 0.01, c.angle) for o in on_line)
               for c in added)
    monkeypatch.setattr(player, "AIM_OFFSETS", (3.0,))  # turned past π: the angle comes back round, not past it
    player.choose(three, 0.0, random.Random(0))
    turned = tried[-1]
    assert all(abs(c.angle) <= math.pi for c in turned)
    assert any(math.isclose(c.angle, o.angle + 3.0 - 2 * math.pi) for o in on_line if o.angle + 3.0 > math.pi
               for c in turned)


def test_the_break_is_chosen_among_hard_strokes_at_the_formation(monkeypatch):
    """``breaks``: on the first stroke only, hard strokes at points around the formation's centre join
    the candidates; the break chosen under 2° of aim puts more pieces down on average (the same 200
    copies of the hand) than the one chosen from the stirs alone."""
    state = new_state()
    assert len(player.breaks(state)) > 100 and player.breaks(replace(state, strokes=1)) == []

    def mean_down(choice):
        afters = player.outcomes(state, [choice], 200, player.NOISE_2_DEGREES, random.Random(7))
        return sum(a.down for a in afters) / len(afters)

    chosen = mean_down(player.choose(state, player.NOISE_2_DEGREES, random.Random(0)))
    monkeypatch.setattr(player, "breaks", lambda *_args: [])
    assert chosen > mean_down(player.choose(state, player.NOISE_2_DEGREES, random.Random(0))) + 0.1


def test_with_two_coins_left_the_queen_is_worth_more_than_a_coin():
    """Pocketing a coin with two left and the queen on the board reaches ``queen_last``: the queen must
    go next and the last coin cover it (ICF 107, 15), which took 20 strokes a board on the long tuning
    boards. That costs ``LAST_QUEEN`` in the stroke's value; leaving it gains it back."""
    a, b, queen = Disc(PieceKind.WHITE, 0.1, 0.1), Disc(PieceKind.BLACK, -0.1, 0.2), Disc(PieceKind.QUEEN, 0.0, 0.0)
    two = ClearState(Layout((a, b, queen)), potted=True)
    coin_in = rule(two, ShotFacts((PieceKind.WHITE,), False, True, True, Layout((b, queen))))
    queen_in = rule(two, ShotFacts((PieceKind.QUEEN,), False, True, True, Layout((a, b))))
    assert player.queen_last(coin_in) and not player.queen_last(queen_in)
    assert player.gained(two, queen_in) > player.gained(two, coin_in)
    out = rule(coin_in, ShotFacts((PieceKind.QUEEN,), False, True, True, Layout((b,))))
    back = rule(out, ShotFacts((), False, True, True, Layout((b,))))  # the cover missed: the queen comes back
    assert player.queen_last(back)
    assert player.gained(coin_in, out) + player.gained(out, back) == 0


EDGE = 0.37 - 0.0159 - 0.001  # a coin's centre this far from the middle lies against a cushion: no planned shot


def test_a_pocketed_queen_with_no_cover_in_sight_leaves_less_than_nothing(monkeypatch):
    """ICF 15, 96: a pocketed queen must be covered by the next stroke, else it comes back. Its leave
    (``ahead``) is less what a failed cover gives back (``cover_loss``: the pending queen, and with one
    coin left the queen-last cost, ICF 107), times the chance the cover fails: with the last coin against
    a cushion, where the planner has no shot, all of it. Before, a pocketed queen's leave was the coins'
    chances like any other (never below nothing), so the queen was potted where no coin could follow."""
    monkeypatch.setattr(player, "COVER", True)  # the lever is built but off by default (docs/research.md)
    stuck = ClearState(Layout((Disc(PieceKind.WHITE, EDGE, 0.0),)), queen="pending", potted=True)
    assert player.cover_chance(stuck, player.NOISE_2_DEGREES) == 0.0
    assert player.cover_loss(stuck) == player.PENDING + player.LAST_QUEEN  # the queen back, with one coin left
    assert player.ahead(stuck, player.NOISE_2_DEGREES) == -player.cover_loss(stuck)
    easy = ClearState(Layout((Disc(PieceKind.WHITE, 0.3, -0.3),)), queen="pending", potted=True)  # by a pocket
    assert player.cover_chance(easy, player.NOISE_2_DEGREES) > 0.9
    assert player.ahead(easy, player.NOISE_2_DEGREES) > 0
    two = ClearState(Layout((Disc(PieceKind.WHITE, EDGE, 0.0), Disc(PieceKind.BLACK, -EDGE, 0.1))), queen="pending",
                     potted=True)
    assert player.cover_loss(two) == player.PENDING  # the queen back, two coins left: not the queen-last ending


def test_a_shot_at_the_queen_is_worth_the_cover_after_it(monkeypatch):
    """A queen potted is worth keeping only if a coin covers it next (ICF 15, 96): in a leave, a shot at
    the queen counts its chance times the cover's chance on the layout without the queen. The same
    queen, with a coin by a pocket to cover it, is worth a good leave; with the coins against cushions,
    almost nothing (before: the queen's chance alone, as any coin's)."""
    queen = Disc(PieceKind.QUEEN, 0.3, -0.3)  # by the south-east pocket: an easy pot
    covered = ClearState(Layout((queen, Disc(PieceKind.WHITE, -0.3, -0.3), Disc(PieceKind.BLACK, EDGE, -0.1))),
                         potted=True)
    bare = ClearState(Layout((queen, Disc(PieceKind.WHITE, -EDGE, 0.0), Disc(PieceKind.BLACK, EDGE, -0.1))),
                      potted=True)
    noise = player.NOISE_2_DEGREES
    monkeypatch.setattr(player, "COVER", True)
    assert player.chances(bare, noise)[0] > 0.9  # the queen alone is easy either way
    assert player.ahead(covered, noise) > player.LEAVE * 0.8
    assert player.ahead(bare, noise) < player.LEAVE * 0.05


def test_with_the_last_coin_against_a_cushion_the_player_frees_it_before_potting_the_queen():
    """The queen and one coin left (ICF 107: the queen first, then that coin to cover it, ICF 15), the coin
    against a cushion where no shot reaches it: a pocketed queen would come back (ICF 96). With ``COVER``
    (built, off by default: docs/research.md) the player leaves the queen and moves the coin to where a
    cover is likely (here its stir also loses the striker, and the due's coin ends the queen-last ending,
    ``LAST_QUEEN``); without it (as on main) it pots the queen, which the next stroke cannot cover."""
    state = ClearState(Layout((Disc(PieceKind.QUEEN, 0.05, 0.1), Disc(PieceKind.WHITE, EDGE, 0.0))), potted=True)
    assert player.queen_last(state)

    def played(choice):
        shot = simulate(state.layout, Strike.from_seat(Seat.SOUTH, choice.along, choice.angle, choice.speed))
        return rule(state, ShotFacts.of_shot(shot))

    old = player.COVER
    try:
        player.COVER = True
        after = played(player.choose(state, 0.0, random.Random(0)))
        assert after.queen == "board"
        assert player.cover_chance(player.without_queen(after), 0.0) > 0.5  # the cover set up (for its own hand)
        player.COVER = False
        assert played(player.choose(state, 0.0, random.Random(0))).queen == "pending"
    finally:
        player.COVER = old


def test_the_second_look_plays_the_leave_instead_of_guessing_it(monkeypatch):
    """``PLAY_LEAVE``: the second look's candidates are few, so each copy's leave is judged by playing its
    easiest shots (``LOOK_COPIES`` copies each) rather than by the planner's guess. On this layout the
    guess gives the easiest shot under half a chance at 2° of aim; played, it pots nearly always."""
    state = ClearState(Layout((Disc(PieceKind.WHITE, 0.048, -0.204), Disc(PieceKind.WHITE, 0.003, -0.01),
                               Disc(PieceKind.WHITE, -0.097, -0.105))), queen="covered", potted=True)
    noise = player.NOISE_2_DEGREES
    guessed = player.chances(state, noise)
    monkeypatch.setattr(player, "LOOK_COPIES", 16)
    played = player.chances(state, noise, rng=random.Random(0))
    assert len(played) == player.LOOK_SHOTS and list(played) == list(guessed)[:player.LOOK_SHOTS]
    assert guessed[0] < 0.5 and played[0] > 0.8
    assert all(16 * p == round(16 * p) for p in played.values())  # shares of the 16 copies
    monkeypatch.setattr(player, "LOOK_COPIES", 4)
    monkeypatch.setattr(player, "PLAY_LEAVE", True)  # built but off by default (docs/research.md)
    calls = []
    real = player.ahead

    def ahead(after, noise, params=player.DEFAULT_PARAMS, rng=None):
        calls.append(rng is not None)
        return real(after, noise, params, rng)

    monkeypatch.setattr(player, "ahead", ahead)
    player.choose(state, noise, random.Random(1), recheck=2, fresh=3)
    assert 0 < sum(calls) <= 2 * 3  # the second look's copies, played
    assert calls[-sum(calls):] == [True] * sum(calls) and not any(calls[:-sum(calls)])  # the first look guesses


def test_the_played_leave_keeps_the_player_deterministic_for_a_seed():
    """The second look's played leaves draw their copies of the hand from the player's own generator:
    a count of simulations, not seconds, so a seed gives the same stroke (issue 22: results reproduce)."""
    player.PLAY_LEAVE, old = True, player.PLAY_LEAVE
    state = ClearState(Layout((Disc(PieceKind.WHITE, 0.048, -0.204), Disc(PieceKind.BLACK, 0.003, -0.01))),
                       queen="covered", potted=True)
    try:
        picks = [player.choose(state, player.NOISE_2_DEGREES, random.Random(5), recheck=2, fresh=3) for _ in range(2)]
    finally:
        player.PLAY_LEAVE = old
    assert picks[0] == picks[1]
    rngs = [random.Random(9), random.Random(9)]
    assert player.chances(state, player.NOISE_2_DEGREES, rng=rngs[0]) == player.chances(
        state, player.NOISE_2_DEGREES, rng=rngs[1])
    assert rngs[0].random() == rngs[1].random()
