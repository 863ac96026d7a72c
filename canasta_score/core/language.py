"""The language a person reads: English (the default) or Korean.

Every sentence is written in English in the source, whole, with named placeholders, inside
``_()`` (``N_()`` where it is only marked, to be translated where it is shown; ``pgettext()``
for a rule text, whose context is the rule's key). The command line chooses the language once
per command (:func:`canasta_score.cli.languages.choose`) and :func:`use` speaks it; English needs
no catalog. The Korean catalog is compiled from ``locale/ko``; see docs/translating.md.
"""

from __future__ import annotations

import re
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


# A Korean particle after a value chosen at run time is written in both forms, the form that
# follows a final consonant first (``{card}을(를)``, ``{side}이(가)``); which one is said is
# chosen from the value once it is in place (:func:`particles`). Each marker: (the form after
# a final consonant other than ㄹ, after ㄹ, after a vowel).
PARTICLES = {
    "을(를)": ("을", "을", "를"),
    "이(가)": ("이", "이", "가"),
    "은(는)": ("은", "은", "는"),
    "와(과)": ("과", "과", "와"),
    "(으)로": ("으로", "로", "로"),
    "(이)라는": ("이라는", "이라는", "라는"),
}
_MARKER = re.compile("|".join(re.escape(marker) for marker in PARTICLES))
# Quotes closing a value are read past; a particle after a bracketed aside (``멜드 1 (K K 2)``)
# follows the word before the aside.
_QUOTES = "\"'\u201d\u2019」』] "
_BRACKETS = {")": "("}
# The final sound of a digit read in Korean (일 이 삼 사 오 육 칠 팔 구): C a consonant,
# L the consonant ㄹ, "" none. A number ending in zeros ends in 십, 백, 천, 만, ... or 영: C.
_DIGIT_FINAL = dict(zip("123456789", ("L", "", "C", "", "", "C", "L", "L", ""), strict=True))
# Latin letters read by their Korean names: 엘 and 알 end in ㄹ, 엠 and 엔 in another consonant.
_LETTER_FINAL = {"L": "L", "R": "L", "M": "C", "N": "C"}


def final_sound(text: str) -> str | None:
    """How ``text`` ends when read in Korean: ``"C"`` a final consonant (받침) other than ㄹ,
    ``"L"`` the final ㄹ, ``""`` a vowel; None when it cannot be told. Hangul is read as it is
    written, digits as Sino-Korean numbers (1 일, 2 이, 10 십), a single Latin letter or a word
    in capitals by the letters' names (K 케이, L 엘), a lower-case word as it is said in Korean
    (Bob 밥, game 게임, samba 삼바)."""
    text = text.rstrip(_QUOTES)
    while text and text[-1] in _BRACKETS:
        opening = text.rfind(_BRACKETS[text[-1]])
        if opening <= 0:
            break
        text = text[:opening].rstrip(_QUOTES)
    if not text:
        return None
    last = text[-1]
    if "가" <= last <= "힣":
        final = (ord(last) - ord("가")) % 28
        return "" if final == 0 else "L" if final == 8 else "C"
    if last.isascii() and last.isdigit():
        return _DIGIT_FINAL.get(last, "C")
    if not (last.isascii() and last.isalpha()):
        return None
    word = re.search("[A-Za-z]+$", text)
    letters = word.group() if word else last
    if len(letters) == 1 or letters.isupper():
        return _LETTER_FINAL.get(last.upper(), "")
    return _word_final(letters.lower())


def _word_final(word: str) -> str:
    """The final sound of an English word as Korean writes it (a rough reading: ``l`` is ㄹ,
    ``m``, ``n`` and ``ng`` are consonants, a silent ``e`` leaves the consonant before it, and a
    short vowel closed by ``b c ck k p t`` keeps it: 클럽, 클래식, 넷; ``out`` is 아웃, ``ed``
    드)."""
    vowels = "aeiou"
    if word.endswith("e") and len(word) > 2:
        before = word[-2]
        return "L" if before == "l" else "C" if before in "mn" else ""
    if word.endswith("out"):
        return "C"  # 아웃: --going-out, go-out
    if word.endswith("ed"):
        return ""  # 드: mixed 믹스드, opened 오픈드
    last = word[-1]
    if last == "l":
        return "L"
    if last in "mn" or word.endswith(("ng", "ck")):
        return "C"
    if last in "bcdkpt" and len(word) > 2 and word[-2] in vowels and word[-3] not in vowels:
        return "C"
    return ""


def particles(text: str) -> str:
    """``text`` with each particle written in both forms said in the one form that fits what
    comes before it (``K을(를)`` → ``K를``, ``7을(를)`` → ``7을``); a marker after something
    that cannot be read (a symbol) is left as it is."""
    if "(" not in text:
        return text

    def said(found: re.Match[str]) -> str:
        sound = final_sound(text[: found.start()])
        if sound is None:
            return found.group()
        forms = PARTICLES[found.group()]
        return forms[0] if sound == "C" else forms[1] if sound == "L" else forms[2]

    return _MARKER.sub(said, text)


class Message(str):
    """A translated message: once its values are put in (:meth:`format`), each particle after a
    value takes the form that fits the value."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        return particles(str.format(self, *args, **kwargs))


def _(message: str) -> str:
    """``message`` in the language in use."""
    return message if _catalog is None else Message(_catalog.gettext(message))


def N_(message: str) -> str:
    """Marks ``message`` for translation where it is shown (with ``_``); returns it as is."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural sentence for ``n``, in the language in use."""
    if _catalog is None:
        return singular if n == 1 else plural
    return Message(_catalog.ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, as meant in ``context`` (a rule's key)."""
    return message if _catalog is None else Message(_catalog.pgettext(context, message))


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


# The usual reasons the system gives for a file it cannot read or write (or a port it cannot
# listen on), by error number: the system says them in English whatever the language (glibc's
# words, the message ids).
SYSTEM_REASONS = {
    "ENOENT": N_("No such file or directory"),
    "EACCES": N_("Permission denied"),
    "EPERM": N_("Operation not permitted"),
    "EISDIR": N_("Is a directory"),
    "ENOTDIR": N_("Not a directory"),
    "ENOSPC": N_("No space left on device"),
    "EROFS": N_("Read-only file system"),
    "ENAMETOOLONG": N_("File name too long"),
    "EEXIST": N_("File exists"),
    "EADDRINUSE": N_("Address already in use"),
}


def system_reason(exc: OSError) -> str:
    """Why the system refused (``exc``), in the language in use: a usual reason in its words,
    any other as the system says it."""
    import errno

    said = exc.strerror or str(exc)
    if _catalog is None:
        return said
    name = errno.errorcode.get(exc.errno or 0, "")
    return _(SYSTEM_REASONS[name]) if name in SYSTEM_REASONS else said
