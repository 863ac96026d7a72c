"""Babel extraction (``babel.cfg``) of the messages that are not ``_()`` calls: the help of
every command and option, and the rule texts. Each method also extracts the ``_()`` calls of
the file it is given."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

Extracted = Any  # (line, function, message or messages, comments), as Babel wants


def help_texts(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """The file's own messages, then every help text of the whole app."""
    import typer
    from babel.messages.extract import extract_python

    from canasta_score.cli import app
    from canasta_score.cli.languages import help_holders

    yield from extract_python(fileobj, keywords, comment_tags, options)  # type: ignore[arg-type]
    texts = (text for _holder, _name, text in help_holders(typer.main.get_command(app), every=True))
    for text in dict.fromkeys(texts):
        yield 0, "_", text, ["help"]


def rule_texts(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """The file's own messages, then the text of every ruleset key and fixed rule (in the
    context of its key, as ``pgettext`` looks it up) and of every named choice."""
    from babel.messages.extract import extract_python

    from canasta_score.rules import schema
    from canasta_score.rules.ruleset import schema_keys, section_fields, section_types

    yield from extract_python(fileobj, keywords, comment_tags, options)  # type: ignore[arg-type]
    for key in schema_keys():
        section, name = key.split(".", 1)
        text = section_fields(section_types()[section])[name].metadata["text"]
        yield 0, "pgettext", (key, text), ["rule text; {v} is the rule's value"]
    for key, (text, _source) in schema.FIXED_RULES.items():
        yield 0, "pgettext", (key, text), ["rule text"]
    for text in schema.CHOICE_TEXT.values():
        yield 0, "_", text, ["a choice of a ruleset key"]
    for choices in schema.KEY_CHOICE_TEXT.values():
        for text in choices.values():
            yield 0, "_", text, ["a choice of a ruleset key"]
    yield from ruleset_texts()


def ruleset_texts() -> Iterator[Extracted]:
    """The name, descriptions and source notes of every bundled ruleset, and the source notes
    of the fixed rules, shown in the language in use (``rules show``, ``rules explain``)."""
    from canasta_score.rules import schema
    from canasta_score.rules.catalog import bundled_dir, read_toml

    notes: dict[str, str] = {}
    for path in sorted(bundled_dir().glob("*.toml")):
        data = read_toml(path)
        for table in [data, *data.get("by_players", {}).values()]:
            for key in ("name", "description"):
                if isinstance(table.get(key), str):
                    yield 0, "_", table[key], [f"a bundled ruleset's {key} ({path.name})"]
            for note in table.get("sources", {}).values():
                notes.setdefault(str(note), path.name)
    for _text, note in schema.FIXED_RULES.values():
        notes.setdefault(note, "the fixed rules")
    for note, where in notes.items():
        if note:
            yield 0, "_", note, [f"a rule's source note ({where})"]
