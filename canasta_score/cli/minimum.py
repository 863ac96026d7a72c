"""``canasta-score min-meld``: the minimum count of a side's initial meld (CONTRACT 5.1), built
from its check in :mod:`canasta_score.judging.checks` as the ``check`` subcommands are."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from canasta_score.cli.check import command_for
from canasta_score.cli.common import emit_answer
from canasta_score.core.language import _
from canasta_score.judging.checks import CHECKS

if TYPE_CHECKING:
    from canasta_score.rules.minimum import Minimum


def show_minimum(need: Minimum, as_json: bool, title: str = "") -> None:
    """Print the minimum; ``title``: the side it is for, with its score (``--side``)."""
    if as_json:
        emit_answer(need)
        return
    typer.echo(minimum_text(need, title))


def minimum_text(need: Minimum, title: str = "") -> str:
    """The initial-meld minimum as lines of text (``min-meld``, and ``min`` in ``play``)."""
    if title:
        text = _("Initial meld minimum for {side}: {minimum}  [{rule}]")
    else:
        text = _("Initial meld minimum: {minimum}  [{rule}]")
    lines = [text.format(side=title, minimum=need.minimum, rule=need.rule.rule)]
    lines += [_("  and {requirement}").format(requirement=r) for r in need.requires]
    return "\n".join(lines)


COMMANDS = {"min-meld": command_for(CHECKS["min-meld"], show_minimum, side_title=True)}
