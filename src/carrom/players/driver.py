"""Driving a game with players: ask whoever the laws wait for, and do what they choose."""

from __future__ import annotations

from typing import Any, Mapping

from carrom.game import Game, GameError
from carrom.players.base import Player
from carrom.rules import Expect


def step(game: Game, players: Mapping[str, Player]) -> Any:
    """One action by the player the laws wait for; returns the game's report or ruling."""
    exp = game.expected()
    if exp is None:
        raise GameError("the match is over")
    kind, seat = exp.kind, exp.seat
    player = players[seat]
    if kind is Expect.STROKE:
        c = player.choose_strike(game, seat)
        return game.strike(seat, c.along, c.angle, c.speed)
    if kind is Expect.PLACE:
        spot = player.choose_placement(game, seat)
        if spot is not None:
            try:
                return game.place(seat, *spot)
            except GameError:
                pass
        if game.state.board.placing_started:
            return game.wait(seat)  # ICF 79 a, 87 a: part placed, no room for the rest: it waits
        return game.waive(seat)  # ICF 80: a player who will not risk a foul gives the placing up
    if kind is Expect.CLAIM:
        return game.claim(seat, player.choose_claim(game, seat))
    return game.toss(seat, seat)  # the toss for a tie-break board: the seat asked calls it and wins (ICF 56 b)


def play_out(game: Game, players: Mapping[str, Player], max_actions: int = 100_000) -> int:
    """Play until the match ends; returns the number of actions taken."""
    n = 0
    while not game.over:
        if n >= max_actions:
            raise GameError(f"the match did not end within {max_actions} actions")
        step(game, players)
        n += 1
    return n
