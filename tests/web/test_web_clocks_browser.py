"""The clocks of the laws in real browsers (Debian's chromium through Playwright), on a real server process:
an online room where nobody strikes has the time foul ruled and shown, and a server killed mid-clock and
started again still rules it (the deadline is stored, not a timer in memory)."""

import os
import signal
import subprocess
import sys
from pathlib import Path

from conftest import free_port
from test_web_operator import wait_until_it_answers
from web_helpers import start_online

ROOT = Path(__file__).resolve().parents[2]
# the app with its clock scaled down (the laws' 15 s would make a slow test), served by uvicorn in its own process
SERVE = ("import sys, uvicorn; from carrom.web import create_app; "
         "uvicorn.run(create_app(sys.argv[1], bot_pause=0, clock_seconds=float(sys.argv[3])), "
         "host='127.0.0.1', port=int(sys.argv[2]), log_level='warning')")
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844), "tablet": (768, 1024)}


def serve(db: str, port: int, seconds: float) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", SERVE, db, str(port), str(seconds)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=os.environ | {"PYTHONPATH": str(ROOT / "src")})
    wait_until_it_answers(proc, port)
    return proc


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)


def page_of(browser, errors, size=VIEWPORTS["desktop"]):
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def online_match(browser, errors, url):
    """Asha hosts an online room (clocks on by default), Ravi joins north from the invitation."""
    host = page_of(browser, errors)
    host.goto(url)
    host.select_option("#mode", "online")
    assert host.is_checked("#clocks") and host.is_enabled("#clocks")
    start_online(host, url, "Asha")
    guest = page_of(browser, errors)
    guest.goto(host.input_value("#share-link"))
    guest.wait_for_selector("#join:not([hidden])")
    guest.fill("#join-name", "Ravi")
    guest.click("[data-seat=north]")
    guest.wait_for_function("carrom.mine.includes('north')")
    host.wait_for_function("carrom.state.seats.north.name === 'Ravi' && carrom.state.deadline")
    return host, guest


def test_the_setup_options_default_per_mode(server, browser, artifacts):
    errors = []
    page = page_of(browser, errors)
    page.goto(server.url)
    for mode, checked, enabled in (("computer", False, False), ("local", False, True), ("online", True, True)):
        page.select_option("#mode", mode)
        assert (page.is_checked("#clocks"), page.is_enabled("#clocks")) == (checked, enabled), mode
    for name, (w, h) in VIEWPORTS.items():
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(artifacts / f"clocks-setup-{name}.png"), full_page=True)
    assert not errors, errors


class Served:
    """A real server process with its clock at ``seconds``, on a fresh SQLite file; ``restart`` kills it (-9)
    and starts another on the same port and database."""

    def __init__(self, tmp_path, seconds: float) -> None:
        self.port, self.db, self.seconds = free_port(), f"sqlite:///{tmp_path / 'clocks.db'}", seconds
        self.url = f"http://127.0.0.1:{self.port}/"

    def __enter__(self) -> "Served":
        self.proc = serve(self.db, self.port, self.seconds)
        return self

    def restart(self) -> None:
        stop(self.proc)
        self.proc = serve(self.db, self.port, self.seconds)

    def __exit__(self, *exc) -> None:
        stop(self.proc)


def test_nobody_strikes_the_time_foul_is_ruled_and_shown(browser, artifacts, tmp_path):
    errors = []
    with Served(tmp_path, 3.0) as served:
        host, guest = online_match(browser, errors, served.url)
        host.wait_for_selector("#clock:not([hidden])")
        assert "s to break (ICF 46)" in host.inner_text("#clock") and "Asha" in host.inner_text("#clock")
        host.screenshot(path=str(artifacts / "clocks-running.png"))
        for page in (host, guest):
            page.wait_for_function("document.getElementById('notice').textContent.includes('ICF 46')", timeout=20000)
        assert "Asha did not break within 3 seconds (ICF 46)" in host.inner_text("#notice")
        assert "ICF 63 a" in host.inner_text("#game")  # the ruling in the log: a technical foul, a penalty
        for name, (w, h) in VIEWPORTS.items():
            guest.set_viewport_size({"width": w, "height": h})
            guest.screenshot(path=str(artifacts / f"clocks-ruled-{name}.png"), full_page=True)
    assert not errors, errors


def test_a_restart_mid_clock_still_rules_it(browser, artifacts, tmp_path):
    errors = []
    with Served(tmp_path, 10.0) as served:  # long enough for the restart to come before the deadline, mostly
        host, guest = online_match(browser, errors, served.url)
        served.restart()  # kill -9 with the break's clock running: nothing in memory survives
        # the pages reconnect by themselves; the ruling is in the log whether it came before or after they did
        host.wait_for_function("carrom.state.log.some((e) => e.action.includes('did not break'))", timeout=30000)
        assert host.evaluate("carrom.state.log.filter((e) => e.action.includes('did not break')).length") == 1
        host.screenshot(path=str(artifacts / "clocks-after-restart.png"))
    assert not [e for e in errors if "WebSocket" not in e], errors
