"""The whole suite speaks English unless a test chooses a language: the tester's LANG/LC_* must not
change what the CLI prints (docs/i18n.md: the CLI follows them)."""

import pytest


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
