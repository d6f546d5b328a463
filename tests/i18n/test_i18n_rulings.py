"""The referee's rulings and refusals in the five languages: same facts, each language's own words.

The rules stay language-neutral (message ids and parameters, tests/test_architecture.py); the
English of ``translator("en")`` is exactly the referee's own text, and every other language
gives a sentence of its own with the law cited once, the ICF number unchanged.
"""

import pytest

from carrom.i18n import LANGUAGES, translator
from carrom.rules import Coin, Foul, Match, Place, RulesError, Seat, Stroke, StrokeOutcome

S, N = Seat.SOUTH, Seat.NORTH


def stroke(seat, *pocketed, striker=False, fouls=()):
    return Stroke(seat, StrokeOutcome(pocketed=pocketed, striker_pocketed=striker, touched=True), fouls=fouls)


@pytest.fixture(scope="module")
def rulings():
    m = Match.new("icf", {S: "Ana", N: "Bo"}, S)
    actions = [stroke(S, Coin.WHITE, Coin.WHITE), stroke(S, Coin.BLACK, striker=True), Place(N),
               stroke(N, Coin.BLACK), stroke(N, Coin.QUEEN), stroke(N, fouls=(Foul.PUSH,)), Place(S)]
    return [m.play(a) for a in actions]


def test_every_decision_of_a_board_is_a_message(rulings):
    assert all(d.message is not None for r in rulings for d in r.decisions)


def test_english_is_the_referees_own_text(rulings):
    en = translator("en")
    assert [en.decision(d) for r in rulings for d in r.decisions] == [str(d) for r in rulings for d in r.decisions]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_each_language_words_every_decision_and_keeps_the_law(lang, rulings):
    tr = translator(lang)
    for d in (d for r in rulings for d in r.decisions):
        text = tr.decision(d)
        assert text != str(d), f"{lang}: {text!r} is the English"
        assert text.endswith(f"({d.law})")


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("es", "Sur metió 1 blanca y sigue jugando (ICF 48)", "Sur metió 2 blancas y sigue jugando (ICF 48)"),
    ("fr", "Sud a logé 1 blanc et continue (ICF 48)", "Sud a logé 2 blancs et continue (ICF 48)"),
    ("it", "Sud ha imbucato 1 bianca e continua (ICF 48)", "Sud ha imbucato 2 bianche e continua (ICF 48)"),
    ("sl", "Jug je potopil 1 beli in nadaljuje (ICF 48)", "Jug je potopil 2 bela in nadaljuje (ICF 48)"),
])
def test_counted_coins_take_the_languages_plural(lang, one, two):
    said = []
    for n in (1, 2):
        m = Match.new("icf", {S: "Ana", N: "Bo"}, S)
        ruling = m.play(stroke(S, *[Coin.WHITE] * n))
        said.append(translator(lang).decision(ruling.decisions[-1]))
    assert said == [one, two]


def test_a_doubles_side_agrees_in_number_and_slovenian_uses_the_dual():
    m = Match.new("icf", {S: "A", Seat.EAST: "B", N: "C", Seat.WEST: "D"}, S)
    from carrom.rules import Concede
    ruling = m.play(Concede(S, "board"))
    first = ruling.decisions[0]
    assert str(first).startswith("South & North concede the board")
    assert translator("es").decision(first).startswith("Sur y Norte ceden el tablero")
    assert translator("sl").decision(first).startswith("Jug in Sever predata rundo")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "it is South's turn to strike, not North's (ICF 48, 49)"),
    ("es", "es el turno de golpear de Sur, no de Norte (ICF 48, 49)"),
    ("fr", "c'est à Sud de tirer, pas à Nord (ICF 48, 49)"),
    ("it", "tocca a Sud tirare, non a Nord (ICF 48, 49)"),
    ("sl", "na potezi je Jug, ne Sever (ICF 48, 49)"),
])
def test_a_refusal_in_each_language(lang, words):
    m = Match.new("icf", {S: "Ana", N: "Bo"}, S)
    with pytest.raises(RulesError) as caught:
        m.play(stroke(N, Coin.WHITE))
    assert translator(lang).error(caught.value).startswith(words)
