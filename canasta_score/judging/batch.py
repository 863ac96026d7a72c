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
from canasta_score.core.limits import Answer, error, parse_json
from canasta_score.core.safe_text import json_text
from canasta_score.judging.checks import CHECKS as DESCRIBED
from canasta_score.judging.checks import EXPECTED, Check, Option, answer_json, convert
from canasta_score.judging.ruling import Ruling
from canasta_score.rules import DEFAULT_RULESET

if TYPE_CHECKING:
    from canasta_score.rules.minimum import Minimum

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
    name: tuple(o.key for o in check.options if o.required) for name, check in DESCRIBED.items()
}
CHECKS = tuple(FIELDS)
# The kinds whose value a request gives as it is, and the class of such a value.
TAKEN_AS_IS: dict[str, type] = {"bool": bool, "text": str, "int": int, "int?": int}

# Each command under either spelling ("go-out" or "go_out"), and for each command every
# spelling of each key it takes ("going-out" or "going_out"): (the key, the kind of value, and
# the class of a value taken as it is, if the kind has one).
SPELLINGS: dict[str, dict[str, tuple[str, str, type | None]]] = {
    check: {
        variant: (key, kind, TAKEN_AS_IS.get(kind))
        for key, kind in {**fields, **COMMON}.items()
        for variant in {key, key.replace("-", "_")}
    }
    for check, fields in FIELDS.items()
}
# Everything a request's command decides, found once per request: (the command, the spellings
# of its keys, the keys it must give, its description).
CHECK_NAMES: dict[
    str, tuple[str, dict[str, tuple[str, str, type | None]], tuple[str, ...], Check]
] = {
    variant: (check, SPELLINGS[check], REQUIRED[check], DESCRIBED[check])
    for check in FIELDS
    for variant in {check, check.replace("-", "_")}
}


class RequestError(InputError):
    """A batch request that names an unknown command or key, or gives a value of a wrong kind."""


class Batch:
    """Answers batch requests; keeps each ruleset it loads for the requests that follow."""

    def __init__(self) -> None:
        from canasta_score.rules.catalog import BatchRulesets

        self._ruleset = BatchRulesets()

    def answer(self, request: Any, line: int = 0) -> Answer:
        """The answer to one decoded request: the ruling object and its code (0, 1 or 2)."""
        try:
            answered = self._answer(request)
        except CanastaError as exc:
            return error(line, str(exc))
        return answered.as_dict(), 0 if getattr(answered, "legal", True) else 1

    def answer_text(self, text: str | bytes, line: int) -> TextAnswer:
        """One line of JSON answered as :func:`~canasta_score.core.limits.answer_line` answers
        it, as the line to print: (the line, its code, and for an error object its message).
        The line is what ``--json`` of the single command prints."""
        try:
            answered = self._answer(parse_json(text, ""))
        except CanastaError as exc:
            data, code = error(line, str(exc))
            return json_text(data), code, data["error"]
        code = 1 if isinstance(answered, Ruling) and not answered.legal else 0
        return answer_json(answered), code, ""

    def _answer(self, request: Any) -> Ruling | Minimum:
        if not isinstance(request, dict):
            raise RequestError('a request is a JSON object such as {"check": "meld", ...}')
        check = request.get("check")
        found = CHECK_NAMES.get(check) if isinstance(check, str) else None
        if found is None:
            raise RequestError(f"check: give one of {', '.join(CHECKS)} (got {check!r})")
        name, keys, required, described = found
        args: dict[str, Any] = {}
        for raw_key, value in request.items():
            spelled = keys.get(raw_key)
            if spelled is None:
                known = ", ".join([*FIELDS[name], *COMMON])
                raise RequestError(f'{name}: unknown key "{raw_key}" (known: {known})')
            if value is not None:
                key, kind, plain = spelled
                args[key] = value if value.__class__ is plain else parsed(name, key, kind, value)
        for key in required:
            if key not in args:
                raise RequestError(f'{name}: "{key}" is required')
        ref, rules = args.get("ruleset", DEFAULT_RULESET), args.get("rule")
        rs = self._ruleset(ref, args.get("players"), tuple(rules) if rules else ())
        # The single command's own call: the same answer, assumptions included.
        return described.answer(rs, args)


def parsed(check: str, key: str, kind: str, value: Any) -> Any:
    """The value of one key, checked against its kind and parsed as the command line parses
    it (:func:`~canasta_score.judging.checks.convert`)."""
    if not fits(kind, value):
        raise RequestError(f"{check}: {key}: expected {EXPECTED[kind]}, got {value!r}")
    if kind in AS_GIVEN:
        return value
    try:
        # The text as the command line passes it: an empty one is what the option makes of it
        # there (no card for --discard, an input error for cards or an answer).
        converted = convert(OPTIONS[check][key], value)
    except CanastaError as exc:
        raise RequestError(f"{check}: {key}: {exc}") from None
    if kind == "melds" and not converted and key in REQUIRED[check]:
        raise RequestError(f'{check}: "{key}" lists at least one meld')
    return converted


def fits(kind: str, value: Any) -> bool:
    """Whether a JSON value has the type an option of this kind takes."""
    if kind in TEXTS:
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind in ("int", "int?"):
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


# The kinds whose value is taken as the request gives it, and those given as one text (the
# others are lists of texts, or whole numbers, or true or false).
AS_GIVEN = frozenset(("text", "texts", "int", "int?", "bool"))
TEXTS = frozenset(("text", "cards", "cards?", "card", "card?", "answer"))


OPTIONS: dict[str, dict[str, Option]] = {
    name: {o.key: o for o in check.options} for name, check in DESCRIBED.items()
}
