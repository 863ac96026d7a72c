"""The compiled translation catalogs (``LANG/LC_MESSAGES/canasta_score.mo``) and their loader.

The ``.po`` files beside them are the sources; docs/translating.md says how they are extracted,
updated and compiled. This is the only module that reads a catalog.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from canasta_score.core.errors import CanastaError

FOLDER = Path(__file__).parent


def catalog_path(code: str, domain: str) -> Path:
    return FOLDER / code / "LC_MESSAGES" / f"{domain}.mo"


def load(code: str, domain: str) -> gettext.GNUTranslations:
    """The compiled catalog of language ``code``."""
    path = catalog_path(code, domain)
    try:
        with path.open("rb") as stream:
            return gettext.GNUTranslations(stream)
    except OSError as exc:
        raise CanastaError(f"the {code} catalog cannot be read ({exc.strerror}): {path}") from exc
