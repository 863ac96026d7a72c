"""Breakdown labels: a message id and its values (:class:`Words`), said in the language in use
where shown. An item's ``label`` is its words in English, which is data (the JSON breakdown,
the exports); nothing is translated by reading English back. A new label is one entry of
:data:`MESSAGES` (its English in ``_()`` or ``ngettext()``, so the catalog finds it).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from canasta_score.core import language
from canasta_score.core.frozen import record
from canasta_score.core.language import N_, _, ngettext
from canasta_score.core.safe_text import pattern as compiled  # compiled when first needed

# Each message by its id: the text for a count (the value named by the words' ``count``; 1 for
# a message without one) in the language in use, with {placeholders} for the words' values.
MESSAGES: dict[str, Callable[[int], str]] = {
    "acaba declared": lambda n: _("declared acaba: the declaring side scores nothing"),
    "acaba opponents": lambda n: _("the other side declared acaba"),
    "seven canastas": lambda n: _("seven canastas in one hand"),
    "melded against": lambda n: _("melded cards, counted against (no canasta)"),
    "melded": lambda n: _("melded cards"),
    "melded outside canastas": lambda n: _("melded cards outside canastas"),
    "going out": lambda n: _("going out"),
    "going out concealed": lambda n: _("going out concealed"),
    "left in hand": lambda n: _("cards left in hand"),
    "left in hand and foot": lambda n: _("cards left in hand and foot"),
    "dirty aces": lambda n: _(
        "three aces in a hand cost nothing: the side's ace meld took wild cards"
    ),
    "incomplete sevens": lambda n: _("incomplete sevens"),
    "incomplete clean aces": lambda n: _("incomplete clean aces"),
    "incomplete wild": lambda n: _("incomplete wild"),
    "incomplete wild four jokers": lambda n: _("incomplete wild four jokers"),
    "short sequence": lambda n: _("short sequence"),
    "special hand straight": lambda n: _("special hand: straight"),
    "special hand pairs": lambda n: _("special hand: pairs"),
    "special hand pairs-27a": lambda n: _("special hand: pairs-27a"),
    "special hand garbage": lambda n: _("special hand: garbage"),
    "canasta.natural": lambda n: ngettext("{n} natural canasta", "{n} natural canastas", n),
    "canasta.mixed": lambda n: ngettext("{n} mixed canasta", "{n} mixed canastas", n),
    "canasta.clean_sevens": lambda n: ngettext(
        "{n} canasta of sevens", "{n} canastas of sevens", n
    ),
    "canasta.clean_aces": lambda n: ngettext("{n} canasta of aces", "{n} canastas of aces", n),
    "canasta.wild_all_twos": lambda n: ngettext(
        "{n} wild canasta of seven twos", "{n} wild canastas of seven twos", n
    ),
    "canasta.wild_four_jokers": lambda n: ngettext(
        "{n} wild canasta with four jokers", "{n} wild canastas with four jokers", n
    ),
    "canasta.wild_other": lambda n: ngettext("{n} wild-card canasta", "{n} wild-card canastas", n),
    "canasta.deuces": lambda n: ngettext("{n} canasta of twos", "{n} canastas of twos", n),
    "canasta.deuces_mixed": lambda n: ngettext(
        "{n} canasta of twos with jokers", "{n} canastas of twos with jokers", n
    ),
    # A completed sequence goes by the ruleset's name for it (``canasta.sequence_name``): the
    # bundled names have words of their own, any other is said as it is.
    "canasta.sequence": lambda n: ngettext("{n} {name} canasta", "{n} {name} canastas", n),
    "canasta.sequence samba": lambda n: ngettext("{n} samba canasta", "{n} samba canastas", n),
    "canasta.sequence escalera": lambda n: ngettext(
        "{n} escalera canasta", "{n} escalera canastas", n
    ),
    "canasta.sequence sequence": lambda n: ngettext(
        "{n} sequence canasta", "{n} sequence canastas", n
    ),
    "canastas": lambda n: ngettext("{n} canasta", "{n} canastas", n),
    "natural and mixed": lambda n: ngettext(
        "{natural} natural and {mixed} mixed canasta",
        "{natural} natural and {mixed} mixed canastas",
        n,
    ),
    "laid whole": lambda n: ngettext(
        "{n} canasta laid whole from hand", "{n} canastas laid whole from hand", n
    ),
    "no bonus": lambda n: _("{label}: no bonus"),
    "red threes": lambda n: ngettext("{n} red three", "{n} red threes", n),
    "black threes": lambda n: ngettext("{n} black three", "{n} black threes", n),
    "threes why": lambda n: _("{threes} ({why})"),
    "no meld": lambda n: _("no meld: counted against"),
    "count nothing": lambda n: ngettext(
        "count nothing with {n} canasta", "count nothing with {n} canastas", n
    ),
    "counted against": lambda n: ngettext(
        "counted against with {n} canasta", "counted against with {n} canastas", n
    ),
    "held aces sevens": lambda n: ngettext(
        "{n} player holding three aces or sevens", "{n} players holding three aces or sevens", n
    ),
    "red threes left in hand": lambda n: ngettext(
        "{n} red three left in hand", "{n} red threes left in hand", n
    ),
    "black threes left in hand": lambda n: ngettext(
        "{n} black three left in hand", "{n} black threes left in hand", n
    ),
    "red threes left in hand and foot": lambda n: ngettext(
        "{n} red three left in hand and foot", "{n} red threes left in hand and foot", n
    ),
    "black threes left in hand and foot": lambda n: ngettext(
        "{n} black three left in hand and foot", "{n} black threes left in hand and foot", n
    ),
    "all black threes removed": lambda n: _("all {every} black threes removed"),
    "black threes removed": lambda n: ngettext(
        "{n} black three removed", "{n} black threes removed", n
    ),
    "incomplete melds of sevens": lambda n: ngettext(
        "{n} incomplete meld of sevens", "{n} incomplete melds of sevens", n
    ),
    "incomplete clean melds of aces": lambda n: ngettext(
        "{n} incomplete clean meld of aces", "{n} incomplete clean melds of aces", n
    ),
    "incomplete wild-card melds": lambda n: ngettext(
        "{n} incomplete wild-card meld", "{n} incomplete wild-card melds", n
    ),
    "incomplete wild-card melds with four jokers": lambda n: ngettext(
        "{n} incomplete wild-card meld with four jokers",
        "{n} incomplete wild-card melds with four jokers",
        n,
    ),
    "short sequences": lambda n: ngettext("{n} short sequence", "{n} short sequences", n),
}


@record
class Words:
    """What a breakdown item says: the id of one of :data:`MESSAGES` and its values (a value
    may be other words, said in the same language); ``count`` names the value that picks the
    plural form."""

    message: str
    values: tuple[tuple[str, Any], ...] = ()
    count: str = "n"

    def said(self) -> str:
        """The words in the language in use."""
        values = {k: v.said() if isinstance(v, Words) else v for k, v in self.values}
        n = values.get(self.count, 1)
        return MESSAGES[self.message](n if isinstance(n, int) else 1).format(**values)

    def english(self) -> str:
        """The words in English: the item's label, which is data."""
        if language.current() == language.ENGLISH:
            return self.said()
        with language.speaking(language.ENGLISH):
            return self.said()


def words_data(said: Words) -> list[Any]:
    """Words as plain data (for the breakdowns the store keeps): message, values, count."""
    values = [[k, {"words": words_data(v)} if isinstance(v, Words) else v] for k, v in said.values]
    return [said.message, values, said.count]


def words_from_data(data: Any) -> Words:
    """Words from :func:`words_data`, made once by :func:`words` (raises KeyError, TypeError or
    ValueError if damaged). A value is a whole number, text or other words, as scoring gives
    them; anything else (``true``, ``1.0``) is damage, not a value ``words`` could mistake for
    an equal one it made before."""
    message, values, count = data
    if message not in MESSAGES:
        raise KeyError(message)
    said = {str(k): v if type(v) in (int, str) else words_from_data(v["words"]) for k, v in values}
    return words(message, str(count), **said)


@lru_cache(maxsize=1 << 12)
def words(message: str, count: str = "n", **values: Any) -> Words:
    """:class:`Words` with ``values`` given by name, made once (they recur in every breakdown)."""
    return Words(message, tuple(values.items()), count)


# What an initial meld requires beyond its count
# (:func:`canasta_score.judging.initial.min_meld`), kept in English as data (the kept summary,
# JSON, exports) like the labels.
CANASTA_BAND_TEXT = N_("the canasta itself must count at least {minimum}")
CLEAN_OR_WILD_TEXT = N_(
    "the initial meld must include a clean meld of 3+ natural cards or a wild-card meld"
)
CANASTA_BAND = r"the canasta itself must count at least (\d+)"


def shown_requirement(english: str) -> str:
    """A requirement kept in English, in the language in use."""
    band = compiled(CANASTA_BAND).fullmatch(english)
    if band:
        return _(CANASTA_BAND_TEXT).format(minimum=int(band.group(1)))
    return _(english)


# A hand record's count keys as a message names them: the key itself in English, the quick
# form's word with the key in Korean (``멜드 점수(meld_points)``), for a hand given either way.
RECORD_KEYS = {
    "meld_points": N_("meld_points"),
    "in_hand_points": N_("in_hand_points"),
    "red_threes": N_("red_threes"),
    "black_threes": N_("black_threes"),
    "held_penalties": N_("held_penalties"),
    "black_threes_removed": N_("black_threes_removed"),
    "concealed_canastas": N_("concealed_canastas"),
    "went_out": N_("went_out"),
}


def said_key(key: str) -> str:
    """A record key as a message names it, in the language in use (see RECORD_KEYS)."""
    return _(RECORD_KEYS[key]) if key in RECORD_KEYS else key


def quoted(value: Any) -> str:
    """A wrong value quoted as a record or ruleset wrote it: true and false as TOML and JSON
    spell them, anything else as Python shows it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


# The words that answer yes or no, in both languages: the hand's questions and a partner's
# answer (``--partner 예``) read them.
YES = ("y", "yes", "예", "네", "응")
NO = ("n", "no", "아니오", "아니요", "아니")


def yes_or_no(text: str) -> str | None:
    """``yes`` or ``no`` for a word that answers so, in any case and spacing, its Hangul
    composed or not (``예``, `` N ``), else None."""
    from unicodedata import normalize

    word = " ".join(normalize("NFC", text).casefold().replace("_", " ").split())
    return "yes" if word in YES else "no" if word in NO else None


# An unnamed player, as a game keeps it: the side's name and the seat's number.
SEAT = r"(?P<side>.+) \(player (?P<number>[0-9]+)\)"


def said_seat(name: str) -> str:
    """A player's name as read: an unnamed seat (``A (player 1)``) in the language in use."""
    if not name.endswith(")"):
        return name
    found = compiled(SEAT).fullmatch(name)
    if found is None:
        return name
    return _("{side} (player {number})").format(side=found["side"], number=found["number"])


def went_out_said(side: str, concealed: bool, player: str) -> str:
    """The side that went out, its player and how (``Ann & Bob (Ann, concealed)``), or ""."""
    if not side:
        return ""
    if player and concealed:
        how = _("{player}, concealed").format(player=player)
    elif concealed:
        how = _("concealed")
    else:
        how = player
    return _("{side} ({how})").format(side=side, how=how) if how else side
