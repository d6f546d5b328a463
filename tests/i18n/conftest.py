from pathlib import Path

import pytest


@pytest.fixture
def artifacts():
    """Where the rendered scorecards go: test-artifacts/i18n/ in the checkout (gitignored)."""
    out = Path(__file__).resolve().parents[2] / "test-artifacts" / "i18n"
    out.mkdir(parents=True, exist_ok=True)
    return out
