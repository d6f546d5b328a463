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
luckiest). Where the opponent strikes next, its reply is simulated rather than guessed
(on the first ``replies`` such copies, by default all of them; ``reply``).

Beside the search's candidates, the master has two kinds of stroke for coins the forward
planner cannot reach: thumbed strokes (aimed backwards, ICF 17, 33–34) at coins behind its
baseline, and rail shots at coins lying on a cushion (``rail_shots``).

Within a budget: the leaves are valued best candidate first, and once the budget is spent
the best candidate valued so far is played; ``cut`` counts the decisions it shortened
(docs/players.md). The budget is ``simulations``, strokes simulated per decision (the
screen, the confirmation and the replies alike): the same work and the same strokes on a
busy machine as on an idle one. ``seconds`` adds a wall-clock bound for where a person
waits (the web app), at the price of reproducibility under load.
"""

from __future__ import annotations

import math
import time
from types import SimpleNamespace

from carrom.equipment import STANDARD_BOARD, STRIKER, Layout
from carrom.game.seats import board_seat
from carrom.game import Game
from carrom.game.outcome import rest_layout
from carrom.game.stroke import rule_stroke, settle
from carrom.players.base import StrikeChoice
from carrom.players.geometric import (
    AIM_SIGMA, MARGIN, MAX_ANGLE, POCKETS, baseline_points, clear, plan_shots, targets, with_noise, wrap,
)
from carrom.players.search import NOISY_SPEEDS, OWN_COIN, TURN_KEPT, SearchPlayer, outcomes
from carrom.rules import Expect, MatchState, RulesError, Seat, StrokeOutcome

LEAVE = 0.7  # weight of a stroke's leave against its own value
NEXT_SHOT = OWN_COIN + TURN_KEPT  # what a pot is worth to whoever strikes next
FURTHER = 0.5  # weight of the second coin's chance: the shot after the next
MIN_NOISE = 0.25  # even a perfect hand prefers a leave that forgives errors
CONFIRM = 16  # fresh copies of the hand on which the finalists are judged again
STEP = 0.04  # baseline sampling of the leave's planner (m): coarser than the search's own
REPLIES = 16  # copies per finalist where the opponent's reply is simulated (as many as ``CONFIRM``: all)
REPLY_SHOTS = 8  # the opponent's planned shots simulated for its reply...
REPLY_COPIES = 3  # ... each under this many copies of its hand
RAIL_GAP = 0.007  # a coin whose edge is this close to a cushion (m) lies on it: the planner cannot reach it
RAIL_ANGLES = tuple(math.radians(a) for a in (52, 54, 56, 58))  # rail shots: the push's angle into the cushion
RAIL_POINTS = 2  # baseline points per rail shot: those nearest a full hit
RAIL_SPEEDS = (0.65, 0.8)  # factors of a rail shot's estimated speed (docs/players.md, "rail shots under v4")
SIMULATIONS = 8000  # strokes simulated per decision, checked before each finalist's leave (docs/players.md)


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


def rail_shots(game: Game, seat: Seat) -> list[StrikeChoice]:
    """Strokes at the coins lying on a cushion, pushing each along the cushion towards a corner.

    The planner's ghost point for such a coin lies beyond the striker's reach (it would
    have to stand in the cushion). Instead the striker meets the coin with the line of
    centres turned by a few ``RAIL_ANGLES`` into the cushion: the coin meets the cushion,
    comes off it and is met again by the heavier striker following it, which sends it
    along the cushion. From the ``RAIL_POINTS`` baseline points nearest a full hit with a
    clear run, forward or thumbed (ICF 17, 33–34), at two speeds below the estimate (a coin
    reaching the corner fast rattles out of the jaws, and the second contact gives it more
    speed along the cushion than the cosine of the turn says); the search's simulation
    judges whether any of them pots. Angles and speeds were chosen by simulation, under
    v3 and every v4 board (docs/players.md, "rail shots under v4").
    """
    layout = game.layout
    discs = layout.discs
    eq = board_seat(seat)
    fx, fy = eq.forward
    base = math.atan2(fy, fx)
    axis = STANDARD_BOARD.baseline_axis_distance
    half, rs = STANDARD_BOARD.half, STRIKER.radius
    reach = half - rs
    params = game.params
    decel, vmax = params.mu * params.g, params.max_speed
    alongs = [(a, *eq.to_board(a, -axis)) for a in baseline_points(game, seat, STEP)]
    out = []
    for t in targets(game, seat):
        coin = discs[t]
        rc = coin.radius
        for k, c in enumerate((coin.x, coin.y)):
            side = math.copysign(1.0, c)
            if side * c < half - rc - RAIL_GAP:
                continue  # not on this cushion
            for along_dir in (1.0, -1.0):  # towards either corner of this cushion
                pocket = min(POCKETS, key=lambda p: abs(p[k] - side * half) + abs(p[1 - k] - along_dir * half))
                if not clear(discs, coin.x, coin.y, pocket[0], pocket[1], rc, {t}):
                    continue
                run = math.hypot(pocket[0] - coin.x, pocket[1] - coin.y)
                for phi in RAIL_ANGLES:
                    # the push: along the cushion, turned by phi into it
                    n_along, n_in = math.cos(phi) * along_dir, math.sin(phi) * side
                    nx, ny = (n_in, n_along) if k == 0 else (n_along, n_in)
                    gx, gy = coin.x - nx * (rc + rs), coin.y - ny * (rc + rs)
                    if max(abs(gx), abs(gy)) > reach:
                        continue
                    found = []
                    for along, sx, sy in alongs:
                        d = math.hypot(gx - sx, gy - sy)
                        if d < 1e-6:
                            continue
                        full = ((gx - sx) * nx + (gy - sy) * ny) / d
                        if full > 0.3 and clear(discs, sx, sy, gx, gy, rs, {t}):
                            found.append((-full, along, math.atan2(gy - sy, gx - sx), d, full))
                    for _, along, direction, d, full in sorted(found)[:RAIL_POINTS]:
                        coin_speed = (math.sqrt(2 * decel * run) * MARGIN + 0.1) / math.cos(phi)
                        at_impact = coin_speed / full  # the striker gives about its own speed along the line
                        speed = math.sqrt(at_impact ** 2 + 2 * decel * d)
                        angle = wrap(direction - base)
                        out += [StrikeChoice(along, angle, min(vmax, speed * f)) for f in RAIL_SPEEDS]
    return out


def layout_after(game: Game, seat: Seat, after: MatchState, batch, shot: int) -> Layout:
    """The discs after row ``shot`` of ``batch`` once the ruling ``after`` is applied (``settle``, as
    ``play_stroke`` does)."""
    return settle(game.state, after, seat, rest_layout(batch, shot))


class MasterPlayer(SearchPlayer):
    """Strikes by search, valuing what each of the best shots leaves; within a budget of simulations per decision
    (``simulations``; None: no bound) and, if given, of wall-clock ``seconds``."""

    def __init__(self, seed: int | None = None, noise: float = 0.0, candidates: int = 96, samples: int = 10,
                 top: int = 12, simulations: int | None = SIMULATIONS, seconds: float | None = None,
                 leave: float = LEAVE, confirm: int = CONFIRM, thumbs: bool = True, rails: bool = True,
                 replies: int = REPLIES, name: str = "master") -> None:
        super().__init__(seed, noise, candidates, samples, name)
        self.top = top
        self.thumbs = thumbs  # thumbed strokes (aimed backwards) among the candidates
        self.rails = rails  # rail shots at coins lying on a cushion among the candidates
        self.replies = replies  # copies per finalist where the opponent's reply is simulated (0: guessed)
        self.confirm = confirm  # fresh noisy copies per finalist (0: judge on the screen's copies)
        self.weight = leave
        self.simulations = simulations  # strokes simulated per decision at most (None: no bound)
        self.seconds = seconds  # wall-clock seconds per decision at most (None: no clock)
        self.decisions = 0  # strikes chosen
        self.cut = 0  # of which the budget cut short
        self.simulated = 0  # strokes simulated in the current decision
        self._started = 0.0

    def simulate(self, game: Game, seat: Seat, cands: list[StrikeChoice], samples: int | None = None):
        """The search's ``simulate``, counting the strokes simulated against the budget."""
        out = super().simulate(game, seat, cands, samples)
        self.simulated += len(out[0])
        return out

    def spent(self) -> bool:
        """The decision's budget is spent: ``simulations`` strokes simulated, or ``seconds`` gone."""
        return ((self.simulations is not None and self.simulated >= self.simulations)
                or (self.seconds is not None and time.perf_counter() - self._started > self.seconds))

    def leave(self, game: Game, seat: Seat, outcome: tuple[StrokeOutcome, bool], batch, shot: int) -> float:
        """What row ``shot`` leaves (``outcome``: its outcome and whether the striker left the baseline, as
        ``search.outcomes`` gives them): + the next striker's chances if our side's, − if the opponent's."""
        return self.leave_of(game, seat, outcome, batch, shot)[0]

    def leave_of(self, game: Game, seat: Seat, outcome: tuple[StrokeOutcome, bool], batch, shot: int,
                 replied: bool = False) -> tuple[float, bool, bool]:
        """``leave``, whether the opponent strikes next, and whether its reply was simulated (``reply``:
        asked for by ``replied``, and done unless the physics refused the layout)."""
        state = game.state
        try:
            after, _ = rule_stroke(state, seat, *outcome)
        except RulesError:
            return 0.0, False, False
        if len(after.results) > len(state.results) or after.board.result is not None \
                or after.board_index != state.board_index:
            return 0.0, False, False  # the board is over: its value says so
        striker = after.board.turn
        layout = layout_after(game, seat, after, batch, shot)
        view = SimpleNamespace(state=after, params=game.params, layout=layout)  # what the planner reads of a game
        ours = after.table.side(striker) == state.table.side(seat)
        reply = self.reply(view, striker) if not ours and replied else None
        if reply is not None:
            return -reply, True, True
        shots = plan_shots(view, striker.value, limit=10_000, step=STEP, layout=layout, banks=False)
        chance = next_chances(shots, self.noise)
        return (NEXT_SHOT * chance, False, False) if ours else (-NEXT_SHOT * chance, True, False)

    def mean_leave(self, game: Game, seat: Seat, outs, batch, rows) -> float:
        """The mean leave over the copies ``rows``; with ``replies``, the opponent's reply is simulated on
        the first ``replies`` copies where it strikes next, and their mean stands for its other copies."""
        if not self.replies:
            return sum(self.leave(game, seat, outs[k], batch, k) for k in rows) / len(rows)
        known, replies, tried, rest = [], [], 0, 0
        for k in rows:
            asked = tried < self.replies
            value, theirs, simulated = self.leave_of(game, seat, outs[k], batch, k, replied=asked)
            tried += theirs and asked
            if simulated:
                replies.append(value)
            elif theirs and not asked and replies:
                rest += 1  # stood for by the simulated replies' mean
            else:
                known.append(value)  # ours, or the opponent's guessed
        known += replies + [sum(replies) / len(replies)] * rest if replies else []
        return sum(known) / len(rows)

    def reply(self, view, opponent: str) -> float | None:
        """What the opponent's best reply on ``view`` is worth to it: its ``REPLY_SHOTS`` easiest planned
        shots, each under ``REPLY_COPIES`` copies of a hand like ours, valued by the referee from its side
        (``search.value``); the best mean, or 0 with no shot planned or no stroke expected of it; None
        when the physics refuses the layout (then the leave guesses, as without ``replies``)."""
        expected = view.state.expected()
        if expected is None or expected.kind is not Expect.STROKE or expected.seat.value != opponent:
            return 0.0  # a placement or a claim first: the guess is as good
        shots = plan_shots(view, opponent, limit=REPLY_SHOTS, step=STEP, layout=view.layout, banks=False)
        if not shots:
            return 0.0
        try:
            _batch, n, values = self.simulate(view, opponent, [s.choice for s in shots], REPLY_COPIES)
        except ValueError:  # a guard: a layout the physics refuses (carrom.physics.rest keeps rest positions valid)
            return None
        return max(0.0, max(sum(values[i * n:(i + 1) * n]) / n for i in range(len(shots))))

    def candidate_strikes(self, game: Game, seat: Seat) -> list[StrikeChoice]:
        """The search's candidates, then thumbed strokes at coins behind the baseline and rail shots."""
        out = super().candidate_strikes(game, seat)
        vmax = game.params.max_speed
        if self.thumbs:
            thumbed = [s for s in plan_shots(game, seat, limit=self.candidates, per_pair=3, banks=False,
                                             max_angle=math.pi) if abs(s.angle) > MAX_ANGLE]
            out += [StrikeChoice(s.along, s.angle, min(vmax, s.speed * k)) for s in thumbed for k in NOISY_SPEEDS]
        if self.rails:
            out += rail_shots(game, seat)
        return out

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

    def choose_strike(self, game: Game, seat: Seat) -> StrikeChoice:
        self._started, self.simulated = time.perf_counter(), 0
        self.decisions += 1
        cands = self.candidate_strikes(game, seat)
        batch, samples, values = self.simulate(game, seat, cands)
        means = [sum(values[i * samples:(i + 1) * samples]) / samples for i in range(len(cands))]
        order = self.shortlist(cands, means)
        finalists = order[:self.top]
        if self.confirm and self.noise > 0 and not self.spent():
            # the finalists again on fresh copies of the hand: the screen's best are partly its luckiest
            batch, samples, values = self.simulate(game, seat, [cands[i] for i in finalists], self.confirm)
            means = {i: sum(values[k * samples:(k + 1) * samples]) / samples for k, i in enumerate(finalists)}
            rows_of = {i: range(k * samples, (k + 1) * samples) for k, i in enumerate(finalists)}
        else:
            rows_of = {i: range(i * samples, (i + 1) * samples) for i in finalists}
        outs = outcomes(batch)
        best, best_worth = order[0], -math.inf
        for i in finalists:
            if self.spent():
                self.cut += 1  # the best valued so far is played
                break
            worth = means[i] + self.weight * self.mean_leave(game, seat, outs, batch, rows_of[i])
            if worth > best_worth:
                best, best_worth = i, worth
        return with_noise(game, cands[best], self.noise, self.rng)
