"""The minimum count of a side's initial meld, by its score or the hand number, and what the
tier requires besides (RULES 1.6, 2.3, 10). Light: ``min-meld`` and the game's summary need no
meld judging; :mod:`canasta_score.judging.initial` checks initial melds against it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from canasta_score.core.errors import InputError
from canasta_score.core.frozen import record
from canasta_score.core.language import N_, _, current
from canasta_score.core.words import CANASTA_BAND_TEXT, CLEAN_OR_WILD_TEXT
from canasta_score.rules.ruleset import RuleRef, Ruleset
from canasta_score.rules.schema import Tier

REQUIRE_TEXT = {
    "canasta": N_("the initial meld must include a completed canasta"),
    "natural_canasta": N_("the initial meld must include a natural canasta (or better)"),
}


@record
class Minimum:
    """The initial-meld requirement for a side."""

    minimum: int
    requires: list[str]
    rule: RuleRef
    canasta: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"minimum": self.minimum, "requires": self.requires, "rule": self.rule.as_dict()}


def tier_for(rs: Ruleset, basis_value: int) -> Tier:
    chosen = rs.initial_meld.tiers[0]
    for tier in rs.initial_meld.tiers[1:]:
        if tier.start is not None and basis_value >= tier.start:
            chosen = tier
    return chosen


def min_meld(rs: Ruleset, score: int, hand_number: int | None = None) -> Minimum:
    """The initial-meld minimum for a side at ``score`` before the hand (or by hand number)."""
    basis_value = score
    if rs.initial_meld.basis == "hand_number":
        basis_value = hand_number if hand_number is not None else 1
        if basis_value < 1:
            said = _("hand number {number}: hands are numbered from 1")
            raise InputError(said.format(number=basis_value))
    return tier_minimum(rs, tier_for(rs, basis_value), current())


@lru_cache(maxsize=1024)
def tier_minimum(rs: Ruleset, tier: Tier, language: str) -> Minimum:
    """The minimum of one tier of the initial meld, in ``language`` (the one in use): it reads
    the same whatever the score in the tier."""
    requires = [_(REQUIRE_TEXT[tier.requires])] if tier.requires else []
    if canasta_band(rs, tier.requires, tier.minimum):
        requires.append(_(CANASTA_BAND_TEXT).format(minimum=tier.minimum))
    if rs.initial_meld.must_include == "clean_or_wild_meld":
        requires.append(_(CLEAN_OR_WILD_TEXT))
    text = _("The initial meld must count at least {minimum}").format(minimum=tier.minimum)
    if not tier.minimum and tier.requires:
        text = _("The initial meld needs no minimum count, only what the tier requires")
    return Minimum(tier.minimum, requires, rs.cite("initial_meld.tiers", text), tier.requires)


def canasta_band(rs: Ruleset, requires: str, minimum: int) -> bool:
    """Whether a tier's minimum is the count of the canasta it demands, not of the whole
    initial meld (``initial_meld.canasta_band_count``; the Brazilian 8,000 band)."""
    return (
        requires == "canasta" and minimum > 0 and (rs.initial_meld.canasta_band_count == "canasta")
    )
