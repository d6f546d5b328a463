"""docs/laws.md accounts for every numbered law of the ICF text (000_169fbbd52fae402d.txt).

Each law 1–151 has exactly one row. A law the program applies names the code that
applies it and the tests that check it, and those tests cite the law ("ICF N"), so the
table cannot drift from the code without this test failing. A law out of scope says why.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAWS_MD = ROOT / "docs" / "laws.md"
LAW_COUNT = 151
APPLIED = {"referee", "equipment"}
ROW = re.compile(r"^\|\s*ICF (\d+)\s*\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$")
PATH = re.compile(r"`([^`]+?)`")


def rows() -> dict[int, dict[str, str]]:
    found: dict[int, dict[str, str]] = {}
    for line in LAWS_MD.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line.strip())
        if not match:
            continue
        number = int(match.group(1))
        assert number not in found, f"ICF {number} has two rows in docs/laws.md"
        subject, status, code, tests = (cell.strip() for cell in match.groups()[1:])
        found[number] = {"subject": subject, "status": status, "code": code, "tests": tests}
    return found


def paths(cell: str) -> list[Path]:
    """Backticked references like `src/carrom/rules/queen.py` or `tests/x.py::test_y`."""
    return [ROOT / ref.split("::")[0] for ref in PATH.findall(cell)]


LAWS = rows() if LAWS_MD.exists() else {}


def test_every_numbered_law_has_exactly_one_row():
    assert LAWS_MD.exists(), "docs/laws.md is missing"
    missing = sorted(set(range(1, LAW_COUNT + 1)) - set(LAWS))
    extra = sorted(set(LAWS) - set(range(1, LAW_COUNT + 1)))
    assert not missing, f"laws without a row in docs/laws.md: {missing}"
    assert not extra, f"rows for laws the ICF text does not have: {extra}"


@pytest.mark.parametrize("number", range(1, LAW_COUNT + 1))
def test_each_law_is_applied_with_code_and_tests_or_out_of_scope_with_a_reason(number):
    row = LAWS.get(number)
    assert row is not None, f"ICF {number} has no row"
    assert row["subject"], f"ICF {number}: no subject"
    status = row["status"]
    if status.startswith("out of scope"):
        reason = status.removeprefix("out of scope").lstrip(":").strip()
        assert len(reason) >= 8, f"ICF {number}: out of scope needs a reason, got {status!r}"
        return
    assert status in APPLIED, f"ICF {number}: status {status!r} is not one of {sorted(APPLIED)} or 'out of scope: reason'"
    code, tests = paths(row["code"]), paths(row["tests"])
    assert code, f"ICF {number}: no code reference"
    assert tests, f"ICF {number}: no test reference"
    for path in code + tests:
        assert path.exists(), f"ICF {number}: {path.relative_to(ROOT)} does not exist"
    cites = re.compile(rf"ICF {number}(?![0-9])")
    assert any(cites.search(path.read_text(encoding="utf-8")) for path in tests), (
        f"ICF {number}: none of its tests ({', '.join(str(p.relative_to(ROOT)) for p in tests)}) cites 'ICF {number}'"
    )
