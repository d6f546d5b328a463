"""A stroke is entered once (issue 42 item 5), in Debian's chromium on two 768×1024 tablets: the pad's pending taps
belong to the state they were tapped on. They go with a refusal and with any change of the record this tablet did
not make; a stroke tapped on a state another tablet moved on is refused, and both tablets show what happened; and a
deliberate second tap after an answer is an entry (two coins owed, two placed: ICF 72 a, 78 a, 84).

On main a stroke half tapped on tablet 1 survived tablet 2's entry and was sent again on the new state, the taps
of a refused entry were added to the next stroke ("w" then "ww"), and a second Place 300 ms after the first
answer was refused as a double tap.
"""

import json

from test_web_umpire_browser import STRIKER, QUEEN, TABLET, WHITE, entries, open_page, start, tap_command, tap_stroke


def second_tablet(browser, errors, page):
    """The same match on another tablet, opened from the first one's link (its key in the fragment)."""
    other = open_page(browser, errors, **TABLET)
    other.goto(page.url)
    other.wait_for_function("window.umpire && umpire.ready && umpire.canEnter")
    return other


def sent_lines(page):
    lines = []
    page.on("request", lambda r: lines.append(json.loads(r.post_data)["line"]) if r.url.endswith("/entries") else None)
    return lines


def test_a_stroke_half_tapped_on_one_tablet_goes_when_another_tablet_enters(server, browser):
    errors = []
    one = open_page(browser, errors, **TABLET)
    start(one, server.url)
    two = second_tablet(browser, errors, one)
    one.tap(WHITE)
    assert one.inner_text("#line") == "w"
    tap_stroke(two, enter="#nothing")  # South's stroke, entered on the second tablet: nothing in (ICF 48)
    one.wait_for_function("umpire.state.entries === 1")
    # the first tablet shows the new record, its taps gone and why: no stroke of North's is made of South's taps
    assert one.inner_text("#line") == "—" and one.is_disabled("#enter")
    assert "Another tablet entered «South (Asha) strikes: -»" in one.inner_text("#refusal")
    assert "North (Ravi) to play" in one.inner_text("#prompt")
    assert entries(one) == entries(two) == 1
    assert not [e for e in errors if "409" not in e], errors


def test_a_stroke_tapped_on_a_state_another_tablet_moved_on_is_refused_and_both_show_it(server, browser):
    """The race: tablet 1's Enter leaves before the live update of tablet 2's entry reaches it. It carries the
    revision its taps were made on, the server refuses it as stale, and tablet 1 shows the refusal with what
    tablet 2 entered; tablet 2 shows its own entry's ruling; the record holds one stroke."""
    errors = []
    one = open_page(browser, errors, **TABLET)
    held, hold = [], [True]

    def late(ws):  # the first tablet's live updates held back, as on a slow Wi-Fi
        server_ws = ws.connect_to_server()
        server_ws.on_message(lambda m: held.append(m) if hold[0] else ws.send(m))

    one.route_web_socket("**/ws/umpire/**", late)
    start(one, server.url)
    two = second_tablet(browser, errors, one)
    lines = sent_lines(one)
    one.tap(WHITE)
    tap_stroke(two, enter="#nothing")
    with one.expect_response(lambda r: r.url.endswith("/entries")) as answer:
        one.tap("#enter")
    one.wait_for_function("!umpire.busy && umpire.state.entries === 1")
    assert answer.value.status == 409 and lines == ["w"]
    refusal = one.inner_text("#refusal")
    assert "the record moved on" in refusal and "Another tablet entered «South (Asha) strikes: -»" in refusal, refusal
    assert one.inner_text("#line") == "—"
    assert "ICF 48" in two.inner_text("#ruling") and two.inner_text("#refusal") == ""
    hold[0] = False
    assert entries(one) == entries(two) == 1
    assert not [e for e in errors if "409" not in e], errors


def test_the_taps_of_a_refused_entry_are_not_added_to_the_next_stroke(server, browser):
    errors = []
    page = open_page(browser, errors, **TABLET)
    start(page, server.url)
    lines = sent_lines(page)
    page.tap(QUEEN)
    page.tap(QUEEN)
    page.tap("#enter")
    page.wait_for_selector("#refusal:not(:empty)")
    refusal = page.inner_text("#refusal")
    assert "only one queen" in refusal and "«qq» was not entered" in refusal, refusal
    assert page.inner_text("#line") == "—" and entries(page) == 0
    tap_stroke(page, WHITE)  # South pockets a white: "w", not "qqw"
    assert lines == ["qq", "w"] and entries(page) == 1
    assert not [e for e in errors if "400" not in e], errors


def test_a_second_place_tapped_after_the_first_answer_places_the_second_coin(server, browser):
    """South pockets a white, then a white and the striker: the white comes back and a due is owed, two coins
    to place (ICF 73, 72 a, 78 a). Place tapped, its answer shown, and Place tapped again 300 ms later: both coins placed."""
    errors = []
    page = open_page(browser, errors, **TABLET)
    start(page, server.url)
    tap_stroke(page, WHITE)  # South pockets a white and plays on (ICF 48)
    page.tap(WHITE)
    page.tap(STRIKER)
    tap_stroke(page)
    assert "to place" in page.inner_text("#facts")
    n = entries(page)
    assert "ICF 84" in tap_command(page, "#place")
    page.wait_for_timeout(300)
    with page.expect_response(lambda r: r.url.endswith("/entries")) as second:
        page.tap("#place")
    page.wait_for_function("!umpire.busy")
    assert entries(page) == n + 2, (second.value.status, second.value.json(), page.inner_text("#refusal"))
    assert second.value.status == 200 and "to place" not in page.inner_text("#facts")
    assert not errors, errors
