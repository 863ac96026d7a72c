"""Games for the chart and page tests, built through the library (plain functions).

Each hand is RULES 2.7 example C5 (tests/data/classic_c5.toml): the side going out scores
1,240, the other 225; the sides take turns to go out.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from canasta_score.core.frozen import replace
from canasta_score.games.game import Game, new_game, parse_side
from canasta_score.rules.catalog import load_ruleset

C5 = Path(__file__).parent / "data" / "classic_c5.toml"
SIDES = ("Ann & Bob", "Cy & Di")
# Names that would break a page built by pasting text: markup, an ampersand, both quotes.
ODD = ('<b>Ann</b> & "Bo"', "Cy's <script>alert(1)</script> & Di")


def c5_hand(number: int, names: tuple[str, str] = SIDES) -> dict[str, Any]:
    """C5 with side A as the first side in odd hands and as the second in even hands."""
    a, b = tomllib.loads(C5.read_text(encoding="utf-8"))["side"]
    first, second = (a, b) if number % 2 else (b, a)
    return {"side": [dict(first, name=names[0]), dict(second, name=names[1])]}


def c5_game(hands: int = 4) -> Game:
    """ "club-night", Classic (target 5,000): Ann & Bob against Cy & Di, ``hands`` C5 hands."""
    rs = load_ruleset("classic")
    game = new_game("club-night", "2026-01-10T20:00:00", rs, [parse_side(s) for s in SIDES])
    return replace(game, hands=tuple(c5_hand(n) for n in range(1, hands + 1)))


def odd_game(hands: int = 3) -> Game:
    """A game whose sides are named with markup, ampersands and quotes (see ``ODD``)."""
    rs = load_ruleset("classic")
    sides = [parse_side(f"{ODD[0]}: Ann & Bob"), parse_side(f"{ODD[1]}: Cy & Di")]
    game = new_game("Bo's & Di's night", "2026-01-10T20:00:00", rs, sides)
    records = tuple(c5_hand(n, ODD) for n in range(1, hands + 1))
    return replace(game, hands=records)
