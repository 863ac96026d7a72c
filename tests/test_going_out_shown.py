"""How a hand ended, shown everywhere the hand is (issue 21, item 8): a concealed going out is
marked on status, history, CSV, Markdown and HTML; who of the side went out may be written down
(``out Ann`` in the quick form, ``went_out_player`` in the hand record), is shown beside the
side and is counted per player by stats."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from helpers import Cli

# Hand 1: Ann & Bob go out concealed, Ann laying the cards; hand 2: Cy & Di go out, nobody
# wrote down who. (RULES 2.6/2.7: a concealed going out needs a canasta, here one natural.)
HAND_1 = ("Ann & Bob: 300 melded, 1 natural, concealed Ann", "Cy & Di: 95 melded")
HAND_2 = ("Ann & Bob: 95 melded", "Cy & Di: 300 melded, 1 natural, out")


def play(cli: Cli) -> None:
    assert cli("new", "friday", "--side", "Ann & Bob", "--side", "Cy & Di").code == 0
    for hand in (HAND_1, HAND_2):
        done = cli("hand", *hand)
        assert done.code == 0, done.err


def test_the_quick_form_out_ann_is_kept_in_the_record(cli: Cli) -> None:
    play(cli)
    log = cli("export", "--format", "json").json()
    first = log["hands"][0]
    ann_bob = first["record"]["side"][0]
    assert (ann_bob["went_out"], ann_bob["concealed"], ann_bob["went_out_player"]) == (
        True,
        True,
        "Ann",
    )
    assert (first["went_out"], first["concealed"], first["went_out_player"]) == (
        "Ann & Bob",
        True,
        "Ann",
    )
    second = log["hands"][1]
    assert (second["went_out"], second["concealed"], second["went_out_player"]) == (
        "Cy & Di",
        False,
        None,
    )


def test_status_marks_a_concealed_going_out_apart(cli: Cli) -> None:
    play(cli)
    out = cli("status").out
    """RULES 2.6/2.7 (Classic): hand 1 Ann & Bob 300 melded + 500 natural canasta + 200
    going out concealed = 1,000, Cy & Di 95; hand 2 Cy & Di 300 + 500 + 100 going out = 900,
    Ann & Bob 95."""
    rows = [line.split() for line in out.splitlines() if line.strip()[:2] in ("1 ", "2 ")]
    assert rows == [
        ["1", "Ann", "+1,000", "**", "1,000", "+95", "95"],
        ["2", "Cy", "+95", "1,095", "+900", "*", "995"],
    ]
    assert "(* went out, ** went out concealed)" in out


def test_history_names_the_player_and_how_beside_the_side(cli: Cli) -> None:
    play(cli)
    out = cli("history").out
    assert "Ann & Bob (Ann, concealed)" in out
    hand_2 = next(line for line in out.splitlines() if line.lstrip().startswith("2 "))
    assert "Cy & Di" in hand_2 and "concealed" not in hand_2
    data = cli("history", "--json").json()["hands"]
    assert [(h["concealed"], h["went_out_player"]) for h in data] == [(True, "Ann"), (False, None)]


def test_csv_markdown_and_html_mark_the_concealed_going_out(cli: Cli) -> None:
    play(cli)
    rows = list(csv.DictReader(io.StringIO(cli("export", "--format", "csv").out)))
    assert [(r["went out"], r["concealed"], r["player out"]) for r in rows] == [
        ("Ann & Bob", "1", "Ann"),
        ("Cy & Di", "0", ""),
    ]
    markdown = cli("export", "--format", "md").out
    assert "(out concealed), Ann |" in markdown
    sheet = [line for line in markdown.splitlines() if line.startswith("| 2 |")]
    assert "(out) |" in sheet[0] and "concealed" not in sheet[0]
    html = cli("export", "--format", "html").out
    assert "<td>Ann &amp; Bob (Ann, concealed)</td>" in html
    assert "<td>Cy &amp; Di</td>" in html


def test_stats_counts_each_players_own_going_out(cli: Cli) -> None:
    """Ann went out once (hand 1); Bob never; Cy and Di's side went out once, by nobody
    written down."""
    play(cli)
    players = {t["name"]: t for t in cli("stats", "--json").json()["players"]}
    assert {n: t["went_out_self"] for n, t in players.items()} == {
        "Ann": 1,
        "Bob": 0,
        "Cy": 0,
        "Di": 0,
    }
    assert [players[n]["went_out"] for n in ("Ann", "Bob", "Cy", "Di")] == [1, 1, 1, 1]
    assert "out (self)" in cli("stats").out


def test_a_player_out_who_is_not_of_the_side_is_refused(cli: Cli) -> None:
    assert cli("new", "friday", "--side", "Ann & Bob", "--side", "Cy & Di").code == 0
    done = cli("hand", "Ann & Bob: 300 melded, 1 natural, out Cy", "Cy & Di: 95 melded")
    assert done.code == 2
    assert 'went_out_player "Cy" is not one of Ann, Bob' in done.err
    record = {"side": [{"name": "A", "meld_points": 50, "went_out_player": "Ann"}]}
    from canasta_score.core.errors import RecordError
    from canasta_score.hands.record import parse_record

    try:
        parse_record(json.loads(json.dumps(record)))
    except RecordError as exc:
        assert "went_out_player needs went_out = true" in str(exc)
    else:
        raise AssertionError("went_out_player without went_out was taken")


def test_the_stats_page_counts_each_players_own_going_out(cli: Cli, tmp_path: Path) -> None:
    play(cli)
    assert cli("stats", "--html", "season.html").code == 0
    page = (tmp_path / "season.html").read_text(encoding="utf-8")
    assert '<th class="n">Went out themselves</th>' in page
    ann = page.index("<tr><td>Ann</td>", page.index("Went out themselves"))
    assert page[ann:].startswith(
        '<tr><td>Ann</td><td class="n">1</td><td class="n">1</td><td class="n">1</td>'
    )


def test_a_player_out_in_a_hand_file_counts_however_the_hangul_was_typed(
    cli: Cli, tmp_path: Path
) -> None:
    """A hand file written with 민수 decomposed (as some keyboards save it) names the player
    the game keeps composed: it is taken, and stats counts 민수's own going out (once)."""
    import unicodedata

    assert (
        cli("new", "friday", "--side", "우리: 민수 & 지영", "--side", "그들: 철수 & 영희").code == 0
    )
    player = unicodedata.normalize("NFD", "민수")
    assert player != "민수"
    hand = tmp_path / "hand.toml"
    hand.write_text(
        "[[side]]\n"
        'name = "우리"\nmeld_points = 300\ncanastas = { natural = 1 }\nwent_out = true\n'
        f'went_out_player = "{player}"\n\n'
        '[[side]]\nname = "그들"\nmeld_points = 95\n',
        encoding="utf-8",
    )
    done = cli("hand", "--file", str(hand))
    assert done.code == 0, done.err
    players = {t["name"]: t for t in cli("stats", "--json").json()["players"]}
    assert (players["민수"]["went_out_self"], players["지영"]["went_out_self"]) == (1, 0)
