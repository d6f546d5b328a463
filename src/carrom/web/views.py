"""What the clients are sent: the state of a match, a shot's motion, the board's geometry.

All lengths in metres in the board frame (origin at the centre, +y from south to north,
+x to south's right), as everywhere in the library; the client draws from these numbers.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Mapping

import numpy as np

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Seat
from carrom.game import Game
from carrom.i18n.said import RECORDER as SAID
from carrom.i18n.said import Said, ruling_sent, sent
from carrom.physics import EVENT_KINDS, Event, EventKind, ShotResult, board_speed_of
from carrom.records.describe import entry_text, ruling_lines
from carrom.render.svg import CENTRE_DESIGN, star_points
from carrom.rules import Expect, QueenState, Seat as RSeat
from carrom.rules.clock import SECONDS

SOUNDING = (EventKind.CONTACT, EventKind.CUSHION, EventKind.POCKETED)  # the events a shot's motion carries: heard
STROKE_CLOCK = SECONDS  # to strike or place (ICF 50, 88); a room with clocks has them enforced (carrom.web.clocks)


def geometry() -> dict[str, Any]:
    """The board's dimensions for the client, from the same specification as the library and its SVG."""
    b = STANDARD_BOARD
    return {
        "outer_side": b.outer_side,
        "half": b.half,
        "frame_width": b.frame_width.value,
        "pockets": [list(p) for p in b.pocket_centres()],
        "pocket_radius": b.pocket_radius,
        "baseline": {
            "outer": b.baseline_outer_distance,  # centre to the outer edge of the lower line
            "inner": b.baseline_inner_distance,  # centre to the inner edge of the upper line
            "axis": b.baseline_axis_distance,  # where the striker's centre sits (ICF 130)
            "lower_thickness": b.baseline_thickness.value,
            "upper_thickness": b.upper_baseline_thickness.value,
            "half_length": b.base_circle_offset,  # middle to each base circle's centre
            "circle_radius": b.base_circle_radius,
            "circle_red_radius": b.base_circle_red_radius,
        },
        "arrows": {"start": b.arrow_start, "end": b.arrow_end, "arc_radius": b.arrow_arc_radius,
                   "thickness": b.arrow_thickness.value},
        "outer_circle": b.outer_circle_radius,
        "inner_circle": b.inner_circle_radius,
        "centre_design": _centre_design(),
        "coin_radius": CARROMMAN.radius,
        "striker_radius": STRIKER.radius,
        "seats": {s.value: {"forward": list(s.forward), "right": list(s.right)} for s in Seat},
    }


def _centre_design() -> dict[str, Any]:
    """The centre's printed design in metres, as the SVG draws it: a red ring and dot, a star in outline."""
    b, d = STANDARD_BOARD, CENTRE_DESIGN
    star = star_points(d["star_outer"] * b.outer_circle_radius, d["star_inner"] * b.outer_circle_radius, d["star_points"])
    return {"ring": d["ring"] * b.inner_circle_radius, "dot": d["dot"] * b.inner_circle_radius,
            "star": [[round(x, 6), round(y, 6)] for x, y in star]}


def log_entry(i: int, entry: Any, header: Any, ruling: Any) -> dict[str, Any]:
    """Action ``i`` (0-based) in words with the referee's decisions: English in ``action`` and ``lines``, and as
    message ids with their parameters in ``said`` for each page to show in its reader's language (docs/i18n.md)."""
    action = entry_text(entry, header, SAID)
    return {"n": i + 1, "seat": entry.seat, "action": str(action), "lines": ruling_lines(ruling) if ruling else [],
            "said": {"action": sent(action), "lines": ruling_sent(ruling) if ruling else []}}


def noticed(notice: str) -> dict[str, Any]:
    """A notice for every client: its English, and its message when it has one (``Said``)."""
    return {"notice": str(notice)} | ({"notice_said": sent(notice)} if isinstance(notice, Said) else {})


def seats_said(seats: list[str]) -> str:
    """Seats named in a sentence ("north and east"), each in the reader's words."""
    words = [Said(s, {"id": s}) for s in seats]
    return words[0] if len(words) == 1 else SAID.gettext("{some} and {last}", some=", ".join(words[:-1]),
                                                          last=words[-1])


def state_view(game: Game, seats: Mapping[str, tuple[str, str, str | None, bool]]) -> dict[str, Any]:
    """The match as every client sees it; ``seats``: seat -> (name, kind, level, open)."""
    state = game.state
    board = state.board
    exp = game.expected()
    rules = state.rules
    names = {s: seats[s][0] for s in seats}

    def side_name(side: int) -> str:
        return " & ".join(names[s.value] for s in state.table.seats_of(side))

    queen_words = {"board": "on the board", "pending": "pocketed, to be covered", "covered": "covered"}[board.queen]
    if board.queen is not QueenState.BOARD and board.queen_side is not None:
        queen_words += f" by {side_name(board.queen_side)}"
    return {
        "type": "state",
        "variant": rules.name,
        "seats": {s: {"name": n, "kind": k, "level": lv, "open": op, "side": state.table.side(seat),
                      "colour": state.colour_of(seat).value}
                  for s, (n, k, lv, op) in seats.items() for seat in (RSeat.named(s),)},
        "sides": [side_name(0), side_name(1)],
        "expected": None if exp is None else {"kind": exp.kind, "seat": exp.seat},
        "legal": [] if exp is None or exp.kind is not Expect.STROKE else [list(iv) for iv in game.legal_intervals(exp.seat)],
        "layout": [{"kind": d.kind.value, "x": round(d.x, 6), "y": round(d.y, 6)} for d in game.layout.discs],
        "board": {
            "white": board.white, "black": board.black, "queen": board.queen, "queen_side": board.queen_side,
            "queen_words": queen_words,
            "colours_set": board.colours_set,
            "breaker": board.breaker.value, "broken": board.broken,
            "owed": [{"placer": o.placer.value, "coin": o.coin.value, "waiting": o.waiting} for o in board.owed],
            "debts": list(board.debts),
            "claimable": state.claim.most if state.claim is not None else 0,
        },
        "score": {
            "game": state.game_index + 1, "board": state.board_index + 1, "boards_done": state.boards_done,
            "points": list(state.points[-1]), "games_won": list(state.games_won),
            "boards": [{"game": r.game + 1, "number": r.number, "winner": r.winner, "queen": list(r.queen),
                        "coins": list(r.coins), "law": r.law, "text": str(r.text), "said": sent(r.text)}
                       for r in state.results],
        },
        "over": state.over,
        "winner": state.winner,
        "clock": rules.stroke_clock or STROKE_CLOCK,
        "max_speed": game.params.max_speed,
        # the model the record names (docs/physics.md): a model file's inline (carrom serve --physics FILE)
        "physics": game.params.model or game.record.header.physics,
        "board_speed": _board_speed(game.params),  # slow, medium, fast; None for another model
    }


# ``board_speed_of`` compares a game's parameters with three presets field by field (a twelfth of a millisecond a
# state): remembered by value (the parameters are frozen; each game has its own equal copy)
_board_speed = functools.lru_cache(maxsize=64)(board_speed_of)


def _exact(value: float) -> float:
    """A number of a shot's motion as sent: 11 decimals, far below what the client needs (1e-9 m)."""
    return round(float(value), 11)


def impact_speed(shot: ShotResult, event: Event) -> float:
    """How hard an event sounds, in m/s: for a contact the change of the two discs' relative speed
    (impulse / reduced mass), for a cushion the change of the disc's speed (impulse / mass), for a
    pocket the speed the disc fell with."""
    m = shot.masses
    if event.kind is EventKind.CONTACT:
        i, j = event.bodies
        return event.impulse * (m[i] + m[j]) / (m[i] * m[j])
    if event.kind is EventKind.CUSHION:
        return event.impulse / m[event.bodies[0]]
    return math.hypot(*event.velocities[0])


def motion_of(shot: ShotResult, seat: str) -> dict[str, Any]:
    """A shot's motion for the client to animate: the engine's own slides, not samples.

    ``discs[b]``: disc ``b``'s straight slides ``[t, x, y, vx, vy, deceleration]`` in time
    order (``ShotResult.slides``) and ``pocket``, when it fell (null if it did not); between
    two slide starts a disc goes straight on, losing speed at ``deceleration`` until it
    stops, so its position at any time is a formula (static/motion.js); a pocketed disc's
    last slide (from its fall) is left out. ``events``: the impacts, cushions and pockets
    ``[t, kind, i, j, impulse, speed]`` (j = -1 for one disc; speed: ``impact_speed``) that the
    sounds follow. Numbers are rounded to 1e-11 (s, m, m/s): over a shot's few seconds the
    client's positions stay within 1e-9 m of the engine's (tests/web/test_web_motion.py).

    Made from ``ShotResult.slide_arrays`` and ``event_arrays`` in a few NumPy operations (every room sends a
    stroke's hundreds of numbers a second): the numbers ``ShotResult.slides`` and
    ``ShotResult.events`` give one by one (tests/web/test_web_motion.py compares them).
    """
    sa = shot.slide_arrays
    rows = np.round(np.column_stack((sa.time, sa.position, sa.velocity, sa.deceleration)), 11).tolist()
    ends = sa.starts.tolist()
    discs = []
    for a, b, pocket in zip(ends, ends[1:], shot.pocket_time.tolist()):
        if math.isnan(pocket):
            discs.append({"slides": rows[a:b], "pocket": None})
        else:  # its slides up to its fall
            discs.append({"slides": rows[a:a + int(sa.time[a:b].searchsorted(pocket))], "pocket": _exact(pocket)})
    return {"seat": seat, "duration": float(shot.duration), "kinds": [k.value for k in shot.kinds], "discs": discs,
            "events": _sounding(shot),
            "pocketed": [{"kind": p.kind.value, "pocket": p.pocket, "time": p.time} for p in shot.pocketed]}


_KIND_NAMES = [kind.value for kind in EVENT_KINDS]  # by the number of EventArrays.kind
_HEARD = np.array([kind in SOUNDING for kind in EVENT_KINDS])  # by that number: is it heard?
_CONTACT = EVENT_KINDS.index(EventKind.CONTACT)
_CUSHION = EVENT_KINDS.index(EventKind.CUSHION)


def _sounding(shot: ShotResult) -> list[list[Any]]:
    """``[t, kind, i, j, impulse, speed]`` of each sounding event (``SOUNDING``), as ``impact_speed`` hears it."""
    ev = shot.event_arrays
    keep = _HEARD[ev.kind]
    kind, i, j = ev.kind[keep], ev.first[keep], ev.second[keep]
    m = shot.masses
    mi, mj = m[i], m[np.maximum(j, 0)]
    impulse = ev.impulse[keep]
    vel = ev.velocities[keep, 0]
    speed = np.where(kind == _CONTACT, impulse * (mi + mj) / (mi * mj),
                     np.where(kind == _CUSHION, impulse / mi, np.hypot(vel[:, 0], vel[:, 1])))
    numbers = np.round(np.column_stack((ev.time[keep], impulse, speed)), 11).tolist()
    return [[t, _KIND_NAMES[k], a, c, p, v] for (t, p, v), k, a, c in zip(numbers, kind.tolist(), i.tolist(), j.tolist())]
