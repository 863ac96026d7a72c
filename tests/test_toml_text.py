"""The TOML writer of the game log (output.export.toml_text): TOML basic strings escape what TOML
requires, and the layout is tomli-w's, which game logs have always had and `import` reads back."""

from __future__ import annotations

import tomllib
from typing import Any

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta_score.output.export import toml_key, toml_string, toml_text


def test_basic_strings_escape_quotes_backslashes_and_every_control_but_tab() -> None:
    """TOML 1.0 basic strings: ``"`` and ``\\`` escaped, U+0000-U+001F but tab and U+007F
    (DEL) escaped, short forms for backspace, line feed, form feed and carriage return."""
    text = toml_text({"name": 'a"b\\c\td\x00e\x1ff\x7fg\bh\ni\fj\rk 김 😀 \x9b'})
    assert text == ('name = "a\\"b\\\\c\td\\u0000e\\u001ff\\u007fg\\bh\\ni\\fj\\rk 김 😀 \x9b"\n')
    assert tomllib.loads(text) == {"name": 'a"b\\c\td\x00e\x1ff\x7fg\bh\ni\fj\rk 김 😀 \x9b'}


def test_keys_are_bare_only_when_letters_digits_dash_and_underscore() -> None:
    """A bare key is A-Z a-z 0-9 - _ (TOML 1.0 "Keys"); anything else, or an empty key, is
    quoted."""
    assert toml_text({"go_out-2": 1, "a b": 2, "": 3, "윤": 4}) == (
        'go_out-2 = 1\n"a b" = 2\n"" = 3\n"윤" = 4\n'
    )


def test_none_values_are_left_out() -> None:
    """TOML has no null: a key whose value is None is not written, in tables and inline
    tables alike."""
    data = {"a": None, "b": 1, "c": {"d": None, "e": [{"f": None, "g": 2}]}}
    assert toml_text(data) == "b = 1\n\n[c]\ne = [\n    { g = 2 },\n]\n"


def test_lists_of_tables_are_inline_only_when_each_fits_on_a_line() -> None:
    """Tables in a list are written inline while each fits in a 100-character line (with its
    indent and comma), else as an array of tables ``[[name]]``."""
    short = {"items": [{"rule": "r" * 82}]}  # 4 + len('{ rule = "" }') + 82 + 1 = 100
    long = {"items": [{"rule": "r" * 83}]}
    assert toml_text(short) == 'items = [\n    { rule = "' + "r" * 82 + '" },\n]\n'
    assert toml_text(long) == '[[items]]\nrule = "' + "r" * 83 + '"\n'


def test_the_written_strings_and_keys_kept_are_bounded() -> None:
    """The strings and keys written once and kept for the next hands are a bounded number, so a
    long game or many exports in one process do not grow memory without end."""
    for memo in (toml_string, toml_key):
        maxsize = memo.cache_info().maxsize
        assert maxsize is not None
        assert maxsize <= 4096


def test_an_unknown_value_is_refused() -> None:
    """Only TOML's kinds of values are written (a set, for one, is not)."""
    try:
        toml_text({"a": {1, 2}})
    except TypeError:
        return
    raise AssertionError("a set was written")


LEAVES = st.one_of(
    st.text(max_size=30), st.integers(), st.floats(allow_nan=False), st.booleans(), st.none()
)
DATA = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=30,
)


def without_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_none(v) for v in value]
    return value


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=6), DATA, max_size=5))
def test_the_layout_is_tomli_w_s_and_reads_back(data: dict[str, Any]) -> None:
    """Whatever the data, the text is tomli-w's for the same data without its None values (the
    layout game logs were always written in), and TOML reads it back as that data."""
    kept = without_none(data)
    try:
        expected = tomli_w.dumps(kept)
    except TypeError:  # a None inside a list: neither writes it
        try:
            toml_text(data)
        except TypeError:
            return
        raise AssertionError("a None in a list was written") from None
    assert toml_text(data) == expected
    assert tomllib.loads(toml_text(data)) == kept
