"""Numbers people read have thousands separators, errors included (issue 21, item 13); the
data (JSON, CSV) keeps plain numbers."""

from __future__ import annotations

import json

from helpers import Cli


def test_a_count_that_is_no_multiple_of_5_is_said_with_separators(cli: Cli) -> None:
    """RULES 2.6: every count is a multiple of 5, so 2,471 melded is refused as written."""
    assert cli("new", "g", "--side", "us", "--side", "them").code == 0
    done = cli("hand", "us: 2471 melded, 1 natural, out", "them: 50 melded")
    assert done.code == 2
    assert '"2,471 melded" is not a multiple of 5' in done.err


def test_a_target_that_is_no_multiple_of_5_is_said_with_separators(cli: Cli) -> None:
    done = cli("new", "g", "--side", "us", "--side", "them", "--target", "12501")
    assert done.code == 2 and "target 12,501: give a positive multiple of 5" in done.err


def test_the_games_list_and_stats_group_thousands_but_json_does_not(cli: Cli) -> None:
    """RULES 2.6: hand 1, 300 melded + 500 natural canasta + 100 going out = 900 for us;
    hand 2, 800 + 500 + 300 mixed + 100 = 1,700; us 2,600, them 50 + 50 = 100."""
    assert cli("new", "g", "--side", "us", "--side", "them").code == 0
    assert cli("hand", "us: 300 melded, 1 natural, out", "them: 50 melded").code == 0
    assert cli("hand", "us: 800 melded, 1 natural, 1 mixed, out", "them: 50 melded").code == 0
    assert "us 2,600, them 100" in cli("games").out
    assert cli("games", "--json").json()["games"][0]["scores"] == {"us": 2600, "them": 100}
    assert '"points": 2600' in json.dumps(cli("stats", "--json").json()["sides"])


def test_a_record_beyond_the_deck_says_its_counts_with_separators(cli: Cli) -> None:
    """RULES 2.1/1.5: a Classic pack counts 4 aces and 4 twos at 20 (160), 24 cards from K to 8
    at 10 (240), 16 from 7 to 4 at 5 (80) and 2 black threes at 5 (10): 490; two packs 980 and
    four jokers at 50 (200) make 1,180. The record's 1,200 + 50 = 1,250 is more."""
    assert cli("new", "g", "--side", "us", "--side", "them").code == 0
    done = cli("hand", "us: 1200 melded, 1 natural, 1 mixed, out", "them: 50 melded")
    assert done.code == 2
    assert "counts 1,250 points" in done.err and "together counts 1,180" in done.err
    assert 'side "us": 1,200' in done.err
