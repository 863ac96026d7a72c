"""Classic hand scoring (RULES 2.6, examples C5-C7) and record validation (CONTRACT 6)."""

from __future__ import annotations

import pytest
from helpers import items, score, totals

from canasta_score.core.errors import RecordError
from canasta_score.rules.ruleset import Ruleset


def test_classic_C5_full_hand(classic: Ruleset, c5_text: str) -> None:
    result = score(classic, c5_text)
    assert totals(result) == {"A": 1240, "B": 225}
    a = items(result, "A")
    assert a["classic.scoring.melded-cards"] == 205
    assert a["classic.canasta.natural"] == 500
    assert a["classic.canasta.mixed"] == 300
    assert a["classic.threes.red-values"] == 200
    assert a["classic.go-out.bonus"] == 100
    assert a["classic.scoring.cards-in-hand"] == -65


def test_classic_C5_side_b_never_melded(classic: Ruleset, c5_unmelded_text: str) -> None:
    """Had B never melded: red threes -200, hands -(70 + 95) = -165, total -365."""
    result = score(classic, c5_unmelded_text)
    assert totals(result)["B"] == -365
    assert items(result, "B")["classic.threes.red-values"] == -200


def test_classic_C6_concealed_going_out(classic: Ruleset) -> None:
    """120 + 500 + 100 + 100 - 95 = 725."""
    result = score(
        classic,
        """
[[side]]
name = "A"
melds = ["J J J J J J J", "9 9 9 2"]
in_hand = ["", "JK A 10 10 5"]
went_out = true
concealed = true

[[side]]
name = "B"
melds = ["K K K"]
in_hand = ["Q", "4 4"]
""",
    )
    assert totals(result) == {"A": 725, "B": 10}
    assert items(result, "A")["classic.go-out.concealed-bonus"] == 100


def test_classic_C7_all_four_red_threes_unopened(classic: Ruleset) -> None:
    """-800 for the four red threes, and the hand (K Q = 20) counts against as well."""
    result = score(
        classic,
        """
[[side]]
name = "A"
melds = ["Q Q Q Q Q Q Q"]
went_out = true

[[side]]
name = "B"
red_threes = ["3H", "3H", "3D", "3D"]
in_hand = ["K", "Q"]
""",
    )
    assert totals(result)["B"] == -820
    assert items(result, "B")["classic.threes.red-values"] == -800
    assert totals(result)["A"] == 70 + 500 + 100


def test_summary_form_matches_contract_scenario_hand_2(classic: Ruleset) -> None:
    """A: 300 + 300 - 40 = 560; B: 250 + 500 + 100 = 850."""
    result = score(
        classic,
        """
[[side]]
name = "A"
meld_points = 300
canastas = { natural = 0, mixed = 1 }
in_hand_points = 40

[[side]]
name = "B"
meld_points = 250
canastas = { natural = 1, mixed = 0 }
went_out = true
""",
    )
    assert totals(result) == {"A": 560, "B": 850}


def test_three_players_score_three_sides(classic3: Ruleset) -> None:
    result = score(
        classic3,
        """
[[side]]
name = "Ann"
melds = ["Q Q Q Q Q Q Q"]
went_out = true
[[side]]
name = "Bob"
melds = ["K K K"]
in_hand = "5 5"
[[side]]
name = "Cy"
in_hand = "A"
red_threes = 1
""",
    )
    assert totals(result) == {"Ann": 670, "Bob": 20, "Cy": -120}


def test_seven_canastas_win_t6() -> None:
    from canasta_score.rules.catalog import load_ruleset

    rs = load_ruleset("classic", overrides=["game.seven_canastas_win=5000"])
    result = score(
        rs,
        """
[[side]]
name = "A"
meld_points = 700
canastas = { natural = 7 }
went_out = true
[[side]]
name = "B"
meld_points = 50
""",
    )
    assert totals(result) == {"A": 5000, "B": 50}


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            '[[side]]\nname="A"\nmelds=["Q Q Q Q Q Q Q"]\nwent_out=true\n'
            '[[side]]\nname="B"\nmelds=["K K K K K K K"]\nwent_out=true\n',
            "only one side can go out",
        ),
        (
            '[[side]]\nname="A"\nmelds=["Q Q Q Q Q Q"]\nwent_out=true\n[[side]]\nname="B"\n',
            "needs 1 canasta",
        ),
        ('[[side]]\nname="A"\nmelds=["K K 2 2"]\n[[side]]\nname="B"\n', "meld 1 (K K 2 2)"),
        (
            '[[side]]\nname="A"\nmelds=["JK JK JK 5 5 5 5"]\n[[side]]\nname="B"\nin_hand="JK JK"\n',
            "5 jokers",
        ),
        ('[[side]]\nname="A"\nred_threes=3\n[[side]]\nname="B"\nred_threes=2\n', "5 red threes"),
        ('[[side]]\nname="A"\n', "has 2 sides"),
        (
            '[[side]]\nname="A"\nmeld_points=20\ncanastas={natural=1}\n[[side]]\nname="B"\n',
            "at least 35",
        ),
        ('[[side]]\nname="A"\nmeld_points=33\n[[side]]\nname="B"\n', "multiple of 5"),
        (
            '[[side]]\nname="A"\nmelds=["K K K"]\nmeld_points=30\n[[side]]\nname="B"\n',
            "cannot be mixed",
        ),
        (
            '[[side]]\nname="A"\nmelds=["3S 3C 3S"]\n[[side]]\nname="B"\n',
            "only by the side that goes out",
        ),
        ('[[side]]\nname="A"\nconcealed=true\n[[side]]\nname="B"\n', "went_out"),
        ('[[side]]\nname="A"\nmelds=["K KX K"]\n[[side]]\nname="B"\n', '"KX"'),
        ('[[side]]\nname="A"\n[[side]]\nname="A"\n', 'two sides are named "A"'),
        ('[[side]]\nname="A"\nin_hand=["K", "Q", "J"]\n[[side]]\nname="B"\n', "lists 3 players"),
        ('[[side]]\nname="A"\nacaba=true\n[[side]]\nname="B"\n', "acaba"),
        (
            '[[side]]\nname="A"\nmeld_points=100\ncanastas={wild=1}\n[[side]]\nname="B"\n',
            "no wild canastas",
        ),
        ('[[side]]\nname="A"\nblack_threes=1\n[[side]]\nname="B"\n', "not laid face up"),
    ],
)
def test_record_that_breaks_the_rules_is_refused(
    classic: Ruleset, record: str, message: str
) -> None:
    with pytest.raises(RecordError) as err:
        score(classic, record)
    assert message in str(err.value)


def test_record_need_not_account_for_every_card(classic: Ruleset) -> None:
    result = score(classic, '[[side]]\nname="A"\nmelds=["K K K"]\n[[side]]\nname="B"\n')
    assert totals(result) == {"A": 30, "B": 0}
