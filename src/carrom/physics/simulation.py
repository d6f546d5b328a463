"""The public entry points: check and pack the input, run the kernel, unpack the result."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np

from carrom.equipment.layout import Layout, PieceKind
from carrom.equipment.spec import STANDARD_BOARD, STRIKER, BoardSpec, DiscSpec
from carrom.physics import _engine as E
from carrom.physics.params import DEFAULT_PARAMS, ImpactSolver, PhysicsParams, PocketModel
from carrom.physics.result import BatchResult, ShotResult, _frozen
from carrom.physics.rest import beyond_frame, hold_apart, too_deep
from carrom.physics.strike import Strike

PLACEMENT_TOLERANCE = 1e-9
"""Metres. Input discs may overlap each other or a cushion by this much (rounding of
touching positions, as in the opening formation); more is refused. Under
``ImpactSolver.SIMULTANEOUS`` (v2, v3) two coins may also overlap by twice
``persistent_overlap``: a pressed pair comes to rest held to that (docs/physics.md,
"persistent contacts"), and the next stroke plays from where the last one left them."""


class EventCapExceeded(RuntimeError):
    """The shot needed more than ``PhysicsParams.max_events`` events. ``result`` holds the
    truncated result (discs frozen where the last event left them)."""

    def __init__(self, message: str, result: ShotResult):
        super().__init__(message)
        self.result = result


_RADIUS_MASS = {kind: (kind.spec.radius, kind.spec.mass.value) for kind in PieceKind}
"""Each kind of piece's radius and mass (m, kg), as the kernel takes them."""


class _Packed:
    """The layout's coins as kernel arrays, with the striker's row appended last."""

    __slots__ = ("x", "y", "radius", "mass", "cls", "prm", "n", "tipping", "striker_lim", "striker_reach2", "pockets", "coins")

    def __init__(self, layout: Layout, params: PhysicsParams, board: BoardSpec, striker: DiscSpec):
        if not isinstance(layout, Layout):
            raise TypeError(f"layout must be a carrom.equipment.Layout, got {type(layout).__name__}")
        n = len(layout)
        self.n = n
        self.tipping = params.pocket_model is PocketModel.TIPPING
        x = np.empty(n + 1)
        y = np.empty(n + 1)
        radius = np.empty(n + 1)
        mass = np.empty(n + 1)
        cls = np.zeros(n + 1, dtype=np.int64)
        half = board.half
        discs = layout.discs
        kinds = [d.kind for d in discs]
        xs = [d.x for d in discs]
        ys = [d.y for d in discs]
        if PieceKind.STRIKER in kinds or not all(map(math.isfinite, xs + ys)):
            for i, d in enumerate(discs):  # the first culprit, named
                if d.kind is PieceKind.STRIKER:
                    raise ValueError(f"layout disc {i} is a striker: the layout holds the coins, the strike adds the striker")
                if not (math.isfinite(d.x) and math.isfinite(d.y)):
                    raise ValueError(f"layout disc {i} ({d.kind.value}) has a non-finite position ({d.x!r}, {d.y!r})")
        # Whole lists at once (a NumPy assignment per element cost more than the rest of the packing).
        x[:n] = xs
        y[:n] = ys
        radius[:n] = [_RADIUS_MASS[k][0] for k in kinds]
        mass[:n] = [_RADIUS_MASS[k][1] for k in kinds]
        radius[n] = striker.radius
        mass[n] = striker.mass.value
        cls[n] = 1
        self.x, self.y, self.radius, self.mass, self.cls = x, y, radius, mass, cls
        self.prm = _vector(params, board)
        # What check_strike's fast path needs of the striker: how far out its centre may be,
        # and (squared) how near a pocket's centre.
        self.striker_lim = half - striker.radius + PLACEMENT_TOLERANCE
        self.striker_reach2 = float(self.pocket_reach(striker.radius, board)) ** 2
        self.pockets = tuple(board.pocket_centres())
        # And of the coins: centre and the square of the distance at which the striker's
        # centre certainly does not overlap it.
        self.coins = tuple(zip(x[:n].tolist(), y[:n].tolist(), ((radius[:n] + striker.radius) ** 2).tolist()))
        if n:
            # Vectorised first; the per-disc check names the first culprit. A coin may rest pressed into a cushion as
            # deep as two discs into each other (``_rest_limit``): a shot of v4 left a coin 84 nm past the north
            # cushion's line, and the next stroke refused it, so the match could not go on.
            rest = _rest_limit(params)
            lim = half - radius[:n] + rest
            ok = (np.abs(x[:n]) <= lim) & (np.abs(y[:n]) <= lim)
            reach = self.pocket_reach(radius[:n], board)
            for cx, cy in self.pockets:
                ok &= np.hypot(x[:n] - cx, y[:n] - cy) >= reach
            for i in np.nonzero(~ok)[0][:1].tolist():
                self._check_on_surface(i, f"layout disc {i} ({layout.discs[i].kind.value})", x[i], y[i], radius[i], board,
                                       rest)
        if n > 1:
            dx = x[:n, None] - x[None, :n]
            dy = y[:n, None] - y[None, :n]
            gap = np.hypot(dx, dy) - (radius[:n, None] + radius[None, :n])
            np.fill_diagonal(gap, np.inf)
            bad = np.argwhere(gap < -_rest_limit(params))
            if len(bad):
                i, j = sorted(bad[0].tolist())
                raise ValueError(f"layout discs {i} and {j} overlap by {-gap[i, j]:.3g} m")

    def pocket_reach(self, r, board: BoardSpec):
        """How near a pocket's centre a disc of radius r may rest: the pocket circle (CIRCLE),
        or the tipping circle, inside which it would fall (TIPPING: it may rest on the lip)."""
        if not self.tipping:
            return board.pocket_radius
        return np.sqrt(np.maximum(board.pocket_radius**2 - np.asarray(r) ** 2, 0.0))

    def _check_on_surface(self, i, name, x, y, r, board: BoardSpec, tolerance: float = PLACEMENT_TOLERANCE) -> None:
        lim = board.half - r + tolerance
        if abs(x) > lim or abs(y) > lim:
            raise ValueError(f"{name} at ({x:.6g}, {y:.6g}) is off the board: |x|, |y| must be at most {board.half - r:.6g} m")
        for p, (cx, cy) in enumerate(board.pocket_centres()):
            if math.hypot(x - cx, y - cy) < self.pocket_reach(r, board):
                raise ValueError(f"{name} at ({x:.6g}, {y:.6g}) has its centre in pocket {p}")

    def bad_strikes(self, rows: np.ndarray, params: PhysicsParams, board: BoardSpec) -> np.ndarray:
        """Indices of the rows (x, y, direction, speed) that :meth:`check_strike` would refuse
        (the same tests, vectorised)."""
        n = self.n
        x, y, direction, speed = rows.T
        with np.errstate(invalid="ignore"):
            ok = np.isfinite(rows).all(axis=1) & (speed > 0) & (speed <= params.max_speed)
            lim = board.half - self.radius[n] + PLACEMENT_TOLERANCE
            ok &= (np.abs(x) <= lim) & (np.abs(y) <= lim)
            for cx, cy in board.pocket_centres():
                ok &= np.hypot(x - cx, y - cy) >= self.pocket_reach(self.radius[n], board)
            if n:
                gap = np.hypot(x[:, None] - self.x[None, :n], y[:, None] - self.y[None, :n]) - (self.radius[:n] + self.radius[n])
                ok &= (gap >= -PLACEMENT_TOLERANCE).all(axis=1)
        return np.nonzero(~ok)[0]

    def check_strike(self, strike: Strike, params: PhysicsParams, board: BoardSpec) -> None:
        if not isinstance(strike, Strike):
            raise TypeError(f"strike must be a carrom.physics.Strike, got {type(strike).__name__}")
        if strike.speed > params.max_speed:
            raise ValueError(f"strike speed {strike.speed!r} m/s exceeds the top speed max_speed = {params.max_speed!r} m/s")
        n = self.n
        x, y = strike.x, strike.y
        # The common case in plain arithmetic (a few microseconds); where that is not sure,
        # the full check decides and names what is wrong.
        lim = self.striker_lim
        if not (-lim <= x <= lim and -lim <= y <= lim):
            self._check_on_surface(n, "the striker", x, y, self.radius[n], board)
        for cx, cy in self.pockets:
            if (x - cx) * (x - cx) + (y - cy) * (y - cy) < self.striker_reach2:
                self._check_on_surface(n, "the striker", x, y, self.radius[n], board)
        for cx, cy, clear2 in self.coins:
            if (x - cx) * (x - cx) + (y - cy) * (y - cy) < clear2:
                self._check_overlap(x, y)
                return

    def _check_overlap(self, x: float, y: float) -> None:
        n = self.n
        if n:
            gap = np.hypot(self.x[:n] - x, self.y[:n] - y) - (self.radius[:n] + self.radius[n])
            k = int(gap.argmin())
            if gap[k] < -PLACEMENT_TOLERANCE:
                raise ValueError(f"the striker at ({x:.6g}, {y:.6g}) overlaps layout disc {k} by {-gap[k]:.3g} m")


_vectors: dict = {}
"""The kernel's parameter vector per (parameters, board dimensions): (params, vector) under
(id(params), half, pocket radius, pocket offset). Keeping ``params`` keeps its id its own."""


def _vector(params: PhysicsParams, board: BoardSpec) -> np.ndarray:
    """``params.vector`` for ``board``, packed once per parameters object (a game packs a new
    layout at every stroke, with the same parameters). The kernel never writes to it."""
    key = (id(params), board.half, board.pocket_radius, board.pocket_centre_offset)
    hit = _vectors.get(key)
    if hit is not None and hit[0] is params:
        return hit[1]
    vector = params.vector(board.half, board.pocket_radius, board.pocket_centre_offset)
    if len(_vectors) >= 64:
        _vectors.clear()
    _vectors[key] = (params, vector)
    return vector


@functools.lru_cache(maxsize=64)
def _packed(layout: Layout, params: PhysicsParams, board: BoardSpec, striker: DiscSpec) -> _Packed:
    """The checked, packed layout; cached, as a game or a bot plays many strikes on one
    layout (all four arguments are frozen values; the arrays are never written to)."""
    return _Packed(layout, params, board, striker)


_last_packed: list = [None, None, None, None, None]
"""The last (layout, params, board, striker, packed): a game or a bot plays strike after
strike on the same objects, and an identity test is cheaper than hashing a layout."""


def _rest_limit(params: PhysicsParams) -> float:
    """The deepest overlap of two discs the next stroke accepts (as ``_Packed`` checks it)."""
    held = 2.0 * params.persistent_overlap if params.impact_solver is ImpactSolver.SIMULTANEOUS else 0.0
    return PLACEMENT_TOLERANCE + held


def _pack(layout, params, board, striker) -> _Packed:
    last = _last_packed
    if layout is last[0] and params is last[1] and board is last[2] and striker is last[3]:
        return last[4]
    if not isinstance(layout, Layout):
        raise TypeError(f"layout must be a carrom.equipment.Layout, got {type(layout).__name__}")
    if not isinstance(params, PhysicsParams):
        raise TypeError(f"params must be a PhysicsParams, got {type(params).__name__}")
    try:
        packed = _packed(layout, params, board, striker)
    except TypeError:  # an unhashable custom board or striker: no cache
        return _Packed(layout, params, board, striker)
    _last_packed[:] = [layout, params, board, striker, packed]
    return packed


def simulate(
    layout: Layout,
    strike: Strike,
    params: PhysicsParams = DEFAULT_PARAMS,
    *,
    board: BoardSpec = STANDARD_BOARD,
    striker: DiscSpec = STRIKER,
) -> ShotResult:
    """Play one strike on ``layout`` (the coins) until every disc rests or is pocketed.

    Raises ValueError for bad input (speed above ``params.max_speed``, a non-finite value,
    the striker off the board, in a pocket or overlapping a coin, overlapping coins) and
    :class:`EventCapExceeded` if the shot needs more than ``params.max_events`` events.
    """
    packed = _pack(layout, params, board, striker)
    packed.check_strike(strike, params, board)
    n = packed.n
    x = packed.x.copy()
    y = packed.y.copy()
    x[n] = strike.x
    y[n] = strike.y
    vx = np.zeros(n + 1)
    vy = np.zeros(n + 1)
    vx[n], vy[n] = strike.velocity
    ef, ei, _n_ev, iterations, capped, st, alive, pocket, ptime, first, disp = E.run(
        x, y, vx, vy, packed.radius, packed.mass, packed.cls, packed.prm, n, True
    )
    final = st[:, :2].copy()
    final[~alive] = np.nan
    limit = _rest_limit(params)
    if too_deep(final, alive, packed.radius, limit) or beyond_frame(final, alive, packed.radius, board.half, limit):
        hold_apart(final, alive, packed.radius, packed.mass, limit, board.half)
    result = ShotResult(
        layout=layout,
        strike=strike,
        params=params,
        board=board,
        striker_spec=striker,
        final_positions=_frozen(final),
        on_board=_frozen(alive),
        pocket_of=_frozen(pocket),
        pocket_time=_frozen(ptime),
        event_floats=_frozen(ef),
        event_ints=_frozen(ei),
        first_contact=None if first < 0 else int(first),
        striker_max_displacement=float(disp),
        iterations=int(iterations),
    )
    if capped:
        raise EventCapExceeded(f"the shot needed more than max_events = {params.max_events} events", result)
    return result


def _strike_rows(strikes) -> np.ndarray:
    if isinstance(strikes, np.ndarray):
        arr = np.asarray(strikes, dtype=np.float64)
        if arr.ndim != 2 or arr.shape[1] != 4:
            raise ValueError(f"a strike array must have shape (shots, 4) = x, y, direction, speed; got {arr.shape}")
        return arr
    rows = []
    for k, s in enumerate(strikes):
        if not isinstance(s, Strike):
            raise TypeError(f"strikes[{k}] must be a Strike, got {type(s).__name__}")
        rows.append((s.x, s.y, s.direction, s.speed))
    return np.array(rows, dtype=np.float64).reshape(-1, 4)


def simulate_batch(
    layout: Layout,
    strikes: Sequence[Strike] | np.ndarray,
    params: PhysicsParams = DEFAULT_PARAMS,
    *,
    board: BoardSpec = STANDARD_BOARD,
    striker: DiscSpec = STRIKER,
    parallel: bool = True,
) -> BatchResult:
    """Play many strikes on the same ``layout``, each from scratch, on all cores.

    ``strikes``: Strike values, or an array of rows ``(x, y, direction, speed)``. Every
    strike is checked as in :func:`simulate`. The outcome of each shot is bit for bit the
    one :func:`simulate` gives; a shot that reaches the event cap is flagged in ``capped``
    instead of raising. ``parallel=False`` runs on one core.
    """
    packed = _pack(layout, params, board, striker)
    rows = _strike_rows(strikes)
    bad = packed.bad_strikes(rows, params, board)
    if len(bad):
        k = int(bad[0])
        try:
            packed.check_strike(Strike(*rows[k].tolist()), params, board)
        except ValueError as exc:
            raise ValueError(f"strike {k}: {exc}") from None
        raise AssertionError(f"strike {k} failed the batch check but not the single one")  # pragma: no cover
    ns = len(rows)
    n = packed.n + 1
    kin = np.empty((ns, 4))
    kin[:, 0] = rows[:, 0]
    kin[:, 1] = rows[:, 1]
    # The same arithmetic as Strike.velocity, so batch and single shots agree bit for bit.
    for k, (_sx, _sy, direction, speed) in enumerate(rows.tolist()):
        kin[k, 2] = speed * math.cos(direction)
        kin[k, 3] = speed * math.sin(direction)
    pos = np.empty((ns, n, 2))
    alive = np.empty((ns, n), dtype=np.bool_)
    pocket = np.empty((ns, n), dtype=np.int64)
    ptime = np.empty((ns, n))
    scalars = np.empty((ns, E.NBS), dtype=np.int64)
    disp = np.empty(ns)
    E.batch(parallel, packed.x, packed.y, packed.radius, packed.mass, packed.cls, packed.prm, kin, pos, alive, pocket, ptime, scalars, disp)
    pos[~alive] = np.nan
    limit = _rest_limit(params)
    for k in np.nonzero(too_deep(pos, alive, packed.radius, limit)
                        | beyond_frame(pos, alive, packed.radius, board.half, limit))[0].tolist():
        hold_apart(pos[k], alive[k], packed.radius, packed.mass, limit, board.half)
    return BatchResult(
        layout=layout,
        final_positions=_frozen(pos),
        on_board=_frozen(alive),
        pocket_of=_frozen(pocket),
        pocket_time=_frozen(ptime),
        n_events=_frozen(scalars[:, E.BS_EVENTS].copy()),
        iterations=_frozen(scalars[:, E.BS_ITERATIONS].copy()),
        capped=_frozen(scalars[:, E.BS_CAPPED].astype(bool)),
        first_contact=_frozen(scalars[:, E.BS_FIRST_CONTACT].copy()),
        striker_max_displacement=_frozen(disp),
    )
