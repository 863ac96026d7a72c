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

from typing import TYPE_CHECKING, Any

from canasta_score.core.errors import CanastaError, InputError
from canasta_score.core.limits import parse_json, parse_line
from canasta_score.core.safe_text import json_text
from canasta_score.judging.checks import CHECKS as DESCRIBED
from canasta_score.judging.checks import EXPECTED, Option, answer_json, convert
from canasta_score.judging.ruling import Ruling
from canasta_score.rules.cards import Card, parse_cards
from canasta_score.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from canasta_score.rules.minimum import Minimum

Answer = tuple[dict[str, Any], int]
TextAnswer = tuple[str, int, str]

COMMON = {"check": "text", "ruleset": "text", "players": "int", "rule": "texts"}

# Per command: every key it takes and the kind of value (from the one description of each
# check); keys in REQUIRED must be given.
# (A batch answers without reading games: the options that name one are the command line's.)
FIELDS: dict[str, dict[str, str]] = {
    name: {o.key: o.kind for o in check.options if not o.context}
    for name, check in DESCRIBED.items()
}
REQUIRED = {
    name: tuple(o.key for o in check.options if o.required)
    for name, check in DESCRIBED.items()
    if any(o.required for o in check.options)
}
CHECKS = tuple(FIELDS)
# The kinds whose value a request gives as it is, and the class of such a value.
TAKEN_AS_IS: dict[str, type] = {"bool": bool, "text": str, "int": int, "int?": int}

# Each command under either spelling ("go-out" or "go_out"), and for each command every
# spelling of each key it takes ("going-out" or "going_out"): (the key, the kind of value, and
# the class of a value taken as it is, if the kind has one).
CHECK_NAMES = {variant: check for check in FIELDS for variant in {check, check.replace("-", "_")}}
SPELLINGS: dict[str, dict[str, tuple[str, str, type | None]]] = {
    check: {
        variant: (key, kind, TAKEN_AS_IS.get(kind))
        for key, kind in {**fields, **COMMON}.items()
        for variant in {key, key.replace("-", "_")}
    }
    for check, fields in FIELDS.items()
}


# How many card texts a batch keeps parsed (then they are forgotten and kept afresh).
CARDS_KEPT = 1 << 16


# The classes of a list of texts.
TEXTS = {str}


# The card of each token a request gives for a single card, read once (see _convert).
CARDS_BY_TOKEN: dict[str, Card] = {}


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
            request = parse_json(text, "")
        except InputError as exc:
            return error(line, str(exc))
        return self.answer(request, line)

    def answer(self, request: Any, line: int = 0) -> Answer:
        """The answer to one decoded request: the ruling object and its code (0, 1 or 2)."""
        try:
            answered = self._answer(request)
        except CanastaError as exc:
            return error(line, str(exc))
        return answered.as_dict(), 0 if getattr(answered, "legal", True) else 1

    def answer_text(self, text: str | bytes, line: int) -> TextAnswer:
        """:meth:`answer_line` as the line of JSON to print: (the line, its code, and for an
        error object its message). The line is what ``--json`` of the single command prints."""
        try:
            answered = self._answer(parse_line(text))
        except CanastaError as exc:
            data, code = error(line, str(exc))
            return json_text(data), code, data["error"]
        code = 1 if isinstance(answered, Ruling) and not answered.legal else 0
        return answer_json(answered), code, ""

    def _answer(self, request: Any) -> Ruling | Minimum:
        if not isinstance(request, dict):
            raise RequestError('a request is a JSON object such as {"check": "meld", ...}')
        check = request.get("check")
        name = CHECK_NAMES.get(check) if isinstance(check, str) else None
        if name is None:
            raise RequestError(f"check: give one of {', '.join(CHECKS)} (got {check!r})")
        keys = SPELLINGS[name]
        required = REQUIRED.get(name, ())
        args: dict[str, Any] = {}
        for raw_key, value in request.items():
            found = keys.get(raw_key)
            if found is None:
                known = ", ".join([*FIELDS[name], *COMMON])
                raise RequestError(f'{name}: unknown key "{raw_key}" (known: {known})')
            if value is None:
                continue
            key, kind, plain = found
            # The commonest kinds first, each as :meth:`_convert` would take it.
            cls = value.__class__
            if plain is cls:
                args[key] = value
            elif kind == "cards" and cls is str:
                cards = self._cards.get(value)
                args[key] = self._parse(name, key, value) if cards is None else cards
            elif kind == "melds" and cls is list and value and set(map(type, value)) == TEXTS:
                melds = []
                for text in value:  # a kept meld is never empty
                    melds.append(self._cards.get(text) or self._parse(name, key, text))
                args[key] = tuple(melds)
            elif kind in ("card", "card?") and cls is str and value in CARDS_BY_TOKEN:
                args[key] = CARDS_BY_TOKEN[value]
            else:
                args[key] = self._convert(name, key, value, kind)
                if kind == "melds" and key in required and not args[key]:
                    raise RequestError(f'{name}: "{key}" lists at least one meld')
        for key in required:
            if key not in args:
                raise RequestError(f'{name}: "{key}" is required')
        ref, players, rules = args.get("ruleset", "classic"), args.get("players"), args.get("rule")
        loaded = self._rulesets.get((ref, players, tuple(rules) if rules else ()))
        rs = loaded if isinstance(loaded, Ruleset) else self._ruleset(ref, players, rules)
        # The single command's own call: the same answer, assumptions included.
        return DESCRIBED[name].answer(rs, args)

    def _ruleset(self, ref: str, players: int | None, rules: list[str] | None) -> Ruleset:
        key = (ref, players, tuple(rules) if rules else ())
        found = self._rulesets.get(key)
        if found is None:
            from canasta_score.rules.catalog import load_ruleset

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
            if len(self._cards) >= CARDS_KEPT:
                self._cards.clear()
            self._cards[text] = cached
        return cached

    def _convert(self, check: str, key: str, value: Any, kind: str) -> Any:
        """The value of one key, checked against its kind and parsed."""
        if kind in ("cards", "cards?") and isinstance(value, str):
            return self._parse(check, key, value) if value or kind == "cards" else None
        if (
            kind in ("melds",)
            and isinstance(value, list)
            and all(isinstance(v, str) for v in value)
        ):
            return tuple(self._parse(check, key, v) for v in value)
        if not fits(kind, value):
            raise RequestError(f"{check}: {key}: expected {EXPECTED[kind]}, got {value!r}")
        if kind in ("text", "texts", "int", "int?", "bool"):
            return value
        try:
            converted = convert(OPTIONS[check][key], value or None)
        except CanastaError as exc:
            raise RequestError(f"{check}: {key}: {exc}") from None
        if kind in ("card", "card?") and value and len(CARDS_BY_TOKEN) < 4096:
            CARDS_BY_TOKEN[value] = converted
        return converted


def fits(kind: str, value: Any) -> bool:
    """Whether a JSON value has the type an option of this kind takes."""
    if kind == "bool":
        return isinstance(value, bool)
    if kind in ("int", "int?"):
        return isinstance(value, int) and not isinstance(value, bool)
    if kind in ("texts", "ranks", "melds"):
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    return isinstance(value, str)


OPTIONS: dict[str, dict[str, Option]] = {
    name: {o.key: o for o in check.options} for name, check in DESCRIBED.items()
}


def error(line: int, message: str) -> Answer:
    """The error object of a request that could not be answered."""
    return {"line": line, "error": message}, 2
