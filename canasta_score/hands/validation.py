"""Validating a hand record against its ruleset (CONTRACT 6): the number of sides, who went out
or ended the hand, each meld's legality, what a side going out needs, facts the ruleset gives no
score for, records that contradict themselves, and more cards than the deck holds. Summary sides
give no cards, so their canastas and incomplete melds are checked through the fewest cards each
must hold; card-by-card sides count exactly what they list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache, partial
from itertools import chain

from canasta_score.core.language import N_, _, ngettext
from canasta_score.core.words import said_key
from canasta_score.hands.on_table import judged_melds, melded, summary_kind
from canasta_score.hands.record import SPECIAL_HANDS, HandRecord, SideRecord, fail
from canasta_score.judging.going_out import going_out_problems
from canasta_score.judging.melds import Kind, ratio_ok
from canasta_score.rules import kinds
from canasta_score.rules.cards import (
    ACE,
    JOKER,
    NATURAL_RANKS,
    SEVEN,
    THREE,
    TWO,
    Card,
    Rank,
    format_cards,
)
from canasta_score.rules.deck import Tally, described, excess
from canasta_score.rules.kinds import CanastaKind, Family, Least
from canasta_score.rules.ruleset import RANK_OF, Ruleset

# Summary canasta kinds that are group melds of one natural rank.
GROUP_CANASTAS = tuple(
    k.value
    for k in CanastaKind
    if kinds.family(k) in (Family.NATURAL, Family.MIXED, Family.SPECIAL_RANK)
)
# The deck category of the rank a clean canasta of a special rank is made of.
RANK_CATEGORY = {CanastaKind.SEVENS: "seven", CanastaKind.ACES: "ace"}
# Each special hand's ruleset key (``pairs-27a``: ``special_hands.pairs_27a``).
SPECIAL_KEYS = {k: f"special_hands.{k.replace('-', '_')}" for k in SPECIAL_HANDS}
# What the deck check counts, in the order it reports, with the words it uses.
CATEGORIES = {
    "cards": N_("cards"),
    "natural": N_("natural cards (A to 4)"),
    "wild": N_("wild cards (twos and jokers)"),
    "two": N_("twos"),
    "joker": N_("jokers"),
    "seven": N_("sevens"),
    "ace": N_("aces"),
    "ace_seven": N_("aces and sevens together"),
}
# The counts a record types that no deck could hold more of than its cards.
COUNTED = (
    "red_threes",
    "black_threes",
    "black_threes_removed",
    "concealed_canastas",
    "held_penalties",
)
# A special hand is the side's first and only meld (RULES 7.2); its threes and the partner's
# cards may be entered, they simply do not count.
SPECIAL_ONLY = ("meld_points", "canastas", "incomplete", "concealed_canastas")


# ---------------------------------------------------------------- the whole record


def validate(rs: Ruleset, record: HandRecord) -> None:
    """Refuse a record that breaks the rules of the ruleset (raises :class:`RecordError`)."""
    check_counts(rs, record)
    if len(record.sides) != rs.sides:
        text = _("{ruleset} with {players} players has {sides} sides; the record has {given}")
        given = len(record.sides)
        raise fail("", text, ruleset=rs.shown_name, players=rs.players, sides=rs.sides, given=given)
    out = [s.name for s in record.sides if s.went_out]
    if len(out) > 1:
        raise fail("", _("only one side can go out, but {sides} both did"), sides=both(out))
    enders = [s.name for s in record.sides if s.acaba or s.special_hand]
    if len(enders) > 1:
        text = _("only one side can end the hand, but {sides} both did")
        raise fail("", text, sides=both(enders))
    if enders and out and out != enders:
        if any(s.acaba for s in record.sides):
            text = _("{ender} declared acaba, which ends the hand, so {side} cannot go out")
        else:
            text = _("{ender} laid a special hand, which ends the hand, so {side} cannot go out")
        raise fail("", text, ender=enders[0], side=out[0])
    for side in record.sides:
        validate_side(rs, side)
    check_deck(rs, record)


def both(names: list[str]) -> str:
    """Side names joined by "and", in the language in use."""
    return _(" and ").join(names)


# ---------------------------------------------------------------- one side


def validate_side(rs: Ruleset, side: SideRecord) -> None:
    name = side.name  # the ruleset's name (rs.shown_name) is said only in a refusal
    left = side.in_hand
    if side.went_out and left is not None and len(left) == rs.table.side_size and all(left):
        # RULES 1.8: the player who went out holds no cards (one string a player of the side).
        text = _(
            'side "{side}" went out, but every player of it still holds cards (the player '
            "who goes out holds none)"
        )
        raise fail("", text, side=name)
    if side.acaba and not rs.acaba.enabled:
        raise fail(name, _("acaba is not part of {ruleset}"), ruleset=rs.shown_name)
    if side.special_hand and not rs.value(SPECIAL_KEYS[side.special_hand]):
        raise fail(name, _("special hands are not played in {ruleset}"), ruleset=rs.shown_name)
    # With a foot (Hand and Foot) each player may give the hand and the foot as two strings.
    size = rs.table.side_size
    if side.in_hand is not None and len(side.in_hand) > size * (2 if rs.deal.foot_size else 1):
        if rs.deal.foot_size:
            text = ngettext(
                "in_hand lists {given} hands and feet; a side has {size} player",
                "in_hand lists {given} hands and feet; a side has {size} players",
                size,
            )
        else:
            text = ngettext(
                "in_hand lists {given} players; a side has {size} player",
                "in_hand lists {given} players; a side has {size} players",
                size,
            )
        raise fail(name, text, given=len(side.in_hand), size=size)
    if side.black_threes and rs.threes.laid_down not in ("all", "optional"):
        text = _("black threes are not laid face up in {ruleset}")
        raise fail(name, text, ruleset=rs.shown_name)
    if side.red_threes and rs.threes.laid_down == "none":
        raise fail(name, _("threes are not laid face up in {ruleset}"), ruleset=rs.shown_name)
    removes = rs.threes.black_removed_each or rs.threes.black_removed_all
    if side.black_threes_removed and not removes:
        text = _("black threes are not removed from play in {ruleset}")
        raise fail(name, text, ruleset=rs.shown_name)
    if side.special_hand and side.melds is not None:
        check_special_cards(side)
        return
    for i, (meld, verdict) in enumerate(judged_melds(rs, side) if side.melds else (), 1):
        if not verdict.legal:
            why = "; ".join(r.text for r in verdict.broken)
            text = _("meld {number} ({cards}) is illegal: {why}")
            raise fail(name, text, number=i, cards=format_cards(meld), why=why)
        shape = verdict.shape
        if shape is not None and shape.kind is Kind.BLACK_THREES and not side.went_out:
            text = _(
                "meld {number} ({cards}): black threes are melded only by the side that goes out"
            )
            raise fail(name, text, number=i, cards=format_cards(meld))
    table = melded(rs, side)
    check_side_contradictions(rs, side, len(table.canasta_keys))
    if side.melds is None:
        check_summary(rs, side)
    if side.went_out and not side.special_hand:
        wild = incomplete_wild_melds(rs, side)
        problems = going_out_problems(rs, table.kinds, wild)
        special = rs.rule_id("go_out.incomplete_special_allowed")
        short = [p for p in problems if p.rule != special]
        if short:
            text = _('side "{side}" went out, but: {problem}')
            raise fail("", text, side=name, problem=short[0].text)
        if not side.has_melded:
            raise fail("", _('side "{side}" went out without any meld'), side=name)
        if problems:
            text = _(
                'side "{side}" went out with an incomplete wild-card meld ({meld}); {rule}: {text}'
            )
            ref = problems[0]
            raise fail("", text, side=name, meld=wild[0], rule=ref.rule, text=ref.text)


def check_special_cards(side: SideRecord) -> None:
    """The melds of a side that lays a special hand are that hand's 14 cards (RULES 7.2)."""
    from canasta_score.judging.special_hands import special_hand_problem

    assert side.special_hand is not None and side.melds is not None
    cards = tuple(c for meld in side.melds for c in meld)
    problem = special_hand_problem(side.special_hand, cards) if cards else None
    if problem:
        text = _("special_hand {hand} ({cards}): {problem}")
        raise fail(
            side.name, text, hand=side.special_hand, cards=format_cards(cards), problem=problem
        )


def as_record(key: str, value: object) -> str:
    """A count as a hand record gives it (``meld_points = 303``, the key in the language in use)."""
    shown = f"{value:,}" if isinstance(value, int) else str(value)
    return f"{said_key(key)} = {shown}"


def check_summary(
    rs: Ruleset, side: SideRecord, said: Callable[[str, object], str] = as_record
) -> None:
    """Refuse counts no cards could make. ``said`` names a count as the person gave it (a
    record's key and value, or the quick form's item)."""
    step = count_step(rs)
    for key, value in (("meld_points", side.meld_points), ("in_hand_points", side.in_hand_points)):
        if value % step:
            text = _("{count} is not a multiple of {step}")
            raise fail(side.name, text, count=said(key, value), step=step)
    # With T3 off (canasta.count_cards = false) meld_points is the count of the melded cards
    # outside canastas, so canastas set no floor; incomplete melds are outside canastas.
    canastas = sum(side.canastas.values()) if rs.canasta.count_cards else 0
    least = sum(least_incomplete_count(rs, CanastaKind(kind)) for kind in side.incomplete)
    if canastas:
        least += sum(
            least_canasta_count(rs, summary_kind(rs, side.name, kind)) * n
            for kind, n in side.canastas.items()
        )
    if side.meld_points < least:
        parts = [ngettext("{n} canasta", "{n} canastas", canastas).format(n=canastas)]
        parts = parts if canastas else []
        if side.incomplete:
            n = len(side.incomplete)
            parts.append(ngettext("{n} incomplete meld", "{n} incomplete melds", n).format(n=n))
        held = canastas + len(side.incomplete)
        text = ngettext(
            "{melds} holds at least {least} points of cards, more than {count}",
            "{melds} hold at least {least} points of cards, more than {count}",
            held,
        )
        count = said("meld_points", side.meld_points)
        raise fail(side.name, text, melds=both(parts), least=f"{least:,}", count=count)


@lru_cache(maxsize=256)
def count_step(rs: Ruleset) -> int:
    """What every count of cards is a multiple of: 5 when every card's value is a multiple of 5."""
    values = (rs.values.joker, rs.values.two, rs.values.ace, rs.values.high, rs.values.low)
    return 5 if all(v % 5 == 0 for v in values) else 1


@lru_cache(maxsize=256)
def least_canasta_count(rs: Ruleset, kind: CanastaKind) -> int:
    """The smallest count a canasta of this kind can have."""
    size, v = rs.canasta.min_cards, rs.values
    least = kinds.info(kind).least
    if least is Least.WILD:
        distinct_twos = rs.canasta.wild_all_twos not in (0, rs.canasta.wild_other)
        least = Least.ONE_JOKER if distinct_twos else Least.TWOS
    if least is Least.MIXED:
        options = [
            n * v.low + (size - n) * v.two
            for n in range(rs.meld.min_naturals, size)
            if size - n <= rs.meld.max_wilds and ratio_ok(n, size - n, rs.meld.wild_ratio)
        ]
        return min(options) if options else size * v.low
    return {
        Least.TWOS: size * v.two,
        Least.ONE_JOKER: (size - 1) * v.two + v.joker,
        Least.FOUR_JOKERS: 4 * v.joker + (size - 4) * v.two,
        Least.RUN: 4 * v.low + (size - 4) * v.high,
        Least.ACES: size * v.ace,
    }.get(least, size * v.low)


@lru_cache(maxsize=256)
def least_incomplete_count(rs: Ruleset, kind: CanastaKind) -> int:
    """The smallest count an incomplete special meld of this kind can have (``meld.min_cards``
    cards: a wild-card meld of twos, four jokers, a clean meld of sevens or aces, a sequence
    from 4 up)."""
    size, v = rs.meld.min_cards, rs.values
    return {
        CanastaKind.WILD_FOUR_JOKERS: 4 * v.joker + max(0, size - 4) * v.two,
        CanastaKind.WILD: size * min(v.two, v.joker),
        CanastaKind.ACES: size * v.ace,
        CanastaKind.SEVENS: size * v.low,
    }.get(kind, size * min(v.low, v.high))


# ---------------------------------------------------------------- contradictions


def check_side_contradictions(rs: Ruleset, side: SideRecord, canastas: int) -> None:
    """Refuse what a side's own record rules out; ``canastas`` is its number of canastas."""
    check_applies(rs, side)
    n, name = side.concealed_canastas, side.name
    if n > canastas:
        # A canasta laid whole from hand (RULES 18 T12) is one of the side's canastas.
        text = ngettext(
            "{key} = {given}, but the side has {n} canasta; a canasta laid whole "
            "from hand is one of them ({rule})",
            "{key} = {given}, but the side has {n} canastas; a canasta laid whole "
            "from hand is one of them ({rule})",
            canastas,
        )
        key, rule = said_key("concealed_canastas"), rs.rule_id("canasta.concealed_bonus")
        raise fail(name, text, key=key, given=n, n=canastas, rule=rule)
    held, players = side.held_penalties or 0, rs.table.side_size
    if held > 2 * players:
        # Each player can be left holding three aces and three sevens: two groups at most.
        text = ngettext(
            "{key} = {held}, but a side of {players} player has at most {most} "
            "(one for aces and one for sevens per player)",
            "{key} = {held}, but a side of {players} players has at most {most} "
            "(one for aces and one for sevens per player)",
            players,
        )
        key = said_key("held_penalties")
        raise fail(name, text, key=key, held=held, players=players, most=2 * players)
    # One group meld of each rank (RULES 1.4; not Samba's duplicates).
    if side.melds is None and rs.meld.one_per_rank_per_side and not rs.meld.duplicate_groups:
        check_one_meld_per_rank(rs, side)
    wild = incomplete_wild_melds(rs, side) if rs.meld.wild_meld_lock else []
    if len(wild) > 1:
        # Under the wild-meld lock (RULES 6.2) a side has one incomplete wild-card meld at most.
        text = _(
            "{n} incomplete wild-card melds ({melds}), but while a wild-card meld is "
            "incomplete the side starts no other ({rule})"
        )
        rule = rs.rule_id("meld.wild_meld_lock")
        raise fail(name, text, n=len(wild), melds=", ".join(wild), rule=rule)


def check_applies(rs: Ruleset, side: SideRecord) -> None:
    """Refuse facts the ruleset gives no score for, rather than showing them as 0 points."""
    name = side.name
    if side.held_penalties and not rs.penalties.held_aces_sevens:
        text = _("{key}: {ruleset} has no penalty for held aces or sevens")
        raise fail(name, text, key=said_key("held_penalties"), ruleset=rs.shown_name)
    for kind in side.incomplete:
        if kinds.penalty_key(CanastaKind(kind), rs) is None:
            text = _("incomplete {kind}: {ruleset} has no penalty for it")
            raise fail(name, text, kind=kind, ruleset=rs.shown_name)
    if side.concealed_canastas and not rs.canasta.concealed_bonus:
        text = _("{key}: {ruleset} has no bonus for canastas laid whole from hand ({rule})")
        key, rule = said_key("concealed_canastas"), rs.rule_id("canasta.concealed_bonus")
        raise fail(name, text, key=key, ruleset=rs.shown_name, rule=rule)
    given = [k for k in SPECIAL_ONLY if getattr(side, k)] if side.special_hand else []
    if given:
        text = _("{key}: a special hand is the side's first and only meld of the hand")
        raise fail(name, text, key=said_key(given[0]))


def check_one_meld_per_rank(rs: Ruleset, side: SideRecord) -> None:
    """A summary's canastas and incomplete melds of sevens and aces that one meld per rank
    (RULES 1.4) rules out: a side's sevens (or aces) are one meld, complete or not."""
    name = side.name
    for kind in (CanastaKind.SEVENS, CanastaKind.ACES):
        made, incomplete = side.canastas.get(kind, 0), side.incomplete.count(kind)
        if incomplete > 1:
            text = _('incomplete lists "{kind}" {times} times, but {why}')
            raise fail(name, text, kind=kind, times=incomplete, why=one_rank_why(rs))
        if made > 1:
            text = _("canastas.{kind} = {made}, but {why}: one canasta of {kind} at most")
            raise fail(name, text, kind=kind, made=made, why=one_rank_why(rs))
        if made and incomplete:
            text = _(
                'incomplete lists "{kind}" beside a completed canasta of {kind} '
                "(canastas.{kind} = {made}), but {why}"
            )
            raise fail(name, text, kind=kind, made=made, why=one_rank_why(rs))
    groups, ranks = sum(side.canastas.get(k, 0) for k in GROUP_CANASTAS), len(NATURAL_RANKS)
    if groups > ranks:
        text = _(
            "{groups} canastas of natural ranks ({kinds}), but {why} and there are "
            "{ranks} natural ranks"
        )
        kinds_said, why = ", ".join(GROUP_CANASTAS), one_rank_why(rs)
        raise fail(name, text, groups=groups, kinds=kinds_said, why=why, ranks=ranks)


def one_rank_why(rs: Ruleset) -> str:
    rule = rs.rule_id("meld.one_per_rank_per_side")
    return _("a side holds one meld of each rank ({rule})").format(rule=rule)


def incomplete_wild_melds(rs: Ruleset, side: SideRecord) -> list[str]:
    """The side's incomplete wild-card melds: given card by card, or listed in a summary."""
    if side.melds is None:
        return [f'"{k}"' for k in side.incomplete if kinds.family(CanastaKind(k)) is Family.WILD]
    return [
        format_cards(meld)
        for meld, verdict in judged_melds(rs, side)
        if verdict.shape is not None and verdict.shape.kind is Kind.WILD and not verdict.canasta
    ]


# ---------------------------------------------------------------- the whole record and the deck


def check_counts(rs: Ruleset, record: HandRecord) -> None:
    """Refuse at once, before any other work, a typed count beyond what the deck allows: more
    cards listed than the whole deck holds, or a number of canastas (of any kind), incomplete
    melds, threes, concealed canastas or held hands larger than that. The finer checks of
    :func:`check_deck_bounds` come later; this one keeps absurd counts from costing time or
    memory on the way there."""
    cards = rs.deck.cards
    listed = sum(map(listed_cards, record.sides))
    # Every count at once; which one passes the deck is worked out only for a refusal.
    if listed <= cards and all(max(side_counts(s)) <= cards for s in record.sides):
        return
    packs, ruleset = rs.deck.decks, rs.shown_name
    if listed > cards:
        text = _(
            "the record lists {listed:,} cards, more than the deck allows: the {ruleset} "
            "deck ({packs} packs) holds {cards} cards"
        )
        raise fail("", text, listed=listed, ruleset=ruleset, packs=packs, cards=cards)
    for side in record.sides:
        names = (*(f"canastas.{kind}" for kind in side.canastas), "canastas", "incomplete")
        for what, n in zip((*names, *COUNTED), side_counts(side), strict=True):
            if n > cards:
                text = _(
                    "{key} = {n:,} is more than the deck allows: the {ruleset} deck "
                    "({packs} packs) holds {cards} cards"
                )
                key = said_key(what)
                raise fail(side.name, text, key=key, n=n, ruleset=ruleset, packs=packs, cards=cards)


def listed_cards(side: SideRecord) -> int:
    """How many cards the record places with a side: its melds, cards left in hand and threes."""
    given = len(side.three_cards)
    for cards in (side.melds, side.in_hand):
        if cards:
            given += sum(map(len, cards))
    return given


def side_counts(side: SideRecord) -> tuple[int, ...]:
    """Every count a side's record types (see :func:`check_counts`)."""
    made = side.canastas.values()
    return (
        *made,
        sum(made),
        len(side.incomplete),
        # COUNTED, in its order
        side.red_threes,
        side.black_threes,
        side.black_threes_removed,
        side.concealed_canastas,
        side.held_penalties or 0,
    )


def check_deck(rs: Ruleset, record: HandRecord) -> None:
    """No rank (nor jokers, red or black threes) may appear more often than the deck holds;
    suits are not checked (tables write them loosely, and the score does not use them)."""
    # The ranks of each side's listed cards, taken once for every count of the deck.
    listed = [list(map(RANK_OF, chain(*side_listed(side)))) for side in record.sides]
    ranks = Counter(chain(*listed))
    red = sum(side.red_threes for side in record.sides)
    black = sum(side.black_threes + side.black_threes_removed for side in record.sides)
    if ranks.pop(THREE, 0):  # threes listed among melds or cards left in hand
        cards = list(chain(*(card for side in record.sides for card in side_listed(side))))
        red += sum(c.is_red_three for c in cards)
        black += sum(c.is_black_three for c in cards)
    for found in excess(rs, Tally(ranks, red, black)):
        text = _("the record holds {count} {cards}; {deck} has {held}")
        count, deck = f"{found.named:,}", described(rs)
        raise fail("", text, count=count, cards=found.words, deck=deck, held=found.held)
    check_deck_bounds(rs, record, listed)


def side_listed(side: SideRecord) -> tuple[tuple[Card, ...], ...]:
    """The cards a side lists one by one: its melds and the cards left in its hands (its
    threes' cards aside)."""
    return (*(side.melds or ()), *(side.in_hand or ()))


@lru_cache(maxsize=256)
def deck_points(rs: Ruleset) -> int:
    """The count of every card in the deck: the most a hand's melds and hands can add up to."""
    v, packs = rs.values, rs.deck.decks
    per_pack = 4 * v.ace + 24 * v.high + 16 * v.low + 4 * v.two + 2 * v.black_three
    return packs * (per_pack + rs.deck.jokers_per_deck * v.joker)


def check_points_bound(rs: Ruleset, record: HandRecord) -> None:
    """Melded counts and counts left in hand, over all sides, cannot exceed the deck's count."""
    parts = []
    for side in record.sides:
        melded = side.meld_points if side.melds is None else rs.count(chain(*side.melds))
        left = side.in_hand_points if side.in_hand is None else rs.count(chain(*side.in_hand))
        if melded + left:
            parts.append((side.name, melded + left))
    total, most = sum([n for _, n in parts]), deck_points(rs)
    if total > most:
        why = "; ".join(
            _('side "{side}": {message}').format(side=x, message=f"{n:,}") for x, n in parts
        )
        text = _(
            "the record counts {total} points of melded and held cards, but every card of "
            "the {ruleset} deck together counts {most}: {why}"
        )
        total_said, most_said = f"{total:,}", f"{most:,}"
        raise fail("", text, total=total_said, ruleset=rs.shown_name, most=most_said, why=why)


# A number of cards for each category, in the order of CATEGORIES (a row adds up in C).
Row = tuple[int, ...]
# What one part of a side's record needs from the deck: the fewest cards of each category for
# one of it, how many it gives, and the words for that part, said only in a refusal.
Claim = tuple[Row, int, Callable[[], str]]


def as_row(counts: dict[str, int]) -> Row:
    """Counts by category as a row (a category not named: none)."""
    return tuple([counts.get(category, 0) for category in CATEGORIES])


@lru_cache(maxsize=256)
def deck_holds(rs: Ruleset) -> Row:
    """How many cards of each category the ruleset's deck holds: per pack 52 cards (four of
    each rank, so four twos and 44 natural cards) and its jokers (RULES 1.1)."""
    packs, jokers = rs.deck.decks, rs.deck.jokers_per_deck
    return as_row(
        {
            "cards": rs.deck.cards,
            "natural": packs * 44,
            "wild": packs * (4 + jokers),
            "two": packs * 4,
            "joker": packs * jokers,
            "seven": packs * 4,
            "ace": packs * 4,
            "ace_seven": packs * 8,
        }
    )


@lru_cache(maxsize=256)
def least_naturals_in_mixed(rs: Ruleset) -> int:
    """The fewest natural cards a mixed canasta can hold (RULES 1.5 with the ruleset's limits)."""
    m, size = rs.meld, rs.canasta.min_cards
    for naturals in range(max(m.min_naturals, 1), size + 1):
        wilds = max(1, size - naturals)
        if wilds <= m.max_wilds and ratio_ok(naturals, wilds, m.wild_ratio):
            return naturals
    return size


@lru_cache(maxsize=256)
def canasta_needs(rs: Ruleset, kind: CanastaKind) -> Row:
    """The fewest cards of each category a canasta of this summary kind holds."""
    size = rs.canasta.min_cards
    needs = {"cards": size}
    family = kinds.family(kind)
    if family is Family.WILD:
        needs["wild"] = size
    if kind in (CanastaKind.WILD_TWOS, CanastaKind.DEUCES):
        needs["two"] = size
    elif kind is CanastaKind.WILD_FOUR_JOKERS:
        needs["joker"] = 4
    elif kind is CanastaKind.DEUCES_MIXED:
        needs["joker"] = 1
        needs["two"] = max(rs.meld.min_naturals, size - rs.meld.max_wilds)
    elif family is Family.MIXED:
        needs["wild"] = 1
        needs["natural"] = least_naturals_in_mixed(rs)
    elif family in (Family.NATURAL, Family.SEQUENCE):
        needs["natural"] = size
    elif family is Family.SPECIAL_RANK:
        needs.update({"natural": size, RANK_CATEGORY[kind]: size, "ace_seven": size})
    return as_row(needs)


@lru_cache(maxsize=256)
def incomplete_needs(rs: Ruleset, kind: CanastaKind) -> Row:
    """The fewest cards of each category an incomplete special meld of this kind holds."""
    size = rs.meld.min_cards
    if kind is CanastaKind.WILD_FOUR_JOKERS:
        return as_row({"cards": max(size, 4), "wild": max(size, 4), "joker": 4})
    if kind is CanastaKind.WILD:
        return as_row({"cards": size, "wild": size})
    if kinds.family(kind) is Family.SPECIAL_RANK:
        # Only a clean meld of sevens or aces is an incomplete special meld.
        counts = {"cards": size, "natural": size, RANK_CATEGORY[kind]: size, "ace_seven": size}
        return as_row(counts)
    return as_row({"cards": size, "natural": size})


def cards_needs(ranks: list[Rank]) -> Row:
    """The categories of cards given one by one (by their ranks; a category may be 0)."""
    twos, jokers, sevens, aces = map(ranks.count, (TWO, JOKER, SEVEN, ACE))
    return as_row(
        {
            "cards": len(ranks),
            "natural": len(ranks) - twos - jokers - ranks.count(THREE),
            "wild": twos + jokers,
            "two": twos,
            "joker": jokers,
            "seven": sevens,
            "ace": aces,
            "ace_seven": sevens + aces,
        }
    )


def side_claims(rs: Ruleset, side: SideRecord, listed: list[Rank]) -> list[Claim]:
    """What each part of a side's record needs from the deck (``listed``: the ranks of the
    cards it lists, see :func:`side_listed`)."""
    threes = side.red_threes + side.black_threes + side.black_threes_removed

    def threes_said() -> str:
        return _("{n} threes laid down or removed").format(n=threes)

    out: list[Claim] = [
        (cards_needs(listed), 1, lambda: _("cards listed")),
        (as_row({"cards": threes}), 1, threes_said),
    ]
    if side.melds is not None:
        return out
    for kind, n in side.canastas.items():
        needs = canasta_needs(rs, summary_kind(rs, side.name, kind))
        out.append((needs, n, partial(str, f"canastas.{kind} = {n}")))
    for kind in dict.fromkeys(side.incomplete):
        n = side.incomplete.count(kind)
        needs = incomplete_needs(rs, CanastaKind(kind))
        out.append((needs, n, partial(incomplete_said, kind, n)))
    held = side.held_penalties or 0
    if held:
        needs = as_row({"cards": 3 * held, "natural": 3 * held, "ace_seven": 3 * held})
        out.append((needs, 1, lambda: f"{said_key('held_penalties')} = {held}"))
    return out


def incomplete_said(kind: str, n: int) -> str:
    """An incomplete special meld listed ``n`` times, as a refusal names it."""
    if n == 1:
        return _('incomplete "{kind}"').format(kind=kind)
    return _('incomplete "{kind}" {n} times').format(kind=kind, n=n)


def check_deck_bounds(rs: Ruleset, record: HandRecord, listed: list[list[Rank]]) -> None:
    """Refuse a record whose sides together need more cards of a category than the deck holds
    (``listed``: the ranks of the cards each side lists).

    Every count is a lower bound: a canasta holds at least ``canasta.min_cards`` cards (a
    wild-card canasta as many wild cards, a mixed one at least one, a clean canasta of sevens
    or aces as many of that rank), an incomplete special meld at least ``meld.min_cards``.
    """
    check_points_bound(rs, record)
    claims = [
        (side.name, claim)
        for side, ranks in zip(record.sides, listed, strict=True)
        for claim in side_claims(rs, side, ranks)
    ]
    rows = [needs if n == 1 else [each * n for each in needs] for _side, (needs, n, _w) in claims]
    totals, holds = [sum(column) for column in zip(*rows, strict=True)], deck_holds(rs)
    pairs = enumerate(zip(totals, holds, strict=True))
    over = next((i for i, (total, held) in pairs if total > held), None)
    if over is None:
        return
    deck = _("the {ruleset} deck ({packs} packs, {cards} cards)").format(
        ruleset=rs.shown_name, packs=rs.deck.decks, cards=holds[0]
    )
    why = "; ".join(
        _('side "{side}": {what} ({needs})').format(side=side, what=what(), needs=needs[over] * n)
        for side, (needs, n, what) in claims
        if needs[over] and n
    )
    text = _("the record needs at least {total} {cards}, but {deck} has {held}: {why}")
    total, cards = f"{totals[over]:,}", _(list(CATEGORIES.values())[over])
    raise fail("", text, total=total, cards=cards, deck=deck, held=holds[over], why=why)
