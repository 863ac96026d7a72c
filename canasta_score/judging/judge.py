"""Rulings at the table: meld, discard and going out. The initial meld (minimum, requirement)
lives in :mod:`canasta_score.judging.initial` and the pickup in
:mod:`canasta_score.judging.pickup`; their checks are named here too, so every ruling can be
found in one place."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from canasta_score.core.errors import InputError
from canasta_score.core.language import N_, _, current, ngettext
from canasta_score.judging.going_out import going_out_problems
from canasta_score.judging.melds import (
    FINISHED,
    GROUP,
    WILD,
    Context,
    Kind,
    Verdict,
    dirty_aces,
    group_make_up,
    joins_badly,
    judge,
    merge_same_rank,
    same_meld,
)
from canasta_score.judging.ruling import Ruling
from canasta_score.rules.cards import (
    ACE,
    JOKER,
    SEVEN,
    THREE,
    TWO,
    Card,
    Rank,
    format_cards,
)
from canasta_score.rules.kinds import CanastaKind, display_name, shown_name
from canasta_score.rules.ruleset import RuleRef, Ruleset

if TYPE_CHECKING:
    from canasta_score.judging.initial import check_initial_meld
    from canasta_score.judging.pickup import check_pickup
    from canasta_score.judging.ways_out import Layout
    from canasta_score.rules.minimum import Minimum, min_meld

# Named here, loaded on first use: a meld ruling needs neither the opening planner nor the pile.
ELSEWHERE = {
    "Minimum": "canasta_score.rules.minimum",
    "check_initial_meld": "canasta_score.judging.initial",
    "min_meld": "canasta_score.rules.minimum",
    "check_pickup": "canasta_score.judging.pickup",
}

__all__ = [
    "Minimum",
    "Ruling",
    "check_discard",
    "check_go_out",
    "check_initial_meld",
    "check_meld",
    "check_pickup",
    "discard_problems",
    "min_meld",
]


def __getattr__(name: str) -> Any:
    """The checks that live in their own modules, imported when first asked for."""
    module = ELSEWHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)


# ---------------------------------------------------------------- melds


def check_meld(
    rs: Ruleset,
    cards: tuple[Card, ...],
    *,
    initial: bool = False,
    to: tuple[Card, ...] | None = None,
    going_out: bool = False,
    table: tuple[tuple[Card, ...], ...] = (),
    closed: frozenset[Rank] = frozenset(),
) -> Ruling:
    """Is this meld (or this addition to a meld) legal for a side to lay now? A meld of one
    natural rank laid on its own is ruled by its make-up (:func:`group_ruling`)."""
    make_up = group_make_up(cards) if to is None and not table else None
    if make_up is None:
        return meld_ruling(rs, cards, initial, to, going_out, table, closed)
    return group_ruling(rs, make_up, initial, going_out, closed, current())


@lru_cache(maxsize=1 << 14)
def group_ruling(
    rs: Ruleset,
    make_up: tuple[Rank, int, int, int],
    initial: bool,
    going_out: bool,
    closed: frozenset[Rank],
    language: str,
) -> Ruling:
    """The ruling on a meld of one natural rank laid on its own, in ``language`` (the one in
    use). Suits never change it (RULES 1.4: not its shape, nor its count), so it is ruled once
    per make-up (see :func:`~canasta_score.judging.melds.group_make_up`), written without
    suits."""
    rank, naturals, twos, jokers = make_up
    cards = (Card(rank),) * naturals + (Card(TWO),) * twos + (Card(JOKER),) * jokers
    return meld_ruling(rs, cards, initial, None, going_out, (), closed)


def meld_ruling(
    rs: Ruleset,
    cards: tuple[Card, ...],
    initial: bool,
    to: tuple[Card, ...] | None,
    going_out: bool,
    table: tuple[tuple[Card, ...], ...],
    closed: frozenset[Rank],
) -> Ruling:
    """:func:`check_meld`, worked out."""
    base = to
    others = table
    if base is None and table:
        index = same_meld(cards, table, rs)
        if index >= 0:
            base = table[index]
            others = table[:index] + table[index + 1 :]
    reasons: list[RuleRef] = []
    if base is not None:
        whole = base + cards
        ctx = Context(initial, going_out, table=others, closed=closed, added=cards)
        mismatch = joins_badly(base, cards, rs)
        if mismatch is not None:
            reasons.append(mismatch)
    else:
        whole = cards
        ctx = Context(initial, going_out, table=others, closed=closed)
    verdict = judge(whole, rs, ctx)
    reasons += verdict.broken
    if reasons or verdict.shape is None:
        return Ruling.of(reasons, (), {"points": rs.count(cards), "canasta": None})
    kind = display_name(verdict.canasta, rs) if verdict.canasta else None
    how = [describe_meld(rs, verdict, whole, base is not None)]
    if base is not None and not initial and dirty_ace_addition(rs, base, cards):
        text = _("The side's ace meld took wild cards in its initial meld: more may join it")
        how.append(rs.cite("meld.dirty_aces_ordinary", text))
    return Ruling.of((), how, {"points": rs.count(cards), "canasta": kind})


def dirty_ace_addition(rs: Ruleset, base: tuple[Card, ...], added: tuple[Card, ...]) -> bool:
    """Wild cards joining an ace meld that took wilds in the initial meld, where the ruleset
    lets that meld take more (US American dirty aces)."""
    return (
        rs.meld.dirty_aces_ordinary
        and rs.meld.aces_take_wilds == "initial_meld_only"
        and any(c.is_wild for c in added)
        and dirty_aces((base,), rs)
    )


# What describe_meld calls each kind of meld but a group (translated where it is shown), and
# the rule it cites (a group: its ratio rule when it holds wild cards).
MELD_WORDS = {
    Kind.WILD: (N_("a wild-card meld"), "meld.wild_melds"),
    Kind.SEQUENCE: (N_("a sequence"), "meld.sequence"),
    Kind.BLACK_THREES: (N_("a black-three meld"), "meld.black_threes"),
}


def describe_meld(rs: Ruleset, verdict: Verdict, cards: tuple[Card, ...], merged: bool) -> RuleRef:
    """Why a legal meld is legal: its kind and its cards in words, with the rule it meets."""
    shape = verdict.shape
    assert shape is not None
    key = (shape.kind, shape.rank, len(cards), shape.naturals, shape.wilds, verdict.canasta, merged)
    return word_meld(rs, key, current())


@lru_cache(maxsize=1 << 12)
def word_meld(rs: Ruleset, key: tuple[Any, ...], language: str) -> RuleRef:
    """:func:`describe_meld` worked out, in ``language`` (the one in use): many melds read
    alike. ``key``: the meld's kind, rank, cards, natural and wild cards, canasta kind, and
    whether it joins a meld of the side."""
    kind, rank, count, naturals, wilds, canasta, merged = key
    if kind is GROUP:
        what = _("a meld of {rank}").format(rank=rank._value_ if rank else "?")
        rule = "meld.wild_ratio" if wilds else "meld.one-rank"
    else:
        said, rule = MELD_WORDS[kind]
        what = _(said)
    if merged:
        what = _("{meld} (with the side's meld it joins)").format(meld=what)
    size = _("{cards} cards, {naturals} natural and {wilds} wild").format(
        cards=count, naturals=naturals, wilds=wilds
    )
    named = shown_name(display_name(canasta, rs)) if canasta else ""
    if named:
        # English says "an" before a vowel ("an aces canasta", "an escalera canasta").
        text = (
            _("Legal: {meld}, {size}; it is an {kind} canasta")
            if named[:1].lower() in tuple("aeiou")
            else _("Legal: {meld}, {size}; it is a {kind} canasta")
        ).format(meld=what, size=size, kind=named)
    else:
        text = _("Legal: {meld}, {size}").format(meld=what, size=size)
    return rs.cite(rule, text)


# ---------------------------------------------------------------- discard


def holds(hand: tuple[Card, ...], card: Card) -> bool:
    # Equal cards are one object: the card itself is found at once; a card written without its
    # suit (or a three by its colour) is matched card by card.
    return card in hand or any(same_card(h, card) for h in hand)


def same_card(a: Card, b: Card) -> bool:
    if a.rank is not b.rank:
        return False
    if a.suit is not None and b.suit is not None:
        return a.suit is b.suit
    if a.rank is THREE:
        return a.is_red == b.is_red
    return True


def discard_problems(
    rs: Ruleset,
    card: Card,
    hand: tuple[Card, ...],
    *,
    pile_empty: bool = False,
    closed: frozenset[Rank] = frozenset(),
    going_out: bool = False,
    depth: int = 0,
) -> list[RuleRef]:
    """The rules a discard of ``card`` from ``hand`` breaks (empty when it is legal)."""
    d = rs.discard
    out: list[RuleRef] = []

    def forced(fallback: bool = False) -> bool:
        """No other card in the hand could be discarded without a fallback.

        With ``fallback`` (a wild card), other natural cards may use their own fallback: an ace
        or seven that is itself forced goes before a wild card (RULES 7.1 discard.fallback).
        """
        if depth:
            return False
        return not any(
            not discard_problems(
                rs,
                other,
                hand,
                pile_empty=pile_empty,
                closed=closed,
                going_out=going_out,
                depth=0 if fallback and not other.is_wild else 1,
            )
            for other in hand
            if not same_card(other, card)
        )

    if card.rank is THREE:
        if card.is_red_three and d.threes != "any":
            out.append(rs.cite("discard.red-three"))
        elif d.threes == "never":
            out.append(rs.cite("discard.threes"))
        return out
    if card.rank is JOKER and not d.jokers:
        out.append(rs.cite("discard.jokers"))
    if card.is_wild:
        all_wild = all(c.is_wild for c in hand)
        if d.wild == "going_out_or_all_wild" and not (going_out or all_wild):
            out.append(rs.cite("discard.wild"))
        elif d.wild == "forced_only" and not forced(fallback=True):
            text = _("A wild card may be discarded only when nothing else can be")
            out.append(rs.cite("discard.wild", text))
        return out
    if not pile_empty:
        return out
    others = [c for c in hand if c.is_natural and c.rank not in (ACE, SEVEN)]
    if card.rank in (ACE, SEVEN):
        if d.empty_pile_aces_sevens == "no_other_natural" and others:
            text = _("An ace or seven goes onto an empty pile only while no other natural is held")
            out.append(rs.cite("discard.empty_pile_aces_sevens", text))
        elif d.empty_pile_aces_sevens == "forced_only" and not forced():
            text = _("No ace or seven onto an empty pile while another card can go")
            out.append(rs.cite("discard.empty_pile_aces_sevens", text))
    elif (
        rs.meld.closed_ranks
        and card.rank in closed
        and d.empty_pile_closed_rank == "last_resort"
        and any(c.rank not in closed for c in others)
    ):
        text = _("A card of a closed rank goes onto an empty pile only when no other card can")
        out.append(rs.cite("discard.empty_pile_closed_rank", text))
    return out


def discard_rule(rs: Ruleset, card: Card, pile_empty: bool) -> str:
    """The rule that governs discarding this card now."""
    if card.is_wild:
        return "discard.wild"
    if card.rank is THREE:
        return "discard.threes"
    if pile_empty and card.rank in (ACE, SEVEN):
        return "discard.empty_pile_aces_sevens"
    return "discard.in-hand"


def check_discard(
    rs: Ruleset,
    card: Card,
    hand: tuple[Card, ...],
    *,
    pile_empty: bool = False,
    closed: frozenset[Rank] = frozenset(),
    going_out: bool = False,
) -> Ruling:
    """May this card be discarded now? ``hand`` is the hand before the discard."""
    if not holds(hand, card):
        text = _("{card} is not in the hand {hand}").format(
            card=card.notation, hand=format_cards(hand)
        )
        return Ruling.of([rs.cite("discard.in-hand", text)])
    problems = discard_problems(
        rs, card, hand, pile_empty=pile_empty, closed=closed, going_out=going_out
    )
    if problems:
        return Ruling.of(problems)
    text = _("{card} may be discarded").format(card=card.notation)
    return Ruling.of((), [rs.cite(discard_rule(rs, card, pile_empty), text)])


# ---------------------------------------------------------------- going out


def meld_hand_away(
    rs: Ruleset,
    table: tuple[tuple[Card, ...], ...],
    hand: tuple[Card, ...],
    discard: Card | None,
    partner: str | None,
) -> Ruling:
    """The layout of the hand that goes out legally and scores most for the side (its melds and
    discard; see :func:`~canasta_score.judging.ways_out.worth`). When none does: the cards that
    cannot be melded, if the one final discard cannot take them all, else the ruling of the
    layout that breaks the fewest rules."""
    from canasta_score.judging.ways_out import arrangements, broken_melds, layouts, worth

    if discard is not None:
        raise InputError(
            _(
                "the final discard {card}: when the hand is given, the discard is chosen from it; "
                "leave the discard out"
            ).format(card=discard.notation)
        )
    if not hand:
        raise InputError(_("the hand: give the cards in the player's hand"))

    def shown(ruling: Ruling, layout: Layout) -> Ruling:
        thrown = layout.discard
        return ruling.with_extra(
            melds=[format_cards(m) for m in layout.melds],
            discard=thrown.notation if thrown is not None else None,
        )

    best: tuple[tuple[int, int, int], Ruling, Layout] | None = None
    closest: tuple[tuple[int, int], Ruling, Layout] | None = None
    for layout in layouts(rs, table, hand):
        ruling = check_go_out(rs, layout.melds, discard=layout.discard, partner=partner)
        if ruling.legal:
            value = worth(rs, layout)
            if best is None or value > best[0]:
                best = value, ruling, layout
        elif best is None:
            left = sum(len(m) for m in broken_melds(rs, layout))
            miss = (left, len(ruling.reasons))
            if closest is None or miss < closest[0]:
                closest = miss, ruling, layout
    if best is not None:
        return shown(best[1], best[2])
    unmeldable = cannot_meld(rs, arrangements(rs, table, hand))
    if unmeldable is not None:
        return unmeldable
    if closest is None:  # every layout gets a ruling: the loop above ran at least once
        raise InputError(_("the hand: give the cards in the player's hand"))
    return shown(closest[1], closest[2])


def cannot_meld(rs: Ruleset, whole: Iterable[Layout]) -> Ruling | None:
    """When the hand has more cards that no meld can take than the final discard can (one card,
    RULES 1.8): the ruling that says which, laid out with the fewest such cards. ``whole`` is
    every layout of the whole hand melded."""
    from canasta_score.judging.ways_out import broken_melds

    fewest: tuple[int, Layout, list[tuple[Card, ...]]] | None = None
    for layout in whole:
        left = broken_melds(rs, layout)
        count = sum(len(m) for m in left)
        if fewest is None or count < fewest[0]:
            fewest = count, layout, left
        if count == 0:
            return None
    if fewest is None or fewest[0] <= 1:
        return None
    _count, layout, left = fewest
    groups = [format_cards(m) for m in left]
    named = (
        groups[0]
        if len(groups) == 1
        else _("{some} and {last}").format(some=", ".join(groups[:-1]), last=groups[-1])
    )
    text = _("{cards} cannot be melded; only one card may be discarded").format(cards=named)
    reasons = [rs.cite("go_out.final_discard", text)]
    standing = []
    for meld, laid in zip(layout.melds, layout.laid, strict=True):
        verdict = judge(meld, rs, FINISHED)
        if laid and verdict.broken:
            reasons += verdict.broken
        else:
            standing.append(format_cards(meld))
    return Ruling.of(reasons, (), {"melds": standing, "discard": None, "unmelded": groups})


def check_go_out(
    rs: Ruleset,
    table: tuple[tuple[Card, ...], ...],
    *,
    discard: Card | None = None,
    partner: str | None = None,
    hand: tuple[Card, ...] | None = None,
) -> Ruling:
    """May the side go out with these melds (as they will stand), and this final discard? With
    ``hand``: can the player meld the whole hand away on these melds (and which way)?"""
    if hand is not None:
        return meld_hand_away(rs, table, hand, discard, partner)
    if partner is not None and rs.table.side_size == 1:
        raise InputError(
            _(
                "the partner's answer: with {players} players each plays alone; there is no "
                "partner to ask"
            ).format(players=rs.players)
        )
    reasons: list[RuleRef] = []
    kinds: list[CanastaKind] = []
    wild: list[str] = []
    table = merge_same_rank(table, rs)
    # The melds as they will stand once the side is out: judged as a finished hand's, each by
    # its own cards (the rest of the table changes nothing then).
    for meld in table:
        verdict = judge(meld, rs, FINISHED)
        reasons += verdict.broken
        if verdict.canasta:
            kinds.append(verdict.canasta)
        elif verdict.shape is not None and verdict.shape.kind is WILD:
            wild.append(format_cards(meld))
    reasons += going_out_problems(rs, kinds, wild)
    if partner == "no":
        reasons.append(rs.cite("go-out.partner-refused"))
    if discard is None and rs.go_out.final_discard == "required":
        reasons.append(rs.cite("go_out.final_discard", _("Going out must end with a discard")))
    if discard is not None:
        reasons += discard_problems(rs, discard, (discard,), going_out=True)
    if reasons:
        return Ruling.of(reasons, (), {"canastas": len(kinds)})
    how = going_out_said(rs, tuple(kinds), partner is None, current())
    return Ruling.of((), how, {"canastas": len(kinds)})


@lru_cache(maxsize=1 << 12)
def going_out_said(
    rs: Ruleset, kinds: tuple[CanastaKind, ...], unasked: bool, language: str
) -> tuple[RuleRef, ...]:
    """What a legal going out explains, in ``language`` (the one in use): the side's canastas
    and, where the partner must agree and was not asked, that rule."""
    names = ", ".join(shown_name(display_name(k, rs)) for k in kinds)
    text = ngettext(
        "The side has {count} canasta: {names}",
        "The side has {count} canastas: {names}",
        len(kinds),
    ).format(count=len(kinds), names=names)
    how = [rs.cite("go_out.canastas", text)]
    if rs.go_out.permission == "mandatory" and unasked:
        text = _("The partner must be asked and agree first")
        how.append(rs.cite("go_out.permission", text))
    return tuple(how)
