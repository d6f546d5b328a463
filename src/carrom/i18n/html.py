"""Babel extractor for the web pages' own HTML text (static/*.html), as static/i18n.js translates it.

Every text node with a letter in it and the ``aria-label``, ``placeholder``, ``title`` and ``alt``
attributes are messages, whitespace collapsed, except inside ``script``, ``style``, ``noscript``
and any element marked ``translate="no"``. The client's ``translatePage`` walks the same nodes,
so a page needs no markers: the English it is written in is its message ids.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import IO, Any

ATTRIBUTES = ("aria-label", "placeholder", "title", "alt")
SKIPPED = {"script", "style", "noscript"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def words(text: str) -> str:
    return " ".join(text.split())


def _says(text: str) -> bool:
    return any(c.isalpha() for c in text)


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.open: list[tuple[str, bool]] = []  # (tag, whether its text is skipped)

    def skipping(self) -> bool:
        return bool(self.open) and self.open[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        skip = self.skipping() or tag in SKIPPED or given.get("translate") == "no"
        if not skip:
            for name in ATTRIBUTES:
                value = words(given.get(name) or "")
                if _says(value):
                    self.found.append((self.getpos()[0], value))
        if tag not in VOID:
            self.open.append((tag, skip))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.open) - 1, -1, -1):  # close up to the matching tag (HTML forgives omitted ends)
            if self.open[i][0] == tag:
                del self.open[i:]
                return

    def handle_data(self, data: str) -> None:
        text = words(data)
        if _says(text) and not self.skipping():
            self.found.append((self.getpos()[0], text))


def extract_html(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel's extractor interface: (line, funcname, message, comments) for each text of the page."""
    page = _Page()
    page.feed(fileobj.read().decode("utf-8"))
    page.close()
    for line, text in page.found:
        yield line, None, text, []
