"""Entering a hand at the table: the quick one-line form (each side on one line: its name, a
colon, then items, ``us: 285 melded, 1 natural, 2 red, 40 left, out``; every item in
:func:`quick_help` and docs/games.md) and the questions of the interactive entry. Both produce
the hand record data of a TOML record file (CONTRACT section 6).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from typing import Any

from canasta_score.core import language, words
from canasta_score.core.errors import InputError
from canasta_score.core.frozen import fields, record
from canasta_score.core.language import N_, _
from canasta_score.core.words import said_seat
from canasta_score.hands.record import (
    INCOMPLETE_KINDS,
    SPECIAL_HANDS,
    SideRecord,
    parse_record,
    wrong_three,
)
from canasta_score.rules import kinds
from canasta_score.rules.cards import parse_cards
from canasta_score.rules.kinds import CanastaKind
from canasta_score.rules.ruleset import Ruleset
from canasta_score.rules.schema import COUNT_MOST

# The quick form's words, each in English and in Korean (docs/ko/glossary.md). Both are read in
# every language; the first word of the language in use is the one shown.
# Items that take a count: record key -> (English phrases, Korean phrases).
COUNT_ITEMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "meld_points": (("melded", "meld", "melds"), ("멜드", "멜드 점수")),
    "in_hand_points": (
        ("left", "in hand", "left in hand"),
        ("남은", "남은 카드", "손에 남은", "손에 남은 카드"),
    ),
    "red_threes": (
        ("red", "red three", "red threes", "red 3s"),
        ("빨간 3", "레드 3", "빨간", "레드"),
    ),
    "black_threes": (
        ("black", "black three", "black threes", "black 3s"),
        ("검은 3", "블랙 3", "검은", "블랙"),
    ),
    "held_penalties": (("held", "holding", "held aces or sevens"), ("보유", "보유 감점")),
    "black_threes_removed": (
        ("removed", "black threes removed", "black 3s removed"),
        ("제거", "제거된 블랙 3", "제거된 검은 3"),
    ),
    "concealed_canastas": (
        ("concealed canastas", "concealed canasta"),
        ("숨은 카나스타", "손에서 완성한 카나스타"),
    ),
}
# Items that are a word alone: what they set -> (English phrases, Korean phrases).
FLAG_ITEMS: tuple[tuple[dict[str, bool], tuple[str, ...], tuple[str, ...]], ...] = (
    ({"went_out": True}, ("out", "went out", "goes out"), ("나감", "나가기", "나갔음")),
    (
        {"went_out": True, "concealed": True},
        ("concealed", "conc", "out concealed", "went out concealed"),
        ("숨은 나가기", "숨은", "숨은 나감"),
    ),
    ({"acaba": True}, ("acaba", "declared acaba"), ("아카바", "아카바 선언")),
)
OUT, CONCEALED, ACABA = range(3)  # the places of FLAG_ITEMS
# The words of play's rulings ("pickup KD with KS KH by us frozen", "더미 KD 손 KS KH 팀 우리
# 동결"; "go-out ... discard 5C", "나가기 ... 버림 5C"): what each says -> (English, Korean).
PLAY_ITEMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "with": (("with",), ("손",)),
    "by": (("by", "for"), ("팀",)),
    "unopened": (("unopened", "not-opened", "new"), ("첫멜드전",)),
    "opened": (("opened",), ("첫멜드후",)),
    "frozen": (("frozen",), ("동결",)),
    "discard": (("discard",), ("버림",)),
}
PLAY_WORDS = {w: key for key, (en, ko) in PLAY_ITEMS.items() for w in (*en, *ko)}
COUNT_WORDS = {w: key for key, (en, ko) in COUNT_ITEMS.items() for w in (*en, *ko)}
FLAG_WORDS = {w: sets for sets, en, ko in FLAG_ITEMS for w in (*en, *ko)}
NOTHING = {"nothing", "none", "-", "no meld", "no melds", "없음", "멜드 없음"}
# Words around a kind (English, Korean): "special straight" or "straight hand" (특수 스트레이트,
# 스트레이트 핸드), "incomplete sevens" (미완성 세븐), "1 natural canasta" (1 내추럴 카나스타).
SPECIAL_BEFORE = ("special", "특수")
SPECIAL_AFTER = ("hand", "핸드")
INCOMPLETE_BEFORE = ("incomplete", "미완성")
CANASTA_AFTER = ("canastas", "canasta", "카나스타")
# The special hands' Korean names: record key -> Korean.
SPECIAL_KOREAN = {
    "straight": "스트레이트",
    "pairs": "페어",
    "pairs-27a": "페어-27a",
    "garbage": "가비지",
}
BY_KOREAN = {hangul: key for key, hangul in SPECIAL_KOREAN.items()}
# The counts a side's summary gives after its threes, in the order a record lists them.
LATER_COUNTS = ("in_hand_points", "held_penalties", "concealed_canastas", "black_threes_removed")
# A count may carry a Korean counter: "285점" (points), "2개", "2장" (cards).
COUNTERS = ("점", "개", "장")
NUMBER = re.compile(r"-?(?:\d{1,3}(?:,\d{3})+|\d[\d_]*)")
# Items are separated by commas, except a comma between digits that groups thousands (1,420).
ITEM_SPLIT = re.compile(r",(?!(?<=\d,)\d{3}(?!\d))")
# The longest number the quick form reads (no count or score comes near 10**15), and the
# most incomplete melds it writes out one by one: more than the cards of the largest deck a
# ruleset may have (schema.COUNT_MOST packs of 52 cards and as many jokers each).
MOST_DIGITS = 15
MOST_CARDS = COUNT_MOST * (52 + COUNT_MOST)


# ---------------------------------------------------------------- the quick form

# The names of a side's record keys, for "... is given twice" (every key set_once sets).
KEY_NAMES = {
    "meld_points": N_("meld points"),
    "in_hand_points": N_("in hand points"),
    "red_threes": N_("red threes"),
    "black_threes": N_("black threes"),
    "held_penalties": N_("held penalties"),
    "black_threes_removed": N_("black threes removed"),
    "concealed_canastas": N_("concealed canastas"),
    "special_hand": N_("special hand"),
}


def refused(message: str, /, **values: Any) -> InputError:
    """An answer or item refused: ``message`` said with ``values``."""
    return InputError(message.format(**values))


def korean() -> bool:
    return language.current() == language.KOREAN


def said(english: str, hangul: str) -> str:
    """The English or the Korean word, in the language in use."""
    return hangul if korean() else english


def count_word(key: str) -> str:
    """The word shown for a counted item (``meld_points`` → ``melded`` / ``멜드``): its first."""
    english, hangul = COUNT_ITEMS[key]
    return said(english[0], hangul[0])


def flag_word(index: int, second: bool = False) -> str:
    """The word shown for the item of ``FLAG_ITEMS[index]`` (``second``: its short form)."""
    _sets, english, hangul = FLAG_ITEMS[index]
    words = hangul if korean() else english
    return words[1] if second else words[0]


def special_name(key: str) -> str:
    """A special hand's record key as shown: itself, or its Korean name."""
    return said(key, SPECIAL_KOREAN[key])


def kind_name(key: str) -> str:
    """A kind's record key as a message names it: itself, or its Korean word."""
    return kinds.spoken(key) if korean() else key


def ordered(side: dict[str, Any]) -> dict[str, Any]:
    """A side's record data, its keys in the order of a side's fields (as a file lists them)."""
    return {f.name: side[f.name] for f in fields(SideRecord) if f.name in side}


def quick_help(rs: Ruleset | None = None) -> str:
    """How to write the quick form, in the language in use (for ``rs``: its items only)."""
    special, incomplete = said(*SPECIAL_BEFORE), said(*INCOMPLETE_BEFORE)
    if rs is None:
        canastas = _("N {names} (canastas)").format(names=" / ".join(kinds.spoken_names()))
        concealed = flag_word(CONCEALED)
        missing: tuple[str, ...] = INCOMPLETE_KINDS
        hands: tuple[str, ...] = SPECIAL_HANDS
    else:
        names = " / ".join(kinds.spoken(k) for k, _text in canasta_kinds(rs))
        canastas = _("N {names} (canastas; nat and mix for short)").format(names=names)
        concealed = f"{flag_word(CONCEALED)} ({flag_word(CONCEALED, second=True)})"
        missing, hands = incomplete_kinds(rs), specials(rs)
    # Each item, and whether the ruleset scores it.
    items = [
        (f"N {count_word('meld_points')}", True),
        (canastas, True),
        (f"N {count_word('red_threes')}", rs is None or rs.threes.laid_down != "none"),
        (
            f"N {count_word('black_threes')}",
            rs is None or rs.threes.laid_down in ("all", "optional"),
        ),
        (f"N {count_word('in_hand_points')}", True),
        (flag_word(OUT), True),
        (concealed, rs is None or bool(rs.go_out.concealed_bonus)),
        (f"{incomplete} {' / '.join(kinds.spoken(k) for k in missing)}", bool(missing)),
        (f"N {count_word('held_penalties')}", rs is None or bool(rs.penalties.held_aces_sevens)),
        (f"N {count_word('concealed_canastas')}", rs is None or bool(rs.canasta.concealed_bonus)),
        (f"{special} {' / '.join(special_name(k) for k in hands)}", bool(hands)),
        (flag_word(ACABA), rs is None or rs.acaba.enabled),
        (
            f"N {count_word('black_threes_removed')}",
            rs is None or bool(rs.threes.black_removed_each or rs.threes.black_removed_all),
        ),
    ]
    shown = ", ".join(item for item, scored in items if scored)
    if rs is None:
        return _(
            'write each side as "NAME: item, item, ...", e.g. '
            '"us: 285 melded, 1 natural, 1 mixed, 2 red, 40 left, out"; items: {items}'
        ).format(items=shown)
    return _(
        'write each side as "NAME: item, item, ...", e.g. '
        '"us: 285 melded, 1 nat, 40 left, out"; items in {ruleset}: {items}'
    ).format(ruleset=rs.shown_name, items=shown)


def count_token(word: str) -> str | None:
    """The number a word of the quick form writes (``285``, ``1,420``, ``285점``, its Hangul
    composed or not), or None."""
    from unicodedata import normalize

    word = normalize("NFC", word)
    bare = next((word.removesuffix(c) for c in COUNTERS if word.endswith(c)), word)
    return bare if NUMBER.fullmatch(bare) else None


def canasta_key(phrase: str, rs: Ruleset | None = None) -> str | None:
    """The record key of the canastas a phrase names (``natural canastas``, ``내추럴``), or None."""
    # A phrase ends in one of these words at most: each of the others leaves it whole, so the
    # whole phrase is tried too, as long as there are two or more of them.
    for suffix in CANASTA_AFTER:
        kind_word = phrase.removesuffix(f" {suffix}")
        key = kinds.canasta_word(kind_word, rs) if kind_word else None
        if key is not None:
            return key
    return None


def known(phrase: str, rs: Ruleset | None = None) -> bool:
    """Whether a whole phrase is an item's word, a number in it included (``빨간 3``)."""
    return phrase in COUNT_WORDS or phrase in FLAG_WORDS or canasta_key(phrase, rs) is not None


def special_key(phrase: str) -> str | None:
    """The special hand a phrase names (``special pairs``, ``스트레이트 핸드``), None if the
    phrase is not about a special hand, "" if it names none the program knows."""
    prefixes = tuple(f"{w} " for w in SPECIAL_BEFORE)
    suffixes = tuple(f" {w}" for w in SPECIAL_AFTER)
    if not phrase.startswith(prefixes) and not phrase.endswith(suffixes):
        return None
    name = phrase
    for prefix in prefixes:
        name = name.removeprefix(prefix)
    for suffix in suffixes:
        name = name.removesuffix(suffix)
    name = name.replace(" ", "-")
    return name if name in SPECIAL_HANDS else BY_KOREAN.get(name, "")


# The words of going out that a player's name may follow: "out Ann", "concealed Ann".
OUT_WORDS = sorted(
    (w for sets, en, ko in FLAG_ITEMS[OUT : CONCEALED + 1] for w in (*en, *ko)),
    key=lambda w: -len(w.split()),
)


def going_out_by(side: dict[str, Any], phrase: str, shown: str) -> bool:
    """Whether ``phrase`` says that the side went out and who did (``out Ann``, ``나감 Ann``;
    the name kept with its Hangul composed, as the game keeps its players' names)."""
    from unicodedata import normalize

    if phrase in COUNT_WORDS:
        return False
    for word in OUT_WORDS:
        if phrase.startswith(word + " "):
            player = normalize("NFC", " ".join(shown.split()[len(word.split()) :]))
            side.update(FLAG_WORDS[word])
            side["went_out_player"] = player
            return True
    return False


def parse_item(side: dict[str, Any], item: str, rs: Ruleset | None = None) -> None:
    """Apply one quick-form item (``"285 melded"``, ``"out"``, ``"2 빨간 3"``, ...) to a side's
    data; with a ruleset, its own name for a completed sequence is understood too, and an item
    not understood is explained with that ruleset's items only."""
    words = kinds.plain(item).split()
    shown = item.strip()
    number: int | None = None
    first = count_token(words[0]) if words else None
    last = count_token(words[-1]) if words else None
    if first is not None:
        number = quick_number(first, shown)
        words.pop(0)
    elif last is not None and not known(" ".join(words), rs):
        number = quick_number(last, shown)
        words.pop()
    phrase = " ".join(words)
    if number is not None and number < 0:
        text = _('"{item}": give counts without a sign ("{example}", not "-40")')
        raise refused(text, item=shown, example=f"40 {count_word('in_hand_points')}")
    if phrase in NOTHING and number is None:
        return
    if phrase in FLAG_WORDS:
        if number is not None:
            raise refused(_('"{item}": "{word}" takes no number'), item=shown, word=phrase)
        side.update(FLAG_WORDS[phrase])
        return
    if number is None and going_out_by(side, phrase, shown):
        return
    kind = special_key(phrase)
    if kind is not None:
        if not kind:
            names = ", ".join(special_name(k) for k in SPECIAL_HANDS)
            raise refused(_('"{item}": special hands are {names}'), item=shown, names=names)
        set_once(side, "special_hand", kind, shown)
        return
    prefix = next((f"{w} " for w in INCOMPLETE_BEFORE if phrase.startswith(f"{w} ")), None)
    if prefix is not None:
        missing = kinds.incomplete_word(phrase.removeprefix(prefix), rs)
        if missing is None:
            names = ", ".join(kind_name(k) for k in sorted(INCOMPLETE_KINDS))
            raise refused(_('"{item}": incomplete melds are {names}'), item=shown, names=names)
        times = 1 if number is None else number
        if times > MOST_CARDS:
            text = _('"{item}": {count:,} incomplete melds are more than any deck holds')
            raise refused(text, item=shown, count=times)
        side.setdefault("incomplete", []).extend([missing] * times)
        return
    count = COUNT_WORDS.get(phrase)
    key = None if count else canasta_key(phrase, rs)
    if (count or key) and number is None:
        text = _('"{item}" needs a number, e.g. "{example}"')
        raise refused(text, item=shown, example=f"{2 if count else 1} {phrase}")
    if count:
        set_once(side, count, number, shown)
        return
    if key is not None:
        canastas = side.setdefault("canastas", {})
        if key in canastas:
            text = _('"{item}": {kind} canastas are given twice')
            raise refused(text, item=shown, kind=kind_name(key))
        canastas[key] = number
        return
    close = closest_word(phrase, rs)
    if close is not None:
        text = _('"{item}" is not understood; did you mean "{close}"? {help}')
        raise refused(text, item=shown, close=close, help=quick_help(rs))
    raise refused(_('"{item}" is not understood; {help}'), item=shown, help=quick_help(rs))


def closest_word(phrase: str, rs: Ruleset | None = None) -> str | None:
    """The quick form's word closest to a phrase it does not know (``meldd``: ``melded``)."""
    import difflib

    if not phrase:
        return None
    names = [*kinds.spoken_names(), *(kinds.record_names(rs) if rs is not None else ())]
    words = [*COUNT_WORDS, *FLAG_WORDS, *names]
    close = difflib.get_close_matches(phrase, words, n=1)
    return close[0] if close else None


def quick_number(token: str, shown: str) -> int:
    """A count typed in the quick form (``1,420``), refused before conversion when too long."""
    digits = token.replace(",", "").replace("_", "")
    if len(digits.lstrip("-")) > MOST_DIGITS:
        text = _('"{item}": {start}... is far more than any count or score')
        raise refused(text, item=shown, start=token[:20])
    return int(digits)


def set_once(side: dict[str, Any], key: str, value: Any, shown: str) -> None:
    if key in side:
        text = _('"{item}": {name} is given twice')
        raise refused(text, item=shown, name=_(KEY_NAMES[key]))
    side[key] = value


def fold(text: str) -> str:
    """A name as a hand matches it: case and spacing ignored, Hangul composed."""
    from unicodedata import normalize

    return " ".join(normalize("NFC", text).split()).casefold()


def match_side(
    label: str, names: list[str], players: Mapping[str, Sequence[str]] | None = None
) -> str:
    """The game's side a label means, in any case (Hangul composed or not): a side's name, else
    one of its players' names (``players``: side name -> its players), else the unique
    beginning of a side's name. An exact name always wins over beginnings."""
    wanted = fold(label)
    sides = {n: fold(n) for n in names}
    people = {n: [fold(p) for p in (players or {}).get(n, ())] for n in names}
    tiers = (
        [n for n in names if sides[n] == wanted],
        [n for n in names if wanted in people[n]],
        [n for n in names if wanted and sides[n].startswith(wanted)],
    )
    found = next((tier for tier in tiers if tier), [])
    if len(found) == 1:
        return found[0]
    if found:
        text = _('"{label}" could be {choices}; write more of the name')
        raise refused(text, label=label, choices=_(" or ").join(found))
    text = _('"{label}" is not a side of this game (its sides are {names})')
    raise refused(text, label=label, names=", ".join(names))


def parse_quick_side(
    text: str,
    names: list[str],
    players: Mapping[str, Sequence[str]] | None = None,
    rs: Ruleset | None = None,
) -> dict[str, Any]:
    """One side of the quick form: ``"us: 1,285 melded, 1 nat, out"``."""
    label, colon, rest = text.partition(":")
    if not colon:
        message = _('"{text}": start with the side\'s name and a colon; {help}')
        raise refused(message, text=text.strip(), help=quick_help(rs))
    name = match_side(label, names, players)
    side: dict[str, Any] = {"name": name}
    for item in ITEM_SPLIT.split(rest):
        if item.strip():
            try:
                parse_item(side, item, rs)
            except InputError as exc:
                raise refused(_('side "{side}": {problem}'), side=name, problem=exc) from None
    return ordered(side)


def parse_quick(
    texts: list[str],
    names: list[str],
    players: Mapping[str, Sequence[str]] | None = None,
    rs: Ruleset | None = None,
    keep: Mapping[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The quick form for every side (one text per side, or sides separated by ``;``) as a
    hand record: ``{"side": [...]}`` with the sides in the game's order. A side is named by
    its name or a player's (``players``: side name -> its players), or a unique beginning;
    ``rs``, the game's ruleset, names the items an error explains. ``keep``: sides (by name)
    taken as they are when not given (editing a hand changes only the sides given)."""
    found: dict[str, dict[str, Any]] = {}
    for text in texts:
        for part in text.split(";"):
            if not part.strip():
                continue
            side = parse_quick_side(part, names, players, rs)
            if side["name"] in found:
                raise refused(_('side "{side}" is given twice'), side=side["name"])
            found[side["name"]] = side
    for name, side in (keep or {}).items():
        found.setdefault(name, side)
    missing = [n for n in names if n not in found]
    if missing:
        message = _('side "{side}" is missing; give every side, e.g. "{example}"')
        example = f"{missing[0]}: 0 {count_word('meld_points')}"
        raise refused(message, side=missing[0], example=example)
    data = {"side": [found[n] for n in names]}
    if rs is not None:
        check_quick_counts(rs, data)
    return data


def check_quick_counts(rs: Ruleset, data: dict[str, Any]) -> None:
    """Refuse counts no cards could make (after counts beyond the deck, as for any record),
    naming each as the quick form gives it (``"303 melded"``, not ``meld_points``)."""
    from canasta_score.hands.record import parse_record
    from canasta_score.hands.validation import check_counts, check_summary

    def said(key: str, value: object) -> str:
        shown = f"{value:,}" if isinstance(value, int) else str(value)
        return f'"{shown} {count_word(key)}"'

    record = parse_record(data)
    check_counts(rs, record)
    for side in record.sides:
        if side.melds is None:
            check_summary(rs, side, said)


def describe_side(side: dict[str, Any]) -> str:
    """A side's summary record in the quick form's words of the language in use."""
    items: list[str] = []
    if "meld_points" in side:
        items.append(f"{side['meld_points']} {count_word('meld_points')}")
    for kind, n in side.get("canastas", {}).items():
        items.append(f"{n} {kinds.spoken(kind)}")
    incomplete = said(*INCOMPLETE_BEFORE)
    items += [f"{incomplete} {kinds.spoken(k)}" for k in side.get("incomplete", [])]
    for key in ("red_threes", "black_threes", *LATER_COUNTS):
        if isinstance(side.get(key), int):
            items.append(f"{side[key]} {count_word(key)}")
    who = side.get("went_out_player")
    by = f" {who}" if isinstance(who, str) and who else ""
    if side.get("concealed"):
        items.append(flag_word(CONCEALED) + by)
    elif side.get("went_out"):
        items.append(flag_word(OUT) + by)
    if side.get("special_hand"):
        items.append(f"{said(*SPECIAL_BEFORE)} {special_name(side['special_hand'])}")
    if side.get("acaba"):
        items.append(flag_word(ACABA))
    nothing = said("nothing", "없음")
    return f"{side['name']}: {', '.join(items) if items else nothing}"


def play_word(word: str) -> str | None:
    """What a word of play's rulings says (``손`` says ``with``, its Hangul composed or not),
    or None (a card, a name)."""
    return PLAY_WORDS.get(kinds.plain(word))


def play_said(key: str) -> str:
    """The word of play's rulings that says ``key``, in the language in use (its first)."""
    english, hangul = PLAY_ITEMS[key]
    return said(english[0], hangul[0])


# ---------------------------------------------------------------- answers to questions

# Answers a person types, in English and in Korean (docs/ko/glossary.md), read in every
# language.
YES, NO = words.YES, words.NO
NOBODY = ("nobody", "none", "no one", "-", "없음", "아무도", "아무도 없음")
BY_CARD = ("c", "cards", "card", "카드", "카드별")
BY_TOTALS = ("t", "totals", "total", "합계")
# Words that choose something other than a side: what to enter again when a hand is refused or
# edited ("out": who went out; "all": every side).
CHOICES = {"out": ("out", "나감", "나가기"), "all": ("all", "전체", "모두")}


def nobody() -> str:
    """The answer shown for "nobody went out", in the language in use."""
    return said(NOBODY[0], NOBODY[4])


def choice_word(key: str) -> str:
    """The word shown for a choice of ``CHOICES``, in the language in use."""
    return said(*CHOICES[key][:2])


def parse_count(text: str) -> int:
    """A whole number of at least 0 (``1,420``, ``1_420`` and ``1,420점`` too)."""
    value = text.strip()
    token = count_token(value)
    if token is None or token.startswith("-"):
        raise refused(_('"{answer}" is not a whole number of 0 or more'), answer=value)
    return quick_number(token, value)


def parse_score(text: str) -> int:
    """A side's score: a whole number, below 0 too (``-1,420``), as ``--score`` takes it."""
    value = text.strip()
    token = count_token(value)
    if token is None:
        raise refused(_('"{answer}" is not a whole number'), answer=value)
    return quick_number(token, value)


def points_parser(step: int) -> Callable[[str], int]:
    """A count of cards' points: a whole number of 0 or more, a multiple of ``step`` (every
    card's value is one; see docs/rules, "Card values")."""

    def parse(text: str) -> int:
        value = parse_count(text)
        if value % step:
            raise refused(
                _('"{answer}" is not a multiple of {step}; every card counts a multiple of {step}'),
                answer=text.strip(),
                step=step,
            )
        return value

    return parse


def side_parser(
    names: list[str], players: Mapping[str, Sequence[str]] | None = None
) -> Callable[[str], str]:
    """Who went out: a side (its name, a player's, a unique beginning), or "nobody" ("")."""

    def parse(text: str) -> str:
        if kinds.plain(text) in NOBODY:
            return ""
        try:
            return match_side(text, names, players)
        except InputError:
            message = _('"{answer}": answer {choices} or nobody')
            raise refused(message, answer=text.strip(), choices=", ".join(names)) from None

    return parse


def yes_no(value: bool) -> str:
    """The answer shown for yes or no (a default), in the language in use."""
    return said(YES[0], YES[2]) if value else said(NO[0], NO[2])


def parse_yes(text: str) -> bool:
    """Yes or no, as :func:`~canasta_score.core.words.yes_or_no` reads it."""
    answer = words.yes_or_no(text)
    if answer is None:
        raise refused(_('"{answer}": answer y or n'), answer=text.strip())
    return answer == "yes"


def parse_mode(text: str) -> bool:
    """``c`` (card by card) → True, ``t`` (totals) → False."""
    value = kinds.plain(text)
    if value in BY_CARD:
        return True
    if value in BY_TOTALS:
        return False
    raise refused(_('"{answer}": answer c (card by card) or t (totals)'), answer=text.strip())


def meld_parser(rs: Ruleset) -> Callable[[str], str]:
    """Checks one meld as it stands at the end of the hand; returns the cards as typed."""
    from canasta_score.judging.melds import FINISHED, judge

    def parse(text: str) -> str:
        cards = parse_cards(text)
        verdict = judge(cards, rs, FINISHED)
        if not verdict.legal:
            reasons = "; ".join(r.text for r in verdict.broken)
            raise refused(_("not a legal meld: {reasons}"), reasons=reasons)
        return " ".join(text.split())

    return parse


def parse_hand_cards(text: str) -> str:
    """Cards left in one player's hand (may be none)."""
    parse_cards(text, allow_empty=True)
    return " ".join(text.split())


def threes_parser(red: bool, most: int | None = None) -> Callable[[str], int | list[str]]:
    """A number of threes, or the threes (``3H 3D``); at most ``most`` of that colour."""
    too_many = (
        N_('"{answer}": the deck holds only {most} red threes')
        if red
        else N_('"{answer}": the deck holds only {most} black threes')
    )
    # The question names what is asked: a card is refused in its words alone.
    other = N_('"{card}" is not a red three') if red else N_('"{card}" is not a black three')

    def parse(text: str) -> int | list[str]:
        value = text.strip()
        if not value or count_token(value.lstrip("+")) is not None:
            count = parse_count(value or "0")
            cards: int | list[str] = count
        else:
            given = parse_cards(value)
            wrong = wrong_three(given, red)
            if wrong is not None:
                raise refused(_(other), card=wrong)
            count, cards = len(given), value.split()
        if most is not None and count > most:
            raise refused(_(too_many), answer=value, most=most)
        return cards

    return parse


def kinds_parser(allowed: tuple[str, ...]) -> Callable[[str], list[str]]:
    """Incomplete special melds: kinds separated by commas (``sevens, wild``, ``세븐, 와일드``)."""

    def parse(text: str) -> list[str]:
        out: list[str] = []
        for part in text.split(","):
            word = kinds.plain(part)
            if not word or word in NOTHING:
                continue
            kind = kinds.incomplete_word(word)
            if kind is None or kind not in allowed:
                names = ", ".join(kind_name(k) for k in allowed)
                message = _('"{answer}": give any of {names}')
                raise refused(message, answer=part.strip(), names=names)
            out.append(kind)
        return out

    return parse


def special_parser(allowed: tuple[str, ...]) -> Callable[[str], str]:
    """A special hand (its name in English or Korean), or none (``n``, ``아니오``, empty)."""

    def parse(text: str) -> str:
        value = kinds.plain(text)
        if value in ("", "none", *NO, *NOTHING):
            return ""
        value = BY_KOREAN.get(value, value)
        if value not in allowed:
            names = ", ".join(special_name(k) for k in allowed)
            message = _('"{answer}": give one of {names}, or n')
            raise refused(message, answer=text.strip(), names=names)
        return value

    return parse


# ---------------------------------------------------------------- the interactive questions


@record
class Question:
    """One question of the interactive entry. ``parse`` turns the answer into the value stored
    under ``key`` (or raises :class:`InputError` with the reason); ``repeat`` asks again for
    another value until the answer is empty (melds, card by card)."""

    key: str
    prompt: str
    parse: Callable[[str], Any]
    default: str = ""
    repeat: bool = False
    when: Callable[[dict[str, Any]], bool] = field(default=lambda side: True)


def canasta_kinds(rs: Ruleset) -> list[tuple[str, str]]:
    """The canasta kinds a ruleset scores: (record key, the question in the language in use)."""
    c, k, wild = rs.canasta, CanastaKind, rs.meld.wild_melds
    sequences = _("{name}s (completed sequences)").format(name=kinds.spoken(c.sequence_name))
    asked = [
        (k.NATURAL, _("natural canastas"), True),
        (k.MIXED, _("mixed canastas"), True),
        (k.SEVENS, _("clean canastas of sevens"), c.clean_sevens),
        (k.ACES, _("clean canastas of aces"), c.clean_aces),
        (
            k.WILD_TWOS,
            _("wild-card canastas of seven twos"),
            wild and c.wild_all_twos not in (0, c.wild_other),
        ),
        (
            k.WILD_FOUR_JOKERS,
            _("wild-card canastas with all four jokers"),
            wild and c.wild_four_jokers not in (0, c.wild_other),
        ),
        (k.WILD, _("other wild-card canastas"), wild),
        (k.SEQUENCE, sequences, rs.meld.sequences),
        (k.DEUCES, _("canastas of seven twos"), rs.meld.deuce_melds),
        (k.DEUCES_MIXED, _("canastas of twos with jokers"), rs.meld.deuce_melds),
    ]
    return [(kinds.display_name(kind, rs), text) for kind, text, scored in asked if scored]


def incomplete_kinds(rs: Ruleset) -> tuple[str, ...]:
    """The incomplete special melds a ruleset charges for."""
    return tuple(k.value for k in kinds.INCOMPLETE if rs.value(str(kinds.info(k).penalty)))


def specials(rs: Ruleset) -> tuple[str, ...]:
    """The special hands a ruleset scores."""
    return tuple(k for k in SPECIAL_HANDS if getattr(rs.special_hands, k.replace("-", "_")))


def went_out(side: dict[str, Any]) -> bool:
    return bool(side.get("went_out"))


def side_questions(
    rs: Ruleset,
    name: str,
    seats: tuple[str, ...],
    by_card: bool,
    others_out: bool,
    asked_out: bool = False,
) -> list[Question]:
    """The questions for one side, card by card (``by_card``) or as totals, in the language in
    use. ``others_out``: another side already went out this hand, so this one did not.
    ``asked_out``: who went out was asked for the whole hand, so it is not asked of the side."""
    from canasta_score.hands.validation import count_step

    points, no, most = points_parser(count_step(rs)), yes_no(False), 2 * rs.deck.decks
    if by_card:
        prompt = _("meld {n}: cards (e.g. K K K 2); empty line when done")
        qs = [Question("melds", prompt, meld_parser(rs), repeat=True)]
    else:
        qs = [Question("meld_points", _("count of all melded cards"), points, "0")]
        qs += [Question(f"canastas.{k}", text, parse_count, "0") for k, text in canasta_kinds(rs)]
        allowed = incomplete_kinds(rs)
        if allowed:
            prompt = _("incomplete special melds ({names}; empty if none)").format(
                names=", ".join(kind_name(k) for k in allowed)
            )
            qs.append(Question("incomplete", prompt, kinds_parser(allowed)))
    if rs.threes.laid_down != "none":
        if rs.threes.laid_down == "red":
            prompt = _("red threes (a count, or cards)")
        else:
            prompt = _("red threes laid down (a count, or cards)")
        qs.append(Question("red_threes", prompt, threes_parser(True, most), "0"))
    if rs.threes.laid_down in ("all", "optional"):
        prompt = _("black threes laid down (a count, or cards)")
        qs.append(Question("black_threes", prompt, threes_parser(False, most), "0"))
    if by_card:
        if rs.deal.foot_size:
            held = N_("cards left in {player}'s hand and foot (empty if none)")
        else:
            held = N_("cards left in {player}'s hand (empty if none)")
        qs += [
            Question(f"in_hand.{i}", _(held).format(player=said_seat(seat)), parse_hand_cards)
            for i, seat in enumerate(seats)
        ]
    else:
        qs.append(Question("in_hand_points", _("count of the cards left in hand"), points, "0"))
        if rs.penalties.held_aces_sevens:
            prompt = _(
                "players left holding three or more aces, or three or more sevens "
                "(one for each such player and rank)"
            )
            qs.append(Question("held_penalties", prompt, parse_count, "0"))
    if not others_out and not asked_out:
        prompt = _("did {side} go out? (y/n)").format(side=name)
        qs.append(Question("went_out", prompt, parse_yes, no))
    if not others_out and rs.go_out.concealed_bonus:
        prompt = _("concealed (the whole hand in one turn)? (y/n)")
        qs.append(Question("concealed", prompt, parse_yes, no, when=went_out))
    if rs.canasta.concealed_bonus:
        prompt = _("canastas laid whole from hand")
        qs.append(Question("concealed_canastas", prompt, parse_count, "0"))
    if rs.threes.black_removed_each or rs.threes.black_removed_all:
        prompt = _("black threes removed with the pile")
        qs.append(Question("black_threes_removed", prompt, parse_count, "0"))
    hands = specials(rs)
    if hands and not others_out:
        names = ", ".join(special_name(k) for k in hands)
        prompt = _("went out with a special hand ({names}, or n)").format(names=names)
        qs.append(Question("special_hand", prompt, special_parser(hands), no, when=went_out))
    if rs.acaba.enabled and not others_out:
        qs.append(Question("acaba", _("declared acaba? (y/n)"), parse_yes, no))
    return qs


def answer(side: dict[str, Any], question: Question, value: Any) -> None:
    """Store one answer in a side's record data (defaults are left out)."""
    key = question.key
    if question.repeat:
        side.setdefault(key, []).append(value)
        return
    if key.startswith("canastas."):
        if value:
            side.setdefault("canastas", {})[key.split(".", 1)[1]] = value
        return
    if key.startswith("in_hand."):
        side.setdefault("in_hand", []).append(value)
        return
    if value in (0, "", [], False) and key != "meld_points":
        return
    side[key] = value


def finish_side(side: dict[str, Any], by_card: bool) -> dict[str, Any]:
    """The side's record data once every question is answered."""
    if by_card:
        side.setdefault("melds", [])
        if not any(side.get("in_hand", [])):
            side.pop("in_hand", None)
    return ordered(side)


def blocked_by(side: dict[str, Any]) -> bool:
    """Whether this side ended the hand (so no later side can have gone out)."""
    return bool(side.get("went_out") or side.get("acaba") or side.get("special_hand"))


def check_side(rs: Ruleset, side: dict[str, Any]) -> None:
    """Refuse one side's part of a hand that breaks the rules on its own (:class:`RecordError`);
    what depends on the other sides is checked with the whole hand."""
    from canasta_score.hands.validation import check_counts, check_deck, validate_side

    record = parse_record({"side": [side]})
    check_counts(rs, record)
    validate_side(rs, record.sides[0])
    check_deck(rs, record)


def keep_who_went_out(side: dict[str, Any], earlier: dict[str, Any]) -> dict[str, Any]:
    """A side answered again (an edited hand) that still went out keeps the player its
    earlier record named (``out Ann``): the questions and the page ask which side went out,
    not which player, so that answer alone would drop the player."""
    player = earlier.get("went_out_player")
    if player and side.get("went_out") and "went_out_player" not in side:
        return ordered({**side, "went_out_player": player})
    return side


def answer_texts(side: dict[str, Any]) -> dict[str, list[str]]:
    """A side's record data as the answers to :func:`side_questions` (key -> answers), to be
    offered again when a hand is edited, in the words of the language in use."""
    out: dict[str, list[str]] = {}
    if "melds" in side:
        out["melds"] = [str(m) for m in side["melds"]]
    for kind, n in side.get("canastas", {}).items():
        out[f"canastas.{kind}"] = [str(n)]
    if side.get("incomplete"):
        out["incomplete"] = [", ".join(kind_name(k) for k in side["incomplete"])]
    for key in ("red_threes", "black_threes"):
        value = side.get(key)
        if value not in (None, 0, []):
            out[key] = [" ".join(value) if isinstance(value, list) else str(value)]
    for i, cards in enumerate(side.get("in_hand", [])):
        out[f"in_hand.{i}"] = [str(cards)]
    for key in ("meld_points", *LATER_COUNTS):
        if key in side:
            out[key] = [str(side[key])]
    for key in ("concealed", "acaba"):
        if side.get(key):
            out[key] = [yes_no(True)]
    if side.get("special_hand"):
        out["special_hand"] = [special_name(str(side["special_hand"]))]
    return out
