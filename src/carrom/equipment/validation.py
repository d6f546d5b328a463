"""Is this board, this set of carrommen, this striker within the law's tolerances?

Two named specifications:

- ``"icf"``: the ICF standard equipment (000_169fbbd52fae402d.txt part I, letters A–N),
  the figures of :mod:`carrom.equipment.spec`.
- ``"fr-official"``: the international rules as the French federation publishes them
  (001_f76cd345fd7b091a.txt, official part §2), whose tolerances differ slightly
  (board 73.66 ± 0.32 cm, pockets ± 0.08 cm, lines 0.48–0.64 cm, coins 2.86–3.18 cm and
  up to 6 g, ...). See docs/equipment.md for the full comparison.

A custom board is plain numbers: a mapping from dimension names (the ``BoardSpec`` field
names, or the drawing's letters "A"–"N") to measurements, in **centimetres** by default
(``unit="mm"`` or ``"m"`` also work); only the dimensions given are checked. A ``BoardSpec``
(in metres, like everything in the package) is accepted as it is.

Figures that the law states without a tolerance (F 10.15 cm, G 3.18 cm, ...) are checked
to within a measuring tolerance, 1 mm by default: no real board measures exactly 10.15 cm.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields

from carrom.equipment.errors import EquipmentError
from carrom.equipment.layout import PieceKind
from carrom.equipment.numbers import finite_number
from carrom.equipment.spec import (
    BLACK_COUNT,
    CARROMMAN,
    CM,
    GRAM,
    QUEEN_COUNT,
    STANDARD_BOARD,
    STRIKER,
    WHITE_COUNT,
    BoardSpec,
    DiscSpec,
    Range,
)

LENGTH = "length"
MASS = "mass"
COUNT = "count"

LENGTH_UNITS = {"cm": CM, "mm": 0.001, "m": 1.0}
MASS_UNITS = {"g": GRAM, "kg": 1.0}

DEFAULT_MEASURING_TOLERANCE_CM = 0.1
"""Slack (cm) for figures the law gives without a tolerance: a ruler's millimetre."""


class InvalidEquipment(EquipmentError):
    """Raised by a strict validation: the equipment is outside the tolerances.

    ``report`` holds every problem found, not only the first.
    """

    def __init__(self, report: "ValidationReport") -> None:
        self.report = report
        super().__init__(str(report))


@dataclass(frozen=True)
class Tolerance:
    """What a specification allows for one dimension, in SI units (m, kg) or a count.

    ``stated`` is False for a bare figure (the law gives one number and no tolerance):
    validation then allows the measuring tolerance either side of it.
    """

    name: str
    low: float
    high: float
    law: str
    quantity: str = LENGTH
    letter: str | None = None
    stated: bool = True

    def bounds(self, slack: float) -> tuple[float, float]:
        if self.stated:
            return (self.low, self.high)
        return (self.low - slack, self.high + slack)


@dataclass(frozen=True)
class Specification:
    """A named set of tolerances for the board, the carrommen and the striker."""

    name: str
    title: str
    board: Mapping[str, Tolerance]
    carromman: Mapping[str, Tolerance]
    striker: Mapping[str, Tolerance]
    counts: Mapping[str, Tolerance]
    same_size_law: str | None = None  # law requiring all carrommen to be the same size


# ---------------------------------------------------------------------------------------
# Dimension names

BOARD_DIMENSIONS: dict[str, str] = {
    "playing_side": "side of the square playing surface",
    "frame_width": "width of the frame",
    "frame_height": "height of the frame above the playing surface",
    "surface_thickness": "thickness of the playing surface",
    "pocket_diameter": "diameter of the pockets",
    "baseline_length": "length of the baselines, base circles included",
    "baseline_thickness": "thickness of the lower (outer) baseline",
    "upper_baseline_thickness": "thickness of the upper (inner, thinner) baseline",
    "baseline_from_frame": "distance of the lower baseline from the frame",
    "baseline_gap": "distance from the lower baseline to the upper one",
    "base_circle_diameter": "diameter of the base circles",
    "base_circle_red_diameter": "diameter of the red inside of the base circles",
    "arrow_max_length": "length of the arrows",
    "arrow_thickness": "thickness of the arrows",
    "arrow_end_from_pocket": "distance from an arrow's end to the edge of its pocket",
    "inner_circle_diameter": "diameter of the inner centre circle",
    "outer_circle_diameter": "diameter of the outer centre circle",
    "arrow_arc_diameter": "diameter of the decorative arcs of the arrows",
    "base_circle_gap": "gap between the two base circles meeting at a corner",
}
"""Every board dimension a custom board may give, with what it measures."""

LETTERS: dict[str, str] = {
    "A": "playing_side",
    "B": "frame_width",
    "C": "pocket_diameter",
    "D": "baseline_length",
    "E": "baseline_thickness",
    "F": "baseline_from_frame",
    "G": "base_circle_diameter",
    "H": "base_circle_red_diameter",
    "I": "arrow_max_length",
    "J": "arrow_end_from_pocket",
    "K": "inner_circle_diameter",
    "L": "outer_circle_diameter",
    "M": "arrow_arc_diameter",
    "N": "base_circle_gap",
}
"""The letters of the ICF board drawing (000 part I.A; 001 §2) and the dimension each names."""

ALIASES: dict[str, str] = {
    "arrow_length": "arrow_max_length",
    "surface_thickness_min": "surface_thickness",
    **LETTERS,
}

_LETTER_OF = {v: k for k, v in LETTERS.items()}

COIN_MEASURES = ("diameter", "mass", "thickness")
STRIKER_MEASURES = ("diameter", "mass")


# ---------------------------------------------------------------------------------------
# The two specifications

# Which ICF figures are bare (no tolerance given in 000 part I.A).
_ICF_BARE = {
    "baseline_from_frame",
    "baseline_gap",
    "base_circle_diameter",
    "base_circle_red_diameter",
    "arrow_end_from_pocket",
    "arrow_arc_diameter",
}


def _icf_board() -> dict[str, Tolerance]:
    out: dict[str, Tolerance] = {}
    for f in fields(BoardSpec):
        r = getattr(STANDARD_BOARD, f.name)
        if not isinstance(r, Range) or f.name == "upper_baseline_thickness":
            continue  # the upper line is only "thinner": checked as a relation
        out[f.name] = Tolerance(
            f.name, r.low, r.high, r.source, LENGTH, _LETTER_OF.get(f.name), f.name not in _ICF_BARE
        )
    out["surface_thickness"] = Tolerance(
        "surface_thickness", STANDARD_BOARD.surface_thickness_min, math.inf, "ICF I.A.1 (not less than 8 mm)"
    )
    return out


def _disc_tolerances(spec: DiscSpec) -> dict[str, Tolerance]:
    out = {
        "diameter": Tolerance("diameter", spec.diameter.low, spec.diameter.high, spec.diameter.source),
        "mass": Tolerance("mass", spec.mass.low, spec.mass.high, spec.mass.source, MASS),
    }
    if spec.thickness is not None:
        out["thickness"] = Tolerance("thickness", spec.thickness.low, spec.thickness.high, spec.thickness.source)
    return out


def _counts(law: str) -> dict[str, Tolerance]:
    return {
        PieceKind.WHITE.value: Tolerance("white", WHITE_COUNT, WHITE_COUNT, law, COUNT),
        PieceKind.BLACK.value: Tolerance("black", BLACK_COUNT, BLACK_COUNT, law, COUNT),
        PieceKind.QUEEN.value: Tolerance("queen", QUEEN_COUNT, QUEEN_COUNT, law, COUNT),
    }


ICF = Specification(
    name="icf",
    title="ICF standard equipment (000 part I)",
    board=_icf_board(),
    carromman=_disc_tolerances(CARROMMAN),
    striker=_disc_tolerances(STRIKER),
    counts=_counts("ICF I.B (9 white, 9 black, 1 red)"),
    same_size_law="ICF I.B (the carrommen are of the same size)",
)


def _fr(name: str, low_cm: float, high_cm: float, letter: str | None, what: str, stated: bool = True) -> Tolerance:
    return Tolerance(name, low_cm * CM, high_cm * CM, f"FR §2 {what}", LENGTH, letter, stated)


FR_OFFICIAL = Specification(
    name="fr-official",
    title="International rules as published by the French federation (001 official part §2)",
    board={
        t.name: t
        for t in (
            _fr("playing_side", 73.66 - 0.32, 73.66 + 0.32, "A", "letter A (73.66 ± 0.32 cm)"),
            _fr("frame_width", 6.35, 7.60, "B", "letter B (6.35–7.60 cm)"),
            _fr("pocket_diameter", 4.45 - 0.08, 4.45 + 0.08, "C", "letter C (4.45 ± 0.08 cm)"),
            _fr("baseline_length", 47.0 - 0.30, 47.0 + 0.30, "D", "letter D (47 ± 0.30 cm)"),
            _fr("baseline_thickness", 0.48, 0.64, "E", "letter E (0.48–0.64 cm)"),
            _fr("baseline_from_frame", 10.16, 10.16, "F", "letter F (10.16 cm)", stated=False),
            _fr("base_circle_diameter", 3.18, 3.18, "G", "letter G (3.18 cm)", stated=False),
            _fr("base_circle_red_diameter", 2.54, 2.54, "H", "letter H (2.54 cm)", stated=False),
            _fr("arrow_max_length", 0.0, 26.70, "I", "letter I (at most 26.70 cm)"),
            _fr("arrow_thickness", 0.15, 0.15, None, "letter I (arrows 0.15 cm thick)", stated=False),
            _fr("arrow_end_from_pocket", 5.0, 5.0, "J", "letter J (5 cm)", stated=False),
            _fr("inner_circle_diameter", 3.18 - 0.16, 3.18 + 0.16, "K", "letter K (3.18 ± 0.16 cm)"),
            _fr("outer_circle_diameter", 17.0 - 0.30, 17.0 + 0.30, "L", "letter L (17 ± 0.30 cm)"),
            _fr("arrow_arc_diameter", 6.35, 6.35, "M", "letter M (6.35 cm)", stated=False),
            _fr("surface_thickness", 0.8, math.inf, None, "2.1 a (at least 0.8 cm with reinforcement, 1.59 cm without)"),
        )
    },
    carromman={
        "diameter": _fr("diameter", 2.86, 3.18, None, "2.2 (2.86–3.18 cm)"),
        "mass": Tolerance("mass", 5.25 * GRAM, 6.0 * GRAM, "FR §2 2.2 (5.25–6.0 g)", MASS),
        "thickness": _fr("thickness", 0.64, 0.95, None, "2.2 (0.64–0.95 cm)"),
    },
    striker={
        "diameter": _fr("diameter", 0.0, 4.13, None, "2.3 (at most 4.13 cm)"),
        "mass": Tolerance("mass", 0.0, 15.0 * GRAM, "FR §2 2.3 (at most 15 g)", MASS),
    },
    counts=_counts("FR §2 2.2 (9 white, 9 black, 1 red)"),
)

SPECIFICATIONS: dict[str, Specification] = {s.name: s for s in (ICF, FR_OFFICIAL)}


def specification(name: str | Specification) -> Specification:
    """The named specification ("icf" or "fr-official")."""
    if isinstance(name, Specification):
        return name
    try:
        return SPECIFICATIONS[name]
    except (KeyError, TypeError):
        known = ", ".join(repr(k) for k in SPECIFICATIONS)
        raise EquipmentError(f"unknown specification {name!r}; known: {known}") from None


# ---------------------------------------------------------------------------------------
# Reports


def _fmt(value: float, quantity: str) -> str:
    if quantity == COUNT:
        return str(int(value)) if float(value).is_integer() else f"{value:g}"
    if quantity == MASS:
        return f"{value / GRAM:.2f} g"
    return f"{value / CM:.2f} cm"


@dataclass(frozen=True)
class DimensionProblem:
    """One measurement outside its tolerance: what, its value, what is allowed, which law."""

    name: str
    value: float
    low: float
    high: float
    law: str
    quantity: str = LENGTH
    letter: str | None = None
    note: str = ""

    @property
    def allowed(self) -> str:
        q = self.quantity
        if math.isinf(self.high):
            return f"at least {_fmt(self.low, q)}"
        if self.low <= 0 and q != COUNT:
            return f"at most {_fmt(self.high, q)}"
        if self.low == self.high:
            return f"exactly {_fmt(self.low, q)}"
        return f"{_fmt(self.low, q)} to {_fmt(self.high, q)}"

    @property
    def message(self) -> str:
        label = f"{self.name} (letter {self.letter})" if self.letter else self.name
        text = f"{label} is {_fmt(self.value, self.quantity)}; allowed {self.allowed} ({self.law})"
        return f"{text}; {self.note}" if self.note else text

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class ValidationReport:
    """The outcome of a validation: every problem found, and what was and wasn't checked."""

    spec: str
    subject: str
    problems: tuple[DimensionProblem, ...] = ()
    checked: tuple[str, ...] = ()
    unchecked: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.problems

    def names(self) -> tuple[str, ...]:
        """The names of the dimensions with a problem, in the order found."""
        return tuple(p.name for p in self.problems)

    def raise_if_invalid(self) -> "ValidationReport":
        if self.problems:
            raise InvalidEquipment(self)
        return self

    def __str__(self) -> str:
        if not self.problems:
            return f"{self.subject}: within the {self.spec} tolerances ({len(self.checked)} checked)"
        head = f"{self.subject}: {len(self.problems)} problem(s) against the {self.spec} tolerances"
        return "\n".join([head] + [f"- {p.message}" for p in self.problems])


# ---------------------------------------------------------------------------------------
# Input handling


def _unit_factor(unit: str, table: Mapping[str, float], what: str) -> float:
    try:
        return table[unit]
    except (KeyError, TypeError):
        known = ", ".join(repr(k) for k in table)
        raise EquipmentError(f"unknown {what} unit {unit!r}; use one of {known}") from None


def _number(value: object, label: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise EquipmentError(f"{label} must be a number, got {value!r}")
    if not finite_number(value):
        raise EquipmentError(f"{label} must be a finite number, got {value!r}")
    v = float(value)
    if v <= 0:
        raise EquipmentError(f"{label} must be positive, got {value!r}")
    return v


def canonical_dimension(name: str) -> str:
    """The canonical board dimension for a name, a letter ("A"–"N") or an alias."""
    if not isinstance(name, str):
        raise EquipmentError(f"a dimension name must be a string, got {name!r}")
    if name in BOARD_DIMENSIONS:
        return name
    if name in ALIASES:
        return ALIASES[name]
    if name.upper() in LETTERS and len(name) == 1:
        return LETTERS[name.upper()]
    known = ", ".join(sorted(BOARD_DIMENSIONS))
    raise EquipmentError(f"unknown board dimension {name!r}; known: {known}, or the letters A–N")


def board_measurements(board: BoardSpec | Mapping[str, float], unit: str = "cm") -> dict[str, float]:
    """The board's measurements in metres, by canonical name.

    A ``BoardSpec`` gives every dimension (its default values, in metres; ``unit`` is
    ignored); a mapping gives only the dimensions it names, in ``unit``.
    """
    if isinstance(board, BoardSpec):
        out = {}
        for f in fields(BoardSpec):
            v = getattr(board, f.name)
            if isinstance(v, Range):
                out[f.name] = v.value
        out["surface_thickness"] = board.surface_thickness_min
        return out
    if not isinstance(board, Mapping):
        raise EquipmentError(
            f"a board is a BoardSpec or a mapping of dimension names to numbers, got {type(board).__name__}"
        )
    factor = _unit_factor(unit, LENGTH_UNITS, "length")
    out = {}
    for key, value in board.items():
        name = canonical_dimension(key)
        if name in out:
            raise EquipmentError(f"dimension {name!r} given twice (as {key!r} and another name)")
        out[name] = _number(value, f"board dimension {key!r}") * factor
    return out


def board_from_dimensions(dimensions: Mapping[str, float], unit: str = "cm") -> BoardSpec:
    """A ``BoardSpec`` whose values are these measurements (others stay standard).

    For drawing or simulating a measured board. The result is not validated: call
    :func:`validate_board` for that. Each measured ``Range`` is exact at its value.
    """
    from dataclasses import replace

    measured = board_measurements(dimensions, unit)
    changes: dict[str, object] = {}
    for name, value in measured.items():
        if name == "surface_thickness":
            changes["surface_thickness_min"] = value
        else:
            changes[name] = Range.exact(value, "measured")
    return replace(STANDARD_BOARD, **changes)


def _check(
    problems: list[DimensionProblem], tol: Tolerance, name: str, value: float, slack: float
) -> None:
    lo, hi = tol.bounds(slack)
    eps = 1e-12 if tol.quantity == COUNT else 1e-9 * max(1.0, abs(value))
    if lo - eps <= value <= hi + eps:
        return
    note = ""
    if not tol.stated:
        note = f"the law gives no tolerance: measuring tolerance ± {_fmt(slack, tol.quantity)}"
    problems.append(DimensionProblem(name, value, lo, hi, tol.law, tol.quantity, tol.letter, note))


# ---------------------------------------------------------------------------------------
# Validation


def validate_board(
    board: BoardSpec | Mapping[str, float],
    spec: str | Specification = "icf",
    *,
    unit: str = "cm",
    measuring_tolerance: float | None = None,
    strict: bool = False,
) -> ValidationReport:
    """Check a board against a specification's tolerances; name every dimension out of range.

    ``board``: a ``BoardSpec`` (metres) or a mapping of dimension names or letters to
    measurements in ``unit`` ("cm" by default). ``measuring_tolerance`` (in ``unit``;
    default 1 mm) is allowed either side of figures the law gives without a tolerance.
    With ``strict=True`` a report with problems is raised as ``InvalidEquipment``.
    Bad input (unknown name, non-positive value, unknown spec or unit) raises ``EquipmentError``.
    """
    s = specification(spec)
    factor = 1.0 if isinstance(board, BoardSpec) else _unit_factor(unit, LENGTH_UNITS, "length")
    slack = DEFAULT_MEASURING_TOLERANCE_CM * CM if measuring_tolerance is None else measuring_tolerance * factor
    if slack < 0 or not math.isfinite(slack):
        raise EquipmentError(f"measuring_tolerance must be a non-negative number, got {measuring_tolerance!r}")
    values = board_measurements(board, unit)
    problems: list[DimensionProblem] = []
    checked, unchecked = [], []
    for name in BOARD_DIMENSIONS:
        if name not in values:
            continue
        tol = s.board.get(name)
        if tol is None:
            unchecked.append(name)
            continue
        checked.append(name)
        _check(problems, tol, name, values[name], slack)
    lower, upper = values.get("baseline_thickness"), values.get("upper_baseline_thickness")
    if lower is not None and upper is not None:
        checked.append("upper_baseline_thickness")
        if "upper_baseline_thickness" in unchecked:
            unchecked.remove("upper_baseline_thickness")
        if upper > lower + 1e-12:
            problems.append(
                DimensionProblem(
                    "upper_baseline_thickness", upper, 0.0, lower,
                    "ICF I.A.4 b (the upper baselines are the thinner ones)", LENGTH,
                    note="it must be thinner than the lower baseline",
                )
            )
    report = ValidationReport(s.name, "board", tuple(problems), tuple(checked), tuple(unchecked))
    return report.raise_if_invalid() if strict else report


def _coin_kind(value: object, label: str) -> PieceKind:
    if isinstance(value, PieceKind):
        kind = value
    elif isinstance(value, str) and value.lower() in ("white", "black", "queen", "red", "striker"):
        kind = PieceKind.QUEEN if value.lower() == "red" else PieceKind(value.lower())
    else:
        raise EquipmentError(f"{label}: kind must be 'white', 'black' or 'queen' (or 'red'), got {value!r}")
    if kind is PieceKind.STRIKER:
        raise EquipmentError(f"{label}: the striker is not a carromman; pass it as striker=")
    return kind


def _disc_measurements(
    item: Mapping[str, object] | DiscSpec, allowed: tuple[str, ...], label: str, lf: float, mf: float
) -> dict[str, float]:
    if isinstance(item, DiscSpec):
        out = {"diameter": item.diameter.value, "mass": item.mass.value}
        if item.thickness is not None and "thickness" in allowed:
            out["thickness"] = item.thickness.value
        return out
    if not isinstance(item, Mapping):
        raise EquipmentError(f"{label} must be a mapping of measurements or a DiscSpec, got {type(item).__name__}")
    out = {}
    for key, value in item.items():
        if key == "kind":
            continue
        if key not in allowed:
            raise EquipmentError(f"{label}: unknown measurement {key!r}; known: {', '.join(allowed)}")
        out[key] = _number(value, f"{label} {key}") * (mf if key == "mass" else lf)
    return out


def validate_pieces(
    coins: Iterable[Mapping[str, object] | str | PieceKind] | None = None,
    striker: Mapping[str, float] | DiscSpec | None = None,
    spec: str | Specification = "icf",
    *,
    unit: str = "cm",
    mass_unit: str = "g",
    measuring_tolerance: float | None = None,
    strict: bool = False,
) -> ValidationReport:
    """Check a set of carrommen and/or a striker: counts 9/9/1, diameters, masses, thickness.

    ``coins``: one entry per carromman, either a kind ("white", "black", "queen"/"red")
    or a mapping ``{"kind": ..., "diameter": ..., "mass": ..., "thickness": ...}`` where
    any measurement may be left out. Lengths in ``unit`` (cm), masses in ``mass_unit`` (g).
    When ``coins`` is given the counts are checked too. ``striker``: a mapping with
    ``diameter`` and/or ``mass``, or a ``DiscSpec`` (SI). Problems are named like
    ``"white #2 diameter"`` (numbered from 1 within each colour), ``"white count"``,
    ``"striker mass"``.
    """
    s = specification(spec)
    lf = _unit_factor(unit, LENGTH_UNITS, "length")
    mf = _unit_factor(mass_unit, MASS_UNITS, "mass")
    slack = DEFAULT_MEASURING_TOLERANCE_CM * CM if measuring_tolerance is None else measuring_tolerance * lf
    problems: list[DimensionProblem] = []
    checked: list[str] = []
    if coins is not None:
        if isinstance(coins, (str, bytes, Mapping)):
            raise EquipmentError("coins must be a list with one entry per carromman")
        numbers = {k: 0 for k in (PieceKind.WHITE, PieceKind.BLACK, PieceKind.QUEEN)}
        diameters: list[tuple[str, float]] = []
        for i, item in enumerate(coins, start=1):
            label = f"coin {i}"
            if isinstance(item, Mapping):
                if "kind" not in item:
                    raise EquipmentError(f"{label}: missing 'kind' (white, black or queen)")
                kind = _coin_kind(item["kind"], label)
                measures = _disc_measurements(item, COIN_MEASURES, label, lf, mf)
            else:
                kind = _coin_kind(item, label)
                measures = {}
            numbers[kind] += 1
            name = f"{kind.value} #{numbers[kind]}" if kind is not PieceKind.QUEEN else "queen"
            if kind is PieceKind.QUEEN and numbers[kind] > 1:
                name = f"queen #{numbers[kind]}"
            for m in COIN_MEASURES:
                if m in measures and m in s.carromman:
                    checked.append(f"{name} {m}")
                    _check(problems, s.carromman[m], f"{name} {m}", measures[m], slack)
            if "diameter" in measures:
                diameters.append((name, measures["diameter"]))
        for kind, n in numbers.items():
            tol = s.counts[kind.value]
            checked.append(f"{kind.value} count")
            _check(problems, tol, f"{kind.value} count", n, 0.0)
        if s.same_size_law and len(diameters) > 1:
            lo = min(diameters, key=lambda t: t[1])
            hi = max(diameters, key=lambda t: t[1])
            checked.append("carrommen sizes")
            if hi[1] - lo[1] > slack + 1e-12:
                problems.append(
                    DimensionProblem(
                        "carrommen sizes", hi[1] - lo[1], 0.0, slack, s.same_size_law, LENGTH,
                        note=f"{lo[0]} is {_fmt(lo[1], LENGTH)} and {hi[0]} is {_fmt(hi[1], LENGTH)}",
                    )
                )
    if striker is not None:
        measures = _disc_measurements(striker, STRIKER_MEASURES, "striker", lf, mf)
        for m in STRIKER_MEASURES:
            if m in measures:
                checked.append(f"striker {m}")
                _check(problems, s.striker[m], f"striker {m}", measures[m], slack)
    report = ValidationReport(s.name, "pieces", tuple(problems), tuple(checked), ())
    return report.raise_if_invalid() if strict else report
