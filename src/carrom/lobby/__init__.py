"""The lobby: play a stranger of one's strength (issue 39). Accounts (a guest at once, or a name and a password),
seeks paired by rating and settings, rated games and a ladder per ruleset.

``matchmaking`` pairs seeks (pure); ``ratings`` rates a game by Glicko-2 (the ``glicko2`` package, as the desk's
rating lists); ``accounts`` keeps the accounts, their ratings and their games in the ``lobby_*`` tables of the web
app's database; ``queue`` is the seek pool in the same database, shared by every server on it. The web's routes
(``carrom.web``) drive it; nothing here knows a socket.
"""
