"""Fast start-up: build only the command a command line names.

Typer turns every registered command into a Click command (reading each function's signature and
type hints) before it runs any of them; with many commands that costs more than the command
itself. :func:`only_needed` returns a copy of the app in which only the command named by the
first argument (and, for a group such as ``check``, the subcommand named by the second) is
registered, so only that one is built. Whatever the arguments do not name exactly (``--help``, a
misspelt command) gets the whole app, so help and "No such command" messages are unchanged.
"""

from __future__ import annotations

import copy

import typer
from typer.models import CommandInfo, TyperInfo


def command_name(info: CommandInfo) -> str:
    """The name a registered command is called by (as Typer derives it)."""
    if info.name:
        return info.name
    callback = info.callback
    return callback.__name__.lower().replace("_", "-") if callback else ""


def group_name(info: TyperInfo) -> str:
    name = info.name
    return name if isinstance(name, str) else ""


def _group_marker() -> None:
    """Keeps a one-command copy a group, as the whole app is (it has no options of its own)."""


def only_needed(app: typer.Typer, args: list[str]) -> typer.Typer:
    """``app`` with only the command ``args`` names, or ``app`` itself."""
    if not args:
        return app
    for command in app.registered_commands:
        if command_name(command) == args[0]:
            pruned = copy.copy(app)
            pruned.registered_commands = [command]
            pruned.registered_groups = []
            if not pruned.registered_callback and not app.info.callback:
                pruned.registered_callback = TyperInfo(callback=_group_marker)
            return pruned
    for group in app.registered_groups:
        if group_name(group) == args[0]:
            pruned = copy.copy(app)
            pruned.registered_commands = []
            pruned.registered_groups = [narrowed(group, args[1:])]
            return pruned
    return app


def narrowed(group: TyperInfo, args: list[str]) -> TyperInfo:
    """The group with only the subcommand ``args`` names, or the group itself."""
    sub = group.typer_instance
    if not args or sub is None:
        return group
    for command in sub.registered_commands:
        if command_name(command) == args[0]:
            inner = copy.copy(sub)
            inner.registered_commands = [command]
            inner.registered_groups = []
            outer = copy.copy(group)
            outer.typer_instance = inner
            return outer
    return group
