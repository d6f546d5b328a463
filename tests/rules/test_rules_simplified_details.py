"""The French simplified rule (001, "Variante simplifiée"): the colour taken by the first coin, the striker with
own coins, and the count of misses (001 §4 p with ICF 137)."""

from carrom.rules import Coin

from rules_helpers import N, S, laws, miss, new, play


def words(ruling) -> list[str]:
    return [str(d.text) for d in ruling.decisions]


def test_the_first_coin_pocketed_gives_its_colour_to_the_side_that_pocketed_it():
    """001 simplified: "la couleur étant déterminée par le premier pion rentré". South's first coin is a black:
    South plays black and North white, whoever broke."""
    m = new("fr-simplified")
    r = play(m, S, "b")
    assert any("takes black" in w for w in words(r))
    assert m.state.colour_of(S) is Coin.BLACK and m.state.colour_of(N) is Coin.WHITE
    m = new("fr-simplified")
    play(m, S, "w")
    assert m.state.colour_of(S) is Coin.WHITE and m.state.colour_of(N) is Coin.BLACK


def test_the_striker_with_own_coins_sends_them_back_and_says_so():
    """001 simplified: the striker pocketed with the side's own coins: those coins go back as the penalty, and the
    ruling says it in those words."""
    m = new("fr-simplified")
    play(m, S, "w")  # South takes white
    r = play(m, S, "ws")
    assert any("pocketed the striker with own coins" in w for w in words(r))


def test_a_stroke_that_touches_starts_the_count_of_misses_again():
    """ICF 137 (001 §4 p): the board is replayed after consecutive strokes that touch nothing; one stroke that
    touches a piece starts the count again from nothing."""
    m = new("fr-simplified")
    play(m, S, "w")
    miss(m, S)  # touched: the turn passes, the count is nothing
    per = m.state.rules.misses_to_replay * 2  # singles: three for each of the two players
    for _ in range(per - 1):
        miss(m, touched=False)
    miss(m)  # a touch, just before the last miss
    for i in range(per - 1):
        r = miss(m, touched=False)
        assert "ICF 137" not in laws(r) and "001 §4 p" not in laws(r), f"miss {i + 1} after the touch"
    r = miss(m, touched=False)
    assert m.state.board.strokes == 0, "the board is replayed at the last miss of the count"
