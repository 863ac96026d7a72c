"""The command line: Typer only. Each command parses, calls one library function, renders."""

from __future__ import annotations

import sys

import typer

from canasta_score.cli import check, game, hands, rules

app = typer.Typer(
    name="canasta-score",
    help="Score Canasta games at the table and settle rules questions, for every variant.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(rules.app, name="rules")
app.add_typer(check.app, name="check")
hands.register(app)
game.register(app)


def main(argv: list[str] | None = None) -> None:
    """Entry point: runs the app and turns the project's errors into ``Error: ...`` and exit 2."""
    from canasta_score.cli.startup import only_needed
    from canasta_score.errors import CanastaError

    args = sys.argv[1:] if argv is None else argv
    try:
        only_needed(app, args)(args=args)
    except CanastaError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("Error: interrupted; nothing was saved", file=sys.stderr)
        sys.exit(2)
