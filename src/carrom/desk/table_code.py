"""A table's QR code: the table's for the whole event, leading to its table page (``/t/EVENT/table/N``), which shows
what is on the table now (the current round's match, its scoreboard once an umpire's tablet runs it, "waiting for
the toss" before). The same code on the public page, the round's printed scorecards and wherever it is shown, so
a sticker on the table stays true from the first round to the last. The images are made once per link (segno)."""

from __future__ import annotations

import functools
import hashlib
import io

import segno


def table_link(base: str, event_id: int, table: int) -> str:
    """The table page's address under the public URL ``base`` (no final slash)."""
    return f"{base}/t/{event_id}/table/{table}"


@functools.lru_cache(maxsize=512)
def qr_svg(link: str) -> bytes:
    """The QR code of ``link`` as SVG (error correction M: a sticker may get scratched)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=4, title=link)
    return out.getvalue()


@functools.lru_cache(maxsize=512)
def qr_png(link: str) -> bytes:
    """The QR code of ``link`` as PNG, for a printed sheet."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="png", scale=8, border=2)
    return out.getvalue()


def etag_of(link: str) -> str:
    """The validator of a link's image: the same link, the same image."""
    return '"qr-' + hashlib.sha256(link.encode()).hexdigest()[:20] + '"'
