"""Which language to speak: explicit choice, then Accept-Language, then LANG/LC_*; English otherwise."""

import pytest

from carrom.i18n import from_accept_language, from_environment, negotiate


@pytest.mark.parametrize(("header", "lang"), [
    ("es-CO,es;q=0.9,en;q=0.8", "es"),
    ("de-DE,de;q=0.9,sl;q=0.5,fr;q=0.7", "fr"),
    ("sl", "sl"),
    ("it-IT", "it"),
    ("de, ja", None),
    ("fr;q=0, it;q=0.1", "it"),
    ("", None),
    ("*", None),
    ("en;q=abc, es;q=0.2", "es"),
])
def test_accept_language_by_quality(header, lang):
    assert from_accept_language(header) == lang


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "sl_SI.UTF-8"}, "sl"),
    ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "it"),
    ({"LANG": "fr_FR.UTF-8", "LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "it_IT"}, "es"),
    ({"LANGUAGE": "de:sl", "LANG": "en_GB.UTF-8"}, "sl"),
    ({"LANGUAGE": "es", "LC_ALL": "C"}, None),
    ({"LANG": "C.UTF-8"}, None),
    ({"LANG": "de_DE.UTF-8"}, None),
    ({}, None),
])
def test_environment_in_posix_precedence(env, lang):
    assert from_environment(env) == lang


def test_negotiate_explicit_then_header_then_environment_then_english():
    assert negotiate("it", "es", {"LANG": "fr_FR"}) == "it"
    assert negotiate(None, "es", {"LANG": "fr_FR"}) == "es"
    assert negotiate(None, "de", {"LANG": "fr_FR"}) == "fr"
    assert negotiate(None, None, {}) == "en"
    assert negotiate("sl_SI") == "sl"


def test_an_explicit_language_not_offered_is_refused():
    with pytest.raises(ValueError, match="'de' is not a language carrom speaks \\(es, fr, en, it, sl\\)"):
        negotiate("de")
