"""The action and the discs as the environments show them: normalized units, one seat's view.

Action: a ``Box(-1, 1, (3,))`` of (position along the baseline, angle, power); values
outside [-1, 1] are clipped, a wrong shape or a non-finite value is refused.

- position ``p``: ``along = p · ALONG_MAX`` metres to the player's right from the middle of
  its baseline, ``ALONG_MAX`` the far end of the legal positions on an empty board
  (ICF 130: the striker touching both lines or covering a base circle). A position that is
  not legal now (a gap between base circle and line, a coin in the way) is moved to the
  nearest legal one, ties to the player's left; ``info["legal"]`` lists the legal intervals
  in the same normalized units, as ``MAX_LEGAL`` rows of which ``info["legal_mask"]`` marks
  those in use (a fixed shape, so vector environments can stack it: ``legal_info``).
- angle ``a``: ``a · π`` radians from straight across, positive to the player's left: every
  direction, forward and backward. The laws set no direction: the striker is flicked
  (ICF 33, 34), with the thumb for a backward stroke (ICF 17; 001: backward strokes are
  played with the thumb), from a legal place on the baseline (ICF 130), and the game
  accepts any angle (``carrom.game.game.strike_refusal``). ``directions="forward"`` keeps
  the first scale, ``a · π/2`` (forward strokes only, as the environments had it before).
- power ``w``: speed ``MIN_SPEED + (w + 1)/2 · (max_speed − MIN_SPEED)`` m/s.

Discs: a ``Box(-1, 1, (19, 3))``, a row per coin: rows 0–8 one colour, 9–17 the other,
18 the queen; columns (x, y, present). x and y are in the observing seat's own frame
(x to its right, y away from it, the board's centre at 0), divided by half the playing
surface; a coin not on the board reads (0, 0, 0). Within a colour, rows follow the
order of the board's layout.
"""

from __future__ import annotations

import math

import numpy as np
from gymnasium import spaces

from carrom import __version__
from carrom.equipment import STANDARD_BOARD, Layout, PieceKind, Seat as EqSeat, finite_number, legal_intervals
from carrom.game.seats import board_seat
from carrom.rules import Seat
from carrom.physics import BOARD_SPEED_PRESETS, DEFAULT_PARAMS, MODELS, PhysicsParams, board_speed as on_board
from carrom.physics.model_file import load_model_file, looks_like_file
from carrom.players.geometric import AIM_SIGMA, SPEED_SIGMA

ALONG_MAX = max(hi for _lo, hi in legal_intervals(EqSeat.SOUTH, Layout(())))
"""Metres: the farthest legal striker position from the middle of a baseline (ICF 130)."""
DEFAULT_PHYSICS = DEFAULT_PARAMS.model
"""The environments' ``physics`` option by default: the model new games play (``carrom.physics.DEFAULT_PARAMS``)."""
DIRECTIONS = {"all": math.pi, "forward": math.pi / 2}
"""The environments' ``directions`` option: the angle of ``a = ±1`` (rad)."""
MAX_ANGLE = DIRECTIONS["all"]
MIN_SPEED = 0.05
"""m/s: the slowest stroke the power scale gives (power −1)."""
HALF = STANDARD_BOARD.half
COINS = 9
ROWS = 2 * COINS + 1
MAX_LEGAL = 3 + ROWS
"""Rows of ``info["legal"]``: an empty baseline has three legal stretches (between the base
circles, and over each base circle, ICF 130), and each of the 19 pieces removes one open
stretch, splitting at most one stretch in two (ICF 134): never more than 22."""


def action_space() -> spaces.Box:
    return spaces.Box(-1.0, 1.0, shape=(3,), dtype=np.float32)


def discs_space() -> spaces.Box:
    return spaces.Box(-1.0, 1.0, shape=(ROWS, 3), dtype=np.float32)


def check_action(action) -> np.ndarray:
    """The action as three finite floats, clipped to [-1, 1]; ``ValueError`` naming what is wrong otherwise."""
    try:
        a = np.asarray(action, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"the action must be three numbers (position, angle, power), got {action!r}") from None
    if a.shape != (3,):
        raise ValueError(f"the action must have shape (3,): position, angle, power; got shape {a.shape}")
    if not np.isfinite(a).all():
        raise ValueError(f"the action must be finite, got {a.tolist()}")
    return np.clip(a, -1.0, 1.0)


def check_directions(directions) -> float:
    """The angle of ``a = ±1`` for a ``directions`` option; ``ValueError`` naming the choices otherwise."""
    if directions not in DIRECTIONS:
        raise ValueError(f"directions {directions!r} is not one of {', '.join(DIRECTIONS)}")
    return DIRECTIONS[directions]


def check_physics(physics, board_speed=None) -> PhysicsParams:
    """The parameters of a ``physics`` option, a model named in ``carrom.physics.MODELS``, on the board
    of a ``board_speed`` option; ``ValueError`` naming the choices otherwise.

    ``physics`` may also be a model file's path (``carrom calibrate`` writes one; docs/calibration.md):
    a measured board has its own speed and takes no other.

    ``board_speed`` is ``slow``, ``medium`` or ``fast`` (``carrom.physics.BOARD_SPEED_PRESETS``), or
    None for the model's own board. The presets are v4's: under ``v4`` they give the models records
    name ``v4-slow``, ``v4`` and ``v4-fast``. v1–v3 play on one board, the slow preset's (its
    friction, cushion and top speed), and take no other: a model without a name could not be
    recorded nor replayed."""
    if isinstance(physics, str) and physics not in MODELS and looks_like_file(physics):
        params = load_model_file(physics)
        if board_speed is not None:
            raise ValueError(f"board_speed {board_speed!r} cannot be given with a model file ({physics}): "
                             "a measured board plays at its own speed")
        return params
    if not isinstance(physics, str) or physics not in MODELS:
        raise ValueError(f"physics {physics!r} is not one of {', '.join(MODELS)} nor a model file (NAME.json)")
    params = MODELS[physics]
    if board_speed is None:
        return params
    if not isinstance(board_speed, str) or board_speed not in BOARD_SPEED_PRESETS:
        raise ValueError(f"board_speed {board_speed!r} is not one of {', '.join(BOARD_SPEED_PRESETS)}")
    own = speed_of(params)
    if board_speed == own:
        return params
    if physics != "v4":
        raise ValueError(f"board_speed {board_speed!r} needs physics 'v4' (the presets v4-slow, v4, v4-fast); "
                         f"{physics} plays on its own board ({own})")
    return on_board(board_speed, params)


def speed_of(params: PhysicsParams) -> str | None:
    """The board speed preset ``params`` play on (its sliding friction, cushion and top speed), or None."""
    own = (params.mu, params.restitution_cushion, params.max_speed)
    return next((name for name, preset in BOARD_SPEED_PRESETS.items() if preset == own), None)


def physics_info(physics: str, params: PhysicsParams) -> dict:
    """What ``info`` says of the physics: the model option (``physics``), the board's speed
    (``board_speed``), the model's ``fingerprint`` and the package's ``version``, so a result ties to
    its code; the name a record gives model and speed is ``params.model`` (``v4-slow``, ...)."""
    return {"physics": physics, "board_speed": speed_of(params), "fingerprint": params.fingerprint,
            "version": __version__}


def check_noise(noise) -> float:
    if not finite_number(noise) or noise < 0:
        raise ValueError(f"noise must be a finite number ≥ 0 (units of the bots' hand), got {noise!r}")
    return float(noise)


def nearest_legal(along: float, intervals) -> float:
    """``along`` if it lies in one of ``intervals``, else the nearest end of one (the left one on a tie)."""
    best, gap = along, math.inf
    for lo, hi in intervals:
        v = min(max(along, lo), hi)
        if abs(v - along) < gap:
            best, gap = v, abs(v - along)
    if gap == math.inf:
        raise ValueError("no legal striker position on this baseline (ICF 142)")
    return best


def legal_info(intervals) -> dict:
    """The legal intervals as fixed-shape info: ``legal`` (action units) and ``legal_m`` (m), each
    ``(MAX_LEGAL, 2)`` with the intervals first, sorted, the other rows 0; ``legal_mask`` marks the
    intervals. ``info["legal"][info["legal_mask"]]`` is the ``(k, 2)`` list."""
    k = len(intervals)
    if k > MAX_LEGAL:  # cannot happen with 19 pieces (``MAX_LEGAL``); named rather than cut short
        raise ValueError(f"{k} legal intervals, more than the {MAX_LEGAL} rows of info['legal']")
    metres = np.zeros((MAX_LEGAL, 2), dtype=np.float64)
    metres[:k] = np.array(intervals, dtype=np.float64).reshape(-1, 2)
    mask = np.zeros(MAX_LEGAL, dtype=bool)
    mask[:k] = True
    return {"legal": metres / ALONG_MAX, "legal_m": metres, "legal_mask": mask}


def to_strike(action, intervals, noise: float, rng: np.random.Generator,
              max_speed: float = DEFAULT_PARAMS.max_speed, max_angle: float = MAX_ANGLE) -> tuple[float, float, float]:
    """(along, angle, speed) of a checked action: position made legal, then the hand's noise added.

    Noise as the bots' (docs/players.md): per unit, σ = 0.02 rad of aim and 5 % of speed,
    the speed kept within the legal range. The position is not disturbed: the striker is
    placed by hand, at rest, before the stroke.
    """
    p, a, w = check_action(action)
    along = nearest_legal(float(p) * ALONG_MAX, intervals)
    angle = float(a) * max_angle
    speed = MIN_SPEED + (float(w) + 1.0) / 2.0 * (max_speed - MIN_SPEED)
    if noise > 0:
        angle += float(rng.normal(0.0, AIM_SIGMA * noise))
        speed = min(max(speed * (1.0 + float(rng.normal(0.0, SPEED_SIGMA * noise))), MIN_SPEED), max_speed)
    return along, angle, speed


def discs(layout: Layout, seat: Seat | EqSeat, own: PieceKind) -> np.ndarray:
    """The (19, 3) disc rows for ``seat``: ``own`` colour first, then the other, then the queen."""
    out = np.zeros((ROWS, 3), dtype=np.float32)
    view = board_seat(seat)
    frame = np.array([view.right, view.forward]).T / HALF  # board (x, y) -> (along, forward) / HALF
    other = PieceKind.BLACK if own is PieceKind.WHITE else PieceKind.WHITE
    for kind, start, size in ((own, 0, COINS), (other, COINS, COINS), (PieceKind.QUEEN, 2 * COINS, 1)):
        xy = np.array([(d.x, d.y) for d in layout.discs if d.kind is kind][:size]).reshape(-1, 2)
        out[start:start + len(xy), :2] = xy @ frame
        out[start:start + len(xy), 2] = 1.0
    return np.clip(out, -1.0, 1.0)
