"""The hand record (CONTRACT section 6): parse a TOML table into sides, refuse what is malformed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import field
from typing import Any
from unicodedata import normalize

from canasta_score.core.errors import InputError, RecordError
from canasta_score.core.frozen import fields, record
from canasta_score.core.language import _
from canasta_score.core.words import quoted, said_key
from canasta_score.rules.cards import THREE, Card, parse_cards
from canasta_score.rules.kinds import INCOMPLETE

# A summary's keys that cannot stand beside melds (card by card).
SUMMARY_ONLY = {"meld_points", "canastas", "incomplete"}
# Counts read as they are, in the order they are checked.
COUNTS = (
    "meld_points",
    "in_hand_points",
    "black_threes_removed",
    "concealed_canastas",
    "held_penalties",
)
# Flags a side may set (each false unless given).
FLAGS = ("went_out", "concealed", "acaba")
INCOMPLETE_KINDS = tuple(k.value for k in INCOMPLETE)
SPECIAL_HANDS = ("straight", "pairs", "pairs-27a", "garbage")


@record
class SideRecord:
    """One side's part of a hand, card by card (``melds`` set) or as a summary."""

    name: str
    melds: tuple[tuple[Card, ...], ...] | None = None
    meld_points: int = 0
    canastas: dict[str, int] = field(default_factory=dict)
    incomplete: tuple[str, ...] = ()
    red_threes: int = 0
    black_threes: int = 0
    three_cards: tuple[Card, ...] = ()
    in_hand: tuple[tuple[Card, ...], ...] | None = None
    in_hand_points: int = 0
    held_penalties: int | None = None
    went_out: bool = False
    went_out_player: str = ""  # who of the side went out, when it was written down
    concealed: bool = False
    concealed_canastas: int = 0
    special_hand: str | None = None
    acaba: bool = False
    black_threes_removed: int = 0
    # What is worked out from the side under one ruleset (its melds as the score sees them),
    # kept here explicitly: not part of the record (equality, repr), and not copied by replace.
    worked_out: dict[str, Any] = field(
        default_factory=dict, compare=False, repr=False, metadata={"cache": True}
    )

    @property
    def has_melded(self) -> bool:
        if self.melds is not None:
            return bool(self.melds)
        return self.meld_points > 0 or any(self.canastas.values())


# The keys of a side in a record: its fields, but for what is worked out from them.
SIDE_KEYS = {f.name for f in fields(SideRecord)} - {"three_cards", "worked_out"}


@record
class HandRecord:
    """A finished hand, side by side, as entered."""

    sides: tuple[SideRecord, ...]
    ruleset: str | None = None
    players: int | None = None
    raw: dict[str, Any] = field(default_factory=dict, compare=False)


def fail(side: str, message: str, /, **values: Any) -> RecordError:
    """A refusal of one side's part of the record (of the whole record when ``side`` is ""):
    ``message``, said with ``values`` when there are any."""
    said = message.format(**values) if values else message
    return RecordError(
        _('side "{side}": {message}').format(side=side, message=said) if side else said
    )


def as_int(side: str, key: str, value: Any, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        text = _("{key} must be a whole number, not {value}")
        raise fail(side, text, key=said_key(key), value=quoted(value))
    if value < minimum:
        text = _("{key} must be at least {minimum}, not {value}")
        raise fail(side, text, key=said_key(key), minimum=minimum, value=f"{value:,}")
    return value


def as_cards(
    side: str, key: str, value: Any, index: int | None = None, *, allow_empty: bool = False
) -> tuple[Card, ...]:
    """A string of cards given for ``key`` (its ``index``-th item, when given)."""
    if isinstance(value, str):
        try:
            # Called with the text alone where it can be: the cache's key is then the text.
            return parse_cards(value, allow_empty=True) if allow_empty else parse_cards(value)
        except InputError as exc:
            raise fail(side, f"{said_key(item_key(key, index))}: {exc}") from None
    text = _("{key} must be a string of cards, not {value}")
    raise fail(side, text, key=said_key(item_key(key, index)), value=quoted(value))


def item_key(key: str, index: int | None) -> str:
    """``melds[2]``: a key and the place of one of its items (said only in a refusal)."""
    return key if index is None else f"{key}[{index}]"


def parse_threes(side: str, key: str, value: Any, red: bool) -> tuple[int, tuple[Card, ...]]:
    """A count, or a list of cards such as ``["3H", "3D"]``."""
    if not isinstance(value, list):
        return as_int(side, key, value), ()
    cards = [card for item in value for card in as_cards(side, key, item)]
    card = wrong_three(cards, red)
    if card is not None:
        if red:
            text = _('{key}: "{card}" is not a red three')
        else:
            text = _('{key}: "{card}" is not a black three')
        raise fail(side, text, key=said_key(key), card=card)
    return len(cards), tuple(cards)


def wrong_three(cards: Sequence[Card], red: bool) -> Card | None:
    """The first of ``cards`` that is not a three of that colour (red or black), or None."""
    return next((c for c in cards if c.rank is not THREE or c.is_red != red), None)


def parse_side(data: Any, index: int) -> SideRecord:
    if not isinstance(data, dict):
        raise fail("", _("[[side]] number {number} must be a table"), number=index + 1)
    name = data.get("name", "")
    if not isinstance(name, str) or not name.strip():
        raise fail("", _("[[side]] number {number} needs a name"), number=index + 1)
    name = name.strip()
    if not SIDE_KEYS.issuperset(data):
        unknown = data.keys() - SIDE_KEYS
        raise fail(name, _("unknown key {key}"), key=sorted(unknown)[0])
    summary_only = "melds" in data and data.keys() & SUMMARY_ONLY
    if summary_only:
        text = _("melds (card by card) and {key} (summary) cannot be mixed in one side")
        raise fail(name, text, key=said_key(sorted(summary_only)[0]))
    if "in_hand" in data and "in_hand_points" in data:
        text = _("give in_hand (cards) or {key} (a count), not both")
        raise fail(name, text, key=said_key("in_hand_points"))
    if "in_hand" in data and "held_penalties" in data:
        text = _("{key} is worked out from in_hand; give one or the other")
        raise fail(name, text, key=said_key("held_penalties"))
    fields: dict[str, Any] = {"name": name}
    if "melds" in data:
        melds = data["melds"]
        if not isinstance(melds, list):
            raise fail(name, _("melds must be a list of strings, one meld each"))
        fields["melds"] = tuple([as_cards(name, "melds", m, i) for i, m in enumerate(melds)])
    if "in_hand" in data:
        hands = data["in_hand"]
        hands = [hands] if isinstance(hands, str) else hands
        if not isinstance(hands, list):
            text = _("in_hand must be a string of cards or a list of them, one per player")
            raise fail(name, text)
        fields["in_hand"] = tuple(
            [as_cards(name, "in_hand", h, i, allow_empty=True) for i, h in enumerate(hands)]
        )
    for key in COUNTS:
        if key in data:
            fields[key] = as_int(name, key, data[key])
    if "red_threes" in data or "black_threes" in data:  # else none
        red, red_cards = parse_threes(name, "red_threes", data.get("red_threes", 0), True)
        black, black_cards = parse_threes(name, "black_threes", data.get("black_threes", 0), False)
        fields.update(red_threes=red, black_threes=black, three_cards=red_cards + black_cards)
    for key in FLAGS:
        if key in data:  # else false
            value = fields[key] = data[key]
            if not isinstance(value, bool):
                text = _("{key} must be true or false, not {value}")
                raise fail(name, text, key=said_key(key), value=repr(value))
    if "canastas" in data:
        fields["canastas"] = parse_canastas(name, data["canastas"])
    if "incomplete" in data:
        fields["incomplete"] = parse_incomplete(name, data["incomplete"])
    if "special_hand" in data:
        special = fields["special_hand"] = data["special_hand"]
        if special not in SPECIAL_HANDS:
            text = _("special_hand {value} is not one of {choices}")
            raise fail(name, text, value=quoted(special), choices=", ".join(SPECIAL_HANDS))
    if "went_out_player" in data:
        player = data["went_out_player"]
        if not isinstance(player, str) or not player.strip() or len(player) > 200:
            text = _("went_out_player must be a player's name, not {value}")
            raise fail(name, text, value=repr(player)[:80])
        # Composed, as the game keeps its players' names, however the keyboard made the Hangul.
        fields["went_out_player"] = normalize("NFC", " ".join(player.split()))
    side = SideRecord(**fields)
    if side.concealed and not side.went_out:
        raise fail(name, _("concealed = true needs went_out = true"))
    if side.went_out_player and not side.went_out:
        raise fail(name, _("went_out_player needs went_out = true"))
    return side


def parse_canastas(name: str, value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        raise fail(name, _("canastas must be a table such as { natural = 1, mixed = 0 }"))
    # Which names a ruleset knows (its sequence may be called anything) is checked when the
    # record is validated against its ruleset.
    return {kind: as_int(name, f"canastas.{kind}", n) for kind, n in value.items()}


def parse_incomplete(name: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise fail(name, _('incomplete must be a list such as ["sevens", "wild"]'))
    for kind in value:
        if kind not in INCOMPLETE_KINDS:
            text = _("incomplete: {value} is not one of {choices}")
            raise fail(name, text, value=quoted(kind), choices=", ".join(INCOMPLETE_KINDS))
    return tuple(value)


def parse_record(data: Any) -> HandRecord:
    """Parse a hand record from TOML data; refuses malformed records naming the problem."""
    if not isinstance(data, dict):
        raise fail("", _("a hand record must be a TOML table with [[side]] entries"))
    unknown = data.keys() - {"side", "ruleset", "players", "hand"}
    if unknown:
        text = _("unknown key {key} (a record has ruleset, players, [[side]])")
        raise fail("", text, key=sorted(unknown)[0])
    sides = data.get("side")
    if not isinstance(sides, list) or not sides:
        raise fail("", _("the record has no [[side]] tables"))
    parsed = tuple([parse_side(s, i) for i, s in enumerate(sides)])
    # The first name met that is given again (names are counted once: a record may be long).
    counts = Counter(s.name for s in parsed)
    duplicate = next((s.name for s in parsed if counts[s.name] > 1), None)
    if duplicate:
        raise fail("", _('two sides are named "{side}"'), side=duplicate)
    ruleset = data.get("ruleset")
    if ruleset is not None and not isinstance(ruleset, str):
        raise fail("", _("ruleset must be a ruleset id or path"))
    players = data.get("players")
    if players is not None:
        players = as_int("", "players", players, minimum=2)
    return HandRecord(parsed, ruleset, players, data)
