"""Names are shown without what a terminal would act on: escape sequences and control
characters go, tabs, line ends and every printable character (Hangul included) stay."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from canasta_score.core.safe_text import clean, escape_strings

CONTROLS = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)


def test_escape_sequences_and_controls_are_dropped() -> None:
    assert clean("Ann\x1b[31m & Bob\x1b[0m") == "Ann & Bob"
    assert clean("a\x1b]0;title\x07b") == "ab"
    assert clean("x\x00y\x7fz\x9b2Jw") == "xyzw"
    assert clean("left\u202eright") == "leftright"


def test_tabs_line_ends_and_hangul_stay() -> None:
    assert clean("철수와 영희\t1,500\r\n") == "철수와 영희\t1,500\r\n"
    assert clean("no\u00a0break\u200djoiner") == "no\u00a0break\u200djoiner"
    assert clean("lone\rreturn") == "lonereturn"


@given(st.text())
def test_what_is_left_holds_no_control_and_printable_text_is_unchanged(text: str) -> None:
    shown = clean(text)
    assert not CONTROLS.search(shown)
    assert "\r" not in shown.replace("\r\n", "")
    if text.replace("\n", "").replace("\t", "").isprintable():
        assert shown == text


def test_json_text_keeps_the_data_but_shows_no_raw_control() -> None:
    assert escape_strings('"a\u202eb"') == '"a\\u202eb"'
    assert escape_strings('"한글"') == '"한글"'
