"""``python -m carrom.i18n update|check``: keep the catalogs in step with the sources (docs/i18n.md)."""

import sys

from carrom.i18n.catalogs import main

sys.exit(main(sys.argv[1:]))
