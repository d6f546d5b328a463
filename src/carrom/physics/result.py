"""What a shot did: the time-ordered events and the final layout, as immutable values.

Bodies are numbered as in the input layout, ``0 .. len(layout) - 1``; the striker is
number ``len(layout)`` (``ShotResult.striker_index``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

import numpy as np

from carrom.equipment.layout import Disc, Layout, PieceKind
from carrom.equipment.numbers import finite_number
from carrom.equipment.seats import Seat
from carrom.equipment.spec import BoardSpec, DiscSpec
from carrom.physics import _engine as E
from carrom.physics.params import PhysicsParams
from carrom.physics.strike import Strike

class cached:
    """A property computed on first use and kept in the instance, like ``functools.cached_property``
    but without its lock: before Python 3.12 that lock is one per property for every instance, so
    threads reading, say, ``slide_arrays`` of different shots (a server's rooms) waited for each
    other. The values are pure functions of a frozen result, so two threads that compute one at
    once get equal values and either may stay."""

    def __init__(self, func):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = self.func(instance)
        instance.__dict__[self.name] = value  # found there, before this descriptor, from now on
        return value


CUSHIONS = (Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST)
"""Cushion numbers in the kernel: each cushion is named after the seat that faces it
(south: y = -half, east: x = +half, north: y = +half, west: x = -half)."""

POCKET_NAMES = ("SW", "SE", "NE", "NW")
"""Pocket numbers, as ``BoardSpec.pocket_centres()``: counter-clockwise from south's left."""


class EventKind(str, Enum):
    CONTACT = "contact"
    """Two discs struck each other (an impact with a positive approach speed)."""
    CUSHION = "cushion"
    """A disc bounced off a cushion."""
    POCKETED = "pocketed"
    """A disc's centre entered a pocket circle: it is off the playing surface from now on."""
    STOPPED = "stopped"
    """A disc came to rest."""


_KINDS = {E.CONTACT: EventKind.CONTACT, E.CUSHION: EventKind.CUSHION, E.POCKETED: EventKind.POCKETED, E.STOPPED: EventKind.STOPPED}

EVENT_KINDS: tuple[EventKind, ...] = tuple(_KINDS[code] for code in sorted(_KINDS))
"""The kinds by their number in ``EventArrays.kind``: ``EVENT_KINDS[ev.kind[e]]`` is event e's kind."""


@dataclass(frozen=True)
class Event:
    """One instant of the shot.

    ``bodies``: one index, or two (ascending) for a contact. ``positions`` and
    ``velocities``: each body's state just after the event, in the order of ``bodies``
    (for POCKETED, where the centre crossed the pocket circle and the velocity it fell
    with). ``cushion``: the cushion hit, named after the seat facing it. ``pocket``: the
    pocket number (0 SW, 1 SE, 2 NE, 3 NW). ``impulse``: N s, for contacts and cushions
    (the normal impulse). ``spins``: each body's spin just after the event (rad/s,
    counter-clockwise seen from above; always 0 without impact friction).
    """

    time: float
    kind: EventKind
    bodies: tuple[int, ...]
    positions: tuple[tuple[float, float], ...]
    velocities: tuple[tuple[float, float], ...]
    cushion: Seat | None = None
    pocket: int | None = None
    impulse: float = 0.0
    spins: tuple[float, ...] = ()


@dataclass(frozen=True)
class Pocketing:
    """A disc that went into a pocket: which (index, kind), where (pocket 0 SW, 1 SE,
    2 NE, 3 NW) and when (seconds after the strike)."""

    index: int
    kind: PieceKind
    pocket: int
    time: float


@dataclass(frozen=True)
class Slide:
    """One straight slide of a disc, from the strike or an event to its next event.

    It starts at ``time`` at ``position`` with ``velocity`` and loses speed at
    ``deceleration`` (m/s^2) along its direction until it stops or its next slide begins:
    ``dt`` seconds in (capped at ``speed / deceleration``) it has gone
    ``speed * dt - deceleration * dt**2 / 2``. A front end that animates a shot from its
    slides draws exactly what the engine computed, at any frame rate.

    ``deceleration`` is ``mu * g`` for a disc without spin; a spinning disc (impact friction,
    v3) slides further, so its slide has a smaller one (docs/physics.md, "spin"). ``spin``:
    rad/s at the start, counter-clockwise seen from above; it falls linearly to zero at the
    instant the disc stops (a disc spinning on the spot: at ``4 mu g / (3 r)``).
    """

    time: float
    position: tuple[float, float]
    velocity: tuple[float, float]
    deceleration: float
    spin: float = 0.0


@dataclass(frozen=True)
class Frames:
    """Positions at a fixed frame rate: ``positions[f, body]`` at ``times[f]``; NaN and
    ``present[f, body] == False`` once a body has been pocketed."""

    times: np.ndarray
    positions: np.ndarray
    present: np.ndarray

    def __len__(self) -> int:
        return len(self.times)


def _frozen(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


@dataclass(frozen=True, eq=False)
class SlideArrays:
    """Every body's slides at once, as read-only NumPy arrays: row r is one ``Slide``.

    Rows are grouped by body in body order, each body's in time order (as
    ``ShotResult.slides`` gives them one by one); body b's rows are ``starts[b]:starts[b + 1]``.
    A pocketed body's last rows (from its fall on) are kept, as in ``slides``.
    """

    body: np.ndarray
    """(m,) int: whose slide."""
    time: np.ndarray
    """(m,): when it starts (s)."""
    position: np.ndarray
    """(m, 2): where it starts."""
    velocity: np.ndarray
    """(m, 2): the velocity it starts with."""
    deceleration: np.ndarray
    """(m,): m/s^2 along its direction (``Slide.deceleration``)."""
    spin: np.ndarray
    """(m,): rad/s at its start (``Slide.spin``)."""
    starts: np.ndarray
    """(bodies + 1,) int: body b's slides are rows ``starts[b]:starts[b + 1]``."""

    def __len__(self) -> int:
        return len(self.time)


@dataclass(frozen=True, eq=False)
class EventArrays:
    """Every event at once, as read-only NumPy arrays: row e is ``ShotResult.events[e]``.

    Columns of a second body are -1 (``second``) or NaN where the event has one body.
    """

    time: np.ndarray
    """(m,): s."""
    kind: np.ndarray
    """(m,) int: the kind's number in ``EVENT_KINDS``."""
    first: np.ndarray
    """(m,) int: the event's (first) body."""
    second: np.ndarray
    """(m,) int: a contact's second body (the higher), -1 otherwise."""
    place: np.ndarray
    """(m,) int: a cushion's number (its seat in ``CUSHIONS``), a pocket's (``POCKET_NAMES``), -1 otherwise."""
    positions: np.ndarray
    """(m, 2, 2): each body's position just after the event, ``[e, 0]`` the first's, ``[e, 1]`` the second's."""
    velocities: np.ndarray
    """(m, 2, 2): each body's velocity just after the event, as ``positions``."""
    spins: np.ndarray
    """(m, 2): each body's spin just after the event."""
    impulse: np.ndarray
    """(m,): the normal impulse (N s) of a contact or cushion, else 0."""

    def __len__(self) -> int:
        return len(self.time)


_SLIDE_I = [E.EF_T, E.EF_XI, E.EF_YI, E.EF_VXI, E.EF_VYI, E.EF_AI, E.EF_WI]  # a slide from an event, of its body i
_SLIDE_J = [E.EF_T, E.EF_XJ, E.EF_YJ, E.EF_VXJ, E.EF_VYJ, E.EF_AJ, E.EF_WJ]  # ... and of its body j
_J_STRIDE = E.EF_XJ - E.EF_XI
_PLACED = np.isin(np.arange(max(_KINDS) + 1), (E.CUSHION, E.POCKETED))  # by kind: has a cushion or a pocket
assert (E.EF_YI, E.EF_VYI, E.EF_WJ) == (E.EF_XI + 1, E.EF_VXI + 1, E.EF_WI + 1)
assert (E.EF_YJ, E.EF_VXJ, E.EF_VYJ) == (E.EF_XJ + 1, E.EF_VXI + _J_STRIDE, E.EF_VYI + _J_STRIDE)


@dataclass(frozen=True, eq=False)
class ShotResult:
    """The outcome of one strike: everything the referee and a renderer need.

    Arrays are read-only and indexed by body (coins as in the layout, then the striker).
    """

    layout: Layout
    strike: Strike
    params: PhysicsParams
    board: BoardSpec
    striker_spec: DiscSpec
    final_positions: np.ndarray
    """(n + 1, 2): where each body came to rest; NaN for pocketed bodies."""
    on_board: np.ndarray
    """(n + 1,) bool: still on the playing surface at the end."""
    pocket_of: np.ndarray
    """(n + 1,) int: the pocket each body fell into, -1 if none."""
    pocket_time: np.ndarray
    """(n + 1,): when each body fell, NaN if it did not."""
    event_floats: np.ndarray
    event_ints: np.ndarray
    first_contact: int | None
    """The index of the first coin the striker struck, or None."""
    striker_max_displacement: float
    """How far (m) the striker's centre got from where it started, at most."""
    iterations: int

    # -- bodies --------------------------------------------------------------------------

    @property
    def striker_index(self) -> int:
        return len(self.layout)

    @property
    def n_bodies(self) -> int:
        return len(self.layout) + 1

    @cached
    def kinds(self) -> tuple[PieceKind, ...]:
        return tuple(d.kind for d in self.layout) + (PieceKind.STRIKER,)

    @cached
    def radii(self) -> np.ndarray:
        return _frozen(np.array([k.spec.radius for k in self.kinds[:-1]] + [self.striker_spec.radius]))

    @cached
    def masses(self) -> np.ndarray:
        return _frozen(np.array([k.spec.mass.value for k in self.kinds[:-1]] + [self.striker_spec.mass.value]))

    @cached
    def initial_positions(self) -> np.ndarray:
        """(n + 1, 2): where each body started (the striker where it was struck from)."""
        rows = [(d.x, d.y) for d in self.layout.discs] + [(self.strike.x, self.strike.y)]
        return _frozen(np.array(rows, dtype=np.float64))

    @cached
    def initial_velocities(self) -> np.ndarray:
        """(n + 1, 2): zero for every coin, the strike's velocity for the striker."""
        v = np.zeros((self.n_bodies, 2))
        v[-1] = self.strike.velocity
        return _frozen(v)

    # -- events --------------------------------------------------------------------------

    @property
    def n_events(self) -> int:
        return len(self.event_ints)

    @cached
    def events(self) -> tuple[Event, ...]:
        out = []
        ef = self.event_floats.tolist()
        ei = self.event_ints.tolist()
        for f, (kind, i, j, aux) in zip(ef, ei):
            k = _KINDS[kind]
            if j >= 0:
                bodies = (i, j)
                pos = ((f[E.EF_XI], f[E.EF_YI]), (f[E.EF_XJ], f[E.EF_YJ]))
                vel = ((f[E.EF_VXI], f[E.EF_VYI]), (f[E.EF_VXJ], f[E.EF_VYJ]))
                spins = (f[E.EF_WI], f[E.EF_WJ])
            else:
                bodies = (i,)
                pos = ((f[E.EF_XI], f[E.EF_YI]),)
                vel = ((f[E.EF_VXI], f[E.EF_VYI]),)
                spins = (f[E.EF_WI],)
            out.append(
                Event(
                    time=f[E.EF_T],
                    kind=k,
                    bodies=bodies,
                    positions=pos,
                    velocities=vel,
                    cushion=CUSHIONS[aux] if k is EventKind.CUSHION else None,
                    pocket=aux if k is EventKind.POCKETED else None,
                    impulse=f[E.EF_IMPULSE],
                    spins=spins,
                )
            )
        return tuple(out)

    @property
    def duration(self) -> float:
        """Time of the last event (every disc at rest or pocketed by then)."""
        return float(self.event_floats[-1, E.EF_T]) if self.n_events else 0.0

    # -- what the referee needs ------------------------------------------------------------

    @cached
    def pocketed(self) -> tuple[Pocketing, ...]:
        """Every disc pocketed, in the order they fell (the striker included, kind STRIKER)."""
        ei = self.event_ints
        fell = ei[ei[:, E.EI_KIND] == E.POCKETED]
        kinds = self.kinds
        return tuple(
            Pocketing(i, kinds[i], aux, float(self.pocket_time[i]))
            for i, aux in zip(fell[:, E.EI_I].tolist(), fell[:, E.EI_AUX].tolist())
        )

    @property
    def coins_pocketed(self) -> tuple[Pocketing, ...]:
        """The carrommen (and queen) pocketed, in order; the striker left out."""
        return tuple(p for p in self.pocketed if p.kind is not PieceKind.STRIKER)

    @property
    def striker_pocketed(self) -> bool:
        return bool(self.pocket_of[self.striker_index] >= 0)

    @property
    def striker_pocket(self) -> int | None:
        p = int(self.pocket_of[self.striker_index])
        return None if p < 0 else p

    @property
    def striker_position(self) -> tuple[float, float] | None:
        """Where the striker came to rest, or None if it was pocketed."""
        if self.striker_pocketed:
            return None
        x, y = self.final_positions[self.striker_index]
        return (float(x), float(y))

    @property
    def touched_any(self) -> bool:
        """Did the striker strike any coin?"""
        return self.first_contact is not None

    @property
    def left_baseline(self) -> bool:
        """Was the stroke taken (ICF 127 a)? True when the striker was pocketed or its centre
        got at least half the gap between the two baselines (1.59 cm) from where it started:
        it no longer lies where it lay across the lines. ``striker_max_displacement`` gives
        the raw distance for a stricter or looser reading."""
        return self.striker_pocketed or self.striker_max_displacement >= self.board.baseline_gap.value / 2

    @cached
    def coins_moved(self) -> tuple[int, ...]:
        """Coins that took part in any event (so moved at all), ascending (ICF 127 b)."""
        n = len(self.layout)
        ei = self.event_ints
        involved = set(ei[:, E.EI_I].tolist()) | set(ei[:, E.EI_J].tolist())
        return tuple(sorted(i for i in involved if 0 <= i < n))

    @property
    def pieces_off_board(self) -> tuple[int, ...]:
        """Always empty: discs slide in the plane of the board and cannot jump the frame."""
        return ()

    @cached
    def final_indices(self) -> tuple[int, ...]:
        """For each disc of ``final_layout``, its index in the input layout."""
        return tuple(i for i in range(len(self.layout)) if self.on_board[i])

    @cached
    def final_layout(self) -> Layout:
        """The coins still on the board where they came to rest, in input order
        (``final_indices`` maps them back). The striker is not in it."""
        at = self.final_positions.tolist()  # Python floats, as float() of each element gives
        discs = self.layout.discs
        return Layout(tuple(Disc(discs[i].kind, at[i][0], at[i][1]) for i in self.final_indices))

    # -- motion between events ---------------------------------------------------------------

    @cached
    def event_arrays(self) -> EventArrays:
        """The events as arrays (``EventArrays``), for a front end that reads them all at once."""
        f, n = self.event_floats, self.event_ints
        kind = n[:, E.EI_KIND]
        # Views of the (read-only) event log, not copies: a body's x, y and vx, vy are adjacent
        # columns, and body j's sit _J_STRIDE columns after body i's.
        buf = np.ascontiguousarray(f) if len(f) else np.full((1, E.NEF), np.nan)  # (a buffer to view nothing of)
        pairs = (len(f), 2, 2)
        strides = (buf.strides[0], _J_STRIDE * buf.strides[1], buf.strides[1])
        return EventArrays(
            time=f[:, E.EF_T],
            kind=kind,
            first=n[:, E.EI_I],
            second=n[:, E.EI_J],
            place=_frozen(np.where(_PLACED[kind], n[:, E.EI_AUX], -1)),
            positions=_frozen(np.ndarray(pairs, buf.dtype, buf, E.EF_XI * buf.itemsize, strides)),
            velocities=_frozen(np.ndarray(pairs, buf.dtype, buf, E.EF_VXI * buf.itemsize, strides)),
            spins=f[:, E.EF_WI : E.EF_WJ + 1],
            impulse=f[:, E.EF_IMPULSE],
        )

    @cached
    def slide_arrays(self) -> SlideArrays:
        """Every body's slides as arrays (``SlideArrays``): the numbers ``slides`` gives one by
        one, in a few NumPy operations (a front end sends them on every stroke)."""
        f, n = self.event_floats, self.event_ints
        bodies = self.n_bodies
        ne = len(n)
        # Every body's start, then per event a slide of its body i and one of its body j (NaN
        # when it has none), in the events' order ...
        rows = np.empty((bodies + 2 * ne, 7))
        rows[:bodies, 0] = 0.0
        rows[:bodies, 1:3] = self.initial_positions
        rows[:bodies, 3:5] = self.initial_velocities
        rows[:bodies, 5] = self.params.deceleration
        rows[:bodies, 6] = 0.0
        per_event = rows[bodies:].reshape(ne, 2, 7)
        per_event[:, 0] = f[:, _SLIDE_I]
        per_event[:, 1] = f[:, _SLIDE_J]
        # ... sorted by body, keeping that order within a body (a stable sort): the missing
        # bodies j (-1) come first and are dropped.
        body = np.concatenate((np.arange(bodies), n[:, E.EI_I : E.EI_J + 1].ravel())).astype(np.int16 if bodies < 2**15 else np.int64)
        sort = np.argsort(body, kind="stable")
        sort = sort[ne - np.count_nonzero(n[:, E.EI_J] >= 0) :]
        body = body[sort]
        rows = _frozen(rows[sort])
        return SlideArrays(
            body=_frozen(body.astype(np.int64)),
            time=rows[:, 0],
            position=rows[:, 1:3],
            velocity=rows[:, 3:5],
            deceleration=rows[:, 5],
            spin=rows[:, 6],
            starts=_frozen(np.searchsorted(body, np.arange(bodies + 1))),
        )

    def slides(self, body: int) -> tuple[Slide, ...]:
        """Body ``body``'s motion as its straight slides, in time order; after
        ``pocket_time[body]`` (if not NaN) it is off the board. ``state_at`` evaluates them;
        ``slide_arrays`` holds every body's at once."""
        if not (isinstance(body, int) and 0 <= body < self.n_bodies):
            raise ValueError(f"body must be an index from 0 to {self.n_bodies - 1}, got {body!r}")
        sa = self.slide_arrays
        a, b = sa.starts[body], sa.starts[body + 1]
        return tuple(
            Slide(t, (x, y), (vx, vy), dec, w)
            for t, (x, y), (vx, vy), dec, w in zip(
                sa.time[a:b].tolist(), sa.position[a:b].tolist(), sa.velocity[a:b].tolist(),
                sa.deceleration[a:b].tolist(), sa.spin[a:b].tolist(),
            )
        )

    def state_at(self, times) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Positions (..., n+1, 2), velocities (..., n+1, 2) and presence (..., n+1) at the
        given time(s), computed from the events (no re-simulation). At an event's instant
        the state after every event of that instant is given."""
        ts = np.atleast_1d(np.asarray(times, dtype=np.float64))
        n = self.n_bodies
        pos = np.empty((len(ts), n, 2))
        vel = np.empty((len(ts), n, 2))
        present = np.ones((len(ts), n), dtype=bool)
        sa = self.slide_arrays
        for b in range(n):
            lo, hi = sa.starts[b], sa.starts[b + 1]
            k = np.searchsorted(sa.time[lo:hi], ts, side="right") - 1
            k = lo + np.maximum(k, 0)
            t0 = sa.time[k]
            x0, y0 = sa.position[k].T
            vx, vy = sa.velocity[k].T
            a = sa.deceleration[k]
            s = np.hypot(vx, vy)
            with np.errstate(invalid="ignore", divide="ignore"):
                ux = np.where(s > 0, vx / s, 0.0)
                uy = np.where(s > 0, vy / s, 0.0)
            dt = np.minimum(np.maximum(ts - t0, 0.0), s / a)
            d = dt * (s - 0.5 * a * dt)
            v = np.maximum(s - a * dt, 0.0)
            pos[:, b, 0] = x0 + ux * d
            pos[:, b, 1] = y0 + uy * d
            vel[:, b, 0] = ux * v
            vel[:, b, 1] = uy * v
            pt = self.pocket_time[b]
            if not math.isnan(pt):
                gone = ts >= pt
                present[gone, b] = False
                pos[gone, b] = np.nan
                vel[gone, b] = np.nan
        if np.ndim(times) == 0:
            return pos[0], vel[0], present[0]
        return pos, vel, present

    def sample(self, fps: float = 60.0) -> Frames:
        """Every disc's position at ``fps`` frames per second from t = 0 until all rest
        (the last frame at or after the last event), computed analytically from the events."""
        if not (finite_number(fps) and fps > 0):
            raise ValueError(f"fps must be a finite number > 0, got {fps!r}")
        count = int(math.floor(self.duration * fps)) + 1
        times = np.arange(count) / fps
        if times[-1] < self.duration:
            times = np.append(times, count / fps)
        pos, _vel, present = self.state_at(times)
        return Frames(_frozen(times), _frozen(pos), _frozen(present))


@dataclass(frozen=True, eq=False)
class BatchResult:
    """Per-shot summaries of a batch of strikes on one layout (no event logs).

    Arrays indexed ``[shot, body]``; body ``n`` (= ``striker_index``) is the striker.
    """

    layout: Layout
    final_positions: np.ndarray
    """(shots, n + 1, 2), NaN for pocketed bodies."""
    on_board: np.ndarray
    pocket_of: np.ndarray
    pocket_time: np.ndarray
    n_events: np.ndarray
    """(shots,): events of each shot (as ``ShotResult.n_events``)."""
    iterations: np.ndarray
    capped: np.ndarray
    first_contact: np.ndarray
    """(shots,): the first coin the striker struck, -1 for none."""
    striker_max_displacement: np.ndarray

    @property
    def striker_index(self) -> int:
        return len(self.layout)

    def __len__(self) -> int:
        return len(self.n_events)

    def pocketed(self, shot: int) -> tuple[tuple[int, int, float], ...]:
        """(index, pocket, time) of each body pocketed in ``shot``, by time then index."""
        idx = np.nonzero(self.pocket_of[shot] >= 0)[0]
        rows = [(int(i), int(self.pocket_of[shot, i]), float(self.pocket_time[shot, i])) for i in idx]
        return tuple(sorted(rows, key=lambda r: (r[2], r[0])))
