"""The breaches an umpire declares that cost the offender one penalty coin, the board going on: the technical foul
(ICF 63), the striker left on the frame (001 §4 o), rising from the chair (001 §3.11 p; ICF 91 loses the board
instead) and a fault while placing a coin (001 §3.11 l–m; ICF 85, 86, 89 b by timing).

Each is a declaration handler (``carrom.rules.declarations.TABLE``): the state, the offender, the argument, the
decisions; a refusal before anything changes, naming the law that applies instead.
"""

from __future__ import annotations

from dataclasses import replace

from carrom.rules.actions import Stroke
from carrom.rules.decision import Decision
from carrom.rules.errors import Over, RulesError
from carrom.rules.flow import lose_board
from carrom.rules.fouls import Foul
from carrom.rules.message import Message, say
from carrom.rules.owing import owe
from carrom.rules.pieces import Seat
from carrom.rules.state import MatchState


def _charge(state: MatchState, seat: Seat, law: str, why: Message, d: list[Decision]) -> MatchState:
    """One penalty coin of ``seat``'s side, placed as ICF 78 and 001 §3.11 g say; the turn where it was."""
    if state.board.over:
        raise Over(say("the board is over"))
    return replace(state, board=owe(state.context(), state.board, seat, 1, why, law, d))


def technical(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    """ICF 63: a breach before the offender's first stroke of his turn (63 a) or by a player not in turn (63 b):
    a penalty coin of the offender's, the turn kept by whoever has it."""
    board = state.board
    if board.over:
        raise Over(say("the board is over"))
    if seat is board.turn and board.turn_strokes > 0:
        raise RulesError(say("after the first stroke of a turn a breach is a foul: enter it with the stroke "
                             "(f, ICF 64 a)"))
    law = "ICF 63 a" if seat is board.turn else "ICF 63 b"
    return _charge(state, seat, law, say("technical foul by {seat}: a penalty, the turn is kept", seat=seat), d)


def frame(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    """001 §4 o: the striker left on the frame or in a net during a board: a penalty coin, the turn stays."""
    if not state.rules.frame_rule:
        raise RulesError(say("a striker left on the frame costs a penalty with the turn kept under the French official "
                             "rules (001 §4 o); under these rules enter the breach as a technical foul or a foul "
                             "(ICF 62–64)"))
    return _charge(state, seat, "001 §4 o",
                   say("{seat} left the striker on the frame or in a net: a penalty, the turn stays with {turn}",
                       seat=seat, turn=state.board.turn), d)


def check_chair(state: MatchState, offender: Seat) -> None:
    """ICF 91 punishes rising "ya sea durante su turno o el de un compañero de equipo": not in the opponents' turn."""
    turn = state.board.turn
    if state.table.side(offender) != state.table.side(turn):
        raise RulesError(say("ICF 91 punishes leaving the chair during one's own or partner's turn, and it is "
                             "{turn}'s turn: a breach by a player not in turn is a technical foul (ICF 63 b)",
                             turn=turn))


def chair(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    """Rising from the chair: under ICF the board lost (ICF 91); under the French official rules one penalty coin,
    "il a une pénalité et doit remettre un J/C" (001 §3.11 p), in the offender's own turn only."""
    if state.board.over:
        raise Over(say("the board is over"))
    if state.rules.chair != "penalty":
        check_chair(state, seat)
        return lose_board(state, seat, "ICF 91", say("{seat} forfeits the board", seat=seat), d)
    if seat is not state.board.turn:
        raise RulesError(say("001 §3.11 p punishes rising from the chair during one's own turn, and it is {turn}'s "
                             "turn: a breach while another player is in turn is a technical foul (001 §4.1.1)",
                             turn=state.board.turn))
    return _charge(state, seat, "001 §3.11 p",
                   say("{seat} rose from the chair during the turn: a penalty", seat=seat), d)


def placing(state: MatchState, seat: Seat, arg, d: list[Decision]) -> MatchState:
    """A due or penalty coin placed outside the circle, over the centre circle or moving other pieces. The French
    official rules: a penalty placed by the opponent, "Le tour de jouer reste à celui qui l'avait auparavant"
    (001 §3.11 l–m). ICF: "el jugador infractor recibe una falta" (85, 86, 89 b), ruled by its timing: after the
    offender's first stroke of his turn a foul, the turn lost (64 a); else a technical foul (63)."""
    board = state.board
    if state.rules.placing_fault == "kept":
        return _charge(state, seat, "001 §3.11 l",
                       say("{seat} placed a coin badly: a penalty, the turn stays with {turn}", seat=seat,
                           turn=board.turn), d)
    if seat is not board.turn or board.turn_strokes == 0:
        return technical(state, seat, arg, d)
    state = _charge(state, seat, "ICF 64 a", say("foul: {what}", what=Foul.PLACING.message), d)
    nxt = state.table.right_of(board.turn)
    d.append(Decision("ICF 64 a", say("the turn passes to {next}", next=nxt)))
    return replace(state, board=replace(state.board, turn=nxt, turn_strokes=0, attempts=0))


def check_stroke_fouls(state: MatchState, stroke: Stroke) -> None:
    """Under rules where a placing fault keeps the turn (001 §3.11 l–m) it is not a foul of a stroke, which would
    pass the turn: it is declared when it happens."""
    if state.rules.placing_fault == "kept" and Foul.PLACING in stroke.fouls:
        raise RulesError(say("a placing fault keeps the turn with whoever had it (001 §3.11 l–m): enter it when it "
                             "happens, `declare placing`, not with a stroke"))
