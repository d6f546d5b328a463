"""Issue 43.1: a SoL file from a stranger costs what its size says, on a real server.

Half a kilobyte of nested aliases (9 levels of 9: 9**8 leaves once walked as copies), a gzip that inflates
60 kB to 64 MB, a nesting 5,000 deep and an alias inside its own anchor are refused 400 with what is
wrong, in well under a second, and nothing is stored; the import has its own rate per address.
"""

import gzip
import time

import httpx
import pytest

from carrom.desk.bounded_yaml import MAX_DEPTH, BoundedLoader, InflateError, inflate
from carrom.web.limits import Limits


def laughs(levels: int = 9, width: int = 9) -> bytes:
    lines = ["a0: &a0 [lol]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]" for i in range(1, levels)]
    return ("\n".join(lines) + "\n").encode()


BOMBS = {
    "billion laughs": (laughs(), "more than 500,000 nodes once its aliases are expanded"),
    "gzip of 64 MB": (gzip.compress(b"# " + b" " * 64_000_000 + b"\n"), "inflates to more than 4,000,000 bytes"),
    "nested 5,000 deep": (b"[" * 5000 + b"]" * 5000, "nest"),
    "nested 100 deep, in blocks": ("".join(" " * i + "- \n" for i in range(100)).encode() + b" " * 100 + b"- x\n",
                                   f"nested deeper than {MAX_DEPTH} levels"),
    "an alias inside its anchor": (b"&a [*a]\n", "an alias inside its own anchor"),
}


@pytest.mark.parametrize("name", BOMBS)
def test_a_bomb_is_refused_at_once_and_stores_nothing(make_server, sqlite_db, name):
    body, said = BOMBS[name]
    assert len(body) < 64 * 1024  # under the body limit: the parser's own bounds must refuse it
    with make_server(sqlite_db) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        start = time.monotonic()
        r = client.post("/api/desk/import", content=body, headers={"X-File-Name": "bomb.sol"})
        took = time.monotonic() - start
        assert r.status_code == 400, r.text
        assert said in r.json()["error"] and "bomb.sol" in r.json()["error"]
        assert took < 1.0, f"{name} took {took:.1f} s to refuse"
        assert client.get("/api/t/1").status_code == 404  # no event stored


def test_the_bounds_count_an_alias_as_its_anchors_whole_subtree():
    loader = BoundedLoader("a: &x [1, 2, 3]\nb: [*x, *x]\n")
    loader.get_single_node()
    assert loader.nodes == 1 + 2 * 1 + 4 + 1 + 2 * 4  # the map, its keys, [1,2,3], [*x,*x] and two copies of 4
    with pytest.raises(InflateError, match="inflates to more than 100 bytes") as caught:
        inflate(gzip.compress(b"x" * 101), most=100)
    assert caught.value.bound
    assert inflate(gzip.compress(b"x" * 100) + gzip.compress(b"y"), most=101) == b"x" * 100 + b"y"  # two members
    with pytest.raises(InflateError, match="stops before the end") as caught:
        inflate(gzip.compress(b"x" * 100)[:-9])
    assert not caught.value.bound


def test_the_import_has_a_rate_per_address(make_server, sqlite_db):
    limits = Limits(http_per_address="1000/second", imports_per_address="2/minute")
    with make_server(sqlite_db, limits=limits) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        answers = [client.post("/api/desk/import", content=b"tourneys: [", headers={"X-File-Name": "x.sol"})
                   for _ in range(3)]
        assert [a.status_code for a in answers] == [400, 400, 429]
        assert "too many requests from your address" in answers[2].json()["error"]
        assert client.get("/api/umpire/options").status_code == 200  # other requests are not counted with them
