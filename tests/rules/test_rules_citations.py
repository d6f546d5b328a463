"""A ruling cites its own text: under each ruleset, every law a ruling names is that ruleset's own where its text has
one (docs/laws.md "cite 001 where 001 has the law"). The tables below are read from the texts themselves (000 beside
001's official part, §3–4, and its simplified rule), not from the referee's ``RuleSet.cites``; a walk of random
matches plus the end-of-board cases a random walk rarely reaches rules every kind of action under every ruleset, and
fails on an ICF citation where the ruleset's text has the law.
"""

import random
import re

import pytest

from rules_helpers import (
    E, N, S, W, Coin, Concede, Declare, Forfeit, Foul, Match, Place, RulesError, Stroke, StrokeOutcome, new,
    position, stroke,
)
from carrom.rules import OutOfTime

# ICF law -> the French official text's own (001 §3–4), each read side by side in the two texts
FRENCH_OFFICIAL = {
    "ICF 15": "001 §3.12 e",  # "la reine et un de ses propres J/C, la reine est considérée comme confirmée"
    "ICF 30": "001 §3.2 e",  # "seulement la partie de la main jusqu'au poignet doit toucher la superficie"
    "ICF 33": "001 §3.2 a",  # "propulsé à l'aide d'une chiquenaude … et non pas être poussé"
    "ICF 44": "001 §3.5 c",  # "Le break … est considéré comme réalisé aussitôt qu'un J/C a été touché"
    "ICF 45 a": "001 §3.5 d", "ICF 45 b": "001 §3.5 d",  # "il peut refaire un essai de tir"
    "ICF 45 c": "001 §3.11 a",  # "Si le striker est logé … avant le break effectué, … aucune pénalité"
    "ICF 47": "001 §3.5 f",  # "fait ceci avant que l'arbitre n'ait ouvert le board (« Play »)"
    "ICF 48": "001 §3.6 a",  # "Le tour de joueur reste au même joueur aussi longtemps qu'il réussit à loger"
    "ICF 49 a": "001 §3.5 g",  # "le droit de l'ouverture du jeu change à tour de rôle lors de chaque break"
    "ICF 52 a": "001 §3.7 a", "ICF 53 a": "001 §3.7 b", "ICF 54": "001 §3.7 c",  # the board's points
    "ICF 56 a": "001 §3.7 e", "ICF 56 b": "001 §3.7 e",  # "25 points … à la fin du 8e board"; the tie-break
    "ICF 58": "001 §3.8 a", "ICF 59": "001 §3.8 b", "ICF 60 a": "001 §3.8 c",  # changing places
    "ICF 63 a": "001 §4.1.1", "ICF 63 b": "001 §4.1.1", "ICF 64 a": "001 §4.1.2",  # "foul technique", "foul"
    "ICF 64 b": "001 §3.11 e",  # "ses J/C logés plus un J/C de pénalité … sont ressortis"
    "ICF 65": "001 §3.9 a",  # "Tout J/C qui saute en dehors du plateau est remis par l'arbitre"
    "ICF 93": "001 §3.12 b",  # "l'arbitre replace la reine de façon qu'elle couvre la surface la plus grande"
    "ICF 72 a": "001 §3.11 a", "ICF 72 c": "001 §3.11 a",  # "son striker seul"; "le J/C dû sera remplacé … dès"
    "ICF 74": "001 §3.11 c", "ICF 76": "001 §3.11 d", "ICF 77 a": "001 §3.11 e",
    "ICF 78 a": "001 §3.11 g", "ICF 78 b ii": "001 §3.11 g",  # "dès qu'ils y sont à disposition"
    "ICF 79 a": "001 §3.11 i", "ICF 79 b": "001 §3.11 i",  # "doit les garder"; "passe au partenaire"
    "ICF 84 a": "001 §3.11 l",  # "dès que le doigt du joueur ne touche pas le J/C"
    "ICF 92": "001 §3.12 a", "ICF 95 a": "001 §3.12 c", "ICF 95 d": "001 §3.12 g",  # the queen too early; at break
    "ICF 96": "001 §3.12 d", "ICF 97 a": "001 §3.12 e", "ICF 97 b": "001 §3.12 e", "ICF 98 a": "001 §3.12 f",
    "ICF 98 b": "001 §4.1.2",  # "un foul en même temps qu'il loge la reine et un/plusieurs J/C de sa couleur"
    "ICF 100 a": "001 §3.12 h", "ICF 101 a": "001 §3.12 i",
    "ICF 103 a": "001 §3.7 n", "ICF 103 b": "001 §3.7 n",  # "en essayant de confirmer la reine, le dernier J/C"
    "ICF 106 a": "001 §3.7 m", "ICF 106 b": "001 §3.7 m",  # "le dernier J/C de l'adversaire … la reine … en jeu"
    "ICF 111 a": "001 §3.7 n", "ICF 111 b": "001 §3.7 n",  # "en même temps que son striker … 1 point en plus"
    "ICF 121 b": "001 §4 g", "ICF 122 b": "001 §4 h", "ICF 125": "001 §3.6 c",  # appeal; powder; opponent's coin
    "ICF 126 a": "001 §4 i", "ICF 126 b": "001 §4 i",  # "ni battre, ni pousser, ni bouger le P/C"
    "ICF 130": "001 §3.2 h", "ICF 131": "001 §4 l", "ICF 134": "001 §3.11 n",  # baselines; signals; touching
    "ICF 137": "001 §4 p", "ICF 143 a": "001 §4.2 b",  # three misses each; "Quitter sa chaise … sans l'autorisation"
    "ICF 46": "001 §3.6 b",  # "15 secondes, ceci une fois que l'arbitre a donné le signal d'ouverture « Play »"
    "ICF 57": '001 §5 "Match"',  # "2 games remportés par le même joueur, ou 3 games, si le résultat est ex-aequo"
}

# ICF law -> the French simplified rule's: "La partie se déroule en un nombre variable de manches … jusqu'à ce que
# l'un des camps totalise au moins 29 points" (001, Variante simplifiée): one game, no best of three (ICF 57)
FRENCH_SIMPLIFIED = {"ICF 53 a": "001 simplified", "ICF 57": "001 simplified"}

OWN_TEXT = {"icf": {}, "fr-official": FRENCH_OFFICIAL, "fr-simplified": FRENCH_SIMPLIFIED, "timed": {}}

BREACHES = ["technical", "chair", "placing", "signal", "frame", "absent", "replay", "wait"]


def _outcome(rng, board):
    on = [Coin.WHITE] * board.white + [Coin.BLACK] * board.black + ([Coin.QUEEN] if board.queen == "board" else [])
    rng.shuffle(on)
    k = rng.choice([0, 0, 0, 1, 1, 1, 2, 3, len(on)])
    off = tuple(on[k:k + 1]) if rng.random() < 0.05 else ()
    return StrokeOutcome(tuple(on[:k]), rng.random() < 0.15, off, rng.random() > 0.08 or bool(k or off))


def _action(rng, m):
    exp, seats, r = m.expected(), m.state.table.seats, rng.random()
    if exp.kind.value == "toss":
        return Declare(exp.seat, "toss", value=rng.choice(seats).value)
    if exp.kind.value == "claim" and r < 0.5:
        return Declare(exp.seat, "extra")
    if r < 0.03:
        return Declare(exp.seat, rng.choice(BREACHES), offender=rng.choice(seats))
    if r < 0.04:
        return Forfeit(exp.seat, rng.choice(["ICF 51", "ICF 91", "ICF 121 b", "ICF 126 b"]), offender=rng.choice(seats))
    if r < 0.045:
        return Concede(rng.choice(seats), rng.choice(["board", "game", "match"]))
    if r < 0.05:
        return OutOfTime(exp.seat, rng.choice(["break", "stroke", "place"]))
    if exp.kind.value == "place":
        return Place(exp.seat, waive=True) if r < 0.1 else Declare(exp.seat, "wait") if r < 0.15 else Place(exp.seat)
    fouls = (rng.choice(list(Foul)),) if rng.random() < 0.12 else ()
    return Stroke(exp.seat if exp.kind.value == "stroke" else m.state.board.turn, _outcome(rng, m.state.board), fouls)


# End-of-board and misses cases a random walk seldom meets: South to play with 3 whites and 1 black left, the strokes
CASES = [
    ["b"],  # the opponent's last coin, the queen on the board (ICF 106 a)
    ["bf"],  # the same by a foul (106 b)
    ["bs"],  # with the striker (111 a)
    ["bsf"],  # with the striker by a foul (111 b)
    ["q", "b"],  # the queen pocketed, then the opponent's last coin instead of the cover (103 a)
    ["q", "bf"],  # the same by a foul (103 b)
    ["-", "-", "-", "-", "-", "-"],  # three strokes each touching nothing (137)
]


def walk(rules, seed=1, matches=40, steps=300):
    """Every law the rulings cite under ``rules``: random matches, then ``CASES`` (rules with colours fixed at the
    break)."""
    rng = random.Random(seed)
    cited = set()

    def rule(m, a):
        try:
            r = m.play(a)
        except RulesError:
            return
        cited.update(d.law for d in r.decisions)
        cited.update(e.law for e in r.ended)
        cited.update(law for d in r.decisions for law in embedded(d.text))

    for i in range(matches):
        seats = (S, E, N, W) if i % 2 else (S, N)
        m = Match.new(rules, {s: s.value for s in seats}, first_breaker=S)
        for _ in range(steps):
            if m.expected() is None:
                break
            rule(m, _action(rng, m))
    if rules != "fr-simplified":
        for strokes in CASES:
            m = position(new(rules), 3, 1, turn=S)
            for letters in strokes:
                rule(m, stroke(m.state.board.turn, letters.strip("-"), touched=letters != "-"))
    m = new(rules)
    for _ in range(3):  # the break touching nothing, every attempt (ICF 45 b)
        rule(m, stroke(m.state.board.turn, touched=False))
    if rules != "fr-simplified":  # the board lost from 22 points, the queen with it: it does not count (ICF 54)
        m = position(new(rules, points=(22, 0)), 6, 9, queen=0, turn=N)
        rule(m, Forfeit(N, "ICF 126 b", offender=N))
    return cited


def embedded(text):
    """The laws a ruling's words cite in brackets ("… (ICF 65 b–d)" as ICF 65 b–d and ICF 65), leaving out the
    comparisons of the French special cases ("(as ICF 107 a)", which name the ICF law they state again)."""
    laws = set()
    for number, part in re.findall(r"(?<!as )ICF (\d+)((?: [a-z](?:–[a-z])?)?)", text):
        laws |= {f"ICF {number}{part}", f"ICF {number}"}
    return laws | set(re.findall(r"001 §[\d.]+(?: [a-z]\b)?", text))


CITED = {rules: walk(rules) for rules in OWN_TEXT}


@pytest.mark.parametrize("rules", list(OWN_TEXT))
def test_no_ruling_cites_an_icf_law_the_rulesets_own_text_has(rules):
    """Under fr-official and fr-simplified a ruling names the ruleset's own law wherever its text has one, in its
    citation and in its words."""
    foreign = sorted(law for law in CITED[rules] if law in OWN_TEXT[rules])
    assert foreign == [], f"{rules} cites ICF where its own text has the law: " + ", ".join(
        f"{law} (own: {OWN_TEXT[rules][law]})" for law in foreign)


@pytest.mark.parametrize("rules", ["fr-official", "fr-simplified"])
def test_the_walk_reaches_every_law_of_the_table(rules):
    """The walk is not vacuous: under ICF it rules every kind the table names (each ICF law cited at least once),
    and under the variant the variant's own law appears in its place."""
    missing = sorted(law for law in OWN_TEXT[rules] if law not in CITED["icf"])
    assert missing == [], f"the ICF walk never ruled {missing}"
    own = sorted({v for v in OWN_TEXT[rules].values()} - CITED[rules])
    assert own == [], f"{rules} never cited {own}"
