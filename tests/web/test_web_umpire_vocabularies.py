"""Every ruleset, stage and computer level the web and the CLI show comes from its one table.

ICF 56 b, 60 b: the stage changes the laws, and a ruleset whose rounds are all alike (001 §3.7 e, §3.8 c) offers
none. Before, the web typed the variants (web/messages.py), the page typed the stages (umpire.html) and the names of
the rulesets and levels (i18n.js), and the terminal asked for a stage under French rules too.
"""

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from carrom.cli.app import app as cli
from carrom.i18n import translator
from carrom.players.levels import TABLE as LEVELS
from carrom.rules import RULESETS, Stage
from carrom.web import create_app

STATIC = Path(__file__).parents[2] / "src" / "carrom" / "web" / "static"


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0)) as c:
        yield c


def test_the_web_serves_the_tables(client):
    tablet = client.get("/api/umpire/options", params={"lang": "fr"}).json()
    fr = translator("fr")
    assert [(r["name"], r["law"], r["title"], r["stages"]) for r in tablet["rulesets"]] == [
        (r.name, r.law, fr.message(r.title), [s.value for s in r.stage_choices]) for r in RULESETS.values()]
    assert [(s["name"], s["law"], s["title"]) for s in tablet["stages"]] == [
        (s.value, s.law, fr.message(s.title)) for s in Stage]
    play = client.get("/api/options").json()
    assert play["variants"] == list(RULESETS) and play["levels"] == [level.key for level in LEVELS]
    names = client.get("/api/catalog/fr").json()["names"]  # what the pages' variantName, levelName word
    assert names == {"variants": {r.name: r.title.msgid for r in RULESETS.values()},
                     "stages": {s.value: s.title.msgid for s in Stage},
                     "levels": {level.key: level.title.msgid for level in LEVELS}}


def test_no_page_types_a_list_of_rulesets_stages_or_levels():
    """A page may name a key where it means that one (a default, the timed game's bell), never list several: the
    lists come from the server's tables."""
    keys = [*RULESETS, *(s.value for s in Stage), *(level.key for level in LEVELS)]
    for path in [*STATIC.glob("*.js"), *STATIC.glob("*.html")]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            quoted = {k for k in keys if re.search(rf"""["'>(|]{re.escape(k)}["'<)|]|\b{re.escape(k)}:""", line)}
            assert len(quoted) <= 1, f"{path.name}:{number} types {sorted(quoted)}"


def test_the_terminal_shows_the_tables_and_asks_a_stage_only_where_the_laws_have_one(tmp_path):
    runner = CliRunner()
    lines = ["fr-official", "singles", "Asha", "", "Ravi", ""] + [""] * 11 + ["south", "break", "quit"]
    result = runner.invoke(cli, ["umpire", "new", str(tmp_path / "m.json"), "--lang", "fr"],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    fr = translator("fr")
    for r in RULESETS.values():
        assert f"{r.name}" in result.output and f"{fr.message(r.title)} ({r.law})" in result.output
    assert fr.message(Stage.QUARTER_FINAL.title) not in result.output  # 001 §3.7 e, §3.8 c: no stage to ask
    icf = ["icf", "singles", "Asha", "", "Ravi", "", "", "", "", "quarter-final"] + [""] * 7 + ["south", "break",
                                                                                                "quit"]
    result = runner.invoke(cli, ["umpire", "new", str(tmp_path / "q.json")], input="\n".join(icf) + "\n")
    assert result.exit_code == 0, result.output
    for s in Stage:
        assert f"{s.value}" in result.output and f"{s.title.msgid} ({s.law})" in result.output
    assert '"stage": "quarter-final"' in (tmp_path / "q.json").read_text()


def test_the_arena_names_every_level():
    output = CliRunner().invoke(cli, ["arena", "--help"], terminal_width=200).output
    help_text = " ".join(re.sub(r"[│╭╮╰╯─]", " ", output).split())
    assert f"random, {', '.join(level.key for level in LEVELS)}, or module:Class" in help_text


def test_the_pages_name_the_tables_entries_in_the_readers_words(server, browser, artifacts):
    """The play page's rules and levels and the tablet's rules and stages, in French, from the tables; under
    fr-official (001 §3.7 e, §3.8 c) the tablet offers no stage; under ICF both (ICF 56 b, 60 b)."""
    fr = translator("fr")
    page = browser.new_context(viewport={"width": 768, "height": 1024}).new_page()
    page.goto(server.url + "?lang=fr")
    page.wait_for_function("document.querySelectorAll('#variants option').length > 0")
    shown = page.eval_on_selector_all("#variants option", "os => os.map((o) => [o.value, o.textContent])")
    assert shown == [[r.name, fr.message(r.title)] for r in RULESETS.values()]
    shown = page.eval_on_selector_all("#levels option", "os => os.map((o) => [o.value, o.textContent])")
    assert shown == [[level.key, fr.message(level.title)] for level in LEVELS]
    page.goto(server.url + "umpire?lang=fr")
    page.wait_for_function("window.umpire && umpire.ready")
    shown = page.eval_on_selector_all("#variant option", "os => os.map((o) => [o.value, o.textContent])")
    assert shown == [[r.name, fr.message(r.title)] for r in RULESETS.values()]
    stages = page.eval_on_selector_all("#stage option", "os => os.map((o) => [o.value, o.textContent])")
    assert stages == [[s.value, fr.message(s.title)] for s in Stage] and page.is_visible("#stage")
    page.select_option("#variant", "fr-official")
    assert not page.is_visible("#stage")
    assert page.eval_on_selector_all("#stage option", "os => os.map((o) => o.value)") == ["early"]
    page.screenshot(path=str(artifacts / "umpire-setup-fr-official-tablet.png"), full_page=True)
    page.context.close()


def test_docs_players_lists_the_levels_of_the_table():
    text = (Path(__file__).parents[2] / "docs" / "players.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\w+) \| ([^|]+?) \| `", text.split("## Levels", 1)[1], re.M)
    assert rows == [(level.key, level.does.msgid) for level in LEVELS]
