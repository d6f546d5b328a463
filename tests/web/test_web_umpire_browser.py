"""The tablet umpire in Debian's chromium: a whole board tapped on a 768×1024 touch screen, a spectator following live."""

import json

from carrom.records import Record, TimeoutEntry, load_record

TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1600, "height": 900}}


def open_page(browser, errors, **context):
    page = browser.new_context(**context).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    # a refused entry (400) or the cut connection is the browser's own log line, shown on the page as it should be
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
    return page


def set_up(page, url):
    page.goto(url + "umpire")
    page.wait_for_function("window.umpire && umpire.ready")
    page.fill("input[name=name-south]", "Asha")
    page.fill("input[name=team-south]", "Mumbai")
    page.fill("input[name=name-north]", "Ravi")
    page.fill("input[name=tournament]", "Nationals")
    page.fill("input[name=table]", "3")
    page.fill("input[name=umpire]", "U. Mpire")


def start(page, url, artifacts=None):
    set_up(page, url)
    if artifacts:
        page.screenshot(path=str(artifacts / "umpire-setup-tablet.png"), full_page=True)
    page.tap("#start")
    page.wait_for_function("window.umpire && umpire.ready && umpire.canEnter")


def start_with(page, url, select, value):
    """The setup form with one select set (the rules, the stage), then Start."""
    set_up(page, url)
    page.select_option(select, value)
    page.tap("#start")
    page.wait_for_function("window.umpire && umpire.ready && umpire.canEnter")


def entries(page):
    return page.evaluate("umpire.state.entries")


def tap_stroke(page, *buttons, enter="#enter"):
    """Tap the pad's buttons in order, then Enter (or Nothing in); wait for the server's answer."""
    n = entries(page)
    for b in buttons:
        page.tap(b)
    page.tap(enter)
    page.wait_for_function(f"window.umpire && umpire.state.entries !== {n} && !umpire.busy")
    assert not page.is_visible("#error"), page.inner_text("#error")
    return page.inner_text("#ruling")


def tap_command(page, button):
    n = entries(page)
    page.tap(button)
    page.wait_for_function(f"window.umpire && umpire.state.entries !== {n} && !umpire.busy")
    return page.inner_text("#ruling")


def tap_choices(page, button, *choices):
    """A command's button, then its dialogs' choices in order; the ruling once the server has answered."""
    n = entries(page)
    page.tap(button)
    for choice in choices:
        page.tap(f"#dialog [data-choice='{choice}']")
    page.wait_for_function(f"window.umpire && umpire.state.entries !== {n} && !umpire.busy")
    return page.inner_text("#ruling")


def follows(spectator, page):
    """The spectator's page shows the entry the umpire just made, without reloading."""
    n = entries(page)
    spectator.wait_for_function(f"window.scoreboard && scoreboard.state && scoreboard.state.entries === {n}", timeout=10000)


WHITE, BLACK, QUEEN, STRIKER = ("[data-pocket=w]", "[data-pocket=b]", "[data-pocket=q]", "[data-pocket=s]")


def test_a_whole_board_on_the_tablet_followed_live(server, browser, artifacts):
    errors = []
    page = open_page(browser, errors, **TABLET)
    start(page, server.url, artifacts)
    assert "Asha" in page.inner_text("#score") and "South (Asha) to play" in page.inner_text("#prompt")
    scoreboard_url = page.input_value("#scoreboard-url")
    key = page.evaluate("location.hash")
    assert key.startswith("#key=") and key[5:] not in scoreboard_url

    spectator = open_page(browser, errors, **PHONE)
    spectator.goto(scoreboard_url)
    spectator.wait_for_function("window.scoreboard && scoreboard.state && scoreboard.connected")
    first_load = spectator.evaluate("performance.timeOrigin")

    ruling = tap_stroke(page, WHITE)
    assert "ICF 48" in ruling
    follows(spectator, page)

    # a white with the striker: the coin and a due go back, North places them (ICF 73, 72 a, 78 a)
    page.tap(WHITE)
    page.tap(STRIKER)
    assert page.inner_text("#line") == "ws"
    ruling = tap_stroke(page)
    assert "ICF 73" in ruling and "ICF 72 a" in ruling
    assert "to place" in page.inner_text("#facts") and "due" in page.get_attribute("#place", "class")
    follows(spectator, page)
    assert "to place" in spectator.inner_text("#facts")
    page.screenshot(path=str(artifacts / "umpire-due-tablet.png"), full_page=True)
    assert "ICF 84" in tap_command(page, "#place")
    page.wait_for_timeout(SEEN_MS)  # the second coin placed: a new tap, not the first one again
    tap_command(page, "#place")
    assert "to place" not in page.inner_text("#facts")

    tap_stroke(page, BLACK)  # the opponent's coin: the turn passes (ICF 125)
    assert "North (Ravi) to play" in page.inner_text("#prompt")

    # North touches a piece and commits a foul: a penalty coin (ICF 64 a)
    page.tap("#foul")
    page.tap("#dialog [data-choice='-']")
    page.wait_for_function("document.getElementById('line').textContent === 'f'")
    ruling = tap_stroke(page, enter="#nothing")
    assert "ICF 64 a" in ruling
    follows(spectator, page)

    # a placing taken back, then made again
    n = entries(page)
    tap_command(page, "#place")
    ruling = tap_command(page, "#undo")
    assert ruling.startswith("undone: ") and entries(page) == n
    follows(spectator, page)
    tap_command(page, "#place")

    # bad input: the session's own error, nothing changed
    page.tap(QUEEN)
    page.tap(QUEEN)
    page.tap("#enter")
    page.wait_for_selector("#refusal:not(:empty)")
    assert "only one queen" in page.inner_text("#refusal")
    assert entries(page) == n + 1
    page.tap("#clear")

    # a reload resumes exactly
    before = page.evaluate("JSON.stringify(umpire.state)")
    page.reload()
    page.wait_for_function("window.umpire && umpire.ready && umpire.canEnter")
    assert page.evaluate("JSON.stringify(umpire.state)") == before

    # South: a white, the queen, its cover (ICF 92, 15), then the rest of the whites
    tap_stroke(page, WHITE)
    ruling = tap_stroke(page, QUEEN)
    assert "ICF 92" in ruling
    follows(spectator, page)
    assert "to be covered" in spectator.inner_text("#facts")
    page.screenshot(path=str(artifacts / "umpire-queen-tablet.png"), full_page=True)
    assert "ICF 15" in tap_stroke(page, WHITE)
    follows(spectator, page)
    assert "covered by Asha" in spectator.inner_text("#facts")
    spectator.screenshot(path=str(artifacts / "scoreboard-phone.png"), full_page=True)

    # a dropped connection: the entry is not confirmed, the page reconnects and says what the record holds
    n = entries(page)
    page.context.set_offline(True)
    page.tap(WHITE)
    page.tap("#enter")
    page.wait_for_function("document.getElementById('error').textContent.includes('connection dropped')")
    page.context.set_offline(False)
    page.wait_for_function("document.getElementById('error').textContent.includes('Reconnected')", timeout=15000)
    assert entries(page) == n
    page.tap("#clear")

    while page.evaluate("umpire.state.state.board") == 1:
        ruling = tap_stroke(page, WHITE)
    assert "ICF 52 a" in ruling
    follows(spectator, page)
    state = page.evaluate("umpire.state")
    assert state["boards"][0]["winner"] == "Asha"
    assert spectator.evaluate("scoreboard.state.state.game_points") == state["state"]["game_points"]
    assert "Asha" in spectator.inner_text("#boards")
    assert spectator.evaluate("performance.timeOrigin") == first_load  # followed live, never reloaded
    page.screenshot(path=str(artifacts / "umpire-board-won-tablet.png"), full_page=True)

    big = open_page(browser, errors, **DESKTOP)
    big.goto(scoreboard_url)
    big.wait_for_function("window.scoreboard && scoreboard.state && scoreboard.connected")
    big.screenshot(path=str(artifacts / "scoreboard-desktop.png"))

    # the downloads: the record as `carrom umpire resume` reads it, the scorecard
    with page.expect_download() as download:
        page.tap("#link-record")
    record = load_record(download.value.path())
    assert len(record.entries) == entries(page) and record.header.event.table == "3"
    pdf = page.request.get(server.url.rstrip("/") + page.get_attribute("#link-pdf", "href"))
    assert pdf.body().startswith(b"%PDF")
    assert not errors, errors


def test_concede_asks_first_and_a_foreign_link_only_watches(server, browser, artifacts):
    errors = []
    page = open_page(browser, errors, **TABLET)
    start(page, server.url)
    second = open_page(browser, errors, **TABLET)  # the same umpire's link on a second tablet follows the first
    second.goto(page.url)
    second.wait_for_function("window.umpire && umpire.ready && umpire.canEnter")
    tap_stroke(page, enter="#nothing")
    second.wait_for_function("window.umpire && umpire.state.entries === 1")
    assert "North (Ravi) to play" in second.inner_text("#prompt")
    tap_stroke(second, enter="#nothing")  # and may enter the next stroke itself
    page.wait_for_function("window.umpire && umpire.state.entries === 2")
    page.tap("#concede")
    page.wait_for_selector("#dialog[open]")
    page.screenshot(path=str(artifacts / "umpire-concede-tablet.png"))
    page.tap("#dialog-cancel")
    assert entries(page) == 2  # cancelled: nothing entered
    page.tap("#concede")
    page.tap("#dialog [data-choice=match]")
    page.tap("#dialog [data-choice=confirm]")
    page.wait_for_function("window.umpire && umpire.state.state.over")
    assert "ICF 139" in page.inner_text("#ruling") and "Match over" in page.inner_text("#score")
    assert page.is_visible("#end")  # the scorecard offered at the end
    page.screenshot(path=str(artifacts / "umpire-match-over-tablet.png"))
    with page.expect_download() as download:
        page.tap("#end-pdf")
    assert open(download.value.path(), "rb").read(4) == b"%PDF"

    url = page.url.split("#")[0]
    watcher = open_page(browser, errors, **PHONE)
    watcher.goto(url)  # the umpire's page without the key
    watcher.wait_for_function("window.umpire && umpire.ready")
    assert not watcher.is_visible("#pad") and "umpire's key" in watcher.inner_text("#error")
    watcher.goto(server.url + "scoreboard/nope")
    watcher.wait_for_function("document.getElementById('error').textContent.includes(\"no umpire's match\")")
    assert not errors, errors


def test_a_terminal_record_imported_and_scored_on_a_phone(server, browser, tmp_path, artifacts):
    from typer.testing import CliRunner

    from carrom.cli.app import app

    path = tmp_path / "terminal.json"
    setup = ["icf", "singles", "Asha", "", "Ravi", ""] + [""] * 11 + ["south", "break"]
    result = CliRunner().invoke(app, ["umpire", "new", str(path)], input="\n".join(setup + ["w", "b", "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    errors = []
    page = open_page(browser, errors, **PHONE)
    page.goto(server.url + "umpire")
    page.wait_for_function("window.umpire && umpire.ready")
    page.set_input_files("#import-file", str(path))
    page.tap("#import-start")
    page.wait_for_function("window.umpire && umpire.ready && umpire.canEnter")
    assert entries(page) == 2 and "North (Ravi) to play" in page.inner_text("#prompt")
    tap_stroke(page, enter="#nothing")
    assert entries(page) == 3
    page.screenshot(path=str(artifacts / "umpire-phone.png"), full_page=True)
    stored = json.loads(page.request.get(server.url.rstrip("/") + page.get_attribute("#link-record", "href")).text())
    assert stored["format"] == "carrom-record"
    assert not errors, errors


def test_the_bell_of_a_timed_game_asks_whether_play_was_called(server, browser):
    """004 law 40: a board begun when the bell rings is played out; none starts after it. The tablet's
    bell asks which, as the terminal's `time begun` / `time waiting` do, and the record keeps it."""
    errors = []
    page = open_page(browser, errors, **TABLET)
    start_with(page, server.url, "#variant", "timed")
    tap_stroke(page, enter="#nothing")
    page.tap("#bell")
    page.wait_for_selector("#dialog[open]")
    assert "004 law 40" in page.inner_text("#dialog-text")
    page.tap("#dialog-cancel")
    assert entries(page) == 1  # cancelled: no bell entered
    page.tap("#bell")
    n = entries(page)
    page.tap("#dialog [data-choice=begun]")
    page.wait_for_function(f"window.umpire && umpire.state.entries !== {n} && !umpire.busy")
    record = page.evaluate("(id) => fetch(`/api/umpire/${id}/record`).then((r) => r.json())",
                           page.evaluate("location.pathname").split("/")[-1])
    last = Record.from_dict(record).entries[-1]
    assert isinstance(last, TimeoutEntry) and last.board_begun is True
    assert not errors, errors


def test_the_tablet_sets_the_stage_and_names_each_offender(server, browser):
    """ICF 56 b, 60 b: the setup form takes the match's stage; ICF 63 b, 51: a breach and a forfeit name who broke
    the law, which need not be the player in turn (North here, while South is to play)."""
    errors = []
    page = open_page(browser, errors, **TABLET)
    start_with(page, server.url, "#stage", "quarter-final")
    assert page.evaluate("umpire.state.header.stage") == "quarter-final"
    tap_stroke(page, WHITE)  # South plays on (ICF 48)

    ruling = tap_choices(page, "#declare", "technical", "north")
    assert "Ravi" in ruling and "ICF 63 b" in ruling  # the player at north, named (issue 42 item 6)
    assert "ICF 51" in tap_choices(page, "#forfeit", "ICF 51", "north", "confirm")
    record = load_record(page.evaluate("fetch(umpire.state.links.record).then((r) => r.text())"))
    last = record.entries[-1]
    assert (last.TYPE, last.offender, last.law) == ("forfeit", "north", "ICF 51")
    assert record.header.stage == "quarter-final"
    assert not errors, errors


# -- a real table: nothing irreversible on one tap, a double tap is one entry, the pad stays put (issue 23) --

def dialog_open(page):
    return page.evaluate("document.getElementById('dialog').open")


def test_an_entry_that_ends_a_board_or_the_match_asks_first(server, browser, artifacts):
    """ICF 143 a (a player who leaves the board loses the match), ICF 140 and 142 (the board replayed) and ICF 139
    (a concession) end a board or the match at once: the tablet asks before it sends any of them, and Cancel
    enters nothing."""
    errors = []
    page = open_page(browser, errors, **TABLET)
    start(page, server.url)
    flows = [("#declare", "absent", "south"), ("#declare", "replay"), ("#declare", "no-room"), ("#concede", "match"),
             ("#forfeit", "ICF 51", "north")]
    for button, *choices in flows:
        page.tap(button)
        for choice in choices:
            page.tap(f"#dialog [data-choice='{choice}']")
        page.wait_for_selector("#dialog [data-choice='confirm']")
        if button == "#concede":
            page.screenshot(path=str(artifacts / "umpire-confirm-tablet.png"))
        page.tap("#dialog-cancel")
        assert entries(page) == 0 and not dialog_open(page), (button, choices)
    assert "ICF 143 a" in tap_choices(page, "#declare", "absent", "south", "confirm")
    assert page.evaluate("umpire.state.state.over")
    assert not errors, errors


SEEN_MS = 800  # longer than the tablet takes to count an answer seen (umpire.js SEEN)


def test_a_double_tap_is_one_entry(server, browser):
    """A second tap on the same spot before the umpire can have seen the answer of the first was made against the
    state before it: the tablet sends that state's revision and the server refuses it. Nothing in tapped twice
    enters one stroke (South's, ICF 48 passes the turn to North, not a stroke of North's too); Undo tapped twice
    undoes one."""
    errors = []
    page = open_page(browser, errors, **TABLET)
    start(page, server.url)
    for _ in range(2):
        tap_stroke(page, enter="#nothing")
        page.wait_for_timeout(SEEN_MS)  # the umpire has seen the answer: the next tap is a new stroke
    assert entries(page) == 2
    for button, after in (("#nothing", 3), ("#undo", 2)):
        with page.expect_response(lambda r: r.url.endswith("/entries")):
            page.tap(button)
        page.wait_for_function(f"umpire.state.entries === {after} && !umpire.busy")
        with page.expect_response(lambda r: r.url.endswith("/entries")) as second:
            page.tap(button)  # the finger again, 250 ms or less after the first
        page.wait_for_function("!umpire.busy")
        assert second.value.status == 409 and entries(page) == after, button
        page.wait_for_timeout(SEEN_MS)
    assert not [e for e in errors if "409" not in e], errors


def in_window(page, selector):
    """Where ``selector`` is in the window, whatever the scrolling: what the umpire sees."""
    return page.locator(selector).bounding_box()


def test_a_refusal_shows_by_the_pad_in_its_words_and_the_pad_stays(server, browser, artifacts):
    """A refused stroke is said beside the pad in the words of its buttons, and the pad does not move as the
    ruling above it grows: Enter stroke keeps its place, and Undo is in view when a board ends (ICF 139: a
    conceded board)."""
    errors = []
    page = open_page(browser, errors, **TABLET)
    start(page, server.url)
    enter_at = in_window(page, "#enter")  # held at the window's foot (issue 42 item 8): its place in the window
    assert enter_at["y"] + enter_at["height"] <= 1024  # the pad in view from the start
    page.tap("#touched-nothing")
    page.tap("#nothing")
    page.wait_for_selector("#refusal:not(:empty)")
    refusal = page.inner_text("#refusal")
    assert "Touched nothing" in refusal and "Nothing in" in refusal and "'x'" not in refusal
    where = in_window(page, "#refusal")
    assert 0 <= where["y"] and where["y"] + where["height"] <= 1024 and abs(where["y"] - enter_at["y"]) < 200
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / "umpire-refusal-tablet.png"))
    page.tap("#clear")
    tap_stroke(page, WHITE, STRIKER)  # a due: a ruling of several lines (ICF 73, 72 a)
    assert in_window(page, "#enter")["y"] == enter_at["y"]
    tap_command(page, "#place")
    tap_choices(page, "#concede", "board", "confirm")
    assert in_window(page, "#enter")["y"] == enter_at["y"]
    undo = in_window(page, "#undo")
    assert undo["y"] + undo["height"] <= 1024
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / "umpire-board-end-tablet.png"))
    assert not errors, errors


def test_the_scoreboard_fits_a_phone_for_spectators(server, browser, artifacts):
    """On a 390 px phone the scoreboard is no wider than the screen, a long name is not broken inside a word, a
    finished game's score is shown, and spectators read neither the laws' glosses nor the terminal's words."""
    errors = []
    page = open_page(browser, errors, **TABLET)
    set_up(page, server.url)
    page.fill("input[name=name-north]", "Venkataraghavan Subramaniam")
    page.tap("#start")
    page.wait_for_function("window.umpire && umpire.ready && umpire.canEnter")
    tap_stroke(page, WHITE, STRIKER)
    tap_choices(page, "#concede", "game", "confirm")  # ICF 139: North concedes game 1
    spectator = open_page(browser, errors, **PHONE)
    spectator.goto(page.input_value("#scoreboard-url"))
    spectator.wait_for_function("window.scoreboard && scoreboard.state && scoreboard.connected")
    spectator.screenshot(path=str(artifacts / "scoreboard-phone-game-over.png"), full_page=True)
    assert spectator.evaluate("document.documentElement.scrollWidth") <= 390
    broken = spectator.evaluate("""() => [...document.querySelectorAll('#score .name')].some((n) => {
        const text = n.lastChild, r = document.createRange(), at = text.data.indexOf('Venkataraghavan');
        if (at < 0) return false;
        r.setStart(text, at); r.setEnd(text, at + 'Venkataraghavan'.length);
        return r.getClientRects().length > 1; })""")
    assert not broken
    games = spectator.inner_text("#games")
    assert "0" in games and "Venkataraghavan" in spectator.inner_text("#score")
    text = spectator.inner_text("body")
    assert not spectator.query_selector_all("small.law")
    for word in ("undo", "comment, status", "declare ", "SEAT"):
        assert word not in text, word
    # the entries in plain words, not the umpire's notation ("ws")
    assert "South (Asha) pockets 1 white, the striker" in text and "strikes: ws" not in text
    assert not errors, errors
