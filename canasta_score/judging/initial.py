"""The initial meld: the minimum a side must reach (by score or hand number), what its tier
requires (both in :mod:`canasta_score.rules.minimum`, named here too), and whether melds laid
together make a legal initial meld (RULES 1.6, 2.3, 10).

``opening_problems`` is the one place the initial-meld requirement is checked: the ruling below,
the pickup planner and the game's shortfall warnings all ask it.
"""

from __future__ import annotations

from canasta_score.core.errors import InputError
from canasta_score.core.frozen import record
from canasta_score.core.language import _
from canasta_score.judging.melds import Context, Kind, Verdict, judge, merge_same_rank
from canasta_score.judging.ruling import Ruling
from canasta_score.rules.cards import THREE, Card
from canasta_score.rules.kinds import CanastaKind, is_natural_or_better
from canasta_score.rules.minimum import (
    REQUIRE_TEXT,
    Minimum,
    canasta_band,
    min_meld,
)
from canasta_score.rules.ruleset import RuleRef, Ruleset


@record
class Opening:
    """What an initial meld holds, as far as its requirements ask: its count toward the
    minimum, a canasta, a canasta other than a mixed one, a canasta laid from hand (which may
    open with less), a clean meld of 3+ natural cards or a wild-card meld, any wild card."""

    points: int
    canasta: bool = False
    natural_canasta: bool = False
    hand_canasta: bool = False
    clean_or_wild: bool = False
    wilds: bool = False
    # The count of its best canasta, where a band reads the minimum as the canasta's own (None:
    # not known, as for a finished hand's summary, which is then given the benefit of the doubt).
    best_canasta: int | None = None

    @classmethod
    def of_canastas(cls, points: int, canastas: list[CanastaKind]) -> Opening:
        """A side's melds known only by their count and canastas (a finished hand's record)."""
        return cls(
            points,
            canasta=bool(canastas),
            natural_canasta=any(is_natural_or_better(k) for k in canastas),
            hand_canasta=bool(canastas),
            clean_or_wild=True,
        )


def opening_lacks(rs: Ruleset, need: Minimum, opening: Opening) -> list[str]:
    """The requirements (by rule key) the initial meld does not meet: what the tier or the
    ruleset demands, then the minimum count (a canasta from hand is exempt where the ruleset
    says so). Cheap: the pickup planner asks it for every candidate."""
    out = []
    if need.canasta == "canasta" and not opening.canasta:
        out.append("initial-meld.requires")
    if need.canasta == "natural_canasta" and not opening.natural_canasta:
        out.append("initial-meld.requires")
    if rs.initial_meld.must_include == "clean_or_wild_meld" and not opening.clean_or_wild:
        out.append("initial_meld.must_include")
    if rs.initial_meld.natural_only and opening.wilds:
        out.append("initial_meld.natural_only")
    exempt = rs.initial_meld.canasta_exemption and opening.hand_canasta
    if canasta_band(rs, need.canasta, need.minimum):
        best = opening.best_canasta
        if opening.canasta and best is not None and best < need.minimum:
            out.append("initial_meld.canasta_band_count")
    elif opening.points < need.minimum and not exempt:
        out.append("initial-meld.minimum")
    return out


def opening_problems(
    rs: Ruleset, need: Minimum, opening: Opening, shown: str = ""
) -> list[RuleRef]:
    """The rules the initial meld breaks (see :func:`opening_lacks`), each cited. ``shown``
    names the melds when they were chosen for the player (the pickup planner)."""
    lacking = opening_lacks(rs, need, opening)
    return [rs.cite(key, lacking_text(key, need, opening, shown)) for key in lacking]


def lacking_text(key: str, need: Minimum, opening: Opening, shown: str) -> str | None:
    """What :func:`opening_problems` says of one requirement not met (None: the rule's text)."""
    if key == "initial-meld.requires":
        required = REQUIRE_TEXT.get(need.canasta)
        return _(required) if required else ""
    if key == "initial_meld.must_include":
        return _("The initial meld needs a clean meld of 3+ natural cards or a wild-card meld")
    if key == "initial-meld.minimum":
        below = (
            _(
                "The best initial meld this hand allows ({melds}) counts {points}, below the "
                "minimum of {minimum}"
            )
            if shown
            else _("The melds count {points}, below the minimum of {minimum}")
        )
        return below.format(melds=shown, points=f"{opening.points:,}", minimum=f"{need.minimum:,}")
    if key == "initial_meld.canasta_band_count":
        return _(
            "The best canasta of the initial meld counts {best}; this band demands a canasta "
            "that counts at least {minimum} by itself"
        ).format(best=opening.best_canasta, minimum=need.minimum)
    return None


def opening_of(rs: Ruleset, verdicts: list[Verdict], points: int, top_meld: int = -1) -> Opening:
    """What judged melds hold; the meld with the top card (``top_meld``) is no hand canasta."""
    canasta = natural = hand = clean = wilds = False
    best = 0
    # One pass over the melds (the pickup planner asks this for every plan it explains).
    for i, v in enumerate(verdicts):
        kind, shape = v.canasta, v.shape
        if kind:
            canasta = True
            hand = hand or i != top_meld
            natural = natural or is_natural_or_better(kind)
            if shape is not None:
                best = max(best, rs.count(shape.cards))
        clean = clean or clean_or_wild(v)
        wilds = wilds or (shape is not None and bool(shape.wilds))
    return Opening(points, canasta, natural, hand, clean, wilds, best)


def clean_or_wild(v: Verdict) -> bool:
    s = v.shape
    if s is None:
        return False
    return s.kind is Kind.WILD or (s.kind is Kind.GROUP and s.wilds == 0 and s.naturals >= 3)


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
    points = sum(map(rs.count, melds))
    if top_card is not None:
        with_top = next((m for m in melds if top_card in m), None)
        if with_top is None:
            raise InputError(
                _("the top card {card} is not in any of the melds").format(card=top_card.notation)
            )
        reasons += top_card_problems(rs, top_card, with_top)
        points -= uncounted_pickup_points(rs, top_card, with_top)
    laid = merge_same_rank(tuple(melds), rs)
    verdicts = []
    for i, m in enumerate(laid):
        # Laid in the initial meld beside the others (given in field order: made for each meld).
        verdict = judge(m, rs, Context(True, False, False, laid[:i] + laid[i + 1 :]))
        verdicts.append(verdict)
        reasons += verdict.broken
    top_meld = next((i for i, m in enumerate(laid) if top_card in m), -1) if top_card else -1
    opening = opening_of(rs, verdicts, points, top_meld)
    reasons += opening_problems(rs, need, opening)
    extra = {"points": points, "minimum": need.minimum}
    if reasons:
        return Ruling.of(reasons, (), extra)  # an illegal ruling explains nothing
    if canasta_band(rs, need.canasta, need.minimum):
        how = _(
            "A canasta of the initial meld counts {best}, at least the {minimum} this band "
            "demands of the canasta itself"
        ).format(best=opening.best_canasta, minimum=need.minimum)
        return Ruling.of(reasons, [rs.cite("initial_meld.canasta_band_count", how)], extra)
    if points < need.minimum:
        how = _("A canasta laid whole from hand needs no minimum (count {points})").format(
            points=f"{points:,}"
        )
        return Ruling.of(reasons, [rs.cite("initial_meld.canasta_exemption", how)], extra)
    how = _("The melds count {points} against a minimum of {minimum}").format(
        points=f"{points:,}", minimum=f"{need.minimum:,}"
    )
    return Ruling.of(reasons, [rs.cite("initial-meld.minimum", how)], extra)


def pickup_pair(top: Card, meld: tuple[Card, ...]) -> list[Card]:
    """The natural cards of the top card's rank that came from hand (at most two)."""
    others = list(meld)
    others.remove(top)
    return [c for c in others if c.rank is top.rank][:2]


def top_card_problems(rs: Ruleset, top: Card, meld: tuple[Card, ...]) -> list[RuleRef]:
    """What stops an unopened side from taking the pile with this meld (RULES 2.3)."""
    if not rs.initial_meld.from_pile:
        return [rs.cite("initial_meld.from_pile")]
    if top.is_wild or top.rank is THREE:
        text = _("A pile topped by {card} cannot be taken").format(card=top.notation)
        return [rs.cite("pile.blocked_top", text)]
    frozen = rs.pile.frozen_against_unopened or rs.pile.always_frozen
    if frozen and len(pickup_pair(top, meld)) < 2:
        text = _(
            "The pile is frozen for a side that has not opened: the top {card} needs a natural "
            "pair of {rank} from hand"
        ).format(card=top.notation, rank=top.rank.value)
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
