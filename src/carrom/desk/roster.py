"""A list of players as people bring it: a spreadsheet's CSV, cells pasted from it, or typed lines.

One reader for the CLI's ``--players FILE.csv`` and the web desk's pasted list (issue 42, item 15):
a byte-order mark is dropped, the separator is the one the list uses (a tab between pasted cells,
the semicolon of spreadsheets in languages with a decimal comma, or the comma), a header row names
the columns in any order, and a full name is split into first and last names keeping compound
surnames whole ("Juan de la Cruz", "Ana María GARCÍA LÓPEZ"). Every refusal names the line and
the field.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from carrom.rules.message import say
from carrom.tournament import DeskError

MAX_PLAYERS = 5000  # lines read at most: a national list is a few hundred
MAX_LINE = 1000  # characters of one line

COLUMNS: dict[str, tuple[str, ...]] = {  # a column and the header words that name it
    "name": ("name", "player", "full name"),
    "first": ("first", "firstname", "first name", "given name"),
    "last": ("last", "lastname", "last name", "surname", "family name"),
    "club": ("club",),
    "country": ("country", "nationality", "nation", "federation"),
    "rating": ("rating", "rate", "elo"),
    "team": ("team",),
}
LINE_ORDER = ("name", "club", "country", "rating", "team")  # a line without a header: "Asha Rao, Mumbai CC, IND, 1700"

PARTICLES = frozenset({"de", "del", "della", "dei", "degli", "di", "da", "dal", "dalla", "do", "dos", "das", "du",
                       "van", "von", "der", "den", "ter", "ten", "le", "la", "lo", "y", "e", "zu", "bin", "al", "el"})


@dataclass(frozen=True)
class Entry:
    """A player to register: a name, and optionally a club, a country, a rating and a team (one team, one
    competitor)."""

    first: str
    last: str
    club: str = ""
    country: str = ""
    rating: float | None = None
    team: str = ""


def split_name(full: str) -> tuple[str, str]:
    """First and last names of a full name: a surname written in capitals after a given name is the whole
    surname ("Ana María GARCÍA LÓPEZ"); else it starts at the first particle after the given name ("Juan de la
    Cruz", "Ludwig van Beethoven"); else it is the last word."""
    words = full.split()
    if len(words) < 2:
        raise DeskError(say('a player is "First Last", not {text}', text=repr(full)))
    capitals = 0
    while capitals < len(words) - 1 and _capitals(words[-1 - capitals]):
        capitals += 1
    if capitals and not _capitals(words[0]):
        return " ".join(words[:-capitals]), " ".join(words[-capitals:])
    for i in range(1, len(words) - 1):
        if words[i] in PARTICLES:
            return " ".join(words[:i]), " ".join(words[i:])
    return " ".join(words[:-1]), words[-1]


def _capitals(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return len(letters) > 1 and all(c.isupper() for c in letters)


def entry_named(text: str) -> Entry:
    """A player given as "First Last" (compound surnames as ``split_name`` reads them)."""
    first, last = split_name(text)
    return Entry(first, last)


def read_roster(text: str, source: str = "the list") -> list[Entry]:
    """The players of a list (a file's text or a pasted block), in its order; ``DeskError`` naming ``source``,
    the line and the field of the first thing wrong."""
    text = text.lstrip("\ufeff")
    lines = text.splitlines()
    if len(lines) > MAX_PLAYERS + 1:
        raise DeskError(say("{file}: more than {n} lines", file=source, n=MAX_PLAYERS + 1))
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise DeskError(say("{file}, line {line}: longer than {n} characters", file=source, line=number,
                                n=MAX_LINE))
    numbered = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        return []
    delimiter = _delimiter(numbered[0][1])
    columns = _header(_cells(numbered[0][1], delimiter))
    if columns is None:  # typed or pasted lines: each its own separator, as people mix them
        return [_entry(source, n, _cells(line, _delimiter(line)), None, _delimiter(line) != ",")
                for n, line in numbered]
    if "name" not in columns and not {"first", "last"} <= set(columns):
        raise DeskError(say("{file}, line {line}: the header names no {field} column", file=source,
                            line=numbered[0][0], field="'name' (or 'first' and 'last')"))
    return [_entry(source, n, _cells(line, delimiter), columns, delimiter != ",") for n, line in numbered[1:]]


def _cells(line: str, delimiter: str) -> list[str]:
    return [cell.strip() for cell in next(csv.reader(io.StringIO(line), delimiter=delimiter))]


def read_roster_file(path: Path) -> list[Entry]:
    """The players of a list in a UTF-8 file (a spreadsheet's byte-order mark or not), read no further than a
    list within the limits can reach; ``OSError`` when the file cannot be read."""
    with Path(path).open("rb") as f:
        data = f.read((MAX_PLAYERS + 2) * (MAX_LINE + 2))  # past this, read_roster finds a limit broken
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DeskError(say("{file}, line {line}: not UTF-8 text (save the list as CSV UTF-8)", file=str(path),
                            line=line)) from None
    return read_roster(text, str(path))


def _delimiter(first_line: str) -> str:
    """The separator of the list: a tab between pasted cells, else the semicolon a spreadsheet writes where the
    comma is the decimal mark, else the comma."""
    for candidate in ("\t", ";"):
        if candidate in first_line:
            return candidate
    return ","


def _header(cells: list[str]) -> list[str] | None:
    """The column of each cell when the row is a header (every non-empty cell a known column's word), else None."""
    words = {word: column for column, names in COLUMNS.items() for word in names}
    named = [words.get(cell.casefold().replace("_", " ")) for cell in cells]
    if any(named) and all(n is not None or not cell for n, cell in zip(named, cells)):
        return [n or "" for n in named]
    return None


def _entry(source: str, line: int, cells: list[str], columns: list[str] | None, decimal_comma: bool) -> Entry:
    if columns is None:
        if len(cells) > len(LINE_ORDER):
            raise DeskError(say("{file}, line {line}: {n} fields, at most {most} (name, club, country, rating, team)",
                                file=source, line=line, n=len(cells), most=len(LINE_ORDER)))
        columns = list(LINE_ORDER[:len(cells)])
    row = {column: cell for column, cell in zip(columns, cells) if column}
    if row.get("first") and row.get("last"):
        first, last = row["first"], row["last"]
    elif row.get("name"):
        try:
            first, last = split_name(row["name"])
        except DeskError:
            raise DeskError(say('{file}, line {line}, field {field}: a player is "First Last", not {text}',
                                file=source, line=line, field="'name'", text=repr(row["name"]))) from None
    else:
        raise DeskError(say("{file}, line {line}: a player needs a first and a last name", file=source, line=line))
    rating = row.get("rating") or None
    if rating is not None:
        written = rating.replace(",", ".") if decimal_comma else rating
        try:
            rating = float(written)
        except ValueError:
            raise DeskError(say("{file}, line {line}, field {field}: {value} is not a number", file=source,
                                line=line, field="'rating'", value=repr(row["rating"]))) from None
        if not 0 <= rating < 10_000:  # also refuses nan and inf
            raise DeskError(say("{file}, line {line}, field {field}: {value} is not a rating from 0 to 9999",
                                file=source, line=line, field="'rating'", value=repr(row["rating"])))
    return Entry(first, last, row.get("club", ""), row.get("country", ""), rating, row.get("team", ""))
