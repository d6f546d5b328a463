"""A physics model in a file: a named base model and the parameters that differ from it.

``carrom calibrate`` writes one for a player's own board (docs/calibration.md); anything that
takes a model's name (``physics_model``) takes such a file's path through ``load_physics``.
The file is JSON (the standard library reads it, so the physics stays pure)::

    {
      "carrom_physics_model": 1,
      "base": "v4",
      "parameters": {"mu": 0.093, "restitution_cushion": 0.74},
      "uncertainty": {"mu": 0.0008, "restitution_cushion": 0.01},
      "note": "fitted by carrom calibrate to tracks.csv"
    }

``parameters`` names fields of ``PhysicsParams``; ``uncertainty`` and ``note`` (and any key
starting with ``fit``) are kept for people and ignored by the loader. A bad file is refused with a
``ModelFileError`` naming the file, the field and what is wrong.

A record names the model it was played with (``model_name``): a named model by its name, any other
parameters as this file's content inline (``{"carrom_physics_model":1,"base":"v4","parameters":{...}}``),
so a record played under a model file replays anywhere, without the file.
"""

from __future__ import annotations

import json
import math
from dataclasses import fields, replace
from enum import Enum
from pathlib import Path
from typing import Any

from carrom.physics.params import BOARD_SPEEDS, MODELS, PhysicsParams, physics_model

FORMAT_KEY = "carrom_physics_model"
FORMAT_VERSION = 1
PARAMETERS = tuple(f.name for f in fields(PhysicsParams))
"""The names a file's ``parameters`` may set: the fields of ``PhysicsParams``."""
_KEYS = {FORMAT_KEY, "base", "parameters", "uncertainty", "note"}
KNOWN = (*MODELS, *BOARD_SPEEDS)


class ModelFileError(ValueError):
    """A model file that cannot be used: the message names the file and the field."""


def _refuse(path: Path | str, where: str, what: str) -> ModelFileError:
    return ModelFileError(f"{path}: {where}: {what}")


def params_from_dict(data: Any, source: Path | str = "model file") -> PhysicsParams:
    """The parameters a model file's content (already parsed) describes; ``ModelFileError`` otherwise."""
    if not isinstance(data, dict):
        raise _refuse(source, "the file", f"must hold a JSON object, got {type(data).__name__}")
    version = data.get(FORMAT_KEY)
    if version != FORMAT_VERSION:
        raise _refuse(source, FORMAT_KEY, f"must be {FORMAT_VERSION} (this file's format), got {version!r}")
    unknown = sorted(k for k in data if k not in _KEYS and not str(k).startswith("fit"))
    if unknown:
        raise _refuse(source, unknown[0], f"is not a key of a model file; known: {sorted(_KEYS)} and fit...")
    base = data.get("base")
    try:
        params = physics_model(base)
    except ValueError as exc:
        raise _refuse(source, "base", str(exc)) from None
    overrides = data.get("parameters", {})
    if not isinstance(overrides, dict):
        raise _refuse(source, "parameters", f"must be an object of name: value, got {type(overrides).__name__}")
    for name, value in overrides.items():
        if name not in PARAMETERS:
            raise _refuse(source, f"parameters.{name}", f"is not a parameter of the model; known: {list(PARAMETERS)}")
        if isinstance(value, float) and not math.isfinite(value):
            raise _refuse(source, f"parameters.{name}", f"must be finite, got {value!r}")
    try:
        return replace(params, **overrides)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        name = next((n for n in overrides if message.startswith(n)), None)
        raise _refuse(source, f"parameters.{name}" if name else "parameters", message) from None


def load_model_file(path: Path | str) -> PhysicsParams:
    """The parameters in the model file at ``path``; ``ModelFileError`` naming what is wrong."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _refuse(path, "the file", "does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise _refuse(path, "the file", f"cannot be read ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _refuse(path, f"line {exc.lineno} column {exc.colno}", f"not JSON ({exc.msg})") from None
    return params_from_dict(data, path)


def model_file_dict(base: str, parameters: dict[str, Any], uncertainty: dict[str, float] | None = None,
                    note: str = "", **fit: Any) -> dict[str, Any]:
    """A model file's content (``json.dumps`` it); ``fit`` keys are stored as ``fit_<key>``. Checked by
    loading it, so a file written from it always loads."""
    data: dict[str, Any] = {FORMAT_KEY: FORMAT_VERSION, "base": base, "parameters": dict(parameters)}
    if uncertainty:
        data["uncertainty"] = dict(uncertainty)
    if note:
        data["note"] = note
    data.update({f"fit_{k}": v for k, v in fit.items()})
    params_from_dict(json.loads(json.dumps(data)), "the model written")
    return data


def _plain(value: Any) -> Any:
    """A parameter's value as JSON holds it: an enum by its value, a tuple as a list."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def model_name(params: PhysicsParams) -> str:
    """The name a record gives ``params``: a named model's name (``v3``, ``v4-slow``), else the model inline, a
    model file's content on one line (its base the named model it differs least from, and those differences),
    which ``load_physics`` reads back to equal parameters: a record played under a model file replays anywhere."""
    if params.model is not None:
        return params.model
    candidates = []
    for base in sorted(KNOWN):
        named = physics_model(base)
        diff = {f: _plain(getattr(params, f)) for f in PARAMETERS if getattr(params, f) != getattr(named, f)}
        candidates.append((len(diff), base, diff))
    _n, base, diff = min(candidates)
    return json.dumps({FORMAT_KEY: FORMAT_VERSION, "base": base, "parameters": diff}, separators=(",", ":"))


def named_or_inline(name: str) -> PhysicsParams:
    """The model a record names (``model_name``): a named model, or one inline. Never a file: a record comes
    from anywhere, and must not make its reader open files. A ValueError naming what is wrong otherwise."""
    if isinstance(name, str) and name.startswith("{"):
        try:
            data = json.loads(name)
        except json.JSONDecodeError as exc:
            raise _refuse("the model inline", f"column {exc.colno}", f"not JSON ({exc.msg})") from None
        return params_from_dict(data, "the model inline")
    return physics_model(name)


def looks_like_file(name: str) -> bool:
    """Whether a ``--physics`` value is meant as a file (a path separator or a ``.json`` ending)."""
    return name.endswith(".json") or "/" in name or "\\" in name


def load_physics(name: str) -> PhysicsParams:
    """A model by its name (``physics_model``: v1 ... v4, v4-slow, v4-fast) or from a model file's path.
    A ValueError naming the known models, or the file's problem, otherwise."""
    if not isinstance(name, str):
        raise ValueError(f"physics must be a model's name or a model file's path, got {name!r}")
    if name.startswith("{"):
        return named_or_inline(name)
    if looks_like_file(name):
        return load_model_file(name)
    try:
        return physics_model(name)
    except ValueError as exc:
        if Path(name).is_file():
            return load_model_file(name)
        raise ValueError(f"{exc} (or a model file, NAME.json)") from None
