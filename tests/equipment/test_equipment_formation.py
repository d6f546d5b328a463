"""The opening formation against the law.

ICF 41 a (000, Spanish): "Antes de disparar, los Carrommen se colocan de modo que
queden en posición horizontal, la reina se coloca en el centro del círculo interior y las
fichas restantes se colocan alrededor de la reina. En la primera fila, las fichas blancas y
negras se alternan regularmente, en la segunda fila, tres fichas blancas forman una "Y" con
las fichas blancas de la primera fila. Los espacios restantes se rellenan con fichas negras
para que se alternen regularmente con los blancos. Todos los Carrommen colocados de esta
manera deben estar en un círculo compacto, tocándose entre sí y dentro del círculo central
exterior."

(The queen on the centre of the inner circle; in the first row white and black alternate;
in the second row three whites form a "Y" with the whites of the first row, the remaining
places filled with blacks alternating with the whites; all in a compact circle, touching,
inside the outer centre circle.) Italian law 17 says the same; the French official 3.5 b
lets the breaker turn the whole formation, kept centred.
"""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carrom.equipment import CARROMMAN, STANDARD_BOARD, EquipmentError, PieceKind, opening_formation

D = CARROMMAN.diameter.value
TOUCH = 1e-12


def contacts(layout):
    discs = layout.discs
    return {
        (i, j)
        for i in range(len(discs))
        for j in range(i + 1, len(discs))
        if abs(math.hypot(discs[i].x - discs[j].x, discs[i].y - discs[j].y) - D) < 1e-9
    }


def test_nineteen_coins_nine_white_nine_black_one_queen():
    f = opening_formation()
    assert len(f) == 19
    assert (f.count(PieceKind.WHITE), f.count(PieceKind.BLACK), f.count(PieceKind.QUEEN)) == (9, 9, 1)
    assert f.count(PieceKind.STRIKER) == 0


def test_queen_on_the_centre_covering_the_inner_circle():
    q = opening_formation().discs[0]
    assert q.kind is PieceKind.QUEEN
    assert (q.x, q.y) == (0.0, 0.0)


def test_six_touch_the_queen_alternating():
    f = opening_formation()
    inner = [d for d in f.discs[1:] if abs(math.hypot(d.x, d.y) - D) < 1e-9]
    assert len(inner) == 6
    inner.sort(key=lambda d: math.atan2(d.y, d.x))
    kinds = [d.kind for d in inner]
    assert all(kinds[k] is not kinds[(k + 1) % 6] for k in range(6))
    assert {k for k in kinds} == {PieceKind.WHITE, PieceKind.BLACK}


def test_second_row_alternates_and_whites_form_a_y():
    f = opening_formation()
    inner_whites = [d for d in f.discs if d.kind is PieceKind.WHITE and abs(math.hypot(d.x, d.y) - D) < 1e-9]
    outer = [d for d in f.discs if math.hypot(d.x, d.y) > D + 1e-9]
    assert len(outer) == 12
    outer.sort(key=lambda d: math.atan2(d.y, d.x))
    assert all(outer[k].kind is not outer[(k + 1) % 12].kind for k in range(12))
    # the Y: behind each inner white, a white straight outwards (touching it)
    for w in inner_whites:
        behind = [d for d in outer if d.kind is PieceKind.WHITE and math.hypot(d.x - 2 * w.x, d.y - 2 * w.y) < 1e-9]
        assert len(behind) == 1
    # the three arms are 120° apart
    angles = sorted(math.degrees(math.atan2(w.y, w.x)) % 360 for w in inner_whites)
    assert [round((angles[(k + 1) % 3] - angles[k]) % 360, 6) for k in range(3)] == [120.0] * 3


def test_all_touch_none_overlap_and_compact():
    f = opening_formation()
    discs = f.discs
    for i in range(19):
        for j in range(i + 1, 19):
            assert math.hypot(discs[i].x - discs[j].x, discs[i].y - discs[j].y) >= D - TOUCH
    c = contacts(f)
    degree = [sum(1 for p in c if i in p) for i in range(19)]
    assert degree[0] == 6  # the queen
    assert min(degree) >= 3  # every coin touches at least three neighbours
    # connected contact graph: a compact circle
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for a, b in c:
            for u, v in ((a, b), (b, a)):
                if u == i and v not in seen:
                    seen.add(v)
                    todo.append(v)
    assert seen == set(range(19))


def test_inside_the_outer_centre_circle():
    for d in opening_formation():
        assert math.hypot(d.x, d.y) + d.radius <= STANDARD_BOARD.outer_circle_radius


def test_default_puts_a_white_arm_towards_south():
    f = opening_formation()
    assert any(d.kind is PieceKind.WHITE and abs(d.x) < 1e-12 and d.y == pytest.approx(-2 * D) for d in f)


@settings(max_examples=40, deadline=None)
@given(st.floats(-10, 10, allow_nan=False))
def test_rotation_turns_the_whole_formation_about_the_centre(rot):
    base, turned = opening_formation(0.0), opening_formation(rot)
    c, s = math.cos(rot), math.sin(rot)
    for a, b in zip(base, turned):
        assert a.kind is b.kind
        assert b.x == pytest.approx(c * a.x - s * a.y, abs=1e-12)
        assert b.y == pytest.approx(s * a.x + c * a.y, abs=1e-12)


def test_gap_separates_neighbours():
    f = opening_formation(gap=0.001)
    assert not contacts(f)
    discs = f.discs
    assert min(
        math.hypot(discs[i].x - discs[j].x, discs[i].y - discs[j].y) for i in range(19) for j in range(i + 1, 19)
    ) == pytest.approx(D + 0.001)


@pytest.mark.parametrize("kwargs", [{"rotation": math.nan}, {"rotation": math.inf}, {"gap": -0.001}, {"gap": "1"},
                                    {"rotation": 10**400}])
def test_bad_arguments_are_refused(kwargs):
    with pytest.raises(EquipmentError):
        opening_formation(**kwargs)
