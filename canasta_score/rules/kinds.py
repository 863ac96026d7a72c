"""The canasta kinds: one enum and one table saying, for each kind, its family, the ruleset keys
of its bonus and of its incomplete-meld penalty, its smallest count, and the words that name it,
in English and in Korean (docs/ko/glossary.md). Both languages' words are read in every
language; the first word of the language in use is the one shown.

Every other module asks this one. A kind's display name is data: a completed sequence is called
whatever the ruleset's ``canasta.sequence_name`` says ("samba", "escalera", "scala", ...).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from canasta_score.core import language
from canasta_score.core.frozen import record
from canasta_score.core.language import N_, _

if TYPE_CHECKING:
    from canasta_score.rules.ruleset import Ruleset


class CanastaKind(StrEnum):
    """A kind of canasta (or of incomplete special meld), as hand records write it."""

    NATURAL = "natural"
    MIXED = "mixed"
    SEVENS = "sevens"
    ACES = "aces"
    WILD = "wild"
    WILD_TWOS = "wild_twos"
    WILD_FOUR_JOKERS = "wild_four_jokers"
    SEQUENCE = "sequence"
    BOLIVIA = "bolivia"
    DEUCES = "deuces"
    DEUCES_MIXED = "deuces_mixed"


class Family(StrEnum):
    """What a kind is made of, as the going-out and initial-meld requirements ask."""

    NATURAL = "natural"
    MIXED = "mixed"
    SEQUENCE = "sequence"
    WILD = "wild"
    SPECIAL_RANK = "special_rank"


class Least(StrEnum):
    """The make-up of the lowest-counting meld of a kind (its smallest count in a summary)."""

    LOW = "low"
    ACES = "aces"
    MIXED = "mixed"
    TWOS = "twos"
    WILD = "wild"
    ONE_JOKER = "one_joker"
    FOUR_JOKERS = "four_jokers"
    RUN = "run"


@record
class KindInfo:
    """One row of the table: what the rules say about a kind."""

    family: Family
    bonus: str
    penalty: str | None
    least: Least
    words: tuple[str, ...]
    korean: tuple[str, ...]


K = CanastaKind
# Names that always mean a completed sequence, whatever the ruleset calls it; the Korean ones
# stand for the English ones in the same place ("sequence"/"시퀀스": the ruleset's own name).
SEQUENCE_WORDS = ("samba", "escalera", "sequence")
SEQUENCE_KOREAN = ("삼바", "에스칼레라", "시퀀스")
TABLE: dict[CanastaKind, KindInfo] = {
    K.NATURAL: KindInfo(
        Family.NATURAL,
        "canasta.natural",
        None,
        Least.LOW,
        ("natural", "naturals", "nat", "nats", "clean"),
        ("내추럴", "클린"),
    ),
    K.MIXED: KindInfo(
        Family.MIXED,
        "canasta.mixed",
        None,
        Least.MIXED,
        ("mixed", "mix", "dirty"),
        ("믹스드", "믹스", "더티"),
    ),
    K.SEVENS: KindInfo(
        Family.SPECIAL_RANK,
        "canasta.clean_sevens",
        "penalties.incomplete_sevens",
        Least.LOW,
        ("sevens", "7s"),
        ("세븐",),
    ),
    K.ACES: KindInfo(
        Family.SPECIAL_RANK,
        "canasta.clean_aces",
        "penalties.incomplete_clean_aces",
        Least.ACES,
        ("aces",),
        ("에이스",),
    ),
    K.WILD: KindInfo(
        Family.WILD,
        "canasta.wild_other",
        "penalties.incomplete_wild",
        Least.WILD,
        ("wild", "wilds"),
        ("와일드",),
    ),
    K.WILD_TWOS: KindInfo(
        Family.WILD,
        "canasta.wild_all_twos",
        None,
        Least.TWOS,
        ("wild twos", "wild 2s"),
        ("와일드 2", "와일드 투"),
    ),
    K.WILD_FOUR_JOKERS: KindInfo(
        Family.WILD,
        "canasta.wild_four_jokers",
        "penalties.incomplete_wild_four_jokers",
        Least.FOUR_JOKERS,
        ("wild four jokers", "wild 4 jokers"),
        ("와일드 조커 4", "와일드 조커 넷"),
    ),
    K.SEQUENCE: KindInfo(
        Family.SEQUENCE,
        "canasta.sequence",
        "penalties.short_sequence",
        Least.RUN,
        SEQUENCE_WORDS,
        SEQUENCE_KOREAN,
    ),
    K.BOLIVIA: KindInfo(
        Family.WILD, "canasta.wild_other", None, Least.TWOS, ("bolivia",), ("볼리비아",)
    ),
    K.DEUCES: KindInfo(
        Family.WILD,
        "canasta.deuces",
        None,
        Least.TWOS,
        ("deuces", "twos", "2s"),
        ("2", "듀스", "투"),
    ),
    K.DEUCES_MIXED: KindInfo(
        Family.WILD,
        "canasta.deuces_mixed",
        None,
        Least.ONE_JOKER,
        ("deuces with jokers", "twos with jokers", "2s with jokers"),
        ("조커가 섞인 2", "조커 든 듀스", "조커 든 투"),
    ),
}
# Kinds a summary may list as incomplete special melds (those with a penalty key).
INCOMPLETE = tuple(k for k, info in TABLE.items() if info.penalty is not None)


# Read fast (see the ranks in :mod:`canasta_score.rules.cards`).
SEQUENCE = CanastaKind.SEQUENCE


def info(kind: CanastaKind) -> KindInfo:
    return TABLE[kind]


def family(kind: CanastaKind) -> Family:
    return TABLE[kind].family


def penalty_key(kind: CanastaKind, rs: Ruleset) -> str | None:
    """The penalty key an incomplete meld of this kind costs under the ruleset (None: free).
    An incomplete wild-card meld with four jokers costs the plain wild-card penalty where the
    ruleset sets none of its own."""
    key = TABLE[kind].penalty
    if kind is CanastaKind.WILD_FOUR_JOKERS and not rs.penalties.incomplete_wild_four_jokers:
        key = TABLE[CanastaKind.WILD].penalty
    return key if key is not None and rs.value(key) else None


def display_name(kind: CanastaKind, rs: Ruleset) -> str:
    """The name a ruling shows for a kind: the ruleset's name for a completed sequence."""
    return rs.canasta.sequence_name if kind is SEQUENCE else kind._value_


# Record keys that name one kind whatever the ruleset (every kind but the sequence).
BY_RECORD_KEY = {k.value: k for k in CanastaKind if k is not CanastaKind.SEQUENCE}


def record_names(rs: Ruleset) -> tuple[str, ...]:
    """Every name a hand record's ``canastas`` table may use under this ruleset."""
    names = list(BY_RECORD_KEY)
    for word in (*SEQUENCE_WORDS[:2], rs.canasta.sequence_name):
        if word not in names:
            names.append(word)
    return tuple(names)


def record_kind(name: str, rs: Ruleset) -> CanastaKind | None:
    """The kind a key of a record's ``canastas`` table names under this ruleset, or None."""
    found = BY_RECORD_KEY.get(name)
    if found is None and name in (*SEQUENCE_WORDS[:2], rs.canasta.sequence_name):
        return CanastaKind.SEQUENCE
    return found


def plain(text: str) -> str:
    """A typed word as the tables hold it: composed Hangul (NFC), lower case, single spaces,
    ``_`` as a space."""
    from unicodedata import normalize

    return " ".join(normalize("NFC", text).lower().replace("_", " ").split())


def kind_named(name: str, rs: Ruleset | None = None) -> CanastaKind | None:
    """The kind a record's key or a spoken word (English or Korean) means (a plural "s"
    allowed), or None."""
    word = plain(name)
    sequence = plain(rs.canasta.sequence_name) if rs is not None else None
    for candidate in (word, word.removesuffix("s")):
        if candidate == sequence:
            return CanastaKind.SEQUENCE
        for kind, row in TABLE.items():
            if candidate == kind.value.replace("_", " ") or candidate in (*row.words, *row.korean):
                return kind
    return None


def canasta_word(word: str, rs: Ruleset | None = None) -> str | None:
    """The record key of the canastas a spoken word names (``"sambas"`` → ``samba``, ``"삼바"``
    → ``samba``), or None. A sequence goes by the ruleset's name for it, or by a traditional
    one; "sequence" (시퀀스) by the ruleset's name."""
    kind = kind_named(word, rs)
    if kind is not CanastaKind.SEQUENCE:
        return None if kind is None else kind.value
    said = plain(word)
    if said in SEQUENCE_KOREAN:
        said = SEQUENCE_WORDS[SEQUENCE_KOREAN.index(said)]
    own = rs.canasta.sequence_name if rs is not None else ""
    if said in (SEQUENCE_WORDS[2], SEQUENCE_WORDS[2] + "s") and own:
        return own
    names = (*SEQUENCE_WORDS[:2], own)
    return next((n for n in names if n and plain(n) in (said, said.removesuffix("s"))), None)


def incomplete_word(word: str, rs: Ruleset | None = None) -> str | None:
    """The incomplete special meld a spoken word names (``"7s"`` → ``sevens``), or None."""
    kind = kind_named(word, rs)
    return kind.value if kind in INCOMPLETE else None


def spoken(key: str) -> str:
    """How a record key of the canastas (``wild_twos``, ``samba``, or a ruleset's own name for a
    sequence) is shown in the language in use: a word the quick form reads back."""
    if language.current() != language.KOREAN:
        return key.replace("_", " ")
    if key in SEQUENCE_WORDS:
        return SEQUENCE_KOREAN[SEQUENCE_WORDS.index(key)]
    found = BY_RECORD_KEY.get(key)
    return TABLE[found].korean[0] if found is not None else key.replace("_", " ")


def spoken_names() -> list[str]:
    """How the quick form's help names each kind of canasta, in the language in use."""
    out: list[str] = []
    for kind, row in TABLE.items():
        if kind is CanastaKind.SEQUENCE:
            out += [spoken(word) for word in SEQUENCE_WORDS[:2]]
        elif kind is CanastaKind.DEUCES_MIXED:
            out.append(row.korean[0] if language.current() == language.KOREAN else row.words[0])
        else:
            out.append(spoken(kind.value))
    return out


def is_natural_or_better(kind: CanastaKind) -> bool:
    """A canasta that meets a "natural canasta (or better)" requirement: any but a mixed one."""
    return family(kind) is not Family.MIXED


# The name a person reads for a kind as the statistics count it (its display name), in the
# language in use: the kinds, and the sequence names of the bundled rulesets. The figures keep
# the English name as their key.
SHOWN_NAMES = {
    "natural": N_("natural"),
    "mixed": N_("mixed"),
    "sevens": N_("sevens"),
    "aces": N_("aces"),
    "wild": N_("wild"),
    "wild_twos": N_("wild_twos"),
    "wild_four_jokers": N_("wild_four_jokers"),
    "sequence": N_("sequence"),
    "bolivia": N_("bolivia"),
    "deuces": N_("deuces"),
    "deuces_mixed": N_("deuces_mixed"),
    "samba": N_("samba"),
    "escalera": N_("escalera"),
}


def shown_name(name: str) -> str:
    """A kind's display name as a person reads it (a sequence name the bundled rulesets do not
    use is shown as the ruleset gives it)."""
    return _(SHOWN_NAMES[name]) if name in SHOWN_NAMES else name
