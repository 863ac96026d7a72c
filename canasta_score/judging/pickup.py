"""The pickup ruling: may this player take the discard pile now? The hand is searched for a
legal way to meet the top card; for a side that has not opened, the pickup planner finds the
initial meld laid in the same turn (RULES 1.7, 2.3)."""

from __future__ import annotations

from typing import Any

from canasta_score.core.language import _
from canasta_score.judging.going_out import going_out_problems
from canasta_score.judging.melds import Context, joins_badly, judge, merge_same_rank, same_meld
from canasta_score.judging.planner import best_initial_meld
from canasta_score.judging.ruling import Ruling
from canasta_score.rules.cards import THREE, TWO, Card, Rank, format_cards
from canasta_score.rules.minimum import min_meld
from canasta_score.rules.ruleset import RuleRef, Ruleset


def check_pickup(
    rs: Ruleset,
    top: Card,
    hand: tuple[Card, ...],
    *,
    opened: bool = True,
    frozen: bool = False,
    score: int = 0,
    table: tuple[tuple[Card, ...], ...] = (),
    closed: frozenset[Rank] = frozenset(),
    pile_size: int | None = None,
    hand_number: int | None = None,
) -> Ruling:
    """May this player take the discard pile now? Searches the hand for a legal way."""
    reasons = pile_blocked(rs, top, hand, pile_size, closed)
    if reasons and reasons[0].rule in (rs.rule_id("pile.empty"), rs.rule_id("pile.blocked_top")):
        return Ruling.of(reasons)
    if not opened and not rs.initial_meld.from_pile:
        reasons.append(rs.cite("initial_meld.from_pile"))
    frozen_now = frozen or rs.pile.always_frozen or (not opened and rs.pile.frozen_against_unopened)
    # The side's meld the top card's rank joins, if any (one meld per rank).
    index = same_meld((top,), table, rs) if table else -1
    way = pickup_way(rs, top, hand, frozen_now, table, index)
    if way is None:
        existing = table[index] if index >= 0 else ()
        return Ruling.of(
            reasons + no_way_reasons(rs, top, hand, frozen_now, frozen, opened, existing)
        )
    if reasons:
        return Ruling.of(reasons)
    if opened:
        name, used, text = way
        reason = rs.cite(
            "pile.natural-pair" if name == "natural_pair" else "pile.take_unfrozen", text
        )
        ruling = Ruling.of((), [reason], {"way": name, "cards": [c.notation for c in used]})
        after = (*table, (*used, top))
    else:
        ruling, after = pickup_opening(rs, top, hand, way, score, hand_number)
    if ruling.legal and pile_size == 1:
        laid = sum(len(m) for m in after) - sum(len(m) for m in table) - 1
        problems = nothing_left(rs, after) if laid >= len(hand) else []
        if problems:
            ruling = Ruling.of(problems, (), ruling.extra)
    if ruling.legal and rs.pile.take_count:
        count = rs.pile.take_count
        text = _("Only the top {count} cards are taken").format(count=count)
        taken = rs.cite("pile.take_count", text)
        ruling = ruling.explained(taken).with_extra(takes=count)
    return ruling


def nothing_left(rs: Ruleset, after: tuple[tuple[Card, ...], ...]) -> list[RuleRef]:
    """Why taking a one-card pile that leaves the hand empty (so going out) is not allowed."""
    if rs.go_out.final_discard == "required":
        text = _("Taking this one-card pile this way leaves no card for the final discard")
        return [rs.cite("go_out.final_discard", text)]
    kinds = [k for m in merge_same_rank(after, rs) if (k := judge(m, rs).canasta)]
    short = going_out_problems(rs, kinds)
    text = _("Taking this one-card pile this way leaves no cards, which is going out: {rule}")
    return [RuleRef(r.rule, text.format(rule=r.text)) for r in short]


def pile_blocked(
    rs: Ruleset, top: Card, hand: tuple[Card, ...], pile_size: int | None, closed: frozenset[Rank]
) -> list[RuleRef]:
    """Reasons the pile cannot be taken whatever the hand holds: an empty pile or a blocked top
    card alone (nothing else then matters), else every other rule that stands in the way."""
    if pile_size is not None and pile_size <= 0:
        return [rs.cite("pile.empty")]
    blocked = rs.pile.blocked_top
    if top.rank is THREE and (top.is_red_three or "three" in blocked or "black_three" in blocked):
        text = _("A pile topped by {card} cannot be taken").format(card=top.notation)
        return [rs.cite("pile.blocked_top", text)]
    if top.is_wild:
        text = _("A pile topped by a wild card ({card}) cannot be taken")
        return [rs.cite("pile.blocked_top", text.format(card=top.notation))]
    out = []
    if rs.pile.one_card_rule and len(hand) == 1 and pile_size == 1:
        out.append(rs.cite("pile.one_card_rule"))
    if rs.meld.closed_ranks and top.rank in closed:
        text = _("{rank} is a closed rank").format(rank=top.rank.value)
        out.append(rs.cite("meld.closed_ranks", text))
    return out


Way = tuple[str, tuple[Card, ...], str]


def pickup_way(
    rs: Ruleset,
    top: Card,
    hand: tuple[Card, ...],
    frozen: bool,
    table: tuple[tuple[Card, ...], ...],
    index: int,
) -> Way | None:
    """The best way to meet the top card (way, cards from hand, explanation), or None: a natural
    pair, else a natural card and a wild card, else the top card added to a meld of the side.
    ``index``: the side's meld of the top card's rank (-1: none)."""
    same: list[Card] = []
    wild: list[Card] = []
    for card in hand:  # one plain loop: every pickup asks this
        if card.is_wild:
            wild.append(card)
        elif card.rank is top.rank:
            same.append(card)
    naturals = tuple(same)
    existing = table[index] if index >= 0 else ()
    others = table[:index] + table[index + 1 :] if index >= 0 else table
    t = top.notation

    def fits(used: tuple[Card, ...]) -> bool:
        ctx = Context(table=others, added=(*used, top))
        return judge(existing + used + (top,), rs, ctx).legal

    if len(naturals) >= 2 and fits(naturals[:2]):
        pair = naturals[:2]
        text = (
            _("{cards} from hand meet the top {card} and join the side's meld")
            if existing
            else _("{cards} from hand meet the top {card}")
        )
        return "natural_pair", pair, text.format(cards=format_cards(pair), card=t)
    if not frozen and "natural_plus_wild" in rs.pile.take_unfrozen and naturals and wild:
        # A joker before a two, where the hand holds both.
        used = (naturals[0], sorted(wild, key=lambda c: c.rank is not TWO)[-1])
        if fits(used):
            text = _("{cards} from hand meet the top {card} (the pile is not frozen)")
            return "natural_plus_wild", used, text.format(cards=format_cards(used), card=t)
    if not frozen and "add_to_meld" in rs.pile.take_unfrozen:
        target = meld_taking_top(rs, top, table)
        if target is not None:
            text = _("The top {card} is added to the side's meld {meld}")
            return "add_to_meld", (), text.format(card=t, meld=format_cards(target))
    return None


def meld_taking_top(
    rs: Ruleset, top: Card, table: tuple[tuple[Card, ...], ...]
) -> tuple[Card, ...] | None:
    """A meld of the side the top card alone may join to take the pile (a group of its rank,
    duplicates included, or a sequence it extends); never a canasta under ``not_via_canasta``.
    The top card never starts a sequence: it only joins one already on the table."""
    for i, meld in enumerate(table):
        if rs.pile.not_via_canasta and len(meld) >= rs.canasta.min_cards:
            continue
        if joins_badly(meld, (top,), rs) is not None:
            continue
        others = table[:i] + table[i + 1 :]
        if judge((*meld, top), rs, Context(table=others, added=(top,))).legal:
            return meld
    return None


def no_way_reasons(
    rs: Ruleset,
    top: Card,
    hand: tuple[Card, ...],
    frozen_now: bool,
    frozen_flag: bool,
    opened: bool,
    existing: tuple[Card, ...],
) -> list[RuleRef]:
    """Why no way meets the top card; ``existing`` is the side's meld of its rank, if any."""
    naturals = [c for c in hand if c.rank is top.rank]
    t = top.notation
    if not (frozen_now or len(naturals) >= 2):
        text = _("No cards in hand meet the top {card} in a way this ruleset allows")
        return [rs.cite("pile.take_unfrozen", text.format(card=t))]
    too_big = bool(existing) and 0 < rs.meld.max_cards < len(existing) + 3

    def full() -> list[RuleRef]:
        text = _("The pair and the top {card} cannot join the side's meld {meld}")
        return [rs.cite("meld.max_cards", text.format(card=t, meld=format_cards(existing)))]

    if len(naturals) >= 2:
        return full()
    # The pile is frozen and the hand lacks a natural pair.
    if rs.pile.always_frozen:
        text = _(
            "The pile is always frozen: a natural pair of {rank} from hand is needed, and "
            "the hand holds {held}"
        )
    elif not opened and not frozen_flag:
        text = _(
            "The side has not made its initial meld: a natural pair of {rank} from hand is "
            "needed, and the hand holds {held}"
        )
    else:
        text = _(
            "The pile is frozen: a natural pair of {rank} from hand is needed, and the hand "
            "holds {held}"
        )
    pair = rs.cite("pile.natural-pair", text.format(rank=top.rank.value, held=len(naturals)))
    return [pair, *full()] if too_big else [pair]


def pickup_opening(
    rs: Ruleset,
    top: Card,
    hand: tuple[Card, ...],
    way: Way,
    score: int,
    hand_number: int | None,
) -> tuple[Ruling, tuple[tuple[Card, ...], ...]]:
    """An unopened side takes the pile: the initial meld must be laid in the same turn.
    Returns the ruling and the melds the side would then have."""
    need = min_meld(rs, score, hand_number)
    name, used, text = way
    plan = best_initial_meld(rs, top, hand, need)
    if plan.pair and plan.pair != used:
        used = plan.pair
        text = _("{cards} from hand meet the top {card}").format(
            cards=format_cards(used), card=top.notation
        )
    reasons = [rs.cite("pile.natural-pair", text)]
    extra: dict[str, Any] = {
        "way": name,
        "cards": [c.notation for c in used],
        "melds": [format_cards(m) for m in plan.melds],
        "points": plan.points,
        "minimum": need.minimum,
    }
    melds = tuple(plan.melds)
    if plan.problems:
        return Ruling.of(plan.problems, (), extra), melds
    reasons.append(rs.cite("initial-meld.minimum", plan.explanation))
    return Ruling.of((), reasons, extra), melds
