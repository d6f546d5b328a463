"""The laws of carrom: a pure-Python referee for boards, games and matches."""
