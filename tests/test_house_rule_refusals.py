"""House rules that cannot stand (RULES 18; CONTRACT 3: "unknown keys and wrongly typed values
are input errors naming the key"): each is refused with one short `Error:` naming the key, and
the refusal says only what is wrong with it."""

from __future__ import annotations

from pathlib import Path

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


@pytest.mark.parametrize(
    "tiers",
    [
        "[{from=-100,minimum=50},{from=100,minimum=60}]",
        "[{from=0,minimum=50}]",
        "[{from=true,minimum=50}]",
    ],
)
def test_a_start_on_the_first_tier_is_refused_not_ignored(tiers: str) -> None:
    """RULES 0.2 / 19.2: the first tier is the one below every later start (classic: s < 0 ->
    15), so it has no start of its own. A `from` written on it used to be dropped without a
    word (score -500 still got the first tier's 50 under from=-100); it is refused, naming
    initial_meld.tiers[0].from."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset("classic", overrides=[f"initial_meld.tiers={tiers}"])
    assert "initial_meld.tiers[0].from" in str(refused.value)


@pytest.mark.parametrize("start", ["true", "false"])
def test_a_tier_start_of_true_or_false_is_refused(start: str) -> None:
    """A tier starts at a score, a whole number (RULES 0.2); `from = true` is a wrong type
    (CONTRACT 3), not the score 1."""
    with pytest.raises(RulesetError) as refused:
        tiers = f"[{{minimum=50}},{{from={start},minimum=90}}]"
        load_ruleset("classic", overrides=[f"initial_meld.tiers={tiers}"])
    assert "initial_meld.tiers[1].from" in str(refused.value)


def house_file(tmp_path: Path, body: str) -> str:
    path = tmp_path / "ours.toml"
    path.write_text('id = "ours"\nextends = "classic"\n' + body, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ("name = 5\n", "name"),
        ('description = ["x"]\n', "description"),
        ("source = true\n", "source"),
    ],
)
def test_a_house_file_name_or_description_that_is_not_text_is_refused(
    tmp_path: Path, body: str, key: str
) -> None:
    """CONTRACT 3: wrongly typed values are input errors naming the key. A ruleset's name,
    description and source are text (docs/house-rules.md); name = 5 used to be shown as the
    ruleset's name "5"."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset(house_file(tmp_path, body))
    assert f"{key}: expected text" in str(refused.value)


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ('[sources]\n"meld.nope" = "our table"\n', "sources.meld.nope"),
        ('[sources]\n"meld.max_wilds" = 5\n', "sources.meld.max_wilds"),
    ],
)
def test_a_source_for_an_unknown_key_or_not_in_words_is_refused(
    tmp_path: Path, body: str, key: str
) -> None:
    """docs/house-rules.md: [sources] says why each rule is ours, as text, for a ruleset key;
    as for [unsourced], a source for a key no ruleset has, or one that is not text, is an error
    naming it, not kept without a word."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset(house_file(tmp_path, body))
    assert key in str(refused.value)


def test_a_source_for_a_known_key_is_kept(tmp_path: Path) -> None:
    """The documented [sources] table still works: rules show gives it as that rule's source."""
    rs = load_ruleset(house_file(tmp_path, '[sources]\n"discard.jokers" = "our table"\n'))
    assert rs.rule_source("discard.jokers") == "our table"


@pytest.mark.parametrize(
    ("rules", "key"),
    [
        (["meld.max_cards=5"], "meld.max_cards"),
        (["meld.max_cards=6", "canasta.min_cards=7"], "meld.max_cards"),
        (["canasta.min_cards=8"], "canasta.min_cards"),
    ],
)
def test_melds_too_small_to_become_a_canasta_are_refused(rules: list[str], key: str) -> None:
    """RULES 1.5: a canasta is a meld of 7 or more cards, and every variant needs canastas to
    go out (1.8). A meld capped below a canasta's size leaves no canasta and no going out: the
    two keys conflict, and the one the house rule set is named."""
    rs = "american" if key == "canasta.min_cards" else "classic"
    with pytest.raises(RulesetError) as refused:
        load_ruleset(rs, overrides=rules)
    assert f"house rule {key}" in str(refused.value)


def test_a_meld_cap_that_still_holds_a_canasta_is_kept() -> None:
    """US American caps melds at 7 (RULES 7.1), exactly a canasta; T17 lets a going-out meld
    grow to 8. Both stand."""
    rs = load_ruleset("american", overrides=["meld.max_cards_going_out=8"])
    assert (rs.meld.max_cards, rs.canasta.min_cards) == (7, 7)


def test_a_sequence_to_go_out_without_sequences_is_refused() -> None:
    """RULES 9: Bolivian needs an escalera to go out, and only the Samba family melds
    sequences (1.4). Classic with go_out.sequence_canastas = 1 could never go out."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset("classic", overrides=["go_out.sequence_canastas=1"])
    assert "house rule go_out.sequence_canastas" in str(refused.value)


@pytest.mark.parametrize(
    ("ruleset", "rule"),
    [
        ("samba", "meld.sequence_max=2"),
        ("samba", "meld.sequence_max=0"),
        ("bolivian", "meld.wild_meld_max=2"),
    ],
)
def test_a_meld_kind_capped_below_the_least_meld_is_refused(ruleset: str, rule: str) -> None:
    """RULES 1.4: a meld is at least 3 cards. A sequence (Samba) or wild-card meld (Bolivian)
    capped at 2 could never be laid although the ruleset allows it: refused, naming the key.
    A sequence cap of 0 read "a sequence holds at most 0 cards" while 8-card sequences were
    judged legal; the key has no "0 = no limit" (RULES 8.1: a sequence stops at 7)."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset(ruleset, overrides=[rule])
    assert f"house rule {rule.split('=')[0]}" in str(refused.value)


@pytest.mark.parametrize(("raw", "said"), [("true", "got true"), ("false", "got false")])
def test_a_wrongly_typed_true_or_false_is_quoted_as_written(raw: str, said: str) -> None:
    """CONTRACT 3: a wrongly typed value is an input error naming the key; the value is quoted
    as the table wrote it in TOML (true), not as Python spells it (True)."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset("classic", overrides=[f"meld.max_wilds={raw}"])
    assert str(refused.value).endswith(
        f"house rule meld.max_wilds: expected a whole number, {said}"
    )


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("black_threes_removed = true", "black_threes_removed must be a whole number, not true"),
        ("special_hand = false", "special_hand false is not one of"),
        ("red_threes = 1\nin_hand = [true]", "must be a string of cards, not true"),
        ("incomplete = [true]", "incomplete: true is not one of"),
    ],
)
def test_a_record_value_of_true_or_false_is_quoted_as_written(line: str, said: str) -> None:
    """CONTRACT 6: a record that breaks the rules is an input error that says what is wrong;
    the wrong value is quoted as the record wrote it in TOML (true), not as Python spells it
    (True)."""
    from helpers import score

    from canasta_score.core.errors import CanastaError

    record = f'[[side]]\nname = "A"\n{line}\n[[side]]\nname = "B"\nmeld_points = 0\n'
    with pytest.raises(CanastaError) as refused:
        score(load_ruleset("cuban"), record)
    assert said in str(refused.value)


@pytest.mark.parametrize(("players", "size"), [(2, 2), (4, 4), (6, 6)])
def test_a_side_size_that_leaves_one_side_is_refused(players: int, size: int) -> None:
    """RULES 0.2 / 1.9: sides score against each other, and a game is won by the side that
    reaches the target first; 2 players to a side with 2 players made a one-side game. The
    house rule is refused, naming table.side_size."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset("classic", players=players, overrides=[f"table.side_size={size}"])
    assert "house rule table.side_size" in str(refused.value)


@pytest.mark.parametrize("target", ["0", "7", "-5"])
def test_a_wrong_target_is_one_problem_of_the_house_rule(target: str) -> None:
    """RULES 0.3 Targets: any positive multiple of 5. A target of 7 was reported twice, once
    as the bundled file's (classic.toml: game.target) although the house rule set it; it is
    one problem, naming the house rule."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset("classic", overrides=[f"game.target={target}"])
    (problem,) = refused.value.problems
    assert problem.startswith("house rule game.target: ")
