"""What the clients are sent: the state of a match, a shot's motion, the board's geometry.

All lengths in metres in the board frame (origin at the centre, +y from south to north,
+x to south's right), as everywhere in the library; the client draws from these numbers.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Seat
from carrom.game import Game
from carrom.physics.result import ShotResult
from carrom.render.svg import CENTRE_DESIGN, star_points
from carrom.rules import Seat as RSeat
from carrom.rules.clock import SECONDS

ANIMATION_FPS = 30  # frames a second in a shot sent to the clients; they interpolate to the display's rate
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
    if board.queen != "board" and board.queen_side is not None:
        queen_words += f" by {side_name(board.queen_side)}"
    return {
        "type": "state",
        "variant": rules.name,
        "seats": {s: {"name": n, "kind": k, "level": lv, "open": op, "side": state.table.side(RSeat(s)),
                      "colour": state.colour_of(RSeat(s)).value}
                  for s, (n, k, lv, op) in seats.items()},
        "sides": [side_name(0), side_name(1)],
        "expected": None if exp is None else {"kind": exp[0], "seat": exp[1]},
        "legal": [] if exp is None or exp[0] != "stroke" else [list(iv) for iv in game.legal_intervals(exp[1])],
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
                        "coins": list(r.coins), "law": r.law, "text": r.text} for r in state.results],
        },
        "over": state.over,
        "winner": state.winner,
        "clock": rules.stroke_clock or STROKE_CLOCK,
        "max_speed": game.params.max_speed,
    }


def frames_of(shot: ShotResult, seat: str) -> dict[str, Any]:
    """A shot's motion for the client to animate, sampled from the exact events.

    ``frames[f][b]``: disc ``b``'s ``[x, y]`` at ``f / fps`` seconds, or null once pocketed;
    ``kinds[b]``: what disc ``b`` is (the striker last).
    """
    frames = shot.sample(ANIMATION_FPS)
    pos = np.round(np.nan_to_num(frames.positions, nan=0.0), 5)
    present = frames.present
    data = [[[float(pos[f, b, 0]), float(pos[f, b, 1])] if present[f, b] else None for b in range(pos.shape[1])]
            for f in range(len(frames))]
    return {"fps": ANIMATION_FPS, "seat": seat, "duration": round(float(shot.duration), 4),
            "kinds": [k.value for k in shot.kinds], "frames": data,
            "pocketed": [{"kind": p.kind.value, "pocket": p.pocket, "time": round(p.time, 4)} for p in shot.pocketed]}

