"""A table's QR code and the names the server answers to (issue 42 items 11, 16; issue 43 item 8), on a real server
over real sockets: the code is the table's for the whole event, leads to a table page that exists before the toss,
is cached by the browser and printed on the round's scorecards; its address is the configured public URL, never a
request's Host; a Host the server does not answer to is refused 400, named."""

from __future__ import annotations

import io
import re

import httpx
import pytest
import numpy as np
from PIL import Image, ImageOps
from pypdf import PdfReader
from typer.testing import CliRunner

from test_web_desk import NAMES, step, toss

from carrom.cli.app import app as cli

# carrom.desk.table_code and carrom.web.hosts are imported in the tests that use them: each test fails on its own on a
# main without them


def allowed_hosts(*args, **kw):
    from carrom.web.hosts import AllowedHosts

    return AllowedHosts(*args, **kw)


def made(client, rounds=2):
    r = client.post("/api/desk", json={"name": "Hall Open", "players": NAMES, "system": "swiss", "rounds": rounds})
    assert r.status_code == 200, r.text
    return r.json()["id"], {"X-Desk-Key": r.json()["key"]}


def round_played(client, eid, key, number):
    for m in step(client, eid, key, "publish")["rounds"][number - 1]["matches"]:
        if len(m["sides"]) == 2:
            step(client, eid, key, "result", round=number, table=m["table"], games="25-10 25-9")


def encoded(svg: bytes) -> str:
    """The link an SVG QR code of segno carries in its title."""
    return re.search(rb"<title>([^<]*)</title>", svg).group(1).decode()


def test_a_tables_code_is_the_tables_for_the_whole_event_and_cached(make_server, sqlite_db):
    """Item 16: one code per table for the whole event (on main a code per round and table: /qr/ROUND/TABLE.svg,
    leading to a scoreboard that does not exist before the toss); item 11: an ETag and a day's max-age, the same
    image every round, a 304 for the validator held."""
    with make_server(sqlite_db) as server, httpx.Client(base_url=server.url) as client:
        eid, key = made(client)
        step(client, eid, key, "pair")
        step(client, eid, key, "publish")
        first = client.get(f"/api/t/{eid}/qr/table/1.svg")
        assert first.status_code == 200, first.text
        assert first.headers["content-type"] == "image/svg+xml"
        assert "max-age=86400" in first.headers["cache-control"] and first.headers["etag"]
        link = encoded(first.content)
        assert link == f"{server.url}t/{eid}/table/1"
        assert client.get(f"/api/t/{eid}/qr/table/1.svg",
                          headers={"If-None-Match": first.headers["etag"]}).status_code == 304
        page = client.get(f"/t/{eid}/table/1")  # the page it leads to exists before the toss
        assert page.status_code == 200 and "tournament-table.js" in page.text

        for m in client.get(f"/api/t/{eid}").json()["rounds"][0]["matches"]:
            step(client, eid, key, "result", round=1, table=m["table"], games="25-10 25-9")
        step(client, eid, key, "pair")
        step(client, eid, key, "publish")
        again = client.get(f"/api/t/{eid}/qr/table/1.svg")
        assert again.content == first.content and again.headers["etag"] == first.headers["etag"]

        bad = client.get(f"/api/t/{eid}/qr/table/0.svg")
        assert bad.status_code == 400 and "table must be" in bad.json()["error"]


def test_the_code_encodes_the_public_url_never_the_requests_host(make_server, sqlite_db):
    """Issue 43 item 8: on main a code asked with Host: evil.example encoded http://evil.example/… (and was cached)."""
    with make_server(sqlite_db, public_url="https://carrom.example.org") as server, \
            httpx.Client(base_url=server.url) as client:
        eid, key = made(client)
        step(client, eid, key, "pair")
        step(client, eid, key, "publish")
        svg = client.get(f"/api/t/{eid}/qr/table/2.svg", headers={"Host": "evil.example"}).content
        assert encoded(svg) == f"https://carrom.example.org/t/{eid}/table/2"
    with make_server(sqlite_db) as server, httpx.Client(base_url=server.url) as client:  # none configured: the socket's
        svg = client.get(f"/api/t/{eid}/qr/table/2.svg", headers={"Host": "evil.example"}).content
        assert encoded(svg) == f"http://127.0.0.1:{server.port}/t/{eid}/table/2"


def test_a_host_the_server_does_not_answer_to_is_refused(make_server, sqlite_db):
    """``carrom play``'s names (localhost, 127.0.0.1, [::1]) answered; any other Host refused 400 with the header
    named, a websocket's opening too (DNS rebinding reads nothing)."""
    with make_server(sqlite_db, allowed_hosts=allowed_hosts()) as server, httpx.Client(base_url=server.url) as client:
        for host in (f"localhost:{server.port}", f"127.0.0.1:{server.port}", f"[::1]:{server.port}", "LOCALHOST"):
            assert client.get("/", headers={"Host": host}).status_code == 200, host
        refused = client.get("/", headers={"Host": f"rebind.evil.example:{server.port}"})
        assert refused.status_code == 400
        body = refused.json()
        assert body["field"] == "Host" and "'rebind.evil.example:" in body["error"]
        assert "--allowed-host" in body["error"]
        assert client.post("/api/desk", json={"name": "x", "players": NAMES},
                           headers={"Host": "evil.example"}).status_code == 400
        opening = client.get("/ws/nothing", headers={"Host": "evil.example", "Connection": "Upgrade",
                                                     "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                                                     "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
        assert opening.status_code == 400
    serving = allowed_hosts(("localhost", "carrom.example.org"), addresses=True)  # carrom serve's: names and numbers
    with make_server(sqlite_db, allowed_hosts=serving) as server, httpx.Client(base_url=server.url) as client:
        for host in ("carrom.example.org", "192.168.1.5:8000", "[fe80::1]:8000"):
            assert client.get("/", headers={"Host": host}).status_code == 200, host
        assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_the_command_lines_names_and_public_url(monkeypatch):
    """``carrom play`` answers this machine's names only; ``carrom serve`` adds --allowed-host and --public-url's
    host; a wrong one ends the command naming the option."""
    import carrom.cli.web as web

    seen = {}
    monkeypatch.setattr(web, "_run", lambda *args, **kw: seen.update(args=args, kw=kw))
    assert CliRunner().invoke(cli, ["play", "--no-browser"]).exit_code == 0
    assert seen["kw"]["allowed_hosts"] == allowed_hosts()
    result = CliRunner().invoke(cli, ["serve", "--allowed-host", "Hall.Example.org",
                                      "--public-url", "https://carrom.example.org/"])
    assert result.exit_code == 0, result.output
    hosts, public = seen["args"][-2:]
    assert public == "https://carrom.example.org"
    assert hosts.allows("hall.example.org:8000") and hosts.allows("carrom.example.org") and hosts.allows("10.0.0.7")
    assert not hosts.allows("evil.example")
    bad = CliRunner().invoke(cli, ["serve", "--allowed-host", "http://x/"])
    assert bad.exit_code != 0 and "--allowed-host" in bad.output
    bad = CliRunner().invoke(cli, ["serve", "--public-url", "carrom.example.org"])
    assert bad.exit_code != 0 and "--public-url" in bad.output


def test_the_rounds_scorecards_carry_each_tables_code(make_server, sqlite_db, tmp_path):
    """Item 16: no printout carried the codes on main. Each scorecard's first page has its table's code (the same
    image as the public page's, leading to the table page) and says which table it is."""
    with make_server(sqlite_db, public_url="https://carrom.example.org") as server, \
            httpx.Client(base_url=server.url, timeout=60) as client:
        eid, key = made(client)
        step(client, eid, key, "pair")
        tables = [m["table"] for m in step(client, eid, key, "publish")["rounds"][0]["matches"] if len(m["sides"]) == 2]
        pdf = client.get(f"/api/desk/{eid}/print/scorecards.pdf", headers=key)
        assert pdf.status_code == 200, pdf.text
    from carrom.desk.table_code import qr_png

    cv2 = pytest.importorskip("cv2")  # the calibrate extra's reader of QR codes, as a phone reads them
    (tmp_path / "scorecards.pdf").write_bytes(pdf.content)
    pages = PdfReader(io.BytesIO(pdf.content)).pages
    assert len(pages) == len(tables)
    for page, table in zip(pages, tables):
        assert f"Table {table}: scan to follow" in page.extract_text()
        (image,) = page.images  # the very code of the table page's link, pixel for pixel
        drawn = Image.open(io.BytesIO(qr_png(f"https://carrom.example.org/t/{eid}/table/{table}"))).convert("L")
        assert image.image.convert("L").tobytes() == drawn.tobytes(), table
        read, _, _ = cv2.QRCodeDetector().detectAndDecode(np.array(ImageOps.expand(drawn, 40, fill=255)))
        assert read == f"https://carrom.example.org/t/{eid}/table/{table}"  # a phone reads the table page's link
    # the command line prints the same codes with --public-url
    out = tmp_path / "cli.pdf"
    result = CliRunner().invoke(cli, ["tournament", "print", str(eid), "scorecards", "--pdf", str(out), "--db",
                                      sqlite_db, "--public-url", "https://carrom.example.org"])
    assert result.exit_code == 0, result.output
    assert "Table 1: scan to follow" in PdfReader(out).pages[0].extract_text()
