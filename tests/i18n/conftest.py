import os
from pathlib import Path

import pytest


@pytest.fixture
def artifacts():
    """Where the rendered scorecards go: i18n/ in $CARROM_ARTIFACTS, else in test-artifacts/ in the checkout
    (gitignored)."""
    out = Path(os.environ.get("CARROM_ARTIFACTS") or Path(__file__).resolve().parents[2] / "test-artifacts") / "i18n"
    out.mkdir(parents=True, exist_ok=True)
    return out
