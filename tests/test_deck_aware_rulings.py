"""Deck-aware rulings: no ruling lets a play name more cards of a kind than the packs hold (a
pack: four of each rank, two red and two black threes, and the ruleset's jokers), citing the
deck rule; and a ruling that depends on a state the request did not give says what it assumed
and which option changes it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.core.limits import answer_line
from canasta_score.judging.batch import Batch
from canasta_score.judging.checks import CHECKS
from canasta_score.rules.catalog import load_ruleset

DECK = "classic.deck.decks"


def ask(check: str, ruleset: str = "classic", **args: Any) -> Any:
    return CHECKS[check].answer(load_ruleset(ruleset), args)


def cited(ruling: Any) -> list[str]:
    return [r.rule for r in ruling.cited]


def cli_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(app, [*args, "--json"])
    return result.exit_code, json.loads(result.stdout)


# ---------------------------------------------------------------- the deck


def test_deck_ten_kings_in_a_two_pack_game_are_illegal() -> None:
    """Two packs hold 8 kings: 10 kings are no meld, though classic has no size cap."""
    code, data = cli_json("check", "meld", "K K K K K K K K K K")
    assert code == 1 and data["legal"] is False
    assert [r["rule"] for r in data["reasons"]] == [DECK]
    assert (
        "10 cards of rank K" in data["reasons"][0]["text"]
        and "holds 8" in data["reasons"][0]["text"]
    )


def test_deck_eight_kings_are_a_canasta() -> None:
    assert ask("meld", cards=tuple(parse("K K K K K K K K"))).legal


def test_deck_three_packs_hold_twelve_kings() -> None:
    """Six players play with three packs: 10 kings fit."""
    rs = load_ruleset("classic", players=6)
    assert CHECKS["meld"].answer(rs, {"cards": parse("K K K K K K K K K K")}).legal


@pytest.mark.parametrize(
    ("check", "args"),
    [
        ("meld", {"cards": "K K K", "to": "K K K K K K"}),  # 9 kings: the meld and the addition
        ("meld", {"cards": "K K K", "table": ["K K K K K K"]}),
        ("meld", {"cards": "K K JK", "table": ["Q Q Q JK JK", "J J JK JK"]}),  # 5 jokers of 4
        ("initial-meld", {"melds": ["A A A A A", "A A A A"], "score": 0}),
        ("pickup", {"top": "KD", "hand": "KS KH K K K K K K"}),
        ("discard", {"card": "5C", "hand": "5C 5 5 5 5 5 5 5 5"}),
        ("go-out", {"table": ["Q Q Q Q Q Q Q", "Q Q"], "discard": "5C"}),
    ],
)
def test_deck_every_ruling_counts_the_cards_it_is_given(check: str, args: dict[str, Any]) -> None:
    parsed = {k: parse_option(check, k, v) for k, v in args.items()}
    ruling = CHECKS[check].answer(load_ruleset("classic"), parsed)
    assert not ruling.legal and DECK in cited(ruling)


def test_deck_a_discard_is_counted_once() -> None:
    """The discarded card is one of the hand's cards: 8 fives in hand, one of them discarded."""
    args = {"card": parse_option("discard", "card", "5C"), "hand": parse("5C 5 5 5 5 5 5 5 4")}
    assert DECK not in cited(CHECKS["discard"].answer(load_ruleset("classic"), args))


def test_deck_threes_by_colour() -> None:
    """Two packs hold four black threes: five are no meld of black threes."""
    ruling = ask("meld", cards=parse("3S 3C 3S 3C 3S"), **{"going-out": True})
    assert DECK in cited(ruling)
    assert "5 black threes" in next(r.text for r in ruling.reasons if r.rule == DECK)


def test_deck_batch_answers_count_too() -> None:
    request = '{"check": "meld", "cards": "K K K K K K K K K K"}'
    answer, code = answer_line(Batch().answer, request, 1)
    assert code == 1 and answer["reasons"][0]["rule"] == DECK


# ---------------------------------------------------------------- what was assumed


def test_assumed_modern_K_K_2_opened_without_initial() -> None:
    """Modern American: after the initial meld a wild needs 5 naturals, so K K 2 is illegal as
    judged; the answer says it assumed the side had opened, and that --initial changes it."""
    code, data = cli_json("check", "meld", "K K 2", "-r", "modern-american")
    assert code == 1
    (assumed,) = data["assumptions"]
    assert assumed["option"] == "initial" and assumed["change"] == "--initial"
    assert assumed["value"] is True and "already made its initial meld" in assumed["assumed"]
    code, data = cli_json("check", "meld", "K K 2", "-r", "modern-american", "--initial")
    assert code == 0 and "assumptions" not in data


def test_assumed_line_in_text() -> None:
    result = CliRunner().invoke(app, ["check", "meld", "K K 2", "-r", "modern-american"])
    assert "assumed: the side has already made its initial meld" in result.stdout
    assert "(--initial changes the answer)" in result.stdout


def test_assumed_nothing_when_no_state_matters() -> None:
    """Classic K K K is legal whatever the side's state: no assumption is listed."""
    code, data = cli_json("check", "meld", "K K K")
    assert code == 0 and "assumptions" not in data


def test_assumed_opened_for_a_pickup() -> None:
    """Classic: K K in hand take a KD pile for a side that has opened; a side that has not
    would need 50 from K K K (30), so the answer names --not-opened."""
    code, data = cli_json("check", "pickup", "--top", "KD", "--hand", "KS KH 5C")
    assert code == 0
    assert [a["change"] for a in data["assumptions"]] == ["--not-opened"]


def test_assumed_score_for_an_unopened_side() -> None:
    """Classic, not opened, score not given: 0 needs 50 and K K K counts 30; a negative score
    needs only 15, so the answer says it assumed a score of 0."""
    code, data = cli_json("check", "pickup", "--top", "KD", "--hand", "KS KH 5C", "--not-opened")
    assert code == 1
    (assumed,) = data["assumptions"]
    assert assumed["option"] == "score" and assumed["value"] < 0
    assert assumed["assumed"] == "the side's score before the hand is 0"


def test_assumed_pile_not_empty_for_a_modern_discard() -> None:
    """Modern American: an ace may not go onto an empty pile while another natural is held;
    onto a pile that is not empty it may."""
    code, data = cli_json("check", "discard", "AS", "--hand", "AS KC 5D", "-r", "modern-american")
    assert code == 0
    assert [a["change"] for a in data["assumptions"]] == ["--pile-empty"]


def test_assumed_nothing_once_given() -> None:
    code, data = cli_json(
        "check", "discard", "AS", "--hand", "AS KC 5D", "-r", "modern-american", "--pile-empty"
    )
    assert code == 1 and "assumptions" not in data


# ---------------------------------------------------------------- helpers


def parse(text: str) -> Any:
    from canasta_score.rules.cards import parse_cards

    return parse_cards(text)


def parse_option(check: str, key: str, value: Any) -> Any:
    from canasta_score.judging.checks import convert

    option = next(o for o in CHECKS[check].options if o.key == key)
    return convert(option, value)
