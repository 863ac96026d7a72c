"""May this side go out? The one place the going-out requirements live (RULES 1.8, D34): the
canastas the ruleset demands, and no incomplete wild-card meld where it forbids one. Rulings,
the pickup ruling and record validation all ask here."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from canasta_score.core.language import current, ngettext
from canasta_score.rules import kinds
from canasta_score.rules.kinds import CanastaKind, Family
from canasta_score.rules.ruleset import RuleRef, Ruleset


def going_out_problems(
    rs: Ruleset, canastas: Sequence[CanastaKind], incomplete_wild: Sequence[str] = ()
) -> list[RuleRef]:
    """The going-out rules a side breaks with these canastas and incomplete wild-card melds
    (empty when it may go out)."""
    out: list[RuleRef] = []
    if incomplete_wild and not rs.go_out.incomplete_special_allowed:
        out.append(rs.cite("go_out.incomplete_special_allowed"))
    return out + list(shortfall(rs, tuple(canastas), current()))


@lru_cache(maxsize=1024)
def shortfall(rs: Ruleset, canastas: tuple[CanastaKind, ...], language: str) -> tuple[RuleRef, ...]:
    """Which going-out canasta requirements the side's canastas do not meet, in ``language``
    (the one in use): many sides hold the same canastas."""
    g = rs.go_out
    every = [kinds.family(k) for k in canastas]
    families = every
    if not g.wild_canastas_count:
        families = [f for f in every if f is not Family.WILD]
    out = []
    if len(families) < g.canastas:
        text = ngettext(
            "The side needs {needed} canasta to go out and has {held}",
            "The side needs {needed} canastas to go out and has {held}",
            g.canastas,
        )
        out.append(rs.cite("go_out.canastas", text.format(needed=g.canastas, held=len(families))))
        if len(families) < len(every):
            out.append(rs.cite("go_out.wild_canastas_count"))
    naturals = sum(1 for f in families if f in (Family.NATURAL, Family.SPECIAL_RANK))
    demands = (
        (
            "natural_canastas",
            g.natural_canastas,
            naturals,
            ngettext(
                "{needed} natural canasta is needed; the side has {held}",
                "{needed} natural canastas are needed; the side has {held}",
                g.natural_canastas,
            ),
        ),
        (
            "mixed_canastas",
            g.mixed_canastas,
            families.count(Family.MIXED),
            ngettext(
                "{needed} mixed canasta is needed; the side has {held}",
                "{needed} mixed canastas are needed; the side has {held}",
                g.mixed_canastas,
            ),
        ),
        (
            "sequence_canastas",
            g.sequence_canastas,
            families.count(Family.SEQUENCE),
            ngettext(
                "{needed} completed sequence is needed; the side has {held}",
                "{needed} completed sequences are needed; the side has {held}",
                g.sequence_canastas,
            ),
        ),
    )
    for key, needed, held, text in demands:
        if held < needed:
            shown = text.format(needed=needed, held=held)
            out.append(rs.cite(f"go_out.{key}", shown))
    return tuple(out)
