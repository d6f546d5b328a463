"""What each law the referee cites is about, in a few words, so a citation comes with its meaning.

Keyed by the law without its letter ("ICF 72" for "ICF 72 a"); the numbers stay the ICF
numbering of text 000 (docs/texts.md) in every language, the meanings are translated in the
catalogs. Variant citations ("001 §3.7 n", "004 law 40") have their own entries.
"""

from __future__ import annotations

from carrom.i18n.names import N_

MEANINGS: dict[str, str] = {
    "ICF 15": N_("Cover: an own coin pocketed after the queen, in the same or the next stroke"),
    "ICF 28": N_("Doubles: partners sit opposite each other"),
    "ICF 30": N_("No part of the body but the playing hand touches the board or the stand"),
    "ICF 33": N_("The striker is flicked, not pushed"),
    "ICF 39": N_("The toss: the winner chooses the side or the break"),
    "ICF 42": N_("The first break is the toss winner's, or the other side's if a side was chosen"),
    "ICF 43": N_("The breaker plays white; the queen belongs to both sides"),
    "ICF 44": N_("A touch counts as a break"),
    "ICF 45": N_("Two more break attempts, then the break passes; no due at the break"),
    "ICF 46": N_("The break is made within 15 seconds of the umpire's call"),
    "ICF 47": N_("A break before the umpire's call is a foul"),
    "ICF 48": N_("The turn continues while own coins or the queen are pocketed"),
    "ICF 49": N_("The break alternates by board and by game; in doubles the turn goes to the right"),
    "ICF 50": N_("Each stroke within 15 seconds of the pieces coming to rest"),
    "ICF 51": N_("A stroke out of turn loses the board"),
    "ICF 52": N_("Who wins a board; the queen is worth 3 points up to 21"),
    "ICF 53": N_("Points: the opponent's coins left; the queen only for the winner"),
    "ICF 54": N_("From 22 points the queen does not count"),
    "ICF 55": N_("At most 12 points a board"),
    "ICF 56": N_("A game: 25 points or 8 boards; the tie-break board"),
    "ICF 57": N_("A match is the best of three games"),
    "ICF 58": N_("Singles: the players change sides after each game"),
    "ICF 59": N_("Doubles: the players move one seat to the right after each game"),
    "ICF 60": N_("The deciding game: sides change after the fourth board or at 13 points"),
    "ICF 60 b": N_("From the quarter-finals the deciding game changes sides only at 13 points"),
    "ICF 62": N_("Every breach is a technical foul or a foul"),
    "ICF 63": N_("Technical foul: a penalty coin, the turn kept"),
    "ICF 64": N_("Foul: a penalty coin and the turn lost; own coins pocketed go back"),
    "ICF 65": N_("Pieces off the board go back to the centre, placed by the umpire"),
    "ICF 72": N_("Due: a coin returned for pocketing the striker; owed until one is in the nets"),
    "ICF 73": N_("The striker with own coins: the coins and a due go back, the turn continues"),
    "ICF 74": N_("The striker with an opponent's coin: it stays down, a due, the turn lost"),
    "ICF 75": N_("The striker with own and opponent's coins: own coins back with a due, play on"),
    "ICF 76": N_("An opponent's coin pocketed with a foul stays down; a penalty"),
    "ICF 77": N_("Own coins pocketed with a foul go back, with a penalty"),
    "ICF 78": N_("Who takes out and places the dues"),
    "ICF 79": N_("No room to place: the coins are placed when there is room"),
    "ICF 80": N_("Declining to place gives up the claim"),
    "ICF 84": N_("Placing is complete when the finger leaves the coin inside the outer circle"),
    "ICF 85": N_("A coin placed outside the outer circle is placed again; a foul"),
    "ICF 86": N_("Placing must not disturb the other pieces"),
    "ICF 87": N_("Placing is waived in full or not at all; extra points claimed at the board's end"),
    "ICF 88": N_("Fifteen seconds to place or to strike"),
    "ICF 89": N_("No coin placed towards a pocket or over the centre circle"),
    "ICF 91": N_("Leaving the chair loses the board"),
    "ICF 92": N_("The queen may be pocketed only after an own coin"),
    "ICF 93": N_("Only the umpire places the queen"),
    "ICF 95": N_("The queen too early, with a due outstanding, or with the striker"),
    "ICF 96": N_("A queen not covered goes back to the centre"),
    "ICF 97": N_("The queen with own coins: covered"),
    "ICF 98": N_("The queen, an own coin and the striker together"),
    "ICF 99": N_("The queen and the striker together"),
    "ICF 100": N_("The striker alone instead of the cover"),
    "ICF 101": N_("The striker with the covering coin"),
    "ICF 102": N_("Both last coins while covering the queen"),
    "ICF 103": N_("The opponent's last coin while covering the queen"),
    "ICF 104": N_("The queen, own last coin and the opponent's last coin"),
    "ICF 105": N_("Both last coins with the queen on the board"),
    "ICF 106": N_("The opponent's last coin with the queen on the board"),
    "ICF 107": N_("Own last coin with the queen on the board"),
    "ICF 108": N_("Own last coin with the striker, the queen on the board"),
    "ICF 109": N_("The queen, the striker and both last coins"),
    "ICF 110": N_("Both last coins with the striker, the queen covered by the striker's side"),
    "ICF 111": N_("The opponent's last coin with the striker, the queen on the board"),
    "ICF 112": N_("Both last coins with the striker, the queen covered by the opponent"),
    "ICF 114": N_("A due or penalty coin must not push the queen"),
    "ICF 121": N_("Playing on before the umpire's call after an appeal loses the board"),
    "ICF 122": N_("Powder only before play is called"),
    "ICF 125": N_("Pocketing an opponent's coin ends the turn"),
    "ICF 126": N_("Disturbing the board is a foul"),
    "ICF 130": N_("The striker touches both baselines and covers the base circle, not the arrows"),
    "ICF 131": N_("Partners must not communicate during a board"),
    "ICF 134": N_("Pieces move only by the striker"),
    "ICF 137": N_("Three misses in a row by each: the board is replayed"),
    "ICF 138": N_("Ten minutes of rest between the second and the third game"),
    "ICF 139": N_("A player may concede a board, a game or the match"),
    "ICF 140": N_("Events beyond control: the board is replayed"),
    "ICF 142": N_("No room for the striker on the baseline: the board is replayed"),
    "ICF 143": N_("Indiscipline, such as leaving the board without the umpire's leave, loses the match"),
    "001 §3": N_("French official rules"),  # the whole official part: the fr-official ruleset (carrom.rules.RULESETS)
    "001 §3.1": N_("French rules: the players' places; partners sit opposite"),
    "001 §3.2": N_("French rules: the stroke: flicked, from both baselines, the hand on the board only"),
    "001 §3.3": N_("French rules: the toss; its winner may choose to break"),
    "001 §3.5": N_("French rules: the break, two attempts then one each in turn"),
    "001 §3.5 f": N_("French rules: a break before \"Play\": the pieces put back, a penalty owed, the turn lost"),
    "001 §3.5 c": N_("French rules: a touch counts as a break"),
    "001 §3.5 g": N_("French rules: the break alternates, board after board and game after game"),
    "001 §3.6": N_("French rules: the turn continues while one pockets; 15 seconds a stroke"),
    "001 §3.6 c": N_("French rules: pocketing the opponent's coins ends the turn"),
    "001 §3.7": N_("French rules: extra points and the special cases at a board's end"),
    "001 §3.7 a": N_("French rules: who wins a board"),
    "001 §3.7 b": N_("French rules: points: the opponent's coins left, 3 for the queen"),
    "001 §3.7 c": N_("French rules: no queen points from 22"),
    "001 §3.7 d": N_("French rules: at most 12 points a board, the penalties still owed counted"),
    "001 §3.7 e": N_("French rules: a game: 25 points or 8 boards; the tie-break board"),
    "001 §3.7 m": N_("French rules: the opponent's last coin with the queen in play: coins and the queen to him"),
    "001 §3.7 n": N_("French rules: the opponent's last coin while covering the queen, or with the striker"),
    "001 §3.8": N_("French rules: changing places after each game and in the deciding game"),
    "001 §3.11": N_("French rules: the striker pocketed costs one coin, proper stroke or not"),
    "001 §3.11 c": N_("French rules: the striker with an opponent's coin: a coin back, the turn lost"),
    "001 §3.11 d": N_("French rules: an opponent's coin pocketed by a foul stays down; a penalty"),
    "001 §3.11 g": N_("French rules: who takes out and places the penalties"),
    "001 §3.11 i": N_("French rules: no room to place: the coins wait for room"),
    "001 §3.11 l": N_("French rules: a coin is placed once the finger leaves it inside the inner circle"),
    "001 §3.11 n": N_("French rules: pieces touched by hand are put back, a penalty, the turn lost"),
    "001 §3.11 p": N_("French rules: rising from the chair in one's turn costs a penalty coin"),
    "001 §3.9": N_("French rules: pieces off the board go back to the centre"),
    "001 §3.12": N_("French rules: the queen: when it may be pocketed, its cover, and when it goes back"),
    "001 §3.12 g": N_("French rules: the queen and the striker at the break: the queen back, a penalty owed"),
    "001 §4": N_("French rules: conceding only on one's own turn; misses in a row"),
    "001 §4 g": N_("French rules: playing on after an appeal to the umpire loses the board"),
    "001 §4 h": N_("French rules: powder only before play is called"),
    "001 §4 i": N_("French rules: the board disturbed beyond repair is lost, with 3 for the queen"),
    "001 §4 l": N_("French rules: partners communicating: a penalty, and the turn passes"),
    "001 §4 o": N_("French rules: the striker left on the frame: a penalty, the turn kept"),
    "001 §4.1.1": N_("French rules: technical foul: a penalty coin, the turn kept"),
    "001 §4.1.2": N_("French rules: foul: a penalty coin and the turn lost"),
    "001 §4.2": N_("French rules: disqualification, such as leaving one's place without leave"),
    "001 §5 \"Match\"": N_("French rules: a match is two games won, or three after 1–1"),
    "001 S1": N_("French simplified rules: points, the queen and penalties"),
    "001 S2": N_("French simplified rules (second text): the queen with a first coin"),
    "001 simplified": N_("French simplified rules"),
    "004 law 18": N_("Slovenian rules: more than seven minutes late loses the game 25–0"),
    "004 law 30": N_("Slovenian rules: after 15 seconds without a stroke the turn is lost"),
    "004 law 39": N_("Slovenian rules: a game to 25 points, 8 boards or the time limit"),
    "004 law 40": N_("Slovenian rules: the first bell, seven minutes to finish the board"),
    "004 law 41": N_("Slovenian rules: the second bell, the difference in coins left"),
}


def key(law: str) -> str:
    """The entry a citation falls under: "ICF 72 a" under "ICF 72", "001 §3.7 n" under "001 §3.7"."""
    if law in MEANINGS:
        return law
    words = law.split()
    if law.startswith("ICF ") or law.startswith("001 §"):
        return " ".join(words[:2])
    if law.startswith("001 S"):
        return " ".join(words[:2])
    return " ".join(words[:3])


def meaning(law: str) -> str | None:
    """The English meaning of a cited law (a message id), or None for a law without one."""
    return MEANINGS.get(key(law))
