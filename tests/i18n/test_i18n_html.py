"""The pages' own HTML text is extracted as messages, the way static/i18n.js translates it (docs/i18n.md)."""

import io

from carrom.i18n.html import extract_html
from carrom.web.catalog import client_catalog

PAGE = """<!doctype html><html><head><title>carrom · practice</title><script>let x = "not this";</script></head>
<body><h1 translate="no"><a href="/">carrom</a></h1>
<label>How to play
  <select><option>against the   computer</option><option>2×</option></select></label>
<input placeholder="your name"><canvas aria-label="the carrom board"></canvas>
<noscript>This page needs JavaScript.</noscript><p>Drag the striker
   along your baseline.</p><br><span title="">  </span></body></html>""".encode()


def test_text_nodes_and_attributes_are_messages_whitespace_collapsed():
    found = [message for _, _, message, _ in extract_html(io.BytesIO(PAGE), None, None, None)]
    assert found == ["carrom · practice", "How to play", "against the computer", "your name", "the carrom board",
                     "Drag the striker along your baseline."]


def test_every_page_text_reaches_the_client_catalog_translated():
    spanish = client_catalog("es")["messages"]
    assert spanish["New match"] == "Nuevo partido"  # index.html
    assert spanish["Set up the position"] == "Preparar la posición"  # practice.html
    assert spanish["Enter stroke"] == "Anotar golpe"  # umpire.html
    assert "PDF" not in spanish and "CSV" not in spanish  # translate="no"
