"""The physical parameters of the simulation, as one frozen value.

Every default is documented, with where it came from, in docs/physics.md.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, fields, replace
from enum import Enum

import numpy as np

from carrom.equipment.numbers import finite_number
from carrom.equipment.spec import CARROMMAN
from carrom.physics import _engine as E
from carrom.physics._spin_table import REACH_TIMES_Z

CONTACT_TOLERANCE = 1e-12
"""Metres. Two discs (or a disc and a cushion) closer than this count as touching: a
touching pair that approaches collides at once, so chains of touching coins (the opening
formation) resolve at one instant in the fixed order instead of at instants a rounding
error apart."""

APPROACH_TOLERANCE = 1e-9
"""Metres per second. Two touching discs approaching slower than this do not collide (an
impact would change nothing measurable); the simulation waits until they close by
another ``CONTACT_TOLERANCE`` instead, so it always makes progress in time."""


KERNEL_REVISION = "kernel-1"
"""The revision of the engine's code (``_engine.py``) that the fingerprints vouch for: a change
of the kernel that alters any model's outcomes (the golden shots) bumps it, and every model
gets a new fingerprint (docs/physics.md, "fingerprints")."""

OVERLAP_ALLOWANCE = 1e-10
"""Metres. Two touching discs that press together without approaching fast enough to
count (a sustained push) meet again when they overlap by this much, a fixed depth, so a
long push is a bounded number of small impacts and no overlap ever exceeds this."""


class CollisionModel(str, Enum):
    """How two discs exchange momentum at an impact (the pluggable part)."""

    FRICTIONLESS = "frictionless"
    """An instantaneous impulse along the line of centres, restitution per pair of kinds;
    no tangential friction, no spin."""
    COULOMB = "coulomb"
    """v3: the same normal impulse, plus Coulomb friction at the contact point of every
    disc-disc and disc-cushion impact (``impact_friction``; the discs stick if friction can
    stop their slip, else slide through the impact), the spin it gives each disc (a uniform
    disc, inertia m r^2 / 2), and the spin's coupling to sliding friction on the board
    (Farkas, Bartels, Unger and Wolf, Phys. Rev. Lett. 90, 248302, 2003: a spinning disc
    slides further; carrom/physics/spin.py). docs/physics.md, "impact friction and spin"."""


class ImpactSolver(str, Enum):
    """How contacts that happen at the same instant are resolved (docs/physics.md)."""

    SEQUENTIAL = "sequential"
    """v1: pair by pair in the fixed event order (time, kind, body numbers). A blow into a
    touching pack depends on how the coins are numbered."""
    SIMULTANEOUS = "simultaneous"
    """v2: every contact of the cluster of discs within ``cluster_gap`` of the impact, at
    once: compliant contacts (Walton and Braun's loading/unloading springs, J. Rheol. 30,
    1986, restitution exact for a lone pair) integrated over the impact with the geometry
    frozen, forces summed in an order fixed by position. A pair striking again within
    ``stick_within`` meets plastically along the line of centres only: its sideways
    sliding is kept."""


class PackFriction(str, Enum):
    """How the impact friction of a touching pack's contacts is applied at each step of a
    simultaneous impact (COULOMB with SIMULTANEOUS; docs/physics.md, "v4")."""

    ORDERED = "ordered"
    """v3: contact by contact in the order of summation (by position, x then y), each seeing
    the friction of those before it (a Gauss-Seidel sweep): a mirrored or rotated pack is
    swept in another order, so a symmetric break does not end symmetric."""
    SYMMETRIC = "symmetric"
    """v4: every contact's friction of a step computed from the one state after the step's
    normal impulses, then all applied (a Jacobi step): the outcome does not depend on the
    order, so a mirrored or rotated shot ends mirrored or rotated (to rounding)."""


class PocketModel(str, Enum):
    """When a disc crossing a pocket falls in (docs/physics.md, "pockets")."""

    CIRCLE = "circle"
    """v1: the instant its centre enters the pocket circle, at any speed."""
    TIPPING = "tipping"
    """v2: a thin disc tips about the rim once its centre of mass overhangs the hole; it
    falls if its centre of mass has dropped by half its thickness when its leading edge
    reaches the far rim (or it meets a cushion while overhanging); otherwise it skims on."""
    MECHANICAL = "mechanical"
    """v5: the overhang followed over the hole. From where the centre of mass first overhangs
    the rim, the disc's path is played off the corner's two cushions (the jaws) by the
    engine's cushion impact until its centre of mass is over the board again; it falls if
    its centre of mass has dropped by half its thickness by then, or if it comes to rest
    overhanging. A disc at rest on the lip (its centre of mass over the board) stays. No
    rule by which cushion was met (docs/physics.md, "v5"). Always with jaws."""


_MODEL_CODES = {CollisionModel.FRICTIONLESS: E.MODEL_FRICTIONLESS, CollisionModel.COULOMB: E.MODEL_COULOMB}
_SPIN_TABLE = np.array(REACH_TIMES_Z, dtype=np.float64)
if len(_SPIN_TABLE) != E.SPIN_TABLE_SIZE:  # pragma: no cover - a stale generated table
    raise ImportError(f"carrom/physics/_spin_table.py has {len(_SPIN_TABLE)} values, the kernel expects {E.SPIN_TABLE_SIZE}")
_SOLVER_CODES = {ImpactSolver.SEQUENTIAL: E.SOLVER_SEQUENTIAL, ImpactSolver.SIMULTANEOUS: E.SOLVER_SIMULTANEOUS}
_PACK_CODES = {PackFriction.ORDERED: E.PACK_ORDERED, PackFriction.SYMMETRIC: E.PACK_SYMMETRIC}
_POCKET_CODES = {PocketModel.CIRCLE: E.POCKET_CIRCLE, PocketModel.TIPPING: E.POCKET_TIPPING,
                 PocketModel.MECHANICAL: E.POCKET_MECHANICAL}


@dataclass(frozen=True)
class PhysicsParams:
    """Friction, restitution, the top striker speed and the event cap (SI units)."""

    mu: float = 0.15
    """Sliding friction coefficient, disc on board (DESIGN.md starting value)."""
    g: float = 9.80665
    """Standard gravity, m/s^2 (the conventional value, CGPM 1901)."""
    restitution_coin_coin: float = 0.9
    """Carromman against carromman (and the queen)."""
    restitution_striker_coin: float = 0.85
    """Striker against a carromman."""
    restitution_cushion: float = 0.7
    """Any disc against a cushion, on the normal speed."""
    max_speed: float = 6.5
    """Top striker speed (m/s): a full-force stroke. With mu 0.15 and a cushion at 0.7 it
    gives 3.9 board lengths from a baseline; the law asks at least 3.5 (ICF I.A.1)."""
    stick_within: float = 1e-4
    """Seconds. Two discs that strike each other again this soon after their last impact
    (at a later instant) are pushing: the impact is plastic and they slide on together
    with one velocity. A disc striking the same cushion again this soon keeps no normal
    speed. This ends the endless micro-impacts of a sustained push (docs/physics.md).
    SIMULTANEOUS (v2) keeps only the cushion part: pressed discs are a persistent contact
    (``persistent_overlap``) instead."""
    max_events: int = 100_000
    """Cap on processed events; never reached in play (the break takes about a hundred)."""
    collision_model: CollisionModel = CollisionModel.FRICTIONLESS
    """How discs exchange momentum at an impact: along the line of centres only (v1, v2), or
    with Coulomb friction and spin (``COULOMB``, v3)."""
    impact_friction: float = 0.12
    """Coulomb friction coefficient at the contact of an impact (COULOMB only): disc on disc
    and disc on cushion. 0.12 is the value measured for sliding pucks that the issue quotes
    (docs/physics.md); 0 gives the frictionless impacts bit for bit."""
    disc_friction: tuple[float, float, float] | None = None
    """COULOMB, disc on disc: ``(a, b, c)`` of a friction that falls with the sliding speed
    ``v`` (m/s) of the contact points at the impact, ``mu(v) = a + b exp(-c v)`` (the form
    fitted to measured ball-on-ball throw, Alciatore, TP A-14; v4). None: the constant
    ``impact_friction`` (v3). Cushions keep ``impact_friction`` either way."""
    pack_friction: PackFriction = PackFriction.ORDERED
    """COULOMB with SIMULTANEOUS: the friction of a pack's contacts in turn (v3) or all from
    one state (``SYMMETRIC``, v4)."""
    impact_solver: ImpactSolver = ImpactSolver.SEQUENTIAL
    """Contacts at one instant: pair by pair (v1) or all at once (v2)."""
    pocket_model: PocketModel = PocketModel.CIRCLE
    """Pocket capture: the centre in the circle (v1), tipping over the rim (v2) or the overhang
    followed off the corner's cushions (``MECHANICAL``, v5)."""
    pocket_jaws: bool = False
    """TIPPING only: pockets with jaws. A disc that meets the cushion while it overhangs the
    hole (the pocket's edge) falls at any speed without jaws (v2, v3, v4); with them it
    rebounds and rattles out if it leaves the hole's tipping circle before its centre of mass
    has dropped by half its thickness (docs/physics.md, "jaws"). On in v4 and its board speeds.
    ``PocketModel.MECHANICAL`` (v5) plays the jaws its own way and needs this True."""
    cluster_gap: float = 1e-6
    """Metres (SIMULTANEOUS). Discs (and cushions) this close to a disc of an impact take
    part in it: a gap far below the compression of an impact (tens of micrometres) must
    not change a break (opening_formation(gap=1e-9))."""
    contact_stiffness: float = 7e6
    """N/m (SIMULTANEOUS). Normal stiffness of an edge-to-edge contact: about (pi / 4) E* L
    for two cylinders of length L = 8 mm and E* ~ 1 GPa (Johnson, Contact Mechanics, 5.6;
    wood across the grain, hard plastics). With all contacts alike the outcome of a
    touching cluster does not depend on it; it sets only which gaps close during an impact."""
    persistent_overlap: float = 1e-6
    """Metres (SIMULTANEOUS). A pair that strikes again within ``stick_within`` is in
    persistent contact: pressed together, it meets again when it overlaps by this much
    (instead of ``OVERLAP_ALLOWANCE``), so the contact is held to a micrometre by a few
    plastic impulses along the line of centres instead of thousands (docs/physics.md)."""
    coin_thickness: float = CARROMMAN.thickness.value
    """Metres (TIPPING): a carromman is 7 to 9 mm thick (ICF I.B); the nominal 8 mm."""
    striker_thickness: float = CARROMMAN.thickness.value
    """Metres (TIPPING): the laws give no striker thickness; a carromman's is assumed."""

    def __post_init__(self) -> None:
        def positive(name: str) -> None:
            v = getattr(self, name)
            if not finite_number(v) or v <= 0:
                raise ValueError(f"{name} must be a finite number > 0, got {v!r}")

        for name in ("mu", "g", "max_speed", "cluster_gap", "contact_stiffness", "persistent_overlap", "coin_thickness", "striker_thickness"):
            positive(name)
        for name in ("restitution_coin_coin", "restitution_striker_coin", "restitution_cushion"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0.0 <= v <= 1.0:
                raise ValueError(f"{name} must lie in [0, 1], got {v!r}")
        v = self.impact_friction
        if not finite_number(v) or v < 0:
            raise ValueError(f"impact_friction must be a finite number >= 0, got {v!r}")
        v = self.stick_within
        if not finite_number(v) or v < 0:
            raise ValueError(f"stick_within must be a finite number >= 0, got {v!r}")
        if not isinstance(self.pocket_jaws, bool):
            raise ValueError(f"pocket_jaws must be True or False, got {self.pocket_jaws!r}")
        if self.disc_friction is not None:
            df = self.disc_friction
            if not isinstance(df, (tuple, list)) or len(df) != 3 or not all(finite_number(v) and v >= 0 for v in df):
                raise ValueError(f"disc_friction must be None or (a, b, c), three finite numbers >= 0, got {df!r}")
            object.__setattr__(self, "disc_friction", tuple(float(v) for v in df))
        if isinstance(self.max_events, bool) or not isinstance(self.max_events, int) or self.max_events < 1:
            raise ValueError(f"max_events must be an integer >= 1, got {self.max_events!r}")
        for name, enum in (
            ("collision_model", CollisionModel),
            ("impact_solver", ImpactSolver),
            ("pocket_model", PocketModel),
            ("pack_friction", PackFriction),
        ):
            try:
                object.__setattr__(self, name, enum(getattr(self, name)))
            except ValueError:
                raise ValueError(f"unknown {name} {getattr(self, name)!r}; known: {[m.value for m in enum]}") from None
        if self.pocket_model is PocketModel.MECHANICAL and not self.pocket_jaws:
            raise ValueError("the mechanical pocket (v5) plays its jaws: pocket_model 'mechanical' needs pocket_jaws=True")

    def disc_mu(self, slip: float) -> float:
        """The disc-on-disc impact friction at a sliding speed ``slip`` (m/s) of the contact."""
        if self.disc_friction is None:
            return self.impact_friction
        a, b, c = self.disc_friction
        return a + b * float(np.exp(-c * abs(slip)))

    @property
    def deceleration(self) -> float:
        """mu * g: how fast a sliding disc loses speed (m/s^2)."""
        return self.mu * self.g

    def stopping_distance(self, speed: float) -> float:
        """How far a disc at ``speed`` slides on a clear board: v^2 / (2 mu g)."""
        return speed * speed / (2.0 * self.deceleration)

    def vector(self, half: float, pocket_radius: float, pocket_offset: float) -> np.ndarray:
        """The kernel's parameter vector for a board with these dimensions."""
        p = np.empty(E.NPARAMS, dtype=np.float64)
        p[E.P_DECEL] = self.deceleration
        p[E.P_E_CC] = self.restitution_coin_coin
        p[E.P_E_SC] = self.restitution_striker_coin
        p[E.P_E_CUSHION] = self.restitution_cushion
        p[E.P_HALF] = half
        p[E.P_POCKET_R] = pocket_radius
        p[E.P_POCKET_C] = pocket_offset
        p[E.P_TOUCH] = CONTACT_TOLERANCE
        p[E.P_VEPS] = APPROACH_TOLERANCE
        p[E.P_MODEL] = _MODEL_CODES[self.collision_model]
        p[E.P_MAX_EVENTS] = self.max_events
        p[E.P_STICK_WITHIN] = self.stick_within
        p[E.P_OVERLAP] = OVERLAP_ALLOWANCE
        p[E.P_SOLVER] = _SOLVER_CODES[self.impact_solver]
        p[E.P_POCKET_MODEL] = _POCKET_CODES[self.pocket_model]
        p[E.P_CLUSTER_GAP] = self.cluster_gap
        p[E.P_STIFFNESS] = self.contact_stiffness
        p[E.P_THICK_COIN] = self.coin_thickness
        p[E.P_THICK_STRIKER] = self.striker_thickness
        p[E.P_GRAVITY] = self.g
        p[E.P_PERSIST] = self.persistent_overlap
        p[E.P_MU_IMPACT] = self.impact_friction
        p[E.P_SPIN_TABLE : E.P_SPIN_TABLE + E.SPIN_TABLE_SIZE] = _SPIN_TABLE
        a, b, c = (self.impact_friction, 0.0, 0.0) if self.disc_friction is None else self.disc_friction
        p[E.P_MU_DISC] = a
        p[E.P_MU_SLOW] = b
        p[E.P_MU_DECAY] = c
        p[E.P_PACK] = _PACK_CODES[self.pack_friction]
        p[E.P_JAWS] = 1.0 if self.pocket_jaws else 0.0
        return p

    @property
    def fingerprint(self) -> str:
        """What determines these parameters' outcomes, hashed: every field, the engine's tolerances, the
        spin table and ``KERNEL_REVISION`` (sha256, 16 hex digits). Two parameter sets with one fingerprint
        play every shot alike; a record or a result that carries it can be tied to its physics."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values = {k: v.value if isinstance(v, Enum) else v for k, v in values.items()}
        text = json.dumps({"kernel": KERNEL_REVISION, "params": values, "spin_table": _SPIN_TABLE.tolist(),
                           "tolerances": [CONTACT_TOLERANCE, APPROACH_TOLERANCE, OVERLAP_ALLOWANCE]},
                          sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @property
    def model(self) -> str | None:
        """The name of the physics model these parameters are (``MODELS``), or None."""
        return next((name for name, params in (*MODELS.items(), *BOARD_SPEEDS.items()) if params == self), None)


MODELS: dict[str, PhysicsParams] = {
    "v1": PhysicsParams(),
    "v2": PhysicsParams(impact_solver=ImpactSolver.SIMULTANEOUS, pocket_model=PocketModel.TIPPING),
    "v3": PhysicsParams(
        impact_solver=ImpactSolver.SIMULTANEOUS,
        pocket_model=PocketModel.TIPPING,
        collision_model=CollisionModel.COULOMB,
        restitution_coin_coin=0.93,
    ),
}
"""The named physics models, the one registry: ``v1`` (the first engine: pair-by-pair
impacts, pockets by the circle test, sticking pushes), ``v2`` (simultaneous impacts,
sliding sustained contacts, pockets by tipping) and ``v3`` (v2 with impact friction and
spin, and the measured coin-on-coin restitution 0.93). A record names the model it was
played with; a record without a name was played with v1."""


ALCIATORE_THROW = (9.951e-3, 0.108, 1.088)
"""(a, b, c) of mu(v) = a + b exp(-c v), v in m/s: Alciatore's fit (TP A-14) to measured
ball-on-ball friction, the one measurement of friction against sliding speed at impacts
between sport pieces we found (docs/physics.md, "v4")."""

BOARD_SPEED_PRESETS: dict[str, tuple[float, float, float]] = {
    "slow": (0.15, 0.7, 6.5),
    "medium": (0.10, 0.7, 6.5),
    "fast": (0.07, 0.7, 6.5),
}
"""A board's speed (more or less powder): ``(mu, restitution_cushion, max_speed)``. The
board's friction spans what the law's striker travel allows (ICF I.A.1: a full-force
striker covers at least three and a half lengths; docs/physics.md, "board speed")."""


def board_speed(speed: str, params: PhysicsParams | None = None) -> PhysicsParams:
    """``params`` (by default ``MODELS["v4"]``) on a slow, medium or fast board: its sliding
    friction, cushion restitution and top striker speed from ``BOARD_SPEED_PRESETS``."""
    try:
        mu, cushion, top = BOARD_SPEED_PRESETS[speed]
    except (KeyError, TypeError):
        raise ValueError(f"unknown board speed {speed!r}; known: {list(BOARD_SPEED_PRESETS)}") from None
    return replace(MODELS["v4"] if params is None else params, mu=mu, restitution_cushion=cushion, max_speed=top)


MODELS["v4"] = board_speed(
    "medium",
    PhysicsParams(
        impact_solver=ImpactSolver.SIMULTANEOUS,
        pocket_model=PocketModel.TIPPING,
        collision_model=CollisionModel.COULOMB,
        restitution_coin_coin=0.93,
        disc_friction=ALCIATORE_THROW,
        pack_friction=PackFriction.SYMMETRIC,
        pocket_jaws=True,
    ),
)
"""v4 (issue 20; the default): v3 with the pack's friction applied symmetrically,
disc-on-disc friction falling with the sliding speed (``ALCIATORE_THROW``), pockets with
jaws (``pocket_jaws``: a fast disc striking the pocket's edge may rattle out) and a medium
board (``board_speed``); every board speed keeps the jaws."""

MODELS["v5"] = replace(MODELS["v4"], pocket_model=PocketModel.MECHANICAL)
"""v5 (issue 40, selectable, not the default): v4 with pockets decided by mechanics
(``PocketModel.MECHANICAL``): a disc at rest on the lip stays, and a disc over the hole falls
or rattles out by the time its centre of mass spends unsupported, every contact with the
jaws and the corner's two cushions played, with no rule by which cushion was met (v4 dropped
every disc whose rebound met a second cushion, at any speed). Same board, friction and
impacts as v4 (docs/physics.md, "v5")."""

BOARD_SPEEDS: dict[str, PhysicsParams] = {f"v4-{name}": board_speed(name) for name in ("slow", "fast")}
"""v4 on a slow and on a fast board, by the names records give them (v4 itself is medium)."""


def board_speed_of(params: PhysicsParams) -> str | None:
    """The board speed (``BOARD_SPEED_PRESETS``) of v4 on a slow, medium or fast board, or None."""
    return next((name for name in BOARD_SPEED_PRESETS if board_speed(name) == params), None)


def physics_model(name: str) -> PhysicsParams:
    """The parameters of the named model; a ValueError naming the known ones otherwise."""
    try:
        return MODELS[name] if name in MODELS else BOARD_SPEEDS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown physics model {name!r}; known: {sorted(MODELS) + sorted(BOARD_SPEEDS)}") from None


DEFAULT_PARAMS = MODELS["v4"]
"""The model new games, bots, the web app and the environments play: v4, a medium board with
throw falling with speed and a pack's friction applied symmetrically (docs/physics.md, "v4").
Records name the model they are played with; old records replay with the model they name
(none: v1)."""
