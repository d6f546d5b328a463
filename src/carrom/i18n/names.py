"""The names of the seats and the pieces as messages, so every language names them in its own words."""

from __future__ import annotations

from carrom.rules import Coin, Seat


def N_(msgid: str) -> str:
    """Marks a message for extraction; translated where it is shown."""
    return msgid


SEATS: dict[Seat, str] = {
    Seat.SOUTH: N_("South"), Seat.EAST: N_("East"), Seat.NORTH: N_("North"), Seat.WEST: N_("West"),
}
# a colour as the referee names it in a sentence ("{who} plays {colour}"); the queen by her name
COINS: dict[Coin, str] = {Coin.WHITE: N_("white"), Coin.BLACK: N_("black"), Coin.QUEEN: N_("queen")}
