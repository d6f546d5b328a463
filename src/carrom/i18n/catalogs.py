"""Where the catalogs live, how they are read, and how they are kept in step with the sources.

The ``.po`` files are the only stored form: ``load`` compiles one to a ``.mo`` in memory the
first time a language is asked for, so a fresh clone needs no build step and a stale ``.mo``
cannot exist. ``extract`` collects every marked message from the Python sources (keywords
``say``, ``say_n``, ``side_say``, ``N_``, ``gettext``, ``ngettext``), the web client (``t``, ``tn`` in
``static/*.js``, as mapped in babel.cfg; the pages' HTML, ``carrom.i18n.html``) and the practice drills' words. ``python -m carrom.i18n update`` rewrites
messages.pot and merges it into the five catalogs (the English one filled from the ids);
``check`` says what is missing, fuzzy or stale.
"""

from __future__ import annotations

import copy
import io
import json
from functools import cache
from pathlib import Path
from typing import IO, Any, Iterator

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import Translations

from carrom.i18n.html import extract_html

LANGUAGES: tuple[str, ...] = ("es", "fr", "en", "it", "sl")  # the languages of the five law texts, in their order
DEFAULT = "en"
DOMAIN = "carrom"
PACKAGE = Path(__file__).resolve().parents[1]  # src/carrom
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "messages.pot"
MAPPING = PACKAGE.parents[1] / "babel.cfg"  # at the repository root, beside pyproject.toml
# Python markers (rules' say/say_n, adapters' gettext/ngettext/N_) and the web client's t/tn
KEYWORDS = {"say": None, "say_n": (1, 2), "side_say": (1, 2), "N_": None, "gettext": None, "ngettext": (1, 2),
            "t": None, "tn": (1, 2)}


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


@cache
def load(lang: str) -> Translations:
    """The language's catalog compiled in memory (fuzzy entries left out, as msgfmt does)."""
    buffer = io.BytesIO()
    write_mo(buffer, read(lang), use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def extract_drills(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel's extraction of the practice drills (practice/drills.json): each drill's title and text, which the
    practice page shows through t()."""
    for drill in json.load(fileobj)["drills"]:
        for key in ("title", "text"):
            yield 1, None, drill[key], [f"drill {drill['id']}: its {key}"]


def extract() -> Catalog:
    """Every marked message of the sources as a template, each with the files it comes from."""
    with MAPPING.open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    method_map.append(("web/static/*.html", extract_html))  # a callable: babel.cfg cannot name a module's function
    method_map.append(("practice/drills.json", extract_drills))
    template = Catalog(project="carrom", domain=DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            PACKAGE, method_map, options_map, keywords=KEYWORDS, comment_tags=("i18n:",), strip_comment_tags=True):
        template.add(message, None, [(f"carrom/{filename}", lineno)], auto_comments=comments, context=context,
                     flags=("python-brace-format",) if "{" in (message[0] if isinstance(message, tuple) else message)
                     else ())
    return template


def _ids(catalog: Catalog) -> set:
    return {m.id for m in catalog if m.id}


def problems(lang: str, template: Catalog) -> list[str]:
    """What is wrong with one catalog against the template: missing, untranslated, fuzzy, stale, obsolete."""
    catalog = read(lang)
    found: list[str] = []
    for m in template:
        if not m.id:
            continue
        have = catalog.get(m.id, context=m.context)
        if have is None:
            found.append(f"{lang}: missing {m.id!r}")
        elif have.fuzzy:
            found.append(f"{lang}: fuzzy {m.id!r}")
        elif not all(have.string) if isinstance(have.string, tuple) else not have.string:
            found.append(f"{lang}: untranslated {m.id!r}")
    found += [f"{lang}: stale {i!r}" for i in sorted(map(str, _ids(catalog) - _ids(template)))]
    found += [f"{lang}: obsolete {i!r}" for i in sorted(map(str, catalog.obsolete))]
    return found


def _write(path: Path, catalog: Catalog) -> None:
    catalog.project, catalog.version, catalog.fuzzy = "carrom", "0.1.0", False  # a fuzzy header would be skipped
    catalog.copyright_holder, catalog.msgid_bugs_address = "the carrom authors", ""
    catalog.last_translator = catalog.language_team = "the carrom authors"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=0, sort_output=True, omit_header=False, ignore_obsolete=True)


def update() -> None:
    """Rewrite messages.pot from the sources and merge it into each catalog; English is filled from the ids."""
    template = extract()
    _write(TEMPLATE, template)
    for lang in LANGUAGES:
        old = read(lang) if po_path(lang).exists() else Catalog(locale=lang, domain=DOMAIN)
        old.update(copy.deepcopy(template), no_fuzzy_matching=True)  # Babel adds the template's own Message objects: a shared one filled with English for en would reach it and sl
        if lang == "en":
            for m in old:
                if m.id and not (all(m.string) if isinstance(m.string, tuple) else m.string):
                    m.string = m.id if isinstance(m.id, str) else m.id
        old.obsolete.clear()
        _write(po_path(lang), old)


def main(argv: list[str]) -> int:
    """``python -m carrom.i18n update`` or ``check`` (the default): 0 when every catalog is complete."""
    if (argv[:1] or ["check"])[0] == "update":
        update()
        return 0
    template = extract()
    issues = [p for lang in LANGUAGES for p in problems(lang, template)]
    print("\n".join(issues) or "catalogs complete")
    return 1 if issues else 0
