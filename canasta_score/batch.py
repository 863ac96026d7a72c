"""Batch rulings: one JSON request in, the object the single command prints out.

A request mirrors the command line of ``check SUBCOMMAND`` or ``min-meld``: the key ``check``
names the command and every other key is one of its options, spelled as on the command line
without the dashes (``going-out`` or ``going_out``). Positional arguments become ``cards``
(``check meld``), ``melds`` (``check initial-meld``) and ``card`` (``check discard``);
repeatable options (``table``, ``closed``, ``rule``) take a list of texts. For example::

    {"check": "meld", "cards": "K K 2", "ruleset": "classic", "initial": true}
    {"check": "min-meld", "score": 1500}

Each answer comes with a code: 0 legal (or answered, for ``min-meld``), 1 illegal, 2 a request
that could not be understood; the answer is then ``{"line": N, "error": TEXT}``.
Loaded rulesets are kept per (ruleset, players, rules), so a long batch parses each once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from canasta_score import rulings
from canasta_score.cards import Card, Rank, parse_card, parse_cards
from canasta_score.errors import CanastaError, InputError
from canasta_score.ruleset import Ruleset

Answer = tuple[dict[str, Any], int]

COMMON = {"check": "text", "ruleset": "text", "players": "int", "rule": "texts"}

# Per command: every key it takes and the kind of value; keys in REQUIRED must be given.
FIELDS: dict[str, dict[str, str]] = {
    "meld": {
        "cards": "cards",
        "initial": "bool",
        "to": "cards?",
        "going-out": "bool",
        "table": "melds",
        "closed": "ranks",
    },
    "initial-meld": {"melds": "melds", "score": "int", "top-card": "card?", "hand-number": "int"},
    "pickup": {
        "top": "card",
        "hand": "cards",
        "opened": "bool",
        "frozen": "bool",
        "score": "int",
        "table": "melds",
        "closed": "ranks",
        "pile-size": "int",
        "hand-number": "int",
    },
    "discard": {
        "card": "card",
        "hand": "cards",
        "pile-empty": "bool",
        "closed": "ranks",
        "going-out": "bool",
    },
    "go-out": {"table": "melds", "discard": "card?", "partner": "answer"},
    "min-meld": {"score": "int", "hand-number": "int"},
}
REQUIRED = {
    "meld": ("cards",),
    "initial-meld": ("melds",),
    "pickup": ("top", "hand"),
    "discard": ("card", "hand"),
}
CHECKS = tuple(FIELDS)


class RequestError(InputError):
    """A batch request that names an unknown command or key, or gives a value of a wrong kind."""


class Batch:
    """Answers batch requests; keeps each ruleset it loads for the requests that follow."""

    def __init__(self) -> None:
        self._rulesets: dict[tuple[str, int | None, tuple[str, ...]], Ruleset | CanastaError] = {}
        self._cards: dict[str, tuple[Card, ...]] = {}

    def answer_line(self, text: str | bytes, line: int) -> Answer:
        """The answer to one line of JSON (``line`` numbers it in an error object)."""
        try:
            request = json.loads(text)
        except ValueError as exc:
            return error(line, f"not valid JSON ({exc})")
        return self.answer(request, line)

    def answer(self, request: Any, line: int = 0) -> Answer:
        """The answer to one decoded request: the ruling object and its code (0, 1 or 2)."""
        try:
            return self._answer(request)
        except CanastaError as exc:
            return error(line, str(exc))

    def _answer(self, request: Any) -> Answer:
        if not isinstance(request, dict):
            raise RequestError('a request is a JSON object such as {"check": "meld", ...}')
        check = request.get("check")
        if not isinstance(check, str) or check.replace("_", "-") not in FIELDS:
            raise RequestError(f"check: give one of {', '.join(CHECKS)} (got {check!r})")
        check = check.replace("_", "-")
        fields = FIELDS[check]
        args: dict[str, Any] = {}
        for raw_key, value in request.items():
            key = raw_key.replace("_", "-")
            kind = fields.get(key) or COMMON.get(key)
            if kind is None:
                known = ", ".join([*fields, *COMMON])
                raise RequestError(f'{check}: unknown key "{raw_key}" (known: {known})')
            if value is not None:
                args[key] = self._convert(f"{check}: {key}", value, kind)
        for key in REQUIRED.get(check, ()):
            if key not in args:
                raise RequestError(f'{check}: "{key}" is required')
        rs = self._ruleset(args.get("ruleset", "classic"), args.get("players"), args.get("rule"))
        return RULINGS[check](rs, args)

    def _ruleset(self, ref: str, players: int | None, rules: list[str] | None) -> Ruleset:
        key = (ref, players, tuple(rules or ()))
        found = self._rulesets.get(key)
        if found is None:
            from canasta_score.catalog import load_ruleset

            try:
                found = load_ruleset(ref, players=players, overrides=list(key[2]))
            except CanastaError as exc:
                found = exc
            self._rulesets[key] = found
        if isinstance(found, CanastaError):
            raise found
        return found

    def _parse(self, where: str, text: str) -> tuple[Card, ...]:
        cached = self._cards.get(text)
        if cached is None:
            try:
                cached = parse_cards(text)
            except CanastaError as exc:
                raise RequestError(f"{where}: {exc}") from None
            if len(self._cards) >= 4096:
                self._cards.clear()
            self._cards[text] = cached
        return cached

    def _convert(self, where: str, value: Any, kind: str) -> Any:
        if kind == "bool":
            if not isinstance(value, bool):
                raise RequestError(f"{where}: expected true or false, got {value!r}")
            return value
        if kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise RequestError(f"{where}: expected a whole number, got {value!r}")
            return value
        if kind in ("texts", "melds", "ranks"):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise RequestError(f"{where}: expected a list of texts, got {value!r}")
            if kind == "melds":
                return tuple(self._parse(where, v) for v in value)
            if kind == "ranks":
                return frozenset(closed_rank(where, v) for v in value)
            return value
        if not isinstance(value, str):
            raise RequestError(f"{where}: expected text, got {value!r}")
        if kind == "cards":
            return self._parse(where, value)
        if kind == "cards?":
            return self._parse(where, value) if value else None
        if kind in ("card", "card?"):
            if not value and kind == "card?":
                return None
            try:
                return parse_card(value)
            except CanastaError as exc:
                raise RequestError(f"{where}: {exc}") from None
        if kind == "answer" and value not in ("yes", "no"):
            raise RequestError(f"{where}: expected yes or no, got {value!r}")
        return value


def closed_rank(where: str, text: str) -> Rank:
    """A closed rank such as ``K``, ``7`` or ``A`` (natural ranks only, no suit)."""
    try:
        card = parse_card(text)
    except CanastaError:
        card = None
    if card is None or card.suit is not None or not card.rank.is_natural:
        raise RequestError(f'{where}: "{text}" is not a natural rank such as K, 7 or A')
    return card.rank


def error(line: int, message: str) -> Answer:
    """The error object of a request that could not be answered."""
    return {"line": line, "error": message}, 2


def ruling_answer(ruling: rulings.Ruling) -> Answer:
    return ruling.as_dict(), 0 if ruling.legal else 1


def meld(rs: Ruleset, a: dict[str, Any]) -> Answer:
    return ruling_answer(
        rulings.check_meld(
            rs,
            a["cards"],
            initial=a.get("initial", False),
            to=a.get("to"),
            going_out=a.get("going-out", False),
            table=a.get("table", ()),
            closed=a.get("closed", frozenset()),
        )
    )


def initial_meld(rs: Ruleset, a: dict[str, Any]) -> Answer:
    if not a["melds"]:
        raise RequestError('initial-meld: "melds" lists at least one meld')
    return ruling_answer(
        rulings.check_initial_meld(
            rs,
            list(a["melds"]),
            score=a.get("score", 0),
            top_card=a.get("top-card"),
            hand_number=a.get("hand-number"),
        )
    )


def pickup(rs: Ruleset, a: dict[str, Any]) -> Answer:
    return ruling_answer(
        rulings.check_pickup(
            rs,
            a["top"],
            a["hand"],
            opened=a.get("opened", True),
            frozen=a.get("frozen", False),
            score=a.get("score", 0),
            table=a.get("table", ()),
            closed=a.get("closed", frozenset()),
            pile_size=a.get("pile-size"),
            hand_number=a.get("hand-number"),
        )
    )


def discard(rs: Ruleset, a: dict[str, Any]) -> Answer:
    return ruling_answer(
        rulings.check_discard(
            rs,
            a["card"],
            a["hand"],
            pile_empty=a.get("pile-empty", False),
            closed=a.get("closed", frozenset()),
            going_out=a.get("going-out", False),
        )
    )


def go_out(rs: Ruleset, a: dict[str, Any]) -> Answer:
    return ruling_answer(
        rulings.check_go_out(
            rs, a.get("table", ()), discard=a.get("discard"), partner=a.get("partner")
        )
    )


def min_meld(rs: Ruleset, a: dict[str, Any]) -> Answer:
    return rulings.min_meld(rs, a.get("score", 0), a.get("hand-number")).as_dict(), 0


RULINGS: dict[str, Callable[[Ruleset, dict[str, Any]], Answer]] = {
    "meld": meld,
    "initial-meld": initial_meld,
    "pickup": pickup,
    "discard": discard,
    "go-out": go_out,
    "min-meld": min_meld,
}
