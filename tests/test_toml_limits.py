"""The limits on a TOML document hold however its numbers and nesting are written (a hand record,
a game file and a ruleset are all read by ``limits.parse_toml``)."""

from __future__ import annotations

import re

import pytest

from canasta_score.core.errors import InputError
from canasta_score.core.limits import MAX_DEPTH, MAX_INT, parse_toml

BEYOND = re.escape(f"a whole number beyond ±{MAX_INT:,} (the limit)")


@pytest.mark.parametrize(
    "text",
    [
        f"a = {MAX_INT + 1}",
        f"a = -{MAX_INT + 1}",
        "a = 9_007_199_254_740_992",
        "a = 0x20000000000000",
        "a = 0o400000000000000000",
        "a = 0b1" + "0" * 53,
        f"[t]\nb = [1, 2, {MAX_INT + 1}]",
    ],
    ids=["decimal", "negative", "underscores", "hex", "octal", "binary", "in-a-list"],
)
def test_a_whole_number_past_the_limit_is_refused_in_every_notation(text: str) -> None:
    """2**53 is one past the limit however TOML writes it: decimal, hex, octal or binary."""
    with pytest.raises(InputError, match=BEYOND):
        parse_toml(text, "record")


def test_the_largest_whole_number_within_the_limit_is_read() -> None:
    """2**53 - 1 itself is within the limit, in decimal and in hex."""
    assert parse_toml(f"a = {MAX_INT}\nb = 0x1FFFFFFFFFFFFF", "record") == {
        "a": MAX_INT,
        "b": MAX_INT,
    }


def test_nesting_made_of_a_table_header_and_inline_values_is_refused() -> None:
    """Tables from a dotted header, then an inline table and a list: past the depth limit."""
    header = ".".join(f"k{i}" for i in range(MAX_DEPTH - 1))
    with pytest.raises(InputError, match=f"nested more than {MAX_DEPTH} levels deep"):
        parse_toml(f"[{header}]\nx = {{ y = [1] }}\n", "record")


def test_a_record_nested_within_the_limit_is_read() -> None:
    """A hand record's usual nesting (sides, lists of melds) is far within the limit."""
    text = '[[side]]\nname = "us"\nmelds = ["K K K"]\n\n[[side]]\nname = "them"\n'
    assert parse_toml(text, "record")["side"][0]["melds"] == ["K K K"]
