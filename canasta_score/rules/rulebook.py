"""Explaining one rule: its text, its value, its source and the docs/rules page that explains it.

Pure: takes a loaded ruleset and a rule id as cited in rulings and score lines. The pages are
only named (a path under ``docs/rules/`` and a section anchor), never read.
"""

from __future__ import annotations

import difflib
from typing import Any

from canasta_score.core.errors import InputError
from canasta_score.core.frozen import record
from canasta_score.core.language import KOREAN, _, current
from canasta_score.rules import schema
from canasta_score.rules.ruleset import Ruleset, schema_keys, section_fields
from canasta_score.rules.schema import Tier

DOCS = "docs/rules"
# The rules pages written in Korean too (docs/ko/rules), with the English pages' anchors.
KOREAN_DOCS = "docs/ko/rules"
KOREAN_PAGES = ("classic.md", "modern-american.md", "samba.md")
# A bundled ruleset's page is docs/rules/ID.md (a user ruleset uses the page of the bundled
# one it extends); classic for six players has its own.
SIX_PLAYERS_PAGE = "six-players.md"
INDEX_PAGE = "index.md"
# The section of a page that explains the keys of a ruleset section (or a fixed rule's group).
ANCHORS = {
    "table": "players-cards-and-the-deal",
    "deck": "players-cards-and-the-deal",
    "deal": "players-cards-and-the-deal",
    "draw": "players-cards-and-the-deal",
    "values": "card-values",
    "meld": "melds",
    "canasta": "canastas",
    "threes": "threes",
    "initial_meld": "initial-meld",
    "initial-meld": "initial-meld",
    "pile": "the-discard-pile",
    "discard": "discarding",
    "go_out": "going-out",
    "go-out": "going-out",
    "penalties": "scoring-a-hand",
    "scoring": "scoring-a-hand",
    "special_hands": "special-hands",
    "acaba": "acaba",
    "game": "game-end",
}


@record
class Explanation:
    """One rule of one ruleset, explained."""

    id: str
    key: str
    ruleset: str
    text: str
    value: Any
    setting: bool
    choices: tuple[str, ...]
    source: str
    page: str
    unsourced: str = ""  # why the ruleset holds a value no source gives ("" when one does)

    def as_dict(self) -> dict[str, Any]:
        mark = {"unsourced": self.unsourced} if self.unsourced else {}
        return {
            "id": self.id,
            "key": self.key,
            "ruleset": self.ruleset,
            "text": self.text,
            "value": plain_value(self.value),
            "setting": self.setting,
            "choices": list(self.choices),
            "source": self.source,
            "page": self.page,
            **mark,
        }


def known_keys() -> dict[str, str]:
    """Every citable key by its id spelling: ``meld.wild-ratio`` → ``meld.wild_ratio``."""
    keys = [*schema_keys(), *schema.FIXED_RULES]
    return {spell(k): k for k in keys}


def spell(key: str) -> str:
    """A key as rule ids spell it: underscores become hyphens."""
    return key.replace("_", "-")


def split_rule_id(text: str) -> tuple[str | None, str]:
    """``classic.meld.wild-ratio`` → ("classic", "meld.wild_ratio"); a bare key → (None, key).

    Underscores and hyphens are both accepted in the key. Raises :class:`InputError` naming the
    id, with the closest known id, when no rule matches.
    """
    wanted = text.strip()
    keys = known_keys()
    spelled = spell(wanted.lower())
    if spelled in keys:
        return None, keys[spelled]
    found = [k for k in keys if spelled.endswith("." + k)]
    if found:
        longest = max(found, key=len)
        prefix = wanted[: len(wanted) - len(longest) - 1]
        return prefix, keys[longest]
    raise InputError(unknown_message(wanted, spelled, keys))


def unknown_message(wanted: str, spelled: str, keys: dict[str, str]) -> str:
    """``unknown rule "X"``, with the closest known rule id when one is close."""
    head, rest = "", spelled
    if spelled.count(".") >= 2:  # ruleset id, section, key: ruleset ids hold no dot
        first, rest = spelled.split(".", 1)
        head = first + "."
    close = difflib.get_close_matches(rest, list(keys), n=1, cutoff=0.6)
    if close:
        text = _('unknown rule "{rule}"; did you mean "{close}"? (rules show lists every rule id)')
        return text.format(rule=wanted, close=head + close[0])
    return _('unknown rule "{rule}" (rules show lists every rule id)').format(rule=wanted)


def page_for(family: str, key: str, players: int) -> str:
    """The docs page (and section anchor) that explains ``key`` for a ruleset family: in
    Korean, the Korean page where there is one (it keeps the English page's anchors)."""
    if not family:
        return f"{DOCS}/{INDEX_PAGE}"
    page = SIX_PLAYERS_PAGE if family == "classic" and players == 6 else f"{family}.md"
    folder = KOREAN_DOCS if current() == KOREAN and page in KOREAN_PAGES else DOCS
    section = key.split(".", 1)[0]
    anchor = ANCHORS.get(section)
    return f"{folder}/{page}#{anchor}" if anchor else f"{folder}/{page}"


def said_source(source: str) -> str:
    """A rule's source note as a person reads it, in the language in use: a bundled ruleset's
    note and the house rule's mark from the catalog (a note of the user's own as written), and
    in Korean a docs/rules page that is written in Korean too named by its Korean page. The
    JSON and the exports keep the note as the ruleset has it."""
    said = _(source)
    if current() != KOREAN:
        return said
    for page in KOREAN_PAGES:
        said = said.replace(f"{DOCS}/{page}", f"{KOREAN_DOCS}/{page}")
    return said


def explain_rule(rs: Ruleset, rule: str, family: str) -> Explanation:
    """Explain the rule ``rule`` (an id as cited, or a bare key) of ``rs``.

    ``family`` is the id of the bundled ruleset ``rs`` is (or extends); it picks the page.
    """
    prefix, key = split_rule_id(rule)
    if prefix is not None and prefix != rs.id:
        text = _(
            'rule "{rule}" belongs to ruleset "{prefix}", not "{ruleset}"; give the bare key '
            "{key} to see it in {ruleset}"
        )
        raise InputError(
            text.format(rule=rule.strip(), prefix=prefix, ruleset=rs.id, key=spell(key))
        )
    fixed = key in schema.FIXED_RULES
    choices: tuple[str, ...] = ()
    if not fixed:
        section, name = key.split(".", 1)
        section_cls: type = type(getattr(rs, section))
        choices = tuple(section_fields(section_cls)[name].metadata["choices"])
    return Explanation(
        id=rs.rule_id(key),
        key=key,
        ruleset=rs.id,
        text=rs.rule_text(key),
        value=None if fixed else rs.value(key),
        setting=not fixed,
        choices=choices,
        source=rs.rule_source(key),
        page=page_for(family, key, rs.players),
        unsourced="" if fixed else rs.rule_unsourced(key),
    )


def plain_value(value: Any) -> Any:
    """A value as JSON or TOML holds it: tuples become lists, tiers become tables."""
    if isinstance(value, tuple):
        return [plain_value(v) for v in value]
    if isinstance(value, Tier):
        out: dict[str, Any] = {} if value.start is None else {"from": value.start}
        out["minimum"] = value.minimum
        if value.requires:
            out["requires"] = value.requires
        return out
    return value


def toml_value(value: Any) -> str:
    """A value written as it goes after ``--rule KEY=`` (TOML syntax)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)
