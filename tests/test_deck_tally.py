"""The deck tally (rules/deck.py): cards counted by kind in one go, threes given by their number
added to those listed, and what passes the deck of the ruleset (RULES 1.1: a pack holds four
of each rank, two red and two black threes, and the ruleset's jokers)."""

from __future__ import annotations

import dataclasses

import pytest

from canasta_score.core.limits import answer_line, error
from canasta_score.rules.cards import JOKER, Rank, parse_cards
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.deck import Tally, excess


def test_tally_counts_ranks_apart_from_threes_and_adds_threes_given_by_number() -> None:
    """3H and 3D are red threes, 3S a black one; the counts given are added to them."""
    tally = Tally.of(parse_cards("JK JK 3H 3D 3S K K 5"), red=1, black=2)
    assert tally.ranks == {JOKER: 2, Rank("K"): 2, Rank("5"): 1}
    assert (tally.red, tally.black) == (3, 3)


def test_a_tally_is_a_frozen_record() -> None:
    """A tally is made in one go and never changed afterwards."""
    tally = Tally.of(parse_cards("K K"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        tally.red = 1  # type: ignore[misc]
    assert tally == Tally({Rank("K"): 2}, 0, 0)


def test_excess_names_what_passes_the_classic_deck() -> None:
    """Classic: two packs, so 8 of a rank, 4 jokers, 4 red and 4 black threes (RULES 1.1)."""
    rs = load_ruleset("classic")
    within = Tally.of(parse_cards("K " * 8 + "JK " * 4), red=4, black=4)
    assert excess(rs, within) == []
    over = Tally.of(parse_cards("K " * 9 + "JK " * 5), red=5, black=4)
    assert [(e.named, e.held) for e in excess(rs, over)] == [(9, 8), (5, 4), (5, 4)]


def test_a_batch_line_that_is_not_json_gets_its_error_object() -> None:
    """Every batch answers a line it cannot read with {"line": N, "error": ...} and code 2."""
    data, code = answer_line(lambda request, line: ({"echo": request}, 0), b"{nope", 7)
    assert code == 2 and data["line"] == 7 and "not valid JSON" in data["error"]
    assert answer_line(lambda request, line: ({"echo": request}, 0), b'{"a": 1}', 8) == (
        {"echo": {"a": 1}},
        0,
    )
    assert error(3, "why") == ({"line": 3, "error": "why"}, 2)
