"""Choosing the language of a command line (``--lang``, anywhere on it) and speaking it in
the help Click shows."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from typing import Any

from canasta_score.core import language
from canasta_score.core.errors import InputError
from canasta_score.core.language import N_, _

OPTION = "--lang"
# Output for programs: JSON (``--json``, the batch commands) and the JSON and TOML exports. It
# is English whatever the language, so a script reads the same bytes under every locale.
MACHINE_FLAGS = ("--json", "--batch")
MACHINE_FORMATS = ("json", "toml")
HELP_FLAGS = ("--help", "-h")
OUTPUT_FLAGS = ("--output", "-o")
# The environment variables that name the language, in the order they are read: the program's
# own first, then the locale's.
LANGUAGE_VARIABLE = "CANASTA_SCORE_LANG"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
# GNU gettext's list of languages (``ko:en``), read before the locale unless the locale is C.
LANGUAGE_LIST = "LANGUAGE"
# Other names a person gives a language by (``--lang kr``, ``--lang 한국어``).
NAMES = {
    "kr": language.KOREAN,
    "kor": language.KOREAN,
    "korean": language.KOREAN,
    "한국어": language.KOREAN,
    "한글": language.KOREAN,
    "eng": language.ENGLISH,
    "english": language.ENGLISH,
    "영어": language.ENGLISH,
}
# The refusals of a language the program does not speak, said in the language the rest of the
# command line and the environment choose (:func:`settle`).
UNSPOKEN = N_("{name} {given!r} is not a language the program speaks (choose en or ko)")
NO_LANGUAGE = N_("--lang needs a language: ko or en")


def parse_code(value: str) -> str | None:
    """The language a locale name or code means (``ko_KR.UTF-8`` is Korean), or None."""
    head = value.split(":")[0].strip().lower()
    code = head.replace("-", "_").split("_")[0].split(".")[0]
    if code in ("c", "posix"):
        return language.ENGLISH
    return code if code in language.LANGUAGES else None


def choose(
    flag: str | None, environ: Mapping[str, str] | None = None, *, strict: bool = True
) -> str:
    """The language for a command: ``--lang``, else ``CANASTA_SCORE_LANG``, else the first
    language of ``LANGUAGE`` the program speaks (as gettext reads it, unless the locale is
    plain C), else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set), else
    English. A language is named by its code or another name (``kr``, ``한국어``).

    A ``--lang`` or ``CANASTA_SCORE_LANG`` the program does not speak is an error (passed over
    unless ``strict``); a locale it does not speak means English."""
    from unicodedata import normalize

    env = os.environ if environ is None else environ
    for given, name in ((flag, OPTION), (env.get(LANGUAGE_VARIABLE), LANGUAGE_VARIABLE)):
        if given:
            code = normalize("NFC", given).strip().lower()
            code = NAMES.get(code) or parse_code(code) or code
            if code in language.LANGUAGES:
                return code
            if strict:
                raise InputError(_(UNSPOKEN).format(name=name, given=given))
    locale = next((env[name] for name in LOCALE_VARIABLES if env.get(name)), "")
    if locale.strip().upper() not in ("C", "POSIX"):
        for entry in env.get(LANGUAGE_LIST, "").split(":"):
            listed = parse_code(entry) if entry.strip() else None
            if listed is not None:
                return listed
    return parse_code(locale) or language.ENGLISH if locale else language.ENGLISH


# The command whose output is the JSON log unless another --format is given.
EXPORT = "export"


def take_language(args: list[str], strict: bool = True) -> tuple[str | None, list[str]]:
    """The value of ``--lang X`` or ``--lang=X`` (the last one given) and the arguments
    without it; ``--`` ends the options, as it does for Click. A ``--lang`` without a value
    is an error (passed over unless ``strict``)."""
    found: str | None = None
    rest: list[str] = []
    given = iter(args)
    for arg in given:
        if arg == "--":
            rest += [arg, *given]
        elif arg == OPTION:
            found = next(given, None)
            if found is None and strict:
                raise InputError(_(NO_LANGUAGE))
        elif arg.startswith(OPTION + "="):
            found = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    return found, rest


def machine_output(args: list[str]) -> bool:
    """Whether the command line asks for output meant for programs (``export`` without a
    ``--format`` writes the JSON log). A log written to a file (``--output``) leaves the
    terminal to a person: what was written is said in the language in use."""
    formats: list[str] = []
    to_file = False
    options = args[: args.index("--")] if "--" in args else args
    if any(arg in HELP_FLAGS for arg in options):
        return False  # help is read by a person, whatever the command prints otherwise
    for index, arg in enumerate(options):
        if arg in MACHINE_FLAGS or arg.startswith("--batch="):
            return True
        to_file = to_file or arg in OUTPUT_FLAGS or arg.startswith("--output=")
        if arg == "--format":
            formats += [value.lower() for value in args[index + 1 : index + 2]]
        elif arg.startswith("--format="):
            formats.append(arg.removeprefix("--format=").lower())
    if to_file:
        return False
    if formats:
        return formats[-1] in MACHINE_FORMATS
    command = next((arg for arg in args if not arg.startswith("-")), None)
    return command == EXPORT


def settle(args: list[str]) -> list[str]:
    """Choose and use the language of ``args``; return ``args`` without ``--lang``. A language
    refused is refused in the language chosen without it."""
    try:
        flag, rest = take_language(args)
        code = choose(flag)
    except InputError:
        rest = take_language(args, strict=False)[1]
        language.use(language.ENGLISH if machine_output(rest) else choose(None, strict=False))
        flag, rest = take_language(args)
        choose(flag)  # refuses it again, now in that language
        raise
    language.use(language.ENGLISH if machine_output(rest) else code)
    return rest


def help_holders(command: Any, every: bool = False) -> Iterator[tuple[Any, str, str]]:
    """Every help text of a built Click command and of its subcommands built so far (``every``:
    of all its subcommands, building them), as Click holds it: (the command or parameter, the
    attribute, the text)."""
    for name in ("help", "short_help", "epilog"):
        text = getattr(command, name, None)
        if isinstance(text, str) and text:
            yield command, name, text
    for param in getattr(command, "params", ()):
        text = getattr(param, "help", None)
        if isinstance(text, str) and text:
            yield param, "help", text
    subs = getattr(command, "commands", {})
    given = getattr(subs, "given", None)  # a group that builds its commands when named
    for sub in (subs if every or given is None else given).values():
        yield from help_holders(sub, every)


def translate_help(command: Any) -> Any:
    """``command`` (a built Click command) with its help texts, and those of its subcommands, in
    the language in use; the English texts are the catalog's message ids."""
    if language.current() != language.ENGLISH:
        for holder, name, text in list(help_holders(command)):
            setattr(holder, name, language._(text))
    return command


# Click's usage errors as Typer's Click writes them, in English only: each pattern and the
# message that says it in the language in use. A message matching none is shown as Click wrote it.
CLICK_ERRORS = (
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
    (
        r"No such option: (?P<name>\S+) \(Possible options: (?P<close>.+)\)",
        N_("No such option: {name} (Possible options: {close})"),
    ),
    (r"No such command '(?P<name>.*)'\.", N_("No such command '{name}'.")),
    (
        r"No such command '(?P<name>.*)'\. Did you mean (?P<close>.+)\?",
        N_("No such command '{name}'. Did you mean {close}?"),
    ),
    (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
    (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
    (r"Option '(?P<name>.+)' requires an argument\.", N_("Option '{name}' requires an argument.")),
    (
        r"Option '(?P<name>.+)' does not take a value\.",
        N_("Option '{name}' does not take a value."),
    ),
    (
        r"Got unexpected extra argument\(s\) \((?P<name>.*)\)",
        N_("Got unexpected extra argument(s) ({name})"),
    ),
    (
        r"Invalid value for (?P<name>.+): Input should be a valid integer.*",
        N_("Invalid value for {name}: give a whole number"),
    ),
)
TRY_HELP = N_("Try '{command}' for help.")


def show_click_error(error: Any) -> None:
    """Show a usage error of Click's (``error``, whose ``show`` writes it in English) as Click
    does: the usage line, where to find help and ``Error: ...``, in the language in use. One
    that :data:`CLICK_ERRORS` does not know shows itself."""
    import re

    import typer

    message = error.format_message()
    found = None
    if language.current() != language.ENGLISH:
        for pattern, said in CLICK_ERRORS:
            found = re.fullmatch(pattern, message, re.DOTALL)
            if found:
                message = _(said).format(**found.groupdict())
                break
    if found is None:  # English, or a message of Click's own kind (the help it shows)
        error.show()
        return
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            command = f"{ctx.command_path} {ctx.help_option_names[0]}"
            hint = _(TRY_HELP).format(command=command) + "\n"
        typer.echo(f"{ctx.get_usage()}\n{hint}", err=True)
    typer.echo(f"Error: {message}", err=True)  # "Error:" is the contract's, in every language
