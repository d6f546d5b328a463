"""`carrom tournament result` over a match that has a result (issue 42 item 10: "the CLI too" overwrote it without a
word): refused, naming the result that stands and how to correct it; with `--replacing` the stored result, it is a
correction, through desk.service.type_result as the web desk's, with the law's checks and a log line."""

import json

from test_cli_refusals import carrom, paired, refused  # noqa: F401 (the fixture)


def games_of(db, table=1):
    rows = json.loads(carrom(db, "tournament", "results", 1, "--json").output)
    return next(r for r in rows if r["table"] == table)["games"]


def test_a_second_result_is_refused_until_it_names_the_one_it_corrects(paired):
    assert carrom(paired, "tournament", "result", 1, 1, 1, "25-3", "25-9").exit_code == 0
    said = refused(paired, "tournament", "result", 1, 1, 1, "3-25", "9-25")  # on main: written over, exit 0
    assert said == 'error: round 1, table 1 has the result 25-3 25-9: to correct it, give --replacing "25-3 25-9"'
    assert "25-3 25-9" in refused(paired, "tournament", "result", 1, 1, 1, "3-25", "9-25", "--replacing", "25-3 25-8")
    assert "ICF 57" in refused(paired, "tournament", "result", 1, 1, 1, "25-3", "--replacing", "25-3 25-9")  # the law
    fixed = carrom(paired, "tournament", "result", 1, 1, 1, "3-25", "9-25", "--replacing", "25-3 25-9")
    assert fixed.exit_code == 0, fixed.output
    assert games_of(paired) == [[3, 25], [9, 25]]
    log = json.loads(carrom(paired, "tournament", "log", 1, "--json").output)
    assert any(line["what"] == "result corrected: round 1, table 1: 25-3 25-9 replaced by 3-25 9-25" for line in log)
    assert refused(paired, "tournament", "result", 1, 1, 2, "25-1", "25-2", "--replacing", "25-1 25-2") == \
        "error: round 1, table 2 has no result to replace"
