"""House rules that cannot stand (RULES 18; CONTRACT 3: "unknown keys and wrongly typed values
are input errors naming the key"): each is refused with one short `Error:` naming the key, and
the refusal says only what is wrong with it."""

from __future__ import annotations

import pytest

from canasta_score.core.errors import RulesetError
from canasta_score.rules.catalog import load_ruleset


@pytest.mark.parametrize("packs", ["0", "1001", "100000000"])
def test_out_of_range_pack_count_is_refused_by_its_range_alone(packs: str) -> None:
    """deck.decks counts packs, 1 to 1,000 (schema.COUNT_LEAST / COUNT_MOST). A count outside
    that is refused for its range; what such a deck would hold (threes, deal, canastas) is not
    worked out, so the refusal stays one short line instead of listing every three of
    millions of packs."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset("classic", overrides=[f"deck.decks={packs}"])
    text = str(refused.value)
    assert "deck.decks" in text and "out of range" in text
    assert "threes" not in text and "hand_size" not in text and "go_out" not in text
    assert len(text) < 200
