"""What a stroke's ruling says, law by law, for the coins that go back and the coins owed: the words and the law
of each part, as the umpire would announce them (ICF 64 a, 72 a–b, 73, 77 a, 95 a)."""

from rules_helpers import N, S, miss, new, play, position


def said(ruling) -> list[tuple[str, str]]:
    return [(d.law, str(d.text)) for d in ruling.decisions]


def test_the_striker_with_a_foul_costs_a_due_and_a_penalty_under_icf_72_b():
    """ICF 64 a: the foul; ICF 72 b: with the striker pocketed, a due and a penalty, two coins to place."""
    m = position(new(), 7, 7, turn=S)
    assert said(play(m, S, "sf")) == [
        ("ICF 64 a", "foul: a foul called by the umpire"),
        ("ICF 72 b", "South loses the turn; a due for the striker and a penalty"),
        ("ICF 72 b", "due and penalty: 2 white to be placed by North")]


def test_own_coins_pocketed_with_a_foul_go_back_with_a_penalty_under_icf_77_a_and_64_a():
    m = position(new(), 7, 7, turn=S)
    assert said(play(m, S, "wf")) == [
        ("ICF 64 a", "foul: a foul called by the umpire"),
        ("ICF 77 a", "South loses the turn; the 1 white pocketed go back with a penalty"),
        ("ICF 77 a", "the white pocketed go back: 1 white to be placed by North"),
        ("ICF 64 a", "penalty: 1 white to be placed by North")]


def test_own_coins_pocketed_with_the_striker_go_back_with_a_due_under_icf_73():
    m = position(new(), 7, 7, turn=S)
    assert said(play(m, S, "ws")) == [
        ("ICF 73", "South pocketed the striker with own coins: the 1 white and a due go back, and South plays on"),
        ("ICF 73", "the white pocketed go back: 1 white to be placed by North"),
        ("ICF 72 a", "due: 1 white to be placed by North")]
    m = position(new(), 7, 7, turn=N)
    assert ("ICF 73", "the black pocketed go back: 1 black to be placed by South") in said(play(m, N, "bs"))


def test_the_queen_before_any_own_coin_goes_back_even_after_earlier_strokes():
    """ICF 92, 95 a: a side may pocket the queen only after one of its own coins went in and stayed down; strokes
    that pocketed nothing do not count."""
    m = new()
    miss(m, S)
    miss(m, N)
    assert said(play(m, S, "q")) == [
        ("ICF 95 a", "the queen went in before South pocketed an own coin: the umpire puts it back and the turn passes")]
    assert m.state.board.queen == "board"
