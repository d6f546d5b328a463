"""Helpers of the web tests: a websocket that numbers its messages as the page does (``seq``)."""

import itertools
import json

from carrom.web.limits import Limits

AT_TEST_SPEED = Limits(rate=10_000, burst=10_000)  # a test drives a match faster than anyone plays: no rate limit


class Numbered:
    """A test client's websocket whose ``send_json`` adds ``seq`` 1, 2, 3... like the page's send function."""

    def __init__(self, session) -> None:
        self.session = session
        self.counter = itertools.count(1)

    def __enter__(self) -> "Numbered":
        self.session.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self.session.__exit__(*exc)

    def send_json(self, msg) -> None:
        self.session.send_text(json.dumps(self.numbered(msg)))

    def numbered(self, msg):
        return {"seq": next(self.counter)} | msg if isinstance(msg, dict) and "seq" not in msg else msg

    def send_text(self, text: str) -> None:
        self.session.send_text(text)

    def send_bytes(self, data: bytes) -> None:
        self.session.send_bytes(data)

    def receive_json(self):
        return self.session.receive_json()

    def close(self, code: int = 1000) -> None:
        self.session.close(code)


def numbered(client, path: str) -> Numbered:
    return Numbered(client.websocket_connect(path))


def start_online(page, url: str, name: str) -> None:
    """On the new match page: an online room, south played by ``name``, north free; waits for the links."""
    page.goto(url)
    page.select_option("#mode", "online")
    page.fill("input[name=name-south]", name)
    page.click("#start")
    page.wait_for_selector("#share:not([hidden])")


def legal(state, rng):
    """A legal action for whoever the laws wait for in ``state``: a random strike from a legal stretch, else
    declining a claim or waiving a placement."""
    kind = state["expected"]["kind"]
    if kind == "stroke":
        lo, hi = rng.choice(state["legal"])
        return {"type": "strike", "along": rng.uniform(lo, hi), "angle": rng.uniform(-1.3, 1.3),
                "speed": rng.uniform(1.0, 6.5)}
    return {"type": "claim", "points": 0} if kind == "claim" else {"type": "waive"}
