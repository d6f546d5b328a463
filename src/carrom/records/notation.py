"""The umpire's stroke notation: what happened at the board in a few keystrokes.

One line is one entry. A stroke is letters for the pieces that went in, in order, plus
flags; anything else is a command word. The parser knows only the notation; whether the
stroke is lawful is the referee's business. See docs/umpire.md.

    w        one white pocketed            wwq      two whites, then the queen
    s        the striker pocketed          ws       a white and the striker
    -        nothing pocketed              x        the striker touched no piece
    o:b      a black left the board        f        a foul (f:CODE names it)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from carrom.i18n.names import N_
from carrom.records.entries import CLOCKS, CONCEDE_WHAT  # the clocks of the laws (ICF 46, 50, 88 a); ICF 139
from carrom.rules.errors import Refusal
from carrom.rules.message import Message, say

COINS = {"w": "white", "b": "black", "q": "queen"}
# The keys are the same in every language; their meanings are translated (docs/umpire.md, per language)
NOTATION: tuple[tuple[str, str], ...] = (
    ("w", N_("one white pocketed")), ("wwq", N_("two whites, then the queen")), ("s", N_("the striker pocketed")),
    ("ws", N_("a white and the striker")), ("-", N_("nothing pocketed")), ("x", N_("the striker touched no piece")),
    ("o:b", N_("a black left the board")), ("f", N_("a foul (f:CODE names it)")),
)
# each command: its usage (the same keys in every language) and what it does (translated)
COMMAND_HELP: dict[str, tuple[str, str]] = {
    "place": ("place [COIN|waive]  ", N_("place the due/penalty coin owed now (or waive it, ICF 87 a)")),
    "forfeit": ("forfeit [SEAT] [LAW]", N_("the offender (SEAT, else the player on turn) loses the board (e.g. ICF 51, 91, "
                                        "121 b, 126 b); asks yes/no")),
    "concede": ("concede board|game|match  ", N_("the player on turn's side gives up (ICF 139); asks yes/no")),
    "declare": ("declare WORDS       ", N_("a declaration the referee knows, e.g. `declare extra` (ICF 87 b); a breach "
                                        "names its offender: `declare technical west` (ICF 63 b)")),
    "clock": ("clock [break|stroke|place] ", N_("the 15 s ran out for whoever the laws wait for (ICF 46, 50, 88)")),
    "time": ("time [begun|waiting] ", N_("the bell of the timed game; say whether \"Play\" was called for this board "
                                        "(004 law 40)")),
    "undo": ("undo                ", N_("take back the last entry (and say which)")),
    "status": ("status              ", N_("show the board again")),
    "comment": ("comment TEXT        ", N_("add a remark to the umpire's comments on the scorecard")),
    "help": ("help                ", N_("this list")),
    "quit": ("quit                ", N_("leave; the record is already saved")),
}
COMMANDS = {name: usage + meaning for name, (usage, meaning) in COMMAND_HELP.items()}
ALIASES = {"q!": "quit", "exit": "quit", "?": "help", "h": "help", "u": "undo", "st": "status"}
TIME_BOARD = {"begun": True, "waiting": False}  # after `time`: had "Play" been called for the board (004 law 40)


class NotationError(ValueError):
    """A line the notation cannot read; the message says which character and why (``message`` for other languages).
    ``kind`` and ``law`` as the referee's refusals carry them: not an entry at all, so malformed, with no law."""

    kind = Refusal.MALFORMED
    law: str | None = None

    def __init__(self, text: str | Message) -> None:
        super().__init__(str(text))
        self.message = text if isinstance(text, Message) else None


@dataclass(frozen=True)
class StrokeNote:
    """What the umpire saw of one stroke, before the referee rules on it."""

    pocketed: tuple[str, ...] = ()  # "white", "black", "queen" in the order they went in
    striker: bool = False  # the striker went into a pocket
    off_board: tuple[str, ...] = ()  # pieces that left the playing surface
    touched: bool = True  # False: the striker touched no piece (ICF 45, 127, 137)
    fouls: tuple[str, ...] = ()  # foul codes; "" for a foul the umpire did not name


@dataclass(frozen=True)
class Command:
    name: str
    args: tuple[str, ...] = ()


def _coins(chars: str, token: str) -> tuple[str, ...]:
    out = []
    for ch in chars:
        if ch not in COINS:
            raise NotationError(say("{token!r}: {ch!r} is not a piece (w white, b black, q queen)", token=token, ch=ch))
        out.append(COINS[ch])
    if not out:
        raise NotationError(say("{token!r}: say which pieces, e.g. o:b for a black off the board", token=token))
    return tuple(out)


def parse_stroke(tokens: Iterable[str], fouls: Iterable[str] = ()) -> StrokeNote:
    """Read the stroke tokens; ``fouls`` is the vocabulary of foul codes accepted after ``f:``."""
    known_fouls = tuple(fouls)
    pocketed: list[str] = []
    off: list[str] = []
    named_fouls: list[str] = []
    striker = nothing = no_touch = False
    for token in tokens:
        lower = token.lower()
        if lower.startswith("o:"):
            off.extend(_coins(lower[2:], token))
        elif lower.startswith("f:"):
            code = lower[2:]
            if not code:
                raise NotationError(say("{token!r}: name the foul after f:, or write f alone", token=token))
            if known_fouls and code not in known_fouls:
                raise NotationError(say("{token!r}: {code!r} is not a foul code ({codes})", token=token, code=code,
                                        codes=", ".join(known_fouls)))
            named_fouls.append(code)
        else:
            for ch in lower:
                if ch in COINS:
                    pocketed.append(COINS[ch])
                elif ch == "s":
                    if striker:
                        raise NotationError(say("{token!r}: the striker can go in only once", token=token))
                    striker = True
                elif ch == "-":
                    nothing = True
                elif ch == "x":
                    no_touch = True
                elif ch == "f":
                    named_fouls.append("")
                else:
                    raise NotationError(say(
                        "{token!r}: {ch!r} means nothing here; pieces are w b q s, flags - x f, "
                        "off the board o:PIECES; type help for commands", token=token, ch=ch))
    if nothing and (pocketed or striker):
        raise NotationError(say("'-' means nothing went in, but pieces are listed too"))
    if nothing and no_touch:
        raise NotationError(say("'x' says the striker touched no piece, '-' that it touched one: write only one of them"))
    if no_touch and pocketed:
        raise NotationError(say("'x' means the striker touched no piece, yet pieces went in"))
    if no_touch and off:
        raise NotationError(say("'x' means the striker touched no piece, yet pieces left the board"))
    if pocketed.count("queen") > 1 or off.count("queen") > 1 or ("queen" in pocketed and "queen" in off):
        raise NotationError(say("there is only one queen"))
    if not (pocketed or striker or off or nothing or no_touch or named_fouls):
        raise NotationError(say("empty stroke"))
    return StrokeNote(tuple(pocketed), striker, tuple(off), not no_touch, tuple(named_fouls))


def parse(line: str, fouls: Iterable[str] = ()) -> StrokeNote | Command:
    """One entry: a command (first word a command name) or a stroke."""
    tokens = line.split()
    if not tokens:
        raise NotationError(say("nothing typed; type help for the notation"))
    head = tokens[0].lower()
    head = ALIASES.get(head, head)
    if head in COMMANDS:
        args = tuple(tokens[1:])
        if head == "concede":
            if len(args) != 1 or args[0].lower() not in CONCEDE_WHAT:
                raise NotationError(say("concede what? concede board, concede game or concede match"))
            args = (args[0].lower(),)
        elif head == "declare" and not args:
            raise NotationError(say("declare what? e.g. declare extra"))
        elif head == "comment" and not args:
            raise NotationError(say("comment needs the text of the remark"))
        elif head == "time" and (len(args) > 1 or (args and args[0].lower() not in TIME_BOARD)):
            raise NotationError(say("time, time begun (\"Play\" was called for this board) or time waiting (not yet)"))
        elif head == "time":
            args = tuple(a.lower() for a in args)
        elif head == "clock" and (len(args) > 1 or (args and args[0].lower() not in CLOCKS)):
            raise NotationError("clock, clock break, clock stroke or clock place: which 15 seconds ran out")
        elif head == "clock":
            args = tuple(a.lower() for a in args)
        elif head in ("undo", "status", "help", "quit") and args:
            raise NotationError(say("{head} takes nothing after it", head=head))
        elif head == "comment":
            args = (line.split(None, 1)[1].strip(),)
        return Command(head, args)
    return parse_stroke(tokens, fouls)


def format_stroke(note: StrokeNote) -> str:
    """The notation of a stroke, so replay and status can echo what was typed."""
    back = {v: k for k, v in COINS.items()}
    parts = []
    head = "".join(back[c] for c in note.pocketed) + ("s" if note.striker else "")
    if not note.touched:
        head = "x" + head
    parts.append(head or "-")
    if note.off_board:
        parts.append("o:" + "".join(back[c] for c in note.off_board))
    parts.extend("f" if not code else f"f:{code}" for code in note.fouls)
    return " ".join(parts)
