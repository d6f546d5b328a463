"""The striker at the end of its legal stretch (issue 39 item 1), in Debian's chromium: the place the page sends
is one the server accepts, for every place the page lets the striker be drawn (ICF 130 a-b: touching both
lines or covering a base circle whole, clear of the arrows; ICF 134: not on a coin).

On main the page rounded the place to five decimals, which put the arrow's end (−0.2223358 m) at −0.22234, past
the edge the server allows, and the stroke was refused "(ICF 130 b)"; so were about half the ends beside a coin.
"""

import math
import random

import pytest
from test_web_controls import DESKTOP, PHONE, TABLET, player  # noqa: F401 (player: the fixture, shared)

from carrom.equipment import legal_intervals, why_illegal
from carrom.equipment.layout import Disc, Layout, PieceKind
from carrom.equipment.placement import axis_forward
from carrom.equipment.seats import Seat

VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE, "tablet": TABLET}


def coins_by_the_baseline(rng):
    """Up to five coins near South's baseline, where they cut its stretches (some overlapping: the rule of
    ICF 134 is about the striker, not the coins)."""
    axis = axis_forward()
    return Layout(tuple(Disc(rng.choice(list(PieceKind)[:3]), *Seat.SOUTH.to_board(rng.uniform(-0.26, 0.26),
                                                                                   axis + rng.uniform(-0.05, 0.05)))
                        for _ in range(rng.randint(1, 5))))


def test_every_place_the_page_sends_for_two_thousand_layouts_is_legal(player):
    """Every end of every stretch of 2,000 layouts, and places a hair inside and out of them, as the page sends
    them: each one a place the laws allow (checked by why_illegal, the derivation independent of the stretches)."""
    me = player(viewport=DESKTOP).start()
    rng = random.Random(39)
    cases = []
    for _ in range(2000):
        layout = coins_by_the_baseline(rng)
        legal = [list(iv) for iv in legal_intervals(Seat.SOUTH, layout)]
        places = [end + d for lo, hi in legal for end in (lo, hi) for d in (0.0, 3e-6, -3e-6, 1e-10, -1e-10)]
        cases.append((layout, legal, places))
    sent = me.page.evaluate("""async (cases) => {
        const S = await import("/static/stretch.js");
        return cases.map(([legal, places]) => places.map((a) => S.sentAlong(legal, S.nearestOn(legal, a))));
    }""", [[legal, places] for _, legal, places in cases])
    refused = [(along, why_illegal(Seat.SOUTH, along, layout)[0].law)
               for (layout, _, _), alongs in zip(cases, sent) for along in alongs if why_illegal(Seat.SOUTH, along, layout)]
    assert not refused, refused[:5]
    assert sum(len(a) for a in sent) > 30_000
    # still the place drawn, to the rounding: never more than 10 µm from it
    drawn = me.page.evaluate("""async (cases) => {
        const S = await import("/static/stretch.js");
        return cases.map(([legal, places]) => places.map((a) => S.nearestOn(legal, a)));
    }""", [[legal, places] for _, legal, places in cases])
    assert max(abs(a - b) for xs, ys in zip(drawn, sent) for a, b in zip(xs, ys)) <= 1.000001e-5


def ends(legal):
    """Each stretch's two ends, and where to let go of a drag so the striker is drawn there: a little past the
    end, into the gap towards the next stretch (no further than a quarter of it) or off the baseline."""
    out = []
    for i, (lo, hi) in enumerate(legal):
        gap_left = lo - legal[i - 1][1] if i else 0.04
        gap_right = legal[i + 1][0] - hi if i + 1 < len(legal) else 0.04
        out += [(lo, lo - min(0.006, gap_left / 4)), (hi, hi + min(0.006, gap_right / 4))]
    return out


def drag_to(me, seat, along):
    """The striker taken and dragged sideways to ``along``: by way of a place 5 cm nearer the middle, so that even
    a short move is past the gesture's slop (on a phone a centimetre is a few pixels)."""
    here = me.js("carrom.striker.along")
    by_way = along - math.copysign(0.05, along)
    me.gesture([me.striker_at(seat), me.striker_at(seat, by_way - here), me.striker_at(seat, along - here)])


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_stroke_from_either_end_of_any_stretch_is_played_on_every_screen(player, size):
    """On a desktop, a phone and a tablet (a finger on the last two): for each turn, the striker dragged to both
    ends of every stretch is drawn there and the place the page would send lies inside that stretch; then a stroke
    from one end, in turn the arrow's end, the base circle's, the middle's and whatever coins leave, is played,
    not refused."""
    touch = size != "desktop"
    me = player(viewport=VIEWPORTS[size], touch=touch).start()
    dead = me.js("carrom.gesture.dead")
    for stroke in range(5):
        st = me.js("carrom.state")
        if st["expected"]["kind"] != "stroke":  # a coin owed to place, a claim: no striker to put
            break
        seat, legal = st["expected"]["seat"], st["legal"]
        stretch_ends = ends(legal)
        for end, let_go in stretch_ends:
            drag_to(me, seat, let_go)
            assert me.js("carrom.striker.along") == pytest.approx(end, abs=1e-12), (end, let_go)
            sent = me.js("carrom.sentAlong")
            assert any(lo <= sent <= hi for lo, hi in legal) and abs(sent - end) <= 1.000001e-5, (sent, end, legal)
        end, let_go = stretch_ends[stroke % len(stretch_ends)]
        drag_to(me, seat, let_go)
        me.gesture([me.striker_at(seat), me.striker_at(seat, back=dead + 0.06)])
        me.page.wait_for_function(f"carrom.state.log.length === {stroke + 1} || carrom.room.error", timeout=30000)
        assert me.js("carrom.room.error") is None, me.js("carrom.room.error")
        assert me.strikes()[-1]["along"] == pytest.approx(end, abs=1.000001e-5)
        me.page.wait_for_function("!carrom.busy && carrom.state.expected || carrom.room.summary", timeout=30000)
        if me.js("!!carrom.room.summary"):
            break
    assert len(me.strikes()) >= 2
