"""What a user reads about a game: status, history and games, worked out by hand from
RULES.md."""

from __future__ import annotations

import pytest

from tests.helpers import Cli

# Hand and Foot (RULES 17.1): 300 melded + natural 500 + mixed 300 = 1,100 for each side.
EVEN = ("us: 300 melded, 1 natural, 1 mixed", "them: 300 melded, 1 natural, 1 mixed")


def test_a_tie_before_the_last_of_a_fixed_number_of_hands_is_not_announced(cli: Cli) -> None:
    """RULES 17.1 game.length: Hand and Foot is 4 hands, so a tie after hand 1 (1,100 each)
    ends nothing and hand 2 is played anyway; only a tie after the last hand means another
    hand is played (D53, play_another_hand)."""
    new = ("new", "hf", "--ruleset", "hand-and-foot", "--side", "us: Ann & Bob")
    assert cli(*new, "--side", "them: Cy & Di").code == 0
    assert cli("hand", *EVEN).code == 0
    shown = cli("status").out
    assert "tied" not in shown
    assert shown.rstrip().endswith("Next: hand 2, dealt by Cy.")
    for _ in range(3):
        assert cli("hand", "--yes", *EVEN).code == 0
    # 4 times 1,100 = 4,400 each after the fourth and last hand: tied, so a fifth is played.
    shown = cli("status").out
    assert "us and them are tied at 4,400: another hand is played." in shown


def test_a_hands_title_fits_the_terminal_whatever_the_dealers_name(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tables and text are fitted to the terminal's width (COLUMNS): at 40 columns the
    title of hand 1 in `history --detail`, with a dealer whose name alone takes 34 columns,
    is wrapped rather than running past the edge."""
    dealer = "Maximiliana-Philippa-Wolkenstein-R"  # 34 columns, the first dealer
    assert cli("new", "long", "--side", f"{dealer} & Bob", "--side", "Cy & Di").code == 0
    assert cli("hand", f"{dealer}: 300 melded, 1 mixed, out", "Cy: 50 melded").code == 0
    monkeypatch.setenv("COLUMNS", "40")
    shown = cli("history", "--detail").out.splitlines()
    assert shown[:2] == ["Hand 1, dealt by", dealer]


def test_stats_help_in_korean_speaks_of_teams_and_head_to_head(cli: Cli) -> None:
    """docs/ko/glossary.md: a side (a player or a partnership) is 팀 and a head to head is
    상대 전적; `stats --help` in Korean uses those words, never 파트너십 or 맞대결."""
    shown = cli("--lang", "ko", "stats", "--help").out
    assert "상대 전적" in shown and "팀" in shown
    assert "파트너십" not in shown and "맞대결" not in shown


def test_seven_canastas_won_from_behind_are_no_lead(cli: Cli) -> None:
    """RULES 18 T6 / D51: seven canastas in one hand are credited 5,000 and win the game at
    once. A: 1,000 melded + 3 natural 1,500 + 3 mixed 900 + 4 red threes 800 + out 100 = 4,300,
    twice, then 100: 8,700. B: 100, 100, then 5,000: 5,200. B wins 3,500 behind A, so no
    sheet says B "wins by 3,500": the margin (a lead) is null and the win is told without it."""
    rules = ("--rule", "game.seven_canastas_win=5000", "--target", "10000", "--players", "2")
    assert cli("new", "seven", "--side", "A", "--side", "B", *rules).code == 0
    for _ in range(2):
        assert (
            cli("hand", "A: 1000 melded, 3 natural, 3 mixed, 4 red, out", "B: 100 melded").code == 0
        )
    done = cli("hand", "--yes", "A: 100 melded", "B: 490 melded, 7 natural, out")
    assert done.code == 0
    status = cli("status", "--json").json()
    assert [s["score"] for s in status["sides"]] == [8700, 5200]
    assert (status["winner"], status["margin"], status["ended_by"]) == ("B", None, "seven_canastas")
    said = "Game over: B wins (seven canastas in one hand)."
    assert cli("status").out.rstrip().endswith(said)
    assert "**Result:** B wins (A 8,700, B 5,200)." in cli("export", "--format", "md").out
    assert "Result: B wins." in cli("export", "--format", "html").out
    assert "wins by" not in cli("export", "--format", "html").out


def test_the_game_list_says_who_shared_a_win(cli: Cli) -> None:
    """docs/games.md: `games` says whether a game is finished "and who won", `--json` the same.
    D53 shared_win at target 1,000, two players: A 300 melded + 2 natural canastas 1,000 + out
    100 = 1,400; B 400 + 1,000 = 1,400: tied at the target, so A and B share the win."""
    rules = ("--players", "2", "--target", "1000", "--rule", "game.tie_policy=shared_win")
    assert cli("new", "tied", "--side", "A", "--side", "B", *rules).code == 0
    hand = ("A: 300 melded, 2 natural, out", "B: 400 melded, 2 natural")
    assert cli("hand", "--yes", *hand).code == 0
    assert "yes, A and B shared the win" in cli("games").out
    [listed] = cli("games", "--json").json()["games"]
    assert (listed["finished"], listed["winner"], listed["winners"]) == (True, None, ["A", "B"])


def test_a_name_with_a_zero_width_character_keeps_the_sheet_in_line(cli: Cli) -> None:
    """Tables line up by terminal columns (docs/stats.md, In Korean): a zero-width space or
    joiner in a name takes no column, so the totals of "Ann\\u200bBob" (a zero-width space
    inside) stand under their heading as those of "AnnBob" do. Hand 1: 300 melded + 2 mixed
    canastas 600 + out 100 = 1,000 for the first side, 50 for the second (RULES 2.6, 3)."""
    from canasta_score.output.widths import width

    assert width("Ann\u200bBob") == width("AnnBob") == 6
    assert width("A\u200dB\u2060C\ufeff") == 3
    assert width("\u00ad") == 1  # a soft hyphen is shown where a line breaks: it keeps its column
    lines = {}
    for name in ("Ann\u200bBob", "AnnBob"):
        args = ("--side", name, "--side", "Cy", "--players", "2")
        assert cli("new", f"g{len(lines)}", *args).code == 0
        assert cli("hand", f"{name}: 300 melded, 2 mixed, out", "Cy: 50 melded").code == 0
        lines[name] = [width(line) for line in cli("status").out.splitlines()]
    assert lines["Ann\u200bBob"] == lines["AnnBob"]


def test_the_sheet_explains_the_going_out_mark_only_when_it_shows_one(cli: Cli) -> None:
    """A hand nobody went out of (RULES 1.9: a hand may end with the stock run out) marks no
    side with *, so status shows no legend for it; once a side went out (A: 250 melded + a
    natural canasta 500 + going out 100, RULES 1.5 and 2.1) the * and its legend are shown."""
    assert cli("new", "club", "--side", "A", "--side", "B").code == 0
    assert cli("hand", "A: 100 melded", "B: 50 melded").code == 0
    assert "went out" not in cli("status").out
    assert cli("hand", "A: 250 melded, 1 natural, out", "B: 50 melded").code == 0
    shown = cli("status").out
    assert "+850 *" in shown and "(* went out)" in shown
