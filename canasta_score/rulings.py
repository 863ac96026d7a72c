"""Rulings at the table: minimum meld, meld, initial meld, pickup, discard and going out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from canasta_score.cards import Card, Rank, format_card, format_cards
from canasta_score.errors import InputError
from canasta_score.melds import (
    Context,
    Kind,
    Verdict,
    judge,
    merge_same_rank,
    same_meld,
    shape_of,
)
from canasta_score.planner import best_initial_meld
from canasta_score.ruleset import RuleRef, Ruleset
from canasta_score.schema import Tier


@dataclass
class Ruling:
    """A ruling: legal or not, the rules behind it, and what else the command reports."""

    legal: bool
    reasons: list[RuleRef]
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"legal": self.legal, "reasons": [r.as_dict() for r in self.reasons], **self.extra}


@dataclass(frozen=True)
class Minimum:
    """The initial-meld requirement for a side."""

    minimum: int
    requires: list[str]
    rule: RuleRef
    canasta: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"minimum": self.minimum, "requires": self.requires, "rule": self.rule.as_dict()}


WILD_KINDS = ("wild", "deuces", "deuces_mixed")
REQUIRE_TEXT = {
    "canasta": "the initial meld must include a completed canasta",
    "natural_canasta": "the initial meld must include a natural canasta (or better)",
}


def tier_for(rs: Ruleset, basis_value: int) -> Tier:
    chosen = rs.initial_meld.tiers[0]
    for tier in rs.initial_meld.tiers[1:]:
        if tier.start is not None and basis_value >= tier.start:
            chosen = tier
    return chosen


def min_meld(rs: Ruleset, score: int, hand_number: int | None = None) -> Minimum:
    """The initial-meld minimum for a side at ``score`` before the hand (or by hand number)."""
    if rs.initial_meld.basis == "hand_number":
        number = hand_number if hand_number is not None else 1
        if number < 1:
            raise InputError(f"--hand-number {number}: hands are numbered from 1")
        tier = tier_for(rs, number)
    else:
        tier = tier_for(rs, score)
    requires = [REQUIRE_TEXT[tier.requires]] if tier.requires else []
    if rs.initial_meld.must_include == "clean_or_wild_meld":
        requires.append(
            "the initial meld must include a clean meld of 3+ natural cards or a wild-card meld"
        )
    text = f"The initial meld must count at least {tier.minimum}"
    if not tier.minimum and tier.requires:
        text = "The initial meld needs no minimum count, only what the tier requires"
    return Minimum(tier.minimum, requires, rs.cite("initial_meld.tiers", text), tier.requires)


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
    """Is this meld (or this addition to a meld) legal for a side to lay now?"""
    base = to
    others = table
    if base is None:
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
    legal = verdict.shape is not None and not reasons
    extra = {"points": rs.count(cards), "canasta": verdict.canasta if legal else None}
    if legal:
        reasons.append(describe_meld(rs, verdict, whole, base is not None))
    return Ruling(legal, dedupe(reasons), extra)


def joins_badly(base: tuple[Card, ...], added: tuple[Card, ...], rs: Ruleset) -> RuleRef | None:
    """Whether the added cards fail to match the kind of the meld they join."""
    old, _ = shape_of(base, rs)
    new, _ = shape_of(base + added, rs)
    if old is None or new is None:
        return None
    if old.kind is not new.kind or (old.kind is Kind.GROUP and old.rank is not new.rank):
        return rs.cite("meld.to-existing")
    return None


def describe_meld(rs: Ruleset, verdict: Verdict, cards: tuple[Card, ...], merged: bool) -> RuleRef:
    shape = verdict.shape
    assert shape is not None
    what = {
        Kind.GROUP: f"a meld of {shape.rank.value if shape.rank else '?'}",
        Kind.WILD: "a wild-card meld",
        Kind.SEQUENCE: "a sequence",
        Kind.BLACK_THREES: "a black-three meld",
    }[shape.kind]
    size = f"{len(cards)} cards, {shape.naturals} natural and {shape.wilds} wild"
    tail = f"; it is a {verdict.canasta} canasta" if verdict.canasta else ""
    joined = " (with the side's meld it joins)" if merged else ""
    key = {
        Kind.GROUP: "meld.wild_ratio" if shape.wilds else "meld.one-rank",
        Kind.WILD: "meld.wild_melds",
        Kind.SEQUENCE: "meld.sequence",
        Kind.BLACK_THREES: "meld.black_threes",
    }[shape.kind]
    return rs.cite(key, f"Legal: {what}{joined}, {size}{tail}")


def dedupe(reasons: list[RuleRef]) -> list[RuleRef]:
    seen: set[tuple[str, str]] = set()
    out = []
    for r in reasons:
        if (r.rule, r.text) not in seen:
            seen.add((r.rule, r.text))
            out.append(r)
    return out


# ---------------------------------------------------------------- initial meld


def check_initial_meld(
    rs: Ruleset,
    melds: list[tuple[Card, ...]],
    *,
    score: int,
    top_card: Card | None = None,
    hand_number: int | None = None,
) -> Ruling:
    """Do these melds, laid together in one turn, make a legal initial meld?"""
    need = min_meld(rs, score, hand_number)
    reasons: list[RuleRef] = []
    points = sum(rs.count(m) for m in melds)
    if top_card is not None:
        with_top = next((m for m in melds if top_card in m), None)
        if with_top is None:
            raise InputError(f"--top-card {format_card(top_card)} is not in any of the melds")
        reasons += top_card_problems(rs, top_card, with_top)
        points -= uncounted_pickup_points(rs, top_card, with_top)
    laid = merge_same_rank(tuple(melds), rs)
    verdicts = [
        judge(m, rs, Context(initial=True, table=laid[:i] + laid[i + 1 :]))
        for i, m in enumerate(laid)
    ]
    for v in verdicts:
        reasons += v.broken
    top_meld = next((i for i, m in enumerate(laid) if top_card in m), -1) if top_card else -1
    reasons += requirement_problems(rs, verdicts, need, top_meld)
    exempt = rs.initial_meld.canasta_exemption and any(
        v.canasta for i, v in enumerate(verdicts) if i != top_meld
    )
    if points < need.minimum and not exempt:
        reasons.append(
            rs.cite(
                "initial-meld.minimum",
                f"The melds count {points}, below the minimum of {need.minimum}",
            )
        )
    legal = not reasons
    if legal:
        how = f"The melds count {points} against a minimum of {need.minimum}"
        if exempt and points < need.minimum:
            how = f"A canasta laid whole from hand needs no minimum (count {points})"
            reasons.append(rs.cite("initial_meld.canasta_exemption", how))
        else:
            reasons.append(rs.cite("initial-meld.minimum", how))
    return Ruling(legal, dedupe(reasons), {"points": points, "minimum": need.minimum})


def pickup_pair(top: Card, meld: tuple[Card, ...]) -> list[Card]:
    """The natural cards of the top card's rank that came from hand (at most two)."""
    others = list(meld)
    others.remove(top)
    return [c for c in others if c.rank is top.rank][:2]


def top_card_problems(rs: Ruleset, top: Card, meld: tuple[Card, ...]) -> list[RuleRef]:
    """What stops an unopened side from taking the pile with this meld (RULES 2.3)."""
    if not rs.initial_meld.from_pile:
        return [rs.cite("initial_meld.from_pile")]
    if top.is_wild or top.rank is Rank.THREE:
        return [rs.cite("pile.blocked_top", f"A pile topped by {format_card(top)} cannot be taken")]
    frozen = rs.pile.frozen_against_unopened or rs.pile.always_frozen
    if frozen and len(pickup_pair(top, meld)) < 2:
        text = (
            f"The pile is frozen for a side that has not opened: the top {format_card(top)} "
            f"needs a natural pair of {top.rank.value} from hand"
        )
        return [rs.cite("pile.natural-pair", text)]
    return []


def uncounted_pickup_points(rs: Ruleset, top: Card, meld: tuple[Card, ...]) -> int:
    """The count of the top card and the pair that do not count toward the minimum."""
    strict = rs.initial_meld.open_before_pickup
    out = 0
    if strict or not rs.initial_meld.top_card_counts:
        out += rs.card_points(top)
    if strict or not rs.initial_meld.pair_counts:
        out += rs.count(pickup_pair(top, meld))
    return out


def requirement_problems(
    rs: Ruleset, verdicts: list[Verdict], need: Minimum, top_meld: int = -1
) -> list[RuleRef]:
    """What the tier or the ruleset demands that the initial meld lacks."""
    out = []
    kinds = [v.canasta for v in verdicts]
    if need.canasta == "canasta" and not any(kinds):
        out.append(rs.cite("initial-meld.requires", REQUIRE_TEXT["canasta"]))
    if need.canasta == "natural_canasta" and not any(k not in (None, "mixed") for k in kinds):
        out.append(rs.cite("initial-meld.requires", REQUIRE_TEXT["natural_canasta"]))
    if rs.initial_meld.must_include == "clean_or_wild_meld" and not any(
        clean_or_wild(v) for v in verdicts
    ):
        out.append(
            rs.cite(
                "initial_meld.must_include",
                "The initial meld needs a clean meld of 3+ natural cards or a wild-card meld",
            )
        )
    if rs.initial_meld.natural_only and any(v.shape and v.shape.wilds for v in verdicts):
        out.append(rs.cite("initial_meld.natural_only"))
    return out


def clean_or_wild(v: Verdict) -> bool:
    s = v.shape
    if s is None:
        return False
    return s.kind is Kind.WILD or (s.kind is Kind.GROUP and s.wilds == 0 and s.naturals >= 3)


# ---------------------------------------------------------------- pickup


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
        return Ruling(False, reasons)
    if not opened and not rs.initial_meld.from_pile:
        reasons.append(rs.cite("initial_meld.from_pile"))
    frozen_now = frozen or rs.pile.always_frozen or (not opened and rs.pile.frozen_against_unopened)
    ways = pickup_ways(rs, top, hand, frozen_now, table)
    if not ways:
        reasons += no_way_reasons(rs, top, hand, frozen_now, frozen, opened, table)
    if reasons:
        return Ruling(False, dedupe(reasons))
    if opened:
        way, used, text = ways[0]
        reason = rs.cite(
            "pile.natural-pair" if way == "natural_pair" else "pile.take_unfrozen", text
        )
        ruling = Ruling(True, [reason], {"way": way, "cards": [format_card(c) for c in used]})
        after = (*table, (*used, top))
    else:
        ruling, after = pickup_opening(rs, top, hand, ways, score, hand_number)
    if ruling.legal and pile_size == 1:
        laid = sum(len(m) for m in after) - sum(len(m) for m in table) - 1
        problems = nothing_left(rs, after) if laid >= len(hand) else []
        if problems:
            ruling = Ruling(False, problems, ruling.extra)
    if ruling.legal and rs.pile.take_count:
        count = rs.pile.take_count
        ruling.reasons.append(rs.cite("pile.take_count", f"Only the top {count} cards are taken"))
        ruling.extra["takes"] = count
    return ruling


def nothing_left(rs: Ruleset, after: tuple[tuple[Card, ...], ...]) -> list[RuleRef]:
    """Why taking a one-card pile that leaves the hand empty (so going out) is not allowed."""
    if rs.go_out.final_discard == "required":
        text = "Taking this one-card pile this way leaves no card for the final discard"
        return [rs.cite("go_out.final_discard", text)]
    kinds = [k for m in merge_same_rank(after, rs) if (k := judge(m, rs).canasta)]
    short = canasta_shortfall(rs, kinds)
    prefix = "Taking this one-card pile this way leaves no cards, which is going out: "
    return [RuleRef(r.rule, prefix + r.text) for r in short]


def pile_blocked(
    rs: Ruleset, top: Card, hand: tuple[Card, ...], pile_size: int | None, closed: frozenset[Rank]
) -> list[RuleRef]:
    """Reasons the pile cannot be taken whatever the hand holds: an empty pile or a blocked top
    card alone (nothing else then matters), else every other rule that stands in the way."""
    if pile_size is not None and pile_size <= 0:
        return [rs.cite("pile.empty")]
    blocked = rs.pile.blocked_top
    if top.rank is Rank.THREE and (
        top.is_red_three or "three" in blocked or "black_three" in blocked
    ):
        return [rs.cite("pile.blocked_top", f"A pile topped by {format_card(top)} cannot be taken")]
    if top.is_wild:
        return [
            rs.cite(
                "pile.blocked_top",
                f"A pile topped by a wild card ({format_card(top)}) cannot be taken",
            )
        ]
    out = []
    if rs.pile.one_card_rule and len(hand) == 1 and pile_size == 1:
        out.append(rs.cite("pile.one_card_rule"))
    if rs.meld.closed_ranks and top.rank in closed:
        out.append(rs.cite("meld.closed_ranks", f"{top.rank.value} is a closed rank"))
    return out


def pickup_ways(
    rs: Ruleset,
    top: Card,
    hand: tuple[Card, ...],
    frozen: bool,
    table: tuple[tuple[Card, ...], ...],
) -> list[tuple[str, tuple[Card, ...], str]]:
    """Ways to meet the top card, best first: (way, cards from hand, explanation)."""
    naturals = tuple(c for c in hand if c.rank is top.rank)
    wilds = sorted((c for c in hand if c.is_wild), key=lambda c: c.rank is not Rank.TWO)
    index = same_meld((top,), table, rs) if table else -1
    existing = table[index] if index >= 0 else ()
    others = table[:index] + table[index + 1 :] if index >= 0 else table
    ways: list[tuple[str, tuple[Card, ...], str]] = []
    t = format_card(top)

    def fits(used: tuple[Card, ...]) -> bool:
        ctx = Context(table=others, added=(*used, top))
        return judge(existing + used + (top,), rs, ctx).legal

    if len(naturals) >= 2 and fits(naturals[:2]):
        pair = naturals[:2]
        onto = " and join the side's meld" if existing else ""
        ways.append(
            ("natural_pair", pair, f"{format_cards(pair)} from hand meet the top {t}{onto}")
        )
    if not frozen and "natural_plus_wild" in rs.pile.take_unfrozen and naturals and wilds:
        used = (naturals[0], wilds[-1])
        if fits(used):
            ways.append(
                (
                    "natural_plus_wild",
                    used,
                    f"{format_cards(used)} from hand meet the top {t} (the pile is not frozen)",
                )
            )
    if not frozen and "add_to_meld" in rs.pile.take_unfrozen:
        target = meld_taking_top(rs, top, table)
        if target is not None:
            ways.append(
                (
                    "add_to_meld",
                    (),
                    f"The top {t} is added to the side's meld {format_cards(target)}",
                )
            )
    return ways


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
    table: tuple[tuple[Card, ...], ...],
) -> list[RuleRef]:
    naturals = [c for c in hand if c.rank is top.rank]
    t = format_card(top)
    index = same_meld((top,), table, rs)
    existing = table[index] if index >= 0 else ()
    too_big = bool(existing) and bool(rs.meld.max_cards)
    too_big = too_big and len(existing) + 3 > rs.meld.max_cards
    full = [
        rs.cite(
            "meld.max_cards",
            f"The pair and the top {t} cannot join the side's meld {format_cards(existing)}",
        )
    ]
    if len(naturals) >= 2:
        return full
    if frozen_now:
        why = (
            "the side has not made its initial meld"
            if not opened and not frozen_flag
            else "the pile is frozen"
        )
        if rs.pile.always_frozen:
            why = "the pile is always frozen"
        pair = rs.cite(
            "pile.natural-pair",
            f"{why.capitalize()}: a natural pair of {top.rank.value} from hand is needed, "
            f"and the hand holds {len(naturals)}",
        )
        return [pair, *full] if too_big else [pair]
    return [
        rs.cite(
            "pile.take_unfrozen", f"No cards in hand meet the top {t} in a way this ruleset allows"
        )
    ]


def pickup_opening(
    rs: Ruleset,
    top: Card,
    hand: tuple[Card, ...],
    ways: list[tuple[str, tuple[Card, ...], str]],
    score: int,
    hand_number: int | None,
) -> tuple[Ruling, tuple[tuple[Card, ...], ...]]:
    """An unopened side takes the pile: the initial meld must be laid in the same turn.
    Returns the ruling and the melds the side would then have."""
    need = min_meld(rs, score, hand_number)
    way, used, text = ways[0]
    plan = best_initial_meld(rs, top, hand, need)
    if plan.pair and plan.pair != used:
        used = plan.pair
        text = f"{format_cards(used)} from hand meet the top {format_card(top)}"
    reasons = [rs.cite("pile.natural-pair", text)]
    extra: dict[str, Any] = {
        "way": way,
        "cards": [format_card(c) for c in used],
        "melds": [format_cards(m) for m in plan.melds],
        "points": plan.points,
        "minimum": need.minimum,
    }
    melds = tuple(plan.melds)
    if plan.problems:
        return Ruling(False, plan.problems, extra), melds
    reasons.append(rs.cite("initial-meld.minimum", plan.explanation))
    return Ruling(True, reasons, extra), melds


# ---------------------------------------------------------------- discard


def holds(hand: tuple[Card, ...], card: Card) -> bool:
    return any(same_card(h, card) for h in hand)


def same_card(a: Card, b: Card) -> bool:
    if a.rank is not b.rank:
        return False
    if a.suit is not None and b.suit is not None:
        return a.suit is b.suit
    if a.rank is Rank.THREE:
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

    if card.rank is Rank.THREE:
        if card.is_red_three and d.threes != "any":
            out.append(rs.cite("discard.red-three"))
        elif d.threes == "never":
            out.append(rs.cite("discard.threes"))
        return out
    if card.rank is Rank.JOKER and not d.jokers:
        out.append(rs.cite("discard.jokers"))
    if card.is_wild:
        all_wild = all(c.is_wild for c in hand)
        if d.wild == "going_out_or_all_wild" and not (going_out or all_wild):
            out.append(rs.cite("discard.wild"))
        elif d.wild == "forced_only" and not forced(fallback=True):
            out.append(
                rs.cite(
                    "discard.wild", "A wild card may be discarded only when nothing else can be"
                )
            )
        return out
    if not pile_empty:
        return out
    ordinary = [
        c
        for c in hand
        if c.is_natural
        and c.rank not in (Rank.ACE, Rank.SEVEN)
        and not (rs.meld.closed_ranks and c.rank in closed)
    ]
    if card.rank in (Rank.ACE, Rank.SEVEN):
        others = [c for c in hand if c.is_natural and c.rank not in (Rank.ACE, Rank.SEVEN)]
        if d.empty_pile_aces_sevens == "no_other_natural" and others:
            out.append(
                rs.cite(
                    "discard.empty_pile_aces_sevens",
                    "An ace or seven goes onto an empty pile only while no other natural is held",
                )
            )
        elif d.empty_pile_aces_sevens == "forced_only" and not forced():
            out.append(
                rs.cite(
                    "discard.empty_pile_aces_sevens",
                    "No ace or seven onto an empty pile while another card can go",
                )
            )
    elif (
        rs.meld.closed_ranks
        and card.rank in closed
        and d.empty_pile_closed_rank == "last_resort"
        and ordinary
    ):
        out.append(
            rs.cite(
                "discard.empty_pile_closed_rank",
                "A card of a closed rank goes onto an empty pile only when no other card can",
            )
        )
    return out


def discard_rule(rs: Ruleset, card: Card, pile_empty: bool) -> str:
    """The rule that governs discarding this card now."""
    if card.is_wild:
        return "discard.wild"
    if card.rank is Rank.THREE:
        return "discard.threes"
    if pile_empty and card.rank in (Rank.ACE, Rank.SEVEN):
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
        return Ruling(
            False,
            [
                rs.cite(
                    "discard.in-hand",
                    f"{format_card(card)} is not in the hand {format_cards(hand)}",
                )
            ],
        )
    problems = discard_problems(
        rs, card, hand, pile_empty=pile_empty, closed=closed, going_out=going_out
    )
    if problems:
        return Ruling(False, dedupe(problems))
    return Ruling(
        True,
        [rs.cite(discard_rule(rs, card, pile_empty), f"{format_card(card)} may be discarded")],
    )


# ---------------------------------------------------------------- going out


def check_go_out(
    rs: Ruleset,
    table: tuple[tuple[Card, ...], ...],
    *,
    discard: Card | None = None,
    partner: str | None = None,
) -> Ruling:
    """May the side go out with these melds (as they will stand), and this final discard?"""
    if partner is not None and rs.table.side_size == 1:
        raise InputError(
            f"--partner: with {rs.players} players each plays alone; there is no partner to ask"
        )
    reasons: list[RuleRef] = []
    kinds: list[str] = []
    table = merge_same_rank(table, rs)
    for i, meld in enumerate(table):
        others = table[:i] + table[i + 1 :]
        verdict = judge(meld, rs, Context(going_out=True, record=True, table=others))
        reasons += verdict.broken
        if verdict.canasta:
            kinds.append(verdict.canasta)
        if (
            verdict.shape is not None
            and verdict.shape.kind is Kind.WILD
            and not verdict.canasta
            and not rs.go_out.incomplete_special_allowed
        ):
            reasons.append(rs.cite("go_out.incomplete_special_allowed"))
    reasons += canasta_shortfall(rs, kinds)
    if partner == "no":
        reasons.append(rs.cite("go-out.partner-refused"))
    if discard is None and rs.go_out.final_discard == "required":
        reasons.append(rs.cite("go_out.final_discard", "Going out must end with a discard"))
    if discard is not None:
        reasons += discard_problems(rs, discard, (discard,), going_out=True)
    legal = not reasons
    if legal:
        reasons.append(
            rs.cite("go_out.canastas", f"The side has {len(kinds)} canasta(s): {', '.join(kinds)}")
        )
        if rs.go_out.permission == "mandatory" and partner is None:
            reasons.append(
                rs.cite("go_out.permission", "The partner must be asked and agree first")
            )
    return Ruling(legal, dedupe(reasons), {"canastas": len(kinds)})


def canasta_shortfall(rs: Ruleset, kinds: list[str]) -> list[RuleRef]:
    """Which going-out canasta requirements the side's canastas do not meet."""
    g = rs.go_out
    out = []
    if not g.wild_canastas_count:
        kinds = [k for k in kinds if k not in WILD_KINDS]
    if len(kinds) < g.canastas:
        out.append(
            rs.cite(
                "go_out.canastas",
                f"The side needs {g.canastas} canasta(s) to go out and has {len(kinds)}",
            )
        )
    naturals = sum(1 for k in kinds if k not in ("mixed", "samba", "escalera", *WILD_KINDS))
    if naturals < g.natural_canastas:
        out.append(
            rs.cite(
                "go_out.natural_canastas",
                f"{g.natural_canastas} natural canasta(s) are needed; the side has {naturals}",
            )
        )
    mixed = sum(1 for k in kinds if k == "mixed")
    if mixed < g.mixed_canastas:
        out.append(
            rs.cite(
                "go_out.mixed_canastas",
                f"{g.mixed_canastas} mixed canasta(s) are needed; the side has {mixed}",
            )
        )
    sequences = sum(1 for k in kinds if k in ("samba", "escalera"))
    if sequences < g.sequence_canastas:
        out.append(
            rs.cite(
                "go_out.sequence_canastas",
                f"{g.sequence_canastas} completed sequence(s) are needed; the side has {sequences}",
            )
        )
    return out
