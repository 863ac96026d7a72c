"""Edge cases of opening with the pile, one meld per rank and the wild-meld lock.

Each expected value is worked out by hand from the rule named in the test.
"""

from __future__ import annotations

from helpers import c, one, score, totals

from canasta_score.judging.judge import check_go_out, check_initial_meld, check_meld, check_pickup
from canasta_score.rules.cards import Rank
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset


def rules_of(ruling: object) -> list[str]:
    return [r.rule for r in ruling.cited]  # type: ignore[attr-defined]


def test_unsuited_pair_and_top_count_d4(classic: Ruleset) -> None:
    """K K + top K (30) + A A A (60) = 90 >= 90 at 1,500, with or without suits (D4, C3)."""
    for top, hand in (("K", "K K A A A 4"), ("KD", "KS KH A A A 4"), ("KD", "KD KH A A A 4")):
        ruling = check_pickup(classic, one(top), c(hand), opened=False, score=1500)
        assert ruling.legal and ruling.extra["points"] == 90, (top, hand)


def test_modern_unsuited_pair_counts_d27(modern: Ruleset) -> None:
    """9 9 (20) + A A JK (90) + K K K (30) + Q Q Q (30) = 170 >= 155; the top 9 never counts."""
    ruling = check_pickup(modern, one("9"), c("9 9 A A JK K K K Q Q Q 4"), opened=False, score=3500)
    assert ruling.legal and ruling.extra["points"] == 170


def test_modern_pickup_meld_stops_at_seven_cards(modern: Ruleset) -> None:
    """Seven 9s in hand: the pickup meld holds 7 cards (RULES 6.2 meld.max_cards), six from hand:
    60 + K K K (30) + A A A (60) = 150 >= 125; the seventh 9 stays in hand."""
    hand = c("9 9 9 9 9 9 9 K K K A A A 4")
    ruling = check_pickup(modern, one("9H"), hand, opened=False, score=0)
    assert ruling.legal and ruling.extra["points"] == 150
    assert "9 9 9H 9 9 9 9" in ruling.extra["melds"]


def test_initial_meld_with_top_card_needs_a_natural_pair_c3(classic: Ruleset) -> None:
    """K + joker cannot take a pile frozen against an unopened side (C3, third bullet)."""
    ruling = check_initial_meld(classic, [c("KS JK KH"), c("A A A")], score=0, top_card=one("KH"))
    assert not ruling.legal and rules_of(ruling) == ["classic.pile.natural-pair"]
    paired = check_initial_meld(classic, [c("KS KC KH"), c("A A A")], score=0, top_card=one("KH"))
    assert paired.legal and paired.extra["points"] == 90


def test_modern_initial_meld_with_top_card_needs_a_natural_pair(modern: Ruleset) -> None:
    melds = [c("9C JK 9H"), c("A A A"), c("K K K")]
    ruling = check_initial_meld(modern, melds, score=0, top_card=one("9H"))
    assert not ruling.legal and "modern-american.pile.natural-pair" in rules_of(ruling)


def test_open_before_pickup_t5_in_initial_meld() -> None:
    """T5: K K + top K no longer count; A A A = 60 < 90 at 1,500."""
    rs = load_ruleset("classic", overrides=["initial_meld.open_before_pickup=true"])
    ruling = check_initial_meld(rs, [c("KD KS KH"), c("A A A")], score=1500, top_card=one("KD"))
    assert not ruling.legal and ruling.extra["points"] == 60


def test_modern_strict_pair_option_d27() -> None:
    """D27 strict: without the pair, A A JK + K K K + Q Q Q = 150 < 155 at 3,500."""
    rs = load_ruleset("modern-american", overrides=["initial_meld.pair_counts=false"])
    melds = [c("A A JK"), c("K K K"), c("Q Q Q"), c("9C 9S 9H")]
    ruling = check_initial_meld(rs, melds, score=3500, top_card=one("9H"))
    assert not ruling.legal and ruling.extra["points"] == 150


def test_one_meld_per_rank_within_an_initial_meld_rules_1_4(classic: Ruleset) -> None:
    """Two K K K 2 2 melds merge into 6 naturals and 4 wilds: more than 3 wilds (RULES 2.1)."""
    ruling = check_initial_meld(classic, [c("K K K 2 2"), c("K K K 2 2")], score=0)
    assert not ruling.legal and "classic.meld.max-wilds" in rules_of(ruling)


def test_modern_eight_kings_in_two_melds_break_the_cap(modern: Ruleset) -> None:
    melds = [c("K K K K"), c("K K K K"), c("Q Q Q"), c("A A A")]
    ruling = check_initial_meld(modern, melds, score=0)
    assert not ruling.legal and "modern-american.meld.max-cards" in rules_of(ruling)


def test_record_melds_of_one_rank_merge_into_a_canasta_rules_1_4(classic: Ruleset) -> None:
    """4 4 4 4 and 4 4 4 are one 7-card natural canasta: 35 + 500 + 100 for going out."""
    result = score(
        classic,
        '[[side]]\nname="A"\nmelds=["4 4 4 4", "4 4 4"]\nwent_out=true\n[[side]]\nname="B"\n',
    )
    assert totals(result) == {"A": 635, "B": 0}


def test_go_out_merges_melds_of_one_rank(classic: Ruleset) -> None:
    assert check_go_out(classic, (c("K K K K"), c("K K K"))).legal


def test_modern_wild_meld_lock_stops_a_second_wild_meld(modern: Ruleset) -> None:
    """RULES 6.2 wild.meld_lock, D28: no wild goes into any other meld while one is incomplete."""
    ruling = check_meld(modern, c("2 2 2"), table=(c("JK JK 2"),))
    assert not ruling.legal and "modern-american.meld.wild-meld-lock" in rules_of(ruling)
    initial = check_initial_meld(modern, [c("2 2 2"), c("JK JK 2"), c("K K K")], score=0)
    assert not initial.legal


def test_one_card_pile_that_empties_the_hand_modern(modern: Ruleset) -> None:
    """Pair + top melded leaves no card, but going out needs a final discard (RULES 6.2)."""
    ruling = check_pickup(modern, one("9H"), c("9C 9S"), pile_size=1)
    assert not ruling.legal and rules_of(ruling) == ["modern-american.go-out.final-discard"]
    assert check_pickup(modern, one("9H"), c("9C 9S 4"), pile_size=1).legal


def test_one_card_pile_that_empties_the_hand_classic(classic: Ruleset) -> None:
    """Leaving no cards is going out, which needs a canasta (RULES 1.8, 2.4)."""
    ruling = check_pickup(classic, one("KD"), c("KC KS"), pile_size=1, table=(c("Q Q Q"),))
    assert not ruling.legal and rules_of(ruling) == ["classic.go-out.canastas"]
    with_canasta = (c("Q Q Q Q Q Q Q"),)
    assert check_pickup(classic, one("KD"), c("KC KS"), pile_size=1, table=with_canasta).legal


def test_illegal_meld_reports_no_canasta(classic: Ruleset, modern: Ruleset) -> None:
    assert check_meld(classic, c("K K K K K 2 2 2 2")).extra["canasta"] is None
    assert check_meld(modern, c("K K K K K K K K")).extra["canasta"] is None


def test_pickup_names_every_rule_it_breaks_contract_5(modern: Ruleset) -> None:
    """CONTRACT 5: an illegal ruling names every rule broken. A closed rank (RULES 6.2) and a
    six-card meld that the pair and top card would take past 7 cards; or no natural pair."""
    six = (c("9S 9D 9C 9H 9S 9D"),)
    nines = frozenset({Rank.NINE})
    closed = check_pickup(modern, one("9H"), c("9C 9S 5D"), table=six, closed=nines)
    full = "modern-american.meld.max-cards"
    assert rules_of(closed) == ["modern-american.meld.closed-ranks", full]
    single = check_pickup(modern, one("9H"), c("9C 5D"), table=six)
    assert rules_of(single) == ["modern-american.pile.natural-pair", full]
