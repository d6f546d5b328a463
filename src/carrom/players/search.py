"""The search player: simulate candidate shots under execution noise, keep the best by the laws.

Candidates are the geometric player's best shots (several per coin and pocket, from
several baseline positions, and shots off one cushion) with small variations of speed
and aim, plus the fallback and a few random ones. All of them, each ``samples`` times under the player's own
execution noise, are played in one ``simulate_batch`` call (exact: the game simulates a
strike the same way). Each row is read and ruled as ``carrom.game.play_stroke`` reads and
rules a single shot (``carrom.game.outcome.row_outcome``, ``carrom.game.stroke.rule_stroke``)
and valued: own coins pocketed and kept, the queen taken and covered, the turn kept, dues
and penalties owed, the board won or lost. The shot with the best mean value is played.
"""

from __future__ import annotations

import math
import random

import numpy as np

from carrom.equipment import STANDARD_BOARD, Disc
from carrom.game.seats import board_seat
from carrom.game import Game
from carrom.game.outcome import COIN_OF_KIND, row_left_baseline, row_outcome
from carrom.game.stroke import rule_stroke
from carrom.physics import simulate_batch
from carrom.players.base import StrikeChoice, free_spots
from carrom.players.geometric import (
    AIM_SIGMA, MAX_ANGLE, SPEED_SIGMA, GeometricPlayer, fallback, plan_shots, with_noise,
)
from carrom.rules import MatchState, QueenState, RulesError, Seat, StrokeOutcome

# what an outcome is worth (docs/players.md)
OWN_COIN = 1.0  # each own coin pocketed and kept
OPPONENT_COIN = -0.3  # each of the opponent's coins pocketed: their work done
QUEEN_PENDING = 2.0
QUEEN_COVERED = 3.0
TURN_KEPT = 1.0
OWED = -1.5  # each due or penalty coin owed by us
BOARD = 10.0  # the board won (or lost: minus)
REFUSED = -50.0  # an outcome the referee refuses (never expected)

SPEEDS = (1.0, 0.85, 1.2)  # variations of each planned shot: speed factors...
AIMS = (0.0, -0.0025, 0.0025)  # ... and offsets of aim (rad)
NOISY_SPEEDS = (1.0, 0.9, 1.1)
RANDOMS = 12


def value(state: MatchState, seat: Seat, outcome: StrokeOutcome, left_baseline: bool = True) -> float:
    """What a stroke's outcome is worth to ``seat``, by the referee's own ruling (``rule_stroke``)."""
    side = state.table.side(seat)
    try:
        after, _ = rule_stroke(state, seat, outcome, left_baseline)
    except RulesError:
        return REFUSED
    b0, b1 = state.board, after.board
    if len(after.results) > len(state.results):
        winner = after.results[-1].winner
        return 0.0 if winner is None else (BOARD if winner == side else -BOARD)
    if b1.result is not None:
        winner = b1.result.winner
        return 0.0 if winner is None else (BOARD if winner == side else -BOARD)
    own = state.colour_of(seat)
    score = OWN_COIN * (b0.on_board(own) - b1.on_board(own))
    score += OPPONENT_COIN * (b0.on_board(own.other) - b1.on_board(own.other))
    score += OWED * (b1.held(own) - b0.held(own) + b1.debts[side] - b0.debts[side])
    if b1.queen is QueenState.COVERED and b0.queen is not QueenState.COVERED and b1.queen_side == side:
        score += QUEEN_COVERED
    elif b1.queen is QueenState.PENDING and b0.queen is not QueenState.PENDING and b1.queen_side == side:
        score += QUEEN_PENDING
    if b1.turn == seat:
        score += TURN_KEPT
    return score


def outcomes(batch) -> list[tuple[StrokeOutcome, bool]]:
    """Each row of a batch as the referee's stroke outcome and whether the striker left the baseline (as
    ``play_stroke`` reads a single shot: ``carrom.game.outcome``)."""
    return [(row_outcome(batch, k), row_left_baseline(batch, k)) for k in range(len(batch))]


def noisy_copies(cands: list[StrikeChoice], n: int, noise: float, rng: random.Random,
                 vmax: float) -> list[StrikeChoice]:
    """Each candidate under the same ``n`` errors of a hand of ``noise`` (one exact copy without noise):
    copy ``j`` of candidate ``i`` is item ``i * n + j``, its speed kept within (5 %, 100 %] of ``vmax``.

    The same errors for every candidate (common random numbers): the candidates are compared
    on equal luck, which a handful of copies needs.
    """
    errors = [(rng.gauss(0, AIM_SIGMA * noise), rng.gauss(0, SPEED_SIGMA * noise))
              for _ in range(n)] if noise > 0 else [(0.0, 0.0)]
    return [StrikeChoice(c.along, c.angle + da, min(vmax, max(0.05 * vmax, c.speed * (1 + ds))))
            for c in cands for da, ds in errors]


def rows_for(game: Game, seat: Seat, choices: list[StrikeChoice]) -> np.ndarray:
    """Strike rows ``(x, y, direction, speed)`` for ``simulate_batch``."""
    eq = board_seat(seat)
    fx, fy = eq.forward
    base = math.atan2(fy, fx)
    axis = STANDARD_BOARD.baseline_axis_distance
    rows = np.empty((len(choices), 4))
    for k, c in enumerate(choices):
        rows[k, :2] = eq.to_board(c.along, -axis)
        rows[k, 2] = base + c.angle
        rows[k, 3] = c.speed
    return rows


class SearchPlayer(GeometricPlayer):
    """Strikes by search over simulated candidates; places to leave the opponent least."""

    def __init__(self, seed: int | None = None, noise: float = 0.0, candidates: int = 48, samples: int = 4,
                 name: str = "search") -> None:
        super().__init__(seed, noise, name)
        self.candidates = candidates
        self.samples = samples

    def candidate_strikes(self, game: Game, seat: Seat) -> list[StrikeChoice]:
        """The geometric player's best shots (banks too), varied in speed and aim, the fallback and random ones.

        A noisy hand gets no variations of aim finer than its own spread, gentler ones of
        speed, and random shots only when geometry finds nothing: with a few samples each,
        a random shot that happened to work looks better than it is.
        """
        vmax = game.params.max_speed
        noisy = self.noise > 0
        speeds, aims = (NOISY_SPEEDS, (0.0,)) if noisy else (SPEEDS, AIMS)
        out = [StrikeChoice(s.along, s.angle + da, min(vmax, s.speed * k))
               for s in plan_shots(game, seat, limit=self.candidates, per_pair=3) for k in speeds for da in aims]
        randoms = RANDOMS if not (noisy and out) else 0
        out.append(fallback(game, seat))
        intervals = game.legal_intervals(seat)
        weights = [hi - lo + 1e-6 for lo, hi in intervals]
        for _ in range(randoms):  # combinations and kisses the geometry does not plan
            lo, hi = self.rng.choices(intervals, weights)[0]
            out.append(StrikeChoice(self.rng.uniform(lo, hi), self.rng.uniform(-MAX_ANGLE, MAX_ANGLE),
                                    self.rng.uniform(1.0, vmax)))
        return out

    def evaluate(self, game: Game, seat: Seat, cands: list[StrikeChoice]) -> list[float]:
        """Mean value of each candidate over ``samples`` noisy copies (one copy at zero noise), in one batch."""
        _batch, samples, values = self.simulate(game, seat, cands)
        return [sum(values[i * samples:(i + 1) * samples]) / samples for i in range(len(cands))]

    def simulate(self, game: Game, seat: Seat, cands: list[StrikeChoice], samples: int | None = None):
        """Every candidate × ``samples`` noisy copies in one batch: the batch, ``samples``, each copy's value.

        Copy ``j`` of candidate ``i`` is row ``i * samples + j``; ``samples`` defaults to the player's.
        """
        samples = max(1, self.samples if samples is None else samples) if self.noise > 0 else 1
        tried = noisy_copies(cands, samples, self.noise, self.rng, game.params.max_speed)
        batch = simulate_batch(game.layout, rows_for(game, seat, tried), game.params, parallel=False)
        state = game.state
        cache: dict[tuple[StrokeOutcome, bool], float] = {}
        values = []
        for o in outcomes(batch):
            if o not in cache:
                cache[o] = value(state, seat, *o)
            values.append(cache[o])
        return batch, samples, values

    def choose_strike(self, game: Game, seat: Seat) -> StrikeChoice:
        cands = self.candidate_strikes(game, seat)
        means = self.evaluate(game, seat, cands)
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        return with_noise(game, cands[best], self.noise, self.rng)

    def choose_placement(self, game: Game, seat: Seat) -> tuple[float, float] | None:
        """Among the legal spots, the one that leaves the opponent the fewest clear shots."""
        spots = free_spots(game, self.rng)
        if not spots:
            return None
        state = game.state
        owed = next((o for o in state.board.owed if o.placer.value == seat and not o.waiting), None)
        if owed is None:
            return super().choose_placement(game, seat)
        # the coin is the colour of the side that owed it: the side that will have to pocket it again
        opponent = next((s.value for s in state.table.seats if state.colour_of(s) is owed.coin), None)
        kind = next((k for k, c in COIN_OF_KIND.items() if c is owed.coin), None)
        if opponent is None or kind is None:
            return super().choose_placement(game, seat)
        layout = game.layout
        best, fewest = spots[0], None
        for x, y in spots:
            shots = plan_shots(game, opponent, limit=10_000, step=0.04, layout=layout.with_disc(Disc(kind, x, y)),
                               banks=False)
            n = len(shots) + 3 * sum(1 for s in shots if s.target == len(layout.discs))  # the placed coin's own count most
            if fewest is None or n < fewest:
                best, fewest = (x, y), n
        return best
