"""Each golden record replays to exactly its expected outcome (STYLE.md theme 7, the perft idea)."""

import pytest

from golden_corpus import describe, expected_path, records

VARIANTS = {"icf", "fr-official", "fr-simplified", "timed"}


def test_the_corpus_covers_every_variant_and_doubles():
    from carrom.records import load_record

    headers = [load_record(r).header for r in records()]
    assert {h.variant for h in headers} == VARIANTS
    assert {h.kind for h in headers} == {"singles", "doubles"}


@pytest.mark.parametrize("record", records(), ids=[r.stem for r in records()])
def test_golden_record(record):
    expected = expected_path(record)
    assert expected.exists(), f"{expected.name} is missing: run tests/golden/regenerate.py --write once, on purpose"
    assert describe(record) == expected.read_text(encoding="utf-8"), (
        f"{record.name} no longer replays to {expected.name}; `python tests/golden/regenerate.py` shows the diff")
