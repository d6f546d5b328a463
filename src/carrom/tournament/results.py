"""A result typed by the desk, checked against the laws before it is recorded.

A game ends when a side reaches 25 points or after the 8th board (ICF 56 a), so at most one side
has 25 or more, and a board is worth at most 12 points (ICF 55): no game score above 24 + 9 or
21 + 12, that is 33. A match is the best of three games (ICF 57): it ends as soon as a side has
won two. What the laws allow but is unusual is accepted and noted: a game ended after the 8th
board, or by the round's time, with both sides below 25. SoL's single game (one game to 25 in the
round's time) may end level, a draw, as SoL counts it.

A walkover (ICF 143 i: not reported within 15 minutes of the announcement; 004 laws 18 and 126:
7 minutes and a 25-0 game in the timed rules) is scored 25-0 for each game the present side needed.
"""

from __future__ import annotations

from carrom.rules.errors import Refusal
from carrom.rules.message import Message, say
from carrom.tournament.model import Format, Result

GAME_POINTS = 25  # ICF 56 a
MAX_GAME = 33  # ICF 55 (12 a board) and 56 a (the game is over at 25): 21 + 12 or 24 + 9
REPORT_MINUTES = {"ICF": 15, "timed": 7}  # ICF 143 i; 004 laws 18 and 126


class ResultError(ValueError):
    """A result the laws cannot produce: the message says what (``problem``, a message the pages translate) and
    names the law (``law``); ``kind``: illegal, or malformed for typing that is no score at all."""

    def __init__(self, problem: Message, law: str, kind: Refusal = Refusal.ILLEGAL) -> None:
        super().__init__(say("{problem} ({law})", problem=problem, law=law))
        self.problem = problem
        self.law = law
        self.kind = kind


DASHES = str.maketrans({":": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2010": "-", "\u2011": "-"})
"""The marks people type between a game's two scores: the desk itself shows 25–13 with an en dash."""


def _points(text: str) -> bool:
    """A game's points as typed: one to three ASCII digits (a longer number is no game's score)."""
    return 1 <= len(text) <= 3 and text.isascii() and text.isdigit()


def parse_games(text: str) -> tuple[tuple[int, int], ...]:
    """``"25-3 12-25 25-20"`` (or with ``:``, an en dash, commas) as the games' scores; a malformed one is
    refused."""
    games = []
    for part in text.replace(",", " ").split():
        left, sep, right = part.translate(DASHES).partition("-")
        if not sep or not _points(left) or not _points(right):
            if left.startswith("-") or right.startswith("-") or part.startswith("-"):
                raise ResultError(say("a game's score cannot be negative: {part}", part=repr(part)), "ICF 53 a")
            raise ResultError(say("a game's score is two numbers, such as 25-13, not {part}", part=repr(part)),
                              "ICF 57", Refusal.MALFORMED)
        games.append((int(left), int(right)))
    if not games:
        raise ResultError(say("no game's score given"), "ICF 57", Refusal.MALFORMED)
    return tuple(games)


def check_game(number: int, a: int, b: int, fmt: Format) -> str | None:
    """Refuse a game the laws cannot produce; return a note when it is legal but unusual."""
    if a < 0 or b < 0:
        raise ResultError(say('game {number}: a score cannot be negative ({a}-{b})', number=number, a=a, b=b), "ICF 53 a")
    if a >= GAME_POINTS and b >= GAME_POINTS:
        raise ResultError(say('game {number}: {a}-{b} is won by both sides; the game ends when one reaches {GAME_POINTS}', number=number, a=a, b=b, GAME_POINTS=GAME_POINTS), "ICF 56 a")
    if max(a, b) > MAX_GAME:
        raise ResultError(say('game {number}: {points} points is more than a game can give (at most 12 a board, the game over at {GAME_POINTS}: {MAX_GAME})', number=number, points=max(a, b), GAME_POINTS=GAME_POINTS, MAX_GAME=MAX_GAME), "ICF 55, 56 a")
    if a == b:
        if fmt is Format.SINGLE and a > 0:
            return None
        raise ResultError(say('game {number}: {a}-{b} has no winner; a level game after the 8th board is decided by one more board', number=number, a=a, b=b), "ICF 56 b")
    if max(a, b) < GAME_POINTS:
        return f"game {number} ended below {GAME_POINTS} ({a}-{b}): after the 8th board or by time (ICF 56 a)"
    return None


def check(games: tuple[tuple[int, int], ...], fmt: Format = Format.BEST_OF_THREE) -> Result:
    """The result of these games, or ``ResultError`` naming the law they break."""
    if fmt is Format.SINGLE:
        if len(games) != 1:
            raise ResultError(say("this event's matches are one game, not {n}", n=len(games)), "SoL single game")
        (a, b), = games
        note = check_game(1, a, b, fmt)
        return Result(games=games, winner=0 if a == b else (1 if a > b else 2), unusual=(note,) if note else ())
    if len(games) > 3:
        raise ResultError(say('{n} games: a match is the best of three', n=len(games)), "ICF 57")
    notes = []
    won = [0, 0]
    for number, (a, b) in enumerate(games, 1):
        if max(won) == 2:
            raise ResultError(say('game {number} after a {won}-{lost}: the match was over', number=number, won=won[0], lost=won[1]), "ICF 57")
        note = check_game(number, a, b, fmt)
        if note:
            notes.append(note)
        won[0 if a > b else 1] += 1
    if max(won) < 2:
        raise ResultError(say('games {won}-{lost}: a match is over when a side has won two', won=won[0], lost=won[1]), "ICF 57")
    return Result(games=games, winner=1 if won[0] == 2 else 2, unusual=tuple(notes))


def tie(rubbers: tuple[tuple[tuple[int, int], ...], ...], count: int, fmt: Format = Format.BEST_OF_THREE) -> Result:
    """A team tie of ``count`` rubbers, each a match checked as above; the side with more rubbers wins.

    The tie may stop once a side has won a majority; with an even number all played and shared, it is drawn.
    """
    law = f"a tie of {count} rubbers"
    if not rubbers:
        raise ResultError(say('no rubber given'), law)
    if len(rubbers) > count:
        raise ResultError(say("{n} rubbers: this event's ties have {count}", n=len(rubbers), count=count), law)
    results = []
    won = [0, 0]
    for number, games in enumerate(rubbers, 1):
        if max(won) > count // 2:
            raise ResultError(say('rubber {number} after {won}-{lost}: the tie was decided', number=number, won=won[0], lost=won[1]), law)
        try:
            r = check(tuple(games), fmt)
        except ResultError as exc:
            raise ResultError(say('rubber {number}: {problem}', number=number, problem=exc.problem), exc.law) from None
        results.append(r)
        if r.winner:
            won[r.winner - 1] += 1
    if max(won) <= count // 2 and len(rubbers) < count:
        raise ResultError(say('rubbers {won}-{lost} after {n} of {count}: the tie is not decided', won=won[0], lost=won[1], n=len(rubbers), count=count), law)
    winner = 0 if won[0] == won[1] else (1 if won[0] > won[1] else 2)
    notes = tuple(f"rubber {i}: {n}" for i, r in enumerate(results, 1) for n in r.unusual)
    return Result(games=(), winner=winner, unusual=notes, rubbers=tuple(results))


def report_by(announced: float, timed: bool = False) -> float:
    """When the time to report ends (seconds since the epoch): the laws' minutes after the announcement (ICF 143 i;
    004 laws 18 and 126 in the timed rules)."""
    return announced + 60 * REPORT_MINUTES["timed" if timed else "ICF"]


def walkover(present: int, fmt: Format = Format.BEST_OF_THREE, *, waited_minutes: float, timed: bool = False,
             rubbers: int = 0) -> Result:
    """The absent side loses by walkover once the laws' time has passed since the match was announced.

    ``present`` is the side that reported (1 or 2). Only the desk calls this: nothing is automatic.
    """
    limit = REPORT_MINUTES["timed" if timed else "ICF"]
    law = "004 laws 18 and 126" if timed else "ICF 143 i"
    if present not in (1, 2):
        raise ResultError(say('the side that reported is 1 or 2, not {present}', present=present), law)
    if waited_minutes < 0:  # announced for a time still to come: the time to report has not begun
        raise ResultError(say('the match is announced for {minutes} minutes from now: the {limit} minutes to report count from then', minutes=format(-waited_minutes, '.0f'), limit=limit), law)
    if waited_minutes < limit:
        raise ResultError(say('only {waited_minutes} minutes since the match was announced: a walkover after {limit}', waited_minutes=format(waited_minutes, '.0f'), limit=limit), law)
    game = (GAME_POINTS, 0) if present == 1 else (0, GAME_POINTS)
    games = (game,) if fmt is Format.SINGLE else (game, game)
    if rubbers:  # a team tie: the rubbers the present side needed, each won so
        one = Result(games=games, winner=present, walkover=True)
        return Result(games=(), winner=present, walkover=True, rubbers=(one,) * (rubbers // 2 + 1))
    return Result(games=games, winner=present, walkover=True)
