"""Hand records that contradict themselves or the rules are refused (CONTRACT 6): concealed
canastas beyond the side's canastas (T12), summaries that need more cards than the deck holds
(RULES 1.1), special melds one meld per rank (RULES 1.4) or the wild-meld lock (RULES 6.2)
rule out, going out with an incomplete wild-card meld where D34 forbids it (Modern American);
and what a summary's meld_points means with T3 off (RULES 18)."""

from __future__ import annotations

import json

import pytest
from helpers import c, items, one, score, totals

from canasta_score.core.errors import RecordError
from canasta_score.hands.scoring import HandScore
from canasta_score.judging.judge import check_go_out
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset


def house(ruleset: str, *rules: str) -> Ruleset:
    return load_ruleset(ruleset, overrides=list(rules))


def side(name: str, **keys: object) -> str:
    """One [[side]] table in TOML."""
    lines = [f'name = "{name}"']
    for key, value in keys.items():
        if isinstance(value, bool):
            lines.append(f"{key} = {'true' if value else 'false'}")
        elif isinstance(value, dict):
            inner = ", ".join(f"{k} = {v}" for k, v in value.items())
            lines.append(f"{key} = {{ {inner} }}")
        elif isinstance(value, list):
            lines.append(f"{key} = {json.dumps(value)}")
        else:
            lines.append(f"{key} = {value}")
    return "[[side]]\n" + "\n".join(lines) + "\n"


OTHER = side("B", meld_points=30)  # K K K, no canasta


def line(result: HandScore, name: str, rule: str) -> tuple[str, int]:
    """The label and points of a side's breakdown line for a rule."""
    found = next(i for i in result.side(name).items if i.rule == rule)
    return found.label, found.points


def refused(rs: Ruleset, record: str) -> str:
    with pytest.raises(RecordError) as found:
        score(rs, record)
    return str(found.value)


# ---------------------------------------------------------------- T12 concealed canastas


def test_T12_concealed_canastas_cannot_outnumber_the_summary_canastas() -> None:
    """RULES 18 T12: a canasta laid whole from hand is one of the side's canastas; a side with
    one canasta cannot have laid three whole from hand."""
    rs = house("classic", "canasta.concealed_bonus=100")
    record = side("A", meld_points=70, canastas={"natural": 1}, concealed_canastas=3) + OTHER
    message = refused(rs, record)
    assert "concealed_canastas = 3" in message and "has 1 canasta;" in message
    assert "classic.canasta.concealed-bonus" in message


def test_T12_concealed_canastas_cannot_outnumber_the_card_canastas() -> None:
    """J x 7 is the only canasta of J x 7 + 9 9 9 2 (RULES 1.5): two concealed ones are refused."""
    rs = house("classic", "canasta.concealed_bonus=100")
    record = side("A", melds=["J J J J J J J", "9 9 9 2"], concealed_canastas=2) + OTHER
    assert "concealed_canastas = 2, but the side has 1 canasta" in refused(rs, record)
    none = side("A", melds=["9 9 9 2"], concealed_canastas=1) + OTHER
    assert "the side has 0 canastas" in refused(rs, none)


def test_T12_three_concealed_canastas_are_paid_and_labelled_in_the_plural() -> None:
    """K x 7, Q x 7, J x 7 laid whole from hand, going out: counts 210, natural canastas
    3 x 500, T12 3 x 100, going out 100 (RULES 2.6, 18 T12) = 2,110."""
    rs = house("classic", "canasta.concealed_bonus=100")
    record = (
        side("A", meld_points=210, canastas={"natural": 3}, concealed_canastas=3, went_out=True)
        + OTHER
    )
    result = score(rs, record)
    assert totals(result) == {"A": 2110, "B": 30}
    concealed = "classic.canasta.concealed-bonus"
    assert line(result, "A", concealed) == ("3 canastas laid whole from hand", 300)
    single = side("A", meld_points=70, canastas={"natural": 1}, concealed_canastas=1) + OTHER
    assert line(score(rs, single), "A", concealed) == ("1 canasta laid whole from hand", 100)


# ---------------------------------------------------------------- RULES 1.1 the deck


def test_1_1_modern_deck_holds_12_wild_cards_not_21(modern: Ruleset) -> None:
    """Two packs hold 8 twos and 4 jokers (RULES 1.1, D33): two wild-card canastas on one side
    and seven twos on the other need 7 + 7 + 7 = 21 wild cards."""
    record = side("A", meld_points=340, canastas={"wild": 2}) + side(
        "B", meld_points=140, canastas={"wild_twos": 1}
    )
    message = refused(modern, record)
    assert "needs at least 21 wild cards" in message and "has 12" in message
    assert 'side "A": canastas.wild = 2 (14)' in message
    assert 'side "B": canastas.wild_twos = 1 (7)' in message


def test_1_1_modern_deck_twelve_wild_cards_are_enough(modern: Ruleset) -> None:
    """One wild-card canasta (7 wild cards) and five mixed canastas (at least one wild card
    each) use 12, all the deck has. A: 170 + 2,000 = 2,170 (RULES 6.2 canasta.wild, one
    canasta: threes 0); B: 325 + 5 x 300 = 1,825."""
    record = side("A", meld_points=170, canastas={"wild": 1}) + side(
        "B", meld_points=325, canastas={"mixed": 5}
    )
    assert totals(score(modern, record)) == {"A": 2170, "B": 1825}
    one_more = side("A", meld_points=170, canastas={"wild": 1}) + side(
        "B", meld_points=390, canastas={"mixed": 6}
    )
    assert "needs at least 13 wild cards" in refused(modern, one_more)


def test_1_1_classic_deck_holds_108_cards_not_140(classic: Ruleset) -> None:
    """Ten natural canastas a side need 2 x 10 x 7 = 140 cards; the deck has 108."""
    record = side("A", meld_points=350, canastas={"natural": 10}) + side(
        "B", meld_points=350, canastas={"natural": 10}
    )
    message = refused(classic, record)
    assert "needs at least 140 cards" in message and "has 108" in message


def test_1_1_classic_deck_holds_88_natural_cards(classic: Ruleset) -> None:
    """Two packs hold 2 x 4 cards of each of the 11 natural ranks, 88: 8 + 7 natural canastas
    need 105 natural cards (105 cards would fit in 108). 6 + 6 canastas (84) fit."""
    record = side("A", meld_points=280, canastas={"natural": 8}) + side(
        "B", meld_points=245, canastas={"natural": 7}
    )
    message = refused(classic, record)
    assert "needs at least 105 natural cards" in message and "has 88" in message
    fits = side("A", meld_points=210, canastas={"natural": 6}) + side(
        "B", meld_points=210, canastas={"natural": 6}
    )
    assert totals(score(classic, fits)) == {"A": 3210, "B": 3210}


def test_1_1_two_packs_hold_eight_sevens(modern: Ruleset) -> None:
    """RULES A2: one pack holds only 4 sevens, two 8. A clean canasta of sevens (7) and the
    other side's incomplete meld of sevens (at least 3) need 10."""
    record = side("A", meld_points=35, canastas={"sevens": 1}) + side(
        "B", meld_points=45, incomplete=["sevens"]
    )
    message = refused(modern, record)
    assert "needs at least 10 sevens" in message and "has 8" in message
    assert 'side "B": incomplete "sevens" (3)' in message


def test_1_1_cards_listed_and_summary_count_together(modern: Ruleset) -> None:
    """A side given card by card (2 2 2 2 2 2 2: seven twos) and a summary wild-card canasta
    (7 wild cards) need 14 wild cards; the deck has 12."""
    record = side("A", melds=["2 2 2 2 2 2 2"]) + side("B", meld_points=170, canastas={"wild": 1})
    message = refused(modern, record)
    assert "needs at least 14 wild cards" in message
    assert 'side "A": cards listed (7)' in message


# ---------------------------------------------------------------- RULES 1.4 one meld per rank


def test_1_4_one_meld_of_sevens_not_two_incomplete_ones(modern: Ruleset) -> None:
    """A side's sevens are one meld (RULES 1.4): it cannot end with two incomplete melds of
    sevens, nor an incomplete one beside its completed canasta of sevens."""
    twice = side("A", meld_points=65, canastas={"sevens": 1}, incomplete=["sevens", "sevens"])
    message = refused(modern, twice + OTHER)
    assert 'incomplete lists "sevens" 2 times' in message
    assert "modern-american.meld.one-per-rank-per-side" in message
    beside = side("A", meld_points=50, canastas={"sevens": 1}, incomplete=["sevens"])
    assert 'incomplete lists "sevens" beside a completed canasta of sevens' in refused(
        modern, beside + OTHER
    )


def test_1_4_one_canasta_of_aces_per_side(modern: Ruleset) -> None:
    record = side("A", meld_points=280, canastas={"aces": 2}) + OTHER
    assert "canastas.aces = 2" in refused(modern, record)


def test_1_4_eleven_natural_ranks_hold_at_most_eleven_group_canastas(classic: Ruleset) -> None:
    """One meld per rank and 11 natural ranks (RULES 1.2, 1.4): twenty natural canastas on one
    side are impossible (they would also need 140 cards)."""
    record = side("A", meld_points=700, canastas={"natural": 20}) + OTHER
    message = refused(classic, record)
    assert "20 canastas of natural ranks" in message and "11 natural ranks" in message


def test_1_4_duplicate_groups_allow_two_incomplete_melds_of_sevens() -> None:
    """With duplicate groups (Samba's rule, RULES 1.4, here as a US American house rule) two
    listed melds of sevens are no contradiction: each costs 2,500 (RULES 7.1 sevens)."""
    rs = house("american", "meld.duplicate_groups=true")
    result = score(rs, side("A", meld_points=30, incomplete=["sevens", "sevens"]) + OTHER)
    assert line(result, "A", "american.penalties.incomplete-sevens")[1] == -5000


def test_an_incomplete_meld_the_ruleset_does_not_charge_is_refused() -> None:
    """Samba charges nothing for incomplete sevens (RULES 8.1 penalties: only the classic ones),
    so listing one is refused rather than shown as a 0-point line."""
    samba = load_ruleset("samba")
    with pytest.raises(RecordError, match="incomplete sevens: Samba has no penalty for it"):
        score(samba, side("A", meld_points=30, incomplete=["sevens"]) + OTHER)


def test_1_4_two_incomplete_melds_of_sevens_are_labelled_in_the_plural() -> None:
    """US American without one meld per rank (a house rule): two incomplete melds of sevens
    cost 2 x 2,500 (RULES 7.1 sevens); no canasta, so the melded 30 counts against: -5,030."""
    rs = house("american", "meld.one_per_rank_per_side=false")
    result = score(rs, side("A", meld_points=30, incomplete=["sevens", "sevens"]) + OTHER)
    penalty = line(result, "A", "american.penalties.incomplete-sevens")
    assert penalty == ("2 incomplete melds of sevens", -5000)
    assert result.side("A").total == -5030


# ---------------------------------------------------------------- RULES 6.2 the wild-meld lock


def test_6_2_wild_meld_lock_one_incomplete_wild_meld_in_a_summary(modern: Ruleset) -> None:
    record = side("A", meld_points=120, incomplete=["wild", "wild"]) + OTHER
    message = refused(modern, record)
    assert "2 incomplete wild-card melds" in message
    assert "modern-american.meld.wild-meld-lock" in message


def test_6_2_wild_meld_lock_one_incomplete_wild_meld_card_by_card(modern: Ruleset) -> None:
    record = side("A", melds=["2 2 JK", "2 2 2"]) + OTHER
    message = refused(modern, record)
    assert "2 incomplete wild-card melds (2 2 JK, 2 2 2)" in message


def test_7_1_american_has_no_wild_meld_lock() -> None:
    """US American has no lock: two incomplete wild-card melds cost a flat 2,000 each
    (RULES 7.1); no canasta, so the melded 120 counts against: -4,120."""
    result = score(
        load_ruleset("american"), side("A", meld_points=120, incomplete=["wild", "wild"]) + OTHER
    )
    penalty = line(result, "A", "american.penalties.incomplete-wild")
    assert penalty == ("2 incomplete wild-card melds", -4000)
    assert result.side("A").total == -4120


def test_6_2_incomplete_melds_hold_their_smallest_count(modern: Ruleset) -> None:
    """An incomplete clean meld of aces holds at least A A A, 60 (RULES 1.3, 1.4)."""
    record = side("A", meld_points=30, incomplete=["aces"]) + OTHER
    assert "1 incomplete meld holds at least 60 points" in refused(modern, record)


def test_6_2_held_aces_and_sevens_at_most_two_per_player(modern: Ruleset) -> None:
    """RULES 6.2 penalty.aces_sevens_in_hand: per player and per rank, so a side of two players
    has at most four such groups."""
    record = side("A", meld_points=30, held_penalties=5) + OTHER
    assert "held_penalties = 5" in refused(modern, record)


# ---------------------------------------------------------------- RULES 18 T3


def test_T3_off_summary_meld_points_count_the_cards_outside_canastas() -> None:
    """T3 off: canastas score by their bonus only, so meld_points is the count outside them.
    K K K (30) beside a natural canasta, going out: 30 + 500 + 100 = 630. With T3 on, 30 is
    less than the 35 a natural canasta holds at least and the record is refused."""
    record = side("A", meld_points=30, canastas={"natural": 1}, went_out=True) + OTHER
    result = score(house("classic", "canasta.count_cards=false"), record)
    assert totals(result) == {"A": 630, "B": 30}
    melded = line(result, "A", "classic.scoring.melded-cards")
    assert melded == ("melded cards outside canastas", 30)
    assert "holds at least 35 points" in refused(load_ruleset("classic"), record)


def test_T3_off_card_form_labels_the_count_outside_canastas() -> None:
    """J x 7 + 9 9 9 2: only the 50 of 9 9 9 2 counts, under the same label."""
    record = side("A", melds=["J J J J J J J", "9 9 9 2"]) + OTHER
    result = score(house("classic", "canasta.count_cards=false"), record)
    melded = line(result, "A", "classic.scoring.melded-cards")
    assert melded == ("melded cards outside canastas", 50)
    assert items(score(load_ruleset("classic"), record), "A")["classic.scoring.melded-cards"] == 120


# ---------------------------------------------------------------- D34


D34 = "modern-american.go-out.incomplete-special-allowed"
GOING_OUT = ["K K K K K K K", "Q Q Q Q Q Q Q", "2 2 JK"]


def test_D34_reversed_modern_refuses_going_out_with_an_incomplete_wild_meld_card_by_card(
    modern: Ruleset,
) -> None:
    """D34 reversed (0.3): no going out while holding 2 2 JK; the record is refused under the
    rule check go-out cites."""
    assert modern.go_out.incomplete_special_allowed is False
    message = refused(modern, side("A", melds=GOING_OUT, went_out=True) + OTHER)
    assert "incomplete wild-card meld (2 2 JK)" in message and D34 in message
    ruling = check_go_out(modern, tuple(c(m) for m in GOING_OUT), discard=one("5H"))
    assert not ruling.legal and D34 in [r.rule for r in ruling.reasons]


def test_D34_reversed_modern_refuses_going_out_with_an_incomplete_wild_meld_in_a_summary(
    modern: Ruleset,
) -> None:
    record = side("A", meld_points=230, canastas={"natural": 2}, incomplete=["wild"], went_out=True)
    assert D34 in refused(modern, record + OTHER)


def test_D34_reversed_a_side_that_did_not_go_out_pays_the_penalty(modern: Ruleset) -> None:
    """Not going out, the same melds score: counts 70 + 70 + 90 = 230, natural canastas
    2 x 500, incomplete wild-card meld -2,000 (RULES 6.2): -770."""
    assert totals(score(modern, side("A", melds=GOING_OUT) + OTHER))["A"] == -770


def test_D34_house_option_allows_going_out_and_the_penalty_applies() -> None:
    """The house-rule option of D34: going out is allowed and the penalty applies:
    230 + 1,000 + going out 100 - 2,000 = -670."""
    rs = house("modern-american", "go_out.incomplete_special_allowed=true")
    assert totals(score(rs, side("A", melds=GOING_OUT, went_out=True) + OTHER))["A"] == -670
    ruling = check_go_out(rs, tuple(c(m) for m in GOING_OUT), discard=one("5H"))
    assert ruling.legal
