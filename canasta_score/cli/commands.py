"""How the commands are built, through Typer's public API only: :class:`Command` (help shows
an argument by its name and an option's value by its metavar, not by a Python type) and
:class:`Commands`, a group that builds a command, and imports its module, only when a command
line names it (Click's documented lazy loading); ``--help`` and "Did you mean" see every name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, MutableMapping
from typing import Any, ClassVar

import typer
from typer.core import TyperCommand, TyperGroup

from canasta_score.core.language import N_, _

# Settings every command and group shares: plain help (no Rich markup), the project's own
# error handling, and -h beside --help. Only the program itself offers shell completion.
SETTINGS: dict[str, Any] = {
    "add_completion": False,
    "rich_markup_mode": None,
    "pretty_exceptions_enable": False,
    "context_settings": {"help_option_names": ["-h", "--help"]},
}

Builder = Callable[[str], Any]  # a command's name -> its Click command


# The words of every help page, said in the language in use when the help is shown.
USAGE = N_("Usage: ")
HELP_OPTION = N_("Show this message and exit.")
ARGUMENTS, OPTIONS, COMMANDS = N_("Arguments"), N_("Options"), N_("Commands")
# The notes Click puts in brackets after an option's help.
REQUIRED, DEFAULT = N_("required"), N_("default: {value}")


def notes_said(text: str) -> str:
    """An option's help with Click's notes (``[default: json; required]``) translated."""
    if not text.endswith("]") or "[" not in text:
        return text
    head, _sep, notes = text[:-1].rpartition("[")
    said = []
    for note in notes.split("; "):
        if note == "required":
            note = _(REQUIRED)
        elif note.startswith("default: "):
            note = _(DEFAULT).format(value=note.removeprefix("default: "))
        said.append(note)
    return f"{head}[{'; '.join(said)}]"


def parameters_help(command: Any, ctx: Any, formatter: Any) -> None:
    """The Arguments and Options sections of a help page."""
    arguments, options = [], []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:
            continue
        if param.param_type_name == "argument":
            name = param.metavar or (param.name or "").upper()
            arguments.append((name, notes_said(record[1])))
        else:
            options.append((record[0], notes_said(record[1])))
    for title, rows in ((ARGUMENTS, arguments), (OPTIONS, options)):
        if rows:
            with formatter.section(_(title)):
                formatter.write_dl(rows)


class Spoken:
    """Help whose usage line, help option and sections speak the language in use."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_(USAGE))

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _(HELP_OPTION)
        return option

    def format_options(self, ctx: Any, formatter: Any) -> None:
        parameters_help(self, ctx, formatter)


class Command(Spoken, TyperCommand):
    """Every command of the program (Typer's ``cls=``)."""


class Group(Spoken, TyperGroup):
    """Every group of the program."""

    def format_options(self, ctx: Any, formatter: Any) -> None:
        super().format_options(ctx, formatter)
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command))
        if rows:
            limit = formatter.width - 6 - max(len(name) for name, _command in rows)
            with formatter.section(_(COMMANDS)):
                formatter.write_dl([(n, c.get_short_help_str(limit)) for n, c in rows])


class Built(MutableMapping[str, Any]):
    """A group's commands: reading a name builds its command once (its help in the language in
    use); iterating gives every name in the order of ``parts``, building nothing."""

    def __init__(self, given: Mapping[str, Any], parts: Mapping[str, Builder]) -> None:
        self.given = dict(given)
        self.parts = parts

    def __getitem__(self, name: str) -> Any:
        if name not in self.given:
            from canasta_score.cli.languages import translate_help

            self.given[name] = translate_help(self.parts[name](name))
        return self.given[name]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*self.parts, *self.given]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*self.parts, *self.given]))

    def __setitem__(self, name: str, command: Any) -> None:
        self.given[name] = command

    def __delitem__(self, name: str) -> None:
        del self.given[name]


class Commands(Group):
    """A group whose commands (``parts``, a subclass says which) are built when first named."""

    parts: ClassVar[Mapping[str, Builder]] = {}

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = Built(self.commands, self.parts)

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)


def one_command(name: str, function: Callable[..., Any]) -> Any:
    """The Click command of ``function``, called ``name``."""
    single = typer.Typer(**SETTINGS)
    single.command(name, cls=Command)(function)
    return typer.main.get_command(single)
