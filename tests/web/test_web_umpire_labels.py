"""The tablet's buttons say different things in every language: no two buttons that can show at once share a word.

Found in French: Undo and the dialogs' Cancel were both "Annuler", so an umpire who meant to close a dialog could
take back an entry (issue 23). The labels are read from the page and its script, so a new button is checked too.
"""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from carrom.i18n import LANGUAGES, translator

STATIC = Path(__file__).parents[2] / "src" / "carrom" / "web" / "static"


class _Buttons(HTMLParser):
    """The text of every <button> and button-styled link on the page (what translatePage translates)."""

    def __init__(self):
        super().__init__()
        self.labels: list[str] = []
        self._open: list[str] | None = None
        self._skip = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "button" or (tag == "a" and "button" in (a.get("class") or "").split()):
            self._open = []
            self._skip = a.get("translate") == "no"

    def handle_data(self, data):
        if self._open is not None:
            self._open.append(data)

    def handle_endtag(self, tag):
        if tag in ("button", "a") and self._open is not None:
            text = " ".join("".join(self._open).split())
            if text and re.search(r"\w", text) and not self._skip:
                self.labels.append(text)
            self._open = None


def tablet_labels() -> list[str]:
    """The pad's and the dialogs' buttons: the page's own, and the literal choices its script adds to a dialog."""
    parser = _Buttons()
    parser.feed((STATIC / "umpire.html").read_text(encoding="utf-8"))
    script = (STATIC / "umpire.js").read_text(encoding="utf-8")
    choices = re.findall(r'label: t\("([^"{}]+)"\)', script)  # a dialog's choice buttons
    cancels = re.findall(r'cancel = t\("([^"]+)"\)|\[\], null, t\("([^"]+)"\)', script)  # its dismiss button
    labels = parser.labels + choices + [c for pair in cancels for c in pair if c]
    return list(dict.fromkeys(labels))


def test_the_labels_are_found():
    labels = tablet_labels()
    for label in ("Undo", "Cancel", "Clear", "Enter stroke", "Close", "Add"):
        assert label in labels


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tablets_buttons_are_pairwise_distinct(lang):
    tr = translator(lang)
    said: dict[str, str] = {}
    for label in tablet_labels():
        word = tr.gettext(label).casefold()
        assert word not in said, f"{lang}: {label!r} and {said[word]!r} are both {tr.gettext(label)!r}"
        said[word] = label
