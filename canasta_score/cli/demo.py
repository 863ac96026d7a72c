"""``canasta-score demo``: a four-hand Classic game scored end to end in a temporary folder.

Hand 1 is example C5 of docs/rules/classic.md, card by card (the queen "them" holds is a club:
the spades are both in the canasta of "us"); hands 2 and 3 are in the quick form (hand 3 with a
slip, 300 left instead of 30, put right with ``edit``) and bring the sides to 4,800 and 4,950
(example C8); hand 4 scores as C5, "them" melding its minimum at 4,950, and ends the game: us
6,040, them 5,175. Everything is written in the words of the language in use (JSON: English).
"""

from __future__ import annotations

import io
import os
import shlex
import tempfile
from collections.abc import Callable
from contextlib import chdir, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import typer

from canasta_score.core.language import N_, _

# The sides and their players, said in the language in use.
US, THEM = N_("us"), N_("them")
PLAYERS = {US: N_("Ann & Bob"), THEM: N_("Cy & Di")}
# The records' comments, by their record.
COMMENTS = {
    "C5": N_(
        'Example C5 of docs/rules/classic.md: "{us}" goes out with a natural and a mixed canasta.'
    ),
    "HAND3": N_("Hand 3 as it should have been entered: 30 left, not 300."),
    "HAND4": N_(
        'Hand 4: "{us}" goes out as in C5; "{them}" melds 125, enough for the minimum of 120 at '
        "4,950."
    ),
}

C5 = """\
# {comment}
[[side]]
name = "us"
melds = ["QS QH QD QC QS QH QD", "8S 8H 8D 8C 8S 2C JK", "5S 5H 5D"]
red_threes = 2
in_hand = ["", "9C 4D JK"]
went_out = true

[[side]]
name = "them"
melds = ["6S 6H 6D 2D", "AS AH AD"]
red_threes = 2
in_hand = ["KS KH 7C 3S", "JD QC 2S"]
"""

# Hand 4: "us" as in C5; "them", now at 4,950 and so with a minimum of 120, melded K K K too
# (a count of 125) and held K K less and a joker more: still 225.
HAND4 = """\
# {comment}
[[side]]
name = "us"
melds = ["QS QH QD QC QS QH QD", "8S 8H 8D 8C 8S 2C JK", "5S 5H 5D"]
red_threes = 2
in_hand = ["", "9C 4D JK"]
went_out = true

[[side]]
name = "them"
melds = ["6S 6H 6D 2D", "AS AH AD", "KS KH KD"]
red_threes = 2
in_hand = ["7C 3S", "JD QC 2S JK"]
"""

# Hands 2 and 3 as entered in the quick form (hand 3 with the slip: 300 left).
QUICK_HANDS: list[list[dict[str, Any]]] = [
    [
        {
            "name": "us",
            "meld_points": 420,
            "canastas": {"natural": 2, "mixed": 1},
            "red_threes": 1,
            "in_hand_points": 30,
        },
        {
            "name": "them",
            "meld_points": 480,
            "canastas": {"natural": 2, "mixed": 2},
            "red_threes": 3,
            "went_out": True,
        },
    ],
    [
        {
            "name": "us",
            "meld_points": 400,
            "canastas": {"natural": 1, "mixed": 3},
            "in_hand_points": 300,
        },
        {
            "name": "them",
            "meld_points": 445,
            "canastas": {"natural": 2, "mixed": 2},
            "red_threes": 1,
            "went_out": True,
        },
    ],
]


def steps() -> list[list[str]]:
    """The demo's command lines, the quick form in the words of the language in use."""
    from canasta_score.hands.entry import describe_side

    quick = [
        ["hand", *(describe_side({**side, "name": _(side["name"])}) for side in hand)]
        for hand in QUICK_HANDS
    ]
    sides = [f"{_(side)}: {_(players)}" for side, players in PLAYERS.items()]
    return [
        ["new", "demo", "--side", sides[0], "--side", sides[1]],
        ["hand", "--file", "hand1.toml"],
        *quick,
        ["edit", "3", "--file", "hand3.toml"],
        ["hand", "--file", "hand4.toml", "--yes"],
        ["status"],
    ]


HAND3 = """\
# {comment}
[[side]]
name = "us"
meld_points = 400
canastas = { natural = 1, mixed = 3 }
in_hand_points = 30

[[side]]
name = "them"
meld_points = 445
canastas = { natural = 2, mixed = 2 }
red_threes = 1
went_out = true
"""


# The record files the demo writes, and which record each holds.
FILES = {"hand1.toml": "C5", "hand3.toml": "HAND3", "hand4.toml": "HAND4"}


def record(which: str) -> str:
    """A record file of the demo (``C5``, ``HAND3`` or ``HAND4``) in the words of the language in
    use: its comment and its sides' names."""
    text = {"C5": C5, "HAND3": HAND3, "HAND4": HAND4}[which]
    comment = _(COMMENTS[which]).format(us=_(US), them=_(THEM))
    text = text.replace("{comment}", comment)
    for side in (US, THEM):
        text = text.replace(f'name = "{side}"', f'name = "{_(side)}"')
    return text


def run(app: Callable[[list[str]], object], as_json: bool = False) -> None:
    """Play the demo game through ``app`` (runs one command line), printing each command and
    what it prints; with ``as_json`` print one JSON object instead: the commands and the game's
    status at the end."""

    saved = os.environ.get("CANASTA_SCORE_HOME")
    commands = steps()
    with tempfile.TemporaryDirectory(prefix="canasta-demo-") as home, chdir(home):
        os.environ["CANASTA_SCORE_HOME"] = home
        try:
            for name, which in FILES.items():
                Path(name).write_text(record(which), encoding="utf-8")
            if as_json:
                with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                    for args in commands:
                        app(args)
                from canasta_score.cli.common import emit_json
                from canasta_score.games.store import Store

                store = Store(Path(home))
                status = store.summary(store.locate("demo")).status()
                store.close()
                emit_json({"commands": [shlex.join(a) for a in commands], "status": status})
                return
            typer.echo(_("A four-hand Classic game, scored in a temporary folder.") + "\n")
            for args in commands:
                typer.echo(f"$ canasta-score {shlex.join(args)}")
                for name in FILES:
                    if name in args:
                        typer.echo(Path(name).read_text(encoding="utf-8"))
                app(args)
                typer.echo("")
        finally:
            if saved is None:
                os.environ.pop("CANASTA_SCORE_HOME", None)
            else:
                os.environ["CANASTA_SCORE_HOME"] = saved
    typer.echo(_('Start your own game with: canasta-score new --side "Ann & Bob" --side "Cy & Di"'))
