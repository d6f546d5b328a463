"""No record the assistant writes is ever refused by its own loader, whatever the umpire types.

Hypothesis drives ``carrom umpire new`` and then ``resume`` with arbitrary lines: answers to
the header's questions (typos, dates in the wrong order, names too long, markup, odd
characters) and strokes and commands (valid, contradictory, gibberish). Every file on disk
afterwards must load, replay included, exactly as ``resume``, ``replay`` and ``scorecard``
would load it.
"""

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings, strategies as st
from typer.testing import CliRunner

from carrom.cli.app import app
from carrom.records import load_record
from carrom.records.scorecard.build import build_card
from carrom.records.scorecard.csv import card_csv
from carrom.records.scorecard.html import card_html

runner = CliRunner()

# Plausible answers to the header's questions, in the order asked (singles), a few each.
QUESTIONS = (
    ("icf", "fr-official", "fr-simplified", "timed", "ICF"), ("singles", "doubles", ""),
    ("Asha", "", "A" * 200, "A" * 201), ("Mumbai", ""), ("Ravi", "[bold]Ravi[/bold]"), ("", "Pune"),
    ("Nationals", ""), ("", "Men's singles"), ("", "Final"), ("", "early", "quarter-final", "qf"), ("", "7"),
    ("2026-11-22", "23/11/2025", "2025-02-30", "", "2026-1-5"), ("14:00", "25:99", "2025-11-23", "", "9:05"),
    ("", "Hall A"), ("", "3"), ("", "U. Mpire"), ("", "C. Hief"),
    ("south", "north", "east", ""), ("break", "side", ""), ("south", "north", ""),
)
LINE_TEXT = st.text(st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs",)), max_size=30)
ANY = LINE_TEXT | st.sampled_from(["", " ", "-", "x -", "[red]", "\\", "é", "q!"])
STROKES = st.sampled_from([
    "w", "b", "q", "s", "-", "x", "xs", "ws", "wq", "qw", "wwq", "sq", "o:b", "o:q", "b o:w f", "f", "f:touch",
    "x -", "-w", "place", "place white", "place black", "place waive", "undo", "status", "help",
    "forfeit", "forfeit ICF 91", "concede board", "concede game", "concede match", "declare extra",
    "declare extra 3", "declare toss south", "time", "comment good spirit", "yes", "no", "y", "n",
])
LONG = st.sampled_from([10, 9_990, 10_001]).map(lambda n: "comment " + "c" * n)


@st.composite
def umpire_input(draw):
    lines = []
    for answers in QUESTIONS:
        lines += draw(st.lists(ANY, max_size=1))  # a typo now and then (a free-text question may take it)
        lines.append(draw(st.sampled_from(answers) | ANY))
    lines += draw(st.lists(STROKES | ANY | LONG, max_size=40))
    later = draw(st.lists(STROKES | ANY, max_size=15))
    return lines, later


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(umpire_input())
def test_every_saved_record_loads(lines):
    first, later = lines
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m.json"
        result = runner.invoke(app, ["umpire", "new", str(path)], input="\n".join(first) + "\n")
        assert result.exit_code in (0, 2), result.output
        assert "Traceback" not in result.output
        event("saved" if path.exists() else "setup not finished")
        if not path.exists():
            assert "nothing saved" in result.output
            return
        load_record(path)
        result = runner.invoke(app, ["umpire", "resume", str(path)], input="\n".join(later) + "\n")
        assert result.exit_code == 0, result.output
        card = build_card(load_record(path))  # and the scorecard can be made of it
        assert card_html(card) and card_csv(card)
