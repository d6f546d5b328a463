"""One table per vocabulary that names laws: the rulesets with their law, name and stages, the stages with theirs.

ICF 56 b and 60 b tell the quarter-finals and later apart (no 8-board limit; the deciding game's side change only at
13 points); 001 §3.7 e and §3.8 c make every round alike, so a French ruleset offers no stage. docs/laws.md's
table of variants is checked against the referee's table, so the docs cannot keep a ruleset the code dropped.
"""

import re
from pathlib import Path

from carrom.i18n import LANGUAGES, translator
from carrom.rules import RULESETS, Stage
from carrom.rules.message import Message

LAWS_MD = Path(__file__).parents[2] / "docs" / "laws.md"


def test_every_ruleset_and_stage_has_its_law_and_its_name_in_each_language():
    for entry in (*RULESETS.values(), *Stage):
        assert isinstance(entry.title, Message) and re.match(r"(ICF|\d{3})\b", entry.law), entry
        for lang in LANGUAGES:
            assert translator(lang).message(entry.title).strip(), (lang, entry)


def test_a_rulesets_stages_follow_its_laws():
    """ICF 56 b, 60 b: the icf and timed rulesets tell the quarter-finals apart; 001 §3.7 e, §3.8 c: the French
    rulesets do not."""
    assert RULESETS["icf"].stage_choices == (Stage.EARLY, Stage.QUARTER_FINAL)
    assert RULESETS["timed"].stage_choices == (Stage.EARLY, Stage.QUARTER_FINAL)
    assert RULESETS["fr-official"].stage_choices == (Stage.EARLY,)
    assert RULESETS["fr-simplified"].stage_choices == (Stage.EARLY,)
    assert Stage.QUARTER_FINAL.law == "ICF 56 b, 60 b"


def test_docs_laws_lists_the_rulesets_of_the_table_with_their_law():
    text = LAWS_MD.read_text(encoding="utf-8")
    section = text.split("## Variants", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([\w-]+)`(?: \(default\))? \| ([^|]+?) \| ([^|]+?) \|", section, re.M)
    assert [name for name, _, _ in rows] == list(RULESETS)
    for name, law, stages in rows:
        assert law.strip() == RULESETS[name].law, (name, law)
        offered = [s.value for s in RULESETS[name].stage_choices]
        assert stages.strip() == (", ".join(offered) if len(offered) > 1 else "—"), (name, stages)
