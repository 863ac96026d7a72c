"""Choosing the language of a command line (``--lang``, anywhere on it) and speaking it in
the help Click shows."""

from __future__ import annotations

from typing import Any

from canasta_score import language

OPTION = "--lang"
# Output for programs: JSON (``--json``, the batch commands) and the JSON and TOML exports. It
# is English whatever the language, so a script reads the same bytes under every locale.
MACHINE_FLAGS = ("--json", "--batch")
MACHINE_FORMATS = ("json", "toml")
# The command whose output is the JSON log unless another --format is given.
EXPORT = "export"


def take_language(args: list[str]) -> tuple[str | None, list[str]]:
    """The value of ``--lang X`` or ``--lang=X`` (the last one given) and the arguments
    without it; ``--`` ends the options, as it does for Click."""
    found: str | None = None
    rest: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            rest += args[index:]
            break
        if arg == OPTION:
            if index + 1 >= len(args):
                from canasta_score.errors import InputError

                raise InputError("--lang needs a language: ko or en")
            found = args[index + 1]
            index += 2
            continue
        if arg.startswith(OPTION + "="):
            found = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        index += 1
    return found, rest


def machine_output(args: list[str]) -> bool:
    """Whether the command line asks for output meant for programs (``export`` without a
    ``--format`` writes the JSON log)."""
    formats: list[str] = []
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg in MACHINE_FLAGS or arg.startswith("--batch="):
            return True
        if arg == "--format":
            formats += [value.lower() for value in args[index + 1 : index + 2]]
        elif arg.startswith("--format="):
            formats.append(arg.removeprefix("--format=").lower())
    if formats:
        return formats[-1] in MACHINE_FORMATS
    command = next((arg for arg in args if not arg.startswith("-")), None)
    return command == EXPORT


def settle(args: list[str]) -> list[str]:
    """Choose and use the language of ``args``; return ``args`` without ``--lang``."""
    flag, rest = take_language(args)
    code = language.choose(flag)
    language.use(language.ENGLISH if machine_output(rest) else code)
    return rest


def translate_help(command: Any) -> None:
    """Put the help texts of a built Click command (and of its subcommands) in the language in
    use; the English texts are the catalog's message ids."""
    for name in ("help", "short_help", "epilog"):
        text = getattr(command, name, None)
        if isinstance(text, str) and text:
            setattr(command, name, language._(text))
    for param in getattr(command, "params", ()):
        text = getattr(param, "help", None)
        if isinstance(text, str) and text:
            param.help = language._(text)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)
