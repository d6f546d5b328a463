"""Players from outside the package, as ``carrom arena`` loads them by ``module:Class``."""

from carrom.players import StrikeChoice


class Straight:
    """Strikes straight across from the legal point nearest the middle of its baseline, at 4 m/s."""

    name = "straight"

    def choose_strike(self, game, seat):
        lo, hi = min(game.legal_intervals(seat), key=lambda i: 0 if i[0] <= 0 <= i[1] else min(abs(i[0]), abs(i[1])))
        return StrikeChoice(min(max(0.0, lo), hi), 0.0, 4.0)

    def choose_placement(self, game, seat):
        return None

    def choose_claim(self, game, seat):
        return 0


class Seeded(Straight):
    """Like Straight, but built with the board's seed, which sets its speed."""

    def __init__(self, seed):
        self.speed = 3.0 + (seed % 1000) / 1000

    def choose_strike(self, game, seat):
        choice = super().choose_strike(game, seat)
        return StrikeChoice(choice.along, choice.angle, self.speed)


class Mute:
    """Chooses strikes but nothing else: not a player."""

    def choose_strike(self, game, seat):
        return StrikeChoice(0.0, 0.0, 4.0)


NOT_A_CLASS = 3
