"""The five languages of the laws: gettext catalogs managed with Babel, and the words of the referee in each.

``translator("es")`` gives a ``Translator``: ``gettext``/``ngettext`` over the catalog
``carrom/locale/es/LC_MESSAGES/carrom.po``, the referee's messages (``decision``,
``error``), the meaning of a law (``law``), numbers and dates in the locale's way.
``negotiate`` picks the language from an explicit choice, an Accept-Language header or the
LANG/LC_* variables. An adapter: ``carrom.rules`` never imports it (docs/i18n.md).
"""

from carrom.i18n.catalogs import DEFAULT, DOMAIN, LANGUAGES
from carrom.i18n.names import N_
from carrom.i18n.negotiate import from_accept_language, from_environment, negotiate
from carrom.i18n.translator import Translator, translator

__all__ = [
    "DEFAULT", "DOMAIN", "LANGUAGES", "N_", "Translator", "from_accept_language", "from_environment", "negotiate",
    "translator",
]
