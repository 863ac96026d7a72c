"""The language a person reads: English (the default) or Korean.

Every sentence the program shows is written in English in the source, inside ``_()`` (or
``N_()`` where it is only marked, to be translated where it is shown, and ``pgettext()`` for a
rule text, whose context is the rule's key). The Korean catalog is a gettext catalog compiled
from ``canasta_score/locale/ko/LC_MESSAGES/canasta_score.po``; see docs/translating.md.

The command line chooses the language once per command
(:func:`canasta_score.cli.languages.choose`), then :func:`use` speaks it. English needs no
catalog, so English start-up reads nothing. Sentences are whole, with named placeholders
(``_("{side} needs {points:,}").format(...)``), so a translation can order its words freely.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

ENGLISH = "en"
KOREAN = "ko"
LANGUAGES = (ENGLISH, KOREAN)
DOMAIN = "canasta_score"


# The catalog in use (a gettext.GNUTranslations), None for English, the source language.
_catalog: Any = None
_code = ENGLISH


def _(message: str) -> str:
    """``message`` in the language in use."""
    return message if _catalog is None else str(_catalog.gettext(message))


def N_(message: str) -> str:
    """Marks ``message`` for translation where it is shown (with ``_``); returns it as is."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural sentence for ``n``, in the language in use."""
    if _catalog is None:
        return singular if n == 1 else plural
    return str(_catalog.ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, as meant in ``context`` (a rule's key)."""
    return message if _catalog is None else str(_catalog.pgettext(context, message))


def current() -> str:
    """The code of the language in use: ``en`` or ``ko``."""
    return _code


def use(code: str) -> None:
    """Speak ``code`` from now on (loads its catalog; English needs none)."""
    global _catalog, _code
    if code == ENGLISH:
        _catalog, _code = None, ENGLISH
        return
    from canasta_score.locale import load

    _catalog, _code = load(code, DOMAIN), code


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` inside the block, then the language spoken before."""
    before, before_code = _catalog, _code
    use(code)
    try:
        yield
    finally:
        globals().update(_catalog=before, _code=before_code)
