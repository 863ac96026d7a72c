"""Statistics across games, on hand-built Classic games whose figures are worked out by hand
from the scoring of RULES 2.6: melded count + 500 a natural canasta + 300 a mixed one + 100 a red
three (counted against a side that made no meld) + 100 for going out + 100 more concealed, less
the cards left in hand."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from helpers import Cli, change_stored

from canasta_score.core.frozen import replace
from canasta_score.games.game import new_game, parse_side
from canasta_score.games.stats import Filters, GameFacts, head_to_head, lost_points, statistics
from canasta_score.games.store import Store
from canasta_score.rules.catalog import load_ruleset


def side(name: str, **facts: Any) -> dict[str, Any]:
    return {"name": name, **facts}


# Game one (2026-01-10), target 1,500: Ann & Bob against Cy & Di.
#   Hand 1: Ann & Bob 300 melded + natural canasta 500 + 1 red three 100 + out 100 + concealed
#           100 = 1,100; Cy & Di 150 melded + mixed canasta 300 - 85 in hand = 365.
#   Hand 2: Ann & Bob 200 + mixed 300 - 30 in hand = 470 (total 1,570: the game ends, RULES
#           2.1 game.target); Cy & Di 250 + natural 500 + out 100 = 850 (total 1,215).
ONE = [
    {
        "side": [
            side(
                "Ann & Bob",
                meld_points=300,
                canastas={"natural": 1},
                red_threes=1,
                went_out=True,
                concealed=True,
            ),
            side("Cy & Di", meld_points=150, canastas={"mixed": 1}, in_hand_points=85),
        ]
    },
    {
        "side": [
            side("Ann & Bob", meld_points=200, canastas={"mixed": 1}, in_hand_points=30),
            side("Cy & Di", meld_points=250, canastas={"natural": 1}, went_out=True),
        ]
    },
]
# Game two (2026-02-01), target 1,500: the partners change, and the names are written in
# other cases. Hand 1: ann & Cy made no meld: 2 red threes against, -200, and 120 in hand:
# -320. BOB & di 400 + two natural canastas 1,000 + out 100 = 1,500: the game ends.
TWO = [
    {
        "side": [
            side("ann & Cy", red_threes=2, in_hand_points=120),
            side("BOB & di", meld_points=400, canastas={"natural": 2}, went_out=True),
        ]
    }
]


def store_game(
    home: Path, name: str, created: str, sides: tuple[str, ...], hands: list[dict[str, Any]]
) -> None:
    rs = load_ruleset("classic", overrides=["game.target=1500"])
    game = new_game(name, created, rs, [parse_side(s) for s in sides])
    Store(home).create(replace(game, hands=tuple(hands)), "taken")


@pytest.fixture()
def home(tmp_path: Path) -> Path:
    store_game(tmp_path, "one", "2026-01-10T20:00:00", ("Ann & Bob", "Cy & Di"), ONE)
    store_game(tmp_path, "two", "2026-02-01T20:00:00", ("ann & Cy", "BOB & di"), TWO)
    return tmp_path


def figures(result: dict[str, Any], group: str) -> dict[str, dict[str, Any]]:
    return {t["name"]: t for t in result[group]}


def read(home: Path) -> tuple[list[GameFacts], Any]:
    return Store(home).facts()


def test_a_player_in_two_partnerships_counts_once_matched_without_case(home: Path) -> None:
    result = statistics(*read(home))
    assert [t["name"] for t in result["players"]] == ["Bob", "Di", "Ann", "Cy"]
    ann = figures(result, "players")["Ann"]
    # Ann: hands 1,100 and 470 with Bob, -320 with Cy; won game one, lost game two.
    assert (ann["games"], ann["finished"], ann["wins"], ann["win_rate"]) == (2, 2, 1, 0.5)
    assert (ann["hands"], ann["points"], ann["average_hand"]) == (3, 1250, 416.7)
    assert ann["best_hand"] == {"score": 1100, "game": "one", "hand": 1}
    assert ann["worst_hand"] == {"score": -320, "game": "two", "hand": 1}


def test_wins_and_averages_rules_2_6_and_game_target(home: Path) -> None:
    players = figures(statistics(*read(home)), "players")
    bob, cy, di = players["Bob"], players["Cy"], players["Di"]
    assert (bob["wins"], bob["win_rate"], bob["points"], bob["average_hand"]) == (
        2,
        1.0,
        3070,
        1023.3,
    )
    assert (cy["wins"], cy["win_rate"], cy["points"], cy["average_hand"]) == (0, 0.0, 895, 298.3)
    assert (di["wins"], di["points"], di["average_hand"]) == (1, 2715, 905.0)
    assert bob["best_hand"] == {"score": 1500, "game": "two", "hand": 1}


def test_canastas_by_kind_going_out_red_threes_and_penalties(home: Path) -> None:
    players = figures(statistics(*read(home)), "players")
    ann, bob = players["Ann"], players["Bob"]
    assert ann["canastas"] == {"mixed": 1, "natural": 1}
    assert ann["canastas_per_hand"] == {"mixed": 0.333, "natural": 0.333}
    assert bob["canastas"] == {"mixed": 1, "natural": 3}
    assert bob["canastas_per_hand"] == {"mixed": 0.333, "natural": 1.0}
    assert (ann["went_out"], ann["went_out_concealed"]) == (1, 1)
    assert (bob["went_out"], bob["went_out_concealed"]) == (2, 1)
    # Ann laid 1 red three in game one and 2 in game two: 3 in 3 hands.
    assert (ann["red_threes"], ann["red_threes_per_hand"]) == (3, 1.0)
    # 30 + 120 left in hand; the 2 red threes of a side without a meld count 200 against.
    assert ann["penalties"] == {
        "cards_in_hand": 150,
        "incomplete_melds": 0,
        "red_threes_against": 200,
    }


def test_partnerships_are_their_players_in_any_order(home: Path) -> None:
    sides = figures(statistics(*read(home)), "sides")
    assert sorted(sides) == ["Ann & Bob", "Ann & Cy", "Bob & Di", "Cy & Di"]
    pair = sides["Ann & Bob"]
    assert (pair["games"], pair["wins"], pair["hands"], pair["average_hand"]) == (1, 1, 2, 785.0)
    assert pair["players"] == ["Ann", "Bob"]
    only = statistics(*read(home), Filters(side="bob & ann"))
    assert [t["name"] for t in only["sides"]] == ["Ann & Bob"]
    assert [t["name"] for t in only["players"]] == ["Ann", "Bob"]
    assert only["games"]["names"] == ["one"]


def test_filters_player_dates_and_ruleset(home: Path) -> None:
    games, skipped = read(home)
    mine = statistics(games, skipped, Filters(player="ANN"))
    assert [t["name"] for t in mine["players"]] == ["Ann"]
    assert sorted(t["name"] for t in mine["sides"]) == ["Ann & Bob", "Ann & Cy"]
    later = statistics(games, skipped, Filters(since=date(2026, 2, 1)))
    assert later["games"]["names"] == ["two"]
    assert figures(later, "players")["Bob"]["wins"] == 1
    earlier = statistics(games, skipped, Filters(until=date(2026, 1, 31)))
    assert earlier["games"]["names"] == ["one"]
    assert statistics(games, skipped, Filters(ruleset="samba"))["games"]["counted"] == 0


def test_head_to_head_players_and_partnerships(home: Path) -> None:
    games, _ = read(home)
    # Ann and Bob were partners in game one, so only game two counts.
    vs = head_to_head(games, "Ann", "bob")
    assert (vs["games"], vs["wins"], vs["a"]["points"], vs["b"]["points"]) == (
        1,
        {"Ann": 0, "bob": 1},
        -320,
        1500,
    )
    pairs = head_to_head(games, "Ann & Bob", "Di & Cy")
    assert (pairs["games"], pairs["wins"]) == (1, {"Ann & Bob": 1, "Di & Cy": 0})
    assert pairs["b"]["average_hand"] == 607.5


def test_a_damaged_game_is_reported_never_dropped(home: Path) -> None:
    store_game(home, "broken", "2026-03-01T20:00:00", ("Ann & Bob", "Cy & Di"), ONE)
    # Changed outside canasta-score: 42 points left in hand, not a multiple of 5 (RULES 2.1).
    change_stored(
        home,
        "UPDATE hands SET record = json_set(record, '$.side[0].in_hand_points', 42) "
        "WHERE game = (SELECT id FROM games WHERE name = 'broken')",
    )
    result = statistics(*read(home))
    assert result["games"]["read"] == 3
    assert result["games"]["counted"] == 2
    assert result["games"]["skipped"] == 1
    [problem] = result["games"]["problems"]
    assert problem["game"] == "broken" and "not a multiple of 5" in problem["reason"]


def test_a_side_known_by_its_name(tmp_path: Path) -> None:
    """Sides named without players ("us", "them") are partnerships known by their names; a
    side named with its players is also found by its name."""
    store_game(
        tmp_path,
        "one",
        "2026-01-10T20:00:00",
        ("us: Ann & Bob", "them"),
        [{"side": [dict(s, name=n) for s, n in zip(ONE[0]["side"], ("us", "them"), strict=True)]}],
    )
    games, _ = read(tmp_path)
    result = statistics(games, [], Filters(side="THEM"))
    assert [(t["name"], t["hands"], t["points"]) for t in result["sides"]] == [("them", 1, 365)]
    assert result["players"] == []
    ours = statistics(games, [], Filters(side="us"))
    assert [t["name"] for t in ours["sides"]] == ["Ann & Bob"]


def test_a_game_without_a_date_is_dated_by_its_last_change(tmp_path: Path) -> None:
    store_game(tmp_path, "undated", "", ("Ann & Bob", "Cy & Di"), ONE[:1])
    change_stored(tmp_path, "UPDATE games SET changed = '2025-06-15T12:00:00'")
    games, _ = read(tmp_path)
    assert games[0].day == "2025-06-15"
    assert statistics(games, [], Filters(since=date(2025, 7, 1)))["games"]["counted"] == 0


def test_cached_facts_are_used_and_never_stale(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read(home)  # fills the cache
    import canasta_score.games.game

    def no_replay(*_: object) -> None:
        raise AssertionError("scored again although the cache matches")

    monkeypatch.setattr(canasta_score.games.game, "replay", no_replay)
    assert statistics(*read(home))["games"]["counted"] == 2
    monkeypatch.undo()
    # The file changes (game one loses its second hand): its facts are worked out again.
    change_stored(
        home,
        "DELETE FROM hands WHERE number = 2 AND game = (SELECT id FROM games WHERE name = 'one')",
    )
    pair = figures(statistics(*read(home)), "sides")["Ann & Bob"]
    assert (pair["hands"], pair["finished"], pair["points"]) == (1, 0, 1100)


def test_a_new_program_does_not_trust_the_cache(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read(home)
    import canasta_score.games.store

    monkeypatch.setattr(canasta_score.games.store, "program_stamp", lambda: "another program")
    import canasta_score.games.stats

    scored: list[str] = []
    real_facts = canasta_score.games.stats.game_facts

    def counting_facts(log: Any) -> GameFacts:
        scored.append(log.game.name)
        return real_facts(log)

    monkeypatch.setattr(canasta_score.games.stats, "game_facts", counting_facts)
    read(home)
    assert sorted(scored) == ["one", "two"]


def test_points_lost_sort_the_breakdown_rules() -> None:
    """Cards in hand (with black threes left in hand), incomplete melds (Modern American 6.3),
    red threes counted against (RULES 2.6 sign, and left in hand)."""
    items = [
        ("modern-american.scoring.cards-in-hand", -65),
        ("modern-american.threes.black-in-hand", -100),
        ("modern-american.penalties.incomplete-sevens", -2500),
        ("modern-american.penalties.short-sequence", -200),
        ("modern-american.threes.red-values", 300),
        ("modern-american.threes.red-values", -400),
        ("modern-american.threes.red-in-hand", -500),
        ("modern-american.go-out.bonus", 100),
    ]
    assert lost_points("modern-american.", items) == (165, 2700, 900)


def test_stats_command_text_json_and_bad_options(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from canasta_score.cli import app

    monkeypatch.setenv("CANASTA_SCORE_HOME", str(home))
    runner = CliRunner()
    done = runner.invoke(app, ["stats"])
    assert done.exit_code == 0, done.output
    assert done.output.startswith("2 games counted of 2 read.")
    ann = next(line for line in done.output.splitlines() if line.startswith("Ann "))
    assert ann.split()[:8] == ["Ann", "2", "2", "1", "50%", "3", "416.7", "+1,100"]
    data = json.loads(runner.invoke(app, ["stats", "--json", "--since", "2026-02-01"]).stdout)
    assert data["games"]["names"] == ["two"]
    vs = runner.invoke(app, ["stats", "--vs", "Ann & Bob", "Cy & Di"])
    assert vs.output.splitlines()[0] == (
        "Ann & Bob against Cy & Di: 1 game, 1 finished: Ann & Bob won 1, Cy & Di won 0."
    )
    bad = runner.invoke(app, ["stats", "--since", "last week"])
    assert bad.exit_code != 0
    for args, message in (
        (["stats", "--since", "last week"], "--since last week: give a date as YYYY-MM-DD"),
        (["stats", "--vs", "Ann", "ANN"], "name two different players or partnerships"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "canasta_score", *args],
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "CANASTA_SCORE_HOME": str(home)},
        )
        assert done.returncode == 2 and message in done.stderr
        assert done.stderr.startswith("Error: ") and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("counted", "read", "english", "korean"),
    [
        (1, 1, "1 game counted of 1 read.", "읽은 게임 1개 중 1개 집계."),
        (3, 1_200, "3 games counted of 1,200 read.", "읽은 게임 1,200개 중 3개 집계."),
    ],
)
def test_games_counted_are_said_in_the_singular_or_the_plural(
    counted: int, read: int, english: str, korean: str
) -> None:
    """Issue 21, item 18: "1 game", "3 games" (never "game(s)"); Korean has one form, and
    numbers have thousands separators."""
    from canasta_score.cli.stats import render
    from canasta_score.core.language import KOREAN, speaking

    result = {"games": {"counted": counted, "read": read, "problems": []}}
    result |= {"players": [], "sides": []}
    assert render(result).splitlines()[0] == english
    with speaking(KOREAN):
        assert render(result).splitlines()[0] == korean


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_a_game_imported_again_is_refused_and_counted_once(cli: Cli, fmt: str) -> None:
    """Issue 21, item 9: a game keeps its identity (uid) through export and import; importing
    it into the folder that holds it is refused under any name, so stats counts 1 game."""
    assert cli("new", "friday", "--side", "Eve & Fay", "--side", "Gil & Hal").code == 0
    assert cli("hand", "Eve & Fay: 300 melded, 1 natural, out", "Gil & Hal: 95 melded").code == 0
    assert cli("export", "--format", fmt, "-o", f"friday.{fmt}").code == 0
    uid = cli("export", "--format", "json").json()["uid"]
    assert len(uid) == 32 and int(uid, 16) >= 0
    refused = cli("import", f"friday.{fmt}", "--name", f"friday-{fmt}")
    assert refused.code == 2
    assert 'already here, as game "friday"' in refused.err and "use friday" in refused.err
    names = [g["name"] for g in cli("games", "--json").json()["games"]]
    assert "friday" in names and f"friday-{fmt}" not in names
    counted = cli("stats", "--json", "--side", "Eve & Fay").json()["games"]
    assert counted["names"] == ["friday"]


def test_a_log_of_an_earlier_version_without_uid_is_known_by_its_start(cli: Cli) -> None:
    """Issue 21, item 9: a log exported before logs held the game's identity is the same game
    when it started at the same moment with the same sides and first dealer."""
    import json

    assert cli("new", "friday", "--side", "Ann & Bob", "--side", "Cy & Di").code == 0
    log = cli("export", "--format", "json").json()
    del log["uid"]
    refused = cli("import", "-", "--name", "again", stdin=json.dumps(log))
    assert refused.code == 2 and 'already here, as game "friday"' in refused.err
    log["created"] = "2020-01-01T20:00:00"
    assert cli("import", "-", "--name", "another", stdin=json.dumps(log)).code == 0


def test_copies_of_one_game_kept_before_count_once(home: Path) -> None:
    """Issue 21, item 9: a folder may already hold copies of one game, imported before the
    same game was refused: game "one" again as "one-copy" (the same start, sides and players)
    counts once, so Ann still has 2 games (one and two), not 3."""
    store_game(home, "one-copy", "2026-01-10T20:00:00", ("Ann & Bob", "Cy & Di"), ONE)
    result = statistics(*read(home))
    assert result["games"]["counted"] == 2 and result["games"]["read"] == 3
    assert figures(result, "players")["Ann"]["games"] == 2
    assert head_to_head(read(home)[0], "Ann & Bob", "Cy & Di")["games"] == 1


def test_two_games_started_in_the_same_second_by_the_same_players_count_twice(home: Path) -> None:
    """Each game once, and every game: a second game of Ann & Bob against Cy & Di started in
    the same second as "one" but with a first hand of its own (TWO's, under these sides) is
    another game, so Ann has 3 games; a copy of "one" without hands still counts once."""
    again = [
        {
            "side": [
                {**s, "name": n} for s, n in zip(h["side"], ("Ann & Bob", "Cy & Di"), strict=True)
            ]
        }
        for h in TWO
    ]
    store_game(home, "rematch", "2026-01-10T20:00:00", ("Ann & Bob", "Cy & Di"), again)
    store_game(home, "one-empty", "2026-01-10T20:00:00", ("Ann & Bob", "Cy & Di"), [])
    result = statistics(*read(home))
    assert result["games"]["counted"] == 3 and result["games"]["read"] == 4
    assert figures(result, "players")["Ann"]["games"] == 3
    assert head_to_head(read(home)[0], "Ann & Bob", "Cy & Di")["games"] == 2


def test_head_to_head_with_html_is_refused_rather_than_left_unwritten(
    cli: Cli, home: Path, tmp_path: Path
) -> None:
    """docs/stats.md: `stats --html FILE` writes the statistics as a page; the head to head
    (`--vs`) has no page. Given both, the command says so and exits 2 (before, it printed the
    head to head, exited 0 and wrote nothing, so the file asked for was silently missing)."""
    page = tmp_path / "vs.html"
    run = cli("stats", "--vs", "Ann", "Cy", "--html", str(page))
    assert run.code == 2 and "--vs" in run.err and "--html" in run.err
    assert not page.exists()


@pytest.mark.parametrize("text", ["2026-12-02xyz", "2026-12-0212", "2026-12-02 banana"])
def test_a_date_with_more_after_it_is_refused_not_cut_short(text: str) -> None:
    """docs/stats.md: --since and --until take dates as YYYY-MM-DD (or a full ISO date and
    time); a date followed by anything else is a mistyped date, refused, never read as its
    first ten characters (2026-12-0212 is not 2 December)."""
    from canasta_score.core.errors import InputError
    from canasta_score.games.stats import parse_day

    with pytest.raises(InputError, match="give a date as YYYY-MM-DD"):
        parse_day(text, "--since")
    assert parse_day("2026-12-02", "--since") == date(2026, 12, 2)
    assert parse_day(" 2026-12-02T23:30:00 ", "--until") == date(2026, 12, 2)
