"""say.js's players' words (``PRESENT``) against the referee's messages: each entry turns one ruling the referee
says (a ``carrom.rules`` msgid, ICF and the French simplified rules) into the present tense, keeps its
placeholders, and no pocketing ruling is left without its present-tense words.

The page finds a ruling's words by its msgid (``PRESENT[p.id]``): a key that drifts from the referee's wording
(an edit to a message in ``carrom.rules``) is silently never used, and the players read the umpire's past tense
(docs/web.md, "players' words"). This test reads both from the sources, so it fails on such a drift.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import carrom

STATIC = Path(carrom.__file__).parent / "web" / "static"
TEMPLATE = Path(carrom.__file__).parent / "locale" / "messages.pot"


def present_table() -> dict[str, str]:
    """``PRESENT``'s keys, each with the present-tense message its function gives (the t(...) it calls)."""
    source = (STATIC / "say.js").read_text(encoding="utf-8")
    start = source.index("const PRESENT = {")
    end = source.index("\n};", start)
    block = source[start:end]
    entries = re.findall(r'^\s*"((?:[^"\\]|\\.)+)":\s*\n?\s*\[\(p?\)\s*=>\s*t\("((?:[^"\\]|\\.)+)"', block, re.M)
    keys = re.findall(r'^\s*"((?:[^"\\]|\\.)+)":', block, re.M)
    assert len(entries) == len(keys), "an entry of PRESENT this test cannot read: keep the form \"key\": [(p) => t(\"…\""
    return dict(entries)


def referee_messages() -> set[str]:
    """Every message the referee (``carrom.rules``) says, from the template the sources give (a catalog test keeps
    the template equal to the sources)."""
    with TEMPLATE.open("rb") as f:
        catalog = read_po(f)
    return {m.id for m in catalog if isinstance(m.id, str) and m.id
            and any(path.startswith("carrom/rules/") for path, _ in m.locations)}


def all_messages() -> set[str]:
    with TEMPLATE.open("rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


def names_in(message: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


PRESENT = present_table()
RULES = referee_messages()
POCKETING = re.compile(r"^(\{who\} pocketed |the queen went in|nothing went in|nothing of \{who\}'s went in|"
                       r"the queen was not covered|\{who\} covered the queen|\{seat\} breaks|not a break)")


def test_the_table_is_read_whole():
    assert len(PRESENT) >= 26  # the 26 common rulings of ICF and the French simplified rules, when it was written


@pytest.mark.parametrize("key", sorted(PRESENT))
def test_each_key_is_a_ruling_the_referee_says(key):
    """ICF 44, 45, 72, 92-95 and 001's simplified rules: the rulings a stroke gets, in the referee's own words."""
    assert key in RULES, f"say.js's PRESENT has {key!r}, which no message of carrom.rules says"


@pytest.mark.parametrize("key", sorted(PRESENT))
def test_the_present_tense_keeps_the_placeholders(key):
    """A placeholder lost would print a name nowhere; one added would print "{x}" to the player."""
    assert names_in(PRESENT[key]) == names_in(key), (key, PRESENT[key])
    assert PRESENT[key] in all_messages(), f"{PRESENT[key]!r} is not in the catalogs' template: not translated"


def test_every_pocketing_ruling_has_players_words():
    """Every ruling that says what went in (ICF 72, 92-95; 001) reads in the present tense on the players' screen."""
    missing = sorted(m for m in RULES if POCKETING.match(m) and m not in PRESENT)
    assert not missing, f"rulings without players' words in say.js's PRESENT: {missing}"
