"""The reason a ruling gives is the rule the play breaks, in words that fit the play (CONTRACT
5: reasons name every rule the play breaks)."""

from __future__ import annotations

import pytest
from helpers import Cli, c

from canasta_score.judging.judge import check_meld
from canasta_score.rules.catalog import load_ruleset


@pytest.mark.parametrize("cards", ["5H 6H JK", "5H 6H 2", "JK 5H 6H 7H"])
def test_a_sequence_with_a_wild_card_is_refused_for_the_wild_not_for_a_suit(cards: str) -> None:
    """RULES 8.1 meld.sequence: a sequence holds no wild cards. A joker has no suit and a 2 is
    wild whatever its suit, so the reason is the sequence rule itself ("no wilds"), not a
    request to write the suit of every card."""
    ruling = check_meld(load_ruleset("samba"), c(cards))
    assert not ruling.legal
    (reason,) = ruling.reasons
    assert reason.rule == "samba.meld.sequence"
    assert "no wilds" in reason.text and "suit of every card" not in reason.text


def test_a_sequence_of_naturals_without_suits_still_asks_for_the_suits() -> None:
    """CONTRACT 2: sequences need suits on every card; 5 6 7 is told how to write them."""
    ruling = check_meld(load_ruleset("samba"), c("5 6 7"))
    assert not ruling.legal and "suit of every card" in ruling.reasons[0].text


def test_a_wild_canasta_left_out_of_going_out_names_the_rule_that_leaves_it_out() -> None:
    """RULES 14 (Italian, reference): 2 canastas to go out, a wild canasta does not count
    (go_out.wild_canastas_count = false). A natural canasta and a canasta of twos are two
    canastas on the table but one toward going out, so the refusal names both rules: the
    two canastas needed, and the one that leaves the twos out (CONTRACT 5: every rule the
    play breaks)."""
    from canasta_score.judging.judge import check_go_out

    rs = load_ruleset("italian")
    ruling = check_go_out(rs, (c("K K K K K K K"), c("2 2 2 2 2 2 2")))
    assert not ruling.legal
    rules = [r.rule for r in ruling.reasons]
    assert rules == ["italian.go-out.canastas", "italian.go-out.wild-canastas-count"]


def test_wild_canastas_that_count_are_not_named_when_going_out_falls_short() -> None:
    """RULES 8.1: Samba needs 2 canastas to go out; with one natural canasta and no wild one
    left out, the refusal is the canasta count alone."""
    from canasta_score.judging.judge import check_go_out

    ruling = check_go_out(load_ruleset("samba"), (c("K K K K K K K"),))
    assert [r.rule for r in ruling.reasons] == ["samba.go-out.canastas"]


@pytest.mark.parametrize(
    ("ruleset", "cards", "said"),
    [
        ("american", "A A A A A A A", "it is an aces canasta"),
        ("classic", "K K K K K K K", "it is a natural canasta"),
    ],
)
def test_a_legal_canasta_is_named_with_the_article_its_kind_takes(
    cli: Cli, ruleset: str, cards: str, said: str
) -> None:
    """RULES 1.5 and the Modern American aces canasta (M-rules): seven kings are a natural
    canasta, seven aces in Modern American an aces canasta; the English reason says "an"
    before a kind that begins with a vowel."""
    done = cli("check", "meld", cards, "--ruleset", ruleset)
    assert done.code == 0 and said in done.out, done.out
