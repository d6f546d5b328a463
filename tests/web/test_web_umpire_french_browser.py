"""A whole doubles match under the French federation's official rules (001), scored in French on a 768×1024 tablet:
every ruling cites 001 where 001 has the law (RuleSet.cite), the players change places game by game (001 §3.8 b)
and in the deciding game (001 §3.8 c), and the tablet speaks French throughout."""

from carrom.rules.ruleset import FRENCH_OFFICIAL_CITES

from test_web_umpire_browser import TABLET, open_page

NAMES = {"south": "Amélie", "east": "Bruno", "north": "Chloé", "west": "Damien"}


def laws_of(page):
    return page.evaluate("umpire.state.log[0].said.lines.map((l) => l.law).filter(Boolean)")


def win_board(page, side):
    """The board for ``side`` in one stroke: the queen and its nine coins (001 §3.12 e: covered in the same stroke).
    If the other side is in turn, it first pockets nothing and the turn passes (001 §3.6 a)."""
    laws = []
    state = page.evaluate("umpire.state")
    if state["state"]["seat"] not in state["sides"][side]["seats"]:
        n = state["entries"]
        page.tap("#nothing")
        page.wait_for_function(f"umpire.state.entries === {n + 1} && !umpire.busy")
        laws += laws_of(page)
        state = page.evaluate("umpire.state")
    seat = state["state"]["seat"]
    colour = "w" if state["state"]["colours"][seat] == "white" else "b"
    n = state["entries"]
    page.tap("[data-pocket=q]")
    for _ in range(9):
        page.tap(f"[data-pocket={colour}]")
    page.tap("#enter")
    page.wait_for_function(f"umpire.state.entries === {n + 1} && !umpire.busy")
    assert not page.is_visible("#error"), page.inner_text("#error")
    return laws + laws_of(page)


def test_a_whole_french_doubles_match_on_the_tablet(server, browser, artifacts):
    """001 §3.7 b, e: a board is won by the opponents' coins left and the queen, a game at 25 points; 001 §3.8 b:
    in doubles everyone moves one place to the right after each game; §3.8 c: in the deciding game once more, at
    13 points; ICF 138: the rest before it (001 has no such law, so ICF's is cited)."""
    errors = []
    page = open_page(browser, errors, **TABLET)
    page.goto(server.url + "umpire?lang=fr")
    page.wait_for_function("window.umpire && umpire.ready")
    page.select_option("#variant", "fr-official")
    page.check("input[name=kind][value=doubles]")
    for seat, name in NAMES.items():
        page.fill(f"input[name=name-{seat}]", name)
    page.tap("#start")
    page.wait_for_function("window.umpire && umpire.ready && umpire.canEnter")
    assert page.evaluate("umpire.state.header.variant") == "fr-official"
    cited = []
    for side in (0, 0, 0, 1, 1, 1):  # 36–0, then 0–36: one game each
        cited += win_board(page, side)
    state = page.evaluate("umpire.state")
    assert state["state"]["games_won"] == [1, 1] and state["rest"]["minutes"] == 10
    facts = page.inner_text("#facts")
    assert "pause avant le game 3" in facts
    page.screenshot(path=str(artifacts / "umpire-french-doubles-rest-tablet.png"))
    for side in (0, 0, 0):
        cited += win_board(page, side)
    state = page.evaluate("umpire.state")
    assert state["state"]["over"] and state["state"]["winner"] == state["sides"][0]["name"]
    icf_where_001_has_it = sorted({law for law in cited if law in dict(FRENCH_OFFICIAL_CITES)})
    assert icf_where_001_has_it == []
    for law in ("001 §3.8 b", "001 §3.8 c", "001 §3.7 b", "001 §3.7 e", "001 §3.12 e", "ICF 138"):
        assert law in cited, law
    text = page.inner_text("body")
    for english in ("Game 1 · board", "games 2", "Enter stroke", "Undo", "Match over"):
        assert english not in text, english
    assert "Chloé" in page.inner_text("#score") and "game" in page.inner_text("#score")
    page.screenshot(path=str(artifacts / "umpire-french-doubles-over-tablet.png"))
    assert not errors, errors
