"""One citation for every ruling (issue 23: `cite` was written three times, two giving different text).

Each decision names its law (ICF numbering of 000_169fbbd52fae402d.txt); the words shown end with one bracket of
laws. The referee's own text (``Decision.__str__``, the translator) and the records' lines cite the same way.
"""

import pytest

from carrom.records import describe
from carrom.rules import decision
from carrom.rules.decision import cite


@pytest.mark.parametrize(
    "text, law, shown",
    [
        # ICF 93 (the queen back to the centre) with ICF 96 (the queen not covered): one bracket, one "ICF"
        ("queen back (ICF 93)", "ICF 96", "queen back (ICF 93, 96)"),
        # ICF 65 b refines ICF 65 (pieces returned to the centre): the more precise law replaces it
        ("x (ICF 65)", "ICF 65 b", "x (ICF 65 b)"),
        # ICF 6 is not a part of ICF 65: it joins the bracket instead of being taken as said
        ("x (ICF 65)", "ICF 6", "x (ICF 65, 6)"),
        # the French text's own law beside an ICF one: a semicolon between texts (001 §3.8, ICF 96)
        ("queen back (001 §3.8)", "ICF 96", "queen back (001 §3.8; ICF 96)"),
        ("plays on", "ICF 48", "plays on (ICF 48)"),
    ],
)
def test_a_ruling_cites_each_law_once(text, law, shown):
    assert cite(text, law) == shown


def test_the_referee_and_the_records_share_one_cite():
    assert describe.cite is decision.cite
