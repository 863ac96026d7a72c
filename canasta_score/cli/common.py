"""Options shared by several commands, and the output helpers."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from canasta_score.cards import Card, Rank
    from canasta_score.ruleset import Ruleset
    from canasta_score.rulings import Ruling

RulesetOpt = Annotated[
    str, typer.Option("--ruleset", "-r", help="Bundled ruleset id or path to a TOML file.")
]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of players (default: the ruleset's).")
]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--rule", help="House rule SECTION.KEY=VALUE (repeatable), e.g. go_out.bonus=200."
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def load(ruleset: str, players: int | None, rule: list[str] | None) -> Ruleset:
    """Load a ruleset for a command."""
    from canasta_score.catalog import load_ruleset

    return load_ruleset(ruleset, players=players, overrides=list(rule or []))


def cards(text: str) -> tuple[Card, ...]:
    from canasta_score.cards import parse_cards

    return parse_cards(text)


def card(text: str) -> Card:
    from canasta_score.cards import parse_card

    return parse_card(text)


def melds(texts: list[str] | None) -> tuple[tuple[Card, ...], ...]:
    return tuple(cards(t) for t in texts or [])


def ranks(texts: list[str] | None) -> frozenset[Rank]:
    """Closed ranks given as ``K``, ``7``, ``A``..."""
    from canasta_score.cards import Rank
    from canasta_score.errors import CardNotationError

    out = set()
    for text in texts or []:
        token = text.strip().upper()
        token = "10" if token == "T" else token
        try:
            rank = Rank(token)
        except ValueError:
            raise CardNotationError(f'--closed "{text}": give a rank such as K, 7 or A') from None
        if not rank.is_natural:
            raise CardNotationError(f'--closed "{text}": only natural ranks (A to 4) close')
        out.add(rank)
    return frozenset(out)


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def show_ruling(ruling: Ruling, as_json: bool, title: str = "") -> None:
    """Print a ruling and exit 0 (legal) or 1 (illegal)."""
    if as_json:
        emit_json(ruling.as_dict())
    else:
        verdict = "LEGAL" if ruling.legal else "ILLEGAL"
        typer.echo(f"{verdict}{': ' + title if title else ''}")
        for reason in ruling.cited:
            typer.echo(f"  - {reason.text}  [{reason.rule}]")
        for key, value in ruling.extra.items():
            if value not in (None, [], ""):
                shown = ", ".join(map(str, value)) if isinstance(value, list) else value
                typer.echo(f"  {key.replace('_', ' ')}: {shown}")
    raise typer.Exit(0 if ruling.legal else 1)
