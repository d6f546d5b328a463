"""The standard opening formation (ICF law 41 a; Italian text law 17; French §3.5).

The queen sits on the centre. Six carrommen touch it, white and black alternating.
Twelve more ring those six: three whites continue the inner whites straight outwards so
that the whites form a "Y" with the inner whites, and the remaining places alternate
with them. Everything touches, compactly, inside the outer centre circle.

On a hexagonal packing of spacing d (one carromman diameter) this means: inner ring at
distance d, angles θ0 + k·60°, whites at even k; outer ring at distance 2d on the same
angles (all white) and at √3·d on the angles between (all black). So each inner white
has a white straight behind it (the arms of the Y) and the outer ring alternates.

The breaker may turn the formation (French text §3.5 b): ``rotation`` in radians.
"""

from __future__ import annotations

import functools
import math

from carrom.equipment.errors import EquipmentError
from carrom.equipment.layout import Disc, Layout, PieceKind
from carrom.equipment.numbers import finite_number
from carrom.equipment.spec import CARROMMAN

# Default: one arm of the white "Y" points at the south seat (the first breaker).
DEFAULT_ROTATION = -math.pi / 2


def opening_formation(rotation: float = DEFAULT_ROTATION, *, gap: float = 0.0) -> Layout:
    """The 19 coins of the opening, queen first, then the inner ring, then the outer ring.

    ``gap`` (metres) separates neighbours slightly; the law wants them touching (gap 0),
    but a tiny gap is useful for simulations that must not start in contact.

    A frozen value, so the same arguments give the same object (cached): a caller that
    builds the opening for every break then meets the physics' identity cache of the last
    packed layout instead of packing (hashing, checking) 19 coins again (issue 20, speed).
    """
    for name, value in (("rotation", rotation), ("gap", gap)):
        if not finite_number(value):
            raise EquipmentError(f"{name} must be a finite number, got {value!r}")
    if gap < 0:
        raise EquipmentError(f"gap must not be negative (the coins would overlap), got {gap!r}")
    return _formation(float(rotation) + 0.0, float(gap) + 0.0)  # + 0.0: -0.0 and 0.0 one entry, whichever came first


@functools.lru_cache(maxsize=16)
def _formation(rotation: float, gap: float) -> Layout:
    d = CARROMMAN.diameter.value + gap
    discs = [Disc(PieceKind.QUEEN, 0.0, 0.0)]
    for k in range(6):
        a = rotation + k * math.pi / 3
        kind = PieceKind.WHITE if k % 2 == 0 else PieceKind.BLACK
        discs.append(Disc(kind, d * math.cos(a), d * math.sin(a)))
    for k in range(6):
        a = rotation + k * math.pi / 3
        discs.append(Disc(PieceKind.WHITE, 2 * d * math.cos(a), 2 * d * math.sin(a)))
        b = a + math.pi / 6
        r = math.sqrt(3) * d
        discs.append(Disc(PieceKind.BLACK, r * math.cos(b), r * math.sin(b)))
    return Layout(tuple(discs))
