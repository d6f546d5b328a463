"""Reading and writing record files: validated on the way in, atomic on the way out.

``save_record`` writes a temporary file beside the target, flushes it to disk and renames
it over the target with ``os.replace``; a crash or a closed terminal leaves either the old
record or the new one, never half of either.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from carrom.records.errors import RecordError
from carrom.records.record import Record


def read_text(source: str | os.PathLike[str]) -> tuple[str, str]:
    """(text, where) from a path or from JSON text itself (anything starting with ``{``)."""
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return source, "record"
    if isinstance(source, str) and not source.strip():
        raise RecordError("", "no record given: the path (or JSON text) is empty")
    path = Path(source)
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except FileNotFoundError:
        raise RecordError("", f"{path}: no such file") from None
    except IsADirectoryError:
        raise RecordError("", f"{path}: is a directory, not a record") from None
    except UnicodeDecodeError:
        raise RecordError("", f"{path}: not UTF-8 text, so not a record") from None
    except OSError as exc:
        raise RecordError("", f"{path}: cannot read: {exc.strerror or exc}") from None


def parse_json(text: str, where: str = "record") -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("", f"{where} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise RecordError("", f"{where} is nested too deeply to be a record") from None
    except ValueError:  # past Python's digits of an integer (4,300): a number no record holds
        raise RecordError("", f"{where} is not valid JSON: a number of more than {sys.get_int_max_str_digits()} "
                              f"digits") from None


def load_record(source: str | os.PathLike[str], *, replay: bool = True) -> Record:
    """Read, validate and (by default) replay a record; the first fault raises ``RecordError``.

    ``source`` is a path or the JSON text. With ``replay`` the referee plays every action,
    so an action the laws do not allow is reported at its own path.
    """
    text, where = read_text(source)
    record = Record.from_dict(parse_json(text, where))
    if replay:
        record.replay()
    return record


def dumps(record: Record) -> str:
    """The file's text: the header indented, one action per line, so a long match stays readable."""
    data = record.to_dict()
    games = data.pop("games")
    head = json.dumps(data, indent=2, ensure_ascii=False)[:-2]  # reopen the object to append "games"

    def action(a: dict) -> str:
        return json.dumps(a, ensure_ascii=False, separators=(", ", ": "))

    blocks = []
    for game in games:
        boards = []
        for board in game["boards"]:
            lines = ",\n".join(f"            {action(a)}" for a in board["actions"])
            boards.append(f'        {{"actions": [\n{lines}\n        ]}}')
        blocks.append('    {"boards": [\n' + ",\n".join(boards) + "\n    ]}")
    body = "[]" if not blocks else "[\n" + ",\n".join(blocks) + "\n  ]"
    return f'{head},\n  "games": {body}\n}}\n'


def _directory(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _temp_file(path: Path) -> tuple[int, str]:
    """A temporary file beside ``path``, or a ``RecordError`` naming why the folder takes none."""
    directory = _directory(path)
    if path.is_dir():
        raise RecordError("", f"{path}: is a directory, not a record file")
    if not directory.is_dir():
        raise RecordError("", f"{path}: cannot write: no folder {directory}")
    try:
        return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise RecordError("", f"{path}: cannot write: {exc.strerror or exc}") from None


def check_writable(path: str | os.PathLike[str]) -> Path:
    """Refuse now a path a record could never be saved to (no such folder, a directory, no permission)."""
    path = Path(path)
    fd, tmp = _temp_file(path)
    os.close(fd)
    os.unlink(tmp)
    return path


def save_record(record: Record, path: str | os.PathLike[str]) -> Path:
    """Write ``record`` to ``path`` atomically (temp file, fsync, ``os.replace``).

    The text is first read back with the loader's own checks, so a record its loader would
    refuse is never written: the ``RecordError`` names the field, and the old file stays.
    """
    path = Path(path)
    text = dumps(record)
    Record.from_dict(json.loads(text))
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError("", f"{path}: cannot write: the record holds text that is not valid Unicode") from None
    fd, tmp = _temp_file(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise RecordError("", f"{path}: cannot write: {exc.strerror or exc}") from None
    return path
