"""The Korean catalog: every message the program shows, every help text and every rule text has
a Korean translation with the same placeholders as the English, and the compiled catalog is the
one its source compiles to. JSON output does not change with the language."""

from __future__ import annotations

import io
import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from canasta_score.cli.languages import choose
from canasta_score.core import language
from canasta_score.locale import catalog_path

ROOT = Path(__file__).parent.parent
SOURCE = ROOT / "canasta_score" / "locale" / "ko" / "LC_MESSAGES" / "canasta_score.po"


def placeholders(text: str) -> set[str]:
    """The named fields of a ``str.format`` template (``{points:,}`` names ``points``)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:  # not a template (a literal brace): no fields
        return set()


@pytest.fixture(scope="module")
def extracted() -> list[tuple[str | None, str | tuple[str, ...]]]:
    """Every message of the sources, as Babel extracts it with the project's babel.cfg."""
    with (ROOT / "babel.cfg").open() as stream:
        method_map, options_map = parse_mapping_cfg(stream)
    found = extract_from_dir(
        str(ROOT), method_map, options_map, keywords=DEFAULT_KEYWORDS, strip_comment_tags=True
    )
    return [(context, message) for _, _, message, _, context in found]


@pytest.fixture(scope="module")
def korean() -> object:
    with SOURCE.open("rb") as stream:
        return read_po(stream, locale="ko")


def test_every_message_and_rule_text_has_a_korean_translation_with_the_same_placeholders(
    extracted: list[tuple[str | None, str | tuple[str, ...]]], korean: object
) -> None:
    missing, mismatched = [], []
    for context, message in extracted:
        msgid = message if isinstance(message, str) else message[0]
        entry = korean.get(message if isinstance(message, str) else message[0], context)  # type: ignore[attr-defined]
        if entry is None or not entry.string or entry.fuzzy:
            missing.append((context, msgid))
            continue
        english = [message] if isinstance(message, str) else list(message)
        translated = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        wanted = set().union(*(placeholders(text) for text in english))
        for text in translated:
            if text and placeholders(text) != wanted:
                mismatched.append((context, msgid, text))
    assert missing == [], f"{len(missing)} messages without a Korean translation"
    assert mismatched == []


def test_every_rule_key_and_fixed_rule_is_in_the_catalog_under_its_key(korean: object) -> None:
    from canasta_score.rules import schema
    from canasta_score.rules.ruleset import schema_keys

    keys = [*schema_keys(), *schema.FIXED_RULES]
    contexts = {message.context for message in korean if message.context}  # type: ignore[attr-defined]
    assert [key for key in keys if key not in contexts] == []


def test_the_compiled_catalog_is_the_one_its_source_compiles_to(korean: object) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, korean)  # type: ignore[arg-type]
    assert catalog_path("ko", language.DOMAIN).read_bytes() == compiled.getvalue(), (
        "run: pybabel compile -d canasta_score/locale -D canasta_score"
    )


@pytest.mark.parametrize(
    ("flag", "environ", "expected"),
    [
        ("ko", {"CANASTA_SCORE_LANG": "en", "LC_ALL": "en_US.UTF-8"}, "ko"),
        (None, {"CANASTA_SCORE_LANG": "ko", "LC_ALL": "en_US.UTF-8"}, "ko"),
        (None, {"CANASTA_SCORE_LANG": "en", "LANG": "ko_KR.UTF-8"}, "en"),
        (None, {"LC_ALL": "ko_KR.UTF-8"}, "ko"),
        (None, {"LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_GB.UTF-8"}, "ko"),
        (None, {"LC_ALL": "C", "LANG": "ko_KR.UTF-8"}, "en"),
        (None, {"LANG": "ko_KR.UTF-8"}, "ko"),
        (None, {"LANGUAGE": "ko:en"}, "ko"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {}, "en"),
    ],
)
def test_the_language_is_the_flag_then_the_variable_then_the_locale(
    flag: str | None, environ: dict[str, str], expected: str
) -> None:
    assert choose(flag, environ) == expected


def test_a_language_the_program_does_not_speak_is_refused_by_name() -> None:
    from canasta_score.core.errors import InputError

    with pytest.raises(InputError, match="--lang 'fr'"):
        choose("fr", {})
    with pytest.raises(InputError, match="CANASTA_SCORE_LANG 'de'"):
        choose(None, {"CANASTA_SCORE_LANG": "de"})


def test_the_catalog_holds_no_message_the_sources_no_longer_have(
    extracted: list[tuple[str | None, str | tuple[str, ...]]], korean: object
) -> None:
    """A message the extraction no longer finds (written so Babel cannot read it, say, as a
    variable) would lose its translation at the next update: the catalog must match the code."""
    found = {(context, m if isinstance(m, str) else m[0]) for context, m in extracted}
    kept = {
        (entry.context, entry.id if isinstance(entry.id, str) else entry.id[0])
        for entry in korean  # type: ignore[attr-defined]
        if entry.id
    }
    assert sorted(kept - found, key=str) == []
