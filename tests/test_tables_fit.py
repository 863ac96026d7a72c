"""Every table fits the terminal (issue 21, item 7): at 40, 80 and 120 columns no line of
status, history, games or stats is wider than the terminal, Hangul names (two columns a
syllable) included. A table too wide first wraps its headings, then leaves out the columns it
can spare, then wraps its text cells, and last shows one record per block."""

from __future__ import annotations

import pytest
from helpers import Cli

from canasta_score.cli.tables import fitted
from canasta_score.output.widths import width as columns

WIDTHS = (40, 80, 120)


def evening(cli: Cli) -> None:
    """A Modern American game (whose standings say what the initial meld also requires) of
    two hands between 철수 & 영희 and Cy & Di, and a Classic game of one hand."""
    sides = ("--side", "철수 & 영희", "--side", "Cy & Di")
    made = cli("new", "저녁", "--ruleset", "modern-american", *sides)
    assert made.code == 0, made.err
    hands = (
        ("철수 & 영희: 300 melded, 1 natural, 1 mixed, out 철수", "Cy & Di: 130 melded, 40 left"),
        ("철수 & 영희: 200 melded, 30 left", "Cy & Di: 300 melded, 1 natural, 1 mixed, concealed"),
    )
    for hand in hands:
        done = cli("hand", *hand)
        assert done.code == 0, done.err
    assert cli("new", "friday", "--side", "Ann & Bob", "--side", "Cy & Di").code == 0
    assert cli("hand", "Ann & Bob: 300 melded, 1 natural, out", "Cy & Di: 95 melded").code == 0
    assert cli("use", "저녁").code == 0


def widest(text: str) -> int:
    return max(columns(line) for line in text.splitlines())


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    "command", [("status",), ("history",), ("games",), ("stats",), ("stats", "--vs", "철수", "Cy")]
)
def test_every_table_fits_the_terminal(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, width: int, command: tuple[str, ...]
) -> None:
    evening(cli)
    monkeypatch.setenv("COLUMNS", str(width))
    done = cli(*command)
    assert done.code == 0, done.err
    assert widest(done.out) <= width, done.out
    assert "철수 & 영희" in done.out or "철수" in done.out


def test_at_120_columns_the_tables_keep_their_rows() -> None:
    """A table that fits is laid out as before, one line a row."""
    rows = [["1", "Ann", "+1,240 *"], ["2", "철수", "+225"]]
    text = fitted(rows, ["hand", "dealer", "us"], ["right", "left", "right"], 120)
    assert text.splitlines() == [
        "  hand  dealer          us",
        "------  --------  --------",
        "     1  Ann       +1,240 *",
        "     2  철수          +225",
    ]


def test_headings_wrap_first_then_spare_columns_go_then_cells_wrap() -> None:
    """Worked by hand: "scores" is 25 columns wide, "leader" 9, "hands" 5: 25 + 2 + 5 + 2 + 9
    = 43 columns. At 38 the optional leader goes (25 + 2 + 5 = 32); at 20 the scores wrap to
    20 - 2 - 5 = 13 columns ("Ann & Bob 900," is 14, so "Ann & Bob" then "900, Cy & Di"
    is 12, then "95")."""
    rows = [["Ann & Bob 900, Cy & Di 95", "1", "Ann & Bob"]]
    head, align = ["scores", "hands", "leader"], ["left", "right", "left"]
    assert fitted(rows, head, align, 38, optional=(2,)).splitlines() == [
        "scores                     hands",
        "-------------------------  -----",
        "Ann & Bob 900, Cy & Di 95      1",
    ]
    assert fitted(rows, head, align, 20, optional=(2,)).splitlines() == [
        "scores         hands",
        "-------------  -----",
        "Ann & Bob          1",
        "900, Cy & Di",
        "95",
    ]


def test_one_record_per_block_when_nothing_else_fits() -> None:
    """Nine number columns cannot share 40 columns: each row becomes a block of "heading:
    value" lines, a column without a heading (the current game's "*") leading the first."""
    head = ["", "game", *(f"figure {n}" for n in range(1, 8))]
    rows = [["*", "저녁", *(f"{n},000" for n in range(1, 8))], ["", "b", *("1",) * 7]]
    text = fitted(rows, head, ["left", "left", *("right",) * 7], 40)
    blocks = text.split("\n\n")
    assert blocks[0].splitlines()[:2] == ["* game: 저녁", "figure 1: 1,000"]
    assert blocks[1].splitlines()[0] == "game: b" and len(blocks[1].splitlines()) == 8
    assert widest(text) <= 40


@pytest.mark.parametrize("width", WIDTHS)
def test_the_questions_header_fits_the_terminal(
    monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    """The questions of a hand start with a sentence of 155 columns for this game name: it is
    wrapped to the terminal."""
    import io

    from canasta_score.cli.asking import Dialogue, Left
    from canasta_score.games.game import new_game, parse_side
    from canasta_score.rules.catalog import load_ruleset

    name = "a-rather-long-game-name-for-the-evening"
    rs = load_ruleset("classic")
    game = new_game(name, "", rs, [parse_side("철수 & 영희"), parse_side("Cy & Di")])
    monkeypatch.setenv("COLUMNS", str(width))
    shown = io.StringIO()
    with pytest.raises(Left):
        Dialogue(inp=io.StringIO("q\n"), out=shown).hand(game, rs, 1, (0, 0))
    header = shown.getvalue().split("\n  who went out")[0]
    assert " ".join(header.split()).startswith(f"Hand 1 of {name}, dealt by 철수.")
    assert widest(header) <= width
