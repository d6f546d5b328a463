"""Fit a physics model's parameters to measured shots, with the engine itself predicting each track.

Every shot is simulated from the struck disc's measured state at ``t0`` (its position and velocity,
fitted too: four unknowns per shot) with the resting discs where they were measured; the residuals are
the predicted minus the measured positions of every disc at every sample. ``scipy.optimize.least_squares``
(trust region reflective, a sparse Jacobian: a shot's unknowns move only its own residuals) finds the
parameters; their standard uncertainties come from the Jacobian at the solution, scaled by the residuals'
spread, with the shots' unknowns marginalised (the covariance's block of the parameters).

A parameter is fitted only when the shots measure it: the board's friction always, the cushion's
restitution when a disc meets a cushion, the disc-on-disc restitution and friction when the struck disc
meets another (docs/calibration.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from scipy.optimize import least_squares
from scipy.sparse import lil_matrix

from carrom.calibrate.errors import CalibrationError
from carrom.calibrate.starts import clear_start, free_start
from carrom.calibrate.tracks import Shot
from carrom.equipment.layout import Disc, Layout, PieceKind
from carrom.physics import EventKind, PhysicsParams, Strike, simulate

FIT_SPEED_LIMIT = 50.0
"""m/s: the top striker speed while fitting (the model file keeps the base's)."""
FAILED_RESIDUAL = 1.0
"""Metres: the residual of every sample of a shot the engine refuses at some trial (a disc pushed off
the board or into another); the optimiser steps back from it."""


@dataclass(frozen=True)
class Parameter:
    """A fitted quantity: how it is read from and written to the parameters."""

    name: str
    label: str

    def get(self, params: PhysicsParams) -> float:
        if self.name == "disc_friction":
            return 1.0
        return float(getattr(params, self.name))

    def bounds(self) -> tuple[float, float]:
        return {"mu": (1e-3, 1.0), "disc_friction": (0.0, 20.0)}.get(self.name, (0.02, 1.0))


PARAMETERS = {
    "mu": Parameter("mu", "board friction (disc sliding on the board)"),
    "restitution_cushion": Parameter("restitution_cushion", "cushion restitution"),
    "restitution_striker_coin": Parameter("restitution_striker_coin", "disc-disc restitution (striker on coin)"),
    "disc_friction": Parameter("disc_friction", "disc-disc friction (scale of the base's mu(v))"),
}


def with_values(base: PhysicsParams, names: tuple[str, ...], values) -> PhysicsParams:
    """``base`` with the named parameters set (``disc_friction`` is the scale of the base's a and b)."""
    changes = {}
    for name, v in zip(names, values):
        if name == "disc_friction":
            a, b, c = base.disc_friction
            changes[name] = (a * float(v), b * float(v), c)
        else:
            changes[name] = float(v)
    return replace(base, **changes)


@dataclass(frozen=True)
class Fitted:
    """One fitted parameter: its value and standard uncertainty (``disc_friction``: as a scale)."""

    name: str
    value: float
    sigma: float

    @property
    def relative(self) -> float:
        return self.sigma / abs(self.value) if self.value else math.inf


@dataclass(frozen=True)
class Calibration:
    """What a fit found: the parameters, the model they make, and how well it matches."""

    base: PhysicsParams
    params: PhysicsParams
    fitted: tuple[Fitted, ...]
    shot_kinds: tuple[str, ...]
    shot_rms: tuple[float, ...]  # metres: each shot's predicted against measured positions
    samples: int
    rms: float  # metres
    shot_numbers: tuple[int, ...] = ()  # the fitted shots' numbers, as ``tracks.shots`` gave them
    refused: tuple["Refused", ...] = ()  # the shots left out, each with its reason

    @property
    def unmeasured(self) -> tuple[str, ...]:
        """The parameters these shots did not determine (kept from the base), in ``PARAMETERS`` order."""
        names = {f.name for f in self.fitted}
        return tuple(n for n in PARAMETERS if n not in names and not (n == "disc_friction" and self.base.disc_friction is None))

    def value(self, name: str) -> float:
        return next(f.value for f in self.fitted if f.name == name)

    def overrides(self) -> tuple[dict, dict]:
        """What a model file stores: the changed parameters and their uncertainties."""
        parameters, uncertainty = {}, {}
        for f in self.fitted:
            if f.name == "disc_friction":
                a, b, c = self.base.disc_friction
                parameters[f.name] = [round(a * f.value, 9), round(b * f.value, 9), c]
                uncertainty[f.name] = [round(a * f.sigma, 6), round(b * f.sigma, 6), 0.0]
            else:
                parameters[f.name] = round(f.value, 6)
                uncertainty[f.name] = round(f.sigma, 6)
        return parameters, uncertainty


@dataclass(frozen=True)
class Refused:
    """A shot left out of the fit, and why."""

    number: int
    t0: float
    reason: str

    def text(self) -> str:
        return f"shot {self.number} (at {self.t0:.3f} s) {self.reason}"


FILM_AGAIN = {
    "mu": "lone slides: the striker alone, stopping before a cushion",
    "restitution_cushion": "cushion rebounds: the striker into a cushion, slow enough to stop after one rebound",
    "restitution_striker_coin": "cut shots: the striker onto a single coin near the centre, 20 to 60 degrees",
    "disc_friction": "cut shots: the striker onto a single coin near the centre, 20 to 60 degrees",
}
"""What to film (docs/calibration.md, "The protocol") so that a parameter is measured."""


class _Problem:
    """The residuals of every shot for a vector (fitted parameters, then x0, y0, vx, vy per shot)."""

    def __init__(self, shots: list[Shot], base: PhysicsParams, names: tuple[str, ...]):
        self.shots, self.names = shots, names
        self.base = replace(base, max_speed=FIT_SPEED_LIMIT)
        self.layouts, self.rows, self.order = [], [], []
        for shot in shots:
            coins = list(shot.resting)
            self.order.append(coins + [shot.struck])  # the engine's bodies: the coins, then the striker
            self.layouts.append(Layout(tuple(Disc(PieceKind.WHITE, x, y) for x, y in shot.resting.values())))
            self.rows.append(2 * shot.n_samples)
        self.offsets = np.r_[0, np.cumsum(self.rows)]
        self.k = len(names)

    def simulate(self, i: int, params: PhysicsParams, state) -> object:
        x0, y0, vx, vy = state
        speed = math.hypot(vx, vy)
        return simulate(self.layouts[i], Strike(x0, y0, math.atan2(vy, vx), max(speed, 1e-6)), params)

    def shot_residuals(self, i: int, params: PhysicsParams, state) -> np.ndarray:
        shot = self.shots[i]
        try:
            result = self.simulate(i, params, state)
        except (ValueError, RuntimeError):
            return np.full(self.rows[i], FAILED_RESIDUAL)
        out = []
        for body, disc in enumerate(self.order[i]):
            t, xy = shot.samples[disc]
            if not len(t):
                continue
            pos, _vel, present = result.state_at(t)
            pos = pos[:, body]
            pos = np.where(np.isnan(pos), 10.0, pos)  # fallen in a pocket the model says: far from any sample
            out.append((pos - xy).ravel())
        return np.concatenate(out) if out else np.zeros(0)

    def __call__(self, theta: np.ndarray) -> np.ndarray:
        params = with_values(self.base, self.names, theta[: self.k])
        return np.concatenate([self.shot_residuals(i, params, theta[self.k + 4 * i: self.k + 4 * i + 4])
                               for i in range(len(self.shots))])

    def sparsity(self):
        m = lil_matrix((int(self.offsets[-1]), self.k + 4 * len(self.shots)), dtype=int)
        m[:, : self.k] = 1
        for i in range(len(self.shots)):
            m[self.offsets[i]: self.offsets[i + 1], self.k + 4 * i: self.k + 4 * i + 4] = 1
        return m


def _kind(result) -> str:
    kinds = {e.kind for e in result.events}
    if EventKind.CONTACT in kinds:
        return "cut"
    return "cushion" if EventKind.CUSHION in kinds else "slide"


POOR_START = 0.02
"""Metres: a shot whose replay, its start fitted alone, stays farther than this (rms) from the film is
tried again under the other shots' fit, and left out if it stays so (a disc the model pockets, a shot
so brisk that a few per cent on a parameter changes its course)."""


NUDGES = ((0.0, 1.0), (-0.002, 1.0), (0.002, 1.0), (-0.004, 1.0), (0.004, 1.0),
          (0.0, 0.98), (0.0, 0.99), (0.0, 1.01), (0.0, 1.02))
"""A cut's start is fitted alone from its guess moved sideways (metres) and made faster or slower (a
factor) by each of these too, and the best kept: a guess a few millimetres or per cent off (noise on
a brisk cut's first frames) can lead the fit into a wrong course that it cannot leave (the coin's
course changes by degrees per millimetre, and whether the discs meet again late in the shot)."""
STRAGGLER = 3.0
"""A shot matched this many times worse (rms) than the median shot after the joint fit has its start
fitted alone again, under the fitted parameters, and the fit is run once more."""


def _solo_start(shot: Shot, params: PhysicsParams, state) -> tuple[np.ndarray, float]:
    """The shot's start fitted alone under ``params`` from ``state`` (a cut's also from ``state`` moved
    sideways by ``NUDGES``), and its replay's rms distance from the film: the best of them."""
    problem = _Problem([shot], params, ())
    x0, y0, vx, vy = state
    speed = math.hypot(vx, vy) or 1.0
    best = None
    for d, faster in NUDGES if shot.resting else NUDGES[:1]:
        guess = clear_start(shot, (x0 - vy / speed * d, y0 + vx / speed * d, vx * faster, vy * faster))
        one = least_squares(lambda x: problem.shot_residuals(0, problem.base, x), guess, x_scale="jac",
                            diff_step=1e-7, xtol=1e-6, ftol=1e-6)
        rms = float(np.sqrt(np.mean(one.fun ** 2))) if len(one.fun) else 0.0
        if best is None or rms < best[1]:
            best = (one.x, rms)
    return best


def _joint(shots: list[Shot], starts: list, base: PhysicsParams, names: tuple[str, ...], values=None):
    """The parameters (from ``values``, else the base's) and every shot's start fitted together (the
    least-squares result)."""
    problem = _Problem(shots, base, names)
    values = [PARAMETERS[n].get(base) for n in names] if values is None else list(values)
    start = values + [v for state in starts for v in state]
    lower = [PARAMETERS[n].bounds()[0] for n in names] + [-np.inf] * (4 * len(shots))
    upper = [PARAMETERS[n].bounds()[1] for n in names] + [np.inf] * (4 * len(shots))
    return least_squares(problem, np.clip(start, lower, upper), bounds=(lower, upper), jac_sparsity=problem.sparsity(),
                         x_scale="jac", diff_step=1e-7, method="trf", xtol=1e-8, ftol=1e-8)


def _stragglers(shots: list[Shot], guesses: list, fit, base: PhysicsParams, names: tuple[str, ...]):
    """``fit`` again, after the shots matched far worse than the others have had their starts fitted
    alone under its parameters (from where the fit left them and from their first ``guesses``), when
    that matched any of them better; else ``fit``."""
    k = len(names)
    problem = _Problem(shots, base, names)
    rms = [float(np.sqrt(np.mean(fit.fun[a:b] ** 2))) if b > a else 0.0
           for a, b in zip(problem.offsets[:-1], problem.offsets[1:])]
    typical = float(np.median(rms))
    params = with_values(base, names, fit.x[:k])
    starts = [fit.x[k + 4 * i: k + 4 * i + 4] for i in range(len(shots))]
    better = False
    for i, shot in enumerate(shots):
        if rms[i] > STRAGGLER * typical:
            state, again = min((_solo_start(shot, params, s) for s in (starts[i], guesses[i])), key=lambda r: r[1])
            if again < rms[i]:
                starts[i], better = state, True
    return _joint(shots, starts, base, names, fit.x[:k]) if better else fit


def calibrate(shots: list[Shot], base: PhysicsParams) -> Calibration:
    """Fit ``base``'s board friction, cushion restitution, disc-disc restitution and friction (those the
    shots measure) to ``shots``. A shot that cannot be replayed is left out with its reason
    (``Calibration.refused``); ``CalibrationError`` when none can."""
    if not shots:
        raise CalibrationError("no shots to fit")
    probe = _Problem(shots, base, ())
    seen: set[EventKind] = set()
    kept, starts, refused, poor = [], [], [], []
    guesses = {}
    for i, shot in enumerate(shots):
        state = guesses[shot.number] = clear_start(shot, free_start(shot, base.deceleration))
        try:
            seen |= {e.kind for e in probe.simulate(i, probe.base, state).events}
        except ValueError as exc:
            refused.append(Refused(shot.number, shot.t0, f"cannot be replayed: {exc}"))
            continue
        state, rms = _solo_start(shot, probe.base, state)  # each start fitted alone, under the base's parameters
        (kept if rms <= POOR_START else poor).append((shot, state))
    if not kept:
        kept, poor = poor, []
    if not kept:
        raise CalibrationError("no shot can be replayed: " + "; ".join(r.text() for r in refused))
    names = ["mu"]
    if EventKind.CUSHION in seen:
        names.append("restitution_cushion")
    if EventKind.CONTACT in seen:
        names.append("restitution_striker_coin")
        if base.disc_friction is not None:
            names.append("disc_friction")
    names = tuple(names)
    fit = _joint([s for s, _ in kept], [st for _, st in kept], base, names)
    if poor:  # tried again from the others' fit
        params = with_values(base, names, fit.x[: len(names)])
        retried = False
        for shot, state in poor:
            state, rms = _solo_start(shot, params, state)
            if rms <= POOR_START:
                kept.append((shot, state))
                retried = True
            else:
                refused.append(Refused(shot.number, shot.t0, f"is not matched: its replay stays {rms * 1e3:.0f} mm "
                                                             "(rms) from the film (a pocket, a hand, a pushed disc?)"))
        if retried:
            kept.sort(key=lambda pair: pair[0].number)
            fit = _joint([s for s, _ in kept], [st for _, st in kept], base, names)
    shots = [s for s, _ in kept]
    fit = _stragglers(shots, [guesses[s.number] for s in shots], fit, base, names)
    refused.sort(key=lambda r: r.number)
    jac = fit.jac.toarray() if hasattr(fit.jac, "toarray") else np.asarray(fit.jac)
    m, n = jac.shape
    spread = 2.0 * fit.cost / max(m - n, 1)
    cov = np.linalg.pinv(jac.T @ jac) * spread
    fitted = tuple(Fitted(name, float(fit.x[j]), float(math.sqrt(max(cov[j, j], 0.0)))) for j, name in enumerate(names))
    params = with_values(base, names, fit.x[: len(names)])
    final = _Problem(shots, params, ())
    states = [fit.x[len(names) + 4 * i: len(names) + 4 * i + 4] for i in range(len(shots))]
    shot_kinds = tuple(_replayed_kind(final, i, state) for i, state in enumerate(states))
    shot_rms = tuple(float(np.sqrt(np.mean(final.shot_residuals(i, final.base, state) ** 2)))
                     for i, state in enumerate(states))
    return Calibration(base, params, fitted, shot_kinds, shot_rms, m // 2,
                       float(math.sqrt(2.0 * fit.cost / max(m, 1))), tuple(s.number for s in shots), tuple(refused))


def _replayed_kind(problem: _Problem, i: int, state) -> str:
    try:
        return _kind(problem.simulate(i, problem.base, state))
    except ValueError:  # the fit's start for it ended where the engine refuses it
        return "failed"
