"""Beside the match, in Debian's chromium (issue 39; docs/web.md "Presence", "Quick messages", "Watching the
aim"): Asha on a laptop, Ravi on a phone and a watcher share an online room with clocks. Ravi's quick message
shows on Asha's page in her words, and not once she mutes them; the watcher sees Asha's striker where she moves
it, and no longer once she hides her aim; Ravi's page gone, Asha's says how long he has to come back (ICF 143 a).
Each fails on main (no quick messages, no aim, no presence)."""

import json
import urllib.request

DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def post(url, body):
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def room_page(browser, server, errors, room, token, **context):
    ctx = browser.new_context(**context)
    if token:
        ctx.add_init_script(f"localStorage.setItem('carrom-token-{room}', '{token}')")
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}room/{room}?lang=en")
    page.wait_for_function("window.carrom && carrom.state && !carrom.busy")
    return page


def test_presence_quick_messages_and_the_aim_beside_the_match(server, browser):
    made = post(server.url + "api/rooms", {"variant": "icf", "clocks": True, "players": {
        "south": {"type": "me", "name": "Asha"}, "north": {"type": "open", "name": "Ravi"}}})
    room, invite = made["room"], made["links"]["invite"].split("#invite=")[1]
    ravi_token = post(f"{server.url}api/rooms/{room}/join", {"seat": "north", "name": "Ravi", "invite": invite})["token"]
    errors: list[str] = []
    asha = room_page(browser, server, errors, room, made["token"], **DESKTOP)
    ravi = room_page(browser, server, errors, room, ravi_token, **PHONE)
    watcher = room_page(browser, server, errors, room, None, **DESKTOP)
    assert watcher.is_hidden("#quick") and asha.is_visible("#quick")  # the players' only

    ravi.click("#quick [data-quick=good_luck]")
    asha.wait_for_function("document.getElementById('quick-heard').textContent === 'Ravi: Good luck'")
    asha.check("#quick-mute")
    assert asha.is_hidden("#quick-heard")

    asha.focus("#board")  # Asha breaks: she moves her striker with the keys, the watcher sees it move
    for _ in range(3):
        asha.keyboard.press("Shift+ArrowRight")
    along = asha.evaluate("carrom.striker.along")
    watcher.wait_for_function(f"carrom.aim && Math.abs(carrom.aim.along - {along}) < 1e-4 && carrom.aim.seat === 'south'")
    asha.click("summary:has-text('Settings and keys')")
    asha.uncheck("#share-aim")
    asha.focus("#board")
    asha.keyboard.press("Shift+ArrowRight")
    assert abs(asha.evaluate("carrom.striker.along") - along) > 1e-3
    asha.wait_for_timeout(400)
    assert abs(watcher.evaluate("carrom.aim.along") - along) < 1e-4  # hidden: the watcher's stays where it was

    ravi.wait_for_timeout(2100)  # one quick message every two seconds
    ravi.click("#quick [data-quick=well_played]")
    ravi.wait_for_function("document.getElementById('quick-heard').textContent === 'Ravi: Well played'")
    assert asha.is_hidden("#quick-heard")  # muted: Asha's page shows nothing of it

    ravi.context.close()
    asha.wait_for_function("document.getElementById('away').textContent.startsWith('Ravi has left the board: ')")
    assert "s to come back before the match is lost at their turn (ICF 143 a)" in asha.inner_text("#away")
    assert errors == []
