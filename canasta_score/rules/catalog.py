"""Finding and reading ruleset files: the bundled ones and a user's own TOML files."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from canasta_score.core.errors import CanastaError, RulesetError
from canasta_score.core.language import _, system_reason
from canasta_score.rules import DEFAULT_RULESET
from canasta_score.rules.ruleset import Ruleset, build_ruleset, extend, missing_problem

if TYPE_CHECKING:
    from canasta_score.rules.rulebook import Explanation


class ExtendsTooDeep(RulesetError):
    """A ruleset reached through more ``extends`` steps than the limit allows."""


def bundled_dir() -> Path:
    """The folder of bundled rulesets: inside the installed package, or beside the source tree."""
    here = Path(__file__).resolve().parent.parent  # the package
    inside = here / "rulesets"
    return inside if inside.is_dir() else here.parent / "rulesets"


def bundled_ids() -> list[str]:
    """Ids of the bundled rulesets, sorted."""
    return sorted(p.stem for p in bundled_dir().glob("*.toml"))


def read_toml(path: Path) -> dict[str, Any]:
    """A ruleset file's TOML, refused past the size and nesting limits of a ruleset."""
    from canasta_score.core.errors import InputError
    from canasta_score.core.limits import MAX_RULESET, decode_utf8, parse_toml, read_limited

    try:
        with path.open("rb") as stream:
            raw = read_limited(stream, MAX_RULESET, str(path), "a ruleset file")
        return parse_toml(decode_utf8(raw, str(path)), str(path))
    except FileNotFoundError:
        raise RulesetError([_("{path}: no such file").format(path=path)]) from None
    except OSError as exc:
        text = _("{path}: cannot be read ({reason})")
        raise RulesetError([text.format(path=path, reason=system_reason(exc))]) from None
    except InputError as exc:
        raise RulesetError([str(exc)]) from None


def locate(ref: str, relative_to: Path | None = None) -> Path:
    """The file of a ruleset given by bundled id or by path."""
    candidate = bundled_dir() / f"{ref}.toml"
    if "/" not in ref and "\\" not in ref and not ref.endswith(".toml") and candidate.is_file():
        return candidate
    try:
        path = Path(ref).expanduser()
    except RuntimeError:  # "~name" of a user who does not exist: the name as it is
        path = Path(ref)
    if not path.is_absolute() and relative_to is not None and (relative_to / path).is_file():
        path = relative_to / path
    if path.is_file():
        return path
    if "/" in ref or "\\" in ref or ref.endswith(".toml"):
        raise RulesetError([_("{path}: no such ruleset file").format(path=ref)])
    known = ", ".join(bundled_ids())
    text = _('unknown ruleset "{ruleset}": give a bundled id ({known}) or a TOML file')
    raise RulesetError([text.format(ruleset=ref, known=known)])


def resolve(
    ref: str, relative_to: Path | None = None, seen: tuple[Path, ...] = ()
) -> dict[str, Any]:
    """A ruleset document with its ``extends`` chain applied."""
    from canasta_score.core.limits import MAX_EXTENDS

    path = locate(ref, relative_to)
    if path.resolve() in seen:
        text = _("{path}: extends itself through {chain}")
        raise RulesetError([text.format(path=path, chain=" -> ".join(map(str, seen)))])
    if len(seen) > MAX_EXTENDS:
        text = _("{path}: extends: a chain of more than {most} steps (the limit)")
        raise ExtendsTooDeep([text.format(path=seen[0], most=MAX_EXTENDS)])
    doc = read_toml(path)
    parent_ref = doc.get("extends")
    origin = doc.get("id", path.stem) if path.parent == bundled_dir() else str(path)
    if parent_ref is None:
        return extend({}, doc, str(origin))
    if not isinstance(parent_ref, str) or not parent_ref:
        text = _("{path}: extends: expected the id or path of another ruleset")
        raise RulesetError([text.format(path=path)])
    try:
        parent = resolve(parent_ref, path.parent, (*seen, path.resolve()))
    except ExtendsTooDeep:
        raise
    except RulesetError as exc:
        text = _("{path}: extends: {problem}")
        raise RulesetError([text.format(path=path, problem=p) for p in exc.problems]) from None
    child = dict(doc)
    child.setdefault("source", f"{doc.get('id', path.stem)} ({path.name})")
    return extend(parent, child, str(origin))


def load_ruleset(
    ref: str, *, players: int | None = None, overrides: list[str] | None = None
) -> Ruleset:
    """Load a bundled or user ruleset for a player count, with house-rule overrides."""
    path = locate(ref)
    if path.parent == bundled_dir():
        return cached_bundled(path, players, list(overrides or []))
    return build_file(ref, path, players, overrides)


class BatchRulesets:
    """The rulesets of a batch: each (ruleset, players, house rules) is loaded once for the lines
    that follow; a failure is kept as its error and raised for each line that names it. At most
    :attr:`KEPT` are kept, so a batch whose every line names other house rules stays bounded in
    memory (when full, the kept ones are let go and loaded again as lines name them)."""

    KEPT = 256

    def __init__(self) -> None:
        self._found: dict[tuple[str, int | None, tuple[str, ...]], Ruleset | CanastaError] = {}

    def __len__(self) -> int:
        """How many rulesets (or their errors) are kept."""
        return len(self._found)

    def __call__(self, ref: str, players: int | None, rules: tuple[str, ...]) -> Ruleset:
        found = self._found.get((ref, players, rules))
        if found is None:
            try:
                found = load_ruleset(ref, players=players, overrides=list(rules))
            except CanastaError as exc:
                found = exc
            if len(self._found) >= self.KEPT:
                self._found.clear()
            self._found[ref, players, rules] = found
        if isinstance(found, CanastaError):
            raise found
        return found


def cached_bundled(path: Path, players: int | None, overrides: list[str]) -> Ruleset:
    """A bundled ruleset from the compiled cache, or built and put there."""
    from canasta_score.rules import rulecache

    try:
        key = rulecache.fingerprint(path.parent, path.stem, players, overrides)
    except OSError:
        return build_file(path.stem, path, players, overrides)
    entry = rulecache.entry(key)
    found = rulecache.read(entry, key)
    if found is None:
        found = build_file(path.stem, path, players, overrides)
        rulecache.write(entry, key, found)
    return found


def build_file(ref: str, path: Path, players: int | None, overrides: list[str] | None) -> Ruleset:
    """Resolve, validate and freeze the ruleset in ``path`` (which ``ref`` names)."""
    bundled = path.parent == bundled_dir()
    origin = path.name if bundled else str(path)
    data = resolve(ref)
    try:
        return build_ruleset(data, origin=origin, players=players, overrides=overrides)
    except RulesetError as exc:
        mark = missing_problem("")
        missing = any(mark in p for p in exc.problems)
        if not bundled and missing and "extends" not in read_toml(path):
            hint = _(
                "{path}: extends: missing; a house-rules file starts from a bundled ruleset, "
                'e.g. extends = "classic"'
            )
            raise RulesetError([hint.format(path=path), *exc.problems]) from None
        raise


def validate_file(path: str) -> Ruleset:
    """Load a user ruleset file for every player count it offers; raises listing every problem."""
    rs = load_ruleset(path)
    problems: list[str] = []
    for count in rs.table.player_counts:
        try:
            load_ruleset(path, players=count)
        except RulesetError as exc:
            text = _("with {players} players: {problem}")
            problems += [text.format(players=count, problem=p) for p in exc.problems]
    if problems:
        raise RulesetError(problems)
    return rs


def list_bundled() -> list[Ruleset]:
    """Every bundled ruleset at its default player count."""
    return [load_ruleset(i) for i in bundled_ids()]


def bundled_family(ref: str) -> str:
    """The bundled ruleset that ``ref`` is or extends ("" if its chain names none)."""
    seen: set[Path] = set()
    path = locate(ref)
    while path.parent != bundled_dir():
        if path.resolve() in seen:
            return ""
        seen.add(path.resolve())
        parent = read_toml(path).get("extends")
        if not isinstance(parent, str) or not parent:
            return ""
        path = locate(parent, path.parent)
    return path.stem


def explain(
    rule: str,
    ref: str | None = None,
    *,
    players: int | None = None,
    overrides: list[str] | None = None,
) -> Explanation:
    """Explain one rule of a ruleset. Without ``ref`` the ruleset is the one the rule id names
    (``samba.meld.max-wilds``), or classic for a bare key."""
    from canasta_score.rules.rulebook import explain_rule, split_rule_id

    prefix, _ = split_rule_id(rule)
    if ref is None:
        ref = prefix if prefix in bundled_ids() else DEFAULT_RULESET
        if prefix is not None and prefix != ref:
            raise RulesetError([unbundled_prefix(rule.strip(), prefix)])
    rs = load_ruleset(ref, players=players, overrides=overrides)
    return explain_rule(rs, rule, bundled_family(ref))


def unbundled_prefix(rule: str, prefix: str) -> str:
    """The message for a rule id whose ruleset is not bundled, with the closest bundled id."""
    import difflib

    close = difflib.get_close_matches(prefix, bundled_ids(), n=1)
    if close:
        text = _(
            'rule "{rule}": no bundled ruleset "{prefix}"; did you mean "{close}"? for a ruleset '
            "of your own, name its file"
        )
        return text.format(rule=rule, prefix=prefix, close=close[0])
    text = _(
        'rule "{rule}": no bundled ruleset "{prefix}"; for a ruleset of your own, name its file'
    )
    return text.format(rule=rule, prefix=prefix)
