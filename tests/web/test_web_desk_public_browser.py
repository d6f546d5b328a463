"""The tournament's public page in Debian's chromium, subscribed (issue 19: spectators while results arrive): read
once, then each result arrives as the new version's changes on the page's subscription, with no reading again, and
the page then holds exactly the view a reader fetches; a page that cannot subscribe reads by polling."""

import httpx

from carrom.web.feed import changes

from test_web_desk_browser import DESKTOP, open_page
from test_web_desk_public_step import new_event


def test_the_public_page_subscribes_and_shows_each_result_as_it_arrives(server, browser):
    """The page read the whole view again every five seconds (each spectator, whether anything had changed, and
    after a result all at once). Now it reads it once and subscribes: three results typed at the desk arrive as
    changes, the page shows each without a reading, and what it holds is the view to the last field."""
    base = server.url
    eid, key, tables = new_event(base)
    errors: list[str] = []
    page = open_page(browser, errors, **DESKTOP)
    page.goto(f"{base}t/{eid}?lang=en")
    page.wait_for_function("window.tournament && tournament.state && tournament.subscribed")
    assert page.evaluate("tournament.readings") == 1
    for n, table in enumerate(tables[:3], 1):
        assert httpx.post(f"{base}api/desk/{eid}/result", headers=key,
                          json={"round": 1, "table": table, "games": f"25-{n} 25-{n + 1}"}).status_code == 200
        page.wait_for_function(f"tournament.updates === {n + 1}")
        row = page.locator(f"#r1t{table}").inner_text()
        assert f"25–{n}" in row and f"25–{n + 1}" in row, row
    now = httpx.get(f"{base}api/t/{eid}")
    assert page.evaluate("tournament.state") == now.json()
    assert page.evaluate("tournament.etag") == now.headers["etag"]
    assert page.evaluate("tournament.readings") == 1, "every result came on the subscription"
    # the standings' new order (a player who moved up), as carrom.web.feed.changes sends it, applied by the page's own
    # module: the rows in their order, then what changed in a row
    rows = [{"competitor": c, "rank": i + 1} for i, c in enumerate((7, 8, 9, 10))]
    after = [dict(r, rank=i + 1) for i, r in enumerate([rows[0], rows[3], rows[1], rows[2]])]
    ops = changes({"standings": rows}, {"standings": after})
    assert ops[0][2] == "order"
    assert page.evaluate("([view, ops]) => import('/static/tournament-feed.js').then((m) => m.applied(view, ops))",
                         [{"standings": rows}, ops]) == {"standings": after}
    page.goto(f"{base}t/{eid}?lang=en&poll=300#standings")  # polling, as where EventSource is missing
    page.wait_for_function("window.tournament && tournament.readings >= 3")
    assert not page.evaluate("tournament.subscribed") and page.evaluate("tournament.state") == now.json()
    page.context.close()
    assert not errors, errors
