"""The players' pages in Spanish, French, Italian and Slovenian (docs/play.*.md): each exists and is linked from
the README and docs/i18n.md, its links resolve, every `carrom` command and option it quotes is one `carrom --help`
lists, and the buttons it names are the ones the pages show in that language."""

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carrom.cli.app import app
from carrom.i18n import translator

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["es", "fr", "it", "sl"]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
# the tablet's buttons a player reads about: each page must name them as the tablet shows them
BUTTONS = ["Start the match", "Touched nothing", "Nothing in", "Enter stroke", "Undo", "Help"]


def page(lang):
    return ROOT / "docs" / f"play.{lang}.md"


def anchors(path):
    """The headings of a Markdown file as GitHub's anchors ("## Playing" -> "playing")."""
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.+)$", path.read_text(), re.MULTILINE)}


def helped(words):
    result = CliRunner().invoke(app, [*words, "--help"], env={"COLUMNS": "200"}, terminal_width=200)
    assert result.exit_code == 0, (words, result.output)
    return result.output


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_exists_and_is_linked(lang):
    assert page(lang).is_file()
    for linking in (ROOT / "README.md", ROOT / "docs" / "i18n.md"):
        targets = {(linking.parent / t).resolve() for t in LINK.findall(linking.read_text())}
        assert page(lang).resolve() in targets, linking


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_resolves(lang):
    links = LINK.findall(page(lang).read_text())
    assert len(links) >= 6
    for target in links:
        assert not target.startswith("http"), target
        path, _, anchor = target.partition("#")
        found = (page(lang).parent / path).resolve()
        assert found.is_file(), target
        assert not anchor or anchor in anchors(found), target


def command_problems(text):
    """Each `carrom …` quoted in code (a block or backticks) whose command or option `carrom --help` does not list."""
    code = "\n".join(re.findall(r"```sh\n(.*?)```", text, re.DOTALL) + re.findall(r"`([^`\n]+)`", text))
    problems, found = [], 0
    for line in code.splitlines():
        for quoted in re.findall(r"\bcarrom ([^#\n]*)", line):
            tokens, words = quoted.split(), []
            while tokens and re.fullmatch(r"[a-z][a-z-]*", tokens[0]) and re.search(
                    rf"│ {tokens[0]}\b", helped(words)):
                words.append(tokens.pop(0))  # a command, then perhaps its subcommand ("umpire new")
            if not words:
                problems.append(f"no such command: carrom {quoted}")
                continue
            found += 1
            shown = helped(words)
            problems += [f"carrom {' '.join(words)} has no {o}" for o in re.findall(r"--[a-z-]+", quoted)
                         if o not in shown]
    return problems, found


def test_the_command_check_can_fail():
    assert command_problems("```sh\ncarrom umpier new m.json\ncarrom replay m.json --pdf x\n```")[0] == [
        "no such command: carrom umpier new m.json", "carrom replay has no --pdf"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_quoted_exists(lang):
    problems, found = command_problems(page(lang).read_text())
    assert found >= 6 and problems == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_buttons_named_are_the_pages_own(lang):
    text, tr = page(lang).read_text(), translator(lang)
    for button in BUTTONS:
        assert f"**{tr.gettext(button)}**" in text, (lang, button, tr.gettext(button))
