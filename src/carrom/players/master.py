"""The master player: the search player's evaluation, plus what each of its best shots leaves.

The search player values a stroke by what it pockets and whether the turn is kept. The
master also looks one stroke further: for the ``top`` candidates by that value, every
noisy copy already simulated gives a layout (the discs at rest, with the pieces the
referee returns to the centre put back as the game puts them) and a next striker (the
pure referee's ruling). The leave is what the next striker can pot there: the chance of
its easiest clear shot, plus ``FURTHER`` times the chance of its easiest shot on another
coin (the geometric planner's shots, judged under a hand of the player's own noise),
counted for us when our side strikes next and against us when the opponent does. A
candidate's worth is its mean value plus ``LEAVE`` times its mean leave, both taken from
``confirm`` fresh noisy copies of each finalist (the screen's best are partly its
luckiest). Optional safety strokes (soft touches) can be kept among the finalists.

Within a time budget: the leaves are valued best candidate first, and once the deadline
passes the best candidate valued so far is played; ``cut`` counts the decisions the
deadline shortened (docs/players.md).
"""

from __future__ import annotations

import math
import time
from types import SimpleNamespace

from carrom.equipment import STANDARD_BOARD, Disc, Layout
from carrom.game import Game
from carrom.game.outcome import with_returns
from carrom.players.base import StrikeChoice
from carrom.players.geometric import AIM_SIGMA, plan_shots, with_noise
from carrom.players.search import OWN_COIN, TURN_KEPT, SearchPlayer, outcomes
from carrom.rules import MatchState, RulesError, Seat, Stroke, StrokeOutcome, apply

LEAVE = 0.7  # weight of a stroke's leave against its own value
NEXT_SHOT = OWN_COIN + TURN_KEPT  # what a pot is worth to whoever strikes next
FURTHER = 0.5  # weight of the second coin's chance: the shot after the next
MIN_NOISE = 0.25  # even a perfect hand prefers a leave that forgives errors
SOFT = (0.55, 0.7)  # speed factors of the safety strokes
SAFETY_SHOTS = 16  # planned shots softened into safeties
CONFIRM = 16  # fresh copies of the hand on which the finalists are judged again
STEP = 0.04  # baseline sampling of the leave's planner (m): coarser than the search's own


def pot_chance(score: float, noise: float) -> float:
    """The chance a planned shot pots under a hand of ``noise``: the coin's miss within a pocket radius.

    ``score`` is the planner's: metres of miss per radian of aim error (plus a small speed term).
    """
    sigma = AIM_SIGMA * max(noise, MIN_NOISE) * max(score, 1e-6)
    return math.erf(STANDARD_BOARD.pocket_radius / (math.sqrt(2) * sigma))


def next_chances(shots, noise: float) -> float:
    """The easiest shot's pot chance plus ``FURTHER`` times that of the easiest on another coin.

    ``shots``: the planner's, easiest first for each coin (as ``plan_shots`` orders them).
    """
    best: dict[int, float] = {}  # each coin's easiest shot, easiest coin first
    for s in shots:
        best.setdefault(s.target, s.score)
    chances = [pot_chance(score, noise) for score in list(best.values())[:2]] + [0.0, 0.0]
    return chances[0] + FURTHER * chances[1]


def layout_after(game: Game, seat: str, after: MatchState, batch, shot: int) -> Layout:
    """The discs at rest after row ``shot`` of ``batch``, with the pieces the referee returns (as ``Game``)."""
    n = batch.striker_index
    discs = batch.layout.discs
    rest = batch.final_positions[shot]
    layout = Layout(tuple(Disc(discs[i].kind, float(rest[i, 0]), float(rest[i, 1]))
                          for i in range(n) if batch.on_board[shot, i]))
    return with_returns(layout, after.board, game.state.colour_of(Seat(seat)), seat)


class MasterPlayer(SearchPlayer):
    """Strikes by search, valuing what each of the best shots leaves; within a time budget per decision."""

    def __init__(self, seed: int | None = None, noise: float = 0.0, candidates: int = 96, samples: int = 10,
                 top: int = 12, budget: float = 1.0, leave: float = LEAVE, confirm: int = CONFIRM,
                 safeties: int = 0, name: str = "master") -> None:
        super().__init__(seed, noise, candidates, samples, name)
        self.top = top
        self.safeties = safeties  # finalists kept for safety strokes
        self.confirm = confirm  # fresh noisy copies per finalist (0: judge on the screen's copies)
        self.weight = leave
        self.budget = budget  # seconds per decision
        self.decisions = 0  # strikes chosen
        self.cut = 0  # of which the deadline cut short

    def leave(self, game: Game, seat: str, outcome: StrokeOutcome, batch, shot: int) -> float:
        """What row ``shot`` leaves: + the next striker's chances if our side's, − if the opponent's."""
        state = game.state
        try:
            after, _ = apply(state, Stroke(Seat(seat), outcome))
        except RulesError:
            return 0.0
        if len(after.results) > len(state.results) or after.board.result is not None \
                or after.board_index != state.board_index:
            return 0.0  # the board is over: its value says so
        striker = after.board.turn
        layout = layout_after(game, seat, after, batch, shot)
        view = SimpleNamespace(state=after, params=game.params, layout=layout)  # what the planner reads of a game
        shots = plan_shots(view, striker.value, limit=10_000, step=STEP, layout=layout, banks=False)
        chance = next_chances(shots, self.noise)
        ours = after.table.side(striker) == state.table.side(Seat(seat))
        return NEXT_SHOT * chance if ours else -NEXT_SHOT * chance

    def safety_strikes(self, game: Game, seat: str) -> list[StrikeChoice]:
        """Soft touches: the easiest planned shots at a fraction of their speed, meant to pot nothing.

        The coin stops short of its pocket and the striker stays near it; whether that leaves
        the opponent less than a try at the pot is for the leave to say (``safeties`` of them
        reach the finalists beside the ``top`` best pots).
        """
        if not self.safeties:
            return []
        return [StrikeChoice(s.along, s.angle, s.speed * k)
                for s in plan_shots(game, seat, limit=SAFETY_SHOTS, per_pair=1, banks=False) for k in SOFT]

    def shortlist(self, cands: list[StrikeChoice], means: list[float]) -> list[int]:
        """The candidates by value, best first, the best variation of each planned shot only.

        The search varies each planned shot in speed (``candidate_strikes``); those variations
        mostly leave alike, so the leave is valued for ``top`` different shots instead.
        """
        order = sorted(range(len(cands)), key=lambda i: (-means[i], i))
        seen, out = set(), []
        for i in order:
            shot = (cands[i].along, round(cands[i].angle, 3))
            if shot not in seen:
                seen.add(shot)
                out.append(i)
        return out

    def choose_strike(self, game: Game, seat: str) -> StrikeChoice:
        deadline = time.perf_counter() + self.budget
        self.decisions += 1
        cands = self.candidate_strikes(game, seat)
        plain = len(cands)
        cands += self.safety_strikes(game, seat)
        batch, samples, values = self.simulate(game, seat, cands)
        means = [sum(values[i * samples:(i + 1) * samples]) / samples for i in range(len(cands))]
        order = self.shortlist(cands, means)
        finalists = [i for i in order if i < plain][:self.top] + [i for i in order if i >= plain][:self.safeties]
        if self.confirm and self.noise > 0 and time.perf_counter() <= deadline:
            # the finalists again on fresh copies of the hand: the screen's best are partly its luckiest
            batch, samples, values = self.simulate(game, seat, [cands[i] for i in finalists], self.confirm)
            means = {i: sum(values[k * samples:(k + 1) * samples]) / samples for k, i in enumerate(finalists)}
            rows_of = {i: range(k * samples, (k + 1) * samples) for k, i in enumerate(finalists)}
        else:
            rows_of = {i: range(i * samples, (i + 1) * samples) for i in finalists}
        outs = outcomes(batch, game.layout)
        best, best_worth = order[0], -math.inf
        for i in finalists:
            if time.perf_counter() > deadline:
                self.cut += 1  # the best valued so far is played
                break
            rows = rows_of[i]
            worth = means[i] + self.weight * sum(self.leave(game, seat, outs[k], batch, k) for k in rows) / samples
            if worth > best_worth:
                best, best_worth = i, worth
        return with_noise(game, cands[best], self.noise, self.rng)
