"""US American Canasta (RULES 7; decisions D18-D25): examples A1-A5 and each distinctive rule."""

from __future__ import annotations

import json

import pytest
from helpers import c, items, score, totals
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.core.errors import RecordError
from canasta_score.judging.judge import (
    check_discard,
    check_go_out,
    check_initial_meld,
    check_meld,
    check_pickup,
    min_meld,
)
from canasta_score.rules.cards import parse_card
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset


@pytest.fixture(scope="module")
def rs() -> Ruleset:
    return load_ruleset("american")


# ---------------------------------------------------------------- A1: threes by colour


@pytest.mark.parametrize(
    ("melds", "threes"),
    [
        ('["KS KH KD"]', -800),
        ('["KS KH KD KC KS KH KD"]', 0),
        ('["KS KH KD KC KS KH KD", "9S 9H 9D 9C 9S 9H 9D"]', 600),
    ],
)
def test_american_A1_threes_by_colour_with_a_three_in_hand(
    rs: Ruleset, melds: str, threes: int, opponent: str
) -> None:
    """A1 (corrected, 0.3 US American threes in hand): with 0 canastas red 2 (300) + black 2 on
    the table and 1 in hand (3 -> 500) = -800; with exactly 1 canasta 0; with 2 or more only the
    tabled threes earn the bonus: red 2 (300) + black 2 (300) = +600."""
    record = f"""
[[side]]
name = "A"
melds = {melds}
red_threes = ["3H", "3D"]
black_threes = ["3S", "3C"]
in_hand = ["3S 4C", ""]
{opponent}"""
    found = items(score(rs, record), "A")
    assert found["american.threes.red-values"] + found["american.threes.black-values"] == threes


def test_american_A1_no_canasta_side_total(rs: Ruleset, opponent: str) -> None:
    """K K K counted against (-30), threes -800, the 4 in hand -5; the three in hand counts only
    in the tally (D22): -835."""
    record = f"""
[[side]]
name = "A"
melds = ["KS KH KD"]
red_threes = ["3H", "3D"]
black_threes = ["3S", "3C"]
in_hand = ["3S 4C", ""]
{opponent}"""
    result = score(rs, record)
    assert result.side("A").total == -835
    assert "american.threes.black-in-hand" not in items(result, "A")


def test_american_threes_in_hand_earn_no_bonus_contract_case(rs: Ruleset) -> None:
    """0.3 US American threes in hand: K canasta 70 + 500, Q Q Q Q Q Q 2 mixed 80 + 300 = 950;
    the four threes in a player's hand earn nothing with two canastas and cost nothing as cards.
    B: 9 canasta 70 + 500, going out 100 = 670."""
    record = """
[[side]]
name = "A"
melds = ["K K K K K K K", "Q Q Q Q Q Q 2"]
in_hand = ["3S 3C 3H 3D", ""]

[[side]]
name = "B"
melds = ["9 9 9 9 9 9 9"]
went_out = true
"""
    result = score(rs, record)
    assert totals(result) == {"A": 950, "B": 670}
    assert not any("threes" in rule for rule in items(result, "A"))


def test_american_threes_in_hand_count_for_the_penalty(rs: Ruleset, opponent: str) -> None:
    """With no canasta the threes in hand join the tally: red 1 in hand + 1 tabled (2 -> 300),
    black 1 in hand (1 -> 100), K K K -30: -430."""
    record = f"""
[[side]]
name = "A"
melds = ["KS KH KD"]
red_threes = ["3H"]
in_hand = ["3D 3S", ""]
{opponent}"""
    result = score(rs, record)
    assert items(result, "A")["american.threes.red-values"] == -300
    assert items(result, "A")["american.threes.black-values"] == -100
    assert result.side("A").total == -430


# ---------------------------------------------------------------- A2: sevens


def test_american_A2_clean_sevens_canasta(rs: Ruleset, opponent: str) -> None:
    result = score(rs, '[[side]]\nname = "A"\nmelds = ["7C 7D 7H 7S 7C 7D 7H"]\n' + opponent)
    assert items(result, "A") == {
        "american.scoring.melded-cards": 35,
        "american.canasta.clean-sevens": 2500,
    }
    assert result.side("A").total == 2535


def test_american_A2_incomplete_sevens_without_canasta(rs: Ruleset) -> None:
    """5 sevens melded (25, minus without a canasta), 7 7 7 in hand (-15): -2,500 and -1,500."""
    record = '[[side]]\nname = "B"\nmelds = ["7C 7D 7H 7S 7C"]\nin_hand = ["7D 7H 7S", ""]\n'
    record += '\n[[side]]\nname = "A"\nmelds = ["QS QH QD"]\n'
    result = score(rs, record)
    found = items(result, "B")
    assert found["american.penalties.incomplete-sevens"] == -2500
    assert found["american.penalties.held-aces-sevens"] == -1500
    assert found["american.penalties.no-canasta-melds-negative"] == -25
    assert found["american.scoring.cards-in-hand"] == -15
    assert result.side("B").total == -4040


def test_american_A2_incomplete_sevens_with_a_canasta(rs: Ruleset) -> None:
    """With a K canasta the melded 25 counts plus; the penalties stay (A2):
    25 + 70 + 500 - 2,500 - 15 - 1,500 = -3,420."""
    record = (
        '[[side]]\nname = "B"\nmelds = ["7C 7D 7H 7S 7C", "K K K K K K K"]\n'
        'in_hand = ["7D 7H 7S", ""]\n\n[[side]]\nname = "A"\nmelds = ["QS QH QD"]\n'
    )
    assert score(rs, record).side("B").total == -3420


# ---------------------------------------------------------------- A3 and the special hands

STRAIGHT = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S JK"


def test_american_A3_straight_scores_exactly_3000(rs: Ruleset) -> None:
    """The declaring side scores 3,000 and nothing else; the partner's 13 cards do not count.
    The opponents score normally with no going-out bonus (D23): 70 + 500 - 15 = 555."""
    record = f"""
[[side]]
name = "A"
special_hand = "straight"
melds = ["{STRAIGHT}"]
in_hand = ["", "K K Q Q J J 9 9 8 8 6 6 5"]

[[side]]
name = "B"
melds = ["10 10 10 10 10 10 10"]
in_hand = ["K 4", ""]
"""
    result = score(rs, record)
    assert items(result, "A") == {"american.special-hands.straight": 3000}
    assert result.side("B").total == 555
    assert "american.go-out.bonus" not in items(result, "B")


@pytest.mark.parametrize(
    ("kind", "cards", "value"),
    [
        ("pairs", "A A K K Q Q J J 10 10 9 9 8 8", 2500),
        ("pairs-27a", "2 2 7 7 A A K K Q Q J J 9 9", 2000),
        ("garbage", "4C 4H 4D 4S 9C 9S 9D 9H KC KD KH QS QH QD", 2000),
    ],
)
def test_american_7_2_special_hand_values(
    rs: Ruleset, kind: str, cards: str, value: int, opponent: str
) -> None:
    record = f'[[side]]\nname = "A"\nspecial_hand = "{kind}"\nmelds = ["{cards}"]\n' + opponent
    assert score(rs, record).side("A").total == value


@pytest.mark.parametrize(
    ("kind", "cards", "why"),
    [
        ("straight", "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 2S JK JK", "one card of each rank"),
        ("straight", "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "exactly 14 cards"),
        ("pairs", "A A K K Q Q J J 10 10 9 9 8 2", "no wild card"),
        ("pairs", "A A K K Q Q J J 10 10 9 9 8 7", "even number"),
        ("pairs-27a", "2 2 8 8 A A K K Q Q J J 9 9", "missing: 7"),
        ("pairs-27a", "JK JK 7 7 A A K K Q Q J J 9 9", "no joker"),
        ("garbage", "4 4 4 4 9 9 9 9 K K K JK JK", "exactly 14 cards"),
        ("garbage", "4 4 4 4 9 9 9 9 K K K Q Q 2", "no wild card"),
        ("garbage", "4 4 4 4 9 9 9 9 K K K K Q Q", "two four-of-a-kinds"),
    ],
)
def test_american_7_2_D23_special_hand_checked_from_its_cards(
    rs: Ruleset, kind: str, cards: str, why: str, opponent: str
) -> None:
    """The seed's garbage example (13 cards, jokers) is refused, as D23(c) says."""
    record = f'[[side]]\nname = "A"\nspecial_hand = "{kind}"\nmelds = ["{cards}"]\n' + opponent
    with pytest.raises(RecordError, match=why):
        score(rs, record)


def test_american_special_hand_without_cards_is_taken_as_entered(
    rs: Ruleset, opponent: str
) -> None:
    record = '[[side]]\nname = "A"\nspecial_hand = "garbage"\n' + opponent
    assert score(rs, record).side("A").total == 2000


def test_american_special_hand_ends_play_so_nobody_goes_out(rs: Ruleset) -> None:
    record = (
        f'[[side]]\nname = "A"\nspecial_hand = "straight"\nmelds = ["{STRAIGHT}"]\n\n'
        '[[side]]\nname = "B"\nmelds = ["Q Q Q Q Q Q Q"]\nwent_out = true\n'
    )
    with pytest.raises(RecordError, match="cannot go out"):
        score(rs, record)


def test_special_hands_are_not_played_in_classic(opponent: str) -> None:
    record = f'[[side]]\nname = "A"\nspecial_hand = "straight"\nmelds = ["{STRAIGHT}"]\n' + opponent
    with pytest.raises(RecordError, match="special hands are not played"):
        score(load_ruleset("classic"), record)


# ---------------------------------------------------------------- A4, D18: initial meld


@pytest.mark.parametrize(
    ("score_before", "minimum"),
    [(-500, 50), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 180), (9000, 180)],
)
def test_american_D18_tiers(rs: Ruleset, score_before: int, minimum: int) -> None:
    assert min_meld(rs, score_before).minimum == minimum


def test_american_A4_130_is_short_of_180(rs: Ruleset) -> None:
    ruling = check_initial_meld(rs, [c("K K K"), c("A A 2"), c("Q Q 2")], score=3200)
    assert not ruling.legal and ruling.extra == {"points": 130, "minimum": 180}


def test_american_A4_a_canasta_needs_no_minimum(rs: Ruleset) -> None:
    ruling = check_initial_meld(rs, [c("5 5 5 5 5 5 5")], score=3200)
    assert ruling.legal and ruling.extra["points"] == 35
    assert ruling.cited[-1].rule == "american.initial-meld.canasta-exemption"


def test_american_D20_top_card_does_not_count(rs: Ruleset) -> None:
    """A A A with the top ace: 60 - 20 = 40 < 50 (the classic count would be 60)."""
    melds = [c("AS AH AD")]
    ruling = check_initial_meld(rs, melds, score=0, top_card=parse_card("AD"))
    assert not ruling.legal and ruling.extra["points"] == 40
    classic = check_initial_meld(load_ruleset("classic"), melds, score=0, top_card=parse_card("AD"))
    assert classic.legal and classic.extra["points"] == 60


# ---------------------------------------------------------------- A5 and the pile


def test_american_A5_pair_cannot_make_an_eight_card_meld(rs: Ruleset) -> None:
    ruling = check_pickup(rs, parse_card("JD"), c("JC JS 4C"), table=(c("J J J J J"),))
    assert not ruling.legal
    assert ruling.cited[0].rule == "american.meld.max-cards"


def test_american_A5_pair_onto_three_jacks_makes_six(rs: Ruleset) -> None:
    ruling = check_pickup(rs, parse_card("JD"), c("JC JS 4C"), table=(c("J J J"),))
    assert ruling.legal


def test_american_D21a_pile_always_frozen(rs: Ruleset) -> None:
    """A natural and a wild never take the pile, frozen or not."""
    ruling = check_pickup(rs, parse_card("9H"), c("9C JK 4S"), table=(c("9 9 9"),))
    assert not ruling.legal
    assert "always frozen" in ruling.cited[0].text


# ---------------------------------------------------------------- melds


@pytest.mark.parametrize(
    ("cards", "initial", "legal", "rule"),
    [
        ("7 7 7 2", True, False, "american.meld.sevens-take-wilds"),
        ("A A 2", True, True, ""),
        ("A A 2", False, False, "american.meld.aces-take-wilds"),
        ("K K K K K K K K", False, False, "american.meld.max-cards"),
        ("K K K 2 2 2", False, False, "american.meld.max-wilds"),
        ("K K K K K 2 2", False, True, ""),
        ("2 2 JK", False, True, ""),
    ],
)
def test_american_7_1_meld_rules(
    rs: Ruleset, cards: str, initial: bool, legal: bool, rule: str
) -> None:
    ruling = check_meld(rs, c(cards), initial=initial)
    assert ruling.legal is legal
    if rule:
        assert rule in [r.rule for r in ruling.cited]


def test_american_incomplete_wild_meld_is_flat_2000(rs: Ruleset, opponent: str) -> None:
    """RULES 7.1 penalty.incomplete_wild: -2,000 even with all four jokers (Modern: -2,500)."""
    record = '[[side]]\nname = "A"\nmelds = ["K K K K K K K", "JK JK JK JK 2"]\n' + opponent
    assert items(score(rs, record), "A")["american.penalties.incomplete-wild"] == -2000


# ---------------------------------------------------------------- discards (D21)


@pytest.mark.parametrize(
    ("card", "hand", "empty", "legal"),
    [
        ("JK", "K JK", False, False),
        ("K", "K JK", False, True),
        ("JK", "JK 2", False, True),
        ("A", "A 7 K", True, False),
        ("K", "A 7 K", True, True),
        ("A", "A 7 JK", True, True),
        ("JK", "A 7 JK", True, False),
        ("JK", "A JK", False, False),
        ("3H", "3H K", False, False),
        ("3S", "3S K", False, True),
    ],
)
def test_american_D21_discard_fallback(
    rs: Ruleset, card: str, hand: str, empty: bool, legal: bool
) -> None:
    """No wild and no A/7 onto an empty pile, unless forced; an A or 7 goes before a wild."""
    ruling = check_discard(rs, parse_card(card), c(hand), pile_empty=empty)
    assert ruling.legal is legal


# ---------------------------------------------------------------- going out


def test_american_D19_one_canasta_and_a_final_discard(rs: Ruleset) -> None:
    table = (c("K K K K K K K"), c("Q Q Q"))
    assert check_go_out(rs, table, discard=parse_card("4C")).legal
    without = check_go_out(rs, table)
    assert not without.legal
    assert without.cited[0].rule == "american.go-out.final-discard"


# ---------------------------------------------------------------- command line


def test_american_cli_score_hand_special_hand(tmp_path: object, opponent: str) -> None:
    record = 'ruleset = "american"\n[[side]]\nname = "A"\nspecial_hand = "pairs"\n'
    record += 'melds = ["A A K K Q Q J J 10 10 9 9 8 8"]\n' + opponent
    result = CliRunner().invoke(app, ["score-hand", "-", "--json"], input=record)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    a = next(s for s in data["sides"] if s["name"] == "A")
    assert a["total"] == 2500
    assert a["items"] == [
        {"rule": "american.special-hands.pairs", "label": "special hand: pairs", "points": 2500}
    ]


def test_american_cli_A5_pickup_exit_1() -> None:
    args = ["check", "pickup", "-r", "american", "--top", "JD", "--hand", "JC JS 4C"]
    result = CliRunner().invoke(app, [*args, "--table", "J J J J J", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["legal"] is False


def test_american_cli_min_meld_3000() -> None:
    result = CliRunner().invoke(app, ["min-meld", "-r", "american", "--score", "3000", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["minimum"] == 180


# ---------------------------------------------------------------- 0.3 US American dirty aces


@pytest.mark.parametrize(
    ("cards", "to", "legal", "rule"),
    [
        ("2", "A A A 2", True, None),  # dirty from the initial meld: more wilds may join
        ("JK", "A A A A 2", True, None),
        ("2 2", "A A A 2", False, "american.meld.max-wilds"),  # at most 2 wilds in all
        ("2", "A A A", False, "american.meld.aces-take-wilds"),  # clean aces stay clean
        ("2", None, False, "american.meld.aces-take-wilds"),  # a new dirty ace meld: not now
    ],
)
def test_american_dirty_aces_take_more_wilds_after_the_initial_meld(
    rs: Ruleset, cards: str, to: str | None, legal: bool, rule: str | None
) -> None:
    """0.3 US American dirty aces: an ace meld that took wilds in the initial meld is an
    ordinary meld for the rest of the hand."""
    laid = c("A A " + cards) if to is None else c(cards)
    ruling = check_meld(rs, laid, to=None if to is None else c(to))
    assert ruling.legal is legal
    if rule is not None:
        assert rule in [r.rule for r in ruling.reasons]
    else:
        assert "american.meld.dirty-aces-ordinary" in [r.rule for r in ruling.cited]


def test_modern_D32_dirty_aces_take_no_more_wilds() -> None:
    """Modern American keeps D32: no wild joins an ace meld after the initial meld's turn."""
    modern = load_ruleset("modern-american")
    assert modern.meld.dirty_aces_ordinary is False
    ruling = check_meld(modern, c("2"), to=c("A A A 2"))
    assert not ruling.legal
    assert "modern-american.meld.aces-take-wilds" in [r.rule for r in ruling.reasons]


def test_american_dirty_aces_no_penalty_and_no_held_aces_penalty(
    rs: Ruleset, opponent: str
) -> None:
    """K canasta 70 + 500; incomplete dirty A A A 2 counts 80 and costs nothing; a player's
    A A A 5 in hand counts -65 and costs no 1,500: 585."""
    record = f"""
[[side]]
name = "A"
melds = ["K K K K K K K", "A A A 2"]
in_hand = ["A A A 5", ""]
{opponent}"""
    result = score(rs, record)
    found = items(result, "A")
    assert "american.penalties.incomplete-clean-aces" not in found
    assert "american.penalties.held-aces-sevens" not in found
    assert found["american.meld.dirty-aces-ordinary"] == 0
    assert result.side("A").total == 70 + 500 + 80 - 65


def test_american_clean_aces_keep_every_penalty(rs: Ruleset, opponent: str) -> None:
    """The same side with a clean A A A: 70 + 500 + 60 - 2,500 (incomplete clean aces) - 65 -
    1,500 (three aces in a hand) = -3,435."""
    record = f"""
[[side]]
name = "A"
melds = ["K K K K K K K", "A A A"]
in_hand = ["A A A 5", ""]
{opponent}"""
    assert score(rs, record).side("A").total == 70 + 500 + 60 - 2500 - 65 - 1500


def test_american_dirty_aces_sevens_in_hand_still_cost(rs: Ruleset, opponent: str) -> None:
    """Only the aces' 1,500 goes: 7 7 7 in a hand still costs 15 + 1,500.
    70 + 500 + 80 - 15 - 1,500 = -865."""
    record = f"""
[[side]]
name = "A"
melds = ["K K K K K K K", "A A A 2"]
in_hand = ["7 7 7", ""]
{opponent}"""
    result = score(rs, record)
    assert items(result, "A")["american.penalties.held-aces-sevens"] == -1500
    assert result.side("A").total == -865


def test_american_dirty_ace_canasta_is_mixed(rs: Ruleset, opponent: str) -> None:
    """A A A A A 2 2: count 100 + 40, a mixed canasta 300 (not the clean aces' 2,500): 440."""
    record = f'[[side]]\nname = "A"\nmelds = ["A A A A A 2 2"]\n{opponent}'
    result = score(rs, record)
    assert items(result, "A")["american.canasta.mixed"] == 300
    assert result.side("A").total == 440
