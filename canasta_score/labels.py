"""Breakdown labels in the language in use.

A breakdown item keeps its label in English: the label is data (the JSON breakdown, the exports,
the cached log of a game) and never changes with the language. :func:`shown` says a label in the
language in use where a person reads it, by reading the English back: every label the scoring
makes (:mod:`canasta_score.scoring`) has one of the forms below. A label of no known form is
shown as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from canasta_score import language
from canasta_score.language import N_, _, ngettext
from canasta_score.safe_text import pattern as compiled  # compiled when first needed

# Labels that are whole sentences with nothing to fill in.
FIXED = frozenset(
    (
        N_("declared acaba: the declaring side scores nothing"),
        N_("the other side declared acaba"),
        N_("seven canastas in one hand"),
        N_("melded cards, counted against (no canasta)"),
        N_("melded cards"),
        N_("melded cards outside canastas"),
        N_("going out"),
        N_("going out concealed"),
        N_("cards left in hand"),
        N_("cards left in hand and foot"),
        N_("three aces in a hand cost nothing: the side's ace meld took wild cards"),
        N_("incomplete sevens"),
        N_("incomplete clean aces"),
        N_("incomplete wild"),
        N_("incomplete wild four jokers"),
        N_("short sequence"),
        N_("special hand: straight"),
        N_("special hand: pairs"),
        N_("special hand: pairs-27a"),
        N_("special hand: garbage"),
    )
)

Count = Callable[[int], str]
# Things counted in a label, ``"{n} <thing>"``, by their English name in the singular; for any
# count but one the English label has them in the plural (:func:`english_plural`).
COUNTED: dict[str, Count] = {
    "natural canasta": lambda n: ngettext("{n} natural canasta", "{n} natural canastas", n),
    "mixed canasta": lambda n: ngettext("{n} mixed canasta", "{n} mixed canastas", n),
    "canasta of sevens": lambda n: ngettext("{n} canasta of sevens", "{n} canastas of sevens", n),
    "canasta of aces": lambda n: ngettext("{n} canasta of aces", "{n} canastas of aces", n),
    "wild canasta of seven twos": lambda n: ngettext(
        "{n} wild canasta of seven twos", "{n} wild canastas of seven twos", n
    ),
    "wild canasta with four jokers": lambda n: ngettext(
        "{n} wild canasta with four jokers", "{n} wild canastas with four jokers", n
    ),
    "wild-card canasta": lambda n: ngettext("{n} wild-card canasta", "{n} wild-card canastas", n),
    "canasta of twos": lambda n: ngettext("{n} canasta of twos", "{n} canastas of twos", n),
    "canasta of twos with jokers": lambda n: ngettext(
        "{n} canasta of twos with jokers", "{n} canastas of twos with jokers", n
    ),
    "canasta": lambda n: ngettext("{n} canasta", "{n} canastas", n),
    # A completed sequence goes by the ruleset's name for it (``canasta.sequence_name``).
    "samba canasta": lambda n: ngettext("{n} samba canasta", "{n} samba canastas", n),
    "escalera canasta": lambda n: ngettext("{n} escalera canasta", "{n} escalera canastas", n),
    "sequence canasta": lambda n: ngettext("{n} sequence canasta", "{n} sequence canastas", n),
    "red three": lambda n: ngettext("{n} red three", "{n} red threes", n),
    "black three": lambda n: ngettext("{n} black three", "{n} black threes", n),
    "player holding three aces or sevens": lambda n: ngettext(
        "{n} player holding three aces or sevens", "{n} players holding three aces or sevens", n
    ),
}
# Two or more incomplete special melds of one kind: the English label is already plural.
COUNTED_PLURAL: dict[str, Count] = {
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
THREES_LEFT: dict[tuple[str, str], Count] = {
    ("red", "hand"): lambda n: ngettext(
        "{n} red three left in hand", "{n} red threes left in hand", n
    ),
    ("black", "hand"): lambda n: ngettext(
        "{n} black three left in hand", "{n} black threes left in hand", n
    ),
    ("red", "hand and foot"): lambda n: ngettext(
        "{n} red three left in hand and foot", "{n} red threes left in hand and foot", n
    ),
    ("black", "hand and foot"): lambda n: ngettext(
        "{n} black three left in hand and foot", "{n} black threes left in hand and foot", n
    ),
}

# The noun a counted thing is named by: the word that takes the plural.
HEAD_NOUN = r"\b(?:canasta|player|three)\b"


def english_plural(thing: str) -> str:
    """A counted thing in the English plural: ``canasta of sevens`` gives ``canastas of
    sevens``, ``red three`` gives ``red threes``."""
    head = compiled(HEAD_NOUN).search(thing)
    if head is None:
        return thing + "s"
    return f"{thing[: head.end()]}s{thing[head.end() :]}"


Reader = Callable[["re.Match[str]"], str | None]
READERS: list[tuple[str, Reader]] = []


def reads(pattern: str) -> Callable[[Reader], Reader]:
    """Registers a reader for labels that match ``pattern`` in full."""

    def register(reader: Reader) -> Reader:
        READERS.append((pattern, reader))
        return reader

    return register


def shown(label: str) -> str:
    """A breakdown label, given in English, in the language in use."""
    if language.current() == language.ENGLISH:
        return label
    return said(label) or label


def said(label: str) -> str | None:
    """The label in the language in use, or None when it is of no known form."""
    if label in FIXED:
        return _(label)
    for pattern, reader in READERS:
        found = compiled(pattern).fullmatch(label)
        if found is not None:
            text = reader(found)
            if text is not None:
                return text
    return None


def counted(n: int, thing: str) -> str | None:
    """``"{n} <thing>"`` as the English label writes it, in the language in use."""
    for name, say in COUNTED.items():
        if thing == (name if n == 1 else english_plural(name)):
            return say(n).format(n=n)
    if thing in COUNTED_PLURAL:
        return COUNTED_PLURAL[thing](n).format(n=n)
    sequence = thing if n == 1 else thing.replace(" canastas", " canasta")
    if sequence.endswith(" canasta"):  # a sequence, by a name of the ruleset's own
        name = sequence.removesuffix(" canasta")
        return ngettext("{n} {name} canasta", "{n} {name} canastas", n).format(n=n, name=name)
    return None


@reads(r"special hand: (?P<hand>.+)")
def special_hand(found: re.Match[str]) -> str:
    return _("special hand: {hand}").format(hand=found["hand"])


@reads(r"all (?P<every>\d+) black threes removed")
def all_black_threes(found: re.Match[str]) -> str:
    return _("all {every} black threes removed").format(every=int(found["every"]))


@reads(r"(?P<n>\d+) black threes? removed")
def black_threes_removed(found: re.Match[str]) -> str:
    n = int(found["n"])
    return ngettext("{n} black three removed", "{n} black threes removed", n).format(n=n)


@reads(r"(?P<natural>\d+) natural and (?P<mixed>\d+) mixed canastas?")
def natural_and_mixed(found: re.Match[str]) -> str:
    natural, mixed = int(found["natural"]), int(found["mixed"])
    return ngettext(
        "{natural} natural and {mixed} mixed canasta",
        "{natural} natural and {mixed} mixed canastas",
        mixed,
    ).format(natural=natural, mixed=mixed)


@reads(r"(?P<n>\d+) canastas? laid whole from hand")
def laid_whole(found: re.Match[str]) -> str:
    n = int(found["n"])
    return ngettext(
        "{n} canasta laid whole from hand", "{n} canastas laid whole from hand", n
    ).format(n=n)


@reads(r"(?P<n>\d+) (?P<colour>red|black) threes? left in (?P<where>hand|hand and foot)")
def threes_left(found: re.Match[str]) -> str:
    n = int(found["n"])
    return THREES_LEFT[found["colour"], found["where"]](n).format(n=n)


@reads(r"(?P<threes>\d+ (?:red|black) threes?) \((?P<why>.+)\)")
def threes_why(found: re.Match[str]) -> str | None:
    threes, why = said(found["threes"]), reason(found["why"])
    if threes is None or why is None:
        return None
    return _("{threes} ({why})").format(threes=threes, why=why)


def reason(why: str) -> str | None:
    """Why threes count nothing or against the side, in the language in use."""
    if why == "no meld: counted against":
        return _("no meld: counted against")
    found = re.fullmatch(r"(count nothing|counted against) with (?P<n>\d+) canastas?", why)
    if found is None:
        return None
    n = int(found["n"])
    if found[1] == "count nothing":
        text = ngettext("count nothing with {n} canasta", "count nothing with {n} canastas", n)
    else:
        text = ngettext("counted against with {n} canasta", "counted against with {n} canastas", n)
    return text.format(n=n)


@reads(r"(?P<label>.+): no bonus")
def no_bonus(found: re.Match[str]) -> str | None:
    label = said(found["label"])
    return None if label is None else _("{label}: no bonus").format(label=label)


@reads(r"(?P<n>\d+) (?P<thing>.+)")
def count_of(found: re.Match[str]) -> str | None:
    return counted(int(found["n"]), found["thing"])


# What an initial meld requires beyond its count (:func:`canasta_score.initial.min_meld`), kept
# in English as data (the summary cache, JSON, exports) like the labels.
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
