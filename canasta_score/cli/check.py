"""``canasta-score check ...``: rulings at the table (CONTRACT section 5)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from canasta_score.cli import batch
from canasta_score.cli.common import (
    JsonOpt,
    PlayersOpt,
    RuleOpt,
    RulesetOpt,
    card,
    cards,
    load,
    melds,
    ranks,
    show_ruling,
)

app = typer.Typer(
    help="Is this play legal? Exit 0 legal, 1 illegal, 2 bad input.", no_args_is_help=True
)
batch.register(app)

TableOpt = Annotated[
    list[str] | None, typer.Option("--table", help="One of the side's melds (repeatable).")
]
ClosedOpt = Annotated[
    list[str] | None, typer.Option("--closed", help="A rank closed to everyone (repeatable).")
]


class Answer(StrEnum):
    yes = "yes"
    no = "no"


@app.command("meld")
def meld_cmd(
    meld: Annotated[str, typer.Argument(help='The cards, e.g. "K K 2" or "KS,KH,KD".')],
    ruleset: RulesetOpt = "classic",
    initial: Annotated[
        bool, typer.Option("--initial", help="Laid as part of the initial meld.")
    ] = False,
    to: Annotated[
        str | None, typer.Option("--to", help="Add the cards to this meld of the side.")
    ] = None,
    going_out: Annotated[bool, typer.Option("--going-out", help="Laid while going out.")] = False,
    table: TableOpt = None,
    closed: ClosedOpt = None,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    json: JsonOpt = False,
) -> None:
    """Is this meld legal to lay (or to add to a meld)?  Example: check meld "K K 2" """
    from canasta_score.rulings import check_meld

    rs = load(ruleset, players, rule)
    ruling = check_meld(
        rs,
        cards(meld),
        initial=initial,
        to=None if to is None else cards(to),
        going_out=going_out,
        table=melds(table),
        closed=ranks(closed),
    )
    show_ruling(ruling, json, meld)


@app.command("initial-meld")
def initial_meld_cmd(
    meld: Annotated[list[str], typer.Argument(help="Each meld laid this turn, one argument each.")],
    score: Annotated[int, typer.Option("--score", help="The side's score before the hand.")] = 0,
    ruleset: RulesetOpt = "classic",
    top_card: Annotated[
        str | None, typer.Option("--top-card", help="The top discard taken inside these melds.")
    ] = None,
    hand_number: Annotated[
        int | None, typer.Option("--hand-number", help="Hand number (1-based).")
    ] = None,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    json: JsonOpt = False,
) -> None:
    """Do these melds, laid together, make a legal initial meld?
    Example: check initial-meld "7 7 7 7" "A A JK" --score 1600"""
    from canasta_score.rulings import check_initial_meld

    rs = load(ruleset, players, rule)
    ruling = check_initial_meld(
        rs,
        [cards(m) for m in meld],
        score=score,
        top_card=card(top_card) if top_card else None,
        hand_number=hand_number,
    )
    show_ruling(ruling, json)


@app.command("pickup")
def pickup_cmd(
    top: Annotated[str, typer.Option("--top", help="The top card of the discard pile.")],
    hand: Annotated[str, typer.Option("--hand", help="The player's whole hand.")],
    ruleset: RulesetOpt = "classic",
    opened: Annotated[
        bool, typer.Option("--opened/--not-opened", help="Has the side made its initial meld?")
    ] = True,
    frozen: Annotated[
        bool, typer.Option("--frozen", help="The pile holds a freezing card.")
    ] = False,
    score: Annotated[int, typer.Option("--score", help="The side's score before the hand.")] = 0,
    table: TableOpt = None,
    closed: ClosedOpt = None,
    pile_size: Annotated[int | None, typer.Option("--pile-size", help="Cards in the pile.")] = None,
    hand_number: Annotated[
        int | None, typer.Option("--hand-number", help="Hand number (1-based).")
    ] = None,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    json: JsonOpt = False,
) -> None:
    """May this player take the discard pile now? The tool finds a legal way in the hand.
    Example: check pickup --top KD --hand "KS KH 5C 5D 5H" --not-opened --score 2000"""
    from canasta_score.rulings import check_pickup

    rs = load(ruleset, players, rule)
    ruling = check_pickup(
        rs,
        card(top),
        cards(hand),
        opened=opened,
        frozen=frozen,
        score=score,
        table=melds(table),
        closed=ranks(closed),
        pile_size=pile_size,
        hand_number=hand_number,
    )
    show_ruling(ruling, json)


@app.command("discard")
def discard_cmd(
    discard: Annotated[str, typer.Argument(help="The card to discard.")],
    hand: Annotated[
        str, typer.Option("--hand", help="The hand before the discard (with the card).")
    ],
    ruleset: RulesetOpt = "classic",
    pile_empty: Annotated[
        bool, typer.Option("--pile-empty", help="The discard pile is empty.")
    ] = False,
    closed: ClosedOpt = None,
    going_out: Annotated[bool, typer.Option("--going-out", help="This discard goes out.")] = False,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    json: JsonOpt = False,
) -> None:
    """May this card be discarded now?
    Example: check discard KC --hand "AS 7D KC JK" --pile-empty"""
    from canasta_score.rulings import check_discard

    rs = load(ruleset, players, rule)
    ruling = check_discard(
        rs,
        card(discard),
        cards(hand),
        pile_empty=pile_empty,
        closed=ranks(closed),
        going_out=going_out,
    )
    show_ruling(ruling, json, discard)


@app.command("go-out")
def go_out_cmd(
    table: TableOpt = None,
    ruleset: RulesetOpt = "classic",
    discard: Annotated[
        str | None, typer.Option("--discard", help="The final discard, if any.")
    ] = None,
    partner: Annotated[
        Answer | None, typer.Option("--partner", help="The partner's answer when asked.")
    ] = None,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    json: JsonOpt = False,
) -> None:
    """May the side go out with these melds (as they will stand)?
    Example: check go-out --table "Q Q Q Q Q Q Q" --table "K K K" """
    from canasta_score.rulings import check_go_out

    rs = load(ruleset, players, rule)
    ruling = check_go_out(
        rs,
        melds(table),
        discard=card(discard) if discard else None,
        partner=partner.value if partner else None,
    )
    show_ruling(ruling, json)
