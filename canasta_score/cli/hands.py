"""``min-meld`` and ``score-hand``: stateless answers about one hand."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from canasta_score.cli.common import JsonOpt, PlayersOpt, RuleOpt, emit_json, load, ruleset_option
from canasta_score.core.errors import InputError, RecordError
from canasta_score.core.language import N_, _, pgettext, system_reason

if TYPE_CHECKING:
    from canasta_score.hands.scoring import HandScore


def read_text(path: str, limit: int | None = None, what: str = N_("a hand record")) -> str:
    """The text of a file, or of standard input for ``-``, refused past ``limit`` bytes
    (default: the limit of a hand record)."""
    from canasta_score.core.limits import MAX_RECORD, decode_utf8, read_limited, too_large

    limit = MAX_RECORD if limit is None else limit
    where = _("standard input") if path == "-" else path
    if path == "-":
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # a text stream put in place of standard input
            text = sys.stdin.read(limit + 1)
            if len(text) > limit:
                raise too_large(where, what, limit)
            return text
        return decode_utf8(read_limited(buffer, limit, where, what), where)
    try:
        with open(path, "rb") as stream:
            raw = read_limited(stream, limit, where, what)
    except FileNotFoundError:
        raise InputError(_("{path}: no such file").format(path=path)) from None
    except OSError as exc:
        raise InputError(
            _("{path}: cannot be read ({reason})").format(path=path, reason=system_reason(exc))
        ) from None
    return decode_utf8(raw, where)


def read_record_data(path: str) -> dict[str, Any]:
    """Parse a hand record file (TOML) into data."""
    return parse_record_text(read_text(path), _("standard input") if path == "-" else path)


def parse_record_text(text: str, where: str) -> dict[str, Any]:
    """Parse hand record text (TOML) into data, within the limits of the tool's input."""
    from canasta_score.core.limits import parse_toml

    try:
        return parse_toml(text, where)
    except InputError as exc:
        raise RecordError(str(exc)) from None


def render_score(result: HandScore) -> str:
    """A hand's breakdown as a table per side, with totals."""
    from canasta_score.cli.tables import fitted

    blocks = []
    head = (_("item"), _("points"), _("rule"))
    for side in result.sides:
        rows = [(i.words.said(), f"{i.points:+,d}", i.rule) for i in side.items]
        rows.append((pgettext("breakdown", "total"), f"{side.total:+,d}", ""))
        blocks.append(f"{side.name}\n" + fitted(rows, head, ("left", "right", "left")))
    return "\n\n".join(blocks)


def score_hand_cmd(
    file: Annotated[
        str | None,
        typer.Argument(metavar="FILE", help="Hand record (TOML); - reads standard input."),
    ] = None,
    ruleset: Annotated[
        str | None, ruleset_option("Ruleset id or file (else the record's).")
    ] = None,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    json: JsonOpt = False,
    batch: Annotated[
        str | None,
        typer.Option(
            "--batch",
            metavar="FILE",
            help="Score JSON lines from FILE (- for standard input), one breakdown per line.",
        ),
    ] = None,
) -> None:
    """Score one finished hand from its record.  Example: score-hand hand.toml -r classic"""
    if batch is not None:
        if file is not None:
            raise InputError(_("give either a hand record file or --batch, not both"))
        from canasta_score.cli.batch import run
        from canasta_score.hands.score_data import HandBatch

        # The options are the defaults of lines that leave them out.
        raise typer.Exit(run(batch, HandBatch(ruleset, players, tuple(rule or ()))))
    if file is None:
        raise InputError(_("give a hand record file (- reads standard input) or --batch FILE"))
    from canasta_score.hands.score_data import NoRuleset, score_data

    try:
        result = score_data(read_record_data(file), ruleset, players, tuple(rule or ()), load)
    except NoRuleset:
        raise RecordError(
            _('say which ruleset: --ruleset ID, or ruleset = "..." in the record')
        ) from None
    if json:
        emit_json(result.as_dict())
    else:
        typer.echo(render_score(result))


COMMANDS = {"score-hand": score_hand_cmd}
