"""Entering a hand at the table: the quick one-line form, and the questions of the interactive
entry. Both produce the same hand record data as a TOML record file (CONTRACT section 6).

The quick form gives each side on one line: its name, a colon, then items separated by commas::

    us: 285 melded, 1 natural, 1 mixed, 2 red, 40 left, out
    them: 95 melded, 2 red, 70 left

See ``QUICK_HELP`` (and docs/games.md) for every item.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from canasta_score import kinds
from canasta_score.cards import parse_cards
from canasta_score.errors import InputError
from canasta_score.kinds import CanastaKind
from canasta_score.record import INCOMPLETE_KINDS, SPECIAL_HANDS, parse_record, parse_threes
from canasta_score.ruleset import Ruleset
from canasta_score.schema import COUNT_MOST

QUICK_HELP = (
    'write each side as "NAME: item, item, ...", e.g. '
    '"us: 285 melded, 1 natural, 1 mixed, 2 red, 40 left, out"; items: N melded, '
    f"N {' / '.join(kinds.spoken_names())} (canastas), N red, N black, N left, "
    "out, concealed, "
    f"incomplete {' / '.join(k.replace('_', ' ') for k in INCOMPLETE_KINDS)}, N held, "
    "N concealed canastas, special straight / pairs / pairs-27a / garbage, acaba, N removed"
)

# Items that take a count: phrase -> record key.
COUNT_WORDS = {
    "melded": "meld_points",
    "meld": "meld_points",
    "melds": "meld_points",
    "left": "in_hand_points",
    "in hand": "in_hand_points",
    "left in hand": "in_hand_points",
    "red": "red_threes",
    "red three": "red_threes",
    "red threes": "red_threes",
    "red 3s": "red_threes",
    "black": "black_threes",
    "black three": "black_threes",
    "black threes": "black_threes",
    "black 3s": "black_threes",
    "held": "held_penalties",
    "holding": "held_penalties",
    "held aces or sevens": "held_penalties",
    "removed": "black_threes_removed",
    "black threes removed": "black_threes_removed",
    "black 3s removed": "black_threes_removed",
    "concealed canasta": "concealed_canastas",
    "concealed canastas": "concealed_canastas",
}
FLAG_WORDS = {
    "out": {"went_out": True},
    "went out": {"went_out": True},
    "goes out": {"went_out": True},
    "concealed": {"went_out": True, "concealed": True},
    "conc": {"went_out": True, "concealed": True},
    "out concealed": {"went_out": True, "concealed": True},
    "went out concealed": {"went_out": True, "concealed": True},
    "acaba": {"acaba": True},
    "declared acaba": {"acaba": True},
}
NOTHING = {"nothing", "none", "-", "no meld", "no melds"}
KEY_ORDER = (
    "name",
    "melds",
    "meld_points",
    "canastas",
    "incomplete",
    "red_threes",
    "black_threes",
    "in_hand",
    "in_hand_points",
    "held_penalties",
    "went_out",
    "concealed",
    "concealed_canastas",
    "special_hand",
    "acaba",
    "black_threes_removed",
)
NUMBER = re.compile(r"-?(?:\d{1,3}(?:,\d{3})+|\d[\d_]*)")
# Items are separated by commas, except a comma between digits that groups thousands (1,420).
ITEM_SPLIT = re.compile(r",(?!(?<=\d,)\d{3}(?!\d))")
# The longest number the quick form reads (no count or score comes near 10**15), and the
# most incomplete melds it writes out one by one: more than the cards of the largest deck a
# ruleset may have (schema.COUNT_MOST packs of 52 cards and as many jokers each).
MOST_DIGITS = 15
MOST_CARDS = COUNT_MOST * (52 + COUNT_MOST)


# ---------------------------------------------------------------- the quick form


def ordered(side: dict[str, Any]) -> dict[str, Any]:
    """A side's record data with its keys in the order a record file lists them."""
    return {k: side[k] for k in KEY_ORDER if k in side}


def quick_help(rs: Ruleset | None = None) -> str:
    """How to write the quick form: for ``rs``, only the items its scoring knows."""
    if rs is None:
        return QUICK_HELP
    names = " / ".join(k.replace("_", " ") for k, _text in canasta_kinds(rs))
    items = ["N melded", f"N {names} (canastas; nat and mix for short)"]
    if rs.threes.laid_down != "none":
        items.append("N red")
    if rs.threes.laid_down in ("all", "optional"):
        items.append("N black")
    items += ["N left", "out"]
    if rs.go_out.concealed_bonus:
        items.append("concealed (conc)")
    incomplete = incomplete_kinds(rs)
    if incomplete:
        items.append(f"incomplete {' / '.join(k.replace('_', ' ') for k in incomplete)}")
    if rs.penalties.held_aces_sevens:
        items.append("N held")
    if rs.canasta.concealed_bonus:
        items.append("N concealed canastas")
    if specials(rs):
        items.append(f"special {' / '.join(specials(rs))}")
    if rs.acaba.enabled:
        items.append("acaba")
    if rs.threes.black_removed_each or rs.threes.black_removed_all:
        items.append("N removed")
    return (
        'write each side as "NAME: item, item, ...", e.g. '
        f'"us: 285 melded, 1 nat, 40 left, out"; items in {rs.name}: {", ".join(items)}'
    )


def parse_item(side: dict[str, Any], item: str, rs: Ruleset | None = None) -> None:
    """Apply one quick-form item (``"285 melded"``, ``"out"``, ...) to a side's data; with a
    ruleset, its own name for a completed sequence is understood too, and an item not
    understood is explained with that ruleset's items only."""
    words = item.lower().replace("_", " ").split()
    shown = item.strip()
    number: int | None = None
    if words and NUMBER.fullmatch(words[0]):
        number = quick_number(words.pop(0), shown)
    elif words and NUMBER.fullmatch(words[-1]):
        number = quick_number(words.pop(), shown)
    phrase = " ".join(words)
    if number is not None and number < 0:
        raise InputError(f'"{shown}": give counts without a sign ("40 left", not "-40")')
    if phrase in NOTHING and number is None:
        return
    if phrase in FLAG_WORDS:
        if number is not None:
            raise InputError(f'"{shown}": "{phrase}" takes no number')
        side.update(FLAG_WORDS[phrase])
        return
    if phrase.startswith("special ") or phrase.endswith(" hand"):
        kind = phrase.removeprefix("special ").removesuffix(" hand").replace(" ", "-")
        if kind not in SPECIAL_HANDS:
            raise InputError(f'"{shown}": special hands are {", ".join(SPECIAL_HANDS)}')
        set_once(side, "special_hand", kind, shown)
        return
    if phrase.startswith("incomplete "):
        missing = kinds.incomplete_word(phrase.removeprefix("incomplete "), rs)
        if missing is None:
            names = ", ".join(sorted(INCOMPLETE_KINDS))
            raise InputError(f'"{shown}": incomplete melds are {names}')
        times = 1 if number is None else number
        if times > MOST_CARDS:
            raise InputError(f'"{shown}": {times:,} incomplete melds are more than any deck holds')
        side.setdefault("incomplete", []).extend([missing] * times)
        return
    if phrase in COUNT_WORDS:
        if number is None:
            raise InputError(f'"{shown}" needs a number, e.g. "2 {phrase}"')
        set_once(side, COUNT_WORDS[phrase], number, shown)
        return
    for suffix in (" canastas", " canasta", ""):
        kind_word = phrase.removesuffix(suffix) if suffix else phrase
        key = kinds.canasta_word(kind_word, rs) if kind_word else None
        if key is not None:
            if number is None:
                raise InputError(f'"{shown}" needs a number, e.g. "1 {phrase}"')
            canastas = side.setdefault("canastas", {})
            if key in canastas:
                raise InputError(f'"{shown}": {key} canastas are given twice')
            canastas[key] = number
            return
    raise InputError(f'"{shown}" is not understood; {quick_help(rs)}')


def quick_number(token: str, shown: str) -> int:
    """A count typed in the quick form (``1420``, ``1,420`` or ``1_420``); one longer than any
    count or score is refused before it is even turned into a number."""
    digits = token.replace(",", "").replace("_", "")
    if len(digits.lstrip("-")) > MOST_DIGITS:
        raise InputError(f'"{shown}": {token[:20]}... is far more than any count or score')
    return int(digits)


def set_once(side: dict[str, Any], key: str, value: Any, shown: str) -> None:
    if key in side:
        raise InputError(f'"{shown}": {key.replace("_", " ")} is given twice')
    side[key] = value


def match_side(
    label: str, names: list[str], players: Mapping[str, Sequence[str]] | None = None
) -> str:
    """The game's side a label means, in any case: a side's name, else one of its players'
    names (``players``: side name -> its players), else the unique beginning of a side's
    name. An exact name always wins over beginnings."""
    wanted = " ".join(label.split()).casefold()
    sides = {n: n.casefold() for n in names}
    people = {n: [p.casefold() for p in (players or {}).get(n, ())] for n in names}
    tiers = (
        [n for n in names if sides[n] == wanted],
        [n for n in names if wanted in people[n]],
        [n for n in names if wanted and sides[n].startswith(wanted)],
    )
    found = next((tier for tier in tiers if tier), [])
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(f'"{label}" could be {" or ".join(found)}; write more of the name')
    raise InputError(f'"{label}" is not a side of this game (its sides are {", ".join(names)})')


def parse_quick_side(
    text: str,
    names: list[str],
    players: Mapping[str, Sequence[str]] | None = None,
    rs: Ruleset | None = None,
) -> dict[str, Any]:
    """One side of the quick form: ``"us: 1,285 melded, 1 nat, out"``."""
    label, colon, rest = text.partition(":")
    if not colon:
        raise InputError(
            f'"{text.strip()}": start with the side\'s name and a colon; {quick_help(rs)}'
        )
    name = match_side(label, names, players)
    side: dict[str, Any] = {"name": name}
    for item in ITEM_SPLIT.split(rest):
        if item.strip():
            try:
                parse_item(side, item, rs)
            except InputError as exc:
                raise InputError(f'side "{name}": {exc}') from None
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
                raise InputError(f'side "{side["name"]}" is given twice')
            found[side["name"]] = side
    for name, side in (keep or {}).items():
        found.setdefault(name, side)
    missing = [n for n in names if n not in found]
    if missing:
        raise InputError(
            f'side "{missing[0]}" is missing; give every side, e.g. "{missing[0]}: 0 melded"'
        )
    return {"side": [found[n] for n in names]}


def describe_side(side: dict[str, Any]) -> str:
    """A side's summary record written back in the quick form (for showing what was read)."""
    items: list[str] = []
    if "meld_points" in side:
        items.append(f"{side['meld_points']} melded")
    for kind, n in side.get("canastas", {}).items():
        items.append(f"{n} {kind.replace('_', ' ')}")
    items += [f"incomplete {k.replace('_', ' ')}" for k in side.get("incomplete", [])]
    words = {
        "red_threes": "red",
        "black_threes": "black",
        "in_hand_points": "left",
        "held_penalties": "held",
        "concealed_canastas": "concealed canastas",
        "black_threes_removed": "removed",
    }
    for key, word in words.items():
        if isinstance(side.get(key), int):
            items.append(f"{side[key]} {word}")
    if side.get("concealed"):
        items.append("concealed")
    elif side.get("went_out"):
        items.append("out")
    if side.get("special_hand"):
        items.append(f"special {side['special_hand']}")
    if side.get("acaba"):
        items.append("acaba")
    return f"{side['name']}: {', '.join(items) if items else 'nothing'}"


# ---------------------------------------------------------------- answers to questions


def parse_count(text: str) -> int:
    """A whole number of at least 0 (``1,420`` and ``1_420`` too)."""
    value = text.strip()
    if not NUMBER.fullmatch(value) or value.startswith("-"):
        raise InputError(f'"{value}" is not a whole number of 0 or more')
    return quick_number(value, value)


def points_parser(step: int) -> Callable[[str], int]:
    """A count of cards' points: a whole number of 0 or more, a multiple of ``step`` (every
    card's value is one; see docs/rules, "Card values")."""

    def parse(text: str) -> int:
        value = parse_count(text)
        if value % step:
            raise InputError(
                f'"{text.strip()}" is not a multiple of {step}; every card counts a multiple '
                f"of {step}"
            )
        return value

    return parse


def side_parser(
    names: list[str], players: Mapping[str, Sequence[str]] | None = None
) -> Callable[[str], str]:
    """Who went out: a side (its name, a player's, or a unique beginning), or "nobody"
    (returned as "")."""

    def parse(text: str) -> str:
        if " ".join(text.lower().split()) in ("nobody", "none", "no one", "-"):
            return ""
        try:
            return match_side(text, names, players)
        except InputError:
            choices = ", ".join(names)
            raise InputError(f'"{text.strip()}": answer {choices} or nobody') from None

    return parse


def parse_yes(text: str) -> bool:
    value = text.strip().lower()
    if value in ("y", "yes"):
        return True
    if value in ("n", "no"):
        return False
    raise InputError(f'"{text.strip()}": answer y or n')


def parse_mode(text: str) -> bool:
    """``c`` (card by card) → True, ``t`` (totals) → False."""
    value = text.strip().lower()
    if value in ("c", "cards", "card"):
        return True
    if value in ("t", "totals", "total"):
        return False
    raise InputError(f'"{text.strip()}": answer c (card by card) or t (totals)')


def meld_parser(rs: Ruleset) -> Callable[[str], str]:
    """Checks one meld as it stands at the end of the hand; returns the cards as typed."""
    from canasta_score.melds import Context, judge

    def parse(text: str) -> str:
        cards = parse_cards(text)
        verdict = judge(cards, rs, Context(record=True, going_out=True))
        if not verdict.legal:
            raise InputError("not a legal meld: " + "; ".join(r.text for r in verdict.broken))
        return " ".join(text.split())

    return parse


def parse_hand_cards(text: str) -> str:
    """Cards left in one player's hand (may be none)."""
    parse_cards(text, allow_empty=True)
    return " ".join(text.split())


def threes_parser(red: bool, most: int | None = None) -> Callable[[str], int | list[str]]:
    """A number of threes, or the threes themselves (``3H 3D``); at most ``most`` (what the
    deck holds of that colour)."""
    colour = "red" if red else "black"

    def parse(text: str) -> int | list[str]:
        value = text.strip()
        if not value or value.isdigit() or value.lstrip("-+").isdigit():
            count = parse_count(value or "0")
            cards: int | list[str] = count
        else:
            count, _cards = parse_threes("", "threes", [value], red)
            cards = value.split() if count else 0
        if most is not None and count > most:
            raise InputError(f'"{value}": the deck holds only {most} {colour} threes')
        return cards

    return parse


def kinds_parser(allowed: tuple[str, ...]) -> Callable[[str], list[str]]:
    """Incomplete special melds: kinds separated by commas (``sevens, wild``)."""

    def parse(text: str) -> list[str]:
        out: list[str] = []
        for part in text.split(","):
            word = " ".join(part.lower().replace("_", " ").split())
            if not word or word in NOTHING:
                continue
            kind = kinds.incomplete_word(word)
            if kind is None or kind not in allowed:
                raise InputError(f'"{part.strip()}": give any of {", ".join(allowed)}')
            out.append(kind)
        return out

    return parse


def special_parser(allowed: tuple[str, ...]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        value = text.strip().lower()
        if value in ("", "n", "no", "none"):
            return ""
        if value not in allowed:
            raise InputError(f'"{text.strip()}": give one of {", ".join(allowed)}, or n')
        return value

    return parse


# ---------------------------------------------------------------- the interactive questions


@dataclass(frozen=True)
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
    """The canasta kinds a ruleset scores, as (record key, how to ask for it)."""
    c, k = rs.canasta, CanastaKind
    found = [(k.NATURAL, "natural canastas"), (k.MIXED, "mixed canastas")]
    if c.clean_sevens:
        found.append((k.SEVENS, "clean canastas of sevens"))
    if c.clean_aces:
        found.append((k.ACES, "clean canastas of aces"))
    if rs.meld.wild_melds:
        if c.wild_all_twos and c.wild_all_twos != c.wild_other:
            found.append((k.WILD_TWOS, "wild-card canastas of seven twos"))
        if c.wild_four_jokers and c.wild_four_jokers != c.wild_other:
            found.append((k.WILD_FOUR_JOKERS, "wild-card canastas with all four jokers"))
        found.append((k.WILD, "other wild-card canastas"))
    if rs.meld.sequences:
        found.append((k.SEQUENCE, f"{c.sequence_name}s (completed sequences)"))
    if rs.meld.deuce_melds:
        found.append((k.DEUCES, "canastas of seven twos"))
        found.append((k.DEUCES_MIXED, "canastas of twos with jokers"))
    return [(kinds.display_name(kind, rs), text) for kind, text in found]


def incomplete_kinds(rs: Ruleset) -> tuple[str, ...]:
    """The incomplete special melds a ruleset charges for."""
    return tuple(k.value for k in kinds.INCOMPLETE if rs.value(str(kinds.info(k).penalty)))


def specials(rs: Ruleset) -> tuple[str, ...]:
    values = {
        "straight": rs.special_hands.straight,
        "pairs": rs.special_hands.pairs,
        "pairs-27a": rs.special_hands.pairs_27a,
        "garbage": rs.special_hands.garbage,
    }
    return tuple(k for k in SPECIAL_HANDS if values[k])


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
    """The questions for one side, card by card (``by_card``) or as totals. ``others_out``:
    another side already went out this hand, so this one did not. ``asked_out``: who went out
    was asked for the whole hand, so it is not asked of the side."""
    from canasta_score.validation import count_step

    qs: list[Question] = []
    points = points_parser(count_step(rs))
    threes_most = 2 * rs.deck.decks
    if by_card:
        qs.append(
            Question(
                "melds",
                "meld {n}: cards (e.g. K K K 2); empty line when done",
                meld_parser(rs),
                repeat=True,
            )
        )
    else:
        qs.append(Question("meld_points", "count of all melded cards", points, "0"))
        qs += [
            Question(f"canastas.{kind}", text, parse_count, "0") for kind, text in canasta_kinds(rs)
        ]
        allowed = incomplete_kinds(rs)
        if allowed:
            qs.append(
                Question(
                    "incomplete",
                    f"incomplete special melds ({', '.join(allowed)}; empty if none)",
                    kinds_parser(allowed),
                )
            )
    if rs.threes.laid_down != "none":
        threes = "red threes" if rs.threes.laid_down == "red" else "red threes laid down"
        qs.append(
            Question(
                "red_threes", f"{threes} (a count, or cards)", threes_parser(True, threes_most), "0"
            )
        )
    if rs.threes.laid_down in ("all", "optional"):
        qs.append(
            Question(
                "black_threes",
                "black threes laid down (a count, or cards)",
                threes_parser(False, threes_most),
                "0",
            )
        )
    if by_card:
        held = "hand and foot" if rs.deal.foot_size else "hand"
        qs += [
            Question(
                f"in_hand.{i}", f"cards left in {seat}'s {held} (empty if none)", parse_hand_cards
            )
            for i, seat in enumerate(seats)
        ]
    else:
        qs.append(Question("in_hand_points", "count of the cards left in hand", points, "0"))
        if rs.penalties.held_aces_sevens:
            qs.append(
                Question(
                    "held_penalties",
                    "players left holding three or more aces, or three or more sevens "
                    "(one for each such player and rank)",
                    parse_count,
                    "0",
                )
            )
    if not others_out:
        if not asked_out:
            qs.append(Question("went_out", f"did {name} go out? (y/n)", parse_yes, "n"))
        if rs.go_out.concealed_bonus:
            qs.append(
                Question(
                    "concealed",
                    "concealed (the whole hand in one turn)? (y/n)",
                    parse_yes,
                    "n",
                    when=went_out,
                )
            )
    if rs.canasta.concealed_bonus:
        qs.append(Question("concealed_canastas", "canastas laid whole from hand", parse_count, "0"))
    if rs.threes.black_removed_each or rs.threes.black_removed_all:
        qs.append(
            Question("black_threes_removed", "black threes removed with the pile", parse_count, "0")
        )
    kinds = specials(rs)
    if kinds and not others_out:
        qs.append(
            Question(
                "special_hand",
                f"went out with a special hand ({', '.join(kinds)}, or n)",
                special_parser(kinds),
                "n",
                when=went_out,
            )
        )
    if rs.acaba.enabled and not others_out:
        qs.append(Question("acaba", "declared acaba? (y/n)", parse_yes, "n"))
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
    """Refuse one side's part of a hand that breaks the rules on its own (raises
    :class:`RecordError`): an impossible count (not a multiple of 5, below what its canastas
    hold), an illegal meld, going out without the canastas the ruleset needs, more cards of a
    kind than the deck holds. What depends on the other sides is checked with the whole hand."""
    from canasta_score.validation import check_counts, check_deck, validate_side

    record = parse_record({"side": [side]})
    check_counts(rs, record)
    validate_side(rs, record.sides[0])
    check_deck(rs, record)
