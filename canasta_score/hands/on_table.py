"""What a side has on the table at the end of a hand, from its cards or from its summary: the
count of its melded cards, its canastas (kind and bonus key) and its incomplete special melds."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import chain
from typing import TypeVar

from canasta_score.core.errors import RecordError
from canasta_score.core.frozen import record
from canasta_score.core.language import _
from canasta_score.hands.record import SideRecord
from canasta_score.judging.melds import (
    Context,
    Verdict,
    canasta_bonus_key,
    incomplete_penalty_key,
    judge,
    merge_same_rank,
)
from canasta_score.rules import kinds
from canasta_score.rules.cards import Card
from canasta_score.rules.kinds import CanastaKind
from canasta_score.rules.ruleset import Ruleset

T = TypeVar("T")
# Where a finished hand's melds lie, by whether the side went out.
FINISHED = {going_out: Context(record=True, going_out=going_out) for going_out in (False, True)}


@record
class Melded:
    """What a side has on the table, from its cards or its summary."""

    count: int
    canasta_keys: tuple[str, ...]
    kinds: tuple[CanastaKind, ...]
    penalty_keys: tuple[str, ...]
    canasta_cards: int


def kept_with(
    side: SideRecord, rs: Ruleset, name: str, work: Callable[[Ruleset, SideRecord], T]
) -> T:
    """What ``work`` works out from the side under ``rs``, kept with the side for that ruleset."""
    kept = side.worked_out.get(name)
    if kept is None or kept[0] is not rs:
        kept = side.worked_out[name] = (rs, work(rs, side))
    found: T = kept[1]
    return found


def melded(rs: Ruleset, side: SideRecord) -> Melded:
    """The side's melds as the score and the requirements see them."""
    return kept_with(side, rs, "melded", melded_now)


def judged_melds(rs: Ruleset, side: SideRecord) -> tuple[tuple[tuple[Card, ...], Verdict], ...]:
    """The side's melds as a finished hand's, one per rank where the ruleset joins them (RULES
    1.4), each with its verdict (none for a summary); nobody changes a verdict."""
    return kept_with(side, rs, "judged", judge_melds)


def judge_melds(rs: Ruleset, side: SideRecord) -> tuple[tuple[tuple[Card, ...], Verdict], ...]:
    ctx = FINISHED[side.went_out]
    return tuple([(meld, judge(meld, rs, ctx)) for meld in merge_same_rank(side.melds or (), rs)])


def melded_now(rs: Ruleset, side: SideRecord) -> Melded:
    """The side's melds (see :func:`melded`), worked out."""
    if side.melds is None:
        canastas = tuple(side.canastas.items())
        return summary_melded(rs, side.name, side.meld_points, canastas, side.incomplete)
    keys: list[str] = []
    found: list[CanastaKind] = []
    penalties: list[str] = []
    inside = 0
    for meld, verdict in judged_melds(rs, side):
        shape = verdict.shape
        assert shape is not None
        if verdict.canasta is not None and (key := canasta_bonus_key(shape, rs)) is not None:
            keys.append(key)
            found.append(verdict.canasta)
            inside += rs.count(meld)
        penalty = incomplete_penalty_key(shape, rs)
        if penalty is not None:
            penalties.append(penalty)
    count = rs.count(chain(*side.melds))
    return Melded(count, tuple(keys), tuple(found), tuple(penalties), inside)


@lru_cache(maxsize=1 << 12)
def summary_melded(
    rs: Ruleset,
    side: str,
    count: int,
    canastas: tuple[tuple[str, int], ...],
    incomplete: tuple[str, ...],
) -> Melded:
    """What a summary puts on the table: its count, its canastas (name and number, in the order
    given) and its incomplete melds; the same few recur, so each is worked out once."""
    keys: list[str] = []
    found: list[CanastaKind] = []
    for name, n in canastas:
        kind = summary_kind(rs, side, name)
        keys += [summary_bonus_key(rs, side, name, kind)] * n
        found += [kind] * n
    penalties = [k for n in incomplete if (k := kinds.penalty_key(CanastaKind(n), rs))]
    return Melded(count, tuple(keys), tuple(found), tuple(penalties), 0)


def summary_kind(rs: Ruleset, side: str, name: str) -> CanastaKind:
    """The kind a summary's ``canastas`` key names, or a refusal listing the names it may use."""
    kind = kinds.record_kind(name, rs)
    if kind is None:
        known = ", ".join(kinds.record_names(rs))
        text = _('side "{side}": canastas.{name}: unknown kind (use {known})')
        raise RecordError(text.format(side=side, name=name, known=known))
    return kind


def summary_bonus_key(rs: Ruleset, side: str, name: str, kind: CanastaKind) -> str:
    """The bonus key of a summary's canasta (clean sevens or aces without their own: natural)."""
    if kind in (CanastaKind.SEVENS, CanastaKind.ACES) and not rs.value(kinds.info(kind).bonus):
        kind = CanastaKind.NATURAL
    key = kinds.info(kind).bonus
    if not rs.value(key):
        text = _('side "{side}": canastas.{name}: this ruleset has no {name} canastas')
        raise RecordError(text.format(side=side, name=name))
    return key
