"""The pages in Spanish, French, Italian and Slovenian: no English the catalogs translate is left showing.

Each language comes from the browser's Accept-Language (the server's pick, GET /api/catalog) or from
the switcher (remembered in localStorage). The check compares every visible text, placeholder,
label and option with the catalog's English ids: none whose translation differs may appear, as it
is or filled in (a "{who}: your turn to strike" with any name). What the server says (rulings, the
umpire's entries, notices) comes as message ids with their parameters and is checked the same way;
texts made of fragments are caught by a list of English words (ENGLISH_WORDS).
"""

import contextlib
import re

import pytest
from test_web_browser import js, shoot, start_vs_computer, wait_idle

from carrom.i18n import translator
from carrom.i18n.catalogs import read

LANGS = ["es", "fr", "it", "sl"]
PLACEHOLDER = re.compile(r"\\\{\w+\\\}")

SHOWN = """(skip) => {
  const out = [];
  const hidden = (el) => !el.checkVisibility() || el.closest("[translate=no], .lang-switch" + (skip ? ", " + skip : ""));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.data.split(/\\s+/).filter(Boolean).join(" ");
    if (text && n.parentElement && n.parentElement.tagName !== "OPTION" && !hidden(n.parentElement)) out.push(text);
  }
  for (const el of document.querySelectorAll("option, [placeholder], [aria-label]")) {
    const host = el.tagName === "OPTION" ? el.closest("select") : el;
    if (!host || hidden(host)) continue;
    for (const v of [el.tagName === "OPTION" ? el.text : null, el.getAttribute("placeholder"), el.getAttribute("aria-label")]) {
      if (v && v.trim()) out.push(v.split(/\\s+/).filter(Boolean).join(" "));
    }
  }
  out.push(document.title);
  return out;
}"""


def english_left(lang):
    """A checker: the shown texts that are an English id of the catalog whose translation differs."""
    catalog = read(lang)
    said = set()
    pairs = []
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        said.update(forms)
        pairs += [(i, forms) for i in ids]
    plain = {i for i, forms in pairs if i not in forms and i not in said}
    patterns = templates(plain)
    translated = templates(said)  # a text that is a translation filled in is in the reader's language

    def check(texts):
        return sorted({t for t in texts if t not in said and (t in plain or any(p.fullmatch(t) for p in patterns))
                       and not any(p.fullmatch(t) for p in translated)})
    return check


def templates(messages):
    """Each message with placeholders and a word of its own, as a pattern its filled-in forms match."""
    return [re.compile(PLACEHOLDER.sub(".+", re.escape(m))) for m in messages
            if "{" in m and re.search(r"[^\W\d_]{3}", re.sub(r"\{\w+\}", "", m))]


def page_in(browser, lang, errors):
    context = browser.new_context(locale=lang, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


@contextlib.contextmanager
def reading(browser, lang):
    """A page in a browser whose language is ``lang``: no script error may happen on it; closed afterwards."""
    errors = []
    page = page_in(browser, lang, errors)
    try:
        yield page
        assert errors == []
    finally:
        page.context.close()


def looked(page, check, artifacts, name, every_size=False):
    """The English ``check`` finds on the page now (none expected), after a screenshot into the artefacts (at the
    three sizes of ``shots`` when ``every_size``)."""
    if every_size:
        shots(page, artifacts, name)
    else:
        page.screenshot(path=str(artifacts / f"{name}.png"))
    return check(page.evaluate(SHOWN, None))


def open_at(page, url, lang):
    """Open a page and wait until it has loaded its catalog and drawn itself, in lang."""
    page.goto(url)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.lang") == lang


def test_the_checker_sees_english_on_an_english_page(server, browser, artifacts):
    """The comparison must be able to fail: an English page shows many of the ids."""
    with reading(browser, "en") as page:
        open_at(page, server.url, "en")
        assert {"New match", "Start", "south"} <= set(looked(page, english_left("es"), artifacts, "i18n-en-main"))


def test_the_switcher_changes_the_language_and_is_remembered(server, browser):
    with reading(browser, "en") as page:
        page.goto(server.url)
        page.wait_for_selector("#setup:not([hidden])")
        page.select_option("#lang-switch", "sl")
        page.wait_for_function("document.documentElement.lang === 'sl'")
        page.wait_for_selector("#setup:not([hidden])")
        assert "Nova tekma" in page.inner_text("#setup h2")
        page.goto(server.url + "practice")  # another page, no query: the choice is remembered
        page.wait_for_function("document.documentElement.lang === 'sl'")
        assert page.input_value("#lang-switch") == "sl"


# English words that are no word of Spanish, French, Italian or Slovenian (nor a term their law texts or
# catalogs borrow: "board", "game", "match", "striker", "replay", "points", "computer", "due" are left out):
# a text made of fragments (not a catalog id) that shows one of them is English left untranslated.
ENGLISH_WORDS = re.compile(r"\b(the|and|of|by|with|from|won|wins|white|black|queen|scorecard|watch|strikes|"
                           r"pockets|loading|nobody|outstanding|your|turn|waiting|covered|pocketed|owes|none|play)\b",
                           re.IGNORECASE)


def english_shown(lang):
    """A checker: the shown texts that are an English id of the catalog or hold an English word."""
    left = english_left(lang)
    return lambda texts: left(texts) + sorted({t for t in texts if ENGLISH_WORDS.search(t)})


SIZES = {"desktop": (1280, 800), "phone": (390, 844), "tablet": (768, 1024)}


def shots(page, artifacts, name):
    """The page at the three sizes (desktop, phone, tablet), whole, into the artefacts; back to the desktop's."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(artifacts / f"{name}-{size}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def umpire_started(page, url):
    """The tablet umpire: a match between Asha and Ravi set up, ready for its first entry."""
    page.goto(url + "umpire")
    page.wait_for_function("window.umpire && umpire.ready")
    page.fill("input[name=name-south]", "Asha")
    page.fill("input[name=name-north]", "Ravi")
    page.click("#start")
    page.wait_for_function("window.umpire && umpire.ready && umpire.canEnter")


def umpire_entry(page, url):
    """The tablet umpire: a match set up and one stroke entered (a white pocketed)."""
    umpire_started(page, url)
    page.click("[data-pocket=w]")
    page.click("#enter")
    page.wait_for_function("window.umpire && umpire.state.entries === 1 && !umpire.busy")


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_and_what_the_server_says_in_the_readers_language(server, browser, artifacts, lang):
    """Nothing left out: the main, practice and umpire pages as they open, then the rulings, the scoreboard
    panel, the buttons, past matches, a stroke's replay, the live scoreboard and the tablet umpire after an
    entry, practice with a drill set up and predicted."""
    check = english_shown(lang)
    found = {}
    every_size = lang == LANGS[0]  # the check reads the desktop's texts; the other sizes' pictures, once
    with reading(browser, lang) as page:
        for path in ["", "practice", "umpire"]:  # each page as it opens, before anything is done on it
            open_at(page, server.url + path, lang)
            found[path or "main"] = looked(page, check, artifacts, f"i18n-{lang}-{path or 'main'}")
        start_vs_computer(page, server.url + f"?lang={lang}", level="beginner")
        shoot(page, "south", pull=0.14)
        page.wait_for_function("carrom.state.log.length > 0", timeout=60000)
        wait_idle(page)
        page.wait_for_selector("#rulings li")
        found["stroke"] = looked(page, check, artifacts, f"i18n-{lang}-all-stroke", every_size=every_size)
        room = js(page, "location.pathname").split("/")[-1]

        open_at(page, server.url + "matches", lang)
        page.wait_for_selector("#match-list a[href^='/replay/']")
        found["matches"] = looked(page, check, artifacts, f"i18n-{lang}-all-matches", every_size=every_size)

        open_at(page, server.url + f"replay/{room}#stroke=1", lang)
        page.wait_for_function("window.carrom && carrom.replay && carrom.replay.shown && carrom.replay.step === 1")
        found["replay"] = looked(page, check, artifacts, f"i18n-{lang}-all-replay", every_size=every_size)

        umpire_entry(page, server.url)
        found["umpire"] = looked(page, check, artifacts, f"i18n-{lang}-all-umpire", every_size=every_size)
        scoreboard = page.input_value("#scoreboard-url")
        open_at(page, scoreboard, lang)
        page.wait_for_function("window.scoreboard && scoreboard.state && scoreboard.connected")
        found["scoreboard"] = looked(page, check, artifacts, f"i18n-{lang}-all-scoreboard", every_size=every_size)

        open_at(page, server.url + "practice", lang)
        page.wait_for_selector("#drills [data-drill]")
        page.click("#drills [data-drill]")
        page.click("#predict")
        page.wait_for_selector("#outcome h3")
        found["practice"] = looked(page, check, artifacts, f"i18n-{lang}-all-practice", every_size=every_size)
    left = {where: texts for where, texts in found.items() if texts}
    assert not left, "\n".join(f"{where}: {texts}" for where, texts in left.items())


@pytest.mark.parametrize("lang", LANGS)
def test_the_servers_refusals_in_the_readers_language(server, browser, lang):
    """A refusal the server words as a message (carrom.i18n.said) is shown in the reader's words: a room that
    does not exist (over the websocket), an undo with nothing to undo on the tablet (over HTTP)."""
    tr = translator(lang)
    with reading(browser, lang) as page:
        open_at(page, server.url + "room/nosuch", lang)
        page.wait_for_selector("#page-error:not([hidden])")
        assert page.inner_text("#page-error") == tr.gettext("there is no match {room}: check the link", room="'nosuch'")
        umpire_started(page, server.url)
        page.click("#undo")
        page.wait_for_selector("#refusal:not(:empty)")  # said beside the pad, where the thumb is
        assert page.inner_text("#refusal") == tr.gettext("nothing to undo") != "nothing to undo"
        # the tablet's scorecard is asked for in the tablet's language (the endpoint builds it in that language)
        assert page.get_attribute("#link-html", "href").endswith(f"?lang={lang}")


def test_a_malformed_message_and_a_refused_intent_in_spanish(server, browser, artifacts):
    """What a page would not send is refused in the reader's words too: a strike whose ``along`` is no number
    (the websocket's validator: the field's name stays as it is) and, under the French rules, a side conceding the
    game out of its turn (the referee, 001 §4 q)."""
    tr = translator("es")
    with reading(browser, "es") as page:
        open_at(page, server.url, "es")
        made = page.evaluate("""async () => {
          const r = await fetch("/api/rooms", {method: "POST", headers: {"Content-Type": "application/json"},
            body: JSON.stringify({variant: "fr-official", players: {south: {type: "me", name: "Asha"},
                                                                    north: {type: "me", name: "Ravi"}}})});
          const made = await r.json();
          localStorage.setItem("carrom-token-" + made.room, made.token);
          return made;
        }""")
        open_at(page, server.url + made["url"].lstrip("/"), "es")
        page.wait_for_function("carrom.state && carrom.state.expected && carrom.state.expected.seat === 'south'")
        page.evaluate("carrom.send({type: 'strike', seat: 'south', along: 'left', angle: 0, power: 0.5})")
        malformed = tr.gettext("{key} must be a number, got {value}", key="along", value="'left'")
        page.wait_for_function("(text) => document.getElementById('game-error').textContent === text", arg=malformed)
        assert malformed.startswith("along ") and malformed != "along must be a number, got 'left'"
        page.evaluate("carrom.send({type: 'concede', seat: 'north', what: 'game'})")
        page.wait_for_function("(text) => document.getElementById('game-error').textContent.includes(text)",
                               arg="(001 §4 q)")
        refused = page.inner_text("#game-error")
        assert refused == tr.gettext("{side} may concede only on their own turn; it is {seat}'s turn (001 §4 q)",
                                     side=tr.gettext("North"), seat=tr.gettext("South")), refused
        page.screenshot(path=str(artifacts / "i18n-es-refused.png"))
