"""How a disc that slides and spins at once loses speed on the board (docs/physics.md, "spin").

A flat disc pressing uniformly on the board, sliding at speed ``v`` and spinning at ``w``,
feels at each point of its face a Coulomb friction opposite to that point's own velocity
``v + w x r``. Summed over the face (Farkas, Bartels, Unger and Wolf, "Frictional coupling
between sliding and spinning motion", Phys. Rev. Lett. 90, 248302, 2003) the force stays
antiparallel to ``v`` (the path stays straight) and the torque opposes ``w``; both depend
only on ``eps = v / (R w)``:

    F = mu m g  force_factor(eps),    T = mu m g R  torque_factor(eps),

with force_factor(inf) = 1 (no spin: plain sliding) and torque_factor(0) = 2/3 (spinning on
the spot). Sliding and spinning then end at the same instant, whatever they start at.

The engine keeps one constant deceleration per slide (a front end draws slides exactly):
a disc starting a slide at speed ``v0`` with spin ``w0`` decelerates at ``mu g / reach(eps0)``,
where ``reach`` is the exact coupled motion's stopping distance in units of the spinless
one, ``v0^2 / (2 mu g)``: it stops where the coupled motion stops. Its spin falls linearly to
zero at the same instant. This module computes ``reach`` with NumPy only (complete elliptic
integrals by the arithmetic-geometric mean, Gauss-Legendre quadrature, a Runge-Kutta
integration of the coupled motion) and tabulates it for the kernel.
"""

from __future__ import annotations

import math

import numpy as np

TABLE_SIZE = 513
"""Points of the tabulated law, evenly spaced in ``z = eps / (1 + eps)`` from 0 to 1."""

_GL_T, _GL_W = np.polynomial.legendre.leggauss(48)
_GL_T = 0.5 * (_GL_T + 1.0)  # on [0, 1]
_GL_W = 0.5 * _GL_W


def _elliptic_ke(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Complete elliptic integrals K(m) and E(m) (parameter m = k^2 < 1), by the AGM."""
    a = np.ones_like(m)
    b = np.sqrt(1.0 - m)
    c2 = m.copy()
    total = 0.5 * c2  # sum of 2^(n-1) c_n^2, n = 0
    power = 0.5
    for _ in range(40):
        a, b, c = 0.5 * (a + b), np.sqrt(a * b), 0.5 * (a - b)
        power *= 2.0
        total = total + power * c * c
        if np.all(np.abs(c) < 1e-17):
            break
    k = math.pi / (2.0 * a)
    return k, k * (1.0 - total)


def _rings(eps: float, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The friction of the ring of radius rho (R = 1, w = 1, v = eps), integrated round the
    ring in closed form: (force along -v, torque against w) per unit of rho, over 2 pi."""
    a = eps
    b = rho
    m = 4.0 * a * b / (a + b) ** 2
    k, e = _elliptic_ke(np.minimum(m, 1.0 - 1e-300))
    force = (2.0 / a) * ((a - b) * k + (a + b) * e) if a > 0 else np.zeros_like(rho)
    torque = 2.0 * ((b - a) * k + (a + b) * e)  # (2 / b) [...] times the lever b
    return force, torque


def _over_face(eps: float, integrand) -> float:
    """Integral over rho in [0, 1] of integrand(rho), split where the ring holds the point
    at rest (rho = eps: a logarithmic singularity), each side substituted rho = edge -+ t^2."""
    total = 0.0
    edges = [0.0, 1.0] if not 0.0 < eps < 1.0 else [0.0, eps, 1.0]
    for lo, hi in zip(edges, edges[1:]):
        width = hi - lo
        # The singularity (if any) sits at an end: cluster the nodes there.
        if hi == eps:
            rho = hi - width * _GL_T**2
        else:
            rho = lo + width * _GL_T**2
        total += float(np.sum(_GL_W * 2.0 * width * _GL_T * integrand(rho)))
    return total


def force_factor(eps: float) -> float:
    """F / (mu m g) of a disc sliding at v = eps R w (1 without spin)."""
    if math.isinf(eps):
        return 1.0
    if eps == 0.0:
        return 0.0
    return _over_face(eps, lambda rho: rho * _rings(eps, rho)[0]) / math.pi


def torque_factor(eps: float) -> float:
    """T / (mu m g R) of a disc sliding at v = eps R w (2/3 spinning on the spot)."""
    if math.isinf(eps):
        return 0.0
    return _over_face(eps, lambda rho: rho * _rings(eps, rho)[1]) / math.pi


def _grid(count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """z, force_factor and torque_factor on ``count`` points evenly spaced in z."""
    z = np.linspace(0.0, 1.0, count)
    eps = np.where(z < 1.0, z / np.maximum(1.0 - z, 1e-300), np.inf)
    return z, np.array([force_factor(e) for e in eps]), np.array([torque_factor(e) for e in eps])


def coupled_motion(eps0, grid=None, s_end: float = 40.0, steps: int = 8000) -> tuple[np.ndarray, np.ndarray]:
    """The exact coupled motion from v0 = eps0 R w0 (an array of eps0 > 0, inf for no spin):
    (stopping distance in units of v0^2 / (2 mu g), stopping time in units of v0 / (mu g)).

    Integrated against s = ln(w0 / w) (classical Runge-Kutta): d eps / ds = eps - F / (2 T)
    (with I = m R^2 / 2), the distance gains eps w^2 / (2 T) ds and the time w / (2 T) ds
    (units R = mu g = 1); by s = 40 the spin is down to e^-40 of its start."""
    eps0 = np.atleast_1d(np.asarray(eps0, dtype=np.float64))
    spinless = np.isinf(eps0)
    z, ff, tf = grid if grid is not None else _grid(2049)

    def rates(eps):
        zz = eps / (1.0 + eps)
        f = np.interp(zz, z, ff)
        t = np.interp(zz, z, tf)
        return eps - f / (2.0 * t), eps / (2.0 * t), 1.0 / (2.0 * t)

    h = s_end / steps
    eps = np.where(spinless, 1.0, eps0)
    dist = np.zeros_like(eps)
    when = np.zeros_like(eps)
    for k in range(steps):
        s = k * h
        k1, d1, t1 = rates(eps)
        k2, d2, t2 = rates(eps + 0.5 * h * k1)
        k3, d3, t3 = rates(eps + 0.5 * h * k2)
        k4, d4, t4 = rates(eps + h * k3)
        w0 = math.exp(-s)
        wh = math.exp(-(s + 0.5 * h))
        w1 = math.exp(-(s + h))
        dist += h / 6.0 * (d1 * w0 * w0 + 2.0 * (d2 + d3) * wh * wh + d4 * w1 * w1)
        when += h / 6.0 * (t1 * w0 + 2.0 * (t2 + t3) * wh + t4 * w1)
        eps = eps + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
    # Units: w0 = 1 / eps0 (v0 = 1): distance scales with w0^2, time with w0.
    e0 = np.where(spinless, 1.0, eps0)
    return np.where(spinless, 1.0, 2.0 * dist / (e0 * e0)), np.where(spinless, 1.0, when / e0)


def build_table(count: int = TABLE_SIZE) -> np.ndarray:
    """reach(eps) * z at ``count`` points evenly spaced in z = eps / (1 + eps): finite at
    both ends (1 at z = 1; reach grows as 1 / eps as the spin dominates, and z = 0, pure
    spin, takes the limit, extrapolated linearly from the next two points)."""
    z = np.linspace(0.0, 1.0, count)
    inner = z[1:-1]
    out = np.empty(count)
    out[1:-1] = coupled_motion(inner / (1.0 - inner))[0] * inner
    out[-1] = 1.0
    out[0] = 2.0 * out[1] - out[2]
    return out


def reach(eps: float, table: np.ndarray) -> float:
    """The stopping distance of a disc sliding at v = eps R w, in units of v^2 / (2 mu g),
    from the table (linear in z), as the kernel evaluates it."""
    z = eps / (1.0 + eps) if not math.isinf(eps) else 1.0
    pos = z * (len(table) - 1)
    k = min(int(pos), len(table) - 2)
    h = table[k] + (pos - k) * (table[k + 1] - table[k])
    return h / z


if __name__ == "__main__":  # regenerate src/carrom/physics/_spin_table.py
    import pathlib

    values = build_table()
    body = ",\n".join(f"    {v!r}" for v in values.tolist())
    path = pathlib.Path(__file__).with_name("_spin_table.py")
    path.write_text(
        '"""Generated by ``python -m carrom.physics.spin``: ``build_table()``, reach * z on\n'
        f'{TABLE_SIZE} points evenly spaced in z = eps / (1 + eps) (see carrom/physics/spin.py)."""\n\n'
        f"REACH_TIMES_Z = (\n{body},\n)\n"
    )
    print(f"wrote {path}")
