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
EXPECTED = {
    "bool": "true or false",
    "int": "a whole number",
    "text": "text",
    "texts": "a list of texts",
    "melds": "a list of texts",
    "ranks": "a list of texts",
    "cards": "text",
    "cards?": "text",
    "card": "text",
    "card?": "text",
    "answer": "yes or no",
}
# Each command under either spelling ("go-out" or "go_out"), and for each command every
# spelling of each key it takes ("going-out" or "going_out"): (the key, the kind of value).
CHECK_NAMES = {variant: check for check in FIELDS for variant in {check, check.replace("-", "_")}}
SPELLINGS = {
    check: {
        variant: (key, kind)
        for key, kind in {**fields, **COMMON}.items()
        for variant in {key, key.replace("-", "_")}
    }
    for check, fields in FIELDS.items()
}


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
        name = CHECK_NAMES.get(check) if isinstance(check, str) else None
        if name is None:
            raise RequestError(f"check: give one of {', '.join(CHECKS)} (got {check!r})")
        keys = SPELLINGS[name]
        args: dict[str, Any] = {}
        for raw_key, value in request.items():
            found = keys.get(raw_key)
            if found is None:
                known = ", ".join([*FIELDS[name], *COMMON])
                raise RequestError(f'{name}: unknown key "{raw_key}" (known: {known})')
            key, kind = found
            if value is not None:
                args[key] = self._convert(name, key, value, kind)
        for key in REQUIRED.get(name, ()):
            if key not in args:
                raise RequestError(f'{name}: "{key}" is required')
        rs = self._ruleset(args.get("ruleset", "classic"), args.get("players"), args.get("rule"))
        return RULINGS[name](rs, args)

    def _ruleset(self, ref: str, players: int | None, rules: list[str] | None) -> Ruleset:
        key = (ref, players, tuple(rules) if rules else ())
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

    def _parse(self, check: str, key: str, text: str) -> tuple[Card, ...]:
        cached = self._cards.get(text)
        if cached is None:
            try:
                cached = parse_cards(text)
            except CanastaError as exc:
                raise RequestError(f"{check}: {key}: {exc}") from None
            if len(self._cards) >= 4096:
                self._cards.clear()
            self._cards[text] = cached
        return cached

    def _convert(self, check: str, key: str, value: Any, kind: str) -> Any:
        """The value of one key, checked against its kind and parsed."""
        if kind == "cards" and isinstance(value, str):
            return self._parse(check, key, value)
        if kind == "bool" and isinstance(value, bool):
            return value
        if kind == "text" and isinstance(value, str):
            return value
        if kind == "int" and isinstance(value, int) and not isinstance(value, bool):
            return value
        listed = isinstance(value, list) and all(isinstance(v, str) for v in value)
        if kind in ("texts", "melds", "ranks") and listed:
            if kind == "melds":
                return tuple(self._parse(check, key, v) for v in value)
            if kind == "ranks":
                return frozenset(closed_rank(f"{check}: {key}", v) for v in value)
            return value
        if kind in ("cards?", "card", "card?", "answer") and isinstance(value, str):
            if not value and kind in ("cards?", "card?"):
                return None
            if kind == "cards?":
                return self._parse(check, key, value)
            if kind == "answer":
                if value in ("yes", "no"):
                    return value
            else:
                try:
                    return parse_card(value)
                except CanastaError as exc:
                    raise RequestError(f"{check}: {key}: {exc}") from None
        raise RequestError(f"{check}: {key}: expected {EXPECTED[kind]}, got {value!r}")


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
