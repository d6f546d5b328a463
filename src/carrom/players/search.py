"""The search player: simulate candidate shots under execution noise, keep the best by the laws.

Candidates are the geometric player's best shots with variations of speed and aim, plus a
few random ones; all are played at once with ``simulate_batch`` (exact and on all cores),
each outcome is ruled by the pure referee (``carrom.rules.apply``), and the shot with the
best mean value wins: own coins pocketed and kept, the queen taken and covered, the turn
kept, dues and penalties avoided, the board won, and little left for the opponent.
"""

from __future__ import annotations

import math
import random

import numpy as np

from carrom.equipment import STANDARD_BOARD, Seat as EqSeat
from carrom.game import Game
from carrom.game.outcome import COIN_OF_KIND
from carrom.physics import simulate_batch
from carrom.players.base import StrikeChoice
from carrom.players.geometric import GeometricPlayer, fallback, plan_shots, with_noise
from carrom.rules import RulesError, Seat, Stroke, StrokeOutcome, apply


def value(game: Game, seat: str, outcome: StrokeOutcome) -> float:
    """What a stroke's outcome is worth to ``seat``, by the referee's own ruling."""
    state = game.state
    side = state.table.side(Seat(seat))
    try:
        after, _ = apply(state, Stroke(Seat(seat), outcome))
    except RulesError:
        return -50.0
    own = state.colour_of(Seat(seat))
    b0, b1 = state.board, after.board
    if after.game_index != state.game_index or after.board_index != state.board_index or b1.result is not None:
        won = after.results[-1].winner == side if after.results else (b1.result is not None and b1.result.winner == side)
        return 40.0 if won else -40.0
    score = 0.0
    score += 3.0 * (b0.on_board(own) - b1.on_board(own))  # own coins down and kept
    score -= 2.5 * (b1.held(own) - b0.held(own) + b1.debts[side] - b0.debts[side])  # dues and penalties
    score -= 0.5 * (b0.on_board(own.other) - b1.on_board(own.other))  # the opponent's coins: their work done
    if b1.queen == "covered" and b0.queen != "covered" and b1.queen_side == side:
        score += 5.0
    elif b1.queen == "pending" and b1.queen_side == side:
        score += 2.0
    if b1.turn is Seat(seat):
        score += 1.5
    if outcome.touched:
        score += 0.2  # a stroke that touches nothing counts towards a replay (ICF 137)
    return score


def outcomes(batch, layout) -> list[StrokeOutcome]:
    """Each shot of a batch as the referee's stroke outcome."""
    kinds = [d.kind for d in layout.discs]
    n = len(kinds)
    out = []
    for shot in range(len(batch)):
        pocketed = [COIN_OF_KIND[kinds[i]] for i, _p, _t in batch.pocketed(shot) if i < n]
        striker = bool(batch.pocket_of[shot, n] >= 0)
        out.append(StrokeOutcome(tuple(pocketed), striker, (), bool(batch.first_contact[shot] >= 0)))
    return out


class SearchPlayer(GeometricPlayer):
    """Places and claims as the geometric player does; strikes by search."""

    def __init__(self, seed: int | None = None, noise: float = 0.0, candidates: int = 16, samples: int = 1,
                 name: str = "search") -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        self.candidates = candidates
        self.samples = samples
        self.name = name

    def _candidates(self, game: Game, seat: str) -> list[StrikeChoice]:
        shots = plan_shots(game, seat, limit=self.candidates)
        out = []
        for s in shots:
            for k in (1.0, 0.8, 1.25):
                for da in (0.0, -0.004, 0.004):
                    out.append(StrikeChoice(s.along, s.angle + da, min(game.params.max_speed, s.speed * k)))
        out.append(fallback(game, seat, self.rng))
        intervals = game.legal_intervals(seat)
        for _ in range(12):  # a few random shots: banks and combinations the geometry does not plan
            lo, hi = self.rng.choice(intervals)
            out.append(StrikeChoice(self.rng.uniform(lo, hi), self.rng.uniform(-1.4, 1.4),
                                    self.rng.uniform(1.0, game.params.max_speed)))
        return out

    def choose_strike(self, game: Game, seat: str) -> StrikeChoice:
        cands = self._candidates(game, seat)
        eq = EqSeat(seat)
        fx, fy = eq.forward
        base = math.atan2(fy, fx)
        axis = STANDARD_BOARD.baseline_axis_distance
        samples = self.samples if self.noise > 0 else 1
        rows = []
        for c in cands:
            for _ in range(samples):
                n = with_noise(game, seat, c, self.noise, self.rng)
                x, y = eq.to_board(n.along, -axis)
                rows.append((x, y, base + n.angle, n.speed))
        batch = simulate_batch(game.layout, np.array(rows, dtype=float), game.params, parallel=False)
        values = [value(game, seat, o) for o in outcomes(batch, game.layout)]
        means = [sum(values[i * samples:(i + 1) * samples]) / samples for i in range(len(cands))]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        return with_noise(game, seat, cands[best], self.noise, self.rng)
