"""The five catalogs are complete and in step with the sources (docs/i18n.md).

Fails when a message lacks a translation in any language, when a catalog has a fuzzy, stale or
obsolete entry, when messages.pot is not what extracting the sources gives now, or when a
translation's placeholders differ from its English id.
"""

import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from carrom.i18n import LANGUAGES, translator
from carrom.i18n import catalogs

PLACEHOLDER = re.compile(r"\{(\w*(?:![rsa])?)\}")


@pytest.fixture(scope="module")
def template():
    return catalogs.extract()


def test_every_language_has_a_catalog():
    assert LANGUAGES == ("es", "fr", "en", "it", "sl")
    assert all(catalogs.po_path(lang).is_file() for lang in LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_complete_with_no_fuzzy_or_stale_entry(lang, template):
    assert catalogs.problems(lang, template) == []


def test_template_is_what_the_sources_give_now(template):
    with catalogs.TEMPLATE.open("rb") as f:
        stored = read_po(f)
    assert {m.id for m in stored if m.id} == {m.id for m in template if m.id}, (
        "messages.pot is stale: run `python -m carrom.i18n update`")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_identical_to_the_english(lang):
    wrong = []
    for m in catalogs.read(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        want = set(PLACEHOLDER.findall(ids[0])) | set(PLACEHOLDER.findall(ids[-1]))
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        for form in forms:
            got = set(PLACEHOLDER.findall(form))
            # a singular may say "one" in words instead of {n}; nothing else may be left out or added
            if not (got == want or (len(ids) > 1 and got == want - {"n"})):
                wrong.append(f"{m.id!r} -> {form!r}")
    assert not wrong, "\n".join(wrong)


def test_checker_sees_a_missing_and_a_fuzzy_entry(template, tmp_path, monkeypatch):
    """The completeness check must fail on a broken catalog, or the tests above prove nothing."""
    broken = catalogs.read("es")
    first = next(m for m in broken if m.id)
    broken.delete(first.id)
    second = next(m for m in broken if m.id)
    second.flags.add("fuzzy")
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path)
    catalogs._write(catalogs.po_path("es"), broken)
    found = catalogs.problems("es", template)
    assert f"es: missing {first.id!r}" in found and f"es: fuzzy {second.id!r}" in found


def test_update_leaves_a_new_message_untranslated_outside_english(template, tmp_path, monkeypatch):
    """Observed: `update` filled the English id into it and sl too (Babel shares the template's entries)."""
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path)
    monkeypatch.setattr(catalogs, "TEMPLATE", tmp_path / "messages.pot")
    monkeypatch.setattr(catalogs, "extract", lambda: template)
    plural = next(m for m in template if m.id and not isinstance(m.id, str))
    single = next(m for m in template if isinstance(m.id, str) and m.id)
    for lang in LANGUAGES:  # empty catalogs: every message of the sources is new to each
        catalogs._write(catalogs.po_path(lang), Catalog(locale=lang, domain=catalogs.DOMAIN))
    catalogs.update()
    for lang in LANGUAGES:
        found = catalogs.read(lang)
        got = found.get(single.id).string, found.get(plural.id).string
        if lang == "en":
            assert got == (single.id, plural.id), lang
        else:
            assert not got[0] and not any(got[1]), (lang, got)


@pytest.mark.parametrize(("lang", "forms"), [
    ("es", ["1 punto", "2 puntos", "5 puntos"]),
    ("fr", ["1 point", "2 points", "5 points"]),
    ("en", ["1 point", "2 points", "5 points"]),
    ("it", ["1 punto", "2 punti", "5 punti"]),
    ("sl", ["1 točka", "2 točki", "5 točk"]),
])
def test_plural_forms_by_each_languages_rule(lang, forms):
    tr = translator(lang)
    assert [tr.ngettext("{n} point", "{n} points", n) for n in (1, 2, 5)] == forms


def test_slovenian_has_four_forms_one_two_few_other():
    tr = translator("sl")
    got = {n: tr.ngettext("{n} point", "{n} points", n) for n in (1, 2, 3, 4, 5, 101, 102, 103, 111)}
    assert got == {1: "1 točka", 2: "2 točki", 3: "3 točke", 4: "4 točke", 5: "5 točk", 101: "101 točka",
                   102: "102 točki", 103: "103 točke", 111: "111 točk"}


def test_numbers_and_dates_in_the_locales_way():
    import datetime as dt

    assert [translator(lang).number(1234.5) for lang in ("en", "es", "it")] == ["1,234.5", "1.234,5", "1.234,5"]
    assert translator("fr").number(1234.5).replace("\u202f", " ") == "1 234,5"
    day = dt.date(2026, 3, 14)
    assert translator("es").date(day, "long") == "14 de marzo de 2026"
    assert translator("sl").date(day, "long") == "14. marec 2026"


def test_law_comes_with_its_meaning_and_keeps_the_icf_number():
    assert translator("es").law("ICF 72 a").startswith("ICF 72 a — Deuda")
    assert translator("it").law("ICF 97 b") == "ICF 97 b — La regina con pedine proprie: confermata"
    assert translator("fr").law("004 law 41").startswith("004 law 41 — Règles slovènes")
    assert translator("en").law("ICF 999") == "ICF 999"


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(ValueError, match="'de' is not a language carrom speaks"):
        translator("de")


def test_every_law_the_referee_cites_has_a_meaning():
    """A ruling's law comes with its meaning in each language: a newly cited law needs an entry in carrom.i18n.laws."""
    from pathlib import Path

    from carrom.i18n.laws import meaning

    rules = Path(catalogs.PACKAGE) / "rules"
    cited = set()
    for path in rules.glob("*.py"):
        text = path.read_text()
        cited |= {f"ICF {n}" for n in re.findall(r'"ICF (\d+)', text)}
        cited |= set(re.findall(r'"(00[14] (?:law \d+|§[\d.]+|S\d))', text))
    assert len(cited) > 60
    assert sorted(law for law in cited if meaning(law) is None) == []
