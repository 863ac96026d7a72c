"""A ruling: an immutable value saying whether a play is legal, which rules it breaks
(``reasons``) and, for a legal play, what made it legal or what was assumed (``explanations``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from canasta_score.ruleset import RuleRef


@dataclass(frozen=True)
class Ruling:
    """Legal or not; the rules broken; the explanations; and what else the check reports."""

    legal: bool
    reasons: tuple[RuleRef, ...] = ()
    explanations: tuple[RuleRef, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(
        cls,
        reasons: Iterable[RuleRef],
        explanations: Iterable[RuleRef] = (),
        extra: Mapping[str, Any] | None = None,
    ) -> Ruling:
        """A ruling that is legal exactly when no rule is broken."""
        broken = dedupe(reasons)
        shown = () if broken else dedupe(explanations)
        return cls(not broken, broken, shown, MappingProxyType(extra or {}))

    def with_extra(self, **more: Any) -> Ruling:
        return Ruling(
            self.legal, self.reasons, self.explanations, MappingProxyType({**self.extra, **more})
        )

    def explained(self, *more: RuleRef) -> Ruling:
        return Ruling(self.legal, self.reasons, dedupe((*self.explanations, *more)), self.extra)

    @property
    def cited(self) -> tuple[RuleRef, ...]:
        """Every rule the ruling cites: the rules broken, else the explanations."""
        return self.reasons + self.explanations

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of CONTRACT 5: ``reasons`` lists the rules broken, or for a legal play
        what made it legal."""
        return {"legal": self.legal, "reasons": [r.as_dict() for r in self.cited], **self.extra}


def dedupe(reasons: Iterable[RuleRef]) -> tuple[RuleRef, ...]:
    """The rules in order, each (rule, text) once."""
    if isinstance(reasons, (list, tuple)) and len(reasons) < 2:
        return tuple(reasons)
    seen: set[tuple[str, str]] = set()
    out = []
    for r in reasons:
        if (r.rule, r.text) not in seen:
            seen.add((r.rule, r.text))
            out.append(r)
    return tuple(out)
