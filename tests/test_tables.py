"""The terminal's plain tables: written directly, the same text as tabulate's "simple" format."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from canasta_score.cli.tables import simple
from canasta_score.cli.tables import table as display_table

ascii_cell = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=8)
# Control characters are left out: tabulate itself keeps "\x01" as a mark of its own and
# cannot lay out a cell that holds only it.
any_cell = st.text(alphabet=st.characters(exclude_categories=("Cc", "Cs")), max_size=6)


@st.composite
def tables(
    draw: st.DrawFn, cell: st.SearchStrategy[str]
) -> tuple[list[list[str]], list[str], list[str]]:
    width = draw(st.integers(1, 5))
    head = draw(st.lists(cell, min_size=width, max_size=width))
    align = draw(st.lists(st.sampled_from(["left", "right"]), min_size=width, max_size=width))
    rows = draw(st.lists(st.lists(cell, min_size=width, max_size=width), max_size=6))
    return rows, head, align


@settings(max_examples=400)
@given(tables(ascii_cell))
def test_an_ascii_table_is_laid_out_as_tabulate_lays_it_out(
    table: tuple[list[list[str]], list[str], list[str]],
) -> None:
    rows, head, align = table
    # A table of no rows has nothing to align (and tabulate 0.9 cannot align it).
    aligned = {"colalign": align} if rows else {}
    assert simple(rows, head, align) == tabulate(
        rows, headers=head, disable_numparse=True, **aligned
    )


@given(tables(any_cell))
def test_any_other_table_is_left_to_tabulate_measuring_display_width(
    table: tuple[list[list[str]], list[str], list[str]],
) -> None:
    rows, head, align = table
    assert simple(rows, head, align) == display_table(
        rows, head, disable_numparse=True, colalign=align
    )


def test_hangul_takes_two_columns() -> None:
    """A side named in Hangul (two columns a syllable) lines up with an ASCII one."""
    text = simple([["1", "김"], ["2", "Ann"]], ["hand", "dealer"], ["right", "left"])
    assert text.splitlines() == [
        "  hand  dealer",
        "------  --------",
        "     1  김",
        "     2  Ann",
    ]


def test_a_score_sheet_lines_up_its_columns() -> None:
    """Right-aligned numbers, left-aligned names, a heading at least two spaces wider."""
    text = simple(
        [["1", "Ann", "+50 *"], ["10", "Bob", "-5"]],
        ["hand", "dealer", "A"],
        ["right", "left", "right"],
    )
    assert text.splitlines() == [
        "  hand  dealer        A",
        "------  --------  -----",
        "     1  Ann       +50 *",
        "    10  Bob          -5",
    ]
