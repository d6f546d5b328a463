"""The master's budget is a count of simulated strokes: the same seed plays the same strokes under load.

A wall-clock budget made the master's decisions depend on how busy the machine was (issue 22:
at a load of about 14, one decision in ten was cut short and the outcomes changed). The
count (``MasterPlayer.simulations``) is the default everywhere results must reproduce;
``seconds`` stays for the web app, where a person waits.
"""

import subprocess
import sys

from carrom.players import MasterPlayer, make_bot
from carrom.players.master import SIMULATIONS
from carrom.game import Game
from carrom.web.rooms import BOT_SECONDS, Room, SeatInfo
from test_players_bots import positions

HOGS = 2  # spinning processes: one per core of the 2-core machine


def strokes(games, seed):
    bot = make_bot("master", seed)
    return [bot.choose_strike(g, g.expected().seat) for g in games], bot


def test_the_master_plays_the_same_strokes_with_cpu_hogs_running():
    """The default master, twice on the same positions: once on its own, once while processes spin on every
    core; the same strokes, the same number of strokes simulated for each."""
    games = positions(3, seed=9)
    alone, bot = strokes(games, 11)
    counts = bot.decisions, bot.cut
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(HOGS)]
    try:
        loaded, bot2 = strokes(games, 11)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert loaded == alone
    assert (bot2.decisions, bot2.cut) == counts


def test_the_count_cuts_the_same_decisions_every_time():
    """A small count cuts decisions short, the same ones and to the same strokes on every run."""
    games = positions(4, seed=3)

    def run():
        bot = MasterPlayer(5, noise=0.3, simulations=1)
        return [bot.choose_strike(g, g.expected().seat) for g in games], bot.cut

    first, cut = run()
    assert cut == len(games)  # the screen alone spends it: every decision cut before any leave is valued
    assert run() == (first, cut)


def test_the_defaults_count_and_the_web_bots_clock():
    """Bots play by the count by default; the web app adds its clock to the master's."""
    assert make_bot("master", 1).simulations == SIMULATIONS and make_bot("master", 1).seconds is None
    web = make_bot("master", 1, seconds=BOT_SECONDS)
    assert web.simulations == SIMULATIONS and web.seconds == BOT_SECONDS
    assert not hasattr(make_bot("expert", 1, seconds=BOT_SECONDS), "seconds")  # its work is a fixed count already


def test_the_web_apps_master_keeps_its_clock():
    """Where a person waits for the bot's stroke, the master's decision is also bounded in seconds."""
    seats = {"south": SeatInfo("Asha", "human"), "north": SeatInfo("Computer (master)", "bot", "master")}
    room = Room("r1", Game.new({"south": "Asha", "north": "Computer (master)"}), seats, store=None)
    assert room.bots["north"].seconds == BOT_SECONDS and room.bots["north"].simulations == SIMULATIONS
