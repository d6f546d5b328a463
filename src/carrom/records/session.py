"""An umpire's scoring session: notation in, referee rulings out, the record saved each time.

Separate from the terminal so the same session can serve another front end. Every
accepted entry is played, appended and saved before the next prompt; an entry the
notation or the laws refuse changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from carrom.i18n import Translator, translator
from carrom.records import referee
from carrom.records.describe import entry_text, named_ruling, refusal_text, who
from carrom.records.entries import (
    ClockEntry, ConcedeEntry, DeclareEntry, Entry, ForfeitEntry, Outcome, PlaceEntry, StrokeEntry, TimeoutEntry,
)
from carrom.records.errors import RecordError
from carrom.records.header import SEATS, Header
from carrom.records.io import check_writable, load_record, save_record
from carrom.records.notation import COMMANDS, TIME_BOARD, Command, NotationError, StrokeNote, parse
from carrom.records.record import Record
from carrom.records.scorer import Scorer
from carrom.rules import Refusal, RulesError


BREACHES = referee.BREACHES  # declarations about an offender (ICF 63 b)


class SessionError(ValueError):
    """An entry refused: bad notation or an action the laws do not allow now. Nothing changed.

    ``kind`` (``rules.Refusal``): notation that does not read is malformed; the referee's refusals keep their kind
    and their ``law`` (None when no law forbids it).
    """

    def __init__(self, text: Any, kind: Refusal = Refusal.ILLEGAL, law: str | None = None) -> None:
        super().__init__(text)
        self.kind = kind
        self.law = law

    @classmethod
    def of(cls, exc: RulesError, text: Any) -> "SessionError":
        """The referee's refusal in the session's words, with its kind and law."""
        return cls(text, exc.kind, exc.law)


@dataclass
class Reply:
    """What an entry did, for the front end to show."""

    entry: Entry | None = None  # the entry played, or undone
    ruling: Any = None  # carrom.rules.Ruling of a played entry
    undone: bool = False
    show_status: bool = False
    help: bool = False
    quit: bool = False
    message: str = ""
    sits: dict[str, str] | None = None  # where the players sat when the entry was played (ICF 58-60)


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


@dataclass
class Session:
    record: Record
    path: Path
    clock: Callable[[], str] = now
    words: Translator = field(default_factory=translator)  # the language of the replies and refusals
    scorer: Scorer = field(init=False)

    def __post_init__(self) -> None:
        self.scorer = Scorer(self.record)

    @property
    def match(self) -> Any:
        return self.scorer.match

    @staticmethod
    def check_new_path(path: Path) -> Path:
        """Refuse, before any question, a path a new record cannot be saved to (``RecordError``)."""
        path = Path(path)
        if path.exists() and not path.is_dir():
            raise RecordError("", f"{path} already exists: resume it, or choose another name")
        return check_writable(path)

    @classmethod
    def start(cls, header: Header, path: Path, **kw: Any) -> "Session":
        """A new match: checked by the referee, then saved before the first stroke."""
        header.validate()
        session = cls(Record(header), Path(path), **kw)
        session.save()
        return session

    @classmethod
    def resume(cls, path: Path, **kw: Any) -> "Session":
        return cls(load_record(path, replay=False), Path(path), **kw)

    def save(self) -> None:
        save_record(self.record, self.path)

    # -- entries -------------------------------------------------------------------------

    def enter(self, line: str) -> Reply:
        try:
            item = parse(line, referee.FOUL_CODES)
        except NotationError as exc:
            raise SessionError(self.words.message(exc.message or str(exc)), Refusal.MALFORMED) from None
        if isinstance(item, StrokeNote):
            return self.play(self._stroke(item))
        return self._command(item)

    def _stroke(self, note: StrokeNote) -> StrokeEntry:
        outcome = Outcome(note.pocketed, note.striker, note.off_board, note.touched)
        fouls = tuple(code or referee.DEFAULT_FOUL for code in note.fouls)
        return StrokeEntry(referee.to_strike(self.match), outcome=outcome, fouls=fouls, at=self.clock())

    def _command(self, cmd: Command) -> Reply:
        name, args = cmd.name, cmd.args
        if name == "help":
            return Reply(help=True)
        if name == "status":
            return Reply(show_status=True)
        if name == "quit":
            return Reply(quit=True)
        if name == "undo":
            return self.undo()
        if name == "comment":
            old = self.record.header
            text = args[0] if not old.comments else f"{old.comments} {args[0]}"
            self.record.header = replace(old, comments=text)
            try:
                self.save()
            except RecordError as exc:
                self.record.header = old
                raise SessionError(self.words.gettext("comment not added: {problem}", problem=exc.problem)) from None
            return Reply(message=self.words.gettext("comment added"))
        at = self.clock()
        if name == "place":
            coin, waive = None, False
            for a in args:
                a = a.lower()
                if a in ("w", "white", "b", "black"):
                    coin = "white" if a.startswith("w") else "black"
                elif a == "waive":
                    waive = True
                else:
                    raise SessionError(self.words.gettext("place {what}? say place, place white, place black or place waive",
                                                          what=a), Refusal.MALFORMED)
            return self.play(PlaceEntry(referee.to_place(self.match), coin=coin, waive=waive, at=at))
        if name == "forfeit":
            offender, rest = self._offender(args)
            return self.play(ForfeitEntry(referee.to_strike(self.match), law=" ".join(rest) or None,
                                          offender=offender, at=at))
        if name == "concede":
            return self.play(ConcedeEntry(referee.to_strike(self.match), what=args[0], at=at))
        if name == "declare":
            if args[0].lower() in BREACHES:
                offender, rest = self._offender(args[1:])
                if rest:
                    raise SessionError(self.words.gettext(
                        "declare {what} takes only the offender's seat, not {extra!r}", what=args[0].lower(),
                        extra=" ".join(rest)), Refusal.MALFORMED)
                return self.play(DeclareEntry(referee.to_strike(self.match), what=args[0].lower(), offender=offender,
                                              at=at))
            if args[0].lower() == "toss" and len(args) > 1:  # the toss's winner, named by where he sits now
                args = (args[0], self._seat(args[1]), *args[2:])
            seat = referee.claimer(self.match) if args[0].lower() == "extra" else referee.to_strike(self.match)
            return self.play(DeclareEntry(seat, what=" ".join(args), at=at))
        if name == "time":
            begun = TIME_BOARD[args[0]] if args else None
            return self.play(TimeoutEntry(referee.to_strike(self.match), board_begun=begun, at=at))
        if name == "clock":
            running = referee.clock(self.match)
            if running is None:
                raise SessionError(self.words.gettext("no clock runs now: nothing the laws time is awaited "
                                                      "(ICF 46, 50, 88 a)"), law="ICF 46, 50, 88 a")
            return self.play(ClockEntry(running[1], what=args[0] if args else running[0], at=at))
        raise SessionError(f"{name}: not a command ({', '.join(COMMANDS)})")  # pragma: no cover

    def _seat(self, typed: str) -> str:
        """The record's seat of the player sitting in the chair ``typed`` now (ICF 58-60 move the players); a chair
        nobody sits in stays as typed, for the referee to refuse."""
        chair = typed.lower()
        return referee.chairs_to_seats(self.match.state).get(chair, chair)

    def _offender(self, args: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
        """The offender a forfeit or a breach names first (the chair he sits in now), else the seat the laws wait
        for; the rest."""
        if args and args[0].lower() in SEATS:
            return self._seat(args[0]), args[1:]
        return referee.to_strike(self.match), args

    def play(self, entry: Entry) -> Reply:
        """Rule on ``entry``; if the laws allow it, append and save; else nothing changes. The ruling and a refusal
        name players, not chairs (``describe.named_ruling``)."""
        sits = referee.sitting(self.match.state)
        try:
            ruling = self.scorer.play(entry)
        except RulesError as exc:
            raise SessionError.of(exc, refusal_text(exc, self.record.header, self.words)) from None
        try:
            self.save()
        except RecordError:
            self.scorer.take_back()
            raise
        return Reply(entry=entry, ruling=named_ruling(ruling, self.record.header, sits,
                                                      referee.sitting(self.match.state)), sits=sits)

    def undo(self) -> Reply:
        if not self.record.entries:
            raise SessionError(self.words.gettext("nothing to undo"))
        try:
            entry = self.scorer.undo(at=self.clock())
        except RulesError as exc:
            raise SessionError.of(exc, self.words.gettext("cannot undo: {why}", why=self.words.error(exc))) from None
        try:
            self.save()
        except RecordError:
            self.scorer.redo(entry)
            raise
        sits = referee.sitting(self.match.state)  # where the players sat when it was played
        return Reply(entry=entry, undone=True, sits=sits, message=self.words.gettext(
            "undone: {entry}", entry=entry_text(entry, self.record.header, self.words, sits)))

    def confirm_question(self, line: str) -> str | None:
        """The question a front end asks before entering ``line``, or None when it needs none.

        A forfeit or a concession ends a board, a game or the match at once (ICF 51, 91, 139), and so do the
        declarations that annul the board (ICF 140, 142) or lose a game or the match (004 law 18, ICF 143 a), so
        the umpire says yes first, as on the tablet; a line that does not parse needs no question (``enter``
        refuses it with the reason).
        """
        try:
            item = parse(line, referee.FOUL_CODES)
        except NotationError:
            return None
        if isinstance(item, Command) and item.name == "declare":
            return self._declare_question(item.args)
        if not isinstance(item, Command) or item.name not in ("forfeit", "concede"):
            return None
        header, tr = self.record.header, self.words
        seat, sits = referee.to_strike(self.match), referee.sitting(self.match.state)
        if item.name == "forfeit":  # the offender (the player on turn unless named) loses the board for the side
            offender, rest = self._offender(item.args)
            if rest:
                return tr.gettext("{seat} forfeits the board ({law}): enter it?", seat=who(header, offender, tr, sits),
                                  law=" ".join(rest))
            return tr.gettext("{seat} forfeits the board: enter it?", seat=who(header, offender, tr, sits))
        side = header.side(seat)
        questions = {  # "Asha concedes", "Asha & Ravi concede"
            "board": tr.ngettext("{side} concedes the board: enter it?", "{side} concede the board: enter it?",
                                 len(side), side=header.side_name(side)),
            "game": tr.ngettext("{side} concedes the game: enter it?", "{side} concede the game: enter it?",
                                len(side), side=header.side_name(side)),
            "match": tr.ngettext("{side} concedes the match: enter it?", "{side} concede the match: enter it?",
                                 len(side), side=header.side_name(side)),
        }
        return questions[item.args[0]]

    def _declare_question(self, args: tuple[str, ...]) -> str | None:
        """The question before a declaration that ends the board, a game or the match (the tablet's ENDING); None
        for any other, and for one ``enter`` will refuse as typed."""
        what, tr = args[0].lower(), self.words
        law = referee.DECLARATIONS[what].law if what in referee.DECLARATIONS else ""
        if what in ("replay", "no-room"):
            return None if args[1:] else tr.gettext(
                "The board is annulled and played again from the break ({law}): enter it?", law=law)
        if what not in ("absent", "stopped", "late"):
            return None
        offender, rest = self._offender(args[1:])
        if rest:
            return None
        header, sits = self.record.header, referee.sitting(self.match.state)
        side = header.side(offender)
        seat, name = who(header, offender, tr, sits), header.side_name(side)
        if what == "absent":
            return tr.ngettext("{seat} left the board: {side} loses the match ({law}): enter it?",
                               "{seat} left the board: {side} lose the match ({law}): enter it?",
                               len(side), seat=seat, side=name, law=law)
        if what == "stopped":
            return tr.ngettext("{seat} stopped the match without your leave: {side} loses the match ({law}): enter it?",
                               "{seat} stopped the match without your leave: {side} lose the match ({law}): enter it?",
                               len(side), seat=seat, side=name, law=law)
        return tr.ngettext("{seat} arrived late: {side} loses the game 25–0 ({law}): enter it?",
                           "{seat} arrived late: {side} lose the game 25–0 ({law}): enter it?",
                           len(side), seat=seat, side=name, law=law)

