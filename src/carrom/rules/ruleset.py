"""The variants of the laws, by name, each an explicit set of options on one referee.

``icf`` follows the ICF laws (000_169fbbd52fae402d.txt); the others change only what their
source text changes. docs/laws.md and docs/texts.md say where the texts disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from carrom.rules.errors import RulesError
from carrom.rules.message import say


@dataclass(frozen=True)
class RuleSet:
    name: str
    source: str
    scoring: str = "icf"  # "icf": the winner scores the loser's coins left (ICF 53); "simplified": every coin a point
    break_attempts: int = 3  # the break and two more chances (ICF 45 a)
    attempts_after_pass: int | None = None  # once the break has passed: None the same again (ICF 45 b), 1 in turn (001 §3.5 d)
    break_order: str = "game"  # "game": game 2 broken by who did not break game 1 (ICF 49 a); "continuous" (001 §3.5 g)
    queen_points: int = 3  # ICF 52 b i
    queen_until: int = 21  # the queen counts up to this score inclusive (ICF 52 b i, 54)
    late_queen_points: int = 1  # end-of-board special cases from 22 points (ICF 102–112)
    max_board_points: int = 12  # ICF 55
    game_points: int = 25  # ICF 56 a
    boards_per_game: int | None = 8  # ICF 56 a
    tie_break_board: bool = True  # ICF 56 b
    games_to_win: int = 2  # best of three (ICF 57)
    misses_to_replay: int = 3  # consecutive (ICF 137)
    misses_per: str = "player"  # "player": three each (002 law 42); "side": three per side (001 §4 p)
    extras: str = "claim"  # extra points at a board's end: "claim" if demanded (ICF 87 b); "automatic" (001 §3.7 n)
    special_extras: bool = True  # the special cases give extra points (ICF 102 b–112 b); False: fixed points (001 §3.7 f–l)
    striker_foul_coins: int = 2  # striker pocketed by an improper stroke: due and penalty (ICF 72 b, 77 b); 1 (001 §3.11 a, e)
    concede_on_turn: bool = False  # a game is conceded at any time (ICF 139); True: only on one's turn (001 §4 q)
    stroke_clock: float | None = None  # seconds (ICF 50: 15); None: not enforced
    timed: bool = False  # 004 laws 39–41: the bell at 50 minutes, the game ends 7 minutes later
    decider_side_change: str = "board4or13"  # ICF 60 a; "13" for quarter-finals on (ICF 60 b)

    def stroke_cost(self, striker: bool, foul: bool) -> int:
        """Coins one stroke costs for the striker pocketed and an improper stroke (ICF 72, 77; 001 §3.11 a, e)."""
        if striker and foul:
            return self.striker_foul_coins
        return int(striker) + int(foul)


RULESETS: dict[str, RuleSet] = {
    "icf": RuleSet("icf", "ICF laws (000_169fbbd52fae402d.txt)"),
    "fr-official": RuleSet("fr-official", "French federation, official international rules (001, §3)",
                           break_attempts=2, attempts_after_pass=1, break_order="continuous", misses_per="side",
                           extras="automatic", special_extras=False, striker_foul_coins=1, concede_on_turn=True),
    "fr-simplified": RuleSet("fr-simplified", "French simplified rule (001, 'Variante simplifiée')",
                             scoring="simplified", queen_points=5, queen_until=23, late_queen_points=2,
                             max_board_points=19, game_points=29, boards_per_game=None, tie_break_board=False,
                             games_to_win=1),
    "timed": RuleSet("timed", "ICF laws with the timed game of the Slovenian rules (004 laws 18, 39–41, 126)",
                     timed=True),
}


def ruleset(name: str) -> RuleSet:
    try:
        return RULESETS[name]
    except KeyError:
        raise RulesError(say("no such rules {name!r}; choose one of {choices}", name=name,
                             choices=", ".join(RULESETS))) from None
