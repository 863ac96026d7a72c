"""A ruling: an immutable value saying whether a play is legal, which rules it breaks
(``reasons``) and, for a legal play, what made it legal or what was assumed (``explanations``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any

from canasta_score.core.frozen import record
from canasta_score.rules.ruleset import RuleRef


@record
class Assumption:
    """A state the request did not give and the ruling depends on: what was assumed, the option
    (request key) that says otherwise, the value that changes the ruling and how to give it."""

    option: str
    text: str
    value: Any
    change: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "option": self.option,
            "assumed": self.text,
            "value": self.value,
            "change": self.change,
        }


# The extra of a ruling that reports nothing else.
NOTHING: Mapping[str, Any] = MappingProxyType({})


@record
class Ruling:
    """Legal or not; the rules broken; the explanations; and what else the check reports."""

    legal: bool
    reasons: tuple[RuleRef, ...] = ()
    explanations: tuple[RuleRef, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=lambda: NOTHING)
    assumptions: tuple[Assumption, ...] = ()

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
        return cls(not broken, broken, shown, MappingProxyType(extra) if extra else NOTHING, ())

    def with_extra(self, **more: Any) -> Ruling:
        extra = MappingProxyType({**self.extra, **more})
        return Ruling(self.legal, self.reasons, self.explanations, extra, self.assumptions)

    def explained(self, *more: RuleRef) -> Ruling:
        shown = dedupe((*self.explanations, *more))
        return Ruling(self.legal, self.reasons, shown, self.extra, self.assumptions)

    def breaking(self, *more: RuleRef) -> Ruling:
        """The ruling with more rules broken (so illegal, and without explanations)."""
        broken = dedupe((*self.reasons, *more))
        shown = () if broken else self.explanations
        return Ruling(not broken, broken, shown, self.extra, ())

    def assuming(self, *more: Assumption) -> Ruling:
        """The ruling with the states it assumed."""
        found = (*self.assumptions, *more)
        return Ruling(self.legal, self.reasons, self.explanations, self.extra, found)

    @property
    def cited(self) -> tuple[RuleRef, ...]:
        """Every rule the ruling cites: the rules broken, else the explanations."""
        return self.reasons + self.explanations

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of CONTRACT 5: ``reasons`` lists the rules broken, or for a legal play
        what made it legal."""
        out = {"legal": self.legal, "reasons": [r.as_dict() for r in self.cited], **self.extra}
        if self.assumptions:
            out["assumptions"] = [a.as_dict() for a in self.assumptions]
        return out


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
