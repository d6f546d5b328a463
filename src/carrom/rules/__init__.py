"""The laws of carrom: a pure referee for boards, games and matches (ICF laws, with variants).

``Match.new(...)`` starts a match; ``match.play(action)`` returns the ruling, each decision
naming its law; ``RulesError`` refuses an action and changes nothing. Standard library only:
the same referee serves the simulated game and an umpire scoring a real match.
"""

from carrom.rules.actions import (
    Action, Concede, Declare, Forfeit, OutOfTime, Place, Stroke, StrokeOutcome, Timeout, action_from_dict,
    action_to_dict,
)
from carrom.rules.clock import Clock, running
from carrom.rules.board import BoardResult, BoardState, Owed, QueenState
from carrom.rules.decision import Decision, EndKind, Ended, Ruling
from carrom.rules.declarations import BREACHES, DECLARATIONS, Declaration
from carrom.rules.errors import MalformedAction, OutOfTurn, Over, Refusal, RulesError
from carrom.rules.fouls import Foul
from carrom.rules.match import Match, apply
from carrom.rules.state import (
    BoardRecord, Claim, Dues, Expect, Expected, MatchState, SideView, new_state, state_from_score,
)
from carrom.rules.pieces import Coin, Seat
from carrom.rules.places import places, rest_due
from carrom.rules.ruleset import RULESETS, BreakOrder, Extras, MissesPer, RuleSet, Scoring, Stage, ruleset
from carrom.rules.table import Table

__all__ = [
    "BREACHES", "DECLARATIONS", "Declaration", "RULESETS", "Action", "BoardRecord", "BoardResult", "BoardState", "BreakOrder", "Claim", "Clock", "Coin", "Concede", "Declare",
    "Decision", "Dues", "EndKind", "Ended", "Expect", "Expected", "Extras", "Forfeit", "Foul", "MalformedAction", "Match", "MatchState",
    "MissesPer", "OutOfTime", "OutOfTurn", "Over", "Owed", "QueenState", "Scoring",
    "Place", "Refusal", "RuleSet", "Ruling", "RulesError", "Seat", "SideView", "Stage", "Stroke", "StrokeOutcome", "Table", "Timeout",
    "action_from_dict", "action_to_dict", "apply", "new_state", "places", "rest_due", "ruleset", "running",
    "state_from_score",
]
