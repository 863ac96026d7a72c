"""Rulesets: TOML data → a frozen, validated :class:`Ruleset` (extends, overrides, rule ids)."""

from __future__ import annotations

import copy
import inspect
import typing
from collections.abc import Callable
from dataclasses import field
from functools import cache, lru_cache
from operator import attrgetter
from typing import Any

from canasta_score.core.errors import InputError, RulesetError
from canasta_score.core.frozen import Field, fields, record
from canasta_score.core.language import KOREAN, N_, _, current, ngettext, particles, pgettext
from canasta_score.rules import schema
from canasta_score.rules.cards import Rank
from canasta_score.rules.schema import Schema, Tier

# The source of a value a house rule (``--rule``) set: data, shown as ``_(HOUSE_RULE)``.
HOUSE_RULE = N_("house rule (--rule)")
META_KEYS = {
    "id",
    "name",
    "extends",
    "description",
    "status",
    "source",
    "sources",
    "unsourced",
    "by_players",
}
STATUSES = ("complete", "partial", "reference")


@record
class RuleRef:
    """A rule a ruling or a score line relies on: its stable id and its one-line text."""

    rule: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text}


@record
class Ruleset(Schema):
    """A fully resolved ruleset for one player count."""

    id: str
    name: str
    description: str
    status: str
    sources: dict[str, str]
    data: dict[str, Any]
    # Values the ruleset sets although no source gives them: {key: why this value}.
    unsourced: dict[str, str] = field(default_factory=dict)

    # A ruleset is hashed by identity and compared by value. It keys the library's bounded
    # caches (functools.lru_cache), whose entries are pure functions of its values: each ruleset
    # object keeps its own, and a lookup never compares two rulesets value by value (which costs
    # more than the work kept). Rulesets are never put in sets or used as keys elsewhere.
    __hash__ = object.__hash__

    @property
    def players(self) -> int:
        return self.table.players

    @property
    def sides(self) -> int:
        return self.table.players // self.table.side_size

    @property
    def shown_name(self) -> str:
        """The ruleset's name as a person reads it: a bundled ruleset's in the language in use
        (the data, JSON included, keeps :attr:`name`)."""
        return _(self.name)

    @property
    def shown_description(self) -> str:
        """The ruleset's description in the language in use (see :attr:`shown_name`)."""
        return _(self.description) if self.description else ""

    def value(self, key: str) -> Any:
        """The value of ``section.key``."""
        section, name = key.split(".", 1)
        return getattr(getattr(self, section), name)

    def rule_id(self, key: str) -> str:
        """Stable id of a key or fixed rule: ``classic.meld.wild-ratio``."""
        return rule_id(self.id, key)

    def cite(self, key: str, text: str | None = None) -> RuleRef:
        """A reference to the rule behind ``key`` (a schema key or a fixed rule), with ``text``
        or else the rule's own text."""
        if text is None:
            return citation(self, key, current())
        return RuleRef(rule_id(self.id, key), text)

    def rule_text(self, key: str) -> str:
        """The one-line text of a key (with its value) or of a fixed rule."""
        fixed = schema.FIXED_RULES.get(key)
        if fixed is not None:
            return pgettext(key, fixed[0])
        section, name = key.split(".", 1)
        section_cls: type = type(getattr(self, section))
        meta = section_fields(section_cls)[name].metadata
        value = self.value(key)
        template = pgettext(key, str(meta["text"]))
        if value != 0 and " (0 = " in template:
            template = template[: template.index(" (0 = ")]
        return particles(template.format(v=describe_choice(key, value)))

    def rule_source(self, key: str) -> str:
        fixed = schema.FIXED_RULES.get(key)
        if fixed is not None:
            return fixed[1]
        return self.sources.get(key, "")

    def rule_unsourced(self, key: str) -> str:
        """Why the ruleset holds this value although no source gives it ("" when a source does)."""
        return self.unsourced.get(key, "")

    def all_rules(self) -> list[tuple[str, str, str]]:
        """Every rule as (id, text, source), keys first, then the fixed rules."""
        out = [(self.rule_id(k), self.rule_text(k), self.rule_source(k)) for k in schema_keys()]
        out += [
            (self.rule_id(k), self.rule_text(k), s) for k, (_t, s) in schema.FIXED_RULES.items()
        ]
        return out

    def card_points(self, card: Any) -> int:
        """The count of one card (threes: the melded black-three count)."""
        return rank_points(self)[card.rank]

    def count(self, cards: Any) -> int:
        """The count of several cards."""
        return sum(map(rank_points(self).__getitem__, map(RANK_OF, cards)))


@lru_cache(maxsize=1 << 12)
def rule_id(ruleset: str, key: str) -> str:
    """Stable id of a key or fixed rule of a ruleset: ``classic.meld.wild-ratio``."""
    return f"{ruleset}.{key.replace('_', '-')}"


@lru_cache(maxsize=1 << 12)
def citation(rs: Ruleset, key: str, language: str) -> RuleRef:
    """A reference to the rule behind ``key`` with the rule's own text, in ``language`` (the
    one in use): a ruleset never changes, so each is worked out once."""
    return RuleRef(rs.rule_id(key), rs.rule_text(key))


@lru_cache(maxsize=64)
def rank_points(rs: Ruleset) -> dict[Rank, int]:
    """The count of each rank under a ruleset (threes: the melded black-three count)."""
    v = rs.values
    low = (Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR)
    table = {r: v.low if r in low else v.high for r in Rank}
    table.update({Rank.JOKER: v.joker, Rank.TWO: v.two, Rank.ACE: v.ace, Rank.THREE: v.black_three})
    return table


RANK_OF = attrgetter("rank")


def describe_value(value: Any) -> str:
    """A rule's value in words, in the language in use (a choice by its text)."""
    if isinstance(value, bool):
        return pgettext("rule value", "yes") if value else pgettext("rule value", "no")
    if isinstance(value, tuple) and value and isinstance(value[0], Tier):
        return "; ".join(describe_tier(t, value[i + 1 :]) for i, t in enumerate(value))
    if isinstance(value, tuple):
        return (
            ", ".join(describe_value(v) for v in value) if value else pgettext("rule value", "none")
        )
    if isinstance(value, str):
        text = schema.CHOICE_TEXT.get(value)
        return _(text if text is not None else value.replace("_", " "))
    if isinstance(value, int) and current() == KOREAN:
        return f"{value:,}"  # as Korean rule texts write numbers: 5,000점
    return str(value)


def describe_choice(key: str, value: Any) -> str:
    """A key's value in words: a choice as that key says it, if it says it its own way."""
    own = schema.KEY_CHOICE_TEXT.get(key, {}).get(value) if isinstance(value, str) else None
    return _(own) if own else describe_value(value)


def describe_tier(tier: Tier, later: tuple[Tier, ...]) -> str:
    """One tier in words: ``from 1500: 90``; the first tier reads ``below 0: 15``."""
    if tier.start is None:
        start = _("below {start}").format(start=later[0].start) if later else _("always")
    else:
        start = _("from {start}").format(start=tier.start)
    if tier.requires:
        return _("{start}: {minimum} and {requires}").format(
            start=start, minimum=tier.minimum, requires=describe_value(tier.requires)
        )
    return _("{start}: {minimum}").format(start=start, minimum=tier.minimum)


@cache
def section_fields(cls: type) -> dict[str, Field]:
    return {f.name: f for f in fields(cls)}


@cache
def section_types() -> dict[str, type]:
    """Each section's record class, by section name. The schema's annotations name the classes
    of its own module, so they are looked up there rather than evaluated."""
    named = inspect.get_annotations(Schema)
    return {
        f.name: found if isinstance(found := named[f.name], type) else getattr(schema, found)
        for f in fields(Schema)
    }


@cache
def field_types(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@cache
def schema_keys() -> tuple[str, ...]:
    return tuple(f"{s}.{k}" for s, cls in section_types().items() for k in section_fields(cls))


# ---------------------------------------------------------------- merging TOML data


def deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Tables merge key by key; any other value (arrays included) replaces."""
    out = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def section_keys(data: dict[str, Any]) -> list[str]:
    """The ruleset keys a TOML document sets (metadata and unknown keys excluded: those are
    problems of their own)."""
    known = set(schema_keys())
    return [
        f"{s}.{k}"
        for s, table in data.items()
        if s not in META_KEYS and isinstance(table, dict)
        for k in table
        if f"{s}.{k}" in known
    ]


def shape_problems(data: dict[str, Any], origin: str) -> list[str]:
    """Problems with what must be a table (sections, ``sources``, ``by_players``) but is not."""
    problems = []
    tables = {*section_types(), "sources", "unsourced", "by_players"}
    for key, value in data.items():
        if key in tables and not isinstance(value, dict):
            problems.append(
                _("{origin}: {key}: expected a table ([{key}])").format(origin=origin, key=key)
            )
    by_players = data.get("by_players")
    for count, table in by_players.items() if isinstance(by_players, dict) else ():
        where = f"{origin}: by_players.{count}"
        if not isinstance(table, dict):
            text = _("{where}: expected a table ([by_players.{count}])")
            problems.append(text.format(where=where, count=count))
            continue
        for key, value in table.items():
            if key in tables and not isinstance(value, dict):
                problems.append(_("{where}.{key}: expected a table").format(where=where, key=key))
    return problems


def extend(parent: dict[str, Any], child: dict[str, Any], origin: str) -> dict[str, Any]:
    """Apply ``child`` (a ruleset document that extends ``parent``) over the resolved parent."""
    problems = shape_problems(child, origin)
    if problems:
        raise RulesetError(problems)
    # The tables are tables here (shape_problems), the parent's too (it was extended).
    keys = section_keys(child)
    sources = dict(parent.get("sources", {}))
    sources.update(dict.fromkeys(keys, str(child.get("source", origin))))
    # A child may also cite why a value it inherits unchanged holds for it.
    sources.update(child.get("sources", {}))
    unsourced = {**unmark(parent.get("unsourced", {}), keys), **child.get("unsourced", {})}
    by_players = copy.deepcopy(parent.get("by_players", {}))
    for count, table in (child.get("by_players") or {}).items():
        by_players[count] = deep_merge(by_players.get(count, {}), table)
    skip = {"sources", "unsourced", "by_players", "extends"}
    body = {k: v for k, v in child.items() if k not in skip}
    merged = deep_merge({k: v for k, v in parent.items() if k != "extends"}, body)
    merged["sources"] = sources
    merged["unsourced"] = unsourced
    merged["by_players"] = by_players
    return merged


def unmark(unsourced: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    """The ``unsourced`` marks that still hold once ``keys`` are given new values."""
    return {k: v for k, v in unsourced.items() if k not in keys}


def apply_players(data: dict[str, Any], players: int | None) -> dict[str, Any]:
    """Fold the ``[by_players.N]`` settings for the chosen player count into the data."""
    table = data.get("table", {})
    count = players if players is not None else table.get("players")
    allowed = table.get("player_counts", [])
    if players is not None and isinstance(allowed, list) and players not in allowed:
        choices = ", ".join(str(a) for a in allowed)
        text = ngettext(
            "{ruleset}: {players} player is not offered (choose {choices})",
            "{ruleset}: {players} players is not offered (choose {choices})",
            players,
        )
        raise RulesetError(
            [text.format(ruleset=data.get("id", "?"), players=players, choices=choices)]
        )
    over = (data.get("by_players") or {}).get(str(count), {})
    keys = section_keys(over)
    default = str(over.get("source", f"{data.get('id', '?')} with {count} players"))
    sources = {**data.get("sources", {}), **dict.fromkeys(keys, default)}
    unsourced = unmark(data.get("unsourced", {}), keys)
    out = deep_merge(
        {k: v for k, v in data.items() if k != "by_players"},
        {k: v for k, v in over.items() if k != "source"},
    )
    out.setdefault("table", {})["players"] = count
    out["sources"] = sources
    out["unsourced"] = unsourced
    return out


def parse_override(text: str) -> tuple[str, Any]:
    """Parse ``section.key=VALUE`` (VALUE in TOML syntax; bare words are strings)."""
    key, sep, raw = text.partition("=")
    key = key.strip().replace("-", "_")
    if not sep or "." not in key:
        said = _('house rule "{text}": write it as SECTION.KEY=VALUE, e.g. go_out.bonus=200')
        raise RulesetError([said.format(text=text)])
    raw = raw.strip()
    import tomllib

    from canasta_score.core import limits

    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
    except RecursionError:
        raise RulesetError([house_rule_problem(key, limits.nested_text())]) from None
    except ValueError:  # a number too long to convert
        raise RulesetError([house_rule_problem(key, limits.number_text())]) from None
    try:
        limits.check_document(value, house_rule(key))
    except InputError as exc:
        raise RulesetError([str(exc)]) from None
    return key, value


def house_rule(key: str) -> str:
    """Where a problem lies when a house rule (``--rule KEY=VALUE``) gave the value."""
    return _("house rule {key}").format(key=key)


def house_rule_problem(key: str, problem: str) -> str:
    return _("{where}: {problem}").format(where=house_rule(key), problem=problem)


def counted_players(players: int | None, overrides: list[str]) -> int | None:
    """The player count: ``players``, or the one a house rule ``table.players=N`` names (the
    count's own ``[by_players.N]`` settings apply, as for ``players``); the two must agree."""
    for text in overrides:
        key, value = parse_override(text)
        if key != "table.players" or not isinstance(value, int) or isinstance(value, bool):
            continue
        if players is not None and players != value:
            said = _("house rule table.players={value}: the number of players given is {players}")
            raise RulesetError([said.format(value=value, players=players)])
        players = value
    return players


def apply_overrides(data: dict[str, Any], overrides: list[str]) -> dict[str, Any]:
    """Apply ``--rule KEY=VALUE`` house rules; unknown keys are errors naming the key."""
    out = copy.deepcopy(data)
    problems = []
    known = set(schema_keys())
    for text in overrides:
        key, value = parse_override(text)
        if key not in known:
            said = _('house rule {key}: unknown ruleset key (see "canasta-score rules show")')
            problems.append(said.format(key=key))
            continue
        section, name = key.split(".", 1)
        cls = section_types()[section]
        choices = section_fields(cls)[name].metadata["choices"]
        found = check_value(house_rule(key), value, field_types(cls)[name], choices)
        if found:
            problems += found
            continue
        out.setdefault(section, {})[name] = value
        out.setdefault("sources", {})[key] = HOUSE_RULE
        out["unsourced"] = unmark(out.get("unsourced", {}), [key])
    if problems:
        raise RulesetError(problems)
    return out


# ---------------------------------------------------------------- validation


def check_value(where: str, value: Any, kind: Any, choices: tuple[str, ...]) -> list[str]:
    """Problems with one value against its declared type and choices."""
    from canasta_score.core.words import quoted  # building only: a cached ruleset skips it

    got = quoted(value)
    if kind is bool:
        text = _("{where}: expected true or false, got {value}")
        return [] if isinstance(value, bool) else [text.format(where=where, value=got)]
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        text = _("{where}: expected a whole number, got {value}")
        return [] if ok else [text.format(where=where, value=got)]
    if kind is str:
        if not isinstance(value, str):
            return [_("{where}: expected text, got {value}").format(where=where, value=got)]
        if choices and value not in choices:
            text = _("{where}: {value} is not one of {choices}")
            return [text.format(where=where, value=got, choices=", ".join(choices))]
        if not value.strip():
            return [_("{where}: expected a name, got empty text").format(where=where)]
        return []
    inner = typing.get_args(kind)[0]
    if not isinstance(value, list):
        return [_("{where}: expected a list, got {value}").format(where=where, value=got)]
    if inner is Tier:
        return check_tiers(where, value)
    problems: list[str] = []
    for i, item in enumerate(value):
        problems += check_value(f"{where}[{i}]", item, inner, choices)
    return problems


def check_tiers(where: str, value: list[Any]) -> list[str]:
    problems: list[str] = []
    last: int | None = None
    if not value:
        return [_("{where}: at least one tier is needed").format(where=where)]
    for i, tier in enumerate(value):
        at = f"{where}[{i}]"
        if not isinstance(tier, dict):
            text = _("{where}: expected a table such as {example}")
            problems.append(text.format(where=at, example="{ from = 0, minimum = 50 }"))
            continue
        extra = set(tier) - {"from", "minimum", "requires"}
        if extra:
            problems.append(_("{where}: unknown key {key}").format(where=at, key=sorted(extra)[0]))
        start = tier.get("from")
        if i == 0 and "from" in tier:
            text = _(
                "{where}.from: the first tier holds everything below the next tier's start; "
                "leave out its from"
            )
            problems.append(text.format(where=at))
            start = None
        elif i > 0 and (not isinstance(start, int) or isinstance(start, bool)):
            text = _("{where}.from: every tier after the first needs a whole-number start")
            problems.append(text.format(where=at))
        elif i > 0 and last is not None and isinstance(start, int) and start <= last:
            text = _("{where}.from: tiers must rise ({start} after {last})")
            problems.append(text.format(where=at, start=start, last=last))
        if isinstance(start, int):
            last = start
        minimum = tier.get("minimum")
        if not isinstance(minimum, int) or isinstance(minimum, bool) or minimum < 0:
            problems.append(
                _("{where}.minimum: expected a whole number of at least 0").format(where=at)
            )
        requires = tier.get("requires", "")
        if requires and requires not in schema.SPECIAL_CANASTAS:
            text = _("{where}.requires: {value} is not one of {choices}")
            choices = ", ".join(schema.SPECIAL_CANASTAS)
            problems.append(text.format(where=at, value=repr(requires), choices=choices))
    return problems


def convert(value: Any, kind: Any) -> Any:
    if typing.get_origin(kind) is tuple:
        inner = typing.get_args(kind)[0]
        if inner is Tier:
            return tuple(
                Tier(t.get("from"), int(t["minimum"]), str(t.get("requires", ""))) for t in value
            )
        return tuple(value)
    return value


def build_section(name: str, cls: type, table: Any, problems: list[str], origin: str) -> Any:
    if not isinstance(table, dict):
        text = _("{origin}: [{section}] is missing or not a table")
        problems.append(text.format(origin=origin, section=name))
        return None
    fields = section_fields(cls)
    types = field_types(cls)
    values: dict[str, Any] = {}
    for key in table:
        if key not in fields:
            problems.append(_("{where}: unknown key").format(where=f"{origin}: {name}.{key}"))
    for key, fld in fields.items():
        if key not in table:
            problems.append(missing_problem(f"{origin}: {name}.{key}"))
            continue
        found = check_value(
            f"{origin}: {name}.{key}", table[key], types[key], fld.metadata["choices"]
        )
        problems += found
        if not found:
            values[key] = convert(table[key], types[key])
    return cls(**values) if len(values) == len(fields) else None


def missing_problem(where: str) -> str:
    """The problem of a key a ruleset lacks."""
    return _("{where}: missing").format(where=where)


def cross_checks(
    rs: dict[str, Any], origin: str, sources: dict[str, Any], stored: bool = False
) -> list[str]:
    """Checks that involve more than one key (a section that failed to build is skipped)."""
    problems = []
    table, meld, game = rs["table"], rs["meld"], rs["game"]
    if table is not None and table.players not in table.player_counts:
        text = _("{origin}: table.players: {players} is not in table.player_counts")
        problems.append(text.format(origin=origin, players=table.players))
    if table is not None and (table.side_size < 1 or table.players % table.side_size):
        text = _("{origin}: table.side_size: {size} does not divide the players")
        problems.append(text.format(origin=origin, size=table.side_size))

    def at(key: str) -> str:
        """Where a problem with ``key`` lies: the house rule that set it, or the ruleset."""
        return house_rule(key) if sources.get(key) == HOUSE_RULE else f"{origin}: {key}"

    if table is not None and table.players == table.side_size:
        text = _(
            "{where}: {size} players to a side with {players} players leaves one side; a game "
            "needs at least two"
        )
        problems.append(
            text.format(where=at("table.side_size"), size=table.side_size, players=table.players)
        )

    if meld is not None and meld.max_cards and meld.min_cards > meld.max_cards:
        text = _("{where}: {least} is more than meld.max_cards ({most}), so no meld could be laid")
        problems.append(
            text.format(where=at("meld.min_cards"), least=meld.min_cards, most=meld.max_cards)
        )
    canasta, threes, go_out = rs["canasta"], rs["threes"], rs["go_out"]
    largest = max(meld.max_cards, meld.max_cards_going_out) if meld is not None else 0
    if canasta is not None and largest and canasta.min_cards > largest:
        capped = sources.get("meld.max_cards") == HOUSE_RULE
        text = _(
            "{where}: a meld has at most {most} cards and a canasta at least {least}, so no meld "
            "could become a canasta"
        )
        problems.append(
            text.format(
                where=at("meld.max_cards" if capped else "canasta.min_cards"),
                most=largest,
                least=canasta.min_cards,
            )
        )
    for key, allowed in (("sequence_max", "sequences"), ("wild_meld_max", "wild_melds")):
        most = getattr(meld, key) if meld is not None else 0
        if meld is not None and getattr(meld, allowed) and 0 < most < meld.min_cards:
            text = _(
                "{where}: {most} cards is fewer than meld.min_cards ({least}), so no such meld "
                "could be laid"
            )
            problems.append(text.format(where=at(f"meld.{key}"), most=most, least=meld.min_cards))
    if meld is not None and go_out is not None and go_out.sequence_canastas and not meld.sequences:
        text = _(
            "{where}: going out needs completed sequences, but meld.sequences is false, so no "
            "side could go out"
        )
        problems.append(text.format(where=at("go_out.sequence_canastas")))
    if meld is not None and canasta is not None and canasta.min_cards < meld.min_cards:
        text = _("{where}: {cards} is less than meld.min_cards ({least}); a canasta is a meld")
        problems.append(
            text.format(
                where=at("canasta.min_cards"), cards=canasta.min_cards, least=meld.min_cards
            )
        )
    if threes is not None and not threes.red_values:
        text = _(
            "{where}: the table is empty; give at least [0] (what no red three scores), then "
            "what 1, 2, ... red threes score"
        )
        problems.append(text.format(where=at("threes.red_values")))
    signs = threes.sign_by_canastas if threes is not None else (1,)
    if not signs or any(s not in schema.SIGNS for s in signs):
        text = _(
            "{where}: give a list of -1, 0 or 1 (by number of canastas: 0, 1, 2, ...), with at "
            "least one entry"
        )
        problems.append(text.format(where=at("threes.sign_by_canastas")))
    if game is not None and game.target == 0:  # a negative or odd one is point_problems'
        text = _("{where}: must be a positive multiple of 5")
        problems.append(text.format(where=at("game.target")))
    if meld is not None and meld.min_naturals > meld.min_cards:
        text = _(
            "{where}: {naturals} is more than meld.min_cards ({least}); the least meld could "
            "not be laid"
        )
        problems.append(
            text.format(
                where=at("meld.min_naturals"), naturals=meld.min_naturals, least=meld.min_cards
            )
        )
    if deck_in_range(rs):
        problems += deck_problems(rs, at)
        if not stored:
            problems += threes_problems(rs, origin)
    return problems + range_problems(rs, origin, at) + point_problems(rs, at)


def deck_in_range(rs: dict[str, Any]) -> bool:
    """Whether the deck's packs and jokers are counts :func:`range_problems` accepts: what a
    deck outside them would hold is not worked out (its range is the one problem to report)."""
    deck = rs["deck"]
    least = schema.COUNT_LEAST.get("deck.decks", 0)
    return deck is not None and (
        least <= deck.decks <= schema.COUNT_MOST and 0 <= deck.jokers_per_deck <= schema.COUNT_MOST
    )


def deck_problems(rs: dict[str, Any], at: Callable[[str], str]) -> list[str]:
    """What the deck cannot hold: a deal bigger than the deck, a canasta of more cards than
    it holds, more canastas to go out than a side could ever make of it."""
    deck, deal, table = rs["deck"], rs["deal"], rs["table"]
    canasta, go_out = rs["canasta"], rs["go_out"]
    if deck is None:
        return []
    cards = deck.cards
    problems = []
    if deal is not None and table is not None:
        dealt = table.players * (deal.hand_size + deal.foot_size)
        if dealt > cards:
            text = _(
                "{where}: {players} players are dealt {dealt:,} cards, more than the deck's "
                "{cards:,}"
            )
            problems.append(
                text.format(
                    where=at("deal.hand_size"), players=table.players, dealt=dealt, cards=cards
                )
            )
    if canasta is not None and canasta.min_cards > cards:
        text = _("{where}: {least:,} cards, more than the deck's {cards:,}")
        problems.append(
            text.format(where=at("canasta.min_cards"), least=canasta.min_cards, cards=cards)
        )
    if canasta is not None and go_out is not None and canasta.min_cards:
        most = cards // canasta.min_cards
        if go_out.canastas > most:
            text = _(
                "{where}: {needed:,} canastas, more than the deck's {cards:,} cards can make "
                "({most:,})"
            )
            problems.append(
                text.format(
                    where=at("go_out.canastas"), needed=go_out.canastas, cards=cards, most=most
                )
            )
    return problems


def range_problems(rs: dict[str, Any], origin: str, at: Callable[[str], str]) -> list[str]:
    """Counts (players, packs, cards, canastas, hands) from their least value (0 unless
    :data:`schema.COUNT_LEAST` says more) up to :data:`schema.COUNT_MOST`; points up to
    :data:`schema.POINTS_MOST`."""
    problems = []
    for name, section in rs.items():
        if section is None:
            continue
        for key, fld in section_fields(section_types()[name]).items():
            value = getattr(section, key)
            full = f"{name}.{key}"
            if full in schema.NOT_COUNTS or full == "game.target" or isinstance(value, bool):
                continue
            listed = value if isinstance(value, list | tuple) else [value]
            numbers = [n for n in listed if isinstance(n, int) and not isinstance(n, bool)]
            if fld.metadata.get("points"):
                # Points below 0 are point_problems' to report.
                least, most = 0, schema.POINTS_MOST
                bad = next((n for n in numbers if n > most), None)
                allowed = N_("points here are at most {most:,}")
            else:
                least, most = schema.COUNT_LEAST.get(full, 0), schema.COUNT_MOST
                bad = next((n for n in numbers if not least <= n <= most), None)
                allowed = N_("a count here is {least} to {most:,}")
            if bad is not None:
                text = _("{where}: {value:,} is out of range; {allowed}")
                said = _(allowed).format(least=least, most=most)
                problems.append(text.format(where=at(full), value=bad, allowed=said))
    tiers = rs["initial_meld"].tiers if rs["initial_meld"] is not None else ()
    too_high = [t.minimum for t in tiers if t.minimum > schema.POINTS_MOST]
    if too_high:
        text = _(
            "{origin}: initial_meld.tiers: a minimum of {minimum:,} is out of range; at most "
            "{most:,}"
        )
        problems.append(text.format(origin=origin, minimum=too_high[0], most=schema.POINTS_MOST))
    return problems


def threes_problems(rs: dict[str, Any], origin: str) -> list[str]:
    """A threes table scored by number must say what every number the deck allows scores
    (a pack holds two red and two black threes); nothing is guessed beyond its last entry."""
    deck, threes = rs["deck"], rs["threes"]
    if deck is None or threes is None or threes.laid_down == "none":
        return []
    held = 2 * deck.decks
    tables = [("red", threes.red_values)]
    if threes.laid_down in ("all", "optional") and any(threes.black_values):
        tables.append(("black", threes.black_values))
    problems = []
    for colour, values in tables:
        if not values or len(values) > held:  # an empty table has a problem of its own
            continue
        missing = [str(n) for n in range(len(values), held + 1)]
        counts = (
            _("{some} and {last}").format(some=", ".join(missing[:-1]), last=missing[-1])
            if len(missing) > 1
            else missing[0]
        )
        text = (
            _(
                "{where}: scores 0 to {most} red threes, but {packs} packs hold {held}; say what "
                "{counts} red threes score (a list of {values} values, from 0 threes up)"
            )
            if colour == "red"
            else _(
                "{where}: scores 0 to {most} black threes, but {packs} packs hold {held}; say "
                "what {counts} black threes score (a list of {values} values, from 0 threes up)"
            )
        )
        problems.append(
            text.format(
                where=f"{origin}: threes.{colour}_values",
                most=len(values) - 1,
                packs=deck.decks,
                held=held,
                counts=counts,
                values=held + 1,
            )
        )
    return problems


def point_problems(rs: dict[str, Any], at: Callable[[str], str]) -> list[str]:
    """Every value and bonus is a multiple of 5 and not negative, as every Canasta score is."""
    problems = []
    for name, section in rs.items():
        if section is None:
            continue
        for key, fld in section_fields(section_types()[name]).items():
            value = getattr(section, key)
            full = f"{name}.{key}"
            numbers = list(value) if isinstance(value, (list, tuple)) else [value]
            if full == "initial_meld.tiers":
                numbers = [tier.minimum for tier in value]
            elif not fld.metadata.get("points"):
                continue
            bad = [n for n in numbers if isinstance(n, int) and (n < 0 or n % 5)]
            if bad:
                text = _("{where}: points must be multiples of 5 and not negative, not {value}")
                problems.append(text.format(where=at(full), value=bad[0]))
    return problems


def meta_problems(
    resolved: dict[str, Any], origin: str, known: set[str], stored: bool
) -> list[str]:
    """Problems with what a ruleset says about itself: its name, description and source are
    text, and each of its ``[sources]`` gives, as text, where the value of a ruleset key comes
    from (a game's own snapshot keeps the sources it was begun with)."""
    problems = []
    for key in ("name", "description", "source"):
        if key in resolved and not isinstance(resolved[key], str):
            text = _("{origin}: {key}: expected text, got {value}")
            problems.append(text.format(origin=origin, key=key, value=repr(resolved[key])))
    for key, said in (resolved.get("sources") or {}).items():
        if key not in known and not stored:
            text = _("{origin}: sources.{key}: unknown ruleset key")
            problems.append(text.format(origin=origin, key=key))
        elif not isinstance(said, str):
            text = _("{origin}: sources.{key}: say where the value comes from, as text")
            problems.append(text.format(origin=origin, key=key))
    return problems


def build_ruleset(
    data: dict[str, Any],
    *,
    origin: str = "ruleset",
    players: int | None = None,
    overrides: list[str] | None = None,
    stored: bool = False,
) -> Ruleset:
    """Validate resolved ruleset data (``extends`` already applied) and freeze it.

    ``stored`` is for a game's own snapshot: a game begun before the threes tables had to
    cover the deck keeps its rules (a count past the table's end scores as its last entry)."""
    shape = shape_problems(data, origin)
    if shape:
        raise RulesetError(shape)
    resolved = apply_players(data, counted_players(players, overrides or []))
    if overrides:
        resolved = apply_overrides(resolved, overrides)
    problems: list[str] = []
    for key in resolved:
        if key not in META_KEYS and key not in section_types():
            problems.append(_("{origin}: {key}: unknown section").format(origin=origin, key=key))
    ident = resolved.get("id")
    if not isinstance(ident, str) or not ident:
        problems.append(
            _('{origin}: id: missing (a short name such as "our-house")').format(origin=origin)
        )
    status = resolved.get("status", "complete")
    if status not in STATUSES:
        text = _("{where}: {value} is not one of {choices}")
        problems.append(
            text.format(where=f"{origin}: status", value=repr(status), choices=", ".join(STATUSES))
        )
    sections = {
        name: build_section(name, cls, resolved.get(name), problems, origin)
        for name, cls in section_types().items()
    }
    problems += cross_checks(sections, origin, resolved.get("sources") or {}, stored)
    unsourced = resolved.get("unsourced") or {}
    known = set(schema_keys())
    problems += meta_problems(resolved, origin, known, stored)
    for key, why in unsourced.items():
        if key not in known:
            text = _("{origin}: unsourced.{key}: unknown ruleset key")
            problems.append(text.format(origin=origin, key=key))
        elif not isinstance(why, str) or not why:
            text = _("{origin}: unsourced.{key}: say why the value holds, as text")
            problems.append(text.format(origin=origin, key=key))
    if problems:
        raise RulesetError(problems)
    snapshot = {k: v for k, v in resolved.items() if k not in {"extends", "by_players"}}
    return Ruleset(
        **sections,
        id=str(ident),
        name=str(resolved.get("name", ident)),
        description=str(resolved.get("description", "")),
        status=str(status),
        sources={k: str(v) for k, v in resolved.get("sources", {}).items()},
        data=snapshot,
        unsourced={str(k): str(v) for k, v in unsourced.items()},
    )
