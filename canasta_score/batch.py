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

from typing import Any

from canasta_score.cards import Card, parse_cards
from canasta_score.checks import CHECKS as DESCRIBED
from canasta_score.checks import EXPECTED, Option, convert
from canasta_score.errors import CanastaError, InputError
from canasta_score.limits import parse_json
from canasta_score.ruleset import Ruleset

Answer = tuple[dict[str, Any], int]

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
            request = parse_json(text, "")
        except InputError as exc:
            return error(line, str(exc))
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
                if kind == "melds" and key in REQUIRED.get(name, ()) and not args[key]:
                    raise RequestError(f'{name}: "{key}" lists at least one meld')
        for key in REQUIRED.get(name, ()):
            if key not in args:
                raise RequestError(f'{name}: "{key}" is required')
        rs = self._ruleset(args.get("ruleset", "classic"), args.get("players"), args.get("rule"))
        # Throughput first: a batch answer does not try the options it was not given.
        answered = DESCRIBED[name].answer(rs, args, assumptions=False)
        legal = getattr(answered, "legal", True)
        return answered.as_dict(), 0 if legal else 1

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
            return convert(OPTIONS[check][key], value or None)
        except CanastaError as exc:
            raise RequestError(f"{check}: {key}: {exc}") from None


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
