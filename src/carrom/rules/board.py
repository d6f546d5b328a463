"""One board's state: where every piece is, who is in turn, what is owed, the queen.

Pieces are counted, not placed: the referee needs only how many of each colour are on
the board, in the nets, or held out of the nets waiting to be placed (ICF 78). With the
queen, the nineteen pieces are always accounted for.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from carrom.rules.message import Message
from carrom.rules.pieces import COINS_PER_COLOUR, Coin, Seat


class QueenState(StrEnum):
    """Where the queen is: on the board, pocketed and to be covered (ICF 92, 96), or covered (ICF 15, 97 a). Its
    value is the word records and views carry ("board", "pending", "covered")."""

    BOARD = "board"
    PENDING = "pending"
    COVERED = "covered"


@dataclass(frozen=True)
class Owed:
    """A due or penalty coin out of the nets, to be placed by ``placer`` (ICF 72, 78)."""

    placer: Seat
    coin: Coin
    waiting: bool = False  # no room for it yet (ICF 79 a): offered again after the next stroke


@dataclass(frozen=True)
class BoardResult:
    """How a board ended: who won it and by how many points, and why."""

    winner: int | None  # side; None when the board is replayed or drawn
    queen_points: int = 0
    coin_points: int = 0
    law: str = ""
    text: str | Message = ""  # the words of the ruling (a message; str() gives the English)
    extra_claimable: int = 0  # extra points the winner may claim (ICF 87 b, 102 b–112 b)
    extra: int = 0  # extra points claimed
    replayed: bool = False
    loser_points: int = 0  # the simplified French rule scores both sides
    queen_lapsed: bool = False  # the winners' queen did not count: they had 22 points or more (ICF 54)
    fixed: bool = False  # the special case's fixed 3 (or 1) points, not the queen's (ICF 102–112; 001 §3.7 f–l)

    @property
    def points(self) -> int:
        return self.queen_points + self.coin_points + self.extra


@dataclass(frozen=True)
class BoardState:
    breaker: Seat
    white_side: int  # the breaker's side plays white (ICF 43)
    turn: Seat
    colours_set: bool = True  # False until the first coin decides them (001 simplified)
    white: int = COINS_PER_COLOUR  # on the board
    black: int = COINS_PER_COLOUR
    queen: QueenState = QueenState.BOARD
    queen_side: int | None = None  # who pocketed (pending) or covered it
    owed: tuple[Owed, ...] = ()
    placing_started: bool = False  # some of the coins owed now are placed: no waiving the rest (ICF 87 a)
    debts: tuple[int, int] = (0, 0)  # per side: coins owed with none in the nets yet (ICF 72 c)
    potted: tuple[bool, bool] = (False, False)  # the side has pocketed an own coin that stayed down (ICF 92, 95 c)
    scored: tuple[int, int] = (0, 0)  # coins each side has pocketed for points (simplified French rule)
    broken: bool = False  # a valid break has been made (ICF 44)
    attempts: int = 0  # failed break attempts by the seat in turn (ICF 45)
    break_passed: bool = False  # the breaker used every attempt and the break passed (ICF 45 b)
    misses: int = 0  # consecutive strokes touching nothing (ICF 137)
    strokes: int = 0
    turn_strokes: int = 0  # strokes in the current turn (ICF 63: a technical foul comes before the first)
    result: BoardResult | None = None
    claim_open: bool = False  # the winner may still claim extra points

    def __post_init__(self) -> None:
        if type(self.queen) is not QueenState:  # the word, as a record or a position gives it
            object.__setattr__(self, "queen", QueenState(self.queen))

    def colour(self, side: int) -> Coin:
        return Coin.WHITE if side == self.white_side else Coin.BLACK

    def side_of_colour(self, coin: Coin) -> int:
        return self.white_side if coin is Coin.WHITE else 1 - self.white_side

    def on_board(self, coin: Coin) -> int:
        if coin is Coin.QUEEN:
            return 1 if self.queen is QueenState.BOARD else 0
        return self.white if coin is Coin.WHITE else self.black

    def held(self, coin: Coin) -> int:
        return sum(1 for o in self.owed if o.coin is coin)

    def in_nets(self, coin: Coin) -> int:
        """Coins of ``coin`` down in the pockets' nets, free to be taken out for placing."""
        return COINS_PER_COLOUR - self.on_board(coin) - self.held(coin)

    def with_on_board(self, coin: Coin, n: int) -> "BoardState":
        return replace(self, white=n) if coin is Coin.WHITE else replace(self, black=n)

    @property
    def over(self) -> bool:
        return self.result is not None

    def counts(self) -> dict[str, int]:
        return {"white": self.white, "black": self.black, "queen": self.on_board(Coin.QUEEN)}
