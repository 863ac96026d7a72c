"""A house rule that names the number of players (``--rule table.players=N``) is the player
count, as ``--players N`` is: the ruleset takes that count's own rules (RULES 3 and 4, the
``[by_players.N]`` settings), never the default count's rules under another count."""

from __future__ import annotations

from helpers import Cli

from canasta_score.rules.catalog import load_ruleset

KINGS = "K K K K K K K"


def test_rule_table_players_2_needs_two_canastas_as_players_2_does_rules_3(cli: Cli) -> None:
    """RULES 3 (example 2P-1): with two players a side needs two canastas to go out, so one
    natural canasta of kings is not enough, whether the count is given by --players or by the
    house rule; the two ways answer alike."""
    by_option = cli("check", "go-out", "--table", KINGS, "--players", "2", "--json")
    by_rule = cli("check", "go-out", "--table", KINGS, "--rule", "table.players=2", "--json")
    assert by_option.code == by_rule.code == 1
    assert by_rule.json() == by_option.json()


def test_rule_table_players_2_is_the_two_player_ruleset_rules_19_1() -> None:
    """RULES 19.1, Classic 2p: 15 cards dealt, 2 canastas to go out, target 5,000."""
    rs = load_ruleset("classic", overrides=["table.players=2"])
    assert rs.players == 2
    assert (rs.deal.hand_size, rs.go_out.canastas, rs.game.target) == (15, 2, 5000)


def test_a_game_made_with_rule_table_players_2_plays_to_5000_rules_19_1(cli: Cli) -> None:
    """RULES 19.1: a two-player classic game is played to 5,000 (7,500 is three players')."""
    assert cli("new", "duel", "--rule", "table.players=2", "--side", "A", "--side", "B").code == 0
    status = cli("status", "--json").json()
    assert (status["players"], status["target"]) == (2, 5000)


def test_a_player_count_the_ruleset_does_not_offer_is_refused_by_either_way(cli: Cli) -> None:
    """Classic is played by 2, 3, 4 or 6 (RULES 2-5): 5 is refused by the rule as by --players;
    a rule that says another count than --players is refused naming both."""
    run = cli("min-meld", "--rule", "table.players=5", "--json")
    assert run.code == 2 and "5 players is not offered" in run.err
    both = cli("min-meld", "--players", "4", "--rule", "table.players=2", "--json")
    assert both.code == 2 and "table.players" in both.err and "4" in both.err


def test_new_with_rule_table_players_2_takes_sides_of_one_player_each(cli: Cli) -> None:
    """RULES 3: two players play alone, one to a side; sides of two are refused as with
    --players 2, naming the side, not as a clash with a count nobody gave."""
    run = cli("new", "z", "--rule", "table.players=2", "--side", "A & B", "--side", "C & D")
    assert run.code == 2 and 'side "A & B" names 2 players' in run.err
