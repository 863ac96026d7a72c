"""CONTRACT section 7: while a current game is open (not finished), the rulings of section 5
take its ruleset, players and house rules unless --ruleset is given, and say so in one line."""

from __future__ import annotations

from helpers import Cli

SAID = "ruleset samba, from game carnival"


def test_a_meld_is_ruled_under_the_current_games_ruleset_decision_d1_scope(cli: Cli) -> None:
    """RULES 0.3, D1 scope: K K 2 2 is legal in Samba (at least 2 naturals, at most 2 wilds,
    no ratio) and illegal in Classic (naturals must outnumber wilds)."""
    assert cli("check", "meld", "K K 2 2").code == 1  # no games yet: classic
    assert cli("new", "carnival", "--ruleset", "samba", "--side", "a", "--side", "b").code == 0
    run = cli("check", "meld", "K K 2 2", "--json")
    assert run.code == 0 and SAID in run.err
    assert run.json()["reasons"][0]["rule"].startswith("samba.")
    named = cli("check", "meld", "K K 2 2", "--ruleset", "classic")
    assert named.code == 1 and SAID not in named.err


def test_min_meld_takes_the_games_tiers_rules_8_1(cli: Cli) -> None:
    """RULES 8.1 (Samba): 90 from a score of 1,500; a game's own house rules come along."""
    cli("new", "carnival", "--ruleset", "samba", "--side", "a", "--side", "b")
    run = cli("min-meld", "--score", "1500", "--json")
    assert run.code == 0 and SAID in run.err
    assert run.json()["minimum"] == 90


def test_a_finished_game_no_longer_gives_its_ruleset(cli: Cli) -> None:
    """A Samba game to 100 ends after its first hand (RULES 8.1: us 300 melded + 2 natural
    canastas; Samba needs two canastas to go out)."""
    cli("new", "short", "--ruleset", "samba", "--side", "us", "--side", "them", "--target", "100")
    done = cli("hand", "us: 300 melded, 2 natural, out", "them: 50 melded", "--yes")
    assert done.code == 0, done.err
    assert cli("status", "--json").json()["finished"]
    run = cli("check", "meld", "K K 2 2")
    assert run.code == 1 and "from game" not in run.err  # classic again


def test_side_is_read_as_hand_and_play_read_it_a_player_or_a_beginning(cli: Cli) -> None:
    """RULES 2.2 tiers: them at 1,000 + 500 + 100 = 1,600 need 90; us at 100 need 50."""
    cli("new", "club", "--side", "us: Ann & Bob", "--side", "them: Cy & Di")
    assert cli("hand", "us: 100 melded", "them: 1000 melded, 1 natural, out").code == 0
    for side, minimum in (("us", 50), ("ann", 50), ("th", 90), ("cy", 90), ("THEM", 90)):
        run = cli("min-meld", "--side", side, "--json")
        assert run.code == 0, run.err
        assert run.json()["minimum"] == minimum, side
    unknown = cli("min-meld", "--side", "zed")
    assert unknown.code == 2 and 'game "club"' in unknown.err


def test_meld_and_go_out_take_side_as_every_side_dependent_ruling_does(cli: Cli) -> None:
    """CONTRACT 7: --side names a side of the game (a player or a beginning will do) and the
    ruling takes the game's ruleset. In Samba K K 2 2 is legal (D1 scope: at least 2 naturals,
    at most 2 wilds) and going out needs two canastas (RULES 8.1), so one is not enough."""
    cli(
        "new",
        "carnival",
        "--ruleset",
        "samba",
        "--side",
        "us: Ann & Bob",
        "--side",
        "them: Cy & Di",
    )
    meld = cli("check", "meld", "K K 2 2", "--side", "ann", "--json")
    assert meld.code == 0, meld.err
    out = cli("check", "go-out", "--table", "Q Q Q Q Q Q Q", "--side", "th", "--json")
    assert out.code == 1
    assert [r["rule"] for r in out.json()["reasons"]] == ["samba.go-out.canastas"]
    unknown = cli("check", "meld", "K K K", "--side", "zed")
    assert unknown.code == 2 and 'game "carnival"' in unknown.err


def test_players_alone_keeps_the_current_games_ruleset_contract_7(cli: Cli) -> None:
    """CONTRACT 7: only --ruleset rules under another ruleset. --players 4 in a four-player
    Samba game is the game's own count: K K 2 2 stays legal (RULES 0.3, D1 scope: Samba asks
    at least 2 naturals and at most 2 wilds, no ratio), where Classic would refuse it."""
    cli("new", "carnival", "--ruleset", "samba", "--side", "a", "--side", "b")
    run = cli("check", "meld", "K K 2 2", "--players", "4", "--json")
    assert run.code == 0 and SAID in run.err
    assert run.json()["reasons"][0]["rule"].startswith("samba.")
    minimum = cli("min-meld", "--score", "1500", "--players", "4", "--json")
    assert minimum.code == 0 and minimum.json()["minimum"] == 90  # RULES 8.1


def test_players_other_than_the_games_is_refused_naming_both_counts(cli: Cli) -> None:
    """CONTRACT 7 and 4: the game is played by 4; --players 2 without --ruleset asks for a
    ruling the game cannot give, so it is an input error (exit 2) naming both counts, not a
    Classic ruling given in silence."""
    cli("new", "club", "--side", "a", "--side", "b")
    run = cli("check", "go-out", "--table", "Q Q Q Q Q Q Q", "--players", "2")
    assert run.code == 2
    assert "--players 2" in run.err and "4 players" in run.err and "--ruleset" in run.err
    # RULES 3, example 2P-1: named with --ruleset, two players need two canastas.
    named = cli("check", "go-out", "--table", "Q Q Q Q Q Q Q", "-r", "classic", "-p", "2")
    assert named.code == 1 and "from game" not in named.err


def test_side_with_the_games_own_player_count_is_answered(cli: Cli) -> None:
    """README: a --players given with --side must agree with the game; the game's own count
    agrees, whatever its ruleset. In Samba, two canastas are needed to go out (RULES 8.1)."""
    cli("new", "carnival", "--ruleset", "samba", "--side", "us", "--side", "them")
    run = cli("check", "go-out", "--table", "Q Q Q Q Q Q Q", "--side", "us", "-p", "4")
    assert run.code == 1, run.err
    other = cli("check", "go-out", "--table", "Q Q Q Q Q Q Q", "--side", "us", "-p", "2")
    assert other.code == 2 and "--players 2" in other.err and "4 players" in other.err


def test_side_with_the_games_ruleset_named_takes_the_games_player_count(cli: Cli) -> None:
    """README: a --ruleset given with --side must agree with the game. A two-player classic
    game named as classic agrees; the ruling takes its two players (RULES 3, example 2P-1: one
    canasta is not enough to go out), and another ruleset is still refused."""
    cli("new", "duel", "--players", "2", "--side", "A", "--side", "B")
    run = cli("check", "go-out", "--table", "Q Q Q Q Q Q Q", "--side", "A", "-r", "classic")
    assert run.code == 1, run.err
    assert "needs 2 canastas" in run.out
    other = cli("check", "go-out", "--table", "Q Q Q Q Q Q Q", "--side", "A", "-r", "samba")
    assert other.code == 2 and 'game "duel"' in other.err


def test_a_house_rule_naming_another_player_count_is_refused_as_players_is(cli: Cli) -> None:
    """CONTRACT 7: the ruling takes the current game's players. --rule table.players=2 names
    the player count as --players 2 does (docs/house-rules.md), so in a four-player game both
    are refused alike, rather than a two-player ruling with four players' rules."""
    cli("new", "club", "--side", "a", "--side", "b")
    by_option = cli("check", "go-out", "--table", "Q Q Q Q Q Q Q", "--players", "2")
    by_rule = cli("check", "go-out", "--table", "Q Q Q Q Q Q Q", "--rule", "table.players=2")
    assert by_option.code == by_rule.code == 2
    assert "4 players" in by_rule.err and "table.players=2" in by_rule.err
    same = cli("check", "go-out", "--table", "Q Q Q Q Q Q Q", "--rule", "table.players=4")
    assert same.code == 0  # RULES 2.4: one canasta is enough for four players
